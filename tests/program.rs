use amdgpu_mc::inst::build::{s, v, Opnd};
use amdgpu_mc::inst::Inst;
use amdgpu_mc::isa::{op, waitcnt::Waitcnt};
use amdgpu_mc::program::{Edge, Program};
use amdgpu_mc::{assemble, encode, Target};

#[test]
fn readme_kernel() {
    let t = Target::from_name("gfx906").unwrap();
    let wait = |w: Waitcnt| Opnd::Imm(w.encode(t.gen) as u32);
    // loop: load a pointer (scalar), load through it (global), add, store, count down.
    let mut body = vec![
        Inst::build(t, op::S_LOAD_DWORDX2, &[s(4), s(0), Opnd::Imm(0)]).unwrap(),
        Inst::build(t, op::S_WAITCNT, &[wait(Waitcnt::new().lgkmcnt(0))]).unwrap(),
        Inst::build(t, op::GLOBAL_LOAD_DWORD, &[v(1), v(2), s(4)]).unwrap(),
        Inst::build(t, op::S_WAITCNT, &[wait(Waitcnt::new().vmcnt(0))]).unwrap(),
        Inst::build(t, op::V_ADD_F32, &[v(1), Opnd::F32(1.0), v(1)]).unwrap(),
        Inst::build(t, op::GLOBAL_STORE_DWORD, &[v(2), v(1), s(4)]).unwrap(),
        Inst::build(t, op::S_SUB_U32, &[s(6), s(6), Opnd::Int(1)]).unwrap(),
        Inst::build(t, op::S_CMP_LG_U32, &[s(6), Opnd::Int(0)]).unwrap(),
    ];
    // The branch back to `loop` counts dwords from the instruction after it.
    let size: usize = body.iter().map(|i| i.size()).sum();
    let back = -((size + 4) as i32 / 4);
    body.push(Inst::build(t, op::S_CBRANCH_SCC1, &[Opnd::Imm(back as u16 as u32)]).unwrap());
    body.push(Inst::build(t, op::S_ENDPGM, &[Opnd::Imm(0)]).unwrap());
    let mut bytes = Vec::new();
    for i in &body {
        encode(t, i).unwrap().write_to(&mut bytes);
    }
    let text = "loop:
        s_load_dwordx2 s[4:5], s[0:1], 0x0
        s_waitcnt lgkmcnt(0)
        global_load_dword v1, v2, s[4:5]
        s_waitcnt vmcnt(0)
        v_add_f32 v1, 1.0, v1
        global_store_dword v2, v1, s[4:5]
        s_sub_u32 s6, s6, 1
        s_cmp_lg_u32 s6, 0
        s_cbranch_scc1 loop
        s_endpgm";
    let a = assemble(t, text);
    assert!(a.diags.is_empty(), "{:?}", a.diags);
    assert_eq!(bytes, a.bytes(t));
    // The control flow of the same bytes: the branch goes back to the first statement.
    let p = Program::from_bytes(t, &bytes);
    assert_eq!(p.successors(8).as_slice(), &[Edge::To(0), Edge::Next]);
    assert!(p.successors(9).as_slice().is_empty());
}

#[test]
fn control_flow_from_source() {
    let t = Target::from_name("gfx900").unwrap();
    let src = "start:
        s_mov_b32 s0, 0
    top:
        s_add_u32 s0, s0, 1
        s_cmp_lt_u32 s0, 10
        s_cbranch_scc1 top
        s_setpc_b64 s[4:5]
        s_branch start
        s_swappc_b64 s[6:7], s[8:9]
        s_endpgm";
    let a = assemble(t, src);
    assert!(a.diags.is_empty(), "{:?}", a.diags);
    let p = Program::from_assembly(t, &a);
    assert_eq!(
        p.labels,
        vec![("start".to_string(), 0), ("top".to_string(), 1)]
    );
    assert_eq!(p.stmts[1].span.map(|s| (s.line, s.col)), Some((4, 9)));
    // s_add_u32 s0, s0, 1: operands at columns 19, 23 and 27.
    assert_eq!(p.stmts[1].span.unwrap().operands[..4], [19, 23, 27, 0]);
    assert_eq!(p.successors(0).as_slice(), &[Edge::Next]);
    assert_eq!(p.successors(3).as_slice(), &[Edge::To(1), Edge::Next]);
    assert_eq!(p.successors(4).as_slice(), &[Edge::Unknown]);
    assert_eq!(p.successors(5).as_slice(), &[Edge::To(0)]);
    assert_eq!(p.successors(6).as_slice(), &[Edge::Unknown, Edge::Next]);
    assert!(p.successors(7).as_slice().is_empty());
    let leaders: Vec<usize> = (0..p.stmts.len()).filter(|&k| p.leaders()[k]).collect();
    assert_eq!(leaders, vec![0, 1, 4, 5, 6, 7]);
}
