//! Many inputs on all cores, the output as one thread writes it.
//!
//! Inputs are cut into units (a text file, a code object of a file); threads from a
//! rayon pool work on a window of units ahead of the one being written. Each unit's
//! result (its text, its diagnostics) is written in input order: by its own thread
//! as it makes it when its turn has come, else when the unit before it is done, by
//! the thread that finishes that one. What a thread makes is a unit's output only,
//! and at most a window of units is held: a run over a thousand files holds a few
//! units' output, never the whole run's. The calling thread pulls the units (it
//! may read and load inputs) and keeps the window full.

use amdgpu_mc::code_object::{self, Bytes};
use rayon::prelude::*;
use std::collections::{BTreeMap, VecDeque};
use std::num::NonZeroUsize;
use std::ops::ControlFlow;
use std::panic::{self, AssertUnwindSafe};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex, OnceLock};

/// Units in flight (being worked on, or done and waiting for their turn) per
/// thread: enough that a thread finding a small unit finds the next one ready,
/// few enough that the output held stays a few units'.
const WINDOW_PER_THREAD: usize = 4;

/// `--jobs N`: how many threads (at least 1). `None`: one per available core.
pub fn threads(jobs: Option<NonZeroUsize>) -> usize {
    jobs.or_else(|| std::thread::available_parallelism().ok())
        .map_or(1, NonZeroUsize::get)
}

/// A `--jobs` value: a whole number of threads, at least 1.
pub fn parse_jobs(s: &str) -> Result<NonZeroUsize, String> {
    s.parse::<NonZeroUsize>()
        .map_err(|_| format!("'{s}' is not a number of threads (1 or more)"))
}

/// The threads of a command: a rayon pool, made when work first comes that can
/// use it (two units or more), or none (one thread, the caller's).
pub struct Jobs {
    /// `--jobs`, and the number of threads it says ([`threads`]: asking the system
    /// for its cores reads a few files, which a run with one small input never needs).
    request: Option<NonZeroUsize>,
    threads: OnceLock<usize>,
    pool: OnceLock<Option<rayon::ThreadPool>>,
}

impl Jobs {
    /// `threads` threads; with one (or if no pool can be made) the work runs on
    /// the calling thread, as the commands ran before they had threads. (The pool's
    /// threads are started when there is work for them: a command with one small
    /// input, most runs, would pay half a millisecond of CPU time for them.)
    pub fn new(threads: usize) -> Jobs {
        Jobs {
            request: None,
            threads: OnceLock::from(threads),
            pool: OnceLock::new(),
        }
    }

    /// The threads `--jobs` asks for ([`threads`]), counted when first needed.
    pub fn of(request: Option<NonZeroUsize>) -> Jobs {
        Jobs {
            request,
            threads: OnceLock::new(),
            pool: OnceLock::new(),
        }
    }

    /// How many threads.
    fn threads(&self) -> usize {
        *self.threads.get_or_init(|| threads(self.request))
    }

    /// Whether work may run on other threads than the caller's.
    pub fn parallel(&self) -> bool {
        self.threads() > 1
    }

    /// The pool, made at the first call; `None` with one thread, or if it cannot
    /// be made.
    fn pool(&self) -> Option<&rayon::ThreadPool> {
        let n = self.threads();
        if n <= 1 {
            return None;
        }
        let pool = self
            .pool
            .get_or_init(|| rayon::ThreadPoolBuilder::new().num_threads(n).build().ok());
        pool.as_ref()
    }

    /// Reads the code objects in `bytes` as [`code_object::load_in`] does (they
    /// share `bytes`), each object's tables (sections, symbols) read on a thread
    /// of its own.
    pub fn load_objects(
        &self,
        bytes: &Bytes,
        want: Option<&str>,
        limits: &code_object::Limits,
    ) -> Result<Vec<code_object::CodeObject>, code_object::ElfError> {
        if !self.parallel() {
            return code_object::load_in(bytes, want, limits);
        }
        let found = code_object::find_in(bytes, want, limits)?;
        // (One object is read here: a job queued behind the pool's units would
        // hold up this thread, which writes their output.)
        let read = match found.unread() {
            [one] => vec![one.read()],
            all => match self.pool() {
                Some(pool) => pool.install(|| all.par_iter().map(|u| u.read()).collect()),
                None => all.iter().map(|u| u.read()).collect(),
            },
        };
        found.finish(read)
    }

