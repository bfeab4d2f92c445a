//! A `.amdhsa_kernel` block as it is read: its directives checked one at a time
//! against the table, and the block waiting for its values once it ends.

use super::rows::{architected_flat_scratch, GFX10_ROWS, ROWS};
use crate::mc::loc::Loc;
use crate::syntax::expr::Tree;
use crate::target::{Gen, Target};
use Gen::{Gfx7, Gfx8, Gfx9};

/// A `.amdhsa_kernel` block being read.
#[derive(Clone, Debug)]
pub struct KernelBlock {
    pub(super) name: String,
    /// Where `.amdhsa_kernel` was written.
    pub loc: Loc,
    /// (row, value, where the value is, where the directive is).
    pub(super) values: Vec<(usize, Tree, Loc, Loc)>,
}

impl KernelBlock {
    /// A block for kernel `name`.
    pub fn new(name: &str, loc: Loc) -> KernelBlock {
        KernelBlock {
            name: name.to_string(),
            loc,
            values: Vec::new(),
        }
    }

    /// Records one directive of the block. Errors say whether they are at the
    /// value (else at the directive).
    pub fn directive(
        &mut self,
        t: Target,
        co_version: u32,
        name: &str,
        value: Tree,
        loc: Loc,
        start: Loc,
    ) -> Result<(), (bool, String)> {
        self.check(t, co_version, name, value, loc, start)
            .map_err(|m| (m == REPEATED, m))
    }

    fn check(
        &mut self,
        t: Target,
        co_version: u32,
        name: &str,
        value: Tree,
        loc: Loc,
        start: Loc,
    ) -> Result<(), String> {
        if GFX10_ROWS.contains(&name) {
            return Err("directive requires gfx10+".into());
        }
        let Some(k) = ROWS.iter().position(|r| r.name == name) else {
            return Err("unknown .amdhsa_kernel directive".into());
        };
        if let Some(why) = unavailable(t, co_version, k) {
            return Err(why.into());
        }
        if self.values.iter().any(|v| v.0 == k) {
            return Err(REPEATED.into());
        }
        self.values.push((k, value, loc, start));
        Ok(())
    }
}

/// Why row `k`'s directive is refused on `t` in code object `co_version` (llvm-mc's
/// words), or `None` where the target has it.
pub(super) fn unavailable(t: Target, co_version: u32, k: usize) -> Option<&'static str> {
    let r = &ROWS[k];
    if t.gen < r.min {
        return Some(match r.min {
            Gfx7 => "directive requires gfx7+",
            Gfx8 => "directive requires gfx8+",
            Gfx9 => "directive requires gfx9+",
            _ => "directive requires gfx90a+",
        });
    }
    let arch = architected_flat_scratch(t);
    match r.name {
        ".amdhsa_user_sgpr_flat_scratch_init"
        | ".amdhsa_reserve_flat_scratch"
        | ".amdhsa_user_sgpr_private_segment_buffer"
        | ".amdhsa_system_sgpr_private_segment_wavefront_offset"
            if arch =>
        {
            Some("directive is not supported with architected flat scratch")
        }
        ".amdhsa_enable_private_segment" if !arch => {
            Some("directive is not supported without architected flat scratch")
        }
        ".amdhsa_uses_dynamic_stack" if co_version < 5 => {
            Some("directive requires code object v5 or later")
        }
        _ => None,
    }
}

impl KernelBlock {
    /// Whether every value the block has is a number (no symbol left in it).
    pub fn values_are_numbers(&self) -> bool {
        self.values.iter().all(|v| matches!(v.1, Tree::Num(_)))
    }
}

const REPEATED: &str = ".amdhsa_ directives cannot be repeated";

/// A descriptor waiting for its values (they may name symbols set later).
#[derive(Clone, Debug)]
pub struct Pending {
    pub(super) sec: usize,
    pub(super) off: u64,
    pub(super) block: KernelBlock,
    /// The token after `.end_amdhsa_kernel`, where llvm-mc reports the block's errors.
    pub(super) end: Loc,
}
