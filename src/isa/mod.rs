//! The instruction tables: one row per instruction, generated at build time from
//! `isa/*.tsv` (see `build.rs`), and the lookups the codecs, parser and linter use;
//! and the fields and names of the symbolic 16-bit immediates ([`hwreg`], [`sendmsg`],
//! [`waitcnt`], [`gpr_idx`]) as plain data with encode and decode functions.

mod class;
pub(crate) mod column;
pub mod flags;
pub mod gens;
pub mod gpr_idx;
pub mod hwreg;
pub mod sendmsg;
mod sig;
pub mod waitcnt;

pub use class::Unit;
pub use column::Column;
pub use sig::{Access, Class, Role, Slot, Ty};

use crate::target::{Features, Gen, Target};

/// A microcode format, i.e. which table a row comes from. VOP1, VOP2 and VOPC rows
/// also have a VOP3 form unless flagged `noe64`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, strum::Display, strum::EnumIter)]
#[strum(serialize_all = "UPPERCASE")]
pub enum Fmt {
    /// SOP2: scalar ALU with two sources.
    Sop2,
    /// SOPK: scalar ALU with a 16-bit immediate.
    Sopk,
    /// SOP1: scalar ALU with one source.
    Sop1,
    /// SOPC: scalar compare.
    Sopc,
    /// SOPP: program control with a 16-bit immediate.
    Sopp,
    /// SMEM: scalar memory (64-bit, gfx8 on).
    Smem,
    /// VOP1: vector ALU with one source (32-bit).
    Vop1,
    /// VOP2: vector ALU with two sources (32-bit).
    Vop2,
    /// VOPC: vector compare (32-bit).
    Vopc,
    /// VOP3: vector ALU, 64-bit encoding.
    Vop3,
    /// VOP3P: packed math and MFMA.
    Vop3p,
    /// DS: LDS and GDS.
    Ds,
    /// MUBUF: untyped buffer memory.
    Mubuf,
    /// MTBUF: typed buffer memory.
    Mtbuf,
    /// MIMG: image memory.
    Mimg,
    /// FLAT: flat memory.
    Flat,
    /// GLOBAL: global memory.
    Global,
    /// SCRATCH: private memory.
    Scratch,
    /// EXP: export.
    Exp,
    /// VINTRP: parameter interpolation.
    Vintrp,
}

/// Marks a column in which an instruction does not exist.
pub const NO_OP: u16 = u16::MAX;

/// One instruction of the tables.
#[derive(Debug)]
pub struct OpDesc {
    /// The mnemonic, as its typed constant (rows of one name share it; its text:
    /// [`OpDesc::name`]).
    pub mnemonic: Mnemonic,
    /// The format of its home table.
    pub fmt: Fmt,
    /// Opcode per [`Column`], `NO_OP` when absent.
    pub opc: [u16; COLUMNS],
    /// Its signature's number ([`OpDesc::sig`]: a number, not a pointer, so that
    /// the rows need no relocation when the program loads).
    sig: u16,
    /// `flags::*` bits.
    pub flags: u128,
    /// Features a target needs for this instruction.
    pub req: Features,
    /// MFMA/SMFMAC passes (the latency class the hazard rules scale with), 0 otherwise.
    pub passes: u8,
    /// Another row with the same opcode in some generation (a feature variant), or `u16::MAX`.
    pub alt: u16,
}

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// Index of a row in [`OPS`]: the opcode identity an [`crate::Inst`] carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OpId(pub u16);

impl OpId {
    /// The row.
    pub fn desc(self) -> &'static OpDesc {
        &OPS[self.0 as usize]
    }
}

