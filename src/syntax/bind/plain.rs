//! Plain lines bound in one step: a vector or scalar ALU mnemonic (VOP1, VOP2, VOPC,
//! VOP3, VOP3P, SOP1, SOP2, SOPC) naming one row, with registers (VOP3 sources maybe
//! negated, `-v1`) and numbers for operands, one per slot of the row's signature, and
//! in VOP3 and VOP3P the ALU's modifiers (`clamp`, `mul:2`, `op_sel:[..]`, ...); or a
//! SOPK or SOPP mnemonic with scalar registers and numbers (`s_movk_i32 s8, 0x2400`,
//! `s_cbranch_execz 64`); or a DPP mnemonic with vector registers
//! (`v_mov_b32_dpp v3, v19 row_shr:1 row_mask:0xf bank_mask:0xf`); or a memory
//! mnemonic (FLAT, GLOBAL, SCRATCH, MUBUF, DS, SMEM, SMRD) with registers, `off` and
//! numbers, and the address and cache-policy modifiers (`global_load_dwordx4
//! v[4:7], v[2:3], off offset:32 glc`). Most lines of compiled code are such lines;
//! for them the general path (the operand grammar, the binder's walk of the
//! signature, the format's checker) costs several thousand executed instructions.
//!
//! The decoder's plan of the row ([`codec::fast::place`]) puts each operand's code in
//! its field, numbers read by the binder's own rule for constants and the literal
//! ([`sources::source`]); the decoder's fast check ([`codec::fast::accepts`]) and the
//! constant bus say whether the result is valid. SOPK and SOPP lines are bound by the
//! binder's own rules for their slots (a scalar destination, a 16-bit immediate, a
//! branch offset), DPP lines by the plan and the binder's `apply` for their
//! modifiers, memory lines by the binder's rules for memory operands and its
//! `apply`, all three checked by the format's checker. Only a "yes" is an answer: any
//! line this path is not sure of, errors and warnings included, goes to the general
//! path, which stays the rule (in builds with debug assertions every line taken here
//! is bound again by it, and the two must agree).

use super::form::{self, Want};
use super::{slots, sources};
use crate::codec;
use crate::inst::{Enc, Inst};
use crate::isa::{flags, OpId, Role};
use crate::syntax::operands::{Cx, Item, Kind, Modifier, Word};
use crate::target::{Gen, Target};

/// The instruction of a plain line: `mnemonic` (lower-case) and its operand text
/// `rest`, read in `cx`; the columns of its operands (1-based) in `cols`, as the
/// general path sets them. `None` when the line is not plain or this path is not sure.
pub(crate) fn bind_plain(cx: &Cx, mnemonic: &str, rest: &str, cols: &mut [u16; 8]) -> Option<Inst> {
    bind_routed(cx, route(cx.target, mnemonic)?, rest, cols)
}

/// How the plain path binds a mnemonic's lines: its one row, the first encoding the
/// general path tries for it (if the line binds there, that is the answer), and the
/// reading of the operands for that encoding's format. What the mnemonic and the
/// target alone decide ([`super::Routes`] keeps them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Route {
    id: OpId,
    enc: Enc,
    way: Way,
}

/// The plain path's readings, by format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    Alu,
    SopkSopp,
    Dpp,
    Mem,
    DsSmem,
}

