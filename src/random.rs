//! Generators of well-formed instructions from `arbitrary` bytes: one generator shared by
//! the property tests, the differential sweep against llvm-mc, the golden-vector script
//! and the cargo-fuzz targets. Every `Inst` it returns passes `codec::check_fields`.

use crate::codec;
use crate::inst::{Enc, Inst, LITERAL, VGPR0};
use crate::isa::{flags, gpr_idx, sendmsg, waitcnt, Class, Fmt, OpId, Role, Slot, OPS};
use crate::operand_code::{self, VCC_LO};
use crate::target::{Gen, Target};
use arbitrary::{Result, Unstructured};

pub mod files;

/// Rows that exist on `target`.
pub fn rows(target: Target) -> Vec<OpId> {
    (0..OPS.len() as u16)
        .map(OpId)
        .filter(|id| id.desc().opcode(target).is_some())
        .collect()
}

/// A well-formed instruction of a random row (and encoding) for `target`.
pub fn inst(target: Target, rows: &[OpId], u: &mut Unstructured) -> Result<Inst> {
    let id = *u.choose(rows)?;
    let d = id.desc();
    let dpp = crate::codec::vopx::has_dpp(d, target);
    let sdwa = crate::codec::vopx::has_sdwa(d, target);
    let enc = match d.fmt {
        Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc if dpp && u.ratio(1, 8)? => Enc::Dpp,
        Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc if sdwa && u.ratio(1, 8)? => Enc::Sdwa,
        Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc
            if d.has_e64() && (d.has(flags::E64_ONLY) || u.ratio(1, 3)?) =>
        {
            Enc::Vop3
        }
        f => Enc::home(f, target.gen),
    };
    inst_of(target, id, enc, u)
}

/// A well-formed instruction of row `id` in encoding `enc`.
pub fn inst_of(target: Target, id: OpId, enc: Enc, u: &mut Unstructured) -> Result<Inst> {
    for _ in 0..8 {
        let mut i = fill(target, id, enc, u)?;
        cdna_operands(target, &mut i, u)?;
        if codec::check_fields(target, &i).is_ok()
            && crate::constant_bus::constant_bus(target, &i).is_ok()
        {
            return Ok(i);
        }
    }
    Err(arbitrary::Error::IncorrectFormat)
}

/// The CDNA operand rules on top of a filled instruction: even-aligned VGPR/AGPR
/// tuples (gfx90a+), AGPR data and the third cache bit in memory instructions.
fn cdna_operands(target: Target, i: &mut Inst, u: &mut Unstructured) -> Result<()> {
    use crate::codec::{flat, mubuf};
    if !target.even_tuples() {
        return Ok(());
    }
    let mem = codec::is_mem(i.enc);
    let (ops, n) = crate::inst::access::slots(i);
    let slots: &[Option<Slot>] = if crate::syntax::print::is_buf_or_flat(i.enc) {
        &ops[..n]
    } else {
        &[]
    };
    let sig: Vec<Slot> = if slots.is_empty() {
        i.desc().sig().to_vec()
    } else {
        slots.iter().flatten().copied().collect()
    };
    let agpr = mem && i.enc != Enc::Mimg && u.ratio(1, 3)?;
    for s in &sig {
        let Some(k) = codec::operand_field(i.enc, s.role) else {
            continue;
        };
        let width = match s.role {
            Role::Vaddr if mem => {
                crate::inst::access::vaddr_dwords(target.gen, i).max(s.ty.dwords())
            }
            _ => s.ty.dwords(),
        };
        let gws = i.desc().has(flags::GDS_ONLY) && s.role == Role::Vaddr;
        let at = if k == 3 { &mut i.dst } else { &mut i.src[k] };
        if !operand_code::is_vgpr(*at) {
            continue;
        }
        if (width >= 2 || gws) && !at.is_multiple_of(2) {
            *at -= 1;
        }
        if agpr && (gws || matches!(s.role, Role::Vd | Role::Vdata | Role::Vdata1)) {
            *at += operand_code::AGPR0 - VGPR0;
        }
    }
    if i.enc == Enc::Dpp {
        // row_newbcast: the only control of 64-bit ("DP ALU") instructions.
        let dp = i.desc().sig().iter().any(|s| s.ty.is_64());
        if dp || u.ratio(1, 6)? {
            let ctrl = 0x150 | u.int_in_range(0..=15u64)?;
            i.fields = (i.fields & !crate::codec::vopx::DPP_CTRL) | ctrl << 40;
        }
    }
    if u.ratio(1, 4)? {
        i.fields |= match i.enc {
            Enc::Mubuf => mubuf::SC1,
            Enc::Mtbuf => mubuf::MTBUF_SC1,
            Enc::Flat | Enc::Global | Enc::Scratch => flat::SC1,
            _ => 0,
        };
    }
    Ok(())
}

fn vgpr(u: &mut Unstructured, dwords: u8) -> Result<u16> {
    let n = dwords.max(1) as u16;
    Ok(VGPR0 + u.int_in_range(0..=256 - n)?)
}

