//! R600 instruction words as data: each microcode format is a list of named fields
//! (dword, low bit, width, default); one [`Inst`] holds a format and its field values,
//! so decode then encode is the identity by construction. Encoding and decoding are
//! written once, for all formats.

use super::tables::{at, tables, CfEnc};
use super::Chip;

/// A field of a microcode format.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// The name the syntax uses for it (`KEY:value`).
    pub key: &'static str,
    /// Dword (0-3).
    pub dw: u8,
    /// Lowest bit.
    pub lo: u8,
    /// Width in bits.
    pub width: u8,
    /// Value printed as nothing.
    pub default: u32,
}

const fn f(key: &'static str, dw: u8, lo: u8, width: u8) -> Field {
    Field {
        key,
        dw,
        lo,
        width,
        default: 0,
    }
}
const fn d1(key: &'static str, dw: u8, lo: u8, width: u8) -> Field {
    Field {
        key,
        dw,
        lo,
        width,
        default: 1,
    }
}

/// The microcode formats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fmt {
    /// CF_DWORD0/1.
    Cf,
    /// CF_ALU_DWORD0/1.
    CfAlu,
    /// CF_ALLOC_IMP_EXP with the SWIZ dword 1.
    ExpSwiz,
    /// CF_ALLOC_IMP_EXP with the BUF dword 1.
    ExpBuf,
    /// ALU_DWORD0 + ALU_DWORD1_OP2, R600 layout (FOG_MERGE, OMOD 7:6, opcode 17:8).
    Op2R600,
    /// ALU_DWORD0 + ALU_DWORD1_OP2, R700 layout (OMOD 6:5, opcode 17:7).
    Op2R700,
    /// ALU_DWORD0 + ALU_DWORD1_OP3.
    Op3,
    /// TEX_DWORD0-2 and a zero dword.
    Tex,
    /// VTX_DWORD0, VTX_DWORD1_GPR, VTX_DWORD2 and a zero dword.
    Vtx,
    /// VTX_DWORD0, VTX_DWORD1_SEM, VTX_DWORD2 and a zero dword.
    VtxSem,
}

/// Field indices of [`Fmt::Cf`].
pub mod cf {
    #![allow(missing_docs)]
    pub const ADDR: usize = 0;
    pub const POP: usize = 1;
    pub const COUNT: usize = 4;
    pub const EOP: usize = 6;
    pub const VPM: usize = 7;
    pub const INST: usize = 8;
    pub const WQM: usize = 9;
    pub const BARRIER: usize = 10;
    pub const COUNT_3: usize = 11;
}
const CF: &[Field] = &[
    f("ADDR", 0, 0, 32),
    f("POP", 1, 0, 3),
    f("CF_CONST", 1, 3, 5),
    f("COND", 1, 8, 2),
    f("COUNT", 1, 10, 3),
    f("CALL_COUNT", 1, 13, 6),
    f("EOP", 1, 21, 1),
    f("VPM", 1, 22, 1),
    f("INST", 1, 23, 7),
    f("WQM", 1, 30, 1),
    d1("BARRIER", 1, 31, 1),
    f("COUNT_3", 1, 19, 1),
];

/// Field indices of [`Fmt::CfAlu`].
pub mod cfalu {
    #![allow(missing_docs)]
    pub const ADDR: usize = 0;
    pub const KB0: usize = 1;
    pub const KB1: usize = 2;
    pub const KM0: usize = 3;
    pub const KM1: usize = 4;
    pub const KA0: usize = 5;
    pub const KA1: usize = 6;
    pub const COUNT: usize = 7;
    pub const UW: usize = 8;
    pub const INST: usize = 9;
}
const CF_ALU: &[Field] = &[
    f("ADDR", 0, 0, 22),
    f("KB0", 0, 22, 4),
    f("KB1", 0, 26, 4),
    f("KM0", 0, 30, 2),
    f("KM1", 1, 0, 2),
    f("KA0", 1, 2, 8),
    f("KA1", 1, 10, 8),
    f("COUNT", 1, 18, 7),
    f("UW", 1, 25, 1),
    f("INST", 1, 26, 4),
    f("WQM", 1, 30, 1),
    d1("BARRIER", 1, 31, 1),
];

