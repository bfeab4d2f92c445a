//! The disassembler's one step for the commonest words of all: VOP1, VOP2 and VOPC in
//! their 32-bit encoding (`v_add_f32_e32 v1, s2, v3`), VOP3 without modifiers from
//! gfx8 on (`v_fma_f64 v[0:1], v[2:3], s[4:5], v[6:7]`) and the scalar ALU's SOP1,
//! SOP2 and SOPC (`s_and_b64 vcc, exec, s[4:5]`), DPP ([`dpp`]), VOP3P's packed
//! math ([`vop3p`]),
//! DS ([`ds`]), SMEM ([`smem`]) and the memory words of FLAT,
//! GLOBAL and SCRATCH (`global_load_dword v1, v[2:3], off offset:16`, [`flat`]): a
//! word's line made straight from its bits by a template of its row, without an
//! `Inst` decoded and printed. A
//! template holds the row's head (the mnemonic and its suffix, padded), the operands
//! its line shows in order (a field, or the implicit `vcc` of a carry) and a table for
//! each field: the padded text of every code the decoder takes in it, empty where it
//! does not. The tables are made once per process from the decoder's own field rules
//! (`codec::fast::vop32::fields`, `vop64::fields3`, `codec::fast::sop::fields`,
//! `codec::fast::field_valid_bits`) and the printer's own texts
//! (`print_plan::e32_layout`, `e64_layout`, `operand_code::src_padded_all`), one per
//! rule, width and use, shared by the rows alike. The constant bus: a 32-bit SRC0
//! under a carry-in's implicit VCC has a table without the codes that read the bus,
//! and a VOP3 word that reads it twice goes the general way, as do codes printed the
//! slow way (the literal, 1/(2*pi)), which are in no table. Only a "yes" is an
//! answer: tests hold every row's lines on every target to the general path's, for
//! random fields.
//!
//! On 400,000 random VOP2/VOP1/VOPC words (gfx906) the words a template takes
//! (two in three) cost about 20 ns each against 95 ns decoded and printed.

use crate::codec::fast::vop32::{fields, VOP1_AT, VOPC_AT};
use crate::codec::fast::vop64::fields3;
use crate::codec::fast::{field_valid_bits, literal_valid, sop, FieldRule};
use crate::constant_bus::uses_bus;
use crate::inst::{LITERAL, VGPR0};
use crate::isa::{Column, Fmt, Ty};
use crate::operand_code::{src_padded_all, write_src, Padded};
use crate::syntax::print_plan::{e32_layout, e64_layout, reg_ty, E32, HEAD_PAD};
use crate::target::{Features, Gen, Target};
use std::sync::{Mutex, OnceLock};

mod dpp;
mod ds;
mod flat;
mod mubuf;
mod smem;
mod sopk;
mod vop3p;

/// The rows: VOP2's 64 opcodes, then VOP1's 256 from [`VOP1_AT`], then VOPC's 256
/// from [`VOPC_AT`] (`codec::fast::vop32`'s order).
const ROWS: usize = VOPC_AT as usize + 256;

/// The scalar rows: SOP2's 128 opcodes, then SOP1's 256 from [`SOP1_AT`], then
/// SOPC's 128 from [`SOPC_AT`].
const SOP_ROWS: usize = SOPC_AT as usize + 128;
const SOP1_AT: u32 = 128;
const SOPC_AT: u32 = 128 + 256;

/// The VOP3 rows, by their ten-bit opcode (gfx8 on).
const VOP3_ROWS: usize = 1024;

/// The VOP3P rows, by their seven-bit opcode (gfx9 on).
const VOP3P_ROWS: usize = 128;

