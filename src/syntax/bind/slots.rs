//! Binding the operands of one form: each operand item to the next signature slot
//! (for buffer and flat formats, to the operand list `lds` and `glc` select), with
//! the modifiers after them, then the checks of what was left out.

use super::form::is_vop3;
use super::modifiers::{self, Order};
use super::sources;
use super::Fixup;
use crate::codec::{self, smem};
use crate::inst::{Enc, Inst, LITERAL, VGPR0};
use crate::isa::{flags, Fmt, OpDesc, OpId, Role, Slot, Ty};
use crate::operand_code::{self, VCC_LO};
use crate::syntax::error::{err, Error};
use crate::syntax::operands::{Item, Items, Kind, Modifier, Value, Word};
use crate::target::{Gen, Target};

/// One row being bound in one encoding.
pub(super) struct Binding<'a> {
    target: Target,
    d: &'static OpDesc,
    enc: Enc,
    pub(super) i: Inst,
    /// The literal and where it was written (instructions have at most one).
    pub(super) lit: Option<(u32, usize)>,
    /// A double that needs its low half was taken as an f64 operand's high half
    /// (llvm-mc warns).
    pub(super) dropped_low: bool,
    pub(super) fixup: Option<Fixup<'a>>,
    slots: Slots,
    /// The next slot to fill.
    k: usize,
    /// EXP's one signature slot is five items: the target and four sources; how
    /// many of them were bound.
    nexp: usize,
    /// Buffer and flat register operands as bound (role, width, position): their
    /// widths depend on the modifiers, so they are checked at the end.
    widths: [(Role, u8, usize); 6],
    /// The modifiers' order, made at the first modifier (most lines have none).
    order: Option<Order>,
}

/// The slots operands fill: the signature, or for buffer and flat formats the
/// operand list, which depends on `lds` and `glc`.
struct Slots {
    sig: &'static [Slot],
    /// Buffer or flat.
    buf: bool,
    mem: [Option<Slot>; 6],
    /// How many of `mem` there are.
    mem_n: usize,
}

impl Slots {
    fn new(target: Target, d: &OpDesc, enc: Enc, items: &Items) -> Self {
        let buf = crate::syntax::print::is_buf_or_flat(enc);
        if !buf {
            return Slots {
                sig: d.sig(),
                buf,
                mem: [None; 6],
                mem_n: 0,
            };
        }
        let has = |want: Modifier| items.iter().any(|it| it.kind == Kind::Mod(want));
        // A returning atomic is asked for with glc (gfx940: sc0).
        let glc_word = if target.gen == Gen::Gfx940 {
            Modifier::Flag(Word::Sc0)
        } else {
            Modifier::Glc
        };
        let (mem, mem_n) =
            crate::inst::access::slots_of(d, enc, has(Modifier::Flag(Word::Lds)), has(glc_word));
        Slots {
            sig: d.sig(),
            buf,
            mem,
            mem_n,
        }
    }

    fn at(&self, k: usize) -> Option<&Slot> {
        if self.buf {
            self.mem[..self.mem_n].get(k).and_then(|o| o.as_ref())
        } else {
            self.sig.get(k)
        }
    }

    /// Whether slot `k` is a buffer/flat operand (rather than past them).
    fn is_mem_operand(&self, k: usize) -> bool {
        self.buf && k < self.mem_n
    }
}

impl<'a> Binding<'a> {
    /// An instruction of row `id` in `enc` with the defaults of what may be left out.
    pub(super) fn new(target: Target, id: OpId, enc: Enc, items: &Items) -> Self {
        let d = id.desc();
        Binding {
            target,
            d,
            enc,
            i: starting_inst(id, enc),
            lit: None,
            dropped_low: false,
            fixup: None,
            slots: Slots::new(target, d, enc, items),
            k: 0,
            nexp: 0,
            widths: [(Role::Vd, 0, 0); 6],
            order: None,
        }
    }

    /// Trailing operands llvm-mc lets one leave out: the SMEM offset (0), and the
    /// immediate of s_waitcnt-like rows (flag opt).
    fn optional(&self, s: &Slot) -> bool {
        match s.role {
            Role::SmemOff => true,
            Role::Imm16 => self.d.has(flags::OPT_IMM),
            _ => false,
        }
    }

