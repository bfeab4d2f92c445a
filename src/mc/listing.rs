//! The text of a listing, as `llvm-mc -show-encoding` prints one: labels, each
//! instruction with its bytes (`v_add_f32_e32 v1, v2, v3 ; encoding: [0x02,...]`),
//! and the directives that place bytes or switches sections as they were written
//! (`.fill 0x1000000, 8, 0` is one line, whatever it makes).
//!
//! A listing of real code has one instruction a line, most of them lines read
//! before (see the reader's memo). The line of listing of an instruction from a line
//! the memo kept depends only on that line's text, so it is printed once, as the
//! line is first read, and kept by the line's memo id; the listing then holds 4
//! bytes for each source line (the id, or the index of an item that is not such a
//! line: a label, a directive, a branch to a label, an instruction read anew), and
//! writing it is mostly copying kept lines.
//!
//! In llvm-mc's own style ([`Style::Llvm`], for `amdgpu-mc mc`), instructions are
//! printed without encodings (or with them and a branch to a symbol as llvm-mc
//! shows its fixup), and the reader lists the other lines as llvm-mc's text
//! streamer prints them (see `asm_text`).

use super::object::Object;
use super::text::options::Style;
use crate::inst::Inst;
use crate::source::Diagnostic;
use crate::target::Target;

/// The most text of printed instructions kept for reuse.
const MAX_PRINTED: usize = 1 << 24;

/// In [`List::order`], the mark of an index into [`List::items`] (without it, the
/// value is a memo id of a line in [`List::printed`]).
const ITEM: u32 = 1 << 31;

/// What a listing shows, as the reader makes it.
#[derive(Debug, Default)]
pub(super) struct List {
    /// The lines in source order: memo ids of printed lines, or [`ITEM`] and an
    /// index into `items`.
    order: Vec<u32>,
    /// The lines that are not printed lines kept by id.
    items: Vec<Listed>,
    /// The instructions the items name.
    insts: Vec<Inst>,
    /// The texts the items name (labels, directives, branch targets), one after the
    /// other; `ends[k]` is where text `k` ends.
    texts: String,
    ends: Vec<usize>,
    /// The printed lines of memo ids (start and length in `lines`; `u32::MAX`: none).
    printed: Vec<(u32, u32)>,
    lines: String,
    /// How lines are printed.
    pub(super) style: Style,
}

/// A line of a listing that is not a kept line (24 bytes).
#[derive(Clone, Copy, Debug, PartialEq)]
enum Listed {
    /// A label (its name's index in the texts).
    Label(u32),
    /// An instruction: where its bytes are (section index, offset), the
    /// instruction (its index in `insts`), and the target a branch was written with
    /// (its index in the texts; [`NO_LABEL`]: none).
    Inst {
        sec: u32,
        inst: u32,
        label: u32,
        offset: u64,
    },
    /// A directive that places bytes or switches sections, as written (name, a tab,
    /// the arguments; its index in the texts).
    Directive(u32),
    /// A line printed as it is (its index in the texts; no tab before it).
    Raw(u32),
}

/// No label (see [`Listed::Inst`]).
const NO_LABEL: u32 = u32::MAX;

/// In a [`Listed::Inst`]'s label, the mark of a literal's fixup (its expression's
/// index in the texts after it), not a branch target's.
const LITERAL: u32 = 1 << 30;

/// The literal a symbol's instruction is printed with, its text then replaced by
/// the expression's.
const SENTINEL: u32 = 0x7abc_1234;

const _: () = assert!(std::mem::size_of::<Listed>() <= 24);

