//! Code objects through the reader and the disassembler: never a panic, and what
//! loads is consistent and disassembles. The first byte chooses raw bytes (any file
//! at all) or a structured file: objects assembled from generated programs, wrapped
//! in bundles and compressed bundles (amdgpu_mc::random::files), then damaged.
//! Same property and generators as tests/props.rs (`object_files`).
#![no_main]

use amdgpu_mc::random::{self, files};
use amdgpu_mc::{fuzz, mc, Target};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else { return };
    if sel < 0x40 {
        if let Err(e) = fuzz::check_object_file(rest) {
            panic!("{e}");
        }
        return;
    }
    let t = Target::from_name(fuzz::CPUS[sel as usize % fuzz::CPUS.len()]).unwrap();
    let rows = random::rows(t);
    let mut u = arbitrary::Unstructured::new(rest);
    let mut objects = Vec::new();
    for _ in 0..2 {
        let Ok(src) = files::program(t, &rows, &mut u) else { break };
        let a = mc::assemble_object(&mc::Triple::default(), t, None, None, &src, None);
        if a.diags.is_empty() {
            objects.push(a.elf());
        }
    }
    if objects.is_empty() {
        return;
    }
    let Ok(file) = files::container(&objects, &mut u) else { return };
    if let Err(e) = fuzz::check_object_file(&file) {
        panic!("{e}");
    }
});
