//! The operand codes: registers, special registers, inline constants and literals,
//! mapped to and from the hardware operand codes that sit in source fields.
//!
//! Code space (9-bit sources; scalar fields use 0-255):
//! 0-101 SGPRs, 102-107 flat_scratch/xnack_mask/vcc halves, 108-123 ttmp, 124 m0,
//! (up to gfx8: 108-111 tba/tma halves and ttmp0-11 at 112-123; gfx6/gfx7 have s102 and
//! s103, gfx7 flat_scratch at 104-105: see `ttmp0`, `sgpr_count` and `NAMED`),
//! 125 reserved (gfx10's null: llvm-mc refuses `null` before gfx10, so words with it
//! print as `.long`), 126-127 exec halves, 128-208 integer constants 0..64 and -1..-16,
//! 235-239 apertures and pops_exiting_wave_id, 240-248 float constants, 249 SDWA,
//! 250 DPP, 251-253 vccz/execz/scc, 254 lds_direct, 255 literal, 256-511 VGPRs.

use crate::isa::Ty;
use crate::reg::{RegFile, RegRange};
use crate::target::{Features, Gen, Target, CODES_KEYS};
use std::fmt::{self, Write};

/// Operand code of the literal constant that follows the instruction.
pub const LITERAL: u16 = 255;
/// First VGPR in the 9-bit source operand space (`v0` = 256).
pub const VGPR0: u16 = 256;

/// Code of ttmp0: 112 up to gfx8 (108-111 are tba/tma), 108 from gfx9 on.
pub const fn ttmp0(gen: Gen) -> u16 {
    if gen.before_gfx9() {
        112
    } else {
        108
    }
}

/// Number of SGPRs a source field can name: s0-s103 on gfx6/gfx7, s0-s101 later.
pub const fn sgpr_count(gen: Gen) -> u16 {
    if gen.before_gfx8() {
        104
    } else {
        102
    }
}
/// First AGPR in the operand code space. AGPRs have no code of their own in the
/// hardware: a source or data field holds the register number and an ACC bit (or the
/// instruction) says which file it names. `Inst` gives them codes 512-767 so that
/// every operand says what it is; the codecs map them to field + ACC bit.
pub const AGPR0: u16 = 512;
/// `m0`.
pub const M0: u16 = 124;
/// Code 125, gfx10's `null`: no operand before gfx10 (llvm-mc's disassembler prints
/// `null`, which its assembler refuses there).
pub const NULL: u16 = 125;
/// `vcc_lo` (`vcc` as a pair).
pub const VCC_LO: u16 = 106;
/// `exec_lo` (`exec` as a pair).
pub const EXEC_LO: u16 = 126;
/// The inline constant 0 (128 + n for 0..=64).
pub const INLINE_ZERO: u16 = 128;
/// The inline constant 0.5 (the float constants follow).
pub const FLOAT_HALF: u16 = 240;
/// The inline constant 1/(2*pi) (gfx8 on).
pub const INV_2PI: u16 = 248;
/// SRC0 code that selects the SDWA dword.
pub const SDWA: u16 = 249;
/// SRC0 code that selects the DPP dword.
pub const DPP: u16 = 250;
/// `src_lds_direct`.
pub const LDS_DIRECT: u16 = 254;

/// A named register: its code and width, the generations that have it, and the
/// feature a target of those generations needs for it.
#[derive(Clone, Copy, Debug)]
pub struct Named {
    /// The name.
    pub name: &'static str,
    /// Its operand code.
    pub code: u16,
    /// Its width in dwords.
    pub dwords: u8,
    /// The first generation that has it.
    pub from: Gen,
    /// The last generation that has it.
    pub to: Gen,
    /// A feature the target needs for it.
    pub feature: Features,
}

impl Named {
    /// Whether some target of `gen` has this register (how a decoded code prints).
    pub const fn on(&self, gen: Gen) -> bool {
        self.from as u8 <= gen as u8 && gen as u8 <= self.to as u8
    }
    /// Whether `target` has this register.
    pub const fn on_target(&self, target: Target) -> bool {
        self.on(target.gen) && target.features.contains(self.feature)
    }
}

const fn nr(name: &'static str, code: u16, dwords: u8, from: Gen, to: Gen) -> Named {
    Named {
        name,
        code,
        dwords,
        from,
        to,
        feature: Features(0),
    }
}

/// The xnack_mask registers: gfx801, gfx810 and gfx9 on.
const fn xnack(name: &'static str, code: u16, dwords: u8) -> Named {
    Named {
        feature: Features::XNACK_MASK,
        ..nr(name, code, dwords, G8, LAST)
    }
}

const G6: Gen = Gen::Gfx6;
const G7: Gen = Gen::Gfx7;
const G8: Gen = Gen::Gfx8;
const G9: Gen = Gen::Gfx9;
const LAST: Gen = Gen::Gfx940;

/// Named registers. Pairs first so that printing a 64-bit operand finds the pair name.
pub const NAMED: &[Named] = &[
    nr("flat_scratch", 104, 2, G7, G7),
    nr("flat_scratch", 102, 2, G8, LAST),
    xnack("xnack_mask", 104, 2),
    nr("vcc", 106, 2, G6, LAST),
    nr("tba", 108, 2, G6, G8),
    nr("tma", 110, 2, G6, G8),
    nr("exec", 126, 2, G6, LAST),
    nr("flat_scratch_lo", 104, 1, G7, G7),
    nr("flat_scratch_hi", 105, 1, G7, G7),
    nr("flat_scratch_lo", 102, 1, G8, LAST),
    nr("flat_scratch_hi", 103, 1, G8, LAST),
    xnack("xnack_mask_lo", 104, 1),
    xnack("xnack_mask_hi", 105, 1),
    nr("vcc_lo", 106, 1, G6, LAST),
    nr("vcc_hi", 107, 1, G6, LAST),
    nr("tba_lo", 108, 1, G6, G8),
    nr("tba_hi", 109, 1, G6, G8),
    nr("tma_lo", 110, 1, G6, G8),
    nr("tma_hi", 111, 1, G6, G8),
    nr("m0", 124, 1, G6, LAST),
    nr("exec_lo", 126, 1, G6, LAST),
    nr("exec_hi", 127, 1, G6, LAST),
    nr("src_shared_base", 235, 1, G9, LAST),
    nr("src_shared_limit", 236, 1, G9, LAST),
    nr("src_private_base", 237, 1, G9, LAST),
    nr("src_private_limit", 238, 1, G9, LAST),
    nr("src_pops_exiting_wave_id", 239, 1, G9, LAST),
    nr("src_vccz", 251, 1, G6, LAST),
    nr("src_execz", 252, 1, G6, LAST),
    nr("src_scc", 253, 1, G6, LAST),
    // (Not on gfx90a and gfx940, where llvm-mc's disassembler still prints it.)
    nr("src_lds_direct", 254, 1, G6, Gen::Gfx908),
];

