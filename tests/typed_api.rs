//! The typed backend API (issue [17]): typed registers, immediates and memory
//! modifiers refuse what does not fit, naming the operand; branches take labels;
//! instructions without operands take none; `CodeAssembler::lint`/`fix` work on the
//! code it holds. Each case is held against the assembler's reading of the same text.

mod common;

use amdgpu_mc::inst::build::{ar, s, sr, v, vr, BuildError, MemMod, Opnd};
use amdgpu_mc::inst::Inst;
use amdgpu_mc::isa::hwreg::Hwreg;
use amdgpu_mc::isa::op;
use amdgpu_mc::isa::sendmsg::Sendmsg;
use amdgpu_mc::isa::waitcnt::Waitcnt;
use amdgpu_mc::mc::CodeAssembler;
use amdgpu_mc::{assemble_line, encode, Target};

fn t(name: &str) -> Target {
    Target::from_name(name).unwrap()
}

/// `i` encodes to the bytes of `text` as the assembler reads it.
fn same(target: Target, i: &Inst, text: &str) {
    let want = assemble_line(target, text).unwrap();
    assert_eq!(
        encode(target, i).unwrap(),
        encode(target, &want).unwrap(),
        "{text}"
    );
}

#[test]
fn register_widths_are_checked() {
    let g = t("gfx90a");
    let i = Inst::build(g, op::GLOBAL_LOAD_DWORDX4, &[vr(4, 4), vr(0, 2), Opnd::Off]).unwrap();
    same(g, &i, "global_load_dwordx4 v[4:7], v[0:1], off");
    let e = Inst::build(g, op::GLOBAL_LOAD_DWORDX4, &[vr(4, 2), vr(0, 2), Opnd::Off]).unwrap_err();
    assert_eq!(
        e,
        BuildError::Operand {
            index: 0,
            name: "vdst",
            why: "v[4:5] is 2 registers where 4 are due".into()
        }
    );
    let e = Inst::build(g, op::S_LOAD_DWORDX2, &[sr(0, 4), sr(4, 2), Opnd::Imm(0)]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "operand 0 (vdst): s[0:3] is 4 registers where 2 are due"
    );
    // AGPR tuples, and a single register where a single one is due.
    let i = Inst::build(
        g,
        op::V_MFMA_F32_4X4X1F32,
        &[ar(0, 4), vr(4, 1), vr(5, 1), ar(0, 4)],
    )
    .unwrap();
    same(g, &i, "v_mfma_f32_4x4x1f32 a[0:3], v4, v5, a[0:3]");
    let e = Inst::build(
        g,
        op::V_MFMA_F32_4X4X1F32,
        &[ar(0, 4), vr(4, 2), vr(5, 1), ar(0, 4)],
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "operand 1 (src0): v[4:5] is 2 registers where 1 is due"
    );
}

#[test]
fn immediates_are_typed() {
    let g = t("gfx906");
    let w = Waitcnt::new().vmcnt(3).lgkmcnt(0);
    let i = Inst::build(g, op::S_WAITCNT, &[w.into()]).unwrap();
    same(g, &i, "s_waitcnt vmcnt(3) lgkmcnt(0)");
    // vmcnt has 6 bits on gfx9, 4 on gfx8: past them is refused, not lowered.
    let e = Inst::build(
        t("gfx803"),
        op::S_WAITCNT,
        &[Waitcnt::new().vmcnt(20).into()],
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "operand 0 (waitcnt): vmcnt(20) is past the counter's maximum on this GPU (15)"
    );
    let h = Hwreg::new(1, 0, 32).unwrap();
    let i = Inst::build(g, op::S_GETREG_B32, &[s(2), h.into()]).unwrap();
    same(g, &i, "s_getreg_b32 s2, hwreg(HW_REG_MODE)");
    let m = Sendmsg::new(1);
    let i = Inst::build(g, op::S_SENDMSG, &[m.into()]).unwrap();
    same(g, &i, "s_sendmsg sendmsg(MSG_INTERRUPT)");
    // No such message on the target.
    let e = Inst::build(g, op::S_SENDMSG, &[Sendmsg::new(14).into()]);
    assert!(e.is_err());
    // Instructions whose immediate the text may leave out take no operand.
    let i = Inst::build(g, op::S_ENDPGM, &[]).unwrap();
    same(g, &i, "s_endpgm");
}