    /// Binds the items in order, with signature slot `vcc_slot` taken to be VCC
    /// without an operand.
    pub(super) fn items(
        &mut self,
        items: &Items<'a>,
        mpos: usize,
        vcc_slot: Option<usize>,
    ) -> Result<(), Error> {
        let vcc = Item {
            kind: Kind::Reg {
                code: VCC_LO,
                dwords: 2,
            },
            neg: false,
            abs: false,
            sext: false,
            pos: mpos,
            start: mpos,
            modsyn: false,
            fp_err: None,
            comma: false,
        };
        for it in items.iter() {
            // The VCC operand left out, at its slot.
            if vcc_slot == Some(self.k) && !matches!(it.kind, Kind::Mod(_)) {
                self.vcc(&vcc)?;
            }
            self.item(it)?;
        }
        // (It may also be the last operand.)
        if vcc_slot == Some(self.k) {
            self.vcc(&vcc)?;
        }
        Ok(())
    }

    /// Binds the VCC operand left out, at the next slot.
    fn vcc(&mut self, vcc: &Item<'a>) -> Result<(), Error> {
        let d = self.d;
        bind_slot(self, &d.sig()[self.k], vcc)?;
        self.k += 1;
        Ok(())
    }

    /// Binds one item: an operand to the next slot, or a modifier.
    fn item(&mut self, it: &Item<'a>) -> Result<(), Error> {
        let respelled = self.respell(it);
        let it = respelled.as_ref().unwrap_or(it);
        // gfx10's null (the export target `null` is the export binder's).
        let exp = self.slots.at(self.k).is_some_and(|s| s.role == Role::Exp);
        if matches!(it.kind, Kind::Val(Value::Sym("null", _))) && !exp {
            return err(it.pos, "'null' operand is not supported on this GPU");
        }
        if self.slots.is_mem_operand(self.k) && self.mem_item(it)? {
            return Ok(());
        }
        let slot = self.slots.at(self.k).copied();
        match (slot, it.kind) {
            (Some(s), kind) if s.role == Role::Exp && !matches!(kind, Kind::Mod(_)) => {
                crate::syntax::exp::bind_item(&mut self.i, it, self.nexp)?;
                self.nexp += 1;
                self.k += (self.nexp == 5) as usize;
            }
            (Some(s), kind) if !matches!(kind, Kind::Mod(_)) => {
                self.k += 1;
                bind_slot(self, &s, it)?;
            }
            // A modifier where an operand is due reads as an operand that fits nowhere.
            (Some(s), _) if !self.optional(&s) => {
                return err(it.pos, "invalid operand for instruction")
            }
            (_, Kind::Mod(m)) => {
                let (gen, d, enc) = (self.target.gen, self.d, self.enc);
                let order = self.order.get_or_insert_with(|| Order::new(gen, d, enc));
                order.take(m, it.pos)?;
                modifiers::apply(self.target, &mut self.i, m, it.pos)?;
            }
            _ => return err(it.pos, "invalid operand for instruction"),
        }
        Ok(())
    }

