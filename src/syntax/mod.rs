//! Assembly text: tokens, operand parsing, binding to the tables, printing, and the
//! symbolic operands (hwreg, sendmsg, waitcnt, gpr_idx).

pub mod bind;
pub mod buf;
pub mod ds;
pub mod error;
pub mod exp;
pub mod expr;
pub mod lex;
pub mod mai;
pub mod mimg;
pub mod operands;
pub mod print;
pub(crate) mod print_plan;
pub(crate) mod suffix;
pub mod symbolic;
pub mod vintrp;
pub mod vopx;
