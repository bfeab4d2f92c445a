//! The typed backend API: `KernelDescriptor` and `Metadata` through the
//! `CodeAssembler`, against llc-22's object of the same kernel and against the
//! string-directive path.

mod common;

use amdgpu_mc::assemble_line;
use amdgpu_mc::mc::{
    AddressSpace, Arg, CodeAssembler, FloatDenormMode, Kernel, KernelDescriptor, Metadata,
    WorkitemIds,
};
use amdgpu_mc::Target;
use std::path::{Path, PathBuf};
use std::process::Command;

const LLC: &str = "llc-22";
const READELF: &str = "llvm-readelf-22";

/// Whether llc-22 and llvm-readelf-22 are installed (and llvm-mc-22, as
/// `common::have_llvm` checks); prints why a test is skipped when not.
fn have_llc(test: &str) -> bool {
    if !common::have_llvm(test) {
        return false;
    }
    for tool in [LLC, READELF] {
        let ok = Command::new(tool)
            .arg("--version")
            .output()
            .map(|o| o.status.success())
            .unwrap_or(false);
        if !ok {
            eprintln!("{test}: skipped: {tool} is not installed (apt-get install -y llvm-22)");
            return false;
        }
    }
    true
}

/// A path of its own for each call: tests run on threads of one process, and two
/// of them once shared `llc.o` (one removed it while the other read it).
fn temp(name: &str) -> PathBuf {
    static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let pid = std::process::id();
    std::env::temp_dir().join(format!("amdgpu-mc-backend-{pid}-{n}-{name}"))
}

/// `llvm-readelf-22 ARGS` of an object.
fn readelf(args: &[&str], obj: &Path) -> String {
    let out = Command::new(READELF)
        .args(args)
        .arg(obj)
        .output()
        .expect("run llvm-readelf-22");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).replace(obj.to_str().unwrap(), "OBJ")
}

/// A gfx90a kernel `k(ptr addrspace(1) %p, i32 %n)` that stores through LDS (256
/// bytes of it), as LLVM IR.
const KERNEL_LL: &str = "@lds = internal addrspace(3) global [64 x i32] poison, align 4
define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %n) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i32, ptr addrspace(3) @lds, i32 %i
  store i32 %n, ptr addrspace(3) %g
  %v = load i32, ptr addrspace(3) %g
  store i32 %v, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
";

/// The metadata llc-22 writes for [`KERNEL_LL`], built from its arguments.
fn kernel_metadata() -> Metadata {
    let mut k = Kernel::new("k");
    k.args = vec![
        Arg::global_buffer("p", AddressSpace::Global),
        Arg::by_value("n", 4, 4),
    ];
    k.group_segment_fixed_size = 256;
    k.sgpr_count = 14; // (`total_sgprs` of the descriptor, checked below)
    k.vgpr_count = 3;
    let mut md = Metadata::new();
    md.kernels.push(k);
    md
}

/// The descriptor llc-22 writes for [`KERNEL_LL`].
fn kernel_descriptor(t: Target, md: &Metadata, co_version: u32) -> KernelDescriptor {
    let mut kd = KernelDescriptor::new(t);
    kd.group_segment_fixed_size = md.kernels[0].group_segment_fixed_size;
    kd.kernarg_size = md.kernels[0].kernarg_segment_size(co_version);
    kd.user_sgpr_private_segment_buffer = true;
    kd.user_sgpr_dispatch_ptr = true;
    kd.user_sgpr_queue_ptr = true;
    kd.user_sgpr_kernarg_segment_ptr = true;
    kd.user_sgpr_dispatch_id = true;
    kd.user_sgpr_flat_scratch_init = true;
    kd.system_sgpr_workgroup_id_y = true;
    kd.system_sgpr_workgroup_id_z = true;
    kd.system_vgpr_workitem_id = WorkitemIds::Xyz;
    kd.next_free_vgpr = 3;
    kd.next_free_sgpr = 10;
    kd.accum_offset = Some(4);
    kd.reserve_vcc = false;
    kd.reserve_flat_scratch = false;
    kd.float_denorm_mode_32 = FloatDenormMode::FlushNone;
    kd
}

