//! Objects out: the layer that turns assembly into the ELF relocatable objects
//! llvm-mc -filetype=obj writes for AMDGPU: code object V4-V6 for HSA, and the
//! objects of PAL and Mesa ([`triple`]).
//!
//! - [`object`]: sections, symbols and expressions' values; `resolve`: fixups
//!   resolved into values or relocations; `loc`: where a statement was written;
//! - `error`: the layer's one [`Error`], its [`ErrorKind`] and llvm-mc's message;
//! - `elf`: the ELF64 writer, laid out as llvm-mc lays objects out;
//! - [`text`]: the text assembler of objects, a file for each kind of statement
//!   (sections, symbols, data, the AMDGPU directives, the preprocessor), which also
//!   makes listings and raw bytes (`listing` writes a listing's text);
//! - [`kd`]: the `.amdhsa_kernel` block and the kernel descriptor;
//! - [`note`]: the `.amdgpu_metadata` YAML and its MessagePack note;
//! - [`builder`]: an API to build code with labels and relocations.

mod asm_text;
pub mod builder;
mod code_t;
mod elf;
mod error;
pub mod kd;
mod listing;
mod loc;
mod macros;
mod memo;
pub mod metadata;
pub mod note;
pub mod object;
mod resolve;
mod strtab;
pub mod text;
pub mod triple;

pub use crate::syntax::expr::Variant;
pub use builder::{CodeAssembler, Label, Visibility};
pub use error::{Error, ErrorKind};
pub use kd::{FloatDenormMode, FloatRoundMode, KernelDescriptor, WorkitemIds};
pub use metadata::{Access, AddressSpace, Arg, Hidden, Kernel, Language, Metadata, ValueKind};
pub use object::Object;
pub use text::{
    assemble_listing, assemble_listing_with, assemble_object, assemble_object_with,
    read_statements, Listing, ObjectAssembly, Options, Read, Statement, Statements, Style,
    DEFAULT_ERROR_LIMIT,
};
pub use triple::{Os, Triple};
