//! Encoders and decoders, one module per microcode format. Each is a bit layout
//! plus that format's generic rules; which instruction a word is comes from the
//! tables (`crate::isa::decode_op`), never from code per instruction.

pub(crate) mod ds;
pub(crate) mod exp;
pub(crate) mod fast;
pub(crate) mod flat;
mod masks;
pub(crate) mod mimg;
pub(crate) mod mubuf;
pub(crate) mod smem;
pub(crate) mod smrd;
pub(crate) mod sop;
pub(crate) mod vintrp;
pub(crate) mod vop;
pub(crate) mod vop3;
pub(crate) mod vop3p;
pub(crate) mod vopx;

pub use crate::inst::{is_mem, mem_slot, operand_field};
use crate::inst::{Enc, Inst, LITERAL};
use crate::isa::{self, Fmt, OpId, Role};
use crate::target::Target;
use std::fmt;

/// Why bytes do not decode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// The input ends inside an instruction that needs `need` bytes.
    Truncated {
        /// Bytes the instruction needs.
        need: usize,
    },
    /// The word is not a valid instruction for the target; the reason is static text.
    Invalid(&'static str),
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::Truncated { need } => {
                write!(f, "truncated instruction ({need} bytes needed)")
            }
            DecodeError::Invalid(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for DecodeError {}

/// Why an `Inst` cannot be encoded: what kind of refusal it is, for callers to decide
/// on, and the message, for people.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EncodeError {
    kind: EncodeKind,
    msg: &'static str,
}

/// The refusals a caller may tell apart (the assembler reports these with llvm-mc's
/// words and at llvm-mc's places); every other refusal is `Other`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EncodeKind {
    /// A VGPR/AGPR tuple starting at an odd register (gfx90a+).
    Misaligned,
    /// A form this GPU lacks (gfx908's MFMA with a VGPR accumulator).
    NotForGpu,
    /// A DPP control this target refuses for the instruction.
    DppControl,
    /// A literal in an encoding with no room for one.
    Literal,
    /// `gds` on a GPU without it.
    Gds,
    /// Any other reason.
    Other,
}

impl EncodeError {
    /// A refusal of kind `Other`.
    pub const fn new(msg: &'static str) -> Self {
        EncodeError {
            kind: EncodeKind::Other,
            msg,
        }
    }
    const fn of(kind: EncodeKind, msg: &'static str) -> Self {
        EncodeError { kind, msg }
    }
    /// gfx90a and later: a VGPR or AGPR tuple that does not start at an even register.
    pub const MISALIGNED: Self = Self::of(
        EncodeKind::Misaligned,
        "invalid register class: vgpr tuples must be 64 bit aligned",
    );
    /// Operands the target does not take.
    pub const NOT_FOR_GPU: Self = Self::of(
        EncodeKind::NotForGpu,
        "operands are not valid for this GPU or mode",
    );
    /// row_newbcast before gfx90a.
    pub const DPP_CTRL_UNKNOWN: Self = Self::of(EncodeKind::DppControl, "not a valid operand.");
    /// gfx90a+: a control other than row_newbcast for 64-bit ("DP ALU") operands.
    pub const DPP_DP_ALU: Self = Self::of(
        EncodeKind::DppControl,
        "DP ALU dpp only supports row_newbcast",
    );
    /// A literal where the instruction cannot carry one.
    pub const NO_LITERAL: Self =
        Self::of(EncodeKind::Literal, "literal operands are not supported");
    /// `gds` on a target without GDS.
    pub const NO_GDS: Self = Self::of(EncodeKind::Gds, "gds modifier is not supported on this GPU");
    /// What kind of error it is.
    pub fn kind(self) -> EncodeKind {
        self.kind
    }
    /// The message, as llvm-mc words it where it has one.
    pub fn message(self) -> &'static str {
        self.msg
    }
}

impl fmt::Display for EncodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.msg)
    }
}

impl std::error::Error for EncodeError {}

/// Encoded instruction: up to four dwords (a VOP3PX2 pair), no allocation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// The dwords; the first `n` are used.
    pub w: [u32; 4],
    /// How many dwords: 1 to 4.
    pub n: usize,
}

impl Words {
    /// The dwords.
    pub fn as_slice(&self) -> &[u32] {
        &self.w[..self.n]
    }
    /// Little-endian bytes, appended to `out`.
    pub fn write_to(&self, out: &mut Vec<u8>) {
        for w in self.as_slice() {
            out.extend_from_slice(&w.to_le_bytes());
        }
    }
}

