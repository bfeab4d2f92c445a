//! An ELF string table laid out as LLVM's `StringTableBuilder` lays it out, so that
//! our objects equal llvm-mc's byte for byte: the strings sorted by their reversed
//! bytes (greatest first, a string before its own suffixes), each suffix of the
//! string before it sharing that string's bytes.

use std::cmp::Ordering;
use std::collections::HashMap;

/// A string table being built.
#[derive(Default)]
pub struct StrTab {
    strings: Vec<String>,
    offsets: HashMap<String, u32>,
}

impl StrTab {
    /// Adds a string (empty strings are at offset 0 and need no adding).
    pub fn add(&mut self, s: &str) {
        if !s.is_empty() && !self.offsets.contains_key(s) {
            self.offsets.insert(s.to_string(), 0);
            self.strings.push(s.to_string());
        }
    }

    /// Lays the table out: its bytes (a leading NUL, then the strings).
    pub fn finish(&mut self) -> Vec<u8> {
        let mut order: Vec<&String> = self.strings.iter().collect();
        order.sort_by(|a, b| tail_order(a.as_bytes(), b.as_bytes()));
        let mut out = vec![0u8];
        let mut prev: &[u8] = &[];
        for s in order {
            let b = s.as_bytes();
            let at = if prev.ends_with(b) {
                out.len() - 1 - b.len()
            } else {
                let at = out.len();
                out.extend_from_slice(b);
                out.push(0);
                prev = b;
                at
            };
            self.offsets.insert(s.clone(), at as u32);
        }
        out
    }

    /// The offset of a string after [`StrTab::finish`] (0 for the empty string).
    pub fn offset(&self, s: &str) -> u32 {
        self.offsets.get(s).copied().unwrap_or(0)
    }
}

/// Greatest last byte first, then the next to last, ...; a string that runs out
/// (a suffix of the other) comes after.
fn tail_order(a: &[u8], b: &[u8]) -> Ordering {
    let (mut i, mut j) = (a.len(), b.len());
    loop {
        match (i, j) {
            (0, 0) => return Ordering::Equal,
            (0, _) => return Ordering::Greater,
            (_, 0) => return Ordering::Less,
            _ => {}
        }
        i -= 1;
        j -= 1;
        match b[j].cmp(&a[i]) {
            Ordering::Equal => {}
            o => return o,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_share() {
        let mut t = StrTab::default();
        for s in [".text", ".rela.text", "foo"] {
            t.add(s);
        }
        let bytes = t.finish();
        assert_eq!(bytes, b"\0.rela.text\0foo\0");
        assert_eq!(t.offset(".text"), 6);
        assert_eq!(t.offset("foo"), 12);
    }
}
