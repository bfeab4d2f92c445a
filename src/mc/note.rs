//! The `.amdgpu_metadata` block: the YAML text compilers write, read into a
//! document and written as the MessagePack description of the `NT_AMDGPU_METADATA`
//! note, as llvm-mc writes it (map keys in sorted order, the shortest encodings,
//! scalars typed by their spelling: booleans, integers, floats, else strings).

/// `n_type` of the HSA metadata note (code object V3 and later).
pub const NT_AMDGPU_METADATA: u32 = 32;

/// A YAML node.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// A mapping, keys in the order written.
    Map(Vec<(String, Node)>),
    /// A sequence.
    Seq(Vec<Node>),
    /// A scalar, and whether it was quoted.
    Scalar(String, bool),
}

/// The metadata note's description of a YAML document; errors carry the 0-based
/// line within the block.
pub fn metadata_from_yaml(text: &str) -> Result<Vec<u8>, (usize, String)> {
    let node = parse_yaml(text)?;
    if !verify(&node) {
        return Err((
            0,
            "the metadata lacks a key llvm-mc requires or has a bad value".into(),
        ));
    }
    let mut out = Vec::new();
    write_node(&mut out, &node);
    Ok(out)
}

struct Ln<'a> {
    no: usize,
    indent: usize,
    text: &'a str,
}

/// Reads the block-style YAML subset compilers write: mappings, sequences (`- `),
/// flow sequences (`[a, b]`), plain and quoted scalars, comments.
pub fn parse_yaml(text: &str) -> Result<Node, (usize, String)> {
    let mut lines = Vec::new();
    for (no, raw) in text.lines().enumerate() {
        let t = raw.trim_end();
        let body = t.trim_start();
        if body.is_empty() || body.starts_with('#') || body == "---" || body == "..." {
            continue;
        }
        lines.push(Ln {
            no,
            indent: t.len() - body.len(),
            text: body,
        });
    }
    if lines.is_empty() {
        return Ok(Node::Map(Vec::new()));
    }
    let mut k = 0;
    let indent = lines[0].indent;
    let n = block(&lines, &mut k, indent)?;
    if k < lines.len() {
        return Err((lines[k].no, "unexpected indentation".into()));
    }
    Ok(n)
}

/// A block node whose lines start at `indent`.
fn block(lines: &[Ln], k: &mut usize, indent: usize) -> Result<Node, (usize, String)> {
    if lines[*k].text.starts_with("- ") || lines[*k].text == "-" {
        let mut items = Vec::new();
        while *k < lines.len() && lines[*k].indent == indent && lines[*k].text.starts_with('-') {
            let l = &lines[*k];
            let rest = l.text[1..].trim_start();
            if rest.is_empty() {
                *k += 1;
                if *k < lines.len() && lines[*k].indent > indent {
                    let ind = lines[*k].indent;
                    items.push(block(lines, k, ind)?);
                } else {
                    items.push(Node::Scalar(String::new(), false));
                }
                continue;
            }
            // `- key: value` opens a mapping at the column after "- ".
            let col = indent + (l.text.len() - rest.len());
            if is_map_entry(rest) {
                items.push(map(lines, k, col, Some(rest))?);
            } else {
                items.push(scalar_or_flow(rest).map_err(|m| (l.no, m))?);
                *k += 1;
            }
        }
        return Ok(Node::Seq(items));
    }
    map(lines, k, indent, None)
}

fn is_map_entry(s: &str) -> bool {
    split_key(s).is_some()
}

/// `key: rest` (the key plain or quoted).
fn split_key(s: &str) -> Option<(String, &str)> {
    if let Some(q) = s.strip_prefix('\'').or_else(|| s.strip_prefix('"')) {
        let quote = s.as_bytes()[0] as char;
        let end = q.find(quote)?;
        let after = q[end + 1..].trim_start();
        let rest = after.strip_prefix(':')?;
        return Some((q[..end].to_string(), rest.trim_start()));
    }
    let b = s.as_bytes();
    for i in 0..b.len() {
        if b[i] == b':' && (i + 1 == b.len() || b[i + 1] == b' ') {
            return Some((s[..i].trim_end().to_string(), s[i + 1..].trim_start()));
        }
    }
    None
}