    /// Words that are a register or a modifier depending on where they are written:
    /// gfx90a's `scc` cache bit reads as the register src_scc, the modifier after the
    /// operands; `a16` is the register where an operand is due (CDNA), the MIMG flag
    /// otherwise.
    fn respell(&self, it: &Item<'a>) -> Option<Item<'a>> {
        let past_mem = self.slots.buf && self.k >= self.slots.mem_n
            || self.enc == Enc::Mimg && self.slots.at(self.k).is_none();
        match it.kind {
            Kind::Reg { code: 253, .. } if past_mem => Some(Item {
                kind: Kind::Mod(Modifier::Flag(Word::Scc)),
                ..*it
            }),
            Kind::Mod(Modifier::Flag(Word::A16))
                if self.target.has_agprs() && self.slots.at(self.k).is_some() && !past_mem =>
            {
                Some(Item {
                    kind: Kind::Reg {
                        code: operand_code::AGPR0 + 16,
                        dwords: 1,
                    },
                    ..*it
                })
            }
            _ => None,
        }
    }

    /// Binds an item where a buffer/flat operand is due; false if it is not one.
    fn mem_item(&mut self, it: &Item) -> Result<bool, Error> {
        let Some(s) = self.slots.at(self.k).copied() else {
            return Ok(false);
        };
        match it.kind {
            // MTBUF's legacy `dfmt:N, nfmt:M,` before soffset.
            Kind::Mod(Modifier::Value(w @ (Word::Dfmt | Word::Nfmt), v))
                if self.enc == Enc::Mtbuf && s.role == Role::Soffset =>
            {
                let (lo, max, mask) = if w == Word::Dfmt {
                    (19, 15, 0xf)
                } else {
                    (23, 7, 0x7)
                };
                if !(0..=max).contains(&v) {
                    return err(it.pos, format!("out of range {w}"));
                }
                self.i.fields = (self.i.fields & !((mask as u64) << lo)) | (v as u64) << lo;
                Ok(true)
            }
            Kind::Mod(_) => Ok(false),
            _ => {
                let w = mem_operand(self.target, &mut self.i, &s, it)?;
                self.widths[self.k] = (s.role, w, it.pos);
                self.k += 1;
                Ok(true)
            }
        }
    }

    /// After the items: no operand is missing, and buffer and flat registers are as
    /// wide as the modifiers make them.
    pub(super) fn check_complete(&self, mpos: usize) -> Result<(), Error> {
        if self.slots.at(self.k).is_some_and(|s| !self.optional(s)) {
            return err(mpos, "too few operands for instruction");
        }
        if !self.slots.buf {
            return Ok(());
        }
        let mem = &self.slots.mem[..self.slots.mem_n];
        for &(role, w, pos) in &self.widths[..self.slots.mem_n] {
            if mem_width(self.target, &self.i, mem, role).is_some_and(|want| w != want) {
                return err(pos, "invalid operand for instruction");
            }
        }
        Ok(())
    }
}

/// An instruction of row `id` in `enc` with the defaults of what may be left out
/// (the SMEM offset: an immediate 0).
pub(super) fn starting_inst(id: OpId, enc: Enc) -> Inst {
    let mut i = Inst::with_defaults(id, enc);
    if id.desc().sig().iter().any(|s| s.role == Role::SmemOff) {
        i.smem = smem::IMM;
    }
    i
}

/// The width (dwords) a buffer or flat register operand of `role` must have in `i`,
/// whose memory slots are `mem`, once its modifiers are known: the address's as they
/// make it, the data's that of the first slot of its role (one more with MUBUF's
/// `tfe`). `None` for the other roles.
pub(super) fn mem_width(target: Target, i: &Inst, mem: &[Option<Slot>], role: Role) -> Option<u8> {
    match role {
        Role::Vaddr => Some(crate::inst::access::vaddr_dwords(target.gen, i)),
        Role::Vd | Role::Vdata => {
            let s = mem
                .iter()
                .flatten()
                .find(|s| s.role == role)
                .map_or(1, |s| s.ty.dwords());
            let tfe = matches!(i.enc, Enc::Mubuf) && i.fields & codec::mubuf::TFE != 0;
            Some(s + tfe as u8)
        }
        _ => None,
    }
}

/// Binds operand `it` to signature slot `s`.
fn bind_slot<'a>(b: &mut Binding<'a>, s: &Slot, it: &Item<'a>) -> Result<(), Error> {
    let (target, enc, i) = (b.target, b.enc, &mut b.i);
    let pos = it.pos;
    let bad = || err(pos, "invalid operand for instruction");
    if (it.neg || it.abs || it.sext) && !matches!(s.role, Role::Src0 | Role::Src1 | Role::Src2) {
        return bad();
    }
    if enc == Enc::Mimg {
        return crate::syntax::mimg::bind_operand(i, s, it);
    }
    match s.role {
        Role::Vd => match vector_dst(target, i, s, it, enc) {
            Some(c) => i.dst = c,
            None => return bad(),
        },
        Role::Sd | Role::SdIn => match (scalar_reg(it, s), it.kind) {
            (Some(c), _) => i.dst = c,
            // A read-only value where the field has 8 bits (VALU scalar destinations).
            (_, Kind::Reg { code, dwords: 1 })
                if matches!(enc, Enc::Vop1 | Enc::Vop2 | Enc::Vop3)
                    && operand_code::read_only_sreg(target, code, s.ty.dwords()) =>
            {
                i.dst = code
            }
            _ => return bad(),
        },
        Role::Cd | Role::Ci => carry(target, i, s, it, enc)?,
        Role::Src0 | Role::Src1 | Role::Src2 => {
            return sources::source_operand(target, i, s, it, enc, &mut b.lit, &mut b.dropped_low)
        }
        Role::K => {
            let v = match it.kind {
                // K of 16-bit math is 16 bits as llvm-mc reads it; a wider integer keeps
                // all 32 bits, so that the decoder's text of any K assembles back.
                // (A negative one keeps its sign in the upper half, as llvm-mc
                // writes it: -1 is 0xffffffff.)
                Kind::Val(Value::Int(n)) | Kind::Lit(Value::Int(n)) => {
                    let ty = if s.ty.is_16() { Ty::I16 } else { s.ty };
                    sources::literal_bits(Value::Int(n), ty, pos)
                        .or_else(|_| sources::literal_bits(Value::Int(n), Ty::B32, pos))?
                }
                Kind::Val(v) | Kind::Lit(v) => sources::literal_bits(v, s.ty, pos)?,
                _ => return bad(),
            };
            sources::share_literal(&mut b.lit, v, pos)?;
        }
        Role::Imm16 | Role::Simm16 => imm16(i, it, enc)?,
        Role::Label => b.fixup = label(i, it)?.or(b.fixup),
        Role::Hwreg | Role::Sendmsg | Role::Waitcnt | Role::GprIdx => symbolic(i, s, it, enc)?,
        Role::Sbase => match scalar_reg(it, s) {
            Some(c) => i.src[0] = c,
            _ => return bad(),
        },
        Role::SmemOff => smem_offset(target, i, it, enc, &mut b.lit)?,
        Role::Probe => match it.kind {
            // A 7-bit field (llvm-mc keeps its low 7 bits of a larger value).
            Kind::Val(Value::Int(v)) if (0..=127).contains(&v) => i.dst = v as u16,
            _ => return err(pos, "invalid operand for instruction"),
        },
        Role::Vaddr | Role::Vdata | Role::Vdata1 => data_register(target, i, s, it, enc)?,
        Role::Srsrc | Role::Ssamp | Role::Soffset | Role::Saddr | Role::Exp => {
            return err(pos, "operand not supported yet");
        }
        Role::Attr | Role::Param => return crate::syntax::vintrp::bind_operand(i, s, it),
    }
    Ok(())
}

