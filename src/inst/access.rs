//! Which registers an instruction reads and writes: [`Inst::operands`].
//!
//! The tables say most of it: each signature slot has a role, a type (its width) and an
//! access (`sd.i32:rw`, `vd.b32+m0`), and the `flags` column lists the implicit
//! registers (`r:scc`, `w:exec`, ...). What depends on the instruction's bits is
//! computed here, in one place, for the codecs, the printer and the linter alike:
//!
//! * buffer and flat operand lists: `lds` loads have no destination, FLAT/GLOBAL/SCRATCH
//!   atomics with `glc` gain a returning destination (half the data for cmpswap), and
//!   MUBUF/MTBUF/MIMG atomics with `glc` write their data registers back;
//! * widths: MUBUF/MTBUF `tfe` adds a register; MIMG data follows `dmask`, `d16` and
//!   `tfe`; the address of MUBUF/MTBUF follows `idxen`/`offen`/`addr64`, of GLOBAL the
//!   presence of SADDR, of SCRATCH the SVE bit;
//! * DPP keeps disabled lanes of its destination and SDWA with `dst_unused:UNUSED_PRESERVE`
//!   keeps the unselected bits: both read the destination too; a VOP3 `op_sel` on the
//!   destination writes its high half and keeps the low one;
//! * the 32-bit VOPC/VOP2 forms name VCC implicitly (`vcc` in the text);
//! * src_vccz, src_execz, src_scc and src_lds_direct read VCC, EXEC, SCC and M0;
//! * every vector instruction reads EXEC (its lane mask).
//!
//! Scalar registers are addressed by operand code: s0-s101 are 0-101, then
//! flat_scratch, xnack_mask, vcc (106), tba/tma or ttmp, m0 (124), exec (126); two
//! scalar ranges overlap exactly when their codes do.

use super::fields::{exp, flat, mimg, mubuf, smem, vopx};
use super::{Enc, Inst, LITERAL, VGPR0};
use crate::isa::{flags, Access, Class, Fmt, OpDesc, Role, Slot, Ty};
use crate::operand_code::{inline_int, AGPR0};
use crate::reg::{RegFile, RegRange};
use crate::target::{Gen, Target};

/// What an operand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Registers (scalar ones numbered by operand code: see [`RegFile::Sgpr`]).
    Reg(RegRange),
    /// An inline constant, as its operand code (128-208 integers, 240-248 floats).
    Const(u16),
    /// A 32-bit literal following the instruction (or v_madmk's K).
    Literal(u32),
    /// A read-only hardware value (src_shared_base, src_vccz, src_lds_direct, ...) by
    /// operand code; the registers it derives from are listed as implicit reads.
    Special(u16),
    /// An immediate field: offsets, SIMM16, labels, hwreg/sendmsg/waitcnt values, the
    /// interpolation attribute.
    Imm(u32),
    /// `off`: an address or export source that is not used.
    Off,
}

/// One operand of an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Operand {
    /// The signature slot it comes from; `None` for implicit operands, which the text
    /// does not show (SCC, EXEC, M0, VCC read or written without being named).
    pub slot: Option<Slot>,
    /// What the operand is.
    pub value: Value,
    /// How its registers are used (`Access::None` for values that are not registers).
    pub access: Access,
    /// The register accessed is `first + M0` (v_movrel*, s_movrel*): any register of
    /// the file from `first` on may be the one.
    pub indexed: bool,
}

impl Operand {
    /// Whether the text does not show this operand.
    pub fn is_implicit(&self) -> bool {
        self.slot.is_none()
    }
    /// The register range, if the operand is registers.
    pub fn regs(&self) -> Option<RegRange> {
        match self.value {
            Value::Reg(r) => Some(r),
            _ => None,
        }
    }
}

const MAX: usize = 16;

/// The operands of an instruction: explicit ones in text order, then implicit ones.
/// A fixed-size list: building it does not allocate.
#[derive(Clone, Copy, Debug)]
pub struct Operands {
    ops: [Operand; MAX],
    n: usize,
}

/// No operands.
const EMPTY: Operands = Operands {
    ops: [Operand {
        slot: None,
        value: Value::Off,
        access: Access::None,
        indexed: false,
    }; MAX],
    n: 0,
};