#[test]
fn memory_modifiers_are_checked() {
    let g = t("gfx90a");
    let load = Inst::build(g, op::GLOBAL_LOAD_DWORD, &[v(1), vr(2, 2), Opnd::Off]).unwrap();
    // The case: 5000 in a 13-bit signed field is refused, not -3192.
    assert_eq!(
        load.with(g, MemMod::Offset(5000)).unwrap_err(),
        BuildError::Modifier {
            name: "offset",
            why: "expected a 13-bit signed offset".into()
        }
    );
    let i = load
        .with(g, MemMod::Offset(-4096))
        .unwrap()
        .with(g, MemMod::Glc)
        .unwrap();
    same(g, &i, "global_load_dword v1, v[2:3], off offset:-4096 glc");
    let buf = Inst::build(
        g,
        op::BUFFER_LOAD_DWORD,
        &[v(1), v(2), sr(4, 4), Opnd::Int(0)],
    )
    .unwrap();
    let i = buf
        .with(g, MemMod::Offen)
        .unwrap()
        .with(g, MemMod::Offset(4095))
        .unwrap();
    same(
        g,
        &i,
        "buffer_load_dword v1, v2, s[4:7], 0 offen offset:4095",
    );
    assert!(buf.with(g, MemMod::Offset(4096)).is_err());
    let ds = Inst::build(g, op::DS_READ_B32, &[v(1), v(2)]).unwrap();
    assert_eq!(
        ds.with(g, MemMod::Offset(65536)).unwrap_err().to_string(),
        "offset: expected a 16-bit unsigned offset"
    );
    // gfx940's cache policy is sc0/sc1/nt: glc is refused there.
    let h = t("gfx942");
    let load = Inst::build(h, op::GLOBAL_LOAD_DWORD, &[v(1), vr(2, 2), Opnd::Off]).unwrap();
    let i = load
        .with(h, MemMod::Sc0)
        .unwrap()
        .with(h, MemMod::Nt)
        .unwrap();
    same(h, &i, "global_load_dword v1, v[2:3], off sc0 nt");
    assert!(load.with(h, MemMod::Glc).is_err());
}

#[test]
fn branches_take_labels_and_unbound_labels_are_named() {
    let g = t("gfx906");
    let mut a = CodeAssembler::new(g);
    let top = a.create_named_label("top");
    a.bind(top).unwrap();
    a.emit(op::S_SUB_U32, &[s(0), s(0), Opnd::Int(1)]).unwrap();
    a.branch_to(op::S_CBRANCH_SCC1, top).unwrap();
    a.emit(op::S_ENDPGM, &[]).unwrap();
    let (bytes, _) = a.bytes().unwrap();
    let want = amdgpu_mc::assemble(g, "top: s_sub_u32 s0, s0, 1\ns_cbranch_scc1 top\ns_endpgm");
    assert_eq!(bytes, want.bytes(g));

    let mut a = CodeAssembler::new(g);
    let done = a.create_named_label("done");
    a.branch_to(op::S_BRANCH, done).unwrap();
    let e = a.bytes().unwrap_err();
    assert_eq!(e.to_string(), "label 'done' is never bound");
    let mut a = CodeAssembler::new(g);
    let l = a.create_label();
    a.branch_to(op::S_BRANCH, l).unwrap();
    assert_eq!(
        a.bytes().unwrap_err().to_string(),
        "label #1 is never bound"
    );
    // A builder error converts into the assembler's with `?`, keeping its text.
    let mut a = CodeAssembler::new(g);
    let e = a
        .emit(op::V_ADD_F64, &[vr(0, 2), vr(2, 4), vr(4, 2)])
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "operand 1 (src0): v[2:5] is 4 registers where 2 are due"
    );
}