/// An SGPR tuple or named scalar register of `dwords` width.
fn sreg(gen: Gen, u: &mut Unstructured, dwords: u8, dst: bool) -> Result<u16> {
    let n = dwords.max(1) as u16;
    let align = if n >= 4 { 4 } else { n };
    let pick = u.int_in_range(0..=9)?;
    let (sgprs, t0) = (operand_code::sgpr_count(gen), operand_code::ttmp0(gen));
    Ok(match pick {
        0..=5 => u.int_in_range(0..=(sgprs - n) / align)? * align,
        // (gfx6-gfx8 have 12 ttmps: no 16-register tuple.)
        6 if t0 + n <= 124 => t0 + u.int_in_range(0..=(124 - t0 - n) / align)? * align,
        7 if n <= 2 => VCC_LO,
        8 if n <= 2 => operand_code::EXEC_LO,
        9 if n == 1 && !dst => operand_code::M0,
        9 if n == 1 && gen == Gen::Gfx6 => *u.choose(&[operand_code::M0, 107, 127])?,
        9 if n == 1 => *u.choose(&[operand_code::M0, 107, 127, 102, 104])?,
        _ => 0,
    })
}

/// A source operand code (and literal) for slot `s`.
fn src(
    gen: Gen,
    u: &mut Unstructured,
    s: &Slot,
    vgpr_ok: bool,
    literal_ok: bool,
    lit: &mut Option<u32>,
) -> Result<u16> {
    let w = s.ty.dwords();
    if matches!(s.class, Class::Vgpr | Class::VgprOrLds) {
        return vgpr(u, w);
    }
    if s.class == Class::Agpr {
        return Ok(vgpr(u, w)? + operand_code::AGPR0 - VGPR0);
    }
    {
        let c = match u.int_in_range(0..=9)? {
            0..=3 if vgpr_ok && !matches!(s.class, Class::Scalar | Class::ScalarLit) => vgpr(u, w)?,
            4 | 5 => sreg(gen, u, w, false)?,
            6 => u.int_in_range(128..=208)?,
            // (1/(2*pi) came with gfx8, the apertures with gfx9.)
            7 if gen.before_gfx8() => u.int_in_range(240..=247)?,
            7 => u.int_in_range(240..=248)?,
            8 if w == 1 && gen.before_gfx9() => *u.choose(&[251, 252, 253])?,
            8 if w == 1 => *u.choose(&[235, 236, 237, 238, 239, 251, 252, 253])?,
            9 if literal_ok && s.class != Class::Scalar => {
                let v = match lit {
                    Some(v) => *v,
                    None => {
                        let v = if s.ty.is_16() {
                            u.arbitrary::<u16>()? as u32
                        } else {
                            u.arbitrary()?
                        };
                        *lit = Some(v);
                        v
                    }
                };
                let _ = v;
                LITERAL
            }
            // Choices the slot does not allow fall back to a scalar register, so that
            // generation terminates even when the input bytes run out.
            _ => sreg(gen, u, w, false)?,
        };
        Ok(c)
    }
}

/// What the operands of one instruction share while they are filled in order: the
/// kind of encoding, the literal, and whether the constant bus is taken.
struct Operands {
    /// A VALU encoding (VOP1/VOP2/VOPC/VOP3/VOP3P).
    vop: bool,
    /// A 32-bit VALU encoding (VOP1/VOP2/VOPC/DPP/SDWA).
    e32: bool,
    has_vd: bool,
    scalar_used: bool,
    lit: Option<u32>,
}

fn fill(target: Target, id: OpId, enc: Enc, u: &mut Unstructured) -> Result<Inst> {
    let d = id.desc();
    let mut i = Inst::new(id, enc);
    let vop = matches!(
        enc,
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3 | Enc::Vop3p
    );
    let e32 = matches!(
        enc,
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Dpp | Enc::Sdwa
    );
    if matches!(enc, Enc::Dpp | Enc::Sdwa) {
        return fill_vopx(target, i, u);
    }
    let has_vd = d.sig().iter().any(|s| s.role == Role::Vd);
    // Carry-in VCC, an implicit VCC read and a K constant all use the constant bus.
    let scalar_used = d.sig().iter().any(|s| matches!(s.role, Role::Ci | Role::K))
        || d.has(flags::R_VCC)
        || (d.has(flags::R_M0) && d.fmt == Fmt::Vop1);
    if enc == Enc::Vop3p && d.has(flags::MAI) {
        fill_mai(target, &mut i, u)?;
        return Ok(i);
    }
    if enc == Enc::Vop3p {
        i.mods.op_sel_hi = crate::codec::vop3p::default_op_sel_hi(d.has(flags::MIX));
    }
    if crate::syntax::print::is_buf_or_flat(enc) {
        fill_mem(target, &mut i, u)?;
        return Ok(i);
    }
    if matches!(enc, Enc::Mimg | Enc::Exp | Enc::Vintrp) {
        fill_mimg_exp_vintrp(target, &mut i, u)?;
        return Ok(i);
    }
    let mut ops = Operands {
        vop,
        e32,
        has_vd,
        scalar_used,
        lit: None,
    };
    for s in d.sig() {
        fill_operand(target, &mut i, u, s, &mut ops)?;
    }
    if let Some(v) = ops.lit {
        i.lit = v;
    }
    if enc == Enc::Smem {
        i.mods.glc = d.has(flags::GLC) && u.arbitrary()?;
    }
    if enc == Enc::Ds {
        fill_ds_fields(&mut i, u)?;
    }
    let agpr_op = d.sig().iter().any(|s| s.class == Class::Agpr);
    if matches!(enc, Enc::Vop3 | Enc::Vop3p) && !agpr_op {
        fill_vop3_mods(target, &mut i, u)?;
    }
    Ok(i)
}