/// The code of a vector destination `it` of slot `s` (in encoding `enc`): a
/// register of the slot's file and width, of the file of the data registers bound
/// before it, or an AGPR of a DS destination where the GPU takes them.
pub(super) fn vector_dst(target: Target, i: &Inst, s: &Slot, it: &Item, enc: Enc) -> Option<u16> {
    match reg(it, s.ty.dwords()) {
        Some(c) if codec::vreg_file_ok(c, s.class) && !acc_conflict(i, c) => Some(c),
        // DS destinations may be AGPRs (gfx90a+).
        Some(c) if enc == Enc::Ds && operand_code::is_agpr(c) && target.acc_mem() => Some(c),
        _ => None,
    }
}

/// The code of `it` if it is an SGPR range (or a named scalar register) of the
/// width of slot `s`: a scalar destination, an SMEM base.
pub(super) fn scalar_reg(it: &Item, s: &Slot) -> Option<u16> {
    reg(it, s.ty.dwords()).filter(|c| *c <= 127)
}

/// The register code of `it` if it is a register `dwords` wide (at least one).
fn reg(it: &Item, dwords: u8) -> Option<u16> {
    match it.kind {
        Kind::Reg { code, dwords: n } if n == dwords.max(1) => Some(code),
        _ => None,
    }
}