    /// Runs `work` on each unit of `units` and hands the results to `emit` in the
    /// order of `units`, one at a time; `emit` breaking stops the run (the units in
    /// flight finish, their results are dropped). With threads, `emit` runs on the
    /// thread of the unit whose turn it is (or that finished the one before it),
    /// never on two at once.
    ///
    /// With one thread, each unit is worked on and emitted in turn on the calling
    /// thread. `units` is pulled on the calling thread, as the window empties: it may
    /// read and load inputs lazily.
    ///
    /// A panic in `work` is raised again on the calling thread when its unit's turn
    /// comes, as if the run were sequential.
    pub fn ordered<T, R>(
        &self,
        units: impl IntoIterator<Item = T>,
        work: impl Fn(T) -> R + Sync,
        emit: impl FnMut(R) -> ControlFlow<()> + Send,
    ) where
        T: Send,
        R: Send,
    {
        self.ordered_parts(units, |u, part| part(work(u)), |r| r, emit);
    }

    /// [`Jobs::ordered`] for units whose work hands over its results in parts, in
    /// order, as it makes them (`work` calls `part` for each): the thread of the
    /// unit whose turn it is emits each part itself as it comes; a later unit's
    /// parts are held until its turn, when they are emitted by the thread that
    /// finished the unit before it. (Parts handed to the calling thread to emit
    /// cost a wake-up each: `objdump -d` of the real code of `tools/all-cores.sh`
    /// on two threads switched threads 23,000 times, against 1,100 so.) A thread
    /// that makes a long unit (the pieces of a code object one after another, with
    /// the lines it has learned) holds no more of it than the parts made before its
    /// turn.
    ///
    /// A part of a unit whose turn has not come goes through `hold` on its thread
    /// before it is held: a part made in memory that its thread fills again (a
    /// text buffer, in the cache) can be copied out, and the copy held.
    pub fn ordered_parts<T, R>(
        &self,
        units: impl IntoIterator<Item = T>,
        work: impl Fn(T, &mut dyn FnMut(R)) + Sync,
        hold: impl Fn(R) -> R + Sync,
        emit: impl FnMut(R) -> ControlFlow<()> + Send,
    ) where
        T: Send,
        R: Send,
    {
        // (One thread, or one unit: each unit in turn here. With threads, the
        // second unit is pulled before the first is worked on, as the window would
        // pull it.)
        let mut rest = units.into_iter().peekable();
        let (mut first, mut pool) = (None, None);
        if self.parallel() {
            first = rest.next();
            if rest.peek().is_some() {
                pool = self.pool();
            }
        }
        let units = first.into_iter().chain(rest);
        let Some(pool) = pool else {
            let (mut emit, mut stop) = (emit, false);
            for u in units {
                work(u, &mut |r| stop = stop || emit(r).is_break());
                if stop {
                    return;
                }
            }
            return;
        };
        let window = pool.current_num_threads().saturating_mul(WINDOW_PER_THREAD);
        let turn = Mutex::new(Turn {
            next: 0,
            held: BTreeMap::new(),
            emit,
            stop: false,
            panic: None,
        });
        // (`Turn::next`, read without the lock: a unit's turn, once come, stays
        // until it is done.)
        let whose = AtomicUsize::new(0);
        let (turn, work, hold, whose) = (&turn, &work, &hold, &whose);
        pool.in_place_scope(|scope| {
            // (Each unit done and emitted says so: the window moves on.)
            let (tx, rx) = mpsc::channel::<()>();
            let mut units = units.into_iter().enumerate();
            let mut started = 0usize;
            loop {
                let (next, stop) = {
                    let t = lock(turn);
                    (t.next, t.stop)
                };
                if stop {
                    return;
                }
                while started - next < window {
                    let Some((k, u)) = units.next() else { break };
                    let tx = tx.clone();
                    scope.spawn(move |_| {
                        let mut part = |r| {
                            let r = match whose.load(Ordering::Acquire) == k {
                                true => r,
                                false => hold(r),
                            };
                            lock(turn).part(k, r)
                        };
                        let r = panic::catch_unwind(AssertUnwindSafe(|| work(u, &mut part)));
                        let mut t = lock(turn);
                        t.done(k, r);
                        whose.store(t.next, Ordering::Release);
                        drop(t);
                        // (The receiver is gone only when the run stopped.)
                        let _ = tx.send(());
                    });
                    started += 1;
                }
                if next == started {
                    return;
                }
                // (Every unit started sends once it is done, caught panic or not,
                // and this thread holds a sender: the receive cannot fail.)
                let Ok(()) = rx.recv() else { return };
            }
        });
        let panicked = lock(turn).panic.take();
        if let Some(p) = panicked {
            panic::resume_unwind(p);
        }
    }
}

