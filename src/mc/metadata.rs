//! Typed HSA metadata (code object v4 to v6) for compiler backends: kernels and
//! their arguments, laid out as LLVM lays them out (each argument at its natural
//! alignment, then the hidden arguments LLVM adds), written as the MessagePack
//! `NT_AMDGPU_METADATA` note the YAML of `.amdgpu_metadata` becomes (the same
//! writer, [`super::note::write_doc`], and LLVM's order of keys).
//!
//! ```
//! use amdgpu_mc::mc::{AddressSpace, Arg, CodeAssembler, Kernel, Metadata};
//! use amdgpu_mc::Target;
//! let t = Target::from_name("gfx90a").unwrap();
//! let mut k = Kernel::new("k");
//! k.args = vec![
//!     Arg::global_buffer("p", AddressSpace::Global),
//!     Arg::by_value("n", 4, 4),
//! ];
//! // 12 bytes of arguments, then v5's 256 bytes of hidden ones at 16.
//! assert_eq!(k.kernarg_segment_size(5), 272);
//! let mut md = Metadata::new();
//! md.kernels.push(k);
//! let mut a = CodeAssembler::new(t);
//! a.metadata(&md).unwrap();
//! ```

use super::builder::CodeAssembler;
use super::error::{Error, ErrorKind};
use super::note::{write_doc, Doc};
use crate::target::{Features, Gen, Target};

/// An argument's address space (`.address_space`).
///
/// ```
/// use amdgpu_mc::mc::{AddressSpace, Arg};
/// assert_eq!(Arg::global_buffer("p", AddressSpace::Constant).size, 8);
/// assert_eq!(AddressSpace::Local.name(), "local");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AddressSpace {
    /// `private` (scratch; 32-bit pointers).
    Private,
    /// `global`.
    Global,
    /// `constant`.
    Constant,
    /// `local` (LDS; 32-bit pointers).
    Local,
    /// `generic` (flat).
    Generic,
    /// `region` (GDS; 32-bit pointers).
    Region,
}

impl AddressSpace {
    /// The name the metadata gives it.
    ///
    /// ```
    /// assert_eq!(amdgpu_mc::mc::AddressSpace::Global.name(), "global");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            AddressSpace::Private => "private",
            AddressSpace::Global => "global",
            AddressSpace::Constant => "constant",
            AddressSpace::Local => "local",
            AddressSpace::Generic => "generic",
            AddressSpace::Region => "region",
        }
    }

    /// The size of its pointers in bytes, as LLVM's AMDGPU data layout says.
    ///
    /// ```
    /// use amdgpu_mc::mc::AddressSpace;
    /// assert_eq!(AddressSpace::Local.pointer_size(), 4);
    /// assert_eq!(AddressSpace::Generic.pointer_size(), 8);
    /// ```
    pub fn pointer_size(self) -> u32 {
        match self {
            AddressSpace::Private | AddressSpace::Local | AddressSpace::Region => 4,
            _ => 8,
        }
    }
}

/// An argument's access qualifier (`.access`, `.actual_access`).
///
/// ```
/// use amdgpu_mc::mc::{Access, AddressSpace, Arg};
/// let mut p = Arg::global_buffer("out", AddressSpace::Global);
/// p.access = Some(Access::WriteOnly);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Access {
    /// `read_only`.
    ReadOnly,
    /// `write_only`.
    WriteOnly,
    /// `read_write`.
    ReadWrite,
}

impl Access {
    fn name(self) -> &'static str {
        match self {
            Access::ReadOnly => "read_only",
            Access::WriteOnly => "write_only",
            Access::ReadWrite => "read_write",
        }
    }
}

/// The kind of an explicit argument (`.value_kind`; the hidden ones are made from
/// [`Hidden`]).
///
/// ```
/// use amdgpu_mc::mc::{Arg, ValueKind};
/// assert_eq!(Arg::by_value("n", 4, 4).value_kind, ValueKind::ByValue);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ValueKind {
    /// `by_value`: the value itself.
    ByValue,
    /// `global_buffer`: a pointer to memory.
    GlobalBuffer,
    /// `dynamic_shared_pointer`: a pointer to LDS allocated at dispatch.
    DynamicSharedPointer,
    /// `sampler` (OpenCL).
    Sampler,
    /// `image` (OpenCL).
    Image,
    /// `pipe` (OpenCL).
    Pipe,
    /// `queue` (OpenCL).
    Queue,
}