/// A VOP3 row's template: as a [`Row`], with five fields (VDST, SDST, SRC0, SRC1,
/// SRC2), the bits of each word that must be zero (`op_sel`, and the modifiers the
/// row does not take), the source fields (bits 2-4) that may read the constant bus,
/// and whether the first word's bits 8-10 are `abs` (VOP3A; VOP3B's SDST).
#[derive(Clone, Copy)]
struct Row3 {
    head: &'static [u8; HEAD_PAD],
    head_len: u8,
    shows: [u8; 5],
    n: u8,
    tables: [&'static Table; 5],
    zero0: u32,
    zero1: u32,
    bus: u8,
    abs: bool,
}

/// A VOP3 word's second word's modifier bits: the output modifier and `neg`.
const MODS1: u32 = 0xf800_0000;

const NO_ROW3: Row3 = Row3 {
    head: &[0; HEAD_PAD],
    head_len: 0,
    shows: [0; 5],
    n: 0,
    tables: [ANY; 5],
    zero0: 0,
    zero1: 0,
    bus: 0,
    abs: false,
};

/// A row's template.
#[derive(Clone, Copy)]
struct Row {
    /// The head and what follows it ([`HEAD_PAD`] bytes), and its length (0: no
    /// template).
    head: &'static [u8; HEAD_PAD],
    head_len: u8,
    /// The operands after the head, in order: [`VDST`], [`SRC0`], [`VSRC1`] or
    /// [`VCC`]; `n` of them.
    shows: [u8; 5],
    n: u8,
    /// The table of each field's texts (VDST, SRC0, VSRC1; a scalar word's SDST,
    /// SSRC0, SSRC1): [`ANY`] where the bits are the opcode's, [`ZERO`] for a field
    /// the row does not use.
    tables: [&'static Table; 3],
    /// The type a source field prints the literal as, where the decoder takes it
    /// there (the dword after the word).
    lit: [Option<Ty>; 3],
}

/// In [`Row::shows`]: the fields, and the implicit `vcc`.
const VDST: u8 = 0;
const SRC0: u8 = 1;
const VSRC1: u8 = 2;
const VCC: u8 = 3;

/// How a template's line ends.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum End {
    /// A line end (`disasm`).
    Line,
    /// The encoding's comment and a line end (`disasm --show-encoding`).
    Encoding,
    /// Nothing: the text alone, after its tab (an ELF listing's, which adds the
    /// address and words).
    Bare,
}

impl End {
    /// [`End::Encoding`] or [`End::Line`].
    pub(crate) fn of(show_encoding: bool) -> End {
        if show_encoding {
            End::Encoding
        } else {
            End::Line
        }
    }
}

/// The table that takes every code (of a field a row does not have).
const ANY: &Table = &ANY_TABLE;
static ANY_TABLE: Table = [VCC_TEXT; 512];
/// The table that takes only 0 (of a field the row does not use).
const ZERO: &Table = &ZERO_TABLE;
static ZERO_TABLE: Table = {
    let mut t = [EMPTY; 512];
    t[0] = VCC_TEXT;
    t
};

/// A field's texts by its bits (VDST's and VSRC1's eight, SRC0's nine); `[0; 16]`
/// (length 0) where the decoder refuses the code.
type Table = [Padded; 512];

/// The templates of one target. A row's template is made at its first word (input
/// that does not repeat still meets only a part of the rows: a third of the VOP rows
/// on gfx906's distinct instructions), its tables with it.
pub(crate) struct Templates {
    target: Target,
    rows: Rows<Row>,
    sop_rows: Rows<Row>,
    vop3_rows: Rows<Row3>,
    vop3p_rows: Rows<vop3p::RowP>,
    flat: flat::Flat,
    ds: ds::Ds,
    smem: smem::Smem,
    mubuf: mubuf::Mubuf,
    sopk: sopk::Sopk,
    /// The DPP forms' heads and rows, by 32-bit VOP row.
    dpp_heads: Rows<(Head, crate::isa::OpId)>,
}

/// The tables made, by what the target reads ([`TableKey`]) and their use, and every
/// code's text for operands of a width (by dwords) on a generation, as tables are
/// made from them (a few widths serve thirty tables): made once each in a process,
/// which keeps them for its life, as it does the templates.
struct Made {
    tables: Vec<(TableKey, u64, &'static Table)>,
    texts: Vec<(Gen, u8, &'static Table)>,
}

/// What a table depends on besides its use: as for [`of`].
type TableKey = (Gen, Option<Column>, Features);

static MADE: Mutex<Made> = Mutex::new(Made {
    tables: Vec::new(),
    texts: Vec::new(),
});

/// What a table holds: a field's codes under `rule`, for operands of `dwords`, with
/// or without the codes that read the constant bus.
#[derive(Clone, Copy)]
struct Use {
    rule: Rule,
    dwords: u8,
    bus: bool,
}

impl Use {
    /// What tells tables apart, as a number (a row's fields look their tables up by
    /// it: thousands of lookups as the templates are made).
    fn key(&self) -> u64 {
        let rule = match self.rule {
            Rule::Vop(r) => r.id() as u64,
            Rule::Sop { key, dst } => 1 << 32 | (key as u64) << 8 | dst as u64,
        };
        rule | (self.dwords as u64) << 40 | (self.bus as u64) << 48
    }
}

/// A field's rule: a vector word's, or a scalar word's mask key (of a destination).
#[derive(Clone, Copy)]
enum Rule {
    Vop(FieldRule),
    Sop { key: u8, dst: bool },
}

/// The length of a row's `head`, if its padded copy ([`HEAD_PAD`] bytes) holds it.
fn head_len(head: &str) -> Option<u8> {
    u8::try_from(head.len())
        .ok()
        .filter(|&n| n as usize <= HEAD_PAD)
}

impl Templates {
    /// The templates of `target`'s rows (each made at its first word).
    pub(crate) fn new(target: Target) -> Templates {
        Templates {
            target,
            rows: Rows::new(ROWS),
            sop_rows: Rows::new(SOP_ROWS),
            vop3_rows: Rows::new(if target.gen.before_gfx8() {
                0
            } else {
                VOP3_ROWS
            }),
            vop3p_rows: Rows::new(if target.gen.before_gfx9() {
                0
            } else {
                VOP3P_ROWS
            }),
            flat: flat::Flat::new(target),
            ds: ds::Ds::new(target),
            smem: smem::Smem::new(target),
            mubuf: mubuf::Mubuf::new(target),
            sopk: sopk::Sopk::new(target),
            dpp_heads: Rows::new(if target.gen.before_gfx8() { 0 } else { ROWS }),
        }
    }

    /// The template of VOP3 opcode `opcode`.
    fn vop3_row(&self, opcode: u32) -> Row3 {
        let Some(f) = fields3(self.target, opcode) else {
            return NO_ROW3;
        };
        let Some((head, padded, layout, n)) = e64_layout(f.op) else {
            return NO_ROW3;
        };
        let Some(head_len) = head_len(head) else {
            return NO_ROW3;
        };
        let mut row = Row3 {
            head: padded,
            head_len,
            shows: [0; 5],
            n: n as u8,
            tables: [ZERO, ANY, ZERO, ZERO, ZERO],
            // (VOP3A: OP_SEL, ABS where a source does not take it; VOP3B: its SDST
            // there. NEG likewise, OMOD and CLAMP where the row does not take them.)
            zero0: match f.vop3b {
                true => 0,
                false => 0x7800 | (!f.mods as u32 & 7) << 8,
            } | if f.clamp { 0 } else { 0x8000 },
            zero1: (!f.mods as u32 & 7) << 29 | if f.omod { 0 } else { 3 << 27 },
            bus: 0,
            abs: !f.vop3b,
        };
        let mut seen = [false; 5];
        for (k, &(field, ty)) in layout[..n].iter().enumerate() {
            let Some(rule) = f.rules[field as usize].filter(|_| !seen[field as usize]) else {
                return NO_ROW3;
            };
            seen[field as usize] = true;
            row.shows[k] = field;
            row.tables[field as usize] = self.table(Use {
                rule: Rule::Vop(rule),
                dwords: ty.dwords(),
                bus: false,
            });
            if field >= 2 {
                row.bus |= 1 << field;
            }
        }
        // (A field the decoder reads must be shown; SDST only in VOP3B.)
        if (0..5).any(|k| f.rules[k].is_some() != seen[k]) || seen[1] != f.vop3b {
            return NO_ROW3;
        }
        row
    }

    /// The template of scalar row `at`.
    fn sop_row(&self, at: u32) -> Row {
        let (fmt, opcode) = match at {
            0..SOP1_AT => (Fmt::Sop2, at),
            SOP1_AT..SOPC_AT => (Fmt::Sop1, at - SOP1_AT),
            _ => (Fmt::Sopc, at - SOPC_AT),
        };
        let Some(f) = sop::fields(self.target, fmt, opcode) else {
            return NO_ROW;
        };
        let Some((head, padded, layout, n)) = e32_layout(f.op) else {
            return NO_ROW;
        };
        let Some(head_len) = head_len(head) else {
            return NO_ROW;
        };
        // (SOPC's SDST bits and SOP1's SSRC1 bits are its opcode.)
        let mut tables = [ZERO; 3];
        match fmt {
            Fmt::Sop1 => tables[2] = ANY,
            Fmt::Sopc => tables[0] = ANY,
            _ => {}
        }
        let mut row = Row {
            head: padded,
            head_len,
            shows: [VCC; 5],
            n: n as u8,
            tables,
            lit: [None; 3],
        };
        let mut seen = [false; 3];
        for (k, item) in layout[..n].iter().enumerate() {
            let (field, ty) = match *item {
                E32::Dst(dwords) => (VDST, reg_ty(dwords)),
                E32::Src(0, ty) => (SRC0, ty),
                E32::Src(1, ty) => (VSRC1, ty),
                _ => return NO_ROW,
            };
            let Some(key) = f.keys[field as usize].filter(|_| !seen[field as usize]) else {
                return NO_ROW;
            };
            seen[field as usize] = true;
            row.shows[k] = field;
            let rule = Rule::Sop {
                key,
                dst: field == VDST,
            };
            if field != VDST && sop::field_valid(self.target, key, LITERAL, false) {
                row.lit[field as usize] = Some(ty);
            }
            row.tables[field as usize] = self.table(Use {
                rule,
                dwords: ty.dwords(),
                bus: false,
            });
        }
        // (A field the decoder reads must be shown.)
        if (0..3).any(|k| f.keys[k].is_some() != seen[k]) {
            return NO_ROW;
        }
        row
    }

    /// The template of row `at`.
    fn row(&self, at: u32) -> Row {
        let Some(f) = fields(self.target, at) else {
            return NO_ROW;
        };
        let Some((head, padded, layout, n)) = e32_layout(f.op) else {
            return NO_ROW;
        };
        let Some(head_len) = head_len(head) else {
            return NO_ROW;
        };
        let mut row = Row {
            head: padded,
            head_len,
            shows: [VCC; 5],
            n: n as u8,
            tables: [ANY; 3],
            lit: [None; 3],
        };
        // Each field the layout shows once, as the decoder reads it; VOP1 has no
        // VSRC1, VOPC its VCC for VDST.
        let mut seen = [false; 3];
        for (k, item) in layout[..n].iter().enumerate() {
            let (field, ty) = match *item {
                E32::Dst(dwords) => (VDST, reg_ty(dwords)),
                E32::Src(0, ty) => (SRC0, ty),
                E32::Src(1, ty) => (VSRC1, ty),
                E32::Src(..) => return NO_ROW,
                E32::Vcc => {
                    row.shows[k] = VCC;
                    continue;
                }
            };
            let Some(rule) = f.rule(field as usize).filter(|_| !seen[field as usize]) else {
                return NO_ROW;
            };
            seen[field as usize] = true;
            row.shows[k] = field;
            // (The literal reads the constant bus: not under a carry-in's VCC.)
            if field == SRC0 && f.bus_free() && literal_valid(self.target, rule) {
                row.lit[1] = Some(ty);
            }
            let (rule, bus) = (Rule::Vop(rule), field == SRC0 && !f.bus_free());
            let dwords = ty.dwords();
            row.tables[field as usize] = self.table(Use { rule, dwords, bus });
        }
        // (A field the decoder reads must be shown.)
        if (0..3).any(|k| f.rule(k).is_some() != seen[k]) {
            return NO_ROW;
        }
        row
    }

    /// The table of `u` (made if new).
    fn table(&self, u: Use) -> &'static Table {
        let target = self.target;
        let made_for: TableKey = (target.gen, target.column, target.features);
        let key = u.key();
        let mut made = MADE.lock().unwrap_or_else(|e| e.into_inner());
        // (The use first: it tells most tables apart in one comparison.)
        if let Some(&(_, _, t)) = made.tables.iter().find(|m| m.1 == key && m.0 == made_for) {
            return t;
        }
        let base = match u.rule {
            Rule::Vop(r) if r.vgpr_bits() => VGPR0,
            _ => 0,
        };
        // (Whether the decoder takes each code: a scalar field has eight bits.)
        let mut valid = match u.rule {
            Rule::Vop(r) => field_valid_bits(target, r),
            Rule::Sop { key, dst } => std::array::from_fn(|w| {
                (0..64).fold(0u64, |bits, b| {
                    let c = (64 * w + b) as u16;
                    bits | u64::from(c < 256 && sop::field_valid(target, key, c, dst)) << b
                })
            }),
        };
        if u.bus {
            for (v, bus) in valid.iter_mut().zip(BUS_CODES) {
                *v &= !bus;
            }
        }
        let all = match made
            .texts
            .iter()
            .find(|m| (m.0, m.1) == (target.gen, u.dwords))
        {
            Some(&(_, _, all)) => all,
            None => {
                let all: &'static Table = Box::leak(src_padded_all(target.gen, reg_ty(u.dwords)));
                made.texts.push((target.gen, u.dwords, all));
                all
            }
        };
        // (Each code the field takes, from its bits at `base`.)
        let mut texts = Box::new([[0u8; 16]; 512]);
        for (w, mut bits) in valid.into_iter().enumerate() {
            while bits != 0 {
                let code = 64 * w + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(text) = code.checked_sub(base as usize).map(|b| &mut texts[b]) {
                    *text = all[code];
                }
            }
        }
        let texts: &'static Table = Box::leak(texts);
        made.tables.push((made_for, key, texts));
        texts
    }

    /// Appends the line of the word `w` followed by `rest` by the template of its row
    /// ([`Templates::push_line`], [`Templates::push_sop_line`],
    /// [`Templates::push_vop3_line`]); the bytes it covers, or `None` (nothing
    /// appended).
    #[inline(always)]
    pub(crate) fn push_any(
        &self,
        out: &mut Vec<u8>,
        w: u32,
        rest: &[u8],
        end: End,
    ) -> Option<usize> {
        // (A literal, when a field's table refused its code, by a cold path.)
        match w >> 30 {
            0 | 1 => self.push_line(out, w, end).or_else(|| match w & 0x1ff {
                c if c == LITERAL as u32 => self.push_literal_line(out, w, rest, end),
                c if c == crate::operand_code::DPP as u32 => self.push_dpp_word(out, w, rest, end),
                _ => None,
            }),
            2 => self.push_sop_line(out, w, end).or_else(|| {
                // (SOPK and SOPP, which have no literal, by their own templates.)
                if w >> 28 == 0xb && self.sopk.push_line(out, w, end) {
                    return Some(4);
                }
                (w & 0xff == LITERAL as u32 || w >> 8 & 0xff == LITERAL as u32)
                    .then(|| self.push_literal_line(out, w, rest, end))
                    .flatten()
            }),
            _ => {
                let w1 = u32::from_le_bytes(*rest.first_chunk::<4>()?);
                let took = match w >> 26 {
                    // (VOP3P shares the encoding from gfx9 on.)
                    0b11_0100 if w >> 23 & 7 == 7 && !self.vop3p_rows.0.is_empty() => {
                        self.push_vop3p_line(out, w, w1, end)
                    }
                    0b11_0100 => self.push_vop3_line(out, w, w1, end),
                    0b11_0111 => self.flat.push_line(out, w, w1, end),
                    0b11_0110 => self.ds.push_line(out, w, w1, end),
                    0b11_0000 => self.smem.push_line(out, w, w1, end),
                    0b11_1000 => self.mubuf.push_line(out, w, w1, end),
                    _ => false,
                };
                took.then_some(8)
            }
        }
    }

    /// Appends the line of 32-bit VOP word `w` (`\t`, the text, then `\n`, with
    /// [`End::Encoding`] the encoding after it, with [`End::Bare`] nothing), if its
    /// row has a template and the decoder takes its fields; the bytes it covers, or
    /// `None` (nothing appended). (A literal: [`Templates::push_any`].)
    #[inline(always)]
    pub(crate) fn push_line(&self, out: &mut Vec<u8>, w: u32, end: End) -> Option<usize> {
        self.push_word(out, self.vop_row(w)?, w, end)
    }

    /// The line of 32-bit word `w` by its row and fields' bits ([`Templates::vop_row`],
    /// [`Templates::sop_row_of`]), if every field's table has its code.
    #[inline(always)]
    fn push_word(
        &self,
        out: &mut Vec<u8>,
        (row, bits): (&Row, [u32; 3]),
        w: u32,
        end: End,
    ) -> Option<usize> {
        let texts = [
            self.text(row, 0, bits[0])?,
            self.text(row, 1, bits[1])?,
            self.text(row, 2, bits[2])?,
            &VCC_TEXT,
        ];
        let shows = &row.shows[..row.n as usize];
        push(
            out,
            row.head,
            row.head_len,
            shows,
            texts,
            &w.to_le_bytes(),
            end,
        );
        Some(4)
    }

    /// The template of 32-bit VOP word `w`'s row, if it has one, and the word's
    /// VDST, SRC0 and VSRC1 bits (VOPC's VDST bits and VOP1's VSRC1 bits are its
    /// opcode's: their tables take any).
    #[inline(always)]
    fn vop_row(&self, w: u32) -> Option<(&Row, [u32; 3])> {
        self.vop_row_at(w).map(|(_, row, bits)| (row, bits))
    }

    /// [`Templates::vop_row`], with the row's number.
    #[inline(always)]
    fn vop_row_at(&self, w: u32) -> Option<(u32, &Row, [u32; 3])> {
        let at = match w >> 25 {
            0x3f => VOP1_AT + (w >> 9 & 0xff),
            0x3e => VOPC_AT + (w >> 17 & 0xff),
            op if op < 0x3e => op,
            _ => return None,
        };
        let row = self.rows.get(at as usize, || self.row(at))?;
        (row.head_len != 0).then_some((at, row, [w >> 17 & 0xff, w & 0x1ff, w >> 9 & 0xff]))
    }

    /// The template of scalar ALU word `w`'s row (SOP2, SOP1, SOPC), if it has one,
    /// and the word's SDST, SSRC0 and SSRC1 bits.
    #[inline(always)]
    fn sop_row_of(&self, w: u32) -> Option<(&Row, [u32; 3])> {
        let at = match crate::codec::sop::format_and_opcode(w) {
            (Fmt::Sop2, opcode) => opcode,
            (Fmt::Sop1, opcode) => SOP1_AT + opcode,
            (Fmt::Sopc, opcode) => SOPC_AT + opcode,
            _ => return None,
        };
        let row = self.sop_rows.get(at as usize, || self.sop_row(at))?;
        (row.head_len != 0).then_some((row, [w >> 16 & 0x7f, w & 0xff, w >> 8 & 0xff]))
    }

    /// The text of field `k` of a word of `row` whose bits there are `bits`, if the
    /// decoder takes it and a table has it.
    #[inline(always)]
    fn text(&self, row: &Row, k: usize, bits: u32) -> Option<&Padded> {
        self.table_text(row.tables[k], bits)
    }

    /// The text of `bits` in table `table`, if it has one (the decoder takes it).
    #[inline(always)]
    fn table_text(&self, table: &'static Table, bits: u32) -> Option<&'static Padded> {
        let p = table.get(bits as usize)?;
        (p[15] != 0).then_some(p)
    }

    /// The line of DPP word `w` and the dword `rest` starts with
    /// ([`Templates::push_dpp_line`], a cold path of [`Templates::push_any`]).
    #[cold]
    #[inline(never)]
    fn push_dpp_word(&self, out: &mut Vec<u8>, w: u32, rest: &[u8], end: End) -> Option<usize> {
        let w1 = u32::from_le_bytes(*rest.first_chunk::<4>()?);
        (!self.dpp_heads.0.is_empty() && self.push_dpp_line(out, w, w1, end)).then_some(8)
    }

    /// The line of a 32-bit VOP word or a scalar ALU word `w` with a literal (the
    /// dword `rest` starts with) where its row takes one, in every source field that
    /// holds its code, printed as the printer prints it (a field's table refused the
    /// word: [`Templates::push_any`]'s cold path); else `None`.
    #[cold]
    #[inline(never)]
    fn push_literal_line(&self, out: &mut Vec<u8>, w: u32, rest: &[u8], end: End) -> Option<usize> {
        let (row, bits) = match w >> 30 {
            0 | 1 => self.vop_row(w)?,
            _ => self.sop_row_of(w)?,
        };
        let lit = u32::from_le_bytes(*rest.first_chunk::<4>()?);
        let mut own = [[0u8; 16]; 3];
        let mut any = false;
        for k in 0..3 {
            if self.text(row, k, bits[k]).is_some() {
                continue;
            }
            let ty = row.lit[k].filter(|_| bits[k] == LITERAL as u32)?;
            own[k] = literal_padded(self.target.gen, lit, ty)?;
            any = true;
        }
        if !any {
            return None;
        }
        let text = |k: usize| match own[k][15] {
            0 => self.text(row, k, bits[k]),
            _ => Some(&own[k]),
        };
        let texts = [text(0)?, text(1)?, text(2)?, &VCC_TEXT];
        let shows = &row.shows[..row.n as usize];
        push(
            out,
            row.head,
            row.head_len,
            shows,
            texts,
            &words(w, lit),
            end,
        );
        Some(8)
    }

    /// Appends the line of VOP3 words `w0`, `w1` (gfx8 on) as [`Templates::push_line`]
    /// does, for a word without modifiers whose row has a template, whose fields the
    /// decoder takes and that reads the constant bus at most once.
    #[inline]
    pub(crate) fn push_vop3_line(&self, out: &mut Vec<u8>, w0: u32, w1: u32, end: End) -> bool {
        let opcode = w0 >> 16 & 0x3ff;
        let Some(row) = self
            .vop3_rows
            .get(opcode as usize, || self.vop3_row(opcode))
        else {
            return false;
        };
        if row.head_len == 0 || w0 & row.zero0 != 0 || w1 & row.zero1 != 0 {
            return false;
        }
        let codes = [
            w0 & 0xff,
            w0 >> 8 & 0x7f,
            w1 & 0x1ff,
            w1 >> 9 & 0x1ff,
            w1 >> 18 & 0x1ff,
        ];
        let text = |k: usize| self.table_text(row.tables[k], codes[k]);
        let (Some(a), Some(b), Some(c), Some(d), Some(e)) =
            (text(0), text(1), text(2), text(3), text(4))
        else {
            return false;
        };
        if bus_reads(row.bus, &codes) > 1 {
            return false;
        }
        let raw = words(w0, w1);
        let texts = [a, b, c, d, e, &VCC_TEXT, &VCC_TEXT, &VCC_TEXT];
        let abs = if row.abs { w0 & 0x700 } else { 0 };
        if w0 & 0x8000 | abs | w1 & MODS1 != 0 {
            return push_vop3_mods(out, row, texts, codes, &raw, end);
        }
        push(
            out,
            row.head,
            row.head_len,
            &row.shows[..row.n as usize],
            texts,
            &raw,
            end,
        );
        true
    }

    /// Appends the line of scalar ALU word `w` (SOP1, SOP2 or SOPC) as
    /// [`Templates::push_line`] does a vector word's.
    #[inline(always)]
    pub(crate) fn push_sop_line(&self, out: &mut Vec<u8>, w: u32, end: End) -> Option<usize> {
        self.push_word(out, self.sop_row_of(w)?, w, end)
    }

    /// The mark of the line [`Templates::push_any`] made of word `w`, as the callers
    /// that name branch targets mark lines: 1 for a branch (SOPP's and SOPK's
    /// labels), else 0.
    #[inline(always)]
    pub(crate) fn mark(&self, w: u32) -> u8 {
        match w >> 28 {
            0xb => self.sopk.mark(w),
            _ => 0,
        }
    }
}

/// [`Templates::push_vop3_line`] of a word with modifiers: each source with its
/// `neg` and `abs` as the printer wraps it, then `clamp` and the output modifier;
/// `false` (nothing appended) if a source's text would be too long.
#[cold]
#[inline(never)]
fn push_vop3_mods(
    out: &mut Vec<u8>,
    row: &Row3,
    texts: [&Padded; 8],
    codes: [u32; 5],
    raw: &[u8; 8],
    end: End,
) -> bool {
    let (w0, w1) = (
        u32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]]),
        u32::from_le_bytes([raw[4], raw[5], raw[6], raw[7]]),
    );
    let abs = if row.abs { w0 >> 8 & 7 } else { 0 };
    let neg = w1 >> 29;
    let mut own = [[0u8; 16]; 3];
    for k in 0..3 {
        let (n, a) = (neg >> k & 1 != 0, abs >> k & 1 != 0);
        if !(n || a) {
            own[k] = *texts[2 + k];
            continue;
        }
        let (open, close) = crate::syntax::print::source_wrap(codes[2 + k] as u16, n, a);
        let t = texts[2 + k];
        let name = &t[..t[15] as usize];
        let len = open.len() + name.len() + close.len();
        if len > 15 {
            return false;
        }
        let p = &mut own[k];
        p[..open.len()].copy_from_slice(open.as_bytes());
        p[open.len()..open.len() + name.len()].copy_from_slice(name);
        p[open.len() + name.len()..len].copy_from_slice(close.as_bytes());
        p[15] = len as u8;
    }
    let texts = [
        texts[0], texts[1], &own[0], &own[1], &own[2], &VCC_TEXT, &VCC_TEXT, &VCC_TEXT,
    ];
    // (`clamp`, then the output modifier, after the operands.)
    let mut tail = [0u8; TAIL_MAX];
    let mut n = 0;
    if w0 & 0x8000 != 0 {
        tail[..6].copy_from_slice(b" clamp");
        n = 6;
    }
    let omod = crate::syntax::print::omod_text((w1 >> 27 & 3) as u8).as_bytes();
    // (Most words have none: no copy.)
    if !omod.is_empty() {
        let Some(to) = tail.get_mut(n..n + omod.len()) else {
            return false;
        };
        to.copy_from_slice(omod);
        n += omod.len();
    }
    let shows = &row.shows[..row.n as usize];
    push_tail(
        out,
        row.head,
        row.head_len,
        shows,
        texts,
        (&tail, n),
        raw,
        end,
    );
    true
}

