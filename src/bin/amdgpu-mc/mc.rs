//! `amdgpu-mc mc ARGS...` (and the binary run as `llvm-mc`): llvm-mc's command line
//! for AMDGPU, run through the `asm` command's path ([`super::asm::run`]).
//!
//! Options are read as LLVM's cl::opt reads them: one dash or two, a value after `=`
//! or as the next argument (`-I` also joined: `-Idir`), booleans with an optional
//! `=true`/`=false`, one input file (`-` or none: standard input), `--` ending the
//! options. An option llvm-mc has that is not supported here is an error naming it,
//! never ignored.

use super::asm::{self, Job, Llvm};
use amdgpu_mc::Target;

/// The usage text (`-help`).
const USAGE: &str = "\
OVERVIEW: llvm-mc's command line for AMDGPU (amdgpu-mc mc, or amdgpu-mc run as llvm-mc)

USAGE: amdgpu-mc mc [options] <input file>

OPTIONS:
  -arch=<name>                          amdgcn
  -triple=<triple>                      Target triple (amdgcn-amd-amdhsa; objects for HSA only)
  -mcpu=<name>                          Target processor (gfx906, gfx90a, ...)
  -mattr=<+f,-f,...>                    +xnack/-xnack, +sramecc/-sramecc, and features that
                                        change no encoding
  -filetype=<asm|obj|null>              Output: assembly text (default), an ELF object, nothing
  -show-encoding                        Show each instruction's encoding
  -disassemble                          Disassemble byte text (0x02 0x07 ...)
  -o <file>                             Output file (default: standard output)
  -I <dir>                              Directory searched for .include and .incbin files
  --defsym <name>=<value>               Define a symbol before the input
  --amdhsa-code-object-version=<4|5|6>  Code object version
";

/// `-mattr` features whose `+` form changes nothing llvm-mc writes (objects and
/// text checked against llvm-mc-22 for gfx600 to gfx942): code generation,
/// scheduling and hazard-recognizer tuning, memory model and trap handler options.
/// (Their `-` forms can: `-fast-denormal-f32` and `-unaligned-buffer-access` change
/// gfx803 objects; `+tgsplit` changes gfx90a kernel descriptors.)
const NO_EFFECT: &[&str] = &[
    "promote-alloca",
    "load-store-opt",
    "si-scheduler",
    "unaligned-access-mode",
    "unaligned-buffer-access",
    "unaligned-ds-access",
    "unaligned-scratch-access",
    "trap-handler",
    "cumode",
    "precise-memory",
    "dumpcode",
    "DumpCode",
    "enable-ds128",
    "enable-prt-strict-null",
    "enable-flat-scratch",
    "fast-fmaf",
    "fast-denormal-f32",
    "flat-for-global",
    "max-private-element-size-4",
    "max-private-element-size-8",
    "max-private-element-size-16",
    "unsafe-ds-offset-folding",
    "auto-waitcnt-before-barrier",
    "back-off-barrier",
    "wavefrontsize64",
];

/// The parsed command line.
#[derive(Debug, Default)]
struct Args {
    arch: Option<String>,
    triple: Option<String>,
    mcpu: Option<String>,
    mattr: Vec<String>,
    filetype: Option<String>,
    show_encoding: bool,
    disassemble: bool,
    output: Option<String>,
    include_dirs: Vec<String>,
    defsyms: Vec<(String, i64)>,
    co_version: Option<u32>,
    input: Option<String>,
    help: bool,
    version: bool,
}

/// An option's kind.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Flag,
    Value,
}

/// The options, by name (without dashes).
const OPTIONS: &[(&str, Kind)] = &[
    ("arch", Kind::Value),
    ("triple", Kind::Value),
    ("mcpu", Kind::Value),
    ("mattr", Kind::Value),
    ("filetype", Kind::Value),
    ("show-encoding", Kind::Flag),
    ("disassemble", Kind::Flag),
    ("o", Kind::Value),
    ("I", Kind::Value),
    ("defsym", Kind::Value),
    ("amdhsa-code-object-version", Kind::Value),
    ("help", Kind::Flag),
    ("h", Kind::Flag),
    ("version", Kind::Flag),
];

fn err(msg: impl std::fmt::Display) -> String {
    format!("amdgpu-mc: error: {msg}")
}

/// A flag's optional value (`=true`, `=false`, as cl::opt reads them).
fn flag_value(name: &str, v: Option<&str>) -> Result<bool, String> {
    match v {
        None | Some("true" | "TRUE" | "True" | "1") => Ok(true),
        Some("false" | "FALSE" | "False" | "0") => Ok(false),
        Some(v) => Err(err(format!(
            "'{v}' is not a value for the boolean option -{name} (true or false)"
        ))),
    }
}