/// The operand of slot `s` (all but the buffer/flat, image, export and VINTRP ones).
fn fill_operand(
    target: Target,
    i: &mut Inst,
    u: &mut Unstructured,
    s: &Slot,
    ops: &mut Operands,
) -> Result<()> {
    let d = i.desc();
    let enc = i.enc;
    match s.role {
        Role::Vd if s.class == Class::Agpr => {
            i.dst = vgpr(u, s.ty.dwords())? + operand_code::AGPR0 - VGPR0
        }
        Role::Vd => i.dst = vgpr(u, s.ty.dwords())?,
        Role::Sd | Role::SdIn if matches!(enc, Enc::Smem | Enc::Smrd) => {
            i.dst = sreg(target.gen, u, s.ty.dwords(), true)?.min(123)
                & !((s.ty.dwords() as u16).min(4) - 1)
        }
        Role::Sd | Role::SdIn => i.dst = sreg(target.gen, u, s.ty.dwords(), true)?,
        Role::Cd | Role::Ci => fill_carry(target, i, u, s, ops)?,
        Role::Src0 | Role::Src1 | Role::Src2 => fill_src(target, i, u, s, ops)?,
        Role::K if s.ty.is_16() => ops.lit = Some(u.arbitrary::<u16>()? as u32),
        Role::K => ops.lit = Some(u.arbitrary()?),
        Role::Imm16 | Role::Simm16 | Role::Label | Role::Hwreg => {
            i.imm = u.arbitrary::<u16>()? as u32
        }
        // Only the bits of the fields (bits 7 and 15:10 of a message are unused).
        Role::Sendmsg => i.imm = (u.arbitrary::<u16>()? & sendmsg::field_bits(target.gen)) as u32,
        Role::Waitcnt => {
            i.imm = (u.arbitrary::<u16>()? & waitcnt::layout(target.gen).counter_bits()) as u32
        }
        Role::GprIdx if enc == Enc::Sopc => i.src[1] = u.int_in_range(0..=gpr_idx::MAX)?,
        Role::GprIdx => i.imm = u.int_in_range(0..=gpr_idx::MAX as u32)?,
        Role::Sbase => {
            i.src[0] = sreg(target.gen, u, s.ty.dwords(), false)?.min(96)
                & !((s.ty.dwords() as u16).min(4) - 1)
        }
        Role::SmemOff => fill_smem_off(target, i, u, &mut ops.lit)?,
        Role::Probe => i.dst = u.int_in_range(0..=127)?,
        Role::Vaddr | Role::Vdata | Role::Vdata1 => {
            let v = vgpr(u, s.ty.dwords())?;
            match codec::mem_slot(enc, s.role) {
                Some(3) => i.dst = v,
                Some(k) => i.src[k] = v,
                None => {}
            }
        }
        Role::Srsrc | Role::Ssamp | Role::Soffset | Role::Saddr | Role::Exp => {
            return Err(arbitrary::Error::IncorrectFormat)
        }
        // VOP3 interpolation: the attribute in SRC0, v_interp_mov_f32's slot in SRC1.
        Role::Attr => i.src[0] = attr(u, d.has(flags::HIGH))?,
        Role::Param => i.src[1] = u.int_in_range(0..=2)?,
    }
    Ok(())
}

/// A carry-out (or compare) destination or a carry-in source: VCC in 32-bit
/// encodings, an SGPR pair otherwise.
fn fill_carry(
    target: Target,
    i: &mut Inst,
    u: &mut Unstructured,
    s: &Slot,
    ops: &mut Operands,
) -> Result<()> {
    let c = if ops.e32 {
        VCC_LO
    } else {
        sreg(target.gen, u, 2, true)?
    };
    match s.role {
        Role::Ci => {
            i.src[2] = c;
            ops.scalar_used = true;
        }
        _ if ops.has_vd => i.sdst = c,
        _ => i.dst = c,
    }
    Ok(())
}

/// Source `s`, kept within the constant bus limit (one scalar value) of VALU
/// instructions.
fn fill_src(
    target: Target,
    i: &mut Inst,
    u: &mut Unstructured,
    s: &Slot,
    ops: &mut Operands,
) -> Result<()> {
    let d = i.desc();
    let enc = i.enc;
    let k = s.role.src_index().unwrap_or(0);
    if enc == Enc::Sopc && k == 1 && d.sig().iter().any(|s| s.role == Role::GprIdx) {
        return Ok(());
    }
    if d.has(flags::SREG_ONLY) {
        i.src[k] = sreg(target.gen, u, s.ty.dwords(), false)?;
        return Ok(());
    }
    let vop = ops.vop;
    let vgpr_ok = vop;
    let literal_ok = !matches!(enc, Enc::Vop3 | Enc::Vop3p) && !d.has(flags::NO_LITERAL);
    let mut c = if ops.e32 && k == 1 && s.class != Class::Scalar {
        vgpr(u, s.ty.dwords())?
    } else {
        src(target.gen, u, s, vgpr_ok, literal_ok, &mut ops.lit)?
    };
    let scalar = crate::constant_bus::uses_bus(c);
    if vop
        && scalar
        && ops.scalar_used
        && !(s.class == Class::Scalar && s.role == Role::Src1 && c == operand_code::M0)
        && !(c == LITERAL && ops.lit.is_some() && i.src.contains(&LITERAL))
    {
        c = vgpr(u, s.ty.dwords())?;
    }
    if vop
        && crate::constant_bus::uses_bus(c)
        && !(s.class == Class::Scalar && s.role == Role::Src1 && c == operand_code::M0)
    {
        ops.scalar_used = true;
    }
    i.src[k] = c;
    Ok(())
}