/// An assembler with kernel `k` (its code: `s_endpgm`) bound.
fn with_kernel(t: Target) -> CodeAssembler {
    let mut a = CodeAssembler::new(t);
    let k = a.named_label("k", true);
    a.bind(k).unwrap();
    a.inst(assemble_line(t, "s_endpgm").unwrap()).unwrap();
    a
}

/// (a) A gfx90a kernel with a pointer and an i32 argument and 256 bytes of LDS: the
/// notes of our object (typed metadata) are llc-22's, and so is the kernel
/// descriptor (typed descriptor) in `.rodata`.
#[test]
fn notes_and_descriptor_equal_llc() {
    if !have_llc("notes_and_descriptor_equal_llc") {
        return;
    }
    let t = Target::from_name("gfx90a").unwrap();
    let ll = temp("k.ll");
    let want_obj = temp("llc.o");
    std::fs::write(&ll, KERNEL_LL).unwrap();
    let st = Command::new(LLC)
        .args([
            "-mtriple=amdgcn-amd-amdhsa",
            "-mcpu=gfx90a",
            "-filetype=obj",
            "-o",
        ])
        .arg(&want_obj)
        .arg(&ll)
        .status()
        .expect("run llc-22");
    assert!(st.success());

    let mut a = with_kernel(t);
    let co = a.object().co_version;
    let md = kernel_metadata();
    let kd = kernel_descriptor(t, &md, co);
    assert_eq!(kd.total_sgprs(), md.kernels[0].sgpr_count);
    a.kernel("k", &kd).unwrap();
    a.metadata(&md).unwrap();
    let ours_obj = temp("ours.o");
    std::fs::write(&ours_obj, a.elf().unwrap()).unwrap();

    let notes = (
        readelf(&["--notes"], &ours_obj),
        readelf(&["--notes"], &want_obj),
    );
    let rodata = (
        readelf(&["-x", ".rodata"], &ours_obj),
        readelf(&["-x", ".rodata"], &want_obj),
    );
    for f in [&ll, &want_obj, &ours_obj] {
        let _ = std::fs::remove_file(f);
    }
    assert!(notes.1.contains("hidden_queue_ptr"), "{}", notes.1);
    assert_eq!(notes.0, notes.1, "our notes, then llc-22's");
    assert_eq!(rodata.0, rodata.1, "our descriptor, then llc-22's");
}

