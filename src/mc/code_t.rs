//! The `.amd_kernel_code_t` block of the non-HSA OSes (Mesa, PAL): `name = value`
//! lines read into the 256-byte `amd_kernel_code_t` header that llvm-mc places
//! where the block ends (llc puts it at a kernel's symbol, before its code).
//!
//! The fields, their alternative names, their places and widths are LLVM's
//! (`AMDKernelCodeTInfo.h`); as in llvm-mc 22, the COMPUTE_PGM_RSRC1/2 fields,
//! `is_dynamic_callstack`, `wavefront_sgpr_count`, `workitem_vgpr_count` and
//! `workitem_private_segment_byte_size` are expressions (which may name symbols
//! set later), the others absolute values cut to their width.

use super::object::{FixupKind, Loc, Object};
use crate::syntax::expr::{Bin, Tree};
use crate::target::Target;

/// Where a field's value goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// A plain field: byte offset, width in bytes.
    Plain(usize, usize),
    /// Bits of COMPUTE_PGM_RSRC1 (0) or RSRC2 (1): register, shift, width.
    Rsrc(usize, u32, u32),
    /// Bits of `code_properties`: shift, width.
    Prop(u32, u32),
    /// An expression field.
    Expr(E),
}

/// The expression fields (besides the RSRC registers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum E {
    DynamicCallstack,
    SgprCount,
    VgprCount,
    PrivateSize,
}

use Slot::{Expr, Plain, Prop, Rsrc};

