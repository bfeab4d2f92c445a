//! `amdgpu-mc objdump ARGS...` (and the binary run as `llvm-objdump`): llvm-objdump's
//! command line for AMDGPU code objects, printed by [`amdgpu_mc::objdump`] (as
//! `disasm` prints them).
//!
//! Options are read as llvm-objdump reads them: long options with two dashes, their
//! values after `=` (`--mcpu=gfx906`); one-letter options with one dash, several in
//! one argument (`-dr`), `-j`'s value joined or next. Input files, any number
//! (none: `a.out`; `-`: standard input). An option llvm-objdump has that is not
//! supported here is an error naming it, never ignored.

use amdgpu_mc::objdump::{Notes, Options, Piece, Scratch};
use amdgpu_mc::Target;

use super::io::{self, diag, Output};
use super::{jobs, limits, r600};
use std::cell::RefCell;
use std::io::{Read, Write};
use std::ops::{ControlFlow, Range};
use std::sync::Arc;

const USAGE: &str = "\
OVERVIEW: llvm-objdump's command line for AMDGPU code objects (amdgpu-mc objdump, or
amdgpu-mc run as llvm-objdump): ELF .o/.hsaco, clang offload bundles, .hip_fatbin hosts

USAGE: amdgpu-mc objdump [options] <input object files>

OPTIONS:
  -d, --disassemble             Disassemble the executable sections
  -h, --section-headers         Display the section headers (also --headers)
  -t, --syms                    Display the symbol table
  -r, --reloc                   Display the relocations (with -d, after each instruction)
  --disassemble-symbols=<a,b>   Disassemble only these symbols (implies -d)
  --no-leading-addr             No addresses before labels and relocations (--no-addresses)
  --no-show-raw-insn            Accepted; AMDGPU shows the words in a comment either way
  --mcpu=<name>                 Target processor (default: the object's)
  --triple=<triple>             Target triple (amdgcn-amd-amdhsa)
  --jobs=<n>                    Threads (default: one per core; an amdgpu-mc extension)
  --version, --help
";

/// What to print.
#[derive(Debug, Default)]
struct Args {
    opts: Option<Options>,
    disassemble: bool,
    headers: bool,
    syms: bool,
    reloc: bool,
    symbols: Option<Vec<String>>,
    no_leading_addr: bool,
    mcpu: Option<String>,
    triple: Option<String>,
    /// `--jobs=N` (amdgpu-mc's own: llvm-objdump has no such option).
    jobs: Option<std::num::NonZeroUsize>,
    inputs: Vec<String>,
    help: bool,
    version: bool,
}

fn err(msg: impl std::fmt::Display) -> String {
    format!("amdgpu-mc: error: {msg}")
}

fn unsupported(arg: &str) -> String {
    err(format!(
        "unsupported option '{arg}' (llvm-objdump's options supported here: see \
         amdgpu-mc objdump --help)"
    ))
}

/// Reads the command line as llvm-objdump does.
fn parse(argv: &[String]) -> Result<Args, String> {
    let mut a = Args::default();
    let mut only_inputs = false;
    for arg in argv {
        if only_inputs || arg == "-" || !arg.starts_with('-') {
            a.inputs.push(arg.clone());
            continue;
        }
        if arg == "--" {
            only_inputs = true;
            continue;
        }
        if let Some(long) = arg.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            let need = |v: Option<&str>| {
                v.map(str::to_string)
                    .ok_or_else(|| err(format!("option '--{name}' needs a value: --{name}=...")))
            };
            let flag = |v: Option<&str>| match v {
                None => Ok(true),
                Some(_) => Err(unsupported(arg)),
            };
            match name {
                "disassemble" => a.disassemble = flag(value)?,
                "section-headers" | "headers" => a.headers = flag(value)?,
                "syms" => a.syms = flag(value)?,
                "reloc" => a.reloc = flag(value)?,
                "no-leading-addr" | "no-addresses" => a.no_leading_addr = flag(value)?,
                "no-show-raw-insn" | "show-raw-insn" | "wide" => {
                    flag(value)?;
                }
                "disassemble-symbols" => {
                    let v = need(value)?;
                    a.symbols
                        .get_or_insert_with(Vec::new)
                        .extend(v.split(',').filter(|s| !s.is_empty()).map(String::from));
                }
                "mcpu" => a.mcpu = Some(need(value)?),
                "triple" => a.triple = Some(need(value)?),
                "jobs" => {
                    let v = need(value)?;
                    a.jobs = Some(jobs::parse_jobs(&v).map_err(|e| err(format!("--jobs: {e}")))?);
                }
                "help" => a.help = flag(value)?,
                "version" => a.version = flag(value)?,
                "disassemble-all" => {
                    return Err(err(format!(
                        "'{arg}' is not supported: it decodes every section (kernel \
                         descriptors as .amdhsa directives, data as instructions); -d \
                         disassembles the code"
                    )))
                }
                _ => return Err(unsupported(arg)),
            }
            continue;
        }
        // One-letter options, several in one argument.
        for c in arg[1..].chars() {
            match c {
                'd' => a.disassemble = true,
                'h' => a.headers = true,
                't' => a.syms = true,
                'r' => a.reloc = true,
                'v' => a.version = true,
                'D' => {
                    return Err(err(format!(
                        "'-D' (--disassemble-all) is not supported: it decodes every \
                         section (kernel descriptors as .amdhsa directives, data as \
                         instructions); -d disassembles the code (in '{arg}')"
                    )))
                }
                c => {
                    return Err(err(format!(
                        "unsupported option '-{c}' (in '{arg}'; llvm-objdump's options \
                         supported here: see amdgpu-mc objdump --help)"
                    )))
                }
            }
        }
    }
    Ok(a)
}

