//! Byte searches eight bytes at a time, for the reader's per-line scans (line ends,
//! comments, colons): a byte equal to `c` is a zero byte of `w ^ c * 0x01..01`, which
//! the borrow of `w - 0x01..01` finds in a few operations per word.

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// Where the first byte of `b` that is one of `set` is.
#[inline]
pub(super) fn find_any<const N: usize>(b: &[u8], set: [u8; N]) -> Option<usize> {
    let zero = |w: u64| w.wrapping_sub(LO) & !w & HI;
    let mut k = 0;
    while k + 8 <= b.len() {
        let mut a = [0u8; 8];
        a.copy_from_slice(&b[k..k + 8]);
        let w = u64::from_le_bytes(a);
        let mut m = 0;
        for c in set {
            m |= zero(w ^ (LO * u64::from(c)));
        }
        if m != 0 {
            break;
        }
        k += 8;
    }
    b[k..]
        .iter()
        .position(|&c| set.iter().fold(false, |hit, &s| hit | (c == s)))
        .map(|j| k + j)
}

#[cfg(test)]
mod tests {
    use super::find_any;

    #[test]
    fn finds_the_first_of_a_set() {
        let text = b"v_add_f32_e32 v1, v2, v3 ; a comment // and more";
        for n in 0..text.len() {
            let b = &text[n..];
            let want = |set: &[u8]| b.iter().position(|c| set.contains(c));
            assert_eq!(find_any(b, *b";"), want(b";"), "{n}");
            assert_eq!(find_any(b, *b";/\""), want(b";/\""), "{n}");
            assert_eq!(find_any(b, *b"\n"), want(b"\n"), "{n}");
            assert_eq!(find_any(b, *b":="), want(b":="), "{n}");
        }
        assert_eq!(
            find_any(&[0x80, 0xff, 0x3b, 0x80, 0, 0, 0, 0, 0x3b], *b";"),
            Some(2)
        );
    }
}