/// A literal's text as the printer writes it for an operand of type `ty` (through
/// [`write_src`]), padded; `None` if longer than 15 bytes.
fn literal_padded(gen: crate::target::Gen, lit: u32, ty: Ty) -> Option<Padded> {
    let mut p = Fill::<15>::new();
    write_src(&mut p, gen, LITERAL, ty, lit).ok()?;
    p.padded()
}

/// The padded name of register `code` of `dwords` dwords, where the checker's
/// register rule takes it on `target` ([`reg_valid_for`]: in range, and aligned
/// where tuples must be) and the printer has a padded name for it.
#[inline(always)]
fn reg_text(target: Target, code: u16, dwords: u8) -> Option<&'static Padded> {
    if !crate::operand_code::reg_valid_for(target, code, dwords) {
        return None;
    }
    crate::operand_code::reg_padded(target.gen, code, dwords).filter(|p| p[15] != 0)
}

/// How many of a VOP3 or VOP3P word's sources (SRC0-SRC2, `codes[2..5]`) that may
/// (bit k of `bus`: field k) read the constant bus do. (Two reads, even of one
/// register, are the general path's to judge.)
#[inline(always)]
fn bus_reads(bus: u8, codes: &[u32; 5]) -> u32 {
    // (By bits, without a branch: the sources' codes are of nine bits.)
    let reads = |k: usize| {
        let c = codes[k] as usize & 0x1ff;
        u32::from(bus >> k & 1) & (BUS_CODES[c >> 6] >> (c & 63)) as u32 & 1
    };
    reads(2) + reads(3) + reads(4)
}

