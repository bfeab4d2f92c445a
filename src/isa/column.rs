//! An opcode column of the tables, the one thing a target row takes from them: kept
//! apart from the tables' lookups so that `target` and `isa` do not import each other.

/// An opcode column of the tables: the opcodes of the targets that name it in their
/// row ([`crate::target::Target::column`]). The constants (`Column::GFX940`) and their number
/// ([`super::COLUMNS`]) are generated from the column list in `build.rs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Column(pub usize);

impl Column {
    /// The column's name (its header in `isa/*.tsv`).
    pub fn name(self) -> &'static str {
        Column::NAMES.get(self.0).copied().unwrap_or("?")
    }
}