/// The offset of a scalar memory instruction: an immediate, an SGPR, or (gfx9+) both.
fn fill_smem_off(
    target: Target,
    i: &mut Inst,
    u: &mut Unstructured,
    lit: &mut Option<u32>,
) -> Result<()> {
    if i.enc == Enc::Smrd {
        // gfx6/gfx7: an 8-bit dword offset, an SGPR, or (gfx7) a literal.
        match u.int_in_range(0..=2)? {
            0 => {
                i.smem = codec::smem::IMM;
                i.imm = u.int_in_range(0..=0xffu32)?;
            }
            1 if target.gen == Gen::Gfx7 => {
                i.imm = LITERAL as u32;
                *lit = Some(u.int_in_range(0x100..=u32::MAX)?);
            }
            _ => i.imm = sreg(target.gen, u, 1, false)?.min(101) as u32,
        }
    } else if target.gen == Gen::Gfx8 {
        // gfx8: 20-bit unsigned offsets, no SOE form.
        match u.int_in_range(0..=1)? {
            0 => {
                i.smem = codec::smem::IMM;
                i.imm = u.int_in_range(0..=0xf_ffffu32)?;
            }
            _ => i.imm = sreg(target.gen, u, 1, false)? as u32,
        }
    } else {
        match u.int_in_range(0..=2)? {
            0 => {
                i.smem = codec::smem::IMM;
                i.imm = u.int_in_range(0..=0x1f_ffffu32)?;
            }
            1 => i.imm = sreg(target.gen, u, 1, false)? as u32,
            _ => {
                i.smem = codec::smem::IMM | codec::smem::SOE;
                i.imm = u.int_in_range(0..=0x1f_ffffu32)?;
                i.src[1] = sreg(target.gen, u, 1, false)?;
            }
        }
    }
    Ok(())
}

/// The DS fields (offsets and gds).
fn fill_ds_fields(i: &mut Inst, u: &mut Unstructured) -> Result<()> {
    let d = i.desc();
    let gds = if d.has(flags::GDS_ONLY) {
        true
    } else {
        !d.has(flags::NO_GDS) && u.ratio(1, 4)?
    };
    i.fields = u.arbitrary::<u16>()? as u64 | if gds { codec::ds::GDS } else { 0 };
    if d.sig().is_empty() && !d.has(flags::GDS_ONLY) {
        i.fields = 0; // ds_nop
    }
    Ok(())
}

/// The source modifiers of VOP3 and VOP3P: abs/neg (neg_hi), op_sel (op_sel_hi),
/// clamp and omod.
fn fill_vop3_mods(target: Target, i: &mut Inst, u: &mut Unstructured) -> Result<()> {
    let d = i.desc();
    let mut used = 0u8;
    let mut float = 0u8;
    for (k, s) in crate::codec::vop3::sources(d.sig()) {
        used |= 1 << k;
        if s.ty.is_float() || (d.has(flags::ANY_MODS) && s.role != Role::Ci) {
            float |= 1 << k;
        }
    }
    let mix = d.has(flags::MIX);
    let mods = if d.has(flags::NO_MODS) && (i.enc == Enc::Vop3 || mix) || d.has(flags::LD_SCALE) {
        0
    } else if i.enc == Enc::Vop3p {
        used
    } else {
        float
    };
    let opsel = if d.has(flags::NO_OPSEL) { 0 } else { used };
    let r: u8 = u.arbitrary()?;
    let r2: u8 = u.arbitrary()?;
    i.mods.clamp = u.ratio(1, 4)? && d.clamp_allowed(target.gen);
    if i.enc == Enc::Vop3 {
        fill_vop3_only_mods(target, i, u, (r, r2), mods, used)?;
    } else {
        i.mods.neg = r & mods;
        i.mods.neg_hi = (r >> 4) & mods;
        i.mods.op_sel = r2 & opsel;
        let dflt = i.mods.op_sel_hi;
        i.mods.op_sel_hi = (dflt & !opsel) | ((r2 >> 4) & opsel);
    }
    Ok(())
}

/// The VOP3 (not VOP3P) modifiers from the drawn bytes `r` and `r2`: abs, op_sel (the
/// permlane swaps' bound_ctrl and fi), neg, omod and v_bitop3's truth table.
fn fill_vop3_only_mods(
    target: Target,
    i: &mut Inst,
    u: &mut Unstructured,
    (r, r2): (u8, u8),
    mods: u8,
    used: u8,
) -> Result<()> {
    let d = i.desc();
    if !d.is_vop3b() {
        i.mods.abs = r & mods;
        // (The permlane swaps' bound_ctrl and fi are OPSEL bits too.)
        if crate::codec::vop3::has_opsel(target.gen, d) || d.has(flags::PERMLANE_SWAP) {
            i.mods.op_sel = r2 & crate::codec::vop3::opsel_mask(target.gen, d, used);
        }
    }
    i.mods.neg = (r >> 4) & mods;
    if d.omod_allowed() && u.ratio(1, 4)? {
        i.mods.omod = u.int_in_range(1..=3)?;
    }
    if d.has(flags::BITOP3) {
        // (The truth table fills NEG, ABS and OMOD.)
        let t: u8 = u.arbitrary()?;
        (i.mods.neg, i.mods.abs, i.mods.omod) = (t & 7, t >> 3 & 7, t >> 6);
    }
    Ok(())
}

