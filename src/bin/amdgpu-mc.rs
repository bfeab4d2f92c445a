//! `amdgpu-mc`: a thin command line over the library.

use amdgpu_mc::disasm;
use amdgpu_mc::Target;
use clap::{Parser, Subcommand};

#[path = "amdgpu-mc/asm.rs"]
mod asm;
#[path = "amdgpu-mc/io.rs"]
mod io;
#[path = "amdgpu-mc/jobs.rs"]
mod jobs;
#[path = "amdgpu-mc/lint.rs"]
mod lint;
#[path = "amdgpu-mc/mc.rs"]
mod mc;
#[path = "amdgpu-mc/objdump.rs"]
mod objdump;
#[path = "amdgpu-mc/r600.rs"]
mod r600;
use io::{diag, Output};
use std::io::{Read, Write};
use std::num::NonZeroUsize;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "amdgpu-mc",
    version,
    about = "Assembler, disassembler and hazard linter for AMD GPU machine code"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Assemble source text into machine code.
    Asm {
        /// Target processor or target id (e.g. gfx906, gfx90a:xnack-).
        #[arg(long)]
        mcpu: String,
        /// Output: `asm` (the default with --show-encoding), `obj` (an ELF
        /// relocatable object, as llvm-mc -filetype=obj writes it) or `bin` (the
        /// raw instruction bytes, the default otherwise).
        #[arg(long)]
        filetype: Option<String>,
        /// Target triple, as llvm-mc's -triple: amdgcn-amd-amdhsa (the default),
        /// amdgcn-amd-amdpal or amdgcn-mesa-mesa3d.
        #[arg(long)]
        triple: Option<String>,
        /// Read the input as byte text and disassemble it, as llvm-mc --disassemble
        /// does (the same as `disasm --hex`).
        #[arg(long)]
        disassemble: bool,
        /// Print each instruction with its encoding, as llvm-mc -show-encoding does.
        #[arg(long)]
        show_encoding: bool,
        /// Stop reading after this many errors (0: no limit, as llvm-mc).
        #[arg(long, value_name = "N", default_value_t = amdgpu_mc::mc::DEFAULT_ERROR_LIMIT)]
        error_limit: usize,
        /// Output file for the machine code (default: standard output).
        #[arg(short = 'o')]
        output: Option<String>,
        /// Threads that bind the instruction lines of a large source (512 KiB or
        /// more) ahead of the reading (default 1: the main thread alone). Faster in
        /// wall time on code that does not repeat, at more CPU time; the output is
        /// the same.
        #[arg(long, value_name = "N", value_parser = jobs::parse_jobs)]
        jobs: Option<NonZeroUsize>,
        /// Input file (default: standard input).
        input: Option<String>,
    },
    /// Disassemble raw bytes, byte text (--hex) or code objects.
    ///
    /// Code objects (ELF .o/.hsaco, clang offload bundles, host binaries with
    /// .hip_fatbin) print as llvm-objdump -d does.
    Disasm {
        /// Target processor or target id (e.g. gfx906, gfx90a:xnack-); code objects
        /// default to their own.
        #[arg(long)]
        mcpu: Option<String>,
        /// Read the input as byte text as llvm-mc --disassemble does (`0x02,0x07 ...`,
        /// `010` octal, comments after #).
        #[arg(long)]
        hex: bool,
        /// Print each instruction's encoding.
        #[arg(long)]
        show_encoding: bool,
        /// Input file (default: standard input).
        input: Option<String>,
        /// The most bytes compressed offload bundles may decompress to (default
        /// 256 MiB; suffixes K, M, G).
        #[arg(long, value_parser = parse_size)]
        max_decompressed_size: Option<u64>,
        /// Threads for the code objects of a bundle or fat binary (default: one per
        /// core; 1: one at a time on the main thread). The output is the same.
        #[arg(long, value_name = "N", value_parser = jobs::parse_jobs)]
        jobs: Option<NonZeroUsize>,
    },
    /// llvm-mc's command line (also run as a link named llvm-mc): -triple, -mcpu,
    /// -mattr, -filetype=asm|obj|null, -show-encoding, --disassemble, -o, -I,
    /// --defsym, --amdhsa-code-object-version (`mc -help` lists them).
    #[command(disable_help_flag = true)]
    Mc {
        /// llvm-mc's arguments.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// llvm-objdump's command line (also run as a link named llvm-objdump): -d, -h,
    /// -t, -r, --disassemble-symbols=, --no-leading-addr, --mcpu=, --triple=
    /// (`objdump --help` lists them).
    #[command(disable_help_flag = true)]
    Objdump {
        /// llvm-objdump's arguments.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Check assembly or code objects for hazards and missing s_waitcnt.
    ///
    /// A hazard is too few wait states between two instructions (a missing s_nop).
    /// One warning per finding, with the other instruction and the fix. Exit status
    /// 0 clean, 1 findings, 2 usage or input errors. A comment
    /// `lint:allow(RULE-ID)` on a line silences its finding.
    Lint {
        /// Target processor or target id (e.g. gfx906, gfx90a:xnack-); assembly with
        /// an `.amdgcn_target` line and code objects default to their own.
        #[arg(long)]
        mcpu: Option<String>,
        /// `text` (default), `json` or `sarif` (SARIF 2.1.0, for code scanning).
        #[arg(long, default_value = "text")]
        format: String,
        /// Write the input with the fixes inserted (to -o, or standard output).
        #[arg(long)]
        fix: bool,
        /// Also report s_waitcnt that complete nothing (a separate class, not hazards).
        #[arg(long)]
        redundant: bool,
        /// Which rules: `documented` (stated by AMD's ISA documents), `llvm` (LLVM's
        /// reading where the documents say nothing) or `all` (both, the default).
        #[arg(long, value_name = "WHICH", default_value = "all")]
        rules: amdgpu_mc::lint::rules::Selection,
        /// Where FLAT instructions may address LDS, which the machine code does not
        /// say: `never` (the default: FLAT counts on vmcnt only), `functions`
        /// (callable functions, whose pointers may be generic) or `always`.
        #[arg(long, value_name = "WHERE", default_value = "never")]
        flat_lds: amdgpu_mc::lint::FlatLds,
        /// What a program whose start nothing declares (no `.type`/`.amdhsa_kernel`,
        /// no symbol) is: `kernel` (nothing pending at its start, the default) or
        /// `function` (anything its caller issued may be pending).
        #[arg(long, value_name = "KIND", default_value = "kernel")]
        entry: amdgpu_mc::lint::EntryKind,
        /// Output file for --fix.
        #[arg(short = 'o')]
        output: Option<String>,
        /// The most bytes compressed offload bundles may decompress to (default
        /// 256 MiB; suffixes K, M, G).
        #[arg(long, value_parser = parse_size)]
        max_decompressed_size: Option<u64>,
        /// Threads for the inputs and their code objects (default: one per core; 1:
        /// one at a time on the main thread). The output is the same.
        #[arg(long, value_name = "N", value_parser = jobs::parse_jobs)]
        jobs: Option<NonZeroUsize>,
        /// Print a rule's explanation, its wait states per target and its source.
        #[arg(long, value_name = "RULE-ID", conflicts_with = "inputs")]
        explain: Option<String>,
        /// Print every rule: its id and what its findings say.
        #[arg(long, conflicts_with = "inputs")]
        list_rules: bool,
        /// Input files (`-` is standard input).
        #[arg(required_unless_present_any = ["explain", "list_rules"])]
        inputs: Vec<String>,
    },
}

/// Prints an assembly's errors (in their order) and warnings on stderr, each warning
/// before the errors of its line and after those of the lines before, as llvm-mc
/// reports them while reading.
fn report(name: &str, errors: &[amdgpu_mc::Diagnostic], warnings: &[amdgpu_mc::Diagnostic]) {
    let mut w = warnings.iter().peekable();
    for e in errors {
        while let Some(x) = w.next_if(|x| x.input_line() <= e.input_line()) {
            diag(x.render_warning(name));
        }
        diag(e.render(name));
    }
    for x in w {
        diag(x.render_warning(name));
    }
}

/// A processor name or target id (`gfx90a:xnack-`).
fn target(name: &str) -> Result<Target, String> {
    Target::from_id(name)
        .map(|(t, _)| t)
        .map_err(|e| format!("amdgpu-mc: error: {e}"))
}

/// The limits of reading code objects, with `--max-decompressed-size`.
fn limits(max_decompressed_size: Option<u64>) -> amdgpu_mc::code_object::Limits {
    let mut limits = amdgpu_mc::code_object::Limits::default();
    if let Some(m) = max_decompressed_size {
        limits.max_decompressed = m;
    }
    limits
}

/// A code object that could not be read, as a message (saying how to raise a limit).
fn object_error(name: &str, e: amdgpu_mc::code_object::ElfError) -> String {
    match e {
        amdgpu_mc::code_object::ElfError::OverLimit(_) => {
            format!("{name}: error: {e} (--max-decompressed-size raises the limit)")
        }
        e => format!("{name}: error: {e}"),
    }
}

/// A size in bytes: a number, optionally with a K, M or G suffix (powers of 1024).
fn parse_size(s: &str) -> Result<u64, String> {
    let (num, shift) = match s.as_bytes().last().map(u8::to_ascii_uppercase) {
        Some(b'K') => (&s[..s.len() - 1], 10),
        Some(b'M') => (&s[..s.len() - 1], 20),
        Some(b'G') => (&s[..s.len() - 1], 30),
        _ => (s, 0),
    };
    num.parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(1 << shift))
        .ok_or_else(|| format!("'{s}' is not a size in bytes (a number, with K, M or G)"))
}