/// Whether read-only value `code` stands where llvm-mc takes a scalar register of
/// `dwords` (its SReg classes): src_vccz, src_execz, src_scc and
/// src_pops_exiting_wave_id, and as 64-bit ones the apertures too. llvm-mc encodes them
/// as VOP3 scalar destinations (`v_cmp_class_f16_e64 src_execz, v1, v2`), as the SGPR
/// destination of v_readlane/v_readfirstlane and as s_cbranch_join's operand, and its
/// disassembler prints such words so; we take and print them alike. (Where the field
/// has 7 bits, SOP destinations and SDWA compares, llvm-mc keeps the low bits, another
/// register: those we refuse.)
pub fn read_only_sreg(target: Target, code: u16, dwords: u8) -> bool {
    let ok = match code {
        239 | 251..=253 => true,
        235..=238 => dwords == 2,
        _ => false,
    };
    ok && NAMED.iter().any(|r| r.code == code && r.on_target(target))
}

/// The named register `name` on `target`, if it has one by that name.
pub fn named(target: Target, name: &str) -> Option<&'static Named> {
    NAMED.iter().find(|n| n.name == name && n.on_target(target))
}

/// Accepted spellings that print differently: (alias, code).
pub const ALIASES: &[(&str, u16)] = &[
    ("shared_base", 235),
    ("shared_limit", 236),
    ("private_base", 237),
    ("private_limit", 238),
    ("pops_exiting_wave_id", 239),
    ("vccz", 251),
    ("execz", 252),
    ("scc", 253),
    ("lds_direct", 254),
];

/// Whether `code` is a VGPR.
pub const fn is_vgpr(code: u16) -> bool {
    matches!(code, 256..=511)
}

/// Whether `code` is an AGPR.
pub const fn is_agpr(code: u16) -> bool {
    matches!(code, 512..=767)
}

/// The value operand `code` takes in a 9-bit source field: an AGPR sits where the VGPR
/// of the same number does (an ACC bit or the instruction says which file it is).
pub const fn field_code(code: u16) -> u16 {
    if is_agpr(code) {
        code - AGPR0 + VGPR0
    } else {
        code
    }
}

/// Code of a register range, if it is addressable in a source field.
pub fn reg_code(gen: Gen, r: RegRange) -> u16 {
    match r.file {
        RegFile::Sgpr => r.first,
        RegFile::Ttmp => ttmp0(gen) + r.first,
        RegFile::Vgpr => VGPR0 + r.first,
        RegFile::Agpr => AGPR0 + r.first,
        // (No source field names SCC: src_scc reads it.)
        RegFile::Scc => 253,
    }
}

/// Whether `code` with width `dwords` names real registers (aligned tuples of SGPRs and
/// ttmps, any VGPR tuple, or the named pairs): the rules, which [`reg_valid`] reads
/// from masks built from them.
pub fn reg_valid_rules(target: Target, code: u16, dwords: u8) -> bool {
    let n = dwords.max(1) as u16;
    let align = if n >= 4 { 4 } else { n };
    let (sgprs, t0) = (sgpr_count(target.gen), ttmp0(target.gen));
    match code {
        c if c < sgprs => c.is_multiple_of(align) && c + n <= sgprs,
        c if (t0..124).contains(&c) => (c - t0).is_multiple_of(align) && c + n <= 124,
        256..=511 => code + n <= 512,
        AGPR0..=767 => code + n <= 768,
        0..=127 => NAMED
            .iter()
            .any(|r| r.code == code && r.dwords as u16 == n && r.on_target(target)),
        _ => false,
    }
}

/// `reg_valid`, plus the target's alignment rule: from gfx90a on, VGPR and AGPR
/// tuples start at an even register.
#[inline]
pub fn reg_valid_for(target: Target, code: u16, dwords: u8) -> bool {
    reg_valid(target, code, dwords)
        && !(dwords > 1 && target.even_tuples() && code >= VGPR0 && !code.is_multiple_of(2))
}

/// Writes register operand `code` of width `dwords` the way llvm-mc prints it: one
/// copy of precomputed text (see [`reg_name`]).
#[inline]
pub fn write_reg<W: Write + ?Sized>(out: &mut W, gen: Gen, code: u16, dwords: u8) -> fmt::Result {
    match reg_name(gen, code, dwords) {
        Some(s) => out.write_str(s),
        None => write_reg_slow(out, gen, code, dwords),
    }
}

/// The widths (in dwords) that operands have, each with a table of register names
/// and of valid codes.
const NAME_WIDTHS: [u8; 8] = [1, 2, 3, 4, 5, 8, 16, 32];
/// `NAME_WIDTHS`' index of each width from 0 to 32 (0 reads as 1), or 255.
const WIDTH_SLOT: [u8; 33] = {
    let mut t = width_slots(&NAME_WIDTHS);
    t[0] = 0;
    t
};

/// The index in `widths` of each width from 0 to 32, 255 for the others: tables kept
/// per operand width are indexed by it.
pub(crate) const fn width_slots(widths: &[u8]) -> [u8; 33] {
    let mut t = [255u8; 33];
    let mut k = 0;
    while k < widths.len() {
        t[widths[k] as usize] = k as u8;
        k += 1;
    }
    t
}
/// Operand codes with a name: SGPRs to the constants, VGPRs, AGPRs.
const NAME_CODES: usize = 768;
/// Generations (`Gen as usize`).
const NAME_GENS: usize = Gen::Gfx940 as usize + 1;

/// The text of every register operand of one width on one generation, by code. The
/// text is built once per process and kept for its life (one block per table).
type RegNames = Box<[&'static str]>;

// Made at run time, lazily per generation and width: 40 µs for one table, 0.5 ms for
// all eight widths of a generation (measured, ci profile), of 72 tables a run needs a
// few; their text is `write_reg_slow`'s formatting, which a `const` evaluation cannot
// do, and build.rs stays free of register naming.
static REG_NAMES: [[std::sync::OnceLock<RegNames>; NAME_WIDTHS.len()]; NAME_GENS] =
    [const { [const { std::sync::OnceLock::new() }; NAME_WIDTHS.len()] }; NAME_GENS];

/// The name of register operand `code` of width `dwords` on `gen` as llvm-mc prints it
/// (`v[4:5]`, `vcc`, `<invalid register 300>` for a code that names none), from a
/// table built once per generation and width; `None` for widths no operand has.
#[inline]
pub fn reg_name(gen: Gen, code: u16, dwords: u8) -> Option<&'static str> {
    let w = *WIDTH_SLOT.get(dwords as usize)? as usize;
    let cell = REG_NAMES[gen as usize].get(w)?;
    let table = match cell.get() {
        Some(t) => t,
        None => reg_names_init(cell, gen, w),
    };
    table.get(code as usize).copied()
}

