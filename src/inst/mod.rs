//! `Inst`: the one currency between parser, encoder, decoder, printer and linter.
//!
//! An `Inst` holds the instruction's fields in hardware terms (operand codes, modifier
//! bits, immediates), so that encoding is bit packing and decoding is bit unpacking:
//! every bit of a decoded word has a home here, which makes decode-then-encode the
//! identity by construction. The operand *meaning* (which field is a destination, its
//! width, how a constant prints) comes from the instruction's row in the tables.

pub mod access;
pub mod build;
mod counters;
pub mod fields;
pub(crate) mod roles;

pub use crate::reg::{RegFile, RegRange};
pub use access::{Operand, OperandList, Operands, Value};
pub use counters::{Counters, Lgkm};

use crate::isa::{Fmt, OpDesc, OpId, Role};

/// The encoding an instruction is in. VOP1/VOP2/VOPC instructions can be in their
/// own 32-bit encoding or in VOP3 (`_e64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "gen", derive(arbitrary::Arbitrary))]
pub enum Enc {
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
    /// gfx6/gfx7 scalar memory (32-bit), the SMEM rows on those generations.
    Smrd,
    /// VOP1: vector ALU with one source (32-bit).
    Vop1,
    /// VOP2: vector ALU with two sources (32-bit).
    Vop2,
    /// VOPC: vector compare (32-bit).
    Vopc,
    /// VOP3A or VOP3B (chosen by the instruction's signature).
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
    /// VOP1/VOP2 with a DPP dword (`_dpp`).
    Dpp,
    /// VOP1/VOP2/VOPC with an SDWA dword (`_sdwa`).
    Sdwa,
}

impl Enc {
    /// The natural encoding of a row's home format.
    pub fn of(fmt: Fmt) -> Enc {
        match fmt {
            Fmt::Sop2 => Enc::Sop2,
            Fmt::Sopk => Enc::Sopk,
            Fmt::Sop1 => Enc::Sop1,
            Fmt::Sopc => Enc::Sopc,
            Fmt::Sopp => Enc::Sopp,
            Fmt::Smem => Enc::Smem,
            Fmt::Vop1 => Enc::Vop1,
            Fmt::Vop2 => Enc::Vop2,
            Fmt::Vopc => Enc::Vopc,
            Fmt::Vop3 => Enc::Vop3,
            Fmt::Vop3p => Enc::Vop3p,
            Fmt::Ds => Enc::Ds,
            Fmt::Mubuf => Enc::Mubuf,
            Fmt::Mtbuf => Enc::Mtbuf,
            Fmt::Mimg => Enc::Mimg,
            Fmt::Flat => Enc::Flat,
            Fmt::Global => Enc::Global,
            Fmt::Scratch => Enc::Scratch,
            Fmt::Exp => Enc::Exp,
            Fmt::Vintrp => Enc::Vintrp,
        }
    }

    /// The natural encoding of a row's home format on `gen` (SMRD for scalar memory on
    /// gfx6/gfx7).
    pub fn home(fmt: Fmt, gen: crate::target::Gen) -> Enc {
        match fmt {
            Fmt::Smem if gen.before_gfx8() => Enc::Smrd,
            f => Enc::of(f),
        }
    }
}

pub use crate::operand_code::{LITERAL, VGPR0};

/// Modifier bits, as they sit in the encoding.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Mods {
    /// VOP3 `ABS[2:0]` / VOP3P `NEG_HI[2:0]` are separate fields: bit i is source i.
    pub abs: u8,
    /// VOP3 `NEG[2:0]` (bit i negates source i) / VOP3P NEG (low halves).
    pub neg: u8,
    /// VOP3P NEG_HI (high halves; mixed-precision ops: abs).
    pub neg_hi: u8,
    /// VOP3 `OPSEL[3:0]` (bit 3 = dst) / VOP3P `OPSEL[2:0]`.
    pub op_sel: u8,
    /// VOP3P `OPSEL_HI[2:0]`.
    pub op_sel_hi: u8,
    /// `clamp`.
    pub clamp: bool,
    /// Output modifier: 0 none, 1 mul:2, 2 mul:4, 3 div:2.
    pub omod: u8,
    /// SMEM GLC.
    pub glc: bool,
    /// SMEM NV.
    pub nv: bool,
}

impl Mods {
    /// Whether no modifier is set (`== Mods::default()`, spelled out: the derived
    /// comparison of nine mixed fields compiles to a shuffle of two dozen
    /// instructions, on every line the printer's fast path takes).
    #[inline(always)]
    pub fn is_none(&self) -> bool {
        let Mods {
            abs,
            neg,
            neg_hi,
            op_sel,
            op_sel_hi,
            clamp,
            omod,
            glc,
            nv,
        } = *self;
        abs | neg | neg_hi | op_sel | op_sel_hi | omod | clamp as u8 | glc as u8 | nv as u8 == 0
    }
}

