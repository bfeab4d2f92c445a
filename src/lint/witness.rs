//! Witnesses: the evidence a reviewer needs to check a counter finding by hand.
//!
//! The analysis merges all paths into a block, so it knows *that* an operation may be
//! pending at a use, not *along which path*. A witness path is found afterwards: a
//! shortest path of statements from the operation to the use that passes no
//! `s_waitcnt` completing it (one that waits for the counter at or below the value the
//! use needs). Where every path passes such a wait (the operation is pending only
//! through a count the wait does not reach, e.g. out-of-order SMEM), the shortest
//! path is given.

use super::{Finding, Fix, Witness};
use crate::isa::op;
use crate::isa::waitcnt::{Counter, Waitcnt};
use crate::program::{Body, Edge, Program};
use std::collections::VecDeque;

/// Fills the witness of every counter finding in `findings`.
pub fn fill(p: &Program, findings: &mut [Finding]) {
    // (One search state for all findings: each search costs what it visits, not
    // the program's length.)
    let mut search = Search::default();
    for f in findings.iter_mut() {
        let (Fix::Waitcnt(w), Some(from), Witness::None) = (f.fix, f.other, &f.witness) else {
            continue;
        };
        let Some((counter, needed)) = Counter::ALL
            .into_iter()
            .find_map(|c| w.get(c).map(|n| (c, n)))
        else {
            continue;
        };
        let blocks = |k: usize| completes(p, k, counter, needed);
        let path = search
            .shortest_path(p, from, f.at, blocks)
            .or_else(|| search.shortest_path(p, from, f.at, |_| false))
            .unwrap_or_else(|| vec![from, f.at]);
        f.witness = Witness::Counter {
            counter,
            needed,
            path,
        };
    }
}

/// Whether statement `k` is an `s_waitcnt` that completes an operation needing
/// `counter` at `needed` or below.
fn completes(p: &Program, k: usize, counter: Counter, needed: u8) -> bool {
    match &p.stmts[k].body {
        Body::Inst(i) if op::S_WAITCNT.is(i.op) => Waitcnt::decode(p.target.gen, i.imm as u16)
            .get(counter)
            .is_some_and(|n| n <= needed),
        _ => false,
    }
}

/// Breadth-first search state, kept from one search to the next: the parent of
/// each statement reached, valid where its stamp is the current search's.
#[derive(Default)]
struct Search {
    parent: Vec<usize>,
    stamp: Vec<u32>,
    now: u32,
    queue: VecDeque<usize>,
}

impl Search {
    /// A shortest path of statements from `from` (left first) to `to`, both ends
    /// included, through no statement for which `blocked` holds.
    fn shortest_path(
        &mut self,
        p: &Program,
        from: usize,
        to: usize,
        blocked: impl Fn(usize) -> bool,
    ) -> Option<Vec<usize>> {
        let n = p.stmts.len();
        if self.stamp.len() < n {
            self.stamp.resize(n, 0);
            self.parent.resize(n, 0);
        }
        self.now = self.now.wrapping_add(1);
        if self.now == 0 {
            self.stamp.iter_mut().for_each(|s| *s = 0);
            self.now = 1;
        }
        self.queue.clear();
        let mut k = from;
        loop {
            for e in p.successors(k).as_slice() {
                let s = match *e {
                    Edge::Next if k + 1 < n => k + 1,
                    Edge::To(t) => t,
                    _ => continue,
                };
                let fresh = self.stamp[s] != self.now;
                if fresh && (s == to || (s != from && !blocked(s))) {
                    self.stamp[s] = self.now;
                    self.parent[s] = k;
                    if s == to {
                        return Some(self.path(from, to));
                    }
                    self.queue.push_back(s);
                }
            }
            k = self.queue.pop_front()?;
        }
    }

    /// The path to `to` by the parents just found.
    fn path(&self, from: usize, to: usize) -> Vec<usize> {
        let mut path = vec![to];
        let mut at = to;
        loop {
            at = self.parent[at];
            path.push(at);
            if at == from {
                break;
            }
        }
        path.reverse();
        path
    }
}
