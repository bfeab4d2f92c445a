//! Input and output of the command line, made safe:
//!
//! - Standard output and standard error are written through handles taken when the
//!   program starts (duplicates of descriptors 1 and 2). One that was closed when the
//!   program started is an error when written, not output silently dropped. Rust's
//!   runtime puts `/dev/null` on closed descriptors 0-2 before `main`, so they are
//!   looked at before it does, by a function in `.init_array` (on Linux), which the C
//!   runtime calls before `main`. Any `/dev/null` the caller opened, write-only or
//!   read-write (as Python's `subprocess.DEVNULL` does), is written to like any
//!   other output.
//! - Every write and flush error, on standard output, standard error or a file, is
//!   an error: a message and exit status 1, never a panic, never exit 0.
//! - A regular output file is written to a temporary file beside it and renamed over
//!   it only when everything was written and the command succeeded, so a failed
//!   command leaves the old file as it was. An output that is one of the inputs (the
//!   same device and inode, whatever the path, symlink or hard link) is refused.
//! - Text input is decoded once, by [`amdgpu_mc::source::Source`].

use amdgpu_mc::code_object::Bytes;
use amdgpu_mc::mc::text::ReadError;
use amdgpu_mc::source::Source;
use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::os::fd::AsFd;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock};

/// The handles of standard output and error taken at start (`None`: closed).
struct Std {
    out: Option<File>,
    err: Mutex<Option<File>>,
}

static STD: OnceLock<Std> = OnceLock::new();
/// Set when a write to standard error failed: the exit status becomes 1.
static ERR_FAILED: AtomicBool = AtomicBool::new(false);

/// Takes the standard output and error handles. Call first thing in `main`, before
/// any file is opened.
pub fn init() {
    let dup = |fd: std::os::fd::BorrowedFd<'_>, n: u32| {
        if closed_at_start(n) {
            return None;
        }
        fd.try_clone_to_owned().ok().map(File::from)
    };
    let out = dup(std::io::stdout().as_fd(), 1);
    let err = dup(std::io::stderr().as_fd(), 2);
    let _ = STD.set(Std {
        out,
        err: Mutex::new(err),
    });
}

/// Whether standard output and standard error (descriptors 1 and 2) were closed when
/// the program started.
static CLOSED_AT_START: [AtomicBool; 3] = [
    AtomicBool::new(false),
    AtomicBool::new(false),
    AtomicBool::new(false),
];

/// Called by the C runtime before `main`, and so before Rust's runtime opens
/// `/dev/null` on closed standard descriptors: a descriptor that cannot be duplicated
/// is closed.
#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static SEE_CLOSED_DESCRIPTORS: extern "C" fn() = see_closed_descriptors;

#[cfg(target_os = "linux")]
extern "C" fn see_closed_descriptors() {
    let closed = |fd: std::os::fd::BorrowedFd<'_>| fd.try_clone_to_owned().is_err();
    CLOSED_AT_START[0].store(closed(std::io::stdin().as_fd()), Ordering::Relaxed);
    CLOSED_AT_START[1].store(closed(std::io::stdout().as_fd()), Ordering::Relaxed);
    CLOSED_AT_START[2].store(closed(std::io::stderr().as_fd()), Ordering::Relaxed);
}

/// Whether descriptor `fd` (0, 1 or 2) was closed when the program started.
fn closed_at_start(fd: u32) -> bool {
    CLOSED_AT_START[fd as usize].load(Ordering::Relaxed)
}

/// Writes a line to standard error; a failure makes the exit status 1 (see
/// [`stderr_failed`]) and is otherwise ignored (there is nowhere left to say it).
pub fn diag(line: impl std::fmt::Display) {
    let ok = STD.get().is_some_and(|s| {
        let mut err = s.err.lock().unwrap_or_else(|p| p.into_inner());
        err.as_mut()
            .is_some_and(|f| writeln!(f, "{line}").and_then(|_| f.flush()).is_ok())
    });
    if !ok {
        ERR_FAILED.store(true, Ordering::Relaxed);
    }
}