/// Field indices of [`Fmt::ExpSwiz`] and [`Fmt::ExpBuf`].
pub mod exp {
    #![allow(missing_docs)]
    pub const TYPE: usize = 1;
    pub const GPR: usize = 2;
    pub const RR: usize = 3;
    pub const EOP: usize = 8;
    pub const VPM: usize = 9;
    pub const INST: usize = 10;
    pub const WQM: usize = 11;
    /// SEL_X (swiz) or ARRAY_SIZE (buf); SEL_Y.. follow in the swiz form.
    pub const SEL: usize = 13;
}
const EXP_SWIZ: &[Field] = &[
    f("BASE", 0, 0, 13),
    f("TYPE", 0, 13, 2),
    f("GPR", 0, 15, 7),
    f("RR", 0, 22, 1),
    f("IDX", 0, 23, 7),
    f("ES", 0, 30, 2),
    f("EL", 1, 16, 1),
    f("BURST", 1, 17, 4),
    f("EOP", 1, 21, 1),
    f("VPM", 1, 22, 1),
    f("INST", 1, 23, 7),
    f("WQM", 1, 30, 1),
    d1("BARRIER", 1, 31, 1),
    f("SEL_X", 1, 0, 3),
    f("SEL_Y", 1, 3, 3),
    f("SEL_Z", 1, 6, 3),
    f("SEL_W", 1, 9, 3),
];
const EXP_BUF: &[Field] = &[
    f("BASE", 0, 0, 13),
    f("TYPE", 0, 13, 2),
    f("GPR", 0, 15, 7),
    f("RR", 0, 22, 1),
    f("IDX", 0, 23, 7),
    f("ES", 0, 30, 2),
    f("EL", 1, 16, 1),
    f("BURST", 1, 17, 4),
    f("EOP", 1, 21, 1),
    f("VPM", 1, 22, 1),
    f("INST", 1, 23, 7),
    f("WQM", 1, 30, 1),
    d1("BARRIER", 1, 31, 1),
    f("ARRAY_SIZE", 1, 0, 12),
    f("MASK", 1, 12, 4),
];

/// Field indices of the ALU formats ([`Fmt::Op2R600`], [`Fmt::Op2R700`], [`Fmt::Op3`]).
pub mod alu {
    #![allow(missing_docs)]
    /// SRCn_SEL is `SRC_SEL[n]`, and so on (src2 is OP3 only).
    pub const SRC_SEL: [usize; 3] = [0, 4, 17];
    pub const SRC_REL: [usize; 3] = [1, 5, 18];
    pub const SRC_ELEM: [usize; 3] = [2, 6, 19];
    pub const SRC_NEG: [usize; 3] = [3, 7, 20];
    /// OP2 only.
    pub const SRC_ABS: [usize; 2] = [17, 18];
    pub const IM: usize = 8;
    pub const PRED_SEL: usize = 9;
    pub const LAST: usize = 10;
    pub const BS: usize = 11;
    pub const DST_GPR: usize = 12;
    pub const DST_REL: usize = 13;
    pub const DST_ELEM: usize = 14;
    pub const CLAMP: usize = 15;
    pub const INST: usize = 16;
    pub const UEM: usize = 19;
    pub const UP: usize = 20;
    pub const WM: usize = 21;
    pub const OMOD: usize = 22;
}
macro_rules! alu_common {
    ($($rest:expr),*) => {
        &[
            f("SRC0_SEL", 0, 0, 9),
            f("SRC0_REL", 0, 9, 1),
            f("SRC0_ELEM", 0, 10, 2),
            f("SRC0_NEG", 0, 12, 1),
            f("SRC1_SEL", 0, 13, 9),
            f("SRC1_REL", 0, 22, 1),
            f("SRC1_ELEM", 0, 23, 2),
            f("SRC1_NEG", 0, 25, 1),
            f("IM", 0, 26, 3),
            f("PRED_SEL", 0, 29, 2),
            f("LAST", 0, 31, 1),
            f("BS", 1, 18, 3),
            f("DST_GPR", 1, 21, 7),
            f("DST_REL", 1, 28, 1),
            f("DST_ELEM", 1, 29, 2),
            f("CLAMP", 1, 31, 1),
            $($rest),*
        ]
    };
}
const OP2_R600: &[Field] = alu_common!(
    f("INST", 1, 8, 7),
    f("SRC0_ABS", 1, 0, 1),
    f("SRC1_ABS", 1, 1, 1),
    f("UEM", 1, 2, 1),
    f("UP", 1, 3, 1),
    f("WM", 1, 4, 1),
    f("OMOD", 1, 6, 2),
    f("FOG", 1, 5, 1)
);
const OP2_R700: &[Field] = alu_common!(
    f("INST", 1, 7, 8),
    f("SRC0_ABS", 1, 0, 1),
    f("SRC1_ABS", 1, 1, 1),
    f("UEM", 1, 2, 1),
    f("UP", 1, 3, 1),
    f("WM", 1, 4, 1),
    f("OMOD", 1, 5, 2)
);
const OP3: &[Field] = alu_common!(
    f("INST", 1, 13, 5),
    f("SRC2_SEL", 1, 0, 9),
    f("SRC2_REL", 1, 9, 1),
    f("SRC2_ELEM", 1, 10, 2),
    f("SRC2_NEG", 1, 12, 1)
);