#[inline]
fn word(bytes: &[u8], i: usize) -> Result<u32, DecodeError> {
    let b = bytes
        .get(i * 4..i * 4 + 4)
        .ok_or(DecodeError::Truncated { need: i * 4 + 4 })?;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// Extracts bits `[hi:lo]` of `w`.
#[inline]
pub(crate) const fn bits(w: u32, hi: u32, lo: u32) -> u32 {
    (w >> lo) & ((1u32 << (hi - lo + 1)) - 1)
}

pub(crate) fn op(target: Target, fmt: Fmt, opcode: u32) -> Result<OpId, DecodeError> {
    isa::decode_op(target, fmt, opcode).ok_or(DecodeError::Invalid("unknown opcode"))
}

/// Decodes one instruction from the start of `bytes`.
pub fn decode(target: Target, bytes: &[u8]) -> Result<Inst, DecodeError> {
    // (The one-step paths by the top two bits, then every word they leave.)
    if let Some(&b) = bytes.first_chunk::<4>() {
        let w0 = u32::from_le_bytes(b);
        let step = match w0 >> 30 {
            0b00 | 0b01 => fast::vop32::decode(target, w0)?,
            0b10 => fast::sop::decode(target, w0, bytes)?,
            // (A VOP3PX2 pair's first word decodes by what follows it.)
            _ if vop3p::is_pair_prefix(target, w0) => fast::Step::General,
            _ => match bytes[4..].first_chunk::<4>() {
                Some(&b) => fast::vop64::decode(target, w0, u32::from_le_bytes(b))?,
                None => fast::Step::General,
            },
        };
        match step {
            fast::Step::Inst(inst) => return Ok(inst),
            fast::Step::Check(inst) => return checked(target, inst),
            fast::Step::General => {}
        }
    }
    decode_general(target, bytes)
}

/// [`decode`] without the one-step paths (`fast::vop32`, `fast::sop`, `fast::vop64`):
/// each format's decoder, then the fast check or the format's checker, then the
/// constant bus.
fn decode_general(target: Target, bytes: &[u8]) -> Result<Inst, DecodeError> {
    let inst = unpack(target, bytes)?;
    // (The checker decides, and words the error, where the fast path is not sure.)
    if fast::accepts(target, &inst) {
        bus_checked(inst)
    } else {
        checked(target, inst)
    }
}

/// An unpacked instruction that the fast check does not accept, checked by its
/// format's checker and the constant bus.
#[inline(never)]
fn checked(target: Target, inst: Inst) -> Result<Inst, DecodeError> {
    check_fields(target, &inst).map_err(|e| DecodeError::Invalid(e.message()))?;
    bus_checked(inst)
}

/// A checked instruction, if it keeps the constant bus restrictions.
#[inline]
fn bus_checked(inst: Inst) -> Result<Inst, DecodeError> {
    if crate::constant_bus::constant_bus_ok(&inst) {
        Ok(inst)
    } else {
        Err(DecodeError::Invalid("violates constant bus restrictions"))
    }
}

/// The fields of the instruction at the start of `bytes`, unpacked but not checked.
fn unpack(target: Target, bytes: &[u8]) -> Result<Inst, DecodeError> {
    if target.column.is_none() {
        return Err(DecodeError::Invalid("target not implemented"));
    }
    let w0 = word(bytes, 0)?;
    if let Some(inst) = vop3p::unpack_pair(target, bytes)? {
        return Ok(inst);
    }
    // gfx6/gfx7 put SMRD at 11000x, VINTRP at 110010 and EXP at 111110.
    let old = target.gen.before_gfx8();
    let mut inst = match w0 >> 26 {
        0b11_0000 | 0b11_0001 if old => smrd::decode(target, w0)?,
        0b11_0010 if old => vintrp::decode(target, w0)?,
        0b11_1110 if old => exp::decode(target, w0, word(bytes, 1)?)?,
        0b11_0001 | 0b11_0101 if old => return Err(DecodeError::Invalid("unsupported encoding")),
        0b10_0000..=0b10_1111 => sop::decode(target, w0)?,
        0b11_0000 => smem::decode(target, w0, word(bytes, 1)?)?,
        0b00_0000..=0b01_1111 => {
            let mut i = vop::decode(target, w0)?;
            if matches!(i.enc, Enc::Dpp | Enc::Sdwa) {
                vopx::decode_ext(target.gen, &mut i, w0, word(bytes, 1)?);
            }
            i
        }
        0b11_0100 => {
            if bits(w0, 25, 23) == 0b111 && !target.gen.before_gfx9() {
                vop3p::decode(target, w0, word(bytes, 1)?)?
            } else {
                vop3::decode(target, w0, word(bytes, 1)?)?
            }
        }
        0b11_0110 => ds::decode(target, w0, word(bytes, 1)?)?,
        0b11_1000 => mubuf::decode(target, w0, word(bytes, 1)?, Enc::Mubuf)?,
        0b11_1010 => mubuf::decode(target, w0, word(bytes, 1)?, Enc::Mtbuf)?,
        0b11_0111 => flat::decode(target, w0, word(bytes, 1)?)?,
        0b11_1100 => mimg::decode(target, w0, word(bytes, 1)?)?,
        0b11_0001 => exp::decode(target, w0, word(bytes, 1)?)?,
        0b11_0101 => vintrp::decode(target, w0)?,
        _ => return Err(DecodeError::Invalid("unsupported encoding")),
    };
    let base = inst.base_size();
    if needs_trailing(&inst) {
        inst.lit = word(bytes, base / 4)?;
    }
    Ok(inst)
}

/// How many bytes an instruction at the start of `bytes` that does not decode covers:
/// 8 where its first word says the encoding has two dwords (the 64-bit formats, and
/// the DPP and SDWA forms of VOP1/VOP2/VOPC), so that the disassembler shows both as
/// data and never the second one as an instruction; otherwise 4 (and never more than
/// there are).
pub fn undecoded_len(target: Target, bytes: &[u8]) -> usize {
    let Ok(w0) = word(bytes, 0) else {
        return bytes.len().min(4);
    };
    let old = target.gen.before_gfx8();
    let two = match w0 >> 26 {
        0b11_0000..=0b11_0010 if old => false,
        0b11_1110 if old => true,
        0b11_0101 => false,
        0b11_0000 | 0b11_0001 | 0b11_0100 | 0b11_0110 | 0b11_0111 | 0b11_1000 | 0b11_1010
        | 0b11_1100 => true,
        // VOP1/VOP2/VOPC (SRC0 in bits 8:0) with the DPP or SDWA marker.
        0b00_0000..=0b01_1111 => !old && matches!(w0 & 0x1ff, 249 | 250),
        _ => false,
    };
    if two && bytes.len() >= 8 {
        8
    } else {
        4
    }
}

/// Whether the instruction is followed by a literal / K dword.
fn needs_trailing(inst: &Inst) -> bool {
    inst.has_literal() || crate::inst::roles::has(inst.op, Role::K)
}

/// Encodes `inst` for `target`.
///
/// The contract: `encode(t, i)` is `Ok` exactly when `decode(t, &bytes)` gives `i`
/// back, so an `Inst` built by hand can never turn into other bytes than it says (a
/// field the encoding has no room for, a bit the instruction does not take, a constant
/// bus violation are all errors naming what is wrong). The assembler, whose
/// instructions are well-formed by construction, skips the final check.
pub fn encode(target: Target, inst: &Inst) -> Result<Words, EncodeError> {
    let w = encode_unchecked(target, inst)?;
    let mut buf = [0u8; 16];
    for (k, x) in w.as_slice().iter().enumerate() {
        buf[k * 4..k * 4 + 4].copy_from_slice(&x.to_le_bytes());
    }
    let back = decode(target, &buf[..w.n * 4]).map_err(|e| match e {
        DecodeError::Invalid(why) => EncodeError::new(why),
        DecodeError::Truncated { .. } => EncodeError::new("instruction does not encode"),
    })?;
    match first_difference(inst, &back) {
        None => Ok(w),
        Some(field) => Err(EncodeError::new(field)),
    }
}

/// The first field of `a` that did not survive encoding into `b`, as an error message.
fn first_difference(a: &Inst, b: &Inst) -> Option<&'static str> {
    let (m, n) = (&a.mods, &b.mods);
    Some(if a.op != b.op || a.enc != b.enc {
        "instruction does not encode as itself in this encoding"
    } else if a.dst != b.dst {
        "destination field (dst) holds a value the encoding cannot express"
    } else if a.sdst != b.sdst {
        "sdst holds a value the encoding cannot express (or has none)"
    } else if a.src != b.src {
        "a source field (src) holds a value the encoding cannot express (or has none)"
    } else if a.lit != b.lit {
        "lit is set but the instruction carries no literal"
    } else if a.imm != b.imm {
        "imm holds a value the encoding cannot express (or has none)"
    } else if a.smem != b.smem {
        "smem bits are set on an instruction that has none"
    } else if (m.abs, m.neg, m.neg_hi) != (n.abs, n.neg, n.neg_hi) {
        "abs/neg modifier bits the encoding or instruction does not take"
    } else if (m.op_sel, m.op_sel_hi) != (n.op_sel, n.op_sel_hi) {
        "op_sel bits the encoding or instruction does not take"
    } else if (m.clamp, m.omod) != (n.clamp, n.omod) {
        "clamp/omod the encoding or instruction does not take"
    } else if (m.glc, m.nv) != (n.glc, n.nv) {
        "glc/nv bits the instruction does not take"
    } else if a.fields != b.fields {
        "fields has bits the encoding or instruction does not take"
    } else {
        return None;
    })
}