/// A mapping at `indent`; `first` is the text of its first entry when it follows
/// a `- ` on the same line.
fn map(
    lines: &[Ln],
    k: &mut usize,
    indent: usize,
    first: Option<&str>,
) -> Result<Node, (usize, String)> {
    let mut entries: Vec<(String, Node)> = Vec::new();
    let mut first = first;
    loop {
        if *k >= lines.len() {
            break;
        }
        let l = &lines[*k];
        let text = match first.take() {
            Some(t) => t,
            None => {
                if l.indent != indent || l.text.starts_with("- ") {
                    break;
                }
                l.text
            }
        };
        let (key, rest) = split_key(text).ok_or((l.no, "expected 'key: value'".to_string()))?;
        *k += 1;
        let value = if rest.is_empty() || rest.starts_with('#') {
            if *k < lines.len()
                && (lines[*k].indent > indent
                    || lines[*k].indent == indent && lines[*k].text.starts_with('-'))
            {
                let ind = lines[*k].indent;
                block(lines, k, ind)?
            } else {
                Node::Scalar(String::new(), false)
            }
        } else {
            scalar_or_flow(rest).map_err(|m| (l.no, m))?
        };
        entries.retain(|(kk, _)| *kk != key);
        entries.push((key, value));
    }
    Ok(Node::Map(entries))
}

fn scalar_or_flow(s: &str) -> Result<Node, String> {
    if let Some(body) = s.strip_prefix('[') {
        let body = body
            .trim_end()
            .strip_suffix(']')
            .ok_or("expected ']' at the end of a flow sequence")?;
        let mut items = Vec::new();
        for part in body.split(',') {
            let p = part.trim();
            if !p.is_empty() {
                items.push(scalar(p)?);
            }
        }
        return Ok(Node::Seq(items));
    }
    scalar(s)
}

fn scalar(s: &str) -> Result<Node, String> {
    if let Some(q) = s.strip_prefix('\'') {
        let end = q.rfind('\'').ok_or("unterminated quoted scalar")?;
        return Ok(Node::Scalar(q[..end].replace("''", "'"), true));
    }
    if let Some(q) = s.strip_prefix('"') {
        let end = q.rfind('"').ok_or("unterminated quoted scalar")?;
        return Ok(Node::Scalar(
            q[..end].replace("\\\"", "\"").replace("\\\\", "\\"),
            true,
        ));
    }
    // A comment after a plain scalar.
    let s = match s.find(" #") {
        Some(i) => s[..i].trim_end(),
        None => s,
    };
    Ok(Node::Scalar(s.to_string(), false))
}

fn write_node(out: &mut Vec<u8>, n: &Node) {
    match n {
        Node::Map(entries) => {
            let mut sorted: Vec<&(String, Node)> = entries.iter().collect();
            sorted.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            header(out, sorted.len(), 0x80, 0xde);
            for (k, v) in sorted {
                write_str(out, k);
                write_node(out, v);
            }
        }
        Node::Seq(items) => {
            header(out, items.len(), 0x90, 0xdc);
            for i in items {
                write_node(out, i);
            }
        }
        Node::Scalar(s, _) => write_scalar(out, s),
    }
}

fn header(out: &mut Vec<u8>, n: usize, fix: u8, b16: u8) {
    if n < 16 {
        out.push(fix | n as u8);
    } else if n <= 0xffff {
        out.push(b16);
        out.extend_from_slice(&(n as u16).to_be_bytes());
    } else {
        out.push(b16 + 1);
        out.extend_from_slice(&(n as u32).to_be_bytes());
    }
}

fn write_str(out: &mut Vec<u8>, s: &str) {
    let n = s.len();
    if n < 32 {
        out.push(0xa0 | n as u8);
    } else if n <= 0xff {
        out.push(0xd9);
        out.push(n as u8);
    } else if n <= 0xffff {
        out.push(0xda);
        out.extend_from_slice(&(n as u16).to_be_bytes());
    } else {
        out.push(0xdb);
        out.extend_from_slice(&(n as u32).to_be_bytes());
    }
    out.extend_from_slice(s.as_bytes());
}

fn write_uint(out: &mut Vec<u8>, v: u64) {
    if v < 128 {
        out.push(v as u8);
    } else if v <= 0xff {
        out.push(0xcc);
        out.push(v as u8);
    } else if v <= 0xffff {
        out.push(0xcd);
        out.extend_from_slice(&(v as u16).to_be_bytes());
    } else if v <= 0xffff_ffff {
        out.push(0xce);
        out.extend_from_slice(&(v as u32).to_be_bytes());
    } else {
        out.push(0xcf);
        out.extend_from_slice(&v.to_be_bytes());
    }
}

fn write_int(out: &mut Vec<u8>, v: i64) {
    if v >= 0 {
        write_uint(out, v as u64);
    } else if v >= -32 {
        out.push(v as i8 as u8);
    } else if v >= -128 {
        out.push(0xd0);
        out.push(v as i8 as u8);
    } else if v >= -32768 {
        out.push(0xd1);
        out.extend_from_slice(&(v as i16).to_be_bytes());
    } else if v >= i32::MIN as i64 {
        out.push(0xd2);
        out.extend_from_slice(&(v as i32).to_be_bytes());
    } else {
        out.push(0xd3);
        out.extend_from_slice(&v.to_be_bytes());
    }
}

