//! The `.amdgpu_metadata` and `.amdgpu_pal_metadata` blocks: the YAML text
//! compilers write, read into a document and written as the MessagePack
//! description of the `NT_AMDGPU_METADATA` note, as llvm-mc writes it (map keys
//! in LLVM's order, the shortest encodings, scalars typed by their spelling:
//! booleans, integers, floats, else strings); and PAL's legacy register pairs
//! (`.amd_amdgpu_pal_metadata`, the `NT_AMD_PAL_METADATA` note).

/// `n_type` of the HSA metadata note (code object V3 and later), and of PAL's
/// MessagePack metadata.
pub const NT_AMDGPU_METADATA: u32 = 32;
/// `n_type` of the ISA name note (`.amd_amdgpu_isa`), owner `AMD`.
pub const NT_AMD_HSA_ISA_NAME: u32 = 11;
/// `n_type` of PAL's legacy metadata (register, value pairs), owner `AMD`.
pub const NT_AMD_PAL_METADATA: u32 = 12;

use super::error::{Error, ErrorKind};
use std::collections::HashSet;

/// A YAML node.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// A mapping, keys in the order written.
    Map(Vec<(String, Node)>),
    /// A sequence.
    Seq(Vec<Node>),
    /// A scalar, and whether it was quoted.
    Scalar(String, bool),
    /// A scalar with a tag that says its type (`!str 'true'`, `!nil ''`: LLVM
    /// writes one where the spelling would say another).
    Tagged(String, String),
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
    write_doc(&mut out, &Doc::of(&node));
    Ok(out)
}

/// How deep mappings and sequences may nest: the writers recurse, and no compiler
/// writes more than a few levels.
pub const MAX_DEPTH: usize = 1000;

/// A mapping or sequence being read.
enum Open {
    /// Its entries, the key read without its value yet, and the keys seen.
    Map(Vec<(String, Node)>, Option<String>, HashSet<String>),
    Seq(Vec<Node>),
}

