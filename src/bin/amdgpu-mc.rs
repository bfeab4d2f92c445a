//! `amdgpu-mc`: a thin command line over the library.

use amdgpu_mc::disasm;
use amdgpu_mc::Target;
use clap::{Parser, Subcommand};

#[path = "amdgpu-mc/lint.rs"]
mod lint;
#[path = "amdgpu-mc/r600.rs"]
mod r600;
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
        /// Target triple (only amdgcn-amd-amdhsa, as llvm-mc's -triple).
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
        /// Read the input as byte text (`0x02,0x07 ...`, comments after # or ;).
        #[arg(long)]
        hex: bool,
        /// Print each instruction's encoding.
        #[arg(long)]
        show_encoding: bool,
        /// Input file (default: standard input).
        input: Option<String>,
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
        /// Input files.
        #[arg(required = true)]
        inputs: Vec<String>,
    },
}

/// An I/O error without Rust's `(os error N)` suffix.
fn io_msg(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(k) => s[..k].to_string(),
        None => s,
    }
}

fn read_input(input: &Option<String>) -> Result<(String, Vec<u8>), String> {
    match input {
        Some(path) => std::fs::read(path)
            .map(|b| (path.clone(), b))
            .map_err(|e| format!("amdgpu-mc: error: {path}: {}", io_msg(&e))),
        None => {
            let mut b = Vec::new();
            std::io::stdin()
                .read_to_end(&mut b)
                .map_err(|e| format!("amdgpu-mc: error: <stdin>: {}", io_msg(&e)))?;
            Ok(("<stdin>".to_string(), b))
        }
    }
}

/// A processor name or target id (`gfx90a:xnack-`).
fn target(name: &str) -> Result<Target, String> {
    Target::from_id(name)
        .map(|(t, _)| t)
        .map_err(|e| format!("amdgpu-mc: error: {e}"))
}

