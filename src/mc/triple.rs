//! The target triple of an object (`amdgcn-amd-amdhsa`, `amdgcn-amd-amdpal`,
//! `amdgcn-mesa-mesa3d`): its operating system decides the ELF header (OS/ABI,
//! ABI version, the form of `e_flags`), which directives llvm-mc reads and the
//! target id `.amdgcn_target` and `.amd_amdgpu_isa` must name.
//!
//! llvm-mc normalizes a triple before it uses it (an empty vendor or environment
//! becomes `unknown`, `amdgcn-amdpal` becomes `amdgcn-unknown-amdpal`) and writes
//! its components verbatim into the target id; [`Triple::parse`] does the same for
//! the triples it accepts and refuses every other.

use super::error::{Error, ErrorKind};
use crate::code_object::amdgpu::ELFOSABI_AMDGPU_HSA;

/// `EI_OSABI` of code objects for PAL (the AMD graphics drivers).
pub const ELFOSABI_AMDGPU_PAL: u8 = 65;
/// `EI_OSABI` of code objects for Mesa.
pub const ELFOSABI_AMDGPU_MESA3D: u8 = 66;

/// The operating systems llvm-mc writes AMDGPU objects for, and which amdgpu-mc
/// supports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Os {
    /// `amdhsa`: the HSA runtime (ROCm): kernel descriptors, `.amdgpu_metadata`.
    #[default]
    AmdHsa,
    /// `amdpal`: PAL, the AMD graphics drivers: `.amdgpu_pal_metadata`.
    AmdPal,
    /// `mesa3d`: Mesa: `.amd_kernel_code_t` headers, `.AMDGPU.config`.
    Mesa3d,
}

impl Os {
    /// The OS of a triple ([`Triple::parse`]).
    pub fn from_triple(triple: &str) -> Result<Os, Error> {
        Triple::parse(triple).map(|t| t.os)
    }

    /// The OS component's name (`amdhsa`, `amdpal`, `mesa3d`).
    pub fn name(self) -> &'static str {
        match self {
            Os::AmdHsa => "amdhsa",
            Os::AmdPal => "amdpal",
            Os::Mesa3d => "mesa3d",
        }
    }

    fn from_name(s: &str) -> Option<Os> {
        [Os::AmdHsa, Os::AmdPal, Os::Mesa3d]
            .into_iter()
            .find(|o| o.name() == s)
    }

    /// The ELF header's `EI_OSABI`.
    pub fn os_abi(self) -> u8 {
        match self {
            Os::AmdHsa => ELFOSABI_AMDGPU_HSA,
            Os::AmdPal => ELFOSABI_AMDGPU_PAL,
            Os::Mesa3d => ELFOSABI_AMDGPU_MESA3D,
        }
    }

    /// The ELF header's `EI_ABIVERSION` (for HSA, that of the code object version;
    /// 0 for the others).
    pub fn abi_version(self, co_version: u32) -> u8 {
        match (self, co_version) {
            (Os::AmdHsa, 2) => 0,
            (Os::AmdHsa, 3) => 1,
            (Os::AmdHsa, v) => v.saturating_sub(2) as u8,
            _ => 0,
        }
    }

    /// Whether this is the HSA ABI.
    pub fn is_hsa(self) -> bool {
        self == Os::AmdHsa
    }
}

/// A normalized `amdgcn` triple: its components as llvm-mc spells them in target
/// ids, and its OS.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Triple {
    /// The operating system.
    pub os: Os,
    vendor: String,
    env: Option<String>,
}

impl Default for Triple {
    /// `amdgcn-amd-amdhsa`.
    fn default() -> Triple {
        Triple::new(Os::AmdHsa)
    }
}

/// The triples [`Triple::parse`] accepts, for its error.
const SUPPORTED: &str = "amdgcn-amd-amdhsa, amdgcn-amd-amdpal or amdgcn-mesa-mesa3d";

impl Triple {
    /// The usual triple of an OS: `amdgcn-amd-amdhsa`, `amdgcn-amd-amdpal`,
    /// `amdgcn-mesa-mesa3d`.
    pub fn new(os: Os) -> Triple {
        let vendor = if os == Os::Mesa3d { "mesa" } else { "amd" };
        Triple {
            os,
            vendor: vendor.into(),
            env: None,
        }
    }

