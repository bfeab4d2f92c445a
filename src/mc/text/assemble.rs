//! The reader's entry points: a source assembled into an object, a listing, or
//! statements, and the run of the reader they share.

use super::comments::{blank_block_comments, strip_comment};
use super::options::{Include, Options};
use super::state::TextAsm;
use super::statements::{Read, Statement, Statements};
use crate::mc::error::Error as McError;
use crate::mc::listing::{List, Listing};
use crate::mc::macros::Queue;
use crate::mc::object::Object;
use crate::mc::triple::Triple;
use crate::source::Diagnostic;
use crate::target::Target;

/// The result of assembling a source into an object.
#[derive(Debug)]
pub struct ObjectAssembly {
    /// The object (finished: fixups resolved, relocations made).
    pub object: Object,
    /// The errors, by line and column.
    pub diags: Vec<Diagnostic>,
    /// The warnings (not errors: the object is whole), in source order.
    pub warnings: Vec<Diagnostic>,
}

impl ObjectAssembly {
    /// The ELF bytes of the object.
    pub fn elf(&self) -> Vec<u8> {
        self.object.to_elf()
    }
}

/// Assembles a source into an ELF relocatable object for `triple` (its OS: the
/// header, the directives read) and `target` (with the xnack and sramecc settings
/// of a target id, `None` for "any"). `include` reads files named by `.include`
/// (`None`: refuse them).
pub fn assemble_object(
    triple: &Triple,
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    include: Option<Include>,
) -> ObjectAssembly {
    let opts = Options {
        include,
        triple: Some(triple),
        ..Options::default()
    };
    assemble_object_with(target, xnack, sramecc, src, &opts)
}

/// [`assemble_object`] with more [`Options`] than the include reader.
pub fn assemble_object_with(
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    opts: &Options,
) -> ObjectAssembly {
    let (object, diags, warnings, _) = run(target, xnack, sramecc, src, opts, None, None).0;
    ObjectAssembly {
        object,
        diags,
        warnings,
    }
}

/// Assembles a source for a listing (`asm --show-encoding`) or for the raw bytes of
/// its code (`asm --filetype bin`): the same reader as [`assemble_object`], which
/// also lists labels, instructions and data directives in source order. With
/// `bytes_only`, what only an object can hold (other sections than `.text`, symbols
/// as literals, relocations) is an error.
pub fn assemble_listing(
    triple: &Triple,
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    include: Option<Include>,
    bytes_only: bool,
) -> Listing {
    let opts = Options {
        include,
        triple: Some(triple),
        ..Options::default()
    };
    assemble_listing_with(target, xnack, sramecc, src, &opts, bytes_only)
}

/// [`assemble_listing`] with more [`Options`] than the include reader (and the
/// listing's [`super::options::Style`]).
pub fn assemble_listing_with(
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    opts: &Options,
    bytes_only: bool,
) -> Listing {
    let ((object, diags, warnings, list), unlisted) =
        run(target, xnack, sramecc, src, opts, Some(bytes_only), None);
    let list = list.unwrap_or_default();
    Listing {
        object,
        list,
        diags,
        warnings,
        unlisted,
    }
}

/// ([`Statements`]). Errors of directives are kept apart ([`Statements::passed`]).
pub fn read_statements(
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    opts: &Options,
) -> Statements {
    let r = Reads {
        pass_directives: true,
        ..Reads::default()
    };
    read(target, xnack, sramecc, src, opts, None, r)
}

/// A source read for the bytes of its code, as `asm --filetype bin` reads it (what
/// only an object holds, other sections and relocations, is an error), with its
/// statements (for [`crate::assemble`]). Directives' errors are errors.
pub(crate) fn read_code(target: Target, src: &str) -> Statements {
    read(
        target,
        None,
        None,
        src,
        &Options::default(),
        Some(true),
        Reads::default(),
    )
}

