//! The printer: `Inst` to llvm-mc's text, driven by the instruction's signature.
//! Writes into any `fmt::Write` without allocating.

use super::print_plan::PlanOut;
use super::suffix::{e32, interp, suffix};
use super::symbolic;
use crate::codec::vop3p::default_op_sel_hi;
use crate::inst::{Enc, Inst, VGPR0};
use crate::isa::{flags, Role, Slot};
use crate::operand_code::{write_dec, write_hex, write_reg};
use crate::target::{Gen, Target};
use std::fmt::{self, Write};

/// `Display` adapter: `println!("{}", inst.display(target))`.
pub struct DisplayInst<'a> {
    /// The instruction.
    pub inst: &'a Inst,
    /// The target whose syntax to print.
    pub target: Target,
}

impl fmt::Display for DisplayInst<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_inst(f, self.target, self.inst)
    }
}

impl Inst {
    /// The instruction as llvm-mc prints it for `target`: `println!("{}", inst.display(t))`.
    pub fn display(&self, target: Target) -> DisplayInst<'_> {
        DisplayInst { inst: self, target }
    }
}

/// Writes the instruction the way llvm-mc prints it (without leading tab).
pub fn write_inst(mut out: &mut dyn Write, target: Target, i: &Inst) -> fmt::Result {
    inst(&mut out, target, i, None)
}

/// Appends the instruction's text to `out` (the disassembler's path: the same text
/// as [`write_inst`], with the writes to the `String` inlined, and the vector and
/// scalar ALU words without modifiers printed from their row's plan).
pub fn push_inst(out: &mut String, target: Target, i: &Inst) -> fmt::Result {
    push_inst_to(out, target, i)
}

/// [`push_inst`] into a `String` or the disassembler's byte buffer.
pub(crate) fn push_inst_to<W: PlanOut>(out: &mut W, target: Target, i: &Inst) -> fmt::Result {
    if super::print_plan::push(out, target.gen, i) {
        return Ok(());
    }
    inst(out, target, i, None)
}

/// Like `write_inst`, printing the branch target as `label` (the assembler's echo of a
/// branch to a label, as llvm-mc shows it).
pub fn write_inst_labeled(
    mut out: &mut dyn Write,
    target: Target,
    i: &Inst,
    label: Option<&str>,
) -> fmt::Result {
    inst(&mut out, target, i, label)
}

fn inst<W: PlanOut>(out: &mut W, target: Target, i: &Inst, label: Option<&str>) -> fmt::Result {
    let d = i.desc();
    out.write_str(d.name())?;
    let sfx = suffix(target.gen, i);
    if !sfx.is_empty() {
        out.write_str(sfx)?;
    }
    // Buffer and flat instructions' operands depend on their modifiers.
    if is_buf_or_flat(i.enc) {
        let (mem_ops, n) = crate::inst::access::slots(i);
        operands(out, target, i, label, mem_ops[..n].iter().flatten())?;
    } else {
        operands(out, target, i, label, d.sig().iter())?;
    }
    if d.has(flags::SCALE) {
        super::mai::write_scales(out, target.gen, i)?;
    }
    write_modifiers(out, target.gen, i)
}

/// Writes the operands of `slots`, each after a space or a comma and a space.
#[inline]
fn operands<'a, W: PlanOut>(
    out: &mut W,
    target: Target,
    i: &Inst,
    label: Option<&str>,
    slots: impl Iterator<Item = &'a Slot>,
) -> fmt::Result {
    let opt_imm = i.desc().has(flags::OPT_IMM);
    let mut first = true;
    for s in slots {
        if s.role == Role::Imm16 && opt_imm && i.imm == 0 {
            continue;
        }
        // (Constant writes: a runtime choice of text would be a call to copy it.)
        if !first {
            out.write_str(",")?;
        }
        out.write_str(" ")?;
        first = false;
        match (s.role, label) {
            (Role::Label, Some(l)) => out.write_str(l)?,
            _ => write_operand(out, target, i, s)?,
        }
    }
    Ok(())
}