impl ValueKind {
    fn name(self) -> &'static str {
        match self {
            ValueKind::ByValue => "by_value",
            ValueKind::GlobalBuffer => "global_buffer",
            ValueKind::DynamicSharedPointer => "dynamic_shared_pointer",
            ValueKind::Sampler => "sampler",
            ValueKind::Image => "image",
            ValueKind::Pipe => "pipe",
            ValueKind::Queue => "queue",
        }
    }
}

/// An explicit kernel argument: its kind, size and alignment (its offset is worked
/// out), and the optional keys LLVM writes for OpenCL.
///
/// ```
/// use amdgpu_mc::mc::{AddressSpace, Arg};
/// let mut p = Arg::global_buffer("p", AddressSpace::Global);
/// p.is_const = true;
/// p.type_name = Some("float*".into());
/// let v = Arg::by_value("v", 16, 16); // a float4
/// assert_eq!((v.size, v.align), (16, 16));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Arg {
    /// `.name` (`None`: not written).
    pub name: Option<String>,
    /// `.type_name`.
    pub type_name: Option<String>,
    /// `.value_kind`.
    pub value_kind: ValueKind,
    /// `.size`: bytes.
    pub size: u32,
    /// Alignment in bytes (a power of 2): the offset is the next multiple.
    pub align: u32,
    /// `.address_space` (written for `global_buffer` and `dynamic_shared_pointer`
    /// arguments only, as LLVM writes it).
    pub address_space: Option<AddressSpace>,
    /// `.pointee_align`.
    pub pointee_align: Option<u32>,
    /// `.access`.
    pub access: Option<Access>,
    /// `.actual_access`.
    pub actual_access: Option<Access>,
    /// `.is_const` (written when true).
    pub is_const: bool,
    /// `.is_restrict` (written when true).
    pub is_restrict: bool,
    /// `.is_volatile` (written when true).
    pub is_volatile: bool,
    /// `.is_pipe` (written when true).
    pub is_pipe: bool,
}

impl Arg {
    fn of(name: &str, value_kind: ValueKind, size: u32, align: u32) -> Arg {
        Arg {
            name: (!name.is_empty()).then(|| name.to_string()),
            type_name: None,
            value_kind,
            size,
            align,
            address_space: None,
            pointee_align: None,
            access: None,
            actual_access: None,
            is_const: false,
            is_restrict: false,
            is_volatile: false,
            is_pipe: false,
        }
    }

    /// A pointer to memory in `address_space` (`global_buffer`), of that address
    /// space's pointer size and alignment (an empty name is not written).
    ///
    /// ```
    /// use amdgpu_mc::mc::{AddressSpace, Arg};
    /// let p = Arg::global_buffer("p", AddressSpace::Global);
    /// assert_eq!((p.size, p.align), (8, 8));
    /// ```
    pub fn global_buffer(name: &str, address_space: AddressSpace) -> Arg {
        let n = address_space.pointer_size();
        Arg {
            address_space: Some(address_space),
            ..Arg::of(name, ValueKind::GlobalBuffer, n, n)
        }
    }

    /// A pointer to LDS allocated at dispatch (`dynamic_shared_pointer`, 4 bytes),
    /// with the alignment it points at (LLVM writes 1 when the IR gives none).
    ///
    /// ```
    /// use amdgpu_mc::mc::Arg;
    /// let l = Arg::dynamic_shared_pointer("lds", 16);
    /// assert_eq!((l.size, l.pointee_align), (4, Some(16)));
    /// ```
    pub fn dynamic_shared_pointer(name: &str, pointee_align: u32) -> Arg {
        Arg {
            address_space: Some(AddressSpace::Local),
            pointee_align: Some(pointee_align),
            ..Arg::of(name, ValueKind::DynamicSharedPointer, 4, 4)
        }
    }

    /// A value of `size` bytes aligned to `align` (`by_value`): an `i32` is
    /// `by_value(name, 4, 4)`, a `double` `(name, 8, 8)`, a struct its size and
    /// largest member's alignment.
    ///
    /// ```
    /// use amdgpu_mc::mc::Arg;
    /// assert_eq!(Arg::by_value("x", 8, 8).size, 8);
    /// ```
    pub fn by_value(name: &str, size: u32, align: u32) -> Arg {
        Arg::of(name, ValueKind::ByValue, size, align)
    }

