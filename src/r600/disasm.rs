//! The disassembler: follows the CF program (from qword 0 to the first instruction
//! with END_OF_PROGRAM) to find the ALU, TEX and VTX clauses, decodes each clause at
//! its address, and prints every other qword as a CF instruction or `.long`. Labels
//! `L<n>` mark clause starts and jump targets. What does not decode, or breaks a group
//! rule, prints as `.long`, so the output assembles back to the same bytes.

use super::inst::{cf, cfalu, exp, Fmt, Inst};
use super::print::{self, Labels};
use super::tables::{tables, CfSyntax};
use super::validate::{check_group, group_literals, Kcache, Slot};
use super::Chip;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

/// What a clause holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// ALU groups and literals.
    Alu,
    /// Texture fetches.
    Tex,
    /// Vertex fetches.
    Vtx,
}

impl Kind {
    /// The directive that starts such a clause in the text.
    pub fn directive(self) -> &'static str {
        match self {
            Kind::Alu => ".alu",
            Kind::Tex => ".tex",
            Kind::Vtx => ".vtx",
        }
    }
}

/// A clause the CF program refers to.
#[derive(Clone, Debug)]
pub struct Clause {
    /// What it holds.
    pub kind: Kind,
    /// Length in qwords.
    pub len: usize,
    /// The COUNT field of the CF instructions that name it.
    pub count: u32,
    /// The kcache locks of the CF_ALU instructions that run it.
    pub kcache: Vec<Kcache>,
    /// The qwords of the CF instructions that name it.
    pub refs: Vec<usize>,
}

/// Where a program's parts are: the CF program, jump targets, and the clauses (by
/// start qword) that decode as clauses of their kind.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// Qwords of the CF program (up to the first END_OF_PROGRAM).
    pub cf_end: usize,
    /// Jump and loop targets inside the CF program.
    pub targets: BTreeSet<u32>,
    /// The claimed clauses.
    pub clauses: BTreeMap<u32, Clause>,
}

/// The clause a CF instruction starts, as (kind, address, COUNT field).
pub fn clause_ref(i: &Inst) -> Option<(Kind, u32, u32)> {
    let t = tables();
    let op = t.cf[i.cf_row()?];
    match (i.fmt, op.syntax) {
        (Fmt::CfAlu, _) => Some((Kind::Alu, i.v[cfalu::ADDR], i.v[cfalu::COUNT])),
        (Fmt::Cf, CfSyntax::Clause) => Some((
            if op.name == "TEX" {
                Kind::Tex
            } else {
                Kind::Vtx
            },
            i.v[cf::ADDR],
            i.v[cf::COUNT] | i.v[cf::COUNT_3] << 3,
        )),
        _ => None,
    }
}

/// Whether a CF instruction ends the program (END_OF_PROGRAM).
pub fn ends_program(i: &Inst) -> bool {
    match i.fmt {
        Fmt::Cf => i.v[cf::EOP] != 0,
        Fmt::ExpSwiz | Fmt::ExpBuf => i.v[exp::EOP] != 0,
        _ => false,
    }
}

/// The labels a CF instruction's address may print as: the clause it starts, when the
/// clause was claimed with its kind and size, or a jump target.
struct CfLabels<'a> {
    clauses: &'a BTreeMap<u32, Clause>,
    targets: &'a BTreeSet<u32>,
    clause: Option<(Kind, u32, u32)>,
}
impl Labels for CfLabels<'_> {
    fn has(&self, a: u32) -> bool {
        match self.clause {
            Some((k, at, c)) => {
                at == a
                    && self
                        .clauses
                        .get(&a)
                        .is_some_and(|cl| cl.kind == k && cl.count == c)
            }
            None => self.targets.contains(&a),
        }
    }
}

fn qword(bytes: &[u8], q: usize) -> [u32; 2] {
    let w = |k: usize| u32::from_le_bytes(bytes[k..k + 4].try_into().unwrap_or([0; 4]));
    [w(q * 8), w(q * 8 + 4)]
}