/// The route of `mnemonic` on `target`, if its lines may be plain.
pub(crate) fn route(target: Target, mnemonic: &str) -> Option<Route> {
    let (base, want) = Want::split(mnemonic);
    if !matches!(want, Want::Any | Want::E32 | Want::E64 | Want::Dpp) {
        return None;
    }
    let rows = form::rows(target, base);
    let [id] = rows[..] else {
        return None;
    };
    if form::is_alias_e64(&rows, base) {
        return None;
    }
    let enc = form::encodings(id, want, target).next()?;
    let way = match enc {
        Enc::Sopk | Enc::Sopp => Way::SopkSopp,
        // (DPP rows with a destination and two sources at most.)
        Enc::Dpp
            if id
                .desc()
                .sig()
                .iter()
                .all(|s| matches!(s.role, Role::Vd | Role::Src0 | Role::Src1)) =>
        {
            Way::Dpp
        }
        Enc::Dpp => return None,
        Enc::Flat | Enc::Global | Enc::Scratch | Enc::Mubuf => Way::Mem,
        Enc::Ds | Enc::Smem | Enc::Smrd => Way::DsSmem,
        _ if want == Want::Dpp => return None,
        Enc::Vop1
        | Enc::Vop2
        | Enc::Vopc
        | Enc::Vop3
        | Enc::Vop3p
        | Enc::Sop1
        | Enc::Sop2
        | Enc::Sopc => Way::Alu,
        _ => return None,
    };
    Some(Route { id, enc, way })
}

/// [`bind_plain`] of a line of route `r`.
#[inline]
pub(crate) fn bind_routed(cx: &Cx, r: Route, rest: &str, cols: &mut [u16; 8]) -> Option<Inst> {
    let Route { id, enc, way } = r;
    match way {
        Way::Alu => bind_alu(cx, id, enc, rest, cols),
        Way::SopkSopp => bind_sopk_sopp(cx, id, enc, rest, cols),
        Way::Dpp => bind_dpp(cx, id, rest, cols),
        Way::Mem => bind_mem(cx, id, enc, rest, cols),
        Way::DsSmem => bind_ds_smem(cx, id, enc, rest, cols),
    }
}

/// [`bind_plain`] of a vector or scalar ALU line of row `id` in encoding `enc`.
#[inline]
fn bind_alu(cx: &Cx, id: OpId, enc: Enc, rest: &str, cols: &mut [u16; 8]) -> Option<Inst> {
    let target = cx.target;
    let d = id.desc();
    // Modifiers on VOP3 and VOP3P only (a 32-bit form with one is the general
    // path's: it moves to VOP3), each once, not on rows that read op_sel only to
    // refuse it (`errors::opsel_zero`).
    let mut items = [Item::BLANK; 5];
    let mut mods = [(Modifier::Clamp, 0); 6];
    let takes_mods = matches!(enc, Enc::Vop3 | Enc::Vop3p) && !d.has(flags::OPSEL_ZERO);
    let (n, m) = cx.plain_operands(rest, &mut items, takes_mods.then_some(&mut mods), false)?;
    if n != d.sig().len() {
        return None;
    }
    // (The ALU's, in the order llvm-mc prints them, each once: it refuses some
    // other orders.)
    let mods = &mods[..m];
    let mut last = None;
    for (modifier, _) in mods {
        let r = rank(modifier)?;
        if last >= Some(r) {
            return None;
        }
        last = Some(r);
    }
    let mut codes = [0u16; 5];
    let (mut lit, mut neg) = (None, 0u8);
    for ((code, it), slot) in codes.iter_mut().zip(&items).zip(d.sig()) {
        let src = slot.role.src_index();
        *code = match it.kind {
            Kind::Reg { code, dwords } if dwords == slot.ty.dwords().max(1) => {
                if it.neg {
                    // (As the binder reads `-x`: VOP3 sources of the rows whose
                    // plan takes the modifier, which `accepts` checks.)
                    neg |= 1 << src.filter(|_| enc == Enc::Vop3)?;
                }
                code
            }
            Kind::Val(v) if src.is_some() => {
                let c = sources::source(target, d, slot, it, enc, &mut lit).ok()?;
                // (A double whose low half is dropped: the binder warns.)
                if sources::drops_low_half(slot, v, c) {
                    return None;
                }
                c
            }
            _ => return None,
        };
    }
    let mut i = codec::fast::place(id, enc, &codes[..n])?;
    i.mods.neg = neg;
    if let Some((v, _)) = lit {
        i.lit = v;
    }
    // (By the binder's own rule for each.)
    for &(modifier, pos) in mods {
        super::modifiers::apply(target, &mut i, modifier, pos).ok()?;
    }
    if !(codec::fast::accepts(target, &i) && crate::constant_bus::constant_bus_ok(&i)) {
        return None;
    }
    set_columns(cols, &items[..n]);
    Some(i)
}

