//! The disassembler: a byte stream to lines of text. Words that do not decode become
//! `.long` lines (which the assembler takes back), so no byte is ever lost.

use crate::codec::{decode, DecodeError};
use crate::inst::Inst;
use crate::target::Target;
use std::fmt::{self, Write};

/// One disassembled unit: an instruction, or a word (or trailing bytes) that did not decode.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Line {
    /// Byte offset of the line.
    pub offset: usize,
    /// How many bytes it covers.
    pub len: usize,
    /// The instruction, or why the bytes do not decode.
    pub inst: Result<Inst, DecodeError>,
}

/// Iterates over `bytes`, decoding one instruction at a time. An undecodable word
/// advances by 4 bytes, as llvm-mc and llvm-objdump do.
pub struct Lines<'a> {
    target: Target,
    bytes: &'a [u8],
    pos: usize,
}

impl Iterator for Lines<'_> {
    type Item = Line;
    fn next(&mut self) -> Option<Line> {
        let rest = self.bytes.get(self.pos..).filter(|r| !r.is_empty())?;
        let offset = self.pos;
        let line = match decode(self.target, rest) {
            Ok(i) => Line {
                offset,
                len: i.size(),
                inst: Ok(i),
            },
            Err(e) => Line {
                offset,
                len: rest.len().min(4),
                inst: Err(e),
            },
        };
        self.pos += line.len;
        Some(line)
    }
}

/// The disassembly of `bytes` as lines: an instruction where the bytes decode, one word of data where they do not.
pub fn lines(target: Target, bytes: &[u8]) -> Lines<'_> {
    Lines {
        target,
        bytes,
        pos: 0,
    }
}

/// Writes `text` padded the way llvm-mc aligns its `; encoding:` comments.
pub fn write_padded(out: &mut dyn Write, text: &str) -> fmt::Result {
    out.write_str(text)?;
    let w = text.chars().count();
    for _ in w..39 {
        out.write_char(' ')?;
    }
    out.write_char(' ')
}

/// Writes a comma-separated byte list `[0x..,0x..]`.
pub fn write_bytes(out: &mut dyn Write, bytes: &[u8]) -> fmt::Result {
    out.write_char('[')?;
    for (k, b) in bytes.iter().enumerate() {
        if k > 0 {
            out.write_char(',')?;
        }
        write!(out, "{b:#04x}")?;
    }
    out.write_char(']')
}

/// Writes one line as llvm-mc does: a tab, the text, and with `show_encoding` the
/// `; encoding: [...]` comment. Undecodable bytes are written as data with a comment.
pub fn write_line(
    out: &mut dyn Write,
    target: Target,
    bytes: &[u8],
    l: &Line,
    show_encoding: bool,
) -> fmt::Result {
    let raw = &bytes[l.offset..l.offset + l.len];
    out.write_char('\t')?;
    // The text goes straight to `out`; its width is counted for the padding.
    let mut w = Counting { out, n: 0 };
    match &l.inst {
        Ok(i) => crate::syntax::print::write_inst(&mut w, target, i)?,
        Err(_) if raw.len() == 4 => write!(
            w,
            ".long {:#010x}",
            u32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]])
        )?,
        Err(_) => {
            w.write_str(".byte ")?;
            for (k, b) in raw.iter().enumerate() {
                if k > 0 {
                    w.write_str(", ")?;
                }
                write!(w, "{b:#04x}")?;
            }
        }
    }
    let width = w.n;
    let pad = |out: &mut dyn Write| -> fmt::Result {
        for _ in width..39 {
            out.write_char(' ')?;
        }
        out.write_char(' ')
    };
    match (&l.inst, show_encoding) {
        (Ok(_), false) => {}
        (Ok(_), true) => {
            pad(out)?;
            out.write_str("; encoding: ")?;
            write_bytes(out, raw)?;
        }
        (Err(e), _) => {
            pad(out)?;
            write!(out, "; invalid instruction encoding: {e}")?;
        }
    }
    out.write_char('\n')
}

/// A writer that counts the characters passing through.
struct Counting<'a> {
    out: &'a mut dyn Write,
    n: usize,
}

impl Write for Counting<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        // Instruction text is ASCII: bytes are columns.
        self.n += s.len();
        self.out.write_str(s)
    }
}

/// Parses byte text the way `llvm-mc --disassemble` reads it: numbers separated by
/// commas or white space, comments after `#` or `;`. Errors carry (line, column).
pub fn parse_hex(text: &str) -> Result<Vec<u8>, (usize, usize, String)> {
    let mut out = Vec::new();
    for (ln, line) in text.lines().enumerate() {
        let end = line.find(['#', ';']).unwrap_or(line.len());
        let body = &line[..end];
        let mut col = 0;
        for tok in body.split(|c: char| c == ',' || c.is_whitespace()) {
            let here = col;
            col += tok.len() + 1;
            if tok.is_empty() {
                continue;
            }
            let v = if let Some(h) = tok.strip_prefix("0x").or_else(|| tok.strip_prefix("0X")) {
                u32::from_str_radix(h, 16)
            } else {
                tok.parse::<u32>()
            };
            match v {
                Ok(b) if b <= 0xff => out.push(b as u8),
                _ => return Err((ln + 1, here + 1, "invalid input token".to_string())),
            }
        }
    }
    Ok(out)
}