/// A carry-out or carry-in (`vcc` in the 32-bit forms, any SGPR pair in VOP3).
fn carry(target: Target, i: &mut Inst, s: &Slot, it: &Item, enc: Enc) -> Result<(), Error> {
    let bad = || err(it.pos, "invalid operand for instruction");
    let d = i.desc();
    let code = match (reg(it, 2), it.kind) {
        (Some(c), _) if c <= 127 => c,
        // A VOP3 compare's destination may be a read-only value (llvm-mc's SReg_64;
        // VOP3B's carry-out field has 7 bits).
        (_, Kind::Reg { code, dwords: 1 })
            if s.role == Role::Cd
                && is_vop3(enc)
                && !d.sig().iter().any(|s| s.role == Role::Vd)
                && operand_code::read_only_sreg(target, code, 2) =>
        {
            code
        }
        // A condition mask may also be an aperture or a read-only value (64-bit
        // values to llvm-mc: src_vccz, src_execz, src_scc).
        (_, Kind::Reg { code, dwords: 1 })
            if s.role == Role::Ci
                && ((235..=239).contains(&code)
                    || operand_code::read_only_sreg(target, code, 2)) =>
        {
            code
        }
        _ => return bad(),
    };
    let sdwa_cmp = enc == Enc::Sdwa && d.fmt == Fmt::Vopc;
    if !is_vop3(enc) && !sdwa_cmp && code != VCC_LO {
        return bad();
    }
    let has_vd = d.sig().iter().any(|s| s.role == Role::Vd);
    match s.role {
        Role::Ci => i.src[2] = code,
        _ if has_vd => i.sdst = code,
        _ => i.dst = code,
    }
    Ok(())
}

/// A 16-bit immediate.
pub(super) fn imm16(i: &mut Inst, it: &Item, enc: Enc) -> Result<(), Error> {
    let d = i.desc();
    let pos = it.pos;
    // (lit() changes nothing here: there is no literal form, as llvm-mc reads it;
    // s_endpgm's optional operand is an expression, which lit() is not.)
    if d.has(flags::OPT_IMM) && matches!(it.kind, Kind::Lit(_)) {
        return err(it.start, "expected absolute expression");
    }
    let (Kind::Val(Value::Int(v)) | Kind::Lit(Value::Int(v))) = it.kind else {
        return err(pos, "invalid operand for instruction");
    };
    // s_endpgm's and the unsigned SOPK compares' immediates are 0..0xffff; the
    // others also take negative 16-bit values.
    let unsigned = d.has(flags::OPT_IMM)
        || (enc == Enc::Sopk && d.name().starts_with("s_cmpk_") && d.name().ends_with("_u32"));
    let lo = if unsigned { 0 } else { -0x8000 };
    if !(lo..=0xffff).contains(&v) {
        if d.has(flags::OPT_IMM) {
            return err(pos, "expected a 16-bit value");
        }
        return err(pos, "invalid operand for instruction");
    }
    i.imm = v as u32 & 0xffff;
    Ok(())
}

/// A branch target: an offset, or a label to resolve later (its fixup).
pub(super) fn label<'a>(i: &mut Inst, it: &Item<'a>) -> Result<Option<Fixup<'a>>, Error> {
    let pos = it.pos;
    match it.kind {
        Kind::Val(Value::Int(v)) if (-0x8000..=0xffff).contains(&v) => {
            i.imm = v as u32 & 0xffff;
            Ok(None)
        }
        Kind::Val(Value::Int(_)) => err(pos, "expected a 16-bit signed jump offset"),
        // A label alone: llvm-mc takes no label arithmetic here.
        Kind::Val(Value::Sym(sym, 0)) => Ok(Some(Fixup {
            sym,
            addend: 0,
            pos,
            literal: false,
        })),
        Kind::Val(Value::Sym(..)) => err(pos, "expected an absolute expression or a label"),
        _ => err(pos, "invalid operand for instruction"),
    }
}