impl OpDesc {
    /// The mnemonic llvm-mc prints, without `_e32`/`_e64`.
    #[inline(always)]
    pub fn name(&self) -> &'static str {
        self.mnemonic.name()
    }

    /// Operands in syntax order.
    #[inline(always)]
    pub const fn sig(&self) -> &'static [Slot] {
        SIGS[self.sig as usize]
    }

    /// Whether the row has `flags::*` bit `flag`.
    pub fn has(&self, flag: u128) -> bool {
        self.flags & flag != 0
    }

    /// The opcode in the home format for `target`, if the instruction exists there.
    pub fn opcode(&self, target: Target) -> Option<u16> {
        let o = *self.opc.get(target.column?.0)?;
        (o != NO_OP && target.features.contains(self.req)).then_some(o)
    }

    /// Whether the VOP3 form uses the VOP3B layout (a vector result and a carry or
    /// compare result in SDST).
    pub fn is_vop3b(&self) -> bool {
        self.sig().iter().any(|s| s.role == Role::Vd)
            && self.sig().iter().any(|s| s.role == Role::Cd)
    }

    /// Whether `clamp` is allowed on the VOP3 form of this row on `gen`.
    pub fn clamp_allowed(&self, gen: Gen) -> bool {
        if self.has(flags::NO_CLAMP) || self.sig().is_empty() {
            return false;
        }
        if self.has(flags::CLAMP_GFX9) && gen.before_gfx9() {
            return false;
        }
        // gfx6/gfx7 clamp float results only ("integer clamping is not supported").
        // Their VOP3B layout has no clamp bit.
        if gen.before_gfx8() {
            return !self.is_vop3b()
                && self
                    .sig()
                    .iter()
                    .any(|s| s.role == Role::Vd && s.ty.is_float());
        }
        if self.fmt == Fmt::Vopc {
            return self
                .sig()
                .iter()
                .any(|s| s.role.src_index().is_some() && s.ty.is_float());
        }
        true
    }

    /// Whether the VOP3 form takes an output modifier (`mul:2`, `mul:4`, `div:2`): float
    /// results, and the float-to-int conversions flagged `omod`, unless flagged `noomod`.
    pub fn omod_allowed(&self) -> bool {
        let float_dst = self
            .sig()
            .iter()
            .any(|s| s.role == Role::Vd && s.ty.is_float());
        (float_dst || self.has(flags::OMOD)) && !self.has(flags::NO_OMOD)
    }

    /// Whether a VOP1/VOP2/VOPC instruction has a VOP3 (`_e64`) form.
    pub fn has_e64(&self) -> bool {
        matches!(self.fmt, Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc) && !self.has(flags::NO_E64)
    }

    /// The VOP3 opcode of this instruction for `target`: its own opcode for VOP3 rows,
    /// the promoted one for VOP1/VOP2/VOPC rows.
    pub fn vop3_opcode(&self, target: Target) -> Option<u16> {
        let o = self.opcode(target)?;
        let gfx67 = target.gen.before_gfx8();
        match self.fmt {
            Fmt::Vop3 => Some(o),
            Fmt::Vopc if self.has_e64() => Some(o),
            Fmt::Vop2 if self.has_e64() => Some(0x100 + o),
            Fmt::Vop1 if self.has_e64() => Some(if gfx67 { 0x180 } else { 0x140 } + o),
            _ => None,
        }
    }
}

/// The row for opcode `op` of format `fmt` on `target` (for VOP3, the full 10-bit
/// VOP3 opcode space including promoted VOP1/VOP2/VOPC forms).
#[inline]
pub fn decode_op(target: Target, fmt: Fmt, op: u32) -> Option<OpId> {
    let table = DECODE.get(target.column?.0)?[fmt as usize];
    let mut i = *table.get(op as usize)?;
    while i != u16::MAX {
        let d = &OPS[i as usize];
        if target.features.contains(d.req) && !d.has(flags::SCALE) {
            return Some(OpId(i));
        }
        i = d.alt;
    }
    None
}

/// The scaled MFMA (`flags::SCALE`) at VOP3P opcode `op` on `target`: the second
/// word of a VOP3PX2 pair, which [`decode_op`] does not answer.
pub fn decode_scaled_op(target: Target, op: u32) -> Option<OpId> {
    let table = DECODE.get(target.column?.0)?[Fmt::Vop3p as usize];
    let mut i = *table.get(op as usize)?;
    while i != u16::MAX {
        let d = &OPS[i as usize];
        if target.features.contains(d.req) && d.has(flags::SCALE) {
            return Some(OpId(i));
        }
        i = d.alt;
    }
    None
}