/// Field indices of the fetch formats.
pub mod fetch {
    #![allow(missing_docs)]
    pub const INST: usize = 0;
    pub const SRC_GPR: usize = 1;
    pub const DST_GPR: usize = 2;
    /// DST_SEL_X..W.
    pub const DST_SEL: usize = 3;
    /// TEX: SRC_SEL_X..W; VTX: SRC_SEL_X (one field).
    pub const SRC_SEL: usize = 7;
    /// TEX only.
    pub const RID: usize = 11;
    pub const SID: usize = 12;
    /// COORD_TYPE_X..W.
    pub const CT: usize = 13;
    /// VTX only.
    pub const OFFSET: usize = 8;
}
const TEX: &[Field] = &[
    f("INST", 0, 0, 5),
    f("SRC_GPR", 0, 16, 7),
    f("DST_GPR", 1, 0, 7),
    f("DSX", 1, 9, 3),
    f("DSY", 1, 12, 3),
    f("DSZ", 1, 15, 3),
    f("DSW", 1, 18, 3),
    f("SSX", 2, 20, 3),
    f("SSY", 2, 23, 3),
    f("SSZ", 2, 26, 3),
    f("SSW", 2, 29, 3),
    f("RID", 0, 8, 8),
    f("SID", 2, 15, 5),
    f("CTX", 1, 28, 1),
    f("CTY", 1, 29, 1),
    f("CTZ", 1, 30, 1),
    f("CTW", 1, 31, 1),
    f("BFM", 0, 5, 1),
    f("FWQ", 0, 7, 1),
    f("SR", 0, 23, 1),
    f("DR", 1, 7, 1),
    f("LOD", 1, 21, 7),
    f("OFFX", 2, 0, 5),
    f("OFFY", 2, 5, 5),
    f("OFFZ", 2, 10, 5),
];
macro_rules! vtx_fields {
    ($dst:expr, $($rest:expr),*) => {
        &[
            f("INST", 0, 0, 5),
            f("SRC_GPR", 0, 16, 7),
            $dst,
            f("DSX", 1, 9, 3),
            f("DSY", 1, 12, 3),
            f("DSZ", 1, 15, 3),
            f("DSW", 1, 18, 3),
            f("SSX", 0, 24, 2),
            f("OFFSET", 2, 0, 16),
            f("BUF", 0, 8, 8),
            f("FT", 0, 5, 2),
            f("FWQ", 0, 7, 1),
            f("SR", 0, 23, 1),
            f("MFC", 0, 26, 6),
            f("UCF", 1, 21, 1),
            f("DFMT", 1, 22, 6),
            f("NFA", 1, 28, 2),
            f("FCA", 1, 30, 1),
            f("SMA", 1, 31, 1),
            f("ENDIAN", 2, 16, 2),
            f("CBNS", 2, 18, 1),
            f("MF", 2, 19, 1),
            $($rest),*
        ]
    };
}
const VTX: &[Field] = vtx_fields!(f("DST_GPR", 1, 0, 7), f("DR", 1, 7, 1));
const VTX_SEM: &[Field] = vtx_fields!(f("SEM", 1, 0, 8),);

