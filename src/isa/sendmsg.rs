//! The message operand of `s_sendmsg` and `s_sendmsghalt`: a 16-bit immediate laid
//! out as message id `[3:0]`, operation `[6:4]` and GS stream `[9:8]`; the other bits
//! (7 and 15:10) are not part of any field.

use super::gens::{self, named, GenSet, Lookup, Named};
use crate::target::Gen;

/// `MSG_INTERRUPT`: raise an interrupt to the host.
pub const MSG_INTERRUPT: u16 = 1;
/// `MSG_GS`: a geometry-shader event (takes a `GS_OP_*` operation and a stream).
pub const MSG_GS: u16 = 2;
/// `MSG_GS_DONE`: the geometry shader is done (takes a `GS_OP_*` operation).
pub const MSG_GS_DONE: u16 = 3;
/// `MSG_SAVEWAVE` (gfx8 and later): the wave is saving its context.
pub const MSG_SAVEWAVE: u16 = 4;
/// `MSG_STALL_WAVE_GEN` (gfx9 and later).
pub const MSG_STALL_WAVE_GEN: u16 = 5;
/// `MSG_HALT_WAVES` (gfx9 and later).
pub const MSG_HALT_WAVES: u16 = 6;
/// `MSG_ORDERED_PS_DONE` (gfx9 and later).
pub const MSG_ORDERED_PS_DONE: u16 = 7;
/// `MSG_EARLY_PRIM_DEALLOC` (gfx9 and later).
pub const MSG_EARLY_PRIM_DEALLOC: u16 = 8;
/// `MSG_GS_ALLOC_REQ` (gfx9 and later).
pub const MSG_GS_ALLOC_REQ: u16 = 9;
/// `MSG_GET_DOORBELL` (gfx9 and later).
pub const MSG_GET_DOORBELL: u16 = 10;
/// `MSG_SYSMSG`: a system message (takes a `SYSMSG_OP_*` operation).
pub const MSG_SYSMSG: u16 = 15;

/// `GS_OP_NOP`: no geometry operation (valid with `MSG_GS_DONE` only, without stream).
pub const GS_OP_NOP: u16 = 0;
/// `GS_OP_CUT`: end the current primitive strip.
pub const GS_OP_CUT: u16 = 1;
/// `GS_OP_EMIT`: emit a vertex.
pub const GS_OP_EMIT: u16 = 2;
/// `GS_OP_EMIT_CUT`: emit a vertex and end the strip.
pub const GS_OP_EMIT_CUT: u16 = 3;
/// `SYSMSG_OP_ECC_ERR_INTERRUPT`.
pub const SYSMSG_OP_ECC_ERR_INTERRUPT: u16 = 1;
/// `SYSMSG_OP_REG_RD`.
pub const SYSMSG_OP_REG_RD: u16 = 2;
/// `SYSMSG_OP_HOST_TRAP_ACK` (gfx6 to gfx8).
pub const SYSMSG_OP_HOST_TRAP_ACK: u16 = 3;
/// `SYSMSG_OP_TTRACE_PC`.
pub const SYSMSG_OP_TTRACE_PC: u16 = 4;

/// The largest operation (3 bits).
pub const OP_MAX: u16 = 7;
/// The largest stream id (2 bits).
pub const STREAM_MAX: u16 = 3;

const OP_SHIFT: u16 = 4;
const STREAM_SHIFT: u16 = 8;

/// The mask of the message id field on `gen` (4 bits on every generation here).
pub const fn id_mask(gen: Gen) -> u16 {
    let _ = gen;
    0xf
}

/// The bits of the id, operation and stream fields on `gen`; the others are not part
/// of any field.
pub const fn field_bits(gen: Gen) -> u16 {
    id_mask(gen) | OP_MAX << OP_SHIFT | STREAM_MAX << STREAM_SHIFT
}

/// Which operations a message takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ops {
    /// None: operation and stream are 0.
    None,
    /// `GS_OP_CUT`, `GS_OP_EMIT` and `GS_OP_EMIT_CUT` with a stream, and when `nop`,
    /// `GS_OP_NOP` (without stream) too.
    Gs {
        /// Whether `GS_OP_NOP` is valid.
        nop: bool,
    },
    /// `SYSMSG_OP_*`, without stream.
    Sys,
}

/// A message: its name, id, the generations on which it is valid and its operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Message {
    /// The name as the assembler spells it (`MSG_GS`).
    pub name: &'static str,
    /// The message id.
    pub id: u16,
    /// Where the message is valid.
    pub gens: GenSet,
    /// The operations it takes.
    pub ops: Ops,
}

const fn msg(name: &'static str, id: u16, gens: GenSet, ops: Ops) -> Message {
    Message {
        name,
        id,
        gens,
        ops,
    }
}

