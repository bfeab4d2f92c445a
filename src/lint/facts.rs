//! What the analyses read of each statement, computed once per distinct instruction:
//! the operands (registers with their access), the counters it increments, and the
//! registers it reads and writes as indices. Both analyses step every statement at
//! least twice (the fixpoint, then the findings), and the hazard analysis looks back at
//! earlier writers; none of them recomputes these. Programs repeat instructions (the
//! same `s_waitcnt`, the same move of a constant), so each distinct one is worked out
//! once and statements share it.

use super::bits::Bits;
use crate::inst::{Counters, Inst, Operand};
use crate::isa::hwreg;
use crate::program::{Body, Program};
use crate::reg::{RegFile, RegRange};

/// Registers of [`crate::reg`] as one index space, for the linter's register sets:
/// scalar operand codes 0-127, VGPRs from 128, AGPRs from 384, and the hardware
/// registers of s_setreg/s_getreg from 640 ([`hwreg_index`]); SCC, ttmps as the text
/// numbers them (operands number them by code) and out-of-range numbers have none.
pub fn reg_index(file: RegFile, n: u16) -> Option<u16> {
    match file {
        RegFile::Sgpr if n < 128 => Some(n),
        RegFile::Vgpr if n < 256 => Some(128 + n),
        RegFile::Agpr if n < 256 => Some(384 + n),
        _ => None,
    }
}

/// The index of hardware register `id` (`HW_REG_*`, 0 to [`hwreg::ID_MAX`]).
pub fn hwreg_index(id: u16) -> u16 {
    HWREG0 + (id & hwreg::ID_MAX)
}

/// The first hardware register's index.
const HWREG0: u16 = 640;

/// The register file and number of a register index of [`reg_index`].
pub fn reg_of(index: u16) -> (RegFile, u16) {
    match index {
        0..=127 => (RegFile::Sgpr, index),
        128..=383 => (RegFile::Vgpr, index - 128),
        _ => (RegFile::Agpr, index - 384),
    }
}

/// A set of register indices of [`reg_index`] and [`hwreg_index`]: one bit per scalar
/// operand code, VGPR, AGPR and hardware register. Both analyses use it: the s_waitcnt
/// analysis for what is pending, the wait-state analysis for what a writer and a reader
/// share.
pub type RegBits = Bits<{ (HWREG0 as usize + hwreg::ID_MAX as usize + 1).div_ceil(64) }>;

impl RegBits {
    /// Adds the registers of `r` (those with an index).
    #[inline]
    pub fn add(&mut self, r: RegRange) {
        let RegRange { file, first, count } = r;
        let Some(at) = reg_index(file, first) else {
            return;
        };
        // (The range stops at its file's end: v255 is followed by no VGPR.)
        let end = match file {
            RegFile::Sgpr => 128,
            RegFile::Vgpr => 384,
            _ => 640,
        };
        let n = (count as usize).min(end - at as usize);
        self.insert_range(at as usize, n);
    }
}

/// The register indices of an operand.
pub fn regs(o: &Operand) -> impl Iterator<Item = u16> {
    let r = o.regs().unwrap_or(RegRange::new(RegFile::Scc, 0, 0));
    (r.first..r.end()).filter_map(move |n| reg_index(r.file, n))
}

/// One distinct instruction's facts.
#[derive(Clone, Copy)]
struct Distinct {
    /// The first statement that has it.
    stmt: u32,
    /// Its operands are `ops[ops_at..ops_end]`.
    ops_at: u32,
    ops_end: u32,
    /// The registers it reads are `regs[regs_at..regs_mid]`, those it writes
    /// `regs[regs_mid..regs_end]`.
    regs_at: u32,
    regs_mid: u32,
    regs_end: u32,
    counters: Counters,
}