impl Fmt {
    /// The fields, in the order annotations print.
    pub fn fields(self) -> &'static [Field] {
        match self {
            Fmt::Cf => CF,
            Fmt::CfAlu => CF_ALU,
            Fmt::ExpSwiz => EXP_SWIZ,
            Fmt::ExpBuf => EXP_BUF,
            Fmt::Op2R600 => OP2_R600,
            Fmt::Op2R700 => OP2_R700,
            Fmt::Op3 => OP3,
            Fmt::Tex => TEX,
            Fmt::Vtx => VTX,
            Fmt::VtxSem => VTX_SEM,
        }
    }
    /// Dwords the format occupies (2, or 4 for fetches).
    pub fn dwords(self) -> usize {
        match self {
            Fmt::Tex | Fmt::Vtx | Fmt::VtxSem => 4,
            _ => 2,
        }
    }
    /// The field with this key.
    pub fn field(self, key: &str) -> Option<usize> {
        self.fields().iter().position(|f| f.key == key)
    }
    /// Whether this is an ALU format.
    pub fn is_alu(self) -> bool {
        matches!(self, Fmt::Op2R600 | Fmt::Op2R700 | Fmt::Op3)
    }
    /// Whether this is a CF format.
    pub fn is_cf(self) -> bool {
        matches!(self, Fmt::Cf | Fmt::CfAlu | Fmt::ExpSwiz | Fmt::ExpBuf)
    }
    /// The OP2 format of a chip.
    pub fn op2(chip: Chip) -> Fmt {
        if chip.r700 {
            Fmt::Op2R700
        } else {
            Fmt::Op2R600
        }
    }
}

/// The most fields a format has.
pub const MAX_FIELDS: usize = 26;

/// One instruction: a format and its field values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Inst {
    /// The format.
    pub fmt: Fmt,
    /// Field values, indexed as `fmt.fields()`.
    pub v: [u32; MAX_FIELDS],
}

/// Why words do not decode (they print as `.long`).
pub type Why = &'static str;

impl Inst {
    /// An instruction of `fmt` with every field at its default.
    pub fn new(fmt: Fmt) -> Inst {
        let mut v = [0; MAX_FIELDS];
        for (i, f) in fmt.fields().iter().enumerate() {
            v[i] = f.default;
        }
        Inst { fmt, v }
    }

    /// The words (2 or 4; the rest zero).
    pub fn encode(&self) -> [u32; 4] {
        let mut w = [0u32; 4];
        for (i, f) in self.fmt.fields().iter().enumerate() {
            let mask = if f.width == 32 {
                u32::MAX
            } else {
                (1u32 << f.width) - 1
            };
            w[f.dw as usize] |= (self.v[i] & mask) << f.lo;
        }
        w
    }

    /// Reads the fields of `fmt` from `w`; fails when a bit outside every field is set.
    fn read(fmt: Fmt, w: &[u32; 4], reserved_ok: u32) -> Result<Inst, Why> {
        let mut i = Inst::new(fmt);
        let mut covered = [0u32; 4];
        for (k, f) in fmt.fields().iter().enumerate() {
            let mask = if f.width == 32 {
                u32::MAX
            } else {
                (1u32 << f.width) - 1
            };
            i.v[k] = (w[f.dw as usize] >> f.lo) & mask;
            covered[f.dw as usize] |= mask << f.lo;
        }
        covered[1] |= reserved_ok;
        if (0..4).any(|d| w[d] & !covered[d] != 0) {
            return Err("reserved bits set");
        }
        Ok(i)
    }

