//! The operand of `s_waitcnt`: three counters of outstanding operations packed in a
//! 16-bit immediate, with a layout per generation. The instruction waits until each
//! counter is at most its value; a counter at its maximum does not wait.
//!
//! | counter   | gfx6-gfx8 | gfx9, CDNA          |
//! |-----------|-----------|---------------------|
//! | `vmcnt`   | `[3:0]`   | `[3:0]` and `[15:14]` (0-63) |
//! | `expcnt`  | `[6:4]`   | `[6:4]`             |
//! | `lgkmcnt` | `[11:8]`  | `[11:8]`            |

use crate::target::Gen;

/// One of the three counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Counter {
    /// `vmcnt`: vector memory loads (and stores, before gfx10) outstanding.
    Vm,
    /// `expcnt`: exports and GDS/vector-memory data reads outstanding.
    Exp,
    /// `lgkmcnt`: LDS, GDS, constant (scalar memory) and message operations outstanding.
    Lgkm,
}

impl Counter {
    /// The counters in the order the assembler prints them.
    pub const ALL: [Counter; 3] = [Counter::Vm, Counter::Exp, Counter::Lgkm];

    /// The name of the counter (`vmcnt`, `expcnt`, `lgkmcnt`).
    pub const fn name(self) -> &'static str {
        match self {
            Counter::Vm => "vmcnt",
            Counter::Exp => "expcnt",
            Counter::Lgkm => "lgkmcnt",
        }
    }

    /// The counter named `name`.
    pub fn from_name(name: &str) -> Option<Counter> {
        Counter::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// Where the counters are in the immediate on one generation: per counter, its bit
/// fields `(shift, width)`, low-order part first.
#[derive(Debug, PartialEq, Eq)]
pub struct Layout {
    fields: [&'static [(u8, u8)]; 3],
}

/// gfx6-gfx8: vmcnt `[3:0]`, expcnt `[6:4]`, lgkmcnt `[11:8]`.
const GFX6: Layout = Layout {
    fields: [&[(0, 4)], &[(4, 3)], &[(8, 4)]],
};
/// gfx9 and CDNA: vmcnt `[3:0]` and `[15:14]`, expcnt `[6:4]`, lgkmcnt `[11:8]`.
const GFX9: Layout = Layout {
    fields: [&[(0, 4), (14, 2)], &[(4, 3)], &[(8, 4)]],
};

/// The counter layout of `gen`.
pub const fn layout(gen: Gen) -> &'static Layout {
    match gen {
        Gen::Gfx9 | Gen::Gfx908 | Gen::Gfx90a | Gen::Gfx940 => &GFX9,
        Gen::R600 | Gen::R700 | Gen::Gfx6 | Gen::Gfx7 | Gen::Gfx8 => &GFX6,
    }
}

/// The largest value of counter `c` on `gen` (no wait): vmcnt 15 on gfx6-gfx8 and
/// 63 on gfx9 and CDNA, expcnt 7, lgkmcnt 15.
pub const fn max(gen: Gen, c: Counter) -> u8 {
    layout(gen).max(c)
}

impl Layout {
    const fn parts(&self, c: Counter) -> &'static [(u8, u8)] {
        self.fields[c as usize]
    }

    /// The largest value of counter `c`.
    pub const fn max(&self, c: Counter) -> u8 {
        let parts = self.parts(c);
        let mut width = 0;
        let mut i = 0;
        while i < parts.len() {
            width += parts[i].1;
            i += 1;
        }
        ((1u16 << width) - 1) as u8
    }

    /// The bits of counter `c` in the immediate.
    pub const fn mask(&self, c: Counter) -> u16 {
        let parts = self.parts(c);
        let mut m = 0;
        let mut i = 0;
        while i < parts.len() {
            let (s, w) = parts[i];
            m |= ((1u16 << w) - 1) << s;
            i += 1;
        }
        m
    }

    /// The bits of all three counters; the others are not part of any field.
    pub const fn counter_bits(&self) -> u16 {
        self.mask(Counter::Vm) | self.mask(Counter::Exp) | self.mask(Counter::Lgkm)
    }

    /// The value of counter `c` in immediate `v`.
    pub const fn get(&self, c: Counter, v: u16) -> u8 {
        let parts = self.parts(c);
        let (mut x, mut at) = (0u16, 0);
        let mut i = 0;
        while i < parts.len() {
            let (s, w) = parts[i];
            x |= ((v >> s) & ((1 << w) - 1)) << at;
            at += w;
            i += 1;
        }
        x as u8
    }

    /// Immediate `v` with counter `c` set to `x` (cut to the counter's width).
    pub const fn set(&self, c: Counter, v: u16, x: u8) -> u16 {
        let parts = self.parts(c);
        let mut v = v & !self.mask(c);
        let mut at = 0;
        let mut i = 0;
        while i < parts.len() {
            let (s, w) = parts[i];
            v |= (((x as u16) >> at) & ((1 << w) - 1)) << s;
            at += w;
            i += 1;
        }
        v
    }

    /// The immediate that waits for nothing: every counter at its maximum.
    pub const fn no_wait(&self) -> u16 {
        self.counter_bits()
    }
}

