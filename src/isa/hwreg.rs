//! The hardware-register operand of `s_getreg_b32`, `s_setreg_b32` and
//! `s_setreg_imm32_b32`: a 16-bit immediate selecting a register and a bit field of it,
//! laid out as id `[5:0]`, offset `[10:6]`, size minus one `[15:11]`. The three fields
//! cover all 16 bits, so every value decodes to a [`Hwreg`] and encodes back unchanged.

use super::gens::{self, named, GenSet, Lookup, Named};
use crate::target::Gen;

/// `HW_REG_MODE`: the wave's mode register (rounding, denormals, IEEE, DX10 clamp).
pub const MODE: u16 = 1;
/// `HW_REG_STATUS`: the wave's status register.
pub const STATUS: u16 = 2;
/// `HW_REG_TRAPSTS`: trap status (exceptions raised, save context).
pub const TRAPSTS: u16 = 3;
/// `HW_REG_HW_ID`: where the wave runs (wave, SIMD, CU, SH, SE ids).
pub const HW_ID: u16 = 4;
/// `HW_REG_GPR_ALLOC`: the wave's VGPR and SGPR allocation.
pub const GPR_ALLOC: u16 = 5;
/// `HW_REG_LDS_ALLOC`: the wave's LDS allocation.
pub const LDS_ALLOC: u16 = 6;
/// `HW_REG_IB_STS`: counters of outstanding instructions.
pub const IB_STS: u16 = 7;
/// `HW_REG_SH_MEM_BASES` (gfx9 and later): the shared and private aperture bases.
pub const SH_MEM_BASES: u16 = 15;
/// `HW_REG_TBA_LO` (gfx9 and later): trap base address, low half.
pub const TBA_LO: u16 = 16;
/// `HW_REG_TBA_HI` (gfx9 and later): trap base address, high half.
pub const TBA_HI: u16 = 17;
/// `HW_REG_TMA_LO` (gfx9 and later): trap memory address, low half.
pub const TMA_LO: u16 = 18;
/// `HW_REG_TMA_HI` (gfx9 and later): trap memory address, high half.
pub const TMA_HI: u16 = 19;
/// `HW_REG_XCC_ID` (gfx940): the id of the accelerator complex die.
pub const XCC_ID: u16 = 20;
/// `HW_REG_SQ_PERF_SNAPSHOT_DATA` (gfx940).
pub const SQ_PERF_SNAPSHOT_DATA: u16 = 21;
/// `HW_REG_SQ_PERF_SNAPSHOT_DATA1` (gfx940).
pub const SQ_PERF_SNAPSHOT_DATA1: u16 = 22;
/// `HW_REG_SQ_PERF_SNAPSHOT_PC_LO` (gfx940).
pub const SQ_PERF_SNAPSHOT_PC_LO: u16 = 23;
/// `HW_REG_SQ_PERF_SNAPSHOT_PC_HI` (gfx940).
pub const SQ_PERF_SNAPSHOT_PC_HI: u16 = 24;

/// The largest register id (6 bits).
pub const ID_MAX: u16 = 63;
/// The largest bit offset (5 bits).
pub const OFFSET_MAX: u8 = 31;
/// The largest field size in bits (sizes are 1 to 32, stored minus one in 5 bits).
pub const SIZE_MAX: u8 = 32;

const OFFSET_SHIFT: u16 = 6;
const SIZE_SHIFT: u16 = 11;

