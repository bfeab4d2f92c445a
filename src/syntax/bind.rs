//! Binding parsed operand items to an instruction's signature: chooses the row and
//! the encoding (`_e32` or `_e64` the way llvm-mc does), converts values to operand
//! codes and literals, and applies the target's operand rules.

use super::error::{err, Error, ErrorKind};
use super::operands::{Item, Items, Kind, Modifier, Value};
use crate::codec::{self, smem, vop3p::default_op_sel_hi, EncodeKind};
use crate::inst::{Enc, Inst, LITERAL, VGPR0};
use crate::isa::{self, flags, Fmt, OpDesc, OpId, Role, Slot, Ty};
use crate::operand::{
    self, convert_float, convert_int, float_code, int_code, literal_inline, VCC_LO,
};
use crate::target::{Gen, Target};

/// A branch target left to resolve once all labels are known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fixup<'a> {
    pub sym: &'a str,
    pub addend: i64,
    pub pos: usize,
}

/// The result of binding: the instruction and, for a branch to a label, its fixup.
pub struct Bound<'a> {
    pub inst: Inst,
    pub fixup: Option<Fixup<'a>>,
    /// The operands matched this form but break a rule of it (`bind_one` only).
    invalid: Option<Error>,
}

/// Which encodings the mnemonic's suffix asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Want {
    Any,
    E32,
    E64,
    Dpp,
    Sdwa,
}

/// Assembles `mnemonic` with `items` for `target`.
pub fn bind<'a>(
    target: Target,
    mnemonic: &str,
    mpos: usize,
    items: &Items<'a>,
) -> Result<Bound<'a>, Error> {
    let (base, mut want) = if let Some(b) = mnemonic.strip_suffix("_e32") {
        (b, Want::E32)
    } else if let Some(b) = mnemonic.strip_suffix("_e64") {
        (b, Want::E64)
    } else if let Some(b) = mnemonic.strip_suffix("_sdwa") {
        (b, Want::Sdwa)
    } else if let Some(b) = mnemonic.strip_suffix("_dpp") {
        (b, Want::Dpp)
    } else {
        (mnemonic, Want::Any)
    };
    let rows: Vec<OpId> = isa::by_name(base)
        .filter(|id| id.desc().opcode(target).is_some())
        .collect();
    if rows.is_empty() {
        if isa::by_name(base).next().is_some() {
            return err(mpos, "instruction not supported on this GPU");
        }
        return err(
            mpos,
            format!("invalid instruction{}", suggest(target, mnemonic)),
        );
    }
    // Without a suffix, a DPP modifier asks for the DPP form, and an SDWA select or
    // sext() for the SDWA form, as in llvm-mc.
    if want == Want::Any {
        let has = |f: fn(&OpDesc, Gen) -> bool| rows.iter().any(|id| f(id.desc(), target.gen));
        let dpp_mod =
            |it: &Item| matches!(it.kind, Kind::Mod(m) if super::vopx::dpp_rank(m).is_some());
        if has(codec::vopx::has_dpp) && items.iter().any(dpp_mod) {
            want = Want::Dpp;
        } else if has(codec::vopx::has_sdwa) && items.iter().any(is_sdwa_item) {
            want = Want::Sdwa;
        }
    }
    // Names the alias column gives to the VOP3 form only (gfx6/gfx7 v_add_co_u32),
    // with the operands of the 32-bit form: src1 a VGPR.
    let alias_e64 = rows
        .iter()
        .all(|id| id.desc().has(flags::ALIAS_E64) && id.desc().name != base);
    if alias_e64 {
        match want {
            Want::Any => want = Want::E64,
            Want::E32 => return Err(Error::not_for_gpu(mpos)),
            _ => {}
        }
    }
    if rows
        .iter()
        .all(|id| encodings(*id, want, target.gen).next().is_none())
    {
        // A DPP/SDWA form another generation has (64-bit DPP from gfx90a on) reads as
        // an operand mismatch, at the first source; one no generation has is reported
        // as a missing variant.
        let later = matches!(want, Want::Dpp | Want::Sdwa)
            && target.gen.has_dpp_sdwa()
            && rows
                .iter()
                .any(|id| encodings(*id, want, Gen::Gfx940).next().is_some());
        if later {
            // (row_newbcast itself is read only where it exists.)
            let newbcast = items
                .iter()
                .find(|it| matches!(it.kind, Kind::Mod(Modifier::Value("row_newbcast", _))));
            if let Some(it) = newbcast.filter(|_| !target.gen.even_tuples()) {
                return err(it.start, "not a valid operand.");
            }
            let src0 = rows[0].desc().sig.iter().position(|s| s.role == Role::Src0);
            let pos = src0
                .and_then(|k| items.iter().nth(k))
                .map_or(mpos, |it| it.pos);
            return err(pos, "invalid operand for instruction");
        }
        let v = match want {
            Want::E32 => "e32",
            Want::Dpp => "dpp",
            Want::Sdwa => "sdwa",
            _ => "e64",
        };
        return err(
            mpos,
            format!("{v} variant of this instruction is not supported"),
        );
    }
    parse_check(target, &rows, items)?;
    if let Some(e) = &items.fail {
        return Err(e.clone());
    }
    let mut best: Option<Error> = None;
    for &id in &rows {
        // Like llvm-mc, report the error of the last encoding tried (VOP3 for
        // VOP1/VOP2/VOPC without a suffix); across rows, the one that got furthest.
        let mut last = None;
        for enc in encodings(id, want, target.gen) {
            match bind_one(target, id, enc, items, mpos) {
                Ok(b) if alias_e64 && !operand::is_vgpr(b.inst.src[1]) => {
                    return Err(Error::not_for_gpu(mpos))
                }
                Ok(Bound {
                    invalid: Some(e), ..
                }) => return Err(e),
                Ok(b) => return Ok(b),
                // (llvm-mc reports a form the GPU lacks at the mnemonic.)
                Err(e) if e.kind == ErrorKind::NotForGpu => last = Some(Error { pos: mpos, ..e }),
                Err(e) => last = Some(e),
            }
        }
        if let Some(e) = last {
            if best.as_ref().is_none_or(|b| e.pos > b.pos) {
                best = Some(e);
            }
        }
    }
    Err(best.unwrap_or(Error::new(mpos, "invalid operand for instruction")))
}

/// llvm-mc's spelling suggestion for an unknown mnemonic: the known mnemonics (with
/// their `_e32`/`_e64` forms) within edit distance 2, in sorted order.
fn suggest(target: Target, mnemonic: &str) -> String {
    let mut names: Vec<String> = Vec::new();
    for d in isa::OPS.iter().filter(|d| d.opcode(target).is_some()) {
        names.push(d.name.to_string());
        if d.has_e64() {
            if !d.has(flags::E64_ONLY) {
                names.push(format!("{}_e32", d.name));
            }
            names.push(format!("{}_e64", d.name));
        }
    }
    names.sort();
    names.dedup();
    let found: Vec<&str> = names
        .iter()
        .filter(|n| edit_distance(mnemonic, n, 2) <= 2)
        .map(|n| n.as_str())
        .collect();
    match found.as_slice() {
        [] => String::new(),
        many => format!(", did you mean: {}?", many.join(", ")),
    }
}