/// A machine instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Inst {
    /// The instruction: its row in the tables.
    pub op: OpId,
    /// The encoding it is in.
    pub enc: Enc,
    /// Destination field: VDST (as a 9-bit operand code, `VGPR0 + n` for VGPRs, the
    /// SGPR number when the field holds one) or SDST / SDATA (7-bit code).
    pub dst: u16,
    /// VOP3B SDST (carry-out) field.
    pub sdst: u16,
    /// Source operand codes: SSRC0/SSRC1 or SRC0/SRC1/SRC2 (`VGPR0 + n` for VGPRs, also
    /// for the 8-bit VSRC1 field of VOP2/VOPC). SMEM: `src[0]` = SBASE (SGPR number),
    /// `src[1]` = SOFFSET / register offset.
    pub src: [u16; 3],
    /// Literal constant, when some source is `LITERAL`.
    pub lit: u32,
    /// Immediates: SIMM16, the SMEM offset, v_madmk/madak's K, s_setreg_imm32's value;
    /// a scaled MFMA's two scale VGPRs (operand codes: src0's in bits 0-15, src1's in
    /// 16-31), whose op_sel/op_sel_hi bits are in `mods`.
    pub imm: u32,
    /// SMEM IMM and SOE bits (bit 0 = IMM, bit 1 = SOE).
    pub smem: u8,
    /// Modifier bits (source modifiers, clamp, omod, op_sel, SMEM glc/nv).
    pub mods: Mods,
    /// Format modifier bits kept where they sit in the 64-bit encoding (dword 0 in
    /// bits 0-31, dword 1 in 32-63): the flags and small fields of memory formats
    /// (`offen`, `glc`, `gds`, `dmask`, ...). Each format names them in
    /// `codec::fields`.
    pub fields: u64,
}

impl Inst {
    /// A blank instruction of `op` in encoding `enc`: every field zero.
    pub fn new(op: OpId, enc: Enc) -> Inst {
        Inst {
            op,
            enc,
            dst: 0,
            sdst: 0,
            src: [0; 3],
            lit: 0,
            imm: 0,
            smem: 0,
            mods: Mods::default(),
            fields: 0,
        }
    }

    /// The row of the tables.
    pub fn desc(&self) -> &'static OpDesc {
        self.op.desc()
    }

    /// Whether this instruction carries a trailing literal dword.
    pub fn has_literal(&self) -> bool {
        let n = match self.enc {
            Enc::Sop2 | Enc::Sopc => 2,
            Enc::Sop1 | Enc::Vop1 | Enc::Vop2 | Enc::Vopc => 1,
            Enc::Smrd => return fields::smem::smrd_literal(self),
            _ => 0,
        };
        self.src[..n].contains(&LITERAL)
    }

    /// Size in bytes of the encoding without a trailing literal: 4 or 8, or 16 for a
    /// VOP3PX2 pair (a scaled MFMA).
    pub fn base_size(&self) -> usize {
        match self.enc {
            Enc::Vop3p if self.desc().has(crate::isa::flags::SCALE) => 16,
            Enc::Sop2
            | Enc::Sopk
            | Enc::Sop1
            | Enc::Sopc
            | Enc::Sopp
            | Enc::Vop1
            | Enc::Vop2
            | Enc::Vopc
            | Enc::Smrd
            | Enc::Vintrp => 4,
            _ => 8,
        }
    }

    /// Size in bytes of the encoded instruction.
    pub fn size(&self) -> usize {
        // (A K operand, from the row's role mask: one bit test, not a walk of the
        // signature.)
        let k = roles::has(self.op, Role::K);
        self.base_size() + if self.has_literal() || k { 4 } else { 0 }
    }
}

/// Where a memory-format operand lives in `Inst`: `Some(k)` for `src[k]`, `Some(3)`
/// for `dst`. (MUBUF, MTBUF and MIMG have one VDATA field for loaded and stored data.)
pub fn mem_slot(enc: Enc, role: Role) -> Option<usize> {
    match (enc, role) {
        (_, Role::Vd) => Some(3),
        (Enc::Mubuf | Enc::Mtbuf | Enc::Mimg, Role::Vdata) => Some(3),
        (_, Role::Vaddr) => Some(0),
        (_, Role::Vdata | Role::Srsrc) => Some(1),
        (_, Role::Vdata1 | Role::Ssamp | Role::Soffset | Role::Saddr) => Some(2),
        _ => None,
    }
}

/// Where operand `role` lives in an `Inst` of encoding `enc`: `Some(k)` for `src[k]`,
/// `Some(3)` for `dst`.
pub fn operand_field(enc: Enc, role: Role) -> Option<usize> {
    if is_mem(enc) {
        return mem_slot(enc, role);
    }
    match role {
        Role::Vd => Some(3),
        r => r.src_index(),
    }
}

/// Whether `enc` is one of the memory, image, export or interpolation formats.
pub fn is_mem(enc: Enc) -> bool {
    matches!(
        enc,
        Enc::Ds
            | Enc::Mubuf
            | Enc::Mtbuf
            | Enc::Mimg
            | Enc::Flat
            | Enc::Global
            | Enc::Scratch
            | Enc::Exp
            | Enc::Vintrp
    )
}
