//! The text of a listing, as `llvm-mc -show-encoding` prints one: labels, each
//! instruction with its bytes (`v_add_f32_e32 v1, v2, v3 ; encoding: [0x02,...]`),
//! and the directives that place bytes or switch sections as they were written
//! (`.fill 0x1000000, 8, 0` is one line, whatever it makes). Written into a byte
//! buffer: one reused line buffer for the instruction text, bytes by table.

use super::text::{Listed, Listing};
use crate::target::Target;

/// The most text of printed instructions kept for reuse.
const MAX_PRINTED: usize = 1 << 24;

impl Listing {
    /// Writes the listing's text to `w`, in chunks of 64 KiB.
    pub fn write_text<W: std::io::Write>(&self, target: Target, w: &mut W) -> std::io::Result<()> {
        let mut chunk = Vec::with_capacity(1 << 17);
        let out = &mut chunk;
        // An instruction read from a line the reader kept (its memo id) has the
        // same line of listing wherever that line comes again: each is written
        // once, and kept in `lines` (start and length, by id; `u32::MAX`: not yet).
        let mut printed: Vec<(u32, u32)> = Vec::new();
        let mut lines: Vec<u8> = Vec::new();
        let mut text = String::new();
        for item in &self.items {
            if out.len() >= 1 << 16 {
                w.write_all(out)?;
                out.clear();
            }
            let (sec, offset, inst, label, id) = match *item {
                Listed::Label(k) => {
                    out.extend_from_slice(self.texts.get(k).as_bytes());
                    out.extend_from_slice(b":\n");
                    continue;
                }
                Listed::Directive(k) => {
                    out.push(b'\t');
                    out.extend_from_slice(self.texts.get(k).as_bytes());
                    out.push(b'\n');
                    continue;
                }
                Listed::Inst {
                    sec,
                    inst,
                    line,
                    offset,
                } => (sec, offset, inst, None, Some(line as usize)),
                Listed::Branch {
                    sec,
                    inst,
                    label,
                    offset,
                } => (sec, offset, inst, Some(self.texts.get(label)), None),
            };
            if let Some(&(start, len)) = id.and_then(|id| printed.get(id)) {
                if start != u32::MAX {
                    out.extend_from_slice(&lines[start as usize..][..len as usize]);
                    continue;
                }
            }
            let inst = &self.insts[inst as usize];
            let data = &self.object.sections[sec as usize].data;
            let start = offset as usize;
            let bytes = data.get(start..start + inst.size()).unwrap_or(&[]);
            let at = out.len();
            text.clear();
            text.push('\t');
            // (Writing into a String cannot fail. Without a label, the printer
            // monomorphised for a String, as the disassembler's.)
            let _ = match label {
                None => crate::syntax::print::push_inst(&mut text, target, inst),
                Some(l) => {
                    crate::syntax::print::write_inst_labeled(&mut text, target, inst, Some(l))
                }
            };
            // (The disassembler's `--show-encoding` line ending.)
            let width = text[1..].chars().count();
            crate::disasm::push_encoding(&mut text, width, bytes);
            out.extend_from_slice(text.as_bytes());
            let id = id.filter(|&id| id != Listed::NO_LINE as usize);
            if let Some(id) = id.filter(|_| lines.len() <= MAX_PRINTED) {
                if printed.len() <= id {
                    printed.resize(id + 1, (u32::MAX, 0));
                }
                let line = &out[at..];
                printed[id] = (lines.len() as u32, line.len() as u32);
                lines.extend_from_slice(line);
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
