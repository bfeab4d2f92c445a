//! decode then encode is the identity, and disassembly assembles back to the input,
//! for arbitrary bytes; generated instructions survive encode/decode and print/parse;
//! encode refuses what does not decode back to the same instruction.
//! Same properties and generators as tests/props.rs (amdgpu_mc::fuzz, amdgpu_mc::random);
//! for the R600 family, those of tests/r600.rs (amdgpu_mc::r600::random).
#![no_main]

use amdgpu_mc::r600::{self, disasm::Kind, Chip};
use amdgpu_mc::{fuzz, random, Target};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

static ROWS: OnceLock<Vec<(Target, Vec<amdgpu_mc::isa::OpId>)>> = OnceLock::new();

fuzz_target!(|data: &[u8]| {
    let rows = ROWS.get_or_init(|| {
        fuzz::CPUS
            .iter()
            .map(|c| {
                let t = Target::from_name(c).unwrap();
                (t, random::rows(t))
            })
            .collect()
    });
    let Some((&sel, rest)) = data.split_first() else { return };
    // Selector bytes 0xF0-0xFF pick an R600-family target; the others a GCN one, as before.
    if sel >= 0xF0 {
        let cpus = r600::random::CPUS;
        return r600_roundtrip(cpus[sel as usize % cpus.len()], rest);
    }
    let (t, r) = &rows[sel as usize % rows.len()];
    if let Err(e) = fuzz::check_bytes(*t, rest) {
        panic!("{e}");
    }
    let mut u = arbitrary::Unstructured::new(rest);
    if let Ok(i) = random::inst(*t, r, &mut u) {
        if let Err(e) = fuzz::check_inst(*t, &i) {
            panic!("{e}");
        }
    }
    let mut u = arbitrary::Unstructured::new(rest);
    if let Ok(i) = random::mutated_inst(*t, r, &mut u) {
        if let Err(e) = fuzz::check_encode_contract(*t, &i) {
            panic!("{e}");
        }
    }
});

/// R600: random bytes disassemble to text that assembles back to them, generated
/// programs too, and generated instructions survive encode/decode and print/parse.
fn r600_roundtrip(cpu: &str, data: &[u8]) {
    let chip = Chip::of(Target::from_name(cpu).unwrap()).unwrap();
    if let Err(e) = r600::random::check_bytes(chip, data) {
        panic!("{e}");
    }
    let mut u = arbitrary::Unstructured::new(data);
    if let Ok(p) = r600::random::program(chip, &mut u) {
        if let Err(e) = r600::random::check_bytes(chip, &p) {
            panic!("{e}");
        }
    }
    let mut u = arbitrary::Unstructured::new(data);
    for kind in [None, Some(Kind::Alu), Some(Kind::Tex), Some(Kind::Vtx)] {
        if let Ok(i) = r600::random::inst(chip, kind, &mut u) {
            if let Err(e) = r600::random::check_inst(chip, kind, &i) {
                panic!("{e}");
            }
        }
    }
}