    /// An argument of another kind (samplers, images, pipes, queues).
    ///
    /// ```
    /// use amdgpu_mc::mc::{Arg, ValueKind};
    /// let s = Arg::other("s", ValueKind::Sampler, 8, 8);
    /// assert_eq!(s.value_kind, ValueKind::Sampler);
    /// ```
    pub fn other(name: &str, value_kind: ValueKind, size: u32, align: u32) -> Arg {
        Arg::of(name, value_kind, size, align)
    }
}

/// Which of the hidden arguments that depend on what the kernel uses LLVM
/// writes (the others of the code object version are always written, those of
/// v5 on the targets without aperture registers too): the `amdgpu-no-*`
/// attributes turned around. [`Hidden::LLVM_DEFAULT`] is what llc writes for a
/// kernel without those attributes.
///
/// ```
/// use amdgpu_mc::mc::{Hidden, Kernel};
/// let mut k = Kernel::new("k");
/// k.hidden = Some(Hidden { hostcall_buffer: false, ..Hidden::LLVM_DEFAULT });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hidden {
    /// `hidden_printf_buffer` (the module has `llvm.printf.fmts`; in v4 it takes
    /// the hostcall buffer's place).
    pub printf_buffer: bool,
    /// `hidden_hostcall_buffer`.
    pub hostcall_buffer: bool,
    /// `hidden_multigrid_sync_arg`.
    pub multigrid_sync_arg: bool,
    /// `hidden_heap_v1` (v5 and later).
    pub heap_v1: bool,
    /// `hidden_default_queue`.
    pub default_queue: bool,
    /// `hidden_completion_action`.
    pub completion_action: bool,
    /// `hidden_dynamic_lds_size` (v5 and later; written too where an argument is a
    /// `dynamic_shared_pointer`, as LLVM writes it).
    pub dynamic_lds_size: bool,
    /// `hidden_queue_ptr` (v5 and later).
    pub queue_ptr: bool,
}

impl Hidden {
    /// What llc writes for a kernel without `amdgpu-no-*` attributes, in a module
    /// without printf, using no dynamic LDS.
    ///
    /// ```
    /// assert!(amdgpu_mc::mc::Hidden::LLVM_DEFAULT.queue_ptr);
    /// ```
    pub const LLVM_DEFAULT: Hidden = Hidden {
        printf_buffer: false,
        hostcall_buffer: true,
        multigrid_sync_arg: true,
        heap_v1: true,
        default_queue: true,
        completion_action: true,
        dynamic_lds_size: false,
        queue_ptr: true,
    };

    /// Only the hidden arguments always written (block counts, group sizes,
    /// remainders, global offsets, grid dimensions; v4: global offsets and
    /// `hidden_none`s).
    ///
    /// ```
    /// assert!(!amdgpu_mc::mc::Hidden::NONE.hostcall_buffer);
    /// ```
    pub const NONE: Hidden = Hidden {
        printf_buffer: false,
        hostcall_buffer: false,
        multigrid_sync_arg: false,
        heap_v1: false,
        default_queue: false,
        completion_action: false,
        dynamic_lds_size: false,
        queue_ptr: false,
    };

