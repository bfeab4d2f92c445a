//! One large input disassembled in spans, on as many threads as the caller has
//! (the library starts none): each span is decoded from its first byte as if an
//! instruction started there, and [`Joiner`] puts the spans' text together in
//! order. Where the instruction before a span runs into it, the span's lines
//! are taken from the first one that starts where the listing has got to; when
//! none does (a span that began inside an instruction and never fell into step)
//! its lines are decoded again from there. The listing is [`super::stream_text`]'s,
//! byte for byte: a line's text depends on the bytes from its start alone.

use super::memo::Memo;
use super::write_next;
use crate::target::Target;
use std::io;
use std::ops::Range;

/// A block of a span's lines ([`write_span`]): a span's text is handed over a
/// block at a time as it is made, so that a caller can write it while it is in
/// the cache.
pub struct Span {
    /// The bytes the span was asked for: its lines start at `range.start` and
    /// before `range.end`.
    range: Range<usize>,
    /// Where the block's last line ends (in the span's last block, at or past
    /// `range.end`, or the input's end).
    end: usize,
    /// The span's first block, and its last.
    first: bool,
    last: bool,
    /// Each line: where it starts (from `range.start`) and where its text starts.
    lines: Vec<(u32, u32)>,
    /// The text of its lines.
    text: Vec<u8>,
}

impl Span {
    /// Its text, to hand back to [`write_span`] as a buffer once joined (its
    /// capacity is kept).
    pub fn into_text(self) -> Vec<u8> {
        self.text
    }

    /// The block with its text replaced by `f` of it (the same bytes: a copy).
    pub fn map_text(self, f: impl FnOnce(Vec<u8>) -> Vec<u8>) -> Span {
        Span {
            text: f(self.text),
            ..self
        }
    }
}

/// What [`write_span`] keeps from one span to the next: the lines of
/// instructions seen. A thread keeps one for the spans it decodes.
#[derive(Default)]
pub struct Scratch {
    memo: Option<Memo>,
}

/// The spans of `len` bytes of input, about `size` bytes each (a multiple of 4).
///
/// # Panics
/// If `size` is 0.
pub fn spans(len: usize, size: usize) -> impl Iterator<Item = Range<usize>> {
    let size = size.next_multiple_of(4);
    (0..len.div_ceil(size)).map(move |k| k * size..((k + 1) * size).min(len))
}

/// Where [`write_span`] hands a span's text: blocks of about `size` bytes, each
/// made in a buffer from `buffer` (emptied first) and handed to `part`.
pub struct Blocks<'a> {
    /// The text a block holds before it is handed over (at least).
    pub size: usize,
    /// A buffer to make a block in.
    pub buffer: &'a mut dyn FnMut() -> Vec<u8>,
    /// Takes each block, in order.
    pub part: &'a mut dyn FnMut(Span),
}

/// Decodes the lines of `bytes` (the whole input) that start in `range`, the
/// first at `range.start`, into `blocks` (the last block of the span, whatever
/// its size, says so).
pub fn write_span(
    scratch: &mut Scratch,
    target: Target,
    bytes: &[u8],
    range: Range<usize>,
    show_encoding: bool,
    blocks: Blocks,
) {
    let Blocks {
        size: block,
        buffer,
        part,
    } = blocks;
    let memo = Memo::held(&mut scratch.memo, target, 1 << 22);
    let mut text = buffer();
    text.clear();
    // (A line covers 4 bytes or more and takes 16 bytes of text or more.)
    let mut lines = Vec::with_capacity(((range.end - range.start) / 4).min(block / 16) + 1);
    let (mut pos, mut first) = (range.start, true);
    while pos < range.end {
        // (Spans are far below 4 GiB, and so is their text.)
        lines.push(((pos - range.start) as u32, text.len() as u32));
        pos += write_next(&mut text, memo, target, &bytes[pos..], show_encoding);
        if text.len() >= block && pos < range.end {
            let n = lines.len();
            let mut next = buffer();
            next.clear();
            part(Span {
                range: range.clone(),
                end: pos,
                first,
                last: false,
                lines: std::mem::replace(&mut lines, Vec::with_capacity(n)),
                text: std::mem::replace(&mut text, next),
            });
            first = false;
        }
    }
    part(Span {
        end: pos.max(range.end),
        range,
        first,
        last: true,
        lines,
        text,
    });
}

