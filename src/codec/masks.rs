//! The operand validity checks of the codecs as precomputed masks: for each
//! generation, xnack_mask setting, slot class, width and whether VGPRs are allowed, one
//! bit per operand code (0-767) saying whether [`super::check_src`] /
//! [`super::src_ok`] accept it. A mask is built from those rules (which stay the
//! oracle, and give the error message when a code is refused) the first time it is
//! needed; after that a check is one bit test.

use crate::isa::Class;
use crate::target::{Gen, Target, CODES_KEYS};
use std::sync::OnceLock;

/// Codes with a mask bit.
const CODES: usize = 768;
pub(crate) type Mask = [u64; CODES / 64];

/// The widths operands have (dwords), as in the register tables.
const WIDTHS: [u8; 8] = [1, 2, 3, 4, 5, 8, 16, 32];
const CLASSES: [Class; 7] = [
    Class::Any,
    Class::Vgpr,
    Class::Scalar,
    Class::Agpr,
    Class::VgprOrAgpr,
    Class::ScalarLit,
    Class::VgprOrLds,
];
/// Mask kinds per (generation, xnack): `check_src` for each width and `vgpr_ok`, then
/// `src_ok` for each class, width and `vgpr_ok`.
const KINDS: usize = WIDTHS.len() * 2 * (1 + CLASSES.len());
const GENS: usize = Gen::Gfx940 as usize + 1;

// Run time, per (generation, xnack, kind) on first use: a mask is the codec's own
// rules run over 768 codes, which build.rs cannot call, and a process needs few.
static MASKS: [[[OnceLock<Mask>; KINDS]; CODES_KEYS]; GENS] =
    [const { [const { [const { OnceLock::new() }; KINDS] }; CODES_KEYS] }; GENS];

/// `WIDTHS`' index of each width from 0 to 32, or 255 for widths without a mask.
const WIDTH_SLOT: [u8; 33] = crate::operand_code::width_slots(&WIDTHS);

#[inline]
fn width_slot(dwords: u8) -> Option<usize> {
    match WIDTH_SLOT.get(dwords as usize) {
        Some(&w) if w != 255 => Some(w as usize),
        _ => None,
    }
}

#[inline]
fn class_slot(class: Class) -> usize {
    match class {
        Class::Any => 0,
        Class::Vgpr => 1,
        Class::Scalar => 2,
        Class::Agpr => 3,
        Class::VgprOrAgpr => 4,
        Class::ScalarLit => 5,
        Class::VgprOrLds => 6,
    }
}

/// The mask of `kind` (0 for `check_src`, 1 + class slot for `src_ok`), built with
/// `rule` on first use.
#[inline]
fn mask(
    target: Target,
    kind: usize,
    w: usize,
    vgpr_ok: bool,
    rule: impl Fn(Target, u16) -> bool,
) -> &'static Mask {
    let k = (kind * WIDTHS.len() + w) * 2 + vgpr_ok as usize;
    MASKS[target.gen as usize][target.codes_index()][k].get_or_init(|| {
        let (t, _) = target.codes_key();
        let mut m = [0u64; CODES / 64];
        for c in 0..CODES {
            if rule(t, c as u16) {
                m[c / 64] |= 1 << (c % 64);
            }
        }
        m
    })
}

/// The key of the `check_src` mask of `dwords` and `vgpr_ok` (for [`in_set`]).
pub(crate) fn check_key(dwords: u8, vgpr_ok: bool) -> Option<u8> {
    Some(((width_slot(dwords)?) * 2 + vgpr_ok as usize) as u8)
}

/// The key of the `src_ok` mask of a slot of `class` and `dwords` (for [`in_set`]).
pub(crate) fn src_key(class: Class, dwords: u8, vgpr_ok: bool) -> Option<u8> {
    let kind = 1 + class_slot(class);
    Some(((kind * WIDTHS.len() + width_slot(dwords)?) * 2 + vgpr_ok as usize) as u8)
}

/// The masks of a generation and combination of code features, by key (for [`in_set`]).
pub(crate) type Set = [OnceLock<Mask>; KINDS];

/// The masks of `target` (fetched once per instruction, then looked up by key).
#[inline]
pub(crate) fn set(target: Target) -> &'static Set {
    // (Where `mask` builds them: by the target's combination of code features. By
    // xnack_mask alone, a gfx90a+ target found no mask there and went to
    // `build_by_key` for every test.)
    &MASKS[target.gen as usize][target.codes_index()]
}

