//! Named modifiers (`clamp`, `op_sel:[..]`, `offset:..`, the memory and DPP/SDWA
//! words) and source modifiers (`-x`, `|x|`, `sext(x)`): which forms take them, the
//! order llvm-mc reads them in, and how they set the instruction's bits.

use super::form::{self, is_vop3};
use crate::codec::{self, smem, vop3p::default_op_sel_hi};
use crate::inst::{Enc, Inst};
use crate::isa::{self, flags, Fmt, OpDesc, OpId, Role, Slot};
use crate::syntax::error::{err, Error};
use crate::syntax::operands::{Item, Items, Kind, Modifier, Word};
use crate::target::{Gen, Target};

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
    /// `bound_ctrl:` (DPP, and the VOP3 permlane swaps).
    BoundCtrl,
    /// `fi:` (the VOP3 permlane swaps).
    Fi,
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
            Modifier::Glc | Modifier::Nv | Modifier::NoCpol(_) => Opt::Cpol,
            Modifier::Offset(_) => Opt::Offset,
            Modifier::Value(Word::BoundCtrl, _) => Opt::BoundCtrl,
            Modifier::Value(Word::Fi, _) => Opt::Fi,
            Modifier::Flag(_) | Modifier::Value(..) => Opt::Mem,
            Modifier::Unknown => return None,
        })
    }
}

fn opt_list(d: &OpDesc, enc: Enc, gen: Gen) -> &'static [Opt] {
    use Opt::*;
    let clamp = d.clamp_allowed(gen) || old_clamp(gen, d);
    let omod = d.omod_allowed();
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
        // v_bitop3: the truth table, then op_sel.
        Enc::Vop3 if d.has(flags::BITOP3) && codec::vop3::has_opsel(gen, d) => &[Mem, OpSel],
        Enc::Vop3 if d.has(flags::BITOP3) => &[Mem],
        // The permlane swaps: bound_ctrl, then fi.
        Enc::Vop3 if d.has(flags::PERMLANE_SWAP) => &[BoundCtrl, Fi],
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
        // A scaled MFMA: its scales' op_sel and op_sel_hi first.
        Enc::Vop3p if d.has(flags::SCALE) => &[OpSel, OpSelHi, Mem],
        Enc::Vop3p if d.has(flags::MAI) => &[Mem],
        // v_mfma_ld_scale_b32: op_sel and op_sel_hi only.
        Enc::Vop3p if d.has(flags::LD_SCALE) => &[OpSel, OpSelHi],
        Enc::Vop3p if d.sig().iter().any(|s| s.class == isa::Class::Agpr) => &[],
        Enc::Vop3p if d.has(flags::MIX) => &[OpSel, OpSelHi, Clamp],
        Enc::Vop3p if d.has(flags::OPSEL_ZERO) => &[OpSel, OpSelHi, NegLo, NegHi, Clamp],
        Enc::Vop3p if d.has(flags::NO_OPSEL) => &[NegLo, NegHi, Clamp],
        Enc::Vop3p if clamp => &[OpSel, OpSelHi, NegLo, NegHi, Clamp],
        Enc::Vop3p => &[OpSel, OpSelHi, NegLo, NegHi],
        Enc::Smem if d.sig().iter().any(|s| s.role == Role::SmemOff) => &[Offset, Cpol],
        Enc::Smem => &[Cpol],
        // (SMRD reads glc to refuse it.)
        Enc::Smrd => &[Cpol],
        Enc::Ds => &[Offset, Mem],
        Enc::Sdwa if d.sig().is_empty() => &[],
        Enc::Dpp => &[Mem, BoundCtrl],
        // SDWA: clamp where allowed (compares: gfx8 only), omod for float results (not
        // compares; read on gfx8 to be refused there).
        Enc::Sdwa => match (
            codec::vopx::sdwa_clamp(d.fmt, gen) && !d.sig().is_empty(),
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
        e if codec::is_mem(e) => &[Offset, Mem, Cpol],
        _ => &[],
    }
}

/// gfx6/gfx7 rows that take `clamp` from gfx8 on: it is read, to be refused.
fn old_clamp(gen: Gen, d: &OpDesc) -> bool {
    gen.before_gfx8() && d.clamp_allowed(Gen::Gfx8)
}

/// Why gfx6/gfx7 refuse `clamp` on an `old_clamp` row: llvm-mc's message for integer
/// results; the float VOP3B rows (v_div_scale_*) have no clamp bit, which llvm-mc
/// drops without a word.
fn old_clamp_error(d: &OpDesc) -> &'static str {
    if d.sig()
        .iter()
        .any(|s| s.role == Role::Vd && s.ty.is_float())
    {
        "clamp cannot be encoded: this instruction has no clamp bit on this GPU"
    } else {
        "integer clamping is not supported on this GPU"
    }
}

