//! A typed kernel descriptor for compiler backends: a field per `.amdhsa_*`
//! directive of the table ([`super::rows`]), named as the directive without its
//! `.amdhsa_` prefix (the mapping is made from the field's name and checked against
//! the table when this is compiled), with the target's defaults; its values are
//! checked by the same block and descriptor code as the text's directives, and
//! errors name the field.
//!
//! ```
//! use amdgpu_mc::mc::{CodeAssembler, KernelDescriptor};
//! use amdgpu_mc::{assemble_line, Target};
//! let t = Target::from_name("gfx90a").unwrap();
//! let mut a = CodeAssembler::new(t);
//! let k = a.named_label("k", true);
//! a.bind(k).unwrap();
//! a.inst(assemble_line(t, "s_endpgm").unwrap()).unwrap();
//! let mut kd = KernelDescriptor::new(t);
//! kd.next_free_vgpr = 3;
//! kd.next_free_sgpr = 10;
//! kd.kernarg_size = 272;
//! kd.user_sgpr_kernarg_segment_ptr = true;
//! a.kernel("k", &kd).unwrap();
//! let elf = a.elf().unwrap();
//! assert_eq!(&elf[..4], b"\x7fELF");
//! ```

use super::block::{unavailable, KernelBlock};
use super::descriptor::{compute, values};
use super::rows::{architected_flat_scratch, extra_sgprs, ROWS};
use crate::mc::builder::CodeAssembler;
use crate::mc::error::{Error, ErrorKind};
use crate::mc::loc::Loc;
use crate::mc::object::Object;
use crate::syntax::expr::Tree;
use crate::target::{Features, Gen, Target};

/// A value of a descriptor field, as the directive's number (`None`: not written,
/// the value is worked out as llvm-mc works it out).
trait Value: Sized {
    fn number(&self) -> Option<i64>;
    fn from_default(d: i64) -> Self;
}

impl Value for bool {
    fn number(&self) -> Option<i64> {
        Some(*self as i64)
    }
    fn from_default(d: i64) -> bool {
        d != 0
    }
}

impl Value for u32 {
    fn number(&self) -> Option<i64> {
        Some(*self as i64)
    }
    fn from_default(d: i64) -> u32 {
        d as u32
    }
}

impl Value for Option<bool> {
    fn number(&self) -> Option<i64> {
        self.map(|v| v as i64)
    }
    fn from_default(_: i64) -> Option<bool> {
        None
    }
}

impl Value for Option<u32> {
    fn number(&self) -> Option<i64> {
        self.map(|v| v as i64)
    }
    fn from_default(_: i64) -> Option<u32> {
        None
    }
}

macro_rules! two_bit_enum {
    ($(#[$doc:meta])* $name:ident { $($(#[$vdoc:meta])* $v:ident = $n:expr),* $(,)? }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $v = $n,)*
        }
        impl Value for $name {
            fn number(&self) -> Option<i64> {
                Some(*self as i64)
            }
            fn from_default(d: i64) -> $name {
                match d {
                    $($n => $name::$v,)*
                    _ => unreachable!("a table default out of the field's range"),
                }
            }
        }
    };
}

two_bit_enum! {
    /// A float rounding mode (`.amdhsa_float_round_mode_*`).
    ///
    /// ```
    /// use amdgpu_mc::mc::{FloatRoundMode, KernelDescriptor};
    /// let kd = KernelDescriptor::new(amdgpu_mc::Target::from_name("gfx906").unwrap());
    /// assert_eq!(kd.float_round_mode_32, FloatRoundMode::NearEven);
    /// ```
    FloatRoundMode {
        /// Round to nearest even (0).
        NearEven = 0,
        /// Round towards +infinity (1).
        PlusInfinity = 1,
        /// Round towards -infinity (2).
        MinusInfinity = 2,
        /// Round towards zero (3).
        Zero = 3,
    }
}

two_bit_enum! {
    /// A float denormal mode (`.amdhsa_float_denorm_mode_*`).
    ///
    /// ```
    /// use amdgpu_mc::mc::{FloatDenormMode, KernelDescriptor};
    /// let kd = KernelDescriptor::new(amdgpu_mc::Target::from_name("gfx906").unwrap());
    /// assert_eq!(kd.float_denorm_mode_16_64, FloatDenormMode::FlushNone);
    /// ```
    FloatDenormMode {
        /// Flush source and destination denormals (0).
        FlushSrcDst = 0,
        /// Flush destination denormals only (1).
        FlushDst = 1,
        /// Flush source denormals only (2).
        FlushSrc = 2,
        /// Keep denormals (3).
        FlushNone = 3,
    }
}