/// Encodes an instruction known to be well-formed (the assembler's output): the
/// structural checks of [`check_fields`] but not [`encode`]'s round trip.
pub(crate) fn encode_unchecked(target: Target, inst: &Inst) -> Result<Words, EncodeError> {
    check_fields(target, inst)?;
    encode_checked(target, inst)
}

/// Encodes an instruction that has passed [`check_fields`] (the assembler's binder
/// checks every instruction it makes): [`encode_unchecked`] without checking again.
pub(crate) fn encode_checked(target: Target, inst: &Inst) -> Result<Words, EncodeError> {
    let mut w = Words { w: [0; 4], n: 0 };
    let opc = inst
        .desc()
        .opcode(target)
        .ok_or(EncodeError::new("instruction not supported on this GPU"))? as u32;
    match inst.enc {
        Enc::Sop2 | Enc::Sopk | Enc::Sop1 | Enc::Sopc | Enc::Sopp => {
            w.w[0] = sop::encode(inst, opc);
            w.n = 1;
        }
        Enc::Smrd => {
            w.w[0] = smrd::encode(inst, opc);
            w.n = 1;
        }
        Enc::Smem => {
            let (a, b) = smem::encode(inst, opc);
            w.w = [a, b, 0, 0];
            w.n = 2;
        }
        Enc::Dpp | Enc::Sdwa => {
            w.w = [vop::encode(inst, opc), vopx::encode_ext(inst), 0, 0];
            w.n = 2;
        }
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc => {
            w.w[0] = vop::encode(inst, opc);
            w.n = 1;
        }
        Enc::Vop3 => {
            let o3 = inst
                .desc()
                .vop3_opcode(target)
                .ok_or(EncodeError::new("instruction has no VOP3 encoding"))?
                as u32;
            let (a, b) = vop3::encode(target.gen, inst, o3);
            w.w = [a, b, 0, 0];
            w.n = 2;
        }
        Enc::Vop3p if inst.desc().has(isa::flags::SCALE) => {
            w.w = vop3p::encode_pair(target, inst, opc)?;
            w.n = 4;
        }
        Enc::Vop3p => {
            let (a, b) = vop3p::encode(target, inst, opc);
            w.w = [a, b, 0, 0];
            w.n = 2;
        }
        Enc::Ds
        | Enc::Mubuf
        | Enc::Mtbuf
        | Enc::Mimg
        | Enc::Exp
        | Enc::Flat
        | Enc::Global
        | Enc::Scratch => {
            let (a, b) = match inst.enc {
                Enc::Ds => ds::encode(target.gen, inst, opc),
                Enc::Mubuf | Enc::Mtbuf => mubuf::encode(target.gen, inst, opc),
                Enc::Mimg => mimg::encode(inst, opc),
                Enc::Exp => exp::encode(target.gen, inst, opc),
                _ => flat::encode(target, inst, opc),
            };
            w.w = [a, b, 0, 0];
            w.n = 2;
        }
        Enc::Vintrp => {
            w.w[0] = vintrp::encode(target.gen, inst, opc);
            w.n = 1;
        }
        #[allow(unreachable_patterns)]
        _ => return Err(EncodeError::new("format not supported yet")),
    }
    if needs_trailing(inst) {
        w.w[w.n] = inst.lit;
        w.n += 1;
    }
    Ok(w)
}