/// Runs a command: the exit status (0 clean, 1 errors or findings, 2 lint errors).
fn run(cli: Cli) -> Result<u8, String> {
    match cli.cmd {
        Cmd::Asm {
            mcpu,
            filetype,
            triple,
            disassemble,
            show_encoding,
            error_limit,
            output,
            jobs,
            input,
        } => {
            let (target, xnack) =
                amdgpu_mc::Target::from_id(&mcpu).map_err(|e| format!("amdgpu-mc: error: {e}"))?;
            asm::run(&asm::Job {
                target,
                xnack,
                sramecc: sramecc(&mcpu),
                filetype: filetype.as_deref(),
                triple: triple.as_deref(),
                disassemble,
                show_encoding,
                error_limit: (error_limit > 0).then_some(error_limit),
                output: output.as_deref(),
                input: input.as_deref(),
                threads: jobs.map_or(1, NonZeroUsize::get),
                llvm: None,
            })
        }
        Cmd::Disasm {
            mcpu,
            hex,
            show_encoding,
            input,
            max_decompressed_size,
            jobs,
        } => disasm_command(
            mcpu.as_deref(),
            hex,
            show_encoding,
            input.as_deref().filter(|i| *i != "-"),
            max_decompressed_size,
            jobs,
        ),
        Cmd::Mc { args } => mc::run(&args),
        Cmd::Objdump { args } => objdump::run(&args),
        Cmd::Lint {
            mcpu,
            format,
            fix,
            redundant,
            rules,
            flat_lds,
            entry,
            output,
            inputs,
            max_decompressed_size,
            explain,
            list_rules,
            jobs,
        } => Ok(match explain {
            _ if list_rules => lint::list_rules(),
            Some(id) => lint::explain(&id),
            None => lint::run(
                mcpu.as_deref(),
                &format,
                fix,
                lint::Choices {
                    redundant,
                    rules,
                    flat_lds,
                    entry,
                },
                output.as_deref(),
                &inputs,
                &limits(max_decompressed_size),
                jobs::threads(jobs),
            ),
        }),
    }
}