/// MFMA and SMFMAC: vector sources in either register file, the accumulator in the
/// destination's file (or an inline constant), cbsz/abid/blgp.
fn fill_mai(target: Target, i: &mut Inst, u: &mut Unstructured) -> Result<()> {
    use crate::codec::vop3p::{ABID, BLGP, CBSZ};
    let d = i.desc();
    let gfx908 = target.gen == crate::target::Gen::Gfx908;
    let acc_cd = gfx908 || u.arbitrary()?;
    let agpr = |c: u16, on: bool| {
        if on {
            c + operand_code::AGPR0 - VGPR0
        } else {
            c
        }
    };
    for s in d.sig() {
        let w = s.ty.dwords();
        match s.role {
            Role::Vd => i.dst = agpr(vgpr(u, w)?, acc_cd),
            Role::Src0 | Role::Src1 => {
                let k = (s.role == Role::Src1) as usize;
                i.src[k] = agpr(vgpr(u, w)?, u.arbitrary()?);
            }
            Role::Src2 if d.has(flags::SMFMAC) => i.src[2] = vgpr(u, w)?,
            Role::Src2 => {
                i.src[2] = match u.int_in_range(0..=3)? {
                    0 if !gfx908 => u.int_in_range(128..=208)?,
                    1 if !gfx908 => u.int_in_range(240..=248)?,
                    _ => agpr(vgpr(u, w)?, acc_cd),
                }
            }
            _ => {}
        }
    }
    let blgp = if d.has(flags::SMFMAC) {
        0
    } else {
        u.int_in_range(0..=7u64)? << 61
    };
    // (gfx950's f8f6f4 MFMAs have no ABID: their CBSZ is a format.)
    let abid = match d.sig().iter().any(|s| s.ty == crate::isa::Ty::F8f6f4) {
        true => 0,
        false => ABID,
    };
    i.fields = (u.int_in_range(0..=7u64)? << 8 | u.int_in_range(0..=15u64)? << 11) & (CBSZ | abid)
        | blgp & BLGP;
    // A scaled MFMA: its two scale VGPRs and their op_sel/op_sel_hi bits (the third
    // bits, which no text shows, left 0: the instruction is its text's).
    if d.has(flags::SCALE) {
        i.imm = u32::from(vgpr(u, 1)?) | u32::from(vgpr(u, 1)?) << 16;
        i.mods.op_sel = u.int_in_range(0..=3)?;
        i.mods.op_sel_hi = u.int_in_range(0..=3)?;
    }
    Ok(())
}

/// DPP and SDWA forms of VOP1/VOP2/VOPC.
fn fill_vopx(target: Target, mut i: Inst, u: &mut Unstructured) -> Result<Inst> {
    let d = i.desc();
    let sdwa = i.enc == Enc::Sdwa;
    let (float, int) = fill_vopx_operands(target, &mut i, u)?;
    let r: u8 = u.arbitrary()?;
    if !d.has(flags::NO_MODS) {
        i.mods.neg = r & 3 & float;
        i.mods.abs = (r >> 2) & 3 & float;
    }
    if sdwa {
        fill_sdwa_fields(&mut i, u, r, int)?;
    } else {
        fill_dpp_fields(&mut i, u, r)?;
    }
    // v_nop's SDWA dword is all zero (its DPP one holds only the controls).
    if d.sig().is_empty() && sdwa {
        i.fields = 0;
        i.mods = Default::default();
    }
    Ok(i)
}

/// The operands of a DPP or SDWA instruction; returns which of SRC0 (bit 0) and SRC1
/// (bit 1) take float modifiers and which are integers.
fn fill_vopx_operands(target: Target, i: &mut Inst, u: &mut Unstructured) -> Result<(u8, u8)> {
    let d = i.desc();
    let sdwa = i.enc == Enc::Sdwa;
    let has_vd = d.sig().iter().any(|s| s.role == Role::Vd);
    let mut scalar_used = d.sig().iter().any(|s| s.role == Role::Ci) || d.has(flags::R_VCC);
    let (mut float, mut int) = (0u8, 0u8);
    for s in d.sig() {
        match s.role {
            Role::Vd if s.class == Class::Agpr => {
                i.dst = vgpr(u, s.ty.dwords())? + operand_code::AGPR0 - VGPR0
            }
            Role::Vd => i.dst = vgpr(u, s.ty.dwords())?,
            Role::Cd if sdwa && !has_vd => {
                i.dst = if u.arbitrary()? {
                    VCC_LO
                } else {
                    sreg(target.gen, u, 2, true)?
                }
            }
            Role::Cd if has_vd => i.sdst = VCC_LO,
            Role::Cd => i.dst = VCC_LO,
            Role::Ci => i.src[2] = VCC_LO,
            Role::Src0 | Role::Src1 => {
                let k = (s.role == Role::Src1) as usize;
                if s.ty.is_float() || d.has(flags::ANY_MODS) {
                    float |= 1 << k;
                } else {
                    int |= 1 << k;
                }
                let c = if sdwa && !scalar_used && u.ratio(1, 3)? {
                    match u.int_in_range(0..=2)? {
                        0 => u.int_in_range(0..=101)?,
                        1 => u.int_in_range(128..=208)?,
                        _ => u.int_in_range(240..=248)?,
                    }
                } else {
                    vgpr(u, 1)?
                };
                if c < VGPR0 {
                    scalar_used = true;
                }
                i.src[k] = c;
            }
            _ => {}
        }
    }
    Ok((float, int))
}