/// hwreg(..), sendmsg(..), s_waitcnt's counters and gpr_idx(..), or their number.
fn symbolic(i: &mut Inst, s: &Slot, it: &Item, enc: Enc) -> Result<(), Error> {
    let pos = it.pos;
    let v = match (s.role, it.kind) {
        (Role::Hwreg, Kind::Hwreg(v))
        | (Role::Sendmsg, Kind::Sendmsg(v))
        | (Role::GprIdx, Kind::GprIdx(v))
        | (Role::Waitcnt, Kind::Waitcnt(v)) => v,
        // s_waitcnt takes the low 16 bits of any number.
        (Role::Waitcnt, Kind::Val(Value::Int(v))) => v as u16,
        // (Negative numbers are refused, as llvm-mc refuses them.)
        (_, Kind::Val(Value::Int(v))) if (0..=0xffff).contains(&v) => v as u16,
        (Role::GprIdx, Kind::Val(Value::Int(_))) if enc == Enc::Sopc => {
            return err(pos, "invalid immediate: only 4-bit values are legal")
        }
        (_, Kind::Val(Value::Int(_))) => {
            return err(pos, "invalid immediate: only 16-bit values are legal")
        }
        _ => return err(pos, "invalid operand for instruction"),
    };
    if s.role == Role::GprIdx && enc == Enc::Sopc {
        if v > 15 {
            return err(pos, "invalid immediate: only 4-bit values are legal");
        }
        i.src[1] = v;
    } else {
        i.imm = v as u32;
    }
    Ok(())
}

/// The SMEM/SMRD offset: an immediate, a literal (gfx7 SMRD) or an SGPR.
pub(super) fn smem_offset(
    target: Target,
    i: &mut Inst,
    it: &Item,
    enc: Enc,
    lit: &mut Option<(u32, usize)>,
) -> Result<(), Error> {
    let pos = it.pos;
    match it.kind {
        // SMRD: an 8-bit dword offset, or on gfx7 a 32-bit literal one.
        // (lit() keeps the literal form for any value; llvm-mc ignores it here.)
        Kind::Lit(Value::Int(v))
            if enc == Enc::Smrd && target.gen == Gen::Gfx7 && (0..=0xffff_ffff).contains(&v) =>
        {
            i.imm = LITERAL as u32;
            i.smem = 0;
            *lit = Some((v as u32, pos));
        }
        // (gfx6 has no literal form: lit() changes nothing there.)
        Kind::Val(Value::Int(v)) | Kind::Lit(Value::Int(v)) if enc == Enc::Smrd => {
            if (0..=0xff).contains(&v) {
                i.imm = v as u32;
                i.smem = smem::IMM;
            } else if target.gen == Gen::Gfx7 && (0..=0xffff_ffff).contains(&v) {
                i.imm = LITERAL as u32;
                i.smem = 0;
                *lit = Some((v as u32, pos));
            } else {
                return Err(Error::not_for_gpu(pos));
            }
        }
        // (SMEM has no literal: lit() changes nothing, as llvm-mc reads it.)
        Kind::Val(Value::Int(v)) | Kind::Lit(Value::Int(v)) if enc == Enc::Smem => {
            // gfx8, and the buffer forms (a 4-dword base) on gfx9: a 20-bit unsigned
            // byte offset; otherwise 21-bit signed.
            if (target.gen == Gen::Gfx8 || smem::buffer(i)) && !(0..=0xf_ffff).contains(&v) {
                return err(pos, "expected a 20-bit unsigned offset");
            }
            if !(-0x10_0000..=0xf_ffff).contains(&v) {
                return err(pos, "expected a 21-bit signed offset");
            }
            i.imm = v as u32 & 0x1f_ffff;
            i.smem = smem::IMM;
        }
        Kind::Reg { code, dwords: 1 } if code <= 127 => {
            i.imm = code as u32;
            i.smem = 0;
        }
        _ => return err(pos, "invalid operand for instruction"),
    }
    Ok(())
}