/// The facts of every statement of a program.
///
/// [`Facts::fill`] refills one in place, keeping its lists' memory: a linter that goes
/// from program to program allocates (and faults in) its largest lists once.
#[derive(Default)]
pub struct Facts {
    /// Each statement's distinct instruction (`u32::MAX` for data).
    of: Vec<u32>,
    distinct: Vec<Distinct>,
    /// Each distinct instruction (the analyses read them from here rather than from
    /// the statements: a few, close together, instead of every statement's).
    insts: Vec<Inst>,
    ops: Vec<Operand>,
    regs: Vec<u16>,
    /// The distinct instructions found so far, by key: an open-addressed table of
    /// their numbers (at most half full, probed linearly), and their keys.
    table: Vec<u32>,
    keys: Vec<Key>,
}

/// What a data statement has: nothing.
const NONE: Distinct = Distinct {
    stmt: 0,
    ops_at: 0,
    ops_end: 0,
    regs_at: 0,
    regs_mid: 0,
    regs_end: 0,
    counters: Counters {
        vm: false,
        lgkm: None,
        exp: false,
    },
};

impl Facts {
    /// Makes these the facts of `p`'s statements.
    pub fn fill(&mut self, p: &Program) {
        let n = p.stmts.len();
        self.of.clear();
        self.distinct.clear();
        self.insts.clear();
        self.ops.clear();
        self.regs.clear();
        self.keys.clear();
        // (Room for every statement to be distinct, and for one operand and register
        // each, which is about what programs' distinct instructions have: reserved
        // once, not copied as the lists grow.)
        self.of.reserve(n);
        self.distinct.reserve(n);
        self.insts.reserve(n);
        self.keys.reserve(n);
        self.ops.reserve(n);
        self.regs.reserve(n);
        let size = (2 * n).next_power_of_two().max(16);
        self.table.clear();
        self.table.resize(size, u32::MAX);
        for (k, s) in p.stmts.iter().enumerate() {
            let Body::Inst(i) = &s.body else {
                self.of.push(u32::MAX);
                continue;
            };
            let key = key(i);
            let mut at = key.hash() as usize & (size - 1);
            let id = loop {
                match self.table[at] {
                    u32::MAX => {
                        let id = self.keys.len() as u32;
                        self.table[at] = id;
                        self.keys.push(key);
                        self.add(p, k, i);
                        break id;
                    }
                    d if self.keys[d as usize] == key => break d,
                    _ => at = (at + 1) & (size - 1),
                }
            };
            self.of.push(id);
        }
    }

    /// Adds the facts of statement `k`, instruction `i`, as a new distinct one.
    fn add(&mut self, p: &Program, k: usize, i: &Inst) {
        let ops = i.operands(p.target);
        let ops_at = self.ops.len() as u32;
        self.ops.extend_from_slice(&ops);
        let regs_at = self.regs.len() as u32;
        for o in ops.iter().filter(|o| o.access.reads()) {
            self.regs.extend(regs(o));
        }
        let regs_mid = self.regs.len() as u32;
        for o in ops.iter().filter(|o| o.access.writes()) {
            self.regs.extend(regs(o));
        }
        self.insts.push(*i);
        self.distinct.push(Distinct {
            stmt: k as u32,
            ops_at,
            ops_end: self.ops.len() as u32,
            regs_at,
            regs_mid,
            regs_end: self.regs.len() as u32,
            counters: i.counters(p.target),
        });
    }

    fn get(&self, k: usize) -> &Distinct {
        self.distinct.get(self.of[k] as usize).unwrap_or(&NONE)
    }

    /// Statement `k`'s distinct instruction: statements with equal instructions share
    /// it (`None` for data).
    pub fn distinct(&self, k: usize) -> Option<usize> {
        (self.of[k] != u32::MAX).then_some(self.of[k] as usize)
    }

    /// Statement `k`'s instruction (`None` for data).
    #[inline]
    pub fn inst(&self, k: usize) -> Option<&Inst> {
        self.insts.get(self.of[k] as usize)
    }

