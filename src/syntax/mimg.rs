//! MIMG syntax: `dmask:0xN unorm glc slc a16 tfe lwe da d16` (in this order; glc and
//! slc in either; up to gfx8 bit 15 is `r128`, not `a16`), the data register width that
//! follows from dmask, d16 and tfe, and the address widths each instruction accepts.

use super::error::{err, Error};
use super::operands::{Item, Items, Kind, Modifier, Word};
use crate::codec::mimg::{
    data_dwords, dmask, fields_ok, A16, D16, DA, DMASK, GLC, LWE, SCC, SLC, TFE, UNORM,
};
use crate::inst::{Inst, VGPR0};
use crate::isa::{flags, OpDesc, Role, Slot};
use crate::target::{Gen, Target};
use std::fmt::{self, Write};

/// The flags in llvm-mc's order: (word, bit, position in the order).
const FLAGS: &[(&str, u64, u8)] = &[
    ("unorm", UNORM, 1),
    ("glc", GLC, 2),
    ("slc", SLC, 2),
    // (gfx90a only.)
    ("scc", SCC, 2),
    ("a16", A16, 3),
    ("tfe", TFE, 4),
    ("lwe", LWE, 5),
    ("da", DA, 6),
    ("d16", D16, 7),
];

/// The word for bit 15: `r128` up to gfx8, `a16` from gfx9 on.
fn word(gen: Gen, w: &'static str) -> &'static str {
    if w == "a16" && gen.before_gfx9() {
        "r128"
    } else {
        w
    }
}

pub fn write_mods(out: &mut dyn Write, gen: Gen, i: &Inst) -> fmt::Result {
    let dm = dmask(i.fields);
    if dm != 0 {
        write!(out, " dmask:{dm:#x}")?;
    }
    for (w, bit, _) in FLAGS {
        if i.fields & bit != 0 {
            out.write_char(' ')?;
            out.write_str(word(gen, w))?;
        }
    }
    Ok(())
}

/// Applies an MIMG modifier; the error is llvm-mc's message.
pub fn apply_mod(gen: Gen, i: &mut Inst, m: Modifier) -> Result<(), &'static str> {
    let d = i.desc();
    let bad = Err("invalid operand for instruction");
    // Modifiers come in a fixed order: one whose successor is already set is out of place.
    let later = |i: &Inst, at: u8| {
        FLAGS
            .iter()
            .any(|(_, bit, o)| *o > at && i.fields & bit != 0)
    };
    if matches!(m, Modifier::Flag(Word::Scc) | Modifier::NoCpol(Word::Scc)) && gen != Gen::Gfx90a {
        return Err("scc modifier is not supported on this GPU");
    }
    // A negated cache bit leaves it clear.
    // (In the place and once, as the bit itself.)
    if let Modifier::NoCpol(w) = m {
        let Some(&(_, bit, at)) = FLAGS
            .iter()
            .find(|(n, _, at)| *at == 2 && word(gen, n) == w.name())
        else {
            return bad;
        };
        if i.fields & bit != 0 {
            return Err("duplicate cache policy modifier");
        }
        return if later(i, at) { bad } else { Ok(()) };
    }
    let word_in = match m {
        Modifier::Value(Word::Dmask, v) => {
            if later(i, 0) || i.fields & DMASK != 0 {
                return Err("not a valid operand.");
            }
            i.fields |= (v as u64 & 0xf) << 8;
            return Ok(());
        }
        Modifier::Value(..) | Modifier::Offset(_) => return Err("not a valid operand."),
        Modifier::Flag(Word::R128) if !gen.before_gfx9() => {
            return Err("r128 modifier is not supported on this GPU")
        }
        Modifier::Flag(Word::A16) if gen.before_gfx9() => {
            return Err("a16 modifier is not supported on this GPU")
        }
        Modifier::Flag(Word::D16) if gen.before_gfx8() => {
            return Err("d16 modifier is not supported on this GPU")
        }
        Modifier::Glc => "glc",
        Modifier::Flag(w) => w.name(),
        _ => return bad,
    };
    let Some(&(_, bit, at)) = FLAGS.iter().find(|(w, _, _)| word(gen, w) == word_in) else {
        return bad;
    };
    if i.fields & bit != 0 {
        return if at == 2 {
            Err("duplicate cache policy modifier")
        } else {
            bad
        };
    }
    if later(i, at) || (bit == D16 && d.has(flags::NO_D16 | flags::ATOMIC)) {
        return bad;
    }
    i.fields |= bit;
    Ok(())
}

