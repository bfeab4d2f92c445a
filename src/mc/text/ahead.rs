//! Binding ahead: the instruction lines of a large source bound on other threads
//! while the main thread reads the source in order.
//!
//! Reading stays on one thread (macros, `.set`, sections and labels make each line
//! depend on those before it); what other threads can do is the costly part of an
//! instruction line that depends on its text alone: lexing and binding it. The
//! source's lines are cut into chunks; a worker takes the next chunk the main
//! thread has not reached and binds each line that reads as an instruction. The
//! main thread, at a line of a chunk a worker took, waits for the chunk and takes
//! the line's binding if it was made from the very text the main thread would bind,
//! for the same target; any other line (a directive, one inside a macro, one naming
//! a symbol, one that did not bind) it binds itself, as without threads.
//!
//! Why that is the same result: [`bind_instruction`] reads nothing but the target,
//! the line and the symbols it asks for by name; a worker's symbols answer nothing
//! and note that they were asked, and such a binding is dropped. So a kept binding
//! is what the main thread would have made.

use super::comments::{strip_comment, trim_end};
use super::statement::bind_instruction;
use super::symbols::{assignment, label_name};
use crate::inst::Inst;
use crate::syntax::error::Error;
use crate::syntax::expr::Symbols;
use crate::syntax::lex::ws;
use crate::target::Target;
use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU8, AtomicUsize, Ordering};
use std::sync::OnceLock;

/// Lines in a chunk.
const CHUNK: usize = 2048;
/// Sources of fewer lines are read on the main thread alone (threads would cost
/// more than they save).
pub(super) const AHEAD_FROM: usize = 4 * CHUNK;

/// A chunk no thread has taken yet, one a worker took, one the main thread reached.
const FREE: u8 = 0;
const WORKER: u8 = 1;
const MAIN: u8 = 2;

/// One line bound by a worker.
pub(super) struct Bound {
    /// The text bound (after comments and trailing blanks), as a range of the
    /// source, and where the mnemonic starts in it.
    at: u32,
    len: u32,
    mnemonic: u32,
    pub(super) inst: Inst,
    pub(super) cols: [u16; 8],
    pub(super) warning: Option<Error>,
}

/// A source's lines, their chunks and the bindings workers made.
pub(super) struct Ahead {
    target: Target,
    /// The source (with block comments blanked), and where each line starts.
    text: String,
    starts: Vec<u32>,
    state: Vec<AtomicU8>,
    done: Vec<OnceLock<Vec<Option<Bound>>>>,
    /// The chunk a worker looks at next.
    next: AtomicUsize,
    stop: AtomicBool,
}

impl Ahead {
    /// The lines of `text` (a source with block comments blanked) for `target`, if
    /// there are enough of them to share (and the positions fit 32 bits).
    pub(super) fn new(target: Target, text: &str) -> Option<Ahead> {
        if text.len() >= u32::MAX as usize {
            return None;
        }
        let mut starts = vec![0u32];
        starts.extend(memchr::memchr_iter(b'\n', text.as_bytes()).map(|k| k as u32 + 1));
        if starts.len() < AHEAD_FROM {
            return None;
        }
        let chunks = starts.len().div_ceil(CHUNK);
        Some(Ahead {
            target,
            text: text.to_string(),
            starts,
            state: (0..chunks).map(|_| AtomicU8::new(FREE)).collect(),
            done: (0..chunks).map(|_| OnceLock::new()).collect(),
            // (The main thread starts at the first.)
            next: AtomicUsize::new(1),
            stop: AtomicBool::new(false),
        })
    }

    /// A worker: binds chunks the main thread has not reached until there are none
    /// or [`Ahead::stop`] is called.
    pub(super) fn work(&self) {
        while !self.stop.load(Ordering::Relaxed) {
            let c = self.next.fetch_add(1, Ordering::Relaxed);
            if c >= self.state.len() {
                return;
            }
            if self.state[c]
                .compare_exchange(FREE, WORKER, Ordering::AcqRel, Ordering::Relaxed)
                .is_err()
            {
                continue;
            }
            // (A line that panics the binder binds on the main thread, which then
            // reports it as it would without threads; the chunk is done either way,
            // so that the main thread never waits for it in vain.)
            let bound = std::panic::catch_unwind(|| self.bind_chunk(c)).unwrap_or_default();
            let _ = self.done[c].set(bound);
        }
    }

    /// Says the main thread is done: workers stop after their chunk.
    pub(super) fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The binding of source line `number` (1-based) if a worker made it from
    /// `line` (the mnemonic at `mnemonic`) for `target`; the main thread's call, in
    /// source order. A chunk first reached here is the main thread's.
    pub(super) fn take(
        &self,
        number: usize,
        line: &str,
        mnemonic: usize,
        target: Target,
    ) -> Option<&Bound> {
        let k = number.checked_sub(1)?;
        let c = k / CHUNK;
        let state = self.state.get(c)?;
        let taken = state.compare_exchange(FREE, MAIN, Ordering::AcqRel, Ordering::Acquire);
        if taken.is_ok() {
            // (Workers go on past it.)
            self.next.fetch_max(c + 1, Ordering::Relaxed);
        }
        if taken.unwrap_or_else(|s| s) != WORKER {
            return None;
        }
        let b = self.done[c].wait().get(k % CHUNK)?.as_ref()?;
        let text = &self.text[b.at as usize..][..b.len as usize];
        (text == line && b.mnemonic as usize == mnemonic && target == self.target).then_some(b)
    }

    fn bind_chunk(&self, c: usize) -> Vec<Option<Bound>> {
        let lines = c * CHUNK..((c + 1) * CHUNK).min(self.starts.len());
        lines.map(|k| self.bind_line(k)).collect()
    }

    /// Line `k` (0-based) bound if it reads as an instruction and names no symbol.
    fn bind_line(&self, k: usize) -> Option<Bound> {
        let start = self.starts[k] as usize;
        let end = self
            .starts
            .get(k + 1)
            .map_or(self.text.len(), |&e| e as usize - 1);
        let raw = &self.text[start..end];
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
        let asked = Asked(Cell::new(false));
        let mut cols = [0; 8];
        let (inst, fixup, warning) =
            bind_instruction(self.target, line, s, &asked, &mut cols).ok()?;
        if asked.0.get() || fixup.is_some() {
            return None;
        }
        // (`line` is the start of `raw`.)
        Some(Bound {
            at: start as u32,
            len: line.len() as u32,
            mnemonic: (line.len() - s.len()) as u32,
            inst,
            cols,
            warning,
        })
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