    /// Decodes a CF slot.
    pub fn decode_cf(chip: Chip, w0: u32, w1: u32) -> Result<Inst, Why> {
        let w = [w0, w1, 0, 0];
        let t = tables();
        if w1 >> 29 & 1 != 0 {
            let i = Inst::read(Fmt::CfAlu, &w, 0)?;
            at(t.cf_alu[i.v[cfalu::INST] as usize]).ok_or("reserved CF_ALU opcode")?;
            return Ok(i);
        }
        let row = at(t.cf7[(w1 >> 23 & 0x7f) as usize]).ok_or("unknown CF opcode")?;
        let fmt = match t.cf[row].enc {
            CfEnc::Swiz => Fmt::ExpSwiz,
            CfEnc::Buf => Fmt::ExpBuf,
            _ => Fmt::Cf,
        };
        let i = Inst::read(fmt, &w, 0)?;
        i.check(chip)?;
        Ok(i)
    }

    /// Decodes an ALU slot.
    pub fn decode_alu(chip: Chip, w0: u32, w1: u32) -> Result<Inst, Why> {
        let fmt = if w1 >> 15 & 7 != 0 {
            Fmt::Op3
        } else {
            Fmt::op2(chip)
        };
        let i = Inst::read(fmt, &[w0, w1, 0, 0], 0)?;
        i.check(chip)?;
        Ok(i)
    }

    /// Decodes a 128-bit fetch slot of a TEX (`vtx` false) or VTX clause.
    pub fn decode_fetch(chip: Chip, vtx: bool, w: &[u32; 4]) -> Result<Inst, Why> {
        let fmt = match (vtx, w[0] & 31) {
            (false, _) => Fmt::Tex,
            (true, 0) => Fmt::Vtx,
            (true, 1) => Fmt::VtxSem,
            _ => return Err("unknown VTX opcode"),
        };
        let i = Inst::read(fmt, w, 0)?;
        i.check(chip)?;
        Ok(i)
    }

    /// The ALU row of an ALU instruction, if its opcode exists on `chip`.
    pub fn alu_row(&self, chip: Chip) -> Option<usize> {
        let t = tables();
        let code = self.v[alu::INST] as usize;
        let row = match self.fmt {
            Fmt::Op3 => at(*t.op3.get(code)?)?,
            Fmt::Op2R600 | Fmt::Op2R700 => at(*t.op2.get(code)?)?,
            _ => return None,
        };
        (!t.alu[row].fp64 || chip.fp64).then_some(row)
    }

    /// The CF row of a CF instruction.
    pub fn cf_row(&self) -> Option<usize> {
        let t = tables();
        match self.fmt {
            Fmt::CfAlu => at(*t.cf_alu.get(self.v[cfalu::INST] as usize)?),
            Fmt::Cf => at(*t.cf7.get(self.v[cf::INST] as usize)?),
            Fmt::ExpSwiz | Fmt::ExpBuf => at(*t.cf7.get(self.v[exp::INST] as usize)?),
            _ => None,
        }
    }

    /// The fetch row of a fetch instruction.
    pub fn fetch_row(&self) -> Option<usize> {
        let t = tables();
        let code = self.v[fetch::INST] as usize;
        match self.fmt {
            Fmt::Tex => at(*t.tex.get(code)?),
            Fmt::Vtx | Fmt::VtxSem => at(*t.vtx.get(code)?),
            _ => None,
        }
    }