/// Runs `objdump` with `argv` (the arguments after the command or program name):
/// the exit status.
pub fn run(argv: &[String]) -> Result<u8, String> {
    let mut a = parse(argv)?;
    if a.help {
        io::write_all(None, &[], USAGE.as_bytes())?;
        return Ok(0);
    }
    if a.version {
        let v = format!(
            "amdgpu-mc {} (llvm-objdump's command line for AMDGPU)\n",
            env!("CARGO_PKG_VERSION")
        );
        io::write_all(None, &[], v.as_bytes())?;
        return Ok(0);
    }
    // (An empty list is no list.)
    a.symbols = a.symbols.take().filter(|s| !s.is_empty());
    let disassemble = a.disassemble || a.symbols.is_some();
    if !(disassemble || a.headers || a.syms || a.reloc) {
        // As llvm-objdump: the help, and exit status 2.
        io::write_all(None, &[], USAGE.as_bytes())?;
        io::diag(err("no action: give -d, -h, -t or -r"));
        return Ok(2);
    }
    if let Some(tr) = &a.triple {
        if tr.split('-').next() != Some("amdgcn") {
            return Err(err(format!(
                "unsupported --triple={tr} (amdgcn-amd-amdhsa)"
            )));
        }
    }
    let want = match a.mcpu.as_deref() {
        Some(m) if m.contains(':') => {
            return Err(err(format!(
                "--mcpu={m}: llvm-objdump takes a processor name, not a target id"
            )))
        }
        Some(m) => Some(Target::from_name(m).map_err(err)?),
        None => None,
    };
    a.opts = Some(Options {
        disassemble,
        section_headers: a.headers,
        symbol_table: a.syms,
        relocations: a.reloc,
        symbols: a.symbols.clone(),
        leading_addr: !a.no_leading_addr,
    });
    if a.inputs.is_empty() {
        a.inputs.push("a.out".into());
    }
    // (Closed standard output: each file says so, as one thread does.)
    let jobs = jobs::Jobs::new(jobs::threads(a.jobs));
    let parallel = jobs.parallel() && Output::stdout().is_ok();
    if parallel && a.inputs.len() > 1 {
        let (a, jobs) = (&a, &jobs);
        let files = a.inputs.iter().map(|input| {
            let small =
                std::fs::metadata(input).is_ok_and(|m| m.is_file() && m.len() <= SMALL_FILE);
            match small && input != "-" {
                true => File::Small(Box::new(move || load(a, input, want, jobs))),
                false => File::Loaded(load(a, input, want, jobs)),
            }
        });
        return Ok(print(jobs, files));
    }
    let mut status = 0;
    for input in &a.inputs {
        let printed = match load(&a, input, want, &jobs) {
            // (One input: its code objects share the threads, if it has several.)
            Ok(f) if parallel && f.objs.len() > 1 => {
                status = status.max(print(&jobs, std::iter::once(File::Loaded(Ok(f)))));
                continue;
            }
            f => f.and_then(stream),
        };
        if let Err(e) = printed {
            diag(e);
            status = 1;
        }
    }
    Ok(status)
}

