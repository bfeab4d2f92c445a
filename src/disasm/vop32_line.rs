//! The disassembler's one step for the commonest words of all, VOP1, VOP2 and VOPC
//! in their 32-bit encoding (`v_add_f32_e32 v1, s2, v3`): a word's line made
//! straight from its bits by a template of its row, without an `Inst` decoded and
//! printed. A template holds the row's head (the mnemonic and its suffix, padded)
//! and which fields its line shows; each field's text comes from a table of the
//! padded text of every code the decoder takes in it (empty where it does not). The
//! tables are made once per process from the decoder's own field rules
//! (`codec::fast::vop32::fields`, `codec::fast::field_valid`) and the printer's own texts
//! (`print_plan::e32_layout`, `operand_code::src_padded`); rows whose fields are
//! checked together (carries, tuple alignment, the constant bus) and codes printed
//! the slow way (the literal, 1/(2*pi)) are not in them, and their words go the
//! general way. Only a "yes" is an answer: a test holds every row's lines on every
//! target to the general path's, for random fields.
//!
//! On 400,000 random VOP2/VOP1/VOPC words (gfx906) the words a template takes
//! (two in three) cost about 20 ns each against 95 ns decoded and printed.

use crate::codec::fast::vop32::{fields, VOP1_AT, VOPC_AT};
use crate::codec::fast::{field_valid, FieldRule};
use crate::inst::VGPR0;
use crate::operand_code::{src_padded, Padded};
use crate::syntax::print_plan::{e32_layout, E32, HEAD_PAD};
use crate::target::Target;
use std::sync::OnceLock;

/// The rows: VOP2's 64 opcodes, then VOP1's 256 from [`VOP1_AT`], then VOPC's 256
/// from [`VOPC_AT`] (`codec::fast::vop32`'s order).
const ROWS: usize = VOPC_AT as usize + 256;

/// What a row's line shows after its head.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    /// No template: the general path.
    None,
    /// `vdst, src0`.
    Src0,
    /// `vdst, src0, vsrc1`.
    Src0Src1,
    /// `vcc, src0, vsrc1`.
    VccSrc0Src1,
}

/// A row's template.
#[derive(Clone, Copy)]
struct Row {
    shape: Shape,
    /// The head and what follows it ([`HEAD_PAD`] bytes), and its length.
    head: &'static [u8; HEAD_PAD],
    head_len: u8,
    /// The tables of its fields' texts: VDST (table 0, or none for VCC), SRC0,
    /// VSRC1 (table 0).
    tables: [u16; 3],
}

/// The templates of one target.
pub(crate) struct Templates {
    target: Target,
    rows: Box<[Row]>,
    /// Field texts by code (from `VGPR0` for VDST and VSRC1, whose table is the
    /// first); `[0; 16]` (length 0) where the decoder refuses the code.
    tables: Vec<Box<[Padded]>>,
}

/// What [`Templates::new`] has worked out so far: SRC0's tables by rule and width,
/// and which VDST and VSRC1 rules take every VGPR.
#[derive(Default)]
struct Made {
    src0: Vec<(FieldRule, u8, usize)>,
    vgprs: Vec<(FieldRule, bool)>,
}

impl Made {
    /// Whether the decoder takes every VGPR in a field of `rule`.
    fn all_vgprs(&mut self, target: Target, rule: FieldRule) -> bool {
        if let Some(&(_, all)) = self.vgprs.iter().find(|(r, _)| *r == rule) {
            return all;
        }
        let all = (VGPR0..VGPR0 + 256).all(|c| field_valid(target, rule, c));
        self.vgprs.push((rule, all));
        all
    }
}

/// A type of `dwords` dwords (one for none), for the text of a register of that
/// width ([`src_padded`] reads only its width).
fn ty_of(dwords: u8) -> crate::isa::Ty {
    use crate::isa::Ty;
    match dwords {
        2 => Ty::B64,
        3 => Ty::B96,
        4 => Ty::B128,
        _ => Ty::B32,
    }
}

