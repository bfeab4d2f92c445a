//! The linter's rules: for each, a case that breaks it (found, at the right statement,
//! with the weakest fix) and one with exactly enough waits (clean).

use amdgpu_mc::isa::waitcnt::Waitcnt;
use amdgpu_mc::lint::rules::{Basis, Selection};
use amdgpu_mc::lint::{lint, Finding, Fix, Rule};
use amdgpu_mc::program::Program;
use amdgpu_mc::{assemble, Target};

fn run(cpu: &str, src: &str) -> Vec<Finding> {
    let t = Target::from_name(cpu).unwrap();
    let a = assemble(t, src);
    assert!(a.diags.is_empty(), "{cpu}: {:?}", a.diags);
    lint(&Program::from_assembly(t, &a))
}

/// (rule, statement, fix) of each finding.
fn summary(cpu: &str, src: &str) -> Vec<(Rule, usize, Fix)> {
    run(cpu, src)
        .iter()
        .map(|f| (f.rule, f.at, f.fix))
        .collect()
}

fn wait(w: Waitcnt) -> Fix {
    Fix::Waitcnt(w)
}

#[test]
fn vmcnt_in_order() {
    let src = "global_load_dword v1, v[10:11], off
               global_load_dword v2, v[10:11], off
               global_load_dword v3, v[10:11], off
               v_add_f32 v4, v1, v1";
    // v1 is the oldest of three: vmcnt(2) completes it.
    for cpu in ["gfx900", "gfx906", "gfx908", "gfx90a", "gfx942"] {
        assert_eq!(
            summary(cpu, src),
            [(Rule::WaitVmcnt, 3, wait(Waitcnt::new().vmcnt(2)))],
            "{cpu}"
        );
    }
    let ok = "global_load_dword v1, v[10:11], off
              global_load_dword v2, v[10:11], off
              s_waitcnt vmcnt(1)
              v_add_f32 v4, v1, v1";
    assert_eq!(summary("gfx906", ok), []);
    // One wait too weak: vmcnt(2) leaves v1 possibly outstanding.
    let weak = "global_load_dword v1, v[10:11], off
                global_load_dword v2, v[10:11], off
                global_load_dword v3, v[10:11], off
                s_waitcnt vmcnt(3)
                v_add_f32 v4, v1, v1";
    assert_eq!(summary("gfx906", weak).len(), 1);
}

#[test]
fn vmcnt_write_after_load() {
    // Overwriting a pending load's destination with a VALU result needs the load done.
    let src = "buffer_load_dword v1, off, s[0:3], 0
               v_mov_b32 v1, 0";
    assert_eq!(
        summary("gfx803", src),
        [(Rule::WaitVmcnt, 1, wait(Waitcnt::new().vmcnt(0)))]
    );
    // Another load into it retires in order: nothing to wait for.
    let ok = "buffer_load_dword v1, off, s[0:3], 0
              buffer_load_dword v1, off, s[0:3], 0 offset:4";
    assert_eq!(summary("gfx803", ok), []);
}

#[test]
fn lgkmcnt_smem_out_of_order() {
    // Scalar loads return in any order: only lgkmcnt(0) is a guarantee.
    let src = "s_load_dword s1, s[2:3], 0x0
               s_load_dword s4, s[2:3], 0x4
               s_add_u32 s5, s1, 1";
    assert_eq!(
        summary("gfx906", src),
        [(Rule::WaitLgkmcnt, 2, wait(Waitcnt::new().lgkmcnt(0)))]
    );
    let weak = "s_load_dword s1, s[2:3], 0x0
                s_load_dword s4, s[2:3], 0x4
                s_waitcnt lgkmcnt(1)
                s_add_u32 s5, s1, 1";
    assert_eq!(summary("gfx906", weak).len(), 1);
    let ok = "s_load_dword s1, s[2:3], 0x0
              s_load_dword s4, s[2:3], 0x4
              s_waitcnt lgkmcnt(0)
              s_add_u32 s5, s1, s4";
    assert_eq!(summary("gfx906", ok), []);
}

/// SMEM weights (Vega ISA 7.3): LGKM_CNT grows by 2 for a fetch of two or more
/// dwords and drops by 2 when it completes, so `lgkmcnt(1)` completes every such fetch
/// and no one-dword fetch.
#[test]
fn lgkmcnt_smem_weights() {
    let mixed = "s_load_dwordx2 s[0:1], s[4:5], 0x0
                 s_load_dword s2, s[4:5], 0x8
                 s_waitcnt lgkmcnt(1)
                 s_add_u32 s6, s0, s1
                 s_add_u32 s7, s2, 1";
    assert_eq!(
        summary("gfx906", mixed),
        [(Rule::WaitLgkmcnt, 4, wait(Waitcnt::new().lgkmcnt(0)))]
    );
    let wide = "s_load_dwordx2 s[0:1], s[4:5], 0x0
                s_load_dwordx4 s[8:11], s[4:5], 0x10
                ds_read_b32 v1, v0
                s_waitcnt lgkmcnt(1)
                s_add_u32 s6, s0, s11";
    assert_eq!(summary("gfx906", wide), []);
    // The DS load may be the one left.
    let lds = format!("{wide}\nv_mov_b32 v2, v1");
    assert_eq!(summary("gfx906", &lds).len(), 1);
    // s_memtime counts as s_load_dwordx2; lgkmcnt(2) completes no fetch.
    let time = "s_memtime s[0:1]\ns_waitcnt lgkmcnt(1)\ns_add_u32 s6, s0, s1";
    assert_eq!(summary("gfx906", time), []);
    let two = "s_load_dwordx2 s[0:1], s[4:5], 0x0
               s_load_dwordx2 s[2:3], s[4:5], 0x8
               s_waitcnt lgkmcnt(2)
               s_add_u32 s6, s0, s1";
    assert_eq!(summary("gfx906", two).len(), 1);
    // gfx6's SMRD counts the same.
    let smrd = "s_load_dwordx2 s[0:1], s[4:5], 0x0
                s_load_dword s2, s[4:5], 0x2
                s_waitcnt lgkmcnt(1)
                s_add_u32 s6, s0, s1";
    assert_eq!(summary("gfx600", smrd), []);
}

#[test]
fn lgkmcnt_lds_in_order() {
    let src = "ds_read_b32 v1, v0
               ds_read_b32 v2, v0 offset:4
               v_add_f32 v3, v1, v1";
    assert_eq!(
        summary("gfx906", src),
        [(Rule::WaitLgkmcnt, 2, wait(Waitcnt::new().lgkmcnt(1)))]
    );
    let ok = "ds_read_b32 v1, v0
              ds_read_b32 v2, v0 offset:4
              s_waitcnt lgkmcnt(1)
              v_add_f32 v3, v1, v1";
    assert_eq!(summary("gfx906", ok), []);
    // An SMEM load pending beside them makes the count meaningless.
    let mixed = "ds_read_b32 v1, v0
                 s_load_dword s1, s[2:3], 0x0
                 s_waitcnt lgkmcnt(1)
                 v_add_f32 v3, v1, v1";
    assert_eq!(
        summary("gfx906", mixed),
        [(Rule::WaitLgkmcnt, 3, wait(Waitcnt::new().lgkmcnt(0)))]
    );
    // But a count completes the older LDS reads whatever else is pending: while the
    // first is pending so is the second (LDS returns in order), so lgkmcnt(1) leaves
    // at most the second (docs/lint-real-code.md, WAITCNT_LGKM).
    let counted = "ds_read_b32 v1, v0
                   ds_read_b32 v2, v0 offset:4
                   s_load_dword s1, s[2:3], 0x0
                   s_waitcnt lgkmcnt(1)
                   v_add_f32 v3, v1, v1";
    assert_eq!(summary("gfx906", counted), []);
    // The fix asked for is that count.
    let missing = "ds_read_b32 v1, v0
                   ds_read_b32 v2, v0 offset:4
                   s_load_dword s1, s[2:3], 0x0
                   v_add_f32 v3, v1, v1";
    assert_eq!(
        summary("gfx906", missing),
        [(Rule::WaitLgkmcnt, 3, wait(Waitcnt::new().lgkmcnt(1)))]
    );
    // The younger read and the scalar load still need lgkmcnt(0).
    let younger = "ds_read_b32 v1, v0
                   ds_read_b32 v2, v0 offset:4
                   s_load_dword s1, s[2:3], 0x0
                   s_waitcnt lgkmcnt(1)
                   v_add_f32 v3, v2, v2
                   s_add_u32 s4, s1, s1";
    assert_eq!(
        summary("gfx906", younger),
        [(Rule::WaitLgkmcnt, 4, wait(Waitcnt::new().lgkmcnt(0)))]
    );
}

#[test]
fn expcnt_export_sources() {
    let src = "exp mrt0 v0, v1, v2, v3 done
               v_mov_b32 v1, 0";
    assert_eq!(
        summary("gfx906", src),
        [(Rule::WaitExpcnt, 1, wait(Waitcnt::new().expcnt(0)))]
    );
    let ok = "exp mrt0 v0, v1, v2, v3 done
              s_waitcnt expcnt(0)
              v_mov_b32 v1, 0";
    assert_eq!(summary("gfx906", ok), []);
    // Reading them is fine.
    let read = "exp mrt0 v0, v1, v2, v3 done
                v_mov_b32 v5, v1";
    assert_eq!(summary("gfx906", read), []);
}

#[test]
fn counters_saturate() {
    // 16 loads on gfx8 (vmcnt 0-15): the oldest is complete once 15 younger ones issued.
    let mut src = String::from("buffer_load_dword v0, off, s[0:3], 0\n");
    for k in 1..=15 {
        src.push_str(&format!("buffer_load_dword v{k}, off, s[0:3], 0\n"));
    }
    src.push_str("v_mov_b32 v20, v0\n");
    assert_eq!(summary("gfx803", &src), []);
    src.push_str("v_mov_b32 v21, v1\n");
    assert_eq!(summary("gfx803", &src).len(), 1);
}