/// MUBUF, MTBUF, FLAT, GLOBAL and SCRATCH.
pub fn is_buf_or_flat(enc: Enc) -> bool {
    matches!(
        enc,
        Enc::Mubuf | Enc::Mtbuf | Enc::Flat | Enc::Global | Enc::Scratch
    )
}

fn write_operand<W: PlanOut>(out: &mut W, target: Target, i: &Inst, s: &Slot) -> fmt::Result {
    let d = i.desc();
    if is_buf_or_flat(i.enc) {
        if let Some(r) = super::buf::write_operand(out, target.gen, i, s) {
            return r;
        }
    }
    let gen = target.gen;
    match s.role {
        Role::Vd | Role::Vdata if i.enc == Enc::Mimg => super::mimg::write_data(out, target, i),
        Role::Vd | Role::Sd | Role::SdIn => out.reg(gen, i.dst, s.ty.dwords()),
        Role::Cd | Role::Ci if e32(i) => out.write_str("vcc"),
        Role::Cd => {
            let has_vd = crate::inst::roles::has(i.op, Role::Vd);
            out.reg(gen, if has_vd { i.sdst } else { i.dst }, 2)
        }
        Role::Ci => out.reg(gen, i.src[2], 2),
        Role::Src0 | Role::Src1 | Role::Src2 => {
            let k = s.role.src_index().unwrap_or(0);
            if i.enc == Enc::Sopc
                && k == 1
                && i.src[1] < VGPR0
                && crate::inst::roles::has(i.op, Role::GprIdx)
            {
                return symbolic::write_gpr_idx(out, i.src[1]);
            }
            write_source(out, target.gen, i, k, s)
        }
        // s_setreg_imm32_b32's value prints like other scalar immediates.
        Role::K if i.enc == Enc::Sopk => write_imm16_like(out, i.lit),
        Role::K => write_hex(out, i.lit),
        // s_endpgm's optional immediate prints in decimal.
        Role::Imm16 if d.has(flags::OPT_IMM) => write_dec(out, i.imm as u16 as u32),
        // SOPK immediates always print in hex.
        Role::Imm16 | Role::Simm16 if i.enc == Enc::Sopk => write_hex(out, i.imm as u16 as u32),
        Role::Imm16 | Role::Simm16 => write_imm16(out, i.imm as u16),
        // llvm-mc prints an unresolved branch offset as the unsigned 16-bit field.
        Role::Label => write_dec(out, i.imm as u16 as u32),
        Role::Hwreg => symbolic::write_hwreg(out, gen, i.imm as u16),
        Role::Sendmsg => symbolic::write_sendmsg(out, gen, i.imm as u16),
        Role::Waitcnt => symbolic::write_waitcnt(out, gen, i.imm as u16),
        Role::GprIdx if i.enc == Enc::Sopc => symbolic::write_gpr_idx(out, i.src[1]),
        Role::GprIdx => symbolic::write_gpr_idx(out, i.imm as u16),
        Role::Sbase => out.reg(gen, i.src[0], s.ty.dwords()),
        Role::SmemOff => write_smem_offset(out, target.gen, i),
        Role::Probe => write_imm16_like(out, i.dst as u32),
        Role::Vaddr
        | Role::Vdata
        | Role::Vdata1
        | Role::Srsrc
        | Role::Ssamp
        | Role::Soffset
        | Role::Saddr => {
            let v = match crate::codec::mem_slot(i.enc, s.role) {
                Some(3) => i.dst,
                Some(k) => i.src[k],
                None => 0,
            };
            out.reg(gen, v, s.ty.dwords())
        }
        Role::Attr | Role::Param => super::vintrp::write_operand(out, i, s.role),
        Role::Exp => super::exp::write_operand(out, target.gen, i),
    }
}

/// A 32-bit immediate: decimal up to 64, hex above.
fn write_imm16_like<W: Write>(out: &mut W, v: u32) -> fmt::Result {
    if v <= 64 {
        write_dec(out, v)
    } else {
        write_hex(out, v)
    }
}