/// (name, alternative name, slot), in LLVM's order.
const FIELDS: &[(&str, &str, Slot)] = &[
    (
        "amd_code_version_major",
        "kernel_code_version_major",
        Plain(0, 4),
    ),
    (
        "amd_code_version_minor",
        "kernel_code_version_minor",
        Plain(4, 4),
    ),
    ("amd_machine_kind", "machine_kind", Plain(8, 2)),
    (
        "amd_machine_version_major",
        "machine_version_major",
        Plain(10, 2),
    ),
    (
        "amd_machine_version_minor",
        "machine_version_minor",
        Plain(12, 2),
    ),
    (
        "amd_machine_version_stepping",
        "machine_version_stepping",
        Plain(14, 2),
    ),
    (
        "kernel_code_entry_byte_offset",
        "kernel_code_entry_byte_offset",
        Plain(16, 8),
    ),
    (
        "kernel_code_prefetch_byte_size",
        "kernel_code_prefetch_byte_size",
        Plain(32, 8),
    ),
    (
        "granulated_workitem_vgpr_count",
        "compute_pgm_rsrc1_vgprs",
        Rsrc(0, 0, 6),
    ),
    (
        "granulated_wavefront_sgpr_count",
        "compute_pgm_rsrc1_sgprs",
        Rsrc(0, 6, 4),
    ),
    ("priority", "compute_pgm_rsrc1_priority", Rsrc(0, 10, 2)),
    ("float_mode", "compute_pgm_rsrc1_float_mode", Rsrc(0, 12, 8)),
    ("priv", "compute_pgm_rsrc1_priv", Rsrc(0, 20, 1)),
    (
        "enable_dx10_clamp",
        "compute_pgm_rsrc1_dx10_clamp",
        Rsrc(0, 21, 1),
    ),
    ("debug_mode", "compute_pgm_rsrc1_debug_mode", Rsrc(0, 22, 1)),
    (
        "enable_ieee_mode",
        "compute_pgm_rsrc1_ieee_mode",
        Rsrc(0, 23, 1),
    ),
    (
        "enable_wgp_mode",
        "compute_pgm_rsrc1_wgp_mode",
        Rsrc(0, 29, 1),
    ),
    (
        "enable_mem_ordered",
        "compute_pgm_rsrc1_mem_ordered",
        Rsrc(0, 30, 1),
    ),
    (
        "enable_fwd_progress",
        "compute_pgm_rsrc1_fwd_progress",
        Rsrc(0, 31, 1),
    ),
    (
        "enable_sgpr_private_segment_wave_byte_offset",
        "compute_pgm_rsrc2_scratch_en",
        Rsrc(1, 0, 1),
    ),
    (
        "user_sgpr_count",
        "compute_pgm_rsrc2_user_sgpr",
        Rsrc(1, 1, 5),
    ),
    (
        "enable_trap_handler",
        "compute_pgm_rsrc2_trap_handler",
        Rsrc(1, 6, 1),
    ),
    (
        "enable_sgpr_workgroup_id_x",
        "compute_pgm_rsrc2_tgid_x_en",
        Rsrc(1, 7, 1),
    ),
    (
        "enable_sgpr_workgroup_id_y",
        "compute_pgm_rsrc2_tgid_y_en",
        Rsrc(1, 8, 1),
    ),
    (
        "enable_sgpr_workgroup_id_z",
        "compute_pgm_rsrc2_tgid_z_en",
        Rsrc(1, 9, 1),
    ),
    (
        "enable_sgpr_workgroup_info",
        "compute_pgm_rsrc2_tg_size_en",
        Rsrc(1, 10, 1),
    ),
    (
        "enable_vgpr_workitem_id",
        "compute_pgm_rsrc2_tidig_comp_cnt",
        Rsrc(1, 11, 2),
    ),
    (
        "enable_exception_msb",
        "compute_pgm_rsrc2_excp_en_msb",
        Rsrc(1, 13, 2),
    ),
    (
        "granulated_lds_size",
        "compute_pgm_rsrc2_lds_size",
        Rsrc(1, 15, 9),
    ),
    (
        "enable_exception",
        "compute_pgm_rsrc2_excp_en",
        Rsrc(1, 24, 7),
    ),
    (
        "enable_sgpr_private_segment_buffer",
        "enable_sgpr_private_segment_buffer",
        Prop(0, 1),
    ),
    (
        "enable_sgpr_dispatch_ptr",
        "enable_sgpr_dispatch_ptr",
        Prop(1, 1),
    ),
    ("enable_sgpr_queue_ptr", "enable_sgpr_queue_ptr", Prop(2, 1)),
    (
        "enable_sgpr_kernarg_segment_ptr",
        "enable_sgpr_kernarg_segment_ptr",
        Prop(3, 1),
    ),
    (
        "enable_sgpr_dispatch_id",
        "enable_sgpr_dispatch_id",
        Prop(4, 1),
    ),
    (
        "enable_sgpr_flat_scratch_init",
        "enable_sgpr_flat_scratch_init",
        Prop(5, 1),
    ),
    (
        "enable_sgpr_private_segment_size",
        "enable_sgpr_private_segment_size",
        Prop(6, 1),
    ),
    (
        "enable_sgpr_grid_workgroup_count_x",
        "enable_sgpr_grid_workgroup_count_x",
        Prop(7, 1),
    ),
    (
        "enable_sgpr_grid_workgroup_count_y",
        "enable_sgpr_grid_workgroup_count_y",
        Prop(8, 1),
    ),
    (
        "enable_sgpr_grid_workgroup_count_z",
        "enable_sgpr_grid_workgroup_count_z",
        Prop(9, 1),
    ),
    (
        "enable_wavefront_size32",
        "enable_wavefront_size32",
        Prop(10, 1),
    ),
    (
        "enable_ordered_append_gds",
        "enable_ordered_append_gds",
        Prop(16, 1),
    ),
    ("private_element_size", "private_element_size", Prop(17, 2)),
    ("is_ptr64", "is_ptr64", Prop(19, 1)),
    (
        "is_dynamic_callstack",
        "is_dynamic_callstack",
        Expr(E::DynamicCallstack),
    ),
    ("is_debug_enabled", "is_debug_enabled", Prop(21, 1)),
    ("is_xnack_enabled", "is_xnack_enabled", Prop(22, 1)),
    (
        "workitem_private_segment_byte_size",
        "workitem_private_segment_byte_size",
        Expr(E::PrivateSize),
    ),
    (
        "workgroup_group_segment_byte_size",
        "workgroup_group_segment_byte_size",
        Plain(64, 4),
    ),
    (
        "gds_segment_byte_size",
        "gds_segment_byte_size",
        Plain(68, 4),
    ),
    (
        "kernarg_segment_byte_size",
        "kernarg_segment_byte_size",
        Plain(72, 8),
    ),
    (
        "workgroup_fbarrier_count",
        "workgroup_fbarrier_count",
        Plain(80, 4),
    ),
    (
        "wavefront_sgpr_count",
        "wavefront_sgpr_count",
        Expr(E::SgprCount),
    ),
    (
        "workitem_vgpr_count",
        "workitem_vgpr_count",
        Expr(E::VgprCount),
    ),
    ("reserved_vgpr_first", "reserved_vgpr_first", Plain(88, 2)),
    ("reserved_vgpr_count", "reserved_vgpr_count", Plain(90, 2)),
    ("reserved_sgpr_first", "reserved_sgpr_first", Plain(92, 2)),
    ("reserved_sgpr_count", "reserved_sgpr_count", Plain(94, 2)),
    (
        "debug_wavefront_private_segment_offset_sgpr",
        "debug_wavefront_private_segment_offset_sgpr",
        Plain(96, 2),
    ),
    (
        "debug_private_segment_buffer_sgpr",
        "debug_private_segment_buffer_sgpr",
        Plain(98, 2),
    ),
    (
        "kernarg_segment_alignment",
        "kernarg_segment_alignment",
        Plain(100, 1),
    ),
    (
        "group_segment_alignment",
        "group_segment_alignment",
        Plain(101, 1),
    ),
    (
        "private_segment_alignment",
        "private_segment_alignment",
        Plain(102, 1),
    ),
    ("wavefront_size", "wavefront_size", Plain(103, 1)),
    ("call_convention", "call_convention", Plain(104, 4)),
    (
        "runtime_loader_kernel_symbol",
        "runtime_loader_kernel_symbol",
        Plain(120, 8),
    ),
];