/// The nine-bit source codes that read the constant bus ([`uses_bus`]), as bits.
const BUS_CODES: [u64; 8] = {
    let mut bits = [0u64; 8];
    let mut c = 0;
    while c < 512 {
        if uses_bus(c as u16) {
            bits[c / 64] |= 1 << (c % 64);
        }
        c += 1;
    }
    bits
};

/// The bytes of words `w0`, `w1`.
#[inline(always)]
fn words(w0: u32, w1: u32) -> [u8; 8] {
    let mut raw = [0u8; 8];
    raw[..4].copy_from_slice(&w0.to_le_bytes());
    raw[4..].copy_from_slice(&w1.to_le_bytes());
    raw
}

/// Text written into a buffer of `N` bytes (a line's tail, an operand's text) as
/// the printer writes it: a write that does not fit fails, and the text is then
/// none.
struct Fill<const N: usize> {
    bytes: [u8; N],
    len: usize,
    fits: bool,
}

impl<const N: usize> Fill<N> {
    fn new() -> Self {
        Fill {
            bytes: [0; N],
            len: 0,
            fits: true,
        }
    }

    /// The text, if every write fitted.
    fn text(&self) -> Option<&[u8]> {
        self.fits.then_some(&self.bytes[..self.len])
    }

    /// Appends the bytes of `b`, a text of a size known at compile time: a copy of
    /// that size, where [`std::fmt::Write::write_str`] of a text whose length is a
    /// value called `memcpy`.
    #[inline]
    fn put<const L: usize>(&mut self, b: &[u8; L]) {
        match self.bytes.get_mut(self.len..self.len + L) {
            Some(to) => {
                to.copy_from_slice(b);
                self.len += L;
            }
            None => self.fits = false,
        }
    }

    /// Appends the byte `b`.
    #[inline]
    fn put_byte(&mut self, b: u8) {
        match self.bytes.get_mut(self.len) {
            Some(to) => {
                *to = b;
                self.len += 1;
            }
            None => self.fits = false,
        }
    }

    /// Appends the cache-policy words of `glc` and `slc` as `gen` names them (`sc0`
    /// and `nt` on gfx940): the printer's words (`syntax::buf::cache_bits`), put at
    /// their own sizes (a unit test holds the two together).
    #[inline]
    fn put_cache_bits(&mut self, gen: Gen, glc: bool, slc: bool) {
        match (gen, glc) {
            (_, false) => {}
            (Gen::Gfx940, true) => self.put(b" sc0"),
            (_, true) => self.put(b" glc"),
        }
        match (gen, slc) {
            (_, false) => {}
            (Gen::Gfx940, true) => self.put(b" nt"),
            (_, true) => self.put(b" slc"),
        }
    }

    /// The text padded ([`Padded`]), if every write fitted and it is not empty.
    fn padded(&self) -> Option<Padded> {
        let text = self.text().filter(|t| !t.is_empty() && t.len() < 16)?;
        let mut p = [0u8; 16];
        p[..text.len()].copy_from_slice(text);
        p[15] = text.len() as u8;
        Some(p)
    }
}

impl<const N: usize> std::fmt::Write for Fill<N> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let Some(to) = self.bytes.get_mut(self.len..self.len + s.len()) else {
            self.fits = false;
            return Err(std::fmt::Error);
        };
        to.copy_from_slice(s.as_bytes());
        self.len += s.len();
        Ok(())
    }
}

