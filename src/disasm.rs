//! The disassembler: a byte stream to lines of text. Words that do not decode become
//! `.long` lines (which the assembler takes back), so no byte is ever lost.

pub mod memo;
pub mod span;
pub(crate) mod templates;

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
pub fn write_bytes<W: Write + ?Sized>(out: &mut W, bytes: &[u8]) -> fmt::Result {
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

/// Where a line's text goes: a `String`, or the bytes of the disassembler's listing
/// ([`Bytes`]).
pub(crate) trait LineOut: crate::syntax::print_plan::PlanOut {
    /// The length of the text, in bytes.
    fn text_len(&self) -> usize;
    /// Appends `text`, which is ASCII.
    fn push_ascii(&mut self, text: &[u8]);
}

impl LineOut for String {
    fn text_len(&self) -> usize {
        self.len()
    }
    fn push_ascii(&mut self, text: &[u8]) {
        // (ASCII: always UTF-8.)
        self.push_str(std::str::from_utf8(text).unwrap_or_default());
    }
}

/// A byte buffer as the printer's output: text appended as bytes, a short text by a
/// copy or two of fixed size rather than a call to copy it (most of a line's pieces
/// are a few bytes: a mnemonic, a register, `, `).
pub(crate) struct Bytes<'a>(pub(crate) &'a mut Vec<u8>);

impl Write for Bytes<'_> {
    #[inline(always)]
    fn write_str(&mut self, s: &str) -> fmt::Result {
        push_bytes(self.0, s.as_bytes());
        Ok(())
    }
}

impl LineOut for Bytes<'_> {
    fn text_len(&self) -> usize {
        self.0.len()
    }
    #[inline(always)]
    fn push_ascii(&mut self, text: &[u8]) {
        push_bytes(self.0, text);
    }
}

/// Appends `s` to `out`: up to 32 bytes as two copies of 2, 4, 8 or 16 bytes that
/// overlap in the middle (the second starting where the text's last `N` bytes do).
#[inline(always)]
fn push_bytes(out: &mut Vec<u8>, s: &[u8]) {
    #[inline(always)]
    fn two<const N: usize>(out: &mut Vec<u8>, s: &[u8]) {
        if let (Some(a), Some(b)) = (s.first_chunk::<N>(), s.last_chunk::<N>()) {
            let end = out.len() + s.len();
            out.extend_from_slice(a);
            out.truncate(end - N);
            out.extend_from_slice(b);
        }
    }
    match s.len() {
        0 => {}
        1 => out.push(s[0]),
        2..4 => two::<2>(out, s),
        4..8 => two::<4>(out, s),
        8..16 => two::<8>(out, s),
        16..=32 => two::<16>(out, s),
        _ => out.extend_from_slice(s),
    }
}

/// The eight hex digits of `w`, most significant first: its nibbles spread one to a
/// byte, then each made a digit (`'a'` and on from 10) in one step.
fn hex8(w: u32) -> [u8; 8] {
    let x = u64::from(w);
    let x = (x & 0xffff_0000) << 16 | x & 0xffff;
    let x = (x & 0x0000_ff00_0000_ff00) << 8 | x & 0x0000_00ff_0000_00ff;
    let x = (x & 0x00f0_00f0_00f0_00f0) << 4 | x & 0x000f_000f_000f_000f;
    // (A byte's nibble is 10 or more when adding 6 carries into bit 4.)
    let letters = (x + 0x0606_0606_0606_0606) >> 4 & 0x0101_0101_0101_0101;
    (x + 0x3030_3030_3030_3030 + letters * u64::from(b'a' - b'0' - 10)).to_be_bytes()
}

/// The start of the line of one word that does not decode, up to the reason: the
/// digits at 9..17 (what `push_undecoded_line` writes, from `data_text` and `pad`).
const UNDECODED_4: &[u8; 73] =
    b"\t.long 0x00000000                        ; invalid instruction encoding: ";
/// The same for two words, the digits at 9..17 and 21..29.
const UNDECODED_8: &[u8; 73] =
    b"\t.long 0x00000000, 0x00000000            ; invalid instruction encoding: ";