    /// The hidden arguments of code object version `co_version` for `target`:
    /// (value kind, size, offset from the hidden arguments' start), as LLVM's
    /// metadata streamer lays them out; and the bytes they take.
    fn layout(&self, target: Target, co_version: u32) -> (Vec<(&'static str, u32, u32)>, u32) {
        let mut out = Vec::new();
        if co_version < 5 {
            let v4 = [
                (true, "hidden_global_offset_x"),
                (true, "hidden_global_offset_y"),
                (true, "hidden_global_offset_z"),
                (
                    true,
                    if self.printf_buffer {
                        "hidden_printf_buffer"
                    } else if self.hostcall_buffer {
                        "hidden_hostcall_buffer"
                    } else {
                        "hidden_none"
                    },
                ),
                (self.default_queue, "hidden_default_queue"),
                (self.completion_action, "hidden_completion_action"),
                (self.multigrid_sync_arg, "hidden_multigrid_sync_arg"),
            ];
            for (k, (on, kind)) in v4.into_iter().enumerate() {
                out.push((if on { kind } else { "hidden_none" }, 8, 8 * k as u32));
            }
            return (out, 56);
        }
        let apertures = target.gen >= Gen::Gfx9;
        let v5: [(bool, &'static str, u32, u32); 23] = [
            (true, "hidden_block_count_x", 4, 0),
            (true, "hidden_block_count_y", 4, 4),
            (true, "hidden_block_count_z", 4, 8),
            (true, "hidden_group_size_x", 2, 12),
            (true, "hidden_group_size_y", 2, 14),
            (true, "hidden_group_size_z", 2, 16),
            (true, "hidden_remainder_x", 2, 18),
            (true, "hidden_remainder_y", 2, 20),
            (true, "hidden_remainder_z", 2, 22),
            (true, "hidden_global_offset_x", 8, 40),
            (true, "hidden_global_offset_y", 8, 48),
            (true, "hidden_global_offset_z", 8, 56),
            (true, "hidden_grid_dims", 2, 64),
            (self.printf_buffer, "hidden_printf_buffer", 8, 72),
            (self.hostcall_buffer, "hidden_hostcall_buffer", 8, 80),
            (self.multigrid_sync_arg, "hidden_multigrid_sync_arg", 8, 88),
            (self.heap_v1, "hidden_heap_v1", 8, 96),
            (self.default_queue, "hidden_default_queue", 8, 104),
            (self.completion_action, "hidden_completion_action", 8, 112),
            (self.dynamic_lds_size, "hidden_dynamic_lds_size", 4, 120),
            (!apertures, "hidden_private_base", 4, 192),
            (!apertures, "hidden_shared_base", 4, 196),
            (self.queue_ptr, "hidden_queue_ptr", 8, 200),
        ];
        for (on, kind, size, off) in v5 {
            if on {
                out.push((kind, size, off));
            }
        }
        (out, 256)
    }
}

/// A kernel's source language (`.language`).
///
/// ```
/// use amdgpu_mc::mc::{Kernel, Language};
/// let mut k = Kernel::new("k");
/// k.language = Some((Language::OpenClC, [2, 0]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Language {
    /// `OpenCL C`.
    OpenClC,
    /// `OpenCL C++`.
    OpenClCpp,
    /// `HCC`.
    Hcc,
    /// `HIP`.
    Hip,
    /// `OpenMP`.
    OpenMp,
    /// `Assembler`.
    Assembler,
}

impl Language {
    fn name(self) -> &'static str {
        match self {
            Language::OpenClC => "OpenCL C",
            Language::OpenClCpp => "OpenCL C++",
            Language::Hcc => "HCC",
            Language::Hip => "HIP",
            Language::OpenMp => "OpenMP",
            Language::Assembler => "Assembler",
        }
    }
}

/// A kernel of the metadata (an entry of `amdhsa.kernels`): its arguments, from
/// which the kernel argument segment's size and alignment are worked out, and its
/// resources (which should be those of its descriptor).
///
/// ```
/// use amdgpu_mc::mc::{Arg, Kernel};
/// let mut k = Kernel::new("k");
/// k.args.push(Arg::by_value("n", 4, 4));
/// k.hidden = None; // no hidden arguments (amdgpu-implicitarg-num-bytes=0)
/// assert_eq!((k.kernarg_segment_size(5), k.kernarg_segment_align(5)), (4, 4));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kernel {
    /// `.name`.
    pub name: String,
    /// `.symbol`: the descriptor's symbol (`NAME.kd`).
    pub symbol: String,
    /// `.args`: the explicit arguments, in order.
    pub args: Vec<Arg>,
    /// The hidden arguments after them (`None`: none, and no room for them).
    pub hidden: Option<Hidden>,
    /// `.group_segment_fixed_size`: LDS bytes.
    pub group_segment_fixed_size: u32,
    /// `.private_segment_fixed_size`: scratch bytes per work-item.
    pub private_segment_fixed_size: u32,
    /// `.uses_dynamic_stack` (written for v5 and later).
    pub uses_dynamic_stack: bool,
    /// `.wavefront_size` (32 or 64).
    pub wavefront_size: u32,
    /// `.sgpr_count` (VCC and the other SGPRs the hardware adds included).
    pub sgpr_count: u32,
    /// `.vgpr_count`.
    pub vgpr_count: u32,
    /// `.agpr_count` (`None`: 0 on targets with MFMA, as LLVM writes it, else not
    /// written).
    pub agpr_count: Option<u32>,
    /// `.max_flat_workgroup_size`.
    pub max_flat_workgroup_size: u32,
    /// `.sgpr_spill_count`.
    pub sgpr_spill_count: u32,
    /// `.vgpr_spill_count`.
    pub vgpr_spill_count: u32,
    /// `.language` and `.language_version`.
    pub language: Option<(Language, [u32; 2])>,
    /// `.reqd_workgroup_size`.
    pub reqd_workgroup_size: Option<[u32; 3]>,
    /// `.workgroup_size_hint`.
    pub workgroup_size_hint: Option<[u32; 3]>,
    /// `.vec_type_hint`.
    pub vec_type_hint: Option<String>,
    /// `.device_enqueue_symbol`.
    pub device_enqueue_symbol: Option<String>,
    /// `.uniform_work_group_size` (v5 and later; written as 1 when true).
    pub uniform_work_group_size: bool,
}

