//! Targets (`-mcpu` names), the generation each belongs to, and the optional
//! instruction features that distinguish targets of one generation.

use crate::isa::column::Column;
use std::fmt;

/// An encoding generation: targets of one generation share opcode numbers and
/// field layouts. Tables carry one opcode column per generation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Gen {
    /// R600 (r600, rv630, rv670, rs880).
    R600,
    /// R700 (rv710, rv730, rv770).
    R700,
    /// GCN 1.0 (gfx600-gfx602).
    Gfx6,
    /// GCN 1.1 (gfx700-gfx705).
    Gfx7,
    /// GCN 1.2 (gfx801-gfx810).
    Gfx8,
    /// GCN 1.4, Vega (gfx900-gfx90c).
    Gfx9,
    /// CDNA 1 (gfx908).
    Gfx908,
    /// CDNA 2 (gfx90a).
    Gfx90a,
    /// CDNA 3 (gfx940-gfx942).
    Gfx940,
}

impl Gen {
    /// The R600 family (R600 and R700 layouts): the `r600` backend, not GCN's.
    pub const fn is_r600(self) -> bool {
        matches!(self, Gen::R600 | Gen::R700)
    }
    /// GCN 1.0/1.1 (gfx6, gfx7): the older layouts of SMRD, VOP3, DS, MUBUF/MTBUF, EXP
    /// and VINTRP, no 1/(2*pi) constant, no d16.
    pub const fn before_gfx8(self) -> bool {
        matches!(self, Gen::Gfx6 | Gen::Gfx7)
    }
    /// GCN before Vega: gfx6, gfx7, gfx8 (tba/tma registers, 12 ttmps, no op_sel, ...).
    pub const fn before_gfx9(self) -> bool {
        matches!(self, Gen::Gfx6 | Gen::Gfx7 | Gen::Gfx8)
    }
    /// The generation's name.
    pub fn name(self) -> &'static str {
        match self {
            Gen::R600 => "R600",
            Gen::R700 => "R700",
            Gen::Gfx6 => "GFX6 (Southern Islands)",
            Gen::Gfx7 => "GFX7 (Sea Islands)",
            Gen::Gfx8 => "GFX8 (Volcanic Islands)",
            Gen::Gfx9 => "GFX9 (Vega)",
            Gen::Gfx908 => "CDNA1",
            Gen::Gfx90a => "CDNA2",
            Gen::Gfx940 => "CDNA3",
        }
    }
}

/// A target's features (a bit set), as LLVM's subtarget features: what the code asks
/// of a target instead of its generation. Some are optional instruction sets
/// (table rows name them with `req:`), the others capabilities a rule depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Features(pub u32);