two_bit_enum! {
    /// The work-item ids the hardware puts in VGPRs
    /// (`.amdhsa_system_vgpr_workitem_id`).
    ///
    /// ```
    /// use amdgpu_mc::mc::{KernelDescriptor, WorkitemIds};
    /// let mut kd = KernelDescriptor::new(amdgpu_mc::Target::from_name("gfx906").unwrap());
    /// assert_eq!(kd.system_vgpr_workitem_id, WorkitemIds::X);
    /// kd.system_vgpr_workitem_id = WorkitemIds::Xyz;
    /// ```
    WorkitemIds {
        /// X only (v0).
        X = 0,
        /// X and Y (v0, v1).
        Xy = 1,
        /// X, Y and Z (v0, v1, v2).
        Xyz = 2,
    }
}

/// The index of the table's row named `name`; compiling fails if there is none.
const fn row_index(name: &str) -> usize {
    let mut k = 0;
    while k < ROWS.len() {
        let a = ROWS[k].name.as_bytes();
        let b = name.as_bytes();
        if a.len() == b.len() {
            let mut i = 0;
            while i < a.len() && a[i] == b[i] {
                i += 1;
            }
            if i == a.len() {
                return k;
            }
        }
        k += 1;
    }
    panic!("a KernelDescriptor field without a row in the directive table")
}