/// The longest reason [`push_undecoded_line`] puts in its buffer (the decoder's are at
/// most 35 bytes; a longer one is written by pieces).
const WHY_MAX: usize = 64;

/// The line [`write_line`] writes for bytes `raw` that do not decode: data, with the
/// decoder's error as a comment. (One or two words, as nearly all are, from a
/// template with their digits filled in.)
fn push_undecoded_line<W: LineOut>(out: &mut W, raw: &[u8], e: &DecodeError) {
    let word = |k: usize| {
        raw.get(4 * k..4 * k + 4)
            .map(|w| hex8(u32::from_le_bytes([w[0], w[1], w[2], w[3]])))
    };
    if let DecodeError::Invalid(why) = e {
        // (The whole line made in a buffer and appended at once: random bytes, nearly
        // half of whose words do not decode, spent a tenth of their time here.)
        let mut line = [0u8; UNDECODED_4.len() + WHY_MAX + 1];
        let n = UNDECODED_4.len();
        let words = match (raw.len(), word(0), word(1)) {
            (4, Some(a), _) => {
                line[..n].copy_from_slice(UNDECODED_4);
                line[9..17].copy_from_slice(&a);
                true
            }
            (8, Some(a), Some(b)) => {
                line[..n].copy_from_slice(UNDECODED_8);
                line[9..17].copy_from_slice(&a);
                line[21..29].copy_from_slice(&b);
                true
            }
            _ => false,
        };
        let why = why.as_bytes();
        if words && why.len() <= WHY_MAX {
            line[n..n + why.len()].copy_from_slice(why);
            line[n + why.len()] = b'\n';
            out.push_ascii(&line[..n + why.len() + 1]);
            return;
        }
    }
    let _ = out.write_str("\t");
    // The text is ASCII: its width is the bytes it adds.
    let start = out.text_len();
    data_text(raw, |s| {
        let _ = out.write_str(s);
    });
    let _ = out.write_str(pad(out.text_len() - start));
    let _ = out.write_str("; invalid instruction encoding: ");
    let _ = write!(out, "{e}");
    let _ = out.write_str("\n");
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

/// The line [`write_line`] writes for instruction `i` of bytes `raw` (also the
/// assembler's listing line of an instruction without a label).
#[inline(always)]
pub(crate) fn push_inst_line<W: LineOut>(
    out: &mut W,
    target: Target,
    i: &Inst,
    raw: &[u8],
    show_encoding: bool,
) {
    let _ = out.write_str("\t");
    let start = out.text_len();
    // (Printing into a String or a byte buffer does not fail.)
    let _ = crate::syntax::print::push_inst_to(out, target, i);
    if show_encoding {
        push_encoding(out, out.text_len() - start, raw);
    } else {
        let _ = out.write_str("\n");
    }
}

/// Ends a `--show-encoding` line whose text is `width` characters wide: the padding
/// llvm-mc aligns its comments with, `; encoding: [...]` for `raw`, the line end
/// (the disassembler's lines and the assembler's listing).
pub(crate) fn push_encoding<W: LineOut>(out: &mut W, width: usize, raw: &[u8]) {
    const HEAD: &[u8] = b"                                        ; encoding: [";
    // (The whole ending made in place and appended at once: each byte is its
    // `0x..` from the table and a comma, the last comma then the `]`.)
    let mut buf = [0u8; HEAD.len() + 5 * 16 + 2];
    if raw.is_empty() || raw.len() > 16 {
        let _ = out.write_str(pad(width));
        let _ = out.write_str("; encoding: ");
        let _ = write_bytes(out, raw);
        let _ = out.write_str("\n");
        return;
    }
    let head = &HEAD[width.min(39)..];
    buf[..head.len()].copy_from_slice(head);
    let mut n = head.len();
    for &b in raw {
        let k = 4 * b as usize;
        buf[n..n + 4].copy_from_slice(&BYTE_HEX.as_bytes()[k..k + 4]);
        buf[n + 4] = b',';
        n += 5;
    }
    buf[n - 1] = b']';
    buf[n] = b'\n';
    out.push_ascii(&buf[..n + 1]);
}

/// The line at the start of `bytes` as [`write_line`] writes it, decoded and printed
/// straight into `out` (the memo stepping aside), or made by a template of `tpl`;
/// returns the bytes it covers.
#[inline(never)]
fn write_fresh(
    out: &mut Vec<u8>,
    target: Target,
    tpl: Option<&templates::Templates>,
    bytes: &[u8],
    show_encoding: bool,
) -> usize {
    // (A 32-bit VOP word, a scalar ALU word or a VOP3 word by its row's template,
    // when it has one.)
    if let (Some(t), Some(&b)) = (tpl, bytes.first_chunk::<4>()) {
        let w = u32::from_le_bytes(b);
        if let Some(len) = t.push_any(out, w, &bytes[4..], templates::End::of(show_encoding)) {
            return len;
        }
    }
    match decode(target, bytes) {
        Ok(i) => {
            let len = i.size();
            push_inst_line(&mut Bytes(out), target, &i, &bytes[..len], show_encoding);
            len
        }
        Err(e) => {
            let len = crate::codec::undecoded_len(target, bytes);
            push_undecoded_line(&mut Bytes(out), &bytes[..len], &e);
            len
        }
    }
}

/// Writes the line at the start of `bytes` as [`write_line`] does, an instruction's
/// through `memo`; returns the bytes it covers.
#[inline(always)]
fn write_next(
    out: &mut Vec<u8>,
    memo: &mut memo::Memo,
    target: Target,
    bytes: &[u8],
    show_encoding: bool,
) -> usize {
    if memo.step_aside() {
        let tpl = memo.templates();
        return write_fresh(out, target, tpl, bytes, show_encoding);
    }
    let render = |r: Result<&Inst, DecodeError>, raw: &[u8], s: &mut Vec<u8>| {
        match r {
            Ok(i) => push_inst_line(&mut Bytes(s), target, i, raw, show_encoding),
            Err(e) => push_undecoded_line(&mut Bytes(s), raw, &e),
        }
        0
    };
    let h = memo.get_with(bytes, Some(templates::End::of(show_encoding)), render);
    h.push_to(out);
    h.len
}

/// Disassembles `bytes` to `out` as text (the lines of [`write_line`]), written as it
/// is produced, in blocks of about [`BLOCK`] bytes: memory stays bounded whatever
/// the input.
/// Returns the number of lines. ([`stream_text`] over the slice.)
pub fn write_text(
    out: &mut dyn io::Write,
    target: Target,
    bytes: &[u8],
    show_encoding: bool,
) -> io::Result<usize> {
    let mut input = bytes;
    stream_text(&mut input, out, target, show_encoding, bytes.len()).map_err(|e| match e {
        // (Reading a slice does not fail.)
        Error::Write(e) | Error::Read(e) => e,
        e => io::Error::other(e),
    })
}

/// Why disassembling a stream or reading byte text failed.
#[derive(Debug)]
#[non_exhaustive]
pub enum Error {
    /// Reading the input failed.
    Read(io::Error),
    /// Writing the output failed.
    Write(io::Error),
    /// A token of byte text is not a byte: where and what, and the bytes of its line
    /// (without the line end).
    BadHex(BadToken, Vec<u8>),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read(e) | Error::Write(e) => write!(f, "{e}"),
            Error::BadHex(t, _) => t.fmt(f),
        }
    }
}