#[test]
fn loops_and_joins() {
    // The load at the bottom of the loop reaches the read at the top on the back edge.
    let src = "s_mov_b32 s0, 4
               loop:
               v_add_f32 v2, v1, v2
               global_load_dword v1, v[10:11], off
               s_sub_u32 s0, s0, 1
               s_cbranch_scc1 loop
               s_endpgm";
    assert_eq!(
        summary("gfx906", src),
        [(Rule::WaitVmcnt, 1, wait(Waitcnt::new().vmcnt(0)))]
    );
    // Waited for on one path only: still a finding after the join.
    let join = "global_load_dword v1, v[10:11], off
                s_cbranch_scc0 skip
                s_waitcnt vmcnt(0)
                skip:
                v_mov_b32 v2, v1";
    assert_eq!(summary("gfx906", join).len(), 1);
    let both = "global_load_dword v1, v[10:11], off
                s_waitcnt vmcnt(0)
                s_cbranch_scc0 skip
                s_nop 0
                skip:
                v_mov_b32 v2, v1";
    assert_eq!(summary("gfx906", both), []);
}

#[test]
fn barrier_waits_before_gfx90a() {
    let src = "ds_write_b32 v0, v1
               s_barrier";
    for cpu in ["gfx803", "gfx900", "gfx906", "gfx908"] {
        assert_eq!(
            summary(cpu, src),
            [(Rule::BarrierWait, 1, wait(Waitcnt::new().lgkmcnt(0)))],
            "{cpu}"
        );
    }
    // The back-off barrier of gfx90a and later waits by itself.
    for cpu in ["gfx90a", "gfx942"] {
        assert_eq!(summary(cpu, src), [], "{cpu}");
    }
    let ok = "ds_write_b32 v0, v1
              s_waitcnt lgkmcnt(0)
              s_barrier";
    assert_eq!(summary("gfx906", ok), []);
}

#[test]
fn findings_name_the_load() {
    let f = run(
        "gfx906",
        "s_load_dwordx2 s[4:5], s[0:1], 0x0
         v_mov_b32 v0, s5",
    );
    assert_eq!(f.len(), 1);
    assert_eq!(f[0].other, Some(0));
    assert_eq!(f[0].reg, Some((amdgpu_mc::inst::RegFile::Sgpr, 5)));
    assert_eq!(f[0].fix.to_string(), "s_waitcnt lgkmcnt(0)");
}

#[test]
fn calls_and_returns_follow_llvms_convention() {
    // A return with a store outstanding: the caller assumes memory is complete.
    let src = "global_store_dword v[0:1], v2, off
               s_setpc_b64 s[30:31]";
    assert_eq!(
        summary("gfx906", src),
        [(Rule::ReturnWait, 1, wait(Waitcnt::new().vmcnt(0)))]
    );
    let ok = "global_store_dword v[0:1], v2, off
              s_waitcnt vmcnt(0)
              s_setpc_b64 s[30:31]";
    assert_eq!(summary("gfx906", ok), []);
    // A tail call through other registers: the callee waits at its entry.
    let tail = "global_load_dword v2, v[0:1], off
                s_setpc_b64 s[16:17]";
    assert_eq!(summary("gfx906", tail), []);
    // After a call nothing is outstanding: the callee waited for the caller's loads.
    let call = "global_load_dword v5, v[0:1], off
                s_swappc_b64 s[30:31], s[4:5]
                v_add_f32 v0, v0, v5";
    assert_eq!(summary("gfx906", call), []);
}

#[test]
fn cache_invalidation_counts_on_nothing() {
    // LLVM waits for no buffer_wbinvl1 before a barrier.
    let src = "buffer_wbinvl1_vol
               s_barrier";
    assert_eq!(summary("gfx900", src), []);
}

/// (rule, statement, fix) of the findings of the wait-state rules only.
fn hazards(cpu: &str, src: &str) -> Vec<(Rule, usize, Fix)> {
    summary(cpu, src)
        .into_iter()
        .filter(|(_, _, f)| matches!(f, Fix::Nop(_)))
        .collect()
}

#[test]
fn wait_state_rules_break_and_hold() {
    // (targets, breaking source, the rule and the s_nop it needs, enough source)
    let cases: &[(&[&str], &str, Rule, u8, &str)] = &[
        (
            &["gfx600", "gfx803", "gfx906", "gfx942"],
            "v_cmp_eq_u32 vcc, v0, v1\nv_div_fmas_f32 v2, v3, v4, v5",
            Rule::DivFmas,
            3,
            "v_cmp_eq_u32 vcc, v0, v1\ns_nop 3\nv_div_fmas_f32 v2, v3, v4, v5",
        ),
        (
            &["gfx803", "gfx906", "gfx90a"],
            "v_readfirstlane_b32 s4, v0\nbuffer_load_dword v1, off, s[0:3], s4",
            Rule::ValuSgprVmem,
            4,
            "v_readfirstlane_b32 s4, v0\ns_nop 1\ns_nop 2\nbuffer_load_dword v1, off, s[0:3], s4",
        ),
        (
            &["gfx600"],
            "v_readfirstlane_b32 s4, v0\ns_load_dword s5, s[4:5], 0x0",
            Rule::ValuSgprSmrd,
            3,
            "v_readfirstlane_b32 s4, v0\ns_nop 3\ns_load_dword s5, s[4:5], 0x0",
        ),
        (
            &["gfx906"],
            "v_readfirstlane_b32 s4, v0\nv_readlane_b32 s5, v1, s4",
            Rule::RwLaneSelect,
            3,
            "v_readfirstlane_b32 s4, v0\ns_nop 3\nv_readlane_b32 s5, v1, s4",
        ),
        (
            &["gfx803", "gfx906", "gfx942"],
            "v_mov_b32 v1, 0\nv_mov_b32_dpp v2, v1 row_shl:1",
            Rule::DppVgpr,
            1,
            "v_mov_b32 v1, 0\ns_nop 1\nv_mov_b32_dpp v2, v1 row_shl:1",
        ),
        (
            &["gfx906"],
            "v_cmpx_eq_u32 vcc, v0, v1\nv_mov_b32_dpp v2, v3 row_shl:1",
            Rule::DppExec,
            4,
            "v_cmpx_eq_u32 vcc, v0, v1\ns_nop 4\nv_mov_b32_dpp v2, v3 row_shl:1",
        ),
        (
            &["gfx906"],
            "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_getreg_b32 s1, hwreg(HW_REG_MODE)",
            Rule::SetregGetreg,
            1,
            "s_setreg_b32 hwreg(HW_REG_MODE), s0\ns_nop 1\ns_getreg_b32 s1, hwreg(HW_REG_MODE)",
        ),
        (
            &["gfx906"],
            "s_mov_b32 m0, s0\ns_movrels_b32 s1, s2",
            Rule::M0Movrel,
            0,
            "s_mov_b32 m0, s0\ns_nop 0\ns_movrels_b32 s1, s2",
        ),
        (
            &["gfx803", "gfx906"],
            "s_mov_b32 m0, s0\ns_sendmsg sendmsg(MSG_INTERRUPT)",
            Rule::M0SendmsgGds,
            0,
            "s_mov_b32 m0, s0\ns_nop 0\ns_sendmsg sendmsg(MSG_INTERRUPT)",
        ),
        (
            &["gfx942"],
            "v_rcp_f32 v1, v0\nv_add_f32 v2, v1, v1",
            Rule::TransForward,
            0,
            "v_rcp_f32 v1, v0\ns_nop 0\nv_add_f32 v2, v1, v1",
        ),
        (
            &["gfx942"],
            "v_readfirstlane_b32 s4, v0\nv_add_f32 v2, s4, v1",
            Rule::ValuSgprValu,
            1,
            "v_readfirstlane_b32 s4, v0\ns_nop 1\nv_add_f32 v2, s4, v1",
        ),
        (
            &["gfx90a", "gfx942"],
            "v_dot2_f32_f16 v1, v2, v3, v4\nv_add_f32 v5, v1, v1",
            Rule::DotValu,
            2,
            "v_dot2_f32_f16 v1, v2, v3, v4\ns_nop 2\nv_add_f32 v5, v1, v1",
        ),
        (
            &["gfx942"],
            "v_mov_b32_sdwa v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD\nv_add_f32 v5, v1, v1",
            Rule::DstSelForward,
            0,
            "v_mov_b32_sdwa v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD\ns_nop 0\nv_add_f32 v5, v1, v1",
        ),
        (
            &["gfx700", "gfx906", "gfx90a"],
            "buffer_store_dwordx4 v[4:7], off, s[0:3], 0\nv_mov_b32 v5, 0",
            Rule::StoreData,
            0,
            "buffer_store_dwordx4 v[4:7], off, s[0:3], 0\ns_nop 0\nv_mov_b32 v5, 0",
        ),
        (
            &["gfx906", "gfx90a"],
            "s_setreg_b32 hwreg(HW_REG_MODE, 28, 1), s0\nv_mov_b32 v0, v1",
            Rule::VskipVector,
            1,
            "s_setreg_b32 hwreg(HW_REG_MODE, 28, 1), s0\ns_nop 1\nv_mov_b32 v0, v1",
        ),
    ];
    for (cpus, bad, rule, nop, ok) in cases {
        for cpu in *cpus {
            assert_eq!(
                hazards(cpu, bad),
                [(*rule, 1, Fix::Nop(*nop))],
                "{cpu}: {bad}"
            );
            assert_eq!(hazards(cpu, ok), [], "{cpu}: {ok}");
        }
    }
    // Where a generation has no such hazard, nothing is reported.
    assert_eq!(
        hazards("gfx906", "v_rcp_f32 v1, v0\nv_add_f32 v2, v1, v1"),
        []
    );
    assert_eq!(
        hazards(
            "gfx600",
            "v_readfirstlane_b32 s4, v0\nbuffer_load_dword v1, off, s[0:3], s4"
        ),
        []
    );
    // VCC named alike by writer and reader, or read as a carry-in or a mask: the
    // hardware sees the dependence. (VCC_ALIAS_MIXED is inactive: see
    // `scopes_follow_the_documents`.)
    for ok in [
        "v_cmp_eq_u32_e64 vcc, v0, v1\nv_mov_b32 v2, vcc_lo",
        "v_cmp_eq_u32 vcc, v0, v1\nv_cndmask_b32_e64 v2, 0, 1, vcc",
        "v_add_co_u32 v3, vcc, v0, v1\nv_addc_co_u32_e64 v4, s[0:1], v0, v1, vcc",
    ] {
        assert_eq!(hazards("gfx906", ok), [], "{ok}");
    }
    // A MODE field without VSKIP: no wait for vector instructions.
    assert_eq!(
        hazards(
            "gfx906",
            "s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s0\nv_mov_b32 v0, v1"
        ),
        []
    );
    // A DOT reading the result as its accumulator is forwarded.
    assert_eq!(
        hazards(
            "gfx90a",
            "v_dot2_f32_f16 v1, v2, v3, v4\nv_dot2_f32_f16 v1, v2, v3, v1"
        ),
        []
    );
    // A buffer store with an SGPR offset, or 64-bit data, has no such hazard.
    assert_eq!(
        hazards(
            "gfx906",
            "buffer_store_dwordx4 v[4:7], off, s[0:3], s4\nv_mov_b32 v5, 0"
        ),
        []
    );
    assert_eq!(
        hazards(
            "gfx906",
            "buffer_store_dwordx2 v[4:5], off, s[0:3], 0\nv_mov_b32 v5, 0"
        ),
        []
    );
    // Unrelated registers: no finding.
    assert_eq!(
        hazards("gfx906", "v_mov_b32 v1, 0\nv_mov_b32_dpp v2, v3 row_shl:1"),
        []
    );
}

