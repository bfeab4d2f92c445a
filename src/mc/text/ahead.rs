//! Binding ahead: the instruction lines of a large source bound on other threads
//! while the main thread reads the source in order.
//!
//! Reading stays on one thread (macros, `.set`, sections and labels make each line
//! depend on those before it); what other threads can do is the costly part of an
//! instruction line that depends on its text alone: lexing and binding it. The
//! source is cut into chunks of bytes; a worker takes the next chunk the main
//! thread has not reached and binds each line that reads as an instruction and
//! whose text it has not bound before (a repeated line is the main thread's memo's
//! work), leaving the chunk when the main thread overtakes it. The main thread
//! never waits: at a line a worker has bound, it takes the binding if it was made
//! from the very text the main thread would bind (the same bytes of the source,
//! known by their address), for the same target; any other
//! line (not bound yet, a directive, one inside a macro, one naming a symbol, one
//! that did not bind) it binds itself, as without threads.
//!
//! Why that is the same result: [`bind_instruction`] reads nothing but the target,
//! the line and the symbols it asks for by name; a worker's symbols answer nothing
//! and note that they were asked, and such a binding is dropped. So a kept binding
//! is what the main thread would have made.

use super::comments::{strip_comment, trim_end};
use super::statement::bind_instruction;
use super::symbols::{assignment, label_name};
use crate::inst::Inst;
use crate::syntax::bind::Routes;
use crate::syntax::error::Error;
use crate::syntax::expr::Symbols;
use crate::syntax::lex::ws;
use crate::target::Target;
use std::cell::Cell;
use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// Bytes of source in a chunk.
const CHUNK: usize = 64 << 10;
/// Smaller sources are read on the main thread alone (threads would cost more
/// than they save).
pub(super) const AHEAD_FROM: usize = 8 * CHUNK;

/// One line bound by a worker: where its text starts in the source, its length
/// and where the mnemonic starts in it, and the binding.
pub(super) struct Bound {
    at: usize,
    len: usize,
    mnemonic: usize,
    pub(super) inst: Inst,
    pub(super) cols: [u16; 8],
    pub(super) warning: Option<Error>,
}

/// A chunk's lines that workers bound, in source order, and how many of them the
/// main thread has passed.
#[derive(Default)]
struct Chunk {
    bound: Vec<Bound>,
    read: usize,
}

/// What the threads share of a source: the bindings workers made.
pub(super) struct Ahead {
    target: Target,
    /// The source's address and length (lines are known by their address in it).
    base: usize,
    len: usize,
    chunks: Vec<Mutex<Chunk>>,
    /// The chunk a worker looks at next, and where the main thread is in the source.
    next: AtomicUsize,
    main_at: AtomicUsize,
    stop: AtomicBool,
}

impl Ahead {
    /// What the threads share of `text` (a source with block comments blanked) for
    /// `target`, if it is large enough to share.
    pub(super) fn new(target: Target, text: &str) -> Option<Ahead> {
        if text.len() < AHEAD_FROM {
            return None;
        }
        Some(Ahead {
            target,
            base: text.as_ptr() as usize,
            len: text.len(),
            chunks: (0..text.len().div_ceil(CHUNK))
                .map(|_| Mutex::default())
                .collect(),
            // (The main thread starts at the first.)
            next: AtomicUsize::new(1),
            main_at: AtomicUsize::new(0),
            stop: AtomicBool::new(false),
        })
    }