impl List {
    /// An empty listing with room for what a source of `len` bytes is likely to
    /// make (a line in 16 bytes: real code has one in about 37; as many items and
    /// texts as a source of labels and branches), so that its parts are not moved
    /// as they grow: a move frees a large block, and the allocator then gathers
    /// every small block freed until then (10% of the time of a million `.set`s).
    /// Room not used is not touched.
    /// (Room the allocator refuses is not taken: the parts then grow as needed.)
    pub(super) fn for_source(len: usize, style: Style) -> List {
        let lines = len.min(1 << 30) / 16;
        let mut l = List {
            style,
            ..List::default()
        };
        let _ = l.order.try_reserve_exact(lines);
        let _ = l.items.try_reserve_exact(lines / 2);
        let _ = l.insts.try_reserve_exact(lines / 4);
        let _ = l.texts.try_reserve_exact(lines * 4);
        let _ = l.ends.try_reserve_exact(lines / 2);
        l
    }

    /// Adds an item.
    fn item(&mut self, item: Listed) {
        self.order.push(ITEM | self.items.len() as u32);
        self.items.push(item);
    }

    /// Adds the text made of `parts`, and says its index.
    fn text(&mut self, parts: &[&str]) -> u32 {
        for p in parts {
            self.texts.push_str(p);
        }
        self.ends.push(self.texts.len());
        (self.ends.len() - 1) as u32
    }

    /// The text of index `k`.
    fn text_of(&self, k: u32) -> &str {
        let k = k as usize;
        let start = match k {
            0 => 0,
            _ => self.ends[k - 1],
        };
        &self.texts[start..self.ends[k]]
    }

    /// Lists a label.
    pub(super) fn label(&mut self, name: &str) {
        let k = self.text(&[name]);
        self.item(Listed::Label(k));
    }

    /// Lists a directive: its name and arguments.
    pub(super) fn directive(&mut self, name: &str, args: &str) {
        let k = match args {
            "" => self.text(&[name]),
            _ => self.text(&[name, "\t", args]),
        };
        self.item(Listed::Directive(k));
    }

    /// Lists a line as it is (llvm-mc's style: a tab starts it if it needs one).
    pub(super) fn raw(&mut self, line: &str) {
        let k = self.text(&[line]);
        self.item(Listed::Raw(k));
    }

    /// Lists an instruction whose bytes are at `offset` in section `sec`, written
    /// with `label` as a branch's target.
    pub(super) fn inst(&mut self, inst: Inst, sec: usize, offset: u64, label: Option<&str>) {
        let label = label.map_or(NO_LABEL, |l| self.text(&[l]));
        let k = self.insts.len() as u32;
        self.insts.push(inst);
        self.item(Listed::Inst {
            sec: sec as u32,
            inst: k,
            label,
            offset,
        });
    }

    /// Lists an instruction with a fixup, in llvm-mc's style: a branch to `expr`,
    /// or (`literal`) a literal whose value is `expr`.
    pub(super) fn inst_fixup(
        &mut self,
        inst: Inst,
        sec: usize,
        offset: u64,
        expr: &str,
        literal: bool,
    ) {
        let label = self.text(&[expr]) | if literal { LITERAL } else { 0 };
        let k = self.insts.len() as u32;
        self.insts.push(inst);
        self.item(Listed::Inst {
            sec: sec as u32,
            inst: k,
            label,
            offset,
        });
    }

    /// Lists the instruction of a line the memo kept as `id`, with its bytes:
    /// printed now and kept by the id. False when there is no more room (the
    /// caller lists it with [`List::inst`]).
    pub(super) fn kept(&mut self, target: Target, inst: &Inst, id: u32, bytes: &[u8]) -> bool {
        if self.lines.len() > MAX_PRINTED || id >= ITEM {
            return false;
        }
        let at = self.lines.len();
        push_plain(&mut self.lines, target, inst, bytes, self.style);
        self.printed(id, at);
        true
    }

    /// Lists a data directive (its name and arguments) of a line the memo kept as
    /// `id`, kept by the id as [`List::kept`] keeps an instruction's.
    pub(super) fn kept_directive(&mut self, id: u32, name: &str, args: &str) -> bool {
        if self.lines.len() > MAX_PRINTED || id >= ITEM {
            return false;
        }
        let at = self.lines.len();
        push_directive(&mut self.lines, name, args);
        self.printed(id, at);
        true
    }