/// Reads a YAML document (YAML 1.2, by yaml-rust2's event parser) into a [`Node`]:
/// mappings in the order written, scalars with their quoting or tag. Refused, as
/// llvm-mc refuses them: anchors and aliases, duplicate keys, keys that are not
/// scalars; and nesting deeper than [`MAX_DEPTH`]. Errors carry the 0-based line.
pub fn parse_yaml(text: &str) -> Result<Node, (usize, String)> {
    use yaml_rust2::parser::{Event, Parser};
    use yaml_rust2::scanner::TScalarStyle;
    let mut parser = Parser::new_from_str(text);
    let mut stack: Vec<Open> = Vec::new();
    let mut root: Option<Node> = None;
    loop {
        let (event, mark) = parser
            .next_token()
            .map_err(|e| (e.marker().line().saturating_sub(1), e.info().to_string()))?;
        let line = mark.line().saturating_sub(1);
        let err = |m: &str| Err((line, m.to_string()));
        let node = match event {
            Event::StreamEnd => break,
            Event::Nothing | Event::StreamStart | Event::DocumentStart | Event::DocumentEnd => {
                continue
            }
            Event::Alias(_) => return err("YAML aliases are not supported"),
            Event::Scalar(_, _, anchor, _)
            | Event::SequenceStart(anchor, _)
            | Event::MappingStart(anchor, _)
                if anchor != 0 =>
            {
                return err("YAML anchors are not supported")
            }
            Event::SequenceStart(..) | Event::MappingStart(..) if stack.len() >= MAX_DEPTH => {
                return Err((line, format!("nested deeper than {MAX_DEPTH} levels")));
            }
            Event::SequenceStart(..) => {
                stack.push(Open::Seq(Vec::new()));
                continue;
            }
            Event::MappingStart(..) => {
                stack.push(Open::Map(Vec::new(), None, HashSet::new()));
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => match stack.pop() {
                Some(Open::Seq(items)) => Node::Seq(items),
                Some(Open::Map(entries, _, _)) => Node::Map(entries),
                None => return err("unbalanced collection"),
            },
            Event::Scalar(value, style, _, tag) => match tag {
                Some(t) => {
                    let tag = match t.handle.as_str() {
                        "tag:yaml.org,2002:" => format!("!!{}", t.suffix),
                        h => format!("{h}{}", t.suffix),
                    };
                    if tagged(&tag, &value).is_none() {
                        return Err((line, format!("'{value}' is not a {tag} value")));
                    }
                    Node::Tagged(tag, value)
                }
                // (LLVM reads an empty value into an empty array.)
                None if value.is_empty() && style == TScalarStyle::Plain => Node::Seq(Vec::new()),
                None => Node::Scalar(value, style != TScalarStyle::Plain),
            },
        };
        match stack.last_mut() {
            None if root.is_some() => return err("more than one document"),
            None => root = Some(node),
            Some(Open::Seq(items)) => items.push(node),
            Some(Open::Map(entries, key, seen)) => match key.take() {
                Some(k) => {
                    if !seen.insert(k.clone()) {
                        return Err((line, format!("duplicated mapping key '{k}'")));
                    }
                    entries.push((k, node));
                }
                None => match node {
                    Node::Scalar(k, _) | Node::Tagged(_, k) => *key = Some(k),
                    Node::Seq(v) if v.is_empty() => *key = Some(String::new()),
                    _ => return err("a mapping key that is not a scalar"),
                },
            },
        }
    }
    Ok(root.unwrap_or(Node::Map(Vec::new())))
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
/// (`true`, `false`), a float (as `strtod` reads one), else a string. Quoting
/// does not matter.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Scalar<'a> {
    UInt(u64),
    Int(i64),
    Bool(bool),
    Float(f64),
    Str(&'a str),
    /// Only by a tag (`!nil`).
    Nil,
}

/// A scalar typed by its tag, as LLVM's document reads `!int`, `!bool`,
/// `!float`, `!nil` and `!str` (any other tag: a string); `None` if the value is
/// not of its tag's type.
fn tagged<'a>(tag: &str, s: &'a str) -> Option<Scalar<'a>> {
    let t = typed(s);
    match tag {
        "!int" => matches!(t, Scalar::UInt(_) | Scalar::Int(_)).then_some(t),
        "!bool" => match s {
            "true" | "True" | "TRUE" | "y" | "Y" | "yes" | "Yes" | "YES" | "on" | "On" | "ON" => {
                Some(Scalar::Bool(true))
            }
            "false" | "False" | "FALSE" | "n" | "N" | "no" | "No" | "NO" | "off" | "Off"
            | "OFF" => Some(Scalar::Bool(false)),
            _ => None,
        },
        "!float" => strtod(s).map(Scalar::Float),
        "!nil" => Some(Scalar::Nil),
        "!!str" => Some(t),
        _ => Some(Scalar::Str(s)),
    }
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
    // (Only these spellings: LLVM 22 reads booleans by YAML's JSON schema.)
    match s {
        "true" => return Scalar::Bool(true),
        "false" => return Scalar::Bool(false),
        _ => {}
    }
    match strtod(s) {
        Some(f) => Scalar::Float(f),
        None => Scalar::Str(s),
    }
}

/// A float as C's `strtod` reads a whole string (which LLVM's YAML reader calls):
/// decimal, hexadecimal (`0x1.8p3`, `0x10000000000000000`), `inf`, `infinity`
/// and `nan` in any case, with a sign; the empty string is 0.
fn strtod(s: &str) -> Option<f64> {
    let (neg, body) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if s.is_empty() {
        return Some(0.0);
    }
    let lower = body.to_ascii_lowercase();
    let v = if let Some(h) = lower.strip_prefix("0x") {
        hex_float(h)?
    } else if matches!(lower.as_str(), "inf" | "infinity") {
        f64::INFINITY
    } else if lower == "nan" {
        f64::NAN
    } else if body.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
        body.parse::<f64>().ok()?
    } else {
        return None;
    };
    Some(if neg { -v } else { v })
}