impl Templates {
    /// The templates of `target`'s rows.
    pub(crate) fn new(target: Target) -> Templates {
        let gen = target.gen;
        // (Table 0: the VGPRs' names, for VDST and VSRC1, whose every register is one
        // the decoder takes in the rows that have a template.)
        let mut vgprs = vec![[0u8; 16]; 512].into_boxed_slice();
        for code in VGPR0..VGPR0 + 256 {
            vgprs[code as usize] = src_padded(gen, code, crate::isa::Ty::B32).unwrap_or([0; 16]);
        }
        let mut t = Templates {
            target,
            rows: Box::new([]),
            tables: vec![vgprs],
        };
        let mut made = Made::default();
        let rows = (0..ROWS as u32).map(|at| t.row(at, &mut made)).collect();
        t.rows = rows;
        t
    }

    /// The template of row `at`.
    fn row(&mut self, at: u32, made: &mut Made) -> Row {
        let none = Row {
            shape: Shape::None,
            head: &[0; HEAD_PAD],
            head_len: 0,
            tables: [0; 3],
        };
        let Some(f) = fields(self.target, at) else {
            return none;
        };
        let Some((head, padded, layout)) = e32_layout(f.op) else {
            return none;
        };
        let (shape, src0) = match layout {
            E32::Src0(a) => (Shape::Src0, a),
            E32::Src0Src1(a, b) | E32::VccSrc0Src1(a, b) if b.dwords() == 1 => {
                let vcc = matches!(layout, E32::VccSrc0Src1(..));
                (
                    if vcc {
                        Shape::VccSrc0Src1
                    } else {
                        Shape::Src0Src1
                    },
                    a,
                )
            }
            _ => return none,
        };
        // (VOP1 has no VSRC1, VOPC its VCC for VDST; the layout must say the same.)
        let vopc = at >= VOPC_AT;
        let vop1 = (VOP1_AT..VOPC_AT).contains(&at);
        let (Ok(head_len), true) = (u8::try_from(head.len()), head.len() <= HEAD_PAD) else {
            return none;
        };
        if vopc != (shape == Shape::VccSrc0Src1)
            || vop1 != (shape == Shape::Src0)
            || f.rule(0).is_some() == vopc
            || f.rule(2).is_some() == vop1
        {
            return none;
        }
        // VDST and VSRC1: every VGPR taken, their names from table 0.
        for k in [0, 2] {
            if let Some(rule) = f.rule(k) {
                if !made.all_vgprs(self.target, rule) {
                    return none;
                }
            }
        }
        let Some(rule) = f.rule(1) else {
            return none;
        };
        Row {
            shape,
            head: padded,
            head_len,
            tables: [0, self.src0_table(rule, src0.dwords(), made) as u16, 0],
        }
    }

    /// The table of SRC0's texts under `rule` for sources of `dwords` (made if new).
    fn src0_table(&mut self, rule: FieldRule, dwords: u8, made: &mut Made) -> usize {
        if let Some(&(_, _, at)) = made
            .src0
            .iter()
            .find(|(r, d, _)| *r == rule && *d == dwords)
        {
            return at;
        }
        let (target, ty) = (self.target, ty_of(dwords));
        let mut texts = vec![[0u8; 16]; 512].into_boxed_slice();
        for code in 0..512 {
            if field_valid(target, rule, code) {
                texts[code as usize] = src_padded(target.gen, code, ty).unwrap_or([0; 16]);
            }
        }
        self.tables.push(texts);
        made.src0.push((rule, dwords, self.tables.len() - 1));
        self.tables.len() - 1
    }

