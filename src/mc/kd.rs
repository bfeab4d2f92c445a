//! The `.amdhsa_kernel` block: its directives (a table: where each one's value goes
//! in the 64-byte kernel descriptor, its width, the targets that have it, its
//! default) and the descriptor llvm-mc writes from them, with the register block
//! counts computed as LLVM computes them (AMDGPUUsage, "Kernel Descriptor").

use super::object::{FixupKind, Loc, Object};
use crate::syntax::expr::{Bin, Tree};
use crate::target::{Features, Gen, Target};

/// Where a directive's value goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    /// A 32-bit word at this byte offset.
    Word(usize),
    /// Bits of a 32-bit word at this offset: (offset, shift, width).
    Bits(usize, u32, u32),
    /// Read by the block-count computation, not stored directly.
    Special,
}

const RSRC3: usize = 44;
const RSRC1: usize = 48;
const RSRC2: usize = 52;
const PROPS: usize = 56;
const PRELOAD: usize = 58;

/// One directive: name, field, first generation that has it, (only gfx90a and
/// later), user SGPRs it adds when enabled, default.
struct Row {
    name: &'static str,
    field: Field,
    min: Gen,
    user_sgprs: u32,
    default: i64,
}

const fn row(name: &'static str, field: Field, min: Gen, user_sgprs: u32, default: i64) -> Row {
    Row {
        name,
        field,
        min,
        user_sgprs,
        default,
    }
}

use Field::{Bits, Special, Word};
use Gen::{Gfx6, Gfx7, Gfx8, Gfx9, Gfx90a};