/// The groups of an ALU clause of `len` qwords at qword `at`: (slots, literal qwords), or
/// `None` when the groups and their literals do not fill the clause exactly.
#[allow(clippy::type_complexity)]
pub fn alu_groups(
    chip: Chip,
    bytes: &[u8],
    at: usize,
    len: usize,
) -> Option<Vec<(Vec<Slot>, Vec<[u32; 2]>)>> {
    let mut out = Vec::new();
    let mut q = at;
    let end = at + len;
    while q < end {
        let mut g = Vec::new();
        loop {
            if q >= end {
                return None;
            }
            let [w0, w1] = qword(bytes, q);
            q += 1;
            let s = match Inst::decode_alu(chip, w0, w1) {
                Ok(i) => Slot::Inst(i),
                Err(_) => Slot::Raw([w0, w1]),
            };
            g.push(s);
            if s.last() {
                break;
            }
            if g.len() == 5 {
                return None; // a sixth slot in one group: not an ALU clause
            }
        }
        let n = group_literals(&g);
        if q + n > end {
            return None;
        }
        let lits = (q..q + n).map(|k| qword(bytes, k)).collect();
        q += n;
        out.push((g, lits));
    }
    Some(out)
}

fn raw(out: &mut String, w: &[u32], why: &str) {
    out.push_str("\t.long ");
    for (k, x) in w.iter().enumerate() {
        if k > 0 {
            out.push_str(", ");
        }
        let _ = write!(out, "{x:#010x}");
    }
    let _ = writeln!(out, " ; {why}");
}

/// Finds the CF program and the clauses it names.
pub fn layout(chip: Chip, bytes: &[u8]) -> Layout {
    let n = bytes.len() / 8;
    // 1. The CF program.
    let mut refs: Vec<(Kind, u32, u32, Kcache, usize)> = Vec::new();
    let mut targets = BTreeSet::new();
    let mut limit = n;
    let mut q = 0;
    while q < limit {
        let [w0, w1] = qword(bytes, q);
        if let Ok(i) = Inst::decode_cf(chip, w0, w1) {
            if let Some((k, a, c)) = clause_ref(&i) {
                let kc = if i.fmt == Fmt::CfAlu {
                    [i.v[cfalu::KM0], i.v[cfalu::KM1]]
                } else {
                    [0, 0]
                };
                refs.push((k, a, c, kc, q));
                if a as usize > q {
                    limit = limit.min(a as usize);
                }
            } else if i.fmt == Fmt::Cf
                && tables().cf[i.cf_row().unwrap_or(0)].syntax == CfSyntax::Addr
            {
                targets.insert(i.v[cf::ADDR]);
            }
            if ends_program(&i) {
                q += 1;
                break;
            }
        }
        q += 1;
    }
    let cf_end = q;
    targets.retain(|&a| (a as usize) < cf_end);
    // 2. The clauses: in range, after the program, not overlapping, consistent.
    let mut clauses: BTreeMap<u32, Clause> = BTreeMap::new();
    let mut sorted = refs.clone();
    sorted.sort_by_key(|r| r.1);
    for (kind, a, count, kc, at) in sorted {
        let len = match kind {
            Kind::Alu => count as usize + 1,
            _ => 2 * (count as usize + 1),
        };
        let start = a as usize;
        if let Some(c) = clauses.get_mut(&a) {
            if c.kind == kind && c.count == count {
                c.refs.push(at);
                if kind == Kind::Alu && !c.kcache.contains(&kc) {
                    c.kcache.push(kc);
                }
            }
            continue;
        }
        if start < cf_end || start + len > n || (kind != Kind::Alu && !start.is_multiple_of(2)) {
            continue;
        }
        let overlaps = clauses
            .range(..a + len as u32)
            .any(|(&s, c)| s as usize + c.len > start);
        if overlaps {
            continue;
        }
        if kind == Kind::Alu && alu_groups(chip, bytes, start, len).is_none() {
            continue;
        }
        clauses.insert(
            a,
            Clause {
                kind,
                len,
                count,
                kcache: if kind == Kind::Alu { vec![kc] } else { vec![] },
                refs: vec![at],
            },
        );
    }
    Layout {
        cf_end,
        targets,
        clauses,
    }
}

