//! decode then encode is the identity, and disassembly assembles back to the input,
//! for arbitrary bytes; generated instructions survive encode/decode and print/parse;
//! encode refuses what does not decode back to the same instruction.
//! Same properties and generators as tests/props.rs (amdgpu_mc::fuzz, amdgpu_mc::gen).
#![no_main]

use amdgpu_mc::{fuzz, gen, Target};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

static ROWS: OnceLock<Vec<(Target, Vec<amdgpu_mc::isa::OpId>)>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let rows = ROWS.get_or_init(|| {
        fuzz::CPUS
            .iter()
            .map(|c| {
                let t = Target::from_name(c).unwrap();
                (t, gen::rows(t))
            })
            .collect()
    });
    let Some((&sel, rest)) = data.split_first() else { return };
    let (t, r) = &rows[sel as usize % rows.len()];
    if let Err(e) = fuzz::check_bytes(*t, rest) {
        panic!("{e}");
    }
    let mut u = arbitrary::Unstructured::new(rest);
    if let Ok(i) = gen::inst(*t, r, &mut u) {
        if let Err(e) = fuzz::check_inst(*t, &i) {
            panic!("{e}");
        }
    }
    let mut u = arbitrary::Unstructured::new(rest);
    if let Ok(i) = gen::mutated_inst(*t, r, &mut u) {
        if let Err(e) = fuzz::check_encode_contract(*t, &i) {
            panic!("{e}");
        }
    }
});
