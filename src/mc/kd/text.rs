//! The block as llvm-mc's text prints it at `.end_amdhsa_kernel`.

use super::block::KernelBlock;
use super::descriptor::{compute, values, Descriptor};
use super::rows::{architected_flat_scratch, PRELOAD, PROPS, RSRC1, RSRC2, RSRC3};
use crate::mc::loc::Loc;
use crate::mc::object::Object;
use crate::target::{Features, Gen};

/// What a line of the block shows.
#[derive(Clone, Copy)]
enum Shown {
    /// Bits of the 32-bit word at this offset: (offset, shift, width).
    Bits(usize, u32, u32),
    /// The register counts and reserve flags, as given.
    NextVgpr,
    NextSgpr,
    Vcc,
    FlatScratch,
    /// Where the AGPRs start, from its field.
    AccumOffset,
    /// The target id's XNACK setting.
    Xnack,
}

/// Which targets and code object versions print a line.
#[derive(Clone, Copy)]
enum When {
    Always,
    /// Flat scratch is set up by the program (not architected).
    NotArch,
    /// Flat scratch is architected.
    Arch,
    /// gfx90a and later.
    Gfx90a,
    /// Code object V5 and later.
    V5,
    /// gfx9 and later.
    Gfx9,
    /// gfx7 and later, flat scratch not architected.
    Gfx7NotArch,
    /// Code object V4 and V5, on a target with XNACK.
    XnackV4V5,
}

use Shown::{AccumOffset, Bits, FlatScratch, NextSgpr, NextVgpr, Vcc, Xnack};
use When::{Always, Arch, Gfx7NotArch, Gfx9, Gfx90a, NotArch, XnackV4V5, V5};

/// llvm-mc's lines, in its order.
const LINES: &[(&str, Shown, When)] = &[
    (".amdhsa_group_segment_fixed_size", Bits(0, 0, 32), Always),
    (".amdhsa_private_segment_fixed_size", Bits(4, 0, 32), Always),
    (".amdhsa_kernarg_size", Bits(8, 0, 32), Always),
    (".amdhsa_user_sgpr_count", Bits(RSRC2, 1, 5), Always),
    (
        ".amdhsa_user_sgpr_private_segment_buffer",
        Bits(PROPS, 0, 1),
        NotArch,
    ),
    (".amdhsa_user_sgpr_dispatch_ptr", Bits(PROPS, 1, 1), Always),
    (".amdhsa_user_sgpr_queue_ptr", Bits(PROPS, 2, 1), Always),
    (
        ".amdhsa_user_sgpr_kernarg_segment_ptr",
        Bits(PROPS, 3, 1),
        Always,
    ),
    (".amdhsa_user_sgpr_dispatch_id", Bits(PROPS, 4, 1), Always),
    (
        ".amdhsa_user_sgpr_flat_scratch_init",
        Bits(PROPS, 5, 1),
        NotArch,
    ),
    (
        ".amdhsa_user_sgpr_kernarg_preload_length",
        Bits(PRELOAD - 2, 16, 7),
        Gfx90a,
    ),
    (
        ".amdhsa_user_sgpr_kernarg_preload_offset",
        Bits(PRELOAD - 2, 23, 9),
        Gfx90a,
    ),
    (
        ".amdhsa_user_sgpr_private_segment_size",
        Bits(PROPS, 6, 1),
        Always,
    ),
    (".amdhsa_uses_dynamic_stack", Bits(PROPS, 11, 1), V5),
    (".amdhsa_enable_private_segment", Bits(RSRC2, 0, 1), Arch),
    (
        ".amdhsa_system_sgpr_private_segment_wavefront_offset",
        Bits(RSRC2, 0, 1),
        NotArch,
    ),
    (
        ".amdhsa_system_sgpr_workgroup_id_x",
        Bits(RSRC2, 7, 1),
        Always,
    ),
    (
        ".amdhsa_system_sgpr_workgroup_id_y",
        Bits(RSRC2, 8, 1),
        Always,
    ),
    (
        ".amdhsa_system_sgpr_workgroup_id_z",
        Bits(RSRC2, 9, 1),
        Always,
    ),
    (
        ".amdhsa_system_sgpr_workgroup_info",
        Bits(RSRC2, 10, 1),
        Always,
    ),
    (
        ".amdhsa_system_vgpr_workitem_id",
        Bits(RSRC2, 11, 2),
        Always,
    ),
    (".amdhsa_next_free_vgpr", NextVgpr, Always),
    (".amdhsa_next_free_sgpr", NextSgpr, Always),
    (".amdhsa_accum_offset", AccumOffset, Gfx90a),
    (".amdhsa_reserve_vcc", Vcc, Always),
    (".amdhsa_reserve_flat_scratch", FlatScratch, Gfx7NotArch),
    (".amdhsa_reserve_xnack_mask", Xnack, XnackV4V5),
    (".amdhsa_float_round_mode_32", Bits(RSRC1, 12, 2), Always),
    (".amdhsa_float_round_mode_16_64", Bits(RSRC1, 14, 2), Always),
    (".amdhsa_float_denorm_mode_32", Bits(RSRC1, 16, 2), Always),
    (
        ".amdhsa_float_denorm_mode_16_64",
        Bits(RSRC1, 18, 2),
        Always,
    ),
    (".amdhsa_dx10_clamp", Bits(RSRC1, 21, 1), Always),
    (".amdhsa_ieee_mode", Bits(RSRC1, 23, 1), Always),
    (".amdhsa_fp16_overflow", Bits(RSRC1, 26, 1), Gfx9),
    (".amdhsa_tg_split", Bits(RSRC3, 16, 1), Gfx90a),
    (
        ".amdhsa_exception_fp_ieee_invalid_op",
        Bits(RSRC2, 24, 1),
        Always,
    ),
    (
        ".amdhsa_exception_fp_denorm_src",
        Bits(RSRC2, 25, 1),
        Always,
    ),
    (
        ".amdhsa_exception_fp_ieee_div_zero",
        Bits(RSRC2, 26, 1),
        Always,
    ),
    (
        ".amdhsa_exception_fp_ieee_overflow",
        Bits(RSRC2, 27, 1),
        Always,
    ),
    (
        ".amdhsa_exception_fp_ieee_underflow",
        Bits(RSRC2, 28, 1),
        Always,
    ),
    (
        ".amdhsa_exception_fp_ieee_inexact",
        Bits(RSRC2, 29, 1),
        Always,
    ),
    (".amdhsa_exception_int_div_zero", Bits(RSRC2, 30, 1), Always),
];