/// Prints the ALU clause `c` at quadword `q`: each group's slots (raw when the
/// group breaks a rule or a slot does not decode), then its literals.
fn write_alu_clause(out: &mut String, chip: Chip, bytes: &[u8], q: usize, c: &Clause) {
    let groups = alu_groups(chip, bytes, q, c.len).unwrap_or_default();
    for (n, (g, lits)) in groups.into_iter().enumerate() {
        let ok = check_group(chip, &g, lits.len(), &c.kcache, n == 0);
        for s in &g {
            match (s, &ok) {
                (Slot::Inst(i), Ok(())) => {
                    out.push('\t');
                    let _ = print::write(out, chip, i, &());
                    out.push('\n');
                }
                (Slot::Inst(i), Err((_, why))) => {
                    let w = i.encode();
                    raw(out, &w[..2], why)
                }
                (Slot::Raw(w), _) => {
                    let why = Inst::decode_alu(chip, w[0], w[1])
                        .err()
                        .unwrap_or("not an instruction");
                    raw(out, w, why)
                }
            }
        }
        for l in lits {
            let _ = writeln!(out, "\tLITERAL {:#010x}, {:#010x}", l[0], l[1]);
        }
    }
}

/// Prints the TEX or VTX clause of `len` quadwords at quadword `q`.
fn write_fetch_clause(out: &mut String, chip: Chip, bytes: &[u8], q: usize, len: usize, k: Kind) {
    for f in 0..len / 2 {
        let a = qword(bytes, q + 2 * f);
        let b = qword(bytes, q + 2 * f + 1);
        let w = [a[0], a[1], b[0], b[1]];
        match Inst::decode_fetch(chip, k == Kind::Vtx, &w) {
            Ok(i) => {
                out.push('\t');
                let _ = print::write(out, chip, &i, &());
                out.push('\n');
            }
            Err(why) => raw(out, &w, why),
        }
    }
}

/// Disassembles a whole R600 program.
pub fn disassemble(chip: Chip, bytes: &[u8]) -> String {
    let n = bytes.len() / 8;
    let Layout {
        targets, clauses, ..
    } = layout(chip, bytes);
    // Only references that match a claimed clause print as labels.
    let mut labels: BTreeSet<u32> = clauses.keys().copied().collect();
    labels.extend(targets.iter().copied());
    // 3. Print in memory order.
    let mut out = String::new();
    let mut mode: Option<Kind> = None;
    let mut q = 0;
    while q < n {
        if labels.contains(&(q as u32)) {
            let _ = writeln!(out, "L{q}:");
        }
        if let Some(c) = clauses.get(&(q as u32)) {
            if mode != Some(c.kind) {
                let _ = writeln!(out, "\t{}", c.kind.directive());
                mode = Some(c.kind);
            }
            match c.kind {
                Kind::Alu => write_alu_clause(&mut out, chip, bytes, q, c),
                k => write_fetch_clause(&mut out, chip, bytes, q, c.len, k),
            }
            q += c.len;
            continue;
        }
        if mode.is_some() {
            out.push_str("\t.cf\n");
            mode = None;
        }
        let [w0, w1] = qword(bytes, q);
        match Inst::decode_cf(chip, w0, w1) {
            Ok(i) => {
                out.push('\t');
                let labels = CfLabels {
                    clauses: &clauses,
                    targets: &targets,
                    clause: clause_ref(&i),
                };
                let _ = print::write(&mut out, chip, &i, &labels);
                out.push('\n');
            }
            Err(why) => raw(&mut out, &[w0, w1], why),
        }
        q += 1;
    }
    let tail = &bytes[n * 8..];
    if !tail.is_empty() {
        if mode.is_some() {
            out.push_str("\t.cf\n");
        }
        out.push_str("\t.byte ");
        for (k, b) in tail.iter().enumerate() {
            if k > 0 {
                out.push_str(", ");
            }
            let _ = write!(out, "{b:#04x}");
        }
        out.push('\n');
    }
    out
}