/// The sramecc setting of a target id (`gfx90a:sramecc+`), if it has one.
fn sramecc(mcpu: &str) -> Option<bool> {
    mcpu.split(':').find_map(|f| match f {
        "sramecc+" => Some(true),
        "sramecc-" => Some(false),
        _ => None,
    })
}

/// `disasm`: disassembles a code object, byte text (`hex`) or raw machine code from
/// `input` (`None`: standard input) to standard output.
fn disasm_command(
    mcpu: Option<&str>,
    hex: bool,
    show_encoding: bool,
    input: Option<&str>,
    max_decompressed_size: Option<u64>,
    jobs: Option<std::num::NonZeroUsize>,
) -> Result<u8, String> {
    let (name, mut reader) = io::open_input(input)?;
    let read_err = |e: std::io::Error| io::read_error(&name, &e);
    let want = mcpu.map(target).transpose()?;
    let need_mcpu = || format!("{name}: error: --mcpu is required for raw or --hex input");
    // The start says whether it is a code object; raw machine code streams.
    let mut raw = Vec::new();
    (&mut reader)
        .take(4096)
        .read_to_end(&mut raw)
        .map_err(read_err)?;
    let object = !hex && amdgpu_mc::code_object::looks_like_code_object(&raw);
    if let Some(t) = want.filter(|t| !object && !t.gen.is_r600()) {
        // (A large file on several threads, in spans; byte text read whole
        // first, or streamed as one thread does when it has an error.)
        let jobs = jobs::Jobs::of(jobs);
        // (The threads counted only for a file large enough for them.)
        let large = input.and_then(|p| std::fs::metadata(p).ok());
        let large = large.is_some_and(|m| m.len() >= SPANS_FROM);
        let mapped = (large && jobs.parallel())
            .then(|| io::map_file(input))
            .flatten();
        if let Some(all) = mapped.filter(|all| all.len() as u64 >= SPANS_FROM) {
            match hex {
                false => return disassemble_spans(&all, t, show_encoding, &jobs),
                true => {
                    if let Ok(bytes) = disasm::read_hex(&mut &all[..]) {
                        return disassemble_spans(&bytes, t, show_encoding, &jobs);
                    }
                }
            }
        }
        let mut all = std::io::Cursor::new(raw).chain(reader);
        return stream_disassembly(&name, input, &mut all, t, hex, show_encoding, None);
    }
    if hex {
        // (R600, or no target. Read a quarter megabyte of lines at a time:
        // only the bytes are held.)
        let t = want.ok_or_else(need_mcpu)?;
        let mut all = std::io::Cursor::new(raw).chain(reader);
        let bytes = disasm::read_hex(&mut all).map_err(|e| match e {
            disasm::Error::BadHex(e, line) => hex_error(&name, &e, &line),
            disasm::Error::Read(e) | disasm::Error::Write(e) => read_err(e),
            e => e.to_string(),
        })?;
        return disassemble_to_stdout(t, &name, &bytes, show_encoding);
    }
    if object {
        let limits = limits(max_decompressed_size);
        let jobs = jobs::Jobs::of(jobs);
        let all = match io::map_file(input) {
            Some(all) => all,
            None => {
                reader.read_to_end(&mut raw).map_err(read_err)?;
                raw.into()
            }
        };
        return disassemble_object(&name, &all, mcpu, want, &limits, &jobs);
    }
    reader.read_to_end(&mut raw).map_err(read_err)?;
    let t = want.ok_or_else(need_mcpu)?;
    disassemble_to_stdout(t, &name, &raw, show_encoding)
}