macro_rules! descriptor {
    ($($(#[$doc:meta])* $field:ident: $ty:ty,)*) => {
        /// A kernel descriptor with a typed field per `.amdhsa_*` directive (the
        /// directive's name without `.amdhsa_`), for one target. [`KernelDescriptor::new`]
        /// gives llvm-mc's defaults; [`CodeAssembler::kernel`] writes it, checked as
        /// llvm-mc checks the directives (errors name the field).
        ///
        /// ```
        /// use amdgpu_mc::mc::KernelDescriptor;
        /// let mut kd = KernelDescriptor::new(amdgpu_mc::Target::from_name("gfx90a").unwrap());
        /// kd.next_free_vgpr = 12;
        /// kd.accum_offset = Some(8);
        /// assert!(kd.ieee_mode && kd.dx10_clamp);
        /// assert!(kd.check().is_ok());
        /// ```
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub struct KernelDescriptor {
            target: Target,
            $($(#[$doc])* pub $field: $ty,)*
        }

        impl KernelDescriptor {
            /// The descriptor of `target` with llvm-mc's defaults (no registers:
            /// set `next_free_vgpr` and `next_free_sgpr`).
            ///
            /// ```
            /// use amdgpu_mc::mc::KernelDescriptor;
            /// let kd = KernelDescriptor::new(amdgpu_mc::Target::from_name("gfx906").unwrap());
            /// assert!(kd.system_sgpr_workgroup_id_x && kd.reserve_vcc);
            /// assert_eq!(kd.accum_offset, None);
            /// ```
            pub fn new(target: Target) -> KernelDescriptor {
                KernelDescriptor {
                    target,
                    $($field: <$ty as Value>::from_default(
                        ROWS[const { row_index(concat!(".amdhsa_", stringify!($field))) }].default,
                    ),)*
                }
            }

            /// (field, row, value) of each field with a value.
            fn numbers(&self) -> Vec<(&'static str, usize, i64)> {
                let mut out = Vec::new();
                $(
                    if let Some(v) = Value::number(&self.$field) {
                        out.push((
                            stringify!($field),
                            const { row_index(concat!(".amdhsa_", stringify!($field))) },
                            v,
                        ));
                    }
                )*
                out
            }

            /// The field names, in the table's order.
            #[cfg(test)]
            const FIELDS: &'static [&'static str] = &[$(stringify!($field),)*];
        }
    };
}

descriptor! {
    /// `.amdhsa_group_segment_fixed_size`: LDS bytes.
    group_segment_fixed_size: u32,
    /// `.amdhsa_private_segment_fixed_size`: scratch bytes per work-item.
    private_segment_fixed_size: u32,
    /// `.amdhsa_kernarg_size`: kernel argument bytes.
    kernarg_size: u32,
    /// `.amdhsa_user_sgpr_count` (`None`: the count the enabled user SGPRs imply).
    user_sgpr_count: Option<u32>,
    /// `.amdhsa_user_sgpr_private_segment_buffer` (not with architected flat scratch).
    user_sgpr_private_segment_buffer: bool,
    /// `.amdhsa_user_sgpr_dispatch_ptr`.
    user_sgpr_dispatch_ptr: bool,
    /// `.amdhsa_user_sgpr_queue_ptr`.
    user_sgpr_queue_ptr: bool,
    /// `.amdhsa_user_sgpr_kernarg_segment_ptr`.
    user_sgpr_kernarg_segment_ptr: bool,
    /// `.amdhsa_user_sgpr_dispatch_id`.
    user_sgpr_dispatch_id: bool,
    /// `.amdhsa_user_sgpr_flat_scratch_init` (not with architected flat scratch).
    user_sgpr_flat_scratch_init: bool,
    /// `.amdhsa_user_sgpr_private_segment_size`.
    user_sgpr_private_segment_size: bool,
    /// `.amdhsa_user_sgpr_kernarg_preload_length` (gfx90a and later).
    user_sgpr_kernarg_preload_length: u32,
    /// `.amdhsa_user_sgpr_kernarg_preload_offset` (gfx90a and later).
    user_sgpr_kernarg_preload_offset: u32,
    /// `.amdhsa_uses_dynamic_stack` (code object v5 and later).
    uses_dynamic_stack: bool,
    /// `.amdhsa_system_sgpr_private_segment_wavefront_offset` (without architected
    /// flat scratch).
    system_sgpr_private_segment_wavefront_offset: bool,
    /// `.amdhsa_enable_private_segment` (with architected flat scratch: gfx940 and
    /// later).
    enable_private_segment: bool,
    /// `.amdhsa_system_sgpr_workgroup_id_x`.
    system_sgpr_workgroup_id_x: bool,
    /// `.amdhsa_system_sgpr_workgroup_id_y`.
    system_sgpr_workgroup_id_y: bool,
    /// `.amdhsa_system_sgpr_workgroup_id_z`.
    system_sgpr_workgroup_id_z: bool,
    /// `.amdhsa_system_sgpr_workgroup_info`.
    system_sgpr_workgroup_info: bool,
    /// `.amdhsa_system_vgpr_workitem_id`.
    system_vgpr_workitem_id: WorkitemIds,
    /// `.amdhsa_next_free_vgpr`: VGPRs used (AGPRs included on gfx90a and later).
    next_free_vgpr: u32,
    /// `.amdhsa_next_free_sgpr`: SGPRs used (VCC and the others the hardware adds
    /// not counted).
    next_free_sgpr: u32,
    /// `.amdhsa_accum_offset` (gfx90a and later; `None`: `next_free_vgpr` rounded up
    /// to a multiple of 4, at most 256, as LLVM sets it for a kernel without AGPRs).
    accum_offset: Option<u32>,
    /// `.amdhsa_reserve_vcc`.
    reserve_vcc: bool,
    /// `.amdhsa_reserve_flat_scratch` (gfx7 and later, without architected flat
    /// scratch).
    reserve_flat_scratch: bool,
    /// `.amdhsa_reserve_xnack_mask` (gfx8 and later; `None`: as the object's target
    /// id says, which a value must match).
    reserve_xnack_mask: Option<bool>,
    /// `.amdhsa_float_round_mode_32`.
    float_round_mode_32: FloatRoundMode,
    /// `.amdhsa_float_round_mode_16_64`.
    float_round_mode_16_64: FloatRoundMode,
    /// `.amdhsa_float_denorm_mode_32`.
    float_denorm_mode_32: FloatDenormMode,
    /// `.amdhsa_float_denorm_mode_16_64`.
    float_denorm_mode_16_64: FloatDenormMode,
    /// `.amdhsa_dx10_clamp`.
    dx10_clamp: bool,
    /// `.amdhsa_ieee_mode`.
    ieee_mode: bool,
    /// `.amdhsa_fp16_overflow` (gfx9 and later).
    fp16_overflow: bool,
    /// `.amdhsa_tg_split` (gfx90a and later).
    tg_split: bool,
    /// `.amdhsa_exception_fp_ieee_invalid_op`.
    exception_fp_ieee_invalid_op: bool,
    /// `.amdhsa_exception_fp_denorm_src`.
    exception_fp_denorm_src: bool,
    /// `.amdhsa_exception_fp_ieee_div_zero`.
    exception_fp_ieee_div_zero: bool,
    /// `.amdhsa_exception_fp_ieee_overflow`.
    exception_fp_ieee_overflow: bool,
    /// `.amdhsa_exception_fp_ieee_underflow`.
    exception_fp_ieee_underflow: bool,
    /// `.amdhsa_exception_fp_ieee_inexact`.
    exception_fp_ieee_inexact: bool,
    /// `.amdhsa_exception_int_div_zero`.
    exception_int_div_zero: bool,
}

/// The line of the block's end in the checks' places (the table's rows are lines
/// 1 to `ROWS.len()`).
const END_LINE: usize = usize::MAX;

impl KernelDescriptor {
    /// The target the descriptor is for.
    ///
    /// ```
    /// use amdgpu_mc::mc::KernelDescriptor;
    /// let t = amdgpu_mc::Target::from_name("gfx906").unwrap();
    /// assert_eq!(KernelDescriptor::new(t).target().name, "gfx906");
    /// ```
    pub fn target(&self) -> Target {
        self.target
    }

    /// The SGPRs the kernel takes, as the metadata's `.sgpr_count` counts them:
    /// `next_free_sgpr` and those the hardware adds after them (VCC, FLAT_SCRATCH,
    /// XNACK_MASK), with XNACK as the target has it where `reserve_xnack_mask` is
    /// `None`.
    ///
    /// ```
    /// use amdgpu_mc::mc::KernelDescriptor;
    /// let mut kd = KernelDescriptor::new(amdgpu_mc::Target::from_name("gfx90a").unwrap());
    /// kd.next_free_sgpr = 10;
    /// kd.reserve_vcc = false;
    /// kd.reserve_flat_scratch = false;
    /// assert_eq!(kd.total_sgprs(), 14); // + XNACK_MASK's 4 (FLAT_SCRATCH before it)
    /// ```
    pub fn total_sgprs(&self) -> u32 {
        let t = self.target;
        let xnack = t.gen >= Gen::Gfx8
            && self
                .reserve_xnack_mask
                .unwrap_or(t.has(Features::XNACK_MASK));
        // (gfx6 has no directive but reserves flat scratch all the same, as LLVM does.)
        let fs = !architected_flat_scratch(t) && self.reserve_flat_scratch;
        self.next_free_sgpr + extra_sgprs(t, self.reserve_vcc, fs, xnack)
    }

    /// The `.amdhsa_*` directives and values this descriptor writes for an object
    /// of code object version `co_version`: each field the target has (and each
    /// other field set to another value than its default, which is refused), the
    /// `None` fields left out, `accum_offset` worked out where it is required.
    ///
    /// ```
    /// use amdgpu_mc::mc::KernelDescriptor;
    /// let mut kd = KernelDescriptor::new(amdgpu_mc::Target::from_name("gfx90a").unwrap());
    /// kd.next_free_vgpr = 6;
    /// let d = kd.directives(5);
    /// assert!(d.contains(&(".amdhsa_accum_offset", 8)));
    /// assert!(!d.iter().any(|(n, _)| *n == ".amdhsa_enable_private_segment"));
    /// ```
    pub fn directives(&self, co_version: u32) -> Vec<(&'static str, i64)> {
        self.written(co_version)
            .into_iter()
            .map(|(_, k, v)| (ROWS[k].name, v))
            .collect()
    }

    /// (field, row, value) of each directive written.
    fn written(&self, co_version: u32) -> Vec<(&'static str, usize, i64)> {
        let t = self.target;
        let defaults = KernelDescriptor::new(t).numbers();
        let mut out = Vec::new();
        for (field, k, v) in self.numbers() {
            let has = unavailable(t, co_version, k).is_none();
            let default = defaults.iter().find(|d| d.1 == k).map(|d| d.2);
            if has || default != Some(v) {
                out.push((field, k, v));
            }
        }
        if self.accum_offset.is_none() && t.has(Features::UNIFIED_VGPRS) {
            let acc = (self.next_free_vgpr.max(1) as i64 + 3) / 4 * 4;
            let k = const { row_index(".amdhsa_accum_offset") };
            out.push(("accum_offset", k, acc.min(256)));
        }
        out
    }

    /// Checks the values as llvm-mc checks a block of these directives, for an
    /// object as `Object::new` makes it (code object v6, a target id that leaves
    /// XNACK as the target has it); errors name the field (`next_free_vgpr: value out of range`).
    ///
    /// ```
    /// use amdgpu_mc::mc::KernelDescriptor;
    /// let mut kd = KernelDescriptor::new(amdgpu_mc::Target::from_name("gfx90a").unwrap());
    /// kd.next_free_vgpr = 8;
    /// kd.accum_offset = Some(6);
    /// let e = kd.check().unwrap_err();
    /// assert!(e.to_string().contains("accum_offset"));
    /// ```
    pub fn check(&self) -> Result<(), Error> {
        self.checked_block(&Object::new(self.target), "kernel")
            .map(|_| ())
    }

    /// The block of kernel `name` in object `o`, after the checks of
    /// [`KernelDescriptor::check`].
    fn checked_block(&self, o: &Object, name: &str) -> Result<KernelBlock, Error> {
        let block = self.block(o, name)?;
        let (val, starts) = values(o, &block).map_err(|e| self.error(&e))?;
        let end = Loc {
            line: END_LINE,
            ..Loc::default()
        };
        let (_, errs) = compute(o, &block, &val, &starts, &end);
        match errs.is_empty() {
            true => Ok(block),
            false => Err(self.error(&errs)),
        }
    }

    /// The block of the directives written, each value's place the line of its row.
    fn block(&self, o: &Object, name: &str) -> Result<KernelBlock, Error> {
        let mut block = KernelBlock::new(name, Loc::default());
        for (field, k, v) in self.written(o.co_version) {
            let loc = Loc {
                line: k + 1,
                ..Loc::default()
            };
            block
                .directive(
                    o.target,
                    o.co_version,
                    ROWS[k].name,
                    Tree::Num(v),
                    loc.clone(),
                    loc,
                )
                .map_err(|(_, m)| Error::new(ErrorKind::Kernel, format!("{field}: {m}")))?;
        }
        Ok(block)
    }

    /// The error of the checks' errors, each named by its field.
    fn error(&self, errs: &[(Loc, String)]) -> Error {
        let msgs: Vec<String> = errs
            .iter()
            .map(|(loc, m)| {
                let field = match loc.line {
                    l @ 1.. if l <= ROWS.len() => &ROWS[l - 1].name[".amdhsa_".len()..],
                    _ if m.starts_with("accum_offset") => "accum_offset",
                    _ if m.contains("user SGPR") || m.contains("user_sgpr") => "user_sgpr_count",
                    _ => "kernel descriptor",
                };
                if m.starts_with(field) {
                    m.clone()
                } else {
                    format!("{field}: {m}")
                }
            })
            .collect();
        Error::new(ErrorKind::Kernel, msgs.join("; "))
    }
}

impl CodeAssembler {
    /// Adds the kernel descriptor of kernel `name` (a label made by
    /// [`CodeAssembler::named_label`]) to `.rodata`, as
    /// [`CodeAssembler::kernel_descriptor`] does with the directives of
    /// [`KernelDescriptor::directives`]: its values are checked first, and an error
    /// names the field.
    ///
    /// ```
    /// use amdgpu_mc::mc::{CodeAssembler, KernelDescriptor};
    /// use amdgpu_mc::{assemble_line, Target};
    /// let t = Target::from_name("gfx906").unwrap();
    /// let mut a = CodeAssembler::new(t);
    /// let k = a.named_label("k", true);
    /// a.bind(k).unwrap();
    /// a.inst(assemble_line(t, "s_endpgm").unwrap()).unwrap();
    /// let mut kd = KernelDescriptor::new(t);
    /// kd.next_free_vgpr = 300;
    /// let e = a.kernel("k", &kd).unwrap_err();
    /// assert_eq!(e.to_string(), "next_free_vgpr: value out of range");
    /// ```
    pub fn kernel(&mut self, name: &str, kd: &KernelDescriptor) -> Result<(), Error> {
        let o = self.object();
        if o.target != kd.target {
            return Err(Error::new(
                ErrorKind::Kernel,
                format!(
                    "the descriptor is for {}, the assembler for {}",
                    kd.target.name, o.target.name
                ),
            ));
        }
        let block = kd.checked_block(o, name)?;
        self.emit_kernel_block(block)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row of the table has its field, in the table's order.
    #[test]
    fn a_field_per_row() {
        let rows: Vec<&str> = ROWS.iter().map(|r| &r.name[".amdhsa_".len()..]).collect();
        assert_eq!(KernelDescriptor::FIELDS, rows.as_slice());
    }

    /// The defaults write nothing a target lacks.
    #[test]
    fn defaults_pass_the_checks() {
        for name in ["gfx600", "gfx700", "gfx803", "gfx906", "gfx90a", "gfx942"] {
            let t = Target::from_name(name).unwrap();
            let mut kd = KernelDescriptor::new(t);
            kd.next_free_vgpr = 1;
            kd.check().unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }
}