    /// A worker: binds the lines of `text` (the source [`Ahead::new`] was given) in
    /// chunks ahead of the main thread until there are none or [`Ahead::stop`] is
    /// called.
    pub(super) fn work(&self, text: &str) {
        if text.as_ptr() as usize != self.base || text.len() != self.len {
            return;
        }
        let b = text.as_bytes();
        let mut seen = Seen::default();
        // (The worker's own routes, as the main thread keeps its own.)
        let mut routes = Routes::default();
        while !self.stop.load(Ordering::Relaxed) {
            let ahead = self.main_at.load(Ordering::Relaxed) / CHUNK + 1;
            let c = self.next.fetch_add(1, Ordering::Relaxed).max(ahead);
            if c >= self.chunks.len() {
                return;
            }
            self.next.fetch_max(c + 1, Ordering::Relaxed);
            // The lines that start in the chunk.
            let mut k = c * CHUNK;
            if b[k - 1] != b'\n' {
                k = memchr::memchr(b'\n', &b[k..]).map_or(b.len(), |n| k + n + 1);
            }
            let end = ((c + 1) * CHUNK).min(b.len());
            while k < end {
                // (Overtaken: the rest of the chunk is the main thread's.)
                if self.main_at.load(Ordering::Relaxed) >= k || self.stop.load(Ordering::Relaxed) {
                    break;
                }
                let e = memchr::memchr(b'\n', &b[k..]).map_or(b.len(), |n| k + n);
                if let Some(bound) = self.bind_line(&text[k..e], k, &mut seen, &mut routes) {
                    if let Ok(mut chunk) = self.chunks[c].lock() {
                        chunk.bound.push(bound);
                    }
                }
                k = e + 1;
            }
        }
    }

    /// Says the main thread has reached the line `text` (workers leave the lines
    /// before it).
    pub(super) fn reached(&self, text: &str) {
        if let Some(at) = self.offset(text) {
            self.main_at.store(at, Ordering::Relaxed);
        }
    }

    /// Says the main thread is done: workers stop.
    pub(super) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Where `text` starts in the source, if it is a piece of it.
    fn offset(&self, text: &str) -> Option<usize> {
        let at = (text.as_ptr() as usize).checked_sub(self.base)?;
        (at < self.len).then_some(at)
    }

    /// The binding of `line` (the mnemonic at `mnemonic`) for `target`, if a worker
    /// made it from the same bytes of the source; the main thread's call, in source
    /// order.
    pub(super) fn take(&self, line: &str, mnemonic: usize, target: Target) -> Option<Bound> {
        let at = self.offset(line)?;
        let mut chunk = self.chunks[at / CHUNK].lock().ok()?;
        let Chunk { bound, read } = &mut *chunk;
        while bound.get(*read).is_some_and(|b| b.at < at) {
            *read += 1;
        }
        let b = bound.get(*read).filter(|b| b.at == at)?;
        let same = b.len == line.len() && b.mnemonic == mnemonic && target == self.target;
        same.then(|| Bound {
            warning: b.warning.clone(),
            ..*b
        })
    }

    /// `line`, at `at` in the source, bound if it reads as an instruction, its text
    /// is not in `seen` (then it is added), and it names no symbol (the mnemonic's
    /// plain route from `routes`).
    fn bind_line(
        &self,
        raw: &str,
        at: usize,
        seen: &mut Seen,
        routes: &mut Routes,
    ) -> Option<Bound> {
        let line = trim_end(strip_comment(raw));
        let s = ws(line);
        // (What the main thread reads as an instruction: not a directive, a label or
        // an assignment.)
        if !s.as_bytes().first().is_some_and(u8::is_ascii_alphabetic) {
            return None;
        }
        let labelled = |r: &str| ws(r).starts_with(':');
        if line.contains(':') && label_name(s).is_ok_and(|(r, _)| labelled(r)) {
            return None;
        }
        if line.contains('=') && assignment(s).is_some() {
            return None;
        }
        if !seen.insert(crate::mc::memo::hash(line)) {
            return None;
        }
        let asked = Asked(Cell::new(false));
        let mut cols = [0; 8];
        let (inst, fixup, warning) =
            bind_instruction(self.target, line, s, &asked, &mut cols, Some(routes)).ok()?;
        if asked.0.get() || fixup.is_some() {
            return None;
        }
        // (`line` is the start of `raw`.)
        Some(Bound {
            at,
            len: line.len(),
            mnemonic: line.len() - s.len(),
            inst,
            cols,
            warning,
        })
    }
}

/// The texts a worker has bound, by their memo hash (already a hash: the set
/// takes it as it is).
type Seen = HashSet<u64, BuildHasherDefault<AsIs>>;

#[derive(Default)]
struct AsIs(u64);

impl Hasher for AsIs {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// A worker's symbols: none, and whether any was asked for.
struct Asked(Cell<bool>);

impl Symbols for Asked {
    fn value(&self, _: &str) -> Option<i64> {
        self.0.set(true);
        None
    }
}
