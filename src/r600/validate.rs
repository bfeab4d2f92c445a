//! The rules of an ALU instruction group (doc chapter 4): unit assignment, vector-only
//! and trans-only opcodes, reductions, the literal slots, constant limits, kcache
//! windows, predicate updates and the GPR read ports of the bank swizzles. The
//! assembler reports a broken rule as an error; the disassembler prints a group that
//! breaks one as `.long`, so that its output always assembles.

use super::inst::{alu, literal_slots, Inst};
use super::tables::{tables, Units};
use super::Chip;

/// An ALU slot: an instruction, or raw words (an opcode this chip lacks, data).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A decoded instruction.
    Inst(Inst),
    /// Two raw dwords.
    Raw([u32; 2]),
}

impl Slot {
    /// The two dwords.
    pub fn words(&self) -> [u32; 2] {
        match self {
            Slot::Inst(i) => {
                let w = i.encode();
                [w[0], w[1]]
            }
            Slot::Raw(w) => *w,
        }
    }
    /// LAST (bit 31 of dword 0).
    pub fn last(&self) -> bool {
        self.words()[0] >> 31 != 0
    }
}

/// The kcache lock modes (KCACHE_MODE0, KCACHE_MODE1) a CF_ALU gives its clause.
pub type Kcache = [u32; 2];

/// The literal slots a group needs.
pub fn group_literals(slots: &[Slot]) -> usize {
    slots
        .iter()
        .map(|s| {
            let [w0, w1] = s.words();
            literal_slots(w0, w1)
        })
        .max()
        .unwrap_or(0)
}

const UNIT: [&str; 5] = ["ALU.X", "ALU.Y", "ALU.Z", "ALU.W", "ALU.Trans"];
const TRANS: usize = 4;

/// The units of a group's instructions (doc §4.4), or the slot and the reason it
/// cannot be placed.
pub fn units(chip: Chip, g: &[Inst]) -> Result<[usize; 5], (usize, String)> {
    let t = tables();
    let mut taken = [false; 5];
    let mut out = [0usize; 5];
    if g.len() > 5 {
        return Err((5, "more than 5 instructions in an ALU group".to_string()));
    }
    for (k, i) in g.iter().enumerate() {
        let row = i.alu_row(chip).ok_or((k, "unknown opcode".to_string()))?;
        let op = t.alu[row];
        let elem = i.v[alu::DST_ELEM] as usize & 3;
        let u = match op.units {
            Units::Trans => TRANS,
            Units::Vector => {
                if taken[elem] {
                    return Err((
                        k,
                        format!(
                            "{} is vector-only but {} is already used in this group",
                            op.name, UNIT[elem]
                        ),
                    ));
                }
                elem
            }
            Units::Any if taken[elem] => TRANS,
            Units::Any => elem,
        };
        if taken[u] {
            return Err((
                k,
                format!("{} is already used in this group ({})", UNIT[u], op.name),
            ));
        }
        if k > 0 {
            let prev = out[k - 1];
            if u < prev {
                return Err((
                    k,
                    format!(
                        "{} goes to {} after an instruction for {}: the slots of a group are in the order X, Y, Z, W, Trans",
                        op.name, UNIT[u], UNIT[prev]
                    ),
                ));
            }
        }
        taken[u] = true;
        out[k.min(4)] = u;
    }
    Ok(out)
}

/// The cycle on which source `s` is read under bank swizzle `bs` (doc Table 4-2);
/// `trans` selects the SCL_ meanings of values 0-3.
fn cycle(bs: u32, s: usize, trans: bool) -> usize {
    const VEC: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 2, 0],
        [1, 0, 2],
        [2, 0, 1],
        [2, 1, 0],
    ];
    const SCL: [[usize; 3]; 4] = [[2, 1, 0], [1, 2, 2], [2, 1, 2], [2, 2, 1]];
    if trans {
        SCL[bs as usize & 3][s]
    } else {
        VEC[bs as usize % 6][s]
    }
}

#[derive(Default)]
struct Ports {
    gpr: [[Option<u32>; 4]; 3],
    cfile: [(u32, u32); 4],
    ncfile: usize,
}

impl Ports {
    fn gpr(&mut self, sel: u32, elem: usize, cycle: usize) -> Result<(), String> {
        match self.gpr[cycle][elem] {
            None => {
                self.gpr[cycle][elem] = Some(sel);
                Ok(())
            }
            Some(s) if s == sel => Ok(()),
            Some(s) => Err(format!(
                "GPR read port conflict: cycle {cycle} of bank {} already reads T{s}, cannot also read T{sel} (change BANK_SWIZZLE)",
                super::print::CHAN[elem]
            )),
        }
    }
    fn cfile(&mut self, sel: u32, elem: u32) -> Result<(), String> {
        if !self.cfile[..self.ncfile].contains(&(sel, elem)) {
            if self.ncfile == 4 {
                return Err("more than 4 constant-file reads in one group".to_string());
            }
            self.cfile[self.ncfile] = (sel, elem);
            self.ncfile += 1;
        }
        Ok(())
    }
}