    /// Keeps the line printed from `at` in `lines` as that of `id`, and lists it.
    fn printed(&mut self, id: u32, at: usize) {
        let k = id as usize;
        if self.printed.len() <= k {
            self.printed.resize(k + 1, (u32::MAX, 0));
        }
        self.printed[k] = (at as u32, (self.lines.len() - at) as u32);
        self.order.push(id);
    }

    /// Lists again the line the memo kept as `id`, if it was printed.
    #[inline]
    pub(super) fn again(&mut self, id: u32) -> bool {
        let printed = self
            .printed
            .get(id as usize)
            .is_some_and(|&(at, _)| at != u32::MAX);
        if printed {
            self.order.push(id);
        }
        printed
    }
}

/// Appends the line of listing of a directive (a tab, the name, a tab and the
/// arguments if there are any).
fn push_directive(out: &mut String, name: &str, args: &str) {
    out.push('\t');
    out.push_str(name);
    if !args.is_empty() {
        out.push('\t');
        out.push_str(args);
    }
    out.push('\n');
}

/// Appends the line of listing of `inst` and its bytes, in `style`: the
/// disassembler's line (printed as it prints its lines).
fn push_plain<W: crate::disasm::LineOut>(
    out: &mut W,
    target: Target,
    inst: &Inst,
    bytes: &[u8],
    style: Style,
) {
    let encoding = !matches!(style, Style::Llvm { encodings: false });
    crate::disasm::push_inst_line(out, target, inst, bytes, encoding);
}

/// Appends the line of listing of `inst` written with `label` as a branch's
/// target, and its bytes, in `style`.
fn push_labeled(
    out: &mut String,
    target: Target,
    inst: &Inst,
    label: &str,
    bytes: &[u8],
    style: Style,
) {
    let at = out.len();
    out.push('\t');
    // (Writing into a String cannot fail.)
    let _ = crate::syntax::print::write_inst_labeled(out, target, inst, Some(label));
    let width = out[at + 1..].chars().count();
    match style {
        Style::Llvm { encodings: false } => out.push('\n'),
        // llvm-mc shows a branch to a symbol as its fixup: the offset bytes as `A`,
        // and a line naming the symbol.
        Style::Llvm { encodings: true } => {
            push_fixup(out, width, bytes, 0..2, label, "fixup_si_sopp_br");
        }
        // (The disassembler's `--show-encoding` line ending.)
        Style::Ours => crate::disasm::push_encoding(out, width, bytes),
    }
}

/// Appends an encoding as llvm-mc shows one with a fixup: the bytes of `at` as
/// `A`, and the fixup's line (its offset, the expression and the kind).
fn push_fixup(
    out: &mut String,
    width: usize,
    bytes: &[u8],
    at: std::ops::Range<usize>,
    expr: &str,
    kind: &str,
) {
    let shown: Vec<&str> = bytes
        .iter()
        .enumerate()
        .map(|(k, b)| match at.contains(&k) {
            true => "A",
            false => crate::disasm::byte_hex(*b),
        })
        .collect();
    out.push_str(&" ".repeat(40 - width.min(39)));
    out.push_str("; encoding: [");
    out.push_str(&shown.join(","));
    out.push_str("]\n");
    out.push_str(&" ".repeat(40));
    out.push_str(&format!(
        ";   fixup A - offset: {}, value: {expr}, kind: {kind}\n",
        at.start
    ));
}