/// The digits of a hexadecimal float after `0x`: `h[.h][p[+-]d]`.
fn hex_float(h: &str) -> Option<f64> {
    let (mant, exp) = match h.split_once('p') {
        Some((m, e)) => (m, e.parse::<i32>().ok()?),
        None => (h, 0),
    };
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    // (The first 30 significant digits are more than a double holds.)
    let (mut m, mut e) = (0u128, exp as i64);
    for (k, c) in int.chars().chain(frac.chars()).enumerate() {
        let d = c.to_digit(16)? as u128;
        if m >> 116 == 0 {
            m = m * 16 + d;
            if k >= int.len() {
                e -= 4;
            }
        } else if k < int.len() {
            e += 4;
        }
    }
    Some(m as f64 * 2f64.powi(e.clamp(-2000, 2000) as i32))
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

fn write_float(out: &mut Vec<u8>, f: f64) {
    // LLVM's writer takes float32 for anything in its range (not only exact).
    if (f32::MIN_POSITIVE as f64..=f32::MAX as f64).contains(&f.abs()) {
        out.push(0xca);
        out.extend_from_slice(&(f as f32).to_be_bytes());
    } else {
        out.push(0xcb);
        out.extend_from_slice(&f.to_be_bytes());
    }
}

/// A MessagePack document node, as LLVM's `msgpack::Document` holds one: map
/// entries in LLVM's key order ([`key_order`]), each key once.
#[derive(Clone, Debug, PartialEq)]
pub enum Doc {
    /// A negative integer.
    Int(i64),
    /// A non-negative integer.
    UInt(u64),
    /// Nil.
    Nil,
    /// A boolean.
    Bool(bool),
    /// A float.
    Float(f64),
    /// A string.
    Str(String),
    /// An array.
    Array(Vec<Doc>),
    /// A map.
    Map(Vec<(Doc, Doc)>),
}

/// LLVM's order of map keys: by kind (integers, unsigned integers, nil, booleans,
/// floats, strings), then by value (strings by their bytes).
pub fn key_order(a: &Doc, b: &Doc) -> std::cmp::Ordering {
    let rank = |d: &Doc| match d {
        Doc::Int(_) => 0,
        Doc::UInt(_) => 1,
        Doc::Nil => 2,
        Doc::Bool(_) => 3,
        Doc::Float(_) => 4,
        Doc::Str(_) => 5,
        Doc::Array(_) => 7,
        Doc::Map(_) => 8,
    };
    match (a, b) {
        (Doc::Int(x), Doc::Int(y)) => x.cmp(y),
        (Doc::UInt(x), Doc::UInt(y)) => x.cmp(y),
        (Doc::Bool(x), Doc::Bool(y)) => x.cmp(y),
        (Doc::Float(x), Doc::Float(y)) => x.total_cmp(y),
        (Doc::Str(x), Doc::Str(y)) => x.as_bytes().cmp(y.as_bytes()),
        _ => rank(a).cmp(&rank(b)),
    }
}

impl Doc {
    /// The document of a YAML node: scalars (keys too) typed by their spelling.
    pub fn of(n: &Node) -> Doc {
        match n {
            Node::Map(entries) => {
                // Sorted once (stable), then of keys that compare equal the last
                // written kept, as inserting one by one would (without its n^2).
                let mut m: Vec<(Doc, Doc)> = entries
                    .iter()
                    .map(|(k, v)| (Doc::scalar(k), Doc::of(v)))
                    .collect();
                m.sort_by(|a, b| key_order(&a.0, &b.0));
                let mut out: Vec<(Doc, Doc)> = Vec::with_capacity(m.len());
                for e in m {
                    match out.last_mut() {
                        Some(last) if key_order(&last.0, &e.0).is_eq() => *last = e,
                        _ => out.push(e),
                    }
                }
                Doc::Map(out)
            }
            Node::Seq(items) => Doc::Array(items.iter().map(Doc::of).collect()),
            Node::Scalar(s, _) => Doc::scalar(s),
            Node::Tagged(tag, s) => Doc::of_scalar(tagged(tag, s).unwrap_or(Scalar::Str(s))),
        }
    }

    fn scalar(s: &str) -> Doc {
        Doc::of_scalar(typed(s))
    }

    fn of_scalar(s: Scalar) -> Doc {
        match s {
            Scalar::Nil => Doc::Nil,
            Scalar::UInt(v) => Doc::UInt(v),
            Scalar::Int(v) => Doc::Int(v),
            Scalar::Bool(b) => Doc::Bool(b),
            Scalar::Float(f) => Doc::Float(f),
            Scalar::Str(s) => Doc::Str(s.to_string()),
        }
    }

    /// Sets a map's entry (a node that is not a map becomes an empty one first).
    pub fn insert(&mut self, k: Doc, v: Doc) {
        let m = self.as_map();
        match m.binary_search_by(|(e, _)| key_order(e, &k)) {
            Ok(i) => m[i].1 = v,
            Err(i) => m.insert(i, (k, v)),
        }
    }

    /// The entries of a map; a node that is not a map becomes an empty one, as
    /// LLVM's `getMap(/*Convert=*/true)` makes it.
    pub fn as_map(&mut self) -> &mut Vec<(Doc, Doc)> {
        if !matches!(self, Doc::Map(_)) {
            *self = Doc::Map(Vec::new());
        }
        let Doc::Map(m) = self else { unreachable!() };
        m
    }

    /// A map's entry, made (nil) if absent.
    pub fn entry(&mut self, k: Doc) -> &mut Doc {
        let m = self.as_map();
        let i = match m.binary_search_by(|(e, _)| key_order(e, &k)) {
            Ok(i) => i,
            Err(i) => {
                m.insert(i, (k, Doc::Nil));
                i
            }
        };
        &mut m[i].1
    }

    /// The items of an array; a node that is not an array becomes an empty one.
    pub fn as_array(&mut self) -> &mut Vec<Doc> {
        if !matches!(self, Doc::Array(_)) {
            *self = Doc::Array(Vec::new());
        }
        let Doc::Array(a) = self else { unreachable!() };
        a
    }
}

/// The MessagePack bytes of a document, as LLVM's writer writes them.
pub fn write_doc(out: &mut Vec<u8>, d: &Doc) {
    match d {
        Doc::Map(entries) => {
            header(out, entries.len(), 0x80, 0xde);
            for (k, v) in entries {
                write_doc(out, k);
                write_doc(out, v);
            }
        }
        Doc::Array(items) => {
            header(out, items.len(), 0x90, 0xdc);
            for i in items {
                write_doc(out, i);
            }
        }
        Doc::UInt(v) => write_uint(out, *v),
        Doc::Int(v) => write_int(out, *v),
        Doc::Nil => out.push(0xc0),
        Doc::Bool(b) => out.push(if *b { 0xc3 } else { 0xc2 }),
        Doc::Float(f) => write_float(out, *f),
        Doc::Str(s) => write_str(out, s),
    }
}

/// PAL metadata as llvm-mc's target streamer gathers it: the document of the last
/// `.amdgpu_pal_metadata` block, the registers of `.amd_amdgpu_pal_metadata`
/// (which make it legacy), written as a note when the object is finished.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PalMetadata {
    doc: Option<Doc>,
    legacy: bool,
}