fn is_gpr(sel: u32) -> bool {
    sel < 128
}
fn is_const(sel: u32) -> bool {
    (128..254).contains(&sel) || sel >= 256
}

/// Checks a group of ALU slots followed by `lits` literal slots, in a clause whose
/// CF_ALU instructions lock `kcache`.
/// `first` says the group starts its clause (where AR is not valid yet).
pub fn check_group(
    chip: Chip,
    slots: &[Slot],
    lits: usize,
    kcache: &[Kcache],
    first: bool,
) -> Result<(), (usize, String)> {
    let last = slots.len().saturating_sub(1);
    if slots.len() > 5 {
        return Err((5, "more than 5 instructions in an ALU group".to_string()));
    }
    let need = group_literals(slots);
    if lits != need {
        return Err((
            last,
            format!("the group reads {need} literal slot(s) but {lits} follow it"),
        ));
    }
    let mut buf = [Inst::new(super::inst::Fmt::Cf); 5];
    for (k, s) in slots.iter().enumerate() {
        match s {
            Slot::Inst(i) => buf[k] = *i,
            Slot::Raw(_) => return Ok(()),
        }
    }
    let g = &buf[..slots.len()];
    let t = tables();
    let units = units(chip, g)?;
    let units = &units[..g.len()];
    relative(chip, g, first)?;
    let mut ports = Ports::default();
    let mut preds = 0;
    let mut reduce = None;
    for (k, i) in g.iter().enumerate() {
        let op = t.alu[i.alu_row(chip).unwrap_or(0)];
        let op3 = i.fmt == super::inst::Fmt::Op3;
        let nsrc = if op3 { 3 } else { op.nsrc as usize };
        if !op3 && (i.v[alu::UP] != 0 || i.v[alu::UEM] != 0) {
            if !op.pred {
                return Err((
                    k,
                    format!("{} cannot update the predicate (UP/UEM)", op.name),
                ));
            }
            preds += 1;
            if preds > 1 {
                return Err((k, "more than one predicate update in a group".to_string()));
            }
        }
        if op.reduce && *reduce.get_or_insert(op.code) != op.code {
            return Err((k, "two different reductions in a group".to_string()));
        }
        check_kcache_reads(i, nsrc, kcache).map_err(|e| (k, e))?;
        let srcs = sources(i, nsrc);
        let srcs = &srcs[..nsrc];
        let bs = i.v[alu::BS];
        if units[k] == TRANS {
            trans_read_ports(srcs, bs, &mut ports)
        } else {
            vector_read_ports(srcs, bs, &mut ports)
        }
        .map_err(|e| (k, e))?;
    }
    if let Some(code) = reduce {
        if !reduction_fills_vector_units(chip, g, units, code) {
            return Err((
                last,
                "a reduction (DOT4, CUBE, MAX4) must fill ALU.X, Y, Z and W".to_string(),
            ));
        }
    }
    Ok(())
}

/// Kcache reads (`KC0[..]`, `KC1[..]`) of the first `nsrc` sources must lie inside
/// the lines every CF_ALU of the clause locks.
fn check_kcache_reads(i: &Inst, nsrc: usize, kcache: &[Kcache]) -> Result<(), String> {
    for s in 0..nsrc {
        let sel = i.v[alu::SRC_SEL[s]];
        if (128..192).contains(&sel) {
            let bank = ((sel - 128) / 32) as usize;
            let idx = (sel - 128) % 32;
            for kc in kcache {
                let lim = [0, 16, 32, 32][kc[bank] as usize & 3];
                if idx >= lim {
                    return Err(format!(
                        "KC{bank}[{idx}] is outside the kcache lines the clause locks ({lim} constants)"
                    ));
                }
            }
        }
    }
    Ok(())
}

/// The (select, element, relative) of an instruction's first `nsrc` sources; the
/// rest are zero.
fn sources(i: &Inst, nsrc: usize) -> [(u32, u32, bool); 3] {
    let mut all = [(0u32, 0u32, false); 3];
    for (s, x) in all.iter_mut().enumerate().take(nsrc) {
        *x = (
            i.v[alu::SRC_SEL[s]],
            i.v[alu::SRC_ELEM[s]],
            i.v[alu::SRC_REL[s]] != 0,
        );
    }
    all
}