impl Features {
    /// v_mad_mix_f32 / v_mad_mixlo_f16 / v_mad_mixhi_f16 (gfx900, gfx902, gfx909, gfx90c).
    pub const MAD_MIX: Features = Features(1 << 0);
    /// v_fma_mix_* (gfx904, gfx906 and later).
    pub const FMA_MIX: Features = Features(1 << 1);
    /// Deep-learning instructions: v_fmac_f32, v_xnor_b32 (gfx906+).
    pub const DL: Features = Features(1 << 2);
    /// v_dot2_i32_i16, v_dot2_u32_u16, v_dot4_i32_i8, v_dot8_i32_i4 (gfx906, gfx908, gfx90a).
    pub const DOT1: Features = Features(1 << 3);
    /// v_dot2_f32_f16, v_dot4_u32_u8, v_dot8_u32_u4 and friends (gfx906+).
    pub const DOT2: Features = Features(1 << 4);
    /// d16 memory data packed two halves to a register (gfx810, gfx9 and later).
    pub const PACKED_D16: Features = Features(1 << 5);
    /// d16 memory data one half to a register (gfx801-gfx805).
    pub const UNPACKED_D16: Features = Features(1 << 6);
    /// The xnack_mask registers at codes 104-105 (the xnack-capable gfx801 and gfx810,
    /// and gfx9 and later).
    pub const XNACK_MASK: Features = Features(1 << 7);
    /// The DPP and SDWA encodings of VOP1/VOP2/VOPC (gfx8 and later).
    pub const DPP_SDWA: Features = Features(1 << 8);
    /// Accumulation registers (AGPRs) and the MFMA instructions (CDNA; LLVM's
    /// `mai-insts`).
    pub const MAI: Features = Features(1 << 9);
    /// Memory instructions load and store AGPRs (the ACC bit), DS GDS rules of gfx90a
    /// (LLVM's `gfx90a-insts`).
    pub const ACC_MEM: Features = Features(1 << 10);
    /// VGPR and AGPR tuples start at an even register (`needs-aligned-vgprs`).
    pub const ALIGNED_VGPRS: Features = Features(1 << 11);
    /// s_barrier waits for the wave's memory operations itself (`back-off-barrier`).
    pub const BACKOFF_BARRIER: Features = Features(1 << 12);
    /// DPP `row_newbcast`, and DPP of the 64-bit ("DP ALU") instructions, which take
    /// only it (LLVM's `dpp-64bit`).
    pub const ROW_NEWBCAST: Features = Features(1 << 13);
    /// Flat scratch set up by the hardware (`architected-flat-scratch`).
    pub const ARCH_FLAT_SCRATCH: Features = Features(1 << 14);
    /// One file of 512 VGPRs and AGPRs split by `accum_offset`, allocated in blocks of
    /// 8, with `tg_split` and preloaded kernel arguments (the gfx90a kernel descriptor).
    pub const UNIFIED_VGPRS: Features = Features(1 << 15);

    /// A 64-bit shift reads a wrong amount from the last VGPR of an 8-VGPR block
    /// (LLVM's `hasShift64HighRegBug`: gfx90a).
    pub const SHIFT64_HIGH_REG_BUG: Features = Features(1 << 16);
    /// The sramecc target-id setting (`:sramecc+`/`:sramecc-`, an e_flags field).
    pub const SRAMECC: Features = Features(1 << 17);
    /// v_mfma_f32_16x16x8_xf32 and v_mfma_f32_32x32x4_xf32 (LLVM's `xf32-insts`:
    /// gfx940-942, not gfx950).
    pub const XF32: Features = Features(1 << 18);
    /// The instructions gfx950 adds to gfx942 (LLVM's `gfx950-insts`), at opcodes
    /// unused on gfx942.
    pub const GFX950_INSTS: Features = Features(1 << 19);
    /// Buffer loads of 3 and 4 dwords straight to LDS (`buffer_load_dwordx4 ... lds`,
    /// gfx950): the LDS DMA widths are 1, 3 and 4 dwords, not 1 alone.
    pub const LDS_DMA_X3_X4: Features = Features(1 << 20);

    /// The features that change which operand codes are valid: tables of valid codes
    /// are built once per generation and combination of these (see
    /// [`Target::codes_key`]).
    pub const CODES: [Features; 2] = [Features::XNACK_MASK, Features::ALIGNED_VGPRS];

    /// Whether every feature of `other` is in `self`.
    pub const fn contains(self, other: Features) -> bool {
        self.0 & other.0 == other.0
    }
    /// Both sets.
    pub const fn union(self, other: Features) -> Features {
        Features(self.0 | other.0)
    }
    /// `self` without the features of `other`.
    pub const fn minus(self, other: Features) -> Features {
        Features(self.0 & !other.0)
    }
}

/// The number of combinations of [`Features::CODES`]: the tables of valid operand
/// codes are kept per generation and combination.
pub const CODES_KEYS: usize = 1 << Features::CODES.len();