impl PalMetadata {
    /// Reads a `.amdgpu_pal_metadata` block: its document replaces what there was,
    /// with LLVM's fixes: the `amdpal.pipelines[0].registers` map is made if
    /// missing, and its keys written as strings (`'0x2c0a (SPI_SHADER_PGM_RSRC1_PS)'`)
    /// become the numbers they start with. Errors: YAML that does not read, or a
    /// register key that is no number.
    pub fn set_yaml(&mut self, text: &str) -> Result<(), Error> {
        let err = |m: String| Error::new(ErrorKind::Metadata, m);
        let node = parse_yaml(text).map_err(|(_, m)| err(m))?;
        let mut doc = Doc::of(&node);
        let regs = registers(&mut doc);
        let old = std::mem::take(regs.as_map());
        for (k, v) in old {
            let k =
                match k {
                    Doc::Str(s) => Doc::UInt(leading_uint(&s).ok_or_else(|| {
                        err(format!("Unrecognized PAL metadata register key '{s}'"))
                    })?),
                    k => k,
                };
            regs.insert(k, v);
        }
        self.doc = Some(doc);
        self.legacy = false;
        Ok(())
    }

    /// A `.amd_amdgpu_pal_metadata` pair: the value is or'ed into the register's,
    /// and the metadata becomes legacy.
    pub fn set_register(&mut self, reg: u32, val: u32) {
        self.legacy = true;
        let regs = registers(self.doc.get_or_insert(Doc::Map(Vec::new())));
        let r = regs.entry(Doc::UInt(reg as u64));
        let old = match r {
            Doc::UInt(v) => *v as u32,
            _ => 0,
        };
        *r = Doc::UInt((val | old) as u64);
    }

