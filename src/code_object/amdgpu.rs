//! What an AMDGPU ELF header says about its target: the processor in the
//! `EF_AMDGPU_MACH` field of `e_flags` (or, for code object V2, in the
//! `NT_AMD_HSA_ISA_VERSION` note), the `xnack` and `sramecc` settings, and the
//! code object version in `EI_ABIVERSION`. Names and values follow LLVM's `ELF.h`
//! and AMDGPUUsage.

/// `e_machine` of AMDGPU code objects.
pub const EM_AMDGPU: u16 = 224;
/// `EI_OSABI` of code objects for the HSA runtime.
pub const ELFOSABI_AMDGPU_HSA: u8 = 64;

/// The `EF_AMDGPU_MACH` field of `e_flags`.
pub const EF_AMDGPU_MACH: u32 = 0x0ff;

/// `EF_AMDGPU_MACH` values and the processor (`-mcpu`) names they stand for, as
/// LLVM's `ELF.h` and AMDGPUUsage define them.
pub const MACHS: &[(u32, &str)] = &[
    (0x001, "r600"),
    (0x002, "rv630"),
    (0x003, "rs880"),
    (0x004, "rv670"),
    (0x005, "rv710"),
    (0x006, "rv730"),
    (0x007, "rv770"),
    (0x008, "cedar"),
    (0x009, "cypress"),
    (0x00a, "juniper"),
    (0x00b, "redwood"),
    (0x00c, "sumo"),
    (0x00d, "barts"),
    (0x00e, "caicos"),
    (0x00f, "cayman"),
    (0x010, "turks"),
    (0x020, "gfx600"),
    (0x021, "gfx601"),
    (0x022, "gfx700"),
    (0x023, "gfx701"),
    (0x024, "gfx702"),
    (0x025, "gfx703"),
    (0x026, "gfx704"),
    (0x028, "gfx801"),
    (0x029, "gfx802"),
    (0x02a, "gfx803"),
    (0x02b, "gfx810"),
    (0x02c, "gfx900"),
    (0x02d, "gfx902"),
    (0x02e, "gfx904"),
    (0x02f, "gfx906"),
    (0x030, "gfx908"),
    (0x031, "gfx909"),
    (0x032, "gfx90c"),
    (0x033, "gfx1010"),
    (0x034, "gfx1011"),
    (0x035, "gfx1012"),
    (0x036, "gfx1030"),
    (0x037, "gfx1031"),
    (0x038, "gfx1032"),
    (0x039, "gfx1033"),
    (0x03a, "gfx602"),
    (0x03b, "gfx705"),
    (0x03c, "gfx805"),
    (0x03d, "gfx1035"),
    (0x03e, "gfx1034"),
    (0x03f, "gfx90a"),
    (0x040, "gfx940"),
    (0x041, "gfx1100"),
    (0x042, "gfx1013"),
    (0x043, "gfx1150"),
    (0x044, "gfx1103"),
    (0x045, "gfx1036"),
    (0x046, "gfx1101"),
    (0x047, "gfx1102"),
    (0x048, "gfx1200"),
    (0x049, "gfx1250"),
    (0x04a, "gfx1151"),
    (0x04b, "gfx941"),
    (0x04c, "gfx942"),
    (0x04e, "gfx1201"),
    (0x04f, "gfx950"),
    (0x051, "gfx9-generic"),
    (0x052, "gfx10-1-generic"),
    (0x053, "gfx10-3-generic"),
    (0x054, "gfx11-generic"),
    (0x055, "gfx1152"),
    (0x058, "gfx1153"),
    (0x059, "gfx12-generic"),
    (0x05f, "gfx9-4-generic"),
];

/// The processor name of an `EF_AMDGPU_MACH` value.
pub fn mach_name(mach: u32) -> Option<&'static str> {
    MACHS.iter().find(|(m, _)| *m == mach).map(|(_, n)| *n)
}

/// The `EF_AMDGPU_MACH` value of a processor name.
pub fn mach_of(name: &str) -> Option<u32> {
    MACHS.iter().find(|(_, n)| *n == name).map(|(m, _)| *m)
}