/// Notes that a bundle's entries were skipped (`...: skipped: why`), each said
/// once in the order first made: a host library holds the same entry id for each
/// of its bundles (librocsparse: 111 entries for gfx1030), and one line says what
/// 111 identical lines did, with how many (`...: skipped 111 entries: why`).
pub fn skip_notes<'a>(notes: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    use std::collections::{hash_map::Entry, HashMap};
    // (Each note and how many times it was made, in the order first made.)
    let mut once: Vec<(&str, usize)> = Vec::new();
    let mut seen: HashMap<&str, usize> = HashMap::new();
    for n in notes {
        match seen.entry(n) {
            Entry::Occupied(k) => once[*k.get()].1 += 1,
            Entry::Vacant(v) => {
                v.insert(once.len());
                once.push((n, 1));
            }
        }
    }
    once.into_iter()
        .map(|(n, count)| match (count, n.split_once(": skipped: ")) {
            (2.., Some((head, why))) => format!("{head}: skipped {count} entries: {why}"),
            _ => n.to_string(),
        })
        .collect()
}

/// Whether a write to standard error failed.
pub fn stderr_failed() -> bool {
    ERR_FAILED.load(Ordering::Relaxed)
}

/// The most bytes a file an assembly input names may have (the expansion budget's):
/// `.include "/dev/zero"` ends there instead of reading until memory runs out.
const MAX_NAMED_FILE: u64 = 1 << 28;

/// The files `.include` and `.incbin` have read so far: an output may overwrite none
/// of them (see [`refuse_input`]).
static READ: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Reads a file an assembly input names, remembered in [`READ`]. A file that cannot
/// be opened or read (a directory too) is not found, as llvm-mc says.
fn read_named(p: &Path) -> Result<Vec<u8>, ReadError> {
    let f = File::open(p).map_err(|_| ReadError::NotFound)?;
    let mut b = Vec::new();
    f.take(MAX_NAMED_FILE + 1)
        .read_to_end(&mut b)
        .map_err(|_| ReadError::NotFound)?;
    if b.len() as u64 > MAX_NAMED_FILE {
        let mib = MAX_NAMED_FILE >> 20;
        return Err(ReadError::Unreadable(format!(
            "it is larger than {mib} MiB"
        )));
    }
    READ.lock()
        .unwrap_or_else(|e| e.into_inner())
        .push(p.to_path_buf());
    Ok(b)
}

/// The reader of files an assembly input includes (`.include`): a name is
/// taken relative to the input's directory (the working directory for standard input),
/// and its text decoded as the input's is.
pub fn include_reader(input: Option<&str>) -> impl Fn(&str) -> Result<String, ReadError> {
    let bytes = beside_reader(input);
    move |f: &str| text(bytes(f)?)
}

/// The reader of the bytes of files an assembly input names (`.incbin`), taken
/// relative to the input's directory as [`include_reader`] takes them.
pub fn beside_reader(input: Option<&str>) -> impl Fn(&str) -> Result<Vec<u8>, ReadError> {
    let base = input.and_then(|p| Path::new(p).parent().map(Path::to_path_buf));
    move |f: &str| match &base {
        Some(d) => read_named(&d.join(f)),
        None => read_named(Path::new(f)),
    }
}

/// The reader of files an assembly input names (`.include`, `.incbin`) as llvm-mc
/// finds them: the name as it is (from the working directory), then in each of
/// `dirs` (`-I`) in order.
pub fn search_path(dirs: &[String]) -> impl Fn(&str) -> Result<Vec<u8>, ReadError> + '_ {
    move |f: &str| {
        let mut last = match read_named(Path::new(f)) {
            Err(ReadError::NotFound) => ReadError::NotFound,
            r => return r,
        };
        for d in dirs {
            match read_named(&Path::new(d).join(f)) {
                Err(ReadError::NotFound) => last = ReadError::NotFound,
                r => return r,
            }
        }
        Err(last)
    }
}

/// A file `read` finds, as text decoded as the input's is.
pub fn text_of(
    read: &dyn Fn(&str) -> Result<Vec<u8>, ReadError>,
    f: &str,
) -> Result<String, ReadError> {
    text(read(f)?)
}

/// The bytes of a named file as text, decoded as the input's is.
fn text(bytes: Vec<u8>) -> Result<String, ReadError> {
    Source::from_vec(bytes)
        .map(|s| s.text)
        .map_err(|e| ReadError::Unreadable(format!("{}:{}: {e}", e.line, e.col)))
}

/// An I/O error as a message (without Rust's `(os error N)` suffix).
pub fn message(e: &std::io::Error) -> String {
    io_msg(e)
}

/// An I/O error without Rust's `(os error N)` suffix.
fn io_msg(e: &std::io::Error) -> String {
    let s = e.to_string();
    match s.find(" (os error") {
        Some(k) => s[..k].to_string(),
        None => s,
    }
}

