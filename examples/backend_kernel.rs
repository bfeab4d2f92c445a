//! A compiler backend's kernel, built with the typed API: what a compiler writer would
//! copy. The gfx90a kernel
//!
//! ```text
//! kernel void scale(global float4 *out, global const float *in, int n)
//! // acc = 0; for i in 0..n: x = in[i]; tile[id] = x; y = tile[id];
//! //                         acc = mfma_4x4x1(x, y, acc)
//! // out[id] = acc
//! ```
//!
//! with its arguments, a loop, LDS and an MFMA. The code is written without a single
//! wait: `CodeAssembler::fix` inserts the `s_waitcnt`s and `s_nop`s the linter finds
//! missing, before the object is written. The kernel descriptor and the metadata note
//! are typed values; the note is what llc-22 writes for the same kernel in LLVM IR
//! (tests/backend_api.rs links the object with ld.lld-22 and compares).
//!
//! ```text
//! cargo run --example backend_kernel -- scale.o
//! ld.lld-22 -shared scale.o -o scale.hsaco
//! ```

use amdgpu_mc::inst::build::{a, ar, s, sr, v, Opnd};
use amdgpu_mc::isa::op;
use amdgpu_mc::mc::{
    AddressSpace, Arg, CodeAssembler, Error, FloatDenormMode, Kernel, KernelDescriptor, Metadata,
    WorkitemIds,
};
use amdgpu_mc::Target;

/// The kernel's object (ELF), and the number of waits `fix` inserted.
pub fn build() -> Result<(Vec<u8>, usize), Error> {
    let t = Target::from_name("gfx90a").expect("a known target");
    let mut asm = CodeAssembler::new(t);
    let entry = asm.named_label("scale", true);
    let top = asm.create_named_label("loop");
    asm.bind(entry)?;
    // Arguments from the kernarg segment (s[8:9]): out, in in s[0:3], n in s4.
    asm.emit(op::S_LOAD_DWORDX4, &[sr(0, 4), sr(8, 2), Opnd::Imm(0)])?;
    asm.emit(op::S_LOAD_DWORD, &[s(4), sr(8, 2), Opnd::Imm(0x10)])?;
    asm.emit(op::S_MOV_B32, &[s(5), Opnd::Int(0)])?;
    for k in 0..4 {
        asm.emit(op::V_ACCVGPR_WRITE_B32, &[a(k), Opnd::Int(0)])?;
    }
    // The work-item id and its LDS address.
    asm.emit(op::V_AND_B32, &[v(0), Opnd::Int(0x3ff), v(0)])?;
    asm.emit(op::V_LSHLREV_B32, &[v(3), Opnd::Int(2), v(0)])?;
    asm.bind(top)?;
    asm.emit(op::S_LOAD_DWORD, &[s(6), sr(2, 2), Opnd::Imm(0)])?;
    asm.emit(op::S_ADD_I32, &[s(5), s(5), Opnd::Int(1)])?;
    asm.emit(op::S_ADD_U32, &[s(2), s(2), Opnd::Int(4)])?;
    asm.emit(op::S_ADDC_U32, &[s(3), s(3), Opnd::Int(0)])?;
    asm.emit(op::V_MOV_B32, &[v(1), s(6)])?;
    asm.emit(op::DS_WRITE_B32, &[v(3), v(1)])?;
    asm.emit(op::DS_READ_B32, &[v(2), v(3)])?;
    asm.emit(op::V_MFMA_F32_4X4X1F32, &[ar(0, 4), v(1), v(2), ar(0, 4)])?;
    asm.emit(op::S_CMP_LT_I32, &[s(5), s(4)])?;
    asm.branch_to(op::S_CBRANCH_SCC1, top)?;
    // out[id] = acc.
    asm.emit(op::V_LSHLREV_B32, &[v(0), Opnd::Int(4), v(0)])?;
    asm.emit(op::GLOBAL_STORE_DWORDX4, &[v(0), ar(0, 4), sr(0, 2)])?;
    asm.emit(op::S_ENDPGM, &[])?;
    asm.set_size_here(entry)?;

    // The descriptor and the metadata, as llc-22 writes them for the same kernel.
    let mut md = Metadata::new();
    let mut k = Kernel::new("scale");
    k.args = vec![
        Arg::global_buffer("out", AddressSpace::Global),
        Arg::global_buffer("in", AddressSpace::Global),
        Arg::by_value("n", 4, 4),
    ];
    k.group_segment_fixed_size = 1024;
    k.sgpr_count = 14;
    k.vgpr_count = 12;
    k.agpr_count = Some(8);
    let co = asm.object().co_version;
    let mut kd = KernelDescriptor::new(t);
    kd.group_segment_fixed_size = k.group_segment_fixed_size;
    kd.kernarg_size = k.kernarg_segment_size(co);
    kd.user_sgpr_private_segment_buffer = true;
    kd.user_sgpr_dispatch_ptr = true;
    kd.user_sgpr_queue_ptr = true;
    kd.user_sgpr_kernarg_segment_ptr = true;
    kd.user_sgpr_dispatch_id = true;
    kd.user_sgpr_flat_scratch_init = true;
    kd.system_sgpr_workgroup_id_y = true;
    kd.system_sgpr_workgroup_id_z = true;
    kd.system_vgpr_workitem_id = WorkitemIds::Xyz;
    kd.next_free_vgpr = 12;
    kd.next_free_sgpr = 10;
    kd.accum_offset = Some(4);
    kd.reserve_vcc = false;
    kd.reserve_flat_scratch = false;
    kd.float_denorm_mode_32 = FloatDenormMode::FlushNone;
    md.kernels.push(k);
    asm.kernel("scale", &kd)?;
    asm.metadata(&md)?;

    // The waits (the descriptor first: a label with one is a kernel, which starts
    // with nothing pending): every finding fixed, none left.
    let found = asm.lint()?.1.len();
    let left = asm.fix()?;
    assert_eq!(left, 0, "the fixed code lints clean");

    Ok((asm.elf()?, found))
}

#[allow(dead_code)]
fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "scale.o".into());
    match build() {
        Ok((elf, fixed)) => {
            std::fs::write(&path, elf).unwrap_or_else(|e| {
                eprintln!("backend_kernel: {path}: {e}");
                std::process::exit(1)
            });
            println!("{path}: the gfx90a kernel `scale` ({fixed} waits inserted by fix)");
        }
        Err(e) => {
            eprintln!("backend_kernel: {e}");
            std::process::exit(1)
        }
    }
}