/// Whether `name` is a field's name (or alternative name).
pub fn is_field(name: &str) -> bool {
    FIELDS.iter().any(|f| f.0 == name || f.1 == name)
}

/// The header's size.
pub const SIZE: usize = 256;
const PROPS: usize = 56;

/// An `.amd_kernel_code_t` block being read.
#[derive(Clone, Debug)]
pub struct Block {
    /// The plain fields and `code_properties`, as bytes.
    bytes: [u8; SIZE],
    /// COMPUTE_PGM_RSRC1 and RSRC2.
    rsrc: [Tree; 2],
    /// The expression fields, by [`E`].
    exprs: [Tree; 4],
    /// Where the last value of each (RSRC1, RSRC2, then by [`E`]) was written, for
    /// the errors of a value found when the object is finished.
    locs: [Option<Loc>; 6],
}

/// Where an error of a field is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// At its value.
    Value,
    /// At the start of the next line (llvm-mc finds it after the line's end).
    NextLine,
}

/// The ISA version (major, minor, stepping) of a target: `gfx90a` is 9.0.10.
fn isa_version(t: Target) -> (u16, u16, u16) {
    let digits = t.name.strip_prefix("gfx").unwrap_or("");
    let n = digits.len();
    if n < 3 {
        return (0, 0, 0);
    }
    let hex = |s: &str| u16::from_str_radix(s, 16).unwrap_or(0);
    let major = digits[..n - 2].parse().unwrap_or(0);
    (major, hex(&digits[n - 2..n - 1]), hex(&digits[n - 1..]))
}