fn read(
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    opts: &Options,
    listing: Option<bool>,
    mut r: Reads,
) -> Statements {
    let ((object, diags, warnings, _), _) =
        run(target, xnack, sramecc, src, opts, listing, Some(&mut r));
    // Branches were resolved as the object was finished: their offsets are in the
    // bytes (SIMM16, the low half of the first word).
    for st in &mut r.stmts {
        if let Read::Inst {
            inst,
            branch: Some(_),
        } = &mut st.read
        {
            let data = &object.sections[st.section].data;
            let at = st.offset as usize;
            if let Some(b) = data.get(at..at + 2) {
                inst.imm = u32::from(u16::from_le_bytes([b[0], b[1]]));
            }
        }
    }
    Statements {
        object,
        stmts: r.stmts,
        diags,
        warnings,
        passed: r.passed,
    }
}

/// What [`run`] makes: the object, errors, warnings, the listing; and the lines
/// a listing in llvm-mc's style leaves out.
type Run = (
    (Object, Vec<Diagnostic>, Vec<Diagnostic>, Option<List>),
    Vec<Diagnostic>,
);

/// `listing`: `None` for an object, `Some(bytes_only)` for a listing; `reads`: where
/// the statements go, for [`read_statements`].
fn run(
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
    src: &str,
    opts: &Options,
    listing: Option<bool>,
    reads: Option<&mut Reads>,
) -> Run {
    let pass_directives = reads.as_ref().map(|r| r.pass_directives);
    let mut a = TextAsm::new(target, src, opts, listing, pass_directives);
    a.o.xnack = xnack;
    a.o.sramecc = sramecc;
    a.defsyms(opts);
    a.read_lines(src, opts);
    a.resolve();
    if let Some(r) = reads {
        r.stmts = a.reads.take().unwrap_or_default();
        r.passed = std::mem::take(&mut a.passed);
    }
    ((a.o, a.diags, a.warnings, a.listing), a.unlisted)
}

/// The statements [`run`] read, and the errors of directives it passed over.
#[derive(Default)]
struct Reads {
    /// Whether errors of directives are passed over (else they are errors).
    pass_directives: bool,
    stmts: Vec<Statement>,
    passed: Vec<Diagnostic>,
}

impl TextAsm {
    /// Symbols set on the command line, first, as `.set` lines would be (their lines
    /// in llvm-mc's text come before the target's, which the caller prints).
    pub(super) fn defsyms(&mut self, opts: &Options) {
        for (name, v) in opts.defsyms {
            let v = v.to_string();
            if let Err(e) = self.set(&v, name, 0, &v, false) {
                let msg = format!("--defsym {name}={v}: {}", e.msg);
                self.diags.push(Diagnostic::new(0, 0, msg, ""));
            }
            self.llvm_lines.clear();
        }
    }

    /// Reads every line, then reports the blocks the input left open.
    pub(super) fn read_lines(&mut self, src: &str, opts: &Options) {
        // (`/* ... */` comments are blanks, their line ends kept: lines stay lines.)
        let blanked = blank_block_comments(src);
        let ahead = (opts.threads > 1)
            .then(|| super::ahead::Ahead::new(self.o.target, &blanked))
            .flatten()
            .map(std::sync::Arc::new);
        let Some(ahead) = ahead else {
            return self.read_queue(&blanked, opts);
        };
        self.ahead = Some(ahead.clone());
        std::thread::scope(|scope| {
            for _ in 1..opts.threads {
                let (ahead, text) = (&ahead, &*blanked);
                scope.spawn(move || ahead.work(text));
            }
            self.read_queue(&blanked, opts);
            ahead.stop();
        });
        self.ahead = None;
    }