/// (b) The typed descriptor gives the object the `.amdhsa_*` directives give,
/// byte for byte, on targets before and after gfx90a and with architected flat
/// scratch.
#[test]
fn typed_descriptor_equals_directives() {
    type Case = (
        &'static str,
        fn(&mut KernelDescriptor),
        Vec<(&'static str, i64)>,
    );
    let cases: Vec<Case> = vec![
        (
            "gfx90a",
            |kd| {
                kd.next_free_vgpr = 40;
                kd.next_free_sgpr = 20;
                kd.accum_offset = Some(32);
                kd.kernarg_size = 16;
                kd.group_segment_fixed_size = 1024;
                kd.user_sgpr_kernarg_segment_ptr = true;
                kd.system_vgpr_workitem_id = WorkitemIds::Xy;
                kd.ieee_mode = false;
                kd.tg_split = true;
            },
            vec![
                (".amdhsa_next_free_vgpr", 40),
                (".amdhsa_next_free_sgpr", 20),
                (".amdhsa_accum_offset", 32),
                (".amdhsa_kernarg_size", 16),
                (".amdhsa_group_segment_fixed_size", 1024),
                (".amdhsa_user_sgpr_kernarg_segment_ptr", 1),
                (".amdhsa_system_vgpr_workitem_id", 1),
                (".amdhsa_ieee_mode", 0),
                (".amdhsa_tg_split", 1),
            ],
        ),
        (
            "gfx906",
            |kd| {
                kd.next_free_vgpr = 7;
                kd.next_free_sgpr = 9;
                kd.reserve_vcc = false;
                kd.user_sgpr_private_segment_buffer = true;
                kd.system_sgpr_private_segment_wavefront_offset = true;
                kd.private_segment_fixed_size = 64;
                kd.exception_int_div_zero = true;
            },
            vec![
                (".amdhsa_next_free_vgpr", 7),
                (".amdhsa_next_free_sgpr", 9),
                (".amdhsa_reserve_vcc", 0),
                (".amdhsa_user_sgpr_private_segment_buffer", 1),
                (".amdhsa_system_sgpr_private_segment_wavefront_offset", 1),
                (".amdhsa_private_segment_fixed_size", 64),
                (".amdhsa_exception_int_div_zero", 1),
            ],
        ),
        (
            "gfx942",
            |kd| {
                kd.next_free_vgpr = 5;
                kd.next_free_sgpr = 3;
                kd.enable_private_segment = true;
                kd.uses_dynamic_stack = true;
            },
            vec![
                (".amdhsa_next_free_vgpr", 5),
                (".amdhsa_next_free_sgpr", 3),
                (".amdhsa_accum_offset", 8),
                (".amdhsa_enable_private_segment", 1),
                (".amdhsa_uses_dynamic_stack", 1),
            ],
        ),
    ];
    for (name, set, directives) in cases {
        let t = Target::from_name(name).unwrap();
        let mut kd = KernelDescriptor::new(t);
        set(&mut kd);
        let mut typed = with_kernel(t);
        typed.kernel("k", &kd).unwrap();
        let mut strings = with_kernel(t);
        strings.kernel_descriptor("k", &directives).unwrap();
        assert!(
            typed.elf().unwrap() == strings.elf().unwrap(),
            "{name}: the typed descriptor's object differs"
        );
    }
}

/// (c) Values llvm-mc refuses are refused when the descriptor is added, and the
/// error names the field.
#[test]
fn refusals_name_the_field() {
    let gfx90a = Target::from_name("gfx90a").unwrap();
    let gfx906 = Target::from_name("gfx906").unwrap();
    type Case = (Target, fn(&mut KernelDescriptor), &'static str);
    let cases: Vec<Case> = vec![
        (
            gfx90a,
            |kd| {
                kd.next_free_vgpr = 16;
                kd.accum_offset = Some(6);
            },
            "accum_offset should be in range [4..256] in increments of 4",
        ),
        (
            gfx90a,
            |kd| {
                kd.next_free_vgpr = 8;
                kd.accum_offset = Some(12);
            },
            "accum_offset exceeds total VGPR allocation",
        ),
        (
            gfx90a,
            |kd| kd.next_free_vgpr = 513,
            "next_free_vgpr: value out of range",
        ),
        (
            gfx906,
            |kd| kd.next_free_sgpr = 103,
            "next_free_sgpr: value out of range",
        ),
        (
            gfx906,
            |kd| kd.tg_split = true,
            "tg_split: directive requires gfx90a+",
        ),
        (
            gfx906,
            |kd| kd.enable_private_segment = true,
            "enable_private_segment: directive is not supported without architected flat scratch",
        ),
        (
            gfx906,
            |kd| kd.user_sgpr_kernarg_preload_length = 1,
            "user_sgpr_kernarg_preload_length: directive requires gfx90a+",
        ),
        (
            gfx90a,
            |kd| kd.user_sgpr_kernarg_preload_length = 200,
            "user_sgpr_kernarg_preload_length: value out of range",
        ),
        (
            gfx906,
            |kd| {
                kd.user_sgpr_kernarg_segment_ptr = true;
                kd.user_sgpr_count = Some(1);
            },
            "user_sgpr_count: amdgpu_user_sgpr_count smaller than than implied by enabled user SGPRs",
        ),
        (
            gfx906,
            |kd| kd.reserve_xnack_mask = Some(false),
            "reserve_xnack_mask: .amdhsa_reserve_xnack_mask does not match target id",
        ),
    ];
    for (t, set, want) in cases {
        let mut kd = KernelDescriptor::new(t);
        kd.next_free_vgpr = 1;
        set(&mut kd);
        let mut a = with_kernel(t);
        // (The first error; others may follow, after `; `.)
        let e = a.kernel("k", &kd).unwrap_err().to_string();
        assert_eq!(e.split("; ").next(), Some(want), "{}: {e}", t.name);
        assert_eq!(kd.check().unwrap_err().to_string(), e, "{}", t.name);
    }
    // A descriptor of another target than the assembler's.
    let mut a = with_kernel(gfx906);
    assert!(a.kernel("k", &KernelDescriptor::new(gfx90a)).is_err());
}

/// The typed metadata of code object v4: LLVM's v4 hidden arguments, `hidden_none`
/// in the places of those the kernel does not use.
#[test]
fn metadata_v4_hidden_arguments() {
    if !have_llc("metadata_v4_hidden_arguments") {
        return;
    }
    let t = Target::from_name("gfx803").unwrap();
    let ll = temp("k4.ll");
    let want_obj = temp("llc4.o");
    std::fs::write(&ll, KERNEL_LL).unwrap();
    let st = Command::new(LLC)
        .args([
            "-mtriple=amdgcn-amd-amdhsa",
            "-mcpu=gfx803",
            "--amdhsa-code-object-version=4",
            "-filetype=obj",
            "-o",
        ])
        .arg(&want_obj)
        .arg(&ll)
        .status()
        .expect("run llc-22");
    assert!(st.success());
    let want = readelf(&["--notes"], &want_obj);
    let mut a = CodeAssembler::new(t);
    a.object().co_version = 4;
    let mut md = kernel_metadata();
    let k = &mut md.kernels[0];
    // llc's resources for this kernel on gfx803.
    k.sgpr_count = count_of(&want, ".sgpr_count:");
    k.vgpr_count = 3;
    a.metadata(&md).unwrap();
    let ours_obj = temp("ours4.o");
    std::fs::write(&ours_obj, a.elf().unwrap()).unwrap();
    let ours = readelf(&["--notes"], &ours_obj);
    for f in [&ll, &want_obj, &ours_obj] {
        let _ = std::fs::remove_file(f);
    }
    assert_eq!(ours, want, "our notes, then llc-22's");
}

/// The number after `key` in readelf's notes.
fn count_of(notes: &str, key: &str) -> u32 {
    notes
        .lines()
        .find_map(|l| l.trim().strip_prefix(key))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {key} in {notes}"))
}

/// The typed metadata of the same kernel is llc-22's on each generation (hidden
/// arguments with and without aperture registers, `.agpr_count` where there are
/// MFMAs), its register counts taken from llc's.
#[test]
fn notes_equal_llc_on_each_target() {
    if !have_llc("notes_equal_llc_on_each_target") {
        return;
    }
    let ll = temp("kt.ll");
    std::fs::write(&ll, KERNEL_LL).unwrap();
    for cpu in ["gfx600", "gfx803", "gfx906", "gfx908", "gfx942", "gfx950"] {
        let t = Target::from_name(cpu).unwrap();
        let want_obj = temp(&format!("llc-{cpu}.o"));
        let st = Command::new(LLC)
            .args(["-mtriple=amdgcn-amd-amdhsa", &format!("-mcpu={cpu}")])
            .args(["-filetype=obj", "-o"])
            .arg(&want_obj)
            .arg(&ll)
            .status()
            .expect("run llc-22");
        assert!(st.success());
        let want = readelf(&["--notes"], &want_obj);
        let mut md = kernel_metadata();
        md.kernels[0].sgpr_count = count_of(&want, ".sgpr_count:");
        md.kernels[0].vgpr_count = count_of(&want, ".vgpr_count:");
        let mut a = CodeAssembler::new(t);
        a.metadata(&md).unwrap();
        let ours_obj = temp(&format!("ours-{cpu}.o"));
        std::fs::write(&ours_obj, a.elf().unwrap()).unwrap();
        let ours = readelf(&["--notes"], &ours_obj);
        let _ = std::fs::remove_file(&want_obj);
        let _ = std::fs::remove_file(&ours_obj);
        assert_eq!(ours, want, "{cpu}: our notes, then llc-22's");
    }
    let _ = std::fs::remove_file(&ll);
}

/// Arguments of each kind and alignment are placed as llc-22 places them (a
/// 16-byte vector raises the segment's alignment, 32-bit pointers of the local,
/// private and region address spaces).
#[test]
fn argument_layout_equals_llc() {
    if !have_llc("argument_layout_equals_llc") {
        return;
    }
    let ll = temp("k2.ll");
    std::fs::write(
        &ll,
        "define amdgpu_kernel void @k2(ptr addrspace(3) align 16 %l, i8 %c, double %d, \
         <4 x float> %v, ptr %f, i16 %h, ptr addrspace(4) %k, ptr addrspace(5) %pr) {\n\
         store double %d, ptr %f\n  ret void\n}\n",
    )
    .unwrap();
    let want_obj = temp("llc-k2.o");
    let st = Command::new(LLC)
        .args([
            "-mtriple=amdgcn-amd-amdhsa",
            "-mcpu=gfx90a",
            "-filetype=obj",
            "-o",
        ])
        .arg(&want_obj)
        .arg(&ll)
        .status()
        .expect("run llc-22");
    assert!(st.success());
    let want = readelf(&["--notes"], &want_obj);
    let t = Target::from_name("gfx90a").unwrap();
    let mut k = Kernel::new("k2");
    k.args = vec![
        Arg::dynamic_shared_pointer("l", 16),
        Arg::by_value("c", 1, 1),
        Arg::by_value("d", 8, 8),
        Arg::by_value("v", 16, 16),
        Arg::global_buffer("f", AddressSpace::Generic),
        Arg::by_value("h", 2, 2),
        Arg::global_buffer("k", AddressSpace::Constant),
        Arg::global_buffer("pr", AddressSpace::Private),
    ];
    k.sgpr_count = count_of(&want, ".sgpr_count:");
    k.vgpr_count = count_of(&want, ".vgpr_count:");
    assert_eq!(k.kernarg_segment_align(6), 16);
    let mut md = Metadata::new();
    md.kernels.push(k);
    let mut a = CodeAssembler::new(t);
    a.metadata(&md).unwrap();
    let ours_obj = temp("ours-k2.o");
    std::fs::write(&ours_obj, a.elf().unwrap()).unwrap();
    let ours = readelf(&["--notes"], &ours_obj);
    for f in [&ll, &want_obj, &ours_obj] {
        let _ = std::fs::remove_file(f);
    }
    assert_eq!(ours, want, "our notes, then llc-22's");
}

#[path = "../examples/backend_kernel.rs"]
mod backend_kernel;

/// The IR of examples/backend_kernel.rs's kernel, for llc-22's notes.
const SCALE_LL: &str = "@tile = internal addrspace(3) global [256 x float] poison, align 16
declare <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float, float, <4 x float>, i32, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
define amdgpu_kernel void @scale(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [0, %entry], [%i1, %loop]
  %acc = phi <4 x float> [zeroinitializer, %entry], [%r, %loop]
  %p = getelementptr float, ptr addrspace(1) %in, i32 %i
  %x = load float, ptr addrspace(1) %p
  %l = getelementptr float, ptr addrspace(3) @tile, i32 %id
  store float %x, ptr addrspace(3) %l
  %y = load float, ptr addrspace(3) %l
  %r = call <4 x float> @llvm.amdgcn.mfma.f32.4x4x1f32(float %x, float %y, <4 x float> %acc, i32 0, i32 0, i32 0)
  %i1 = add i32 %i, 1
  %c = icmp slt i32 %i1, %n
  br i1 %c, label %loop, label %done
done:
  %q = getelementptr <4 x float>, ptr addrspace(1) %out, i32 %id
  store <4 x float> %r, ptr addrspace(1) %q
  ret void
}
";

/// examples/backend_kernel.rs, the compiler writer's example: its object, linked by
/// ld.lld-22, disassembles with llvm-objdump-22 to the expected code (the waits `fix`
/// inserted included, the loop's branch reaching the first of them), and its notes
/// are llc-22's for the same kernel in IR, linked the same way.
#[test]
fn example_kernel_links_and_matches_llc() {
    if !have_llc("example_kernel_links_and_matches_llc") {
        return;
    }
    let lld_ok = Command::new("ld.lld-22")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if !lld_ok {
        eprintln!("example_kernel_links_and_matches_llc: skipped: ld.lld-22 is not installed");
        return;
    }
    let link = |obj: &Path, out: &Path| {
        let st = Command::new("ld.lld-22")
            .arg("-shared")
            .arg(obj)
            .arg("-o")
            .arg(out)
            .status()
            .expect("run ld.lld-22");
        assert!(st.success());
    };
    let (elf, fixed) = backend_kernel::build().unwrap();
    assert_eq!(fixed, 4, "the findings fix() fixed");
    let (obj, so) = (temp("scale.o"), temp("scale.so"));
    std::fs::write(&obj, elf).unwrap();
    link(&obj, &so);
    let dis = Command::new("llvm-objdump-22")
        .args([
            "-d",
            "--mcpu=gfx90a",
            "--no-show-raw-insn",
            "--no-leading-addr",
        ])
        .arg(&so)
        .output()
        .expect("run llvm-objdump-22");
    let text = String::from_utf8_lossy(&dis.stdout);
    let code: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("<scale>:"))
        .skip(1)
        .map(|l| l.split("//").next().unwrap().trim())
        .take_while(|l| !l.is_empty())
        .collect();
    let want = [
        "s_load_dwordx4 s[0:3], s[8:9], 0x0",
        "s_load_dword s4, s[8:9], 0x10",
        "s_mov_b32 s5, 0",
        "v_accvgpr_write_b32 a0, 0",
        "v_accvgpr_write_b32 a1, 0",
        "v_accvgpr_write_b32 a2, 0",
        "v_accvgpr_write_b32 a3, 0",
        "v_and_b32_e32 v0, 0x3ff, v0",
        "v_lshlrev_b32_e32 v3, 2, v0",
        "s_waitcnt lgkmcnt(0)",
        "s_load_dword s6, s[2:3], 0x0",
        "s_add_i32 s5, s5, 1",
        "s_add_u32 s2, s2, 4",
        "s_addc_u32 s3, s3, 0",
        "s_waitcnt lgkmcnt(0)",
        "v_mov_b32_e32 v1, s6",
        "ds_write_b32 v3, v1",
        "ds_read_b32 v2, v3",
        "s_waitcnt lgkmcnt(0)",
        "v_mfma_f32_4x4x1f32 a[0:3], v1, v2, a[0:3]",
        "s_cmp_lt_i32 s5, s4",
        "s_cbranch_scc1 65519",
        "v_lshlrev_b32_e32 v0, 4, v0",
        "s_nop 1",
        "global_store_dwordx4 v0, a[0:3], s[0:1]",
        "s_endpgm",
    ];
    let got: Vec<&str> = code
        .iter()
        .map(|l| l.split(" <").next().unwrap().trim())
        .take(want.len())
        .collect();
    assert_eq!(got, want, "{text}");
    // The loop's branch reaches the wait inserted at its label.
    assert!(
        text.contains("s_cbranch_scc1 65519") && text.contains("<scale+0x40>"),
        "{text}"
    );

    let (ll, llc_obj, llc_so) = (temp("scale.ll"), temp("llc.o"), temp("llc.so"));
    std::fs::write(&ll, SCALE_LL).unwrap();
    let st = Command::new(LLC)
        .args([
            "-mtriple=amdgcn-amd-amdhsa",
            "-mcpu=gfx90a",
            "-filetype=obj",
            "-o",
        ])
        .arg(&llc_obj)
        .arg(&ll)
        .status()
        .expect("run llc-22");
    assert!(st.success());
    link(&llc_obj, &llc_so);
    let notes = (readelf(&["--notes"], &so), readelf(&["--notes"], &llc_so));
    for f in [&obj, &so, &ll, &llc_obj, &llc_so] {
        let _ = std::fs::remove_file(f);
    }
    assert!(notes.1.contains(".agpr_count:     8"), "{}", notes.1);
    assert_eq!(notes.0, notes.1, "our notes, then llc-22's");
}
