//! The assembler's one path, which both `asm` and `mc` (llvm-mc's command line) run:
//! the triple's check, the input, and the output asked for (an object, a listing,
//! raw bytes, or the disassembly of byte text).

use amdgpu_mc::mc::{Options, Style, Triple};
use amdgpu_mc::source::Source;
use amdgpu_mc::Target;

use super::io::{self, Output};
use super::{r600, report, stream_disassembly};

/// What to assemble, and how.
pub struct Job<'a> {
    /// The processor, and the xnack and sramecc settings (`None`: any).
    pub target: Target,
    pub xnack: Option<bool>,
    pub sramecc: Option<bool>,
    /// `asm`, `obj` or `bin` (`asm`'s); `null` too with `llvm`.
    pub filetype: Option<&'a str>,
    /// The target triple (`None`: amdgcn-amd-amdhsa).
    pub triple: Option<&'a str>,
    /// Read the input as byte text and disassemble it.
    pub disassemble: bool,
    pub show_encoding: bool,
    /// Reading stops after this many errors (`None`: no limit).
    pub error_limit: Option<usize>,
    /// The output file (`None`: standard output).
    pub output: Option<&'a str>,
    /// The input file (`None`: standard input).
    pub input: Option<&'a str>,
    /// Threads that may bind lines ahead of the reading (`asm --jobs`).
    pub threads: usize,
    /// llvm-mc's ways, for `mc` (`None`: `asm`'s).
    pub llvm: Option<Llvm<'a>>,
}

/// What llvm-mc's command line adds to `asm`'s: its default output (the text of
/// the assembly, as llvm-mc prints it), `-filetype=null`, and how files are found
/// and symbols set.
pub struct Llvm<'a> {
    /// `-I` directories, searched in order after the working directory.
    pub include_dirs: &'a [String],
    /// `--defsym NAME=VALUE`.
    pub defsyms: &'a [(String, i64)],
    /// `--amdhsa-code-object-version`.
    pub co_version: Option<u32>,
}

/// The triple's operating system (`amdgcn-amd-amdhsa`: `amdhsa`), if it names one.
pub fn triple_os(triple: &str) -> Option<&str> {
    triple.split('-').nth(2).filter(|s| !s.is_empty())
}

/// Checks the triple against the target and the output, for `asm --triple` and
/// `mc -triple` alike: the architecture must be the target's (`amdgcn`, or `r600`
/// for an R600-family processor), and an object is written only for an operating
/// system whose objects this crate writes as llvm-mc does (amdhsa, amdpal, mesa3d;
/// no triple means `amdgcn-amd-amdhsa`). `asm` holds every output to that
/// (`strict`); llvm-mc's text and disassembly take any amdgcn triple, as llvm-mc
/// does. Returns the triple an object is for.
pub fn check_triple(
    triple: Option<&str>,
    t: Target,
    object: bool,
    strict: bool,
) -> Result<Triple, String> {
    let Some(tr) = triple else {
        return Ok(Triple::default());
    };
    let arch = tr.split('-').next().unwrap_or("");
    let want = if t.gen.is_r600() { "r600" } else { "amdgcn" };
    if arch != want {
        return Err(format!(
            "amdgpu-mc: error: unsupported triple '{tr}' for {} (amdgcn-amd-amdhsa)",
            t.name
        ));
    }
    if t.gen.is_r600() {
        return Ok(Triple::default());
    }
    match Triple::parse(tr) {
        Ok(triple) => Ok(triple),
        Err(e) if object || strict => Err(format!("amdgpu-mc: error: {e}")),
        // (llvm-mc's text of an OS-less triple: as HSA's, without its header.)
        Err(_) => Ok(Triple::default()),
    }
}

