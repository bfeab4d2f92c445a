//! The bit fields of [`Inst::fields`](super::Inst::fields) and [`Inst::smem`](super::Inst::smem),
//! one module per format: each constant is a mask at the bit's position in the 64-bit
//! encoding (dword 0 in bits 0-31, dword 1 in 32-63), so the codecs move them in and
//! out with one AND. The functions here read values that follow from several fields
//! (the width of a buffer address, of image data, an export's sources): facts of the
//! instruction that the operand list, the codecs and the printer share.

/// VOP3P-MAI (MFMA and SMFMAC).
pub mod mai {
    use crate::isa::{Role, Slot, Ty};

    /// `CBSZ[10:8]`: the broadcast size, or on gfx950's f8f6f4 MFMAs src0's format.
    pub const CBSZ: u64 = 7 << 8;
    /// `ABID[14:11]`: the broadcast block.
    pub const ABID: u64 = 0xf << 11;
    /// `BLGP[63:61]`: the lane group pattern, or on gfx950's f8f6f4 MFMAs src1's
    /// format.
    pub const BLGP: u64 = 7 << 61;

    /// Whether an f8f6f4 MFMA with these fields reads an fp8 or bf8 source (format 0 or
    /// 1, or 5-7, which read eight dwords as fp8 does): such an MFMA takes twice the
    /// passes of one whose sources are fp6, bf6 or fp4 (LLVM 22's gfx950 schedule:
    /// 16x16x128 8 passes and 32x32x64 16 against 4 and 8, and its hazard recognizer's
    /// wait states with them).
    pub fn f8f6f4_reads_fp8(fields: u64) -> bool {
        let wide = |format: u64| !matches!(format, 2..=4);
        wide((fields & CBSZ) >> 8) || wide((fields & BLGP) >> 61)
    }

    /// The type of source slot `s` of an MFMA with these fields: the row's, but an
    /// f8f6f4 source is as wide as its format (`cbsz` for src0, `blgp` for src1)
    /// says: fp8 and bf8 (0, 1) eight dwords, fp6 and bf6 (2, 3) six, fp4 (4) four;
    /// the formats 5-7 read eight, as llvm-mc reads them.
    pub fn slot_ty(fields: u64, s: &Slot) -> Ty {
        if s.ty != Ty::F8f6f4 {
            return s.ty;
        }
        let format = match s.role {
            Role::Src0 => (fields & CBSZ) >> 8,
            _ => (fields & BLGP) >> 61,
        };
        match format {
            2 | 3 => Ty::B192,
            4 => Ty::B128,
            _ => Ty::B256,
        }
    }
}

/// DS.
pub mod ds {
    /// GDS bit.
    pub const GDS: u64 = 1 << 16;
    /// OFFSET0/OFFSET1 (or the 16-bit offset).
    pub const OFFSET: u64 = 0xffff;
}

/// MUBUF and MTBUF.
pub mod mubuf {
    use crate::target::Gen;

    /// The offset field.
    pub const OFFSET: u64 = 0xfff;
    /// `offen`: VADDR holds a byte offset.
    pub const OFFEN: u64 = 1 << 12;
    /// `idxen`: VADDR holds an index.
    pub const IDXEN: u64 = 1 << 13;
    /// `glc` (gfx940: `sc0`): globally coherent; atomics return the old value.
    pub const GLC: u64 = 1 << 14;
    /// `lds`: the load writes LDS (at M0) instead of VGPRs.
    pub const LDS: u64 = 1 << 16;
    /// `slc` (gfx940: `nt`): system level coherent.
    pub const SLC: u64 = 1 << 17;
    /// MTBUF data format.
    pub const MTBUF_DFMT: u64 = 0xf << 19;
    /// MTBUF numeric format.
    pub const MTBUF_NFMT: u64 = 0x7 << 23;
    /// `slc` of MTBUF (and of MUBUF on gfx6/gfx7).
    pub const MTBUF_SLC: u64 = 1 << 54;
    /// `tfe`: texture fail enable (one more data register).
    pub const TFE: u64 = 1 << 55;
    /// gfx90a+: the ACC bit (same position as TFE).
    pub const ACC: u64 = 1 << 55;
    /// gfx90a `scc` / gfx940 `sc1`.
    pub const SC1: u64 = 1 << 15;
    /// MTBUF `scc` (gfx90a) / `sc1` (gfx940).
    pub const MTBUF_SC1: u64 = 1 << 53;
    /// gfx6/gfx7: VADDR is a 64-bit address (no index or offset VGPRs).
    pub const ADDR64: u64 = 1 << 15;

