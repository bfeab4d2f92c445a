//! Basic blocks of a [`Program`] and a forward dataflow driver over them: the state at
//! a block's entry is the merge of its predecessors' exit states, iterated to a fixpoint
//! (loops converge because every analysis's state lattice is finite).

use super::Finding;
use crate::program::{Edge, Program};

/// A basic block: statements `start..end`, and the blocks control goes to next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Block {
    /// First statement.
    pub start: usize,
    /// One past the last statement.
    pub end: usize,
    /// Successor blocks: `next[..count]` (a branch has at most two).
    next: [u32; 2],
    count: u8,
    /// Whether control may also leave to somewhere the program does not say.
    pub unknown_exit: bool,
}

impl Block {
    /// The successor blocks.
    pub fn succs(&self) -> impl Iterator<Item = usize> + '_ {
        self.next[..self.count as usize].iter().map(|&b| b as usize)
    }
    fn add(&mut self, b: usize) {
        // (Both edges of a branch to the next statement lead to one block.)
        if self.succs().all(|s| s != b) {
            self.next[self.count as usize] = b as u32;
            self.count += 1;
        }
    }
}

/// The blocks of `p`, in statement order.
pub fn blocks(p: &Program) -> Vec<Block> {
    blocks_at(p, &[])
}

/// The blocks of `p`, with a block also starting at each statement of `starts` (the
/// entries of functions).
pub fn blocks_at(p: &Program, starts: &[usize]) -> Vec<Block> {
    let n = p.stmts.len();
    if n == 0 {
        return Vec::new();
    }
    // The edges of the branches and halts, worked out once for the leaders and the
    // block ends: every other statement falls through.
    let exits = p.exits();
    let mut lead = p.leaders_of(&exits);
    for &k in starts {
        if let Some(l) = lead.get_mut(k) {
            *l = true;
        }
    }
    let mut starts: Vec<usize> = (0..n).filter(|&k| lead[k]).collect();
    starts.push(n);
    let block_of = |stmt: usize| starts.partition_point(|&s| s <= stmt) - 1;
    let mut out = Vec::with_capacity(starts.len() - 1);
    let mut exit = exits.iter().peekable();
    for (b, w) in starts.windows(2).enumerate() {
        let (start, end) = (w[0], w[1]);
        let mut block = Block {
            start,
            end,
            next: [0; 2],
            count: 0,
            unknown_exit: false,
        };
        // (Exits are in statement order: the next one not before this block's end.)
        while exit.next_if(|(k, _)| *k < end - 1).is_some() {}
        let edges = match exit.next_if(|(k, _)| *k == end - 1) {
            Some((_, succ)) => succ.as_slice(),
            None => &[Edge::Next][..],
        };
        for e in edges {
            match *e {
                Edge::Next if end < n => block.add(b + 1),
                Edge::Next => {}
                Edge::To(t) => block.add(block_of(t)),
                Edge::Unknown => block.unknown_exit = true,
            }
        }
        out.push(block);
    }
    out
}

/// A forward analysis: a state per program point, a merge, and a transfer per
/// statement.
pub trait Analysis {
    /// The state between statements.
    type State: Clone;
    /// The state at the program's entry (and at blocks nothing reaches).
    fn entry(&self) -> Self::State;
    /// Whether statement `k` is an entry (of a kernel or function) with a state of
    /// its own, [`Analysis::entry_at`], merged with whatever else reaches it.
    fn is_entry(&self, k: usize) -> bool {
        k == 0
    }
    /// The state at entry statement `k`.
    fn entry_at(&self, k: usize) -> Self::State {
        let _ = k;
        self.entry()
    }
    /// `into` becomes the merge of `into` and `other` (a state that holds on both
    /// paths); returns whether `into` changed.
    fn merge(&self, into: &mut Self::State, other: &Self::State) -> bool;
    /// Applies statement `k` to `state`, reporting its findings into `out` when given
    /// (the fixpoint runs without, the final pass with).
    fn step(&self, p: &Program, k: usize, state: &mut Self::State, out: Option<&mut Vec<Finding>>);
}

