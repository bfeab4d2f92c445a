//! A target is a row of features: a made-up target that is gfx942 with one feature
//! changed is built from gfx942's row here, without touching the library, and behaves
//! as gfx942 except where the feature is asked.

use amdgpu_mc::isa::{decode_op, Column, Fmt};
use amdgpu_mc::lint::{lint, Rule};
use amdgpu_mc::program::Program;
use amdgpu_mc::target::{Features, TARGETS};
use amdgpu_mc::{assemble, Target};

fn gfx942() -> Target {
    Target::from_name("gfx942").unwrap()
}

/// gfx942 plus the gfx90a 64-bit shift bug.
fn gfx942x() -> Target {
    gfx942()
        .named("gfx942x")
        .plus(Features::SHIFT64_HIGH_REG_BUG)
}

fn rules(t: Target, src: &str) -> Vec<Rule> {
    let a = assemble(t, src);
    assert!(a.diags.is_empty(), "{}: {:?}", t.name, a.diags);
    lint(&Program::from_assembly(t, &a))
        .iter()
        .map(|f| f.rule)
        .collect()
}

#[test]
fn a_made_up_row_encodes_as_its_base() {
    let src = "v_mfma_f32_32x32x8_f16 a[0:15], v[0:1], v[2:3], a[0:15]
               v_add_f32 v0, v1, v2
               global_load_dword v1, v[2:3], off
               s_endpgm";
    let (a, b) = (assemble(gfx942(), src), assemble(gfx942x(), src));
    assert!(a.diags.is_empty() && b.diags.is_empty());
    assert_eq!(a.bytes(gfx942()), b.bytes(gfx942x()));
    assert!(!a.bytes(gfx942()).is_empty());
}

#[test]
fn the_changed_feature_is_what_differs() {
    let src = "v_lshlrev_b64 v[0:1], v7, v[2:3]\ns_endpgm";
    assert_eq!(rules(gfx942(), src), []);
    assert_eq!(rules(gfx942x(), src), [Rule::Shift64HighVgpr]);
    // Removing a feature works the same way: without the back-off barrier, the
    // barrier needs the wave's memory operations complete.
    let t = gfx942().minus(Features::BACKOFF_BARRIER);
    assert!(t.barrier_needs_waitcnt() && !gfx942().barrier_needs_waitcnt());
}

#[test]
fn rows_name_their_opcode_column() {
    // Targets of one generation share their column; decoding asks the row's.
    let t = gfx942();
    assert_eq!(t.column, Some(Column::GFX940));
    assert_eq!(Column::GFX940.name(), "gfx940");
    let other = Target {
        column: Some(Column::GFX90A),
        ..gfx942x()
    };
    // v_add_f32 is VOP2 opcode 1 on both.
    let id = decode_op(t, Fmt::Vop2, 1).unwrap();
    assert_eq!(decode_op(other, Fmt::Vop2, 1), Some(id));
    // The R600 targets use tables of their own.
    assert!(TARGETS
        .iter()
        .all(|t| t.column.is_none() == t.gen.is_r600()));
}