    /// The note llvm-mc writes at the end of the object, if any: the legacy pairs
    /// (owner `AMD`), or the MessagePack document (owner `AMDGPU`).
    pub fn note(&self) -> Option<super::object::Note> {
        let mut doc = self.doc.clone()?;
        let mut desc = Vec::new();
        if self.legacy {
            for (k, v) in registers(&mut doc).as_map().iter() {
                desc.extend_from_slice(&(doc_u64(k) as u32).to_le_bytes());
                desc.extend_from_slice(&(doc_u64(v) as u32).to_le_bytes());
            }
            if desc.is_empty() {
                return None;
            }
        } else {
            write_doc(&mut desc, &doc);
        }
        Some(super::object::Note {
            name: if self.legacy { "AMD" } else { "AMDGPU" }.into(),
            ty: if self.legacy {
                NT_AMD_PAL_METADATA
            } else {
                NT_AMDGPU_METADATA
            },
            desc,
        })
    }
}

/// The bits of an integer node (0 for another kind).
fn doc_u64(d: &Doc) -> u64 {
    match d {
        Doc::UInt(v) => *v,
        Doc::Int(v) => *v as u64,
        _ => 0,
    }
}

/// `amdpal.pipelines[0].registers`, made (and the nodes on the way made maps and
/// arrays) as LLVM makes it.
fn registers(doc: &mut Doc) -> &mut Doc {
    let pipelines = doc.entry(Doc::Str("amdpal.pipelines".into())).as_array();
    if pipelines.is_empty() {
        pipelines.push(Doc::Map(Vec::new()));
    }
    let regs = pipelines[0].entry(Doc::Str(".registers".into()));
    regs.as_map();
    regs
}