    /// Width in dwords of VADDR: one register per enabled index/offset, none (`off`) otherwise.
    /// (gfx6/gfx7 ADDR64: a 64-bit address pair.)
    pub fn vaddr_dwords(gen: Gen, fields: u64) -> u8 {
        if fields & ADDR64 != 0 && gen.before_gfx8() {
            return 2;
        }
        (fields & OFFEN != 0) as u8 + (fields & IDXEN != 0) as u8
    }
}

/// FLAT, GLOBAL and SCRATCH.
pub mod flat {
    use crate::inst::{Enc, Inst};
    use crate::operand_code::is_vgpr;

    /// The offset field.
    pub const OFFSET: u64 = 0x1fff;
    /// `lds`: the load writes LDS (at M0) instead of VGPRs.
    pub const LDS: u64 = 1 << 13;
    /// `glc` (gfx940: `sc0`): globally coherent; atomics return the old value.
    pub const GLC: u64 = 1 << 16;
    /// `slc` (gfx940: `nt`): system level coherent.
    pub const SLC: u64 = 1 << 17;
    /// `nv`: non-volatile.
    pub const NV: u64 = 1 << 55;
    /// gfx90a+: ACC (same position as NV).
    pub const ACC: u64 = 1 << 55;
    /// gfx90a `scc` / gfx940 `sc1`.
    pub const SC1: u64 = 1 << 25;
    /// gfx940 SCRATCH: the VGPR address is used (same position as LDS).
    pub const SVE: u64 = 1 << 13;
    /// Every modifier bit of the format.
    pub const MASK: u64 = OFFSET | LDS | GLC | SLC | NV;

    /// SADDR value meaning `off`.
    pub const SADDR_OFF: u16 = 0x7f;

    /// Whether the address VGPRs are used: always for FLAT and GLOBAL; for SCRATCH when
    /// the address operand is a VGPR (gfx9: exactly when there is no SGPR address;
    /// gfx940: the SVE bit).
    pub fn vaddr_used(i: &Inst) -> bool {
        i.enc != Enc::Scratch || is_vgpr(i.src[0])
    }

    /// Width of ADDR: 64-bit for FLAT, and for GLOBAL without SADDR; 32-bit otherwise.
    pub fn vaddr_dwords(i: &Inst) -> u8 {
        match i.enc {
            Enc::Flat => 2,
            Enc::Global if i.src[2] == SADDR_OFF => 2,
            _ => 1,
        }
    }
}

/// MIMG.
pub mod mimg {
    use crate::isa::{flags, OpDesc};

    /// `dmask`: which components are loaded or stored.
    pub const DMASK: u64 = 0xf << 8;
    /// `unorm`: unnormalised coordinates.
    pub const UNORM: u64 = 1 << 12;
    /// `glc` (gfx940: `sc0`): globally coherent; atomics return the old value.
    pub const GLC: u64 = 1 << 13;
    /// `da`: array texture.
    pub const DA: u64 = 1 << 14;
    /// `a16`: 16-bit addresses.
    pub const A16: u64 = 1 << 15;
    /// `tfe`: texture fail enable (one more data register).
    pub const TFE: u64 = 1 << 16;
    /// `lwe`: LOD warning enable.
    pub const LWE: u64 = 1 << 17;
    /// `slc` (gfx940: `nt`): system level coherent.
    pub const SLC: u64 = 1 << 25;
    /// `d16`: 16-bit data.
    pub const D16: u64 = 1 << 63;
    /// Every modifier bit of the format.
    pub const MASK: u64 = DMASK | UNORM | GLC | DA | A16 | TFE | LWE | SLC | D16;

    /// The 4-bit dmask of `fields`.
    pub fn dmask(fields: u64) -> u32 {
        ((fields & DMASK) >> 8) as u32
    }