/// Edit distance by insertions and deletions only (a replacement costs 2), as llvm's
/// `StringRef::edit_distance(.., AllowReplacements = false)`; gives up (returning
/// `max + 1`) once it exceeds `max`.
fn edit_distance(a: &str, b: &str, max: usize) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len().abs_diff(b.len()) > max {
        return max + 1;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (if ca == cb { prev[j] } else { prev[j] + 2 })
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        if cur.iter().min().is_some_and(|m| *m > max) {
            return max + 1;
        }
        prev = cur;
    }
    prev[b.len()]
}

fn encodings(id: OpId, want: Want, gen: Gen) -> impl Iterator<Item = Enc> {
    let d = id.desc();
    let home = Enc::home(d.fmt, gen);
    let (a, b) = match (d.fmt, want) {
        (_, Want::Dpp) if crate::codec::vopx::has_dpp(d, gen) => (Some(Enc::Dpp), None),
        (_, Want::Sdwa) if crate::codec::vopx::has_sdwa(d, gen) => (Some(Enc::Sdwa), None),
        (_, Want::Dpp | Want::Sdwa) => (None, None),
        (Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc, Want::Any)
            if d.has_e64() && !d.has(flags::E64_ONLY) =>
        {
            (Some(home), Some(Enc::Vop3))
        }
        (Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc, Want::E64) if d.has_e64() => (Some(Enc::Vop3), None),
        (Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc, Want::Any) if d.has(flags::E64_ONLY) => {
            (Some(Enc::Vop3), None)
        }
        (Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc, Want::E32) if !d.has(flags::E64_ONLY) => {
            (Some(home), None)
        }
        (Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc, _) if want == Want::Any => (Some(home), None),
        (_, Want::Any) => (Some(home), None),
        (Fmt::Vop3 | Fmt::Vop3p, Want::E64) => (Some(home), None),
        // llvm-mc takes `_e32` on any instruction that is not VALU (s_mov_b32_e32,
        // ds_read_b32_e32) and ignores it.
        (f, Want::E32)
            if !matches!(
                f,
                Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc | Fmt::Vop3 | Fmt::Vop3p
            ) =>
        {
            (Some(home), None)
        }
        _ => (None, None),
    };
    // gfx8 prints its compares' SDWA form without a suffix, and reads it back so.
    let c = (gen == Gen::Gfx8
        && d.fmt == Fmt::Vopc
        && want == Want::Any
        && crate::codec::vopx::has_sdwa(d, gen))
    .then_some(Enc::Sdwa);
    a.into_iter().chain(b).chain(c)
}

/// Every encoding a row can take, whatever the suffix (llvm-mc reads operands by
/// what any form of the mnemonic takes at each position).
fn all_encodings(id: OpId, gen: Gen) -> impl Iterator<Item = Enc> {
    let d = id.desc();
    let home = Enc::home(d.fmt, gen);
    let e64 = (d.has_e64() && home != Enc::Vop3).then_some(Enc::Vop3);
    let dpp = crate::codec::vopx::has_dpp(d, gen).then_some(Enc::Dpp);
    let sdwa = crate::codec::vopx::has_sdwa(d, gen).then_some(Enc::Sdwa);
    std::iter::once(home).chain(e64).chain(dpp).chain(sdwa)
}

fn is_vop3(enc: Enc) -> bool {
    matches!(enc, Enc::Vop3 | Enc::Vop3p)
}

/// The optional operands (named modifiers) of a row in an encoding, in the order
/// llvm-mc takes them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Opt {
    OpSel,
    OpSelHi,
    NegLo,
    NegHi,
    Clamp,
    Omod,
    Offset,
    /// glc / nv (one cache-policy operand).
    Cpol,
    /// The named flags and values of memory formats (in any order).
    Mem,
}

impl Opt {
    fn of(m: Modifier) -> Option<Opt> {
        Some(match m {
            Modifier::Clamp => Opt::Clamp,
            Modifier::Omod(_) => Opt::Omod,
            Modifier::OpSel(..) => Opt::OpSel,
            Modifier::OpSelHi(..) => Opt::OpSelHi,
            Modifier::NegLo(..) => Opt::NegLo,
            Modifier::NegHi(..) => Opt::NegHi,
            Modifier::Glc | Modifier::Nv => Opt::Cpol,
            Modifier::Offset(_) => Opt::Offset,
            Modifier::Flag(_) | Modifier::Value(..) => Opt::Mem,
            Modifier::Unknown => return None,
        })
    }
}

fn opt_list(d: &isa::OpDesc, enc: Enc, gen: Gen) -> &'static [Opt] {
    use Opt::*;
    let clamp = d.clamp_allowed(gen) || old_clamp(gen, d);
    let float_dst = d.sig.iter().any(|s| s.role == Role::Vd && s.ty.is_float());
    let omod = (float_dst || d.has(flags::OMOD)) && !d.has(flags::NO_OMOD);
    match enc {
        // Interpolation: [high] clamp [omod] [op_sel].
        Enc::Vop3 if codec::vintrp::is_interp(d) => {
            match (d.has(flags::HIGH), omod, codec::vop3::has_opsel(gen, d)) {
                (false, _, _) => &[Clamp, Omod],
                (true, true, _) => &[Mem, Clamp, Omod],
                (true, false, true) => &[Mem, Clamp, OpSel],
                (true, false, false) => &[Mem, Clamp],
            }
        }
        Enc::Vop3 => match (codec::vop3::has_opsel(gen, d), clamp, omod) {
            (true, true, true) => &[OpSel, Clamp, Omod],
            (true, true, false) => &[OpSel, Clamp],
            (true, false, _) => &[OpSel],
            (false, true, true) => &[Clamp, Omod],
            (false, true, false) => &[Clamp],
            (false, false, true) => &[Omod],
            (false, false, false) => &[],
        },
        // MFMA: cbsz, abid, blgp (llvm-mc also wants them in this order).
        Enc::Vop3p if d.has(flags::MAI) => &[Mem],
        Enc::Vop3p if d.sig.iter().any(|s| s.class == isa::Class::Agpr) => &[],
        Enc::Vop3p if d.has(flags::MIX) => &[OpSel, OpSelHi, Clamp],
        Enc::Vop3p if d.has(flags::NO_OPSEL) => &[NegLo, NegHi, Clamp],
        Enc::Vop3p if clamp => &[OpSel, OpSelHi, NegLo, NegHi, Clamp],
        Enc::Vop3p => &[OpSel, OpSelHi, NegLo, NegHi],
        Enc::Smem if d.sig.iter().any(|s| s.role == Role::SmemOff) => &[Offset, Cpol],
        Enc::Smem => &[Cpol],
        // (SMRD reads glc to refuse it.)
        Enc::Smrd => &[Cpol],
        Enc::Ds => &[Offset, Mem],
        Enc::Dpp => &[Mem],
        // SDWA: clamp where allowed (compares: gfx8 only), omod for float results (not
        // compares; read on gfx8 to be refused there).
        Enc::Sdwa => match (
            clamp && (d.fmt != Fmt::Vopc || gen == Gen::Gfx8),
            omod && d.fmt != Fmt::Vopc,
        ) {
            (true, true) => &[Clamp, Omod, Mem],
            (true, false) => &[Clamp, Mem],
            (false, true) => &[Omod, Mem],
            (false, false) => &[Mem],
        },
        // (MIMG and EXP check their modifiers' order themselves.)
        Enc::Mimg => &[Mem, Cpol],
        Enc::Exp => &[Mem],
        Enc::Vintrp => &[],
        e if crate::codec::is_mem(e) => &[Offset, Mem, Cpol],
        _ => &[],
    }
}