/// Reads the command line as llvm-mc does.
fn parse(argv: &[String]) -> Result<Args, String> {
    let mut a = Args::default();
    let mut k = 0;
    let mut only_inputs = false;
    while k < argv.len() {
        let arg = &argv[k];
        k += 1;
        let body = match arg.strip_prefix("--").or_else(|| arg.strip_prefix('-')) {
            Some(b) if !only_inputs && !b.is_empty() => b,
            _ if !only_inputs && arg == "--" => {
                only_inputs = true;
                continue;
            }
            _ => {
                if a.input.is_some() {
                    return Err(err(format!(
                        "too many input files ('{}' and '{arg}'): llvm-mc reads one",
                        a.input.as_deref().unwrap_or("")
                    )));
                }
                a.input = Some(arg.clone());
                continue;
            }
        };
        let (name, joined) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (body, None),
        };
        // `-Idir`: the prefix form.
        let (name, joined) = match OPTIONS.iter().any(|(n, _)| *n == name) {
            false if body.starts_with('I') && body.len() > 1 => ("I", Some(&body[1..])),
            _ => (name, joined),
        };
        let Some(&(_, kind)) = OPTIONS.iter().find(|(n, _)| *n == name) else {
            return Err(err(format!(
                "unsupported option '{arg}' (llvm-mc's options supported here: see \
                 amdgpu-mc mc -help)"
            )));
        };
        let value = match kind {
            Kind::Flag => None,
            Kind::Value => Some(match joined {
                Some(v) => v.to_string(),
                None => {
                    let v = argv
                        .get(k)
                        .ok_or_else(|| err(format!("option '{arg}' needs a value")))?;
                    k += 1;
                    v.clone()
                }
            }),
        };
        let v = value.clone().unwrap_or_default();
        match name {
            "arch" => a.arch = Some(v),
            "triple" => a.triple = Some(v),
            "mcpu" => a.mcpu = Some(v),
            "mattr" => a
                .mattr
                .extend(v.split(',').filter(|f| !f.is_empty()).map(String::from)),
            "filetype" => a.filetype = Some(v),
            "o" => a.output = Some(v),
            "I" => a.include_dirs.push(v),
            "defsym" => a.defsyms.push(defsym(&v)?),
            "amdhsa-code-object-version" => {
                a.co_version = Some(
                    v.parse::<u32>()
                        .ok()
                        .filter(|n| (4..=6).contains(n))
                        .ok_or_else(|| {
                            err(format!(
                                "--amdhsa-code-object-version={v}: unsupported code object \
                                 version (4, 5 or 6)"
                            ))
                        })?,
                )
            }
            "show-encoding" => a.show_encoding = flag_value(name, joined)?,
            "disassemble" => a.disassemble = flag_value(name, joined)?,
            "help" | "h" => a.help = flag_value(name, joined)?,
            "version" => a.version = flag_value(name, joined)?,
            _ => unreachable!("every option is handled"),
        }
    }
    Ok(a)
}

/// `--defsym NAME=VALUE`, as llvm-mc reads it (the value an integer: decimal, 0x
/// hex, 0 octal, 0b binary).
fn defsym(s: &str) -> Result<(String, i64), String> {
    let (name, value) = s
        .split_once('=')
        .filter(|(n, v)| !n.is_empty() && !v.is_empty())
        .ok_or_else(|| err(format!("defsym must be of the form: sym=value: {s}")))?;
    let (neg, digits) = match value.strip_prefix('-') {
        Some(d) => (true, d),
        None => (false, value),
    };
    let lower = digits.to_ascii_lowercase();
    let parsed = if let Some(h) = lower.strip_prefix("0x") {
        u64::from_str_radix(h, 16)
    } else if let Some(b) = lower.strip_prefix("0b") {
        u64::from_str_radix(b, 2)
    } else if lower.len() > 1 && lower.starts_with('0') {
        u64::from_str_radix(&lower[1..], 8)
    } else {
        lower.parse::<u64>()
    };
    let v = parsed
        .ok()
        .and_then(|v| match neg {
            true => 0i64.checked_sub_unsigned(v),
            false => i64::try_from(v).ok(),
        })
        .ok_or_else(|| err(format!("value is not an integer: {value}")))?;
    Ok((name.to_string(), v))
}

/// The xnack and sramecc settings of `-mattr`; features that change nothing here
/// pass, any other is an error naming it.
fn features(mattr: &[String]) -> Result<(Option<bool>, Option<bool>), String> {
    let (mut xnack, mut sramecc) = (None, None);
    for f in mattr {
        let (on, name) = match f.split_at_checked(1) {
            Some(("+", n)) => (true, n),
            Some(("-", n)) => (false, n),
            _ => (true, f.as_str()),
        };
        match name {
            "xnack" => xnack = Some(on),
            "sramecc" => sramecc = Some(on),
            n if on && NO_EFFECT.contains(&n) => {}
            _ => {
                return Err(err(format!(
                    "unsupported -mattr feature '{f}': it changes what llvm-mc encodes, \
                     which amdgpu-mc does not model (supported: +/-xnack, +/-sramecc, and \
                     + of features that change no encoding)"
                )))
            }
        }
    }
    Ok((xnack, sramecc))
}