/// [`bind_plain`] of a SOPK or SOPP line of row `id` (in encoding `enc`): registers
/// and numbers, one per slot, bound by the binder's rules for scalar destinations,
/// 16-bit immediates and branch offsets, then the format's checker.
fn bind_sopk_sopp(cx: &Cx, id: OpId, enc: Enc, rest: &str, cols: &mut [u16; 8]) -> Option<Inst> {
    let d = id.desc();
    let mut items = [Item::BLANK; 5];
    let (n, _) = cx.plain_operands(rest, &mut items, None, false)?;
    if n != d.sig().len() {
        return None;
    }
    let mut i = Inst::new(id, enc);
    for (it, slot) in items.iter().zip(d.sig()) {
        match (slot.role, it.kind) {
            // (As the binder reads a scalar destination of these formats.)
            (Role::Sd | Role::SdIn, _) => i.dst = slots::scalar_reg(it, slot)?,
            (Role::Imm16 | Role::Simm16, _) => slots::imm16(&mut i, it, enc).ok()?,
            (Role::Label, _) => match slots::label(&mut i, it) {
                Ok(None) => {}
                _ => return None,
            },
            _ => return None,
        }
    }
    codec::check_bound(cx.target, &i).ok()?;
    set_columns(cols, &items[..n]);
    Some(i)
}

/// [`bind_plain`] of a DPP line of row `id` whose operands are vector registers
/// (`v_mov_b32_dpp v3, v19 row_shr:1 row_mask:0xf bank_mask:0xf`): the modifiers in
/// llvm-mc's DPP order (`vopx::check_dpp_order`: the control first, then
/// `row_mask`, `bank_mask`, `bound_ctrl` of 0 or 1, each once), the registers placed
/// by the row's plan, the modifiers by the binder's `apply`, then the format's
/// checker and the constant bus.
fn bind_dpp(cx: &Cx, id: OpId, rest: &str, cols: &mut [u16; 8]) -> Option<Inst> {
    let d = id.desc();
    let mut items = [Item::BLANK; 5];
    let mut mods = [(Modifier::Clamp, 0); 6];
    let (n, m) = cx.plain_operands(rest, &mut items, Some(&mut mods), false)?;
    if n != d.sig().len() || m == 0 {
        return None;
    }
    let mods = &mods[..m];
    let mut last = None;
    for (k, &(modifier, _)) in mods.iter().enumerate() {
        let r = crate::syntax::vopx::dpp_rank(modifier)?;
        if (k == 0) != (r == 0) || last >= Some(r) {
            return None;
        }
        if matches!(modifier, Modifier::Value(Word::BoundCtrl, v) if !(0..=1).contains(&v)) {
            return None;
        }
        last = Some(r);
    }
    let mut codes = [0u16; 5];
    for ((code, it), slot) in codes.iter_mut().zip(&items).zip(d.sig()) {
        *code = match it.kind {
            Kind::Reg { code, dwords }
                if dwords == slot.ty.dwords().max(1)
                    && !it.neg
                    && crate::operand_code::is_vgpr(code) =>
            {
                code
            }
            _ => return None,
        };
    }
    let mut i = codec::fast::place(id, Enc::Dpp, &codes[..n])?;
    crate::syntax::vopx::defaults(&mut i);
    for &(modifier, pos) in mods {
        super::modifiers::apply(cx.target, &mut i, modifier, pos).ok()?;
    }
    codec::check_bound(cx.target, &i).ok()?;
    if !crate::constant_bus::constant_bus_ok(&i) {
        return None;
    }
    set_columns(cols, &items[..n]);
    Some(i)
}