/// What an `s_waitcnt` waits for: each counter present waits until at most that many
/// operations of its kind are outstanding; an absent one does not wait.
///
/// ```
/// use amdgpu_mc::isa::waitcnt::{self, Counter, Waitcnt};
/// use amdgpu_mc::target::Gen;
/// // s_waitcnt vmcnt(0) lgkmcnt(0)
/// let w = Waitcnt::new().vmcnt(0).lgkmcnt(0);
/// assert_eq!(w.encode(Gen::Gfx9), 0x0070);
/// assert_eq!(Waitcnt::decode(Gen::Gfx9, 0x0070), w);
/// // s_waitcnt vmcnt(32): vmcnt above 15 uses bits [15:14] on gfx9
/// assert_eq!(Waitcnt::new().vmcnt(32).encode(Gen::Gfx9), 0x8f70);
/// assert_eq!(waitcnt::max(Gen::Gfx8, Counter::Vm), 15);
/// assert_eq!(waitcnt::max(Gen::Gfx9, Counter::Vm), 63);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Waitcnt {
    /// The `vmcnt` to wait for, if any.
    pub vmcnt: Option<u8>,
    /// The `expcnt` to wait for, if any.
    pub expcnt: Option<u8>,
    /// The `lgkmcnt` to wait for, if any.
    pub lgkmcnt: Option<u8>,
}

impl Waitcnt {
    /// Waits for nothing.
    pub const fn new() -> Waitcnt {
        Waitcnt {
            vmcnt: None,
            expcnt: None,
            lgkmcnt: None,
        }
    }

    /// Also waits until at most `n` vector memory operations are outstanding.
    pub const fn vmcnt(self, n: u8) -> Waitcnt {
        Waitcnt {
            vmcnt: Some(n),
            ..self
        }
    }

    /// Also waits until at most `n` exports are outstanding.
    pub const fn expcnt(self, n: u8) -> Waitcnt {
        Waitcnt {
            expcnt: Some(n),
            ..self
        }
    }

    /// Also waits until at most `n` LDS, GDS, constant and message operations are
    /// outstanding.
    pub const fn lgkmcnt(self, n: u8) -> Waitcnt {
        Waitcnt {
            lgkmcnt: Some(n),
            ..self
        }
    }

    /// Also waits until at most `n` operations of counter `c` are outstanding.
    pub const fn with(self, c: Counter, n: u8) -> Waitcnt {
        match c {
            Counter::Vm => self.vmcnt(n),
            Counter::Exp => self.expcnt(n),
            Counter::Lgkm => self.lgkmcnt(n),
        }
    }

    /// The wait that completes what both `self` and `other` complete: the smaller
    /// count of each counter either waits on.
    pub const fn combined(self, other: Waitcnt) -> Waitcnt {
        let mut w = self;
        let mut i = 0;
        while i < Counter::ALL.len() {
            let c = Counter::ALL[i];
            if let Some(n) = other.get(c) {
                w = match self.get(c) {
                    Some(m) if m <= n => w,
                    _ => w.with(c, n),
                };
            }
            i += 1;
        }
        w
    }

    /// The value for counter `c`, if it waits on it.
    pub const fn get(self, c: Counter) -> Option<u8> {
        match c {
            Counter::Vm => self.vmcnt,
            Counter::Exp => self.expcnt,
            Counter::Lgkm => self.lgkmcnt,
        }
    }

    /// The 16-bit immediate on `gen`. A counter absent is at its maximum (no wait); a
    /// counter above its maximum on `gen` is lowered to it (as `vmcnt_sat(n)` does),
    /// which waits at least as long.
    pub const fn encode(self, gen: Gen) -> u16 {
        let l = layout(gen);
        let mut v = l.no_wait();
        let mut i = 0;
        while i < Counter::ALL.len() {
            let c = Counter::ALL[i];
            if let Some(n) = self.get(c) {
                let max = l.max(c);
                v = l.set(c, v, if n > max { max } else { n });
            }
            i += 1;
        }
        v
    }

    /// The counters of immediate `v` on `gen`; those at their maximum are absent. Bits
    /// outside the counters (see [`Layout::counter_bits`]) are ignored.
    pub const fn decode(gen: Gen, v: u16) -> Waitcnt {
        let l = layout(gen);
        Waitcnt {
            vmcnt: l.waits(Counter::Vm, v),
            expcnt: l.waits(Counter::Exp, v),
            lgkmcnt: l.waits(Counter::Lgkm, v),
        }
    }
}

impl Layout {
    /// The value of counter `c` in `v`, unless it is at its maximum (no wait).
    const fn waits(&self, c: Counter, v: u16) -> Option<u8> {
        let x = self.get(c, v);
        if x == self.max(c) {
            None
        } else {
            Some(x)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts() {
        assert_eq!(layout(Gen::Gfx9).no_wait(), 0xcf7f);
        assert_eq!(layout(Gen::Gfx8).no_wait(), 0x0f7f);
        assert_eq!(Waitcnt::new().encode(Gen::Gfx9), 0xcf7f);
        assert_eq!(Waitcnt::new().vmcnt(31).encode(Gen::Gfx9), 0x4f7f);
        assert_eq!(Waitcnt::new().vmcnt(100).encode(Gen::Gfx8), 0x0f7f);
        assert_eq!(Waitcnt::new().expcnt(0).encode(Gen::Gfx9), 0xcf0f);
        assert_eq!(
            Waitcnt::decode(Gen::Gfx9, 0x0001),
            Waitcnt::new().vmcnt(1).expcnt(0).lgkmcnt(0)
        );
        for gen in [Gen::Gfx6, Gen::Gfx9] {
            let l = layout(gen);
            for v in 0..=u16::MAX {
                if v & !l.counter_bits() == 0 {
                    assert_eq!(Waitcnt::decode(gen, v).encode(gen), v);
                }
            }
        }
        assert_eq!(max(Gen::Gfx9, Counter::Exp), 7);
        assert_eq!(max(Gen::Gfx940, Counter::Lgkm), 15);
    }
}