/// An argument placed: (its `.args` entry, its offset).
type Placed = (Doc, u32);

impl Kernel {
    /// Kernel `name` (symbol `name.kd`), with LLVM's defaults: no arguments but
    /// the hidden ones of [`Hidden::LLVM_DEFAULT`], wave64, 1024 work-items at
    /// most, no registers.
    ///
    /// ```
    /// let k = amdgpu_mc::mc::Kernel::new("k");
    /// assert_eq!((k.symbol.as_str(), k.max_flat_workgroup_size), ("k.kd", 1024));
    /// ```
    pub fn new(name: &str) -> Kernel {
        Kernel {
            name: name.to_string(),
            symbol: format!("{name}.kd"),
            args: Vec::new(),
            hidden: Some(Hidden::LLVM_DEFAULT),
            group_segment_fixed_size: 0,
            private_segment_fixed_size: 0,
            uses_dynamic_stack: false,
            wavefront_size: 64,
            sgpr_count: 0,
            vgpr_count: 0,
            agpr_count: None,
            max_flat_workgroup_size: 1024,
            sgpr_spill_count: 0,
            vgpr_spill_count: 0,
            language: None,
            reqd_workgroup_size: None,
            workgroup_size_hint: None,
            vec_type_hint: None,
            device_enqueue_symbol: None,
            uniform_work_group_size: false,
        }
    }

    /// The explicit arguments' offsets (each at the next multiple of its
    /// alignment), where they end, and the largest alignment (at least 1).
    fn explicit(&self) -> (Vec<u32>, u64, u32) {
        let mut off = 0u64;
        let mut max = 1;
        let mut offs = Vec::new();
        for a in &self.args {
            let al = a.align.max(1) as u64;
            off = off.div_ceil(al) * al;
            offs.push(off as u32);
            off += a.size as u64;
            max = max.max(a.align);
        }
        (offs, off, max)
    }

    /// Where the hidden arguments start (none: `None`) and the bytes they take.
    fn hidden_start(&self, co_version: u32) -> Option<(u64, u32)> {
        let (_, end, _) = self.explicit();
        self.hidden
            .map(|_| (end.div_ceil(8) * 8, if co_version < 5 { 56 } else { 256 }))
    }

    /// `.kernarg_segment_size` for code object version `co_version`: the explicit
    /// arguments, the hidden ones at the next multiple of 8, rounded up to a
    /// multiple of 4 (the descriptor's `kernarg_size` is the same).
    ///
    /// ```
    /// use amdgpu_mc::mc::{AddressSpace, Arg, Kernel};
    /// let mut k = Kernel::new("k");
    /// k.args.push(Arg::by_value("n", 4, 4));
    /// assert_eq!(k.kernarg_segment_size(4), 8 + 56);
    /// ```
    pub fn kernarg_segment_size(&self, co_version: u32) -> u32 {
        let (_, end, _) = self.explicit();
        let total = match self.hidden_start(co_version) {
            Some((start, bytes)) => start + bytes as u64,
            None => end,
        };
        (total.div_ceil(4) * 4).min(u32::MAX as u64) as u32
    }