/// A scalar typed as LLVM's msgpack document reads YAML: an unsigned integer
/// (decimal, `0x`, `0b`, `0o` or leading-`0` octal), a negative integer, a boolean
/// (`true`/`false` in three cases), a float, else a string. Quoting does not matter.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Scalar<'a> {
    UInt(u64),
    Int(i64),
    Bool(bool),
    Float(f64),
    Str(&'a str),
}

fn typed(s: &str) -> Scalar<'_> {
    if let Some(v) = parse_uint(s) {
        return Scalar::UInt(v);
    }
    if let Some(v) = s.strip_prefix('-').and_then(parse_uint) {
        if v <= i64::MAX as u64 + 1 {
            return Scalar::Int((v as i64).wrapping_neg());
        }
    }
    match s {
        "true" | "True" | "TRUE" => return Scalar::Bool(true),
        "false" | "False" | "FALSE" => return Scalar::Bool(false),
        _ => {}
    }
    let lower = s.to_ascii_lowercase();
    let numeric = s.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '-' | '+' | '.'))
        || matches!(
            lower.trim_start_matches(['+', '-']),
            "inf" | "infinity" | "nan"
        );
    if numeric {
        if let Ok(f) = s.parse::<f64>() {
            return Scalar::Float(f);
        }
    }
    Scalar::Str(s)
}

fn parse_uint(s: &str) -> Option<u64> {
    let (digits, radix) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (h, 16)
    } else if let Some(b) = s.strip_prefix("0b").or_else(|| s.strip_prefix("0B")) {
        (b, 2)
    } else if let Some(o) = s.strip_prefix("0o") {
        (o, 8)
    } else if s.len() > 1 && s.starts_with('0') {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
        return None;
    }
    u64::from_str_radix(digits, radix).ok()
}

fn write_scalar(out: &mut Vec<u8>, s: &str) {
    match typed(s) {
        Scalar::UInt(v) => write_uint(out, v),
        Scalar::Int(v) => write_int(out, v),
        Scalar::Bool(b) => out.push(if b { 0xc3 } else { 0xc2 }),
        // LLVM's writer takes float32 for anything in its range (not only exact).
        Scalar::Float(f) if (f32::MIN_POSITIVE as f64..=f32::MAX as f64).contains(&f.abs()) => {
            out.push(0xca);
            out.extend_from_slice(&(f as f32).to_be_bytes());
        }
        Scalar::Float(f) => {
            out.push(0xcb);
            out.extend_from_slice(&f.to_be_bytes());
        }
        Scalar::Str(s) => write_str(out, s),
    }
}

/// The checks llvm-mc makes of HSA metadata (code object V3 and later) before it
/// writes the note: the root keys, each kernel's required keys and the types and
/// values of the keys it knows.
fn verify(root: &Node) -> bool {
    let Node::Map(m) = root else { return false };
    entry(m, "amdhsa.version", true, |n| array(n, 2, integer))
        && entry(m, "amdhsa.printf", false, |n| array(n, 0, string))
        && entry(m, "amdhsa.kernels", true, |n| array(n, 0, kernel))
}

fn entry(m: &[(String, Node)], key: &str, required: bool, check: impl Fn(&Node) -> bool) -> bool {
    match m.iter().rev().find(|(k, _)| k == key) {
        Some((_, n)) => check(n),
        None => !required,
    }
}

fn array(n: &Node, size: usize, each: fn(&Node) -> bool) -> bool {
    match n {
        Node::Seq(items) => (size == 0 || items.len() == size) && items.iter().all(each),
        _ => false,
    }
}

fn typed_of(n: &Node) -> Option<Scalar<'_>> {
    match n {
        Node::Scalar(s, _) => Some(typed(s)),
        _ => None,
    }
}

fn integer(n: &Node) -> bool {
    matches!(typed_of(n), Some(Scalar::UInt(_) | Scalar::Int(_)))
}

fn string(n: &Node) -> bool {
    matches!(typed_of(n), Some(Scalar::Str(_)))
}

fn boolean(n: &Node) -> bool {
    matches!(typed_of(n), Some(Scalar::Bool(_)))
}

fn one_of(n: &Node, names: &[&str]) -> bool {
    matches!(typed_of(n), Some(Scalar::Str(s)) if names.contains(&s))
}

