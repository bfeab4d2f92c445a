use super::comments::{strip_comment, trim_end};
use super::*;
use crate::mc::triple::Triple;
use crate::target::Target;

#[test]
pub(super) fn comments_are_stripped_outside_strings() {
    for (line, code) in [
        ("s_nop 0 ; x", "s_nop 0 "),
        ("s_nop 0 // x", "s_nop 0 "),
        ("v_add_f32 v1, v2, v3 / 2", "v_add_f32 v1, v2, v3 / 2"),
        ("s_nop 0", "s_nop 0"),
        ("  # comment", ""),
        (".ascii \"a;b//c\" ; d", ".ascii \"a;b//c\" "),
        (".ascii \"a\\\";b\" // d", ".ascii \"a\\\";b\" "),
        (
            "a_very_long_line_of_text_without_any_comment_at_all/",
            "a_very_long_line_of_text_without_any_comment_at_all/",
        ),
        (
            "a_very_long_line_of_text_with_a_comment_at_the_end//x",
            "a_very_long_line_of_text_with_a_comment_at_the_end",
        ),
        ("", ""),
    ] {
        assert_eq!(strip_comment(line), code, "{line}");
    }
}

pub(super) fn errors(src: &str) -> Vec<(usize, usize, String)> {
    let t = Target::from_name("gfx906").unwrap();
    assemble_object(&Triple::default(), t, None, None, src, None)
        .diags
        .into_iter()
        .map(|d| (d.line, d.col, d.msg))
        .collect()
}

pub(super) fn first(src: &str) -> (usize, usize, String) {
    errors(src).into_iter().next().expect("an error")
}

/// Symbol rules and trailing tokens, with llvm-mc 22's messages and columns.
#[test]
pub(super) fn symbols_and_trailing_tokens_as_llvm_mc() {
    let redef = |l, c| (l, c, "redefinition of 'bar'".to_string());
    assert_eq!(first("bar:\nbar = 3\n"), redef(2, 7));
    assert_eq!(first("bar:\n.set bar, 3\n"), redef(2, 11));
    assert_eq!(first("bar:\n.equiv bar, 3\n"), redef(2, 13));
    assert_eq!(first(".set bar, 1\n.equiv bar, 3\n"), redef(2, 13));
    // A variable may become a label (llvm-mc: the branch goes to the label).
    assert!(errors("bar = 3\nbar:\n s_branch bar\n").is_empty());
    let newline = |c| (1, c, "expected newline".to_string());
    assert_eq!(first(".p2align 3 garbage\n"), newline(12));
    assert_eq!(first(".p2align 3,0,1,5\n"), newline(15));
    assert_eq!(first(".skip 1, 2, 3\n"), newline(11));
    assert_eq!(first(".fill 1, 1, 1, 1\n"), newline(14));
    assert_eq!(first(".zero 1 2\n"), newline(9));
    assert_eq!(first("a = 1 2\n"), newline(7));
    assert_eq!(
        first(".rept 3 x\n.endr\n"),
        (1, 9, "expected newline".into())
    );
}

/// A line read before is not read again, unless a symbol was set in between.
#[test]
pub(super) fn repeated_lines_follow_their_symbols() {
    let t = Target::from_name("gfx906").unwrap();
    let src = "s_mov_b32 s0, x\n.set x, 1\ns_mov_b32 s0, x\n.set x, 2\ns_mov_b32 s0, x\n\
               s_waitcnt lgkmcnt(0)\n.set lgkmcnt, 1\ns_waitcnt lgkmcnt(0)\ns_mov_b32 s0, x\n.set x, 3\n";
    let a = assemble_object(&Triple::default(), t, None, None, src, None);
    let each: Vec<Vec<u8>> = src
        .lines()
        .enumerate()
        .map(|(k, _)| {
            // Each instruction alone, after the lines before it.
            let upto: String = src.lines().take(k + 1).map(|l| format!("{l}\n")).collect();
            let b = assemble_object(&Triple::default(), t, None, None, &upto, None);
            b.object.sections[0].data.clone()
        })
        .collect();
    // (The first line's literal is a fixup: left out.)
    let all = &a.object.sections[0].data;
    for e in &each[2..] {
        assert_eq!(e[8..], all[8..e.len()]);
    }
    assert_eq!(all[8..16], [0x81, 0x00, 0x80, 0xbe, 0x82, 0x00, 0x80, 0xbe]);
    assert_eq!(all[all.len() - 4..], [0x82, 0x00, 0x80, 0xbe]);
}

