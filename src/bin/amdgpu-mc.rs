//! `amdgpu-mc`: a thin command line over the library.

use amdgpu_mc::disasm;
use amdgpu_mc::Target;
use clap::{Parser, Subcommand};

#[path = "amdgpu-mc/io.rs"]
mod io;
#[path = "amdgpu-mc/lint.rs"]
mod lint;
#[path = "amdgpu-mc/r600.rs"]
mod r600;
use io::{diag, Output};
use std::io::{Read, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "amdgpu-mc",
    version,
    about = "Assembler and disassembler for AMD GPU machine code"
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
        /// Output file for the machine code (default: standard output).
        #[arg(short = 'o')]
        output: Option<String>,
        /// Input file (default: standard input).
        input: Option<String>,
    },
    /// Disassemble machine code: raw bytes, byte text (--hex), or code objects (ELF
    /// .o/.hsaco, clang offload bundles, host binaries with .hip_fatbin), which print
    /// as llvm-objdump -d does.
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
    },
    /// Check assembly (or code objects, disassembled) for missing s_waitcnt: one
    /// warning per finding with the fix; exit status 1 when there are findings, 2 on
    /// errors. A comment `lint:allow(RULE-ID)` on a line silences its finding.
    Lint {
        /// Target processor (e.g. gfx906); code objects default to their own.
        #[arg(long)]
        mcpu: Option<String>,
        /// `text` (default) or `json`.
        #[arg(long, default_value = "text")]
        format: String,
        /// Write the input with the fixes inserted (to -o, or standard output).
        #[arg(long)]
        fix: bool,
        /// Also report s_waitcnt that complete nothing (a separate class, not hazards).
        #[arg(long)]
        redundant: bool,
        /// Output file for --fix.
        #[arg(short = 'o')]
        output: Option<String>,
        /// The most bytes compressed offload bundles may decompress to (default
        /// 256 MiB; suffixes K, M, G).
        #[arg(long, value_parser = parse_size)]
        max_decompressed_size: Option<u64>,
        /// Input files.
        #[arg(required = true)]
        inputs: Vec<String>,
    },
}