/// [`bind_plain`] of a FLAT, GLOBAL, SCRATCH or MUBUF line of row `id` in encoding
/// `enc` (`global_load_dwordx4 v[4:7], v[2:3], off offset:32`): registers, `off`
/// and numbers for the operands the binder's memory slots ask for
/// (`access::slots_of`), each bound by the binder's `mem_operand`; then `idxen`,
/// `offen`, `offset:N` and the cache-policy bits, in llvm-mc's order
/// (`modifiers::check_order_while_reading`: the cache-policy bits last, in any
/// order among themselves), each once, by the binder's `apply`; the registers'
/// widths as the binder checks them once the modifiers are known; then the
/// format's checker.
fn bind_mem(cx: &Cx, id: OpId, enc: Enc, rest: &str, cols: &mut [u16; 8]) -> Option<Inst> {
    let target = cx.target;
    let d = id.desc();
    let mut items = [Item::BLANK; 5];
    let mut mods = [(Modifier::Clamp, 0); 6];
    let (n, m) = cx.plain_operands(rest, &mut items, Some(&mut mods), true)?;
    let mods = &mods[..m];
    // (A returning atomic is asked for with glc, on gfx940 with sc0.)
    let glc_word = match target.gen {
        Gen::Gfx940 => Modifier::Flag(Word::Sc0),
        _ => Modifier::Glc,
    };
    let in_order = in_memory_order(mods, |m| match m {
        Modifier::Flag(Word::Idxen) if enc == Enc::Mubuf => Some(1),
        Modifier::Flag(Word::Offen) if enc == Enc::Mubuf => Some(2),
        Modifier::Offset(_) => Some(3),
        Modifier::Glc | Modifier::Flag(Word::Slc | Word::Sc0 | Word::Sc1 | Word::Nt) => Some(4),
        _ => None,
    });
    if !in_order {
        return None;
    }
    let glc = mods.iter().any(|(m, _)| *m == glc_word);
    let (slots, mem_n) = crate::inst::access::slots_of(d, enc, false, glc);
    if n != mem_n {
        return None;
    }
    let mut i = slots::starting_inst(id, enc);
    let mut widths = [0u8; 5];
    for ((w, it), s) in widths.iter_mut().zip(&items[..n]).zip(&slots) {
        *w = slots::mem_operand(target, &mut i, s.as_ref()?, it).ok()?;
    }
    for &(modifier, pos) in mods {
        super::modifiers::apply(target, &mut i, modifier, pos).ok()?;
    }
    // (The widths as `Binding::check_complete` checks them.)
    let mem = &slots[..n];
    for (&w, s) in widths.iter().zip(mem.iter().flatten()) {
        if slots::mem_width(target, &i, mem, s.role).is_some_and(|want| w != want) {
            return None;
        }
    }
    codec::check_bound(target, &i).ok()?;
    set_columns(cols, &items[..n]);
    Some(i)
}

