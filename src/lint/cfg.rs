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
    /// Successor blocks.
    pub succs: Vec<usize>,
    /// Whether control may also leave to somewhere the program does not say.
    pub unknown_exit: bool,
}

/// The blocks of `p`, in statement order.
pub fn blocks(p: &Program) -> Vec<Block> {
    let lead = p.leaders();
    let mut starts: Vec<usize> = (0..p.stmts.len()).filter(|&k| lead[k]).collect();
    if starts.is_empty() {
        return Vec::new();
    }
    starts.push(p.stmts.len());
    let block_of = |stmt: usize| starts.partition_point(|&s| s <= stmt) - 1;
    let mut out = Vec::with_capacity(starts.len() - 1);
    for w in starts.windows(2) {
        let (start, end) = (w[0], w[1]);
        let mut succs = Vec::new();
        let mut unknown_exit = false;
        for e in p.successors(end - 1).as_slice() {
            match *e {
                Edge::Next if end < p.stmts.len() => succs.push(block_of(end)),
                Edge::Next => {}
                Edge::To(t) => succs.push(block_of(t)),
                Edge::Unknown => unknown_exit = true,
            }
        }
        succs.dedup();
        out.push(Block {
            start,
            end,
            succs,
            unknown_exit,
        });
    }
    out
}

/// A forward analysis: a state per program point, a merge, and a transfer per
/// statement.
pub trait Analysis {
    /// The state between statements.
    type State: Clone + PartialEq;
    /// The state at the program's entry (and at blocks nothing reaches).
    fn entry(&self) -> Self::State;
    /// `into` becomes the merge of `into` and `other` (a state that holds on both paths).
    fn merge(&self, into: &mut Self::State, other: &Self::State);
    /// Applies statement `k` to `state`, reporting its findings into `out` when given
    /// (the fixpoint runs without, the final pass with).
    fn step(&self, p: &Program, k: usize, state: &mut Self::State, out: Option<&mut Vec<Finding>>);
}

/// Solves `a` over `p` and appends the findings of each statement to `out`, with the
/// fixpoint state at each block's entry.
pub fn check<A: Analysis>(a: &A, p: &Program, blocks: &[Block], out: &mut Vec<Finding>) {
    for (b, mut st) in blocks.iter().zip(solve(a, p, blocks)) {
        for k in b.start..b.end {
            a.step(p, k, &mut st, Some(&mut *out));
        }
    }
}

/// The state at the entry of each block, at the fixpoint.
pub fn solve<A: Analysis>(a: &A, p: &Program, blocks: &[Block]) -> Vec<A::State> {
    let n = blocks.len();
    let mut preds = vec![0usize; n];
    for b in blocks {
        for &s in &b.succs {
            preds[s] += 1;
        }
    }
    let mut entry: Vec<Option<A::State>> = vec![None; n];
    if n == 0 {
        return Vec::new();
    }
    entry[0] = Some(a.entry());
    // Blocks no edge reaches (code after an unconditional jump, entry points reached
    // through s_setpc) start from the entry state.
    for (k, e) in entry.iter_mut().enumerate() {
        if preds[k] == 0 {
            *e = Some(a.entry());
        }
    }
    let mut work: Vec<usize> = (0..n).rev().collect();
    let mut queued = vec![true; n];
    while let Some(b) = work.pop() {
        queued[b] = false;
        let Some(mut st) = entry[b].clone() else {
            continue;
        };
        for k in blocks[b].start..blocks[b].end {
            a.step(p, k, &mut st, None);
        }
        for &s in &blocks[b].succs {
            let changed = match &mut entry[s] {
                Some(e) => {
                    let before = e.clone();
                    a.merge(e, &st);
                    *e != before
                }
                slot @ None => {
                    *slot = Some(st.clone());
                    true
                }
            };
            if changed && !queued[s] {
                queued[s] = true;
                work.push(s);
            }
        }
    }
    entry
        .into_iter()
        .map(|e| e.unwrap_or_else(|| a.entry()))
        .collect()
}