    /// `.kernarg_segment_align`: the largest argument alignment (8 with hidden
    /// arguments), at least 4.
    ///
    /// ```
    /// let k = amdgpu_mc::mc::Kernel::new("k");
    /// assert_eq!(k.kernarg_segment_align(5), 8);
    /// ```
    pub fn kernarg_segment_align(&self, co_version: u32) -> u32 {
        let (_, _, max) = self.explicit();
        let max = match self.hidden_start(co_version) {
            Some(_) => max.max(8),
            None => max,
        };
        max.max(4)
    }

    /// The `.args` entries, explicit then hidden.
    fn args_doc(&self, target: Target, co_version: u32) -> Result<Vec<Placed>, Error> {
        let (offs, end, _) = self.explicit();
        if end + 256 > u32::MAX as u64 {
            return Err(self.error("the arguments do not fit in 4 GiB"));
        }
        let mut out = Vec::new();
        for (k, (a, off)) in self.args.iter().zip(offs).enumerate() {
            if !a.align.is_power_of_two() {
                return Err(self.error(&format!(
                    "argument {k} ({}): align {} is not a power of 2",
                    a.name.as_deref().unwrap_or(""),
                    a.align
                )));
            }
            let mut m = Doc::Map(Vec::new());
            if let Some(n) = &a.name {
                m.insert(s(".name"), s(n));
            }
            if let Some(n) = &a.type_name {
                m.insert(s(".type_name"), s(n));
            }
            m.insert(s(".offset"), u(off));
            m.insert(s(".size"), u(a.size));
            m.insert(s(".value_kind"), s(a.value_kind.name()));
            if let Some(p) = a.pointee_align {
                m.insert(s(".pointee_align"), u(p));
            }
            if let Some(sp) = a.address_space {
                if matches!(
                    a.value_kind,
                    ValueKind::GlobalBuffer | ValueKind::DynamicSharedPointer
                ) {
                    m.insert(s(".address_space"), s(sp.name()));
                }
            }
            if let Some(q) = a.access {
                m.insert(s(".access"), s(q.name()));
            }
            if let Some(q) = a.actual_access {
                m.insert(s(".actual_access"), s(q.name()));
            }
            for (on, key) in [
                (a.is_const, ".is_const"),
                (a.is_restrict, ".is_restrict"),
                (a.is_volatile, ".is_volatile"),
                (a.is_pipe, ".is_pipe"),
            ] {
                if on {
                    m.insert(s(key), Doc::Bool(true));
                }
            }
            out.push((m, off));
        }
        if let (Some(mut h), Some((start, _))) = (self.hidden, self.hidden_start(co_version)) {
            // (LDS pointer arguments make the kernel one that uses dynamic LDS.)
            h.dynamic_lds_size |= self
                .args
                .iter()
                .any(|a| a.value_kind == ValueKind::DynamicSharedPointer);
            let (args, _) = h.layout(target, co_version);
            for (kind, size, rel) in args {
                let mut m = Doc::Map(Vec::new());
                let off = start as u32 + rel;
                m.insert(s(".offset"), u(off));
                m.insert(s(".size"), u(size));
                m.insert(s(".value_kind"), s(kind));
                out.push((m, off));
            }
        }
        Ok(out)
    }

    fn error(&self, m: &str) -> Error {
        Error::new(ErrorKind::Metadata, format!("kernel {}: {m}", self.name))
    }

