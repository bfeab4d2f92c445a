//! One breaking and one fixed example per rule: what `lint --explain` shows, and what
//! a test holds to (the breaking example gives a finding of its rule on its target,
//! the fixed one none). Inactive rules, which report nothing, have none.

/// A rule's example.
#[derive(Clone, Copy, Debug)]
pub struct Example {
    /// The rule's id.
    pub rule: &'static str,
    /// The target it is shown on.
    pub target: &'static str,
    /// Assembly with the finding.
    pub breaking: &'static str,
    /// The same with the fix.
    pub fixed: &'static str,
}

const fn ex(
    rule: &'static str,
    target: &'static str,
    breaking: &'static str,
    fixed: &'static str,
) -> Example {
    Example {
        rule,
        target,
        breaking,
        fixed,
    }
}

/// The example of the rule with id `id`.
pub fn example(id: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.rule == id)
}

/// Every rule's example, in registry order.
pub static EXAMPLES: &[Example] = &[
    ex(
        "WAITCNT_VM",
        "gfx906",
        "global_load_dword v1, v[2:3], off\nv_add_f32 v2, v1, v1",
        "global_load_dword v1, v[2:3], off\ns_waitcnt vmcnt(0)\nv_add_f32 v2, v1, v1",
    ),
    ex(
        "WAITCNT_LGKM",
        "gfx906",
        "s_load_dword s4, s[0:1], 0x0\nv_mov_b32 v0, s4",
        "s_load_dword s4, s[0:1], 0x0\ns_waitcnt lgkmcnt(0)\nv_mov_b32 v0, s4",
    ),
    ex(
        "WAITCNT_EXP",
        "gfx906",
        "exp mrt0 v1, v2, v3, v4\nv_mov_b32 v1, 0",
        "exp mrt0 v1, v2, v3, v4\ns_waitcnt expcnt(0)\nv_mov_b32 v1, 0",
    ),
    ex(
        "BARRIER_WAITCNT",
        "gfx906",
        "ds_write_b32 v0, v1\ns_barrier",
        "ds_write_b32 v0, v1\ns_waitcnt lgkmcnt(0)\ns_barrier",
    ),
    ex(
        "RETURN_WAITCNT",
        "gfx906",
        "global_store_dword v[0:1], v2, off\ns_setpc_b64 s[30:31]",
        "global_store_dword v[0:1], v2, off\ns_waitcnt vmcnt(0)\ns_setpc_b64 s[30:31]",
    ),
    ex(
        "LDS_DMA_WAITCNT",
        "gfx906",
        "s_mov_b32 m0, s0\ns_nop 0\nbuffer_load_dword off, s[0:3], 0 lds\nds_read_b32 v1, v0",
        "s_mov_b32 m0, s0\ns_nop 0\nbuffer_load_dword off, s[0:3], 0 lds\ns_waitcnt vmcnt(0)\nds_read_b32 v1, v0",
    ),
    ex(
        "ORDER_WAITCNT",
        "gfx906",
        "global_load_dword v1, v[2:3], off\nbuffer_wbinvl1_vol",
        "global_load_dword v1, v[2:3], off\ns_waitcnt vmcnt(0)\nbuffer_wbinvl1_vol",
    ),
    ex(
        "SMEM_CLAUSE",
        "gfx906",
        "s_load_dword s4, s[0:1], 0x0\ns_load_dword s0, s[2:3], 0x0",
        "s_load_dword s4, s[0:1], 0x0\ns_nop 0\ns_load_dword s0, s[2:3], 0x0",
    ),
    ex(
        "VMEM_CLAUSE",
        "gfx906",
        "global_load_dword v1, v[2:3], off\nglobal_load_dword v2, v[4:5], off",
        "global_load_dword v1, v[2:3], off\ns_nop 0\nglobal_load_dword v2, v[4:5], off",
    ),
    ex(
        "DIV_FMAS_VCC",
        "gfx906",
        "v_cmp_eq_u32 vcc, v0, v1\nv_div_fmas_f32 v2, v3, v4, v5",
        "v_cmp_eq_u32 vcc, v0, v1\ns_nop 3\nv_div_fmas_f32 v2, v3, v4, v5",
    ),
    ex(
        "SETREG_GETREG",
        "gfx906",
        "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_getreg_b32 s1, hwreg(HW_REG_MODE)",
        "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_nop 1\ns_getreg_b32 s1, hwreg(HW_REG_MODE)",
    ),
    ex(
        "SETREG_SETREG",
        "gfx906",
        "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_setreg_b32 hwreg(HW_REG_MODE), s1",
        "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_nop 1\ns_setreg_b32 hwreg(HW_REG_MODE), s1",
    ),
    ex(
        "SETREG_TRAPSTS_RFE",
        "gfx906",
        "s_setreg_b32 hwreg(HW_REG_TRAPSTS), s0\ns_rfe_b64 s[0:1]",
        "s_setreg_b32 hwreg(HW_REG_TRAPSTS), s0\ns_nop 0\ns_rfe_b64 s[0:1]",
    ),
    ex(
        "VALU_SGPR_VMEM",
        "gfx906",
        "v_readfirstlane_b32 s4, v0\nbuffer_load_dword v1, off, s[0:3], s4",
        "v_readfirstlane_b32 s4, v0\ns_nop 4\nbuffer_load_dword v1, off, s[0:3], s4",
    ),
    ex(
        "VALU_SGPR_SMRD",
        "gfx600",
        "v_readfirstlane_b32 s4, v0\ns_load_dword s5, s[4:5], 0x0",
        "v_readfirstlane_b32 s4, v0\ns_nop 3\ns_load_dword s5, s[4:5], 0x0",
    ),
    ex(
        "RWLANE_SELECT",
        "gfx906",
        "v_readfirstlane_b32 s4, v0\nv_readlane_b32 s5, v1, s4",
        "v_readfirstlane_b32 s4, v0\ns_nop 3\nv_readlane_b32 s5, v1, s4",
    ),
    ex(
        "DPP_VGPR",
        "gfx906",
        "v_mov_b32 v1, 0\nv_mov_b32_dpp v2, v1 row_shl:1",
        "v_mov_b32 v1, 0\ns_nop 1\nv_mov_b32_dpp v2, v1 row_shl:1",
    ),
    ex(
        "DPP_EXEC",
        "gfx906",
        "v_cmpx_eq_u32 vcc, v0, v1\nv_mov_b32_dpp v2, v3 row_shl:1",
        "v_cmpx_eq_u32 vcc, v0, v1\ns_nop 4\nv_mov_b32_dpp v2, v3 row_shl:1",
    ),
    ex(
        "M0_MOVREL_INTERP",
        "gfx906",
        "s_mov_b32 m0, s0\ns_movrels_b32 s1, s2",
        "s_mov_b32 m0, s0\ns_nop 0\ns_movrels_b32 s1, s2",
    ),
    ex(
        "M0_SENDMSG_GDS",
        "gfx906",
        "s_mov_b32 m0, s0\ns_sendmsg sendmsg(MSG_INTERRUPT)",
        "s_mov_b32 m0, s0\ns_nop 0\ns_sendmsg sendmsg(MSG_INTERRUPT)",
    ),
    ex(
        "M0_LDS_DMA",
        "gfx942",
        "s_mov_b32 m0, s0\nglobal_load_lds_dword v[2:3], off",
        "s_mov_b32 m0, s0\ns_nop 0\nglobal_load_lds_dword v[2:3], off",
    ),
    ex(
        "M0_BUFFER_LDS_DMA",
        "gfx906",
        "s_mov_b32 m0, s0\nbuffer_load_dword off, s[0:3], 0 lds",
        "s_mov_b32 m0, s0\ns_nop 0\nbuffer_load_dword off, s[0:3], 0 lds",
    ),
    ex(
        "VCCZ_EXECZ_DATA",
        "gfx906",
        "v_cmp_eq_u32 vcc, v0, v1\nv_add_f32 v2, src_vccz, v1",
        "v_cmp_eq_u32 vcc, v0, v1\ns_nop 4\nv_add_f32 v2, src_vccz, v1",
    ),
    ex(
        "VALU_SGPR_VALU",
        "gfx942",
        "v_readfirstlane_b32 s4, v0\nv_add_f32 v2, s4, v1",
        "v_readfirstlane_b32 s4, v0\ns_nop 1\nv_add_f32 v2, s4, v1",
    ),
    ex(
        "VALU_EXEC_RWLANE",
        "gfx942",
        "v_cmpx_eq_u32 vcc, v0, v1\nv_readfirstlane_b32 s0, v1",
        "v_cmpx_eq_u32 vcc, v0, v1\ns_nop 3\nv_readfirstlane_b32 s0, v1",
    ),
    ex(
        "VALU_VGPR_READLANE",
        "gfx942",
        "v_mov_b32 v1, 0\nv_readfirstlane_b32 s0, v1",
        "v_mov_b32 v1, 0\ns_nop 0\nv_readfirstlane_b32 s0, v1",
    ),
    ex(
        "DOT_VALU",
        "gfx90a",
        "v_dot2_f32_f16 v1, v2, v3, v4\nv_add_f32 v5, v1, v1",
        "v_dot2_f32_f16 v1, v2, v3, v4\ns_nop 2\nv_add_f32 v5, v1, v1",
    ),
    ex(
        "DSTSEL_FORWARD",
        "gfx942",
        "v_mov_b32_sdwa v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD\nv_add_f32 v5, v1, v1",
        "v_mov_b32_sdwa v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD\ns_nop 0\nv_add_f32 v5, v1, v1",
    ),
    ex(
        "CVT_BYTESEL_FORWARD",
        "gfx950",
        "v_cvt_scalef32_sr_fp8_f32 v0, v1, v2, v3 op_sel:[0,0,1,0]\nv_add_u32 v4, v0, v0",
        "v_cvt_scalef32_sr_fp8_f32 v0, v1, v2, v3 op_sel:[0,0,1,0]\ns_nop 0\nv_add_u32 v4, v0, v0",
    ),
    ex(
        "STORE_DATA",
        "gfx906",
        "buffer_store_dwordx4 v[4:7], off, s[0:3], 0\nv_mov_b32 v5, 0",
        "buffer_store_dwordx4 v[4:7], off, s[0:3], 0\ns_nop 0\nv_mov_b32 v5, 0",
    ),
    ex(
        "MAI_EXEC",
        "gfx90a",
        "v_cmpx_eq_u32 vcc, v0, v1\nv_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]",
        "v_cmpx_eq_u32 vcc, v0, v1\ns_nop 3\nv_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]",
    ),
    ex(
        "MAI_VALU_VGPR",
        "gfx90a",
        "v_mov_b32 v1, 0\nv_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]",
        "v_mov_b32 v1, 0\ns_nop 1\nv_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]",
    ),
    ex(
        "MFMA_SRCAB",
        "gfx90a",
        "v_mfma_f32_4x4x1f32 v[0:3], v4, v5, v[0:3]\nv_mfma_f32_4x4x1f32 v[8:11], v0, v5, v[8:11]",
        "v_mfma_f32_4x4x1f32 v[0:3], v4, v5, v[0:3]\ns_nop 4\nv_mfma_f32_4x4x1f32 v[8:11], v0, v5, v[8:11]",
    ),
    ex(
        "MFMA_SRCC",
        "gfx90a",
        "v_mfma_f32_4x4x1f32 v[0:3], v4, v5, v[0:3]\nv_mfma_f32_16x16x1f32 v[8:23], v6, v7, v[0:15]",
        "v_mfma_f32_4x4x1f32 v[0:3], v4, v5, v[0:3]\ns_nop 1\nv_mfma_f32_16x16x1f32 v[8:23], v6, v7, v[0:15]",
    ),
    ex(
        "MFMA_READ",
        "gfx90a",
        "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]\nv_accvgpr_read_b32 v2, a0",
        "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]\ns_nop 4\nv_accvgpr_read_b32 v2, a0",
    ),
    ex(
        "MFMA_WRITE",
        "gfx90a",
        "v_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3]\nv_accvgpr_write_b32 a0, v1",
        "v_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3]\ns_nop 4\nv_accvgpr_write_b32 a0, v1",
    ),
    ex(
        "MFMA_LOAD_WRITE",
        "gfx90a",
        "v_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3]\nglobal_load_dword a0, v[6:7], off",
        "v_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3]\ns_nop 4\nglobal_load_dword a0, v[6:7], off",
    ),
    ex(
        "MFMA_SRCC_WAR",
        "gfx90a",
        "v_mfma_f32_32x32x1f32 v[0:31], v40, v41, v[32:63]\nv_mov_b32 v40, 0",
        "v_mfma_f32_32x32x1f32 v[0:31], v40, v41, v[32:63]\ns_nop 14\nv_mov_b32 v40, 0",
    ),
    ex(
        "ACCVGPR_WRITE",
        "gfx908",
        "v_accvgpr_write_b32 a0, v1\nv_mfma_f32_4x4x1f32 a[4:7], a0, v5, a[4:7]",
        "v_accvgpr_write_b32 a0, v1\ns_nop 2\nv_mfma_f32_4x4x1f32 a[4:7], a0, v5, a[4:7]",
    ),
    ex(
        "ACCVGPR_WRITE_SRCC",
        "gfx908",
        "v_accvgpr_write_b32 a0, v1\nv_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3]",
        "v_accvgpr_write_b32 a0, v1\ns_nop 0\nv_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3]",
    ),
    ex(
        "ACCVGPR_READ_LDST",
        "gfx908",
        "v_accvgpr_read_b32 v1, a0\nglobal_store_dword v[2:3], v1, off",
        "v_accvgpr_read_b32 v1, a0\ns_nop 1\nglobal_store_dword v[2:3], v1, off",
    ),
    ex(
        "DGEMM_FMA64",
        "gfx90a",
        "v_mfma_f64_4x4x4f64 v[0:1], v[2:3], v[4:5], v[0:1]\nv_fma_f64 v[10:11], v[12:13], v[14:15], v[16:17]",
        "v_mfma_f64_4x4x4f64 v[0:1], v[2:3], v[4:5], v[0:1]\ns_nop 1\nv_fma_f64 v[10:11], v[12:13], v[14:15], v[16:17]",
    ),
    ex(
        "VSKIP_VECTOR",
        "gfx906",
        "s_setreg_b32 hwreg(HW_REG_MODE, 28, 1), s0\nv_mov_b32 v0, v1",
        "s_setreg_b32 hwreg(HW_REG_MODE, 28, 1), s0\ns_nop 1\nv_mov_b32 v0, v1",
    ),
    ex(
        "VSKIP_GETREG",
        "gfx906",
        "s_setvskip s0, 0\ns_getreg_b32 s1, hwreg(HW_REG_MODE)",
        "s_setvskip s0, 0\ns_nop 1\ns_getreg_b32 s1, hwreg(HW_REG_MODE)",
    ),
    ex(
        "TRANS_FORWARD",
        "gfx942",
        "v_rcp_f32 v1, v0\nv_add_f32 v2, v1, v1",
        "v_rcp_f32 v1, v0\ns_nop 0\nv_add_f32 v2, v1, v1",
    ),
    ex(
        "PERMLANE_VALU_VGPR",
        "gfx950",
        "v_mov_b32 v1, 0\nv_permlane32_swap_b32 v0, v1",
        "v_mov_b32 v1, 0\ns_nop 1\nv_permlane32_swap_b32 v0, v1",
    ),
    ex(
        "PERMLANE_VCMPX",
        "gfx950",
        "v_cmpx_eq_u32 vcc, v2, v3\nv_permlane16_swap_b32 v0, v1",
        "v_cmpx_eq_u32 vcc, v2, v3\ns_nop 3\nv_permlane16_swap_b32 v0, v1",
    ),
    ex(
        "SHIFT64_HIGH_VGPR",
        "gfx90a",
        "v_lshlrev_b64 v[0:1], v7, v[2:3]",
        "v_lshlrev_b64 v[0:1], v6, v[2:3]",
    ),
    ex(
        "REDUNDANT_WAITCNT",
        "gfx906",
        "global_load_dword v1, v[2:3], off\ns_waitcnt vmcnt(0)\ns_waitcnt vmcnt(0)",
        "global_load_dword v1, v[2:3], off\ns_waitcnt vmcnt(0)",
    ),
];