const LANGUAGES: &[&str] = &[
    "OpenCL C",
    "OpenCL C++",
    "HCC",
    "HIP",
    "OpenMP",
    "Assembler",
];
const VALUE_KINDS: &[&str] = &[
    "by_value",
    "global_buffer",
    "dynamic_shared_pointer",
    "sampler",
    "image",
    "pipe",
    "queue",
    "hidden_global_offset_x",
    "hidden_global_offset_y",
    "hidden_global_offset_z",
    "hidden_none",
    "hidden_printf_buffer",
    "hidden_hostcall_buffer",
    "hidden_default_queue",
    "hidden_completion_action",
    "hidden_multigrid_sync_arg",
    "hidden_dynamic_lds_size",
    "hidden_private_base",
    "hidden_shared_base",
    "hidden_queue_ptr",
    "hidden_block_count_x",
    "hidden_block_count_y",
    "hidden_block_count_z",
    "hidden_group_size_x",
    "hidden_group_size_y",
    "hidden_group_size_z",
    "hidden_remainder_x",
    "hidden_remainder_y",
    "hidden_remainder_z",
    "hidden_grid_dims",
    "hidden_heap_v1",
];
const ADDRESS_SPACES: &[&str] = &[
    "private", "global", "constant", "local", "generic", "region",
];
const ACCESSES: &[&str] = &["read_only", "write_only", "read_write"];

fn kernel(n: &Node) -> bool {
    let Node::Map(m) = n else { return false };
    let int = |key: &str, required: bool| entry(m, key, required, integer);
    let triple = |key: &str| entry(m, key, false, |n| array(n, 3, integer));
    entry(m, ".name", true, string)
        && entry(m, ".symbol", true, string)
        && entry(m, ".language", false, |n| one_of(n, LANGUAGES))
        && entry(m, ".language_version", false, |n| array(n, 2, integer))
        && entry(m, ".args", false, |n| array(n, 0, argument))
        && triple(".reqd_workgroup_size")
        && triple(".workgroup_size_hint")
        && entry(m, ".vec_type_hint", false, string)
        && entry(m, ".device_enqueue_symbol", false, string)
        && int(".kernarg_segment_size", true)
        && int(".group_segment_fixed_size", true)
        && int(".private_segment_fixed_size", true)
        && entry(m, ".uses_dynamic_stack", false, boolean)
        && int(".workgroup_processor_mode", false)
        && int(".kernarg_segment_align", true)
        && int(".wavefront_size", true)
        && int(".sgpr_count", true)
        && int(".vgpr_count", true)
        && int(".max_flat_workgroup_size", true)
        && int(".sgpr_spill_count", false)
        && int(".vgpr_spill_count", false)
        && int(".uniform_work_group_size", false)
        && triple(".cluster_dims")
}

fn argument(n: &Node) -> bool {
    let Node::Map(m) = n else { return false };
    entry(m, ".name", false, string)
        && entry(m, ".type_name", false, string)
        && entry(m, ".size", true, integer)
        && entry(m, ".offset", true, integer)
        && entry(m, ".value_kind", true, |n| one_of(n, VALUE_KINDS))
        && entry(m, ".pointee_align", false, integer)
        && entry(m, ".address_space", false, |n| one_of(n, ADDRESS_SPACES))
        && entry(m, ".access", false, |n| one_of(n, ACCESSES))
        && entry(m, ".actual_access", false, |n| one_of(n, ACCESSES))
        && entry(m, ".is_const", false, boolean)
        && entry(m, ".is_restrict", false, boolean)
        && entry(m, ".is_volatile", false, boolean)
        && entry(m, ".is_pipe", false, boolean)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn yaml_to_msgpack() {
        let y = "---\namdhsa.version:\n  - 1\n  - 2\namdhsa.kernels:\n  - .name: k\n    .symbol: k.kd\n    .kernarg_segment_size: 8\n    .group_segment_fixed_size: 0\n    .private_segment_fixed_size: 0\n    .kernarg_segment_align: 8\n    .wavefront_size: 64\n    .sgpr_count: 1\n    .vgpr_count: 1\n    .max_flat_workgroup_size: 256\n    .args:\n      - .size: 8\n        .offset: 0\n        .value_kind: global_buffer\n    .uses_dynamic_stack: false\n...\n";
        let b = metadata_from_yaml(y).unwrap();
        // {"amdhsa.kernels": [{".args": [{".size": 8, ".value_kind": "global_buffer"}],
        //   ".name": "k", ".uses_dynamic_stack": false}], "amdhsa.version": [1, 2]}
        assert_eq!(b[0], 0x82);
        assert!(b.ends_with(&[0x92, 1, 2]));
        assert!(b.windows(2).any(|w| w == [0xa5, b'.']));
    }
}