/// Row templates made at their first word: `n` cells.
struct Rows<R>(Box<[OnceLock<R>]>);

impl<R> Rows<R> {
    fn new(n: usize) -> Self {
        Rows((0..n).map(|_| OnceLock::new()).collect())
    }

    /// Row `at`, made by `make` if new; `None` past the end.
    #[inline(always)]
    fn get(&self, at: usize, make: impl FnOnce() -> R) -> Option<&R> {
        Some(self.0.get(at)?.get_or_init(make))
    }
}

/// The head of a row made at its first word ([`flat`], [`ds`], [`smem`],
/// [`vop3p`]) and the fields its line shows, in order.
#[derive(Clone, Copy)]
struct Head {
    /// The mnemonic and its suffix, padded; its length (0: no template).
    text: [u8; HEAD_PAD],
    len: u8,
    /// The fields shown (a module's numbers), `n` of them.
    shows: [u8; 4],
    n: u8,
}

/// No template.
const NO_HEAD: Head = Head {
    text: [0; HEAD_PAD],
    len: 0,
    shows: [0; 4],
    n: 0,
};

impl Head {
    /// The head of row `op` in encoding `enc` on `target`, as the printer writes it
    /// (the name and `print::suffix`'s suffix), no field shown yet; [`NO_HEAD`] if
    /// it is longer than [`HEAD_PAD`].
    fn of(target: Target, op: crate::isa::OpId, enc: crate::inst::Enc) -> Head {
        let name = op.desc().name().as_bytes();
        let inst = crate::inst::Inst::new(op, enc);
        let suffix = crate::syntax::suffix::suffix(target.gen, &inst).as_bytes();
        let len = name.len() + suffix.len();
        if len > HEAD_PAD {
            return NO_HEAD;
        }
        let mut head = NO_HEAD;
        head.text[..name.len()].copy_from_slice(name);
        head.text[name.len()..len].copy_from_slice(suffix);
        head.len = len as u8;
        head
    }

    /// Whether it is a template.
    fn some(&self) -> bool {
        self.len != 0
    }

    /// Shows `field` after the others; `false` if four are shown.
    fn show(&mut self, field: u8) -> bool {
        let Some(at) = self.shows.get_mut(self.n as usize) else {
            return false;
        };
        *at = field;
        self.n += 1;
        true
    }

    /// Appends the line of two-word instruction `w0`, `w1` ([`push_tail`]): the
    /// head, the `texts` of the fields shown and `tail`; `false` (nothing appended)
    /// if the tail did not fit its buffer.
    #[inline(always)]
    fn push<const N: usize>(
        &self,
        out: &mut Vec<u8>,
        texts: [&Padded; N],
        tail: &Fill<TAIL_MAX>,
        (w0, w1): (u32, u32),
        end: End,
    ) -> bool {
        if !tail.fits {
            return false;
        }
        let shows = &self.shows[..self.n as usize];
        let raw = words(w0, w1);
        let tail = (&tail.bytes, tail.len);
        push_tail(out, &self.text, self.len, shows, texts, tail, &raw, end);
        true
    }
}

/// Appends the line of bytes `raw` with `head` (its first `head_len` bytes) and the
/// texts of `shows` (indexes in `texts`, of [`Padded`] text).
#[inline(always)]
fn push<const N: usize>(
    out: &mut Vec<u8>,
    head: &[u8; HEAD_PAD],
    head_len: u8,
    shows: &[u8],
    texts: [&Padded; N],
    raw: &[u8],
    end: End,
) {
    push_tail(out, head, head_len, shows, texts, (&NO_TAIL, 0), raw, end);
}

/// [`push`] with a tail after the operands: the first bytes of a buffer of
/// [`TAIL_MAX`] (copied whole, then cut to length: a copy of a fixed size, no call).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn push_tail<const N: usize>(
    out: &mut Vec<u8>,
    head: &[u8; HEAD_PAD],
    head_len: u8,
    shows: &[u8],
    texts: [&Padded; N],
    (tail, tail_len): (&[u8; TAIL_MAX], usize),
    raw: &[u8],
    end: End,
) {
    // (The line made in a buffer by fixed-size copies cut to length, then appended
    // at once.)
    let mut line = [0u8; LINE_ROOM];
    line[0] = b'\t';
    line[1..1 + HEAD_PAD].copy_from_slice(head);
    let mut n = 1 + usize::from(head_len).min(HEAD_PAD);
    for (k, &show) in shows.iter().take(5).enumerate() {
        let p = texts[show as usize & (N - 1)];
        line[n..n + 2].copy_from_slice(if k == 0 { b"  " } else { b", " });
        n += 1 + usize::from(k != 0);
        line[n..n + 16].copy_from_slice(p);
        n += usize::from(p[15]).min(15);
    }
    line[n..n + TAIL_MAX].copy_from_slice(tail);
    n += tail_len.min(TAIL_MAX);
    match end {
        End::Line => {
            line[n] = b'\n';
            out.extend_from_slice(&line[..n + 1]);
        }
        End::Encoding => {
            out.extend_from_slice(&line[..n]);
            super::push_encoding(&mut super::Bytes(out), n - 1, raw);
        }
        End::Bare => out.extend_from_slice(&line[..n]),
    }
}

const NO_ROW: Row = Row {
    head: &[0; HEAD_PAD],
    head_len: 0,
    shows: [VCC; 5],
    n: 0,
    tables: [ANY; 3],
    lit: [None; 3],
};

/// The most a line's text takes with its line end: a tab, a head of [`HEAD_PAD`]
/// bytes, five operands of 15 and their separators, and a tail, with room for the
/// last copy's padding.
const LINE_ROOM: usize = 1 + HEAD_PAD + 5 * (2 + 15) + TAIL_MAX + 1 + 16;

/// The longest tail a line takes (a VOP3P word's four lists of three bits and
/// ` clamp`: 69 bytes).
const TAIL_MAX: usize = 72;

/// No tail ([`push_tail`]).
const NO_TAIL: [u8; TAIL_MAX] = [0; TAIL_MAX];

/// `vcc`, padded.
const VCC_TEXT: Padded = *b"vcc\0\0\0\0\0\0\0\0\0\0\0\0\x03";

/// `off` (a memory word's absent address or offset register), padded.
const OFF_TEXT: Padded = *b"off\0\0\0\0\0\0\0\0\0\0\0\0\x03";

/// No text (of a field a line does not show).
const EMPTY: Padded = [0; 16];

static FIRST: OnceLock<Templates> = OnceLock::new();