impl std::error::Error for Error {}

impl Error {
    /// The error a read error is: the bad token a [`HexBytes`] reader met, or else
    /// [`Error::Read`].
    pub fn from_read(e: io::Error) -> Error {
        match e.get_ref().and_then(|r| r.downcast_ref::<Error>()) {
            Some(Error::BadHex(t, line)) => Error::BadHex(*t, line.clone()),
            _ => Error::Read(e),
        }
    }
}

/// The bytes of input a stream reads at a time, and of text it writes: each buffer is
/// memory touched for the first time, a page fault per 4 KiB (on the distinct
/// instructions of the gfx906 benchmark, 256 KiB buffers were 128 of the process's
/// 835 faults), and a bigger one saves only system calls of a few microseconds.
pub const BLOCK: usize = 1 << 16;

/// Disassembles the bytes read from `input` to `out`, as [`write_text`] does for a
/// slice, holding [`BLOCK`] bytes of input and about as much text at a time whatever
/// the input's size. `size_hint` is how many bytes the input is expected to hold (0: not known);
/// it only sizes the memo. Returns the number of lines; when reading fails, the lines
/// of the bytes read before are written whole, then the read error returned.
pub fn stream_text(
    input: &mut dyn io::Read,
    out: &mut dyn io::Write,
    target: Target,
    show_encoding: bool,
    size_hint: usize,
) -> Result<usize, Error> {
    // The longest instruction: a decode this far from the end of the buffer never
    // runs out of bytes that the input still has.
    const MAX_INST: usize = 12;
    let mut buf = vec![0u8; BLOCK];
    let (mut len, mut eof, mut n) = (0, false, 0);
    let mut text = Vec::with_capacity(BLOCK + 512);
    let mut memo = memo::Memo::for_bytes(target, size_hint);
    loop {
        if let Err(e) = fill(input, &mut buf, &mut len, &mut eof) {
            // (The lines of what was read stay whole: the rest of a line cut at a
            // page is written.)
            out.write_all(&text).map_err(Error::Write)?;
            return Err(Error::from_read(e));
        }
        let limit = if eof { len } else { len - MAX_INST };
        let mut pos = 0;
        while pos < limit {
            let rest = &buf[pos..len];
            pos += write_next(&mut text, &mut memo, target, rest, show_encoding);
            n += 1;
            if text.len() >= BLOCK {
                write_pages(out, &mut text).map_err(Error::Write)?;
            }
        }
        buf.copy_within(pos..len, 0);
        len -= pos;
        if eof && len == 0 {
            break;
        }
    }
    out.write_all(&text).map_err(Error::Write)?;
    Ok(n)
}