/// Runs an assembly job: the exit status (0 clean, 1 errors).
pub fn run(job: &Job) -> Result<u8, String> {
    let t = job.target;
    let llvm = job.llvm.as_ref();
    let filetype = filetype(job);
    // (`null`, llvm-mc's: assembled as an object, nothing written.)
    let object = filetype == "obj" || (filetype == "null" && llvm.is_some());
    let triple = check_triple(job.triple, t, object && !job.disassemble, llvm.is_none())?;
    let input = job.input.filter(|i| *i != "-");
    let output = job.output.filter(|o| *o != "-");
    let inputs: Vec<&str> = input.iter().copied().collect();
    // Refused before any work: an output that is the input.
    io::refuse_input(output, &inputs)?;
    if job.disassemble {
        return disassemble_byte_text(job, input, output);
    }
    // (A large file mapped, used as it is where decoding would not change it;
    // else the bytes, mapped or read, decoded.)
    let mapped = io::map_text(input);
    let owned;
    let (name, src) = match (mapped.as_deref(), input) {
        (Some(m), Some(path)) => match Source::as_is(m) {
            Some(text) => (path.to_string(), text),
            None => {
                owned = io::decode(path, m.to_vec())?.text;
                (path.to_string(), owned.as_str())
            }
        },
        _ => {
            let (name, bytes) = io::read_input(input)?;
            owned = io::decode(&name, bytes)?.text;
            (name, owned.as_str())
        }
    };
    // The files `.include` and `.incbin` name: beside the input for `asm`, as
    // llvm-mc finds them for `mc`.
    let beside = io::include_reader(input);
    let beside_bytes = io::beside_reader(input);
    let search = io::search_path(llvm.map_or(&[], |l| l.include_dirs));
    let search_text = |f: &str| io::text_of(&search, f);
    let mut opts = Options {
        include: Some(match llvm {
            Some(_) => &search_text,
            None => &beside,
        }),
        incbin: Some(match llvm {
            Some(_) => &search,
            None => &beside_bytes,
        }),
        threads: job.threads,
        ..Options::default()
    };
    if let Some(l) = llvm {
        opts.defsyms = l.defsyms;
        opts.co_version = l.co_version;
    }
    opts.triple = Some(&triple);
    opts.error_limit = job.error_limit;
    if object {
        let write = filetype == "obj";
        return assemble_object(job, &name, src, &opts, write, output, &inputs);
    }
    if filetype != "asm" && (filetype != "bin" || llvm.is_some()) {
        return Err(match llvm {
            Some(_) => {
                format!("amdgpu-mc: error: unsupported -filetype={filetype} (asm, obj or null)")
            }
            None => format!("amdgpu-mc: error: unknown --filetype '{filetype}' (asm, obj or bin)"),
        });
    }
    if llvm.is_some() {
        return llvm_text(job, &name, src, &opts, &inputs);
    }
    asm_output(job, &name, src, &opts, filetype == "asm", output, &inputs)
}

/// The output type: as asked, else llvm-mc's text for `mc` and for `asm
/// --show-encoding`, raw bytes for plain `asm`.
fn filetype(job: &Job) -> String {
    job.filetype.map(str::to_string).unwrap_or_else(|| {
        match (job.llvm.is_some(), job.show_encoding) {
            (true, _) | (false, true) => "asm",
            (false, false) => "bin",
        }
        .into()
    })
}

/// Disassembles the input as byte text (read as bytes, as llvm-mc reads it, and
/// streamed as `disasm --hex` does); `mc` writes to `-o`, `asm` to standard output.
fn disassemble_byte_text(
    job: &Job,
    input: Option<&str>,
    output: Option<&str>,
) -> Result<u8, String> {
    let (name, mut reader) = io::open_input(input)?;
    let out = match job.llvm {
        Some(_) => output,
        None => None,
    };
    let t = job.target;
    stream_disassembly(&name, input, &mut reader, t, true, job.show_encoding, out)
}

/// Assembles an object and, if `write`, writes it to `output` (`None`: standard
/// output); nothing is written with errors.
fn assemble_object(
    job: &Job,
    name: &str,
    src: &str,
    opts: &Options,
    write: bool,
    output: Option<&str>,
    inputs: &[&str],
) -> Result<u8, String> {
    let a = amdgpu_mc::mc::assemble_object_with(job.target, job.xnack, job.sramecc, src, opts);
    report(name, &a.diags, &a.warnings);
    if !a.diags.is_empty() {
        return Ok(1);
    }
    if write {
        io::write_all(output, inputs, &a.elf())?;
    }
    Ok(0)
}

