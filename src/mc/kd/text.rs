//! The block as llvm-mc's text prints it at `.end_amdhsa_kernel`.

use super::block::KernelBlock;
use super::descriptor::{compute, values};
use super::rows::{architected_flat_scratch, PRELOAD, PROPS, RSRC1, RSRC2, RSRC3};
use crate::mc::loc::Loc;
use crate::mc::object::Object;
use crate::target::{Features, Gen};

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
    let t = o.target;
    let arch = architected_flat_scratch(t);
    let gfx90a = t.has(Features::UNIFIED_VGPRS);
    let kd = &d.kd;
    let bits = |off: usize, shift: u32, width: u32| -> u64 {
        let w = u32::from_le_bytes([kd[off], kd[off + 1], kd[off + 2], kd[off + 3]]);
        (u64::from(w) >> shift) & ((1 << width) - 1)
    };
    let mut out = vec![format!("\t.amdhsa_kernel {}", block.name)];
    let line = |out: &mut Vec<String>, name: &str, v: i64| out.push(format!("\t\t{name} {v}"));
    let field = |out: &mut Vec<String>, name: &str, off: usize, shift: u32, width: u32| {
        line(out, name, bits(off, shift, width) as i64);
    };
    field(&mut out, ".amdhsa_group_segment_fixed_size", 0, 0, 32);
    field(&mut out, ".amdhsa_private_segment_fixed_size", 4, 0, 32);
    field(&mut out, ".amdhsa_kernarg_size", 8, 0, 32);
    field(&mut out, ".amdhsa_user_sgpr_count", RSRC2, 1, 5);
    if !arch {
        field(
            &mut out,
            ".amdhsa_user_sgpr_private_segment_buffer",
            PROPS,
            0,
            1,
        );
    }
    field(&mut out, ".amdhsa_user_sgpr_dispatch_ptr", PROPS, 1, 1);
    field(&mut out, ".amdhsa_user_sgpr_queue_ptr", PROPS, 2, 1);
    field(
        &mut out,
        ".amdhsa_user_sgpr_kernarg_segment_ptr",
        PROPS,
        3,
        1,
    );
    field(&mut out, ".amdhsa_user_sgpr_dispatch_id", PROPS, 4, 1);
    if !arch {
        field(&mut out, ".amdhsa_user_sgpr_flat_scratch_init", PROPS, 5, 1);
    }
    if gfx90a {
        field(
            &mut out,
            ".amdhsa_user_sgpr_kernarg_preload_length",
            PRELOAD - 2,
            16,
            7,
        );
        field(
            &mut out,
            ".amdhsa_user_sgpr_kernarg_preload_offset",
            PRELOAD - 2,
            23,
            9,
        );
    }
    field(
        &mut out,
        ".amdhsa_user_sgpr_private_segment_size",
        PROPS,
        6,
        1,
    );
    if o.co_version >= 5 {
        field(&mut out, ".amdhsa_uses_dynamic_stack", PROPS, 11, 1);
    }
    let private = match arch {
        true => ".amdhsa_enable_private_segment",
        false => ".amdhsa_system_sgpr_private_segment_wavefront_offset",
    };
    field(&mut out, private, RSRC2, 0, 1);
    field(&mut out, ".amdhsa_system_sgpr_workgroup_id_x", RSRC2, 7, 1);
    field(&mut out, ".amdhsa_system_sgpr_workgroup_id_y", RSRC2, 8, 1);
    field(&mut out, ".amdhsa_system_sgpr_workgroup_id_z", RSRC2, 9, 1);
    field(&mut out, ".amdhsa_system_sgpr_workgroup_info", RSRC2, 10, 1);
    field(&mut out, ".amdhsa_system_vgpr_workitem_id", RSRC2, 11, 2);
    line(&mut out, ".amdhsa_next_free_vgpr", d.next_vgpr);
    line(&mut out, ".amdhsa_next_free_sgpr", d.next_sgpr);
    if gfx90a {
        line(
            &mut out,
            ".amdhsa_accum_offset",
            (bits(RSRC3, 0, 6) as i64 + 1) * 4,
        );
    }
    line(&mut out, ".amdhsa_reserve_vcc", d.vcc);
    if t.gen >= Gen::Gfx7 && !arch {
        line(&mut out, ".amdhsa_reserve_flat_scratch", d.flat_scratch);
    }
    if matches!(o.co_version, 4 | 5) && o.has_xnack() {
        line(
            &mut out,
            ".amdhsa_reserve_xnack_mask",
            i64::from(o.xnack != Some(false)),
        );
    }
    field(&mut out, ".amdhsa_float_round_mode_32", RSRC1, 12, 2);
    field(&mut out, ".amdhsa_float_round_mode_16_64", RSRC1, 14, 2);
    field(&mut out, ".amdhsa_float_denorm_mode_32", RSRC1, 16, 2);
    field(&mut out, ".amdhsa_float_denorm_mode_16_64", RSRC1, 18, 2);
    field(&mut out, ".amdhsa_dx10_clamp", RSRC1, 21, 1);
    field(&mut out, ".amdhsa_ieee_mode", RSRC1, 23, 1);
    if t.gen >= Gen::Gfx9 {
        field(&mut out, ".amdhsa_fp16_overflow", RSRC1, 26, 1);
    }
    if gfx90a {
        field(&mut out, ".amdhsa_tg_split", RSRC3, 16, 1);
    }
    field(
        &mut out,
        ".amdhsa_exception_fp_ieee_invalid_op",
        RSRC2,
        24,
        1,
    );
    field(&mut out, ".amdhsa_exception_fp_denorm_src", RSRC2, 25, 1);
    field(&mut out, ".amdhsa_exception_fp_ieee_div_zero", RSRC2, 26, 1);
    field(&mut out, ".amdhsa_exception_fp_ieee_overflow", RSRC2, 27, 1);
    field(
        &mut out,
        ".amdhsa_exception_fp_ieee_underflow",
        RSRC2,
        28,
        1,
    );
    field(&mut out, ".amdhsa_exception_fp_ieee_inexact", RSRC2, 29, 1);
    field(&mut out, ".amdhsa_exception_int_div_zero", RSRC2, 30, 1);
    out.push("\t.end_amdhsa_kernel".into());
    out.push(String::new());
    Ok(out)
}