/// Structural checks shared by the decoder (to refuse words whose bits the syntax
/// cannot express, keeping disassembly lossless) and the encoder: fields unused by
/// the instruction's operands are zero, registers are well-formed, modifiers are ones
/// the instruction takes.
pub fn check_fields(target: Target, inst: &Inst) -> Result<(), EncodeError> {
    let d = inst.desc();
    let home_ok = match inst.enc {
        Enc::Vop3 => matches!(d.fmt, Fmt::Vop3) || d.has_e64(),
        Enc::Dpp => vopx::has_dpp(d, target),
        Enc::Sdwa => vopx::has_sdwa(d, target),
        e => e == Enc::home(d.fmt, target.gen),
    };
    if !home_ok {
        return Err(EncodeError::new(
            "instruction is not available in this encoding",
        ));
    }
    if d.opcode(target).is_none() {
        return Err(EncodeError::new("instruction not supported on this GPU"));
    }
    let valu = matches!(
        inst.enc,
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Dpp | Enc::Sdwa | Enc::Vop3 | Enc::Vop3p
    );
    if valu && !valu_aligned(target, inst) {
        return Err(EncodeError::MISALIGNED);
    }
    if inst.enc == Enc::Dpp {
        if let Some(e) = vopx::dpp_ctrl_error(target, inst) {
            return Err(e);
        }
    }
    match inst.enc {
        Enc::Sop2 | Enc::Sopk | Enc::Sop1 | Enc::Sopc | Enc::Sopp => sop::check(target, inst),
        Enc::Smem => smem::check(target, inst),
        Enc::Smrd => smrd::check(target, inst),
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Dpp | Enc::Sdwa => vop::check(target, inst),
        Enc::Vop3 => vop3::check(target, inst),
        Enc::Vop3p => vop3p::check(target, inst),
        Enc::Ds => ds::check(target, inst),
        Enc::Mubuf | Enc::Mtbuf => mubuf::check(target, inst),
        Enc::Flat | Enc::Global | Enc::Scratch => flat::check(target, inst),
        Enc::Mimg => mimg::check(target, inst),
        Enc::Exp => exp::check(target, inst),
        Enc::Vintrp => vintrp::check(target, inst),
        #[allow(unreachable_patterns)]
        _ => Err(EncodeError::new("format not supported yet")),
    }
}