/// [`bind_plain`] of a DS, SMEM or SMRD line of row `id` in encoding `enc`
/// (`ds_read_b128 v[6:9], v10 offset:1856`, `s_load_dwordx2 s[26:27], s[8:9],
/// 0x10 glc`): registers and numbers, one per slot of the signature (SMEM's offset
/// may be left out), each bound by the binder's rule for its role; then DS's
/// `offset:N` and its `offset0`, `offset1` and `gds` after it in any order, or
/// SMEM's `glc`, each once and where llvm-mc reads it, by the binder's `apply`;
/// then the format's checker.
fn bind_ds_smem(cx: &Cx, id: OpId, enc: Enc, rest: &str, cols: &mut [u16; 8]) -> Option<Inst> {
    let target = cx.target;
    let d = id.desc();
    let mut items = [Item::BLANK; 5];
    let mut mods = [(Modifier::Clamp, 0); 6];
    let (n, m) = cx.plain_operands(rest, &mut items, Some(&mut mods), false)?;
    let sig = d.sig();
    let left_out = match sig.get(n) {
        None => n == sig.len(),
        Some(s) => s.role == Role::SmemOff && n + 1 == sig.len(),
    };
    if !left_out {
        return None;
    }
    let mods = &mods[..m];
    let in_order = in_memory_order(mods, |m| match m {
        Modifier::Offset(_) if enc == Enc::Ds => Some(1),
        Modifier::Value(Word::Offset0 | Word::Offset1, _) | Modifier::Flag(Word::Gds)
            if enc == Enc::Ds =>
        {
            Some(2)
        }
        Modifier::Glc if enc != Enc::Ds => Some(1),
        _ => None,
    });
    let read = |(k, &(m, _)): (usize, &(Modifier, usize))| {
        super::modifiers::read_where_written(target, id, n + k, m)
    };
    if !(in_order && mods.iter().enumerate().all(read)) {
        return None;
    }
    let mut i = slots::starting_inst(id, enc);
    let mut lit = None;
    for (it, s) in items[..n].iter().zip(sig) {
        if it.neg {
            return None;
        }
        match s.role {
            Role::Vd => i.dst = slots::vector_dst(target, &i, s, it, enc)?,
            Role::Vaddr | Role::Vdata | Role::Vdata1 => {
                slots::data_register(target, &mut i, s, it, enc).ok()?
            }
            Role::Sd | Role::SdIn => i.dst = slots::scalar_reg(it, s)?,
            Role::Sbase => i.src[0] = slots::scalar_reg(it, s)?,
            Role::SmemOff => slots::smem_offset(target, &mut i, it, enc, &mut lit).ok()?,
            _ => return None,
        }
    }
    for &(modifier, pos) in mods {
        super::modifiers::apply(target, &mut i, modifier, pos).ok()?;
    }
    if let Some((v, _)) = lit {
        i.lit = v;
    }
    codec::check_bound(target, &i).ok()?;
    set_columns(cols, &items[..n]);
    Some(i)
}

/// Whether memory modifiers `mods` are each one `rank` takes, in the order of their
/// ranks (equal ranks in any order among themselves), none repeated.
fn in_memory_order(mods: &[(Modifier, usize)], rank: impl Fn(Modifier) -> Option<u8>) -> bool {
    let mut last = 0;
    for (k, &(m, _)) in mods.iter().enumerate() {
        match rank(m) {
            Some(r) if r >= last && !mods[..k].iter().any(|(x, _)| *x == m) => last = r,
            _ => return false,
        }
    }
    true
}

/// The columns (1-based) of a plain line's operands, as the general path sets them.
fn set_columns(cols: &mut [u16; 8], items: &[Item]) {
    for (col, it) in cols.iter_mut().zip(items) {
        *col = u16::try_from(it.start + 1).unwrap_or(0);
    }
}

