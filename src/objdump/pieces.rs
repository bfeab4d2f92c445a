//! A listing cut into pieces that threads make apart: a large code object's
//! disassembly, cut where llvm-objdump starts decoding afresh anyway (at
//! symbols), so that one object of a hundred megabytes is not one thread's work,
//! and each piece's text stays small enough to be made and written while it is
//! in the cache.

use super::{section, shown, target_of, write_objects, write_tables, For, Out, Shows};
use super::{CodeObject, Error, Memo, Notes, Options, Target};
use std::io;
use std::ops::Range;

/// A piece of the listing of some code objects ([`pieces`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The object (an index into the objects).
    obj: usize,
    part: Part,
}

impl Piece {
    /// The object it is of (an index into the objects).
    pub fn object(&self) -> usize {
        self.obj
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Part {
    /// The object's whole listing.
    Whole,
    /// Its file line.
    Head,
    /// The regions of section `section` that start at offsets in `offsets`, after
    /// the section's header when they start at 0.
    Regions { section: usize, offsets: Range<u64> },
}

/// What [`write_piece`] keeps from one piece to the next: the lines of
/// instructions seen (for one target at a time). A thread keeps one for the
/// pieces it makes.
#[derive(Default)]
pub struct Scratch {
    memo: Option<Memo>,
}

/// The listing of `objs` that [`super::write_into`] makes, cut into pieces of
/// about `size` bytes of code each (more where a region between two symbols is
/// longer), in order: their listings by [`write_piece`], one after another, are
/// the whole listing, and their notes together its notes. An object is cut only
/// when just its disassembly is asked for (no tables, every symbol) and it reads
/// (its processor known, its sections' addresses in range); else it is one piece.
///
/// ```
/// use amdgpu_mc::objdump::{pieces, write_into, write_piece, Options, Scratch};
/// let bytes = std::fs::read("tests/data/tiny-gfx906.o").unwrap();
/// let objs = amdgpu_mc::code_object::load(&bytes, None).unwrap();
/// let opts = Options::default();
/// let mut whole = Vec::new();
/// write_into(&mut whole, "a.o", &objs, None, &opts).unwrap();
/// let (mut cut, mut scratch) = (Vec::new(), Scratch::default());
/// for p in pieces("a.o", &objs, None, &opts, 4) {
///     write_piece(&mut cut, &mut scratch, "a.o", &objs, &p, None, &opts).unwrap();
/// }
/// assert_eq!(cut, whole);
/// ```
pub fn pieces(
    name: &str,
    objs: &[CodeObject],
    mcpu: Option<Target>,
    opts: &Options,
    size: usize,
) -> Vec<Piece> {
    let mut out = Vec::new();
    for (obj, o) in objs.iter().enumerate() {
        let code: usize = o.sections.iter().map(|s| s.bytes.len()).sum();
        if code <= size || !cuttable(name, o, mcpu, opts) {
            out.push(Piece {
                obj,
                part: Part::Whole,
            });
            continue;
        }
        out.push(Piece {
            obj,
            part: Part::Head,
        });
        for (k, sec) in o.sections.iter().enumerate() {
            let len = sec.bytes.len() as u64;
            let mut from = 0u64;
            for &(at, _) in &sec.symbols {
                if at >= len {
                    break;
                }
                if at > from && at - from >= size as u64 {
                    out.push(Piece {
                        obj,
                        part: Part::Regions {
                            section: k,
                            offsets: from..at,
                        },
                    });
                    from = at;
                }
            }
            out.push(Piece {
                obj,
                part: Part::Regions {
                    section: k,
                    offsets: from..u64::MAX,
                },
            });
        }
    }
    out
}

/// Whether `obj`'s listing may be cut: only its disassembly is asked for, of
/// every symbol, and nothing in it is an error (its processor is known, each
/// section's end is an address).
fn cuttable(name: &str, obj: &CodeObject, mcpu: Option<Target>, opts: &Options) -> bool {
    let only_code =
        !opts.section_headers && !opts.symbol_table && !opts.relocations && opts.symbols.is_none();
    let sorted = |s: &[(u64, String)]| s.windows(2).all(|w| w[0].0 <= w[1].0);
    only_code
        && matches!(target_of(name, obj, mcpu, opts), Ok(For::Target(_)))
        && obj.sections.iter().all(|s| {
            let len = s.bytes.len() as u64;
            sorted(&s.symbols) && (len == 0 || s.address.checked_add(len - 1).is_some())
        })
}

/// Appends the listing of `piece` (one of [`pieces`] of `objs`, with the same
/// name, processor and options) to `text`, and returns what it notes; on an
/// error, `text` holds what was made before it. A piece that is not one of
/// `objs`' adds nothing.
pub fn write_piece(
    text: &mut Vec<u8>,
    scratch: &mut Scratch,
    name: &str,
    objs: &[CodeObject],
    piece: &Piece,
    mcpu: Option<Target>,
    opts: &Options,
) -> Result<Notes, Error> {
    let src = Listed {
        name,
        objs,
        mcpu,
        opts,
    };
    write_in(
        &mut Out::Write(&mut io::sink()),
        usize::MAX,
        text,
        scratch,
        &src,
        piece,
    )
}

/// [`write_piece`], handing `text` to `full` whenever it holds [`super::BLOCK`]
/// bytes or more (between lines), which takes what it holds and leaves it empty or
/// holding what `full` wants it to start with: a caller that holds a piece's
/// listing until its turn to be written holds it in blocks, which a buffer handed
/// back and filled again keeps in the cache (a piece of a megabyte of code is
/// about ten megabytes of text). What `text` holds at the end (or at an error)
/// is the rest.
///
/// ```
/// use amdgpu_mc::objdump::{pieces, write_into, write_piece_in_blocks, Options, Scratch};
/// let bytes = std::fs::read("tests/data/tiny-gfx906.o").unwrap();
/// let objs = amdgpu_mc::code_object::load(&bytes, None).unwrap();
/// let opts = Options::default();
/// let mut whole = Vec::new();
/// write_into(&mut whole, "a.o", &objs, None, &opts).unwrap();
/// let (mut blocks, mut text, mut scratch) = (Vec::new(), Vec::new(), Scratch::default());
/// for p in pieces("a.o", &objs, None, &opts, 4) {
///     let mut full = |t: &mut Vec<u8>| blocks.append(t);
///     write_piece_in_blocks(&mut text, &mut full, &mut scratch, "a.o", &objs, &p, None, &opts)
///         .unwrap();
/// }
/// blocks.append(&mut text);
/// assert_eq!(blocks, whole);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn write_piece_in_blocks(
    text: &mut Vec<u8>,
    full: &mut dyn FnMut(&mut Vec<u8>),
    scratch: &mut Scratch,
    name: &str,
    objs: &[CodeObject],
    piece: &Piece,
    mcpu: Option<Target>,
    opts: &Options,
) -> Result<Notes, Error> {
    let src = Listed {
        name,
        objs,
        mcpu,
        opts,
    };
    write_in(
        &mut Out::Take(full),
        super::BLOCK,
        text,
        scratch,
        &src,
        piece,
    )
}

/// What a piece is listed from: the listing's name, its objects, the processor and
/// the options (as [`write_piece`] takes them).
struct Listed<'a> {
    name: &'a str,
    objs: &'a [CodeObject],
    mcpu: Option<Target>,
    opts: &'a Options,
}

