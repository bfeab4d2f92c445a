//! Which s_waitcnt counters an instruction increments: [`Inst::counters`].
//!
//! The table rows carry `vm`, `lgkm` and `exp`; what depends on the instruction's bits
//! or the generation is added here: DS with `gds` also counts on expcnt, FLAT (which
//! may address LDS) counts on both vmcnt and lgkmcnt, and on gfx6 a buffer store
//! keeps its data registers until expcnt says they are read.

use super::fields::ds;
use super::{Enc, Inst};
use crate::isa::flags;
use crate::target::{Gen, Target};

/// The kind of operation pending on lgkmcnt: operations of one kind retire in order,
/// SMEM (and so any mix with SMEM) in any order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lgkm {
    /// An LDS access (DS without `gds`).
    Lds,
    /// A GDS or GWS operation.
    Gds,
    /// A scalar memory load, store or atomic.
    Smem,
    /// s_sendmsg / s_sendmsghalt.
    Message,
    /// A FLAT access that may address LDS.
    Flat,
}

impl Lgkm {
    /// Whether operations of this kind retire in the order they were issued.
    pub fn in_order(self) -> bool {
        self != Lgkm::Smem
    }
}

/// The counters an instruction increments when it issues (and that an `s_waitcnt`
/// must wait on before its results, or its reads of its data registers, are done).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters {
    /// VM_CNT: vector memory (buffer, image, flat, global, scratch); retires in order.
    pub vm: bool,
    /// LGKM_CNT and what kind of operation is pending on it.
    pub lgkm: Option<Lgkm>,
    /// EXP_CNT: exports and GDS (and gfx6 buffer stores, until their data is read).
    pub exp: bool,
}

impl Counters {
    /// Whether the instruction increments no counter.
    pub fn is_empty(&self) -> bool {
        !self.vm && self.lgkm.is_none() && !self.exp
    }
}

impl Inst {
    /// The counters the instruction increments on `target`.
    ///
    /// ```
    /// use amdgpu_mc::inst::{Counters, Lgkm};
    /// use amdgpu_mc::{assemble_line, Target};
    /// let t = Target::from_name("gfx906").unwrap();
    /// let i = assemble_line(t, "flat_load_dword v1, v[2:3]").unwrap();
    /// assert_eq!(i.counters(t), Counters { vm: true, lgkm: Some(Lgkm::Flat), exp: false });
    /// let i = assemble_line(t, "s_load_dword s1, s[2:3], 0x0").unwrap();
    /// assert_eq!(i.counters(t).lgkm, Some(Lgkm::Smem));
    /// ```
    pub fn counters(&self, target: Target) -> Counters {
        let d = self.desc();
        let lgkm = d.has(flags::LGKM).then(|| match self.enc {
            Enc::Smem | Enc::Smrd => Lgkm::Smem,
            Enc::Flat => Lgkm::Flat,
            Enc::Ds if d.has(flags::GDS_ONLY) || self.fields & ds::GDS != 0 => Lgkm::Gds,
            Enc::Ds => Lgkm::Lds,
            _ => Lgkm::Message,
        });
        let gds = self.enc == Enc::Ds && self.fields & ds::GDS != 0;
        let si_store = target.gen == Gen::Gfx6
            && matches!(self.enc, Enc::Mubuf | Enc::Mtbuf)
            && d.has(flags::STORE);
        Counters {
            vm: d.has(flags::VM),
            lgkm,
            exp: d.has(flags::EXP) || gds || si_store,
        }
    }
}