/// `bitop3:N` (decimal up to 10, hex above, as llvm-mc prints it) and op_sel: the
/// truth table is in the NEG, ABS and OMOD fields.
fn write_bitop3<W: Write>(out: &mut W, i: &Inst) -> fmt::Result {
    let m = i.mods;
    let table = u32::from(m.neg) | u32::from(m.abs) << 3 | u32::from(m.omod) << 6;
    match table {
        0 => {}
        1..=10 => write!(out, " bitop3:{table}")?,
        _ => write!(out, " bitop3:{table:#x}")?,
    }
    write_vop3_opsel(out, i)
}

/// VOP3's `op_sel:[..]`: one entry per source, then the destination (OPSEL bit 3).
fn write_vop3_opsel<W: Write>(out: &mut W, i: &Inst) -> fmt::Result {
    let op_sel = i.mods.op_sel;
    if op_sel == 0 {
        return Ok(());
    }
    let n = crate::codec::vop3::opsel_sources(i.desc());
    let v = (op_sel & ((1 << n) - 1)) | (op_sel >> 3 & 1) << n;
    write_bits(out, "op_sel", v, n + 1)
}

/// A 16-bit immediate: decimal up to 64, hex above (llvm-mc's rule).
fn write_imm16<W: Write>(out: &mut W, v: u16) -> fmt::Result {
    write_imm16_like(out, v as u32)
}

fn write_source<W: PlanOut>(out: &mut W, gen: Gen, i: &Inst, k: usize, s: &Slot) -> fmt::Result {
    let code = i.src[k];
    // The one 256-bit source is the accumulator of v_mfma_f64_16x16x4: its constants
    // are doubles.
    let ty = if s.ty == crate::isa::Ty::B256 && code < 256 {
        crate::isa::Ty::F64
    } else {
        crate::inst::fields::mai::slot_ty(i.fields, s)
    };
    // (No source modifier set, no SDWA: the plain operand, as most are.)
    if i.enc != Enc::Sdwa && i.mods.abs | i.mods.neg | i.mods.neg_hi == 0 {
        return out.src(gen, code, ty, i.lit);
    }
    let bit = |m: u8| m >> k & 1 != 0;
    let (abs, neg) = match i.enc {
        Enc::Vop3 if i.desc().has(flags::BITOP3) => (false, false),
        Enc::Vop3 | Enc::Dpp | Enc::Sdwa => (bit(i.mods.abs), bit(i.mods.neg)),
        // Mixed-precision ops keep abs in NEG_HI and print both as prefixes.
        Enc::Vop3p if i.desc().has(flags::MIX) => (bit(i.mods.neg_hi), bit(i.mods.neg)),
        _ => (false, false),
    };
    if i.enc == Enc::Sdwa && super::vopx::sext(i, k) {
        out.write_str("sext(")?;
        out.src(gen, code, ty, i.lit)?;
        return out.write_str(")");
    }
    if !(neg || abs) {
        return out.src(gen, code, ty, i.lit);
    }
    let (open, close) = source_wrap(code, neg, abs);
    out.write_str(open)?;
    out.src(gen, code, ty, i.lit)?;
    out.write_str(close)
}

/// What a source of operand code `code` is printed between when it is negated
/// (`neg`) or its absolute value taken (`abs`), one of them at least.
#[inline]
pub(crate) fn source_wrap(code: u16, neg: bool, abs: bool) -> (&'static str, &'static str) {
    match (neg, abs) {
        (true, true) => ("-|", "|"),
        (false, true) => ("|", "|"),
        // `-5` would read back as the constant -5, so negated constants print as neg(5).
        _ if crate::operand_code::inline_int(code).is_some() || matches!(code, 240..=248 | 255) => {
            ("neg(", ")")
        }
        _ => ("-", ""),
    }
}

/// The text of output modifier `omod` (with the blank before it; empty for none).
#[inline]
pub(crate) fn omod_text(omod: u8) -> &'static str {
    match omod {
        1 => " mul:2",
        2 => " mul:4",
        3 => " div:2",
        _ => "",
    }
}