/// Runs a command: the exit status (0 clean, 1 errors or findings, 2 lint errors).
fn run(cli: Cli) -> Result<u8, String> {
    let mut out = std::io::stdout().lock();
    let io = |e: std::io::Error| format!("amdgpu-mc: error: {}", io_msg(&e));
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
            if let Some(tr) = triple.as_deref() {
                if !tr.starts_with("amdgcn") {
                    return Err(format!(
                        "amdgpu-mc: error: unsupported triple '{tr}' (amdgcn-amd-amdhsa)"
                    ));
                }
            }
            let (t, xnack) =
                amdgpu_mc::Target::from_id(&mcpu).map_err(|e| format!("amdgpu-mc: error: {e}"))?;
            let sramecc = mcpu.split(':').find_map(|f| match f {
                "sramecc+" => Some(true),
                "sramecc-" => Some(false),
                _ => None,
            });
            let input = input.filter(|i| i != "-");
            let output = output.filter(|o| o != "-");
            let (name, bytes) = read_input(&input)?;
            if disassemble {
                let text = String::from_utf8(bytes)
                    .map_err(|_| format!("{name}: error: input is not text"))?;
                return disassemble_hex(&mut out, t, &name, &text, show_encoding);
            }
            let filetype = filetype.unwrap_or(if show_encoding { "asm" } else { "bin" }.into());
            if filetype == "obj" {
                let src = String::from_utf8(bytes).map_err(|e| {
                    format!(
                        "{name}: error: input is not UTF-8 text (byte {})",
                        e.utf8_error().valid_up_to()
                    )
                })?;
                let base = input
                    .as_deref()
                    .and_then(|p| std::path::Path::new(p).parent().map(|d| d.to_path_buf()));
                let read = move |f: &str| -> Result<String, String> {
                    let p = match &base {
                        Some(d) => d.join(f),
                        None => std::path::PathBuf::from(f),
                    };
                    std::fs::read_to_string(&p).map_err(|e| io_msg(&e))
                };
                let a = amdgpu_mc::mc::assemble_object(t, xnack, sramecc, &src, Some(&read));
                for d in &a.diags {
                    eprintln!("{}", d.render(&name));
                }
                if !a.diags.is_empty() {
                    return Ok(1);
                }
                let elf = a.elf();
                match output {
                    Some(path) => std::fs::write(&path, elf)
                        .map_err(|e| format!("amdgpu-mc: error: {path}: {}", io_msg(&e)))?,
                    None => out.write_all(&elf).map_err(io)?,
                }
                return Ok(0);
            }
            if filetype != "asm" && filetype != "bin" {
                return Err(format!(
                    "amdgpu-mc: error: unknown --filetype '{filetype}' (asm, obj or bin)"
                ));
            }
            let show_encoding = show_encoding || filetype == "asm";
            let src = String::from_utf8(bytes).map_err(|e| {
                format!(
                    "{name}: error: input is not UTF-8 text (byte {})",
                    e.utf8_error().valid_up_to()
                )
            })?;
            if t.gen.is_r600() {
                if show_encoding && output.is_none() {
                    return r600::show_encoding(t, &name, &src);
                }
                return r600::asm(t, &name, &src, output.as_deref());
            }
            // Listings and raw bytes come from the object reader too: sections,
            // directives and labels as in an object.
            let base = input
                .as_deref()
                .and_then(|p| std::path::Path::new(p).parent().map(|d| d.to_path_buf()));
            let read = move |f: &str| -> Result<String, String> {
                let p = match &base {
                    Some(d) => d.join(f),
                    None => std::path::PathBuf::from(f),
                };
                std::fs::read_to_string(&p).map_err(|e| io_msg(&e))
            };
            let bytes_only = !show_encoding || output.is_some();
            let a =
                amdgpu_mc::mc::assemble_listing(t, xnack, sramecc, &src, Some(&read), bytes_only);
            for d in &a.diags {
                eprintln!("{}", d.render(&name));
            }
            if show_encoding {
                a.write_text(t, &mut out).map_err(io)?;
            }
            if bytes_only {
                let code = a.text_bytes();
                match output {
                    Some(path) => std::fs::write(&path, code)
                        .map_err(|e| format!("amdgpu-mc: error: {path}: {}", io_msg(&e)))?,
                    None => out.write_all(code).map_err(io)?,
                }
            }
            Ok(if a.diags.is_empty() { 0 } else { 1 })
        }
        Cmd::Disasm {
            mcpu,
            hex,
            show_encoding,
            input,
        } => {
            let input = input.filter(|i| i != "-");
            let (name, raw) = read_input(&input)?;
            let want = mcpu.as_deref().map(target).transpose()?;
            if !hex && amdgpu_mc::code_object::looks_like_code_object(&raw) {
                let objs = amdgpu_mc::code_object::load(&raw, mcpu.as_deref())
                    .map_err(|e| format!("{name}: error: {e}"))?;
                if let Some(obj) = objs.first() {
                    if let Some(t) = r600::object_target(want, obj) {
                        return r600::object(t, &name, obj);
                    }
                }
                let mut text = String::new();
                let skipped = amdgpu_mc::objdump::write(&mut text, &name, &objs, want)
                    .map_err(|e| format!("error: {e}"))?;
                for s in &skipped {
                    eprintln!("amdgpu-mc: note: {s}");
                }
                out.write_all(text.as_bytes()).map_err(io)?;
                return Ok(0);
            }
            let t = want.ok_or_else(|| {
                format!("{name}: error: --mcpu is required for raw or --hex input")
            })?;
            if hex {
                let text = String::from_utf8(raw)
                    .map_err(|_| format!("{name}: error: input is not text"))?;
                return disassemble_hex(&mut out, t, &name, &text, show_encoding);
            }
            write_disassembly(&mut out, t, &name, &raw, show_encoding)
        }
        Cmd::Lint {
            mcpu,
            format,
            fix,
            redundant,
            output,
            inputs,
        } => lint::run(
            mcpu.as_deref(),
            &format,
            fix,
            redundant,
            output.as_deref(),
            &inputs,
        ),
    }
}

/// Disassembles byte text (`0x02,0x07 ...`).
fn disassemble_hex(
    out: &mut impl Write,
    t: Target,
    name: &str,
    text: &str,
    show_encoding: bool,
) -> Result<u8, String> {
    // Located like llvm-mc's diagnostics: the line and a caret under the token.
    let bytes = disasm::parse_hex(text).map_err(|(l, c, m)| {
        let src = text.lines().nth(l - 1).unwrap_or("");
        format!("{name}:{l}:{c}: error: {m}\n{src}\n{}^", " ".repeat(c - 1))
    })?;
    write_disassembly(out, t, name, &bytes, show_encoding)
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
    let mut text = String::new();
    for l in disasm::lines(t, bytes) {
        let _ = disasm::write_line(&mut text, t, bytes, &l, show_encoding);
    }
    out.write_all(text.as_bytes())
        .map_err(|e| format!("amdgpu-mc: error: {}", io_msg(&e)))?;
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
    let cli = Cli::parse_from(llvm_spellings(std::env::args()));
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(1)
        }
    }
}