/// Read ports of a vector-unit instruction (doc §4.6.4: check_vector).
fn vector_read_ports(srcs: &[(u32, u32, bool)], bs: u32, ports: &mut Ports) -> Result<(), String> {
    for (s, &(sel, elem, rel)) in srcs.iter().enumerate() {
        if is_gpr(sel) {
            if rel || (s == 1 && (sel, elem) == (srcs[0].0, srcs[0].1)) {
                continue;
            }
            ports.gpr(sel, elem as usize, cycle(bs, s, false))?;
        } else if sel >= 256 {
            ports.cfile(sel, elem)?;
        }
    }
    Ok(())
}

/// Read ports of an ALU.Trans instruction (doc §4.6.4: check_scalar): a scalar bank
/// swizzle, at most two constants, read on the first cycles, and GPRs after them.
fn trans_read_ports(srcs: &[(u32, u32, bool)], bs: u32, ports: &mut Ports) -> Result<(), String> {
    if bs > 3 {
        return Err(format!(
            "BANK_SWIZZLE {bs} is not a scalar (SCL_) swizzle for ALU.Trans"
        ));
    }
    let mut consts = 0;
    for &(sel, elem, _) in srcs {
        if is_const(sel) {
            if consts >= 2 {
                return Err(
                    "more than two constant operands in an ALU.Trans instruction".to_string(),
                );
            }
            consts += 1;
            if sel >= 256 {
                ports.cfile(sel, elem)?;
            }
        }
    }
    for (s, &(sel, elem, rel)) in srcs.iter().enumerate() {
        if is_gpr(sel) && !rel {
            let c = cycle(bs, s, true);
            if c < consts {
                return Err(format!(
                    "ALU.Trans reads a GPR on cycle {c} but its {consts} constant operand(s) need cycles 0-{}",
                    consts - 1
                ));
            }
            ports.gpr(sel, elem as usize, c)?;
        }
    }
    Ok(())
}

/// Whether each of ALU.X, Y, Z and W holds the reduction with opcode `code`.
fn reduction_fills_vector_units(chip: Chip, g: &[Inst], units: &[usize], code: u16) -> bool {
    let t = tables();
    (0..4).all(|u| {
        units
            .iter()
            .position(|&x| x == u)
            .is_some_and(|k| t.alu[g[k].alu_row(chip).unwrap_or(0)].code == code)
    })
}

/// The relative-addressing and predication rules of a group (doc §4.6.4, §4.8, §4.9):
/// one AR element per group, no AR-relative operand beside a MOVA* or in the first
/// group of a clause, relative kcache reads through the loop index only, at most one
/// KILL* and no KILL* beside a predicate update.
fn relative(chip: Chip, g: &[Inst], first: bool) -> Result<(), (usize, String)> {
    let t = tables();
    let mut ar: Option<u32> = None;
    let mova = g
        .iter()
        .any(|i| i.alu_row(chip).is_some_and(|r| t.alu[r].mova));
    let (mut kills, mut preds) = (0, 0);
    for (k, i) in g.iter().enumerate() {
        let op = t.alu[i.alu_row(chip).unwrap_or(0)];
        let op3 = i.fmt == super::inst::Fmt::Op3;
        let n = if op3 { 3 } else { 2 };
        let im = i.v[alu::IM];
        let mut uses_ar = false;
        for s in 0..n {
            if i.v[alu::SRC_REL[s]] == 0 {
                continue;
            }
            let sel = i.v[alu::SRC_SEL[s]];
            if (128..192).contains(&sel) && im != 4 {
                return Err((
                    k,
                    "relative kcache reads index by the loop index only (IM:4)".to_string(),
                ));
            }
            uses_ar |= im < 4;
        }
        uses_ar |= i.v[alu::DST_REL] != 0 && im < 4;
        if uses_ar {
            if mova {
                return Err((
                    k,
                    "AR-relative operand in a group that sets AR (MOVA*)".to_string(),
                ));
            }
            if first {
                return Err((
                    k,
                    "AR-relative operand in the first group of a clause, before any MOVA*"
                        .to_string(),
                ));
            }
            if *ar.get_or_insert(im) != im {
                return Err((k, "two AR elements (IM) in one group".to_string()));
            }
        }
        kills += op.kill as u32;
        preds += (op.pred && !op3 && (i.v[alu::UP] != 0 || i.v[alu::UEM] != 0)) as u32;
        if kills > 1 {
            return Err((k, "two KILL* in one group".to_string()));
        }
        if kills > 0 && preds > 0 {
            return Err((k, "KILL* and a predicate update in one group".to_string()));
        }
    }
    Ok(())
}
