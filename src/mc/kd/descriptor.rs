//! The kernel descriptor of a block: reserved where the block ends, its bytes
//! computed from the block's values when the object is finished, with the register
//! block counts computed as LLVM computes them (AMDGPUUsage, "Kernel Descriptor").

use super::block::{KernelBlock, Pending};
use super::rows::{
    architected_flat_scratch, extra_sgprs, Bits, Special, Word, PRELOAD, PROPS, ROWS, RSRC1, RSRC2,
    RSRC3,
};
use crate::mc::loc::Loc;
use crate::mc::object::{sht, stt, FixupKind, Object};
use crate::syntax::expr::{Bin, Tree, Variant};
use crate::target::{Features, Gen, Target};

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
    if o.sec().ty == sht::NOBITS {
        return Err((
            usize::MAX,
            "a kernel descriptor cannot be in a SHT_NOBITS section".into(),
        ));
    }
    let kd_name = format!("{}.kd", block.name);
    let off = o.sec().len();
    let kd = o.label(&kd_name).map_err(|m| (usize::MAX, m.msg))?;
    let kernel = o.symbol(&block.name);
    {
        let bind = o.bind_of(&o.symbols[kernel]);
        let s = &mut o.symbols[kd];
        s.ty = stt::OBJECT;
        s.bind = Some(bind);
        s.size = Some((Tree::Num(64), end.clone()));
        if o.symbols[kernel].vis == 0 {
            o.symbols[kernel].vis = 3; // STV_PROTECTED
        }
    }
    o.emit(&[0u8; 64]).map_err(|m| (usize::MAX, m.msg))?;
    // kernel_code_entry_byte_offset = kernel - kd.
    let e = Tree::Bin(
        Bin::Sub,
        Box::new(Tree::Sym(block.name.clone().into(), Variant::None)),
        Box::new(Tree::Sym(kd_name.into(), Variant::None)),
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
pub(super) type Values = Vec<Option<(i64, Loc)>>;

/// Errors at their places.
pub(super) type Errors = Vec<(Loc, String)>;

/// A descriptor computed from a block's values, and the values llvm-mc's text shows
/// that are not in its bytes.
pub(super) struct Descriptor {
    pub(super) kd: [u8; 64],
    pub(super) next_vgpr: i64,
    pub(super) next_sgpr: i64,
    pub(super) vcc: i64,
    pub(super) flat_scratch: i64,
}

/// The row named `name`.
pub(super) fn row_of(name: &str) -> usize {
    ROWS.iter().position(|r| r.name == name).unwrap_or(0)
}

/// Evaluates a block's values: each must be absolute (else an error at it).
pub(super) fn values(
    o: &Object,
    block: &KernelBlock,
) -> Result<(Values, Vec<Option<Loc>>), Errors> {
    let mut errs = Vec::new();
    let mut val = vec![None::<(i64, Loc)>; ROWS.len()];
    let mut starts = vec![None::<Loc>; ROWS.len()];
    for (k, tree, loc, start) in &block.values {
        starts[*k] = Some(start.clone());
        match o.absolute(tree) {
            Ok(v) => val[*k] = Some((v, loc.clone())),
            Err(m) => errs.push((loc.clone(), m.msg)),
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

/// The value of row `n`: the block's, else the default.
fn get(val: &Values, n: &str) -> i64 {
    let k = row_of(n);
    val[k].as_ref().map_or(ROWS[k].default, |v| v.0)
}

/// Where the value of row `n` is (the block's place when it has none).
fn loc_of(val: &Values, block: &KernelBlock, n: &str) -> Loc {
    val[row_of(n)]
        .as_ref()
        .map_or(block.loc.clone(), |v| v.1.clone())
}

/// Writes `v` in bits `shift..shift + width` of the word at `off` (16 bits wide at
/// `PRELOAD` and `PROPS`, else 32).
fn put_bits(kd: &mut [u8; 64], off: usize, shift: u32, width: u32, v: u64) {
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
}

/// The descriptor of a block and the errors in its values (`end`: the place of the
/// token after `.end_amdhsa_kernel`).
pub(super) fn compute(
    o: &Object,
    block: &KernelBlock,
    val: &Values,
    starts: &[Option<Loc>],
    end: &Loc,
) -> (Descriptor, Errors) {
    let mut errs = Vec::new();
    let t = o.target;
    let mut d = Descriptor {
        kd: [0u8; 64],
        next_vgpr: 0,
        next_sgpr: 0,
        vcc: 0,
        flat_scratch: 0,
    };
    let Some(mut implicit_user) = place_rows(t, block, val, &mut d.kd, &mut errs) else {
        return (d, errs);
    };
    // Preloaded kernel arguments take user SGPRs too.
    if t.has(Features::UNIFIED_VGPRS) {
        implicit_user += get(val, ".amdhsa_user_sgpr_kernarg_preload_length") as u32;
    }
    user_sgprs(block, val, implicit_user, end, &mut d.kd, &mut errs);
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
    register_blocks(o, block, val, starts, &mut d.kd, &mut errs);
    if t.has(Features::UNIFIED_VGPRS) {
        accum_offset(val, end, &mut d.kd, &mut errs);
    }
    d.next_vgpr = get(val, ".amdhsa_next_free_vgpr");
    d.next_sgpr = get(val, ".amdhsa_next_free_sgpr");
    d.vcc = get(val, ".amdhsa_reserve_vcc");
    d.flat_scratch = get(val, ".amdhsa_reserve_flat_scratch");
    (d, errs)
}

/// Writes the value of each row stored as it is (given, or non-zero by default);
/// the user SGPRs the enabled rows imply (`None` after a negative value of a row
/// worked out later, which llvm-mc refuses at once).
fn place_rows(
    t: Target,
    block: &KernelBlock,
    val: &Values,
    kd: &mut [u8; 64],
    errs: &mut Errors,
) -> Option<u32> {
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
                put_bits(kd, off, shift, width, v as u64);
                if r.user_sgprs > 0 && v != 0 {
                    implicit_user += r.user_sgprs;
                }
            }
            // (Worked out below; llvm-mc refuses a negative value at once.)
            Special if v < 0 => {
                errs.push((here, "value out of range".into()));
                return None;
            }
            Special => {}
        }
    }
    Some(implicit_user)
}

/// The user SGPR count: the explicit one, else what the enabled rows imply.
fn user_sgprs(
    block: &KernelBlock,
    val: &Values,
    implicit_user: u32,
    end: &Loc,
    kd: &mut [u8; 64],
    errs: &mut Errors,
) {
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
        put_bits(kd, RSRC2, 1, 5, user as u64);
    }
}