/// The SDWA dword (selects, sign extension) and the clamp and omod it allows; `r` is
/// the modifier byte, `int` the integer sources.
fn fill_sdwa_fields(i: &mut Inst, u: &mut Unstructured, r: u8, int: u8) -> Result<()> {
    use crate::codec::vopx::*;
    let d = i.desc();
    let sel = |u: &mut Unstructured| -> Result<u64> { u.int_in_range(0..=6u64) };
    let mut f = sel(u)? << 48 | sel(u)? << 56;
    if d.fmt != Fmt::Vopc {
        f |= sel(u)? << 40 | u.int_in_range(0..=2u64)? << 43;
        let float_dst = d
            .sig()
            .iter()
            .any(|s| s.role == Role::Vd && s.ty.is_float());
        // (Every VOP1/VOP2 SDWA form takes clamp.)
        i.mods.clamp = r & 0x10 != 0;
        if float_dst && r & 0x20 != 0 {
            i.mods.omod = u.int_in_range(1..=3)?;
        }
    }
    if d.fmt == Fmt::Vop1 {
        f &= !SRC1_SEL;
    }
    if int & 1 != 0 && r & 0x40 != 0 {
        f |= SRC0_SEXT;
    }
    if int & 2 != 0 && r & 0x80 != 0 && d.fmt != Fmt::Vop1 {
        f |= SRC1_SEXT;
    }
    if d.has(flags::SDWA_SRC0) {
        f = (f & SRC0_SEL) | 6 << 40;
    }
    if d.has(flags::TIED) {
        f = (f & !DST_SEL) | 6 << 40;
    }
    i.fields = f;
    Ok(())
}

/// The DPP dword: a valid control, row and bank masks and bound_ctrl; `r` is the
/// modifier byte.
fn fill_dpp_fields(i: &mut Inst, u: &mut Unstructured, r: u8) -> Result<()> {
    use crate::codec::vopx::*;
    let ctrls = [
        0x101u64, 0x111, 0x121, 0x130, 0x134, 0x138, 0x13c, 0x140, 0x141, 0x142, 0x143,
    ];
    let ctrl = if u.arbitrary()? {
        u.int_in_range(0..=0xffu64)?
    } else {
        *u.choose(&ctrls)?
            | if r & 1 != 0 {
                u.int_in_range(0..=14u64)?
            } else {
                0
            }
    };
    let ctrl = if dpp_ctrl_valid(ctrl as u32) {
        ctrl
    } else {
        0xe4
    };
    i.fields = ctrl << 40
        | u.int_in_range(0..=15u64)? << 56
        | u.int_in_range(0..=15u64)? << 60
        | if r & 0x40 != 0 { BOUND_CTRL } else { 0 };
    Ok(())
}

/// Buffer and flat instructions: modifiers first, since they shape the operands.
fn fill_mem(target: Target, i: &mut Inst, u: &mut Unstructured) -> Result<()> {
    let r: u8 = u.arbitrary()?;
    match i.enc {
        Enc::Mubuf | Enc::Mtbuf => fill_buf_fields(target, i, u, r)?,
        _ => fill_flat_fields(target, i, u, r)?,
    }
    fill_mem_operands(target, i, u, r)
}

/// Whether bit `k` of the modifier byte `r` is set.
fn has_bit(r: u8, k: u8) -> bool {
    r >> k & 1 != 0
}

/// The MUBUF/MTBUF modifiers and offset, from the modifier byte `r`.
fn fill_buf_fields(target: Target, i: &mut Inst, u: &mut Unstructured, r: u8) -> Result<()> {
    use crate::codec::mubuf;
    let d = i.desc();
    let has_vaddr = d.sig().iter().any(|s| s.role == Role::Vaddr);
    let mut f = u.int_in_range(0..=0xfffu64)?;
    if has_vaddr && target.gen.before_gfx8() && has_bit(r, 5) && has_bit(r, 6) {
        f |= mubuf::ADDR64;
    } else if has_vaddr {
        f |= if has_bit(r, 0) { mubuf::OFFEN } else { 0 }
            | if has_bit(r, 1) { mubuf::IDXEN } else { 0 };
    }
    f |= if has_bit(r, 2) { mubuf::GLC } else { 0 };
    if i.enc == Enc::Mtbuf {
        f |= if has_bit(r, 3) { mubuf::MTBUF_SLC } else { 0 };
        f |= (u.int_in_range(0..=127u64)?) << 19;
    } else {
        f |= if has_bit(r, 3) {
            mubuf::slc_bit(target.gen, i.enc)
        } else {
            0
        };
        // buffer_store_lds_dword (no address operand) always has lds.
        let lds = d.has(flags::LDS) && (!has_vaddr || u.ratio(1, 6)?);
        if lds {
            f |= mubuf::LDS;
        } else if !d.has(flags::STORE)
            && !d.has(flags::ATOMIC)
            && d.sig().iter().any(|s| s.role == Role::Vd)
            && u.ratio(1, 6)?
        {
            f |= mubuf::TFE;
        }
    }
    if d.sig().is_empty() {
        f = 0;
    }
    i.fields = f;
    Ok(())
}