/// Which MFMA wait-state table a target follows (LLVM's per-subtarget MFMA pass and
/// XDL rules in `GCNHazardRecognizer`): a number of the target row, not a feature bit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mfma {
    /// No MFMA.
    None,
    /// gfx908: AGPRs written by v_accvgpr_write, read by v_accvgpr_read, no XDL.
    Gfx908,
    /// gfx90a: every MFMA but DGEMM is XDL; DGEMM has numbers of its own.
    Gfx90a,
    /// gfx940-942: XDL by type (a table flag); non-XDL MFMAs pass sooner.
    Gfx940,
    /// gfx950: gfx940's rules, but XDL results of more than 2 passes and the f64
    /// 16x16 MFMA's are ready later, and an XDL reads another XDL's result as source
    /// C one wait state later.
    Gfx950,
}

impl Mfma {
    /// gfx940's table or one built on it (gfx950): XDL by type, non-XDL MFMAs pass
    /// sooner.
    pub const fn gfx940_family(self) -> bool {
        matches!(self, Mfma::Gfx940 | Mfma::Gfx950)
    }
}

/// A processor, as named by `-mcpu`: a row of features and numbers. Rows are built
/// from a base row and its differences (`GFX940.named("gfx942")`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// The `-mcpu` name.
    pub name: &'static str,
    /// Its encoding generation: field layouts and what depends on them.
    pub gen: Gen,
    /// The opcode column of the tables it uses (`None`: the R600 backend's own tables).
    pub column: Option<Column>,
    /// Its features.
    pub features: Features,
    /// Its MFMA wait-state table.
    pub mfma: Mfma,
}

impl Target {
    /// This row under another name.
    pub const fn named(self, name: &'static str) -> Target {
        Target { name, ..self }
    }
    /// This row with features `f` added.
    pub const fn plus(self, f: Features) -> Target {
        Target {
            features: self.features.union(f),
            ..self
        }
    }
    /// This row with features `f` removed.
    pub const fn minus(self, f: Features) -> Target {
        Target {
            features: self.features.minus(f),
            ..self
        }
    }
}

const fn base(name: &'static str, gen: Gen, column: Option<Column>, features: Features) -> Target {
    Target {
        name,
        gen,
        column,
        features,
        mfma: Mfma::None,
    }
}

const NONE: Features = Features(0);
const R600: Target = base("r600", Gen::R600, None, NONE);
const R700: Target = base("rv710", Gen::R700, None, NONE);
const GFX6: Target = base("gfx600", Gen::Gfx6, Some(Column::GFX6), NONE);
const GFX7: Target = base("gfx700", Gen::Gfx7, Some(Column::GFX7), NONE);
const GFX8: Target = base(
    "gfx802",
    Gen::Gfx8,
    Some(Column::GFX8),
    Features(Features::UNPACKED_D16.0 | Features::DPP_SDWA.0),
);
const GFX810: Target = GFX8
    .named("gfx810")
    .minus(Features::UNPACKED_D16)
    .plus(Features(Features::PACKED_D16.0 | Features::XNACK_MASK.0));
const VEGA: Target = base(
    "gfx900",
    Gen::Gfx9,
    Some(Column::GFX9),
    Features(
        Features::PACKED_D16.0
            | Features::XNACK_MASK.0
            | Features::DPP_SDWA.0
            | Features::MAD_MIX.0,
    ),
);
const VEGA20: Target = VEGA.named("gfx906").minus(Features::MAD_MIX).plus(Features(
    Features::FMA_MIX.0
        | Features::DL.0
        | Features::DOT1.0
        | Features::DOT2.0
        | Features::SRAMECC.0,
));
const GFX908: Target = Target {
    name: "gfx908",
    gen: Gen::Gfx908,
    column: Some(Column::GFX908),
    features: VEGA20.features.union(Features::MAI),
    mfma: Mfma::Gfx908,
};
const GFX90A: Target = Target {
    name: "gfx90a",
    gen: Gen::Gfx90a,
    column: Some(Column::GFX90A),
    features: GFX908.features.union(Features(
        Features::ACC_MEM.0
            | Features::ALIGNED_VGPRS.0
            | Features::BACKOFF_BARRIER.0
            | Features::ROW_NEWBCAST.0
            | Features::UNIFIED_VGPRS.0
            | Features::SHIFT64_HIGH_REG_BUG.0,
    )),
    mfma: Mfma::Gfx90a,
};
/// gfx940-942: also the widest row, which error messages ask ("supported on a later
/// target?").
pub(crate) const GFX940: Target = Target {
    name: "gfx940",
    gen: Gen::Gfx940,
    column: Some(Column::GFX940),
    features: GFX90A
        .features
        .minus(Features::SHIFT64_HIGH_REG_BUG)
        .union(Features(Features::ARCH_FLAT_SCRATCH.0 | Features::XF32.0)),
    mfma: Mfma::Gfx940,
};
/// gfx950 (CDNA4): gfx942 without the xf32 MFMAs, with the instructions of its own
/// that the tables have (`req:gfx950`) and its own MFMA wait states.
const GFX950: Target = Target {
    mfma: Mfma::Gfx950,
    ..GFX940
        .named("gfx950")
        .minus(Features::XF32)
        .plus(Features::GFX950_INSTS)
        .plus(Features::LDS_DMA_X3_X4)
};