/// Whether the mask of `key` (from [`check_key`] or [`src_key`]) among the target's
/// masks (from [`set`]) has `code` (codes past the masks have no bit: `false`).
/// (Inlined: a decoded word asks it for each field, and the call cost as much as
/// the test. The target by reference: by value, each test copied it for the build
/// call it seldom makes.)
#[inline(always)]
pub(crate) fn in_set(set: &'static Set, target: &Target, key: u8, code: u16) -> bool {
    mask_of(set, target, key).is_some_and(|m| (code as usize) < CODES && bit(m, code))
}

/// The mask of `key` in `set` (built at its first use), `None` for a key past the
/// set's: no code is in it (as [`in_set`] says).
#[inline]
pub(crate) fn mask_of(set: &'static Set, target: &Target, key: u8) -> Option<&'static Mask> {
    let cell = set.get(key as usize)?;
    Some(match cell.get() {
        Some(m) => m,
        None => build_by_key(target, key),
    })
}

/// Builds the mask of `key` (its first use).
#[cold]
#[inline(never)]
fn build_by_key(target: &Target, key: u8) -> &'static Mask {
    let target = *target;
    let k = key as usize;
    let (kind, w, vgpr_ok) = (
        k / 2 / WIDTHS.len(),
        k / 2 % WIDTHS.len(),
        !k.is_multiple_of(2),
    );
    let dwords = WIDTHS[w];
    if kind == 0 {
        mask(target, 0, w, vgpr_ok, |t, c| {
            super::check_src_rules(t, c, dwords, vgpr_ok).is_ok()
        })
    } else {
        let class = CLASSES[(kind - 1) % CLASSES.len()];
        mask(target, kind, w, vgpr_ok, |t, c| {
            super::src_ok_rules(t, c, class, dwords, vgpr_ok).is_ok()
        })
    }
}

#[inline(always)]
fn bit(m: &Mask, code: u16) -> bool {
    m[code as usize / 64] >> (code % 64) & 1 != 0
}

/// `check_src(target, code, dwords, vgpr_ok).is_ok()`, from a mask when there is one
/// for the width and code (`None` otherwise: ask the rules).
#[inline]
pub(crate) fn check_src_ok(target: Target, code: u16, dwords: u8, vgpr_ok: bool) -> Option<bool> {
    let w = width_slot(dwords)?;
    if code as usize >= CODES {
        return None;
    }
    let m = mask(target, 0, w, vgpr_ok, |t, c| {
        super::check_src_rules(t, c, dwords, vgpr_ok).is_ok()
    });
    Some(bit(m, code))
}

/// `src_ok(target, code, slot, vgpr_ok).is_ok()` for a slot of `class` and `dwords`,
/// from a mask (`None` where there is none).
#[inline]
pub(crate) fn src_ok(
    target: Target,
    code: u16,
    class: Class,
    dwords: u8,
    vgpr_ok: bool,
) -> Option<bool> {
    let w = width_slot(dwords)?;
    if code as usize >= CODES {
        return None;
    }
    let m = mask(target, 1 + class_slot(class), w, vgpr_ok, |t, c| {
        super::src_ok_rules(t, c, class, dwords, vgpr_ok).is_ok()
    });
    Some(bit(m, code))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_agree_with_the_rules() {
        for t in crate::target::TARGETS.iter().filter(|t| !t.gen.is_r600()) {
            for dwords in [0u8, 1, 2, 3, 4, 5, 6, 8, 16, 32] {
                for vgpr_ok in [false, true] {
                    for code in 0..800u16 {
                        let rule = super::super::check_src_rules(*t, code, dwords, vgpr_ok).is_ok();
                        if let Some(k) = check_key(dwords, vgpr_ok) {
                            assert_eq!(in_set(set(*t), t, k, code), rule, "{} {code}", t.name);
                        }
                        assert_eq!(
                            super::super::check_src(*t, code, dwords, vgpr_ok).is_ok(),
                            rule
                        );
                        for class in CLASSES {
                            let rule = super::super::src_ok_rules(*t, code, class, dwords, vgpr_ok)
                                .is_ok();
                            let fast = src_ok(*t, code, class, dwords, vgpr_ok);
                            if let Some(k) = src_key(class, dwords, vgpr_ok) {
                                assert_eq!(
                                    in_set(set(*t), t, k, code),
                                    rule,
                                    "{} {code} {class:?}",
                                    t.name
                                );
                            }
                            assert!(
                                fast.is_none_or(|f| f == rule),
                                "{} {code} {class:?}",
                                t.name
                            );
                        }
                    }
                }
            }
        }
    }
}
