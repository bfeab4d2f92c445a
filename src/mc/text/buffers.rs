//! Where lines come from, as llvm-mc's source manager keeps it: the source given,
//! each file an `.include` read, and each expansion (a macro call, `.rept`, `.irp`:
//! llvm-mc's `<instantiation>`). An error names the buffer its line is in, the
//! `.include` lines that led there, and the calls being expanded.

use crate::source::{Diagnostic, Place};
use std::cell::RefCell;
use std::sync::Arc;

/// What llvm-mc names the lines an expansion made.
const INSTANTIATION: &str = "<instantiation>";

/// llvm-mc's note at each call being expanded.
const NOTE: &str = "while in macro instantiation";

/// Where a line made by an `.include` or an expansion was asked for.
#[derive(Clone, Debug)]
struct Site {
    /// The buffer of the line that asked.
    buf: u32,
    /// Its line and column (1-based) in that buffer, and its text.
    line: usize,
    col: usize,
    text: String,
    /// Its line in the source given (the outermost `.include` or call).
    input_line: usize,
}

/// A buffer of lines other than the source given.
#[derive(Clone, Debug)]
enum Buffer {
    /// A file an `.include` read: its name as the directive gave it.
    Included { name: String, from: Site },
    /// The lines of an expansion.
    Instantiation { from: Site },
}

impl Buffer {
    fn from(&self) -> &Site {
        match self {
            Buffer::Included { from, .. } | Buffer::Instantiation { from } => from,
        }
    }
}

/// The buffers made so far (buffer 0, the source given, is not stored).
#[derive(Clone, Debug, Default)]
pub(super) struct Buffers {
    list: Vec<Buffer>,
    /// The place of each buffer's errors found while reading, made once: a macro
    /// that makes millions of bad lines shares it among their errors.
    places: RefCell<Vec<Option<Arc<Place>>>>,
}

impl Buffers {
    /// A new buffer for the file `name` an `.include` on line `line` of buffer `buf`
    /// read (`input_line`: that line's line in the source given).
    pub(super) fn included(&mut self, name: &str, buf: u32, line: usize, input_line: usize) -> u32 {
        let from = Site {
            buf,
            line,
            col: 1,
            text: String::new(),
            input_line,
        };
        self.push(Buffer::Included {
            name: name.to_string(),
            from,
        })
    }

    /// A new buffer for the lines of an expansion asked for at `col` (1-based) of
    /// line `line` of buffer `buf`, whose text is `text`.
    pub(super) fn instantiation(
        &mut self,
        buf: u32,
        line: usize,
        col: usize,
        text: &str,
        input_line: usize,
    ) -> u32 {
        let from = Site {
            buf,
            line,
            col,
            text: text.to_string(),
            input_line,
        };
        self.push(Buffer::Instantiation { from })
    }

    fn push(&mut self, b: Buffer) -> u32 {
        self.list.push(b);
        self.list.len() as u32
    }

    fn get(&self, buf: u32) -> Option<&Buffer> {
        buf.checked_sub(1).and_then(|k| self.list.get(k as usize))
    }

    /// The line of the source given that buffer `buf`'s line `line` came from.
    pub(super) fn input_line(&self, buf: u32, line: usize) -> usize {
        self.get(buf).map_or(line, |b| b.from().input_line)
    }

    /// Where a diagnostic on a line of buffer `buf` is, with the calls being
    /// expanded (`calls`: an error found while reading the line; llvm-mc names
    /// none for the errors it finds at the end). `None` for the source given.
    pub(super) fn place(&self, buf: u32, calls: bool) -> Option<Arc<Place>> {
        let b = self.get(buf)?;
        if calls {
            if let Some(Some(p)) = self.places.borrow().get(buf as usize) {
                return Some(p.clone());
            }
        }
        let file = match b {
            Buffer::Included { name, .. } => name.clone(),
            Buffer::Instantiation { .. } => INSTANTIATION.to_string(),
        };
        // (The innermost call; its note's place names the next one out. An
        // included file's lines are in the expansion its `.include` was in.)
        let mut call = None;
        if calls {
            let mut at = buf;
            while let Some(b) = self.get(at) {
                let from = b.from();
                if let Buffer::Instantiation { .. } = b {
                    let text = &*from.text;
                    let mut note = Diagnostic::new(from.line, from.col, NOTE, text);
                    note.place = self.place(from.buf, true);
                    call = Some(Arc::new(note));
                    break;
                }
                at = from.buf;
            }
        }
        let place = Arc::new(Place {
            file,
            included_from: self.included_from(buf),
            call,
            input_line: b.from().input_line,
        });
        if calls {
            let mut places = self.places.borrow_mut();
            if places.len() <= buf as usize {
                places.resize(buf as usize + 1, None);
            }
            places[buf as usize] = Some(place.clone());
        }
        Some(place)
    }

    /// The `.include` lines that read buffer `buf`, outermost first: an included
    /// file's own, and those of the file that included it (an expansion has none:
    /// llvm-mc gives its buffer no include site).
    fn included_from(&self, buf: u32) -> Vec<(Option<String>, usize)> {
        let mut out = Vec::new();
        let mut at = buf;
        while let Some(Buffer::Included { from, .. }) = self.get(at) {
            let name = match self.get(from.buf) {
                None => None,
                Some(Buffer::Included { name, .. }) => Some(name.clone()),
                Some(Buffer::Instantiation { .. }) => Some(INSTANTIATION.to_string()),
            };
            out.push((name, from.line));
            at = from.buf;
        }
        out.reverse();
        out
    }
}
