//! The register model, one for the crate: a register file ([`RegFile`]) and a range of
//! registers in one file ([`RegRange`]; a single register is a range of one). The
//! parser reads ranges as the text writes them and turns them into operand codes
//! ([`crate::operand_code::reg_code`]); [`crate::Inst`], the codecs and the builder hold
//! operand codes; [`crate::Inst::operands`] gives each register operand as a range
//! again, numbered by operand code; the linter's register sets
//! ([`crate::lint::facts::RegBits`]) are made of those ranges, and both of its analyses
//! ask them what a writer and a reader share.

/// A register file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegFile {
    /// Scalar registers. In an instruction's operands (and the linter), numbered by
    /// operand code: s0-s101 are 0-101, then flat_scratch, xnack_mask, vcc (106),
    /// tba/tma or ttmp, m0 (124), exec (126), so that two scalar ranges overlap exactly
    /// when their codes do. In a range as the text writes it, `s<n>`.
    Sgpr,
    /// Vector registers (`v`).
    Vgpr,
    /// Trap temporaries as the text writes them (`ttmp<n>`); an instruction's operands
    /// name them as [`RegFile::Sgpr`] by operand code.
    Ttmp,
    /// Accumulation registers (`a0`, `acc[0:3]`), gfx908 and later.
    Agpr,
    /// The scalar condition code (one bit; in an instruction's operands only).
    Scc,
}

/// `count` registers of one file from `first`: a register tuple as the text writes it,
/// or the registers an operand reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RegRange {
    /// The register file.
    pub file: RegFile,
    /// The first register's number in its file.
    pub first: u16,
    /// Number of 32-bit registers.
    pub count: u8,
}

impl RegRange {
    /// `count` registers of `file` from `first`.
    pub const fn new(file: RegFile, first: u16, count: u8) -> RegRange {
        RegRange { file, first, count }
    }
    /// `vcc` (operand codes 106-107).
    pub const VCC: RegRange = RegRange::new(RegFile::Sgpr, 106, 2);
    /// `exec` (operand codes 126-127).
    pub const EXEC: RegRange = RegRange::new(RegFile::Sgpr, 126, 2);
    /// `m0` (operand code 124).
    pub const M0: RegRange = RegRange::new(RegFile::Sgpr, 124, 1);
    /// The scalar condition code.
    pub const SCC: RegRange = RegRange::new(RegFile::Scc, 0, 1);

    /// The number after the last register.
    pub const fn end(self) -> u16 {
        self.first + self.count as u16
    }
    /// Whether the ranges share a register.
    pub fn overlaps(self, o: RegRange) -> bool {
        self.file == o.file && self.first < o.end() && o.first < self.end()
    }
    /// Whether the range is vector registers (VGPRs or AGPRs).
    pub fn is_vector(self) -> bool {
        matches!(self.file, RegFile::Vgpr | RegFile::Agpr)
    }
}

/// The range as the assembler writes a tuple (`v2`, `v[4:7]`, `s[0:1]`, `ttmp[4:7]`);
/// named registers are not spelled out (`s[106:107]`, not `vcc`).
///
/// ```
/// use amdgpu_mc::reg::{RegFile, RegRange};
/// assert_eq!(RegRange::new(RegFile::Vgpr, 4, 4).to_string(), "v[4:7]");
/// assert_eq!(RegRange::new(RegFile::Agpr, 3, 1).to_string(), "a3");
/// ```
impl std::fmt::Display for RegRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let p = match self.file {
            RegFile::Sgpr => "s",
            RegFile::Vgpr => "v",
            RegFile::Agpr => "a",
            RegFile::Ttmp => "ttmp",
            RegFile::Scc => return f.write_str("scc"),
        };
        match self.count {
            0 | 1 => write!(f, "{p}{}", self.first),
            n => write!(f, "{p}[{}:{}]", self.first, self.first + n as u16 - 1),
        }
    }
}