/// `asm`'s text and bytes: the listing goes to -o (or standard output) for
/// `--filetype asm` (`listing`), as llvm-mc writes it. An explicit `bin` with
/// --show-encoding: the listing to standard output and the bytes to -o.
fn asm_output(
    job: &Job,
    name: &str,
    src: &str,
    opts: &Options,
    listing: bool,
    output: Option<&str>,
    inputs: &[&str],
) -> Result<u8, String> {
    let t = job.target;
    let listing_out = match listing {
        true => output,
        false => None,
    };
    let show_encoding = job.show_encoding || listing;
    if t.gen.is_r600() {
        if show_encoding {
            return r600::show_encoding(t, name, src, listing_out, inputs);
        }
        return r600::asm(t, name, src, output, inputs);
    }
    // Listings and raw bytes come from the object reader too: sections,
    // directives and labels as in an object.
    let bytes_only = !show_encoding;
    let bytes_out = !listing && (bytes_only || output.is_some());
    let a = amdgpu_mc::mc::assemble_listing_with(t, job.xnack, job.sramecc, src, opts, bytes_only);
    report(name, &a.diags, &a.warnings);
    let failed = !a.diags.is_empty();
    if show_encoding {
        // (With errors, a file keeps its old contents; standard output has the
        // lines that assembled.)
        if failed && listing_out.is_some() {
            return Ok(1);
        }
        let mut out = Output::create(listing_out, inputs)?;
        a.write_text(t, &mut out).map_err(|e| match listing_out {
            Some(o) => format!("amdgpu-mc: error: {o}: {e}"),
            None => io::stdout_error(&e),
        })?;
        out.finish()?;
    }
    // Machine code with errors would be the other lines' code at shifted
    // offsets: none is written (an existing -o file stays as it was).
    if bytes_out && !failed {
        io::write_all(output, inputs, a.text_bytes())?;
    }
    Ok(failed as u8)
}

/// llvm-mc's text output (`-filetype=asm`, with `-show-encoding` or not): the
/// `.amdgcn_target` line for an HSA triple, then the listing in llvm-mc's style, to
/// `-o` or standard output. With errors a file is not written (llvm-mc keeps none),
/// standard output has the lines that assembled. Lines whose text llvm-mc prints
/// and the listing leaves out are told on standard error.
fn llvm_text(
    job: &Job,
    name: &str,
    src: &str,
    opts: &Options,
    inputs: &[&str],
) -> Result<u8, String> {
    let t = job.target;
    let opts = Options {
        style: Style::Llvm {
            encodings: job.show_encoding,
        },
        ..*opts
    };
    let a = amdgpu_mc::mc::assemble_listing_with(t, job.xnack, job.sramecc, src, &opts, false);
    report(name, &a.diags, &a.warnings);
    if let Some(first) = a.unlisted.first() {
        let more = match a.unlisted.len() - 1 {
            0 => String::new(),
            n => format!(" ({n} more such line{})", if n == 1 { "" } else { "s" }),
        };
        io::diag(format_args!(
            "{name}:{}:{}: note: {}{more}",
            first.line, first.col, first.msg
        ));
    }
    let failed = !a.diags.is_empty();
    let output = job.output.filter(|o| *o != "-");
    if failed && output.is_some() {
        return Ok(1);
    }
    let mut out = Output::create(output, inputs)?;
    // The defsym lines come first, then the target id (llvm-mc's order).
    let mut head = String::new();
    for (n, v) in opts.defsyms {
        head.push_str(&format!(".set {n}, {v}\n"));
    }
    if let Some(tr) = job.triple.filter(|tr| triple_os(tr) == Some("amdhsa")) {
        let id = amdgpu_mc::mc::text::target_id(&a.object);
        let id = id.rsplit("--").next().unwrap_or(&id);
        let vendor = tr
            .split('-')
            .nth(1)
            .filter(|v| !v.is_empty())
            .unwrap_or("unknown");
        head.push_str(&format!(
            "\t.amdgcn_target \"amdgcn-{vendor}-amdhsa--{id}\"\n"
        ));
    }
    out.put(head.as_bytes())?;
    a.write_text(t, &mut out).map_err(|e| match output {
        Some(o) => format!("amdgpu-mc: error: {o}: {e}"),
        None => io::stdout_error(&e),
    })?;
    out.finish()?;
    Ok(failed as u8)
}