/// Prints an assembly's errors (in their order) and warnings on stderr, each warning
/// before the errors of its line and after those of the lines before, as llvm-mc
/// reports them while reading.
fn report(name: &str, errors: &[amdgpu_mc::Diagnostic], warnings: &[amdgpu_mc::Diagnostic]) {
    let mut w = warnings.iter().peekable();
    for e in errors {
        while let Some(x) = w.next_if(|x| x.line <= e.line) {
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
            output,
            input,
        } => {
            let triple = match triple.as_deref() {
                Some(tr) => amdgpu_mc::mc::Triple::parse(tr)
                    .map_err(|e| format!("amdgpu-mc: error: {e}"))?,
                None => amdgpu_mc::mc::Triple::default(),
            };
            let (t, xnack) =
                amdgpu_mc::Target::from_id(&mcpu).map_err(|e| format!("amdgpu-mc: error: {e}"))?;
            let sramecc = mcpu.split(':').find_map(|f| match f {
                "sramecc+" => Some(true),
                "sramecc-" => Some(false),
                _ => None,
            });
            let input = input.filter(|i| i != "-");
            let output = output.filter(|o| o != "-");
            let inputs: Vec<&str> = input.iter().map(String::as_str).collect();
            // Refused before any work: an output that is the input.
            io::refuse_input(output.as_deref(), &inputs)?;
            if disassemble {
                // (Byte text is read as bytes, as llvm-mc reads it, and streams as
                // `disasm --hex` does.)
                let (name, mut reader) = io::open_input(input.as_deref())?;
                return stream_disassembly(
                    &name,
                    input.as_deref(),
                    &mut reader,
                    t,
                    true,
                    show_encoding,
                );
            }
            let (name, bytes) = io::read_input(input.as_deref())?;
            let src = io::decode(&name, bytes)?.text;
            let filetype = filetype.unwrap_or(if show_encoding { "asm" } else { "bin" }.into());
            if filetype == "obj" {
                let read = io::include_reader(input.as_deref());
                let a =
                    amdgpu_mc::mc::assemble_object(&triple, t, xnack, sramecc, &src, Some(&read));
                report(&name, &a.diags, &a.warnings);
                if !a.diags.is_empty() {
                    return Ok(1);
                }
                io::write_all(output.as_deref(), &inputs, &a.elf())?;
                return Ok(0);
            }
            if filetype != "asm" && filetype != "bin" {
                return Err(format!(
                    "amdgpu-mc: error: unknown --filetype '{filetype}' (asm, obj or bin)"
                ));
            }
            let show_encoding = show_encoding || filetype == "asm";
            if t.gen.is_r600() {
                if show_encoding && output.is_none() {
                    return r600::show_encoding(t, &name, &src);
                }
                return r600::asm(t, &name, &src, output.as_deref(), &inputs);
            }
            // Listings and raw bytes come from the object reader too: sections,
            // directives and labels as in an object.
            let read = io::include_reader(input.as_deref());
            let bytes_only = !show_encoding || output.is_some();
            let a = amdgpu_mc::mc::assemble_listing(
                &triple,
                t,
                xnack,
                sramecc,
                &src,
                Some(&read),
                bytes_only,
            );
            report(&name, &a.diags, &a.warnings);
            if show_encoding {
                let mut out = Output::stdout()?;
                a.write_text(t, &mut out)
                    .map_err(|e| io::stdout_error(&e))?;
                out.finish()?;
            }
            let failed = !a.diags.is_empty();
            // Machine code with errors would be the other lines' code at shifted
            // offsets: none is written (an existing -o file stays as it was).
            if bytes_only && !failed {
                io::write_all(output.as_deref(), &inputs, a.text_bytes())?;
            }
            Ok(failed as u8)
        }
        Cmd::Disasm {
            mcpu,
            hex,
            show_encoding,
            input,
            max_decompressed_size,
        } => {
            let input = input.filter(|i| i != "-");
            let (name, mut reader) = io::open_input(input.as_deref())?;
            let read_err = |e: std::io::Error| io::read_error(&name, &e);
            let write_err = |e: std::io::Error| io::stdout_error(&e);
            let want = mcpu.as_deref().map(target).transpose()?;
            let need_mcpu = || format!("{name}: error: --mcpu is required for raw or --hex input");
            // The start says whether it is a code object; raw machine code streams.
            let mut raw = Vec::new();
            (&mut reader)
                .take(4096)
                .read_to_end(&mut raw)
                .map_err(read_err)?;
            let object = !hex && amdgpu_mc::code_object::looks_like_code_object(&raw);
            if let Some(t) = want.filter(|t| !object && !t.gen.is_r600()) {
                let mut all = std::io::Cursor::new(raw).chain(reader);
                return stream_disassembly(
                    &name,
                    input.as_deref(),
                    &mut all,
                    t,
                    hex,
                    show_encoding,
                );
            }
            if hex {
                // (R600, or no target. Read a quarter megabyte of lines at a time:
                // only the bytes are held.)
                let t = want.ok_or_else(need_mcpu)?;
                let mut all = std::io::Cursor::new(raw).chain(reader);
                let bytes = disasm::read_hex(&mut all).map_err(|e| match e {
                    disasm::ReadHexError::Read(e) => read_err(e),
                    disasm::ReadHexError::Bad(e, line) => hex_error(&name, &e, &line),
                })?;
                let mut out = Output::stdout()?;
                let status = write_disassembly(&mut out, t, &name, &bytes, show_encoding)?;
                out.finish()?;
                return Ok(status);
            }
            reader.read_to_end(&mut raw).map_err(read_err)?;
            if object {
                let objs = amdgpu_mc::code_object::load_with(
                    &raw,
                    mcpu.as_deref(),
                    &limits(max_decompressed_size),
                )
                .map_err(|e| object_error(&name, e))?;
                if let Some(obj) = objs.first() {
                    if let Some(t) = r600::object_target(want, obj) {
                        return r600::object(t, &name, obj);
                    }
                }
                let mut out = Output::stdout()?;
                let skipped = amdgpu_mc::objdump::write(&mut out, &name, &objs, want).map_err(
                    |e| match e {
                        amdgpu_mc::objdump::Error::Io(e) => write_err(e),
                        e => format!("error: {e}"),
                    },
                )?;
                out.finish()?;
                for s in &skipped {
                    diag(format_args!("amdgpu-mc: note: {s}"));
                }
                return Ok(0);
            }
            let t = want.ok_or_else(need_mcpu)?;
            let mut out = Output::stdout()?;
            let status = write_disassembly(&mut out, t, &name, &raw, show_encoding)?;
            out.finish()?;
            Ok(status)
        }
        Cmd::Lint {
            mcpu,
            format,
            fix,
            redundant,
            output,
            inputs,
            max_decompressed_size,
        } => lint::run(
            mcpu.as_deref(),
            &format,
            fix,
            redundant,
            output.as_deref(),
            &inputs,
            &limits(max_decompressed_size),
        ),
    }
}

/// Bad byte text, located like llvm-mc's diagnostics: the line and a caret under the
/// token.
fn hex_error(name: &str, e: &disasm::HexError, line: &[u8]) -> String {
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
/// `path`, if one) to standard output as they are read: a piece at a time, the text
/// written as it is made.
fn stream_disassembly(
    name: &str,
    path: Option<&str>,
    input: &mut dyn Read,
    t: Target,
    hex: bool,
    show_encoding: bool,
) -> Result<u8, String> {
    let mut out = Output::stdout()?;
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
        Err(disasm::StreamError::Read(e)) => {
            return Err(match disasm::BadHex::of(&e) {
                Some(b) => hex_error(name, &b.error, &b.line),
                None => io::read_error(name, &e),
            })
        }
        Err(disasm::StreamError::Write(e)) => return Err(io::stdout_error(&e)),
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

fn main() -> ExitCode {
    io::init();
    let cli = match Cli::try_parse_from(llvm_spellings(std::env::args())) {
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
    let code = match run(cli) {
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
