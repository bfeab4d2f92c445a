//! Line templates of SOPK and SOPP words whose operands are a scalar register and a
//! 16-bit immediate, or a branch's offset (`s_movk_i32 s5, 0x7876`, `s_cmpk_lt_i32
//! s1, 0x40`, `s_cbranch_scc0 5`): a row by format and opcode, made at its first word
//! from the decoder's row lookup (`codec::op`) and the row's operands. The register's
//! text is the printer's padded name where the checker's rule takes it (`codec::sop`'s
//! check: a valid register of the field's 128 codes); the immediate is written as the
//! printer writes it, in hex, and a branch's offset in unsigned decimal. The other
//! rows (`hwreg`, `sendmsg`, `s_waitcnt`'s counters, `s_nop`, `s_call_b64`, ...) go
//! the general way.
//!
//! A branch's line is marked, as the callers that name branch targets mark the lines
//! they render ([`Sopk::mark`]).

use super::{push_tail, reg_text, End, Fill, Head, Rows, EMPTY, NO_HEAD};
use crate::codec::sop::format_and_opcode;
use crate::inst::Enc;
use crate::isa::{Fmt, Role};
use crate::operand_code::{write_dec, write_hex};
use crate::target::Target;

/// A row's template: the head (its length 0: no template), the width of its register
/// (0: none, a branch), and whether its immediate is a branch's offset.
#[derive(Clone, Copy)]
struct Row {
    head: Head,
    reg: u8,
    branch: bool,
}

const NO_ROW: Row = Row {
    head: NO_HEAD,
    reg: 0,
    branch: false,
};

/// The fields.
const REG: u8 = 0;
const IMM: u8 = 1;

/// SOPK's opcodes; SOPP's rows come after them.
const SOPK_ROWS: u32 = 32;

/// The SOPK and SOPP templates of one target: rows made as words ask.
pub(super) struct Sopk {
    target: Target,
    rows: Rows<Row>,
}

impl Sopk {
    pub(super) fn new(target: Target) -> Sopk {
        Sopk {
            target,
            rows: Rows::new(SOPK_ROWS as usize + 128),
        }
    }

    /// The row of SOPK or SOPP word `w`, if a template takes its row.
    #[inline(always)]
    fn row(&self, w: u32) -> Option<&Row> {
        let (fmt, opcode) = format_and_opcode(w);
        let at = match fmt {
            Fmt::Sopk => opcode,
            Fmt::Sopp => SOPK_ROWS + opcode,
            _ => return None,
        };
        let row = self
            .rows
            .get(at as usize, || make_row(self.target, fmt, opcode))?;
        row.head.some().then_some(row)
    }

    /// Appends the line of SOPK or SOPP word `w` as [`super::Templates::push_line`]
    /// does a VOP word's, if a template takes it; whether one did.
    #[inline]
    pub(super) fn push_line(&self, out: &mut Vec<u8>, w: u32, end: End) -> bool {
        let Some(row) = self.row(w) else {
            return false;
        };
        let imm = w & 0xffff;
        let reg = match row.reg {
            0 => &EMPTY,
            // (SOPK's SDST: 7 bits, the checker's register rule.)
            n => match reg_text(self.target, (w >> 16 & 0x7f) as u16, n) {
                Some(p) => p,
                None => return false,
            },
        };
        let mut text = Fill::<15>::new();
        let _ = match row.branch {
            true => write_dec(&mut text, imm),
            false => write_hex(&mut text, imm),
        };
        let Some(imm) = text.padded() else {
            return false;
        };
        let shows = &row.head.shows[..row.head.n as usize];
        let texts = [reg, &imm];
        let raw = w.to_le_bytes();
        push_tail(
            out,
            &row.head.text,
            row.head.len,
            shows,
            texts,
            (&super::NO_TAIL, 0),
            &raw,
            end,
        );
        true
    }

    /// The mark of the line of SOPK or SOPP word `w` a template made: 1 for a
    /// branch (the callers that name branch targets mark the lines of instructions
    /// with a label operand), else 0.
    #[inline]
    pub(super) fn mark(&self, w: u32) -> u8 {
        self.row(w).is_some_and(|r| r.branch) as u8
    }
}

/// The template of the row of SOPK or SOPP (`fmt`) opcode `opcode` on `target`: a
/// SOPK row of a one-dword scalar register and a 16-bit immediate, or a SOPP row of
/// a branch's offset alone.
fn make_row(target: Target, fmt: Fmt, opcode: u32) -> Row {
    let Ok(op) = crate::codec::op(target, fmt, opcode) else {
        return NO_ROW;
    };
    let enc = match fmt {
        Fmt::Sopk => Enc::Sopk,
        _ => Enc::Sopp,
    };
    let mut row = Row {
        head: Head::of(target, op, enc),
        ..NO_ROW
    };
    let one_dword = |s: &crate::isa::Slot| s.ty.dwords() == 1;
    match (fmt, op.desc().sig()) {
        (Fmt::Sopk, [r, k])
            if matches!(r.role, Role::Sd | Role::SdIn)
                && one_dword(r)
                && matches!(k.role, Role::Imm16 | Role::Simm16) =>
        {
            row.reg = 1;
            let _ = row.head.show(REG) && row.head.show(IMM);
        }
        (Fmt::Sopp, [l]) if l.role == Role::Label => {
            row.branch = true;
            let _ = row.head.show(IMM);
        }
        _ => return NO_ROW,
    }
    row
}