/// Builds the name table of width slot `w` on `gen` (its first use; kept out of line
/// so that the lookups stay small).
#[cold]
#[inline(never)]
fn reg_names_init(
    cell: &'static std::sync::OnceLock<RegNames>,
    gen: Gen,
    w: usize,
) -> &'static RegNames {
    cell.get_or_init(|| {
        // (The padded names' bytes, kept for the process's life, for the names of 15
        // bytes or less; the longer ones, `<invalid register NNN>` and the like,
        // written out in a block of their own.)
        let dwords = NAME_WIDTHS[w];
        let padded = match REG_PADDED[gen as usize][w].get() {
            Some(t) => t,
            None => reg_padded_init(&REG_PADDED[gen as usize][w], gen, dwords),
        };
        let mut long = String::new();
        let mut at = Vec::new();
        for (c, p) in padded.iter().enumerate() {
            if p[15] == 0 {
                let start = long.len();
                let _ = write_reg_slow(&mut long, gen, c as u16, dwords);
                at.push((c, start, long.len()));
            }
        }
        let long: &'static str = Box::leak(long.into_boxed_str());
        let mut names: Vec<&'static str> = padded
            .iter()
            .map(|p| std::str::from_utf8(&p[..p[15] as usize]).unwrap_or(""))
            .collect();
        for (c, a, b) in at {
            names[c] = &long[a..b];
        }
        names.into_boxed_slice()
    })
}

/// Which codes name valid registers of each width, per generation and xnack_mask
/// feature: `reg_valid` as bit masks, built once from it.
type ValidMasks = [[u64; NAME_CODES / 64]; NAME_WIDTHS.len()];

// Made at run time, lazily per generation and feature key: 40 µs for one target
// (measured, ci profile), and a run needs one or two of the keys; the oracle they are
// made from, `reg_valid_rules`, searches `NAMED` and is not `const`.
static REG_VALID: [[std::sync::OnceLock<ValidMasks>; CODES_KEYS]; NAME_GENS] =
    [const { [const { std::sync::OnceLock::new() }; CODES_KEYS] }; NAME_GENS];

/// `reg_valid` from precomputed masks (the rules in `reg_valid_rules` are the oracle
/// they are built from).
#[inline]
pub fn reg_valid(target: Target, code: u16, dwords: u8) -> bool {
    let (Some(&w), true) = (
        WIDTH_SLOT.get(dwords as usize),
        (code as usize) < NAME_CODES,
    ) else {
        return reg_valid_rules(target, code, dwords);
    };
    if w == 255 {
        return reg_valid_rules(target, code, dwords);
    }
    let cell = &REG_VALID[target.gen as usize][target.codes_index()];
    let masks = match cell.get() {
        Some(m) => m,
        None => reg_valid_init(cell, target),
    };
    masks[w as usize][code as usize / 64] >> (code % 64) & 1 != 0
}

/// Builds the validity masks of `target` (their first use; kept out of line).
#[cold]
#[inline(never)]
fn reg_valid_init(
    cell: &'static std::sync::OnceLock<ValidMasks>,
    target: Target,
) -> &'static ValidMasks {
    cell.get_or_init(|| {
        let (t, _) = target.codes_key();
        let mut m = [[0u64; NAME_CODES / 64]; NAME_WIDTHS.len()];
        for (k, &dw) in NAME_WIDTHS.iter().enumerate() {
            for c in 0..NAME_CODES {
                if reg_valid_rules(t, c as u16, dw) {
                    m[k][c / 64] |= 1 << (c % 64);
                }
            }
        }
        m
    })
}

/// The named register a code of width `n` prints as on `gen` (apertures and the
/// `src_*` values at any width).
fn named_at(gen: Gen, code: u16, n: u16) -> Option<&'static Named> {
    NAMED
        .iter()
        .find(|r| r.code == code && (r.dwords as u16 == n || code >= 235) && r.on(gen))
}

/// `write_reg` worked out from the rules (what the name tables are built from).
fn write_reg_slow<W: Write + ?Sized>(out: &mut W, gen: Gen, code: u16, dwords: u8) -> fmt::Result {
    let n = dwords.max(1) as u16;
    let t0 = ttmp0(gen);
    let (prefix, i) = match code {
        c if c < sgpr_count(gen) => ("s", c),
        c if (t0..124).contains(&c) => ("ttmp", c - t0),
        256..=511 => ("v", code - VGPR0),
        AGPR0..=767 => ("a", code - AGPR0),
        // Apertures and the src_* values print the same at any width.
        _ => {
            return match named_at(gen, code, n) {
                Some(r) => out.write_str(r.name),
                // (Pieces, not `write!`: the name tables build this for most codes
                // past the registers, at every first use of a table.)
                None => {
                    out.write_str("<invalid register ")?;
                    write_dec(out, code as u32)?;
                    out.write_str(">")
                }
            };
        }
    };
    out.write_str(prefix)?;
    if n == 1 {
        return write_dec(out, i as u32);
    }
    out.write_char('[')?;
    write_dec(out, i as u32)?;
    out.write_char(':')?;
    write_dec(out, (i + n - 1) as u32)?;
    out.write_char(']')
}

/// "00" to "99": two decimal digits per number.
const DIGITS2: &str = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899";

/// Writes `v` in decimal without going through `fmt` machinery: numbers below 10,000
/// as one or two slices of a digit table, below 10^8 as two such numbers (a branch's
/// 16-bit offset has five digits most of the time).
pub fn write_dec<W: Write + ?Sized>(out: &mut W, v: u32) -> fmt::Result {
    let two = |k: u32| &DIGITS2[2 * k as usize..2 * k as usize + 2];
    match v {
        0..=9 => out.write_str(&DIGITS2[2 * v as usize + 1..2 * v as usize + 2]),
        10..=99 => out.write_str(two(v)),
        100..=9999 => {
            let hi = v / 100;
            if hi < 10 {
                out.write_str(&DIGITS2[2 * hi as usize + 1..2 * hi as usize + 2])?;
            } else {
                out.write_str(two(hi))?;
            }
            out.write_str(two(v % 100))
        }
        10_000..=99_999_999 => {
            write_dec(out, v / 10_000)?;
            let low = v % 10_000;
            out.write_str(two(low / 100))?;
            out.write_str(two(low % 100))
        }
        _ => write_dec_slow(out, v),
    }
}

/// Writes a signed decimal number (`-16`).
pub fn write_signed<W: Write + ?Sized>(out: &mut W, v: i32) -> fmt::Result {
    if v < 0 {
        out.write_str("-")?;
    }
    write_dec(out, v.unsigned_abs())
}

/// "00" to "ff": two lower-case hex digits per byte.
const HEX2: &str = concat!(
    "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f",
    "303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f",
    "606162636465666768696a6b6c6d6e6f707172737475767778797a7b7c7d7e7f808182838485868788898a8b8c8d8e8f",
    "909192939495969798999a9b9c9d9e9fa0a1a2a3a4a5a6a7a8a9aaabacadaeafb0b1b2b3b4b5b6b7b8b9babbbcbdbebf",
    "c0c1c2c3c4c5c6c7c8c9cacbcccdcecfd0d1d2d3d4d5d6d7d8d9dadbdcdddedfe0e1e2e3e4e5e6e7e8e9eaebecedeeef",
    "f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff",
);