/// The message for a failed read of input `name`.
pub fn read_error(name: &str, e: &std::io::Error) -> String {
    format!("amdgpu-mc: error: {name}: {}", io_msg(e))
}

/// The message for a failed write to standard output.
pub fn stdout_error(e: &std::io::Error) -> String {
    format!("amdgpu-mc: error: standard output: {}", io_msg(e))
}

/// An input file (`None`: standard input) as a reader, with its name for messages.
pub fn open_input(input: Option<&str>) -> Result<(String, Box<dyn Read>), String> {
    match input {
        Some(path) => std::fs::File::open(path)
            .map(|f| (path.to_string(), Box::new(f) as Box<dyn Read>))
            .map_err(|e| read_error(path, &e)),
        // (A closed standard input is an error, as llvm-mc says it, not empty
        // input: the runtime puts /dev/null there before `main`.)
        None if closed_at_start(0) => {
            Err("amdgpu-mc: error: <stdin>: Bad file descriptor".to_string())
        }
        None => Ok(("<stdin>".to_string(), Box::new(std::io::stdin()))),
    }
}

/// Reads a whole input file (`None`: standard input): its name for messages, and
/// its bytes.
pub fn read_input(input: Option<&str>) -> Result<(String, Vec<u8>), String> {
    let (name, mut reader) = open_input(input)?;
    let mut b = Vec::new();
    reader
        .read_to_end(&mut b)
        .map_err(|e| read_error(&name, &e))?;
    Ok((name, b))
}

/// The bytes of the regular file at `path`, mapped rather than read, when it is
/// large enough for that to pay: reading a fat binary of a gigabyte into memory is
/// mostly the kernel filling fresh pages, and its code objects then share the
/// mapping (`code_object::load_in`) instead of being copied out of it. `None` for
/// standard input, a small file, one that is not a regular file, or any failure:
/// the caller reads it, and says its errors.
///
/// As llvm-objdump's mapped inputs, the mapping assumes nobody truncates the file
/// while it is read.
pub fn map_file(path: Option<&str>) -> Option<Bytes> {
    map_from(path, 1 << 20)
}

/// The regular file at `path`, mapped as [`map_file`] maps, when it is 64 KiB or
/// more: for source text, whose bytes are mostly its text as they are
/// (`Source::as_is`). Assembly read into fresh memory costs a page fault every 4
/// KiB (a sixth of the kernel's time assembling 2.4 MB), a mapping of the cached
/// file one every 64 KiB. `None` otherwise: the caller reads it.
pub fn map_text(path: Option<&str>) -> Option<Bytes> {
    map_from(path, 1 << 16)
}

/// [`map_file`] for files of at least `min` bytes.
fn map_from(path: Option<&str>, min: u64) -> Option<Bytes> {
    let f = File::open(path?).ok()?;
    let meta = f.metadata().ok()?;
    if !meta.is_file() || meta.len() < min {
        return None;
    }
    // SAFETY: the map is read only; its bytes change only if another process
    // writes the file meanwhile, the assumption every tool that maps its input
    // makes (see above).
    let map = unsafe { memmap2::Mmap::map(&f) }.ok()?;
    Some(Bytes::from_owner(map))
}

/// Input bytes as source text, or the located error.
pub fn decode(name: &str, bytes: Vec<u8>) -> Result<Source, String> {
    Source::from_vec(bytes).map_err(|e| e.render(name))
}

/// Reads an input file as source text.
pub fn read_text(path: &str) -> Result<Source, String> {
    let (name, bytes) = read_input(Some(path))?;
    decode(&name, bytes)
}

/// Where output goes: standard output, a regular file written through a temporary
/// file beside it, or another kind of file (a device, a pipe) written directly.
pub struct Output {
    w: BufWriter<File>,
    /// Shown in messages.
    name: String,
    /// (temporary file, target) for a regular file.
    rename: Option<(PathBuf, PathBuf)>,
    done: bool,
}

impl Output {
    /// Standard output.
    pub fn stdout() -> Result<Output, String> {
        let f = STD
            .get()
            .and_then(|s| s.out.as_ref())
            .and_then(|f| f.try_clone().ok())
            .ok_or("amdgpu-mc: error: standard output: it is closed")?;
        Ok(Output {
            w: BufWriter::with_capacity(1 << 16, f),
            name: "standard output".into(),
            rename: None,
            done: false,
        })
    }

