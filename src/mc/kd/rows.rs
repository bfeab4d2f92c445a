//! The table of the `.amdhsa_kernel` directives: where each one's value goes in
//! the 64-byte kernel descriptor, its width, the targets that have it, its
//! default; and the SGPRs the hardware adds to a kernel's own.

use crate::target::{Features, Gen, Target};

/// Where a directive's value goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Field {
    /// A 32-bit word at this byte offset.
    Word(usize),
    /// Bits of a 32-bit word at this offset: (offset, shift, width).
    Bits(usize, u32, u32),
    /// Read by the block-count computation, not stored directly.
    Special,
}

pub(super) const RSRC3: usize = 44;
pub(super) const RSRC1: usize = 48;
pub(super) const RSRC2: usize = 52;
pub(super) const PROPS: usize = 56;
pub(super) const PRELOAD: usize = 58;

/// One directive: name, field, first generation that has it, (only gfx90a and
/// later), user SGPRs it adds when enabled, default.
pub(super) struct Row {
    pub(super) name: &'static str,
    pub(super) field: Field,
    pub(super) min: Gen,
    pub(super) user_sgprs: u32,
    pub(super) default: i64,
}

const fn row(name: &'static str, field: Field, min: Gen, user_sgprs: u32, default: i64) -> Row {
    Row {
        name,
        field,
        min,
        user_sgprs,
        default,
    }
}

pub(super) use Field::{Bits, Special, Word};
use Gen::{Gfx6, Gfx7, Gfx8, Gfx9, Gfx90a};

/// The directives LLVM 22 knows for gfx6 to gfx942.
pub(super) const ROWS: &[Row] = &[
    row(".amdhsa_group_segment_fixed_size", Word(0), Gfx6, 0, 0),
    row(".amdhsa_private_segment_fixed_size", Word(4), Gfx6, 0, 0),
    row(".amdhsa_kernarg_size", Word(8), Gfx6, 0, 0),
    row(".amdhsa_user_sgpr_count", Special, Gfx6, 0, 0),
    row(
        ".amdhsa_user_sgpr_private_segment_buffer",
        Bits(PROPS, 0, 1),
        Gfx6,
        4,
        0,
    ),
    row(
        ".amdhsa_user_sgpr_dispatch_ptr",
        Bits(PROPS, 1, 1),
        Gfx6,
        2,
        0,
    ),
    row(".amdhsa_user_sgpr_queue_ptr", Bits(PROPS, 2, 1), Gfx6, 2, 0),
    row(
        ".amdhsa_user_sgpr_kernarg_segment_ptr",
        Bits(PROPS, 3, 1),
        Gfx6,
        2,
        0,
    ),
    row(
        ".amdhsa_user_sgpr_dispatch_id",
        Bits(PROPS, 4, 1),
        Gfx6,
        2,
        0,
    ),
    row(
        ".amdhsa_user_sgpr_flat_scratch_init",
        Bits(PROPS, 5, 1),
        Gfx6,
        2,
        0,
    ),
    row(
        ".amdhsa_user_sgpr_private_segment_size",
        Bits(PROPS, 6, 1),
        Gfx6,
        1,
        0,
    ),
    row(
        ".amdhsa_user_sgpr_kernarg_preload_length",
        Bits(PRELOAD, 0, 7),
        Gfx90a,
        0,
        0,
    ),
    row(
        ".amdhsa_user_sgpr_kernarg_preload_offset",
        Bits(PRELOAD, 7, 9),
        Gfx90a,
        0,
        0,
    ),
    row(".amdhsa_uses_dynamic_stack", Bits(PROPS, 11, 1), Gfx6, 0, 0),
    row(
        ".amdhsa_system_sgpr_private_segment_wavefront_offset",
        Bits(RSRC2, 0, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_enable_private_segment",
        Bits(RSRC2, 0, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_system_sgpr_workgroup_id_x",
        Bits(RSRC2, 7, 1),
        Gfx6,
        0,
        1,
    ),
    row(
        ".amdhsa_system_sgpr_workgroup_id_y",
        Bits(RSRC2, 8, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_system_sgpr_workgroup_id_z",
        Bits(RSRC2, 9, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_system_sgpr_workgroup_info",
        Bits(RSRC2, 10, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_system_vgpr_workitem_id",
        Bits(RSRC2, 11, 2),
        Gfx6,
        0,
        0,
    ),
    row(".amdhsa_next_free_vgpr", Special, Gfx6, 0, 0),
    row(".amdhsa_next_free_sgpr", Special, Gfx6, 0, 0),
    row(".amdhsa_accum_offset", Special, Gfx90a, 0, 0),
    row(".amdhsa_reserve_vcc", Special, Gfx6, 0, 1),
    row(".amdhsa_reserve_flat_scratch", Special, Gfx7, 0, 1),
    row(".amdhsa_reserve_xnack_mask", Special, Gfx8, 0, 0),
    row(
        ".amdhsa_float_round_mode_32",
        Bits(RSRC1, 12, 2),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_float_round_mode_16_64",
        Bits(RSRC1, 14, 2),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_float_denorm_mode_32",
        Bits(RSRC1, 16, 2),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_float_denorm_mode_16_64",
        Bits(RSRC1, 18, 2),
        Gfx6,
        0,
        3,
    ),
    row(".amdhsa_dx10_clamp", Bits(RSRC1, 21, 1), Gfx6, 0, 1),
    row(".amdhsa_ieee_mode", Bits(RSRC1, 23, 1), Gfx6, 0, 1),
    row(".amdhsa_fp16_overflow", Bits(RSRC1, 26, 1), Gfx9, 0, 0),
    row(".amdhsa_tg_split", Bits(RSRC3, 16, 1), Gfx90a, 0, 0),
    row(
        ".amdhsa_exception_fp_ieee_invalid_op",
        Bits(RSRC2, 24, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_exception_fp_denorm_src",
        Bits(RSRC2, 25, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_exception_fp_ieee_div_zero",
        Bits(RSRC2, 26, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_exception_fp_ieee_overflow",
        Bits(RSRC2, 27, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_exception_fp_ieee_underflow",
        Bits(RSRC2, 28, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_exception_fp_ieee_inexact",
        Bits(RSRC2, 29, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_exception_int_div_zero",
        Bits(RSRC2, 30, 1),
        Gfx6,
        0,
        0,
    ),
];

/// Directives of later targets than these (known to llvm-mc, refused here as llvm-mc
/// refuses them for gfx6-gfx942).
pub(super) const GFX10_ROWS: &[&str] = &[
    ".amdhsa_wavefront_size32",
    ".amdhsa_workgroup_processor_mode",
    ".amdhsa_memory_ordered",
    ".amdhsa_forward_progress",
    ".amdhsa_shared_vgpr_count",
];

/// Whether the target has flat scratch set up by the hardware (gfx940 and later).
pub(super) fn architected_flat_scratch(t: Target) -> bool {
    t.has(Features::ARCH_FLAT_SCRATCH)
}

/// The SGPRs after the numbered ones the hardware takes (VCC, FLAT_SCRATCH,
/// XNACK_MASK), as LLVM's `getNumExtraSGPRs` counts them.
pub fn extra_sgprs(t: Target, vcc: bool, flat_scratch: bool, xnack: bool) -> u32 {
    let mut n = if vcc { 2 } else { 0 };
    if t.gen.before_gfx8() {
        if flat_scratch {
            n = 4;
        }
    } else {
        if xnack {
            n = 4;
        }
        if flat_scratch || architected_flat_scratch(t) {
            n = 6;
        }
    }
    n
}