/// The messages. Names that llvm-mc knows for gfx10 and later only are listed with
/// [`GenSet::NONE`] (id 0).
pub const MESSAGES: &[Message] = &[
    msg("MSG_INTERRUPT", MSG_INTERRUPT, GenSet::GCN, Ops::None),
    msg("MSG_GS", MSG_GS, GenSet::GCN, Ops::Gs { nop: false }),
    msg(
        "MSG_GS_DONE",
        MSG_GS_DONE,
        GenSet::GCN,
        Ops::Gs { nop: true },
    ),
    msg("MSG_SAVEWAVE", MSG_SAVEWAVE, GenSet::GFX8_UP, Ops::None),
    msg(
        "MSG_STALL_WAVE_GEN",
        MSG_STALL_WAVE_GEN,
        GenSet::GFX9_UP,
        Ops::None,
    ),
    msg("MSG_HALT_WAVES", MSG_HALT_WAVES, GenSet::GFX9_UP, Ops::None),
    msg(
        "MSG_ORDERED_PS_DONE",
        MSG_ORDERED_PS_DONE,
        GenSet::GFX9_UP,
        Ops::None,
    ),
    msg(
        "MSG_EARLY_PRIM_DEALLOC",
        MSG_EARLY_PRIM_DEALLOC,
        GenSet::GFX9_UP,
        Ops::None,
    ),
    msg(
        "MSG_GS_ALLOC_REQ",
        MSG_GS_ALLOC_REQ,
        GenSet::GFX9_UP,
        Ops::None,
    ),
    msg(
        "MSG_GET_DOORBELL",
        MSG_GET_DOORBELL,
        GenSet::GFX9_UP,
        Ops::None,
    ),
    msg("MSG_SYSMSG", MSG_SYSMSG, GenSet::GCN, Ops::Sys),
    // Known to llvm-mc for gfx10+ only.
    msg("MSG_DEALLOC_VGPRS", 0, GenSet::NONE, Ops::None),
    msg("MSG_GET_DDID", 0, GenSet::NONE, Ops::None),
    msg("MSG_HS_TESSFACTOR", 0, GenSet::NONE, Ops::None),
    msg(
        "MSG_RTN_GET_CLUSTER_BARRIER_STATE",
        0,
        GenSet::NONE,
        Ops::None,
    ),
    msg("MSG_RTN_GET_DDID", 0, GenSet::NONE, Ops::None),
    msg("MSG_RTN_GET_DOORBELL", 0, GenSet::NONE, Ops::None),
    msg("MSG_RTN_GET_REALTIME", 0, GenSet::NONE, Ops::None),
    msg("MSG_RTN_GET_SE_AID_ID", 0, GenSet::NONE, Ops::None),
    msg("MSG_RTN_GET_TBA", 0, GenSet::NONE, Ops::None),
    msg("MSG_RTN_GET_TBA_TO_PC", 0, GenSet::NONE, Ops::None),
    msg("MSG_RTN_GET_TMA", 0, GenSet::NONE, Ops::None),
    msg("MSG_RTN_SAVE_WAVE", 0, GenSet::NONE, Ops::None),
    msg("MSG_SAVEWAVE_HAS_TDM", 0, GenSet::NONE, Ops::None),
];

/// The `GS_OP_*` operation names.
pub const GS_OPS: &[Named] = &[
    named("GS_OP_NOP", GS_OP_NOP, GenSet::GCN),
    named("GS_OP_CUT", GS_OP_CUT, GenSet::GCN),
    named("GS_OP_EMIT", GS_OP_EMIT, GenSet::GCN),
    named("GS_OP_EMIT_CUT", GS_OP_EMIT_CUT, GenSet::GCN),
];

/// The `SYSMSG_OP_*` operation names.
pub const SYSMSG_OPS: &[Named] = &[
    named(
        "SYSMSG_OP_ECC_ERR_INTERRUPT",
        SYSMSG_OP_ECC_ERR_INTERRUPT,
        GenSet::GCN,
    ),
    named("SYSMSG_OP_REG_RD", SYSMSG_OP_REG_RD, GenSet::GCN),
    named(
        "SYSMSG_OP_HOST_TRAP_ACK",
        SYSMSG_OP_HOST_TRAP_ACK,
        GenSet::GFX6_8,
    ),
    named("SYSMSG_OP_TTRACE_PC", SYSMSG_OP_TTRACE_PC, GenSet::GCN),
];

/// The message with id `id` on `gen`.
pub fn message(gen: Gen, id: u16) -> Option<&'static Message> {
    MESSAGES.iter().find(|e| e.id == id && e.gens.contains(gen))
}

/// The message named `name` on `gen`.
pub fn lookup(gen: Gen, name: &str) -> Lookup<&'static Message> {
    super::gens::lookup_by(MESSAGES, gen, name, |e| (e.name, e.gens))
}

/// The operation names of message id `id`: `SYSMSG_OP_*` for [`MSG_SYSMSG`],
/// `GS_OP_*` for every other id.
pub fn op_names(id: u16) -> &'static [Named] {
    if id == MSG_SYSMSG {
        SYSMSG_OPS
    } else {
        GS_OPS
    }
}

/// The name of operation `op` of message id `id` on `gen`, if it has one there.
pub fn op_name(gen: Gen, id: u16, op: u16) -> Option<&'static str> {
    gens::name_of(op_names(id), gen, op).map(|e| e.name)
}