/// The FLAT/GLOBAL/SCRATCH modifiers and offset and the SADDR (and for SCRATCH, whether
/// there is a VGPR address), from the modifier byte `r`.
fn fill_flat_fields(target: Target, i: &mut Inst, u: &mut Unstructured, r: u8) -> Result<()> {
    use crate::codec::flat::{self, SADDR_OFF};
    let d = i.desc();
    let mut f = if target.gen.before_gfx9() {
        0
    } else if i.enc == Enc::Flat {
        u.int_in_range(0..=0xfffu64)?
    } else {
        u.int_in_range(0..=0x1fffu64)?
    };
    f |= if has_bit(r, 2) { flat::GLC } else { 0 } | if has_bit(r, 3) { flat::SLC } else { 0 };
    if i.enc != Enc::Flat && d.has(flags::LDS) && u.ratio(1, 6)? {
        f |= flat::LDS;
    }
    i.fields = f;
    i.src[2] = match i.enc {
        Enc::Flat => 0,
        Enc::Global if has_bit(r, 4) => u.int_in_range(0..=50u16)? * 2,
        Enc::Scratch if has_bit(r, 4) => sreg(target.gen, u, 1, false)?.min(123),
        _ => SADDR_OFF,
    };
    // SCRATCH: a VGPR address when there is no SGPR one (gfx940: either, both
    // or neither).
    if i.enc == Enc::Scratch {
        let v = if target.gen == crate::target::Gen::Gfx940 {
            has_bit(r, 6)
        } else {
            i.src[2] == SADDR_OFF
        };
        i.src[0] = if v { VGPR0 } else { 0 };
    }
    Ok(())
}

/// The register operands of a buffer or flat instruction, shaped by its modifiers;
/// `r` is the modifier byte.
fn fill_mem_operands(target: Target, i: &mut Inst, u: &mut Unstructured, r: u8) -> Result<()> {
    use crate::codec::mubuf;
    let (ops, n) = crate::inst::access::slots(i);
    for s in ops[..n].iter().flatten() {
        match s.role {
            Role::Vd | Role::Vdata => {
                let tfe = i.fields & mubuf::TFE != 0 && matches!(i.enc, Enc::Mubuf);
                let v = vgpr(u, s.ty.dwords() + tfe as u8)?;
                match codec::mem_slot(i.enc, s.role) {
                    Some(3) => i.dst = v,
                    Some(k) => i.src[k] = v,
                    None => {}
                }
            }
            Role::Vaddr => {
                let w = crate::inst::access::vaddr_dwords(target.gen, i);
                i.src[0] = if w == 0 { 0 } else { vgpr(u, w)? };
            }
            Role::Srsrc => {
                i.src[1] = if has_bit(r, 5) {
                    operand_code::ttmp0(target.gen) + 4 * u.int_in_range(0..=3u16)?
                } else {
                    4 * u.int_in_range(0..=24u16)?
                }
            }
            Role::Soffset => {
                i.src[2] = match u.int_in_range(0..=3)? {
                    0 => u.int_in_range(128..=208)?,
                    1 => u.int_in_range(240..=248)?,
                    _ => sreg(target.gen, u, 1, false)?,
                }
            }
            _ => {}
        }
    }
    Ok(())
}

/// An interpolation attribute as the VOP3 SRC0 field: number, channel and `high`.
fn attr(u: &mut Unstructured, high: bool) -> Result<u16> {
    let n = u.int_in_range(0..=crate::codec::vintrp::MAX_ATTR as u16)?;
    let h = if high && u.arbitrary()? {
        crate::codec::vintrp::HIGH
    } else {
        0
    };
    Ok(h | u.int_in_range(0..=3u16)? << 6 | n)
}