/// [`check_fields`] for an instruction the assembler's binder made: where the fast
/// check of the decoder ([`fast::accepts`]) is sure, the bulk of vector and scalar ALU
/// rows, its answer (about a tenth of the format checker's work); else the checker,
/// which gives the error. (The binder leaves `fields` clear on those rows; an
/// instruction with any bit there goes to the checker.)
#[inline]
pub(crate) fn check_bound(target: Target, inst: &Inst) -> Result<(), EncodeError> {
    if inst.fields == 0 && fast::accepts(target, inst) {
        debug_assert!(check_fields(target, inst).is_ok(), "{inst:?}");
        return Ok(());
    }
    check_fields(target, inst)
}

/// Decoding: the operands of AGPR-only slots (`/a`, e.g. v_accvgpr_*) sit in VGPR
/// fields; gives their VGPR codes the AGPR file.
#[inline]
pub(crate) fn agpr_slots(i: &mut Inst) {
    if crate::inst::roles::has_agpr_slot(i.op) {
        agpr_slots_of(i);
    }
}

/// [`agpr_slots`] for a row that has AGPR-only slots.
fn agpr_slots_of(i: &mut Inst) {
    for s in i
        .desc()
        .sig()
        .iter()
        .filter(|s| s.class == isa::Class::Agpr)
    {
        let at = match operand_field(i.enc, s.role) {
            Some(3) => &mut i.dst,
            Some(k) => &mut i.src[k],
            None => continue,
        };
        if crate::operand_code::is_vgpr(*at) {
            *at = *at - crate::inst::VGPR0 + crate::operand_code::AGPR0;
        }
    }
}

/// A vector destination against its slot: the file the slot takes, and a register
/// range the target has.
pub(crate) fn check_vdst(target: Target, code: u16, s: &isa::Slot) -> Result<(), EncodeError> {
    if vreg_file_ok(code, s.class) && crate::operand_code::reg_valid(target, code, s.ty.dwords()) {
        Ok(())
    } else {
        Err(EncodeError::new("invalid vector destination"))
    }
}

/// Whether vector register `code` is of a file the slot class takes: VGPRs, or AGPRs
/// for `/a`, either for `/av`.
pub(crate) fn vreg_file_ok(code: u16, class: isa::Class) -> bool {
    use crate::operand_code::{is_agpr, is_vgpr};
    match class {
        isa::Class::Agpr => is_agpr(code),
        isa::Class::VgprOrAgpr => is_vgpr(code) || is_agpr(code),
        _ => is_vgpr(code),
    }
}