/// The directives LLVM 22 knows for gfx6 to gfx942.
const ROWS: &[Row] = &[
    row(".amdhsa_group_segment_fixed_size", Word(0), Gfx6, 0, 0),
    row(".amdhsa_private_segment_fixed_size", Word(4), Gfx6, 0, 0),
    row(".amdhsa_kernarg_size", Word(8), Gfx6, 0, 0),
    row(".amdhsa_user_sgpr_count", Special, Gfx6, 0, 0),
    row(
        ".amdhsa_user_sgpr_private_segment_buffer",
        Bits(PROPS, 0, 1),
        Gfx6,
        4,
        0,
    ),
    row(
        ".amdhsa_user_sgpr_dispatch_ptr",
        Bits(PROPS, 1, 1),
        Gfx6,
        2,
        0,
    ),
    row(".amdhsa_user_sgpr_queue_ptr", Bits(PROPS, 2, 1), Gfx6, 2, 0),
    row(
        ".amdhsa_user_sgpr_kernarg_segment_ptr",
        Bits(PROPS, 3, 1),
        Gfx6,
        2,
        0,
    ),
    row(
        ".amdhsa_user_sgpr_dispatch_id",
        Bits(PROPS, 4, 1),
        Gfx6,
        2,
        0,
    ),
    row(
        ".amdhsa_user_sgpr_flat_scratch_init",
        Bits(PROPS, 5, 1),
        Gfx6,
        2,
        0,
    ),
    row(
        ".amdhsa_user_sgpr_private_segment_size",
        Bits(PROPS, 6, 1),
        Gfx6,
        1,
        0,
    ),
    row(
        ".amdhsa_user_sgpr_kernarg_preload_length",
        Bits(PRELOAD, 0, 7),
        Gfx90a,
        0,
        0,
    ),
    row(
        ".amdhsa_user_sgpr_kernarg_preload_offset",
        Bits(PRELOAD, 7, 9),
        Gfx90a,
        0,
        0,
    ),
    row(".amdhsa_uses_dynamic_stack", Bits(PROPS, 11, 1), Gfx6, 0, 0),
    row(
        ".amdhsa_system_sgpr_private_segment_wavefront_offset",
        Bits(RSRC2, 0, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_enable_private_segment",
        Bits(RSRC2, 0, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_system_sgpr_workgroup_id_x",
        Bits(RSRC2, 7, 1),
        Gfx6,
        0,
        1,
    ),
    row(
        ".amdhsa_system_sgpr_workgroup_id_y",
        Bits(RSRC2, 8, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_system_sgpr_workgroup_id_z",
        Bits(RSRC2, 9, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_system_sgpr_workgroup_info",
        Bits(RSRC2, 10, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_system_vgpr_workitem_id",
        Bits(RSRC2, 11, 2),
        Gfx6,
        0,
        0,
    ),
    row(".amdhsa_next_free_vgpr", Special, Gfx6, 0, 0),
    row(".amdhsa_next_free_sgpr", Special, Gfx6, 0, 0),
    row(".amdhsa_accum_offset", Special, Gfx90a, 0, 0),
    row(".amdhsa_reserve_vcc", Special, Gfx6, 0, 1),
    row(".amdhsa_reserve_flat_scratch", Special, Gfx7, 0, 1),
    row(".amdhsa_reserve_xnack_mask", Special, Gfx8, 0, 0),
    row(
        ".amdhsa_float_round_mode_32",
        Bits(RSRC1, 12, 2),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_float_round_mode_16_64",
        Bits(RSRC1, 14, 2),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_float_denorm_mode_32",
        Bits(RSRC1, 16, 2),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_float_denorm_mode_16_64",
        Bits(RSRC1, 18, 2),
        Gfx6,
        0,
        3,
    ),
    row(".amdhsa_dx10_clamp", Bits(RSRC1, 21, 1), Gfx6, 0, 1),
    row(".amdhsa_ieee_mode", Bits(RSRC1, 23, 1), Gfx6, 0, 1),
    row(".amdhsa_fp16_overflow", Bits(RSRC1, 26, 1), Gfx9, 0, 0),
    row(".amdhsa_tg_split", Bits(RSRC3, 16, 1), Gfx90a, 0, 0),
    row(
        ".amdhsa_exception_fp_ieee_invalid_op",
        Bits(RSRC2, 24, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_exception_fp_denorm_src",
        Bits(RSRC2, 25, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_exception_fp_ieee_div_zero",
        Bits(RSRC2, 26, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_exception_fp_ieee_overflow",
        Bits(RSRC2, 27, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_exception_fp_ieee_underflow",
        Bits(RSRC2, 28, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_exception_fp_ieee_inexact",
        Bits(RSRC2, 29, 1),
        Gfx6,
        0,
        0,
    ),
    row(
        ".amdhsa_exception_int_div_zero",
        Bits(RSRC2, 30, 1),
        Gfx6,
        0,
        0,
    ),
];

/// Directives of later targets than these (known to llvm-mc, refused here as llvm-mc
/// refuses them for gfx6-gfx942).
const GFX10_ROWS: &[&str] = &[
    ".amdhsa_wavefront_size32",
    ".amdhsa_workgroup_processor_mode",
    ".amdhsa_memory_ordered",
    ".amdhsa_forward_progress",
    ".amdhsa_shared_vgpr_count",
];

/// Whether the target has flat scratch set up by the hardware (gfx940 and later).
fn architected_flat_scratch(t: Target) -> bool {
    t.has(Features::ARCH_FLAT_SCRATCH)
}

/// The SGPRs after the numbered ones the hardware takes (VCC, FLAT_SCRATCH,
/// XNACK_MASK), as LLVM's `getNumExtraSGPRs` counts them.
pub fn extra_sgprs(t: Target, vcc: bool, flat_scratch: bool, xnack: bool) -> u32 {
    let mut n = if vcc { 2 } else { 0 };
    if t.gen.before_gfx8() {
        if flat_scratch {
            n = 4;
        }
    } else {
        if xnack {
            n = 4;
        }
        if flat_scratch || architected_flat_scratch(t) {
            n = 6;
        }
    }
    n
}

/// A `.amdhsa_kernel` block being read.
#[derive(Clone, Debug)]
pub struct KernelBlock {
    name: String,
    /// Where `.amdhsa_kernel` was written.
    pub loc: Loc,
    /// (row, value, where the value is, where the directive is).
    values: Vec<(usize, Tree, Loc, Loc)>,
}

impl KernelBlock {
    /// A block for kernel `name`.
    pub fn new(name: &str, loc: Loc) -> KernelBlock {
        KernelBlock {
            name: name.to_string(),
            loc,
            values: Vec::new(),
        }
    }

    /// Records one directive of the block. Errors say whether they are at the
    /// value (else at the directive).
    pub fn directive(
        &mut self,
        t: Target,
        co_version: u32,
        name: &str,
        value: Tree,
        loc: Loc,
        start: Loc,
    ) -> Result<(), (bool, String)> {
        self.check(t, co_version, name, value, loc, start)
            .map_err(|m| (m == REPEATED, m))
    }

    fn check(
        &mut self,
        t: Target,
        co_version: u32,
        name: &str,
        value: Tree,
        loc: Loc,
        start: Loc,
    ) -> Result<(), String> {
        if GFX10_ROWS.contains(&name) {
            return Err("directive requires gfx10+".into());
        }
        let Some(k) = ROWS.iter().position(|r| r.name == name) else {
            return Err("unknown .amdhsa_kernel directive".into());
        };
        let r = &ROWS[k];
        if t.gen < r.min {
            return Err(match r.min {
                Gfx7 => "directive requires gfx7+",
                Gfx8 => "directive requires gfx8+",
                Gfx9 => "directive requires gfx9+",
                _ => "directive requires gfx90a+",
            }
            .into());
        }
        if self.values.iter().any(|v| v.0 == k) {
            return Err(REPEATED.into());
        }
        let arch = architected_flat_scratch(t);
        match name {
            ".amdhsa_user_sgpr_flat_scratch_init"
            | ".amdhsa_reserve_flat_scratch"
            | ".amdhsa_user_sgpr_private_segment_buffer"
                if arch =>
            {
                return Err("directive is not supported with architected flat scratch".into())
            }
            ".amdhsa_system_sgpr_private_segment_wavefront_offset" if arch => {
                return Err("directive is not supported with architected flat scratch".into())
            }
            ".amdhsa_enable_private_segment" if !arch => {
                return Err("directive is not supported without architected flat scratch".into())
            }
            ".amdhsa_uses_dynamic_stack" if co_version < 5 => {
                return Err("directive requires code object v5 or later".into())
            }
            _ => {}
        }
        self.values.push((k, value, loc, start));
        Ok(())
    }
}

impl KernelBlock {
    /// Whether every value the block has is a number (no symbol left in it).
    pub fn values_are_numbers(&self) -> bool {
        self.values.iter().all(|v| matches!(v.1, Tree::Num(_)))
    }
}

const REPEATED: &str = ".amdhsa_ directives cannot be repeated";

/// A descriptor waiting for its values (they may name symbols set later).
#[derive(Clone, Debug)]
pub struct Pending {
    sec: usize,
    off: u64,
    block: KernelBlock,
    /// The token after `.end_amdhsa_kernel`, where llvm-mc reports the block's errors.
    end: Loc,
}

/// Ends a block: checks the required directives, reserves the 64 bytes at the
/// current place, defines `NAME.kd` and the entry-offset relocation. The values are
/// filled in by [`fill`] when the object is finished. Errors: (column or
/// `usize::MAX` for the directive's own, message).
pub fn emit(o: &mut Object, block: KernelBlock, end: Loc) -> Result<(), (usize, String)> {
    let has = |n: &str| block.values.iter().any(|v| ROWS[v.0].name == n);
    if !has(".amdhsa_next_free_vgpr") {
        return Err((
            usize::MAX,
            ".amdhsa_next_free_vgpr directive is required".into(),
        ));
    }
    if !has(".amdhsa_next_free_sgpr") {
        return Err((
            usize::MAX,
            ".amdhsa_next_free_sgpr directive is required".into(),
        ));
    }
    if o.target.has(Features::UNIFIED_VGPRS) && !has(".amdhsa_accum_offset") {
        return Err((
            usize::MAX,
            ".amdhsa_accum_offset directive is required".into(),
        ));
    }
    // (The descriptor's symbol is made before the kernel's is looked up, as in
    // llvm-mc: the symbol table lists them in that order when both are new.)
    if o.sec().ty == super::object::sht::NOBITS {
        return Err((
            usize::MAX,
            "a kernel descriptor cannot be in a SHT_NOBITS section".into(),
        ));
    }
    let kd_name = format!("{}.kd", block.name);
    let off = o.sec().len();
    let kd = o.label(&kd_name).map_err(|m| (usize::MAX, m))?;
    let kernel = o.symbol(&block.name);
    {
        let bind = o.bind_of(&o.symbols[kernel]);
        let s = &mut o.symbols[kd];
        s.ty = super::object::stt::OBJECT;
        s.bind = Some(bind);
        s.size = Some((Tree::Num(64), end.clone()));
        if o.symbols[kernel].vis == 0 {
            o.symbols[kernel].vis = 3; // STV_PROTECTED
        }
    }
    o.emit(&[0u8; 64]).map_err(|m| (usize::MAX, m))?;
    // kernel_code_entry_byte_offset = kernel - kd.
    let e = Tree::Bin(
        Bin::Sub,
        Box::new(Tree::Sym(
            block.name.clone().into(),
            crate::syntax::expr::Variant::None,
        )),
        Box::new(Tree::Sym(
            kd_name.into(),
            crate::syntax::expr::Variant::None,
        )),
    );
    o.fixup(off + 16, FixupKind::Data(8), e, end.clone());
    o.pending_kds.push(Pending {
        sec: o.cur,
        off,
        block,
        end,
    });
    Ok(())
}

/// The value of each row's directive, if the block has it, and where.
type Values = Vec<Option<(i64, Loc)>>;

/// Errors at their places.
type Errors = Vec<(Loc, String)>;

/// A descriptor computed from a block's values, and the values llvm-mc's text shows
/// that are not in its bytes.
struct Descriptor {
    kd: [u8; 64],
    next_vgpr: i64,
    next_sgpr: i64,
    vcc: i64,
    flat_scratch: i64,
}

/// The row named `name`.
fn row_of(name: &str) -> usize {
    ROWS.iter().position(|r| r.name == name).unwrap_or(0)
}

/// Evaluates a block's values: each must be absolute (else an error at it).
fn values(o: &Object, block: &KernelBlock) -> Result<(Values, Vec<Option<Loc>>), Errors> {
    let mut errs = Vec::new();
    let mut val = vec![None::<(i64, Loc)>; ROWS.len()];
    let mut starts = vec![None::<Loc>; ROWS.len()];
    for (k, tree, loc, start) in &block.values {
        starts[*k] = Some(start.clone());
        match o.absolute(tree) {
            Ok(v) => val[*k] = Some((v, loc.clone())),
            Err(m) => errs.push((loc.clone(), m)),
        }
    }
    match errs.is_empty() {
        true => Ok((val, starts)),
        false => Err(errs),
    }
}

/// Computes a pending descriptor's bytes and writes them.
pub fn fill(o: &mut Object, p: &Pending) -> Vec<(Loc, String)> {
    let (val, starts) = match values(o, &p.block) {
        Ok(v) => v,
        Err(errs) => return errs,
    };
    let (d, errs) = compute(o, &p.block, &val, &starts, &p.end);
    let data = &mut o.sections[p.sec].data;
    let at = p.off as usize;
    // Keep the entry offset's bytes (a fixup's).
    for (k, b) in d.kd.iter().enumerate() {
        if !(16..24).contains(&k) {
            data[at + k] = *b;
        }
    }
    errs
}

/// The descriptor of a block and the errors in its values (`end`: the place of the
/// token after `.end_amdhsa_kernel`).
fn compute(
    o: &Object,
    block: &KernelBlock,
    val: &Values,
    starts: &[Option<Loc>],
    end: &Loc,
) -> (Descriptor, Vec<(Loc, String)>) {
    let mut errs = Vec::new();
    let t = o.target;
    let get = |n: &str| -> i64 {
        let k = row_of(n);
        val[k].as_ref().map_or(ROWS[k].default, |v| v.0)
    };
    let loc_of = |n: &str| -> Loc {
        val[row_of(n)]
            .as_ref()
            .map_or(block.loc.clone(), |v| v.1.clone())
    };
    let mut kd = [0u8; 64];
    let word = |kd: &mut [u8; 64], off: usize, shift: u32, width: u32, v: u64| {
        let cur = if off == PRELOAD || off == PROPS {
            u16::from_le_bytes([kd[off], kd[off + 1]]) as u64
        } else {
            u32::from_le_bytes([kd[off], kd[off + 1], kd[off + 2], kd[off + 3]]) as u64
        };
        let mask = ((1u64 << width) - 1) << shift;
        let new = (cur & !mask) | ((v << shift) & mask);
        if off == PRELOAD || off == PROPS {
            kd[off..off + 2].copy_from_slice(&(new as u16).to_le_bytes());
        } else {
            kd[off..off + 4].copy_from_slice(&(new as u32).to_le_bytes());
        }
    };
    let mut implicit_user = 0u32;
    for (k, r) in ROWS.iter().enumerate() {
        if t.gen < r.min {
            continue;
        }
        // (Two directives share the private-segment bit: only what is given or
        // non-zero by default is written.)
        if val[k].is_none() && r.default == 0 {
            continue;
        }
        let v = val[k].as_ref().map_or(r.default, |v| v.0);
        let here = val[k].as_ref().map_or(block.loc.clone(), |v| v.1.clone());
        match r.field {
            Word(off) => {
                if !(0..=u32::MAX as i64).contains(&v) {
                    errs.push((here, "value out of range".into()));
                    continue;
                }
                kd[off..off + 4].copy_from_slice(&(v as u32).to_le_bytes());
            }
            Bits(off, shift, width) => {
                if v < 0 || v >= 1 << width {
                    errs.push((here, "value out of range".into()));
                    continue;
                }
                word(&mut kd, off, shift, width, v as u64);
                if r.user_sgprs > 0 && v != 0 {
                    implicit_user += r.user_sgprs;
                }
            }
            // (Worked out below; llvm-mc refuses a negative value at once.)
            Special if v < 0 => {
                errs.push((here, "value out of range".into()));
                let d = Descriptor {
                    kd,
                    next_vgpr: 0,
                    next_sgpr: 0,
                    vcc: 0,
                    flat_scratch: 0,
                };
                return (d, errs);
            }
            Special => {}
        }
    }
    // Preloaded kernel arguments take user SGPRs too.
    if t.has(Features::UNIFIED_VGPRS) {
        implicit_user += get(".amdhsa_user_sgpr_kernarg_preload_length") as u32;
    }
    let explicit = val[row_of(".amdhsa_user_sgpr_count")].as_ref().map(|v| v.0);
    let user = match explicit {
        Some(n) if n < implicit_user as i64 => {
            errs.push((
                end.clone(),
                "amdgpu_user_sgpr_count smaller than than implied by enabled user SGPRs".into(),
            ));
            n
        }
        Some(n) => n,
        None => implicit_user as i64,
    };
    // (The user SGPRs the directives enable may be 16 at most, reported at the
    // kernel's name; an explicit count only has to fit its field, reported at the end.)
    if implicit_user > 16 {
        errs.push((block.loc.clone(), "too many user SGPRs enabled".into()));
    } else if !(0..=31).contains(&user) {
        errs.push((end.clone(), "too many user SGPRs enabled".into()));
    } else {
        word(&mut kd, RSRC2, 1, 5, user as u64);
    }
    // (The reserve directives are flags.)
    for n in [
        ".amdhsa_reserve_vcc",
        ".amdhsa_reserve_flat_scratch",
        ".amdhsa_reserve_xnack_mask",
    ] {
        if let Some((v, loc)) = &val[row_of(n)] {
            if !(0..=1).contains(v) {
                errs.push((loc.clone(), "value out of range".into()));
            }
        }
    }
    // Register blocks.
    let gfx90a = t.has(Features::UNIFIED_VGPRS);
    let next_vgpr = get(".amdhsa_next_free_vgpr");
    let next_sgpr = get(".amdhsa_next_free_sgpr");
    let vcc = get(".amdhsa_reserve_vcc") != 0;
    // (gfx6 has no directive but reserves flat scratch all the same, as LLVM does.)
    let fs = !architected_flat_scratch(t) && get(".amdhsa_reserve_flat_scratch") != 0;
    let xnack_default = o.has_xnack() && o.xnack != Some(false);
    let xk = row_of(".amdhsa_reserve_xnack_mask");
    let xnack = if t.gen >= Gen::Gfx8 {
        if let Some((v, loc)) = &val[xk] {
            if (0..=1).contains(v) && (*v != 0) != xnack_default {
                errs.push((
                    starts[xk].clone().unwrap_or_else(|| loc.clone()),
                    ".amdhsa_reserve_xnack_mask does not match target id".into(),
                ));
            }
        }
        xnack_default
    } else {
        false
    };
    let max_vgpr = if gfx90a { 512 } else { 256 };
    if !(0..=max_vgpr).contains(&next_vgpr) {
        errs.push((
            loc_of(".amdhsa_next_free_vgpr"),
            "value out of range".into(),
        ));
    }
    let granule = if gfx90a { 8 } else { 4 };
    let vgpr_blocks = next_vgpr.max(1).saturating_add(granule - 1) / granule - 1;
    let addressable = if t.gen.before_gfx8() { 104 } else { 102 };
    let init_bug = t.name == "gfx802";
    let mut sgprs = next_sgpr;
    if !t.gen.before_gfx8() && !init_bug && sgprs > addressable {
        errs.push((
            loc_of(".amdhsa_next_free_sgpr"),
            "value out of range".into(),
        ));
    }
    sgprs = sgprs.saturating_add(extra_sgprs(t, vcc, fs, xnack) as i64);
    if (t.gen.before_gfx8() || init_bug) && sgprs > addressable {
        errs.push((
            loc_of(".amdhsa_next_free_sgpr"),
            "value out of range".into(),
        ));
    }
    if init_bug {
        sgprs = 96;
    }
    let sgpr_blocks = sgprs.max(1).saturating_add(7) / 8 - 1;
    word(&mut kd, RSRC1, 0, 6, vgpr_blocks.clamp(0, 63) as u64);
    word(&mut kd, RSRC1, 6, 4, sgpr_blocks.clamp(0, 15) as u64);
    if gfx90a {
        let acc = get(".amdhsa_accum_offset");
        if !(4..=256).contains(&acc) || acc % 4 != 0 {
            errs.push((
                end.clone(),
                "accum_offset should be in range [4..256] in increments of 4".into(),
            ));
        } else if acc > (next_vgpr.max(1) + 3) / 4 * 4 {
            errs.push((
                end.clone(),
                "accum_offset exceeds total VGPR allocation".into(),
            ));
        } else {
            word(&mut kd, RSRC3, 0, 6, (acc / 4 - 1) as u64);
        }
    }
    (
        Descriptor {
            kd,
            next_vgpr,
            next_sgpr,
            vcc: get(".amdhsa_reserve_vcc"),
            flat_scratch: get(".amdhsa_reserve_flat_scratch"),
        },
        errs,
    )
}

/// The block as llvm-mc's text prints it at `.end_amdhsa_kernel`: every directive
/// the target has, in llvm-mc's order, with the descriptor's values (the register
/// counts and reserve flags as given), then a blank line. The block's values must be
/// absolute now; else the errors in them (`end`: the place of the token after
/// `.end_amdhsa_kernel`).
pub fn llvm_text(
    o: &Object,
    block: &KernelBlock,
    end: &Loc,
) -> Result<Vec<String>, Vec<(Loc, String)>> {
    let (val, starts) = values(o, block)?;
    let (d, errs) = compute(o, block, &val, &starts, end);
    if !errs.is_empty() {
        return Err(errs);
    }
    let t = o.target;
    let arch = architected_flat_scratch(t);
    let gfx90a = t.has(Features::UNIFIED_VGPRS);
    let kd = &d.kd;
    let bits = |off: usize, shift: u32, width: u32| -> u64 {
        let w = u32::from_le_bytes([kd[off], kd[off + 1], kd[off + 2], kd[off + 3]]);
        (u64::from(w) >> shift) & ((1 << width) - 1)
    };
    let mut out = vec![format!("\t.amdhsa_kernel {}", block.name)];
    let line = |out: &mut Vec<String>, name: &str, v: i64| out.push(format!("\t\t{name} {v}"));
    let field = |out: &mut Vec<String>, name: &str, off: usize, shift: u32, width: u32| {
        line(out, name, bits(off, shift, width) as i64);
    };
    field(&mut out, ".amdhsa_group_segment_fixed_size", 0, 0, 32);
    field(&mut out, ".amdhsa_private_segment_fixed_size", 4, 0, 32);
    field(&mut out, ".amdhsa_kernarg_size", 8, 0, 32);
    field(&mut out, ".amdhsa_user_sgpr_count", RSRC2, 1, 5);
    if !arch {
        field(
            &mut out,
            ".amdhsa_user_sgpr_private_segment_buffer",
            PROPS,
            0,
            1,
        );
    }
    field(&mut out, ".amdhsa_user_sgpr_dispatch_ptr", PROPS, 1, 1);
    field(&mut out, ".amdhsa_user_sgpr_queue_ptr", PROPS, 2, 1);
    field(
        &mut out,
        ".amdhsa_user_sgpr_kernarg_segment_ptr",
        PROPS,
        3,
        1,
    );
    field(&mut out, ".amdhsa_user_sgpr_dispatch_id", PROPS, 4, 1);
    if !arch {
        field(&mut out, ".amdhsa_user_sgpr_flat_scratch_init", PROPS, 5, 1);
    }
    if gfx90a {
        field(
            &mut out,
            ".amdhsa_user_sgpr_kernarg_preload_length",
            PRELOAD - 2,
            16,
            7,
        );
        field(
            &mut out,
            ".amdhsa_user_sgpr_kernarg_preload_offset",
            PRELOAD - 2,
            23,
            9,
        );
    }
    field(
        &mut out,
        ".amdhsa_user_sgpr_private_segment_size",
        PROPS,
        6,
        1,
    );
    if o.co_version >= 5 {
        field(&mut out, ".amdhsa_uses_dynamic_stack", PROPS, 11, 1);
    }
    let private = match arch {
        true => ".amdhsa_enable_private_segment",
        false => ".amdhsa_system_sgpr_private_segment_wavefront_offset",
    };
    field(&mut out, private, RSRC2, 0, 1);
    field(&mut out, ".amdhsa_system_sgpr_workgroup_id_x", RSRC2, 7, 1);
    field(&mut out, ".amdhsa_system_sgpr_workgroup_id_y", RSRC2, 8, 1);
    field(&mut out, ".amdhsa_system_sgpr_workgroup_id_z", RSRC2, 9, 1);
    field(&mut out, ".amdhsa_system_sgpr_workgroup_info", RSRC2, 10, 1);
    field(&mut out, ".amdhsa_system_vgpr_workitem_id", RSRC2, 11, 2);
    line(&mut out, ".amdhsa_next_free_vgpr", d.next_vgpr);
    line(&mut out, ".amdhsa_next_free_sgpr", d.next_sgpr);
    if gfx90a {
        line(
            &mut out,
            ".amdhsa_accum_offset",
            (bits(RSRC3, 0, 6) as i64 + 1) * 4,
        );
    }
    line(&mut out, ".amdhsa_reserve_vcc", d.vcc);
    if t.gen >= Gen::Gfx7 && !arch {
        line(&mut out, ".amdhsa_reserve_flat_scratch", d.flat_scratch);
    }
    if matches!(o.co_version, 4 | 5) && o.has_xnack() {
        line(
            &mut out,
            ".amdhsa_reserve_xnack_mask",
            i64::from(o.xnack != Some(false)),
        );
    }
    field(&mut out, ".amdhsa_float_round_mode_32", RSRC1, 12, 2);
    field(&mut out, ".amdhsa_float_round_mode_16_64", RSRC1, 14, 2);
    field(&mut out, ".amdhsa_float_denorm_mode_32", RSRC1, 16, 2);
    field(&mut out, ".amdhsa_float_denorm_mode_16_64", RSRC1, 18, 2);
    field(&mut out, ".amdhsa_dx10_clamp", RSRC1, 21, 1);
    field(&mut out, ".amdhsa_ieee_mode", RSRC1, 23, 1);
    if t.gen >= Gen::Gfx9 {
        field(&mut out, ".amdhsa_fp16_overflow", RSRC1, 26, 1);
    }
    if gfx90a {
        field(&mut out, ".amdhsa_tg_split", RSRC3, 16, 1);
    }
    field(
        &mut out,
        ".amdhsa_exception_fp_ieee_invalid_op",
        RSRC2,
        24,
        1,
    );
    field(&mut out, ".amdhsa_exception_fp_denorm_src", RSRC2, 25, 1);
    field(&mut out, ".amdhsa_exception_fp_ieee_div_zero", RSRC2, 26, 1);
    field(&mut out, ".amdhsa_exception_fp_ieee_overflow", RSRC2, 27, 1);
    field(
        &mut out,
        ".amdhsa_exception_fp_ieee_underflow",
        RSRC2,
        28,
        1,
    );
    field(&mut out, ".amdhsa_exception_fp_ieee_inexact", RSRC2, 29, 1);
    field(&mut out, ".amdhsa_exception_int_div_zero", RSRC2, 30, 1);
    out.push("\t.end_amdhsa_kernel".into());
    out.push(String::new());
    Ok(out)
}