    /// Reads the lines of `blanked` (the source, block comments blanked) in order.
    fn read_queue(&mut self, blanked: &str, opts: &Options) {
        let mut q = Queue::new(blanked);
        while let Some(l) = q.pop_front() {
            if let Some(a) = &self.ahead {
                a.reached(&l.text);
            }
            if self.again(&l, q.hash()) {
                continue;
            }
            if self.metadata.is_some() {
                self.statement(&l, strip_comment(&l.text));
                continue;
            }
            let r = match self.conds.last().is_some_and(|c| !c.on) {
                true => self.skipped(&l),
                false => self.preprocess(&l, &mut q, opts),
            };
            if let Err(e) = r {
                self.diags.push(self.diag_at(&l, e.pos, e.msg.into_owned()));
            }
            if opts.error_limit.is_some_and(|n| self.diags.len() >= n) {
                let msg = format!("too many errors ({}), reading stops here", self.diags.len());
                self.stopped = Some(self.diag_at(&l, 0, msg));
                return;
            }
        }
        self.unended(q.source_lines() + 1);
    }

    /// The errors of blocks still open at the end of the input (`end`: the line
    /// after the last, where llvm-mc reports them).
    pub(super) fn unended(&mut self, end: usize) {
        let at_end = |msg: String| Diagnostic::new(end, 1, msg, "");
        if !self.conds.is_empty() {
            // (llvm-mc reports a missing .endif at the end of the input.)
            self.diags.push(at_end("unmatched .ifs or .elses".into()));
        }
        if let Some(k) = &self.kernel {
            self.diags
                .push(self.diag_of(&k.loc, "missing .end_amdhsa_kernel"));
        }
        if let Some((_, _, kind)) = &self.metadata {
            let msg = format!("expected directive {} not found", kind.end());
            self.diags.push(at_end(msg));
        }
        if self.code_t.is_some() {
            let msg = "expected value identifier or .end_amd_kernel_code_t";
            self.diags.push(at_end(msg.into()));
        }
    }

    /// Finishes the object and adds the errors of resolving it.
    pub(super) fn resolve(&mut self) {
        // The PAL metadata note comes last, when the object is finished.
        if let Some(n) = self.pal.note() {
            self.o.note(&n);
        }
        // (As llvm-mc, which writes no object after an error: the errors of resolving
        // come only when reading found none.)
        // Reading errors by place; then those of resolving in llvm-mc's order (undefined
        // subtrahends and branch labels by place, the rest, undefined temporaries last).
        self.diags.sort_by_key(order);
        self.diags.extend(self.stopped.take());
        let mut errs: Vec<McError> = self.o.finish();
        let rank = |m: &str| match m {
            m if m.contains("can not be undefined") => 0,
            m if m.contains("'.L") || m.starts_with("Undefined temporary") => 2,
            m if m.starts_with("undefined label") => 0,
            _ => 1,
        };
        let b = &self.buffers;
        errs.sort_by_key(|e| {
            let made = e.loc.buf != 0;
            let col = if made { 0 } else { e.loc.col };
            (rank(&e.msg), b.input_line(e.loc.buf, e.loc.line), made, col)
        });
        // (llvm-mc's text output lays nothing out: what only an object's layout finds is
        // no error there, and symbols stay symbols.)
        if self.llvm {
            errs.clear();
            self.no_relocs = false;
        }
        if self.diags.is_empty() {
            for e in errs {
                self.diags.push(self.diag_of(&e.loc, &e.msg));
            }
        }
        // Bytes and listings cannot hold relocations: each is an error at its fixup's
        // place (data fixups too, at their directive's line).
        if self.no_relocs && self.diags.is_empty() {
            for (si, rs) in self.o.relocs.iter().enumerate() {
                for r in rs {
                    let loc = self
                        .fixup_locs
                        .iter()
                        .find(|(s, o, _)| *s == si && *o == r.offset);
                    if let Some((_, _, loc)) = loc {
                        let msg = "a relocation needs an object file (asm --filetype obj)";
                        self.diags.push(self.diag_of(loc, msg));
                    }
                }
            }
            self.diags.sort_by_key(order);
        }
    }
}

/// The order of a source's errors: by the line of the source given they came from,
/// its own errors by column before those of the lines an `.include` or expansion on
/// it made, which keep the order they were found in.
fn order(d: &Diagnostic) -> (usize, bool, usize) {
    let made = d.place.is_some();
    (d.input_line(), made, if made { 0 } else { d.col })
}
