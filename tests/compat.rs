//! amdgpu-mc as a drop-in for llvm-mc and llvm-objdump: command lines as llc, ROCm
//! build scripts and the LLVM documentation write them, run with the same inputs
//! against llvm-mc-22 / llvm-objdump-22 and against amdgpu-mc, both through its `mc`
//! and `objdump` commands and through a link named `llvm-mc` / `llvm-objdump` (or
//! `llvm-mc-22` / `llvm-objdump-22`). Each gives the same standard output (bytes),
//! exit status, output files, and the same line and column of the first error on
//! standard error; or the case says why not, next to it.
//!
//! Skipped, with a message, when llvm-mc-22 or llvm-objdump-22 is not installed.

mod common;

use std::ffi::OsStr;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_amdgpu-mc");
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data");
const LLVM_OBJDUMP: &str = "llvm-objdump-22";

/// A file a case reads, made in its directory.
#[derive(Clone, Copy)]
enum Src {
    /// This text.
    Text(&'static str),
    /// A file of tests/data (path under it).
    Data(&'static str),
    /// An object llvm-mc-22 made from a tests/data source (see [`OBJECTS`]).
    Obj(&'static str),
}

/// Which tool a case runs.
#[derive(Clone, Copy, PartialEq)]
enum Tool {
    Mc,
    Objdump,
}

/// One command line.
struct Case {
    tool: Tool,
    /// The arguments after the program name, split at blanks.
    args: &'static str,
    /// Files it reads: (name, contents).
    files: &'static [(&'static str, Src)],
    /// Standard input.
    stdin: &'static str,
    /// Files it writes, compared byte for byte.
    outputs: &'static [&'static str],
    /// Why amdgpu-mc's output differs from the LLVM tool's, and its exit status
    /// (checked instead).
    differs: Option<(&'static str, i32)>,
}

const fn case(tool: Tool, args: &'static str, files: &'static [(&'static str, Src)]) -> Case {
    Case {
        tool,
        args,
        files,
        stdin: "",
        outputs: &[],
        differs: None,
    }
}

impl Case {
    const fn stdin(mut self, s: &'static str) -> Case {
        self.stdin = s;
        self
    }
    const fn writes(mut self, o: &'static [&'static str]) -> Case {
        self.outputs = o;
        self
    }
    const fn differs(mut self, why: &'static str, status: i32) -> Case {
        self.differs = Some((why, status));
        self
    }
}

/// Objects made by llvm-mc-22 -filetype=obj for the llvm-objdump cases: (name,
/// source under tests/data, processor).
const OBJECTS: &[(&str, &str, &str)] = &[
    ("ctl.o", "objcorpus/control-gfx906.s", "gfx906"),
    ("gemm.o", "objcorpus/gemm-gfx90a.s", "gfx90a"),
    ("dot.o", "objcorpus/dot-gfx942.s", "gfx942"),
    ("gemm600.o", "objcorpus/gemm-gfx600.s", "gfx600"),
];

/// Plain code: labels, a branch, sections, data, blank lines.
const SIMPLE: &str = "\
foo:
  s_nop 0
  v_add_f32 v1, v2, v3   ; a comment
  s_cbranch_scc0 foo

.section .rodata
.long 5, -1
.text
  s_endpgm
";

/// What llc writes around code: symbols as literals, attributes, sizes, data with
/// relocations.
const SYMS: &str = "\
\t.text
\t.globl\tkern
\t.p2align\t8
\t.type\tkern,@function
kern:
\ts_getpc_b64 s[0:1]
\ts_add_u32 s0, s0, data@rel32@lo+4
\ts_addc_u32 s1, s1, data@rel32@hi+12
\ts_mov_b32 s2, data@abs32@lo
\ts_branch .Lend
.Lend:
\ts_endpgm
.Lfunc_end0:
\t.size\tkern, .Lfunc_end0-kern

\t.set N, 4*8
\t.data
\t.globl data
data:
\t.long N, 0x10
\t.byte 1, 2, 3
\t.asciz \"hi\"
\t.p2align 3
\t.quad kern
";

/// Errors on lines 2 and 4.
const ERRORS: &str = " s_nop 0\n v_bogus v0\n s_endpgm\n s_mov_b32 s0, s[0:1]\n";

/// Byte text as llvm-mc --disassemble reads it.
const HEX: &str = "\
0x00,0x00,0x80,0xbf
0x02,0x07,0x02,0x02 # v_add_f32
[0x01 0x00 0x80 0xbf]
0x81,0x00,0x80,0xbe
0x00,0x00,0x50,0xe0,0x00,0x01,0x00,0x80
";

/// An include from an -I directory, a symbol from --defsym, bytes from .incbin.
const MAIN: &str = ".include \"part.s\"\n s_mov_b32 s0, FOO\n.incbin \"blob.bin\"\n s_endpgm\n";
const INCLUDES: &[(&str, Src)] = &[
    ("main.s", Src::Text(MAIN)),
    ("inc/part.s", Src::Text(" s_nop 1\n")),
    ("inc/blob.bin", Src::Text("\x01\x02\x03\x04")),
];

const CONTROL: &[(&str, Src)] = &[("x.s", Src::Data("objcorpus/control-gfx906.s"))];
const SIMPLE_S: &[(&str, Src)] = &[("x.s", Src::Text(SIMPLE))];
const SYMS_S: &[(&str, Src)] = &[("syms.s", Src::Text(SYMS))];
const ERRORS_S: &[(&str, Src)] = &[("err.s", Src::Text(ERRORS))];
const HEX_T: &[(&str, Src)] = &[("h.txt", Src::Text(HEX))];
const CTL: &[(&str, Src)] = &[("ctl.o", Src::Obj("ctl.o"))];
const SYMS_O: &[(&str, Src)] = &[("syms.o", Src::Obj("syms.o"))];

use Tool::{Mc, Objdump};

fn cases() -> Vec<Case> {
    vec![
        // llc -filetype=asm | llvm-mc -filetype=obj, as build scripts run it.
        case(Mc, "-triple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj -o x.o x.s", CONTROL)
            .writes(&["x.o"]),
        // The LLVM MC tests' way: encodings of what standard input has.
        case(Mc, "-arch=amdgcn -mcpu=gfx900 -show-encoding", &[]).stdin(SIMPLE),
        case(Mc, "--disassemble -triple=amdgcn -mcpu=gfx90a", &[]).stdin(HEX),
        case(Mc, "-triple=amdgcn-amd-amdhsa -mcpu=gfx906 x.s", SIMPLE_S),
        case(Mc, "-triple=amdgcn-amd-amdhsa -mcpu=gfx906 syms.s", SYMS_S),
        case(Mc, "-triple=amdgcn-amd-amdhsa -mcpu=gfx906 -show-encoding syms.s", SYMS_S),
        case(Mc, "-triple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=obj -o syms.o syms.s", SYMS_S)
            .writes(&["syms.o"]),
        case(
            Mc,
            "--triple=amdgcn-amd-amdhsa --mcpu=gfx90a -mattr=+xnack,-sramecc -filetype=obj -o k.o k.s",
            &[("k.s", Src::Data("objcorpus/control-gfx90a-xnack-on-sramecc-off.s"))],
        )
        .writes(&["k.o"]),
        case(
            Mc,
            "-triple amdgcn-amd-amdhsa -mcpu gfx942 -mattr=-xnack -mattr=+sramecc -filetype obj -o k.o k.s",
            &[("k.s", Src::Data("objcorpus/control-gfx942-xnack-off-sramecc-on.s"))],
        )
        .writes(&["k.o"]),
        // Features that change nothing llvm-mc writes are taken.
        case(
            Mc,
            "-triple=amdgcn-amd-amdhsa -mcpu=gfx90a -mattr=+xnack,+cumode,+trap-handler,+promote-alloca -filetype=obj -o g.o g.s",
            &[("g.s", Src::Data("objcorpus/gemm-gfx90a.s"))],
        )
        .writes(&["g.o"]),
        case(
            Mc,
            "-triple=amdgcn-amd-amdhsa -mcpu=gfx906 --amdhsa-code-object-version=5 -filetype=obj -o v5.o x.s",
            SIMPLE_S,
        )
        .writes(&["v5.o"]),
        case(
            Mc,
            "-triple=amdgcn-amd-amdhsa -mcpu=gfx906 -amdhsa-code-object-version=4 -filetype=obj -o v4.o syms.s",
            SYMS_S,
        )
        .writes(&["v4.o"]),
        case(Mc, "-triple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=null x.s", CONTROL),
        case(Mc, "-triple=amdgcn-amd-amdhsa -mcpu=gfx906 -filetype=null err.s", ERRORS_S),
        case(Mc, "-arch=amdgcn -mcpu=gfx906 -show-encoding err.s", ERRORS_S),
        case(Mc, "-arch=amdgcn -mcpu=gfx906 -o out.s err.s", ERRORS_S).writes(&["out.s"]),
        case(Mc, "-triple=amdgcn-amd-amdhsa -mcpu=gfx906 --defsym FOO=5 -I inc main.s", INCLUDES),
        case(
            Mc,
            "-triple=amdgcn-amd-amdhsa -mcpu=gfx906 --defsym=FOO=0x10 -Iinc -filetype=obj -o m.o main.s",
            INCLUDES,
        )
        .writes(&["m.o"]),
        case(Mc, "-triple=amdgcn-amd-amdhsa -mcpu=gfx906 -o out.s x.s", SIMPLE_S).writes(&["out.s"]),
        case(Mc, "-triple=amdgcn-amd-amdhsa -mcpu=gfx90a -filetype=obj -o y.o -", &[])
            .stdin(SIMPLE)
            .writes(&["y.o"]),
        // The object on standard output.
        case(Mc, "-triple=amdgcn-amd-amdhsa -mcpu=gfx908 -filetype=obj x.s", SIMPLE_S),
        case(Mc, "--disassemble -show-encoding -triple=amdgcn -mcpu=gfx906 h.txt", HEX_T),
        case(Mc, "-disassemble -triple=amdgcn-amd-amdhsa -mcpu=gfx942 -o dis.s h.txt", HEX_T)
            .writes(&["dis.s"]),
        case(Mc, "--show-encoding=false -arch amdgcn -mcpu gfx906 x.s", SIMPLE_S),
        case(
            Mc,
            "-triple=amdgcn-amd-amdhsa -mcpu=gfx906 dot.s",
            &[("dot.s", Src::Data("objcorpus/dot-gfx906.s"))],
        )
        .differs(
            "llvm-mc prints the .amdhsa_kernel block with every field and the metadata \
             re-emitted; the listing leaves both out (a note on stderr says so); all \
             other lines are equal",
            0,
        ),
        case(Mc, "--disassemble -triple=amdgcn -mcpu=gfx90a bad.txt", &[(
            "bad.txt",
            Src::Text("0x00,0x00,0x80,0xbf\n0xff 0xff\n"),
        )])
        .differs(
            "bytes that do not decode: llvm-mc warns on stderr and prints nothing; \
             amdgpu-mc prints them as .byte data with the reason in a comment",
            0,
        ),
        case(Mc, "-arch=amdgcn -mcpu=gfx906 -filetype=obj -o a.o x.s", SIMPLE_S).differs(
            "an object for no operating system (llvm-mc writes one without the HSA \
             ABI): amdgpu-mc writes amdgcn-amd-amdhsa objects only, and says so",
            1,
        ),
        // llvm-objdump.
        case(Objdump, "-d --mcpu=gfx906 ctl.o", CTL),
        case(Objdump, "-d --no-show-raw-insn ctl.o", CTL),
        case(Objdump, "-d --disassemble-symbols=branchy ctl.o", CTL),
        case(Objdump, "--disassemble-symbols=poly,nosuch ctl.o", CTL),
        case(Objdump, "-r syms.o", SYMS_O),
        case(Objdump, "-h ctl.o", CTL),
        case(Objdump, "-t ctl.o", CTL),
        case(Objdump, "-d -r ctl.o", CTL),
        case(Objdump, "-dr --no-leading-addr syms.o", SYMS_O),
        case(
            Objdump,
            "-h -t tiny-gfx906.hsaco",
            &[("tiny-gfx906.hsaco", Src::Data("tiny-gfx906.hsaco"))],
        ),
        case(
            Objdump,
            "-d tiny-gfx906.hsaco",
            &[("tiny-gfx906.hsaco", Src::Data("tiny-gfx906.hsaco"))],
        ),
        case(
            Objdump,
            "-d --triple=amdgcn-amd-amdhsa tiny-gfx900.o",
            &[("tiny-gfx900.o", Src::Data("tiny-gfx900.o"))],
        ),
        case(
            Objdump,
            "--disassemble --reloc --syms --section-headers gemm.o",
            &[("gemm.o", Src::Obj("gemm.o"))],
        ),
        case(
            Objdump,
            "-d --no-addresses --disassemble-symbols=dots dot.o",
            &[("dot.o", Src::Obj("dot.o"))],
        ),
        case(Objdump, "-t gemm600.o", &[("gemm600.o", Src::Obj("gemm600.o"))]),
        case(Objdump, "-d gemm600.o", &[("gemm600.o", Src::Obj("gemm600.o"))]).differs(
            "llvm-objdump-22 aborts on gfx6 and gfx7 code (LLVM ERROR: disassembly not \
             yet supported for subtarget); amdgpu-mc disassembles it",
            0,
        ),
        case(Objdump, "-h -t -r r600-kc.o", &[("r600-kc.o", Src::Data("r600-kc.o"))]),
        // (Both fail: llvm-objdump has no R600 disassembler.)
        case(Objdump, "-d r600-kc.o", &[("r600-kc.o", Src::Data("r600-kc.o"))]),
        case(Objdump, "-d nosuch.o", &[]),
        case(
            Objdump,
            "-d ctl.o tiny-gfx906.o",
            &[
                ("ctl.o", Src::Obj("ctl.o")),
                ("tiny-gfx906.o", Src::Data("tiny-gfx906.o")),
            ],
        ),
    ]
}

/// The scratch directory of this test.
fn scratch() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("compat")
}

/// Whether both LLVM tools are installed; says why the test is skipped when not.
fn have_tools(test: &str) -> bool {
    if !common::have_llvm(test) {
        return false;
    }
    let ok = Command::new(LLVM_OBJDUMP)
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !ok {
        eprintln!("{test}: skipped: {LLVM_OBJDUMP} is not installed (apt-get install -y llvm-22)");
    }
    ok
}

/// Runs `program args` in `dir` with `stdin`.
fn run_in(dir: &Path, program: &OsStr, args: &[&OsStr], stdin: &[u8]) -> Output {
    let mut child = Command::new(program)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("run {program:?}: {e}"));
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    // (Written from another thread: the program may exit without reading.)
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// Makes the objects of [`OBJECTS`] (and `syms.o`) with llvm-mc-22 in `dir`.
fn make_objects(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("syms.s"), SYMS).unwrap();
    let mut list: Vec<(String, PathBuf, &str)> = OBJECTS
        .iter()
        .map(|(o, s, cpu)| (o.to_string(), Path::new(DATA).join(s), *cpu))
        .collect();
    list.push(("syms.o".into(), dir.join("syms.s"), "gfx906"));
    for (o, src, cpu) in list {
        let out = Command::new(common::LLVM_MC)
            .args([
                "-triple=amdgcn-amd-amdhsa",
                &format!("-mcpu={cpu}"),
                "-filetype=obj",
                "-o",
            ])
            .arg(dir.join(&o))
            .arg(&src)
            .output()
            .expect("run llvm-mc");
        assert!(
            out.status.success(),
            "llvm-mc {src:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Makes a case's directory with its files.
fn setup(dir: &Path, c: &Case, objects: &Path) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).unwrap();
    for (name, src) in c.files {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        match src {
            Src::Text(t) => std::fs::write(&p, t).unwrap(),
            Src::Data(d) => {
                std::fs::copy(Path::new(DATA).join(d), &p).unwrap();
            }
            Src::Obj(o) => {
                std::fs::copy(objects.join(o), &p).unwrap();
            }
        }
    }
}

/// The line and column of the first error on standard error (`FILE:L:C: error:`).
fn first_error(stderr: &[u8]) -> Option<(u32, u32)> {
    let text = String::from_utf8_lossy(stderr);
    text.lines().find_map(|l| {
        let head = l
            .split(": error:")
            .next()
            .filter(|_| l.contains(": error:"))?;
        let mut parts = head.rsplit(':');
        let col = parts.next()?.parse().ok()?;
        let line = parts.next()?.parse().ok()?;
        Some((line, col))
    })
}

/// What a run gives: standard output, exit status, first error place, the files it
/// wrote.
#[derive(Debug, PartialEq)]
struct Got {
    stdout: Vec<u8>,
    status: Option<i32>,
    error_at: Option<(u32, u32)>,
    outputs: Vec<Option<Vec<u8>>>,
}

fn result_of(out: &Output, dir: &Path, c: &Case) -> Got {
    Got {
        stdout: out.stdout.clone(),
        status: out.status.code(),
        error_at: first_error(&out.stderr),
        outputs: c
            .outputs
            .iter()
            .map(|o| std::fs::read(dir.join(o)).ok())
            .collect(),
    }
}

/// Where a difference starts, for the failure message.
fn show_difference(a: &Got, b: &Got) -> String {
    if a.stdout != b.stdout {
        let (x, y) = (
            String::from_utf8_lossy(&a.stdout),
            String::from_utf8_lossy(&b.stdout),
        );
        let k = x.lines().zip(y.lines()).position(|(p, q)| p != q);
        let k = k.unwrap_or(x.lines().count().min(y.lines().count()));
        return format!(
            "stdout differs at line {}:\n  llvm: {:?}\n  ours: {:?}",
            k + 1,
            x.lines().nth(k),
            y.lines().nth(k)
        );
    }
    format!(
        "status {:?} / {:?}, first error {:?} / {:?}, outputs equal: {}",
        a.status,
        b.status,
        a.error_at,
        b.error_at,
        a.outputs == b.outputs
    )
}

#[test]
fn command_lines_match_llvm_mc_and_llvm_objdump() {
    if !have_tools("command_lines_match_llvm_mc_and_llvm_objdump") {
        return;
    }
    let root = scratch().join("lines");
    let _ = std::fs::remove_dir_all(&root);
    let objects = root.join("objects");
    make_objects(&objects);
    // The links a script would find on its PATH.
    let bin = root.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    for name in ["llvm-mc", "llvm-mc-22", "llvm-objdump", "llvm-objdump-22"] {
        std::os::unix::fs::symlink(BIN, bin.join(name)).unwrap();
    }
    let cases = cases();
    assert!(cases.len() >= 30);
    let mut failures = Vec::new();
    for (k, c) in cases.iter().enumerate() {
        let args: Vec<&OsStr> = c.args.split_whitespace().map(OsStr::new).collect();
        let (llvm, command, link) = match (c.tool, k % 2) {
            (Tool::Mc, 0) => (common::LLVM_MC, "mc", "llvm-mc"),
            (Tool::Mc, _) => (common::LLVM_MC, "mc", "llvm-mc-22"),
            (Tool::Objdump, 0) => (LLVM_OBJDUMP, "objdump", "llvm-objdump"),
            (Tool::Objdump, _) => (LLVM_OBJDUMP, "objdump", "llvm-objdump-22"),
        };
        let dir = root.join(format!("{k}-llvm"));
        setup(&dir, c, &objects);
        let want = result_of(
            &run_in(&dir, OsStr::new(llvm), &args, c.stdin.as_bytes()),
            &dir,
            c,
        );
        let mut with_command = vec![OsStr::new(command)];
        with_command.extend(&args);
        let link = bin.join(link);
        for (how, program, argv) in [
            (
                format!("amdgpu-mc {command}"),
                OsStr::new(BIN),
                with_command,
            ),
            (
                format!("{}", link.display()),
                link.as_os_str(),
                args.clone(),
            ),
        ] {
            let dir = root.join(format!(
                "{k}-{}",
                if argv.len() > args.len() {
                    "cmd"
                } else {
                    "link"
                }
            ));
            setup(&dir, c, &objects);
            let out = run_in(&dir, program, &argv, c.stdin.as_bytes());
            let got = result_of(&out, &dir, c);
            let line = format!("[{k}] {} {}", how, c.args);
            match c.differs {
                None if got != want => failures.push(format!(
                    "{line}: {}\n  stderr: {}",
                    show_difference(&want, &got),
                    String::from_utf8_lossy(&out.stderr)
                        .lines()
                        .next()
                        .unwrap_or("")
                )),
                None => {}
                Some((why, status)) => {
                    if got.status != Some(status) {
                        failures.push(format!(
                            "{line}: exit status {:?}, not {status} ({why}); stderr: {}",
                            got.status,
                            String::from_utf8_lossy(&out.stderr)
                        ));
                    }
                    if got == want {
                        failures.push(format!(
                            "{line}: now equal to {llvm}'s: remove its listed difference ({why})"
                        ));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} differences:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// llvm-objdump does not read offload bundles: amdgpu-mc prints each entry of one as
/// llvm-objdump prints the entry's ELF file (under the name `FILE:ENTRY-ID`).
#[test]
fn bundle_entries_print_as_llvm_objdump_prints_them() {
    if !have_tools("bundle_entries_print_as_llvm_objdump_prints_them") {
        return;
    }
    let dir = scratch().join("bundle");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for f in ["tiny.ccob", "tiny-gfx906.hsaco", "tiny-gfx900.o"] {
        std::fs::copy(Path::new(DATA).join(f), dir.join(f)).unwrap();
    }
    let o = OsStr::new;
    let ours = run_in(&dir, o(BIN), &[o("objdump"), o("-d"), o("tiny.ccob")], b"");
    assert_eq!(
        ours.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&ours.stderr)
    );
    let mut want = Vec::new();
    // (The bundle's entries, in its order: the gfx906 shared object, the gfx900 one.)
    for (f, id) in [
        (
            "tiny-gfx906.hsaco",
            "hipv4-amdgcn-amd-amdhsa--gfx906:xnack-",
        ),
        ("tiny-gfx900.o", "hipv4-amdgcn-amd-amdhsa--gfx900"),
    ] {
        let l = run_in(&dir, o(LLVM_OBJDUMP), &[o("-d"), o(f)], b"");
        assert!(l.status.success());
        let text = String::from_utf8(l.stdout).unwrap();
        want.push(text.replacen(&format!("{f}:"), &format!("tiny.ccob:{id}:"), 1));
    }
    assert_eq!(String::from_utf8(ours.stdout).unwrap(), want.concat());
    // llvm-objdump itself refuses the bundle.
    let l = run_in(&dir, o(LLVM_OBJDUMP), &[o("-d"), o("tiny.ccob")], b"");
    assert!(!l.status.success());
}

/// A flag amdgpu-mc does not support is an error that names it (exit status not 0),
/// through either entry point; never output that silently differs.
#[test]
fn unsupported_flags_are_errors_naming_them() {
    let dir = scratch().join("flags");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("x.s"), " s_nop 0\n").unwrap();
    let link = dir.join("llvm-mc");
    std::os::unix::fs::symlink(BIN, &link).unwrap();
    let objdump_link = dir.join("llvm-objdump");
    std::os::unix::fs::symlink(BIN, &objdump_link).unwrap();
    for (tool, args, named) in [
        ("mc", "--foo x.s", "'--foo'"),
        ("mc", "-foo=1 x.s", "'-foo=1'"),
        (
            "mc",
            "-arch=amdgcn -mcpu=gfx906 -mattr=+wavefrontsize32 x.s",
            "'+wavefrontsize32'",
        ),
        (
            "mc",
            "-arch=amdgcn -mcpu=gfx906 -mattr=+dot7-insts x.s",
            "'+dot7-insts'",
        ),
        (
            "mc",
            "-arch=amdgcn -mcpu=gfx90a -mattr=+tgsplit x.s",
            "'+tgsplit'",
        ),
        (
            "mc",
            "-arch=amdgcn -mcpu=gfx803 -mattr=-fast-denormal-f32 x.s",
            "'-fast-denormal-f32'",
        ),
        (
            "mc",
            "-arch=amdgcn -mcpu=gfx906 -show-inst x.s",
            "'-show-inst'",
        ),
        (
            "mc",
            "-arch=amdgcn -mcpu=gfx906 -filetype=bin x.s",
            "-filetype=bin",
        ),
        (
            "mc",
            "-arch=amdgcn -mcpu=gfx90a:xnack+ x.s",
            "gfx90a:xnack+",
        ),
        ("mc", "-arch=amdgcn x.s", "-mcpu"),
        ("mc", "-arch=amdgcn -mcpu=gfx906 x.s y.s", "'y.s'"),
        ("mc", "-arch=r600 -mcpu=rv770 x.s", "-arch=r600"),
        ("mc", "-triple=r600 -mcpu=rv770 x.s", "-mcpu=rv770"),
        (
            "mc",
            "--disassemble -arch=amdgcn -mcpu=gfx906 -filetype=obj x.s",
            "-filetype=obj",
        ),
        ("objdump", "--foo x.o", "'--foo'"),
        ("objdump", "-D x.o", "'-D'"),
        ("objdump", "-dz x.o", "'-z'"),
        ("objdump", "--disassemble-all x.o", "'--disassemble-all'"),
        ("objdump", "-d --mcpu gfx906 x.o", "'--mcpu'"),
    ] {
        let argv: Vec<&OsStr> = args.split_whitespace().map(OsStr::new).collect();
        let mut with_command = vec![OsStr::new(tool)];
        with_command.extend(&argv);
        let program = if tool == "mc" { &link } else { &objdump_link };
        for (p, a) in [
            (OsStr::new(BIN), &with_command),
            (program.as_os_str(), &argv),
        ] {
            let out = run_in(&dir, p, a, b"");
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{tool} {args}: {err}");
            assert!(err.contains(named), "{tool} {args}: {err}");
            assert!(out.stdout.is_empty(), "{tool} {args}");
        }
    }
}

/// An argument that is not UTF-8 is a clean error (no panic), whichever command.
#[test]
fn arguments_that_are_not_utf8_are_clean_errors() {
    let dir = scratch().join("utf8");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let link = dir.join("llvm-objdump");
    std::os::unix::fs::symlink(BIN, &link).unwrap();
    let bad = OsStr::from_bytes(b"x\xff.s");
    let o = OsStr::new;
    for (program, argv) in [
        (
            o(BIN),
            vec![o("mc"), o("-arch=amdgcn"), o("-mcpu=gfx906"), bad],
        ),
        (o(BIN), vec![o("objdump"), o("-d"), bad]),
        (o(BIN), vec![o("asm"), o("--mcpu"), o("gfx906"), bad]),
        (o(BIN), vec![o("disasm"), bad]),
        (link.as_os_str(), vec![o("-d"), bad]),
    ] {
        let out = run_in(&dir, program, &argv, b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{argv:?}: {err}");
        assert!(err.contains("is not valid UTF-8"), "{argv:?}: {err}");
        assert!(!err.contains("panicked"), "{argv:?}: {err}");
    }
}

/// Errors in included files and in the lines of macro calls, `.rept` and `.irp`
/// print as llvm-mc-22 prints them, whole: `Included from FILE:LINE:` before,
/// `<instantiation>:LINE:COL` as the place, a note at each call being expanded after
/// (through included files and nested calls), tabs expanded in the line shown, and
/// a body's first line without its leading blanks. Errors found at the end (a data
/// fixup in a macro) name the instantiation and no call, as llvm-mc's do.
#[test]
fn errors_in_includes_and_expansions_print_as_llvm_mc() {
    if !common::have_llvm("errors_in_includes_and_expansions_print_as_llvm_mc") {
        return;
    }
    let files: &[(&str, &str)] = &[
        ("inc.s", "s_nop 0\nv_bogus\n"),
        ("inc2.s", "v_bogus\n"),
        ("mid.s", ".include \"inc2.s\"\n"),
        ("mac.s", ".macro m\nv_bogus\n.endm\n"),
        ("incm.s", ".macro m\nv_bogus\n.endm\nm\n"),
    ];
    let inputs: &[&str] = &[
        "s_nop 1\n.include \"inc.s\"\ns_nop 1\n",
        ".include \"mid.s\"\n",
        ".include \"mac.s\"\n\nm\n",
        "s_nop 0\n.include \"incm.s\"\n",
        "s_nop 0\n.rept 2\ns_nop 0\nv_bogus\n.endr\n",
        ".macro a\nb\n.endm\n.macro b\ns_nop 0\nv_bogus\n.endm\n\na\n",
        ".rept 1\n.include \"inc.s\"\n.endr\n",
        ".macro m\n.long 1/0 + y\n.endm\nm\n",
        ".irp r, v1, v2\nv_mov_b32 \\r, s99999\n.endr\n",
        ".rept 1\n   v_bogus\n\t  v_bad  x\n.endr\n.macro m\n    v_q  1 ; c\n\t.byte 300\n.endm\nm\n",
        "\t  v_bogus\nv_bogus1\n.include \"inc.s\"\n.rept 2\n.include \"inc.s\"\n.endr\nv_bogus2\n",
    ];
    let dir = scratch().join("expansion-errors");
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let args = [
        "-triple=amdgcn-amd-amdhsa",
        "-mcpu=gfx906",
        "-filetype=obj",
        "-o",
        "out.o",
        "in.s",
    ];
    let args: Vec<&OsStr> = args.iter().map(OsStr::new).collect();
    for src in inputs {
        std::fs::write(dir.join("in.s"), src).unwrap();
        let llvm = run_in(&dir, OsStr::new("llvm-mc-22"), &args, b"");
        let mut ours_args = vec![OsStr::new("mc")];
        ours_args.extend(&args);
        let ours = run_in(&dir, OsStr::new(BIN), &ours_args, b"");
        // (llvm-mc aborts after some of these; its last line says so.)
        let llvm_err = String::from_utf8_lossy(&llvm.stderr);
        let llvm_err: String = llvm_err
            .lines()
            .filter(|l| !l.starts_with("LLVM ERROR"))
            .map(|l| format!("{l}\n"))
            .collect();
        pretty_assertions::assert_eq!(String::from_utf8_lossy(&ours.stderr), llvm_err, "{src:?}");
        assert_eq!(ours.status.code(), Some(1), "{src:?}");
    }
}