    /// `path`, or standard output for `None` or `-`. `inputs` are the files read:
    /// an output that is one of them is refused.
    pub fn create(path: Option<&str>, inputs: &[&str]) -> Result<Output, String> {
        let Some(path) = path.filter(|p| *p != "-") else {
            return Output::stdout();
        };
        let err = |what: String| format!("amdgpu-mc: error: {path}: {what}");
        refuse_input(Some(path), inputs)?;
        if let Ok(meta) = std::fs::metadata(path) {
            if !meta.is_file() {
                // A device or a pipe: no rename over it.
                let f = File::options()
                    .write(true)
                    .open(path)
                    .map_err(|e| err(io_msg(&e)))?;
                return Ok(Output {
                    w: BufWriter::with_capacity(1 << 16, f),
                    name: path.to_string(),
                    rename: None,
                    done: false,
                });
            }
        }
        // The file a symlink names is the one replaced (made, if the link dangles),
        // and the link stays.
        let target = follow_links(Path::new(path)).map_err(err)?;
        let dir = match target.parent() {
            Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let base = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_else(|| "out".into());
        let (f, tmp) = create_temp(&dir, &base).map_err(|e| err(io_msg(&e)))?;
        if let Ok(meta) = std::fs::metadata(&target) {
            let _ = f.set_permissions(meta.permissions());
        }
        Ok(Output {
            w: BufWriter::with_capacity(1 << 16, f),
            name: path.to_string(),
            rename: Some((tmp, target)),
            done: false,
        })
    }

    /// The error of a failed write, as a message.
    fn fail(&self, e: &std::io::Error) -> String {
        format!("amdgpu-mc: error: {}: {}", self.name, io_msg(e))
    }

    /// Writes `bytes`.
    pub fn put(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.w.write_all(bytes).map_err(|e| self.fail(&e))
    }

    /// Flushes everything and, for a regular file, puts it in place of the target.
    pub fn finish(mut self) -> Result<(), String> {
        self.w.flush().map_err(|e| self.fail(&e))?;
        if let Some((tmp, target)) = &self.rename {
            self.w.get_ref().sync_all().map_err(|e| self.fail(&e))?;
            std::fs::rename(tmp, target).map_err(|e| self.fail(&e))?;
            signals::forget();
        }
        self.done = true;
        Ok(())
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.w.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.w.flush()
    }
}

impl Drop for Output {
    /// Not finished (an error, or nothing to write): the temporary file goes, and the
    /// target stays as it was.
    fn drop(&mut self) {
        if let (false, Some((tmp, _))) = (self.done, &self.rename) {
            let _ = std::fs::remove_file(tmp);
            signals::forget();
        }
    }
}

/// Refuses an output (`None` or `-`: standard output) that is one of the inputs:
/// the same device and inode, whatever the path, symlink or hard link. Nothing is
/// opened (a pipe must not see an early end).
pub fn refuse_input(path: Option<&str>, inputs: &[&str]) -> Result<(), String> {
    let Some(path) = path.filter(|p| *p != "-") else {
        return Ok(());
    };
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(());
    };
    let read = READ.lock().unwrap_or_else(|e| e.into_inner());
    let named = inputs.iter().filter(|i| **i != "-").map(Path::new);
    for input in named.chain(read.iter().map(PathBuf::as_path)) {
        if let Ok(m) = std::fs::metadata(input) {
            if (m.dev(), m.ino()) == (meta.dev(), meta.ino()) {
                return Err(format!(
                    "amdgpu-mc: error: {path}: the output is the input file {}; \
                     refusing to overwrite it",
                    input.display()
                ));
            }
        }
    }
    Ok(())
}

/// `path` with its symbolic links followed to the file they name, which need not
/// exist (a dangling link names the file to make). A loop is an error.
fn follow_links(path: &Path) -> Result<PathBuf, String> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let to = std::fs::read_link(&p).map_err(|e| io_msg(&e))?;
                p = match p.parent() {
                    Some(dir) if to.is_relative() => dir.join(to),
                    _ => to,
                };
            }
            _ => return Ok(p),
        }
    }
    Err("Too many levels of symbolic links".into())
}

/// The temporary output file removed when SIGINT, SIGTERM or SIGHUP ends the
/// program, so an interrupted `-o` leaves nothing behind (on Linux; elsewhere the
/// file stays, as it would after a crash).
mod signals {
    use std::path::Path;

    #[cfg(target_os = "linux")]
    mod imp {
        use std::ffi::{c_char, c_int, CString};
        use std::os::unix::ffi::OsStrExt;
        use std::path::Path;
        use std::sync::atomic::{AtomicBool, AtomicPtr, Ordering};
        use std::sync::OnceLock;