/// Data register widths llvm-mc has operand forms for.
fn data_width_ok(d: &OpDesc, n: u8) -> bool {
    if d.has(flags::ATOMIC) {
        if d.has(flags::CMPSWAP) {
            (2..=5).contains(&n)
        } else {
            (1..=3).contains(&n)
        }
    } else if d.has(flags::GATHER4) {
        matches!(n, 2 | 4 | 5)
    } else {
        (1..=5).contains(&n)
    }
}

include!(concat!(env!("OUT_DIR"), "/mimg_vaddr.rs"));

/// The VADDR widths (bit n = n dwords) of each row, from the `vaddr` column of
/// isa/mimg.tsv (read by build.rs).
fn vaddr_widths(name: &str) -> u16 {
    VADDR_WIDTHS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(0, |(_, m)| *m)
}

/// Binds an MIMG operand. Data registers of any width the instruction has a form for
/// are taken here and checked against dmask, d16 and tfe in [`finish`].
pub fn bind_operand(i: &mut Inst, s: &Slot, it: &Item) -> Result<(), Error> {
    let d = i.desc();
    let Kind::Reg { code, dwords } = it.kind else {
        return err(it.pos, "invalid operand for instruction");
    };
    let ok = match s.role {
        Role::Vd | Role::Vdata if code >= VGPR0 && data_width_ok(d, dwords) => {
            i.dst = code;
            true
        }
        Role::Vaddr
            if code >= VGPR0
                && vaddr_widths(d.name())
                    .checked_shr(u32::from(dwords))
                    .is_some_and(|w| w & 1 != 0) =>
        {
            i.src[0] = code;
            true
        }
        Role::Srsrc if code < 128 && dwords == 8 => {
            i.src[1] = code;
            true
        }
        Role::Ssamp if code < 128 && dwords == 4 => {
            i.src[2] = code;
            true
        }
        _ => false,
    };
    if ok {
        Ok(())
    } else {
        err(it.pos, "invalid operand for instruction")
    }
}

/// The checks llvm-mc makes once the operands matched: the data width against dmask,
/// d16 and tfe, then the atomic and gather4 dmask rules.
pub fn finish(target: Target, i: &Inst, items: &Items, mpos: usize) -> Result<(), Error> {
    let gen = target.gen;
    let d = i.desc();
    // gfx90a: vector tuples as written start at an even register (the address is
    // checked before it is cut to the width the instruction reads).
    if target.even_tuples() {
        let odd = items.iter().find(|it| {
            matches!(it.kind, Kind::Reg { code, dwords } if dwords > 1 && code >= crate::inst::VGPR0 && code % 2 == 1)
        });
        // (llvm-mc reports it at the mnemonic for the atomics.)
        match odd {
            Some(_) if d.has(flags::ATOMIC) => return Err(Error::not_for_gpu(mpos)),
            Some(it) => return err(it.pos, "invalid operand for instruction"),
            None => {}
        }
    }
    let written = items.iter().find_map(|it| match it.kind {
        Kind::Reg { dwords, .. } => Some(dwords),
        _ => None,
    });
    if written != Some(data_dwords(target.packed_d16(), d, i.fields)) {
        return err(
            mpos,
            if d.has(flags::ATOMIC) {
                "image data size does not match dmask and tfe"
            } else {
                if gen.before_gfx9() {
                    "image data size does not match dmask and tfe"
                } else {
                    "image data size does not match dmask, d16 and tfe"
                }
            },
        );
    }
    if let Err(msg) = fields_ok(gen, d, i.fields) {
        let at = items
            .iter()
            .find(|it| matches!(it.kind, Kind::Mod(Modifier::Value(Word::Dmask, _))))
            .map_or(mpos, |it| it.pos);
        return err(at, msg);
    }
    Ok(())
}

/// Writes the data operand (its width follows from the modifiers).
pub fn write_data(out: &mut dyn Write, target: Target, i: &Inst) -> fmt::Result {
    crate::operand_code::write_reg(
        out,
        target.gen,
        i.dst,
        data_dwords(target.packed_d16(), i.desc(), i.fields),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vaddr_column() {
        assert_eq!(vaddr_widths("image_load"), 0b1_1110);
        assert_eq!(vaddr_widths("image_sample_b_cl"), 0b1_0011_1100);
        assert_eq!(vaddr_widths("image_sample_c_d_cl_o"), 0b1_1111_1111_0000);
        assert_eq!(vaddr_widths("image_bogus"), 0);
    }
}