impl Operands {
    fn push(&mut self, op: Operand) {
        // Implicit registers listed twice (a flag and a src_* value) merge.
        if op.slot.is_none() {
            if let Some(o) = self.ops[..self.n]
                .iter_mut()
                .find(|o| o.slot.is_none() && o.value == op.value)
            {
                o.access = if op.access.reads() {
                    o.access.and_read()
                } else {
                    o.access
                };
                o.access = if op.access.writes() {
                    o.access.and_write()
                } else {
                    o.access
                };
                return;
            }
        }
        self.ops[self.n] = op;
        self.n += 1;
    }
    /// The operands as a slice (which [`OperandList`] reads by access).
    pub fn as_slice(&self) -> &[Operand] {
        &self.ops[..self.n]
    }
    /// The operands the text shows, in order.
    pub fn explicit(&self) -> impl Iterator<Item = &Operand> {
        self.as_slice().explicit()
    }
    /// Operands whose registers are read.
    pub fn reads(&self) -> impl Iterator<Item = &Operand> {
        self.as_slice().reads()
    }
    /// Operands whose registers are written.
    pub fn writes(&self) -> impl Iterator<Item = &Operand> {
        self.as_slice().writes()
    }
}

/// The operands of an instruction by kind: [`Operands`] derefs to `[Operand]`, and the
/// linter keeps each statement's operands as a slice of one array.
pub trait OperandList {
    /// The operands the text shows, in order.
    fn explicit(&self) -> impl Iterator<Item = &Operand>;
    /// Operands whose registers are read.
    fn reads(&self) -> impl Iterator<Item = &Operand>;
    /// Operands whose registers are written.
    fn writes(&self) -> impl Iterator<Item = &Operand>;
}

impl OperandList for [Operand] {
    fn explicit(&self) -> impl Iterator<Item = &Operand> {
        self.iter().filter(|o| !o.is_implicit())
    }
    fn reads(&self) -> impl Iterator<Item = &Operand> {
        self.iter().filter(|o| o.access.reads())
    }
    fn writes(&self) -> impl Iterator<Item = &Operand> {
        self.iter().filter(|o| o.access.writes())
    }
}

