//! The R600/R700 opcode tables, read from `isa/r600/*.tsv` (compiled in) once, into
//! arrays indexed by opcode for decoding and a name index for parsing.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The execution units an ALU instruction may occupy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Units {
    /// X, Y, Z, W or Trans.
    Any,
    /// X, Y, Z or W only.
    Vector,
    /// Trans only.
    Trans,
}

/// One ALU instruction (a row of `isa/r600/alu.tsv`).
#[derive(Clone, Copy, Debug)]
pub struct AluOp {
    /// Mnemonic.
    pub name: &'static str,
    /// OP3 encoding (else OP2).
    pub op3: bool,
    /// Opcode value.
    pub code: u16,
    /// Units it may run on.
    pub units: Units,
    /// Sources the syntax shows.
    pub nsrc: u8,
    /// Exists only on the double-precision chips (rv670, rv770).
    pub fp64: bool,
    /// Fills X, Y, Z and W with the same opcode (DOT4, CUBE, MAX4).
    pub reduce: bool,
    /// A PRED_SET*: may set UPDATE_PRED and UPDATE_EXECUTE_MASK.
    pub pred: bool,
    /// A KILL*.
    pub kill: bool,
    /// A MOVA*: writes AR.
    pub mova: bool,
}

/// The dword layout of a control-flow instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CfEnc {
    /// CF_DWORD0/1.
    Basic,
    /// CF_ALU_DWORD0/1.
    Alu,
    /// CF_ALLOC_IMP_EXP_DWORD0/1_BUF.
    Buf,
    /// CF_ALLOC_IMP_EXP_DWORD0/1_SWIZ.
    Swiz,
}

/// What a control-flow instruction's syntax shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CfSyntax {
    /// Nothing but the name.
    None,
    /// `COUNT @ADDR`: a TEX or VTX clause.
    Clause,
    /// `@ADDR`: a jump or loop target.
    Addr,
    /// `COUNT, @ADDR, KC0[..], KC1[..]`: an ALU clause.
    Alu,
    /// `Tn[.swizzle]`: an export or memory write.
    Export,
}

/// One control-flow instruction (a row of `isa/r600/cf.tsv`).
#[derive(Clone, Copy, Debug)]
pub struct CfOp {
    /// Mnemonic.
    pub name: &'static str,
    /// Layout.
    pub enc: CfEnc,
    /// CF_INST value.
    pub code: u8,
    /// Syntax.
    pub syntax: CfSyntax,
}

/// One fetch instruction (a row of `isa/r600/fetch.tsv`).
#[derive(Clone, Copy, Debug)]
pub struct FetchOp {
    /// Mnemonic.
    pub name: &'static str,
    /// A vertex fetch (else a texture fetch).
    pub vtx: bool,
    /// TEX_INST or VTX_INST value.
    pub code: u8,
}

/// What a mnemonic names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Named {
    /// An ALU instruction (index into [`Tables::alu`]).
    Alu(u16),
    /// A control-flow instruction (index into [`Tables::cf`]).
    Cf(u16),
    /// A fetch instruction (index into [`Tables::fetch`]).
    Fetch(u16),
}