/// Issue 14: the scopes of the wait-state rules as the documents (or, where they say
/// nothing, LLVM) set them, each with a breaking and a holding case.
#[test]
fn scopes_follow_the_documents() {
    // (target, source, the findings of the wait-state rules)
    type Case = (&'static str, &'static str, &'static [(Rule, usize, Fix)]);
    let cases: &[Case] = &[
        // VALU_SGPR_VALU: SGPRs read as a constant (here v_writelane's data) ...
        (
            "gfx942",
            "v_readlane_b32 s21, v36, 0\nv_writelane_b32 v27, s21, 5",
            &[(Rule::ValuSgprValu, 1, Fix::Nop(1))],
        ),
        // ... not as a v_cndmask mask (CDNA3 Table 11 case 18: a carry-in needs 0) ...
        (
            "gfx942",
            "v_cmp_u_f32_e64 s[48:49], v1, v1\nv_cndmask_b32_e64 v45, v40, v42, s[48:49]",
            &[],
        ),
        (
            "gfx942",
            "v_cmp_u_f32_e32 vcc, v1, v1\nv_cndmask_b32_e32 v45, v40, v42, vcc",
            &[],
        ),
        // ... nor as a carry-in.
        (
            "gfx942",
            "v_add_co_u32_e32 v3, vcc, v0, v1\nv_addc_co_u32_e32 v4, vcc, v0, v1, vcc",
            &[],
        ),
        // An SALU that reads and rewrites the SGPR in between ends the hazard; one that
        // only reads it does not.
        (
            "gfx942",
            "v_readlane_b32 s82, v3, 30\ns_and_b32 s82, s82, 0xffffff\nv_mul_lo_u32 v6, v5, s82",
            &[],
        ),
        (
            "gfx942",
            "v_readlane_b32 s82, v3, 30\ns_and_b32 s83, s82, 0xffffff\nv_mul_lo_u32 v6, v5, s82",
            &[(Rule::ValuSgprValu, 2, Fix::Nop(0))],
        ),
        // VSKIP_VECTOR: s_setreg of MODE.vskip, not s_setvskip (which has a rule only
        // against s_getreg of MODE).
        (
            "gfx942",
            "s_setvskip s20, 6\nglobal_atomic_add v0, v1, s[8:9]",
            &[],
        ),
        (
            "gfx942",
            "s_setreg_b32 hwreg(HW_REG_MODE, 28, 1), s0\nglobal_atomic_add v0, v1, s[8:9]",
            &[(Rule::VskipVector, 1, Fix::Nop(1))],
        ),
        (
            "gfx906",
            "s_setvskip s20, 6\ns_getreg_b32 s1, hwreg(HW_REG_MODE)",
            &[(Rule::VskipGetreg, 1, Fix::Nop(1))],
        ),
        // DPP_VGPR: SRC0 only, a VALU writer.
        (
            "gfx942",
            "v_mul_f32_e32 v100, v104, v86\nv_mul_f32_dpp v101, v100, v108 row_newbcast:2",
            &[(Rule::DppVgpr, 1, Fix::Nop(1))],
        ),
        (
            "gfx942",
            "v_mul_f32_e32 v100, v104, v86\nv_mul_f32_dpp v101, v108, v100 row_newbcast:2",
            &[],
        ),
        (
            "gfx906",
            "v_mov_b32 v2, 0\nv_mov_b32_dpp v2, v3 row_shl:1",
            &[],
        ),
        (
            "gfx906",
            "global_load_dword v1, v[4:5], off\ns_waitcnt vmcnt(0)\nv_mov_b32_dpp v2, v1 row_shl:1",
            &[],
        ),
        // DSTSEL_FORWARD: dst_sel other than DWORD moves bits; DWORD with
        // UNUSED_PRESERVE does not.
        (
            "gfx942",
            "v_mov_b32_sdwa v1, v2 dst_sel:BYTE_1 dst_unused:UNUSED_PAD src0_sel:DWORD\nv_add_f32 v5, v1, v1",
            &[(Rule::DstSelForward, 1, Fix::Nop(0))],
        ),
        (
            "gfx942",
            "v_mov_b32_sdwa v1, v2 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:WORD_1\nv_add_f32 v5, v1, v1",
            &[],
        ),
        // M0_MOVREL_INTERP: ds_read/write_addtid_b32, not ds_append/ds_consume.
        (
            "gfx906",
            "s_mov_b32 m0, s0\nds_read_addtid_b32 v0",
            &[(Rule::M0Movrel, 1, Fix::Nop(0))],
        ),
        ("gfx906", "s_mov_b32 m0, s0\nds_append v0", &[]),
        ("gfx90a", "s_mov_b32 m0, s0\nds_consume v0", &[]),
        // M0_LDS_DMA: what the document names; M0_BUFFER_LDS_DMA: LLVM's reading.
        (
            "gfx942",
            "s_mov_b32 m0, s0\nglobal_load_lds_dword v[2:3], off",
            &[(Rule::M0LdsDma, 1, Fix::Nop(0))],
        ),
        (
            "gfx942",
            "s_mov_b32 m0, s0\nbuffer_load_dword v1, s[0:3], 0 offen lds",
            &[(Rule::M0BufferLdsDma, 1, Fix::Nop(0))],
        ),
        (
            "gfx942",
            "s_mov_b32 m0, s0\ns_nop 0\nbuffer_load_dword v1, s[0:3], 0 offen lds",
            &[],
        ),
        // VCC_ALIAS_MIXED is inactive: implicit VCC and vcc_lo are the same alias.
        (
            "gfx906",
            "v_cmp_eq_u32 vcc, v0, v1\nv_mov_b32 v2, vcc_lo",
            &[],
        ),
    ];
    for (cpu, src, want) in cases {
        assert_eq!(hazards(cpu, src), *want, "{cpu}: {src}");
    }
    assert_eq!(Rule::VccAliasMixed.basis(), Basis::Inactive);
}

/// Soft clauses are checked within their last 5 members, as LLVM looks back.
#[test]
fn soft_clause_window() {
    // The first load's address v[2:3] is overwritten by the last load: with 4 loads
    // between, inside the window; with 5, beyond it.
    let clause = |between: usize| {
        let mut s = String::from("global_load_dword v1, v[2:3], off\n");
        for j in 0..between {
            s.push_str(&format!("global_load_dword v{}, v[20:21], off\n", 10 + j));
        }
        s + "global_load_dword v2, v[20:21], off"
    };
    for cpu in ["gfx906", "gfx90a", "gfx942"] {
        assert_eq!(
            hazards(cpu, &clause(4)),
            [(Rule::VmemClause, 5, Fix::Nop(0))],
            "{cpu}"
        );
        assert_eq!(hazards(cpu, &clause(5)), [], "{cpu}");
    }
}

/// `Options::rules` (`lint --rules`): documented rules, LLVM's readings, or both.
#[test]
fn rules_by_basis() {
    use amdgpu_mc::lint::{lint_with, Options};
    let t = Target::from_name("gfx942").unwrap();
    // A documented rule (DPP_VGPR) and LLVM's reading (M0_BUFFER_LDS_DMA).
    let src = "v_mov_b32 v1, 0\nv_mov_b32_dpp v2, v1 row_shl:1\n\
               s_mov_b32 m0, s0\nbuffer_load_dword v1, s[0:3], 0 offen lds";
    let p = Program::from_assembly(t, &assemble(t, src));
    let rules = |sel: Selection| -> Vec<Rule> {
        let mut o = Options::for_target(t);
        o.rules = sel;
        lint_with(&p, o).into_iter().map(|f| f.rule).collect()
    };
    assert_eq!(rules(Selection::All), [Rule::DppVgpr, Rule::M0BufferLdsDma]);
    assert_eq!(rules(Selection::Documented), [Rule::DppVgpr]);
    assert_eq!(rules(Selection::Llvm), [Rule::M0BufferLdsDma]);
    assert_eq!("documented".parse(), Ok(Selection::Documented));
    assert!("most".parse::<Selection>().is_err());
    // Every rule says what it rests on; the s_waitcnt counters are documented.
    assert_eq!(Rule::WaitVmcnt.basis(), Basis::Documented);
    assert_eq!(Rule::VmemClause.basis(), Basis::Llvm);
}

/// gfx90a's 64-bit shift bug needs the amount to be the highest allocated VGPR.
#[test]
fn shift64_exempt_when_next_vgpr_used() {
    let bad = "v_lshlrev_b64 v[0:1], v7, v[2:3]";
    let ok = "v_lshlrev_b64 v[0:1], v7, v[2:3]\nv_mov_b32 v8, 0";
    let rules =
        |src: &str| -> Vec<Rule> { summary("gfx90a", src).into_iter().map(|f| f.0).collect() };
    assert_eq!(rules(bad), [Rule::Shift64HighVgpr]);
    assert_eq!(rules(ok), []);
}

#[test]
fn wait_states_over_paths() {
    // The nearest writer over any path counts: one path has enough, the other not.
    let src = "v_mov_b32 v1, 0
               s_cbranch_scc0 skip
               s_nop 4
               skip:
               v_mov_b32_dpp v2, v1 row_shl:1";
    assert_eq!(hazards("gfx906", src), [(Rule::DppVgpr, 3, Fix::Nop(0))]);
    // Around a loop: the write at the bottom reaches the DPP read at the top.
    let lp = "loop:
              v_mov_b32_dpp v2, v1 row_shl:1
              s_sub_u32 s0, s0, 1
              v_mov_b32 v1, v2
              s_cbranch_scc1 loop";
    assert_eq!(hazards("gfx906", lp), [(Rule::DppVgpr, 0, Fix::Nop(0))]);
}

#[test]
fn mfma_rules_scale_with_passes() {
    // A 2-pass MFMA result read by a VALU: gfx908 (v_accvgpr_read) passes+2, gfx90a
    // passes+3, gfx942 (non-XDL f32) passes+2.
    let src = "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]\nv_accvgpr_read_b32 v2, a0";
    assert_eq!(hazards("gfx908", src), [(Rule::MfmaRead, 1, Fix::Nop(3))]);
    assert_eq!(hazards("gfx90a", src), [(Rule::MfmaRead, 1, Fix::Nop(4))]);
    let src942 = "v_mfma_f32_4x4x1_16b_f32 a[0:3], v0, v1, a[0:3]\nv_accvgpr_read_b32 v2, a0";
    assert_eq!(
        hazards("gfx942", src942),
        [(Rule::MfmaRead, 1, Fix::Nop(3))]
    );
    // 16 passes: 19 on gfx90a.
    let long = "v_mfma_f32_32x32x1f32 a[0:31], v0, v1, a[0:31]\nv_accvgpr_read_b32 v2, a0";
    assert_eq!(hazards("gfx90a", long), [(Rule::MfmaRead, 1, Fix::Nop(18))]);
    // An accumulation chain into the same registers needs nothing.
    let chain =
        "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]\nv_mfma_f32_4x4x1f32 a[0:3], v2, v3, a[0:3]";
    assert_eq!(hazards("gfx90a", chain), []);
    // The result as source A: passes+3 on gfx90a.
    let ab =
        "v_mfma_f32_4x4x1f32 v[0:3], v4, v5, v[0:3]\nv_mfma_f32_4x4x1f32 v[8:11], v0, v5, v[8:11]";
    assert_eq!(hazards("gfx90a", ab), [(Rule::MfmaSrcAB, 1, Fix::Nop(4))]);
    // DGEMM then v_fma_f64, no shared register: 2.
    let fma = "v_mfma_f64_4x4x4f64 v[0:1], v[2:3], v[4:5], v[0:1]\nv_fma_f64 v[10:11], v[12:13], v[14:15], v[16:17]";
    assert_eq!(
        hazards("gfx90a", fma)
            .into_iter()
            .filter(|f| f.0 == Rule::DgemmFma64)
            .collect::<Vec<_>>(),
        [(Rule::DgemmFma64, 1, Fix::Nop(1))]
    );
    // Enough wait states: clean.
    let ok = "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]\ns_nop 4\nv_accvgpr_read_b32 v2, a0";
    assert_eq!(hazards("gfx90a", ok), []);
}

#[test]
fn soft_clauses_with_xnack() {
    // A load in a run of loads overwrites another's address: break the run (gfx9 on).
    let src = "global_load_dword v1, v[2:3], off\nglobal_load_dword v2, v[4:5], off";
    for cpu in ["gfx900", "gfx906", "gfx90a", "gfx942"] {
        assert_eq!(
            hazards(cpu, src),
            [(Rule::VmemClause, 1, Fix::Nop(0))],
            "{cpu}"
        );
    }
    assert_eq!(
        hazards(
            "gfx803",
            "flat_load_dword v1, v[2:3]\nflat_load_dword v2, v[4:5]"
        ),
        []
    );
    let ok = "global_load_dword v1, v[2:3], off\ns_nop 0\nglobal_load_dword v2, v[4:5], off";
    assert_eq!(hazards("gfx906", ok), []);
    // As llc-22 -mattr=+xnack (post-RA-hazard-rec on gfx900 and gfx942): a store
    // after a load that defines registers starts a new clause; a store alone defines
    // nothing, so a load right after it may overwrite its registers; a later load
    // that overwrites the store's address breaks the clause.
    let load_store = "global_load_dword v1, v0, s[2:3]\nglobal_store_dword v0, v2, s[2:3]";
    let store_load = "global_store_dword v0, v2, s[2:3]\nglobal_load_dword v2, v0, s[2:3]";
    let store_loads = "global_store_dword v0, v2, s[2:3]\nglobal_load_dword v3, v5, s[2:3]\nglobal_load_dword v0, v5, s[2:3]";
    for cpu in ["gfx900", "gfx942", "gfx950"] {
        let clause = |at| [(Rule::VmemClause, at, Fix::Nop(0))];
        assert_eq!(hazards(cpu, load_store), clause(1), "{cpu}");
        assert_eq!(hazards(cpu, store_load), [], "{cpu}");
        assert_eq!(hazards(cpu, store_loads), clause(2), "{cpu}");
    }
    let smem = "s_load_dword s4, s[0:1], 0x0\ns_load_dword s0, s[2:3], 0x0";
    assert_eq!(
        hazards("gfx906", smem),
        [(Rule::SmemClause, 1, Fix::Nop(0))]
    );
}

#[test]
fn redundant_waits_are_opt_in() {
    use amdgpu_mc::lint::{lint_with, Options};
    let t = Target::from_name("gfx906").unwrap();
    let src = "global_load_dword v1, v[2:3], off
               s_waitcnt vmcnt(0)
               v_mov_b32 v2, v1
               s_waitcnt vmcnt(0)
               s_waitcnt lgkmcnt(0)";
    let p = Program::from_assembly(t, &assemble(t, src));
    // Off by default.
    assert_eq!(lint(&p), []);
    let mut o = Options::for_target(t);
    o.redundant = true;
    let f = lint_with(&p, o);
    // The second vmcnt(0) completes nothing; lgkmcnt(0) may complete the caller's
    // operations (what is pending at the entry is not known), so it is not reported.
    assert_eq!(
        f.iter().map(|f| (f.rule, f.at, f.fix)).collect::<Vec<_>>(),
        [(Rule::RedundantWaitcnt, 3, Fix::Remove)]
    );
}

#[test]
fn gfx90a_shift64_amount_register() {
    let src = "v_lshlrev_b64 v[0:1], v7, v[2:3]\nv_lshrrev_b64 v[0:1], v6, v[2:3]\nv_ashrrev_i64 v[0:1], v15, v[2:3]";
    let found: Vec<(Rule, usize)> = summary("gfx90a", src)
        .into_iter()
        .map(|(r, at, _)| (r, at))
        .collect();
    assert_eq!(
        found,
        [(Rule::Shift64HighVgpr, 0), (Rule::Shift64HighVgpr, 2)]
    );
    // Only gfx90a has the bug; a wait does not fix it, so `fix` leaves the program.
    assert_eq!(summary("gfx906", src), []);
    assert_eq!(summary("gfx942", src), []);
}

/// PAL's metadata block and Mesa's amd_kernel_code_t headers are skipped as the
/// HSA metadata is: no errors, the code after them read, line numbers kept.
#[test]
fn pal_and_mesa_blocks_are_skipped() {
    let t = Target::from_name("gfx906").unwrap();
    let src = "k:\n\t.amd_kernel_code_t\n\t\twavefront_size = 6\n\t\tpriority = x + 1\n\t.end_amd_kernel_code_t\n\
               \ts_endpgm\n\t.amdgpu_pal_metadata\n---\namdpal.pipelines:\n  - .registers: {}\n...\n\
               \t.end_amdgpu_pal_metadata\n\tv_nop\n";
    let r = amdgpu_mc::lint::source::lint_text(t, src);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let lines: Vec<u32> = r
        .program
        .stmts
        .iter()
        .filter_map(|s| s.span.map(|s| s.line))
        .collect();
    assert!(lines.contains(&6) && lines.contains(&13), "{lines:?}");
}

#[test]
fn llc_assembly_files_lint_clean() {
    // llc-22's complete `.s` output (tests/data/objcorpus, tools/gen-objcorpus.sh): kernel
    // descriptors, metadata, calls through sym@rel32@lo; nothing to report, no errors.
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/objcorpus");
    let mut n = 0;
    let mut functions = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        if path.extension().is_none_or(|x| x != "s") {
            continue;
        }
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        // The processor, from `.amdgcn_target "amdgcn-amd-amdhsa--gfx906:xnack-"` (or
        // Mesa's `.amd_amdgpu_isa "amdgcn-mesa-mesa3d--gfx906"`).
        let id = text
            .lines()
            .find_map(|l| {
                let l = l.trim();
                l.strip_prefix(".amdgcn_target")
                    .or_else(|| l.strip_prefix(".amd_amdgpu_isa"))
            })
            .and_then(|l| l.split("--").nth(1))
            .unwrap_or_else(|| panic!("{name}: no .amdgcn_target"));
        let cpu = id.split([':', '"']).next().unwrap();
        let t = Target::from_name(cpu).unwrap();
        let r = amdgpu_mc::lint::source::lint_text(t, &text);
        assert!(r.errors.is_empty(), "{name}: {:?}", r.errors);
        assert!(r.findings.is_empty(), "{name}: {:?}", r.findings);
        // (The reader of `asm` takes every directive llc writes.)
        assert_eq!(r.skipped, 0, "{name}");
        // With the entries the text declares (callable functions start with
        // anything pending): still nothing.
        use amdgpu_mc::lint::{entries, Context, EntryKind, Linter};
        let found = entries::scan(&text);
        let at = entries::resolve(&r.program, &found);
        functions += at.iter().filter(|e| e.kind == EntryKind::Function).count();
        let options = amdgpu_mc::lint::source::options_of(t, &text);
        let cx = Context {
            entries: &at,
            ..Context::default()
        };
        let with = Linter::default().lint_in(&r.program, options, cx);
        assert!(with.is_empty(), "{name} with entries {at:?}: {with:?}");
        n += 1;
    }
    assert!(n >= 40, "{n} files");
    assert!(functions > 0, "no callable functions in the corpus");
}