/// An input file read and loaded, and how to print it.
pub struct Loaded {
    /// The file's name as shown.
    pub name: String,
    pub objs: Vec<amdgpu_mc::code_object::CodeObject>,
    /// `--mcpu`.
    pub want: Option<Target>,
    pub opts: Options,
    /// The disassembly asked for is of R600-family code: only the tables are
    /// printed, then an error.
    pub r600: bool,
    /// Before the messages of errors in the listing: `amdgpu-mc: error: ` as
    /// llvm-objdump's own, `error: ` for `disasm`.
    pub prefix: &'static str,
    /// Its listing failed (standard output could not be written, say): threads
    /// listing its pieces ([`print`]) make no more text of it, which would be
    /// dropped.
    pub failed: std::sync::atomic::AtomicBool,
}

impl Loaded {
    /// The message of an error in writing the listing.
    fn error(&self, e: amdgpu_mc::objdump::Error) -> String {
        match e {
            amdgpu_mc::objdump::Error::Io(e) => io::stdout_error(&e),
            e => format!("{}{e}", self.prefix),
        }
    }

    /// Writes the listing of `objs[range]` to `out`, with what it notes.
    fn write(&self, out: &mut dyn Write, range: Range<usize>) -> Result<Notes, String> {
        let objs = &self.objs[range];
        amdgpu_mc::objdump::write_with(out, &self.name, objs, self.want, &self.opts)
            .map_err(|e| self.error(e))
    }

    /// The pieces its listing is made in by threads ([`PIECE`] bytes of code
    /// each, about).
    fn pieces(&self) -> Vec<Piece> {
        amdgpu_mc::objdump::pieces(&self.name, &self.objs, self.want, &self.opts, PIECE)
    }

    /// The listing of `piece`, appended to `text` and handed to `full` a block at
    /// a time, made with this thread's scratch.
    fn write_piece(
        &self,
        text: &mut Vec<u8>,
        full: &mut dyn FnMut(&mut Vec<u8>),
        piece: &Piece,
    ) -> Result<Notes, String> {
        SCRATCH
            .with_borrow_mut(|scratch| {
                amdgpu_mc::objdump::write_piece_in_blocks(
                    text, full, scratch, &self.name, &self.objs, piece, self.want, &self.opts,
                )
            })
            .map_err(|e| self.error(e))
    }

    /// [`Loaded::write`] of every object, as [`Loaded::write_piece`] makes each
    /// piece in turn with this thread's scratch (which remembers the lines of the
    /// files it listed before).
    fn write_all_into(
        &self,
        text: &mut Vec<u8>,
        full: &mut dyn FnMut(&mut Vec<u8>),
    ) -> Result<Notes, String> {
        let mut all = Notes::default();
        for p in self.pieces() {
            let n = self.write_piece(text, full, &p)?;
            all.skipped.extend(n.skipped);
            all.missing.extend(n.missing);
        }
        Ok(all)
    }