/// All R600 tables.
pub struct Tables {
    /// ALU rows.
    pub alu: Vec<AluOp>,
    /// CF rows.
    pub cf: Vec<CfOp>,
    /// Fetch rows.
    pub fetch: Vec<FetchOp>,
    /// OP2 opcode -> ALU row + 1 (0: none).
    pub op2: [u16; 256],
    /// OP3 opcode -> ALU row + 1.
    pub op3: [u16; 32],
    /// 7-bit CF_INST (CF_DWORD1 and CF_ALLOC_IMP_EXP) -> CF row + 1.
    pub cf7: [u16; 128],
    /// 4-bit CF_ALU CF_INST -> CF row + 1.
    pub cf_alu: [u16; 16],
    /// TEX_INST -> fetch row + 1.
    pub tex: [u16; 32],
    /// VTX_INST -> fetch row + 1.
    pub vtx: [u16; 32],
    /// Mnemonic -> row, per kind (ALU and CF both have a NOP).
    pub names: [HashMap<&'static str, u16>; 3],
}

const ALU_TSV: &str = include_str!("../../isa/r600/alu.tsv");
const CF_TSV: &str = include_str!("../../isa/r600/cf.tsv");
const FETCH_TSV: &str = include_str!("../../isa/r600/fetch.tsv");

/// The rows of a TSV file: comment lines and the header skipped.
fn rows(tsv: &'static str) -> impl Iterator<Item = Vec<&'static str>> {
    tsv.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .skip(1)
        .map(|l| l.split('\t').collect())
}

fn num(s: &str) -> u16 {
    s.parse()
        .unwrap_or_else(|_| panic!("isa/r600: bad number {s:?}"))
}

fn build() -> Tables {
    let mut t = Tables {
        alu: Vec::new(),
        cf: Vec::new(),
        fetch: Vec::new(),
        op2: [0; 256],
        op3: [0; 32],
        cf7: [0; 128],
        cf_alu: [0; 16],
        tex: [0; 32],
        vtx: [0; 32],
        names: Default::default(),
    };
    for r in rows(ALU_TSV) {
        let flags = r[6];
        let op = AluOp {
            name: r[0],
            op3: r[1] == "op3",
            code: num(r[2]),
            units: match r[3] {
                "vec" => Units::Vector,
                "trans" => Units::Trans,
                _ => Units::Any,
            },
            nsrc: num(r[4]) as u8,
            fp64: r[5] == "fp64",
            reduce: flags.contains("reduce"),
            pred: flags.contains("pred"),
            kill: flags.contains("kill"),
            mova: flags.contains("mova"),
        };
        let i = t.alu.len() as u16 + 1;
        if op.op3 {
            t.op3[op.code as usize] = i;
        } else {
            t.op2[op.code as usize] = i;
        }
        t.names[0].insert(op.name, i - 1);
        t.alu.push(op);
    }
    for r in rows(CF_TSV) {
        let op = CfOp {
            name: r[0],
            enc: match r[1] {
                "alu" => CfEnc::Alu,
                "buf" => CfEnc::Buf,
                "swiz" => CfEnc::Swiz,
                _ => CfEnc::Basic,
            },
            code: num(r[2]) as u8,
            syntax: match r[3] {
                "clause" => CfSyntax::Clause,
                "addr" => CfSyntax::Addr,
                "alu" => CfSyntax::Alu,
                "export" => CfSyntax::Export,
                _ => CfSyntax::None,
            },
        };
        let i = t.cf.len() as u16 + 1;
        if op.enc == CfEnc::Alu {
            t.cf_alu[op.code as usize] = i;
        } else {
            t.cf7[op.code as usize] = i;
        }
        t.names[1].insert(op.name, i - 1);
        t.cf.push(op);
    }
    for r in rows(FETCH_TSV) {
        let op = FetchOp {
            name: r[0],
            vtx: r[1] == "vtx",
            code: num(r[2]) as u8,
        };
        let i = t.fetch.len() as u16 + 1;
        if op.vtx {
            t.vtx[op.code as usize] = i;
        } else {
            t.tex[op.code as usize] = i;
        }
        t.names[2].insert(op.name, i - 1);
        t.fetch.push(op);
    }
    t
}

impl Tables {
    /// What `name` names: looked up first as `prefer` (0 ALU, 1 CF, 2 fetch), then as
    /// the others (for error messages).
    pub fn named(&self, prefer: usize, name: &str) -> Option<Named> {
        let make = |k: usize, r: u16| match k {
            0 => Named::Alu(r),
            1 => Named::Cf(r),
            _ => Named::Fetch(r),
        };
        [prefer, 0, 1, 2]
            .into_iter()
            .find_map(|k| self.names[k].get(name).map(|&r| make(k, r)))
    }
}

/// The tables (built on first use).
pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(build)
}

/// The row for an index table entry (`0` is none).
pub(crate) fn at(ix: u16) -> Option<usize> {
    ix.checked_sub(1).map(usize::from)
}