/// A mnemonic of the tables, as a typed constant ([`op`]`::V_ADD_F32`) instead of a
/// string: [`Mnemonic::on`] picks the row that exists on a target (the generations
/// and features of some instructions have rows of their own).
///
/// ```
/// use amdgpu_mc::isa::op;
/// use amdgpu_mc::Target;
/// let t = Target::from_name("gfx906").unwrap();
/// let id = op::V_ADD_F32.on(t).unwrap();
/// assert_eq!(id.desc().name(), "v_add_f32");
/// assert_eq!(op::V_ADD_F32.name(), "v_add_f32");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Mnemonic(pub u16);

impl Mnemonic {
    /// The mnemonic's text.
    #[inline]
    pub fn name(self) -> &'static str {
        name_text(self.0)
    }
    /// The rows with this mnemonic.
    pub fn rows(self) -> impl Iterator<Item = OpId> {
        let k = self.0 as usize;
        MNEMONIC_ROWS[MNEMONIC_ROWS_AT[k] as usize..MNEMONIC_ROWS_AT[k + 1] as usize]
            .iter()
            .map(|&i| OpId(i))
    }
    /// The row of this mnemonic that exists on `target`: its home format's, if the
    /// mnemonic also names a VOP3-only row (v_readlane_b32 on gfx8+ is VOP3).
    pub fn on(self, target: Target) -> Option<OpId> {
        self.rows().find(|id| id.desc().opcode(target).is_some())
    }
    /// Whether row `id` has this mnemonic (one comparison: what the linter asks of
    /// every instruction it looks at).
    #[inline]
    pub fn is(self, id: OpId) -> bool {
        id.desc().mnemonic == self
    }
}

/// The text of name `id` of [`BY_NAME`] (a [`Mnemonic`]'s number, or an alias's
/// after them).
#[inline]
pub fn name_text(id: u16) -> &'static str {
    let k = id as usize;
    &NAME_TEXT[NAME_AT[k] as usize..NAME_AT[k + 1] as usize]
}

/// All rows named `name` (several rows may share a mnemonic across formats).
pub fn by_name(name: &str) -> impl Iterator<Item = OpId> + '_ {
    let start = BY_NAME.partition_point(|&(n, _)| name_text(n) < name);
    BY_NAME[start..]
        .iter()
        .take_while(move |&&(n, _)| name_text(n) == name)
        .map(|(_, i)| OpId(*i))
}

/// The row named `name` that exists on `target`.
pub fn lookup(target: Target, name: &str) -> Option<OpId> {
    by_name(name).find(|id| id.desc().opcode(target).is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables' numbers (names, signatures, a mnemonic's rows) say what the
    /// pointers they replace said: each row is among its mnemonic's rows, and found by
    /// its name; the names are sorted, as the binary search of [`by_name`] needs.
    #[test]
    fn numbered_tables_agree() {
        for (k, d) in OPS.iter().enumerate() {
            let id = OpId(k as u16);
            assert!(d.mnemonic.rows().any(|r| r == id), "{}", d.name());
            assert!(d.mnemonic.rows().all(|r| r.desc().name() == d.name()));
            assert!(by_name(d.name()).any(|r| r == id), "{}", d.name());
            assert!(!d.name().is_empty() && d.sig().len() <= 16, "{}", d.name());
        }
        let names: Vec<&str> = BY_NAME.iter().map(|&(n, _)| name_text(n)).collect();
        assert!(names.is_sorted(), "BY_NAME is not sorted by name");
        // (The aliases too: each name's entries find their rows.)
        for &(n, row) in BY_NAME.iter() {
            assert!(
                by_name(name_text(n)).any(|r| r == OpId(row)),
                "{}",
                name_text(n)
            );
        }
        assert_eq!(op::V_ADD_F32.name(), "v_add_f32");
    }
}
