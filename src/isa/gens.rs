//! Sets of generations, and the name tables of the symbolic immediates (hwreg
//! registers, sendmsg messages and operations), each name carrying the generations on
//! which it is valid.

use crate::target::Gen;

/// A set of generations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GenSet(u16);

impl GenSet {
    /// No generation: names llvm-mc knows only for later GPUs (gfx10 and up), which it
    /// refuses as "not supported on this GPU" on every generation here.
    pub const NONE: GenSet = GenSet(0);
    /// Every GCN and CDNA generation (gfx6 to gfx940).
    pub const GCN: GenSet = GenSet::of(&[
        Gen::Gfx6,
        Gen::Gfx7,
        Gen::Gfx8,
        Gen::Gfx9,
        Gen::Gfx908,
        Gen::Gfx90a,
        Gen::Gfx940,
    ]);
    /// gfx6, gfx7 and gfx8.
    pub const GFX6_8: GenSet = GenSet::of(&[Gen::Gfx6, Gen::Gfx7, Gen::Gfx8]);
    /// gfx8 and later.
    pub const GFX8_UP: GenSet =
        GenSet::of(&[Gen::Gfx8, Gen::Gfx9, Gen::Gfx908, Gen::Gfx90a, Gen::Gfx940]);
    /// gfx9 and CDNA.
    pub const GFX9_UP: GenSet = GenSet::of(&[Gen::Gfx9, Gen::Gfx908, Gen::Gfx90a, Gen::Gfx940]);
    /// gfx940 (CDNA3) only.
    pub const GFX940: GenSet = GenSet::of(&[Gen::Gfx940]);

    /// The set of the generations listed.
    pub const fn of(gens: &[Gen]) -> GenSet {
        let mut bits = 0u16;
        let mut i = 0;
        while i < gens.len() {
            bits |= 1 << gens[i] as u16;
            i += 1;
        }
        GenSet(bits)
    }

    /// Whether `gen` is in the set.
    pub const fn contains(self, gen: Gen) -> bool {
        self.0 & (1 << gen as u16) != 0
    }
}

/// A symbolic name of a value, and the generations on which it is valid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Named {
    /// The name as the assembler spells it (`HW_REG_MODE`, `GS_OP_EMIT`).
    pub name: &'static str,
    /// The value it stands for.
    pub value: u16,
    /// Where the name is valid.
    pub gens: GenSet,
}

/// What looking a name up for one generation found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup<T> {
    /// The name is valid on the generation.
    Valid(T),
    /// The name is known, but not valid on the generation.
    Unsupported,
    /// The name is not known at all.
    Unknown,
}

/// The name of `value` on `gen` in `table`, if it has one.
pub fn name_of(table: &'static [Named], gen: Gen, value: u16) -> Option<&'static Named> {
    table
        .iter()
        .find(|e| e.value == value && e.gens.contains(gen))
}

/// Looks `name` up in `table` for `gen`.
pub fn lookup(table: &'static [Named], gen: Gen, name: &str) -> Lookup<&'static Named> {
    lookup_by(table, gen, name, |e| (e.name, e.gens))
}

/// Looks `name` up in a table of any entry type, given each entry's name and
/// generations: valid on `gen`, known only on other generations, or unknown.
pub fn lookup_by<T>(
    table: &'static [T],
    gen: Gen,
    name: &str,
    key: impl Fn(&T) -> (&'static str, GenSet),
) -> Lookup<&'static T> {
    let mut known = false;
    for e in table.iter().filter(|e| key(e).0 == name) {
        if key(e).1.contains(gen) {
            return Lookup::Valid(e);
        }
        known = true;
    }
    if known {
        Lookup::Unsupported
    } else {
        Lookup::Unknown
    }
}

/// A [`Named`] entry (for the tables).
pub(crate) const fn named(name: &'static str, value: u16, gens: GenSet) -> Named {
    Named { name, value, gens }
}
