//! The VGPR index mode of `s_set_gpr_idx_on` and `s_set_gpr_idx_mode` (gfx8 and
//! later): four bits saying which operands of the following VALU instructions are
//! indexed by M0.

/// `SRC0`: the first source is indexed.
pub const SRC0: u16 = 1 << 0;
/// `SRC1`: the second source is indexed.
pub const SRC1: u16 = 1 << 1;
/// `SRC2`: the third source is indexed.
pub const SRC2: u16 = 1 << 2;
/// `DST`: the destination is indexed.
pub const DST: u16 = 1 << 3;

/// The largest valid mode (all four bits).
pub const MAX: u16 = SRC0 | SRC1 | SRC2 | DST;

/// The names of the mode bits, bit 0 first.
pub const NAMES: [&str; 4] = ["SRC0", "SRC1", "SRC2", "DST"];

/// The bit named `name` (`SRC0`, `SRC1`, `SRC2`, `DST`).
pub fn bit(name: &str) -> Option<u16> {
    NAMES.iter().position(|&n| n == name).map(|i| 1 << i)
}

/// The names of the bits set in `mode`, bit 0 first (bits above [`MAX`] are ignored).
///
/// ```
/// use amdgpu_mc::isa::gpr_idx;
/// // s_set_gpr_idx_mode gpr_idx(SRC0,DST)
/// let mode = gpr_idx::SRC0 | gpr_idx::DST;
/// assert_eq!(mode, 9);
/// assert!(gpr_idx::names(mode).eq(["SRC0", "DST"]));
/// ```
pub fn names(mode: u16) -> impl Iterator<Item = &'static str> {
    NAMES
        .iter()
        .enumerate()
        .filter(move |(i, _)| mode & (1 << i) != 0)
        .map(|(_, n)| *n)
}