        extern "C" {
            fn signal(sig: c_int, handler: usize) -> usize;
            fn unlink(path: *const c_char) -> c_int;
            fn raise(sig: c_int) -> c_int;
        }
        const SIGNALS: [c_int; 3] = [1, 2, 15];
        const SIG_DFL: usize = 0;
        static TEMP: AtomicPtr<c_char> = AtomicPtr::new(std::ptr::null_mut());
        static INSTALLED: OnceLock<()> = OnceLock::new();
        static BUSY: AtomicBool = AtomicBool::new(false);

        /// Removes the file (unlink is async-signal-safe), then dies of the signal.
        extern "C" fn on_signal(sig: c_int) {
            if !BUSY.swap(true, Ordering::SeqCst) {
                let p = TEMP.swap(std::ptr::null_mut(), Ordering::SeqCst);
                if !p.is_null() {
                    // SAFETY: `p` is a NUL-terminated path leaked by `remove_on_signal`.
                    unsafe { unlink(p) };
                }
            }
            // SAFETY: restoring the default action and raising the signal again ends
            // the process as the signal would have.
            unsafe {
                signal(sig, SIG_DFL);
                raise(sig);
            }
        }

        pub fn remove_on_signal(path: &Path) {
            let Ok(c) = CString::new(path.as_os_str().as_bytes()) else {
                return;
            };
            INSTALLED.get_or_init(|| {
                for s in SIGNALS {
                    // SAFETY: installs a handler that only calls async-signal-safe
                    // functions.
                    unsafe { signal(s, on_signal as extern "C" fn(c_int) as usize) };
                }
            });
            let old = TEMP.swap(c.into_raw(), Ordering::SeqCst);
            if !old.is_null() {
                // SAFETY: made by `CString::into_raw` here.
                drop(unsafe { CString::from_raw(old) });
            }
        }

        pub fn forget() {
            let old = TEMP.swap(std::ptr::null_mut(), Ordering::SeqCst);
            if !old.is_null() {
                // SAFETY: made by `CString::into_raw` in `remove_on_signal`.
                drop(unsafe { CString::from_raw(old) });
            }
        }
    }

    /// Removes `path` if a signal ends the program before [`forget`].
    pub fn remove_on_signal(path: &Path) {
        #[cfg(target_os = "linux")]
        imp::remove_on_signal(path);
        #[cfg(not(target_os = "linux"))]
        let _ = path;
    }

    /// The temporary file is gone or in place: nothing to remove any more.
    pub fn forget() {
        #[cfg(target_os = "linux")]
        imp::forget();
    }
}

/// Creates a new temporary file in `dir` named after `base`, removed if a signal
/// ends the process before it is renamed.
fn create_temp(dir: &Path, base: &str) -> std::io::Result<(File, PathBuf)> {
    let pid = std::process::id();
    let mut last = None;
    for k in 0..100u32 {
        let p = dir.join(format!(".{base}.{pid}.{k}.tmp"));
        // (Named to the signal handler before it is made: a signal in between would
        // leave it behind.)
        signals::remove_on_signal(&p);
        match File::options().write(true).create_new(true).open(&p) {
            Ok(f) => return Ok((f, p)),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                signals::forget();
                last = Some(e);
            }
            Err(e) => {
                signals::forget();
                return Err(e);
            }
        }
    }
    Err(last.unwrap_or_else(|| std::io::Error::other("no temporary file name left")))
}

/// Writes `bytes` to `path` (or standard output) as one output, finished at once.
pub fn write_all(path: Option<&str>, inputs: &[&str], bytes: &[u8]) -> Result<(), String> {
    let mut o = Output::create(path, inputs)?;
    o.put(bytes)?;
    o.finish()
}

#[cfg(test)]
mod tests {
    /// Each note once, in the order first made, a repeated one with its count.
    #[test]
    fn skip_notes_say_each_once_with_its_count() {
        let why = "unknown target 'gfx1030'; valid targets are: gfx906";
        let a = format!("lib.so:hipv4-amdgcn-amd-amdhsa--gfx1030: skipped: {why}");
        let b = format!("lib.so:hipv4-amdgcn-amd-amdhsa--gfx1100: skipped: {why}");
        let said = super::skip_notes([a.as_str(), b.as_str(), a.as_str(), a.as_str()]);
        assert_eq!(
            said,
            [
                format!("lib.so:hipv4-amdgcn-amd-amdhsa--gfx1030: skipped 3 entries: {why}"),
                b,
            ]
        );
        assert!(super::skip_notes([]).is_empty());
    }
}