/// Each rule's writer and reader classes name the units their instructions run on,
/// and the linter tests only instructions of those units: no instruction of another
/// unit passes a class's test (every row of every target, in each of its encodings).
#[test]
fn rule_classes_hold_only_on_their_units() {
    use amdgpu_mc::lint::predicates::{unit_bit, Ctx};
    for cpu in amdgpu_mc::fuzz::CPUS {
        let target = Target::from_name(cpu).unwrap();
        for xnack in [false, true] {
            let c = Ctx {
                target,
                xnack,
                rules: amdgpu_mc::lint::rules::Selection::All,
            };
            for i in amdgpu_mc::random::cover(target, 7, 3) {
                let ops = i.operands(target);
                let u = unit_bit(i.op.unit());
                for (rule, r) in Rule::ALL.iter().filter_map(|r| Some((r, r.hazard()?))) {
                    for (side, class) in [("writer", r.writer), ("reader", r.reader)] {
                        assert!(
                            class.units & u != 0 || !(class.test)(&c, &i, &ops),
                            "{cpu}: {:?} is a {side} of {:?} but its unit {:?} is not in the class",
                            i,
                            rule,
                            i.op.unit()
                        );
                    }
                }
            }
        }
    }
}

/// The wait states of every rule on every target, as the per-generation arrays of the
/// rule table gave them before the registry (for rules whose wait states depend on the
/// pair, the most any pair needs): a change of representation must not change one.
/// Targets and rules added later are not in it (a new rule's own cases hold its wait
/// states).
#[test]
fn wait_states_per_target_are_pinned() {
    const NAMES: [&str; 32] = [
        "r600", "rv630", "rv670", "rs880", "rv710", "rv730", "rv770", "gfx600", "gfx601", "gfx602",
        "gfx700", "gfx701", "gfx702", "gfx703", "gfx704", "gfx705", "gfx801", "gfx802", "gfx803",
        "gfx805", "gfx810", "gfx900", "gfx902", "gfx904", "gfx906", "gfx909", "gfx90c", "gfx908",
        "gfx90a", "gfx940", "gfx941", "gfx942",
    ];
    // One row per rule: its id, then its wait states on NAMES' targets in order.
    const PINNED: &[&str] = &[
        "WAITCNT_VM: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
        "WAITCNT_LGKM: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
        "WAITCNT_EXP: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
        "BARRIER_WAITCNT: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
        "RETURN_WAITCNT: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
        "DIV_FMAS_VCC: 0 0 0 0 0 0 0 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4",
        "SETREG_GETREG: 0 0 0 0 0 0 0 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2",
        "SETREG_SETREG: 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2",
        "SETREG_TRAPSTS_RFE: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1",
        "VALU_SGPR_VMEM: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5",
        "VALU_SGPR_SMRD: 0 0 0 0 0 0 0 4 4 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
        "RWLANE_SELECT: 0 0 0 0 0 0 0 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4 4",
        "DPP_VGPR: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2",
        "DPP_EXEC: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5",
        "M0_MOVREL_INTERP: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1",
        "M0_SENDMSG_GDS: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1",
        "M0_LDS_DMA: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1",
        "VCCZ_EXECZ_DATA: 0 0 0 0 0 0 0 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5 5",
        "VALU_SGPR_VALU: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 2 2",
        "VALU_EXEC_RWLANE: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4 4 4",
        "VALU_VGPR_READLANE: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1",
        "TRANS_FORWARD: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1",
        "DOT_VALU: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3 3 3 3",
        "DSTSEL_FORWARD: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1",
        "STORE_DATA: 0 0 0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 2 2 2",
        "MAI_EXEC: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4 4 4 4 4",
        "MAI_VALU_VGPR: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 2 2 2 2",
        "MFMA_SRCAB: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 19 19 19 19 19",
        "MFMA_SRCC: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 19 19 19 19 19",
        "MFMA_READ: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 19 19 19 19 19",
        "MFMA_WRITE: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 19 19 19 19 19",
        "MFMA_LOAD_WRITE: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 19 19 19 19",
        "MFMA_SRCC_WAR: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 19 19 19 19 19",
        "ACCVGPR_WRITE: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3 0 0 0 0",
        "ACCVGPR_WRITE_SRCC: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 0",
        "ACCVGPR_READ_LDST: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 0 0 0 0",
        "DGEMM_FMA64: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2 2 2 2",
        "SMEM_CLAUSE: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1",
        "VMEM_CLAUSE: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1",
        "VSKIP_VECTOR: 0 0 0 0 0 0 0 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2",
        "VSKIP_GETREG: 0 0 0 0 0 0 0 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2",
        // Inactive since issue 14 (the race needs the wave's SGPR allocation).
        "VCC_ALIAS_MIXED: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
        "SHIFT64_HIGH_VGPR: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
        "REDUNDANT_WAITCNT: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
    ];
    assert_eq!(PINNED.len(), 44);
    for row in PINNED {
        let (id, waits) = row.split_once(": ").unwrap();
        let rule = Rule::from_id(id).unwrap_or_else(|| panic!("{id}: no such rule"));
        let waits: Vec<u8> = waits.split(' ').map(|w| w.parse().unwrap()).collect();
        assert_eq!(waits.len(), NAMES.len(), "{id}");
        for (name, want) in NAMES.iter().zip(waits) {
            let t = Target::from_name(name).unwrap();
            assert_eq!(rule.wait_states(t), want, "{id} on {name}");
        }
    }
}

