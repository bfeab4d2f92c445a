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
        let path = shortest_path(p, from, f.at, blocks)
            .or_else(|| shortest_path(p, from, f.at, |_| false))
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

/// A shortest path of statements from `from` (left first) to `to`, both ends
/// included, through no statement for which `blocked` holds.
fn shortest_path(
    p: &Program,
    from: usize,
    to: usize,
    blocked: impl Fn(usize) -> bool,
) -> Option<Vec<usize>> {
    const NONE: usize = usize::MAX;
    let n = p.stmts.len();
    let mut parent = vec![NONE; n];
    let mut queue = VecDeque::new();
    let next = |k: usize| {
        p.successors(k)
            .as_slice()
            .iter()
            .filter_map(move |e| match *e {
                Edge::Next => Some(k + 1).filter(|&s| s < n),
                Edge::To(t) => Some(t),
                Edge::Unknown => None,
            })
            .collect::<Vec<_>>()
    };
    for s in next(from) {
        if parent[s] == NONE && (s == to || (s != from && !blocked(s))) {
            parent[s] = from;
            queue.push_back(s);
        }
    }
    while let Some(k) = queue.pop_front() {
        if k == to {
            let mut path = vec![to];
            let mut at = to;
            loop {
                at = parent[at];
                path.push(at);
                if at == from {
                    break;
                }
            }
            path.reverse();
            return Some(path);
        }
        for s in next(k) {
            if parent[s] == NONE && (s == to || (s != from && !blocked(s))) {
                parent[s] = k;
                queue.push_back(s);
            }
        }
    }
    None
}
