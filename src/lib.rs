#![warn(missing_docs)]
//! amdgpu-mc: assembler, disassembler and hazard and `s_waitcnt` linter for AMD GPU
//! machine code (R600, GCN gfx6-gfx8, Vega, CDNA).
//!
//! The pipeline:
//!
//! ```text
//! text  --parse-->  Inst  --encode-->  bytes     (assembler; compilers build Inst directly)
//! bytes --decode--> Inst  --print-->   text      (disassembler)
//! [Inst] + control flow --lint--> findings       (hazards and s_waitcnt; fixes)
//! ```
//!
//! See README.md for the command line, and docs/design.md for a tour of the modules.
//!
//! [`Inst`] is the one currency: a small `Copy` value holding an instruction's fields
//! in hardware terms. The ISA is data: `isa/*.tsv`, compiled into tables by `build.rs`.
//!
//! ```
//! use amdgpu_mc::{assemble_line, decode, encode, Target};
//! let t = Target::from_name("gfx906").unwrap();
//! let inst = assemble_line(t, "v_add_f32 v1, v2, v3").unwrap();
//! let words = encode(t, &inst).unwrap();
//! assert_eq!(words.as_slice(), &[0x0202_0702]);
//! let back = decode(t, &0x0202_0702u32.to_le_bytes()).unwrap();
//! assert_eq!(back.display(t).to_string(), "v_add_f32_e32 v1, v2, v3");
//! ```

pub mod asm;
pub mod backend;
pub mod code_object;
pub mod codec;
pub mod constant_bus;
pub mod disasm;
#[cfg(feature = "gen")]
pub mod fuzz;
pub mod inst;
pub mod isa;
pub mod lint;
pub mod mc;
pub mod objdump;
pub mod operand_code;
pub mod program;
pub mod r600;
#[cfg(feature = "gen")]
pub mod random;
pub mod reg;
pub mod source;
pub(crate) mod syntax;
pub mod target;

pub use asm::{assemble, assemble_line, Assembly, Diagnostic};
pub use codec::{decode, encode, DecodeError, EncodeError, Words};
pub use inst::{Enc, Inst, Mods};
pub use syntax::print::DisplayInst;
pub use target::{Target, TargetError};

#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

#[doc = include_str!("../docs/library.md")]
#[cfg(doctest)]
pub struct LibraryDoctests;

#[doc = include_str!("../docs/cli.md")]
#[cfg(doctest)]
pub struct CliDoctests;

/// A xorshift64 sequence from `seed` (not 0): the unit tests' source of random words.
#[cfg(test)]
pub(crate) fn xorshift64(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}