/// The block as llvm-mc's text prints it at `.end_amdhsa_kernel`: every directive
/// the target has, in llvm-mc's order, with the descriptor's values (the register
/// counts and reserve flags as given), then a blank line. The block's values must be
/// absolute now; else the errors in them (`end`: the place of the token after
/// `.end_amdhsa_kernel`).
pub fn llvm_text(
    o: &Object,
    block: &KernelBlock,
    end: &Loc,
) -> Result<Vec<String>, Vec<(Loc, String)>> {
    let (val, starts) = values(o, block)?;
    let (d, errs) = compute(o, block, &val, &starts, end);
    if !errs.is_empty() {
        return Err(errs);
    }
    let mut out = vec![format!("\t.amdhsa_kernel {}", block.name)];
    for (name, shown, when) in LINES {
        if printed(o, *when) {
            out.push(format!("\t\t{name} {}", value(o, &d, *shown)));
        }
    }
    out.push("\t.end_amdhsa_kernel".into());
    out.push(String::new());
    Ok(out)
}

/// Whether the object's target and code object version print a line.
fn printed(o: &Object, when: When) -> bool {
    let t = o.target;
    let arch = architected_flat_scratch(t);
    match when {
        Always => true,
        NotArch => !arch,
        Arch => arch,
        Gfx90a => t.has(Features::UNIFIED_VGPRS),
        V5 => o.co_version >= 5,
        Gfx9 => t.gen >= Gen::Gfx9,
        Gfx7NotArch => t.gen >= Gen::Gfx7 && !arch,
        XnackV4V5 => matches!(o.co_version, 4 | 5) && o.has_xnack(),
    }
}

/// The value a line shows.
fn value(o: &Object, d: &Descriptor, shown: Shown) -> i64 {
    let bits = |off: usize, shift: u32, width: u32| -> i64 {
        let kd = &d.kd;
        let w = u32::from_le_bytes([kd[off], kd[off + 1], kd[off + 2], kd[off + 3]]);
        ((u64::from(w) >> shift) & ((1 << width) - 1)) as i64
    };
    match shown {
        Bits(off, shift, width) => bits(off, shift, width),
        NextVgpr => d.next_vgpr,
        NextSgpr => d.next_sgpr,
        Vcc => d.vcc,
        FlatScratch => d.flat_scratch,
        AccumOffset => (bits(RSRC3, 0, 6) + 1) * 4,
        Xnack => i64::from(o.xnack != Some(false)),
    }
}