    /// The kernel's map.
    fn doc(&self, target: Target, co_version: u32) -> Result<Doc, Error> {
        if self.name.is_empty() || self.symbol.is_empty() {
            return Err(self.error("name and symbol must not be empty"));
        }
        if ![32, 64].contains(&self.wavefront_size) {
            return Err(self.error("wavefront_size must be 32 or 64"));
        }
        let mut m = Doc::Map(Vec::new());
        let args = self.args_doc(target, co_version)?;
        if !args.is_empty() {
            m.insert(
                s(".args"),
                Doc::Array(args.into_iter().map(|a| a.0).collect()),
            );
        }
        m.insert(s(".name"), s(&self.name));
        m.insert(s(".symbol"), s(&self.symbol));
        if let Some((lang, version)) = self.language {
            m.insert(s(".language"), s(lang.name()));
            m.insert(
                s(".language_version"),
                Doc::Array(version.iter().map(|v| u(*v)).collect()),
            );
        }
        for (key, v) in [
            (".reqd_workgroup_size", self.reqd_workgroup_size),
            (".workgroup_size_hint", self.workgroup_size_hint),
        ] {
            if let Some(v) = v {
                m.insert(s(key), Doc::Array(v.iter().map(|x| u(*x)).collect()));
            }
        }
        if let Some(v) = &self.vec_type_hint {
            m.insert(s(".vec_type_hint"), s(v));
        }
        if let Some(v) = &self.device_enqueue_symbol {
            m.insert(s(".device_enqueue_symbol"), s(v));
        }
        m.insert(
            s(".kernarg_segment_size"),
            u(self.kernarg_segment_size(co_version)),
        );
        m.insert(
            s(".kernarg_segment_align"),
            u(self.kernarg_segment_align(co_version)),
        );
        m.insert(
            s(".group_segment_fixed_size"),
            u(self.group_segment_fixed_size),
        );
        m.insert(
            s(".private_segment_fixed_size"),
            u(self.private_segment_fixed_size),
        );
        if co_version >= 5 {
            m.insert(s(".uses_dynamic_stack"), Doc::Bool(self.uses_dynamic_stack));
        }
        m.insert(s(".wavefront_size"), u(self.wavefront_size));
        m.insert(s(".sgpr_count"), u(self.sgpr_count));
        m.insert(s(".vgpr_count"), u(self.vgpr_count));
        match self.agpr_count {
            Some(n) => m.insert(s(".agpr_count"), u(n)),
            None if target.has(Features::MAI) => m.insert(s(".agpr_count"), u(0)),
            None => {}
        }
        m.insert(
            s(".max_flat_workgroup_size"),
            u(self.max_flat_workgroup_size),
        );
        m.insert(s(".sgpr_spill_count"), u(self.sgpr_spill_count));
        m.insert(s(".vgpr_spill_count"), u(self.vgpr_spill_count));
        if co_version >= 5 && self.uniform_work_group_size {
            m.insert(s(".uniform_work_group_size"), u(1));
        }
        Ok(m)
    }
}

fn s(v: &str) -> Doc {
    Doc::Str(v.to_string())
}

fn u(v: u32) -> Doc {
    Doc::UInt(v as u64)
}

/// HSA metadata: the kernels and the printf formats (`amdhsa.printf`); the
/// target id (`amdhsa.target`) and version (`amdhsa.version`) are the object's.
///
/// ```
/// use amdgpu_mc::mc::{Kernel, Metadata};
/// let mut md = Metadata::new();
/// md.kernels.push(Kernel::new("k"));
/// let t = amdgpu_mc::Target::from_name("gfx906").unwrap();
/// let bytes = md.msgpack(t, "amdgcn-amd-amdhsa--gfx906", 5).unwrap();
/// assert_eq!(bytes[0], 0x83); // a map of 3: kernels, target, version
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    /// `amdhsa.kernels`.
    pub kernels: Vec<Kernel>,
    /// `amdhsa.printf` (written when not empty).
    pub printf: Vec<String>,
}

impl Metadata {
    /// No kernels.
    ///
    /// ```
    /// assert!(amdgpu_mc::mc::Metadata::new().kernels.is_empty());
    /// ```
    pub fn new() -> Metadata {
        Metadata::default()
    }

    /// The MessagePack description of the `NT_AMDGPU_METADATA` note for `target`,
    /// its target id (`amdgcn-amd-amdhsa--gfx90a:xnack+`) and code object version
    /// `co_version` (4, 5 or 6).
    ///
    /// ```
    /// let t = amdgpu_mc::Target::from_name("gfx906").unwrap();
    /// assert!(amdgpu_mc::mc::Metadata::new().msgpack(t, "x", 3).is_err());
    /// ```
    pub fn msgpack(
        &self,
        target: Target,
        target_id: &str,
        co_version: u32,
    ) -> Result<Vec<u8>, Error> {
        let minor = match co_version {
            4 => 1,
            // (LLVM 22 writes v6's version as v5's.)
            5 | 6 => 2,
            _ => {
                return Err(Error::new(
                    ErrorKind::Metadata,
                    format!("typed metadata is for code object v4 to v6, not v{co_version}"),
                ))
            }
        };
        let mut root = Doc::Map(Vec::new());
        let kernels = self
            .kernels
            .iter()
            .map(|k| k.doc(target, co_version))
            .collect::<Result<Vec<_>, _>>()?;
        root.insert(s("amdhsa.kernels"), Doc::Array(kernels));
        if !self.printf.is_empty() {
            root.insert(
                s("amdhsa.printf"),
                Doc::Array(self.printf.iter().map(|p| s(p)).collect()),
            );
        }
        root.insert(s("amdhsa.target"), s(target_id));
        root.insert(s("amdhsa.version"), Doc::Array(vec![u(1), u(minor)]));
        let mut out = Vec::new();
        write_doc(&mut out, &root);
        Ok(out)
    }
}