/// gfx950's wait states (for rules whose wait states depend on the pair, the most any
/// pair needs): gfx942's, but where a rule says otherwise for gfx950 (LLVM 22's
/// hazard recognizer, `isGFX950`/`hasGFX950Insts`).
#[test]
fn gfx950_wait_states_are_pinned() {
    // (rule, gfx942, gfx950) for the rules where they differ.
    const DIFFER: &[(&str, u8, u8)] = &[
        ("MFMA_SRCAB", 19, 20),
        ("MFMA_READ", 19, 20),
        ("MFMA_WRITE", 19, 20),
        ("MFMA_LOAD_WRITE", 19, 20),
        ("PERMLANE_VALU_VGPR", 0, 2),
        ("PERMLANE_VCMPX", 0, 4),
    ];
    let (g942, g950) = (
        Target::from_name("gfx942").unwrap(),
        Target::from_name("gfx950").unwrap(),
    );
    for r in Rule::ALL {
        let want = match DIFFER.iter().find(|d| d.0 == r.id()) {
            Some(&(_, a, b)) => {
                assert_eq!(r.wait_states(g942), a, "{} on gfx942", r.id());
                b
            }
            None => r.wait_states(g942),
        };
        assert_eq!(r.wait_states(g950), want, "{} on gfx950", r.id());
    }
}

/// docs/lint.md's rule tables are the registry's: between its `<!-- rules:begin -->` and
/// `<!-- rules:end -->` lines the file holds what `rules::doc_tables` makes from the
/// entries. With `UPDATE_DOCS=1` the test writes them there instead.
#[test]
fn docs_rule_tables_come_from_the_registry() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/lint.md");
    let text = std::fs::read_to_string(path).unwrap();
    let (begin, end) = ("<!-- rules:begin -->\n", "<!-- rules:end -->");
    let a = text.find(begin).expect("docs/lint.md: no rules:begin line") + begin.len();
    let b = text.find(end).expect("docs/lint.md: no rules:end line");
    let tables = amdgpu_mc::lint::rules::doc_tables();
    if std::env::var_os("UPDATE_DOCS").is_some_and(|v| v == "1") {
        std::fs::write(path, format!("{}{tables}{}", &text[..a], &text[b..])).unwrap();
        return;
    }
    assert!(
        text[a..b] == tables,
        "docs/lint.md's rule tables are not the registry's; to write them: \
         UPDATE_DOCS=1 cargo test --test lint docs_rule_tables"
    );
}

/// Lints `src` on `cpu` with `lint:allow` comments read as the text path reads them.
fn allowed_text(cpu: &str, src: &str) -> Vec<(Rule, usize)> {
    let t = Target::from_name(cpu).unwrap();
    let r = amdgpu_mc::lint::source::lint_text(t, src);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    r.findings
        .iter()
        .map(|f| (f.rule, r.position(f.at).0))
        .collect()
}

/// An allowed finding is hidden and nothing else: the analysis does not take its wait
/// as inserted, so a second use of the same pending result is still reported.
#[test]
fn suppression_hides_and_does_not_fix() {
    let src = "global_load_dword v1, v[2:3], off
               v_add_f32 v4, v1, v1 // lint:allow(WAITCNT_VM)
               v_add_f32 v5, v1, v1";
    assert_eq!(allowed_text("gfx906", src), [(Rule::WaitVmcnt, 3)]);
    // An independent later finding is reported as well.
    let src = "global_load_dword v1, v[2:3], off
               s_load_dword s0, s[4:5], 0x0
               v_add_f32 v4, v1, v1 // lint:allow(WAITCNT_VM)
               s_add_u32 s1, s0, s0";
    assert_eq!(
        allowed_text("gfx906", src),
        [(Rule::WaitLgkmcnt, 4)],
        "the lgkmcnt finding stays"
    );
    // Without the comment: one finding, the analysis goes on as if it were fixed.
    let src = "global_load_dword v1, v[2:3], off
               v_add_f32 v4, v1, v1
               v_add_f32 v5, v1, v1";
    assert_eq!(allowed_text("gfx906", src), [(Rule::WaitVmcnt, 2)]);
    // The wait-state analysis likewise: a second read of an MFMA result.
    let src = "v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]
               v_accvgpr_read_b32 v2, a0 // lint:allow(MFMA_READ)
               v_accvgpr_read_b32 v3, a0";
    assert_eq!(allowed_text("gfx908", src), [(Rule::MfmaRead, 3)]);
    // `lint:allow` with no list allows every rule there.
    let src = "global_load_dword v1, v[2:3], off
               v_add_f32 v4, v1, v1 // lint:allow
               v_add_f32 v5, v1, v1";
    assert_eq!(allowed_text("gfx906", src), [(Rule::WaitVmcnt, 3)]);
}