/// Writes `v` as `0x` and lower-case hex digits (as `{:#x}` does): a byte at a time,
/// each a two-digit slice of a table (the first one digit when the count is odd).
pub fn write_hex<W: Write + ?Sized>(out: &mut W, v: u32) -> fmt::Result {
    let digits = (32 - v.leading_zeros()).div_ceil(4).max(1);
    let pair = |b: u32| &HEX2[2 * b as usize..2 * b as usize + 2];
    out.write_str("0x")?;
    let mut k = digits.div_ceil(2) - 1;
    let top = v >> (8 * k) & 0xff;
    if digits % 2 == 1 {
        out.write_str(&HEX2[2 * top as usize + 1..2 * top as usize + 2])?;
    } else {
        out.write_str(pair(top))?;
    }
    while k > 0 {
        k -= 1;
        out.write_str(pair(v >> (8 * k) & 0xff))?;
    }
    Ok(())
}

fn write_dec_slow<W: Write + ?Sized>(out: &mut W, mut v: u32) -> fmt::Result {
    let mut buf = [0u8; 10];
    let mut k = buf.len();
    loop {
        k -= 1;
        buf[k] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    // The buffer holds ASCII digits only.
    out.write_str(std::str::from_utf8(&buf[k..]).unwrap_or("0"))
}

/// f32 bit patterns of the float inline constants 240..248.
const F32_CONST: [u32; 9] = [
    0x3f00_0000,
    0xbf00_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x4000_0000,
    0xc000_0000,
    0x4080_0000,
    0xc080_0000,
    0x3e22_f983,
];
const F16_CONST: [u16; 9] = [
    0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118,
];
/// bfloat16 patterns of the float inline constants 240..248 (1/(2*pi) is its f32
/// pattern's high half, 0x3e22, not the nearest bf16 value 0x3e23).
const BF16_CONST: [u16; 9] = [
    0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000, 0xc000, 0x4080, 0xc080, 0x3e22,
];
const F64_CONST: [u64; 9] = [
    0x3fe0_0000_0000_0000,
    0xbfe0_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x4000_0000_0000_0000,
    0xc000_0000_0000_0000,
    0x4010_0000_0000_0000,
    0xc010_0000_0000_0000,
    0x3fc4_5f30_6dc9_c882,
];
const FLOAT_TEXT: [&str; 8] = ["0.5", "-0.5", "1.0", "-1.0", "2.0", "-2.0", "4.0", "-4.0"];

/// Value of an integer inline constant code.
pub fn inline_int(code: u16) -> Option<i32> {
    match code {
        128..=192 => Some(code as i32 - 128),
        193..=208 => Some(192 - code as i32),
        _ => None,
    }
}

/// Inline constant code for integer `v`, if any.
pub fn int_code(v: i64) -> Option<u16> {
    match v {
        0..=64 => Some(128 + v as u16),
        -16..=-1 => Some((192 - v) as u16),
        _ => None,
    }
}

/// The code of the f16 float constant whose pattern `bits` is (0x3c00 is 1.0).
pub fn f16_constant(bits: u32) -> Option<u16> {
    F16_CONST
        .iter()
        .position(|&c| c as u32 == bits)
        .map(|i| FLOAT_HALF + i as u16)
}

/// The code of the bf16 float constant whose pattern `bits` is (0x3f80 is 1.0).
pub fn bf16_constant(bits: u32) -> Option<u16> {
    BF16_CONST
        .iter()
        .position(|&c| c as u32 == bits)
        .map(|i| FLOAT_HALF + i as u16)
}

/// The inline constant (if any) that encodes the bits of a literal operand of type `ty`.
/// `bits` is the 32-bit literal as it sits after the instruction.
pub fn literal_inline(bits: u32, ty: Ty) -> Option<u16> {
    let as_int = match ty {
        // A packed operand's literal is 32 bits: an integer constant as a 32-bit
        // value, or an f16 constant's pattern (0x3c00 is 1.0 on packed f16), as
        // llvm-mc reads them.
        Ty::V2I16 => return int_code(bits as i32 as i64),
        Ty::V2F16 => return int_code(bits as i32 as i64).or_else(|| f16_constant(bits)),
        Ty::V2BF16 | Ty::V2BF16H => {
            return int_code(bits as i32 as i64).or_else(|| bf16_constant(bits))
        }
        Ty::F16 | Ty::BF16 | Ty::BF16H | Ty::B16 | Ty::I16 => bits as u16 as i16 as i64,
        // A 64-bit integer literal is printed as its 32-bit pattern, which reads back
        // as that (positive) number: only 0..64 would turn into an inline constant.
        Ty::I64 | Ty::B64 => bits as i64,
        Ty::F64 => {
            let v = (bits as u64) << 32;
            return F64_CONST
                .iter()
                .position(|&c| c == v)
                .map(|i| FLOAT_HALF + i as u16)
                // (0xffffffff is the literal 0xffffffff00000000, not -1: only 0..64
                // read back as integer constants, as in llvm-mc.)
                .or_else(|| int_code(bits as i64).filter(|_| bits <= 64));
        }
        _ => bits as i32 as i64,
    };
    if let Some(c) = int_code(as_int) {
        // A 16-bit operand's literal must have equal upper bits to be the same value.
        if !ty.is_16() || bits >> 16 == 0 || bits >> 16 == 0xffff {
            return Some(c);
        }
    }
    let f = match ty {
        Ty::F16 if bits >> 16 == 0 => F16_CONST.iter().position(|&c| c as u32 == bits),
        Ty::F16 => None,
        Ty::BF16 | Ty::BF16H if bits >> 16 == 0 => {
            BF16_CONST.iter().position(|&c| c as u32 == bits)
        }
        Ty::BF16 | Ty::BF16H => None,
        Ty::B64 | Ty::I64 => None,
        _ => F32_CONST.iter().position(|&c| c == bits),
    };
    f.map(|i| FLOAT_HALF + i as u16)
}

/// The text of the integer inline constants, codes 128 (0) to 208 (-16).
const INT_TEXT: [&str; 81] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16",
    "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32",
    "33", "34", "35", "36", "37", "38", "39", "40", "41", "42", "43", "44", "45", "46", "47", "48",
    "49", "50", "51", "52", "53", "54", "55", "56", "57", "58", "59", "60", "61", "62", "63", "64",
    "-1", "-2", "-3", "-4", "-5", "-6", "-7", "-8", "-9", "-10", "-11", "-12", "-13", "-14", "-15",
    "-16",
];

/// Writes a source operand: a register tuple of `ty`'s width, a constant, or the literal.
#[inline]
pub fn write_src<W: Write + ?Sized>(
    out: &mut W,
    gen: Gen,
    code: u16,
    ty: Ty,
    lit: u32,
) -> fmt::Result {
    match code {
        128..=208 => out.write_str(INT_TEXT[(code - 128) as usize]),
        240..=247 => out.write_str(FLOAT_TEXT[(code - 240) as usize]),
        INV_2PI if ty.is_64() => out.write_str("0.15915494309189532"),
        INV_2PI => out.write_str("0.15915494"),
        LITERAL => write_literal(out, gen, lit, ty),
        _ => write_reg(out, gen, code, ty.dwords()),
    }
}