/// [`Jobs::ordered_parts`]' state: whose turn it is, the parts held for the units
/// after it, and `emit`.
struct Turn<R, E> {
    /// The unit whose parts are emitted as they come.
    next: usize,
    /// The parts of units from `next` on that came before their turn, and whether
    /// each is done (with the panic it caught, if it did).
    held: BTreeMap<usize, (VecDeque<R>, Option<std::thread::Result<()>>)>,
    emit: E,
    /// `emit` broke, or a unit panicked: nothing more is emitted.
    stop: bool,
    /// The panic of the unit whose turn came, raised again by the calling thread.
    panic: Option<Box<dyn std::any::Any + Send>>,
}

impl<R, E: FnMut(R) -> ControlFlow<()>> Turn<R, E> {
    /// Unit `k`'s part: emitted if it is `k`'s turn, else held.
    fn part(&mut self, k: usize, r: R) {
        if self.stop {
            return;
        }
        if k != self.next {
            self.held.entry(k).or_default().0.push_back(r);
        } else if (self.emit)(r).is_break() {
            self.halt();
        }
    }

    /// Unit `k` is done: if it was its turn, the turn passes on, and what the next
    /// units hold is emitted, through each one done. (After a stop nothing more is
    /// emitted, and only the panic of the unit whose part broke is raised: one
    /// thread finishes that unit and goes no further.)
    fn done(&mut self, k: usize, r: std::thread::Result<()>) {
        if self.stop {
            if let (true, Err(p)) = (k == self.next, r) {
                self.panic = Some(p);
            }
            return;
        }
        self.held.entry(k).or_default().1 = Some(r);
        while let Some((parts, done)) = self.held.get_mut(&self.next) {
            while let Some(r) = parts.pop_front() {
                if (self.emit)(r).is_break() {
                    if let Some(Err(p)) = done.take() {
                        self.panic = Some(p);
                    }
                    return self.halt();
                }
            }
            match done.take() {
                None => return,
                Some(Ok(())) => {
                    self.held.remove(&self.next);
                    self.next += 1;
                }
                Some(Err(p)) => {
                    self.panic = Some(p);
                    return self.halt();
                }
            }
        }
    }

    /// Nothing more is emitted: what is held is dropped, and units still at work
    /// drop their parts as they come.
    fn halt(&mut self) {
        self.stop = true;
        self.held.clear();
    }
}

/// `m` locked; a panic while it was held (in `emit`, which is then a unit's panic,
/// raised again on the calling thread) leaves its state as it was.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Text buffers written out, handed back to be filled again by the threads: a unit's
/// text is megabytes, and a buffer allocated afresh costs a page fault per 4 KiB
/// every time.
///
/// A thread that writes out the buffer it has just filled keeps it ([`Spare::keep`])
/// and fills it again while it is in its cache. Text held for its turn is not: a
/// thread that fills buffers for a part held (half the text, with two threads) and
/// takes one from the common pool writes to memory out of its cache, every line's
/// stores missing (`disasm` of librocsparse on two threads, cachegrind with a
/// last level of one core's 2 MiB: 68.6 M data misses against one thread's 17.3 M).
/// So a held part is copied out of the buffer its thread fills
/// ([`Spare::copy_out`]): one block copy into memory out of the cache, which the
/// processor writes without reading it first.
#[derive(Default)]
pub struct Spare(Mutex<Vec<Vec<u8>>>);