fn with_entries(cpu: &str, src: &str, entries: &[amdgpu_mc::lint::Entry]) -> Vec<(Rule, usize)> {
    use amdgpu_mc::lint::{Context, Linter, Options};
    let t = Target::from_name(cpu).unwrap();
    let a = assemble(t, src);
    assert!(a.diags.is_empty(), "{:?}", a.diags);
    let p = Program::from_assembly(t, &a);
    let cx = Context {
        entries,
        ..Context::default()
    };
    Linter::default()
        .lint_in(&p, Options::for_target(t), cx)
        .iter()
        .map(|f| (f.rule, f.at))
        .collect()
}

/// A callable function starts with anything its caller issued pending: a register
/// used before a full wait is a finding on each counter that reaches it; a kernel
/// starts with nothing pending.
#[test]
fn function_entries() {
    use amdgpu_mc::lint::{Entry, EntryKind};
    let function = |at| Entry {
        at,
        kind: EntryKind::Function,
    };
    let kernel = |at| Entry {
        at,
        kind: EntryKind::Kernel,
    };
    // LLVM's prologue: a full wait first. Clean.
    let ok = "s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
              v_add_f32 v0, v0, v1
              s_setpc_b64 s[30:31]";
    assert_eq!(with_entries("gfx906", ok, &[function(0)]), []);
    // Without vmcnt(0): the VGPR read is a finding (nothing says which load).
    let no_vm = "s_waitcnt expcnt(0) lgkmcnt(0)
                 v_add_f32 v0, v0, v1
                 s_setpc_b64 s[30:31]";
    assert_eq!(
        with_entries("gfx906", no_vm, &[function(0)]),
        [(Rule::WaitVmcnt, 1)]
    );
    // As a kernel, or with no entries (the default assumption), nothing is pending.
    assert_eq!(with_entries("gfx906", no_vm, &[kernel(0)]), []);
    assert_eq!(with_entries("gfx906", no_vm, &[]), []);
    // SGPRs are not written by the caller's vector loads: only lgkmcnt matters.
    let sgpr = "s_waitcnt vmcnt(0) expcnt(0)
                s_add_u32 s4, s4, s5
                s_waitcnt lgkmcnt(0)
                s_setpc_b64 s[30:31]";
    assert_eq!(
        with_entries("gfx906", sgpr, &[function(0)]),
        [(Rule::WaitLgkmcnt, 1)]
    );
    // Overwriting a VGPR an export of the caller's may still read needs expcnt(0).
    let no_exp = "s_waitcnt vmcnt(0) lgkmcnt(0)
                  v_mov_b32 v0, 0
                  s_setpc_b64 s[30:31]";
    assert_eq!(
        with_entries("gfx906", no_exp, &[function(0)]),
        [(Rule::WaitExpcnt, 1)]
    );
    // A second function after a kernel in one program: each entry its own state.
    let two = "s_endpgm
               s_waitcnt expcnt(0) lgkmcnt(0)
               v_add_f32 v0, v0, v1
               s_setpc_b64 s[30:31]";
    assert_eq!(
        with_entries("gfx906", two, &[kernel(0), function(1)]),
        [(Rule::WaitVmcnt, 2)]
    );
}

/// `Options::unknown_entry` decides what the first statement is when no entry says.
#[test]
fn unknown_entry_option() {
    use amdgpu_mc::lint::{Context, EntryKind, Linter, Options};
    let t = Target::from_name("gfx90a").unwrap();
    let a = assemble(t, "v_add_f32 v0, v0, v1\ns_setpc_b64 s[30:31]");
    let p = Program::from_assembly(t, &a);
    let mut o = Options::for_target(t);
    assert!(Linter::default()
        .lint_in(&p, o, Context::default())
        .is_empty());
    o.unknown_entry = EntryKind::Function;
    let found: Vec<Rule> = Linter::default()
        .lint_in(&p, o, Context::default())
        .iter()
        .map(|f| f.rule)
        .collect();
    // The read needs vmcnt(0) lgkmcnt(0) (one finding, both counters); the return
    // then has nothing left to wait for.
    assert_eq!(found, [Rule::WaitVmcnt]);
}

/// `Options::flat_lds`: FLAT may address LDS, so its result also needs lgkmcnt.
#[test]
fn flat_may_address_lds() {
    use amdgpu_mc::lint::{Context, Linter, Options};
    let t = Target::from_name("gfx906").unwrap();
    let src = "flat_load_dword v1, v[2:3]
               s_waitcnt vmcnt(0)
               v_add_f32 v4, v1, v1";
    let a = assemble(t, src);
    let p = Program::from_assembly(t, &a);
    let mut o = Options::for_target(t);
    assert!(Linter::default()
        .lint_in(&p, o, Context::default())
        .is_empty());
    o.flat_lds = amdgpu_mc::lint::FlatLds::Always;
    let found = Linter::default().lint_in(&p, o, Context::default());
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].rule, Rule::WaitLgkmcnt);
    assert_eq!(found[0].fix, wait(Waitcnt::new().lgkmcnt(0)));
}

/// The memory model's cache maintenance: an acquire invalidates after the load
/// completed; a release's writeback is followed by a wait for what came before it.
#[test]
fn memory_ordering_waits() {
    // Acquire: the atomic load completes before the invalidation.
    let acquire = "global_load_dword v1, v[2:3], off glc
                   buffer_wbinvl1_vol
                   v_add_u32 v4, v1, v1";
    assert_eq!(
        summary("gfx906", acquire)[0],
        (Rule::OrderWait, 1, wait(Waitcnt::new().vmcnt(0)))
    );
    let ok = "global_load_dword v1, v[2:3], off glc
              s_waitcnt vmcnt(0)
              buffer_wbinvl1_vol
              v_add_u32 v4, v1, v1";
    assert_eq!(summary("gfx906", ok), []);
    // gfx942: the acquire's buffer_inv; nothing pending but the invalidation itself.
    assert_eq!(
        summary(
            "gfx942",
            "global_atomic_add v0, v[2:3], v1, off sc0\nbuffer_inv sc1"
        )
        .iter()
        .map(|f| f.0)
        .collect::<Vec<_>>(),
        [Rule::OrderWait]
    );
    assert_eq!(summary("gfx942", "buffer_wbl2 sc1\nbuffer_inv sc1"), []);
    // Release (gfx942): the store after the writeback waits for the earlier load.
    let release = "global_load_dword v0, v[2:3], off
                   buffer_wbl2 sc1
                   global_atomic_add v[2:3], v1, off";
    assert_eq!(
        summary("gfx942", release),
        [(Rule::OrderWait, 2, wait(Waitcnt::new().vmcnt(0)))]
    );
    let ok = "global_load_dword v0, v[2:3], off
              buffer_wbl2 sc1
              s_waitcnt vmcnt(0)
              global_atomic_add v[2:3], v1, off";
    assert_eq!(summary("gfx942", ok), []);
    // Nothing before the writeback: no wait needed (LLVM on gfx90a emits none).
    assert_eq!(
        summary("gfx90a", "buffer_wbl2\nglobal_store_dword v2, v0, s[2:3]"),
        []
    );
}

/// An LDS DMA (a buffer load with `lds`) counts on vmcnt; an LDS read after it waits.
#[test]
fn lds_dma_before_lds_reads() {
    let src = "buffer_load_dword v0, s[8:11], s6 offen lds
               s_waitcnt lgkmcnt(0)
               ds_read_b32 v1, v0";
    let found = run("gfx90a", src);
    assert_eq!(found.len(), 1);
    assert_eq!(
        (found[0].rule, found[0].at, found[0].fix),
        (Rule::LdsDmaWait, 2, wait(Waitcnt::new().vmcnt(0)))
    );
    let ok = "buffer_load_dword v0, s[8:11], s6 offen lds
              s_waitcnt vmcnt(0)
              ds_read_b32 v1, v0";
    assert!(run("gfx90a", ok).is_empty());
}

/// `entries::scan`: HSA functions without `.amdhsa_kernel` are callable; PAL and
/// Mesa shaders (another OS) are entry points.
#[test]
fn text_entries_by_os() {
    use amdgpu_mc::lint::entries::scan;
    use amdgpu_mc::lint::EntryKind;
    let hsa = ".amdgcn_target \"amdgcn-amd-amdhsa--gfx906\"
               .type k,@function
               .type f, @function
               .amdhsa_kernel k
               .end_amdhsa_kernel";
    let kinds: Vec<_> = scan(hsa).into_iter().map(|e| (e.name, e.kind)).collect();
    assert_eq!(
        kinds,
        [
            ("k".to_string(), EntryKind::Kernel),
            ("f".to_string(), EntryKind::Function)
        ]
    );
    let pal = ".amdgcn_target \"amdgcn--amdpal--gfx906\"\n.type cs,@function";
    assert_eq!(scan(pal)[0].kind, EntryKind::Kernel);
    let mesa = ".amd_amdgpu_isa \"amdgcn-mesa-mesa3d--gfx906\"\n.type ps,@function";
    assert_eq!(scan(mesa)[0].kind, EntryKind::Kernel);
}

/// `n` wait states as `s_nop` lines (each at most 16).
fn nops(mut n: u8) -> String {
    let mut s = String::new();
    while n > 0 {
        let k = n.min(16);
        s.push_str(&format!("s_nop {}\n", k - 1));
        n -= k;
    }
    s
}

