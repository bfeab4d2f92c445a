//! The disassembler: a byte stream to lines of text. Words that do not decode become
//! `.long` lines (which the assembler takes back), so no byte is ever lost.

pub mod memo;

use crate::codec::{decode, DecodeError};
use crate::inst::Inst;
use crate::target::Target;
use std::fmt::{self, Write};
use std::io;

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

/// Iterates over `bytes`, decoding one instruction at a time. Bytes that do not
/// decode advance by the length their encoding has (`codec::undecoded_len`: 8 bytes
/// for a 64-bit format, so its second word is never read as an instruction; 4, as
/// llvm-mc and llvm-objdump advance, otherwise).
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
            Err(e) => undecoded(self.target, rest, offset, e),
        };
        self.pos += line.len;
        Some(line)
    }
}

/// The line of bytes that do not decode at `offset` (`rest` the bytes from there on):
/// as long as their encoding says (see [`crate::codec::undecoded_len`]).
fn undecoded(target: Target, rest: &[u8], offset: usize, e: DecodeError) -> Line {
    Line {
        offset,
        len: crate::codec::undecoded_len(target, rest),
        inst: Err(e),
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

/// `0x00` to `0xff`, four characters each: a byte's text is one slice.
const BYTE_HEX: &str = {
    const fn table() -> [u8; 1024] {
        let digits = b"0123456789abcdef";
        let mut t = [0u8; 1024];
        let mut k = 0;
        while k < 256 {
            t[4 * k] = b'0';
            t[4 * k + 1] = b'x';
            t[4 * k + 2] = digits[k >> 4];
            t[4 * k + 3] = digits[k & 15];
            k += 1;
        }
        t
    }
    const T: [u8; 1024] = table();
    match std::str::from_utf8(&T) {
        Ok(s) => s,
        Err(_) => panic!("ASCII table"),
    }
};

/// `0x2a` for byte 42: the text of a byte, from a table.
pub fn byte_hex(b: u8) -> &'static str {
    let k = 4 * b as usize;
    &BYTE_HEX[k..k + 4]
}

/// Writes `text` padded the way llvm-mc aligns its `; encoding:` comments.
pub fn write_padded(out: &mut dyn Write, text: &str) -> fmt::Result {
    out.write_str(text)?;
    let w = text.chars().count();
    out.write_str(pad(w))
}

/// Spaces that take text of `width` columns to column 40 (at least one).
fn pad(width: usize) -> &'static str {
    const SPACES: &str = "                                        ";
    &SPACES[width.min(39)..]
}

/// Writes a comma-separated byte list `[0x..,0x..]`.
pub fn write_bytes(out: &mut dyn Write, bytes: &[u8]) -> fmt::Result {
    out.write_char('[')?;
    for (k, b) in bytes.iter().enumerate() {
        if k > 0 {
            out.write_char(',')?;
        }
        out.write_str(byte_hex(*b))?;
    }
    out.write_char(']')
}

/// Writes one line as llvm-mc does: a tab, the text, and with `show_encoding` the
/// `; encoding: [...]` comment. Undecodable bytes are written as data with a comment.
/// `l` is a line of `bytes` (from [`lines`]); a line outside them is an error.
pub fn write_line(
    out: &mut String,
    target: Target,
    bytes: &[u8],
    l: &Line,
    show_encoding: bool,
) -> fmt::Result {
    let raw = l
        .offset
        .checked_add(l.len)
        .and_then(|end| bytes.get(l.offset..end))
        .ok_or(fmt::Error)?;
    match &l.inst {
        Ok(i) => push_inst_line(out, target, i, raw, show_encoding),
        Err(e) => push_undecoded_line(out, raw, e),
    }
    Ok(())
}

/// The line [`write_line`] writes for bytes `raw` that do not decode: data, with the
/// decoder's error as a comment.
fn push_undecoded_line(out: &mut String, raw: &[u8], e: &DecodeError) {
    out.push('\t');
    // The text is ASCII: its width is the bytes it adds.
    let start = out.len();
    data_text(raw, |s| out.push_str(s));
    out.push_str(pad(out.len() - start));
    out.push_str("; invalid instruction encoding: ");
    match e {
        DecodeError::Invalid(why) => out.push_str(why),
        DecodeError::Truncated { .. } => {
            let _ = write!(out, "{e}");
        }
    }
    out.push('\n');
}