/// The room a block's buffer is taken with ([`Spare::take_block`]): a block of
/// text ([`amdgpu_mc::objdump::BLOCK`]) and the line that ends it (most lines are
/// under 1 KiB; a longer one grows the buffer).
const BLOCK_BUFFER: usize = amdgpu_mc::objdump::BLOCK + (64 << 10);

/// The buffers a thread keeps for itself: the one it fills and the one it has
/// just handed over.
const KEPT: usize = 2;

thread_local! {
    /// (A thread's buffers written out as soon as it filled them: in its cache.)
    static KEPT_BUFFERS: std::cell::RefCell<Vec<Vec<u8>>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Spare {
    /// A buffer to fill: one this thread keeps, else an empty one handed back, else
    /// a new one.
    pub fn take(&self) -> Vec<u8> {
        KEPT_BUFFERS
            .with_borrow_mut(Vec::pop)
            .unwrap_or_else(|| self.take_common())
    }

    /// A buffer to fill with a block of text ([`Spare::take`], with room for it:
    /// the buffer is not grown as it is filled).
    pub fn take_block(&self) -> Vec<u8> {
        let mut text = self.take();
        text.reserve(BLOCK_BUFFER);
        text
    }

    fn take_common(&self) -> Vec<u8> {
        let mut all = self.0.lock().unwrap_or_else(|p| p.into_inner());
        all.pop().unwrap_or_default()
    }

    /// Hands `text` back, emptied, to any thread.
    pub fn give(&self, mut text: Vec<u8>) {
        text.clear();
        self.0.lock().unwrap_or_else(|p| p.into_inner()).push(text);
    }

    /// Hands `text` back, emptied, to this thread, which filled it and has just
    /// written it out: it takes it again first.
    pub fn keep(&self, mut text: Vec<u8>) {
        text.clear();
        let more = KEPT_BUFFERS.with_borrow_mut(|kept| {
            if kept.len() < KEPT {
                kept.push(text);
                None
            } else {
                Some(text)
            }
        });
        if let Some(text) = more {
            self.give(text);
        }
    }

    /// Hands back a block's buffer once written out: a copy that was held
    /// ([`Spare::copy_out`]) to any thread, else to this thread, which filled it
    /// ([`Spare::keep`]).
    pub fn written(&self, text: Vec<u8>, held: bool) {
        match held {
            true => self.give(text),
            false => self.keep(text),
        }
    }

    /// A copy of `text` to hold until its turn, in a buffer of the common pool;
    /// `text` is kept by this thread ([`Spare::keep`]) to fill again.
    pub fn copy_out(&self, text: Vec<u8>) -> Vec<u8> {
        let mut held = self.take_common();
        held.extend_from_slice(&text);
        self.keep(text);
        held
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Units that finish out of order are emitted in order, with any number of
    /// threads.
    #[test]
    fn results_come_in_input_order() {
        for threads in [1, 2, 3, 8] {
            let mut got = Vec::new();
            Jobs::new(threads).ordered(
                0..100u64,
                |k| {
                    // (Later units finish sooner.)
                    std::thread::sleep(std::time::Duration::from_micros((100 - k) * 20));
                    k * k
                },
                |r| {
                    got.push(r);
                    ControlFlow::Continue(())
                },
            );
            assert_eq!(got, (0..100u64).map(|k| k * k).collect::<Vec<_>>());
        }
    }

    /// Units that hand over their results in parts: every part in input order, with
    /// any number of threads, later units' parts held while an earlier unit is still
    /// at work.
    #[test]
    fn parts_come_in_input_order() {
        for threads in [1, 2, 3, 8] {
            let mut got = Vec::new();
            Jobs::new(threads).ordered_parts(
                0..60u64,
                |k, part| {
                    for j in 0..k % 5 {
                        // (Earlier units take longer between their parts.)
                        std::thread::sleep(std::time::Duration::from_micros((60 - k) * 10));
                        part((k, j));
                    }
                },
                |r| r,
                |r| {
                    got.push(r);
                    ControlFlow::Continue(())
                },
            );
            let want: Vec<(u64, u64)> = (0..60)
                .flat_map(|k| (0..k % 5).map(move |j| (k, j)))
                .collect();
            assert_eq!(got, want, "{threads} threads");
        }
    }

    /// Only the parts of a unit whose turn has not come go through `hold`; the
    /// first unit's never do, and every part comes in order, held or not.
    #[test]
    fn only_parts_before_their_turn_are_held() {
        for threads in [1, 2, 3] {
            let mut got = Vec::new();
            Jobs::new(threads).ordered_parts(
                0..40u64,
                |k, part| {
                    for j in 0..3 {
                        std::thread::sleep(std::time::Duration::from_micros((40 - k) * 10));
                        part((k, j, false));
                    }
                },
                |(k, j, _)| (k, j, true),
                |r| {
                    got.push(r);
                    ControlFlow::Continue(())
                },
            );
            let order: Vec<(u64, u64)> = got.iter().map(|&(k, j, _)| (k, j)).collect();
            let want: Vec<(u64, u64)> = (0..40).flat_map(|k| (0..3).map(move |j| (k, j))).collect();
            assert_eq!(order, want, "{threads} threads");
            assert!(got.iter().all(|&(k, _, held)| k > 0 || !held));
            if threads == 1 {
                assert!(got.iter().all(|&(_, _, held)| !held));
            }
        }
    }

    /// A unit that panics after some parts: its parts before the panic and every
    /// unit's before it are emitted, then the panic is raised, as in a sequential
    /// run.
    #[test]
    fn a_panic_comes_after_the_parts_before_it() {
        for threads in [1, 2] {
            let got = std::sync::Mutex::new(Vec::new());
            let run = panic::catch_unwind(AssertUnwindSafe(|| {
                Jobs::new(threads).ordered_parts(
                    0..10u32,
                    |k, part| {
                        part((k, 0));
                        assert_ne!(k, 4, "unit 4 fails");
                        part((k, 1));
                    },
                    |r| r,
                    |r| {
                        got.lock().unwrap().push(r);
                        ControlFlow::Continue(())
                    },
                );
            }));
            assert!(run.is_err());
            let want = [
                (0, 0),
                (0, 1),
                (1, 0),
                (1, 1),
                (2, 0),
                (2, 1),
                (3, 0),
                (3, 1),
                (4, 0),
            ];
            assert_eq!(got.into_inner().unwrap(), want, "{threads} threads");
        }
    }

    /// After a break, the panics of the units after it are not raised (one thread
    /// stops at the break and never runs them); the panic of the unit that broke,
    /// after its part, is (one thread finishes that unit).
    #[test]
    fn after_a_break_only_its_units_panic_is_raised() {
        for (fails, raised) in [(3, true), (4, false), (7, false)] {
            for threads in [1, 2, 3] {
                let got = std::sync::Mutex::new(Vec::new());
                let run = panic::catch_unwind(AssertUnwindSafe(|| {
                    Jobs::new(threads).ordered_parts(
                        0..20u32,
                        |k, part| {
                            part(k);
                            assert!(k < fails, "unit {k} fails");
                        },
                        |r| r,
                        |r| {
                            got.lock().unwrap().push(r);
                            match r {
                                3 => ControlFlow::Break(()),
                                _ => ControlFlow::Continue(()),
                            }
                        },
                    );
                }));
                assert_eq!(run.is_err(), raised, "unit {fails}, {threads} threads");
                assert_eq!(got.into_inner().unwrap(), [0, 1, 2, 3]);
            }
        }
    }

    /// Breaking stops the run: nothing after is emitted, and the units not yet
    /// started are never pulled past the window.
    #[test]
    fn a_break_stops_the_run() {
        let pulled = std::sync::atomic::AtomicUsize::new(0);
        let mut got = Vec::new();
        let units = (0..10_000usize).inspect(|_| {
            pulled.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        });
        Jobs::new(2).ordered(
            units,
            |k| k,
            |r| {
                got.push(r);
                match r {
                    5 => ControlFlow::Break(()),
                    _ => ControlFlow::Continue(()),
                }
            },
        );
        assert_eq!(got, [0, 1, 2, 3, 4, 5]);
        assert!(pulled.into_inner() <= 6 + 2 * WINDOW_PER_THREAD);
    }
}