impl std::ops::Deref for Operands {
    type Target = [Operand];
    fn deref(&self) -> &[Operand] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a Operands {
    type Item = &'a Operand;
    type IntoIter = std::slice::Iter<'a, Operand>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

const fn reg(file: RegFile, first: u16, count: u8) -> Value {
    Value::Reg(RegRange::new(file, first, count))
}
const VCC: Value = Value::Reg(RegRange::VCC);
const EXEC: Value = Value::Reg(RegRange::EXEC);
const M0_REG: Value = Value::Reg(RegRange::M0);
const SCC: Value = Value::Reg(RegRange::SCC);

/// The value of operand code `code` (as `Inst` holds it) `dwords` wide.
pub fn code_value(code: u16, dwords: u8, lit: u32) -> Value {
    let dwords = dwords.max(1);
    match code {
        0..=127 => reg(RegFile::Sgpr, code, dwords),
        LITERAL => Value::Literal(lit),
        256..=511 => reg(RegFile::Vgpr, code - VGPR0, dwords),
        AGPR0.. => reg(RegFile::Agpr, code - AGPR0, dwords),
        c if inline_int(c).is_some() || (240..=248).contains(&c) => Value::Const(c),
        c => Value::Special(c),
    }
}

/// The register a read-only special value derives from.
fn special_source(code: u16) -> Option<Value> {
    match code {
        251 => Some(VCC),
        252 => Some(EXEC),
        253 => Some(SCC),
        254 => Some(M0_REG),
        _ => None,
    }
}

/// The slots an instruction's text shows, given its modifier bits: `lds` loads drop
/// their destination; FLAT/GLOBAL/SCRATCH atomics with `glc` return into a leading `vd`
/// as wide as their data (half of it for cmpswap). Other formats: the signature.
pub fn slots(i: &Inst) -> ([Option<Slot>; 6], usize) {
    let d = i.desc();
    let (lds, glc) = match i.enc {
        Enc::Mubuf => (i.fields & mubuf::LDS != 0, i.fields & mubuf::GLC != 0),
        Enc::Mtbuf => (false, i.fields & mubuf::GLC != 0),
        Enc::Flat => (false, i.fields & flat::GLC != 0),
        Enc::Global | Enc::Scratch => (i.fields & flat::LDS != 0, i.fields & flat::GLC != 0),
        _ => (false, false),
    };
    slots_of(d, i.enc, lds, glc)
}

/// [`slots`] for a row, an encoding and the `lds` and `glc` bits.
pub fn slots_of(d: &OpDesc, enc: Enc, lds: bool, glc: bool) -> ([Option<Slot>; 6], usize) {
    let mut out = [None; 6];
    let mut n = 0;
    let flat = matches!(enc, Enc::Flat | Enc::Global | Enc::Scratch);
    if flat && glc && d.has(flags::ATOMIC) {
        let data = d
            .sig()
            .iter()
            .find(|s| s.role == Role::Vdata)
            .map_or(Ty::B32, |s| s.ty);
        let ty = if d.has(flags::CMPSWAP) {
            half(data)
        } else {
            data
        };
        out[n] = Some(Slot {
            role: Role::Vd,
            ty,
            class: Class::Vgpr,
            access: Access::Write,
            indexed: false,
        });
        n += 1;
    }
    for s in d.sig() {
        if lds && s.role == Role::Vd {
            continue;
        }
        out[n] = Some(*s);
        n += 1;
    }
    (out, n)
}

fn half(t: Ty) -> Ty {
    match t {
        Ty::B64 => Ty::B32,
        Ty::B128 => Ty::B64,
        other => other,
    }
}

/// Whether the 32-bit VOP form names VCC for its carry or condition (`vcc` in the text).
fn vcc_implied(i: &Inst) -> bool {
    match i.enc {
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Dpp => true,
        // An SDWA compare names its destination; VOP2 carries stay vcc.
        Enc::Sdwa => i.desc().fmt != Fmt::Vopc,
        _ => false,
    }
}

/// Whether the encoding runs on the vector unit (reads EXEC as its lane mask).
fn vector(enc: Enc) -> bool {
    !matches!(
        enc,
        Enc::Sop2 | Enc::Sopk | Enc::Sop1 | Enc::Sopc | Enc::Sopp | Enc::Smem | Enc::Smrd
    )
}

/// Width in dwords of the address of a buffer or flat instruction (0: `off`).
pub fn vaddr_dwords(gen: Gen, i: &Inst) -> u8 {
    match i.enc {
        Enc::Mubuf | Enc::Mtbuf => mubuf::vaddr_dwords(gen, i.fields),
        Enc::Scratch if !flat::vaddr_used(i) => 0,
        _ => flat::vaddr_dwords(i),
    }
}

impl Inst {
    /// The operands of the instruction on `target`: the registers, constants and
    /// immediates its text shows (in that order), then the registers it reads or
    /// writes without naming them, each with its access.
    ///
    /// ```
    /// use amdgpu_mc::reg::{RegFile, RegRange};
    /// use amdgpu_mc::inst::Value;
    /// use amdgpu_mc::isa::Access;
    /// use amdgpu_mc::{assemble_line, Target};
    /// let t = Target::from_name("gfx906").unwrap();
    /// let i = assemble_line(t, "v_add_co_u32 v1, vcc, s[4:5], v2").unwrap_or_else(|_| {
    ///     assemble_line(t, "v_add_co_u32 v1, vcc, s4, v2").unwrap()
    /// });
    /// let ops = i.operands(t);
    /// assert!(ops.writes().any(|o| o.value == Value::Reg(RegRange::VCC)));
    /// let v2 = RegRange::new(RegFile::Vgpr, 2, 1);
    /// assert!(ops.reads().any(|o| o.value == Value::Reg(v2)));
    /// ```
    pub fn operands(&self, target: Target) -> Operands {
        // (Copied from a constant: one block copy, not a store per field.)
        let mut out = EMPTY;
        let (slots, n) = slots(self);
        let has_vd = super::roles::has(self.op, Role::Vd);
        for s in slots[..n].iter().flatten() {
            self.push_slot(target, s, has_vd, &mut out);
        }
        // A scaled MFMA's scale VGPRs (in `imm`, no slot of the row): read.
        if self.desc().has(flags::SCALE) {
            for c in [self.imm as u16, (self.imm >> 16) as u16] {
                out.push(implicit(code_value(c, 1, 0), Access::Read));
            }
        }
        self.push_implicit(&mut out);
        out
    }

    /// Adds the operands of signature slot `s`: one, but for an export's four sources
    /// and an SMEM offset's SGPR (before its immediate); none for an optional
    /// immediate left out.
    fn push_slot(&self, target: Target, s: &Slot, has_vd: bool, out: &mut Operands) {
        let put = |out: &mut Operands, value: Value, access: Access| {
            out.push(Operand {
                slot: Some(*s),
                value,
                access,
                indexed: s.indexed,
            })
        };
        if s.role.is_immediate() {
            if let Some(v) = self.imm_field(s.role) {
                put(out, Value::Imm(v), Access::None);
            }
            return;
        }
        if s.role == Role::Exp {
            for p in 0..4 {
                match exp::source(self.fields, p) {
                    Some(r) => put(out, reg(RegFile::Vgpr, r as u16, 1), Access::Read),
                    None => put(out, Value::Off, Access::None),
                }
            }
            return;
        }
        if let Some(soffset) = self.smem_soffset().filter(|_| s.role == Role::SmemOff) {
            put(out, soffset, Access::Read);
        }
        let value = self.slot_value(target, s, has_vd);
        let access = match value {
            Value::Reg(_) if matches!(s.role, Role::Vd | Role::Vdata | Role::SdIn) => {
                data_access(target, self, s.role, s.access)
            }
            Value::Reg(_) => s.access,
            _ => Access::None,
        };
        put(out, value, access);
    }

    /// The value of an immediate slot (`None`: an optional SIMM16 left at 0).
    fn imm_field(&self, role: Role) -> Option<u32> {
        match role {
            Role::Imm16 if self.desc().has(flags::OPT_IMM) && self.imm == 0 => None,
            Role::GprIdx if self.enc == Enc::Sopc => Some(self.src[1] as u32),
            _ => Some(self.imm),
        }
    }

    /// The value of a register, address or attribute slot `s`.
    fn slot_value(&self, target: Target, s: &Slot, has_vd: bool) -> Value {
        let i = self;
        let dw = super::fields::mai::slot_ty(i.fields, s).dwords();
        match s.role {
            Role::Vd | Role::Vdata if i.enc == Enc::Mimg => code_value(
                i.dst,
                mimg::data_dwords(target.packed_d16(), i.desc(), i.fields),
                0,
            ),
            Role::Vd | Role::Vdata if matches!(i.enc, Enc::Mubuf | Enc::Mtbuf) => {
                let tfe = (i.fields & mubuf::TFE != 0) as u8;
                code_value(i.dst, dw + tfe, 0)
            }
            Role::Vd | Role::Sd | Role::SdIn => code_value(i.dst, dw, 0),
            Role::Cd if vcc_implied(i) => VCC,
            Role::Cd => code_value(if has_vd { i.sdst } else { i.dst }, 2, 0),
            Role::Ci if vcc_implied(i) => VCC,
            Role::Ci => code_value(i.src[2], 2, 0),
            Role::Src0 | Role::Src1 | Role::Src2 => {
                let k = s.role.src_index().unwrap_or(0);
                code_value(i.src[k], dw, i.lit)
            }
            Role::K => Value::Literal(i.lit),
            Role::Sbase => code_value(i.src[0], dw, 0),
            Role::SmemOff => i.smem_offset(),
            Role::Probe => Value::Imm(i.dst as u32),
            Role::Vaddr
                if matches!(i.enc, Enc::Mubuf | Enc::Mtbuf | Enc::Flat)
                    || matches!(i.enc, Enc::Global | Enc::Scratch) =>
            {
                match vaddr_dwords(target.gen, i) {
                    0 => Value::Off,
                    w => code_value(i.src[0], w, 0),
                }
            }
            Role::Vaddr => code_value(i.src[0], dw, 0),
            Role::Saddr if i.src[2] == flat::SADDR_OFF => Value::Off,
            Role::Saddr => code_value(i.src[2], dw, 0),
            Role::Srsrc if i.enc != Enc::Mimg => code_value(i.src[1], 4, 0),
            Role::Vdata | Role::Srsrc => code_value(i.src[1], dw, 0),
            Role::Vdata1 | Role::Ssamp => code_value(i.src[2], dw, 0),
            Role::Soffset => code_value(i.src[2], 1, 0),
            Role::Attr | Role::Param => Value::Imm(match (s.role, i.enc) {
                (Role::Param, Enc::Vintrp) => i.src[0] as u32,
                (Role::Param, _) => i.src[1] as u32,
                (_, Enc::Vintrp) => (i.fields >> 8) as u32 & 0xff,
                _ => i.src[0] as u32,
            }),
            _ => unreachable!("immediates and exports are placed by push_slot"),
        }
    }

    /// An SMEM or SMRD offset: an immediate, SMRD's literal, or an SGPR.
    fn smem_offset(&self) -> Value {
        match self.enc {
            Enc::Smrd if self.smem & smem::IMM != 0 => Value::Imm(self.imm),
            Enc::Smrd if smem::smrd_literal(self) => Value::Literal(self.lit),
            _ if self.smem & smem::IMM == 0 => code_value(self.imm as u16, 1, 0),
            _ => Value::Imm(self.imm),
        }
    }

    /// SMEM's SGPR offset besides its immediate one (the SOE bit), if it has one.
    fn smem_soffset(&self) -> Option<Value> {
        let soe = self.enc != Enc::Smrd && self.smem & smem::IMM != 0 && self.smem & smem::SOE != 0;
        soe.then(|| code_value(self.src[1], 1, 0))
    }

    /// Adds the registers the instruction reads or writes without naming them: those
    /// behind the special values it reads, EXEC for a vector instruction, and the
    /// row's implicit flags.
    fn push_implicit(&self, out: &mut Operands) {
        for k in 0..out.n {
            if let (Some(_), Value::Special(c)) = (out.ops[k].slot, out.ops[k].value) {
                if let Some(v) = special_source(c) {
                    out.push(implicit(v, Access::Read));
                }
            }
        }
        if vector(self.enc) {
            out.push(implicit(EXEC, Access::Read));
        }
        let f = self.desc().flags;
        for (flag, v, a) in IMPLICIT {
            if f & flag != 0 {
                out.push(implicit(v, a));
            }
        }
    }
}

/// The implicit registers of the table's flags, with their access.
const IMPLICIT: [(u128, Value, Access); 8] = [
    (flags::R_SCC, SCC, Access::Read),
    (flags::W_SCC, SCC, Access::Write),
    (flags::R_VCC, VCC, Access::Read),
    (flags::W_VCC, VCC, Access::Write),
    (flags::R_EXEC, EXEC, Access::Read),
    (flags::W_EXEC, EXEC, Access::Write),
    (flags::R_M0, M0_REG, Access::Read),
    (flags::W_M0, M0_REG, Access::Write),
];

fn implicit(value: Value, access: Access) -> Operand {
    Operand {
        slot: None,
        value,
        access,
        indexed: false,
    }
}

/// The access of a destination or data slot once the instruction's bits are known.
fn data_access(target: Target, i: &Inst, role: Role, access: Access) -> Access {
    let d = i.desc();
    let _ = target;
    match (i.enc, role) {
        // Atomics with glc return the old value into their data registers.
        (Enc::Mubuf | Enc::Mtbuf, Role::Vdata) if d.has(flags::ATOMIC) => {
            if i.fields & mubuf::GLC != 0 {
                access.and_write()
            } else {
                access
            }
        }
        (Enc::Mimg, Role::Vdata) if d.has(flags::ATOMIC) => {
            if i.fields & mimg::GLC != 0 {
                access.and_write()
            } else {
                access
            }
        }
        (Enc::Smem, Role::SdIn) if d.has(flags::ATOMIC) && i.mods.glc => access.and_write(),
        // DPP keeps the destination's disabled lanes.
        (Enc::Dpp, Role::Vd) => access.and_read(),
        // SDWA with UNUSED_PRESERVE keeps the bits dst_sel does not select.
        (Enc::Sdwa, Role::Vd) if i.fields & vopx::DST_UNUSED == 2 << 43 => access.and_read(),
        // A VOP3 op_sel on the destination writes the high half, keeping the low one.
        (Enc::Vop3, Role::Vd) if i.mods.op_sel & 8 != 0 => access.and_read(),
        _ => access,
    }
}