/// The register names, with the generations on which each is valid. Names that
/// llvm-mc knows for gfx10 and later only are listed with [`GenSet::NONE`] (value 0).
pub const NAMES: &[Named] = &[
    named("HW_REG_MODE", MODE, GenSet::GCN),
    named("HW_REG_STATUS", STATUS, GenSet::GCN),
    named("HW_REG_TRAPSTS", TRAPSTS, GenSet::GCN),
    named("HW_REG_HW_ID", HW_ID, GenSet::GCN),
    named("HW_REG_GPR_ALLOC", GPR_ALLOC, GenSet::GCN),
    named("HW_REG_LDS_ALLOC", LDS_ALLOC, GenSet::GCN),
    named("HW_REG_IB_STS", IB_STS, GenSet::GCN),
    named("HW_REG_SH_MEM_BASES", SH_MEM_BASES, GenSet::GFX9_UP),
    named("HW_REG_TBA_LO", TBA_LO, GenSet::GFX9_UP),
    named("HW_REG_TBA_HI", TBA_HI, GenSet::GFX9_UP),
    named("HW_REG_TMA_LO", TMA_LO, GenSet::GFX9_UP),
    named("HW_REG_TMA_HI", TMA_HI, GenSet::GFX9_UP),
    named("HW_REG_XCC_ID", XCC_ID, GenSet::GFX940),
    named(
        "HW_REG_SQ_PERF_SNAPSHOT_DATA",
        SQ_PERF_SNAPSHOT_DATA,
        GenSet::GFX940,
    ),
    named(
        "HW_REG_SQ_PERF_SNAPSHOT_DATA1",
        SQ_PERF_SNAPSHOT_DATA1,
        GenSet::GFX940,
    ),
    named(
        "HW_REG_SQ_PERF_SNAPSHOT_PC_LO",
        SQ_PERF_SNAPSHOT_PC_LO,
        GenSet::GFX940,
    ),
    named(
        "HW_REG_SQ_PERF_SNAPSHOT_PC_HI",
        SQ_PERF_SNAPSHOT_PC_HI,
        GenSet::GFX940,
    ),
    // Known to llvm-mc for gfx10+ only.
    named("HW_REG_DVGPR_ALLOC_HI", 0, GenSet::NONE),
    named("HW_REG_DVGPR_ALLOC_LO", 0, GenSet::NONE),
    named("HW_REG_EXCP_FLAG_PRIV", 0, GenSet::NONE),
    named("HW_REG_EXCP_FLAG_USER", 0, GenSet::NONE),
    named("HW_REG_FLAT_SCR_HI", 0, GenSet::NONE),
    named("HW_REG_FLAT_SCR_LO", 0, GenSet::NONE),
    named("HW_REG_HW_ID1", 0, GenSet::NONE),
    named("HW_REG_HW_ID2", 0, GenSet::NONE),
    named("HW_REG_IB_STS2", 0, GenSet::NONE),
    named("HW_REG_PERF_SNAPSHOT_DATA", 0, GenSet::NONE),
    named("HW_REG_PERF_SNAPSHOT_DATA1", 0, GenSet::NONE),
    named("HW_REG_PERF_SNAPSHOT_DATA2", 0, GenSet::NONE),
    named("HW_REG_PERF_SNAPSHOT_PC_HI", 0, GenSet::NONE),
    named("HW_REG_PERF_SNAPSHOT_PC_LO", 0, GenSet::NONE),
    named("HW_REG_POPS_PACKER", 0, GenSet::NONE),
    named("HW_REG_SCRATCH_BASE_HI", 0, GenSet::NONE),
    named("HW_REG_SCRATCH_BASE_LO", 0, GenSet::NONE),
    named("HW_REG_SHADER_CYCLES", 0, GenSet::NONE),
    named("HW_REG_SHADER_CYCLES_HI", 0, GenSet::NONE),
    named("HW_REG_SHADER_CYCLES_LO", 0, GenSet::NONE),
    named("HW_REG_STATE_PRIV", 0, GenSet::NONE),
    named("HW_REG_TRAP_CTRL", 0, GenSet::NONE),
    named("HW_REG_WAVE_DVGPR_ALLOC_HI", 0, GenSet::NONE),
    named("HW_REG_WAVE_DVGPR_ALLOC_LO", 0, GenSet::NONE),
    named("HW_REG_WAVE_EXCP_FLAG_PRIV", 0, GenSet::NONE),
    named("HW_REG_WAVE_EXCP_FLAG_USER", 0, GenSet::NONE),
    named("HW_REG_WAVE_GPR_ALLOC", 0, GenSet::NONE),
    named("HW_REG_WAVE_HW_ID1", 0, GenSet::NONE),
    named("HW_REG_WAVE_HW_ID2", 0, GenSet::NONE),
    named("HW_REG_WAVE_LDS_ALLOC", 0, GenSet::NONE),
    named("HW_REG_WAVE_MODE", 0, GenSet::NONE),
    named("HW_REG_WAVE_SCHED_MODE", 0, GenSet::NONE),
    named("HW_REG_WAVE_SCRATCH_BASE_HI", 0, GenSet::NONE),
    named("HW_REG_WAVE_SCRATCH_BASE_LO", 0, GenSet::NONE),
    named("HW_REG_WAVE_STATE_PRIV", 0, GenSet::NONE),
    named("HW_REG_WAVE_STATUS", 0, GenSet::NONE),
    named("HW_REG_WAVE_TRAP_CTRL", 0, GenSet::NONE),
    named("HW_REG_XNACK_MASK", 0, GenSet::NONE),
    named("HW_REG_XNACK_STATE_PRIV", 0, GenSet::NONE),
];

