//! The form of an instruction: the rows a mnemonic names on this GPU, what its suffix
//! (`_e32`, `_e64`, `_dpp`, `_sdwa`) or, without one, its operands ask for, and the
//! encodings tried for each row, in llvm-mc's order.

use crate::codec;
use crate::inst::Enc;
use crate::isa::{self, flags, Fmt, OpDesc, OpId};
use crate::syntax::operands::{Item, Items, Kind};
use crate::target::{Gen, Target};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::OnceLock;

/// Which encodings the mnemonic's suffix asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Want {
    Any,
    E32,
    E64,
    Dpp,
    Sdwa,
}

impl Want {
    /// The mnemonic without its suffix, and what the suffix asks for.
    pub(super) fn split(mnemonic: &str) -> (&str, Want) {
        if let Some(b) = mnemonic.strip_suffix("_e32") {
            (b, Want::E32)
        } else if let Some(b) = mnemonic.strip_suffix("_e64") {
            (b, Want::E64)
        } else if let Some(b) = mnemonic.strip_suffix("_sdwa") {
            (b, Want::Sdwa)
        } else if let Some(b) = mnemonic.strip_suffix("_dpp") {
            (b, Want::Dpp)
        } else {
            (mnemonic, Want::Any)
        }
    }

    /// Without a suffix, a DPP modifier asks for the DPP form, and an SDWA select or
    /// sext() for the SDWA form, as in llvm-mc.
    pub(super) fn or_from_operands(self, target: Target, rows: &[OpId], items: &Items) -> Want {
        if self != Want::Any {
            return self;
        }
        let has = |f: fn(&OpDesc, Target) -> bool| rows.iter().any(|id| f(id.desc(), target));
        let dpp_mod = |it: &Item| matches!(it.kind, Kind::Mod(m) if crate::syntax::vopx::dpp_rank(m).is_some());
        if has(codec::vopx::has_dpp) && items.iter().any(dpp_mod) {
            Want::Dpp
        } else if has(codec::vopx::has_sdwa) && items.iter().any(is_sdwa_item) {
            Want::Sdwa
        } else {
            Want::Any
        }
    }

    /// The variant's name in llvm-mc's "... variant of this instruction is not
    /// supported".
    pub(super) fn variant(self) -> &'static str {
        match self {
            Want::E32 => "e32",
            Want::Dpp => "dpp",
            Want::Sdwa => "sdwa",
            _ => "e64",
        }
    }
}

/// The rows a name has on one GPU: a mnemonic names at most a few rows (two in the
/// tables today), so they are kept in place, without allocating.
pub(super) struct Rows {
    ids: [OpId; 4],
    len: usize,
}

impl std::ops::Deref for Rows {
    type Target = [OpId];
    fn deref(&self) -> &[OpId] {
        &self.ids[..self.len]
    }
}

/// The rows named `base` that this GPU has (the first four: the tables have at most
/// two per name, and `tests` checks it).
pub(super) fn rows(target: Target, base: &str) -> Rows {
    let mut r = Rows {
        ids: [OpId(0); 4],
        len: 0,
    };
    let (start, n) = name_index().get(base).copied().unwrap_or((0, 0));
    let named = isa::BY_NAME[start as usize..][..n as usize]
        .iter()
        .map(|(_, i)| OpId(*i));
    for id in named.filter(|id| id.desc().opcode(target).is_some()) {
        if r.len < r.ids.len() {
            r.ids[r.len] = id;
            r.len += 1;
        }
    }
    r
}

/// A mnemonic's hash from whole words (its first eight bytes and its last eight,
/// which overlap in a short one, and its length): mnemonics are short, SipHash
/// costs more than the lookup it serves, and a byte at a time (FNV-1a) is a chain
/// of a multiply per byte. Names alike in their middle only share a hash, and are
/// told apart by the map's comparison.
#[derive(Default)]
struct Words(u64);

impl std::hash::Hasher for Words {
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let word = |b: &[u8]| {
            let mut w = [0u8; 8];
            w[..b.len()].copy_from_slice(b);
            u64::from_le_bytes(w)
        };
        let (a, b) = match (bytes.first_chunk::<8>(), bytes.last_chunk::<8>()) {
            (Some(a), Some(b)) => (u64::from_le_bytes(*a), u64::from_le_bytes(*b)),
            _ => (word(&bytes[..bytes.len().min(8)]), 0),
        };
        let h = (self.0 ^ a).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ (b ^ bytes.len() as u64).wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        self.0 = h ^ h >> 29;
    }
    // (`str`'s hash ends with a 0xff byte: folded in without a second pass.)
    #[inline]
    fn write_u8(&mut self, b: u8) {
        self.0 = (self.0 ^ u64::from(b)).rotate_left(5);
    }
}

type NameIndex = HashMap<&'static str, (u16, u8), BuildHasherDefault<Words>>;