    /// What is said after a listing written whole: the R600 error, or the notes.
    fn after(&self, notes: &Notes) -> Result<(), String> {
        if self.r600 {
            return Err(err(format!(
                "'{}': llvm-objdump has no disassembler for R600-family code (amdgpu-mc \
                 disasm prints it)",
                self.name
            )));
        }
        for s in io::skip_notes(notes.skipped.iter().map(String::as_str)) {
            diag(format_args!("amdgpu-mc: note: {s}"));
        }
        for (shown, sym) in &notes.missing {
            diag(format_args!(
                "amdgpu-mc: warning: '{shown}': failed to disassemble missing symbol {sym}"
            ));
        }
        Ok(())
    }
}

/// Writes a loaded file's listing to standard output as it is made, on this thread
/// (`--jobs=1`, or one code object), then what is said after it.
pub fn stream(file: Loaded) -> Result<(), String> {
    let mut out = Output::stdout()?;
    let notes = file.write(&mut out, 0..file.objs.len())?;
    out.finish()?;
    file.after(&notes)
}

/// An input file for [`print`]: loaded (or not: the error), or a small file to
/// be read and loaded by the thread that lists it.
pub enum File<'a> {
    Loaded(Result<Loaded, String>),
    Small(Box<dyn FnOnce() -> Result<Loaded, String> + Send + 'a>),
}

/// The most bytes a file read and listed whole on one thread may have: small
/// files are many, and each one's reading is as much work as its listing.
pub const SMALL_FILE: u64 = 1 << 20;

/// The bytes of code listed as one part (an object with more is cut at symbols):
/// about 10 MB of text, handed to the writer when made. A thread lists a run of
/// them ([`RUN`]), so an object's pieces are not spread over threads whose memos
/// would each learn its lines (two threads listing librocsparse piece by piece
/// decoded 5.45 M lines afresh against one thread's 4.13 M).
const PIECE: usize = 1 << 20;

thread_local! {
    /// (The lines of instructions a thread has seen, kept from piece to piece.)
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// The most pieces of one target listed in a row by one thread ([`Unit::Pieces`]).
const RUN: usize = 8;

/// A piece of the work of [`print`]: a file that could not be loaded, a small
/// file, or pieces of one's listing in a row, all for one target (`None`: a file
/// with no code objects; `first`, `last`: its first and last piece), which one
/// thread lists one after another with the lines its memo learns: the pieces of an
/// object are much alike, and so are a fat binary's neighbouring objects for one
/// target (`xnack+`, `xnack-`); two threads would each learn their lines.
enum Unit<'a> {
    Failed(String),
    Small(Box<dyn FnOnce() -> Result<Loaded, String> + Send + 'a>),
    Pieces {
        file: Arc<Loaded>,
        pieces: Vec<(Option<Piece>, bool, bool)>,
    },
}

/// A [`Unit`] done: its listing, what it notes, or its error.
enum Done {
    Failed(String),
    Objects {
        file: Arc<Loaded>,
        text: Vec<u8>,
        /// A copy held until its turn ([`jobs::Spare::copy_out`]).
        held: bool,
        notes: Result<Notes, String>,
        first: bool,
        last: bool,
    },
}

/// The pieces of each file: the file for a small one, else one per code object (a
/// file with none is one empty piece), in order. The files are loaded as the
/// pieces are pulled.
fn units<'a>(files: impl Iterator<Item = File<'a>>) -> impl Iterator<Item = Unit<'a>> {
    files.flat_map(|f| -> Vec<Unit> {
        let file = match f {
            File::Small(load) => return vec![Unit::Small(load)],
            File::Loaded(Ok(f)) => Arc::new(f),
            File::Loaded(Err(e)) => return vec![Unit::Failed(e)],
        };
        let mut pieces: Vec<Option<Piece>> = file.pieces().into_iter().map(Some).collect();
        if pieces.is_empty() {
            pieces.push(None);
        }
        let n = pieces.len();
        let target = |p: &Option<Piece>| p.as_ref().map(|p| &file.objs[p.object()].target);
        let mut units: Vec<Unit> = Vec::new();
        for (k, piece) in pieces.into_iter().enumerate() {
            let entry = (piece, k == 0, k + 1 == n);
            match units.last_mut() {
                Some(Unit::Pieces { pieces: run, .. })
                    if run.len() < RUN && target(&run[0].0) == target(&entry.0) =>
                {
                    run.push(entry)
                }
                _ => units.push(Unit::Pieces {
                    file: file.clone(),
                    pieces: vec![entry],
                }),
            }
        }
        units
    })
}