/// Writes the whole 4 KiB pages of `text` to `out` and keeps the rest: the kernel
/// writes to a file's page cache for less when each write starts and ends on a page
/// boundary (21.5 MB of listing to ext4: 2.6 ms of system time in writes of 256 KiB
/// and a few bytes, 2.2 ms in whole pages).
pub(crate) fn write_pages(out: &mut dyn io::Write, text: &mut Vec<u8>) -> io::Result<()> {
    let whole = text.len() - text.len() % 4096;
    out.write_all(&text[..whole])?;
    text.drain(..whole);
    Ok(())
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

/// A token of byte text that is not a byte: where (1-based line and column, in bytes)
/// and what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BadToken {
    /// Line of the token.
    pub line: usize,
    /// Column of the token's first byte.
    pub col: usize,
    /// Byte offset of the token.
    pub offset: usize,
    /// llvm-mc's message.
    pub message: &'static str,
}

impl fmt::Display for BadToken {
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
pub fn parse_hex(text: &[u8]) -> Result<Vec<u8>, Error> {
    let mut out = Vec::with_capacity(text.len() / 4);
    match parse_hex_into(text, &mut out, 1, 0) {
        Ok(_) => Ok(out),
        Err(t) => Err(Error::BadHex(
            t,
            line_of(text, t.offset + 1 - t.col).to_vec(),
        )),
    }
}

/// The line of `text` that starts at `start`, without its line end.
fn line_of(text: &[u8], start: usize) -> &[u8] {
    let rest = &text[start..];
    &rest[..memchr::memchr(b'\n', rest).unwrap_or(rest.len())]
}

/// [`parse_hex`] of the text read from `input`, [`BLOCK`] bytes or so of whole lines
/// at a time: only the bytes are held, not the text (a line longer than that is held
/// whole).
pub fn read_hex(input: &mut dyn io::Read) -> Result<Vec<u8>, Error> {
    read_hex_sized(input, BLOCK)
}

/// [`read_hex`] with a first text buffer of `size` bytes.
fn read_hex_sized(input: &mut dyn io::Read, size: usize) -> Result<Vec<u8>, Error> {
    let mut out = Vec::new();
    match io::Read::read_to_end(&mut HexBytes::with_buffer(input, size), &mut out) {
        Ok(_) => Ok(out),
        Err(e) => Err(Error::from_read(e)),
    }
}

/// The bytes of the byte text read from another reader ([`parse_hex`]'s notation), as
/// a reader: [`BLOCK`] bytes or so of whole lines of text at a time, so that
/// disassembling byte text streams as raw bytes do ([`stream_text`]). A token that
/// is not a byte is an error of kind `InvalidData` carrying an [`Error::BadHex`]
/// ([`Error::from_read`] gives it back).
pub struct HexBytes<'a> {
    input: &'a mut dyn io::Read,
    /// Text read and not yet parsed: `len` bytes, `eof` when the input has ended.
    text: Vec<u8>,
    len: usize,
    eof: bool,
    /// The line of the first byte of `text`, and its offset in the input.
    line: usize,
    base: usize,
    /// Bytes parsed and not yet given, from `at`.
    bytes: Vec<u8>,
    at: usize,
}

