//! Which operand roles each row's signature has, as one bit mask per row, made at build
//! time: the decoder, the checks and the printer ask "has this row a `Vd`?" many times
//! per instruction, and a bit test answers without a scan.

use crate::isa::{Class, OpDesc, OpId, Role, OPS};

/// Bit of the mask that says a slot of the row takes AGPRs only (`/a`).
const AGPR_SLOT: u64 = 1 << 63;
/// Bit of the mask that says the row's SRC1 is a scalar lane select (`Class::Scalar`:
/// gfx6/gfx7 v_readlane/v_writelane keep it in VSRC1).
const SCALAR_SRC1: u64 = 1 << 62;

/// The bit of `role` in a row's mask.
pub(crate) const fn bit(role: Role) -> u64 {
    1 << role as u32
}

/// Every row's mask: a `const` evaluation over the generated tables, made at build
/// time.
static MASKS: [u64; OPS.len()] = {
    let mut masks = [0; OPS.len()];
    let mut k = 0;
    while k < OPS.len() {
        masks[k] = row_mask(&OPS[k]);
        k += 1;
    }
    masks
};

/// A row's mask: `bit(role)` for each role of its signature, [`AGPR_SLOT`] and
/// [`SCALAR_SRC1`].
const fn row_mask(d: &OpDesc) -> u64 {
    let mut m = 0;
    let mut k = 0;
    while k < d.sig().len() {
        let s = &d.sig()[k];
        m |= bit(s.role);
        if matches!(s.class, Class::Agpr) {
            m |= AGPR_SLOT;
        }
        if matches!(s.role, Role::Src1) && matches!(s.class, Class::Scalar) {
            m |= SCALAR_SRC1;
        }
        k += 1;
    }
    m
}

/// The row's mask: `bit(role)` set for each role of its signature.
#[inline]
pub(crate) fn mask(op: OpId) -> u64 {
    MASKS.get(op.0 as usize).copied().unwrap_or(0)
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

/// Whether the row's SRC1 is a scalar lane select.
#[inline]
pub(crate) fn has_scalar_src1(op: OpId) -> bool {
    mask(op) & SCALAR_SRC1 != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_say_what_the_signatures_say() {
        for (k, d) in OPS.iter().enumerate() {
            let op = OpId(k as u16);
            for s in d.sig() {
                // (Roles fit the mask with the AGPR bit to spare.)
                assert!((s.role as u32) < 62);
                assert!(has(op, s.role));
            }
            assert_eq!(
                has_scalar_src1(op),
                d.sig()
                    .iter()
                    .any(|s| s.role == Role::Src1 && s.class == Class::Scalar)
            );
            assert_eq!(
                mask(op).count_ones() as usize
                    - has_agpr_slot(op) as usize
                    - has_scalar_src1(op) as usize,
                {
                    let mut roles: Vec<u32> = d.sig().iter().map(|s| s.role as u32).collect();
                    roles.sort();
                    roles.dedup();
                    roles.len()
                }
            );
            assert_eq!(
                has_agpr_slot(op),
                d.sig().iter().any(|s| s.class == Class::Agpr)
            );
        }
    }
}