    /// The rules every instruction the syntax can write obeys: a known opcode of the
    /// right format for the chip, no reserved values. The decoder refuses (and the
    /// parser reports) what breaks them.
    pub fn check(&self, chip: Chip) -> Result<(), Why> {
        let t = tables();
        match self.fmt {
            Fmt::Cf | Fmt::ExpSwiz | Fmt::ExpBuf | Fmt::CfAlu => {
                let row = self.cf_row().ok_or("unknown CF opcode")?;
                let want = match t.cf[row].enc {
                    CfEnc::Basic => Fmt::Cf,
                    CfEnc::Alu => Fmt::CfAlu,
                    CfEnc::Buf => Fmt::ExpBuf,
                    CfEnc::Swiz => Fmt::ExpSwiz,
                };
                if want != self.fmt {
                    return Err("opcode of another CF format");
                }
                if self.fmt == Fmt::Cf && !chip.r700 && self.v[cf::COUNT_3] != 0 {
                    return Err("COUNT_3 (bit 51) exists on R700 only");
                }
                if self.fmt == Fmt::ExpSwiz && (0..4).any(|k| self.v[exp::SEL + k] == 6) {
                    return Err("reserved export swizzle 6");
                }
                let (vpm, wqm) = match self.fmt {
                    Fmt::Cf => (self.v[cf::VPM], self.v[cf::WQM]),
                    Fmt::ExpSwiz | Fmt::ExpBuf => (self.v[exp::VPM], self.v[exp::WQM]),
                    _ => (0, 0),
                };
                if vpm != 0 && wqm != 0 {
                    return Err("WHOLE_QUAD_MODE and VALID_PIXEL_MODE both set");
                }
                if self.fmt == Fmt::Cf
                    && self.v[cf::POP] != 0
                    && matches!(t.cf[row].name, "CALL" | "CALL_FS")
                {
                    return Err("CALL and CALL_FS pop nothing (POP_COUNT 0)");
                }
            }
            Fmt::Op2R600 | Fmt::Op2R700 | Fmt::Op3 => {
                if self.fmt != Fmt::Op3 && self.fmt != Fmt::op2(chip) {
                    return Err("OP2 layout of the other chip family");
                }
                if self.fmt == Fmt::Op3 && self.v[alu::INST] < 4 {
                    return Err("OP3 opcode below 4");
                }
                match self.alu_row(chip) {
                    Some(_) => {}
                    None if self.op_exists_elsewhere() => {
                        return Err("instruction not available on this chip")
                    }
                    None => return Err("unknown ALU opcode"),
                }
                if self.v[alu::PRED_SEL] == 1 {
                    return Err("reserved PRED_SEL 1");
                }
                if self.v[alu::BS] > 5 {
                    return Err("reserved BANK_SWIZZLE");
                }
                if self.v[alu::IM] > 4 {
                    return Err("reserved INDEX_MODE");
                }
                let n = if self.fmt == Fmt::Op3 { 3 } else { 2 };
                for s in 0..n {
                    if (192..248).contains(&self.v[alu::SRC_SEL[s]]) {
                        return Err("undefined source select 192-247");
                    }
                }
            }
            Fmt::Tex | Fmt::Vtx | Fmt::VtxSem => {
                self.fetch_row().ok_or("unknown fetch opcode")?;
                if self.fmt == Fmt::Tex && self.v[fetch::SID] > 17 {
                    return Err("SAMPLER_ID above 17");
                }
                let sels = if self.fmt == Fmt::Tex { 8 } else { 4 };
                if (0..sels).any(|k| self.v[fetch::DST_SEL + k] == 6) {
                    return Err("reserved swizzle select 6");
                }
            }
        }
        Ok(())
    }

    fn op_exists_elsewhere(&self) -> bool {
        let t = tables();
        let code = self.v[alu::INST] as usize;
        let ix = if self.fmt == Fmt::Op3 {
            t.op3.get(code)
        } else {
            t.op2.get(code)
        };
        ix.is_some_and(|&i| i != 0)
    }

    /// Whether the instruction ends its ALU group (LAST).
    pub fn last(&self) -> bool {
        self.v[alu::LAST] != 0
    }
}

/// An ALU slot's source selects as (sel, elem) pairs: two for OP2, three for OP3
/// (read from raw words, whether the opcode is known or not).
pub fn raw_sources(w0: u32, w1: u32) -> ([(u32, u32); 3], usize) {
    let s0 = (w0 & 0x1ff, w0 >> 10 & 3);
    let s1 = (w0 >> 13 & 0x1ff, w0 >> 23 & 3);
    if w1 >> 15 & 7 != 0 {
        ([s0, s1, (w1 & 0x1ff, w1 >> 10 & 3)], 3)
    } else {
        ([s0, s1, (0, 0)], 2)
    }
}

/// The literal slots (0-2) an ALU slot needs: 1 if any source selects the literal
/// (253), 2 if one of those reads its Z or W.
pub fn literal_slots(w0: u32, w1: u32) -> usize {
    let (s, n) = raw_sources(w0, w1);
    s[..n]
        .iter()
        .filter(|(sel, _)| *sel == 253)
        .map(|&(_, e)| if e >= 2 { 2 } else { 1 })
        .max()
        .unwrap_or(0)
}