    /// Appends the line of 32-bit VOP word `w` (`\t`, the text, `\n`, or with
    /// `show_encoding` the encoding after it), if its row has a template and the
    /// decoder takes its fields; `false` (nothing appended) if not.
    #[inline]
    pub(crate) fn push_line(&self, out: &mut Vec<u8>, w: u32, show_encoding: bool) -> bool {
        let at = match w >> 25 {
            0x3f => VOP1_AT + (w >> 9 & 0xff),
            0x3e => VOPC_AT + (w >> 17 & 0xff),
            op if op < 0x3e => op,
            _ => return false,
        };
        let Some(row) = self.rows.get(at as usize) else {
            return false;
        };
        let text = |k: usize, code: u32| -> Option<&Padded> {
            let p = self
                .tables
                .get(row.tables[k] as usize)?
                .get(code as usize)?;
            (p[15] != 0).then_some(p)
        };
        let (vdst, vsrc1) = (256 + (w >> 17 & 0xff), 256 + (w >> 9 & 0xff));
        let (first, src0, second) = match row.shape {
            Shape::None => return false,
            Shape::Src0 => (text(0, vdst), text(1, w & 0x1ff), None),
            Shape::Src0Src1 => (text(0, vdst), text(1, w & 0x1ff), text(2, vsrc1)),
            Shape::VccSrc0Src1 => (Some(&VCC), text(1, w & 0x1ff), text(2, vsrc1)),
        };
        let (Some(first), Some(src0)) = (first, src0) else {
            return false;
        };
        if row.shape != Shape::Src0 && second.is_none() {
            return false;
        }
        // (Fixed-size copies cut to length, with room made once.)
        out.reserve(LINE_ROOM);
        let start = out.len() + 1;
        put(out, b"\t", 1);
        put(out, row.head, row.head_len as usize);
        put(out, b" ", 1);
        put(out, first, first[15] as usize);
        put(out, b", ", 2);
        put(out, src0, src0[15] as usize);
        if let Some(p) = second {
            put(out, b", ", 2);
            put(out, p, p[15] as usize);
        }
        if show_encoding {
            let width = out.len() - start;
            super::push_encoding(&mut super::Bytes(out), width, &w.to_le_bytes());
        } else {
            put(out, b"\n", 1);
        }
        true
    }
}

/// The most a line's text takes before its ending: a tab, a head of [`HEAD_PAD`]
/// bytes, three operands of 16 and their separators, with room for each copy's
/// padding.
const LINE_ROOM: usize = 1 + HEAD_PAD + 3 * (2 + 16) + 16;

/// `vcc`, padded.
const VCC: Padded = *b"vcc\0\0\0\0\0\0\0\0\0\0\0\0\x03";

/// Appends the first `n` bytes of `p`, by one copy of its whole size.
#[inline(always)]
fn put<const N: usize>(out: &mut Vec<u8>, p: &[u8; N], n: usize) {
    let end = out.len() + n.min(N);
    out.extend_from_slice(p);
    out.truncate(end);
}

static FIRST: OnceLock<Templates> = OnceLock::new();

/// The templates of `target`, if it reads words as the first target the process
/// asked for does (a run disassembles for one target nearly always; others go the
/// general way). (What the templates depend on: the generation, the opcode column
/// and the features, as for the decoder's own row table; not the name, whose
/// comparison was a call for every word.)
#[inline]
pub(crate) fn templates(target: Target) -> Option<&'static Templates> {
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

    /// The general path's line of `w` (decoded, then printed), if it decodes.
    fn general(target: Target, w: u32, show_encoding: bool) -> Option<Vec<u8>> {
        let raw = w.to_le_bytes();
        let i = crate::codec::decode(target, &raw).ok()?;
        let mut out = Vec::new();
        push_inst_line(
            &mut Bytes(&mut out),
            target,
            &i,
            &raw[..i.size()],
            show_encoding,
        );
        Some(out)
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
                    let show = n % 3 == 0;
                    let mut got = b"x".to_vec();
                    let took = t.push_line(&mut got, w, show);
                    let want = general(target, w, show);
                    tried += 1;
                    if took {
                        taken += 1;
                        assert_eq!(
                            Some(&got[1..]),
                            want.as_deref(),
                            "{}: {w:#010x}: {:?} vs {:?}",
                            target.name,
                            String::from_utf8_lossy(&got[1..]),
                            want.as_deref().map(String::from_utf8_lossy)
                        );
                    } else {
                        assert_eq!(got, b"x");
                    }
                }
            }
            // (About a third of all opcodes' words: most opcodes of the 256 VOP1 and
            // VOPC are unused.)
            assert!(taken * 6 > tried, "{}: {taken} of {tried}", target.name);
        }
    }
}
