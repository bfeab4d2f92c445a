//! [`Program`]: a sequence of instructions and data at their byte offsets, with labels,
//! source positions and the control-flow graph. The assembler's output and the
//! disassembler's input meet here, and the hazard and s_waitcnt analyses walk it.
//!
//! Control flow comes from the tables: `branch` rows with a label operand have a known
//! target, other branches (`s_setpc_b64`, `s_cbranch_join`, `s_cbranch_g_fork`,
//! `s_rfe_b64`) an unknown one; `jump` rows never fall through, `call` rows come back
//! after the instruction, `halt` rows (`s_endpgm`) end the program.

use crate::asm::{Assembly, Item};
use crate::codec::decode;
use crate::inst::Inst;
use crate::isa::{flags, Role};
use crate::mc::text::statements::{Read, Statements};
use crate::target::Target;

/// Where a statement was written: 1-based line and column, and the columns of its
/// operands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// 1-based line.
    pub line: u32,
    /// 1-based column (in bytes).
    pub col: u32,
    /// 1-based columns of the operands the text lists, in order (0 past the last):
    /// the `k`-th explicit operand of [`Inst::operands`](crate::inst::Inst::operands)
    /// starts at `operands[k]` (SMEM's `s4 offset:0x10` is one operand here, two there;
    /// exports' four sources are four).
    pub operands: [u16; 8],
}

/// What a statement of a program is.
#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    /// An instruction.
    Inst(Inst),
    /// Bytes that are not an instruction (`.long`, padding, undecodable words).
    Data(Vec<u8>),
}

/// One statement: its byte offset, its contents, and where it was written (`None`
/// for statements decoded from bytes).
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// Byte offset from the start of the program.
    pub offset: u32,
    /// The instruction or data.
    pub body: Body,
    /// Where it was written.
    pub span: Option<Span>,
}

impl Stmt {
    /// Its size in bytes.
    pub fn size(&self) -> u32 {
        match &self.body {
            Body::Inst(i) => i.size() as u32,
            Body::Data(d) => d.len() as u32,
        }
    }
}

/// Where control goes after a statement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Edge {
    /// To the next statement (fall-through, or the return of a call).
    Next,
    /// To the statement at this index (a branch target in the program).
    To(usize),
    /// Somewhere the program text does not say (`s_setpc_b64`, a target outside the
    /// program): analyses must assume the worst and say so.
    Unknown,
}

/// A program for one target.
#[derive(Clone, Debug)]
pub struct Program {
    /// The target the program is for.
    pub target: Target,
    /// The statements in address order.
    pub stmts: Vec<Stmt>,
    /// Labels with the index of the statement they name (`stmts.len()` for a label at
    /// the end), in source order.
    pub labels: Vec<(String, usize)>,
}

impl Program {
    /// The program of an assembled source (statements of lines with errors are absent).
    pub fn from_assembly(target: Target, a: &Assembly) -> Program {
        let mut p = Program {
            target,
            stmts: Vec::with_capacity(a.stmts.len()),
            labels: Vec::new(),
        };
        for s in &a.stmts {
            let span = Some(Span {
                line: s.line as u32,
                col: s.col as u32,
                operands: s.operand_cols,
            });
            let body = match &s.item {
                Item::Label(l) => {
                    p.labels.push((l.clone(), p.stmts.len()));
                    continue;
                }
                Item::Inst(i) => Body::Inst(*i),
                Item::Data(_, b) => Body::Data(b.clone()),
            };
            p.stmts.push(Stmt {
                offset: s.offset as u32,
                body,
                span,
            });
        }
        p
    }

    /// The program of machine code: instructions where the bytes decode, one 4-byte
    /// data word where they do not (a tail shorter than a word is data too).
    pub fn from_bytes(target: Target, bytes: &[u8]) -> Program {
        let mut p = Program {
            target,
            stmts: Vec::new(),
            labels: Vec::new(),
        };
        p.refill_from_bytes(target, bytes);
        p
    }

    /// Makes this program [`Program::from_bytes`]'s of `bytes`, in the memory it has:
    /// a caller going through many sections (the linter, a thread at a time) keeps one
    /// program, and its statements' tens of megabytes are not mapped and faulted in
    /// afresh for each.
    pub fn refill_from_bytes(&mut self, target: Target, bytes: &[u8]) {
        self.target = target;
        self.labels.clear();
        let stmts = &mut self.stmts;
        stmts.clear();
        let mut at = 0;
        while at < bytes.len() {
            let (body, n) = match decode(target, &bytes[at..]) {
                Ok(i) => (Body::Inst(i), i.size()),
                Err(_) => {
                    let n = (bytes.len() - at).min(4);
                    (Body::Data(bytes[at..at + n].to_vec()), n)
                }
            };
            stmts.push(Stmt {
                offset: at as u32,
                body,
                span: None,
            });
            at += n;
        }
    }

    /// The index of the statement at byte `offset`, if one starts there.
    pub fn at_offset(&self, offset: u32) -> Option<usize> {
        self.stmts.binary_search_by_key(&offset, |s| s.offset).ok()
    }