/// Appends the line of an instruction with a symbol's value as its literal, in
/// llvm-mc's style: the literal printed as the expression.
fn push_literal_line(
    out: &mut String,
    target: Target,
    inst: &Inst,
    expr: &str,
    bytes: &[u8],
    style: Style,
) {
    let mut i = *inst;
    i.lit = SENTINEL;
    let mut text = String::new();
    let _ = crate::syntax::print::push_inst(&mut text, target, &i);
    let sentinel = format!("{SENTINEL:#x}");
    let text = text.replacen(&sentinel, expr, 1);
    out.push('\t');
    out.push_str(&text);
    let width = text.chars().count();
    match style {
        Style::Llvm { encodings: true } => {
            // (An absolute address's halves are data; the rest PC-relative.)
            let kind = match expr.contains("@abs32@") {
                true => "FK_Data_4",
                false => "FK_PCRel_4",
            };
            push_fixup(out, width, bytes, 4..8, expr, kind);
        }
        _ => out.push('\n'),
    }
}

/// A source assembled for a listing or raw bytes ([`super::assemble_listing`]).
#[derive(Debug)]
pub struct Listing {
    /// The object the source makes (finished: branches resolved).
    pub object: Object,
    /// What the listing shows, in source order.
    pub(super) list: List,
    /// The errors, by line and column.
    pub diags: Vec<Diagnostic>,
    /// The warnings (not errors), in source order.
    pub warnings: Vec<Diagnostic>,
    /// In llvm-mc's style ([`Style::Llvm`]): the lines llvm-mc prints that the
    /// listing leaves out (directives whose text it does not reproduce), one each.
    pub unlisted: Vec<Diagnostic>,
}

impl Listing {
    /// Writes the listing's text to `w`, in whole pages of about 64 KiB at a time.
    pub fn write_text<W: std::io::Write>(&self, target: Target, w: &mut W) -> std::io::Result<()> {
        let list = &self.list;
        let mut out = Vec::with_capacity(1 << 17);
        let mut text = String::new();
        for &k in &list.order {
            if out.len() >= 1 << 16 {
                crate::disasm::write_pages(w, &mut out)?;
            }
            if k & ITEM == 0 {
                let (at, len) = list.printed[k as usize];
                out.extend_from_slice(&list.lines.as_bytes()[at as usize..][..len as usize]);
                continue;
            }
            match list.items[(k & !ITEM) as usize] {
                Listed::Label(k) => {
                    out.extend_from_slice(list.text_of(k).as_bytes());
                    out.extend_from_slice(b":\n");
                }
                Listed::Directive(k) => {
                    out.push(b'\t');
                    out.extend_from_slice(list.text_of(k).as_bytes());
                    out.push(b'\n');
                }
                Listed::Raw(k) => {
                    out.extend_from_slice(list.text_of(k).as_bytes());
                    out.push(b'\n');
                }
                Listed::Inst {
                    sec,
                    inst,
                    label,
                    offset,
                } => {
                    let inst = &list.insts[inst as usize];
                    let data = &self.object.sections[sec as usize].data;
                    let start = offset as usize;
                    let bytes = data.get(start..start + inst.size()).unwrap_or(&[]);
                    // (Most lines: printed straight into the page.)
                    if label == NO_LABEL {
                        let page = &mut crate::disasm::Bytes(&mut out);
                        push_plain(page, target, inst, bytes, list.style);
                        continue;
                    }
                    text.clear();
                    if label & LITERAL != 0 {
                        let expr = list.text_of(label & !LITERAL);
                        push_literal_line(&mut text, target, inst, expr, bytes, list.style);
                    } else {
                        let label = list.text_of(label);
                        push_labeled(&mut text, target, inst, label, bytes, list.style);
                    }
                    out.extend_from_slice(text.as_bytes());
                }
            }
        }
        w.write_all(&out)
    }

    /// The machine code of `.text` (empty when there is none).
    pub fn text_bytes(&self) -> &[u8] {
        self.object
            .sections
            .iter()
            .find(|s| s.name == ".text")
            .map_or(&[], |s| &s.data)
    }
}

#[cfg(test)]
mod tests {
    use crate::mc::assemble_listing;
    use crate::target::Target;