impl Message {
    /// Whether `op` is a valid operation of this message on `gen`.
    pub fn op_valid(&self, gen: Gen, op: u16) -> bool {
        match self.ops {
            Ops::None => op == 0,
            Ops::Gs { nop } => gens::name_of(GS_OPS, gen, op).is_some() && (nop || op != GS_OP_NOP),
            Ops::Sys => gens::name_of(SYSMSG_OPS, gen, op).is_some(),
        }
    }

    /// Whether operation `op` of this message takes a stream.
    pub fn has_stream(&self, op: u16) -> bool {
        matches!(self.ops, Ops::Gs { .. }) && op != GS_OP_NOP
    }
}

/// A message with its operation and stream: `sendmsg(msg, op, stream)`.
///
/// ```
/// use amdgpu_mc::isa::sendmsg::{self, Sendmsg};
/// use amdgpu_mc::target::Gen;
/// // s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 1)
/// let m = Sendmsg::new(sendmsg::MSG_GS).op(sendmsg::GS_OP_EMIT).stream(1);
/// assert_eq!(m.encode(), 0x122);
/// assert_eq!(Sendmsg::decode(Gen::Gfx9, 0x122), Some(m));
/// assert!(m.is_valid(Gen::Gfx9));
/// // s_sendmsg sendmsg(MSG_INTERRUPT)
/// assert_eq!(Sendmsg::new(sendmsg::MSG_INTERRUPT).encode(), 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sendmsg {
    /// The message id (see the named ids, e.g. [`MSG_GS`]).
    pub msg: u16,
    /// The operation, 0 to [`OP_MAX`] (e.g. [`GS_OP_EMIT`]).
    pub op: u16,
    /// The GS stream, 0 to [`STREAM_MAX`].
    pub stream: u16,
}

impl Sendmsg {
    /// Message `msg` without operation or stream.
    pub const fn new(msg: u16) -> Sendmsg {
        Sendmsg {
            msg,
            op: 0,
            stream: 0,
        }
    }

    /// The same message with operation `op`.
    pub const fn op(self, op: u16) -> Sendmsg {
        Sendmsg { op, ..self }
    }

    /// The same message with stream `stream`.
    pub const fn stream(self, stream: u16) -> Sendmsg {
        Sendmsg { stream, ..self }
    }

    /// The 16-bit immediate. Fields out of range are cut to their widths.
    pub const fn encode(self) -> u16 {
        (self.msg & 0xf)
            | (self.op & OP_MAX) << OP_SHIFT
            | (self.stream & STREAM_MAX) << STREAM_SHIFT
    }

    /// The fields of a 16-bit immediate on `gen`, or `None` if bits outside the fields
    /// are set.
    pub const fn decode(gen: Gen, v: u16) -> Option<Sendmsg> {
        let m = Sendmsg {
            msg: v & id_mask(gen),
            op: (v >> OP_SHIFT) & OP_MAX,
            stream: (v >> STREAM_SHIFT) & STREAM_MAX,
        };
        if m.encode() == v {
            Some(m)
        } else {
            None
        }
    }

    /// The message on `gen`, if the id names one there.
    pub fn message(self, gen: Gen) -> Option<&'static Message> {
        message(gen, self.msg)
    }

    /// Whether this is a valid message on `gen`: a named message, an operation it
    /// takes and a stream only where the operation takes one (what the symbolic form
    /// `sendmsg(MSG_..., ...)` can express).
    pub fn is_valid(self, gen: Gen) -> bool {
        match self.message(gen) {
            Some(m) => m.op_valid(gen, self.op) && (m.has_stream(self.op) || self.stream == 0),
            None => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields() {
        assert_eq!(field_bits(Gen::Gfx9), 0x037f);
        assert_eq!(Sendmsg::decode(Gen::Gfx9, 0x0401), None);
        assert_eq!(Sendmsg::decode(Gen::Gfx9, 0x0080), None);
        let m = Sendmsg::decode(Gen::Gfx9, 0x037f).unwrap();
        assert_eq!((m.msg, m.op, m.stream), (15, 7, 3));
        assert!(!m.is_valid(Gen::Gfx9));
        assert!(Sendmsg::new(MSG_GS_DONE).is_valid(Gen::Gfx9));
        assert!(!Sendmsg::new(MSG_GS).is_valid(Gen::Gfx9));
        assert!(!Sendmsg::new(MSG_SAVEWAVE).is_valid(Gen::Gfx7));
        let host_trap = Sendmsg::new(MSG_SYSMSG).op(SYSMSG_OP_HOST_TRAP_ACK);
        assert!(host_trap.is_valid(Gen::Gfx8) && !host_trap.is_valid(Gen::Gfx9));
        assert_eq!(lookup(Gen::Gfx9, "MSG_GET_DDID"), Lookup::Unsupported);
        assert_eq!(op_name(Gen::Gfx9, MSG_GS, GS_OP_CUT), Some("GS_OP_CUT"));
    }
}