/// Code object V2 has no `EF_AMDGPU_MACH`; its `NT_AMD_HSA_ISA_VERSION` note names
/// the processor as major:minor:stepping (AMDGPUUsage's table for V2).
pub(super) const V2_ISA: &[((u32, u32, u32), &str, Feature)] = &[
    ((6, 0, 0), "gfx600", Feature::Unsupported),
    ((6, 0, 1), "gfx601", Feature::Unsupported),
    ((6, 0, 2), "gfx602", Feature::Unsupported),
    ((7, 0, 0), "gfx700", Feature::Unsupported),
    ((7, 0, 1), "gfx701", Feature::Unsupported),
    ((7, 0, 2), "gfx702", Feature::Unsupported),
    ((7, 0, 3), "gfx703", Feature::Unsupported),
    ((7, 0, 4), "gfx704", Feature::Unsupported),
    ((7, 0, 5), "gfx705", Feature::Unsupported),
    ((8, 0, 0), "gfx802", Feature::Unsupported),
    ((8, 0, 1), "gfx801", Feature::On),
    ((8, 0, 2), "gfx802", Feature::Unsupported),
    ((8, 0, 3), "gfx803", Feature::Unsupported),
    ((8, 0, 4), "gfx803", Feature::Unsupported),
    ((8, 0, 5), "gfx805", Feature::Unsupported),
    ((8, 1, 0), "gfx810", Feature::On),
    ((9, 0, 0), "gfx900", Feature::Off),
    ((9, 0, 1), "gfx900", Feature::On),
    ((9, 0, 2), "gfx902", Feature::Off),
    ((9, 0, 3), "gfx902", Feature::On),
    ((9, 0, 4), "gfx904", Feature::Off),
    ((9, 0, 5), "gfx904", Feature::On),
    ((9, 0, 6), "gfx906", Feature::Off),
    ((9, 0, 7), "gfx906", Feature::On),
    ((9, 0, 12), "gfx90c", Feature::Off),
];

/// The setting of a target feature (`xnack`, `sramecc`) recorded in `e_flags`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum Feature {
    /// Not supported by the processor, or not recorded (code object V2/V3).
    #[default]
    Unsupported,
    /// Supported, code works either way (no `+`/`-` in the target id).
    Any,
    /// `feature-`
    Off,
    /// `feature+`
    On,
}

impl Feature {
    /// Decodes a two-bit V4+ field (0 unsupported, 1 any, 2 off, 3 on).
    fn from_v4(bits: u32) -> Feature {
        match bits & 3 {
            0 => Feature::Unsupported,
            1 => Feature::Any,
            2 => Feature::Off,
            _ => Feature::On,
        }
    }
    pub(super) fn suffix(self) -> Option<char> {
        match self {
            Feature::On => Some('+'),
            Feature::Off => Some('-'),
            _ => None,
        }
    }
}

/// The processor and the `xnack` and `sramecc` settings recorded in an AMDGPU ELF
/// header: `e_flags`, `EI_OSABI`, `EI_ABIVERSION` and, for code object V2, the
/// ISA note (major, minor, stepping).
pub(super) fn processor(
    f: u32,
    os_abi: u8,
    abi_version: u8,
    isa_note: Option<(u32, u32, u32)>,
) -> (Option<String>, Feature, Feature) {
    let mut target = mach_name(f & EF_AMDGPU_MACH).map(str::to_string);
    let (mut xnack, mut sramecc) = (Feature::Unsupported, Feature::Unsupported);
    let hsa = os_abi == ELFOSABI_AMDGPU_HSA;
    if hsa && abi_version == 0 {
        // V2: EF_AMDGPU_FEATURE_XNACK_V2 is bit 0.
        if f & 1 != 0 {
            xnack = Feature::On;
        }
        if target.is_none() {
            if let Some(isa) = isa_note {
                if let Some((_, name, x)) = V2_ISA.iter().find(|(v, _, _)| *v == isa) {
                    target = Some(name.to_string());
                    xnack = *x;
                }
            }
        }
    } else if hsa && abi_version >= 2 {
        // V4 and later: two-bit fields.
        xnack = Feature::from_v4(f >> 8);
        sramecc = Feature::from_v4(f >> 10);
    } else {
        // V3 and the other OS ABIs: one bit each.
        if f & 0x100 != 0 {
            xnack = Feature::On;
        }
        if f & 0x200 != 0 {
            sramecc = Feature::On;
        }
    }
    (target, xnack, sramecc)
}