/// Lists `files` with the threads of `jobs`, each code object on its own: standard
/// output and standard error as [`stream`] on each file in turn writes them. Exit
/// status 1 when a file failed.
pub fn print<'a>(jobs: &jobs::Jobs, files: impl Iterator<Item = File<'a>>) -> u8 {
    let spare = jobs::Spare::default();
    let buffer = || spare.take_block();
    // The listing of a file (`None`) or a piece of one (`Some(None)`: nothing),
    // sent a block at a time as it is made: when its unit's turn has come, its
    // thread writes the block at once and takes the buffer back, to fill again
    // while it is in the cache (a piece's text, ten megabytes, made whole before
    // it is written goes to memory first: one thread listing in blocks of 64 MB
    // took a third more CPU time than in blocks of 256 KiB).
    let list = |file: Arc<Loaded>,
                mut piece: Option<Option<Piece>>,
                mut first: bool,
                last: bool,
                part: &mut dyn FnMut(Done)| {
        let mut text = buffer();
        // (After a failure the rest of the file is not written.)
        if file.failed.load(std::sync::atomic::Ordering::Relaxed) {
            piece = Some(None);
        }
        let mut full = |t: &mut Vec<u8>| {
            let block = std::mem::replace(t, buffer());
            part(Done::Objects {
                file: file.clone(),
                text: block,
                held: false,
                notes: Ok(Notes::default()),
                first,
                last: false,
            });
            first = false;
        };
        let notes = match piece {
            None => file.write_all_into(&mut text, &mut full),
            Some(Some(p)) => file.write_piece(&mut text, &mut full, &p),
            Some(None) => Ok(Notes::default()),
        };
        part(Done::Objects {
            file,
            text,
            held: false,
            notes,
            first,
            last,
        })
    };
    let work = |u: Unit, part: &mut dyn FnMut(Done)| match u {
        Unit::Failed(e) => part(Done::Failed(e)),
        Unit::Small(load) => match load() {
            Ok(file) => list(Arc::new(file), None, true, true, part),
            Err(e) => part(Done::Failed(e)),
        },
        Unit::Pieces { file, pieces } => {
            for (piece, first, last) in pieces {
                list(file.clone(), Some(piece), first, last, part);
            }
        }
    };
    let mut p = Printer {
        status: 0,
        current: None,
    };
    // (A part held until its turn is a copy: its thread fills the buffer again.)
    let hold = |done: Done| match done {
        Done::Objects {
            file,
            text,
            held: _,
            notes,
            first,
            last,
        } => Done::Objects {
            file,
            text: spare.copy_out(text),
            held: true,
            notes,
            first,
            last,
        },
        failed => failed,
    };
    jobs.ordered_parts(units(files), work, hold, |done| {
        match done {
            Done::Failed(e) => p.fail(e),
            Done::Objects {
                file,
                text,
                held,
                notes,
                first,
                last,
            } => {
                p.objects(&file, &text, notes, first, last);
                // (A part not held is written by the thread that filled it.)
                spare.written(text, held);
            }
        }
        ControlFlow::Continue(())
    });
    p.status
}

/// What [`print`] writes as the pieces come, in order.
struct Printer {
    status: u8,
    /// The file being written: its output and its notes so far (`None`: it
    /// failed, and the rest of it is not written, as one thread stops there).
    current: Option<(Output, Notes)>,
}

impl Printer {
    /// Says an error: the file fails.
    fn fail(&mut self, e: String) {
        diag(e);
        self.status = 1;
    }

    /// Says an error in `file`'s listing: the rest of it is not made.
    fn fail_file(&mut self, file: &Loaded, e: String) {
        file.failed
            .store(true, std::sync::atomic::Ordering::Relaxed);
        self.fail(e);
    }