/// The templates of `target`, if it reads words as the first target the process
/// asked for does (a run disassembles for one target nearly always; others go the
/// general way). (What the templates depend on: the generation, the opcode column
/// and the features, as for the decoder's own row table; not the name, whose
/// comparison was a call for every word.)
#[inline]
pub(crate) fn of(target: Target) -> Option<&'static Templates> {
    let t = FIRST.get_or_init(|| Templates::new(target));
    let same =
        |a: &Target| (a.gen, a.column, a.features) == (target.gen, target.column, target.features);
    same(&t.target).then_some(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::disasm::{push_inst_line, Bytes};
    use crate::target::TARGETS;

    /// The cache bits' words a template line puts are the printer's
    /// (`syntax::buf::cache_bits`), on every target.
    #[test]
    fn cache_words_are_the_printers() {
        for t in TARGETS.iter().filter(|t| !t.gen.is_r600()) {
            let names = crate::syntax::buf::cache_bits(t.gen, crate::inst::Enc::Global);
            for (glc, slc) in [(true, false), (false, true), (true, true)] {
                let mut tail = Fill::<TAIL_MAX>::new();
                tail.put_cache_bits(t.gen, glc, slc);
                let mut want = String::new();
                for (on, (name, _)) in [glc, slc].into_iter().zip(names) {
                    if on {
                        want.push(' ');
                        want.push_str(name);
                    }
                }
                assert_eq!(tail.text(), Some(want.as_bytes()), "{}", t.name);
            }
        }
    }

    /// The general path's line of `w` (decoded, then printed), if it decodes.
    /// The general path's line of the instruction `raw` starts with and the bytes it
    /// covers, if it decodes.
    fn general_of(target: Target, raw: &[u8], show_encoding: bool) -> Option<(Vec<u8>, usize)> {
        let i = crate::codec::decode(target, raw).ok()?;
        let mut out = Vec::new();
        push_inst_line(
            &mut Bytes(&mut out),
            target,
            &i,
            &raw[..i.size()],
            show_encoding,
        );
        Some((out, i.size()))
    }

    /// Whether the templates take 32-bit word `w` (followed by the dword `lit`),
    /// asserting that they make the general path's line and length if so, and
    /// append nothing if not.
    fn takes_as_general(t: &Templates, target: Target, w: u32, lit: u32, show: bool) -> bool {
        let mut raw = w.to_le_bytes().to_vec();
        raw.extend_from_slice(&lit.to_le_bytes());
        let mut got = b"x".to_vec();
        let Some(len) = t.push_any(&mut got, w, &raw[4..], End::of(show)) else {
            assert_eq!(got, b"x");
            return false;
        };
        let want = general_of(target, &raw, show);
        assert_eq!(
            Some((&got[1..], len)),
            want.as_ref().map(|(l, n)| (&l[..], *n)),
            "{}: {w:#010x} {lit:#010x}: {:?} vs {:?}",
            target.name,
            String::from_utf8_lossy(&got[1..]),
            want.as_ref().map(|(l, _)| String::from_utf8_lossy(l))
        );
        true
    }

    /// Holds the line a template appended for words `w0`, `w1` (`took`; `got` is
    /// `x` and the line) to the general path's, or `got` to nothing appended;
    /// whether one was.
    fn two_words_as_general(
        target: Target,
        (w0, w1): (u32, u32),
        show: bool,
        took: bool,
        got: &[u8],
    ) -> bool {
        if !took {
            assert_eq!(got, b"x");
            return false;
        }
        let want = general_of(target, &words(w0, w1), show);
        assert_eq!(
            Some(&got[1..]),
            want.as_ref().map(|(l, _)| &l[..]),
            "{}: {w0:#010x} {w1:#010x}: {:?} vs {:?}",
            target.name,
            String::from_utf8_lossy(&got[1..]),
            want.as_ref().map(|(l, _)| String::from_utf8_lossy(l))
        );
        true
    }

    /// A literal dword for a word's random bits `r`: often one that prints
    /// differently (inline constants' bits, 16-bit values, negative ones).
    fn literal(r: u64) -> u32 {
        let some = [
            0,
            1,
            64,
            65,
            0x3f80_0000,
            0x3e22_f983,
            0xffff_fff0,
            0x8000,
            0xffff,
            0x1_0000,
            0xffff_8000,
            0x3c00,
        ];
        match r % 3 {
            0 => some[(r >> 2) as usize % some.len()],
            _ => (r >> 13) as u32,
        }
    }

    /// Every row's lines on every target are the general path's, for random fields
    /// (biased to the codes that print or check differently); and the templates
    /// take most words of real code's commonest rows.
    #[test]
    fn template_lines_are_the_general_paths() {
        let mut next = crate::xorshift64(0x3c6e_f372_fe94_f82b);
        let codes = [
            0u32, 1, 5, 101, 102, 104, 106, 107, 108, 112, 124, 125, 126, 127, 128, 150, 192, 193,
            200, 208, 209, 235, 239, 240, 247, 248, 249, 250, 251, 253, 254, 255, 256, 257, 300,
            511,
        ];
        for target in TARGETS.iter().filter(|t| !t.gen.is_r600()).copied() {
            let t = Templates::new(target);
            let (mut taken, mut tried) = (0u32, 0u32);
            for at in 0..ROWS as u32 {
                for n in 0..24 {
                    let r = next();
                    let src0 = if n % 2 == 0 {
                        codes[(r >> 40) as usize % codes.len()]
                    } else {
                        (r >> 40) as u32 & 0x1ff
                    };
                    let (a, b) = ((r >> 8) as u32 & 0xff, (r >> 16) as u32 & 0xff);
                    let w = match at {
                        0..64 => at << 25 | a << 17 | b << 9 | src0,
                        64..320 => 0x3f << 25 | a << 17 | (at - 64) << 9 | src0,
                        _ => 0x3e << 25 | (at - 320) << 17 | b << 9 | src0,
                    };
                    tried += 1;
                    taken +=
                        u32::from(takes_as_general(&t, target, w, literal(r >> 7), n % 3 == 0));
                }
            }
            // (About a third of all opcodes' words: most opcodes of the 256 VOP1 and
            // VOPC are unused.)
            assert!(taken * 6 > tried, "{}: {taken} of {tried}", target.name);
        }
    }

    /// The same for the scalar rows (SOP2, SOP1, SOPC).
    #[test]
    fn scalar_template_lines_are_the_general_paths() {
        let mut next = crate::xorshift64(0x510e_527f_ade6_82d1);
        let codes = [
            0u32, 1, 2, 3, 100, 101, 102, 104, 106, 107, 108, 112, 124, 125, 126, 127, 128, 150,
            192, 193, 200, 208, 209, 235, 239, 240, 247, 248, 251, 253, 254, 255,
        ];
        for target in TARGETS.iter().filter(|t| !t.gen.is_r600()).copied() {
            let t = Templates::new(target);
            let (mut taken, mut tried) = (0u32, 0u32);
            for at in 0..SOP_ROWS as u32 {
                for n in 0..24 {
                    let r = next();
                    let code = |k: u32| {
                        if n % 2 == 0 {
                            codes[(r >> (8 * k)) as usize % codes.len()]
                        } else {
                            (r >> (8 * k)) as u32 & 0xff
                        }
                    };
                    let (d, a, b) = (code(0) & 0x7f, code(1), code(2));
                    let w = match at {
                        0..SOP1_AT => 0b10 << 30 | at << 23 | d << 16 | b << 8 | a,
                        SOP1_AT..SOPC_AT => 0xbe80_0000 | d << 16 | (at - SOP1_AT) << 8 | a,
                        _ => 0xbf00_0000 | (at - SOPC_AT) << 16 | b << 8 | a,
                    };
                    tried += 1;
                    taken +=
                        u32::from(takes_as_general(&t, target, w, literal(r >> 7), n % 3 == 0));
                }
            }
            // (SOP2's opcodes from 96 are other formats', and most of SOP1's and
            // SOPC's are unused.)
            assert!(taken * 20 > tried, "{}: {taken} of {tried}", target.name);
        }
    }

    /// The same for VOP3 words (gfx8 on), with and without modifiers, with fields the
    /// row lacks zero or not.
    #[test]
    fn vop3_template_lines_are_the_general_paths() {
        let mut next = crate::xorshift64(0x9b05_688c_2b3e_6c1f);
        let codes = [
            0u32, 1, 2, 5, 101, 102, 104, 106, 107, 108, 112, 124, 125, 126, 127, 128, 150, 192,
            193, 200, 208, 209, 235, 239, 240, 247, 248, 251, 253, 254, 255, 256, 257, 300, 511,
        ];
        for target in TARGETS.iter().filter(|t| !t.gen.is_r600()).copied() {
            let t = Templates::new(target);
            let (mut taken, mut tried) = (0u32, 0u32);
            for opcode in 0..VOP3_ROWS as u32 {
                if t.vop3_rows
                    .get(opcode as usize, || t.vop3_row(opcode))
                    .is_none_or(|r| r.head_len == 0)
                {
                    continue;
                }
                for n in 0..24 {
                    let r = next();
                    let code = |k: u32| {
                        if n % 2 == 0 {
                            codes[(r >> (6 * k)) as usize % codes.len()]
                        } else {
                            (r >> (9 * k)) as u32 & 0x1ff
                        }
                    };
                    let (s1, s2) = match n % 4 {
                        0 => (0, 0),
                        1 => (code(2), 0),
                        _ => (code(2), code(3)),
                    };
                    let w1 = s2 << 18
                        | s1 << 9
                        | code(1)
                        | if n % 5 == 0 { (r >> 59) as u32 } else { 0 } << 27;
                    let mid = match n % 3 {
                        0 => 0,
                        1 => code(4) & 0x7f,
                        _ => (r >> 40) as u32 & 0xff,
                    };
                    let w0 = 0b11_0100 << 26 | opcode << 16 | mid << 8 | code(0) & 0xff;
                    let show = n % 3 == 0;
                    let mut got = b"x".to_vec();
                    let took = t.push_vop3_line(&mut got, w0, w1, End::of(show));
                    tried += 1;
                    taken += u32::from(two_words_as_general(target, (w0, w1), show, took, &got));
                }
            }
            if !target.gen.before_gfx8() {
                assert!(taken * 40 > tried, "{}: {taken} of {tried}", target.name);
            }
        }
    }

    /// Every FLAT, GLOBAL and SCRATCH row's lines on every target are the general
    /// path's, for random fields (biased to the codes that print or check
    /// differently: tuples' ends and odd starts, SADDR's special registers and `off`,
    /// the offset's sign and FLAT's bit 12, AGPRs, `lds` and bit 25); and the
    /// templates take a good part of them where there is FLAT.
    #[test]
    fn flat_template_lines_are_the_general_paths() {
        let mut next = crate::xorshift64(0x5851_f42d_4c95_7f2d);
        let regs = [0u32, 1, 2, 3, 4, 5, 7, 8, 100, 252, 253, 254, 255];
        let saddrs = [
            0u32, 1, 2, 3, 4, 100, 101, 102, 104, 106, 108, 110, 124, 126, 127,
        ];
        let offsets = [
            0u32, 1, 4, 0x7ff, 0x800, 0xfff, 0x1000, 0x1001, 0x1ffc, 0x1fff,
        ];
        for target in TARGETS.iter().filter(|t| !t.gen.is_r600()).copied() {
            let t = Templates::new(target);
            let (mut taken, mut tried) = (0u32, 0u32);
            for seg in 0..3u32 {
                for opcode in 0..128u32 {
                    let fmt = [Fmt::Flat, Fmt::Scratch, Fmt::Global][seg as usize];
                    if crate::codec::op(target, fmt, opcode).is_err() {
                        continue;
                    }
                    for n in 0..32 {
                        let r = next();
                        let pick = |a: &[u32], k: u32| a[(r >> (5 * k)) as usize % a.len()];
                        // (Half of them zero: the fields a row does not use must be.)
                        let reg = |k: u32| match (n % 3, r >> (60 + k) & 1) {
                            (_, 0) => 0,
                            (0, _) => (r >> (8 * k)) as u32 & 0xff,
                            _ => pick(&regs, k),
                        };
                        let rare = |k: u32| u32::from((r >> (40 + k)) & 15 == 0);
                        let w0 = 0b11_0111 << 26
                            | rare(0) << 25
                            | opcode << 18
                            | (r >> 50) as u32 & 3 << 16
                            | seg << 14
                            | rare(1) << 13
                            | match n % 4 {
                                0 => (r >> 20) as u32 & 0x1fff,
                                1 => 0,
                                _ => pick(&offsets, 6),
                            };
                        let saddr = match n % 5 {
                            0 | 1 => 0,
                            2 => 0x7f,
                            _ => pick(&saddrs, 7),
                        };
                        let w1 = reg(0) << 24 | rare(2) << 23 | saddr << 16 | reg(1) << 8 | reg(2);
                        for show in [false, true] {
                            let mut got = b"x".to_vec();
                            let took = t.flat.push_line(&mut got, w0, w1, End::of(show));
                            tried += 1;
                            let same = two_words_as_general(target, (w0, w1), show, took, &got);
                            taken += u32::from(same);
                        }
                    }
                }
            }
            if tried > 0 {
                assert!(taken * 20 > tried, "{}: {taken} of {tried}", target.name);
            }
        }
    }

    /// Every VOP3P row's lines on every target are the general path's, for random
    /// fields and modifier bits (biased to the codes that print or check
    /// differently); and the templates take a good part of them.
    #[test]
    fn vop3p_template_lines_are_the_general_paths() {
        let mut next = crate::xorshift64(0x2f8a_cd19_e15b_a1c3);
        let codes = [
            0u32, 1, 2, 5, 101, 102, 104, 106, 107, 108, 124, 125, 126, 127, 128, 192, 193, 208,
            235, 240, 242, 247, 248, 251, 253, 255, 256, 257, 258, 300, 510, 511,
        ];
        for target in TARGETS.iter().filter(|t| !t.gen.is_r600()).copied() {
            let t = Templates::new(target);
            let (mut taken, mut tried) = (0u32, 0u32);
            for opcode in 0..t.vop3p_rows.0.len() as u32 {
                let row = t.vop3p_rows.get(opcode as usize, || t.vop3p_row(opcode));
                if !row.is_some_and(|r| r.head.some()) {
                    continue;
                }
                for n in 0..24 {
                    let r = next();
                    let code = |k: u32| match n % 2 {
                        0 => codes[(r >> (6 * k)) as usize % codes.len()],
                        _ => (r >> (9 * k)) as u32 & 0x1ff,
                    };
                    let (s1, s2) = match n % 4 {
                        0 => (0, 0),
                        1 => (code(2), 0),
                        _ => (code(2), code(3)),
                    };
                    // (Modifier bits: none, the default op_sel_hi, or random.)
                    let (mods0, mods1) = match n % 3 {
                        0 => (1 << 14, 3 << 27),
                        1 => ((r >> 40) as u32 & 0xff00, (r >> 50) as u32 & 0x1f << 27),
                        _ => (
                            (r >> 40) as u32 & 0x7f00 | 1 << 14,
                            (r >> 58) as u32 & 7 << 29 | 3 << 27,
                        ),
                    };
                    let w0 = 0b1_1010_0111 << 23 | opcode << 16 | mods0 | code(0) & 0xff;
                    let w1 = mods1 | s2 << 18 | s1 << 9 | code(1);
                    let show = n % 3 == 0;
                    let mut got = b"x".to_vec();
                    let took = t.push_vop3p_line(&mut got, w0, w1, End::of(show));
                    tried += 1;
                    taken += u32::from(two_words_as_general(target, (w0, w1), show, took, &got));
                }
            }
            if tried > 0 {
                assert!(taken * 10 > tried, "{}: {taken} of {tried}", target.name);
            }
        }
    }

    /// Every DS row's lines on every target from gfx8 on are the general path's,
    /// for random fields (biased to zero fields, tuples' ends and odd starts, the
    /// offsets' bytes, AGPRs and GDS); and the templates take a good part of them.
    #[test]
    fn ds_template_lines_are_the_general_paths() {
        let mut next = crate::xorshift64(0x7a3c_5e91_d2b8_4f06);
        let regs = [0u32, 1, 2, 3, 4, 5, 7, 8, 100, 252, 253, 254, 255];
        let offsets = [0u32, 1, 4, 0xff, 0x100, 0x1ff, 0xff00, 0xffff, 0x8000];
        let gcn8 = |t: &&Target| !t.gen.is_r600() && !t.gen.before_gfx8();
        for target in TARGETS.iter().filter(gcn8).copied() {
            let t = Templates::new(target);
            let (mut taken, mut tried) = (0u32, 0u32);
            for opcode in 0..256u32 {
                if crate::codec::op(target, Fmt::Ds, opcode).is_err() {
                    continue;
                }
                for n in 0..24 {
                    let r = next();
                    let pick = |a: &[u32], k: u32| a[(r >> (5 * k)) as usize % a.len()];
                    // (Half of them zero: the fields a row does not use must be.)
                    let reg = |k: u32| match (n % 3, r >> (56 + k) & 1) {
                        (_, 0) => 0,
                        (0, _) => (r >> (8 * k)) as u32 & 0xff,
                        _ => pick(&regs, k),
                    };
                    let rare = |k: u32| u32::from((r >> (40 + k)) & 15 == 0);
                    let offset = match n % 4 {
                        0 => (r >> 20) as u32 & 0xffff,
                        1 => 0,
                        _ => pick(&offsets, 6),
                    };
                    let w0 =
                        0b11_0110 << 26 | rare(0) << 25 | opcode << 17 | rare(1) << 16 | offset;
                    let w1 = reg(0) << 24 | reg(1) << 16 | reg(2) << 8 | reg(3);
                    let show = n % 3 == 0;
                    let mut got = b"x".to_vec();
                    let took = t.ds.push_line(&mut got, w0, w1, End::of(show));
                    tried += 1;
                    taken += u32::from(two_words_as_general(target, (w0, w1), show, took, &got));
                }
            }
            assert!(taken * 10 > tried, "{}: {taken} of {tried}", target.name);
        }
    }

    /// Every SMEM row's lines on every target from gfx8 on are the general path's,
    /// for random fields (biased to zero fields, the registers' ends, M0 and EXEC,
    /// the offset's sign and the buffer forms' 20 bits, IMM, SOE, GLC and NV); and
    /// the templates take a good part of them.
    #[test]
    fn smem_template_lines_are_the_general_paths() {
        let mut next = crate::xorshift64(0x1d8e_4e27_c47d_124f);
        let sgprs = [
            0u32, 1, 2, 3, 4, 6, 100, 101, 102, 104, 106, 108, 124, 126, 127,
        ];
        let offsets = [0u32, 4, 0x7f, 0xf_ffff, 0x10_0000, 0x1f_fffc, 0x1f_ffff];
        let gcn8 = |t: &&Target| !t.gen.is_r600() && !t.gen.before_gfx8();
        for target in TARGETS.iter().filter(gcn8).copied() {
            let t = Templates::new(target);
            let (mut taken, mut tried) = (0u32, 0u32);
            for opcode in 0..256u32 {
                if crate::codec::op(target, Fmt::Smem, opcode).is_err() {
                    continue;
                }
                for n in 0..24 {
                    let r = next();
                    let pick = |a: &[u32], k: u32| a[(r >> (5 * k)) as usize % a.len()];
                    let zero_or = |k: u32, v: u32| if r >> (56 + k) & 1 == 0 { 0 } else { v };
                    let rare = |k: u32| u32::from((r >> (40 + k)) & 7 == 0);
                    let imm = u32::from(n % 4 != 3);
                    let offset = match (imm, n % 3) {
                        (0, _) => pick(&sgprs, 3),
                        (_, 0) => (r >> 20) as u32 & 0x1f_ffff,
                        _ => pick(&offsets, 4),
                    };
                    let w0 = 0b11_0000 << 26
                        | opcode << 18
                        | imm << 17
                        | rare(0) << 16
                        | rare(1) << 15
                        | rare(2) << 14
                        | rare(3) << 13
                        | zero_or(0, pick(&sgprs, 0) & 0x7f) << 6
                        | zero_or(1, pick(&sgprs, 1) >> 1);
                    let w1 = (rare(4) * pick(&sgprs, 2)) << 25 | zero_or(2, offset);
                    let show = n % 3 == 0;
                    let mut got = b"x".to_vec();
                    let took = t.smem.push_line(&mut got, w0, w1, End::of(show));
                    tried += 1;
                    taken += u32::from(two_words_as_general(target, (w0, w1), show, took, &got));
                }
            }
            assert!(taken * 10 > tried, "{}: {taken} of {tried}", target.name);
        }
    }

    /// Every MUBUF row's lines on every target from gfx8 on are the general path's,
    /// for random fields (biased to zero fields, the registers' ends, M0, EXEC and
    /// the constants in SOFFSET, OFFEN and IDXEN, the cache bits, LDS, TFE/ACC and
    /// the reserved bits); and the templates take a good part of them.
    #[test]
    fn mubuf_template_lines_are_the_general_paths() {
        let mut next = crate::xorshift64(0x6a09_e667_bb67_ae85);
        let vgprs = [0u32, 1, 2, 3, 100, 254, 255];
        let srsrcs = [0u32, 1, 2, 24, 25, 26, 30, 31];
        let soffsets = [
            0u32, 1, 5, 101, 102, 106, 124, 125, 126, 128, 129, 193, 240, 255,
        ];
        // (An address register mostly where OFFEN or IDXEN asks for one.)
        let w0_addr = |r: u64| (r >> 52) & 3 != 0 || (r >> 45) & 7 == 0;
        let gcn8 = |t: &&Target| !t.gen.is_r600() && !t.gen.before_gfx8();
        for target in TARGETS.iter().filter(gcn8).copied() {
            let t = Templates::new(target);
            let (mut taken, mut tried) = (0u32, 0u32);
            for opcode in 0..128u32 {
                if crate::codec::op(target, Fmt::Mubuf, opcode).is_err() {
                    continue;
                }
                for n in 0..24 {
                    let r = next();
                    let pick = |a: &[u32], k: u32| a[(r >> (5 * k)) as usize % a.len()];
                    let rare = |k: u32| u32::from((r >> (40 + k)) & 7 == 0);
                    let offset = match n % 3 {
                        0 => 0,
                        1 => (r >> 20) as u32 & 0xfff,
                        _ => pick(&[1, 4, 0x7ff, 0x800, 0xfff], 6),
                    };
                    let w0 = 0b11_1000 << 26
                        | rare(0) << 25
                        | opcode << 18
                        | ((r >> 50) as u32 & 1) << 17
                        | rare(1) << 16
                        | rare(2) << 15
                        | ((r >> 51) as u32 & 1) << 14
                        | ((r >> 52) as u32 & 3) << 12
                        | offset;
                    let w1 = pick(&soffsets, 0) << 24
                        | rare(3) << 23
                        | rare(4) << 21
                        | pick(&srsrcs, 1) << 16
                        | pick(&vgprs, 2) << 8
                        | if w0_addr(r) { pick(&vgprs, 3) } else { 0 };
                    let show = n % 3 == 0;
                    let mut got = b"x".to_vec();
                    let took = t.mubuf.push_line(&mut got, w0, w1, End::of(show));
                    tried += 1;
                    taken += u32::from(two_words_as_general(target, (w0, w1), show, took, &got));
                }
            }
            assert!(taken * 10 > tried, "{}: {taken} of {tried}", target.name);
        }
    }

    /// Every SOPK and SOPP row's lines on every target are the general path's, for
    /// random registers (biased to the specials past the SGPRs) and immediates
    /// (biased to the ends of their range), and a branch's line is marked as the
    /// objdump listing marks it; and the templates take a good part of them.
    #[test]
    fn sopk_and_sopp_template_lines_are_the_general_paths() {
        let mut next = crate::xorshift64(0x5b0c_70e5_9a1d_4e3b);
        let codes = [
            0u32, 1, 5, 101, 102, 103, 104, 106, 107, 108, 110, 112, 124, 125, 126, 127,
        ];
        let imms = [0u32, 1, 5, 0x7fff, 0x8000, 0xfffb, 0xffff];
        for target in TARGETS.iter().filter(|t| !t.gen.is_r600()).copied() {
            let t = Templates::new(target);
            let (mut taken, mut tried) = (0u32, 0u32);
            for (fmt, n, base) in [
                (Fmt::Sopk, 32u32, 0xb000_0000u32),
                (Fmt::Sopp, 128, 0xbf80_0000),
            ] {
                for opcode in 0..n {
                    if crate::codec::op(target, fmt, opcode).is_err() {
                        continue;
                    }
                    for k in 0..24 {
                        let r = next();
                        let code = match k % 2 {
                            0 => codes[(r >> 20) as usize % codes.len()],
                            _ => (r >> 20) as u32 & 0x7f,
                        };
                        let imm = match k % 3 {
                            0 => imms[(r >> 40) as usize % imms.len()],
                            _ => r as u32 & 0xffff,
                        };
                        let w = match fmt {
                            Fmt::Sopk => base | opcode << 23 | code << 16 | imm,
                            _ => base | opcode << 16 | imm,
                        };
                        let show = k % 3 == 0;
                        let mut got = b"x".to_vec();
                        let took = t.sopk.push_line(&mut got, w, End::of(show));
                        tried += 1;
                        if !took {
                            assert_eq!(got, b"x");
                            continue;
                        }
                        taken += 1;
                        let raw = w.to_le_bytes();
                        let want = general_of(target, &raw, show).map(|(l, _)| l);
                        assert_eq!(
                            Some(&got[1..]),
                            want.as_deref(),
                            "{}: {w:#010x}: {:?} vs {:?}",
                            target.name,
                            String::from_utf8_lossy(&got[1..]),
                            want.as_ref().map(|l| String::from_utf8_lossy(l))
                        );
                        let i = crate::codec::decode(target, &raw).unwrap();
                        let label = i
                            .desc()
                            .sig()
                            .iter()
                            .any(|s| s.role == crate::isa::Role::Label);
                        assert_eq!(t.mark(w), label as u8, "{}: {w:#010x}", target.name);
                    }
                }
            }
            assert!(taken * 4 > tried, "{}: {taken} of {tried}", target.name);
        }
    }

    /// Every 32-bit VOP row's DPP lines on every target from gfx8 on are the
    /// general path's, for random fields and DPP dwords (biased to the controls at
    /// the ends of their ranges, row_newbcast, bound_ctrl, source modifiers and the
    /// reserved bits); and the templates take a good part of them.
    #[test]
    fn dpp_template_lines_are_the_general_paths() {
        let mut next = crate::xorshift64(0x6a09_e667_bb67_ae85);
        let ctrls = [
            0u32, 0xe4, 0xff, 0x100, 0x101, 0x10f, 0x110, 0x111, 0x11f, 0x121, 0x130, 0x134, 0x13c,
            0x140, 0x141, 0x142, 0x143, 0x144, 0x150, 0x15f, 0x160, 0x1ff,
        ];
        let gcn8 = |t: &&Target| !t.gen.is_r600() && !t.gen.before_gfx8();
        for target in TARGETS.iter().filter(gcn8).copied() {
            let t = Templates::new(target);
            let (mut taken, mut tried) = (0u32, 0u32);
            for at in 0..ROWS as u32 {
                for n in 0..24 {
                    let r = next();
                    let (a, b) = ((r >> 8) as u32 & 0xff, (r >> 16) as u32 & 0xff);
                    let dpp = crate::operand_code::DPP as u32;
                    let w0 = match at {
                        0..64 => at << 25 | a << 17 | b << 9 | dpp,
                        64..320 => 0x3f << 25 | a << 17 | (at - 64) << 9 | dpp,
                        _ => 0x3e << 25 | (at - 320) << 17 | b << 9 | dpp,
                    };
                    let ctrl = match n % 3 {
                        0 => (r >> 24) as u32 & 0x1ff,
                        _ => ctrls[(r >> 24) as usize % ctrls.len()],
                    };
                    let rare = |k: u32| u32::from((r >> (40 + k)) & 7 == 0);
                    let masks = (r >> 56) as u32;
                    let w1 = masks << 24
                        | rare(0) << (20 + (r >> 44 & 3) as u32)
                        | rare(1) << 19
                        | rare(2) << (17 + (r >> 47 & 1) as u32)
                        | ctrl << 8
                        | (r >> 32) as u32 & 0xff;
                    let show = n % 3 == 0;
                    let mut got = b"x".to_vec();
                    let took = t.push_dpp_word(&mut got, w0, &w1.to_le_bytes(), End::of(show));
                    tried += 1;
                    let same = two_words_as_general(target, (w0, w1), show, took.is_some(), &got);
                    taken += u32::from(same);
                }
            }
            assert!(taken * 20 > tried, "{}: {taken} of {tried}", target.name);
        }
    }
}