/// [`write_piece`]'s work: blocks of `block` bytes go to `out`.
fn write_in(
    out: &mut Out,
    block: usize,
    text: &mut Vec<u8>,
    scratch: &mut Scratch,
    src: &Listed,
    piece: &Piece,
) -> Result<Notes, Error> {
    let Listed {
        name,
        objs,
        mcpu,
        opts,
    } = *src;
    let Some(obj) = objs.get(piece.obj) else {
        return Ok(Notes::default());
    };
    let one = std::slice::from_ref(obj);
    match &piece.part {
        Part::Whole => write_objects(out, text, &mut scratch.memo, block, name, one, mcpu, opts),
        Part::Head => {
            write_tables(text, &shown(name, obj), obj, opts)?;
            Ok(Notes::default())
        }
        Part::Regions {
            section: k,
            offsets,
        } => {
            let (Ok(For::Target(target)), Some(sec)) =
                (target_of(name, obj, mcpu, opts), obj.sections.get(*k))
            else {
                return Ok(Notes::default());
            };
            let memo = super::memo_for(&mut scratch.memo, target, obj);
            let shows = Shows {
                block,
                opts,
                relocs: &[],
                tables: None,
                section: sec,
            };
            section(
                out,
                text,
                memo,
                &shown(name, obj),
                sec,
                &shows,
                offsets.clone(),
            )?;
            Ok(Notes::default())
        }
    }
}