/// The VGPR and SGPR block counts.
fn register_blocks(
    o: &Object,
    block: &KernelBlock,
    val: &Values,
    starts: &[Option<Loc>],
    kd: &mut [u8; 64],
    errs: &mut Errors,
) {
    let t = o.target;
    let gfx90a = t.has(Features::UNIFIED_VGPRS);
    let next_vgpr = get(val, ".amdhsa_next_free_vgpr");
    let next_sgpr = get(val, ".amdhsa_next_free_sgpr");
    let vcc = get(val, ".amdhsa_reserve_vcc") != 0;
    // (gfx6 has no directive but reserves flat scratch all the same, as LLVM does.)
    let fs = !architected_flat_scratch(t) && get(val, ".amdhsa_reserve_flat_scratch") != 0;
    let xnack = xnack_reserved(o, val, starts, errs);
    let max_vgpr = if gfx90a { 512 } else { 256 };
    let out_of_range = |n: &str| (loc_of(val, block, n), "value out of range".to_string());
    if !(0..=max_vgpr).contains(&next_vgpr) {
        errs.push(out_of_range(".amdhsa_next_free_vgpr"));
    }
    let granule = if gfx90a { 8 } else { 4 };
    let vgpr_blocks = next_vgpr.max(1).saturating_add(granule - 1) / granule - 1;
    let addressable = if t.gen.before_gfx8() { 104 } else { 102 };
    let init_bug = t.name == "gfx802";
    let mut sgprs = next_sgpr;
    if !t.gen.before_gfx8() && !init_bug && sgprs > addressable {
        errs.push(out_of_range(".amdhsa_next_free_sgpr"));
    }
    sgprs = sgprs.saturating_add(extra_sgprs(t, vcc, fs, xnack) as i64);
    if (t.gen.before_gfx8() || init_bug) && sgprs > addressable {
        errs.push(out_of_range(".amdhsa_next_free_sgpr"));
    }
    if init_bug {
        sgprs = 96;
    }
    let sgpr_blocks = sgprs.max(1).saturating_add(7) / 8 - 1;
    put_bits(kd, RSRC1, 0, 6, vgpr_blocks.clamp(0, 63) as u64);
    put_bits(kd, RSRC1, 6, 4, sgpr_blocks.clamp(0, 15) as u64);
}

/// Whether XNACK_MASK is reserved: as the target id says (a block that says
/// otherwise is an error).
fn xnack_reserved(o: &Object, val: &Values, starts: &[Option<Loc>], errs: &mut Errors) -> bool {
    if o.target.gen < Gen::Gfx8 {
        return false;
    }
    let xnack_default = o.has_xnack() && o.xnack != Some(false);
    let xk = row_of(".amdhsa_reserve_xnack_mask");
    if let Some((v, loc)) = &val[xk] {
        if (0..=1).contains(v) && (*v != 0) != xnack_default {
            errs.push((
                starts[xk].clone().unwrap_or_else(|| loc.clone()),
                ".amdhsa_reserve_xnack_mask does not match target id".into(),
            ));
        }
    }
    xnack_default
}

/// `.amdhsa_accum_offset` (gfx90a and later): where the AGPRs start.
fn accum_offset(val: &Values, end: &Loc, kd: &mut [u8; 64], errs: &mut Errors) {
    let next_vgpr = get(val, ".amdhsa_next_free_vgpr");
    let acc = get(val, ".amdhsa_accum_offset");
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
        put_bits(kd, RSRC3, 0, 6, (acc / 4 - 1) as u64);
    }
}