impl Block {
    /// A header with llvm-mc's defaults for `t` (version 1.2, the target's ISA
    /// version, code at offset 256, wave64, no indirect calls, alignments 2^4).
    pub fn new(t: Target) -> Block {
        let mut b = Block {
            bytes: [0; SIZE],
            rsrc: [Tree::Num(0), Tree::Num(0)],
            exprs: [Tree::Num(0), Tree::Num(0), Tree::Num(0), Tree::Num(0)],
            locs: Default::default(),
        };
        let (major, minor, stepping) = isa_version(t);
        for (name, v) in [
            ("amd_code_version_major", 1),
            ("amd_code_version_minor", 2),
            ("amd_machine_kind", 1),
            ("amd_machine_version_major", major as i64),
            ("amd_machine_version_minor", minor as i64),
            ("amd_machine_version_stepping", stepping as i64),
            ("kernel_code_entry_byte_offset", SIZE as i64),
            ("wavefront_size", 6),
            ("call_convention", -1),
            ("kernarg_segment_alignment", 4),
            ("group_segment_alignment", 4),
            ("private_segment_alignment", 4),
        ] {
            if let Some((_, _, Plain(off, w))) = FIELDS.iter().find(|f| f.0 == name) {
                b.bytes[*off..off + w].copy_from_slice(&v.to_le_bytes()[..*w]);
            }
        }
        b
    }

    /// Sets a field from its value, an expression (`abs`: its value, if absolute
    /// now; `loc`: where it is). Errors: llvm-mc's, and where.
    pub fn set(
        &mut self,
        name: &str,
        value: Tree,
        abs: Option<i64>,
        loc: Loc,
    ) -> Result<(), (At, String)> {
        let Some(&(_, _, slot)) = FIELDS.iter().find(|f| f.0 == name || f.1 == name) else {
            return Err((
                At::Value,
                format!("unexpected amd_kernel_code_t field name {name}"),
            ));
        };
        let need_abs = || abs.ok_or((At::Value, "expected absolute expression".to_string()));
        match slot {
            Plain(off, w) => {
                let v = need_abs()?;
                self.bytes[off..off + w].copy_from_slice(&v.to_le_bytes()[..w]);
            }
            Prop(shift, width) => {
                let v = need_abs()? as u32;
                let mask = ((1u32 << width) - 1) << shift;
                let cur = u32::from_le_bytes(self.bytes[PROPS..PROPS + 4].try_into().unwrap());
                let new = (cur & !mask) | (v.wrapping_shl(shift) & mask);
                self.bytes[PROPS..PROPS + 4].copy_from_slice(&new.to_le_bytes());
            }
            Rsrc(reg, shift, width) => {
                // (reg & ~(mask << shift)) | ((value & mask) << shift)
                let mask = (1i64 << width) - 1;
                let keep = !(mask << shift) & 0xffff_ffff;
                let cur = std::mem::replace(&mut self.rsrc[reg], Tree::Num(0));
                let part = shl(and(value, mask), shift);
                self.rsrc[reg] = fold(Tree::Bin(Bin::Or, Box::new(and(cur, keep)), Box::new(part)));
                self.locs[reg] = Some(loc);
            }
            Expr(e) => {
                self.exprs[e as usize] = value;
                self.locs[2 + e as usize] = Some(loc);
            }
        }
        // The wave32 settings need gfx10 or later, which no target here is.
        match name {
            "enable_wavefront_size32" if self.bytes[PROPS + 1] & 4 != 0 => Err((
                At::NextLine,
                "enable_wavefront_size32=1 is only allowed on GFX10+".into(),
            )),
            "wavefront_size" if self.bytes[103] == 5 => Err((
                At::NextLine,
                "wavefront_size=5 is only allowed on GFX10+".into(),
            )),
            _ => Ok(()),
        }
    }