/// A text of at most 15 bytes padded to 16, its length in the last byte (0: longer,
/// kept elsewhere): appended to a byte buffer by one copy of fixed size.
pub(crate) type Padded = [u8; 16];

/// `s` padded ([`Padded`]), or all zeros if it is longer than 15 bytes.
const fn pad16(s: &str) -> Padded {
    let mut p = [0u8; 16];
    let b = s.as_bytes();
    if b.len() < 16 {
        let mut k = 0;
        while k < b.len() {
            p[k] = b[k];
            k += 1;
        }
        p[15] = b.len() as u8;
    }
    p
}

/// Appends padded text `p` to `out`; `false` (nothing appended) if it is not padded.
#[inline(always)]
fn push_padded(out: &mut Vec<u8>, p: &Padded) -> bool {
    let n = p[15] as usize;
    if n == 0 {
        return false;
    }
    let end = out.len() + n;
    out.extend_from_slice(p);
    out.truncate(end);
    true
}

/// The text of the codes 128 to 247 padded: the integer constants, then the float
/// ones from 240 (what [`write_src`] writes for them; nothing between).
static CONST_PADDED: [Padded; 120] = {
    let mut t = [[0u8; 16]; 120];
    let mut k = 0;
    while k < INT_TEXT.len() {
        t[k] = pad16(INT_TEXT[k]);
        k += 1;
    }
    k = 0;
    while k < FLOAT_TEXT.len() {
        t[(FLOAT_HALF - 128) as usize + k] = pad16(FLOAT_TEXT[k]);
        k += 1;
    }
    t
};

// Made at run time with the name tables they pad (see `REG_NAMES`).
static REG_PADDED: [[std::sync::OnceLock<Box<[Padded]>>; NAME_WIDTHS.len()]; NAME_GENS] =
    [const { [const { std::sync::OnceLock::new() }; NAME_WIDTHS.len()] }; NAME_GENS];

/// [`reg_name`] padded, for a code with a name.
#[inline(always)]
pub(crate) fn reg_padded(gen: Gen, code: u16, dwords: u8) -> Option<&'static Padded> {
    let w = *WIDTH_SLOT.get(dwords as usize)? as usize;
    let cell = REG_PADDED[gen as usize].get(w)?;
    let table = match cell.get() {
        Some(t) => t,
        None => reg_padded_init(cell, gen, dwords),
    };
    table.get(code as usize)
}

/// Pads the names of one width on `gen` (their first use).
#[cold]
#[inline(never)]
fn reg_padded_init(
    cell: &'static std::sync::OnceLock<Box<[Padded]>>,
    gen: Gen,
    dwords: u8,
) -> &'static [Padded] {
    cell.get_or_init(|| {
        (0..NAME_CODES as u16)
            .map(|c| name_padded(gen, c, dwords))
            .collect()
    })
}

/// What [`write_reg_slow`] writes for `code` of width `dwords` on `gen`, padded (all
/// zeros where that is longer than 15 bytes): the padded tables' source, built from
/// bytes (a register's prefix and numbers by fixed-size copies), about half the
/// cost of formatting it.
fn name_padded(gen: Gen, code: u16, dwords: u8) -> Padded {
    let n = dwords.max(1) as u16;
    let t0 = ttmp0(gen);
    let (prefix, plen, i): (&[u8; 4], usize, u16) = match code {
        c if c < sgpr_count(gen) => (b"s\0\0\0", 1, c),
        c if (t0..124).contains(&c) => (b"ttmp", 4, c - t0),
        256..=511 => (b"v\0\0\0", 1, code - VGPR0),
        AGPR0..=767 => (b"a\0\0\0", 1, code - AGPR0),
        // (No register has these codes: `<invalid register NNN>`, too long.)
        128..=234 | 240..=250 | 255 => return [0; 16],
        _ => return named_at(gen, code, n).map_or([0; 16], |r| pad16(r.name)),
    };
    // (Room for `ttmp[NNN:NNN]` and the copies' spill: 24 bytes.)
    let mut p = [0u8; 24];
    p[..4].copy_from_slice(prefix);
    let mut len = plen;
    let dec = |p: &mut [u8; 24], at: usize, v: u16| -> usize {
        let d = DEC3[v as usize % 1000];
        p[at..at + 4].copy_from_slice(&d);
        at + d[3] as usize
    };
    if n == 1 {
        len = dec(&mut p, len, i);
    } else {
        p[len] = b'[';
        len = dec(&mut p, len + 1, i);
        p[len] = b':';
        len = dec(&mut p, len + 1, i + n - 1);
        p[len] = b']';
        len += 1;
    }
    if len > 15 {
        return [0; 16];
    }
    // (The copies' spill past the name cleared by one mask: the padding is zeros;
    // the length in the last byte.)
    let head: [u8; 16] = p[..16].try_into().unwrap_or([0; 16]);
    let name = u128::from_le_bytes(head) & ((1u128 << (8 * len)) - 1);
    (name | (len as u128) << 120).to_le_bytes()
}

/// The decimal text of 0 to 999 (three bytes, the length in the fourth).
static DEC3: [[u8; 4]; 1000] = {
    let mut t = [[0u8; 4]; 1000];
    let mut v = 0;
    while v < 1000 {
        let (h, te, o) = ((v / 100) as u8, (v / 10 % 10) as u8, (v % 10) as u8);
        t[v] = if v >= 100 {
            [b'0' + h, b'0' + te, b'0' + o, 3]
        } else if v >= 10 {
            [b'0' + te, b'0' + o, 0, 2]
        } else {
            [b'0' + o, 0, 0, 1]
        };
        v += 1;
    }
    t
};

/// The text [`push_src`] copies for each source code below 512 of type `ty` (a
/// register or an inline constant of 15 bytes or less), padded; empty (length 0) for
/// what it writes the slow way (1/(2*pi), the literal, a long name).
pub(crate) fn src_padded_all(gen: Gen, ty: Ty) -> Box<[Padded; 512]> {
    let mut t = Box::new([[0u8; 16]; 512]);
    if let Some(&w) = WIDTH_SLOT.get(ty.dwords() as usize).filter(|&&w| w != 255) {
        let cell = &REG_PADDED[gen as usize][w as usize];
        let names = match cell.get() {
            Some(n) => n,
            None => reg_padded_init(cell, gen, ty.dwords()),
        };
        for (to, from) in t.iter_mut().zip(names.iter()) {
            *to = *from;
        }
    }
    t[128..=208].copy_from_slice(&CONST_PADDED[..=80]);
    let floats = (FLOAT_HALF - 128) as usize..(INV_2PI - 128) as usize;
    t[FLOAT_HALF as usize..INV_2PI as usize].copy_from_slice(&CONST_PADDED[floats]);
    t[INV_2PI as usize] = [0; 16];
    t[LITERAL as usize] = [0; 16];
    t
}