/// The working lists of [`Solver::check`], kept from one program to the next (a
/// linter that checks many programs allocates them, and the states' own lists, once).
pub struct Solver<S> {
    preds: Vec<u32>,
    /// Each block's entry state, when `has` it.
    entry: Vec<S>,
    has: Vec<bool>,
    /// Each block's findings, from its last stepping.
    found: Vec<Vec<Finding>>,
    stepped: Vec<bool>,
    work: Vec<usize>,
    queued: Vec<bool>,
}

impl<S> Default for Solver<S> {
    fn default() -> Self {
        Solver {
            preds: Vec::new(),
            entry: Vec::new(),
            has: Vec::new(),
            found: Vec::new(),
            stepped: Vec::new(),
            work: Vec::new(),
            queued: Vec::new(),
        }
    }
}

impl<S: Clone> Solver<S> {
    /// Solves `a` over `p` and appends each statement's findings to `out`, as they
    /// are at the fixpoint.
    ///
    /// One worklist pass does both: a block is stepped again whenever its entry state
    /// changes, and its findings are those of its last stepping, which starts from
    /// the final entry state. Straight-line code is stepped once.
    pub fn check<A: Analysis<State = S>>(
        &mut self,
        a: &A,
        p: &Program,
        blocks: &[Block],
        out: &mut Vec<Finding>,
    ) {
        let n = blocks.len();
        if n == 0 {
            return;
        }
        let start = a.entry();
        self.preds.clear();
        self.preds.resize(n, 0);
        for b in blocks {
            for s in b.succs() {
                self.preds[s] += 1;
            }
        }
        // Blocks no edge reaches (code after an unconditional jump, entry points
        // reached through s_setpc) start from the entry state, as the program's first
        // does.
        if self.entry.len() < n {
            self.entry.resize(n, start.clone());
            self.found.resize(n, Vec::new());
        }
        self.has.clear();
        self.has
            .extend((0..n).map(|k| k == 0 || self.preds[k] == 0 || a.is_entry(blocks[k].start)));
        for (k, b) in blocks.iter().enumerate() {
            if a.is_entry(b.start) {
                self.entry[k] = a.entry_at(b.start);
            } else if self.has[k] {
                self.entry[k].clone_from(&start);
            }
            self.found[k].clear();
        }
        self.stepped.clear();
        self.stepped.resize(n, false);
        self.work.clear();
        self.work.extend((0..n).rev());
        self.queued.clear();
        self.queued.resize(n, true);
        // One state stepped through each block in turn (`clone_from` reuses its
        // buffers).
        let mut st = start.clone();
        let mut unreached = 0;
        loop {
            let Some(b) = self.work.pop() else {
                // Blocks only a cycle no entry reaches leads to: from the entry state.
                while unreached < n && self.stepped[unreached] {
                    unreached += 1;
                }
                if unreached == n {
                    break;
                }
                self.entry[unreached].clone_from(&start);
                self.has[unreached] = true;
                self.work.push(unreached);
                continue;
            };
            self.queued[b] = false;
            if !self.has[b] {
                continue;
            }
            self.stepped[b] = true;
            st.clone_from(&self.entry[b]);
            let found = &mut self.found[b];
            found.clear();
            for k in blocks[b].start..blocks[b].end {
                a.step(p, k, &mut st, Some(found));
            }
            for s in blocks[b].succs() {
                let changed = if self.has[s] {
                    a.merge(&mut self.entry[s], &st)
                } else {
                    self.entry[s].clone_from(&st);
                    self.has[s] = true;
                    true
                };
                if changed && !self.queued[s] {
                    self.queued[s] = true;
                    self.work.push(s);
                }
            }
        }
        for f in &mut self.found[..n] {
            out.append(f);
        }
    }
}