/// Disassembles `bytes` for `t` to standard output.
fn disassemble_to_stdout(
    t: Target,
    name: &str,
    bytes: &[u8],
    show_encoding: bool,
) -> Result<u8, String> {
    let mut out = Output::stdout()?;
    let status = write_disassembly(&mut out, t, name, bytes, show_encoding)?;
    out.finish()?;
    Ok(status)
}

/// Disassembles a code object (or the objects of an offload bundle) as objdump
/// does, for `want` or each object's own target; an R600 object as R600 code.
/// Several objects share the threads of `jobs`.
fn disassemble_object(
    name: &str,
    raw: &amdgpu_mc::code_object::Bytes,
    mcpu: Option<&str>,
    want: Option<Target>,
    limits: &amdgpu_mc::code_object::Limits,
    jobs: &jobs::Jobs,
) -> Result<u8, String> {
    let objs = jobs
        .load_objects(raw, mcpu, limits)
        .map_err(|e| object_error(name, e))?;
    if let Some(obj) = objs.first() {
        if let Some(t) = r600::object_target(want, obj) {
            return r600::object(t, name, obj);
        }
    }
    let file = objdump::Loaded {
        name: name.to_string(),
        objs,
        want,
        opts: amdgpu_mc::objdump::Options::default(),
        r600: false,
        prefix: "error: ",
        failed: Default::default(),
    };
    // (Closed standard output is said once, as one thread says it.)
    if jobs.parallel() && file.objs.len() > 1 && Output::stdout().is_ok() {
        let files = std::iter::once(objdump::File::Loaded(Ok(file)));
        return Ok(objdump::print(jobs, files));
    }
    objdump::stream(file)?;
    Ok(0)
}