/// Gives `put`, piece by piece, the text of bytes that do not decode: whole words as
/// one `.long` line (an undecodable 8-byte instruction is one line of two words, so its
/// second word is never read as code), other lengths as `.byte`s.
pub fn data_text(raw: &[u8], mut put: impl FnMut(&str)) {
    if !raw.is_empty() && raw.len().is_multiple_of(4) {
        put(".long ");
        for (k, w) in raw.chunks(4).enumerate() {
            put(if k > 0 { ", 0x" } else { "0x" });
            for b in w.iter().rev() {
                put(&byte_hex(*b)[2..]);
            }
        }
    } else {
        put(".byte ");
        for (k, b) in raw.iter().enumerate() {
            if k > 0 {
                put(", ");
            }
            put(byte_hex(*b));
        }
    }
}

/// The line [`write_line`] writes for instruction `i` of bytes `raw`.
fn push_inst_line(out: &mut String, target: Target, i: &Inst, raw: &[u8], show_encoding: bool) {
    out.push('\t');
    let start = out.len();
    // (Printing into a String does not fail.)
    let _ = crate::syntax::print::push_inst(out, target, i);
    if show_encoding {
        push_encoding(out, out.len() - start, raw);
    } else {
        out.push('\n');
    }
}

/// Ends a `--show-encoding` line whose text is `width` characters wide: the padding
/// llvm-mc aligns its comments with, `; encoding: [...]` for `raw`, the line end
/// (the disassembler's lines and the assembler's listing).
pub(crate) fn push_encoding(out: &mut String, width: usize, raw: &[u8]) {
    out.push_str(pad(width));
    out.push_str("; encoding: ");
    // (Writing into a String cannot fail.)
    let _ = write_bytes(out, raw);
    out.push('\n');
}

/// Writes the line at the start of `bytes` as [`write_line`] does, an instruction's
/// through `memo`; returns the bytes it covers.
fn write_next(
    out: &mut Vec<u8>,
    memo: &mut memo::Memo,
    target: Target,
    bytes: &[u8],
    show_encoding: bool,
) -> io::Result<usize> {
    let render = |r: Result<&Inst, DecodeError>, raw: &[u8], s: &mut String| {
        match r {
            Ok(i) => push_inst_line(s, target, i, raw, show_encoding),
            Err(e) => push_undecoded_line(s, raw, &e),
        }
        0
    };
    let h = memo.get(bytes, render);
    h.push_to(out);
    Ok(h.len)
}

/// Disassembles `bytes` to `out` as text (the lines of [`write_line`]), written as it
/// is produced, in blocks of about 256 KB: memory stays bounded whatever the input.
/// Returns the number of lines.
pub fn write_text(
    out: &mut dyn io::Write,
    target: Target,
    bytes: &[u8],
    show_encoding: bool,
) -> io::Result<usize> {
    const BLOCK: usize = 1 << 18;
    let mut text = Vec::with_capacity(BLOCK + 512);
    let mut memo = memo::Memo::for_bytes(target, bytes.len());
    let (mut n, mut pos) = (0, 0);
    while pos < bytes.len() {
        pos += write_next(&mut text, &mut memo, target, &bytes[pos..], show_encoding)?;
        n += 1;
        if text.len() >= BLOCK {
            out.write_all(&text)?;
            text.clear();
        }
    }
    out.write_all(&text)?;
    Ok(n)
}

/// Why [`stream_text`] stopped.
#[derive(Debug)]
pub enum StreamError {
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the output failed.
    Write(io::Error),
}