/// gfx6/gfx7 rows that take `clamp` from gfx8 on: it is read, to be refused.
fn old_clamp(gen: Gen, d: &isa::OpDesc) -> bool {
    gen.before_gfx8() && d.clamp_allowed(Gen::Gfx8)
}

/// Why gfx6/gfx7 refuse `clamp` on an `old_clamp` row: llvm-mc's message for integer
/// results; the float VOP3B rows (v_div_scale_*) have no clamp bit, which llvm-mc
/// drops without a word.
fn old_clamp_error(d: &isa::OpDesc) -> &'static str {
    if d.sig.iter().any(|s| s.role == Role::Vd && s.ty.is_float()) {
        "clamp cannot be encoded: this instruction has no clamp bit on this GPU"
    } else {
        "integer clamping is not supported on this GPU"
    }
}

/// Whether a source slot takes abs/neg prefix modifiers in encoding `enc`.
fn takes_fp_mods(d: &isa::OpDesc, s: &Slot, enc: Enc) -> bool {
    if !matches!(s.role, Role::Src0 | Role::Src1 | Role::Src2) || d.has(flags::NO_MODS) {
        return false;
    }
    match enc {
        Enc::Vop3 => s.ty.is_float() || d.has(flags::ANY_MODS),
        Enc::Vop3p => d.has(flags::MIX),
        // DPP/SDWA sources take -x/|x| where they are float (sext is separate).
        Enc::Dpp | Enc::Sdwa => s.ty.is_float() || d.has(flags::ANY_MODS),
        _ => false,
    }
}

/// The errors llvm-mc reports while reading the operands, before matching them to an
/// instruction: operands or modifiers written where no form of the mnemonic takes
/// them. Reported in source order, before any matching error.
fn parse_check(target: Target, rows: &[OpId], items: &Items) -> Result<(), Error> {
    let mut cpol_seen = (false, false);
    for (i, it) in items.iter().enumerate() {
        match it.kind {
            Kind::Mod(m) => {
                // A `name:value` modifier is read only where some form takes it: after
                // the operands, and not after a modifier that comes later in order.
                let readable = |o: Opt| {
                    rows.iter().any(|id| {
                        let d = id.desc();
                        let n = d.sig.len();
                        all_encodings(*id, target.gen).any(|e| {
                            let list = opt_list(d, e, target.gen);
                            // Memory formats take their modifiers in any order.
                            // (Their operand count depends on `lds` and `glc`.)
                            ((crate::codec::is_mem(e)
                                || ((matches!(e, Enc::Dpp | Enc::Sdwa) || d.has(flags::MAI))
                                    && i >= n))
                                && list.contains(&o)
                                && !(e == Enc::Mimg && o == Opt::Mem && i != n))
                                || list
                                    .iter()
                                    .position(|x| *x == o)
                                    .is_some_and(|j| i >= n && i - n <= j)
                        })
                    })
                };
                let Some(o) = Opt::of(m) else {
                    return err(it.start, "not a valid operand.");
                };
                if m.has_value() && !readable(o) {
                    return err(it.start, "not a valid operand.");
                }
                if o == Opt::Cpol && readable(o) {
                    let seen = if m == Modifier::Glc {
                        &mut cpol_seen.0
                    } else {
                        &mut cpol_seen.1
                    };
                    if *seen {
                        return err(it.start, "duplicate cache policy modifier");
                    }
                    *seen = true;
                }
            }
            _ => {
                if let Some(e) = rows
                    .iter()
                    .find_map(|id| super::vintrp::parse_error(id.desc(), i, it))
                {
                    return Err(e);
                }
                // sext() needs an SDWA form with an integer source there; -x/|x| a
                // form whose source takes float modifiers.
                let fp = rows.iter().any(|id| {
                    let d = id.desc();
                    d.sig.get(i).is_some_and(|s| {
                        all_encodings(*id, target.gen).any(|e| {
                            if it.sext {
                                e == Enc::Sdwa
                                    && !s.ty.is_float()
                                    && !d.has(flags::SDWA_SRC0)
                                    && matches!(s.role, Role::Src0 | Role::Src1)
                            } else {
                                takes_fp_mods(d, s, e)
                            }
                        })
                    })
                });
                match it.fp_err {
                    Some((p, m)) if fp => return err(p, m),
                    _ if !fp && it.modsyn => return err(it.start, "not a valid operand."),
                    _ => {}
                }
            }
        }
    }
    Ok(())
}

fn bind_one<'a>(
    target: Target,
    id: OpId,
    enc: Enc,
    items: &Items<'a>,
    mpos: usize,
) -> Result<Bound<'a>, Error> {
    let d = id.desc();
    // The 32-bit forms may leave out their one VCC operand: a compare's destination,
    // v_cndmask_b32's condition, and from gfx9 on v_add_co_u32's carry-out (not both
    // of v_addc_co_u32's).
    let operands = items
        .iter()
        .filter(|it| !matches!(it.kind, Kind::Mod(_)))
        .count();
    let mut vcc_slots = d.sig.iter().enumerate().filter(|(_, s)| match s.role {
        Role::Cd => d.fmt == Fmt::Vopc || !target.gen.before_gfx9(),
        Role::Ci => true,
        _ => false,
    });
    let vcc_slot = match (vcc_slots.next(), vcc_slots.next()) {
        (Some((k, _)), None)
            if matches!(d.fmt, Fmt::Vopc | Fmt::Vop2)
                && enc == Enc::home(d.fmt, target.gen)
                && operands + 1 == d.sig.len() =>
        {
            Some(k)
        }
        _ => None,
    };
    match vcc_slot {
        // (When the operands fit neither reading, llvm-mc reports the full reading's
        // error: for a compare, too few operands.)
        Some(_) if d.fmt == Fmt::Vopc => bind_form(target, id, enc, items, mpos, vcc_slot)
            .map_err(|_| Error::new(mpos, "too few operands for instruction")),
        Some(_) => bind_form(target, id, enc, items, mpos, vcc_slot)
            .or_else(|_| bind_form(target, id, enc, items, mpos, None)),
        None => bind_form(target, id, enc, items, mpos, None),
    }
}

