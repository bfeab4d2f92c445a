//! Errors reported as llvm-mc reports them: its words and the place in the line it
//! points at, for an unknown mnemonic, a form that is missing, a field check that
//! fails once the operands matched, and the constant bus limit.

use super::form::{self, Want};
use crate::codec::{self, EncodeKind};
use crate::inst::{Enc, Inst, LITERAL};
use crate::isa::{self, flags, OpId, Role};
use crate::operand_code;
use crate::syntax::error::{err, Error};
use crate::syntax::operands::{Items, Kind, Modifier, Word};
use crate::target::{Features, Target};

/// A mnemonic this GPU has no row for: one another GPU has, or a spelling llvm-mc
/// does not know (with its suggestions).
pub(super) fn unknown_mnemonic(target: Target, base: &str, mnemonic: &str, mpos: usize) -> Error {
    if isa::by_name(base).next().is_some() {
        return Error::new(mpos, "instruction not supported on this GPU");
    }
    Error::new(
        mpos,
        format!("invalid instruction{}", suggest(target, mnemonic)),
    )
}

/// llvm-mc's spelling suggestion for an unknown mnemonic: the known mnemonics (with
/// their `_e32`/`_e64` forms) within edit distance 2, in sorted order.
fn suggest(target: Target, mnemonic: &str) -> String {
    // (Answers kept, up to a bound: an expansion repeats a few unknown lines many
    // times, in turn.)
    type Answers = std::collections::HashMap<(Target, String), String>;
    thread_local! {
        static KNOWN: std::cell::RefCell<Answers> = std::cell::RefCell::default();
    }
    let key = (target, mnemonic.to_string());
    if let Some(s) = KNOWN.with_borrow(|k| k.get(&key).cloned()) {
        return s;
    }
    let s = suggest_from(target, mnemonic);
    KNOWN.with_borrow_mut(|k| {
        if k.len() >= 4096 {
            k.clear();
        }
        k.insert(key, s.clone());
    });
    s
}

fn suggest_from(target: Target, mnemonic: &str) -> String {
    let names = known_names(target);
    // (Only names within two bytes of its length can be within distance 2.)
    let (lo, hi) = (mnemonic.len().saturating_sub(2), mnemonic.len() + 2);
    let mut found: Vec<&str> = names
        .iter()
        .filter(|(len, _)| (lo..=hi).contains(len))
        .map(|(_, n)| n.as_str())
        .filter(|n| edit_distance(mnemonic, n, 2) <= 2)
        .collect();
    found.sort_unstable();
    match found.as_slice() {
        [] => String::new(),
        many => format!(", did you mean: {}?", many.join(", ")),
    }
}

/// The mnemonics of a target (its column and features) with their lengths, sorted
/// by length, made once per process: a file of many unknown lines (a macro expanded
/// a million times) asks again and again.
fn known_names(target: Target) -> std::sync::Arc<Vec<(usize, String)>> {
    type Key = (Option<crate::isa::Column>, Features);
    type Names = std::sync::Arc<Vec<(usize, String)>>;
    static NAMES: std::sync::Mutex<Vec<(Key, Names)>> = std::sync::Mutex::new(Vec::new());
    let key = (target.column, target.features);
    let mut cache = NAMES.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, names)) = cache.iter().find(|(k, _)| *k == key) {
        return names.clone();
    }
    let mut names: Vec<String> = Vec::new();
    for d in isa::OPS.iter().filter(|d| d.opcode(target).is_some()) {
        names.push(d.name().to_string());
        if d.has_e64() {
            if !d.has(flags::E64_ONLY) {
                names.push(format!("{}_e32", d.name()));
            }
            names.push(format!("{}_e64", d.name()));
        }
    }
    names.sort();
    names.dedup();
    let mut names: Vec<(usize, String)> = names.into_iter().map(|n| (n.len(), n)).collect();
    names.sort_by_key(|n| n.0);
    let names = std::sync::Arc::new(names);
    cache.push((key, names.clone()));
    names
}

