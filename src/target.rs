//! Targets (`-mcpu` names), the generation each belongs to, and the optional
//! instruction features that distinguish targets of one generation.

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
    /// Whether this generation is implemented by the assembler and disassembler.
    pub fn implemented(self) -> bool {
        true
    }
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
    /// The DPP and SDWA encodings of VOP1/VOP2/VOPC: gfx8 and later.
    pub fn has_dpp_sdwa(self) -> bool {
        self >= Gen::Gfx8
    }
    /// Accumulation registers (AGPRs) and the MFMA instructions: CDNA.
    pub fn has_agprs(self) -> bool {
        matches!(self, Gen::Gfx908 | Gen::Gfx90a | Gen::Gfx940)
    }
    /// Memory instructions may load and store AGPRs (the ACC bit): gfx90a and later.
    pub fn acc_mem(self) -> bool {
        matches!(self, Gen::Gfx90a | Gen::Gfx940)
    }
    /// s_barrier waits for nothing on its own before gfx90a: a wave must complete its
    /// memory operations before it (gfx90a and later have the back-off barrier).
    pub fn barrier_needs_waitcnt(self) -> bool {
        !matches!(self, Gen::Gfx90a | Gen::Gfx940)
    }
    /// VGPR and AGPR tuples must start at an even register: gfx90a and later.
    pub fn even_tuples(self) -> bool {
        matches!(self, Gen::Gfx90a | Gen::Gfx940)
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

/// Optional instruction sets within a generation (a bit set).
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

    /// Whether every feature of `other` is in `self`.
    pub const fn contains(self, other: Features) -> bool {
        self.0 & other.0 == other.0
    }
    /// Both sets.
    pub const fn union(self, other: Features) -> Features {
        Features(self.0 | other.0)
    }
}

/// A processor, as named by `-mcpu`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    /// The `-mcpu` name.
    pub name: &'static str,
    /// Its generation.
    pub gen: Gen,
    /// Its features.
    pub features: Features,
}

const fn t(name: &'static str, gen: Gen, features: Features) -> Target {
    Target {
        name,
        gen,
        features,
    }
}

const NONE: Features = Features(0);
const GFX8: Features = Features::UNPACKED_D16;
const GFX801: Features = GFX8.union(Features::XNACK_MASK);
const GFX810: Features = Features(Features::PACKED_D16.0 | Features::XNACK_MASK.0);
const VEGA: Features = Features(Features::PACKED_D16.0 | Features::XNACK_MASK.0);
const VEGA_MAD: Features = VEGA.union(Features::MAD_MIX);
const VEGA_FMA: Features = VEGA.union(Features::FMA_MIX);
const VEGA20: Features =
    Features(VEGA.0 | Features::FMA_MIX.0 | Features::DL.0 | Features::DOT1.0 | Features::DOT2.0);

/// Every target this project knows, in the order `--help` lists them.
pub const TARGETS: &[Target] = &[
    t("r600", Gen::R600, NONE),
    t("rv630", Gen::R600, NONE),
    t("rv670", Gen::R600, NONE),
    t("rs880", Gen::R600, NONE),
    t("rv710", Gen::R700, NONE),
    t("rv730", Gen::R700, NONE),
    t("rv770", Gen::R700, NONE),
    t("gfx600", Gen::Gfx6, NONE),
    t("gfx601", Gen::Gfx6, NONE),
    t("gfx602", Gen::Gfx6, NONE),
    t("gfx700", Gen::Gfx7, NONE),
    t("gfx701", Gen::Gfx7, NONE),
    t("gfx702", Gen::Gfx7, NONE),
    t("gfx703", Gen::Gfx7, NONE),
    t("gfx704", Gen::Gfx7, NONE),
    t("gfx705", Gen::Gfx7, NONE),
    t("gfx801", Gen::Gfx8, GFX801),
    t("gfx802", Gen::Gfx8, GFX8),
    t("gfx803", Gen::Gfx8, GFX8),
    t("gfx805", Gen::Gfx8, GFX8),
    t("gfx810", Gen::Gfx8, GFX810),
    t("gfx900", Gen::Gfx9, VEGA_MAD),
    t("gfx902", Gen::Gfx9, VEGA_MAD),
    t("gfx904", Gen::Gfx9, VEGA_FMA),
    t("gfx906", Gen::Gfx9, VEGA20),
    t("gfx909", Gen::Gfx9, VEGA_MAD),
    t("gfx90c", Gen::Gfx9, VEGA_MAD),
    t("gfx908", Gen::Gfx908, VEGA20),
    t("gfx90a", Gen::Gfx90a, VEGA20),
    t("gfx940", Gen::Gfx940, VEGA20),
    t("gfx941", Gen::Gfx940, VEGA20),
    t("gfx942", Gen::Gfx940, VEGA20),
];

/// Why a `-mcpu` name cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TargetError {
    /// No target has this name.
    Unknown(String),
    /// A known target this project does not implement yet.
    NotImplemented(Target),
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
            TargetError::NotImplemented(t) => write!(
                f,
                "target '{}' ({}) is known but not implemented yet; implemented: {}",
                t.name,
                t.gen.name(),
                implemented_names().join(", ")
            ),
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

fn implemented_names() -> Vec<&'static str> {
    TARGETS
        .iter()
        .filter(|t| t.gen.implemented())
        .map(|t| t.name)
        .collect()
}

impl Target {
    /// This target with only the xnack_mask feature kept, the one feature that
    /// changes which operand codes are valid; and whether it has it. Tables of valid
    /// codes are built for it, one per generation and xnack_mask.
    pub fn codes_key(self) -> (Target, bool) {
        let xnack = self.features.contains(Features::XNACK_MASK);
        let features = if xnack {
            Features::XNACK_MASK
        } else {
            Features(0)
        };
        (Target { features, ..self }, xnack)
    }

    /// Looks a target up by its `-mcpu` name (aliases such as `tahiti` are not accepted;
    /// use the gfx name). Fails for unknown names and for targets not implemented yet.
    pub fn from_name(name: &str) -> Result<Target, TargetError> {
        let t = Target::known(name).ok_or_else(|| TargetError::Unknown(name.to_string()))?;
        if t.gen.implemented() {
            Ok(t)
        } else {
            Err(TargetError::NotImplemented(t))
        }
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

    /// Looks a target up by name, whether implemented or not.
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