/// `bind_one`, with signature slot `vcc_slot` taken to be VCC without an operand.
fn bind_form<'a>(
    target: Target,
    id: OpId,
    enc: Enc,
    items: &Items<'a>,
    mpos: usize,
    vcc_slot: Option<usize>,
) -> Result<Bound<'a>, Error> {
    let d = id.desc();
    let mut i = Inst::new(id, enc);
    let mut fixup = None;
    if enc == Enc::Vop3p && !d.has(flags::MAI) {
        i.mods.op_sel_hi = default_op_sel_hi(d.has(flags::MIX));
    }
    let end_pos = items.iter().last().map_or(mpos, |it| it.pos);
    let mut lit: Option<(u32, usize)> = None;
    let list = opt_list(d, enc, target.gen);
    let mut last_opt: Option<usize> = None;
    // Modifiers seen (each may come once) and the last SDWA select's rank.
    let mut seen: [Option<Modifier>; 16] = [None; 16];
    let mut last_sel = None;
    if d.has(flags::MAI) {
        // (llvm-mc checks the modifiers' order while reading them, before matching.)
        let mut last = None;
        for it in items.iter() {
            if let Kind::Mod(m) = it.kind {
                super::mai::check_order(m, &mut last).map_err(|e| Error::new(it.start, e))?;
            }
        }
    }
    if enc == Enc::Dpp {
        super::vopx::check_dpp_order(items, mpos)?;
    }
    let mut k = 0;
    // EXP's one signature slot is five items: the target and four sources.
    let mut nexp = 0;
    // Buffer and flat operand lists depend on `lds` and `glc`; their register widths
    // are checked once the modifiers are known.
    let buf = super::print::is_buf_or_flat(enc);
    if matches!(enc, Enc::Dpp | Enc::Sdwa) {
        super::vopx::defaults(&mut i);
    }
    let has = |want: Modifier| items.iter().any(|it| it.kind == Kind::Mod(want));
    // A returning atomic is asked for with glc (gfx940: sc0).
    let glc_word = if target.gen == crate::target::Gen::Gfx940 {
        Modifier::Flag("sc0")
    } else {
        Modifier::Glc
    };
    let (mem_ops, mem_n) =
        crate::inst::operands::slots_of(d, enc, has(Modifier::Flag("lds")), has(glc_word));
    let slot_at = |k: usize| -> Option<&Slot> {
        if buf {
            mem_ops[..mem_n].get(k).and_then(|o| o.as_ref())
        } else {
            d.sig.get(k)
        }
    };
    let mut widths: [(Role, u8, usize); 6] = [(Role::Vd, 0, 0); 6];
    if enc == Enc::Mtbuf {
        i.fields |= 1 << 19; // default format: BUF_DATA_FORMAT_8, BUF_NUM_FORMAT_UNORM
    }
    // Trailing operands llvm-mc lets one leave out: the SMEM offset (0), and the
    // immediate of s_waitcnt-like rows (flag opt).
    let optional = |s: &Slot| match s.role {
        Role::SmemOff => true,
        Role::Imm16 => d.has(flags::OPT_IMM),
        _ => false,
    };
    if d.sig.iter().any(|s| s.role == Role::SmemOff) {
        i.smem = smem::IMM;
    }
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
    };
    for it in items.iter().chain(std::iter::once(&vcc)) {
        // The VCC operand left out (at its slot), and the end of the items.
        if vcc_slot == Some(k) && !matches!(it.kind, Kind::Mod(_)) {
            bind_slot(target, &mut i, &d.sig[k], &vcc, enc, &mut lit, &mut fixup)?;
            k += 1;
        }
        if std::ptr::eq(it, &vcc) {
            break;
        }
        // gfx90a's `scc` cache bit reads as the register src_scc; after the operands it
        // is the modifier.
        let scc_mod = Item {
            kind: Kind::Mod(Modifier::Flag("scc")),
            ..*it
        };
        // And `a16` is the register where an operand is due (CDNA), the MIMG flag
        // otherwise.
        let a16_reg = Item {
            kind: Kind::Reg {
                code: operand::AGPR0 + 16,
                dwords: 1,
            },
            ..*it
        };
        let it = match it.kind {
            Kind::Reg { code: 253, .. } if buf && k >= mem_n => &scc_mod,
            Kind::Mod(Modifier::Flag("a16"))
                if target.gen.has_agprs() && slot_at(k).is_some() && !(buf && k >= mem_n) =>
            {
                &a16_reg
            }
            _ => it,
        };
        if buf && k < mem_n {
            // MTBUF's legacy `dfmt:N, nfmt:M,` before soffset.
            if let (Some(s), Kind::Mod(Modifier::Value(w @ ("dfmt" | "nfmt"), v))) =
                (slot_at(k), it.kind)
            {
                if enc == Enc::Mtbuf && s.role == Role::Soffset {
                    let (lo, max, mask) = if w == "dfmt" {
                        (19, 15, 0xf)
                    } else {
                        (23, 7, 0x7)
                    };
                    if !(0..=max).contains(&v) {
                        return err(it.pos, format!("out of range {w}"));
                    }
                    i.fields = (i.fields & !((mask as u64) << lo)) | (v as u64) << lo;
                    continue;
                }
            }
            if let (Some(s), false) = (slot_at(k), matches!(it.kind, Kind::Mod(_))) {
                let w = mem_operand(target, &mut i, s, it)?;
                widths[k] = (s.role, w, it.pos);
                k += 1;
                continue;
            }
        }
        match (slot_at(k), it.kind) {
            (Some(s), kind) if s.role == Role::Exp && !matches!(kind, Kind::Mod(_)) => {
                super::exp::bind_item(&mut i, it, nexp)?;
                nexp += 1;
                k += (nexp == 5) as usize;
            }
            (Some(s), kind) if !matches!(kind, Kind::Mod(_)) => {
                k += 1;
                bind_slot(target, &mut i, s, it, enc, &mut lit, &mut fixup)?;
            }
            // A modifier where an operand is due reads as an operand that fits nowhere.
            (Some(s), _) if !optional(s) => return err(it.pos, "invalid operand for instruction"),
            (_, Kind::Mod(m)) => {
                // Modifiers in llvm-mc's order, each at most once.
                let j = Opt::of(m).and_then(|o| list.iter().position(|x| *x == o));
                // (MIMG and EXP check their repeats themselves, with llvm-mc's words.)
                let again = !matches!(enc, Enc::Mimg | Enc::Exp)
                    && seen.iter().flatten().any(|s| same_modifier(*s, m));
                if let Some(slot) = seen.iter_mut().find(|s| s.is_none()) {
                    *slot = Some(m);
                }
                // SDWA selects: dst_sel, dst_unused, src0_sel, src1_sel.
                let sel = super::vopx::sel_rank(m).filter(|_| enc == Enc::Sdwa);
                let sel_ok = sel.is_none_or(|r| last_sel.is_none_or(|l| r > l));
                last_sel = sel.or(last_sel);
                match j {
                    _ if again || !sel_ok => return err(it.pos, "invalid operand for instruction"),
                    // (Memory formats take several of their named flags and values.)
                    // Buffer and flat modifiers may come in any order.
                    Some(j)
                        if buf
                            || matches!(enc, Enc::Mimg | Enc::Exp | Enc::Dpp)
                            || last_opt
                                .is_none_or(|l| j > l || (j == l && list[j] == Opt::Mem)) =>
                    {
                        last_opt = Some(j);
                        apply_modifier(target, &mut i, m, it.pos)?;
                    }
                    _ => return err(it.pos, "invalid operand for instruction"),
                }
            }
            _ => return err(it.pos, "invalid operand for instruction"),
        }
    }
    if slot_at(k).is_some_and(|s| !optional(s)) {
        return err(mpos, "too few operands for instruction");
    }
    if buf {
        for &(role, w, pos) in &widths[..mem_n] {
            let want = match role {
                Role::Vaddr => crate::inst::operands::vaddr_dwords(target.gen, &i),
                Role::Vd | Role::Vdata => {
                    let s = mem_ops[..mem_n]
                        .iter()
                        .flatten()
                        .find(|s| s.role == role)
                        .map_or(1, |s| s.ty.dwords());
                    let tfe = matches!(enc, Enc::Mubuf) && i.fields & crate::codec::mubuf::TFE != 0;
                    s + tfe as u8
                }
                _ => continue,
            };
            if w != want {
                return err(pos, "invalid operand for instruction");
            }
        }
    }
    if enc == Enc::Mimg {
        super::mimg::finish(target, &i, items, mpos)?;
    }
    if let Some((v, _)) = lit {
        i.lit = v;
    }
    codec::check_fields(target, &i).map_err(|e| field_error(e, items, mpos, end_pos))?;
    // Past this point the operands matched: like llvm-mc, a failed check of the
    // matched form is final (no other encoding is tried).
    if let Err(e) = validate(target, &i, items, mpos) {
        return Ok(Bound {
            inst: i,
            fixup: None,
            invalid: Some(e),
        });
    }
    Ok(Bound {
        inst: i,
        fixup,
        invalid: None,
    })
}