/// Image, export and VINTRP instructions (modifiers first where they shape operands).
fn fill_mimg_exp_vintrp(target: Target, i: &mut Inst, u: &mut Unstructured) -> Result<()> {
    use crate::codec::{exp, mimg};
    let d = i.desc();
    let r: u32 = u.arbitrary::<u32>()? & u.arbitrary::<u32>()?;
    let bit = |k: u32| r >> k & 1 != 0;
    match i.enc {
        Enc::Mimg => {
            let mut f = u.int_in_range(0..=0xfu64)? << 8;
            for (k, b) in [mimg::UNORM, mimg::GLC, mimg::SLC, mimg::A16, mimg::TFE]
                .into_iter()
                .chain([mimg::LWE, mimg::DA, mimg::D16])
                .enumerate()
            {
                f |= if bit(k as u32) { b } else { 0 };
            }
            if d.has(flags::ATOMIC) {
                let dm = match (d.has(flags::CMPSWAP), bit(8)) {
                    (true, false) => 0x3,
                    (true, true) => 0xf,
                    (false, false) => 0x1,
                    (false, true) => 0x3,
                };
                f = (f & !(mimg::DMASK | mimg::D16)) | dm << 8;
            }
            if d.has(flags::NO_D16) {
                f &= !mimg::D16;
            }
            if d.has(flags::GATHER4) {
                f = (f & !mimg::DMASK) | 1 << (8 + u.int_in_range(0..=3)?);
                if f & mimg::D16 != 0 {
                    f &= !mimg::TFE;
                }
            }
            i.fields = f;
            for s in d.sig() {
                match s.role {
                    Role::Vd | Role::Vdata => {
                        i.dst = vgpr(u, mimg::data_dwords(target.packed_d16(), d, f))?
                    }
                    Role::Vaddr => i.src[0] = vgpr(u, s.ty.dwords())?,
                    Role::Srsrc if bit(9) => {
                        i.src[1] = operand_code::ttmp0(target.gen) + 4 * u.int_in_range(0..=2)?
                    }
                    Role::Srsrc => i.src[1] = 4 * u.int_in_range(0..=23)?,
                    Role::Ssamp if bit(10) => {
                        i.src[2] = operand_code::ttmp0(target.gen) + 4 * u.int_in_range(0..=3)?
                    }
                    Role::Ssamp => i.src[2] = 4 * u.int_in_range(0..=24)?,
                    _ => {}
                }
            }
        }
        Enc::Exp => {
            let t = *u.choose(&[0u64, 1, 7, 8, 9, 12, 15, 32, 33, 63])?;
            let t = if bit(0) { t } else { u.int_in_range(32..=63)? };
            let compr = bit(1);
            let en: u64 = if compr {
                *u.choose(&[0, 0x3, 0xc, 0xf])?
            } else {
                u.int_in_range(0..=0xf)?
            };
            let mut f = en | t << 4;
            f |= if compr { exp::COMPR } else { 0 };
            f |= if bit(2) { exp::DONE } else { 0 } | if bit(3) { exp::VM } else { 0 };
            for k in 0..4 {
                let used = if compr {
                    k < 2 && en >> (2 * k) & 3 != 0
                } else {
                    en >> k & 1 != 0
                };
                if used {
                    f |= (u.arbitrary::<u8>()? as u64) << (32 + 8 * k);
                }
            }
            i.fields = f;
        }
        _ => {
            for s in d.sig() {
                match s.role {
                    Role::Vd => i.dst = vgpr(u, 1)?,
                    Role::Src0 => i.src[0] = vgpr(u, 1)?,
                    Role::Param => i.src[0] = u.int_in_range(0..=2)?,
                    Role::Attr => {
                        let a = attr(u, false)? as u64;
                        i.fields = (a & 0x3f) << 10 | (a >> 6 & 3) << 8;
                    }
                    _ => {}
                }
            }
        }
    }
    Ok(())
}

/// Builds a deterministic byte source for generators from a seed (xorshift64*).
pub fn seeded_bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut x = seed.max(1);
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        out.extend_from_slice(&x.wrapping_mul(0x2545_f491_4f6c_dd1d).to_le_bytes());
    }
    out.truncate(len);
    out
}

/// `n` well-formed instructions for `target` from `seed`.
pub fn sample(target: Target, seed: u64, n: usize) -> Vec<Inst> {
    let rows = rows(target);
    let bytes = seeded_bytes(seed, n * 64 + 64);
    let mut u = Unstructured::new(&bytes);
    let mut out = Vec::with_capacity(n);
    while out.len() < n && !u.is_empty() {
        if let Ok(i) = inst(target, &rows, &mut u) {
            out.push(i);
        }
    }
    out
}

/// Every encoding row `id` can take: its home format, plus VOP3, DPP and SDWA forms.
pub fn encodings(id: OpId, target: Target) -> Vec<Enc> {
    let d = id.desc();
    let mut encs = vec![Enc::home(d.fmt, target.gen)];
    if d.has_e64() {
        encs.push(Enc::Vop3);
    }
    if crate::codec::vopx::has_dpp(d, target) {
        encs.push(Enc::Dpp);
    }
    if crate::codec::vopx::has_sdwa(d, target) {
        encs.push(Enc::Sdwa);
    }
    encs
}

/// Every row of `target` at least once in each of its encodings, with operands from `seed`.
pub fn cover(target: Target, seed: u64, per_row: usize) -> Vec<Inst> {
    let mut out = Vec::new();
    for id in rows(target) {
        // Fresh bytes per row, so that no row runs short.
        let bytes = seeded_bytes(
            seed ^ (id.0 as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
            1 << 14,
        );
        let mut u = Unstructured::new(&bytes);
        for enc in encodings(id, target) {
            for _ in 0..per_row {
                if let Ok(i) = inst_of(target, id, enc, &mut u) {
                    out.push(i);
                }
            }
        }
    }
    out
}

/// A well-formed instruction with one field set to an arbitrary value: the input of the
/// encoder's contract (it accepts exactly what decodes back to the same `Inst`).
pub fn mutated_inst(target: Target, rows: &[OpId], u: &mut Unstructured) -> Result<Inst> {
    let mut i = inst(target, rows, u)?;
    match u.int_in_range(0u8..=12)? {
        0 => i.dst = u.int_in_range(0..=767)?,
        1 => i.sdst = u.int_in_range(0..=767)?,
        2..=4 => {
            let k = u.int_in_range(0..=2)?;
            i.src[k] = u.int_in_range(0..=767)?;
        }
        5 => i.lit = u.arbitrary()?,
        6 => i.imm = u.arbitrary()?,
        7 => i.smem = u.int_in_range(0..=3)?,
        8 => i.mods.abs = u.int_in_range(0..=7)?,
        9 => i.mods.neg = u.int_in_range(0..=7)?,
        10 => i.mods.op_sel = u.int_in_range(0..=15)?,
        11 => i.mods.omod = u.int_in_range(0..=3)?,
        _ => i.fields ^= 1u64 << u.int_in_range(0..=63)?,
    }
    Ok(i)
}
