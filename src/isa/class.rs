//! Issue and latency classes: what the hazard rules and the s_waitcnt analysis key on.
//! Everything here is read from a row's table data (its format, flags, `passes:N` and
//! operand types), in one place, so rules name classes instead of mnemonics.

use super::{flags, Fmt, OpDesc, OpId, Role, Ty, OPS};
use crate::target::{Mfma, Target};

/// The unit an instruction issues to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Scalar ALU: SOP1, SOP2, SOPK, SOPC.
    Salu,
    /// Program control and messages: SOPP (branches, waits, s_nop, s_sendmsg, ...).
    Sopp,
    /// Scalar memory: SMEM (SMRD on gfx6/gfx7).
    Smem,
    /// Vector ALU: VOP1, VOP2, VOPC, VOP3, VOP3P (MFMA included) in any encoding.
    Valu,
    /// Parameter interpolation (VINTRP and its VOP3 forms).
    Interp,
    /// LDS and GDS: DS.
    Ds,
    /// Buffer and image memory: MUBUF, MTBUF, MIMG.
    Vmem,
    /// FLAT, GLOBAL and SCRATCH.
    Flat,
    /// Exports: EXP.
    Export,
}

/// Each row's unit: a `const` evaluation over the generated tables, made at build time.
static UNITS: [Unit; OPS.len()] = {
    let mut units = [Unit::Salu; OPS.len()];
    let mut k = 0;
    while k < OPS.len() {
        units[k] = OPS[k].unit();
        k += 1;
    }
    units
};

impl OpId {
    /// [`OpDesc::unit`], from a table (the linter asks it of every instruction many
    /// times; VOP3 rows would scan their signatures each time).
    #[inline]
    pub fn unit(self) -> Unit {
        UNITS[self.0 as usize]
    }
}

impl OpDesc {
    /// Whether the signature has a slot of `role` (a scan; `const`, for tables made
    /// at build time).
    pub(crate) const fn has_role(&self, role: Role) -> bool {
        let mut k = 0;
        while k < self.sig().len() {
            if self.sig()[k].role as u8 == role as u8 {
                return true;
            }
            k += 1;
        }
        false
    }

    /// The unit the instruction issues to.
    pub const fn unit(&self) -> Unit {
        match self.fmt {
            Fmt::Sop1 | Fmt::Sop2 | Fmt::Sopk | Fmt::Sopc => Unit::Salu,
            Fmt::Sopp => Unit::Sopp,
            Fmt::Smem => Unit::Smem,
            Fmt::Vintrp => Unit::Interp,
            Fmt::Vop3 if self.has_role(Role::Attr) => Unit::Interp,
            Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc | Fmt::Vop3 | Fmt::Vop3p => Unit::Valu,
            Fmt::Ds => Unit::Ds,
            Fmt::Mubuf | Fmt::Mtbuf | Fmt::Mimg => Unit::Vmem,
            Fmt::Flat | Fmt::Global | Fmt::Scratch => Unit::Flat,
            Fmt::Exp => Unit::Export,
        }
    }

    /// A matrix multiply (MFMA or SMFMAC; not v_accvgpr_*).
    pub fn is_mfma(&self) -> bool {
        self.passes != 0
    }

    /// MFMA/SMFMAC passes: 2, 4, 8 or 16 (0 for other instructions). The wait states
    /// after an MFMA grow with them.
    pub fn mfma_passes(&self) -> u8 {
        self.passes
    }

    /// A double-precision MFMA (DGEMM: v_mfma_f64_*).
    pub fn is_dgemm(&self) -> bool {
        self.has(flags::DGEMM)
    }

    /// An MFMA the hazard rules treat as XDL on `target` (by its MFMA table): on
    /// gfx940-950 the xf32, f16, bf16, i8, fp8 and f8f6f4 types (a table flag); on
    /// gfx90a every MFMA but DGEMM; none on gfx908, whose rules do not tell them apart.
    pub fn is_xdl(&self, target: Target) -> bool {
        match target.mfma {
            Mfma::Gfx940 | Mfma::Gfx950 => self.has(flags::XDL),
            Mfma::Gfx90a => self.is_mfma() && !self.is_dgemm(),
            Mfma::Gfx908 | Mfma::None => false,
        }
    }

    /// A sparse MFMA (v_smfmac_*).
    pub fn is_smfmac(&self) -> bool {
        self.has(flags::SMFMAC)
    }

    /// A dot product (v_dot*).
    pub fn is_dot(&self) -> bool {
        self.has(flags::DOT)
    }

    /// A transcendental VALU operation (exp, log, rcp, rsq, sqrt, sin, cos).
    pub fn is_trans(&self) -> bool {
        self.has(flags::TRANS)
    }

    /// A VALU operation with 64-bit data operands ("DP ALU": the 64-bit FPU path;
    /// the 64-bit VCC carry and condition masks do not count).
    pub fn is_dp_alu(&self) -> bool {
        self.unit() == Unit::Valu
            && self.sig().iter().any(|s| {
                matches!(s.role, Role::Vd | Role::Src0 | Role::Src1)
                    && (s.ty.is_64() || s.ty == Ty::V2F32)
            })
    }

    /// Program flow: a branch, call, return or jump (may not fall through, or goes
    /// elsewhere too).
    pub fn is_branch(&self) -> bool {
        self.has(flags::BRANCH)
    }

    /// Ends the program (s_endpgm and its variants).
    pub fn is_end(&self) -> bool {
        self.has(flags::HALT)
    }
}