/// Bad byte text, located like llvm-mc's diagnostics: the line and a caret under the
/// token.
fn hex_error(name: &str, e: &disasm::BadToken, line: &[u8]) -> String {
    let src = String::from_utf8_lossy(line);
    let src = src.trim_end_matches('\r');
    format!(
        "{name}:{}:{}: error: {}\n{src}\n{}^",
        e.line,
        e.col,
        e.message,
        " ".repeat(e.col - 1)
    )
}

/// Disassembles raw bytes, or byte text with `hex`, read from `input` (the file at
/// `path`, if one) to `output` (`None`: standard output) as they are read: a piece
/// at a time, the text written as it is made.
#[allow(clippy::too_many_arguments)]
fn stream_disassembly(
    name: &str,
    path: Option<&str>,
    input: &mut dyn Read,
    t: Target,
    hex: bool,
    show_encoding: bool,
    output: Option<&str>,
) -> Result<u8, String> {
    let inputs: Vec<&str> = path.into_iter().collect();
    let mut out = Output::create(output, &inputs)?;
    // (A file's size sizes the memo of words seen; byte text holds about a byte in
    // five.)
    let size = path
        .and_then(|p| std::fs::metadata(p).ok())
        .map_or(0, |m| usize::try_from(m.len()).unwrap_or(usize::MAX));
    let result = match hex {
        true => {
            let mut bytes = disasm::HexBytes::new(input);
            disasm::stream_text(&mut bytes, &mut out, t, show_encoding, size / 5)
        }
        false => disasm::stream_text(input, &mut out, t, show_encoding, size),
    };
    match result {
        Ok(_) => {}
        // (What was written stays: the error says where it stopped.)
        Err(disasm::Error::BadHex(t, line)) => return Err(hex_error(name, &t, &line)),
        Err(disasm::Error::Read(e)) => return Err(io::read_error(name, &e)),
        Err(disasm::Error::Write(e)) => {
            return Err(match output {
                Some(o) => format!("amdgpu-mc: error: {o}: {}", io::message(&e)),
                None => io::stdout_error(&e),
            })
        }
        Err(e) => return Err(e.to_string()),
    }
    out.finish()?;
    Ok(0)
}

/// The bytes of code a thread decodes at a time from one large raw input.
const SPAN: usize = 1 << 20;
/// The smallest raw input cut into spans: on less, the threads' memos learning
/// the same lines cost more CPU time (half as much again on 3 MB of real code)
/// than the wall time they save is worth.
const SPANS_FROM: u64 = 1 << 24;

thread_local! {
    /// (The lines of instructions a thread has seen, kept from span to span.)
    static SPAN_SCRATCH: std::cell::RefCell<disasm::span::Scratch> = Default::default();
}

/// Disassembles raw code `bytes` for `t` to standard output as
/// [`stream_disassembly`] does, a span at a time on the threads of `jobs`.
fn disassemble_spans(
    bytes: &[u8],
    t: Target,
    show_encoding: bool,
    jobs: &jobs::Jobs,
) -> Result<u8, String> {
    use disasm::span::{spans, write_span, Blocks, Joiner};
    let mut out = Output::stdout()?;
    let spare = jobs::Spare::default();
    let mut joiner = Joiner::new(t, show_encoding);
    let mut failed = None;
    // (A span's text in blocks, as `objdump::print` hands a piece's: written at
    // once by its thread when the span's turn has come, in its cache; else copied
    // out and the copy held.)
    let buffer = || spare.take_block();
    jobs.ordered_parts(
        spans(bytes.len(), SPAN),
        |r, part| {
            let blocks = Blocks {
                size: amdgpu_mc::objdump::BLOCK,
                buffer: &mut { buffer },
                part: &mut |span| part((span, false)),
            };
            SPAN_SCRATCH.with_borrow_mut(|s| write_span(s, t, bytes, r, show_encoding, blocks))
        },
        |(span, _)| (span.map_text(|text| spare.copy_out(text)), true),
        |(span, held)| {
            if let Err(e) = joiner.join(bytes, &span, &mut out) {
                failed = Some(e);
                return std::ops::ControlFlow::Break(());
            }
            spare.written(span.into_text(), held);
            std::ops::ControlFlow::Continue(())
        },
    );
    if let Some(e) = failed {
        return Err(io::stdout_error(&e));
    }
    out.finish()?;
    Ok(0)
}