/// Whether two modifiers are the same one (whatever their values).
fn same_modifier(a: Modifier, b: Modifier) -> bool {
    match (a, b) {
        (Modifier::Flag(x), Modifier::Flag(y)) | (Modifier::Value(x, _), Modifier::Value(y, _)) => {
            x == y
        }
        _ => std::mem::discriminant(&a) == std::mem::discriminant(&b),
    }
}

/// Whether an item is SDWA-only: a select, dst_unused, or sext().
fn is_sdwa_item(it: &Item) -> bool {
    it.sext || matches!(it.kind, Kind::Mod(m) if super::vopx::sel_rank(m).is_some())
}

/// Where the DPP control of a line is.
fn dpp_ctrl_pos(items: &Items) -> Option<usize> {
    items
        .iter()
        .find(|it| matches!(it.kind, Kind::Mod(m) if super::vopx::dpp_rank(m) == Some(0)))
        .map(|it| it.pos)
}

/// The error llvm-mc gives where our field check fails, and where: a misaligned
/// tuple or a form the GPU lacks at the mnemonic, a refused DPP control at the
/// control, llvm-mc's literal and gds rules and otherwise the generic operand error
/// after the last operand.
fn field_error(e: codec::EncodeError, items: &Items, mpos: usize, end_pos: usize) -> Error {
    match e.kind() {
        EncodeKind::NotForGpu => Error::not_for_gpu(mpos),
        EncodeKind::Misaligned => Error::new(mpos, e.message()),
        EncodeKind::DppControl => Error::new(dpp_ctrl_pos(items).unwrap_or(mpos), e.message()),
        EncodeKind::Literal | EncodeKind::Gds => Error::new(end_pos.max(mpos), e.message()),
        EncodeKind::Other => Error::new(end_pos.max(mpos), "invalid operand for instruction"),
    }
}