impl<'a> HexBytes<'a> {
    /// The bytes of the byte text `input` holds.
    pub fn new(input: &'a mut dyn io::Read) -> HexBytes<'a> {
        HexBytes::with_buffer(input, BLOCK)
    }

    /// [`HexBytes::new`] with a first text buffer of `size` bytes.
    fn with_buffer(input: &'a mut dyn io::Read, size: usize) -> HexBytes<'a> {
        HexBytes {
            input,
            text: vec![0; size.max(1)],
            len: 0,
            eof: false,
            line: 1,
            base: 0,
            bytes: Vec::new(),
            at: 0,
        }
    }

    /// Reads and parses the next whole lines of text (all that is left at the end),
    /// so that no token, comment or line is cut; false at the end of the input.
    fn next_lines(&mut self) -> io::Result<bool> {
        let end = loop {
            fill(self.input, &mut self.text, &mut self.len, &mut self.eof)?;
            if self.eof && self.len == 0 {
                return Ok(false);
            }
            match memchr::memrchr(b'\n', &self.text[..self.len]) {
                _ if self.eof => break self.len,
                Some(k) => break k + 1,
                // (A longer line is held whole; room the allocator refuses is an
                // error, not an abort.)
                None => {
                    let more = self.text.len();
                    self.text.try_reserve_exact(more).map_err(|_| {
                        io::Error::new(io::ErrorKind::OutOfMemory, "a line too long to hold")
                    })?;
                    self.text.resize(2 * more, 0);
                }
            }
        };
        self.bytes.clear();
        self.at = 0;
        match parse_hex_into(&self.text[..end], &mut self.bytes, self.line, self.base) {
            Ok(lines) => self.line += lines,
            Err(t) => {
                let line = line_of(&self.text[..end], t.offset - self.base + 1 - t.col);
                let bad = Error::BadHex(t, line.to_vec());
                return Err(io::Error::new(io::ErrorKind::InvalidData, bad));
            }
        }
        self.base += end;
        self.text.copy_within(end..self.len, 0);
        self.len -= end;
        Ok(true)
    }
}

impl io::Read for HexBytes<'_> {
    fn read(&mut self, dst: &mut [u8]) -> io::Result<usize> {
        while self.at == self.bytes.len() {
            if dst.is_empty() || !self.next_lines()? {
                return Ok(0);
            }
        }
        let n = dst.len().min(self.bytes.len() - self.at);
        dst[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// Parses `text`, whose first line is line `first_line` and whose first byte is at
/// `base` in the whole input, into `out`; returns how many line ends it holds.
fn parse_hex_into(
    text: &[u8],
    out: &mut Vec<u8>,
    first_line: usize,
    base: usize,
) -> Result<usize, BadToken> {
    out.reserve(text.len() / 5 + 1);
    let (mut k, mut lines) = (0, 0);
    while k < text.len() {
        // The common run first: `0x` and two hex digits, then a comma, blank or line
        // end (any other token is read below).
        let (n, run_lines) = hex_run(&text[k..], out);
        k += n;
        lines += run_lines;
        let Some(&c) = text.get(k) else {
            break;
        };
        match HEX_CLASS[c as usize] {
            SPACE => k += 1,
            NEWLINE => {
                k += 1;
                lines += 1;
            }
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
                        return Err(BadToken {
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
    Ok(lines)
}

/// Reads the run of `0x` tokens of two hex digits, each followed by a separator or a
/// line end, at the start of `text` into `out`; returns the bytes of text read and the
/// line ends among them. Comma-separated runs go eight or four tokens at a time
/// ([`hex_tokens`]); other tokens five bytes at a time: `0x` and the digits from one
/// 4-byte load (the digits' value by one lookup), the separator by its class. The
/// bytes are gathered in a small buffer.
fn hex_run(text: &[u8], out: &mut Vec<u8>) -> (usize, usize) {
    let (mut k, mut lines) = (0, 0);
    loop {
        // Eight comma-separated tokens at a time first, then four (lines of one
        // instruction's bytes as llvm-mc's `-show-encoding` gives them, or longer).
        let mut got = [[0u8; 8]; 32];
        let mut n = 0;
        for (g, t) in got.iter_mut().zip(text[k..].chunks_exact(40)) {
            let Some(line_ends) = hex_tokens(t, g) else {
                break;
            };
            lines += line_ends;
            n += 1;
        }
        out.extend_from_slice(got[..n].as_flattened());
        k += 40 * n;
        if n == got.len() {
            continue;
        }
        let mut four = [0u8; 4];
        if let Some(line_ends) = hex_tokens(&text[k..], &mut four) {
            lines += line_ends;
            out.extend_from_slice(&four);
            k += 20;
            continue;
        }
        let mut got = [0u8; 64];
        let mut n = 0;
        for (g, t) in got.iter_mut().zip(text[k..].chunks_exact(5)) {
            let Some((&w, &[sep])) = t.split_first_chunk::<4>() else {
                break;
            };
            let w = u32::from_le_bytes(w);
            let v = HEX_PAIR[(w >> 16) as usize];
            // (One test: any bit set says the token is not `0x`, two digits and a
            // separator.)
            let bad = (w & 0xffff) ^ u32::from(u16::from_le_bytes(*b"0x"))
                | u32::from(v >> 8)
                | u32::from(!SEPARATOR[sep as usize]);
            if bad != 0 {
                break;
            }
            *g = v as u8;
            n += 1;
            lines += usize::from(sep == b'\n');
        }
        out.extend_from_slice(&got[..n]);
        k += 5 * n;
        if n < got.len() {
            return (k, lines);
        }
    }
}

/// Reads `N` tokens `0xHH` (`N` is 4 or 8) and the separator after each into `got`: a
/// comma after each, except that every fourth may be any separator or a line end, as
/// in lines of one instruction's four or eight bytes. Returns the line ends read, or
/// None (with `got` unspecified) for any other text. The fixed bytes are checked a
/// word at a time, each digit pair valued by one lookup.
fn hex_tokens<const N: usize>(t: &[u8], got: &mut [u8; N]) -> Option<usize> {
    // `.` for the bytes not fixed: the digits, and the separators after each fourth
    // token. (Four tokens end in the middle of the third word: read as 4 bytes.)
    const SHAPE: &[u8; 40] = b"0x..,0x..,0x..,0x...0x..,0x..,0x..,0x...";
    const fn words(fixed: bool) -> [u64; 5] {
        let mut w = [0; 5];
        let mut k = 0;
        while k < 40 {
            let c = SHAPE[k];
            if c != b'.' {
                w[k / 8] |= (if fixed { c } else { 0xff } as u64) << (8 * (k % 8));
            }
            k += 1;
        }
        w
    }
    const MASK: [u64; 5] = words(false);
    const FIXED: [u64; 5] = words(true);
    let t = t.get(..5 * N)?;
    let mut bad = 0;
    for (i, w) in t.chunks(8).enumerate() {
        let w = match w.first_chunk() {
            Some(w) => u64::from_le_bytes(*w),
            None => u64::from(u32::from_le_bytes(*w.first_chunk()?)),
        };
        bad |= (w & MASK[i]) ^ FIXED[i];
    }
    let mut all = 0;
    // (By tokens of five bytes, whose digits are then in bounds without a check.)
    for (g, token) in got.iter_mut().zip(t.chunks_exact(5)) {
        let p = HEX_PAIR[usize::from(u16::from_le_bytes([token[2], token[3]]))];
        all |= p;
        *g = p as u8;
    }
    let mut lines = 0;
    for k in 1..=N / 4 {
        let sep = t[20 * k - 1];
        bad |= u64::from(!SEPARATOR[sep as usize]);
        lines += usize::from(sep == b'\n');
    }
    (bad | u64::from(all >> 8) == 0).then_some(lines)
}

/// Whether a byte ends a token: a separator or a line end.
const SEPARATOR: [bool; 256] = {
    let mut t = [false; 256];
    let mut k = 0;
    while k < 256 {
        t[k] = HEX_CLASS[k] & (SPACE | NEWLINE) != 0;
        k += 1;
    }
    t
};

/// The value of two hex digits by their bytes (the first in the low byte), 0xffff
/// where either is no hex digit.
static HEX_PAIR: [u16; 1 << 16] = {
    let mut t = [0xffffu16; 1 << 16];
    let mut k = 0;
    while k < 1 << 16 {
        let (h, l) = (HEX_VALUE[k & 0xff], HEX_VALUE[k >> 8]);
        if h < 16 && l < 16 {
            t[k] = (h as u16) << 4 | l as u16;
        }
        k += 1;
    }
    t
};

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
                let got = read_hex_sized(&mut text.as_bytes(), size);
                match (&whole, got) {
                    (Ok(a), Ok(b)) => assert_eq!(*a, b, "{text:?} {size}"),
                    (Err(Error::BadHex(a, a_line)), Err(Error::BadHex(b, line))) => {
                        assert_eq!(*a, b, "{text:?} {size}");
                        let start = a.offset + 1 - a.col;
                        let want = text[start..].split('\n').next().unwrap_or("");
                        assert_eq!(line, want.as_bytes(), "{text:?} {size}");
                        assert_eq!(*a_line, line, "{text:?} {size}");
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
            assert_eq!(
                parse_hex(text.as_bytes()).ok().as_deref(),
                Some(*bytes),
                "{text}"
            );
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
            let Err(Error::BadHex(e, _)) = parse_hex(text.as_bytes()) else {
                panic!("{text} reads")
            };
            assert_eq!(
                (e.line, e.col, e.message),
                (*line, *col, "invalid input token"),
                "{text}"
            );
        }
    }

    /// Byte text as a reference reads it: line by line, comment cut, tokens split at
    /// separators and each read by `hex_token`.
    fn parse_hex_by_lines(text: &[u8]) -> Result<Vec<u8>, (usize, usize)> {
        let mut out = Vec::new();
        for (n, line) in text.split(|&c| c == b'\n').enumerate() {
            let line = line.split(|&c| c == b'#').next().unwrap_or_default();
            let mut col = 0;
            for t in line.split(|&c| HEX_CLASS[c as usize] == SPACE) {
                if !t.is_empty() {
                    out.push(hex_token(t).ok_or((n + 1, col + 1))?);
                }
                col += t.len() + 1;
            }
        }
        Ok(out)
    }

    /// Lines of comma-separated tokens (read four tokens at a time) with a byte changed
    /// here and there read as the reference reads them: the same bytes, or the same
    /// error at the same line and column, whole or in pieces.
    #[test]
    fn comma_runs_read_as_tokens_do() {
        let mut next = crate::xorshift64(0x9e37_79b9_7f4a_7c15);
        let alphabet = b"0123456789abcdefABCDEFxX, \t\n#g";
        for round in 0..400 {
            let mut text = Vec::new();
            // Lines of one instruction's four or eight bytes, or of any count.
            for _ in 0..1 + next() % 40 {
                let n = [4, 8, 1 + next() % 12][(next() % 3) as usize];
                for j in 0..n {
                    let b = next() as u8;
                    text.extend_from_slice(format!("0x{b:02x}").as_bytes());
                    text.push(if j == n - 1 { b'\n' } else { b',' });
                }
            }
            for _ in 0..next() % 3 {
                let at = (next() % text.len() as u64) as usize;
                text[at] = alphabet[(next() % alphabet.len() as u64) as usize];
            }
            let want = parse_hex_by_lines(&text);
            let got = parse_hex(&text).map_err(|e| match e {
                Error::BadHex(e, _) => (e.line, e.col),
                e => panic!("{e}"),
            });
            assert_eq!(
                got,
                want,
                "round {round}: {:?}",
                String::from_utf8_lossy(&text)
            );
            let piece = read_hex_sized(&mut &text[..], 64).map_err(|e| match e {
                Error::BadHex(e, _) => (e.line, e.col),
                e => panic!("{e}"),
            });
            assert_eq!(piece, want, "round {round} in pieces");
        }
    }

    #[test]
    fn streaming_gives_the_text_of_the_whole() {
        // Random words (many invalid, literals, a truncated end) across chunk ends.
        let mut bytes = Vec::new();
        let mut next = crate::xorshift64(0x2545_f491_4f6c_dd1d);
        for _ in 0..700_000 {
            bytes.push((next() >> 24) as u8);
        }
        bytes.truncate(bytes.len() - 3);
        let t = Target::from_name("gfx906").unwrap();
        for show in [false, true] {
            // The lines one by one, without the memo: what both must give.
            let mut lines_text = String::new();
            for l in lines(t, &bytes) {
                write_line(&mut lines_text, t, &bytes, &l, show).unwrap();
            }
            let mut whole = Vec::new();
            let n = write_text(&mut whole, t, &bytes, show).unwrap();
            assert!(whole == lines_text.as_bytes(), "show_encoding {show}");
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

    /// The line of bytes that do not decode, as it is made from its pieces (the
    /// templates' reference).
    fn undecoded_by_pieces(raw: &[u8], e: &DecodeError) -> String {
        let mut text = String::new();
        data_text(raw, |s| text.push_str(s));
        format!(
            "\t{text}{}; invalid instruction encoding: {e}\n",
            pad(text.len())
        )
    }

    #[test]
    fn undecoded_lines_from_templates_read_as_from_pieces() {
        let mut next = crate::xorshift64(0x9e37_79b9_7f4a_7c15);
        let errors = [
            DecodeError::Invalid("unknown opcode"),
            DecodeError::Invalid("non-zero bits in a field the instruction does not use"),
            DecodeError::Truncated { need: 8 },
        ];
        for n in 0..3000 {
            let raw = next().to_le_bytes();
            let raw = &raw[..[4, 8, 1, 2, 3, 5, 6, 7][n % 8]];
            let e = &errors[n % 3];
            let want = undecoded_by_pieces(raw, e);
            let mut s = String::new();
            push_undecoded_line(&mut s, raw, e);
            assert_eq!(s, want);
            let mut b = b"x".to_vec();
            push_undecoded_line(&mut Bytes(&mut b), raw, e);
            assert_eq!(b[1..], *want.as_bytes());
        }
    }

    #[test]
    fn hex_digits_of_a_word() {
        let mut next = crate::xorshift64(0x2545_f491_4f6c_dd1d);
        for k in 0..10_000 {
            let w = match k {
                0 => 0,
                1 => u32::MAX,
                2 => 0x0123_4567,
                3 => 0x89ab_cdef,
                _ => next() as u32,
            };
            assert_eq!(hex8(w), *format!("{w:08x}").as_bytes());
        }
    }

    /// Texts of every length up to past the longest fixed-size copy, after buffers of
    /// any length, append whole.
    #[test]
    fn bytes_append_as_strings_do() {
        let text = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJ";
        for before in 0..20 {
            for n in 0..text.len() {
                let mut b = vec![b'-'; before];
                let _ = Bytes(&mut b).write_str(&text[n / 2..n / 2 + (text.len() - n / 2).min(n)]);
                let mut want = "-".repeat(before);
                want.push_str(&text[n / 2..n / 2 + (text.len() - n / 2).min(n)]);
                assert_eq!(b, want.as_bytes(), "{before} {n}");
            }
        }
    }

    #[test]
    fn byte_table_is_hex() {
        for b in 0..=255u8 {
            assert_eq!(byte_hex(b), format!("{b:#04x}"));
        }
    }
}
