//! Whole assembly files with sections, labels, symbols, data and alignment
//! directives: neither assembler panics, and an object the object assembler writes
//! loads back for its target, disassembles, and its code reassembles to the same
//! bytes. The first byte chooses the target and whether the rest is text as it is or
//! the seed of a generated program (amdgpu_mc::random::files::program). Same property and
//! generator as tests/props.rs (`assembly_files`).
#![no_main]

use amdgpu_mc::random::{self, files};
use amdgpu_mc::{fuzz, Target};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else { return };
    let t = Target::from_name(fuzz::CPUS[sel as usize % fuzz::CPUS.len()]).unwrap();
    let text = if sel & 0x80 != 0 {
        let Ok(text) = std::str::from_utf8(rest) else { return };
        text.to_string()
    } else {
        let rows = random::rows(t);
        let mut u = arbitrary::Unstructured::new(rest);
        let Ok(p) = files::program(t, &rows, &mut u) else { return };
        p
    };
    if let Err(e) = fuzz::check_asm_file(t, &text) {
        panic!("{e}");
    }
});