fn bind_slot<'a>(
    target: Target,
    i: &mut Inst,
    s: &Slot,
    it: &Item<'a>,
    enc: Enc,
    lit: &mut Option<(u32, usize)>,
    fixup: &mut Option<Fixup<'a>>,
) -> Result<(), Error> {
    let pos = it.pos;
    let bad = || err(pos, "invalid operand for instruction");
    let has_mods = it.neg || it.abs || it.sext;
    let reg = |dwords_ok: u8| match it.kind {
        Kind::Reg { code, dwords } if dwords == dwords_ok.max(1) => Some(code),
        _ => None,
    };
    let d = i.desc();
    if has_mods && !matches!(s.role, Role::Src0 | Role::Src1 | Role::Src2) {
        return bad();
    }
    if enc == Enc::Mimg {
        return super::mimg::bind_operand(i, s, it);
    }
    match s.role {
        Role::Vd => match reg(s.ty.dwords()) {
            Some(c) if file_ok(s.class, c) && !acc_conflict(i, c) => i.dst = c,
            // DS destinations may be AGPRs (gfx90a+).
            Some(c) if enc == Enc::Ds && operand::is_agpr(c) && target.gen.acc_mem() => i.dst = c,
            _ => return bad(),
        },
        Role::Sd | Role::SdIn => match reg(s.ty.dwords()) {
            Some(c) if c <= 127 => i.dst = c,
            _ => return bad(),
        },
        Role::Cd | Role::Ci => {
            let code = match (reg(2), it.kind) {
                (Some(c), _) if c <= 127 => c,
                // A condition mask may also be an aperture (64-bit values).
                (_, Kind::Reg { code, dwords: 1 })
                    if s.role == Role::Ci && (235..=239).contains(&code) =>
                {
                    code
                }
                _ => return bad(),
            };
            let sdwa_cmp = enc == Enc::Sdwa && d.fmt == Fmt::Vopc;
            if !is_vop3(enc) && !sdwa_cmp && code != VCC_LO {
                return bad();
            }
            let has_vd = d.sig.iter().any(|s| s.role == Role::Vd);
            match s.role {
                Role::Ci => i.src[2] = code,
                _ if has_vd => i.sdst = code,
                _ => i.dst = code,
            }
        }
        Role::Src0 | Role::Src1 | Role::Src2 => {
            let k = s.role.src_index().unwrap_or(0);
            if i.enc == Enc::Sopc && k == 1 {
                if let Kind::GprIdx(v) = it.kind {
                    i.src[1] = v;
                    return Ok(());
                }
            }
            // The 32-bit forms fold -x / |x| of a constant into its value, as llvm-mc
            // does: a float's sign, or the sign bit of a 32- or 16-bit integer's pattern.
            let folded;
            let it = match it.kind {
                Kind::Val(v @ (Value::Int(_) | Value::Float(_)))
                    if (it.neg || it.abs)
                        && matches!(enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc)
                        && (s.ty.is_float() || d.has(flags::ANY_MODS)) =>
                {
                    let value = match v {
                        Value::Float(f) => {
                            let f = if it.abs { f.abs() } else { f };
                            Value::Float(if it.neg { -f } else { f })
                        }
                        _ if s.ty.dwords() == 2 => return bad(),
                        _ => {
                            let sign = if s.ty.is_16() { 0x8000 } else { 0x8000_0000 };
                            let mut bits = literal_bits(v, s.ty, pos)?;
                            if it.abs {
                                bits &= !sign;
                            }
                            if it.neg {
                                bits ^= sign;
                            }
                            Value::Int(bits as i64)
                        }
                    };
                    folded = Item {
                        kind: Kind::Val(value),
                        neg: false,
                        abs: false,
                        ..*it
                    };
                    &folded
                }
                _ => it,
            };
            let code = source(target, i, s, it, enc, lit)?;
            // MFMA sources are vector registers; the accumulator may also be an inline
            // constant (gfx90a+), of the destination's register file.
            if d.has(flags::MAI) {
                let vector = code >= VGPR0;
                let ok = match s.role {
                    Role::Src2 if d.has(flags::SMFMAC) => operand::is_vgpr(code),
                    Role::Src2 if vector => operand::is_agpr(code) == operand::is_agpr(i.dst),
                    Role::Src2 if code == LITERAL || code < 128 => false,
                    Role::Src2 if target.gen == crate::target::Gen::Gfx908 => {
                        return err(pos, "inline constants are not allowed for this operand")
                    }
                    Role::Src2 => true,
                    _ => vector,
                };
                if !ok {
                    return bad();
                }
            }
            // (The gfx6/gfx7 v_readlane/v_writelane VSRC1 is a scalar operand.)
            if (k == 1 && matches!(enc, Enc::Vop2 | Enc::Vopc) && s.class != isa::Class::Scalar
                || s.class == isa::Class::Vgpr
                || enc == Enc::Dpp)
                && code < VGPR0
            {
                return bad();
            }
            // gfx8 SDWA reads VGPRs only.
            if enc == Enc::Sdwa && target.gen == Gen::Gfx8 && code < VGPR0 {
                return bad();
            }
            if enc == Enc::Sdwa && code == LITERAL {
                return bad();
            }
            i.src[k] = code;
            if it.sext {
                // sext() on integer SDWA sources.
                if enc != Enc::Sdwa || s.ty.is_float() {
                    return bad();
                }
                i.fields |= if k == 0 {
                    crate::codec::vopx::SRC0_SEXT
                } else {
                    crate::codec::vopx::SRC1_SEXT
                };
            }
            if it.neg || it.abs {
                let mix = d.has(flags::MIX);
                let ok = (matches!(enc, Enc::Vop3 | Enc::Dpp | Enc::Sdwa)
                    || (enc == Enc::Vop3p && mix))
                    && !d.has(flags::NO_MODS)
                    && (s.ty.is_float() || mix || d.has(flags::ANY_MODS));
                if !ok {
                    return bad();
                }
                if it.neg {
                    i.mods.neg |= 1 << k;
                }
                if it.abs {
                    if enc == Enc::Vop3p {
                        i.mods.neg_hi |= 1 << k;
                    } else {
                        i.mods.abs |= 1 << k;
                    }
                }
            }
        }
        Role::K => {
            let v = match it.kind {
                // K of 16-bit math is 16 bits as llvm-mc reads it; a wider integer keeps
                // all 32 bits, so that the decoder's text of any K assembles back.
                Kind::Val(Value::Int(n)) | Kind::Lit(Value::Int(n)) => {
                    literal_bits(Value::Int(n), s.ty, pos)
                        .or_else(|_| literal_bits(Value::Int(n), Ty::B32, pos))?
                }
                Kind::Val(v) | Kind::Lit(v) => literal_bits(v, s.ty, pos)?,
                _ => return bad(),
            };
            share_literal(lit, v, pos)?;
        }
        Role::Imm16 | Role::Simm16 => match it.kind {
            Kind::Val(Value::Int(v)) => {
                // s_endpgm's and the unsigned SOPK compares' immediates are 0..0xffff;
                // the others also take negative 16-bit values.
                let unsigned = d.has(flags::OPT_IMM)
                    || (enc == Enc::Sopk
                        && d.name.starts_with("s_cmpk_")
                        && d.name.ends_with("_u32"));
                let lo = if unsigned { 0 } else { -0x8000 };
                if !(lo..=0xffff).contains(&v) {
                    if d.has(flags::OPT_IMM) {
                        return err(pos, "expected a 16-bit value");
                    }
                    return err(pos, "invalid operand for instruction");
                }
                i.imm = v as u32 & 0xffff
            }
            _ => return bad(),
        },
        Role::Label => match it.kind {
            Kind::Val(Value::Int(v)) if (-0x8000..=0xffff).contains(&v) => {
                i.imm = v as u32 & 0xffff
            }
            Kind::Val(Value::Int(_)) => return err(pos, "expected a 16-bit signed jump offset"),
            // A label alone: llvm-mc takes no label arithmetic here.
            Kind::Val(Value::Sym(sym, 0)) => {
                *fixup = Some(Fixup {
                    sym,
                    addend: 0,
                    pos,
                })
            }
            Kind::Val(Value::Sym(..)) => {
                return err(pos, "expected an absolute expression or a label")
            }
            _ => return bad(),
        },
        Role::Hwreg | Role::Sendmsg | Role::Waitcnt | Role::GprIdx => {
            let v = match (s.role, it.kind) {
                (Role::Hwreg, Kind::Hwreg(v))
                | (Role::Sendmsg, Kind::Sendmsg(v))
                | (Role::GprIdx, Kind::GprIdx(v))
                | (Role::Waitcnt, Kind::Waitcnt(v)) => v,
                // s_waitcnt takes the low 16 bits of any number.
                (Role::Waitcnt, Kind::Val(Value::Int(v))) => v as u16,
                (_, Kind::Val(Value::Int(v))) if (-0x8000..=0xffff).contains(&v) => v as u16,
                (_, Kind::Val(Value::Int(_))) => {
                    return err(pos, "invalid immediate: only 16-bit values are legal")
                }
                _ => return bad(),
            };
            if s.role == Role::GprIdx && enc == Enc::Sopc {
                if v > 15 {
                    return err(pos, "invalid immediate: only 4-bit values are legal");
                }
                i.src[1] = v;
            } else {
                i.imm = v as u32;
            }
        }
        Role::Sbase => match reg(s.ty.dwords()) {
            Some(c) if c <= 127 => i.src[0] = c,
            _ => return bad(),
        },
        Role::SmemOff => match it.kind {
            // SMRD: an 8-bit dword offset, or on gfx7 a 32-bit literal one.
            // (lit() keeps the literal form for any value; llvm-mc ignores it here.)
            Kind::Lit(Value::Int(v))
                if enc == Enc::Smrd
                    && target.gen == Gen::Gfx7
                    && (0..=0xffff_ffff).contains(&v) =>
            {
                i.imm = crate::inst::LITERAL as u32;
                i.smem = 0;
                *lit = Some((v as u32, pos));
            }
            Kind::Val(Value::Int(v)) if enc == Enc::Smrd => {
                if (0..=0xff).contains(&v) {
                    i.imm = v as u32;
                    i.smem = smem::IMM;
                } else if target.gen == Gen::Gfx7 && (0..=0xffff_ffff).contains(&v) {
                    i.imm = crate::inst::LITERAL as u32;
                    i.smem = 0;
                    *lit = Some((v as u32, pos));
                } else {
                    return Err(Error::not_for_gpu(pos));
                }
            }
            Kind::Val(Value::Int(v)) => {
                // gfx8: a 20-bit unsigned byte offset; gfx9: 21-bit signed.
                if target.gen == Gen::Gfx8 && !(0..=0xf_ffff).contains(&v) {
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
            _ => return bad(),
        },
        Role::Probe => match it.kind {
            Kind::Val(Value::Int(v)) if (0..=7).contains(&v) => i.dst = v as u16,
            _ => return err(pos, "invalid operand for instruction"),
        },
        Role::Vaddr | Role::Vdata | Role::Vdata1 => {
            let code = match reg(s.ty.dwords()) {
                Some(c) if operand::is_vgpr(c) => c,
                Some(c)
                    if operand::is_agpr(c)
                        && (s.role != Role::Vaddr || d.has(flags::GDS_ONLY))
                        && target.gen.acc_mem() =>
                {
                    c
                }
                _ => return bad(),
            };
            if s.role != Role::Vaddr && acc_conflict(i, code) {
                return bad();
            }
            match crate::codec::mem_slot(enc, s.role) {
                Some(3) => i.dst = code,
                Some(k) => i.src[k] = code,
                None => return bad(),
            }
        }
        Role::Srsrc | Role::Ssamp | Role::Soffset | Role::Saddr | Role::Exp => {
            return err(pos, "operand not supported yet");
        }
        Role::Attr | Role::Param => return super::vintrp::bind_operand(i, s, it),
    }
    Ok(())
}

/// The operand code for a source, allocating the literal when needed.
fn source(
    target: Target,
    i: &Inst,
    s: &Slot,
    it: &Item,
    enc: Enc,
    lit: &mut Option<(u32, usize)>,
) -> Result<u16, Error> {
    let pos = it.pos;
    let scalar_field = matches!(enc, Enc::Sop2 | Enc::Sop1 | Enc::Sopc | Enc::Sopk);
    let code = match it.kind {
        Kind::Reg { code, dwords } => {
            let want = s.ty.dwords().max(1);
            let fixed = matches!(code, 235..=239 | 251..=254);
            if !(dwords == want || fixed && dwords == 1) {
                return err(pos, "invalid operand for instruction");
            }
            if scalar_field && code >= VGPR0 {
                return err(pos, "invalid operand for instruction");
            }
            if operand::is_agpr(code) && !file_ok(s.class, code)
                || operand::is_vgpr(code) && s.class == isa::Class::Agpr
            {
                return err(pos, "invalid operand for instruction");
            }
            if code == operand::LDS_DIRECT
                && !(matches!(enc, Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3)
                    && s.role == Role::Src0)
            {
                if !matches!(
                    enc,
                    Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3 | Enc::Vop3p
                ) {
                    return err(pos, "invalid operand for instruction");
                }
                return err(pos, "lds_direct may be used as src0 only");
            }
            code
        }
        Kind::Val(v) => match v {
            Value::Int(n) if s.ty.dwords() == 2 && literal64_inline(n as u64).is_some() => {
                literal64_inline(n as u64).unwrap_or(0)
            }
            Value::Int(n) => match int_code(n) {
                Some(c) => c,
                None => {
                    let bits = convert_int(n, s.ty).map_err(|m| Error::new(pos, m))?;
                    // A 64-bit integer operand is inline only if the 64-bit value is
                    // (0xffffffff is a literal, not -1).
                    let inline = match s.ty {
                        Ty::B64 | Ty::I64 => None,
                        Ty::F64 if n > u32::MAX as i64 => None,
                        _ => literal_inline(bits, s.ty),
                    };
                    match inline {
                        Some(c) => c,
                        None => {
                            share_literal(lit, bits, pos)?;
                            LITERAL
                        }
                    }
                }
            },
            // 0.0 (and what rounds to it) is the integer constant 0; -0.0 is not.
            Value::Float(f) if f == 0.0 && f.is_sign_positive() => operand::INLINE_ZERO,
            Value::Float(f) => match float_code(f, s.ty) {
                // For f64 operands only the exact double 1/(2*pi) is the constant.
                Some(operand::INV_2PI)
                    if s.ty == Ty::F64 && f.to_bits() != 0x3fc4_5f30_6dc9_c882 =>
                {
                    let bits = convert_float(f, s.ty).map_err(|m| Error::new(pos, m))?;
                    share_literal(lit, bits, pos)?;
                    LITERAL
                }
                Some(c) if !matches!(s.ty, Ty::B64 | Ty::I64) || f != 0.15915494 => c,
                _ => {
                    let bits = convert_float(f, s.ty).map_err(|m| Error::new(pos, m))?;
                    share_literal(lit, bits, pos)?;
                    LITERAL
                }
            },
            Value::Sym(..) => return err(pos, "expected an absolute expression"),
        },
        Kind::Lit(v) => {
            let bits = literal_bits(v, s.ty, pos)?;
            share_literal(lit, bits, pos)?;
            LITERAL
        }
        _ => return err(pos, "invalid operand for instruction"),
    };
    if code == LITERAL && i.desc().has(flags::NO_LITERAL) {
        return err(pos, "invalid operand for instruction");
    }
    // gfx6/gfx7 have no 1/(2*pi) constant: the value is a literal there.
    let code = if code == operand::INV_2PI && target.gen.before_gfx8() {
        share_literal(lit, operand::inv_2pi_bits(s.ty), pos)?;
        LITERAL
    } else {
        code
    };
    if code == LITERAL && is_vop3(enc) {
        return err(pos, "literal operands are not supported");
    }
    let _ = i;
    Ok(code)
}

/// A 64-bit operand written as a full 64-bit pattern of a float inline constant.
fn literal64_inline(v: u64) -> Option<u16> {
    let pos = [0.5f64, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0]
        .iter()
        .position(|c| c.to_bits() == v);
    match pos {
        Some(k) => Some(operand::FLOAT_HALF + k as u16),
        None if v == 0x3fc4_5f30_6dc9_c882 => Some(operand::INV_2PI),
        None => None,
    }
}

fn literal_bits(v: Value, ty: Ty, pos: usize) -> Result<u32, Error> {
    match v {
        Value::Int(n) => convert_int(n, ty).map_err(|m| Error::new(pos, m)),
        Value::Float(f) => convert_float(f, ty).map_err(|m| Error::new(pos, m)),
        Value::Sym(..) => err(pos, "expected an absolute expression"),
    }
}

fn share_literal(lit: &mut Option<(u32, usize)>, v: u32, pos: usize) -> Result<(), Error> {
    match lit {
        Some((old, _)) if *old != v => err(pos, "only one unique literal operand is allowed"),
        _ => {
            *lit = Some((v, pos));
            Ok(())
        }
    }
}

fn apply_modifier(target: Target, i: &mut Inst, m: Modifier, pos: usize) -> Result<(), Error> {
    let d = i.desc();
    let nsrc = d
        .sig
        .iter()
        .filter_map(|s| s.role.src_index())
        .max()
        .map_or(0, |k| k + 1) as u8;
    let src_mask = (1u8 << nsrc) - 1;
    let fmt_err = |e: &str| Error::new(pos, e);
    match m {
        m if i.enc == Enc::Vop3
            && codec::vintrp::is_interp(d)
            && matches!(m, Modifier::Flag(_) | Modifier::OpSel(..)) =>
        {
            super::vintrp::apply_vop3_mod(i, m).map_err(fmt_err)?
        }
        m if i.enc == Enc::Mimg => super::mimg::apply_mod(target.gen, i, m).map_err(fmt_err)?,
        m if i.enc == Enc::Vop3p && d.has(flags::MAI) => {
            super::mai::apply_mod(target, i, m).map_err(fmt_err)?
        }
        m if i.enc == Enc::Exp => super::exp::apply_mod(i, m).map_err(fmt_err)?,
        // gfx6/gfx7 read clamp where gfx8 takes it, then refuse it on integer results.
        Modifier::Clamp
            if is_vop3(i.enc) && !d.clamp_allowed(target.gen) && old_clamp(target.gen, d) =>
        {
            return err(pos, old_clamp_error(d))
        }
        Modifier::Clamp if is_vop3(i.enc) && d.clamp_allowed(target.gen) => i.mods.clamp = true,
        Modifier::Omod(v) if i.enc == Enc::Vop3 => i.mods.omod = v,
        // Entries are sources then the destination (OPSEL bit 3); llvm-mc takes one to
        // four entries and ignores those beyond.
        Modifier::OpSel(b, _) if i.enc == Enc::Vop3 && codec::vop3::has_opsel(target.gen, d) => {
            let n = codec::vop3::opsel_sources(d);
            i.mods.op_sel = (b & ((1 << n) - 1)) | (b >> n & 1) << 3;
        }
        Modifier::OpSel(b, _) if i.enc == Enc::Vop3p && !d.has(flags::NO_OPSEL) => {
            i.mods.op_sel = b & src_mask
        }
        // Sources not listed get 0; absent sources keep the default.
        Modifier::OpSelHi(b, _) if i.enc == Enc::Vop3p && !d.has(flags::NO_OPSEL) => {
            let dflt = default_op_sel_hi(d.has(flags::MIX));
            i.mods.op_sel_hi = (dflt & !src_mask) | (b & src_mask);
        }
        Modifier::NegLo(b, _) if i.enc == Enc::Vop3p && !d.has(flags::MIX) => {
            i.mods.neg = b & src_mask
        }
        Modifier::NegHi(b, _) if i.enc == Enc::Vop3p && !d.has(flags::MIX) => {
            i.mods.neg_hi = b & src_mask
        }
        Modifier::Glc if i.enc == Enc::Smem && d.has(flags::GLC) => i.mods.glc = true,
        Modifier::Glc if i.enc == Enc::Smrd => {
            return err(pos, "cache policy is not supported for SMRD instructions")
        }
        Modifier::Nv if i.enc == Enc::Smem && d.has(flags::NV) => i.mods.nv = true,
        // (gfx8 has no SGPR-plus-immediate form.)
        Modifier::Offset(_) if i.enc == Enc::Smem && target.gen == Gen::Gfx8 => {
            return err(pos, "not a valid operand.")
        }
        Modifier::Offset(v) if i.enc == Enc::Smem && i.smem == 0 => {
            // `s4 offset:0x10`: SGPR offset plus immediate.
            if !(-0x10_0000..=0xf_ffff).contains(&v) {
                return err(pos, "expected a 21-bit signed offset");
            }
            i.src[1] = i.imm as u16;
            i.imm = v as u32 & 0x1f_ffff;
            i.smem = smem::IMM | smem::SOE;
        }
        m if super::print::is_buf_or_flat(i.enc) => {
            super::buf::apply_mod(target, i, m).map_err(|e| Error::new(pos, e))?
        }
        m if matches!(i.enc, Enc::Dpp | Enc::Sdwa) => {
            super::vopx::apply_mod(target.gen, i, m, pos)?
        }
        m if i.enc == Enc::Ds => super::ds::apply_mod(i, m).map_err(|e| Error::new(pos, e))?,
        _ => return err(pos, "invalid operand for instruction"),
    }
    Ok(())
}

/// Whether a destination or source register `c` is of a file the slot takes: VGPRs,
/// and AGPRs for the slots that say so.
fn file_ok(class: isa::Class, c: u16) -> bool {
    match class {
        isa::Class::Agpr => operand::is_agpr(c),
        isa::Class::VgprOrAgpr => operand::is_vgpr(c) || operand::is_agpr(c),
        _ => operand::is_vgpr(c),
    }
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
        .any(|&c| c >= VGPR0 && operand::is_agpr(c) != operand::is_agpr(code))
}

/// Binds one buffer/flat operand; returns the register width written (0 for `off`).
fn mem_operand(target: Target, i: &mut Inst, s: &Slot, it: &Item) -> Result<u8, Error> {
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
            if operand::is_vgpr(code)
                || operand::is_agpr(code) && s.role != Role::Vaddr && target.gen.acc_mem() =>
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
        (Role::Soffset, Kind::Val(Value::Int(v))) => match operand::int_code(v).or_else(|| {
            u32::try_from(v)
                .ok()
                .and_then(|b| operand::literal_inline(b, Ty::F32))
                .filter(|c| *c != operand::INV_2PI || !target.gen.before_gfx8())
        }) {
            Some(c) => {
                i.src[2] = c;
                Ok(1)
            }
            None => bad(),
        },
        (Role::Soffset, Kind::Val(Value::Float(f))) => match operand::float_code(f, Ty::F32) {
            Some(c) => {
                i.src[2] = c;
                Ok(1)
            }
            None => bad(),
        },
        _ => bad(),
    }
}

/// Target operand rules llvm-mc enforces beyond the fields: the constant bus limit.
fn validate(target: Target, i: &Inst, items: &Items, mpos: usize) -> Result<(), Error> {
    if crate::rules::constant_bus(target, i).is_ok() {
        return Ok(());
    }
    // llvm-mc points at the later of the last literal operand and the last SGPR
    // that uses the bus (v_madmk's K does not count as a literal here).
    let d = i.desc();
    let ops = items.iter().filter(|it| !matches!(it.kind, Kind::Mod(_)));
    let (mut lit_pos, mut reg) = (mpos, None);
    for (s, it) in d.sig.iter().zip(ops) {
        // (The carry-in of the 32-bit forms is implicit vcc, not a source field.)
        let Some(k) = s
            .role
            .src_index()
            .filter(|_| s.role != Role::Ci || i.enc == Enc::Vop3)
        else {
            continue;
        };
        let code = i.src[k];
        if code == LITERAL {
            lit_pos = it.pos;
        } else if code < 128 && !(s.class == isa::Class::Scalar && code == operand::M0) {
            reg = Some(code);
        }
    }
    let reg_pos = reg.map_or(mpos, |c| {
        let ops = items.iter().filter(|it| !matches!(it.kind, Kind::Mod(_)));
        d.sig
            .iter()
            .zip(ops)
            .filter(|(s, _)| {
                s.role.src_index().is_some() && (s.role != Role::Ci || i.enc == Enc::Vop3)
            })
            .filter(|(s, _)| i.src[s.role.src_index().unwrap_or(0)] == c)
            .map(|(_, it)| it.pos)
            .last()
            .unwrap_or(mpos)
    });
    err(
        lit_pos.max(reg_pos),
        "invalid operand (violates constant bus restrictions)",
    )
}

#[cfg(test)]
mod tests {
    use crate::{assemble_line, Target};

    /// gfx6/gfx7 VOP3B has no clamp bit: llvm-mc drops `clamp` from v_div_scale_*
    /// without a word (its bytes are those without it); we refuse it, at the modifier.
    #[test]
    fn old_vop3b_clamp_is_refused() {
        for cpu in ["gfx600", "gfx700"] {
            let t = Target::from_name(cpu).unwrap();
            let line = "v_div_scale_f32 v0, vcc, v1, v2, v3 clamp";
            let e = assemble_line(t, line).unwrap_err();
            assert_eq!(e.col, line.find("clamp").unwrap() + 1, "{cpu}");
            assert!(e.msg.contains("no clamp bit"), "{cpu}: {}", e.msg);
            assert!(assemble_line(t, "v_div_scale_f32 v0, vcc, v1, v2, v3").is_ok());
        }
    }
}