/// [`write_reg`] into a byte buffer: a name of 15 bytes or less by one fixed-size copy.
#[inline(always)]
pub(crate) fn push_reg(out: &mut Vec<u8>, gen: Gen, code: u16, dwords: u8) {
    if !reg_padded(gen, code, dwords).is_some_and(|p| push_padded(out, p)) {
        push_src_slow(out, gen, code, Ty::B32, 0, dwords);
    }
}

/// [`write_src`] into a byte buffer: registers and constants by one fixed-size copy.
#[inline(always)]
pub(crate) fn push_src(out: &mut Vec<u8>, gen: Gen, code: u16, ty: Ty, lit: u32) {
    match code {
        128..=208 | FLOAT_HALF..INV_2PI => {
            push_padded(out, &CONST_PADDED[(code - 128) as usize]);
        }
        INV_2PI | LITERAL => push_src_slow(out, gen, code, ty, lit, 0),
        _ => push_reg(out, gen, code, ty.dwords()),
    }
}

/// What [`push_reg`] (`dwords` not 0) and [`push_src`] do not copy padded: long
/// names, 1/(2*pi) and literals, written as the `fmt` writers do (kept out of line,
/// so that the padded copies need no stack frame).
#[cold]
#[inline(never)]
fn push_src_slow(out: &mut Vec<u8>, gen: Gen, code: u16, ty: Ty, lit: u32, dwords: u8) {
    let out = &mut crate::disasm::Bytes(out);
    let _ = match dwords {
        0 => write_src(out, gen, code, ty, lit),
        _ => write_reg(out, gen, code, dwords),
    };
}

/// Writes a literal the way llvm-mc does, with `lit()` where the bare number would be
/// read back as an inline constant.
pub fn write_literal<W: Write + ?Sized>(out: &mut W, gen: Gen, lit: u32, ty: Ty) -> fmt::Result {
    // (gfx6/gfx7 have no 1/(2*pi) constant, so its bits need no `lit()` there.)
    let inline = |lit: u32, ty: Ty| {
        literal_inline(lit, ty)
            .filter(|&c| c != INV_2PI || !gen.before_gfx8())
            .is_some()
    };
    let shown = if ty.is_16() && !ty.is_packed16() {
        lit & 0xffff
    } else {
        lit
    };
    // A sign-extended 16-bit integer literal prints as the negative number that
    // assembles to it (llvm-mc prints its low half, which reads back zero-extended).
    // On a 16-bit integer operand a number reads back as an inline constant only if it
    // is one as written (-16..64; 0xffff is a literal), as llvm-mc reads it.
    if matches!(ty, Ty::I16 | Ty::B16) {
        let v = if lit >> 16 == 0xffff {
            lit as i32 as i64
        } else {
            shown as i64
        };
        let inline = int_code(v).is_some();
        if inline {
            out.write_str("lit(")?;
        }
        if v < 0 {
            write!(out, "{v}")?;
        } else {
            write_hex(out, shown)?;
        }
        return if inline { out.write_str(")") } else { Ok(()) };
    }
    if inline(lit, ty) {
        out.write_str("lit(")?;
        write_hex(out, shown)?;
        out.write_str(")")
    } else {
        write_hex(out, shown)
    }
}

/// Converts a parsed integer to the operand bits for `ty` (the syntax guide's
/// "Conversion of Integer Values"). Errors when truncation would lose information.
pub fn convert_int(v: i64, ty: Ty) -> Result<u32, &'static str> {
    let width = if ty.is_16() { 16 } else { 32 };
    let mask: i64 = (1i64 << width) - 1;
    let high = v >> width;
    let ok = high == 0 || (high == -1 && (v >> (width - 1)) & 1 == 1);
    if !ok {
        return Err("invalid operand for instruction");
    }
    // A 16-bit integer literal keeps its sign in the upper half (llvm-mc writes -256
    // as 0xffffff00); a 16-bit float literal is just its 16 bits.
    if matches!(ty, Ty::I16 | Ty::B16) {
        return Ok(v as u32);
    }
    Ok((v & mask) as u32)
}

/// llvm-mc's warning for a double that needs its low half as an f64 operand: the
/// assembler takes the high half, as llvm-mc does, and says so.
pub const F64_INEXACT: &str =
    "Can't encode literal as exact 64-bit floating-point operand. Low 32-bits will be set to zero";

/// Converts a parsed floating-point number to the operand bits for `ty` (the syntax
/// guide's "Conversion of Floating-Point Values"): to f16 for 16-bit operands (bf16 for
/// bf16 ones, within the range llvm-mc takes for each), to f32
/// for other 32-bit ones. Precision may be lost, but a value that overflows the type or
/// underflows it (rounds to a subnormal or to zero and is not exact) is refused, as
/// llvm-mc refuses it. An f64 operand takes the double's high half; a double whose low
/// half is not zero is refused here ([`convert_float_lossy`] takes it, for the assembler, which
/// warns as llvm-mc does).
pub fn convert_float(v: f64, ty: Ty) -> Result<u32, &'static str> {
    match ty {
        Ty::F64 if v.to_bits() as u32 != 0 => Err(F64_INEXACT),
        _ => convert_float_lossy(v, ty),
    }
}

/// [`convert_float`], except that an f64 operand takes the high half of any double
/// (llvm-mc's [`F64_INEXACT`] warning says so when the low half is not zero).
pub fn convert_float_lossy(v: f64, ty: Ty) -> Result<u32, &'static str> {
    const BAD: &str = "invalid operand for instruction";
    match ty {
        Ty::F64 => Ok((v.to_bits() >> 32) as u32),
        Ty::B64 | Ty::I64 => Err(BAD),
        // bf16 operands: what llvm-mc takes (an f32's range, f16's for `BF16H`,
        // `V2BF16H`'s as below), rounded to bf16, which must hold it (llvm-mc takes
        // the rounding to 0 or infinity: refused, as for any other type).
        Ty::BF16 | Ty::V2BF16 | Ty::BF16H | Ty::V2BF16H => {
            let llvm_ok = match ty {
                Ty::BF16H => convert_float_lossy(v, Ty::F16).is_ok(),
                // (A packed one also where f16 would round it to an integer constant's
                // bits: llvm-mc takes 1.0e-6, f16 bits 17, and 1.0e-8, 0; not
                // -1.0e-8, -0.)
                Ty::V2BF16H => {
                    convert_float_lossy(v, Ty::F32).is_ok()
                        && (convert_float_lossy(v, Ty::F16).is_ok()
                            || f64_to_f16(v).is_some_and(|h| h <= 64))
                }
                _ => convert_float_lossy(v, Ty::F32).is_ok(),
            };
            let b = f64_to_bf16(v);
            let held = f32::from_bits((b as u32) << 16) as f64;
            let tiny = b & 0x7f80 == 0;
            let inf = b & 0x7fff == 0x7f80 && !v.is_infinite();
            if !llvm_ok || inf || tiny && !v.is_nan() && held != v {
                return Err(BAD);
            }
            Ok(b as u32)
        }
        _ if ty.is_16() => {
            let h = f64_to_f16(v).ok_or(BAD)?;
            let tiny = h & 0x7c00 == 0;
            if tiny && !v.is_nan() && f16_to_f64(h) != v {
                return Err(BAD);
            }
            Ok(h as u32)
        }
        _ => {
            let f = v as f32;
            if f.is_infinite() && !v.is_infinite() {
                return Err(BAD);
            }
            let tiny = f.abs() < f32::MIN_POSITIVE;
            if tiny && !v.is_nan() && f as f64 != v {
                return Err(BAD);
            }
            Ok(f.to_bits())
        }
    }
}