/// gfx90a+: the VGPR and AGPR tuples of a VALU instruction start at an even register.
fn valu_aligned(target: Target, inst: &Inst) -> bool {
    if !target.even_tuples() {
        return true;
    }
    inst.desc().sig().iter().all(|s| {
        let code = match operand_field(inst.enc, s.role) {
            Some(3) => inst.dst,
            Some(k) => inst.src[k],
            None => return true,
        };
        s.ty.dwords() < 2 || code < crate::inst::VGPR0 || code.is_multiple_of(2)
    })
}

/// Checks that the source code in `src` holds a well-formed value of `dwords` width
/// for a field that may hold SGPRs, constants (and VGPRs when `vgpr_ok`): from the
/// precomputed masks, the rules giving the error.
pub(crate) fn check_src(
    target: Target,
    code: u16,
    dwords: u8,
    vgpr_ok: bool,
) -> Result<(), EncodeError> {
    match masks::check_src_ok(target, code, dwords, vgpr_ok) {
        Some(true) => Ok(()),
        _ => check_src_rules(target, code, dwords, vgpr_ok),
    }
}

/// Checks a source code against its slot's width and class: from the precomputed
/// masks, the rules giving the error.
pub(crate) fn src_ok(
    target: Target,
    code: u16,
    s: &isa::Slot,
    vgpr_ok: bool,
) -> Result<(), EncodeError> {
    let dwords = s.ty.dwords();
    match masks::src_ok(target, code, s.class, dwords, vgpr_ok) {
        Some(true) => Ok(()),
        _ => src_ok_rules(target, code, s.class, dwords, vgpr_ok),
    }
}

/// `src_ok` worked out from the rules (the masks' oracle).
pub(crate) fn src_ok_rules(
    target: Target,
    code: u16,
    class: isa::Class,
    dwords: u8,
    vgpr_ok: bool,
) -> Result<(), EncodeError> {
    if code >= crate::inst::VGPR0
        && vgpr_ok
        && !matches!(class, isa::Class::Scalar | isa::Class::ScalarLit)
    {
        return if vreg_file_ok(code, class) && crate::operand_code::reg_valid(target, code, dwords)
        {
            Ok(())
        } else {
            Err(EncodeError::new("invalid vector register"))
        };
    }
    if class == isa::Class::Agpr {
        return Err(EncodeError::new("operand must be an AGPR"));
    }
    check_src_rules(target, code, dwords, vgpr_ok)?;
    match class {
        isa::Class::Vgpr if code < crate::inst::VGPR0 => {
            Err(EncodeError::new("operand must be a VGPR"))
        }
        isa::Class::VgprOrLds
            if code < crate::inst::VGPR0 && code != crate::operand_code::LDS_DIRECT =>
        {
            Err(EncodeError::new("operand must be a VGPR or lds_direct"))
        }
        isa::Class::Scalar if code >= crate::inst::VGPR0 || code == crate::inst::LITERAL => Err(
            EncodeError::new("operand must be an SGPR, M0 or an inline constant"),
        ),
        isa::Class::ScalarLit if code >= crate::inst::VGPR0 => Err(EncodeError::new(
            "operand must be an SGPR, M0, a constant or a literal",
        )),
        _ => Ok(()),
    }
}

/// `check_src` worked out from the rules (the masks' oracle).
pub(crate) fn check_src_rules(
    target: Target,
    code: u16,
    dwords: u8,
    vgpr_ok: bool,
) -> Result<(), EncodeError> {
    use crate::operand_code::{inline_int, reg_valid};
    let gen = target.gen;
    let ok = match code {
        256..=511 => vgpr_ok && reg_valid(target, code, dwords),
        512.. => false,
        LITERAL | 240..=247 | 251..=253 => true,
        // 1/(2*pi) came with gfx8, the apertures and pops_exiting_wave_id with gfx9.
        248 => !gen.before_gfx8(),
        235..=239 => !gen.before_gfx9(),
        // lds_direct is a VALU src0 operand only (checked by the VALU codecs).
        // (A 32-bit value: llvm-mc refuses it for 64-bit operands.)
        254 => vgpr_ok && !target.even_tuples() && dwords == 1,
        _ if inline_int(code).is_some() => true,
        _ => reg_valid(target, code, dwords),
    };
    if ok {
        Ok(())
    } else {
        Err(EncodeError::new("invalid operand"))
    }
}