impl CodeAssembler {
    /// Adds the `NT_AMDGPU_METADATA` note of `md`, with the object's target id and
    /// code object version, as `.amdgpu_metadata` adds the note of its YAML.
    ///
    /// ```
    /// use amdgpu_mc::mc::{CodeAssembler, Kernel, Metadata};
    /// let t = amdgpu_mc::Target::from_name("gfx906").unwrap();
    /// let mut a = CodeAssembler::new(t);
    /// let mut md = Metadata::new();
    /// md.kernels.push(Kernel::new("k"));
    /// a.metadata(&md).unwrap();
    /// ```
    pub fn metadata(&mut self, md: &Metadata) -> Result<(), Error> {
        let o = self.object();
        let id = super::text::target_id(o);
        let desc = md.msgpack(o.target, &id, o.co_version)?;
        self.metadata_note(desc);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The metadata of a kernel is the note of the same YAML.
    #[test]
    fn same_as_yaml() {
        let t = Target::from_name("gfx906").unwrap();
        let mut k = Kernel::new("k");
        k.args.push(Arg::global_buffer("p", AddressSpace::Global));
        k.hidden = None;
        k.sgpr_count = 6;
        k.vgpr_count = 1;
        let mut md = Metadata::new();
        md.kernels.push(k);
        let ours = md.msgpack(t, "amdgcn-amd-amdhsa--gfx906", 5).unwrap();
        let yaml = "---\namdhsa.kernels:\n  - .args:\n      - .address_space: global\n        .name: p\n        .offset: 0\n        .size: 8\n        .value_kind: global_buffer\n    .name: k\n    .symbol: k.kd\n    .kernarg_segment_size: 8\n    .kernarg_segment_align: 8\n    .group_segment_fixed_size: 0\n    .private_segment_fixed_size: 0\n    .uses_dynamic_stack: false\n    .wavefront_size: 64\n    .sgpr_count: 6\n    .vgpr_count: 1\n    .max_flat_workgroup_size: 1024\n    .sgpr_spill_count: 0\n    .vgpr_spill_count: 0\namdhsa.target: amdgcn-amd-amdhsa--gfx906\namdhsa.version:\n  - 1\n  - 2\n...\n";
        assert_eq!(ours, super::super::note::metadata_from_yaml(yaml).unwrap());
    }

    /// Offsets at natural alignment; v5's hidden arguments at the next multiple of 8.
    #[test]
    fn layout() {
        let mut k = Kernel::new("k");
        k.args = vec![
            Arg::by_value("c", 1, 1),
            Arg::by_value("d", 8, 8),
            Arg::by_value("i", 4, 4),
        ];
        let (offs, end, max) = k.explicit();
        assert_eq!((offs, end, max), (vec![0, 8, 16], 20, 8));
        assert_eq!(k.kernarg_segment_size(5), 24 + 256);
        assert_eq!(k.kernarg_segment_size(4), 24 + 56);
    }

    /// Refusals name the kernel and the argument.
    #[test]
    fn refusals() {
        let t = Target::from_name("gfx906").unwrap();
        let mut k = Kernel::new("k");
        k.args.push(Arg::by_value("n", 4, 3));
        let mut md = Metadata::new();
        md.kernels.push(k);
        let e = md.msgpack(t, "x", 5).unwrap_err().to_string();
        assert_eq!(e, "kernel k: argument 0 (n): align 3 is not a power of 2");
        md.kernels[0].args[0].align = 4;
        md.kernels[0].wavefront_size = 16;
        assert!(md.msgpack(t, "x", 5).is_err());
    }
}