    /// Reads a triple as llvm-mc's `-triple`: `amdgcn-VENDOR-OS[-ENV]` or
    /// `amdgcn-OS`, where OS is `amdhsa`, `amdpal` or `mesa3d` (an empty vendor
    /// or environment is `unknown`). Any other triple is an error: another
    /// architecture (`r600`, `x86_64`), or an OS llvm-mc writes other objects
    /// for (`amdgcn--`, `amdgcn-amd-unknown`: OS/ABI 0).
    pub fn parse(s: &str) -> Result<Triple, Error> {
        let unsupported = |why: &str| {
            let msg = format!("unsupported triple '{s}': {why} (use {SUPPORTED})");
            Error::new(ErrorKind::Triple, msg)
        };
        let parts: Vec<&str> = s.split('-').collect();
        if parts[0] != "amdgcn" {
            return Err(unsupported("the architecture is not amdgcn"));
        }
        let (vendor, os, env) = match parts[..] {
            [_, os] => ("unknown", os, None),
            [_, vendor, os] => (vendor, os, None),
            [_, vendor, os, env] => (vendor, os, Some(env)),
            [_] => return Err(unsupported("no operating system")),
            _ => return Err(unsupported("too many components")),
        };
        let Some(os) = Os::from_name(os) else {
            return Err(unsupported(&format!(
                "operating system '{os}' is not amdhsa, amdpal or mesa3d"
            )));
        };
        if Os::from_name(vendor).is_some() {
            return Err(unsupported(&format!("vendor '{vendor}' names an OS")));
        }
        let unknown = |c: &str| if c.is_empty() { "unknown" } else { c }.to_string();
        Ok(Triple {
            os,
            vendor: unknown(vendor),
            env: env.map(unknown),
        })
    }

    /// The normalized triple (`amdgcn-unknown-amdpal` for `amdgcn--amdpal`).
    pub fn name(&self) -> String {
        let mut s = format!("amdgcn-{}-{}", self.vendor, self.os.name());
        if let Some(e) = &self.env {
            s.push('-');
            s.push_str(e);
        }
        s
    }

    /// The target id's prefix llvm-mc makes of the triple: its four components,
    /// the environment possibly empty, and a `-` (`amdgcn-amd-amdhsa--`).
    pub fn target_id_prefix(&self) -> String {
        format!(
            "amdgcn-{}-{}-{}-",
            self.vendor,
            self.os.name(),
            self.env.as_deref().unwrap_or("")
        )
    }
}

impl std::fmt::Display for Triple {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Triples normalize as llvm-mc-22 normalizes them (its target ids), and the
    /// others are refused.
    #[test]
    fn triples_normalize_as_llvm_mc() {
        for (t, id) in [
            ("amdgcn-amd-amdhsa", "amdgcn-amd-amdhsa--"),
            ("amdgcn--amdhsa", "amdgcn-unknown-amdhsa--"),
            ("amdgcn-amdhsa", "amdgcn-unknown-amdhsa--"),
            ("amdgcn-amd-amdpal", "amdgcn-amd-amdpal--"),
            ("amdgcn--amdpal", "amdgcn-unknown-amdpal--"),
            ("amdgcn-amd-amdpal-", "amdgcn-amd-amdpal-unknown-"),
            ("amdgcn-amd-amdpal-elf", "amdgcn-amd-amdpal-elf-"),
            ("amdgcn-pc-amdpal", "amdgcn-pc-amdpal--"),
            ("amdgcn-mesa-mesa3d", "amdgcn-mesa-mesa3d--"),
            ("amdgcn--mesa3d", "amdgcn-unknown-mesa3d--"),
            ("amdgcn-amd-mesa3d", "amdgcn-amd-mesa3d--"),
        ] {
            assert_eq!(Triple::parse(t).unwrap().target_id_prefix(), id, "{t}");
        }
        assert_eq!(Os::from_triple("amdgcn--amdpal"), Ok(Os::AmdPal));
        assert_eq!(Os::from_triple("amdgcn-mesa-mesa3d"), Ok(Os::Mesa3d));
        assert_eq!(Triple::default().name(), "amdgcn-amd-amdhsa");
        for t in [
            "",
            "amdgcn",
            "amdgcn--",
            "amdgcn-amd-",
            "amdgcn-amd-unknown",
            "amdgcn-amd-linux",
            "amdgcn-AMD-AMDPAL",
            "amdgcn-amd-amdpal6",
            "amdgcn-amdpal-amd",
            "amdgcn-amd-amdpal-gnu-x",
            "r600--",
            "r600-mesa-mesa3d",
            "x86_64",
            "x86_64-unknown-linux-gnu",
            "AMDGCN-amd-amdpal",
        ] {
            let e = Triple::parse(t).unwrap_err();
            assert!(
                e.msg.starts_with(&format!("unsupported triple '{t}'")),
                "{e}"
            );
        }
    }
}