fn write_smem_offset<W: Write>(out: &mut W, gen: Gen, i: &Inst) -> fmt::Result {
    use crate::codec::smem::{IMM, SOE};
    // SMRD: the raw dword offset, a literal one (in lit() when the short form could
    // hold it), or an SGPR.
    if i.enc == Enc::Smrd {
        return if i.smem & IMM != 0 {
            write_hex(out, i.imm)
        } else if crate::inst::fields::smem::smrd_literal(i) && i.lit <= 0xff {
            write!(out, "lit({:#x})", i.lit)
        } else if crate::inst::fields::smem::smrd_literal(i) {
            write!(out, "{:#x}", i.lit)
        } else {
            write_reg(out, gen, i.imm as u16, 1)
        };
    }
    let signed = ((i.imm << 11) as i32) >> 11;
    let hex = |out: &mut W, v: i32| {
        if v < 0 {
            out.write_str("-")?;
        }
        write_hex(out, v.unsigned_abs())
    };
    match (i.smem & IMM != 0, i.smem & SOE != 0) {
        (true, true) => {
            write_reg(out, gen, i.src[1], 1)?;
            out.write_str(" offset:")?;
            hex(out, signed)
        }
        (true, false) => hex(out, signed),
        _ => write_reg(out, gen, i.imm as u16, 1),
    }
}

fn write_bits<W: Write>(out: &mut W, name: &str, v: u8, n: usize) -> fmt::Result {
    out.write_str(" ")?;
    out.write_str(name)?;
    out.write_str(":[")?;
    for k in 0..n {
        if k > 0 {
            out.write_str(",")?;
        }
        out.write_str(if v >> k & 1 != 0 { "1" } else { "0" })?;
    }
    out.write_str("]")
}

fn write_modifiers<W: Write>(out: &mut W, gen: crate::target::Gen, i: &Inst) -> fmt::Result {
    if matches!(i.enc, Enc::Dpp | Enc::Sdwa) {
        return super::vopx::write_mods(out, i);
    }
    let d = i.desc();
    let m = i.mods;
    let nsrc = || {
        d.sig()
            .iter()
            .filter_map(|s| s.role.src_index())
            .max()
            .map_or(0, |k| k + 1)
    };
    match i.enc {
        Enc::Vop3 if interp(i) => return super::vintrp::write_vop3_mods(out, i),
        Enc::Mimg => super::mimg::write_mods(out, gen, i)?,
        Enc::Exp => super::exp::write_mods(out, i)?,
        Enc::Vop3 if d.has(flags::BITOP3) => return write_bitop3(out, i),
        // The permlane swaps: bound_ctrl (OPSEL bit 1), then fi (bit 0).
        Enc::Vop3 if d.has(flags::PERMLANE_SWAP) => {
            if m.op_sel & 2 != 0 {
                out.write_str(" bound_ctrl:1")?;
            }
            if m.op_sel & 1 != 0 {
                out.write_str(" fi:1")?;
            }
            return Ok(());
        }
        Enc::Vop3 => write_vop3_opsel(out, i)?,
        Enc::Vop3p if d.has(flags::MAI) => super::mai::write_mods(out, gen, i)?,
        Enc::Vop3p => {
            let nsrc = nsrc();
            let mix = d.has(flags::MIX);
            if m.op_sel != 0 {
                write_bits(out, "op_sel", m.op_sel, nsrc)?;
            }
            if m.op_sel_hi != default_op_sel_hi(mix) {
                write_bits(out, "op_sel_hi", m.op_sel_hi, nsrc)?;
            }
            if !mix {
                if m.neg != 0 {
                    write_bits(out, "neg_lo", m.neg, nsrc)?;
                }
                if m.neg_hi != 0 {
                    write_bits(out, "neg_hi", m.neg_hi, nsrc)?;
                }
            }
        }
        Enc::Ds => super::ds::write_mods(out, i)?,
        e if is_buf_or_flat(e) => super::buf::write_mods(out, gen, i)?,
        Enc::Smem => {
            if m.glc {
                out.write_str(" glc")?;
            }
            if m.nv {
                out.write_str(" nv")?;
            }
        }
        _ => {}
    }
    if m.clamp {
        out.write_str(" clamp")?;
    }
    out.write_str(omod_text(m.omod))
}
