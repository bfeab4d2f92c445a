//! The assembler never panics on any text, and what it accepts disassembles back to
//! text that assembles to the same bytes.
#![no_main]

use amdgpu_mc::{assemble, fuzz, Target};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let t = Target::from_name("gfx906").unwrap();
    let a = assemble(t, text);
    let bytes = a.bytes(t);
    if let Err(e) = fuzz::check_bytes(t, &bytes) {
        panic!("{e}");
    }
});