    /// Width in dwords of VDATA: one register per dmask bit (dmask 0 counts as one; gather4
    /// always returns four), halved (rounded up) by d16 where it is packed (gfx810, gfx9
    /// on; gfx801-gfx805 keep one register per component), plus one for tfe.
    pub fn data_dwords(packed_d16: bool, d: &OpDesc, fields: u64) -> u8 {
        let n = dmask(fields).count_ones().max(1) as u8;
        let tfe = (fields & TFE != 0) as u8;
        if d.has(flags::ATOMIC) {
            return n + tfe;
        }
        let n = if d.has(flags::GATHER4) { 4 } else { n };
        let n = if fields & D16 != 0 && packed_d16 {
            n.div_ceil(2)
        } else {
            n
        };
        n + tfe
    }
}

/// EXP: the whole instruction lives in `fields`.
pub mod exp {
    /// Which of the four sources are exported.
    pub const EN: u64 = 0xf;
    /// The export target.
    pub const TARGET: u64 = 0x3f << 4;
    /// `compr`: sources hold packed 16-bit pairs.
    pub const COMPR: u64 = 1 << 10;
    /// `done`: the last export of the shader.
    pub const DONE: u64 = 1 << 11;
    /// `vm`: the export carries the valid mask.
    pub const VM: u64 = 1 << 12;
    /// VSRC0..VSRC3, one byte each.
    pub const VSRC: u64 = 0xffff_ffff << 32;
    /// Every modifier bit of the format.
    pub const MASK: u64 = EN | TARGET | COMPR | DONE | VM | VSRC;

    /// The export target number.
    pub fn target(fields: u64) -> u32 {
        ((fields & TARGET) >> 4) as u32
    }

    /// VSRC field `k` (a VGPR number).
    pub fn vsrc(fields: u64, k: usize) -> u8 {
        (fields >> (32 + 8 * k)) as u8
    }

    /// The VGPR printed at source position `p` (0-3), or `None` for `off`.
    pub fn source(fields: u64, p: usize) -> Option<u8> {
        if fields >> p & 1 == 0 {
            return None;
        }
        Some(vsrc(fields, if fields & COMPR != 0 { p / 2 } else { p }))
    }
}

/// SMEM and SMRD: the bits of `Inst::smem`.
pub mod smem {
    use crate::inst::{Enc, Inst, LITERAL};

    /// The offset is an immediate (`Inst::imm`).
    pub const IMM: u8 = 1;
    /// An SGPR offset (`src[1]`) is added (gfx9 SOE).
    pub const SOE: u8 = 2;

    /// Whether an SMRD instruction carries a literal offset (gfx7).
    pub fn smrd_literal(i: &Inst) -> bool {
        i.enc == Enc::Smrd && i.smem & IMM == 0 && i.imm == LITERAL as u32
    }
}

/// The DPP and SDWA dwords (bits 40-63).
pub mod vopx {
    /// The DPP control (quad_perm, row_shl, ...).
    pub const DPP_CTRL: u64 = 0x1ff << 40;
    /// `bound_ctrl:0`: out-of-range lanes read zero.
    pub const BOUND_CTRL: u64 = 1 << 51;
    /// `bank_mask`.
    pub const BANK_MASK: u64 = 0xf << 56;
    /// `row_mask`.
    pub const ROW_MASK: u64 = 0xf << 60;
    /// Every DPP field.
    pub const DPP_FIELDS: u64 = DPP_CTRL | BOUND_CTRL | BANK_MASK | ROW_MASK;

    /// SDWA `dst_sel`.
    pub const DST_SEL: u64 = 0x7 << 40;
    /// SDWA `dst_unused`.
    pub const DST_UNUSED: u64 = 0x3 << 43;
    /// SDWA `src0_sel`.
    pub const SRC0_SEL: u64 = 0x7 << 48;
    /// SDWA `sext()` on src0.
    pub const SRC0_SEXT: u64 = 1 << 51;
    /// SDWA `src1_sel`.
    pub const SRC1_SEL: u64 = 0x7 << 56;
    /// SDWA `sext()` on src1.
    pub const SRC1_SEXT: u64 = 1 << 59;
}