/// The code a backend holds can be linted and fixed before it is written: the fix is
/// inserted where the finding is, branches to that place reach it first, and the
/// result is what the text assembler makes of the fixed text.
#[test]
fn code_assembler_lints_and_fixes_its_code() {
    let g = t("gfx906");
    let mut a = CodeAssembler::new(g);
    let top = a.create_named_label("top");
    a.emit(op::GLOBAL_LOAD_DWORD, &[v(1), vr(2, 2), Opnd::Off])
        .unwrap();
    a.bind(top).unwrap();
    a.emit(op::V_ADD_F32, &[v(3), v(1), v(1)]).unwrap();
    a.emit(op::S_SUB_U32, &[s(0), s(0), Opnd::Int(1)]).unwrap();
    a.branch_to(op::S_CBRANCH_SCC1, top).unwrap();
    a.emit(op::S_ENDPGM, &[]).unwrap();
    let (p, found) = a.lint().unwrap();
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].at, 1);
    assert_eq!(p.stmts.len(), 5);
    assert_eq!(a.fix().unwrap(), 0);
    assert!(a.lint().unwrap().1.is_empty());
    let (bytes, _) = a.bytes().unwrap();
    let want = amdgpu_mc::assemble(
        g,
        "global_load_dword v1, v[2:3], off
         top: s_waitcnt vmcnt(0)
         v_add_f32 v3, v1, v1
         s_sub_u32 s0, s0, 1
         s_cbranch_scc1 top
         s_endpgm",
    );
    assert_eq!(bytes, want.bytes(g));
    // A wait-state fix: s_nops, more than one when the wait is over 16.
    let h = t("gfx90a");
    let mut a = CodeAssembler::new(h);
    a.emit(
        op::V_MFMA_F64_16X16X4F64,
        &[vr(0, 8), vr(8, 2), vr(10, 2), vr(0, 8)],
    )
    .unwrap();
    a.emit(op::GLOBAL_STORE_DWORD, &[vr(20, 2), v(0), Opnd::Off])
        .unwrap();
    a.emit(op::S_ENDPGM, &[]).unwrap();
    assert_eq!(a.lint().unwrap().1.len(), 1);
    assert_eq!(a.fix().unwrap(), 0);
    let (p, found) = a.lint().unwrap();
    assert!(found.is_empty());
    assert_eq!(p.stmts.len(), 5, "s_nop 15 and s_nop 1 inserted");
}

/// Symbol sizes and visibility: the object is llvm-mc's of `.size` and `.protected`.
#[test]
fn symbol_sizes_and_visibility_match_llvm_mc() {
    if !common::have_llvm("symbol_sizes_and_visibility_match_llvm_mc") {
        return;
    }
    use amdgpu_mc::mc::Visibility;
    let g = t("gfx90a");
    let mut a = CodeAssembler::new(g);
    let f = a.named_label("f", true);
    let h = a.named_label("h", true);
    a.bind(f).unwrap();
    a.emit(op::S_NOP, &[Opnd::Imm(0)]).unwrap();
    a.emit(op::S_SETPC_B64, &[sr(30, 2)]).unwrap();
    a.set_size_here(f).unwrap();
    a.set_visibility(f, Visibility::Protected).unwrap();
    a.bind(h).unwrap();
    a.emit(op::S_ENDPGM, &[]).unwrap();
    a.set_size(h, 4).unwrap();
    a.set_visibility(h, Visibility::Hidden).unwrap();
    let ours = a.elf().unwrap();
    let text = ".globl f\n.type f,@function\n.protected f\nf:\n  s_nop 0\n  s_setpc_b64 s[30:31]\n.Lca1:\n.size f, .Lca1-f\n.globl h\n.type h,@function\n.hidden h\nh:\n  s_endpgm\n.size h, 4\n";
    let src = std::env::temp_dir().join(format!("amdgpu-mc-typed-{}.s", std::process::id()));
    std::fs::write(&src, text).unwrap();
    let out = std::process::Command::new(common::LLVM_MC)
        .args([
            "-filetype=obj",
            "-triple=amdgcn-amd-amdhsa",
            "-mcpu=gfx90a",
            "-o",
            "-",
        ])
        .arg(&src)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&src);
    assert!(out.status.success());
    assert!(
        ours == out.stdout,
        "the object differs from llvm-mc's of:\n{text}"
    );
}

/// An instruction that builds but does not encode (two SGPRs over the constant bus)
/// is refused by the assembler with the operand the text assembler blames.
#[test]
fn encode_errors_name_the_operand() {
    let g = t("gfx906");
    let mut a = CodeAssembler::new(g);
    let e = a
        .emit(op::V_FMA_F32, &[v(0), s(1), s(2), v(3)])
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "v_fma_f32 v0, s1, s2, v3: operand 2 (src1): instruction does not encode: violates constant bus restrictions"
    );
}