/// `writer` (one or more lines) then `reader` need `n` wait states on `cpu` by `rule`
/// (0: none): found with the fix of `n`, clean with `n` wait states between, found
/// again with one fewer.
fn needs(cpu: &str, writer: &str, reader: &str, rule: Rule, n: u8) {
    let bare = format!("{writer}\n{reader}");
    if n == 0 {
        assert_eq!(hazards(cpu, &bare), [], "{cpu}: {bare}");
        return;
    }
    let at = writer.lines().count();
    assert_eq!(
        hazards(cpu, &bare),
        [(rule, at, Fix::Nop(n - 1))],
        "{cpu}: {bare}"
    );
    let enough = format!("{writer}\n{}{reader}", nops(n));
    assert_eq!(hazards(cpu, &enough), [], "{cpu}: {enough}");
    let short = format!("{writer}\n{}{reader}", nops(n - 1));
    let found: Vec<(Rule, Fix)> = hazards(cpu, &short)
        .into_iter()
        .map(|(r, _, f)| (r, f))
        .collect();
    assert_eq!(found, [(rule, Fix::Nop(0))], "{cpu}: {short}");
}

/// gfx950's MFMA wait states, as llc-22's hazard recognizer inserts them for gfx950
/// and gfx942 (`llc-22 -run-pass=post-RA-hazard-rec` on the pair): XDL results of more
/// than 2 passes need one more than on gfx942 (a 16-pass one 20), an XDL read by an
/// XDL as source C one more at any passes, v_mfma_f64_16x16x4_f64's 19 before a VALU
/// or source A/B and 17 before source C; gfx942 keeps its numbers.
#[test]
fn gfx950_mfma_wait_states() {
    const XDL2: &str = "v_mfma_f32_4x4x4_16b_bf16 a[0:3], v[40:41], v[40:41], a[32:35]";
    const XDL4: &str = "v_mfma_f32_16x16x16_f16 a[0:3], v[40:41], v[40:41], a[32:35]";
    const XDL8: &str = "v_mfma_f32_32x32x8_f16 a[0:15], v[40:41], v[40:41], a[32:47]";
    const XDL16: &str = "v_mfma_f32_32x32x4_2b_bf16 a[0:31], v[40:41], v[40:41], a[32:63]";
    const F32_16: &str = "v_mfma_f32_32x32x1_2b_f32 a[0:31], v40, v40, a[32:63]";
    const F64_16: &str = "v_mfma_f64_16x16x4_f64 a[0:7], v[40:41], v[40:41], a[32:39]";
    const F64_4: &str = "v_mfma_f64_4x4x4_4b_f64 a[0:1], v[40:41], v[40:41], a[32:33]";
    const READ: &str = "v_accvgpr_read_b32 v70, a1";
    const WRITE: &str = "v_accvgpr_write_b32 a1, v70";
    const STORE: &str = "global_store_dword v[10:11], a1, off";
    const SRC_A: &str = "v_mfma_f32_16x16x16_f16 v[60:63], a[0:1], v[44:45], v[60:63]";
    const SRC_C_XDL: &str = "v_mfma_f32_16x16x16_f16 a[2:5], v[44:45], v[44:45], a[2:5]";
    const SRC_C_F32: &str = "v_mfma_f32_4x4x1_16b_f32 a[2:5], v44, v45, a[2:5]";
    // (writer, reader, rule, gfx942, gfx950)
    let cases: &[(&str, &str, Rule, u8, u8)] = &[
        (XDL2, READ, Rule::MfmaRead, 5, 5),
        (XDL4, READ, Rule::MfmaRead, 7, 8),
        (XDL8, READ, Rule::MfmaRead, 11, 12),
        (XDL16, READ, Rule::MfmaRead, 19, 20),
        (XDL8, STORE, Rule::MfmaRead, 11, 12),
        (XDL8, WRITE, Rule::MfmaWrite, 11, 12),
        (XDL16, WRITE, Rule::MfmaWrite, 19, 20),
        (XDL2, SRC_A, Rule::MfmaSrcAB, 5, 5),
        (XDL4, SRC_A, Rule::MfmaSrcAB, 7, 8),
        (XDL16, SRC_A, Rule::MfmaSrcAB, 19, 20),
        (XDL2, SRC_C_XDL, Rule::MfmaSrcC, 3, 4),
        (XDL4, SRC_C_XDL, Rule::MfmaSrcC, 5, 6),
        (XDL16, SRC_C_XDL, Rule::MfmaSrcC, 17, 18),
        (XDL2, SRC_C_F32, Rule::MfmaSrcC, 3, 3),
        (XDL4, SRC_C_F32, Rule::MfmaSrcC, 5, 6),
        (XDL8, SRC_C_F32, Rule::MfmaSrcC, 9, 10),
        // The non-XDL MFMAs keep gfx942's numbers.
        (F32_16, READ, Rule::MfmaRead, 18, 18),
        (F32_16, SRC_C_F32, Rule::MfmaSrcC, 16, 16),
        // v_mfma_f64_16x16x4_f64: a VALU read, source A/B and C wait longer on
        // gfx950; a VALU overwrite and a memory read do not.
        (F64_16, READ, Rule::MfmaRead, 11, 19),
        (F64_16, SRC_A, Rule::MfmaSrcAB, 11, 19),
        (F64_16, SRC_C_F32, Rule::MfmaSrcC, 9, 17),
        (F64_16, WRITE, Rule::MfmaWrite, 11, 11),
        (F64_16, STORE, Rule::MfmaRead, 18, 18),
        (F64_4, READ, Rule::MfmaRead, 6, 6),
        // The accumulator overwritten before an XDL read it: unchanged.
        (
            XDL4,
            "v_accvgpr_write_b32 a33, v70",
            Rule::MfmaSrcCWar,
            3,
            3,
        ),
        (
            XDL16,
            "v_accvgpr_write_b32 a33, v70",
            Rule::MfmaSrcCWar,
            15,
            15,
        ),
    ];
    for &(w, r, rule, n942, n950) in cases {
        needs("gfx942", w, r, rule, n942);
        needs("gfx950", w, r, rule, n950);
    }
    // gfx950's own XDL MFMAs follow its table.
    for (w, n) in [
        (
            "v_mfma_f32_16x16x32_f16 a[0:3], v[40:43], v[40:43], a[32:35]",
            8,
        ),
        (
            "v_mfma_f32_32x32x16_bf16 a[0:15], v[40:43], v[40:43], a[32:47]",
            12,
        ),
        (
            "v_smfmac_f32_16x16x64_f16 a[0:3], v[40:43], v[48:55], v70",
            8,
        ),
    ] {
        needs("gfx950", w, READ, Rule::MfmaRead, n);
    }
    // The f8f6f4 MFMAs take twice the passes with an fp8/bf8 source (cbsz/blgp 0-1):
    // 16x16x128 8 and 32x32x64 16, against 4 and 8 with fp6/bf6/fp4 sources.
    const F16: &str = "v_mfma_f32_16x16x128_f8f6f4 a[0:3]";
    const F32: &str = "v_mfma_f32_32x32x64_f8f6f4 a[0:15]";
    for (w, tail, n) in [
        (F16, "v[40:47], v[40:47], a[32:35]", 12),
        (F16, "v[40:43], v[40:43], a[32:35] cbsz:4 blgp:4", 8),
        (F16, "v[40:45], v[40:45], a[32:35] cbsz:2 blgp:3", 8),
        (F16, "v[40:47], v[48:51], a[32:35] blgp:4", 12),
        (F16, "v[40:43], v[48:55], a[32:35] cbsz:4 blgp:1", 12),
        (F32, "v[40:47], v[40:47], a[32:47]", 20),
        (F32, "v[40:43], v[40:43], a[32:47] cbsz:4 blgp:4", 12),
        (F32, "v[40:45], v[48:51], a[32:47] cbsz:2 blgp:4", 12),
        (F32, "v[40:47], v[48:51], a[32:47] blgp:4", 20),
    ] {
        needs("gfx950", &format!("{w}, {tail}"), READ, Rule::MfmaRead, n);
    }
    let fp8 = format!("{F32}, v[40:47], v[40:47], a[32:47]");
    needs("gfx950", &fp8, SRC_C_XDL, Rule::MfmaSrcC, 18);
    needs("gfx950", &fp8, SRC_A, Rule::MfmaSrcAB, 20);
    needs(
        "gfx950",
        &fp8,
        "v_accvgpr_write_b32 a33, v70",
        Rule::MfmaSrcCWar,
        15,
    );
    let fp4 = format!("{F16}, v[40:43], v[40:43], a[32:35] cbsz:4 blgp:4");
    needs(
        "gfx950",
        &fp4,
        "v_accvgpr_write_b32 a33, v70",
        Rule::MfmaSrcCWar,
        3,
    );
}

/// A scaled MFMA's scale VGPRs are read as source A/B are (LLVM's checkMAIHazards90A
/// takes every use that is not source C so): a VALU write 2 wait states before (as
/// llc-22 waits), an MFMA result those of source A/B.
#[test]
fn gfx950_scaled_mfma_scales() {
    const SCALED: &str = "v_mfma_scale_f32_16x16x128_f8f6f4 v[0:3], v[4:11], v[12:19], v[20:23], v24, v25 op_sel_hi:[0,0,0]";
    needs("gfx950", "v_mov_b32 v24, 0", SCALED, Rule::MaiValuVgpr, 2);
    needs("gfx950", "v_mov_b32 v25, 0", SCALED, Rule::MaiValuVgpr, 2);
    let mfma = "v_mfma_f32_16x16x32_f16 v[24:27], v[40:43], v[40:43], v[44:47]";
    needs("gfx950", mfma, SCALED, Rule::MfmaSrcAB, 8);
}