/// Whether a source slot takes abs/neg prefix modifiers in encoding `enc`.
fn takes_fp_mods(d: &OpDesc, s: &Slot, enc: Enc) -> bool {
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
pub(super) fn check_while_reading(
    target: Target,
    rows: &[OpId],
    items: &Items,
) -> Result<(), Error> {
    let mut cpol_seen = (false, false);
    for (n, it) in items.iter().enumerate() {
        match it.kind {
            Kind::Mod(m) => check_modifier_read(target, rows, n, it, m, &mut cpol_seen)?,
            _ => check_operand_read(target, rows, n, it)?,
        }
    }
    Ok(())
}

/// A modifier, item `n` of the line: one no form takes, a `name:value` written where
/// no form reads it, and a repeated cache policy are errors.
fn check_modifier_read(
    target: Target,
    rows: &[OpId],
    n: usize,
    it: &Item,
    m: Modifier,
    cpol_seen: &mut (bool, bool),
) -> Result<(), Error> {
    let Some(o) = Opt::of(m) else {
        return err(it.start, "not a valid operand.");
    };
    if m.has_value() && !readable(target, rows, n, o) {
        return err(it.start, "not a valid operand.");
    }
    // (DPP's bound_ctrl is read, and its value checked, in DPP's order:
    // `vopx::check_dpp_order`.)
    if let Modifier::Value(Word::BoundCtrl, v) = m {
        if !(0..=1).contains(&v) && readable_in(target, rows, n, o, |e| e != Enc::Dpp) {
            return err(it.start, "invalid bound_ctrl value.");
        }
    }
    // (Other negated bits are checked as the modifiers are bound.)
    let other_no = matches!(m, Modifier::NoCpol(w) if w != Word::Glc);
    if o == Opt::Cpol && readable(target, rows, n, o) && !other_no {
        let seen = if matches!(m, Modifier::Glc | Modifier::NoCpol(_)) {
            &mut cpol_seen.0
        } else {
            &mut cpol_seen.1
        };
        if *seen {
            return err(it.start, "duplicate cache policy modifier");
        }
        *seen = true;
    }
    Ok(())
}

/// Whether modifier `m`, item `n` of a line of row `id`, is one this reading takes
/// there ([`check_modifier_read`]'s rule for it; its cache-policy repeats aside).
pub(super) fn read_where_written(target: Target, id: OpId, n: usize, m: Modifier) -> bool {
    Opt::of(m).is_some_and(|o| !m.has_value() || readable(target, &[id], n, o))
}

/// Whether modifier `o` is read as item `n`: only where some form takes it, after the
/// operands, and not after a modifier that comes later in order.
fn readable(target: Target, rows: &[OpId], n: usize, o: Opt) -> bool {
    readable_in(target, rows, n, o, |_| true)
}

/// [`readable`], in the encodings `enc_ok` takes.
fn readable_in(
    target: Target,
    rows: &[OpId],
    n: usize,
    o: Opt,
    enc_ok: impl Fn(Enc) -> bool,
) -> bool {
    rows.iter().any(|id| {
        let d = id.desc();
        let nsig = d.sig().len();
        form::all_encodings(*id, target)
            .filter(|e| enc_ok(*e))
            .any(|e| {
                let list = opt_list(d, e, target.gen);
                // Memory formats take their modifiers in any order.
                // (Their operand count depends on `lds` and `glc`.)
                ((codec::is_mem(e)
                    || ((matches!(e, Enc::Dpp | Enc::Sdwa) || d.has(flags::MAI)) && n >= nsig))
                    && list.contains(&o)
                    && !(e == Enc::Mimg && o == Opt::Mem && n != nsig))
                    || list
                        .iter()
                        .position(|x| *x == o)
                        .is_some_and(|j| n >= nsig && n - nsig <= j)
            })
    })
}

/// An operand, item `n` of the line, written with source modifier syntax: sext()
/// needs an SDWA form with an integer source there; -x/|x| a form whose source takes
/// float modifiers. (And the interpolation operands' own reading errors.)
fn check_operand_read(target: Target, rows: &[OpId], n: usize, it: &Item) -> Result<(), Error> {
    if let Some(e) = rows
        .iter()
        .find_map(|id| crate::syntax::vintrp::parse_error(id.desc(), n, it))
    {
        return Err(e);
    }
    // (Plain operands, most of them, break no reading rule.)
    if !it.modsyn && it.fp_err.is_none() {
        return Ok(());
    }
    let fp = rows.iter().any(|id| {
        let d = id.desc();
        d.sig().get(n).is_some_and(|s| {
            form::all_encodings(*id, target).any(|e| {
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
        Some((p, m)) if fp => err(p, m),
        _ if !fp && it.modsyn => err(it.start, "not a valid operand."),
        _ => Ok(()),
    }
}

/// The order rules llvm-mc checks while reading the modifiers, before matching: those
/// of MFMA (cbsz, abid, blgp) and of DPP.
pub(super) fn check_order_while_reading(
    d: &OpDesc,
    enc: Enc,
    items: &Items,
    mpos: usize,
) -> Result<(), Error> {
    if d.has(flags::MAI) {
        let mut last = None;
        for it in items.iter() {
            if let Kind::Mod(m) = it.kind {
                crate::syntax::mai::check_order(m, d.has(flags::SCALE), &mut last)
                    .map_err(|e| Error::new(it.start, e))?;
            }
        }
    }
    if enc == Enc::Dpp {
        crate::syntax::vopx::check_dpp_order(items, mpos)?;
    }
    // Buffer and flat modifiers in llvm-mc 22's order (`idxen offen addr64
    // offset:4 glc slc lds`; the cache-policy bits in any order among themselves),
    // as it reads them (it refuses `glc offset:4` and `tfe glc`, which it never prints).
    if crate::syntax::print::is_buf_or_flat(enc) {
        // (buffer_store_lds_dword, with no address operand, takes lds before the
        // cache-policy bits.)
        let lds_first = enc == Enc::Mubuf && d.sig().iter().all(|s| s.role != Role::Vaddr);
        let mut last = 0;
        for it in items.iter() {
            // (gfx90a's `scc` reads as the register src_scc: among the operands, it
            // is one.)
            let Some(r) = mem_rank(it, lds_first).filter(|_| last > 0 || is_mod(it)) else {
                continue;
            };
            // (A repeat is refused where repeats are.)
            if r < last {
                let msg = if r > 0 && matches!(enc, Enc::Mubuf | Enc::Mtbuf) {
                    "invalid operand for instruction"
                } else {
                    "not a valid operand."
                };
                return err(it.pos, msg);
            }
            last = r;
        }
    }
    // llvm-mc reads the cache-policy flags up to a comma as one operand, and a
    // second one does not match (`glc, slc`).
    let mem = crate::syntax::print::is_buf_or_flat(enc) || matches!(enc, Enc::Mimg | Enc::Smem);
    let mut prev_cpol = false;
    for it in items.iter().filter(|_| mem) {
        let cpol = is_cpol(it);
        if cpol && prev_cpol && it.comma {
            return err(it.pos, "invalid operand for instruction");
        }
        prev_cpol = cpol;
    }
    Ok(())
}

/// The rank of the cache-policy bits in [`mem_rank`]'s order.
const CPOL_RANK: u8 = 6;

/// Where a buffer or flat modifier stands in the order llvm-mc reads them in:
/// format, idxen, offen, addr64, offset, the cache-policy bits, then lds or tfe (lds before
/// the cache-policy bits with `lds_first`; `None`: a modifier with no place in it, or
/// an operand).
fn mem_rank(it: &Item, lds_first: bool) -> Option<u8> {
    if is_cpol(it) {
        return Some(CPOL_RANK);
    }
    match it.kind {
        // (MTBUF's `format:` comes right after soffset.)
        Kind::Mod(Modifier::Value(Word::Format, _)) => Some(0),
        Kind::Mod(Modifier::Flag(Word::Idxen)) => Some(1),
        Kind::Mod(Modifier::Flag(Word::Offen)) => Some(2),
        Kind::Mod(Modifier::Flag(Word::Addr64)) => Some(3),
        Kind::Mod(Modifier::Offset(_)) => Some(4),
        Kind::Mod(Modifier::Flag(Word::Lds)) if lds_first => Some(CPOL_RANK - 1),
        Kind::Mod(Modifier::Flag(Word::Lds | Word::Tfe)) => Some(CPOL_RANK + 1),
        _ => None,
    }
}

fn is_mod(it: &Item) -> bool {
    matches!(it.kind, Kind::Mod(_))
}

/// A cache-policy flag (glc, slc, sc0, sc1, nt, scc, and their no- forms).
fn is_cpol(it: &Item) -> bool {
    match it.kind {
        Kind::Mod(Modifier::Glc | Modifier::NoCpol(_)) => true,
        Kind::Mod(Modifier::Flag(f)) => f.is_cpol(),
        // (gfx90a's scc reads as the register until it is bound.)
        Kind::Reg { code: 253, .. } => true,
        _ => false,
    }
}

/// The modifiers of one form as they are bound: each in llvm-mc's order, at most
/// once, and SDWA selects in theirs.
pub(super) struct Order {
    enc: Enc,
    /// Modifiers of buffer and flat formats may come in any order.
    any_order: bool,
    list: &'static [Opt],
    /// The position in `list` of the last modifier.
    last: Option<usize>,
    /// Modifiers seen.
    seen: [Option<Modifier>; 16],
    /// The last SDWA select's rank.
    last_sel: Option<u8>,
}

impl Order {
    pub(super) fn new(gen: Gen, d: &OpDesc, enc: Enc) -> Self {
        Order {
            enc,
            any_order: crate::syntax::print::is_buf_or_flat(enc),
            list: opt_list(d, enc, gen),
            last: None,
            seen: [None; 16],
            last_sel: None,
        }
    }

    /// Takes modifier `m` (at `pos`), or says that it is out of order or repeated.
    pub(super) fn take(&mut self, m: Modifier, pos: usize) -> Result<(), Error> {
        let (enc, list) = (self.enc, self.list);
        let j = Opt::of(m).and_then(|o| list.iter().position(|x| *x == o));
        // (MIMG and EXP check their repeats themselves, with llvm-mc's words.)
        let again = !matches!(enc, Enc::Mimg | Enc::Exp)
            && self.seen.iter().flatten().any(|s| same_modifier(*s, m));
        if let Some(slot) = self.seen.iter_mut().find(|s| s.is_none()) {
            *slot = Some(m);
        }
        // SDWA selects: dst_sel, dst_unused, src0_sel, src1_sel.
        let sel = crate::syntax::vopx::sel_rank(m).filter(|_| enc == Enc::Sdwa);
        let sel_ok = sel.is_none_or(|r| self.last_sel.is_none_or(|l| r > l));
        self.last_sel = sel.or(self.last_sel);
        match j {
            _ if again || !sel_ok => err(pos, "invalid operand for instruction"),
            // (Memory formats take several of their named flags and values.)
            Some(j)
                if self.any_order
                    || matches!(enc, Enc::Mimg | Enc::Exp | Enc::Dpp)
                    || self.last.is_none_or(|l| {
                        j > l || (j == l && matches!(list[j], Opt::Mem | Opt::Cpol))
                    }) =>
            {
                self.last = Some(j);
                Ok(())
            }
            _ => err(pos, "invalid operand for instruction"),
        }
    }
}

/// Whether two modifiers are the same one (whatever their values).
fn same_modifier(a: Modifier, b: Modifier) -> bool {
    match (a, b) {
        (Modifier::Flag(x), Modifier::Flag(y))
        | (Modifier::Value(x, _), Modifier::Value(y, _))
        | (Modifier::NoCpol(x), Modifier::NoCpol(y) | Modifier::Flag(y))
        | (Modifier::Flag(x), Modifier::NoCpol(y)) => x == y,
        // (A cache-policy bit and its negation are one modifier.)
        (Modifier::Glc, Modifier::NoCpol(w)) | (Modifier::NoCpol(w), Modifier::Glc) => {
            w == Word::Glc
        }
        _ => std::mem::discriminant(&a) == std::mem::discriminant(&b),
    }
}

/// Sets the bits of modifier `m` (at `pos`), or refuses it for this form.
pub(crate) fn apply(target: Target, i: &mut Inst, m: Modifier, pos: usize) -> Result<(), Error> {
    let d = i.desc();
    let nsrc = d
        .sig()
        .iter()
        .filter_map(|s| s.role.src_index())
        .max()
        .map_or(0, |k| k + 1) as u8;
    let src_mask = (1u8 << nsrc) - 1;
    let fmt_err = |e: &'static str| Error::new(pos, e);
    match m {
        m if i.enc == Enc::Vop3
            && codec::vintrp::is_interp(d)
            && matches!(m, Modifier::Flag(_) | Modifier::OpSel(..)) =>
        {
            crate::syntax::vintrp::apply_vop3_mod(i, m).map_err(fmt_err)?
        }
        m if i.enc == Enc::Mimg => {
            crate::syntax::mimg::apply_mod(target.gen, i, m).map_err(fmt_err)?
        }
        m if i.enc == Enc::Vop3p && d.has(flags::MAI) => {
            crate::syntax::mai::apply_mod(target, i, m).map_err(fmt_err)?
        }
        m if i.enc == Enc::Exp => crate::syntax::exp::apply_mod(i, m).map_err(fmt_err)?,
        // The truth table's eight bits sit in NEG, ABS and OMOD (llvm-mc keeps the low
        // eight bits of a larger value).
        Modifier::Value(Word::Bitop3, v) if i.enc == Enc::Vop3 && d.has(flags::BITOP3) => {
            (i.mods.neg, i.mods.abs, i.mods.omod) =
                (v as u8 & 7, (v >> 3) as u8 & 7, (v >> 6) as u8 & 3);
        }
        // The permlane swaps' bound_ctrl (llvm-mc sets the bit for bound_ctrl:0 too, as
        // in DPP) and fi (llvm-mc keeps the low bit of other values: refused).
        Modifier::Value(Word::BoundCtrl, _)
            if i.enc == Enc::Vop3 && d.has(flags::PERMLANE_SWAP) =>
        {
            i.mods.op_sel |= 2
        }
        Modifier::Value(Word::Fi, v) if i.enc == Enc::Vop3 && d.has(flags::PERMLANE_SWAP) => {
            match v {
                0 => {}
                1 => i.mods.op_sel |= 1,
                _ => return err(pos, "invalid operand for instruction"),
            }
        }
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
        // (Read to be refused unless zero: `errors::opsel_zero`.)
        Modifier::OpSel(..) | Modifier::OpSelHi(..)
            if i.enc == Enc::Vop3p && d.has(flags::OPSEL_ZERO) => {}
        Modifier::NegLo(b, _) if i.enc == Enc::Vop3p && !d.has(flags::MIX) => {
            i.mods.neg = b & src_mask
        }
        Modifier::NegHi(b, _) if i.enc == Enc::Vop3p && !d.has(flags::MIX) => {
            i.mods.neg_hi = b & src_mask
        }
        Modifier::Glc if i.enc == Enc::Smem && d.has(flags::GLC) => i.mods.glc = true,
        // A negated cache bit leaves the scalar loads, stores and atomics as they are
        // (llvm-mc takes noglc and noslc there, and noscc where buffers have scc,
        // gfx90a and gfx940; on gfx6/gfx7 SMRD loads too, which take no glc).
        Modifier::NoCpol(w) if matches!(i.enc, Enc::Smem | Enc::Smrd) && d.has(flags::GLC) => {
            match w {
                Word::Glc | Word::Slc => {}
                Word::Scc if matches!(target.gen, Gen::Gfx90a | Gen::Gfx940) => {}
                Word::Scc => return err(pos, "scc modifier is not supported on this GPU"),
                _ => return err(pos, "invalid operand for instruction"),
            }
        }
        Modifier::Glc if i.enc == Enc::Smrd && d.has(flags::GLC) => {
            return err(pos, "cache policy is not supported for SMRD instructions")
        }
        Modifier::Nv if i.enc == Enc::Smem && d.has(flags::NV) => i.mods.nv = true,
        Modifier::Offset(v) if i.enc == Enc::Smem => smem_offset(target, i, v, pos)?,
        m if crate::syntax::print::is_buf_or_flat(i.enc) => {
            crate::syntax::buf::apply_mod(target, i, m).map_err(fmt_err)?
        }
        m if matches!(i.enc, Enc::Dpp | Enc::Sdwa) => {
            crate::syntax::vopx::apply_mod(target.gen, i, m, pos)?
        }
        m if i.enc == Enc::Ds => crate::syntax::ds::apply_mod(i, m).map_err(fmt_err)?,
        _ => return err(pos, "invalid operand for instruction"),
    }
    Ok(())
}

/// SMEM's `offset:v` after an SGPR offset (`s4 offset:0x10`): SGPR plus immediate.
fn smem_offset(target: Target, i: &mut Inst, v: i64, pos: usize) -> Result<(), Error> {
    // (gfx8 has no SGPR-plus-immediate form.)
    if target.gen == Gen::Gfx8 {
        return err(pos, "not a valid operand.");
    }
    if i.smem != 0 {
        return err(pos, "invalid operand for instruction");
    }
    if smem::buffer(i) && !(0..=0xf_ffff).contains(&v) {
        return err(pos, "expected a 20-bit unsigned offset");
    }
    if !(-0x10_0000..=0xf_ffff).contains(&v) {
        return err(pos, "expected a 21-bit signed offset");
    }
    i.src[1] = i.imm as u16;
    i.imm = v as u32 & 0x1f_ffff;
    i.smem = smem::IMM | smem::SOE;
    Ok(())
}
