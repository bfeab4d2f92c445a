//! The text assembler of objects: statements (labels, instructions, directives) of
//! a source into an [`Object`](crate::mc::Object), as llvm-mc -filetype=obj reads
//! them. Directives it does not know are located errors; nothing is dropped.
//!
//! - [`assemble`](self::assemble_object): the entry points, and the run of the reader;
//! - `options`: what a source is read with (includes, `--defsym`, the style);
//! - `preprocess`: macros, `.rept`/`.irp`, the `.if` family, `.include`, `.incbin`;
//! - `comments` and `line`: comments stripped, and a line with where it came from;
//! - `buffers`: where lines come from (included files, expansions), for errors;
//! - `statement`: labels, assignments and instructions, and lines read again;
//! - `directive`: which file handles each directive:
//!   - `sections`: `.text`, `.section`, `.pushsection`, `.previous` ...;
//!   - `symbols`: `.globl`, `.type`, `.size`, `.set` and `NAME = EXPR` ...;
//!   - `data`: `.byte`, `.long`, `.ascii`, `.fill`, `.p2align`, `.ident` ...;
//!   - `amdgpu`: `.amdhsa_kernel`, `.amd_kernel_code_t`, `.amdgpu_metadata`,
//!     `.amdgcn_target`, `.amdgpu_lds` ...;
//! - `expr`: expressions in statements;
//! - `listing`: what a listing shows of each statement;
//! - `statements`: the statements kept for readers of instructions;
//! - `state`: the reader's state and its limits.

mod ahead;
mod amdgpu;
pub(crate) mod assemble;
mod buffers;
pub(crate) mod comments;
mod data;
mod directive;
mod expr;
pub(crate) mod line;
mod listing;
pub(crate) mod options;
mod preprocess;
mod sections;
mod state;
pub(crate) mod statement;
pub(crate) mod statements;
mod symbols;
#[cfg(test)]
mod tests;

pub use super::listing::Listing;
pub use amdgpu::target_id;
pub use assemble::{
    assemble_listing, assemble_listing_with, assemble_object, assemble_object_with,
    read_statements, ObjectAssembly,
};
pub use data::string_literal;
pub use options::{IncBin, Include, Options, ReadError, Style, DEFAULT_ERROR_LIMIT};
pub use statements::{Read, Statement, Statements};