/// The value of IEEE half-precision bits (finite values; what [`f64_to_f16`] makes).
fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = ((h >> 10) & 0x1f) as i32;
    let m = (h & 0x3ff) as f64;
    match e {
        0 => sign * m * 2f64.powi(-24),
        0x1f if m == 0.0 => sign * f64::INFINITY,
        0x1f => f64::NAN,
        _ => sign * (1.0 + m / 1024.0) * 2f64.powi(e - 15),
    }
}

/// The literal that stands for 1/(2*pi) in an operand of type `ty` (gfx6/gfx7, which
/// lack the inline constant; an f64 operand takes the double's high half).
pub fn inv_2pi_bits(ty: Ty) -> u32 {
    match ty {
        Ty::F64 | Ty::B64 | Ty::I64 => (F64_CONST[8] >> 32) as u32,
        _ if ty.is_bf16() => BF16_CONST[8] as u32,
        _ if ty.is_16() => F16_CONST[8] as u32,
        _ => F32_CONST[8],
    }
}

/// Inline constant for a float written in source, for an operand of type `ty`.
pub fn float_code(v: f64, ty: Ty) -> Option<u16> {
    if matches!(ty, Ty::B64 | Ty::I64) {
        // 64-bit integer operands still take the float constants by value.
    }
    let consts = [0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0];
    if let Some(i) = consts.iter().position(|&c| c == v) {
        return Some(FLOAT_HALF + i as u16);
    }
    let inv2pi_ok = match ty {
        Ty::F64 => v.to_bits() == F64_CONST[8] || v == 0.15915494,
        // (llvm-mc takes 1/(2*pi) on a bf16 operand only as the number it prints;
        // others whose nearest bf16 is 0x3e22 are the constant through their bits.)
        _ if ty.is_bf16() => v == 0.15915494,
        _ if ty.is_16() => f64_to_f16(v) == Some(F16_CONST[8]),
        _ => (v as f32).to_bits() == F32_CONST[8],
    };
    inv2pi_ok.then_some(INV_2PI)
}

/// Rounds an f64 to IEEE half precision (round to nearest even); None on overflow.
pub fn f64_to_f16(v: f64) -> Option<u16> {
    if v.is_nan() {
        return Some(0x7e00);
    }
    let sign = if v.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = v.abs();
    if a.is_infinite() {
        return Some(sign | 0x7c00);
    }
    if a >= 65520.0 {
        return None;
    }
    // Scale to an integer count of the smallest subnormal (2^-24) or of the ulp.
    let (e, m) = if a < 6.103515625e-05 {
        (0u16, round_even(a * (1u64 << 24) as f64) as u16)
    } else {
        let exp = a.log2().floor() as i32;
        let exp = if 2f64.powi(exp) > a { exp - 1 } else { exp };
        let frac = a / 2f64.powi(exp) - 1.0;
        let m = round_even(frac * 1024.0) as u16;
        if m == 1024 {
            ((exp + 16) as u16, 0)
        } else {
            ((exp + 15) as u16, m)
        }
    };
    if e >= 31 {
        return None;
    }
    Some(sign | (e << 10) | m)
}

/// Rounds an f64 to bfloat16 (round to nearest even): the sign, f32's exponent range
/// and 7 bits of mantissa; out of range it is infinite, under it zero or subnormal.
pub fn f64_to_bf16(v: f64) -> u16 {
    if v.is_nan() {
        return 0x7fc0;
    }
    let sign = if v.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = v.abs();
    // Below the smallest normal (2^-126): a count of the smallest subnormal (2^-133).
    if a < f32::MIN_POSITIVE as f64 {
        return sign | round_even(a * 2f64.powi(133)) as u16;
    }
    let b = a.to_bits();
    let mut e = (b >> 52) as i32 - 1023;
    let m = (b & ((1 << 52) - 1)) | 1 << 52;
    let (mut q, r, half) = (m >> 45, m & ((1 << 45) - 1), 1u64 << 44);
    if r > half || (r == half && q & 1 == 1) {
        q += 1;
    }
    if q == 256 {
        q = 128;
        e += 1;
    }
    if e > 127 {
        return sign | 0x7f80;
    }
    sign | ((e + 127) as u16) << 7 | (q & 0x7f) as u16
}