/// The unsigned number a string starts with, its radix sensed as LLVM senses it
/// (`0x`, `0b`, `0o`, a leading `0` for octal); `None` if there is none or it
/// does not fit in 64 bits.
fn leading_uint(s: &str) -> Option<u64> {
    let lower = s.get(..2).map(str::to_ascii_lowercase);
    let (digits, radix) = match lower.as_deref() {
        Some("0x") => (&s[2..], 16),
        Some("0b") => (&s[2..], 2),
        _ if s.starts_with("0o") => (&s[2..], 8),
        _ if s.len() > 1 && s.starts_with('0') && s.as_bytes()[1].is_ascii_digit() => (&s[1..], 8),
        _ => (s, 10),
    };
    let n = digits
        .find(|c: char| !c.is_digit(radix))
        .unwrap_or(digits.len());
    if n == 0 {
        return None;
    }
    u64::from_str_radix(&digits[..n], radix).ok()
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
        Node::Tagged(tag, s) => tagged(tag, s),
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

    /// Scalars typed as LLVM 22 types them: booleans by the JSON schema only,
    /// floats as `strtod` reads them (hexadecimal ones, and the empty string).
    #[test]
    fn scalars_typed_as_llvm() {
        assert_eq!(typed("true"), Scalar::Bool(true));
        assert_eq!(typed("True"), Scalar::Str("True"));
        assert_eq!(typed("yes"), Scalar::Str("yes"));
        assert_eq!(typed("0x10"), Scalar::UInt(16));
        assert_eq!(typed("-0x10"), Scalar::Int(-16));
        assert_eq!(
            typed("0x10000000000000000"),
            Scalar::Float(18446744073709551616.0)
        );
        assert_eq!(typed("0x1.8p3"), Scalar::Float(12.0));
        assert_eq!(typed("-0x1p-2"), Scalar::Float(-0.25));
        assert_eq!(typed(""), Scalar::Float(0.0));
        assert_eq!(typed("-INF"), Scalar::Float(f64::NEG_INFINITY));
        assert_eq!(typed("1.2.3"), Scalar::Str("1.2.3"));
        assert_eq!(typed("0x"), Scalar::Str("0x"));
        assert_eq!(tagged("!str", "5"), Some(Scalar::Str("5")));
        assert_eq!(tagged("!bool", "Yes"), Some(Scalar::Bool(true)));
        assert_eq!(tagged("!int", "x"), None);
        assert_eq!(tagged("!nil", ""), Some(Scalar::Nil));
    }

    /// PAL metadata: register keys written as strings become the numbers they start
    /// with, sorted among the others; the registers map is made where missing; a
    /// key that is no number is refused; legacy pairs are or'ed and sorted.
    #[test]
    fn pal_metadata_registers() {
        let mut p = PalMetadata::default();
        assert!(p.note().is_none());
        p.set_yaml(
            "---\namdpal.pipelines:\n  - .registers:\n      '0x2c0b (B)': 2\n      11274: 1\n...\n",
        )
        .unwrap();
        let n = p.note().unwrap();
        assert_eq!((n.name.as_str(), n.ty), ("AMDGPU", NT_AMDGPU_METADATA));
        // {"amdpal.pipelines": [{".registers": {0x2c0a: 1, 0x2c0b: 2}}]}
        let mut want = vec![0x81, 0xb0];
        want.extend_from_slice(b"amdpal.pipelines");
        want.extend_from_slice(&[0x91, 0x81, 0xaa]);
        want.extend_from_slice(b".registers");
        want.extend_from_slice(&[0x82, 0xcd, 0x2c, 0x0a, 1, 0xcd, 0x2c, 0x0b, 2]);
        assert_eq!(n.desc, want);
        let mut p = PalMetadata::default();
        p.set_yaml("---\nfoo: 1\n...\n").unwrap();
        let d = p.note().unwrap().desc;
        assert!(d.windows(11).any(|w| w == b".registers\x80"));
        assert!(p
            .set_yaml("---\namdpal.pipelines:\n  - .registers:\n      'x': 1\n")
            .is_err());
        let mut p = PalMetadata::default();
        p.set_register(0xa1b3, 1);
        p.set_register(0x2c0a, 5);
        p.set_register(0xa1b3, 2);
        let n = p.note().unwrap();
        assert_eq!((n.name.as_str(), n.ty), ("AMD", NT_AMD_PAL_METADATA));
        let words: Vec<u32> = n
            .desc
            .chunks(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect();
        assert_eq!(words, [0x2c0a, 5, 0xa1b3, 3]);
    }
}
