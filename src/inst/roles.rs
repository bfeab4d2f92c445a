//! Which operand roles each row's signature has, as one bit mask per row, worked out
//! once per process: the decoder, the checks and the printer ask "has this row a
//! `Vd`?" many times per instruction, and a bit test answers without a scan.

use crate::isa::{Class, OpId, Role, OPS};
use std::sync::OnceLock;

/// Bit of the mask that says a slot of the row takes AGPRs only (`/a`).
const AGPR_SLOT: u64 = 1 << 63;

static MASKS: OnceLock<Box<[u64]>> = OnceLock::new();

/// The bit of `role` in a row's mask.
pub(crate) const fn bit(role: Role) -> u64 {
    1 << role as u32
}

/// The row's mask: `bit(role)` set for each role of its signature.
#[inline]
pub(crate) fn mask(op: OpId) -> u64 {
    let masks = MASKS.get_or_init(|| {
        OPS.iter()
            .map(|d| {
                d.sig.iter().fold(0, |m, s| {
                    m | bit(s.role) | if s.class == Class::Agpr { AGPR_SLOT } else { 0 }
                })
            })
            .collect()
    });
    masks.get(op.0 as usize).copied().unwrap_or(0)
}

/// Whether the row's signature has a slot of `role`.
#[inline]
pub(crate) fn has(op: OpId, role: Role) -> bool {
    mask(op) & bit(role) != 0
}

/// Whether the row has an AGPR-only slot.
#[inline]
pub(crate) fn has_agpr_slot(op: OpId) -> bool {
    mask(op) & AGPR_SLOT != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_say_what_the_signatures_say() {
        for (k, d) in OPS.iter().enumerate() {
            let op = OpId(k as u16);
            for s in d.sig {
                // (Roles fit the mask with the AGPR bit to spare.)
                assert!((s.role as u32) < 63);
                assert!(has(op, s.role));
            }
            assert_eq!(
                mask(op).count_ones() as usize - has_agpr_slot(op) as usize,
                {
                    let mut roles: Vec<u32> = d.sig.iter().map(|s| s.role as u32).collect();
                    roles.sort();
                    roles.dedup();
                    roles.len()
                }
            );
            assert_eq!(
                has_agpr_slot(op),
                d.sig.iter().any(|s| s.class == Class::Agpr)
            );
        }
    }
}
