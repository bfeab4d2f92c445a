//! The plain path's routes by mnemonic ([`plain::route`]): what a mnemonic's lines
//! are bound by depends on the mnemonic and the target alone, and finding it (the
//! mnemonic's suffix, its rows in the name index, the encodings the general path
//! would try) cost about 220 executed instructions a line, a fifth of binding a
//! plain line. An assembly keeps the routes it has found in a small table by the
//! mnemonic's hash: on the distinct real-code inputs of `tools/speed.py` a line
//! then finds its route in about a hundred (44 of them the table's own, the rest
//! the mnemonic's copy and the first line of each mnemonic).

use super::plain::{self, Route};
use crate::isa::Column;
use crate::target::{Features, Gen, Target};

/// The routes of the mnemonics an assembly has met (each slot the last mnemonic of
/// its hash), for one target's rows and encodings.
#[derive(Default)]
pub(crate) struct Routes {
    made_for: Option<(Gen, Option<Column>, Features)>,
    slots: Vec<Slot>,
}

/// A mnemonic of at most [`NAME`] bytes (zeros after it; `len` 0: none) and its
/// route (`None`: its lines are never plain).
#[derive(Clone, Copy)]
struct Slot {
    name: [u8; NAME],
    len: u8,
    route: Option<Route>,
}

/// The longest mnemonic kept (longer ones are routed afresh each time).
const NAME: usize = 32;

/// The slots (a power of two): an assembly meets a few hundred mnemonics.
const SLOTS: usize = 1024;

const EMPTY: Slot = Slot {
    name: [0; NAME],
    len: 0,
    route: None,
};

impl Routes {
    /// The route of `mnemonic` on `target` (as [`plain::route`]).
    pub(crate) fn route(&mut self, target: Target, mnemonic: &str) -> Option<Route> {
        let b = mnemonic.as_bytes();
        if b.is_empty() || b.len() > NAME {
            return plain::route(target, mnemonic);
        }
        let made_for = Some((target.gen, target.column, target.features));
        if self.made_for != made_for {
            self.slots.clear();
            self.slots.resize(SLOTS, EMPTY);
            self.made_for = made_for;
        }
        let mut name = [0u8; NAME];
        name[..b.len()].copy_from_slice(b);
        // (The name's four words folded: mnemonics differ anywhere.)
        let h = name.chunks_exact(8).fold(b.len() as u64, |h, w| {
            (h.rotate_left(23) ^ u64::from_le_bytes(w.try_into().unwrap_or_default()))
                .wrapping_mul(0x9e37_79b9_7f4a_7c15)
        });
        let slot = &mut self.slots[(h >> 54) as usize & (SLOTS - 1)];
        if usize::from(slot.len) == b.len() && slot.name == name {
            return slot.route;
        }
        let route = plain::route(target, mnemonic);
        *slot = Slot {
            name,
            len: b.len() as u8,
            route,
        };
        route
    }
}