/// Extreme values end in errors or wrap as llvm-mc's do, never an overflow panic
/// (the tests run with overflow checks on) or a loop of 2^63 turns.
#[test]
pub(super) fn extreme_values_do_not_panic() {
    let t = Target::from_name("gfx906").unwrap();
    for e in [
        "0x7fffffffffffffff",
        "0x8000000000000000",
        "-0x8000000000000000",
    ] {
        let src = format!(
            "x:\ny = {e}\ns_branch x+{e}\ns_branch x-{e}\ns_mov_b32 s0, x-{e}\n\
             .long x+{e}\n.quad y+{e}\n.quad y-{e}\n.fill {e}, 1, 0\n.p2align {e}\n\
             .balign {e}\n.skip {e}\n.set w, {e}*{e}\n.set w, {e}/-1\n\
             .rept {e}\n.endr\n.if {e}\n.endif\nv_mov_b32 v0, {e}\n\
             ds_read_b32 v0, v1 offset:{e}\nimage_load v[0:3], v[0:31], s[0:7] dmask:0xf\n"
        );
        assert!(
            !assemble_object(&Triple::default(), t, None, None, &src, None)
                .diags
                .is_empty()
        );
        assert!(
            !assemble_listing(&Triple::default(), t, None, None, &src, None, true)
                .diags
                .is_empty()
        );
        assert!(!crate::asm::assemble(t, &src).diags.is_empty());
    }
}

/// Deep or large input ends in a located error, never a crash or a huge allocation.
#[test]
pub(super) fn hostile_sizes_and_depths_are_located_errors() {
    let deep = format!("v_mov_b32 v0, {}1{}\n", "(".repeat(8000), ")".repeat(8000));
    assert_eq!(errors(&deep).len(), 1);
    let minus = format!("v_mov_b32 v0, {}1\n", "-".repeat(100_000));
    assert_eq!(errors(&minus).len(), 1);
    let sext = format!(
        "v_mov_b32_sdwa v0, {}v1{}\n",
        "sext(".repeat(100_000),
        ")".repeat(100_000)
    );
    assert_eq!(first(&sext), (1, 25, "failed parsing operand.".into()));
    let set = format!(".set x, {}1{}\n", "(".repeat(8000), ")".repeat(8000));
    assert_eq!(errors(&set).len(), 1);
    assert_eq!(
        first(".fill 0x10000001, 1, 0\n").2,
        "fill too large (at most 256 MiB)"
    );
    // Many fills, each allowed, are refused past the object's limit.
    let fills = ".fill 0x6000000, 1, 0\n".repeat(3);
    assert_eq!(
        first(&fills),
        (
            3,
            7,
            "object too large (at most 256 MiB of section bytes)".into()
        )
    );
    // A big fill is emitted right.
    let t = Target::from_name("gfx906").unwrap();
    let a = assemble_object(
        &Triple::default(),
        t,
        None,
        None,
        ".fill 100000, 3, 0x123456\n",
        None,
    );
    let text = &a.object.sections[a.object.cur].data;
    assert_eq!(text.len(), 300_000);
    assert!(text.chunks(3).all(|c| c == [0x56, 0x34, 0x12]));
}

/// The byte-wise trim is str's.
#[test]
pub(super) fn trim_end_is_str_trim_end() {
    for t in [
        "",
        " ",
        "a",
        "a \t\r\x0b\x0c",
        "\u{a0}",
        "a\u{a0} ",
        "a \u{2003}\t",
        "é ",
        " a b  ",
    ] {
        assert_eq!(trim_end(t), t.trim_end(), "{t:?}");
    }
}

/// A line read again is the same instruction only where it must be: after a
/// macro of its name is defined, a symbol it names is set, or it is in a BSS
/// section, it reads as it would the first time.
#[test]
pub(super) fn lines_read_again_mean_what_they_say_there() {
    let t = Target::from_name("gfx906").unwrap();
    let bytes = |src: &str| {
        let a = assemble_listing(&Triple::default(), t, None, None, src, None, true);
        assert!(a.diags.is_empty(), "{src}: {:?}", a.diags);
        a.text_bytes().to_vec()
    };
    let nop = [0x00, 0x00, 0x80, 0xbf];
    let src = "s_nop 0\n.macro s_nop x\n.long 7\n.endm\ns_nop 0\n";
    assert_eq!(bytes(src), [&nop[..], &[7, 0, 0, 0]].concat());
    let src = "x = 0\ns_mov_b32 s0, x\nx = 1\ns_mov_b32 s0, x\n";
    assert_eq!(bytes(src), bytes("s_mov_b32 s0, 0\ns_mov_b32 s0, 1\n")[..]);
    assert_eq!(bytes("s_nop 0\ns_nop 0 ; again\n a: s_nop 0\n").len(), 12);
    let a = assemble_object(
        &Triple::default(),
        t,
        None,
        None,
        "s_nop 0\n.bss\ns_nop 0\n",
        None,
    );
    assert_eq!(a.diags.len(), 1, "{:?}", a.diags);
    assert_eq!((a.diags[0].line, a.diags[0].col), (3, 1));
    // A listing names each instruction it shows, also when the first reading
    // of its line was in BSS (which shows none: its error comes at the end).
    let src = ".bss\ns_nop 1\n.text\ns_nop 1\ns_nop 1\ns_nop 2\n";
    let a = assemble_listing(&Triple::default(), t, None, None, src, None, false);
    let mut text = Vec::new();
    a.write_text(t, &mut text).unwrap();
    let text = String::from_utf8(text).unwrap();
    assert_eq!(text.matches("s_nop 1").count(), 2, "{text}");
    assert_eq!(text.lines().count(), 5, "{text}");
}