    /// llvm-mc's checks of the finished header (errors without a place).
    pub fn validate(&self, o: &Object) -> Result<(), String> {
        let Ok(r1) = o.absolute(&self.rsrc[0]) else {
            return Ok(());
        };
        // (The three modes need gfx10 or later, which no target here is.)
        for (bit, name) in [
            (29, "enable_wgp_mode"),
            (30, "enable_mem_ordered"),
            (31, "enable_fwd_progress"),
        ] {
            if r1 >> bit & 1 != 0 {
                return Err(format!("{name}=1 is only allowed on GFX10+"));
            }
        }
        Ok(())
    }

    /// Places the header at the current offset of the current section: the values
    /// of expressions not yet absolute are fixups, resolved when the object is
    /// finished (their symbols looked up in llvm-mc's order). Errors: llvm-mc's,
    /// at `loc`.
    pub fn emit(self, o: &mut Object, loc: &Loc) -> Result<(), String> {
        let off = o.sec().len();
        let props = u32::from_le_bytes(self.bytes[PROPS..PROPS + 4].try_into().unwrap());
        let [r1, r2] = self.rsrc;
        let [dynamic, sgprs, vgprs, private] = self.exprs;
        let props = fold(Tree::Bin(
            Bin::Or,
            Box::new(Tree::Num(props as i64)),
            Box::new(shl(and(dynamic, 1), 20)),
        ));
        let [l1, l2, ldyn, lsgprs, lvgprs, lprivate] = self.locs;
        let mut bytes = self.bytes;
        let mut later = Vec::new();
        for (at, width, mut tree, here) in [
            (48, 4, r1, l1),
            (52, 4, r2, l2),
            (PROPS, 4, props, ldyn),
            (60, 4, private, lprivate),
            (84, 2, sgprs, lsgprs),
            (86, 2, vgprs, lvgprs),
        ] {
            o.mention(&mut tree, true);
            let here = here.unwrap_or_else(|| loc.clone());
            match o.absolute(&tree) {
                Ok(v) => {
                    let bits = width * 8;
                    if v < -(1i64 << (bits - 1)) || v >= 1i64 << bits {
                        return Err(format!("value evaluated as {v} is out of range."));
                    }
                    bytes[at..at + width].copy_from_slice(&v.to_le_bytes()[..width]);
                }
                Err(_) => {
                    bytes[at..at + width].fill(0);
                    later.push((at, width, tree, here));
                }
            }
        }
        o.emit(&bytes)?;
        for (at, width, tree, here) in later {
            o.fixup(off + at as u64, FixupKind::Data(width as u8), tree, here);
        }
        Ok(())
    }
}

fn and(t: Tree, mask: i64) -> Tree {
    fold(Tree::Bin(Bin::And, Box::new(t), Box::new(Tree::Num(mask))))
}

fn shl(t: Tree, shift: u32) -> Tree {
    if shift == 0 {
        return t;
    }
    fold(Tree::Bin(
        Bin::Shl,
        Box::new(t),
        Box::new(Tree::Num(shift as i64)),
    ))
}

/// An operation on two numbers, computed (the expressions stay small when every
/// value is a number, as llc writes them).
fn fold(t: Tree) -> Tree {
    if let Tree::Bin(op, a, b) = &t {
        if let (Tree::Num(x), Tree::Num(y)) = (&**a, &**b) {
            let v = match op {
                Bin::Or => Some(x | y),
                Bin::And => Some(x & y),
                Bin::Shl => Some(x.wrapping_shl(*y as u32)),
                _ => None,
            };
            if let Some(v) = v {
                return Tree::Num(v);
            }
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn isa_versions() {
        for (name, v) in [
            ("gfx600", (6, 0, 0)),
            ("gfx803", (8, 0, 3)),
            ("gfx90a", (9, 0, 10)),
            ("gfx942", (9, 4, 2)),
        ] {
            assert_eq!(isa_version(Target::from_name(name).unwrap()), v, "{name}");
        }
    }
}
