//! The R600 family (TeraScale 1: r600, rv630, rv670, rs880 with the R600 ALU layout;
//! rv710, rv730, rv770 with the R700 one), a backend of its own beside GCN.
//!
//! R600 code is not a flat stream of instructions: a CF program (one 64-bit slot per
//! instruction) names ALU clauses (groups of up to five 64-bit slots for the X, Y, Z, W
//! and Trans units, then literal slots) and TEX/VTX clauses (128-bit fetches) by
//! address. The text is in memory order: CF instructions, then `L<n>:` labels with a
//! `.alu`, `.tex` or `.vtx` directive before each clause; CF instructions name clauses
//! and jump targets as `@L<n>` (or a raw `@<n>`, which is not checked).
//!
//! Each line is LLVM's R600 printer's text (`ALU 7, @L4, KC0[CB0:0-32], KC1[]`,
//! `MULADD_IEEE * T1.W, T0.Y, literal.x, 0.5`, `TEX_SAMPLE T0.XYZW, T0.XYZW RID:3
//! SID:5 CT:NNNN`) followed by `KEY:value` for each field that printer drops and that
//! is not at its default (`EXPORT_DONE T0.XYZW TYPE:1 BASE:60 ES:3 EOP:1`), so the text
//! is lossless. Literal slots print as `LITERAL 0x..., 0x...`, what does not decode as
//! `.long`.
//!
//! ```
//! use amdgpu_mc::{r600, Target};
//! let t = Target::from_name("rv770").unwrap();
//! let src = "\tALU 0, @L2, KC0[], KC1[]\n\tCF_END\nL2:\n\t.alu\n\tMOV * T0.X, T1.Y\n";
//! let bytes = r600::assemble(t, src).unwrap();
//! assert_eq!(r600::disassemble(t, &bytes), src);
//!
//! // One instruction: decode, print, parse, encode.
//! let chip = r600::Chip::of(t).unwrap();
//! let i = r600::inst::Inst::decode_alu(chip, 0x8000_0401, 0x0000_0c90).unwrap();
//! assert_eq!(i.display(chip).to_string(), "MOV * T0.X, T1.Y");
//! assert_eq!(r600::parse::parse_inst(chip, Some(r600::disasm::Kind::Alu), "MOV * T0.X, T1.Y"), Ok(i));
//! assert_eq!(i.encode()[..2], [0x8000_0401, 0x0000_0c90]);
//! ```

pub mod asm;
pub mod disasm;
pub mod inst;
pub mod lint;
pub mod parse;
pub mod print;
#[cfg(feature = "gen")]
pub mod random;
pub mod tables;
pub mod validate;

use crate::target::{Gen, Target};

/// What distinguishes the R600-family chips for the assembler.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chip {
    /// The `-mcpu` name.
    pub name: &'static str,
    /// The R700 layout (OP2 opcode at 17:7, OMOD at 6:5, no FOG_MERGE; CF COUNT_3).
    pub r700: bool,
    /// Double precision (the FP64 opcodes): rv670 and rv770.
    pub fp64: bool,
}

impl Chip {
    /// The chip of an R600-family target.
    pub fn of(t: Target) -> Option<Chip> {
        let r700 = match t.gen {
            Gen::R600 => false,
            Gen::R700 => true,
            _ => return None,
        };
        Some(Chip {
            name: t.name,
            r700,
            fp64: matches!(t.name, "rv670" | "rv770"),
        })
    }
}

pub use parse::Error;

fn chip(t: Target) -> Chip {
    Chip::of(t).unwrap_or(Chip {
        name: t.name,
        r700: true,
        fp64: false,
    })
}

/// Assembles R600 text into the program's bytes. A target outside the R600 family is
/// treated as rv770.
pub fn assemble(t: Target, src: &str) -> Result<Vec<u8>, Vec<Error>> {
    asm::assemble(chip(t), src)
}

/// Assembles R600 text into each emitting line's bytes: (1-based line, bytes).
pub fn listing(t: Target, src: &str) -> Result<Vec<(usize, Vec<u8>)>, Vec<Error>> {
    asm::listing(chip(t), src)
}

/// Disassembles an R600 program (whole: the CF program starts at byte 0).
pub fn disassemble(t: Target, bytes: &[u8]) -> String {
    disasm::disassemble(chip(t), bytes)
}
