//! Operand signatures: what each operand of an instruction is, in syntax order.

/// Defines an enum of the operand vocabulary with the words the `sig` column of
/// `isa/*.tsv` spells its variants with (`SPELLINGS`; a variant may have several, or
/// none), and with `: access`, each variant's default access (roles). build.rs reads
/// this file too (`#[path]`), so a new role, type or class is added here only.
macro_rules! spelled {
    ($(#[$doc:meta])* pub enum $name:ident: access {
        $($(#[$vdoc:meta])* $v:ident = $s:literal => $access:ident,)*
    }) => {
        spelled! { $(#[$doc])* pub enum $name { $($(#[$vdoc])* $v = $s,)* } }

        impl $name {
            /// The access a slot of this role has unless the signature says otherwise
            /// (`:r`, `:w`, `:rw`).
            pub const fn default_access(self) -> Access {
                match self {
                    $($name::$v => Access::$access,)*
                }
            }
        }
    };
    ($(#[$doc:meta])* pub enum $name:ident {
        $($(#[$vdoc:meta])* $v:ident $(= $($s:literal)|+)?,)*
    }) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vdoc])* $v,)*
        }

        impl $name {
            /// Each variant as the tables' signatures spell it.
            pub const SPELLINGS: &[(&str, $name)] = &[$($($(($s, $name::$v),)+)?)*];
        }
    };
}

spelled! {
    /// Which encoding field an operand lives in, and how it is written.
    pub enum Role: access {
        /// Scalar destination: SDST of SALU/SMEM, or the VDST field holding an SGPR
        /// (v_readlane_b32, v_readfirstlane_b32, VOPC in VOP3 form is `Cd`).
        Sd = "sd" => Write,
        /// The SDST/SDATA field read as a source (s_cmpk_*, s_setreg_*, SMEM stores).
        SdIn = "sdin" => Read,
        /// Vector destination.
        Vd = "vd" => Write,
        /// Carry or compare result: `vcc` in the 32-bit form, an SGPR pair in VOP3.
        Cd = "cd" => Write,
        /// SRC0 (SSRC0 of SALU instructions).
        Src0 = "s0" => Read,
        /// SRC1, VSRC1 or SSRC1.
        Src1 = "s1" => Read,
        /// SRC2.
        Src2 = "s2" => Read,
        /// Carry in / condition mask: `vcc` in the 32-bit form, SRC2 in VOP3.
        Ci = "ci" => Read,
        /// A 32-bit constant following the instruction word (v_madmk_f32, s_setreg_imm32_b32).
        K = "k" => None,
        /// An unsigned 16-bit immediate (SOPK/SOPP).
        Imm16 = "imm16" => None,
        /// A signed 16-bit immediate, printed in decimal.
        Simm16 = "simm16" => None,
        /// A branch target: a signed 16-bit dword offset from the next instruction.
        Label = "label" => None,
        /// `hwreg(...)`.
        Hwreg = "hwreg" => None,
        /// `sendmsg(...)`.
        Sendmsg = "sendmsg" => None,
        /// `vmcnt(..) expcnt(..) lgkmcnt(..)`.
        Waitcnt = "waitcnt" => None,
        /// `gpr_idx(...)` mode.
        GprIdx = "gpridx" => None,
        /// SMEM base address (an SGPR pair or quad).
        Sbase = "sbase" => Read,
        /// SMEM offset: an immediate, an SGPR, or both (`s4 offset:0x10`).
        SmemOff = "soff" => Read,
        /// s_atc_probe's 3-bit immediate (in SDATA).
        Probe = "probe" => None,
        /// Memory address VGPRs (DS ADDR, MUBUF/MTBUF/MIMG VADDR, FLAT ADDR); MUBUF and
        /// SCRATCH may print `off`.
        Vaddr = "vaddr" => Read,
        /// Memory data VGPRs read by stores and atomics (DS DATA0, VDATA, FLAT DATA).
        Vdata = "vdata" => Read,
        /// DS DATA1.
        Vdata1 = "vdata1" => Read,
        /// Buffer/image resource descriptor SGPRs.
        Srsrc = "srsrc" => Read,
        /// Image sampler SGPRs.
        Ssamp = "ssamp" => Read,
        /// MUBUF/MTBUF SOFFSET: an SGPR, M0 or an inline constant.
        Soffset = "soffset" => Read,
        /// GLOBAL/SCRATCH SADDR: SGPRs or `off`.
        Saddr = "saddr" => Read,
        /// VINTRP `attrN.c`.
        Attr = "attr" => None,
        /// v_interp_mov_f32's `p10`, `p20`, `p0`.
        Param = "param" => None,
        /// EXP's target, sources and flags.
        Exp = "exp" => Read,
    }
}

impl Role {
    /// Whether the operand is an immediate field rather than a register or a source:
    /// SIMM16 values (plain, signed, branch labels, hwreg, sendmsg, waitcnt, gpr_idx).
    pub const fn is_immediate(self) -> bool {
        matches!(
            self,
            Role::Imm16
                | Role::Simm16
                | Role::Label
                | Role::Hwreg
                | Role::Sendmsg
                | Role::Waitcnt
                | Role::GprIdx
        )
    }

    /// The source field (0-2: `Inst::src[k]`) the role occupies, if it is a source
    /// (the condition mask `ci` is SRC2 in VOP3).
    pub const fn src_index(self) -> Option<usize> {
        match self {
            Role::Src0 => Some(0),
            Role::Src1 => Some(1),
            Role::Src2 | Role::Ci => Some(2),
            _ => None,
        }
    }
}

spelled! {
    /// The value type of an operand: sets the register width and how inline constants
    /// and literals are read and printed.
    pub enum Ty {
        /// No value (operands that are not typed).
        None,
        /// 16 bits, untyped.
        B16 = "b16",
        /// 32 bits, untyped.
        B32 = "b32",
        /// 64 bits, untyped.
        B64 = "b64" | "u64",
        /// Three dwords.
        B96 = "b96",
        /// Four dwords.
        B128 = "b128",
        /// Five dwords.
        B160 = "b160",
        /// Six dwords.
        B192 = "b192",
        /// Eight dwords.
        B256 = "b256",
        /// 16 dwords.
        B512 = "b512",
        /// 32 dwords.
        B1024 = "b1024",
        /// 16-bit integer.
        I16 = "i16" | "u16",
        /// 32-bit integer.
        I32 = "i32" | "u32",
        /// 64-bit integer.
        I64 = "i64",
        /// Half float.
        F16 = "f16",
        /// Single float.
        F32 = "f32",
        /// Double float.
        F64 = "f64",
        /// Two packed half floats.
        V2F16 = "v2f16",
        /// A bfloat16 (gfx950's bf16 sources): llvm-mc reads a number as a bf16
        /// pattern (0x3f80 is the constant 1.0, 0x3c00 a literal; an integer keeps its
        /// low 16 bits) and a float as the bf16 value nearest to it (refused where it
        /// overflows, or underflows inexactly); 1/(2*pi) is 0x3e22, and of the floats
        /// only `0.15915494` as written stands for it.
        BF16 = "bf16",
        /// A bfloat16 as `BF16`, whose floats llvm-mc takes only within f16's range
        /// (v_cvt_f32_bf16's source: 65504.0 is 0x4780, 1.0e5 is refused), and whose
        /// SDWA form reads numbers as an f16 operand's (0x3c00 is 1.0 there).
        BF16H = "bf16h",
        /// Two packed bfloat16 values (v_dot2_f32_bf16, v_dot2c_f32_bf16): numbers as
        /// `BF16`'s, the literal 32 bits as `V2F16`'s.
        V2BF16 = "v2bf16",
        /// Two packed bfloat16 values as `V2BF16`, whose floats llvm-mc takes only
        /// within f16's range (v_cvt_scalef32_sr_pk_fp4_bf16's source).
        V2BF16H = "v2bf16h",
        /// Two packed 16-bit integers.
        V2I16 = "v2i16" | "v2b16",
        /// Two packed f32 values in a register pair (v_pk_*_f32): constants are f32.
        V2F32 = "v2f32",
        /// v_ldexp_f16's exponent (`x16`): an integer operand (integer source modifiers)
        /// whose numbers llvm-mc reads as an f16 operand's (0x3c00 is the constant 1.0,
        /// -0x3c00 is -4.0).
        X16 = "x16",
        /// gfx950's f8f6f4 MFMA source: 8 dwords of fp8/bf8, 6 of fp6/bf6 or 4 of
        /// fp4, as the instruction's format field says (`cbsz` for src0, `blgp` for
        /// src1); `inst::fields::mai::slot_ty` reads it.
        F8f6f4 = "f8f6f4",
    }
}

impl Ty {
    /// Register width in dwords.
    pub const fn dwords(self) -> u8 {
        match self {
            Ty::None => 0,
            Ty::B16
            | Ty::B32
            | Ty::I16
            | Ty::I32
            | Ty::F16
            | Ty::F32
            | Ty::V2F16
            | Ty::V2I16
            | Ty::BF16
            | Ty::BF16H
            | Ty::V2BF16
            | Ty::V2BF16H
            | Ty::X16 => 1,
            Ty::B64 | Ty::I64 | Ty::F64 | Ty::V2F32 => 2,
            Ty::B96 => 3,
            Ty::B128 => 4,
            Ty::B160 => 5,
            Ty::B192 => 6,
            // (The widest; an instruction's own width is `F8f6f4::dwords`.)
            Ty::B256 | Ty::F8f6f4 => 8,
            Ty::B512 => 16,
            Ty::B1024 => 32,
        }
    }
    /// Whether constants are read as floats.
    pub const fn is_float(self) -> bool {
        matches!(
            self,
            Ty::F16
                | Ty::F32
                | Ty::F64
                | Ty::V2F16
                | Ty::V2F32
                | Ty::BF16
                | Ty::BF16H
                | Ty::V2BF16
                | Ty::V2BF16H
        )
    }
    /// Whether it is a 64-bit scalar type.
    pub const fn is_64(self) -> bool {
        matches!(self, Ty::B64 | Ty::I64 | Ty::F64)
    }
    /// Whether it is a 16-bit type or a pair of them.
    pub const fn is_16(self) -> bool {
        matches!(
            self,
            Ty::B16
                | Ty::I16
                | Ty::F16
                | Ty::V2F16
                | Ty::V2I16
                | Ty::BF16
                | Ty::BF16H
                | Ty::V2BF16
                | Ty::V2BF16H
        )
    }
    /// Whether it is a pair of 16-bit values in one register (a 32-bit literal).
    pub const fn is_packed16(self) -> bool {
        matches!(self, Ty::V2F16 | Ty::V2I16 | Ty::V2BF16 | Ty::V2BF16H)
    }
    /// Whether its numbers are bfloat16 patterns and values (`BF16`, `BF16H`,
    /// `V2BF16`, `V2BF16H`).
    pub const fn is_bf16(self) -> bool {
        matches!(self, Ty::BF16 | Ty::BF16H | Ty::V2BF16 | Ty::V2BF16H)
    }
}

spelled! {
    /// Which registers and constants a source accepts beyond what its field allows.
    pub enum Class {
        /// Whatever the encoding field allows.
        Any,
        /// VGPRs only.
        Vgpr = "v",
        /// SGPRs, M0 and inline constants only (lane selects).
        Scalar = "s",
        /// SGPRs, M0, inline constants and a literal (`/sl`: gfx6/gfx7 v_writelane_b32's
        /// data).
        ScalarLit = "sl",
        /// VGPRs and lds_direct (`/vl`: v_readlane_b32 and v_readfirstlane_b32's source,
        /// as llvm-mc takes it).
        VgprOrLds = "vl",
        /// AGPRs only (`/a`).
        Agpr = "a",
        /// A VGPR or an AGPR (`/av`), or whatever else the field allows.
        VgprOrAgpr = "av",
    }
}

spelled! {
    /// How an instruction uses an operand's registers.
    pub enum Access {
        /// Not a register operand (an immediate, a label, a symbolic value).
        None,
        /// The registers are read.
        Read = "r",
        /// The registers are written.
        Write = "w",
        /// Read and written: a read-modify-write (`s_addk_i32`, `v_writelane_b32`), a tied
        /// accumulator (`v_mac_f32`), a partial write that keeps the rest (d16 loads).
        ReadWrite = "rw",
    }
}

impl Access {
    /// Whether the registers are read.
    pub const fn reads(self) -> bool {
        matches!(self, Access::Read | Access::ReadWrite)
    }
    /// Whether the registers are written.
    pub const fn writes(self) -> bool {
        matches!(self, Access::Write | Access::ReadWrite)
    }
    /// This access with reading added.
    pub const fn and_read(self) -> Access {
        match self {
            Access::Write | Access::ReadWrite => Access::ReadWrite,
            _ => Access::Read,
        }
    }
    /// This access with writing added.
    pub const fn and_write(self) -> Access {
        match self {
            Access::Read | Access::ReadWrite => Access::ReadWrite,
            _ => Access::Write,
        }
    }
}

/// One operand of a signature, as the table row spells it:
/// `role[.type][/class][:access][+m0]` (`vd.f32`, `s1.b32/s`, `sd.i32:rw`, `vd.b32+m0`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    /// Which field the operand lives in and how it is written.
    pub role: Role,
    /// Its type: width and how constants read.
    pub ty: Ty,
    /// Which registers and constants it takes beyond the field's rules.
    pub class: Class,
    /// Read, written or both; the role's default unless the row says `:r`, `:w` or `:rw`.
    /// Cases that depend on the instruction's bits (atomics returning with `glc`, DPP
    /// and SDWA keeping lanes of the destination) are added by
    /// [`crate::inst::Inst::operands`].
    pub access: Access,
    /// `+m0`: the register is indexed by M0 (v_movrel*, s_movrel*): the one accessed is
    /// M0 registers past the one written.
    pub indexed: bool,
}