/// The name of register `id` on `gen` (`HW_REG_MODE`), if it has one there.
pub fn name(gen: Gen, id: u16) -> Option<&'static str> {
    gens::name_of(NAMES, gen, id).map(|e| e.name)
}

/// The register id named `name` on `gen`.
pub fn lookup(gen: Gen, name: &str) -> Lookup<u16> {
    match gens::lookup(NAMES, gen, name) {
        Lookup::Valid(e) => Lookup::Valid(e.value),
        Lookup::Unsupported => Lookup::Unsupported,
        Lookup::Unknown => Lookup::Unknown,
    }
}

/// A bit field of a hardware register: `hwreg(id, offset, size)`.
///
/// ```
/// use amdgpu_mc::isa::hwreg::{self, Hwreg};
/// // s_getreg_b32 s0, hwreg(HW_REG_MODE)
/// assert_eq!(Hwreg::whole(hwreg::MODE).encode(), 0xf801);
/// // hwreg(HW_REG_TRAPSTS, 4, 5)
/// let trap = Hwreg::new(hwreg::TRAPSTS, 4, 5).unwrap();
/// assert_eq!(trap.encode(), 0x2103);
/// assert_eq!(Hwreg::decode(0x2103), trap);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hwreg {
    /// The register id, 0 to [`ID_MAX`] (see the named ids, e.g. [`MODE`]).
    pub id: u16,
    /// The lowest bit of the field, 0 to [`OFFSET_MAX`].
    pub offset: u8,
    /// The width of the field in bits, 1 to [`SIZE_MAX`].
    pub size: u8,
}

impl Hwreg {
    /// The field of `size` bits at bit `offset` of register `id`, or `None` if a value
    /// is out of range.
    pub const fn new(id: u16, offset: u8, size: u8) -> Option<Hwreg> {
        if id > ID_MAX || offset > OFFSET_MAX || size == 0 || size > SIZE_MAX {
            return None;
        }
        Some(Hwreg { id, offset, size })
    }

    /// All 32 bits of register `id` (which must be at most [`ID_MAX`]).
    pub const fn whole(id: u16) -> Hwreg {
        Hwreg {
            id,
            offset: 0,
            size: SIZE_MAX,
        }
    }

    /// Whether the field is all of the register (printed as `hwreg(id)`).
    pub const fn is_whole(self) -> bool {
        self.offset == 0 && self.size == SIZE_MAX
    }

    /// The 16-bit immediate. Fields out of range (see [`Hwreg::new`]) are cut to their
    /// widths.
    pub const fn encode(self) -> u16 {
        (self.id & ID_MAX)
            | ((self.offset & OFFSET_MAX) as u16) << OFFSET_SHIFT
            | ((self.size.wrapping_sub(1) & 31) as u16) << SIZE_SHIFT
    }

    /// The fields of a 16-bit immediate (every value is valid).
    pub const fn decode(v: u16) -> Hwreg {
        Hwreg {
            id: v & ID_MAX,
            offset: ((v >> OFFSET_SHIFT) & 31) as u8,
            size: ((v >> SIZE_SHIFT) & 31) as u8 + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for v in 0..=u16::MAX {
            let h = Hwreg::decode(v);
            assert_eq!(Hwreg::new(h.id, h.offset, h.size), Some(h));
            assert_eq!(h.encode(), v);
        }
        assert_eq!(Hwreg::new(64, 0, 1), None);
        assert_eq!(Hwreg::new(1, 32, 1), None);
        assert_eq!(Hwreg::new(1, 0, 0), None);
        assert_eq!(Hwreg::new(1, 0, 33), None);
        assert_eq!(name(Gen::Gfx8, TBA_LO), None);
        assert_eq!(name(Gen::Gfx9, TBA_LO), Some("HW_REG_TBA_LO"));
        assert_eq!(lookup(Gen::Gfx9, "HW_REG_XCC_ID"), Lookup::Unsupported);
        assert_eq!(lookup(Gen::Gfx940, "HW_REG_XCC_ID"), Lookup::Valid(XCC_ID));
        assert_eq!(lookup(Gen::Gfx940, "HW_REG_FOO"), Lookup::Unknown);
    }
}
