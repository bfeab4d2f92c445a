//! The text llvm-mc's assembly streamer prints for what it reads (`llvm-mc` with no
//! `-filetype`, or `-show-encoding`): a section switch with its flags, data one value
//! a line, expressions as llvm-mc prints them, strings with its escapes. The reader
//! (`text`) lists these lines in llvm-mc's style ([`super::text::Style::Llvm`]).

use super::object::{shf, sht, Section};
use crate::syntax::expr::{Bin, Tree};

/// The switch to `sec`: `\t.text` and `\t.data` bare, others with their flags and
/// type (`\t.section\t.rodata,"a",@progbits`).
pub(super) fn section_switch(sec: &Section) -> String {
    if sec.name == ".text" || sec.name == ".data" {
        return format!("\t{}", sec.name);
    }
    let mut s = format!("\t.section\t{},\"", section_name(&sec.name));
    for (bit, c) in [
        (shf::ALLOC, 'a'),
        (shf::EXECINSTR, 'x'),
        (shf::WRITE, 'w'),
        (shf::MERGE, 'M'),
        (shf::STRINGS, 'S'),
    ] {
        if sec.flags & bit != 0 {
            s.push(c);
        }
    }
    s.push_str("\",@");
    s.push_str(match sec.ty {
        sht::NOBITS => "nobits",
        sht::NOTE => "note",
        _ => "progbits",
    });
    if sec.entsize != 0 {
        s.push_str(&format!(",{}", sec.entsize));
    }
    s
}

/// A section's name as llvm-mc prints it: bare when it is letters, digits, `_`
/// and `.`, else in quotes.
fn section_name(name: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.';
    if name.chars().all(plain) {
        return name.to_string();
    }
    let mut s = String::from("\"");
    let b: Vec<char> = name.chars().collect();
    let mut k = 0;
    while k < b.len() {
        match b[k] {
            '"' => s.push_str("\\\""),
            '\\' if k + 1 == b.len() => s.push_str("\\\\"),
            '\\' => {
                s.push('\\');
                s.push(b[k + 1]);
                k += 1;
            }
            c => s.push(c),
        }
        k += 1;
    }
    s.push('"');
    s
}

/// The canonical name llvm-mc prints for a data directive of `width` bytes.
pub(super) fn data_directive(width: u8) -> &'static str {
    match width {
        1 => ".byte",
        2 => ".short",
        4 => ".long",
        _ => ".quad",
    }
}

/// A string in double quotes with llvm-mc's escapes (`\"`, `\\`, `\n`, `\t`, ...,
/// octal for other unprintable bytes).
pub(super) fn quoted(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &c in bytes {
        match c {
            b'"' | b'\\' => {
                s.push('\\');
                s.push(c as char);
            }
            0x20..=0x7e => s.push(c as char),
            8 => s.push_str("\\b"),
            12 => s.push_str("\\f"),
            b'\n' => s.push_str("\\n"),
            b'\r' => s.push_str("\\r"),
            b'\t' => s.push_str("\\t"),
            _ => s.push_str(&format!("\\{:03o}", c)),
        }
    }
    s.push('"');
    s
}

/// The lines of bytes placed as they are (a string, `.incbin`): none when empty, a
/// `.byte` for one, else an `.ascii` string.
pub(super) fn bytes_lines(bytes: &[u8], out: &mut Vec<String>) {
    match bytes {
        [] => {}
        [b] => out.push(format!("\t.byte\t{b}")),
        _ => out.push(format!("\t.ascii\t{}", quoted(bytes))),
    }
}

/// The operator's spelling.
fn op(b: Bin) -> &'static str {
    match b {
        Bin::LOr => "||",
        Bin::LAnd => "&&",
        Bin::Eq => "==",
        Bin::Ne => "!=",
        Bin::Lt => "<",
        Bin::Le => "<=",
        Bin::Gt => ">",
        Bin::Ge => ">=",
        Bin::Add => "+",
        Bin::Sub => "-",
        Bin::Or => "|",
        Bin::Xor => "^",
        Bin::And => "&",
        Bin::OrNot => "!",
        Bin::Mul => "*",
        Bin::Div => "/",
        Bin::Rem => "%",
        Bin::Shl => "<<",
        Bin::Shr => ">>",
    }
}