/// Each name of the tables with where its rows start in [`isa::BY_NAME`] and how many
/// there are: one hash lookup per line instead of a binary search of the names.
fn name_index() -> &'static NameIndex {
    // Run time, once: a hash map cannot be a constant, and a build-time perfect
    // hash would be a new dependency for a table made in well under a millisecond.
    static INDEX: OnceLock<NameIndex> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut m = NameIndex::default();
        for (k, &(name, _)) in isa::BY_NAME.iter().enumerate() {
            let e = m.entry(isa::name_text(name)).or_insert((k as u16, 0));
            e.1 += 1;
        }
        m
    })
}

/// Whether `base` is a name the alias column gives to the VOP3 form only (gfx6/gfx7
/// v_add_co_u32), with the operands of the 32-bit form: src1 a VGPR.
#[inline]
pub(super) fn is_alias_e64(rows: &[OpId], base: &str) -> bool {
    rows.iter()
        .all(|id| id.desc().has(flags::ALIAS_E64) && id.desc().name() != base)
}

/// Whether an item is SDWA-only: a select, dst_unused, or sext().
fn is_sdwa_item(it: &Item) -> bool {
    it.sext || matches!(it.kind, Kind::Mod(m) if crate::syntax::vopx::sel_rank(m).is_some())
}

/// The encodings to try for a row, in llvm-mc's order.
pub(super) fn encodings(id: OpId, want: Want, target: Target) -> impl Iterator<Item = Enc> {
    let d = id.desc();
    let gen = target.gen;
    let home = Enc::home(d.fmt, gen);
    let (a, b) = match (d.fmt, want) {
        (_, Want::Dpp) if codec::vopx::has_dpp(d, target) => (Some(Enc::Dpp), None),
        (_, Want::Sdwa) if codec::vopx::has_sdwa(d, target) => (Some(Enc::Sdwa), None),
        (_, Want::Dpp | Want::Sdwa) => (None, None),
        (Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc, Want::Any)
            if d.has_e64() && !d.has(flags::E64_ONLY) =>
        {
            (Some(home), Some(Enc::Vop3))
        }
        (Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc, Want::E64) if d.has_e64() => (Some(Enc::Vop3), None),
        (Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc, Want::Any) if d.has(flags::E64_ONLY) => {
            (Some(Enc::Vop3), None)
        }
        (Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc, Want::E32) if !d.has(flags::E64_ONLY) => {
            (Some(home), None)
        }
        (Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc, _) if want == Want::Any => (Some(home), None),
        (_, Want::Any) => (Some(home), None),
        // gfx8+ v_readlane_b32/v_writelane_b32: llvm-mc names their VOP3 form `_e32`.
        (Fmt::Vop3, Want::E32) if d.has(flags::E32_NAME) => (Some(home), None),
        (Fmt::Vop3, Want::E64) if d.has(flags::E32_NAME) => (None, None),
        (Fmt::Vop3 | Fmt::Vop3p, Want::E64) => (Some(home), None),
        // llvm-mc takes `_e32` on any instruction that is not VALU (s_mov_b32_e32,
        // ds_read_b32_e32) and ignores it.
        (f, Want::E32)
            if !matches!(
                f,
                Fmt::Vop1 | Fmt::Vop2 | Fmt::Vopc | Fmt::Vop3 | Fmt::Vop3p
            ) =>
        {
            (Some(home), None)
        }
        _ => (None, None),
    };
    // gfx8 prints its compares' SDWA form without a suffix, and reads it back so.
    let c = (gen == Gen::Gfx8
        && d.fmt == Fmt::Vopc
        && want == Want::Any
        && codec::vopx::has_sdwa(d, target))
    .then_some(Enc::Sdwa);
    a.into_iter().chain(b).chain(c)
}

/// Every encoding a row can take, whatever the suffix (llvm-mc reads operands by
/// what any form of the mnemonic takes at each position).
pub(super) fn all_encodings(id: OpId, target: Target) -> impl Iterator<Item = Enc> {
    let d = id.desc();
    let home = Enc::home(d.fmt, target.gen);
    let e64 = (d.has_e64() && home != Enc::Vop3).then_some(Enc::Vop3);
    let dpp = codec::vopx::has_dpp(d, target).then_some(Enc::Dpp);
    let sdwa = codec::vopx::has_sdwa(d, target).then_some(Enc::Sdwa);
    std::iter::once(home).chain(e64).chain(dpp).chain(sdwa)
}

pub(super) fn is_vop3(enc: Enc) -> bool {
    matches!(enc, Enc::Vop3 | Enc::Vop3p)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_name_index_is_by_name() {
        for &(name, _) in crate::isa::BY_NAME.iter() {
            let name = crate::isa::name_text(name);
            let (start, n) = super::name_index()[name];
            let rows: Vec<u16> = crate::isa::BY_NAME[start as usize..][..n as usize]
                .iter()
                .map(|r| r.1)
                .collect();
            let want: Vec<u16> = crate::isa::by_name(name).map(|id| id.0).collect();
            assert_eq!(rows, want, "{name}");
        }
    }

    #[test]
    fn a_name_has_few_rows() {
        let names: Vec<&str> = crate::isa::BY_NAME
            .iter()
            .map(|&(n, _)| crate::isa::name_text(n))
            .collect();
        for n in &names {
            assert!(crate::isa::by_name(n).count() <= 4, "{n}");
        }
    }
}