/// Runs `mc` with `argv` (the arguments after the command or program name): the
/// exit status.
pub fn run(argv: &[String]) -> Result<u8, String> {
    let a = parse(argv)?;
    if a.help {
        super::io::write_all(None, &[], USAGE.as_bytes())?;
        return Ok(0);
    }
    if a.version {
        let v = format!(
            "amdgpu-mc {} (llvm-mc's command line for AMDGPU)\n",
            env!("CARGO_PKG_VERSION")
        );
        super::io::write_all(None, &[], v.as_bytes())?;
        return Ok(0);
    }
    // The triple: -triple, else -arch's (an architecture with no operating system).
    if let Some(arch) = a.arch.as_deref().filter(|a| *a != "amdgcn") {
        return Err(err(format!("unsupported -arch={arch} (amdgcn)")));
    }
    let triple = match (&a.triple, &a.arch) {
        (Some(t), _) => t.clone(),
        (None, Some(arch)) => arch.clone(),
        (None, None) => {
            return Err(err(
                "no target: give -triple=amdgcn-amd-amdhsa (or -arch=amdgcn)",
            ))
        }
    };
    let mcpu = a.mcpu.as_deref().ok_or_else(|| {
        err("-mcpu is required (llvm-mc's default, the 'generic' processor, is not supported)")
    })?;
    if mcpu.contains(':') {
        return Err(err(format!(
            "-mcpu={mcpu}: llvm-mc takes a processor name (ignoring a target id); give \
             the features with -mattr (-mattr=+xnack)"
        )));
    }
    let target = Target::from_name(mcpu).map_err(err)?;
    if target.gen.is_r600() {
        return Err(err(format!(
            "-mcpu={mcpu}: R600-family processors are not supported by llvm-mc's command \
             line here (`amdgpu-mc asm` and `disasm` take them)"
        )));
    }
    let (xnack, sramecc) = features(&a.mattr)?;
    match a.filetype.as_deref() {
        None | Some("asm" | "obj" | "null") => {}
        Some(f) => return Err(err(format!("unsupported -filetype={f} (asm, obj or null)"))),
    }
    if a.disassemble && matches!(a.filetype.as_deref(), Some("obj" | "null")) {
        return Err(err(format!(
            "--disassemble with -filetype={} is not supported (its text only)",
            a.filetype.as_deref().unwrap_or("")
        )));
    }
    asm::run(&Job {
        target,
        xnack,
        sramecc,
        filetype: a.filetype.as_deref(),
        triple: Some(&triple),
        disassemble: a.disassemble,
        show_encoding: a.show_encoding,
        // (llvm-mc reports every error.)
        error_limit: None,
        output: a.output.as_deref(),
        input: a.input.as_deref(),
        // (llvm-mc has no such option: the main thread alone, as `asm`'s default.)
        threads: 1,
        llvm: Some(Llvm {
            include_dirs: &a.include_dirs,
            defsyms: &a.defsyms,
            co_version: a.co_version,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn one_dash_or_two_and_values_joined_or_apart() {
        let a = parse(&args(
            "-triple amdgcn-amd-amdhsa --mcpu=gfx906 -mattr=+xnack,-sramecc -Iinc -I other \
             --defsym=A=0x10 -defsym B=-3 -show-encoding=false --disassemble -o out x.s",
        ))
        .unwrap();
        assert_eq!(a.triple.as_deref(), Some("amdgcn-amd-amdhsa"));
        assert_eq!(a.mcpu.as_deref(), Some("gfx906"));
        assert_eq!(a.mattr, ["+xnack", "-sramecc"]);
        assert_eq!(a.include_dirs, ["inc", "other"]);
        assert_eq!(a.defsyms, [("A".into(), 16), ("B".into(), -3)]);
        assert!(!a.show_encoding && a.disassemble);
        assert_eq!(a.output.as_deref(), Some("out"));
        assert_eq!(a.input.as_deref(), Some("x.s"));
        assert_eq!(features(&a.mattr).unwrap(), (Some(true), Some(false)));
    }

    #[test]
    fn unknown_options_and_features_are_named() {
        let e = parse(&args("--foo x.s")).unwrap_err();
        assert!(e.contains("'--foo'"), "{e}");
        let e = features(&["+wavefrontsize32".into()]).unwrap_err();
        assert!(e.contains("'+wavefrontsize32'"), "{e}");
        let e = parse(&args("a.s b.s")).unwrap_err();
        assert!(e.contains("too many input files"), "{e}");
        assert!(defsym("A").is_err() && defsym("A=x").is_err());
    }
}