/// Where an ALU modifier stands in the order llvm-mc prints them in (and reads
/// them in, VOP3's `op_sel clamp omod` and VOP3P's `op_sel op_sel_hi neg_lo neg_hi
/// clamp` being parts of it); `None` for the other modifiers, which plain lines
/// do not take.
fn rank(m: &Modifier) -> Option<u8> {
    Some(match m {
        Modifier::OpSel(..) => 0,
        Modifier::OpSelHi(..) => 1,
        Modifier::NegLo(..) => 2,
        Modifier::NegHi(..) => 3,
        Modifier::Clamp => 4,
        Modifier::Omod(_) => 5,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mc::text::statement::bind_general;
    use crate::syntax::lex::{ident, ws};
    use crate::target::TARGETS;

    /// Random instructions of every row and target, printed and read back, and the
    /// same lines with their first vector source negated: wherever the plain path
    /// answers, the general path gives the same instruction and columns; and the plain
    /// path answers for more than eight in ten of the vector and scalar ALU lines
    /// without modifiers (about nine in ten when written), seven in ten of the
    /// SOPK and SOPP lines (about eight), two in ten of the DPP lines (about a
    /// third) and three in ten of the memory lines: FLAT, GLOBAL, SCRATCH, MUBUF,
    /// DS, SMEM and SMRD (of the first four a third on gfx90a, elsewhere a half to
    /// three quarters; of the last three about eight in ten).
    #[test]
    fn plain_lines_bind_as_the_general_path() {
        for &t in TARGETS.iter().filter(|t| !t.gen.is_r600()) {
            let (mut alu, mut plain) = (0u32, 0u32);
            let (mut scalar, mut scalar_plain) = (0u32, 0u32);
            let (mut dpp, mut dpp_plain) = (0u32, 0u32);
            let (mut mem, mut mem_plain) = (0u32, 0u32);
            for i in crate::random::cover(t, 0x9e37_79b9, 3) {
                let mut text = String::from("\t");
                crate::syntax::print::push_inst(&mut text, t, &i).unwrap();
                let negated = text.replacen(", v", ", -v", 1);
                for line in [text.as_str(), negated.as_str()] {
                    let s = ws(line);
                    let (rest, mnemonic) = ident(s).unwrap();
                    let cx = Cx {
                        line,
                        target: t,
                        mnemonic,
                        syms: &(),
                    };
                    let mut cols = [0; 8];
                    let got = bind_plain(&cx, mnemonic, rest, &mut cols);
                    let mut want_cols = [0; 8];
                    let mpos = line.len() - s.len();
                    let want = bind_general(&cx, mpos, rest, &mut want_cols);
                    if let Some(got) = got {
                        assert!(
                            matches!(&want, Ok((w, None, None)) if *w == got),
                            "{}: {line:?}: {got:?} against {want:?}",
                            t.name
                        );
                        assert_eq!(cols, want_cols, "{}: {line:?}", t.name);
                    }
                    let simple = matches!(
                        i.enc,
                        Enc::Vop1 | Enc::Vop2 | Enc::Vopc | Enc::Vop3 | Enc::Sop1 | Enc::Sop2
                    ) && i.mods.is_none()
                        && line == text;
                    alu += simple as u32;
                    plain += (simple && got.is_some()) as u32;
                    let sopk_sopp = matches!(i.enc, Enc::Sopk | Enc::Sopp) && line == text;
                    scalar += sopk_sopp as u32;
                    scalar_plain += (sopk_sopp && got.is_some()) as u32;
                    let dpp_line = i.enc == Enc::Dpp && line == text;
                    dpp += dpp_line as u32;
                    dpp_plain += (dpp_line && got.is_some()) as u32;
                    let mem_line = matches!(
                        i.enc,
                        Enc::Flat
                            | Enc::Global
                            | Enc::Scratch
                            | Enc::Mubuf
                            | Enc::Ds
                            | Enc::Smem
                            | Enc::Smrd
                    ) && line == text;
                    mem += mem_line as u32;
                    mem_plain += (mem_line && got.is_some()) as u32;
                }
            }
            assert!(
                plain * 10 > alu * 8,
                "{}: the plain path took {plain} of {alu}",
                t.name
            );
            // (The rest name hardware registers, counters or messages.)
            assert!(
                scalar_plain * 10 > scalar * 7,
                "{}: the plain path took {scalar_plain} of {scalar} SOPK/SOPP lines",
                t.name
            );
            // (The rest have other modifiers: `lds`, `tfe`, `addr64`, gfx90a's
            // `scc`, ...)
            assert!(
                mem_plain * 10 >= mem * 3,
                "{}: the plain path took {mem_plain} of {mem} memory lines",
                t.name
            );
            // (The rest have carries, compares' results or source modifiers.)
            assert!(
                dpp_plain * 10 >= dpp * 2,
                "{}: the plain path took {dpp_plain} of {dpp} DPP lines",
                t.name
            );
        }
    }
}