fn write_disassembly(
    out: &mut impl Write,
    t: Target,
    name: &str,
    bytes: &[u8],
    show_encoding: bool,
) -> Result<u8, String> {
    if t.gen.is_r600() {
        return r600::disasm(t, name, bytes, show_encoding);
    }
    disasm::write_text(out, t, bytes, show_encoding)
        .and_then(|_| out.flush())
        .map_err(|e| io::stdout_error(&e))?;
    Ok(0)
}

/// llvm-mc's single-dash spellings (`-mcpu=gfx906`, `-show-encoding`,
/// `-filetype=obj`, `-triple=...`) as ours.
fn llvm_spellings(args: impl Iterator<Item = String>) -> Vec<String> {
    const LONG: &[&str] = &["mcpu", "triple", "show-encoding", "filetype", "disassemble"];
    args.map(|a| {
        let body = a.strip_prefix('-').filter(|b| !b.starts_with('-'));
        match body {
            Some(b) if LONG.contains(&b.split('=').next().unwrap_or("")) => format!("-{a}"),
            _ => a,
        }
    })
    .collect()
}

/// The command line as strings: an argument that is not UTF-8 is an error naming
/// it (its place, and its text with the bad bytes replaced).
fn utf8_args(args: impl Iterator<Item = std::ffi::OsString>) -> Result<Vec<String>, String> {
    args.enumerate()
        .map(|(k, a)| match a.into_string() {
            Ok(s) => Ok(s),
            // (The program's own name is only looked at: see `tool_of`.)
            Err(_) if k == 0 => Ok("amdgpu-mc".into()),
            Err(a) => Err(format!(
                "amdgpu-mc: error: argument {k} is not valid UTF-8: '{}'",
                a.to_string_lossy()
            )),
        })
        .collect()
}

/// Which llvm tool the program's name asks for (a link named `llvm-mc`,
/// `llvm-mc-22`, `llvm-objdump`...).
fn tool_of(argv0: &std::ffi::OsStr) -> Option<&'static str> {
    let name = std::path::Path::new(argv0).file_name()?.to_string_lossy();
    if name.starts_with("llvm-mc") {
        Some("mc")
    } else if name.starts_with("llvm-objdump") {
        Some("objdump")
    } else {
        None
    }
}

/// The exit code of a command's result: its status, or 1 after its error.
fn finish(result: Result<u8, String>) -> ExitCode {
    let code = match result {
        Ok(code) => code,
        Err(e) => {
            diag(e);
            1
        }
    };
    ExitCode::from(if io::stderr_failed() {
        code.max(1)
    } else {
        code
    })
}

fn main() -> ExitCode {
    io::init();
    let tool = std::env::args_os().next().as_deref().and_then(tool_of);
    let args = match utf8_args(std::env::args_os()) {
        Ok(a) => a,
        Err(e) => return finish(Err(e)),
    };
    // llvm-mc's and llvm-objdump's command lines are read as those tools read them
    // (not by clap, nor with llvm_spellings).
    match (tool, args.get(1).map(String::as_str)) {
        (Some("mc"), _) => return finish(mc::run(&args[1..])),
        (Some(_), _) => return finish(objdump::run(&args[1..])),
        (None, Some("mc")) => return finish(mc::run(&args[2..])),
        (None, Some("objdump")) => return finish(objdump::run(&args[2..])),
        _ => {}
    }
    let cli = match Cli::try_parse_from(llvm_spellings(args.into_iter())) {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to standard output, usage errors to standard error:
            // either way a failed write is exit status 1, not clap's panic.
            let code = e.exit_code() as u8;
            let text = e.render().to_string();
            let written = if e.use_stderr() {
                diag(text.trim_end());
                !io::stderr_failed()
            } else {
                io::write_all(None, &[], text.as_bytes()).is_ok()
            };
            return ExitCode::from(if written { code } else { 1 });
        }
    };
    finish(run(cli))
}