fn round_even(x: f64) -> f64 {
    let r = x.round();
    if (x - x.trunc()).abs() == 0.5 && r % 2.0 != 0.0 {
        r - x.signum()
    } else {
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(code: u16, ty: Ty, lit: u32) -> String {
        let mut s = String::new();
        write_src(&mut s, Gen::Gfx9, code, ty, lit).unwrap();
        s
    }

    /// A code that names no register prints as `<invalid register N>`, from the name
    /// tables as from the rules, on every generation and width (and some codes do).
    #[test]
    fn a_code_that_names_nothing_prints_its_number() {
        let mut seen = 0;
        for t in crate::target::TARGETS.iter().filter(|t| !t.gen.is_r600()) {
            for dwords in NAME_WIDTHS {
                for code in 0..NAME_CODES as u16 {
                    let mut rule = String::new();
                    write_reg_slow(&mut rule, t.gen, code, dwords).unwrap();
                    if rule.starts_with('<') {
                        assert_eq!(rule, format!("<invalid register {code}>"));
                        seen += 1;
                    }
                    assert_eq!(reg_name(t.gen, code, dwords), Some(rule.as_str()));
                    assert_eq!(name_padded(t.gen, code, dwords), pad16(&rule));
                }
            }
        }
        assert!(seen > 0);
    }

    #[test]
    fn prints_like_llvm() {
        assert_eq!(src(256 + 3, Ty::F32, 0), "v3");
        assert_eq!(src(256 + 4, Ty::F64, 0), "v[4:5]");
        assert_eq!(src(2, Ty::B64, 0), "s[2:3]");
        assert_eq!(src(106, Ty::B64, 0), "vcc");
        assert_eq!(src(106, Ty::B32, 0), "vcc_lo");
        assert_eq!(src(112, Ty::B64, 0), "ttmp[4:5]");
        assert_eq!(src(193, Ty::I32, 0), "-1");
        assert_eq!(src(248, Ty::F64, 0), "0.15915494309189532");
        assert_eq!(src(255, Ty::B32, 0x3f00_0000), "lit(0x3f000000)");
        assert_eq!(src(255, Ty::I32, 0x41), "0x41");
        assert_eq!(src(255, Ty::F16, 0x3800), "lit(0x3800)");
        assert_eq!(src(255, Ty::I16, 0x3800), "0x3800");
        assert_eq!(src(255, Ty::F64, 0x4045_0000), "0x40450000");
        assert_eq!(src(255, Ty::B64, 0x3fe0_0000), "0x3fe00000");
        assert_eq!(src(255, Ty::B64, 5), "lit(0x5)");
    }

    #[test]
    fn numbers_print_as_fmt_does() {
        let mut vals: Vec<u32> = (0..20_000).collect();
        vals.extend([
            65_535,
            65_536,
            99_999,
            100_000,
            1_000_001,
            99_999_999,
            100_000_000,
            0x7fff_ffff,
            0x8000_0000,
            u32::MAX,
        ]);
        // Every count of decimal digits, at both ends.
        vals.extend((1..10).flat_map(|n| [10u32.pow(n) - 1, 10u32.pow(n), 10u32.pow(n) + 7]));
        // Every count of hex digits, at both ends.
        for n in 1..=8 {
            vals.extend([
                1u32 << (4 * (n - 1)),
                (u64::from(u32::MAX) >> (32 - 4 * n)) as u32,
            ]);
        }
        for v in vals {
            let (mut a, mut b, mut c) = (String::new(), String::new(), String::new());
            write_dec(&mut a, v).unwrap();
            write_hex(&mut b, v).unwrap();
            write_signed(&mut c, v as i32).unwrap();
            assert_eq!(
                (a, b, c),
                (format!("{v}"), format!("{v:#x}"), format!("{}", v as i32))
            );
        }
    }

    #[test]
    fn register_masks_agree_with_the_rules() {
        for t in crate::target::TARGETS.iter().filter(|t| !t.gen.is_r600()) {
            for code in 0..800u16 {
                for dw in [0, 1, 2, 3, 4, 5, 6, 8, 16, 32, 40] {
                    assert_eq!(
                        reg_valid(*t, code, dw),
                        reg_valid_rules(*t, code, dw),
                        "{} {code} {dw}",
                        t.name
                    );
                }
            }
        }
    }

    #[test]
    fn register_names_come_from_the_rules() {
        for gen in [Gen::Gfx6, Gen::Gfx8, Gen::Gfx9, Gen::Gfx90a, Gen::Gfx940] {
            for code in 0..800u16 {
                for dw in [0, 1, 2, 3, 4, 5, 6, 8, 16, 32] {
                    let (mut a, mut b) = (String::new(), String::new());
                    write_reg(&mut a, gen, code, dw).unwrap();
                    write_reg_slow(&mut b, gen, code, dw).unwrap();
                    assert_eq!(a, b, "{gen:?} {code} {dw}");
                }
            }
        }
    }

    #[test]
    fn integer_constants_print_their_value() {
        for code in 128..=208u16 {
            assert_eq!(
                INT_TEXT[(code - 128) as usize],
                inline_int(code).unwrap().to_string()
            );
        }
    }

    #[test]
    fn conversions() {
        assert_eq!(convert_int(-1, Ty::I16), Ok(0xffff_ffff));
        assert_eq!(convert_int(-1, Ty::F16), Ok(0xffff));
        assert_eq!(convert_int(-256, Ty::I16), Ok(0xffff_ff00));
        assert_eq!(convert_int(0xff00, Ty::I16), Ok(0xff00));
        assert!(convert_int(0x1ff00, Ty::I16).is_err());
        assert_eq!(f64_to_f16(1.0), Some(0x3c00));
        assert_eq!(f64_to_f16(65504.0), Some(0x7bff));
        assert_eq!(f64_to_f16(0.15915494), Some(0x3118));
        assert_eq!(f64_to_f16(65600.0), None);
        assert_eq!(convert_float(1.0, Ty::F64), Ok(0x3ff0_0000));
    }

    #[test]
    fn bf16_numbers() {
        for (v, b) in [
            (1.0, 0x3f80),
            (-4.0, 0xc080),
            (2.5, 0x4020),
            (0.1, 0x3dcd),
            (0.15915494, 0x3e23),
            (65504.0, 0x4780),
            (1.00390625, 0x3f80),
            (1.01171875, 0x3f82),
            (5.960464477539063e-8, 0x3380),
            (-0.0, 0x8000),
            (1e39, 0x7f80),
            (1e-39, 0x000b),
        ] {
            assert_eq!(f64_to_bf16(v), b, "{v}");
        }
        // v_cvt_f32_bf16's value is taken within f16's range, as llvm-mc takes it;
        // other bf16 operands' within bf16's.
        assert_eq!(convert_float(65504.0, Ty::BF16H), Ok(0x4780));
        assert!(convert_float(65520.0, Ty::BF16H).is_err());
        assert!(convert_float(1e-5, Ty::BF16H).is_err());
        assert_eq!(convert_float(1e5, Ty::BF16), Ok(0x47c3));
        assert!(convert_float(1e5, Ty::V2BF16H).is_err());
        assert_eq!(convert_float(1e-6, Ty::V2BF16H), Ok(0x3586));
        assert!(convert_float(1e-6, Ty::BF16H).is_err());
        assert!(convert_float(1e-5, Ty::V2BF16H).is_err());
        assert!(convert_float(-1e-8, Ty::V2BF16H).is_err());
        assert_eq!(convert_float(1e-5, Ty::V2BF16), Ok(0x3728));
        assert_eq!(convert_float(3.0 * 2f64.powi(-133), Ty::BF16), Ok(3));
        assert!(convert_float(1e-40, Ty::BF16).is_err());
        assert!(convert_float(1.1754942e-38, Ty::BF16).is_err());
        assert!(convert_float(1.401298464324817e-45, Ty::BF16).is_err());
        assert!(convert_float(3.4028234663852886e38, Ty::V2BF16).is_err());
        assert!(convert_float(1e39, Ty::V2BF16).is_err());
        assert_eq!(convert_float(3.39e38, Ty::BF16), Ok(0x7f7f));
        assert_eq!(literal_inline(0x3f80, Ty::BF16), Some(242));
        assert_eq!(literal_inline(0x3e22, Ty::BF16), Some(INV_2PI));
        assert_eq!(literal_inline(0x3c00, Ty::BF16), None);
        assert_eq!(literal_inline(0xffff, Ty::BF16), Some(193));
        assert_eq!(literal_inline(0x3f80, Ty::V2BF16), Some(242));
        assert_eq!(literal_inline(0xffff_c080, Ty::V2BF16), None);
        assert_eq!(float_code(0.15915494, Ty::BF16), Some(INV_2PI));
        assert_eq!(float_code(0.159154943, Ty::BF16), None);
        assert_eq!(src(255, Ty::BF16, 0x3f80), "lit(0x3f80)");
        assert_eq!(src(255, Ty::BF16, 0x3c00), "0x3c00");
    }
}