/// A DS address or data register (VGPRs, or AGPRs where the GPU takes them).
pub(super) fn data_register(
    target: Target,
    i: &mut Inst,
    s: &Slot,
    it: &Item,
    enc: Enc,
) -> Result<(), Error> {
    let bad = || err(it.pos, "invalid operand for instruction");
    let d = i.desc();
    let code = match reg(it, s.ty.dwords()) {
        Some(c) if operand_code::is_vgpr(c) => c,
        Some(c)
            if operand_code::is_agpr(c)
                && (s.role != Role::Vaddr || d.has(flags::GDS_ONLY))
                && target.acc_mem() =>
        {
            c
        }
        _ => return bad(),
    };
    if s.role != Role::Vaddr && acc_conflict(i, code) {
        return bad();
    }
    match codec::mem_slot(enc, s.role) {
        Some(3) => i.dst = code,
        Some(k) => i.src[k] = code,
        None => return bad(),
    }
    Ok(())
}

/// Whether data register `code` is of another file (VGPR vs AGPR) than the data
/// registers already bound: one ACC bit covers them all.
fn acc_conflict(i: &Inst, code: u16) -> bool {
    let data: &[u16] = match i.enc {
        Enc::Ds => &[i.dst, i.src[1], i.src[2]],
        Enc::Flat | Enc::Global | Enc::Scratch => &[i.dst, i.src[1]],
        _ => &[],
    };
    data.iter()
        .any(|&c| c >= VGPR0 && operand_code::is_agpr(c) != operand_code::is_agpr(code))
}

/// Binds one buffer/flat operand; returns the register width written (0 for `off`).
pub(super) fn mem_operand(target: Target, i: &mut Inst, s: &Slot, it: &Item) -> Result<u8, Error> {
    use crate::codec::flat::SADDR_OFF;
    let pos = it.pos;
    let bad = || err(pos, "invalid operand for instruction");
    if it.neg || it.abs || it.sext {
        return bad();
    }
    let off = matches!(it.kind, Kind::Val(Value::Sym("off", 0)));
    match (s.role, it.kind) {
        (Role::Vaddr, _) if off => {
            i.src[0] = 0;
            Ok(0)
        }
        (Role::Saddr, _) if off => {
            i.src[2] = SADDR_OFF;
            Ok(0)
        }
        (Role::Vd | Role::Vdata | Role::Vaddr, Kind::Reg { code, dwords })
            if operand_code::is_vgpr(code)
                || operand_code::is_agpr(code) && s.role != Role::Vaddr && target.acc_mem() =>
        {
            if s.role != Role::Vaddr && acc_conflict(i, code) {
                return bad();
            }
            match crate::codec::mem_slot(i.enc, s.role) {
                Some(3) => i.dst = code,
                Some(k) => i.src[k] = code,
                None => return bad(),
            }
            Ok(dwords)
        }
        (Role::Srsrc, Kind::Reg { code, dwords: 4 }) if code < 128 => {
            i.src[1] = code;
            Ok(4)
        }
        (Role::Saddr, Kind::Reg { code, dwords }) if code < 128 && dwords == s.ty.dwords() => {
            i.src[2] = code;
            Ok(dwords)
        }
        (Role::Soffset, Kind::Reg { code, dwords: 1 })
            if code < 128 || (235..=253).contains(&code) =>
        {
            i.src[2] = code;
            Ok(1)
        }
        // (A 32-bit value that is an inline float's bits takes that code, as in llvm-mc.)
        (Role::Soffset, Kind::Val(Value::Int(v))) => match operand_code::int_code(v).or_else(|| {
            u32::try_from(v)
                .ok()
                .and_then(|b| operand_code::literal_inline(b, Ty::F32))
                .filter(|c| *c != operand_code::INV_2PI || !target.gen.before_gfx8())
        }) {
            Some(c) => {
                i.src[2] = c;
                Ok(1)
            }
            None => bad(),
        },
        // (A tiny float whose f32 bits are an inline integer is that constant.)
        (Role::Soffset, Kind::Val(Value::Float(f))) => match operand_code::float_code(f, Ty::F32)
            .or_else(|| {
                operand_code::convert_float(f, Ty::F32)
                    .ok()
                    .and_then(|b| operand_code::int_code(b as i32 as i64))
            }) {
            Some(c) => {
                i.src[2] = c;
                Ok(1)
            }
            None => bad(),
        },
        _ => bad(),
    }
}