/// Every target this project knows, in the order `--help` lists them.
pub const TARGETS: &[Target] = &[
    R600,
    R600.named("rv630"),
    R600.named("rv670"),
    R600.named("rs880"),
    R700,
    R700.named("rv730"),
    R700.named("rv770"),
    GFX6,
    GFX6.named("gfx601"),
    GFX6.named("gfx602"),
    GFX7,
    GFX7.named("gfx701"),
    GFX7.named("gfx702"),
    GFX7.named("gfx703"),
    GFX7.named("gfx704"),
    GFX7.named("gfx705"),
    GFX8.named("gfx801").plus(Features::XNACK_MASK),
    GFX8,
    GFX8.named("gfx803"),
    GFX8.named("gfx805"),
    GFX810,
    VEGA,
    VEGA.named("gfx902"),
    VEGA.named("gfx904")
        .minus(Features::MAD_MIX)
        .plus(Features::FMA_MIX),
    VEGA20,
    VEGA.named("gfx909"),
    VEGA.named("gfx90c"),
    GFX908,
    GFX90A,
    GFX940,
    GFX940.named("gfx941"),
    GFX940.named("gfx942"),
    GFX950,
];

/// Why a `-mcpu` name cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetError {
    /// No target has this name.
    Unknown(String),
    /// A target id (`gfx90a:xnack-`) with a feature other than xnack± or sramecc±.
    UnknownFeature {
        /// The whole target id.
        id: String,
        /// The feature.
        feature: String,
    },
    /// A target id that gives a feature twice (`gfx90a:xnack+:xnack-`).
    RepeatedFeature {
        /// The whole target id.
        id: String,
        /// The feature's name, without its sign.
        feature: String,
    },
}

impl fmt::Display for TargetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TargetError::Unknown(name) => {
                write!(f, "unknown target '{name}'; valid targets are:")?;
                for t in TARGETS {
                    write!(f, " {}", t.name)?;
                }
                Ok(())
            }
            TargetError::UnknownFeature { id, feature } => write!(
                f,
                "unknown target feature '{feature}' in '{id}' (expected xnack+, xnack-, sramecc+ or sramecc-)"
            ),
            TargetError::RepeatedFeature { id, feature } => {
                write!(f, "target id '{id}' gives {feature} more than once")
            }
        }
    }
}

impl std::error::Error for TargetError {}

impl Target {
    /// This target with only the features kept that change which operand codes are
    /// valid ([`Features::CODES`]), and the index of their combination (below
    /// [`CODES_KEYS`]). Tables of valid codes are built for it, one per generation and
    /// combination.
    pub fn codes_key(self) -> (Target, usize) {
        let mut features = Features(0);
        for f in Features::CODES {
            if self.has(f) {
                features = features.union(f);
            }
        }
        (Target { features, ..self }, self.codes_index())
    }
    /// The index of the combination of [`Features::CODES`] the target has.
    #[inline]
    pub fn codes_index(self) -> usize {
        let [a, b] = Features::CODES;
        self.has(a) as usize | (self.has(b) as usize) << 1
    }