    fn listing(src: &str, bytes_only: bool) -> (String, Vec<String>, Vec<u8>) {
        let t = Target::from_name("gfx906").unwrap();
        let a = assemble_listing(
            &crate::mc::Triple::default(),
            t,
            None,
            None,
            src,
            None,
            bytes_only,
        );
        let mut out = Vec::new();
        a.write_text(t, &mut out).unwrap();
        let diags = a.diags.iter().map(|d| d.to_string()).collect();
        (
            String::from_utf8(out).unwrap(),
            diags,
            a.text_bytes().to_vec(),
        )
    }

    #[test]
    fn sections_directives_and_labels_are_listed() {
        let src = "foo:\n s_nop 0\n.section .rodata\n.fill 0x1000000, 8, 0\n.long 5\n.text\n s_branch foo\n";
        let (text, diags, _) = listing(src, false);
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(
            text,
            "foo:\n\
             \ts_nop 0                                 ; encoding: [0x00,0x00,0x80,0xbf]\n\
             \t.section\t.rodata\n\
             \t.fill\t0x1000000, 8, 0\n\
             \t.long\t5\n\
             \t.text\n\
             \ts_branch foo                            ; encoding: [0xfe,0xff,0x82,0xbf]\n"
        );
    }

    #[test]
    fn bytes_only_refuses_what_needs_an_object() {
        let (_, diags, code) = listing("s_nop 0\n.data\n.long 1\n.text\ns_endpgm\n", true);
        assert_eq!(
            diags,
            ["2:1: error: section '.data' needs an object file (asm --filetype obj); its contents are left out"]
        );
        assert_eq!(code, [0, 0, 0x80, 0xbf, 0, 0, 0x81, 0xbf]);
        let (_, diags, _) = listing("s_mov_b32 s0, sym@abs32@lo\n", true);
        assert_eq!(
            diags,
            ["1:15: error: a symbol as a literal needs an object file (asm --filetype obj)"]
        );
        let (_, diags, _) = listing("s_nop 0\n.long other\n", false);
        assert_eq!(
            diags,
            ["2:7: error: a relocation needs an object file (asm --filetype obj)"]
        );
    }

    /// Lines read again are listed from their kept text, as the first time, also
    /// after a `.set` forgot them, and among lines that are not kept.
    #[test]
    fn lines_read_again_are_listed_as_the_first_time() {
        let nop = "\ts_nop 0                                 ; encoding: [0x00,0x00,0x80,0xbf]\n";
        let mov = "\ts_mov_b32 s0, 1                         ; encoding: [0x81,0x00,0x80,0xbe]\n";
        let src =
            " s_nop 0\n s_nop 0\nx = 1\n s_nop 0\n s_mov_b32 s0, x\n s_nop 0\n s_mov_b32 s0, 1\n";
        let (text, diags, code) = listing(src, false);
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(text, [nop, nop, nop, mov, nop, mov].concat());
        assert_eq!(code.len(), 24);
    }

    /// Data directives of numbers are kept as instruction lines are; those naming
    /// a symbol, or with a label, are read each time.
    #[test]
    fn data_of_numbers_read_again_places_the_same_bytes() {
        let src = ".long 1\n.long 1\nx = 2\n.long x\n.long 1\nx = 3\n.long x\nl: .long 1\n.byte 1, 2\n.byte 1, 2\n.quad 5, 6\n.quad 5, 6\n";
        let (text, diags, code) = listing(src, false);
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(
            text,
            "\t.long\t1\n\t.long\t1\n\t.long\tx\n\t.long\t1\n\t.long\tx\nl:\n\t.long\t1\n\
             \t.byte\t1, 2\n\t.byte\t1, 2\n\t.quad\t5, 6\n\t.quad\t5, 6\n"
        );
        let mut want = Vec::new();
        for v in [1u32, 1, 2, 1, 3, 1] {
            want.extend_from_slice(&v.to_le_bytes());
        }
        want.extend_from_slice(&[1, 2, 1, 2]);
        for _ in 0..2 {
            want.extend_from_slice(&5u64.to_le_bytes());
            want.extend_from_slice(&6u64.to_le_bytes());
        }
        assert_eq!(code, want);
    }
}