impl fmt::Display for StreamError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StreamError::Read(e) | StreamError::Write(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for StreamError {}

/// Disassembles the bytes read from `input` to `out`, as [`write_text`] does for a
/// slice, holding about 1 MB of input and 256 KB of text at a time whatever the input's
/// size. `size_hint` is how many bytes the input is expected to hold (0: not known);
/// it only sizes the memo. Returns the number of lines.
pub fn stream_text(
    input: &mut dyn io::Read,
    out: &mut dyn io::Write,
    target: Target,
    show_encoding: bool,
    size_hint: usize,
) -> Result<usize, StreamError> {
    const CHUNK: usize = 1 << 20;
    // The longest instruction: a decode this far from the end of the buffer never
    // runs out of bytes that the input still has.
    const MAX_INST: usize = 12;
    const BLOCK: usize = 1 << 18;
    let mut buf = vec![0u8; CHUNK];
    let (mut len, mut eof, mut n) = (0, false, 0);
    let mut text = Vec::with_capacity(BLOCK + 512);
    let mut memo = memo::Memo::for_bytes(target, size_hint);
    loop {
        fill(input, &mut buf, &mut len, &mut eof).map_err(StreamError::Read)?;
        let limit = if eof { len } else { len - MAX_INST };
        let mut pos = 0;
        while pos < limit {
            let rest = &buf[pos..len];
            pos += write_next(&mut text, &mut memo, target, rest, show_encoding)
                .map_err(StreamError::Write)?;
            n += 1;
            if text.len() >= BLOCK {
                out.write_all(&text).map_err(StreamError::Write)?;
                text.clear();
            }
        }
        buf.copy_within(pos..len, 0);
        len -= pos;
        if eof && len == 0 {
            break;
        }
    }
    out.write_all(&text).map_err(StreamError::Write)?;
    Ok(n)
}

/// Reads from `input` into `buf` after its first `len` bytes until it is full or the
/// input ends (`eof`).
fn fill(
    input: &mut dyn io::Read,
    buf: &mut [u8],
    len: &mut usize,
    eof: &mut bool,
) -> io::Result<()> {
    while !*eof && *len < buf.len() {
        match input.read(&mut buf[*len..]) {
            Ok(0) => *eof = true,
            Ok(k) => *len += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Bad byte text: where (1-based line and column, in bytes) and what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HexError {
    /// Line of the token.
    pub line: usize,
    /// Column of the token's first byte.
    pub col: usize,
    /// Byte offset of the token.
    pub offset: usize,
    /// llvm-mc's message.
    pub message: &'static str,
}

impl fmt::Display for HexError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: error: {}", self.line, self.col, self.message)
    }
}

/// Parses byte text the way `llvm-mc --disassemble` reads it, byte by byte: tokens
/// separated by spaces, tabs, line ends and commas; `#` starts a comment to the end
/// of the line; `[` and `]` (llvm-mc's atomic blocks) separate tokens. A token is a
/// number of at most 255 in llvm-mc's notation: `0x`/`0X` hex, `0b`/`0B` binary, `0o`
/// or a leading `0` octal (`010` is 8), else decimal; anything else (`+2`, `256`,
/// `0x`, `;`) is "invalid input token" at the token's first byte.
pub fn parse_hex(text: &[u8]) -> Result<Vec<u8>, HexError> {
    let mut out = Vec::with_capacity(text.len() / 4);
    parse_hex_into(text, &mut out, 1, 0)?;
    Ok(out)
}

/// Byte text that does not read: the error, and the text of its line.
#[derive(Debug)]
pub enum ReadHexError {
    /// The input could not be read.
    Read(io::Error),
    /// A token is not a byte: where, and the bytes of its line (without the line end).
    Bad(HexError, Vec<u8>),
}

/// [`parse_hex`] of the text read from `input`, a megabyte or so of whole lines at a
/// time: only the bytes are held, not the text (a line longer than that is held whole).
pub fn read_hex(input: &mut dyn io::Read) -> Result<Vec<u8>, ReadHexError> {
    read_hex_in(input, 1 << 20)
}

/// [`read_hex`] with a first buffer of `size` bytes.
fn read_hex_in(input: &mut dyn io::Read, size: usize) -> Result<Vec<u8>, ReadHexError> {
    let mut buf = vec![0u8; size];
    let (mut len, mut eof) = (0, false);
    let (mut line, mut base) = (1, 0);
    let mut out = Vec::new();
    loop {
        fill(input, &mut buf, &mut len, &mut eof).map_err(ReadHexError::Read)?;
        // Whole lines (all that is left at the end), so that no token, comment or
        // line is cut.
        let end = match buf[..len].iter().rposition(|&b| b == b'\n') {
            _ if eof => len,
            Some(k) => k + 1,
            None => {
                buf.resize(2 * buf.len(), 0);
                continue;
            }
        };
        match parse_hex_into(&buf[..end], &mut out, line, base) {
            Ok(lines) => line += lines,
            Err(e) => {
                let start = e.offset - base + 1 - e.col;
                let rest = &buf[start..end];
                let n = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
                return Err(ReadHexError::Bad(e, rest[..n].to_vec()));
            }
        }
        base += end;
        buf.copy_within(end..len, 0);
        len -= end;
        if eof && len == 0 {
            return Ok(out);
        }
    }
}

/// Parses `text`, whose first line is line `first_line` and whose first byte is at
/// `base` in the whole input, into `out`; returns how many line ends it holds.
fn parse_hex_into(
    text: &[u8],
    out: &mut Vec<u8>,
    first_line: usize,
    base: usize,
) -> Result<usize, HexError> {
    out.reserve(text.len() / 5 + 1);
    let mut k = 0;
    while k < text.len() {
        // The common run first: `0x` and two hex digits, then a comma, blank or line
        // end, five bytes at a time (any other token is read below). Lines are
        // counted only for an error.
        while let Some(&[b'0', b'x', h, l, sep]) = text.get(k..k + 5) {
            let v = HEX_VALUE[h as usize] << 4 | HEX_VALUE[l as usize];
            if (HEX_VALUE[h as usize] | HEX_VALUE[l as usize]) >= 16
                || HEX_CLASS[sep as usize] & (SPACE | NEWLINE) == 0
            {
                break;
            }
            out.push(v);
            k += 5;
        }
        let Some(&c) = text.get(k) else {
            break;
        };
        match HEX_CLASS[c as usize] {
            SPACE | NEWLINE => k += 1,
            COMMENT => {
                k += memchr::memchr(b'\n', &text[k..]).unwrap_or(text.len() - k);
            }
            _ => {
                let start = k;
                while k < text.len() && HEX_CLASS[text[k] as usize] == TOKEN {
                    k += 1;
                }
                match hex_token(&text[start..k]) {
                    Some(b) => out.push(b),
                    None => {
                        let before = &text[..start];
                        let line_start = memchr::memrchr(b'\n', before).map_or(0, |n| n + 1);
                        return Err(HexError {
                            line: first_line + memchr::memchr_iter(b'\n', before).count(),
                            col: start - line_start + 1,
                            offset: base + start,
                            message: "invalid input token",
                        });
                    }
                }
            }
        }
    }
    Ok(memchr::memchr_iter(b'\n', text).count())
}

/// Byte classes of byte text: part of a token, a separator, a line end, a comment.
const TOKEN: u8 = 0;
const SPACE: u8 = 1;
const NEWLINE: u8 = 2;
const COMMENT: u8 = 4;
const HEX_CLASS: [u8; 256] = {
    let mut t = [TOKEN; 256];
    t[b' ' as usize] = SPACE;
    t[b'\t' as usize] = SPACE;
    t[b'\r' as usize] = SPACE;
    t[b',' as usize] = SPACE;
    t[b'[' as usize] = SPACE;
    t[b']' as usize] = SPACE;
    t[b'\n' as usize] = NEWLINE;
    t[b'#' as usize] = COMMENT;
    t
};
/// The value of a hex digit, 255 for other bytes.
const HEX_VALUE: [u8; 256] = {
    let mut t = [255u8; 256];
    let mut k = 0;
    while k < 10 {
        t[b'0' as usize + k] = k as u8;
        k += 1;
    }
    k = 0;
    while k < 6 {
        t[b'a' as usize + k] = 10 + k as u8;
        t[b'A' as usize + k] = 10 + k as u8;
        k += 1;
    }
    t
};

/// One token as llvm-mc reads a number (its radix from the prefix), if it is a byte.
fn hex_token(t: &[u8]) -> Option<u8> {
    let (radix, digits) = match t {
        [b'0', b'x' | b'X', rest @ ..] => (16, rest),
        [b'0', b'b' | b'B', rest @ ..] => (2, rest),
        [b'0', b'o', rest @ ..] => (8, rest),
        [b'0', rest @ ..] if rest.first().is_some_and(u8::is_ascii_digit) => (8, rest),
        _ => (10, t),
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: u32 = 0;
    for &c in digits {
        let d = (c as char).to_digit(radix)?;
        v = v * radix + d;
        if v > 255 {
            return None;
        }
    }
    Some(v as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Read a few bytes of lines at a time, byte text reads as it does whole: the
    /// same bytes, or the same error with its line.
    #[test]
    fn byte_text_read_in_pieces_reads_as_whole() {
        let texts = [
            "0x00 0x00 0x80 0xbf\n# c 0xzz\n0x01,0x02 0x1f 0x03\n",
            "0x00 0x00 0x80 0xbf\r\n0x00 0x00 0x80 zz\r\n",
            "0x00 0x00 0x80 0xbf",
            "0x00,0x00,0x80,0xbf,0x00,0x00,0x80,0xbf,0x00 bad",
            "[0x01 0x02]\n\n  # only a comment 0xqq\n010 0b1 255\n0x1ff\n",
            "",
        ];
        for text in texts {
            let whole = parse_hex(text.as_bytes());
            for size in [1, 3, 8, 16, 1 << 20] {
                let got = read_hex_in(&mut text.as_bytes(), size);
                match (&whole, got) {
                    (Ok(a), Ok(b)) => assert_eq!(*a, b, "{text:?} {size}"),
                    (Err(a), Err(ReadHexError::Bad(b, line))) => {
                        assert_eq!(*a, b, "{text:?} {size}");
                        let start = a.offset + 1 - a.col;
                        let want = text[start..].split('\n').next().unwrap_or("");
                        assert_eq!(line, want.as_bytes(), "{text:?} {size}");
                    }
                    (w, g) => panic!("{text:?} {size}: {w:?} against {g:?}"),
                }
            }
        }
    }

    #[test]
    fn byte_text_reads_as_llvm_mc_reads_it() {
        let ok: &[(&str, &[u8])] = &[
            ("0x02 0x07,0x02\t0x02", &[2, 7, 2, 2]),
            ("010 07 00 0", &[8, 7, 0, 0]),
            ("0b11 0B11 0o10 0X1f 0xff 255", &[3, 3, 8, 31, 255, 255]),
            (
                "2 ,, 7 # a comment ; still\n[0x02,0x07]\r\n1,",
                &[2, 7, 2, 7, 1],
            ),
        ];
        for (text, bytes) in ok {
            assert_eq!(parse_hex(text.as_bytes()).as_deref(), Ok(*bytes), "{text}");
        }
        let bad: &[(&str, usize, usize)] = &[
            ("+2", 1, 1),
            ("0x02 0x07 0x02 0x02 256", 1, 21),
            ("0x02\n  0x100 1", 2, 3),
            ("-1", 1, 1),
            ("08", 1, 1),
            ("0x", 1, 1),
            ("0b", 1, 1),
            ("0O7", 1, 1),
            ("0o8", 1, 1),
            ("1e", 1, 1),
            ("2 3 ;c", 1, 5),
            ("2;c", 1, 1),
            ("2//c", 1, 1),
            ("'a'", 1, 1),
            ("1_0", 1, 1),
            ("0x1G", 1, 1),
            ("1.0", 1, 1),
            ("0x7e000000", 1, 1),
        ];
        for (text, line, col) in bad {
            let e = parse_hex(text.as_bytes()).unwrap_err();
            assert_eq!(
                (e.line, e.col, e.message),
                (*line, *col, "invalid input token"),
                "{text}"
            );
        }
    }

    #[test]
    fn streaming_gives_the_text_of_the_whole() {
        // Random words (many invalid, literals, a truncated end) across chunk ends.
        let mut bytes = Vec::new();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..700_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            bytes.push((x >> 24) as u8);
        }
        bytes.truncate(bytes.len() - 3);
        let t = Target::from_name("gfx906").unwrap();
        for show in [false, true] {
            let mut whole = Vec::new();
            let n = write_text(&mut whole, t, &bytes, show).unwrap();
            // A reader that hands out odd-sized pieces.
            struct Pieces<'a>(&'a [u8], usize);
            impl io::Read for Pieces<'_> {
                fn read(&mut self, b: &mut [u8]) -> io::Result<usize> {
                    self.1 = self.1 % 7919 + 1;
                    let k = self.1.min(b.len()).min(self.0.len());
                    b[..k].copy_from_slice(&self.0[..k]);
                    self.0 = &self.0[k..];
                    Ok(k)
                }
            }
            let mut streamed = Vec::new();
            let m = stream_text(&mut Pieces(&bytes, 0), &mut streamed, t, show, 0).unwrap();
            assert_eq!(n, m);
            assert!(whole == streamed, "show_encoding {show}");
        }
    }

    #[test]
    fn byte_table_is_hex() {
        for b in 0..=255u8 {
            assert_eq!(byte_hex(b), format!("{b:#04x}"));
        }
    }
}