    /// Looks a target up by its `-mcpu` name (aliases such as `tahiti` are not accepted;
    /// use the gfx name). Fails for unknown names.
    pub fn from_name(name: &str) -> Result<Target, TargetError> {
        Target::known(name).ok_or_else(|| TargetError::Unknown(name.to_string()))
    }

    /// Reads a target id: a processor name, then `:xnack+`/`:xnack-` and
    /// `:sramecc+`/`:sramecc-` features (as `gfx90a:xnack-`). Returns the target and
    /// the xnack setting, `None` where the id leaves it at the default ("any").
    pub fn from_id(id: &str) -> Result<(Target, Option<bool>), TargetError> {
        let mut parts = id.split(':');
        let t = Target::from_name(parts.next().unwrap_or(""))?;
        let mut xnack = None;
        let mut seen: Vec<&str> = Vec::new();
        for f in parts {
            // (Each feature once, as clang's target ids allow.)
            let name = f.trim_end_matches(['+', '-']);
            if seen.contains(&name) {
                return Err(TargetError::RepeatedFeature {
                    id: id.to_string(),
                    feature: name.to_string(),
                });
            }
            seen.push(name);
            match f {
                "xnack+" => xnack = Some(true),
                "xnack-" => xnack = Some(false),
                "sramecc+" | "sramecc-" => {}
                _ => {
                    return Err(TargetError::UnknownFeature {
                        id: id.to_string(),
                        feature: f.to_string(),
                    })
                }
            }
        }
        Ok((t, xnack))
    }

    /// Looks a target up by name.
    pub fn known(name: &str) -> Option<Target> {
        TARGETS.iter().copied().find(|t| t.name == name)
    }

    /// Whether the target has every feature of `f`.
    pub fn has(self, f: Features) -> bool {
        self.features.contains(f)
    }

    /// Whether d16 memory data packs two halves to a register.
    pub fn packed_d16(self) -> bool {
        self.has(Features::PACKED_D16)
    }
    /// The DPP and SDWA encodings of VOP1/VOP2/VOPC.
    pub fn has_dpp_sdwa(self) -> bool {
        self.has(Features::DPP_SDWA)
    }
    /// Accumulation registers (AGPRs) and the MFMA instructions.
    pub fn has_agprs(self) -> bool {
        self.has(Features::MAI)
    }
    /// Memory instructions may load and store AGPRs (the ACC bit).
    pub fn acc_mem(self) -> bool {
        self.has(Features::ACC_MEM)
    }
    /// s_barrier waits for nothing on its own: a wave must complete its memory
    /// operations before it (targets without the back-off barrier).
    pub fn barrier_needs_waitcnt(self) -> bool {
        !self.has(Features::BACKOFF_BARRIER)
    }
    /// VGPR and AGPR tuples must start at an even register.
    pub fn even_tuples(self) -> bool {
        self.has(Features::ALIGNED_VGPRS)
    }
}

impl fmt::Display for Target {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn target_ids() {
        let (t, x) = Target::from_id("gfx90a:xnack-").unwrap();
        assert_eq!((t.name, x), ("gfx90a", Some(false)));
        assert_eq!(
            Target::from_id("gfx942:sramecc+:xnack+").unwrap().1,
            Some(true)
        );
        assert_eq!(Target::from_id("gfx906").unwrap().1, None);
        assert!(matches!(
            Target::from_id("gfx906:bogus"),
            Err(TargetError::UnknownFeature { .. })
        ));
    }

    use super::*;

    #[test]
    fn lookup() {
        assert_eq!(Target::from_name("gfx906").unwrap().gen, Gen::Gfx9);
        assert!(matches!(
            Target::from_name("gfx1100"),
            Err(TargetError::Unknown(_))
        ));
        assert_eq!(Target::from_name("gfx600").unwrap().gen, Gen::Gfx6);
        assert!(Target::from_name("r600").unwrap().gen.is_r600());
        let msg = Target::from_name("bogus").unwrap_err().to_string();
        assert!(msg.contains("gfx906") && msg.contains("r600"));
    }
}