    /// Where control goes after statement `k`: up to two edges. Data falls through
    /// like an instruction (it is executed as whatever it encodes).
    pub fn successors(&self, k: usize) -> Successors {
        let mut out = Successors::default();
        let Some(Body::Inst(i)) = self.stmts.get(k).map(|s| &s.body) else {
            out.push(Edge::Next);
            return out;
        };
        let d = i.desc();
        if d.has(flags::HALT) {
            return out;
        }
        if !d.has(flags::BRANCH) {
            out.push(Edge::Next);
            return out;
        }
        let target = if d.sig().iter().any(|s| s.role == Role::Label) {
            // SIMM16 counts dwords from the next instruction.
            let next = self.stmts[k].offset as i64 + i.size() as i64;
            let dest = next + 4 * (i.imm as u16 as i16 as i64);
            u32::try_from(dest)
                .ok()
                .and_then(|o| self.at_offset(o))
                .map_or(Edge::Unknown, Edge::To)
        } else {
            Edge::Unknown
        };
        out.push(target);
        if !d.has(flags::JUMP) {
            out.push(Edge::Next);
        }
        out
    }

    /// The statements that do not simply fall through (branches and halts), in order,
    /// each with its edges. Every other statement's only edge is [`Edge::Next`].
    pub fn exits(&self) -> Vec<(usize, Successors)> {
        self.stmts
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                matches!(&s.body, Body::Inst(i)
                    if i.desc().flags & (flags::HALT | flags::BRANCH) != 0)
            })
            .map(|(k, _)| (k, self.successors(k)))
            .collect()
    }

    /// The indices of the statements that start a basic block: the first, every
    /// label's and branch target's, and every one after a branch or a halt.
    pub fn leaders(&self) -> Vec<bool> {
        self.leaders_of(&self.exits())
    }

    /// [`Program::leaders`], given the program's [`Program::exits`].
    pub fn leaders_of(&self, exits: &[(usize, Successors)]) -> Vec<bool> {
        let mut lead = vec![false; self.stmts.len() + 1];
        lead[0] = true;
        for &(_, k) in &self.labels {
            lead[k] = true;
        }
        for (k, succ) in exits {
            if succ.as_slice() != [Edge::Next] {
                lead[k + 1] = true;
            }
            for e in succ.as_slice() {
                if let Edge::To(t) = e {
                    lead[*t] = true;
                }
            }
        }
        lead.truncate(self.stmts.len());
        lead
    }
}

/// At most two edges, without allocating.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Successors {
    edges: [Edge; 2],
    n: usize,
}

impl Default for Successors {
    fn default() -> Self {
        Successors {
            edges: [Edge::Unknown; 2],
            n: 0,
        }
    }
}

impl Successors {
    fn push(&mut self, e: Edge) {
        self.edges[self.n] = e;
        self.n += 1;
    }
    /// The edges, in order: the branch target first, then the fall-through.
    pub fn as_slice(&self) -> &[Edge] {
        &self.edges[..self.n]
    }
}

/// The programs of a source's sections, as the text assembler read them.
impl Statements {
    /// The program of section `section`: its instructions and labels where the
    /// source put them, and its other bytes (data, padding) as data between them.
    /// A statement's span is where [`crate::mc::text::Statement`] says it was written (the operands'
    /// columns only for a line of the source itself).
    pub fn program(&self, section: usize) -> Program {
        self.program_made(section).0
    }

    /// [`Statements::program`], and for each of its statements the text of the line
    /// an expansion made it from ([`crate::mc::text::Statement::made`]; `None` for data).
    pub fn program_made(&self, section: usize) -> (Program, Vec<Option<&str>>) {
        let data = &self.object.sections[section].data;
        let mut made = Vec::new();
        let mut p = Program {
            target: self.object.target,
            stmts: Vec::new(),
            labels: Vec::new(),
        };
        let mut at = 0usize;
        let gap = |p: &mut Program, at: &mut usize, to: usize| {
            if to > *at && to <= data.len() {
                p.stmts.push(Stmt {
                    offset: *at as u32,
                    body: Body::Data(data[*at..to].to_vec()),
                    span: None,
                });
                *at = to;
            }
        };
        for st in self.stmts.iter().filter(|s| s.section == section) {
            let off = st.offset as usize;
            gap(&mut p, &mut at, off);
            match &st.read {
                // (Data is what lies between instructions.)
                Read::Data { .. } => {}
                Read::Label(name) => p.labels.push((name.clone(), p.stmts.len())),
                Read::Inst { inst, .. } => {
                    let operands = match st.made {
                        None => st.operand_cols,
                        Some(_) => [0; 8],
                    };
                    made.resize(p.stmts.len(), None);
                    made.push(st.made.as_deref());
                    p.stmts.push(Stmt {
                        offset: off as u32,
                        body: Body::Inst(*inst),
                        span: Some(Span {
                            line: st.line as u32,
                            col: st.col as u32,
                            operands,
                        }),
                    });
                    at = at.max(off + inst.size());
                }
            }
        }
        gap(&mut p, &mut at, data.len());
        made.resize(p.stmts.len(), None);
        (p, made)
    }
}