    /// Writes a file's piece: `text`, made with `notes` (or an error after it);
    /// after the last piece, what is said after the file.
    fn objects(
        &mut self,
        file: &Loaded,
        text: &[u8],
        notes: Result<Notes, String>,
        first: bool,
        last: bool,
    ) {
        if first {
            match Output::stdout() {
                Ok(o) => self.current = Some((o, Notes::default())),
                Err(e) => return self.fail_file(file, e),
            }
        }
        let Some((out, all)) = self.current.as_mut() else {
            return;
        };
        let written = out.write_all(text).map_err(|e| io::stdout_error(&e));
        match written.and(notes) {
            Ok(n) => {
                all.skipped.extend(n.skipped);
                all.missing.extend(n.missing);
            }
            Err(e) => {
                // (What was written goes out before the error is said.)
                drop(self.current.take());
                return self.fail_file(file, e);
            }
        }
        if !last {
            return;
        }
        if let Some((out, all)) = self.current.take() {
            if let Err(e) = out.finish().and_then(|()| file.after(&all)) {
                self.fail(e);
            }
        }
    }
}

/// Reads and loads one input file (its code objects read by `jobs`).
fn load(a: &Args, input: &str, want: Option<Target>, jobs: &jobs::Jobs) -> Result<Loaded, String> {
    let opts = a.opts.as_ref().expect("options are set");
    let path = (input != "-").then_some(input);
    let (name, mut reader) = io::open_input(path).map_err(|_| {
        let e = std::fs::metadata(input).err();
        err(format!(
            "'{input}': {}",
            e.map_or("cannot be read".to_string(), |e| io::message(&e))
        ))
    })?;
    let raw = match io::map_file(path) {
        Some(raw) => raw,
        None => {
            let mut raw = Vec::new();
            reader
                .read_to_end(&mut raw)
                .map_err(|e| err(format!("'{name}': {}", io::message(&e))))?;
            raw.into()
        }
    };
    if !amdgpu_mc::code_object::looks_like_code_object(&raw) {
        return Err(err(format!(
            "'{name}': The file was not recognized as a valid object file"
        )));
    }
    let objs = jobs
        .load_objects(&raw, a.mcpu.as_deref(), &limits(None))
        .map_err(|e| err(format!("'{name}': {e}")))?;
    // R600-family code: what comes before the disassembly, then the error
    // llvm-objdump gives (it has no disassembler for it).
    let r600 = disassembles_r600(want, &objs, opts);
    let opts = match r600 {
        true => Options {
            disassemble: false,
            relocations: false,
            ..opts.clone()
        },
        false => opts.clone(),
    };
    Ok(Loaded {
        name,
        objs,
        want,
        opts,
        r600,
        prefix: "amdgpu-mc: error: ",
        failed: Default::default(),
    })
}

/// Whether the disassembly asked for is of R600-family code.
fn disassembles_r600(
    want: Option<Target>,
    objs: &[amdgpu_mc::code_object::CodeObject],
    opts: &Options,
) -> bool {
    opts.disassemble && objs.iter().any(|o| r600::object_target(want, o).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn grouped_letters_and_joined_values() {
        let a = parse(&args(
            "-dr --mcpu=gfx906 --disassemble-symbols=a,b --no-leading-addr x.o - y.o",
        ))
        .unwrap();
        assert!(a.disassemble && a.reloc && !a.headers && a.no_leading_addr);
        assert_eq!(a.mcpu.as_deref(), Some("gfx906"));
        assert_eq!(
            a.symbols.as_deref(),
            Some(&["a".to_string(), "b".into()][..])
        );
        assert_eq!(a.inputs, ["x.o", "-", "y.o"]);
    }

    #[test]
    fn unsupported_options_are_named() {
        for (cmd, named) in [
            ("--foo x.o", "'--foo'"),
            ("-dx x.o", "'-x'"),
            ("-D x.o", "'-D'"),
            ("--mcpu gfx906 x.o", "'--mcpu'"),
        ] {
            let e = parse(&args(cmd)).unwrap_err();
            assert!(e.contains(named), "{cmd}: {e}");
        }
    }
}