/// From gfx90a on, a VMEM, FLAT or DS load that overwrites an MFMA's result or its
/// accumulator waits as a VALU would (LLVM's checkMAIVALUHazards checks memory
/// instructions' definitions; llc-22 puts `s_nop 7` between a gfx950 4-pass XDL MFMA
/// and a global_load overwriting its result).
#[test]
fn loads_overwriting_mfma_registers() {
    let load = "global_load_dwordx4 v[2:5], v6, s[10:11]";
    let x4 = "v_mfma_f32_16x16x32_f16 v[0:3], v[8:11], v[8:11], 0";
    needs("gfx950", x4, load, Rule::MfmaLoadWrite, 8);
    let x4 = "v_mfma_f32_16x16x16_f16 v[0:3], v[8:9], v[8:9], 0";
    needs("gfx942", x4, load, Rule::MfmaLoadWrite, 7);
    needs("gfx942", x4, "ds_read_b32 v1, v6", Rule::MfmaLoadWrite, 7);
    needs(
        "gfx90a",
        "v_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3]",
        "global_load_dword a0, v[6:7], off",
        Rule::MfmaLoadWrite,
        5,
    );
    // gfx908's memory instructions write no AGPR an MFMA wrote... and LLVM starts at gfx90a.
    needs(
        "gfx908",
        "v_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3]",
        "global_load_dword v4, v[6:7], off",
        Rule::MfmaLoadWrite,
        0,
    );
    // The accumulator: a 4-pass XDL's source C, 3 wait states on gfx942.
    let acc = "v_mfma_f32_16x16x16_f16 v[0:3], v[8:9], v[8:9], v[12:15]";
    needs(
        "gfx942",
        acc,
        "global_load_dword v12, v6, s[10:11]",
        Rule::MfmaSrcCWar,
        3,
    );
    // A store reads; it overwrites nothing.
    needs(
        "gfx942",
        x4,
        "global_store_dword v6, v20, s[10:11]",
        Rule::MfmaLoadWrite,
        0,
    );
}

/// gfx950's lane swaps (LLVM's checkPermlaneHazards, and llc-22's s_nops for the
/// pairs of hazards-gfx950.mir): a VALU write of either operand 2 wait states, a
/// compare writing EXEC 4 whatever the registers.
#[test]
fn gfx950_permlane_swap() {
    const SWAP: &str = "v_permlane32_swap_b32 v0, v1";
    let vgpr = Rule::PermlaneVgpr;
    for w in [
        "v_mov_b32 v1, 0",
        "v_mov_b32 v0, 0",
        "v_lshlrev_b64 v[0:1], 1, v[2:3]",
        "v_permlane16_swap_b32 v1, v2",
        // The swap's rule outlasts TRANS_FORWARD's and DSTSEL_FORWARD's 1.
        "v_rcp_f32 v1, v5",
        "v_mov_b32_sdwa v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD",
    ] {
        needs("gfx950", w, SWAP, vgpr, 2);
    }
    needs("gfx950", "v_mov_b32 v2, 0", SWAP, vgpr, 0);
    needs("gfx950", "global_load_dword v5, v[2:3], off", SWAP, vgpr, 0);
    let vcmpx = Rule::PermlaneVcmpx;
    for w in [
        "v_cmpx_eq_u32 vcc, v2, v3",
        "v_cmpx_eq_u32_e64 s[4:5], v2, v3",
        "v_cmp_eq_u32_e64 exec, v2, v3",
        "v_cmpx_class_f32_sdwa vcc, v2, v3 src0_sel:WORD_1 src1_sel:DWORD",
    ] {
        needs("gfx950", w, SWAP, vcmpx, 4);
        needs("gfx950", w, "v_permlane16_swap_b32 v8, v9", vcmpx, 4);
    }
    // Not a compare, or not a VALU: no such hazard.
    needs("gfx950", "s_mov_b64 exec, -1", SWAP, vcmpx, 0);
    needs("gfx950", "v_cmp_eq_u32_e64 s[4:5], v2, v3", SWAP, vcmpx, 0);
    // Other VALUs count as wait states: after 3, one more; after 4, none.
    let valus = |n: usize| -> String {
        (0..n)
            .map(|k| format!("v_mov_b32 v{}, 0\n", 10 + k))
            .collect()
    };
    let src = format!("v_cmpx_eq_u32 vcc, v2, v3\n{}{SWAP}", valus(3));
    assert_eq!(hazards("gfx950", &src), [(vcmpx, 4, Fix::Nop(0))]);
    let src = format!("v_cmpx_eq_u32 vcc, v2, v3\n{}{SWAP}", valus(4));
    assert_eq!(hazards("gfx950", &src), []);
    // Both at once (hazards-gfx950.mir): the compare's 4 with one VALU between.
    let both = "v_cmpx_eq_u32 vcc, v2, v3\nv_mov_b32 v1, 0\nv_permlane32_swap_b32 v0, v1";
    assert_eq!(hazards("gfx950", both), [(vcmpx, 2, Fix::Nop(2))]);
    let both =
        "v_cmpx_eq_u32 vcc, v2, v3\nv_mov_b32 v1, 0\nv_mov_b32 v0, 0\nv_permlane32_swap_b32 v0, v1";
    assert_eq!(hazards("gfx950", both), [(vgpr, 3, Fix::Nop(1))]);
}

/// The byte-select and stochastic fp4 conversions' results are not forwarded (LLVM's
/// FP8/FP4 dst-sel cases, measured with llc-22 on gfx942 and gfx950 alike): a VALU
/// reading or overwriting the VGPR needs 1 wait state after one that wrote byte 1 or
/// 3 (op_sel[2]), or after any v_cvt_scalef32_sr_pk_fp4_*.
#[test]
fn byte_select_conversions_are_not_forwarded() {
    let rule = Rule::CvtByteSelForward;
    const READ: &str = "v_add_u32 v4, v0, v0";
    const WRITE: &str = "v_mov_b32 v0, 0";
    for w in [
        "v_cvt_scalef32_sr_fp8_f32 v0, v1, v2, v3 op_sel:[0,0,1,0]",
        "v_cvt_scalef32_sr_bf8_f16 v0, v1, v2, v3 op_sel:[0,0,1,0]",
        "v_cvt_scalef32_pk_fp4_f32 v0, v1, v2, v3 op_sel:[0,0,1,0]",
        "v_cvt_scalef32_pk_fp4_f16 v0, v1, v2 op_sel:[0,0,1,0]",
        "v_cvt_scalef32_sr_pk_fp4_f32 v0, v[2:3], v4, v5",
        "v_cvt_scalef32_sr_pk_fp4_f16 v0, v1, v2, v3",
        "v_cvt_sr_bf8_f32 v0, v1, v2 op_sel:[0,0,1,0]",
    ] {
        needs("gfx950", w, READ, rule, 1);
        needs("gfx950", w, WRITE, rule, 1);
        // A source read, or a memory read of the result: none.
        needs("gfx950", w, "v_add_u32 v9, v7, v7", rule, 0);
        needs("gfx950", w, "global_store_dword v[10:11], v0, off", rule, 0);
    }
    // Byte 0 or 2, a word select, a whole-register result: forwarded.
    for w in [
        "v_cvt_scalef32_sr_fp8_f32 v0, v1, v2, v3",
        "v_cvt_scalef32_pk_fp4_f32 v0, v1, v2, v3",
        "v_cvt_scalef32_pk_fp8_f32 v0, v1, v2, v3",
        "v_cvt_scalef32_f32_fp8 v0, v1, v2 op_sel:[1,1,0]",
        "v_cvt_scalef32_pk_f32_fp8 v[0:1], v1, v2 op_sel:[1,0,0]",
    ] {
        needs("gfx950", w, READ, rule, 0);
        needs("gfx950", w, WRITE, rule, 0);
    }
    // op_sel[3] (the high word, or bytes 2-3) is DSTSEL_FORWARD's: a read only.
    let hi = "v_cvt_scalef32_sr_fp8_f32 v0, v1, v2, v3 op_sel:[0,0,0,1]";
    needs("gfx950", hi, READ, Rule::DstSelForward, 1);
    needs("gfx950", hi, WRITE, rule, 0);
    // Both: the earlier rule of the registry reports the read, this one the write.
    let fp4 = "v_cvt_scalef32_sr_pk_fp4_f16 v0, v1, v2, v3 op_sel:[0,0,0,1]";
    needs("gfx950", fp4, READ, Rule::DstSelForward, 1);
    needs("gfx950", fp4, WRITE, rule, 1);
    // gfx942's v_cvt_sr_fp8_f32 alike (llc-22 puts s_nop 0 there too).
    let g942 = "v_cvt_sr_fp8_f32 v0, v1, v2 op_sel:[0,0,1,0]";
    needs("gfx942", g942, READ, rule, 1);
    needs("gfx942", g942, WRITE, rule, 1);
    needs("gfx942", "v_cvt_sr_fp8_f32 v0, v1, v2", READ, rule, 0);
}

/// An MFMA accumulating into an earlier MFMA's registers finishes after it: a read of
/// them waits for the later one only, as LLVM looks at the nearest MFMA writing the
/// register. llc-22 -O0 compiles an fp8 f8f6f4 MFMA (8 passes) chained into an fp4
/// one (4 passes) with the fp4 one's 8 wait states before the read.
#[test]
fn a_chained_mfma_supersedes_the_earlier_one() {
    let fp8 = "v_mfma_f32_16x16x128_f8f6f4 a[16:19], v[8:15], v[8:15], a[16:19]";
    let fp4 = "v_mfma_f32_16x16x128_f8f6f4 a[16:19], v[2:5], v[2:5], a[16:19] cbsz:4 blgp:4";
    let chain = format!("{fp8}\n{fp4}");
    needs(
        "gfx950",
        &chain,
        "v_accvgpr_read_b32 v1, a17",
        Rule::MfmaRead,
        8,
    );
    // Into other registers (no dependence): the earlier one still counts.
    let apart = format!(
        "{fp8}\nv_mfma_f32_16x16x128_f8f6f4 a[16:19], v[2:5], v[2:5], a[20:23] cbsz:4 blgp:4"
    );
    needs(
        "gfx950",
        &apart,
        "v_accvgpr_read_b32 v1, a17",
        Rule::MfmaRead,
        11,
    );
}