/// Puts spans' text together in input order ([`Joiner::join`]) into one listing.
pub struct Joiner {
    target: Target,
    show_encoding: bool,
    /// Where the listing has got to: the next line starts here.
    pos: usize,
    /// The span being joined has fallen into step: its lines from here on are
    /// the listing's.
    in_step: bool,
    /// For the lines decoded again.
    scratch: Scratch,
    line: Vec<u8>,
}

impl Joiner {
    /// A listing of `target` code, from the input's start.
    pub fn new(target: Target, show_encoding: bool) -> Joiner {
        Joiner {
            target,
            show_encoding,
            pos: 0,
            in_step: false,
            scratch: Scratch::default(),
            line: Vec::new(),
        }
    }

    /// Writes to `out` the lines of block `span` (of input `bytes`, the next block
    /// of the next of [`spans`] in order) that continue the listing.
    pub fn join(&mut self, bytes: &[u8], span: &Span, out: &mut dyn io::Write) -> io::Result<()> {
        if span.first {
            self.in_step = false;
        }
        if self.in_step {
            out.write_all(&span.text)?;
            self.pos = span.end;
            return Ok(());
        }
        // (Lines past the block's are a later block's to match; past the last
        // block's, the span's end is the next span's.)
        let limit = if span.last { span.range.end } else { span.end };
        while self.pos < limit {
            let at = self.pos.checked_sub(span.range.start).map(|d| d as u32);
            if let Some(k) = at.and_then(|a| span.lines.binary_search_by_key(&a, |l| l.0).ok()) {
                out.write_all(&span.text[span.lines[k].1 as usize..])?;
                self.pos = span.end;
                self.in_step = true;
                return Ok(());
            }
            // (Inside the instruction before: the line that starts here, decoded.)
            self.line.clear();
            let memo = Memo::held(&mut self.scratch.memo, self.target, 0);
            let rest = &bytes[self.pos..];
            self.pos += write_next(&mut self.line, memo, self.target, rest, self.show_encoding);
            out.write_all(&self.line)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spans of any size, joined, are the streamed listing: real code, bytes that
    /// decode from other offsets than their instructions' (spans that start inside
    /// an instruction and fall into step, or never do), and a short tail.
    #[test]
    fn joined_spans_are_the_listing() {
        let mut next = crate::xorshift64(0x2545_f491_4f6c_dd1d);
        let mut random = || next() as u32;
        let code = include_bytes!("../../tests/data/tiny-gfx906.o");
        let mut inputs: Vec<Vec<u8>> = vec![code.to_vec(), Vec::new(), vec![1, 2, 3]];
        // Literals everywhere: 8- and 12-byte lines that spans start inside.
        let lits: Vec<u8> = (0..3000)
            .flat_map(|k| [0x7e00_02ffu32, random(), 0xd1ff_0000 | (k % 3), random()])
            .flat_map(u32::to_le_bytes)
            .collect();
        inputs.push(lits);
        inputs.push(
            (0..20_000)
                .flat_map(|_| random().to_le_bytes())
                .chain([7, 7])
                .collect(),
        );
        for name in ["gfx906", "gfx942", "gfx600", "gfx950"] {
            let t = Target::from_name(name).unwrap();
            for bytes in &inputs {
                let mut want = Vec::new();
                super::super::write_text(&mut want, t, bytes, true).unwrap();
                for (size, block) in [
                    (4, 1),
                    (8, 1 << 20),
                    (12, 1),
                    (40, 30),
                    (4096, 1 << 20),
                    (4096, 200),
                ] {
                    let mut got = Vec::new();
                    let mut joiner = Joiner::new(t, true);
                    let mut scratch = Scratch::default();
                    for r in spans(bytes.len(), size) {
                        let mut made = Vec::new();
                        let blocks = Blocks {
                            size: block,
                            buffer: &mut Vec::new,
                            part: &mut |span: Span| made.push(span),
                        };
                        write_span(&mut scratch, t, bytes, r, true, blocks);
                        for span in &made {
                            joiner.join(bytes, span, &mut got).unwrap();
                        }
                    }
                    assert!(
                        got == want,
                        "{name}, {} bytes, spans of {size}, blocks of {block}",
                        bytes.len()
                    );
                }
            }
        }
    }
}