    /// The first statement of each distinct instruction, in the order of
    /// [`Facts::distinct`]'s numbers.
    pub fn representatives(&self) -> impl Iterator<Item = usize> + '_ {
        self.distinct.iter().map(|d| d.stmt as usize)
    }

    /// Statement `k`'s operands (none for data).
    pub fn ops(&self, k: usize) -> &[Operand] {
        let d = self.get(k);
        &self.ops[d.ops_at as usize..d.ops_end as usize]
    }

    /// The register indices statement `k` reads.
    pub fn reads(&self, k: usize) -> &[u16] {
        let d = self.get(k);
        &self.regs[d.regs_at as usize..d.regs_mid as usize]
    }

    /// The register indices statement `k` writes.
    pub fn writes(&self, k: usize) -> &[u16] {
        let d = self.get(k);
        &self.regs[d.regs_mid as usize..d.regs_end as usize]
    }

    /// The counters statement `k` increments.
    pub fn counters(&self, k: usize) -> Counters {
        self.get(k).counters
    }
}

/// An instruction packed into words: equal keys, equal instructions (every field is
/// in it), and cheaper to hash and compare than the fields one by one.
struct Key([u64; 5]);

impl PartialEq for Key {
    fn eq(&self, o: &Key) -> bool {
        // (Word by word: the derived comparison calls memcmp.)
        let (a, b) = (&self.0, &o.0);
        a[0] == b[0] && a[1] == b[1] && a[2] == b[2] && a[3] == b[3] && a[4] == b[4]
    }
}

impl Key {
    /// The fields mixed by multiply-rotate into one word; the high bits of the product
    /// are the well-mixed ones, folded into the low bits that pick the slot.
    fn hash(&self) -> u64 {
        let h = self.0.iter().fold(0u64, |a, &w| {
            (a.rotate_left(5) ^ w).wrapping_mul(0x517c_c1b7_2722_0a95)
        });
        h ^ h >> 32
    }
}

fn key(i: &Inst) -> Key {
    let m = &i.mods;
    Key([
        i.op.0 as u64 | (i.enc as u64) << 16 | (i.dst as u64) << 24 | (i.sdst as u64) << 40,
        i.src[0] as u64 | (i.src[1] as u64) << 16 | (i.src[2] as u64) << 32 | (i.smem as u64) << 48,
        i.lit as u64 | (i.imm as u64) << 32,
        i.fields,
        m.abs as u64
            | (m.neg as u64) << 8
            | (m.neg_hi as u64) << 16
            | (m.op_sel as u64) << 24
            | (m.op_sel_hi as u64) << 32
            | (m.omod as u64) << 40
            | (m.clamp as u64) << 48
            | (m.glc as u64) << 49
            | (m.nv as u64) << 50,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two ranges share a register exactly when their sets intersect, as comparing
    /// (file, first, count) ranges pairwise said before there was one model; SCC has no
    /// index, hardware registers have their own.
    #[test]
    fn register_sets_overlap_as_ranges_do() {
        let files = [RegFile::Sgpr, RegFile::Vgpr, RegFile::Agpr];
        let mut ranges = Vec::new();
        for f in files {
            for first in [0, 1, 3, 4, 7, 105, 106, 107, 124, 126, 127, 252, 255] {
                for count in [1, 2, 4, 16] {
                    if f != RegFile::Sgpr || first < 128 {
                        ranges.push(RegRange::new(f, first, count));
                    }
                }
            }
        }
        let set = |r| {
            let mut b = RegBits::EMPTY;
            b.add(r);
            b
        };
        for &a in &ranges {
            for &b in &ranges {
                // (A range ends at its file's end.)
                let clip = |r: RegRange| {
                    let top = if r.file == RegFile::Sgpr { 128 } else { 256 };
                    RegRange::new(r.file, r.first, (r.end().min(top) - r.first) as u8)
                };
                let pairwise = clip(a).overlaps(clip(b));
                assert_eq!(set(a).intersects(&set(b)), pairwise, "{a:?} {b:?}");
            }
        }
        assert!(set(RegRange::SCC).is_empty());
        let mut h = RegBits::EMPTY;
        h.insert(hwreg_index(hwreg::ID_MAX) as usize);
        assert!(h.contains(hwreg_index(hwreg::ID_MAX) as usize));
        assert!(!h.intersects(&set(RegRange::new(RegFile::Agpr, 0, 255))));
    }
}
