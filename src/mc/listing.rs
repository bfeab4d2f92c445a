//! The text of a listing, as `llvm-mc -show-encoding` prints one: labels, each
//! instruction with its bytes (`v_add_f32_e32 v1, v2, v3 ; encoding: [0x02,...]`),
//! and the directives that place bytes or switch sections as they were written
//! (`.fill 0x1000000, 8, 0` is one line, whatever it makes). Written into a byte
//! buffer: one reused line buffer for the instruction text, bytes by table.

use super::memo::Fx;
use super::text::{Listed, Listing};
use crate::inst::Inst;
use crate::target::Target;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// The most text of printed instructions kept for reuse.
const MAX_PRINTED: usize = 1 << 24;

/// `0x00`..`0xff`, two hex digits per byte.
const HEX: &[u8; 16] = b"0123456789abcdef";

impl Listing {
    /// Writes the listing's text to `w`, in chunks of 64 KiB.
    pub fn write_text<W: std::io::Write>(&self, target: Target, w: &mut W) -> std::io::Result<()> {
        let mut chunk = Vec::with_capacity(1 << 17);
        let out = &mut chunk;
        // An instruction's text depends on the instruction alone (and the target):
        // each distinct one is printed once, its text kept (start, length, width).
        let mut printed: HashMap<Inst, (u32, u32, u32), BuildHasherDefault<Fx>> =
            HashMap::default();
        let mut texts = String::new();
        let mut text = String::new();
        for item in &self.items {
            if out.len() >= 1 << 16 {
                w.write_all(out)?;
                out.clear();
            }
            match item {
                Listed::Label(name) => {
                    out.extend_from_slice(name.as_bytes());
                    out.extend_from_slice(b":\n");
                }
                Listed::Directive(d) => {
                    out.push(b'\t');
                    out.extend_from_slice(d.as_bytes());
                    out.push(b'\n');
                }
                Listed::Inst {
                    sec,
                    offset,
                    inst,
                    label,
                } => {
                    let kept = label
                        .is_none()
                        .then(|| printed.get(inst))
                        .flatten()
                        .copied();
                    let (shown, width) = match kept {
                        Some((start, len, width)) => (
                            &texts[start as usize..(start + len) as usize],
                            width as usize,
                        ),
                        None => {
                            text.clear();
                            // (Writing into a String cannot fail.)
                            let _ = crate::syntax::print::write_inst_labeled(
                                &mut text,
                                target,
                                inst,
                                label.as_deref(),
                            );
                            let width = text.chars().count();
                            if label.is_none() && texts.len() + text.len() <= MAX_PRINTED {
                                let start = texts.len() as u32;
                                texts.push_str(&text);
                                printed.insert(*inst, (start, text.len() as u32, width as u32));
                            }
                            (text.as_str(), width)
                        }
                    };
                    out.push(b'\t');
                    out.extend_from_slice(shown.as_bytes());
                    // Padded to column 40 as llvm-mc pads, with one blank at least.
                    out.extend(std::iter::repeat_n(b' ', 39usize.saturating_sub(width) + 1));
                    out.extend_from_slice(b"; encoding: [");
                    let data = &self.object.sections[*sec].data;
                    let start = *offset as usize;
                    let bytes = data.get(start..start + inst.size()).unwrap_or(&[]);
                    for (k, &b) in bytes.iter().enumerate() {
                        if k > 0 {
                            out.push(b',');
                        }
                        out.extend_from_slice(&[
                            b'0',
                            b'x',
                            HEX[(b >> 4) as usize],
                            HEX[(b & 15) as usize],
                        ]);
                    }
                    out.extend_from_slice(b"]\n");
                }
            }
        }
        w.write_all(out)
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
        let a = assemble_listing(t, None, None, src, None, bytes_only);
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
}
