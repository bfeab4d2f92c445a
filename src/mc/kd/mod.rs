//! The `.amdhsa_kernel` block: its directives (a table: where each one's value goes
//! in the 64-byte kernel descriptor, its width, the targets that have it, its
//! default) and the descriptor llvm-mc writes from them, with the register block
//! counts computed as LLVM computes them (AMDGPUUsage, "Kernel Descriptor").
//!
//! - `rows`: the table of directives, and the SGPRs the hardware adds;
//! - `block`: a block's directives as they are read;
//! - `descriptor`: the descriptor's bytes, computed when the object is finished;
//! - `text`: the block as llvm-mc's text prints it.

pub(super) mod block;
pub(super) mod descriptor;
pub(super) mod rows;
mod text;
mod typed;

pub use block::{KernelBlock, Pending};
pub use descriptor::{emit, fill};
pub use rows::extra_sgprs;
pub use text::llvm_text;
pub use typed::{FloatDenormMode, FloatRoundMode, KernelDescriptor, WorkitemIds};