/// An expression as llvm-mc prints it: no blanks, parentheses around an operand that
/// is itself an operation (but `a-b-c` and `a-b+1`, a sum on the left of a sum, bare),
/// `x-4` for `x+(-4)`.
pub(super) fn expr(t: &Tree) -> String {
    let mut s = String::new();
    push_expr(&mut s, t);
    s
}

fn trivial(t: &Tree) -> bool {
    matches!(t, Tree::Num(_) | Tree::Sym(..))
}

fn push_expr(s: &mut String, t: &Tree) {
    match t {
        Tree::Num(v) => s.push_str(&v.to_string()),
        Tree::Sym(n, v) => {
            s.push_str(n);
            s.push_str(v.spelling());
        }
        Tree::Un(o, a) => {
            s.push(*o as char);
            push_operand(s, a, trivial(a) || matches!(**a, Tree::Un(..)));
        }
        Tree::Bin(b, l, r) => {
            let additive = |b: &Bin| matches!(b, Bin::Add | Bin::Sub);
            let sum_on_left = additive(b) && matches!(&**l, Tree::Bin(lb, _, _) if additive(lb));
            push_operand(s, l, trivial(l) || sum_on_left);
            match (b, &**r) {
                (Bin::Add, Tree::Num(v)) if *v < 0 => {
                    s.push_str(&v.to_string());
                    return;
                }
                _ => s.push_str(op(*b)),
            }
            push_operand(s, r, trivial(r));
        }
        Tree::Call(f, args) => {
            s.push_str(f.name());
            s.push('(');
            for (k, a) in args.iter().enumerate() {
                if k > 0 {
                    s.push_str(", ");
                }
                push_expr(s, a);
            }
            s.push(')');
        }
    }
}

fn push_operand(s: &mut String, t: &Tree, bare: bool) {
    if bare {
        push_expr(s, t);
    } else {
        s.push('(');
        push_expr(s, t);
        s.push(')');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::expr;

    fn show(src: &str) -> String {
        expr(&expr::tree(src).unwrap().1)
    }

    /// As llvm-mc 22 prints them (`.long EXPR`).
    #[test]
    fn expressions_print_as_llvm_mc_prints_them() {
        for (src, want) in [
            ("(a+b)*c", "(a+b)*c"),
            ("a-(b-c)", "a-(b-c)"),
            ("a*(b+c)", "a*(b+c)"),
            ("-a", "-a"),
            ("~(a|b)", "~(a|b)"),
            ("a-b-c", "a-b-c"),
            ("a+(-4)", "a-4"),
            ("a - 4", "a-4"),
            ("a<<2", "a<<2"),
            ("(a>>1)&3", "(a>>1)&3"),
            ("a@rel32@lo+4", "a@rel32@lo+4"),
            ("a==b", "a==b"),
            ("4+a", "4+a"),
            ("a%3", "a%3"),
            ("a+b*c", "a+(b*c)"),
            ("foo-bar+1", "foo-bar+1"),
        ] {
            assert_eq!(show(src), want, "{src}");
        }
    }

    #[test]
    fn strings_are_escaped_as_llvm_mc_escapes_them() {
        assert_eq!(quoted(b"x\ty\n\x01\"\\"), r#""x\ty\n\001\"\\""#);
        let mut out = Vec::new();
        bytes_lines(b"a", &mut out);
        bytes_lines(b"", &mut out);
        bytes_lines(b"\x01\x02", &mut out);
        assert_eq!(out, ["\t.byte\t97", "\t.ascii\t\"\\001\\002\""]);
    }
}