/// Edit distance by insertions and deletions only (a replacement costs 2), as llvm's
/// `StringRef::edit_distance(.., AllowReplacements = false)`; gives up (returning
/// `max + 1`) once it exceeds `max`. It is asked of every known mnemonic for every
/// unknown one (a macro may make millions), so the bounds that need no table come
/// first: the lengths, then the bytes each has that the other lacks (each such byte
/// costs one insertion or deletion); only then the table, in two reused rows.
fn edit_distance(a: &str, b: &str, max: usize) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len().abs_diff(b.len()) > max {
        return max + 1;
    }
    let mut count = [0i16; 256];
    for &c in a {
        count[c as usize] += 1;
    }
    for &c in b {
        count[c as usize] -= 1;
    }
    // (Each byte's difference counted once: its slot is cleared once read.)
    let mut apart = 0;
    for &c in a.iter().chain(b) {
        apart += count[c as usize].unsigned_abs() as usize;
        count[c as usize] = 0;
    }
    if apart > max {
        return max + 1;
    }
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (if ca == cb { prev[j] } else { prev[j] + 2 })
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        if cur.iter().min().is_some_and(|m| *m > max) {
            return max + 1;
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// No row has an encoding the suffix asks for. A DPP/SDWA form another generation
/// has (64-bit DPP from gfx90a on) reads as an operand mismatch, at the first source;
/// one no generation has is reported as a missing variant.
pub(super) fn missing_form(
    target: Target,
    rows: &[OpId],
    items: &Items,
    want: Want,
    mpos: usize,
) -> Error {
    let later = matches!(want, Want::Dpp | Want::Sdwa)
        && target.has_dpp_sdwa()
        && rows.iter().any(|id| {
            form::encodings(*id, want, crate::target::GFX940)
                .next()
                .is_some()
        });
    if !later {
        return Error::new(
            mpos,
            format!(
                "{} variant of this instruction is not supported",
                want.variant()
            ),
        );
    }
    // (row_newbcast itself is read only where it exists.)
    let newbcast = items
        .iter()
        .find(|it| matches!(it.kind, Kind::Mod(Modifier::Value(Word::RowNewbcast, _))));
    if let Some(it) = newbcast.filter(|_| !target.has(Features::ROW_NEWBCAST)) {
        return Error::new(it.start, "not a valid operand.");
    }
    let src0 = rows[0]
        .desc()
        .sig()
        .iter()
        .position(|s| s.role == Role::Src0);
    let pos = src0
        .and_then(|k| items.iter().nth(k))
        .map_or(mpos, |it| it.pos);
    Error::new(pos, "invalid operand for instruction")
}

/// The error llvm-mc gives where our field check fails, and where: a misaligned
/// tuple or a form the GPU lacks at the mnemonic, a refused DPP control at the
/// control, llvm-mc's literal and gds rules and otherwise the generic operand error
/// after the last operand.
pub(super) fn field_error(
    target: Target,
    i: &Inst,
    e: codec::EncodeError,
    items: &Items,
    mpos: usize,
) -> Error {
    let end_pos = items.iter().last().map_or(mpos, |it| it.pos).max(mpos);
    if matches!(e.kind(), EncodeKind::Misaligned | EncodeKind::Other) && target.even_tuples() {
        if let Some(pos) = misaligned_register_only(i, items) {
            return Error::new(pos, "invalid operand for instruction");
        }
    }
    match e.kind() {
        EncodeKind::NotForGpu => Error::not_for_gpu(mpos),
        EncodeKind::Misaligned => Error::new(mpos, e.message()),
        EncodeKind::DppControl => Error::new(dpp_ctrl_pos(items).unwrap_or(mpos), e.message()),
        EncodeKind::Literal | EncodeKind::Gds => Error::new(end_pos, e.message()),
        EncodeKind::Other => Error::new(end_pos, "invalid operand for instruction"),
    }
}

/// gfx90a+: the first odd-aligned VGPR or AGPR tuple at a slot that takes registers
/// only (a destination, a memory operand, an MFMA's A or B matrix). llvm-mc's
/// matcher refuses it there, at the operand; at a source that also takes constants
/// it matches and its check then reports the alignment at the mnemonic.
fn misaligned_register_only(i: &Inst, items: &Items) -> Option<usize> {
    let d = i.desc();
    let valu = matches!(
        d.fmt,
        isa::Fmt::Vop1 | isa::Fmt::Vop2 | isa::Fmt::Vopc | isa::Fmt::Vop3 | isa::Fmt::Vop3p
    );
    let operands = items.iter().filter(|it| !matches!(it.kind, Kind::Mod(_)));
    for (s, it) in d.sig().iter().zip(operands) {
        let Kind::Reg { code, dwords } = it.kind else {
            continue;
        };
        let vector = operand_code::is_vgpr(code) || operand_code::is_agpr(code);
        if dwords < 2 || !vector || code % 2 == 0 {
            continue;
        }
        let takes_constants = valu
            && match s.role {
                Role::Src0 | Role::Src1 => s.class == isa::Class::Any,
                Role::Src2 => s.class == isa::Class::Any || d.has(flags::MAI),
                _ => false,
            };
        if !takes_constants {
            return Some(it.pos);
        }
    }
    None
}

/// Where the DPP control of a line is.
fn dpp_ctrl_pos(items: &Items) -> Option<usize> {
    items
        .iter()
        .find(|it| matches!(it.kind, Kind::Mod(m) if crate::syntax::vopx::dpp_rank(m) == Some(0)))
        .map(|it| it.pos)
}

/// gfx940's v_dot2_* (`opselzero`): llvm-mc reads op_sel and op_sel_hi, then refuses
/// an op_sel that is not all zeros and any op_sel_hi, at op_sel if there is one (else
/// at the mnemonic).
pub(super) fn opsel_zero(i: &Inst, items: &Items, mpos: usize) -> Result<(), Error> {
    if !i.desc().has(flags::OPSEL_ZERO) {
        return Ok(());
    }
    let (mut op_sel, mut bad) = (None, false);
    for it in items.iter() {
        match it.kind {
            Kind::Mod(Modifier::OpSel(b, _)) => {
                op_sel = Some(it.start);
                bad |= b != 0;
            }
            Kind::Mod(Modifier::OpSelHi(..)) => bad = true,
            _ => {}
        }
    }
    if bad {
        return err(op_sel.unwrap_or(mpos), "invalid op_sel operand");
    }
    Ok(())
}

/// The constant bus limit, a target rule llvm-mc enforces beyond the fields.
pub(super) fn constant_bus(
    target: Target,
    i: &Inst,
    items: &Items,
    mpos: usize,
) -> Result<(), Error> {
    if crate::constant_bus::constant_bus(target, i).is_ok() {
        return Ok(());
    }
    // llvm-mc points at the later of the last literal operand and the last register
    // it counted: it counts the implicit reads first, then the sources in order, and
    // stops at the one that goes over the limit (v_madmk's K does not count as a
    // literal here).
    let d = i.desc();
    let ops = items.iter().filter(|it| !matches!(it.kind, Kind::Mod(_)));
    let (mut lit_pos, mut reg) = (mpos, None);
    let mut used = if d.has(flags::R_VCC) {
        Some(operand_code::VCC_LO)
    } else if d.has(flags::R_M0) && d.fmt == isa::Fmt::Vop1 {
        Some(operand_code::M0)
    } else {
        None
    };
    let mut over = false;
    for (s, it) in d.sig().iter().zip(ops) {
        // (The carry-in of the 32-bit forms is implicit vcc, not a source field.)
        let Some(k) = s
            .role
            .src_index()
            .filter(|_| s.role != Role::Ci || i.enc == Enc::Vop3)
        else {
            continue;
        };
        let code = i.src[k];
        // (M0 as a lane select does not use the bus.)
        let lane_m0 = s.class == isa::Class::Scalar && code == operand_code::M0;
        if code == LITERAL {
            lit_pos = it.pos;
        }
        if crate::constant_bus::uses_bus(code) && !lane_m0 && !over {
            if code != LITERAL {
                reg = Some(code);
            }
            over = used.is_some_and(|u| u != code);
            used = used.or(Some(code));
        }
    }
    let reg_pos = reg.map_or(mpos, |c| {
        let ops = items.iter().filter(|it| !matches!(it.kind, Kind::Mod(_)));
        d.sig()
            .iter()
            .zip(ops)
            .filter(|(s, _)| {
                s.role.src_index().is_some() && (s.role != Role::Ci || i.enc == Enc::Vop3)
            })
            .filter(|(s, _)| i.src[s.role.src_index().unwrap_or(0)] == c)
            .map(|(_, it)| it.pos)
            .next()
            .unwrap_or(mpos)
    });
    err(
        lit_pos.max(reg_pos),
        "invalid operand (violates constant bus restrictions)",
    )
}
