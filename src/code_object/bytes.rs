//! [`Bytes`]: a range of bytes that code objects share with the input they came
//! from, so that reading a fat binary of a gigabyte copies none of it.

use std::fmt;
use std::ops::{Deref, Range};
use std::sync::Arc;

/// What holds the bytes: a vector, a boxed slice, a mapped file: anything that
/// lends its bytes and can move between threads.
type Owner = Arc<dyn AsRef<[u8]> + Send + Sync>;

/// A range of bytes shared with their owner (the input file's bytes, or a
/// decompressed bundle): cloning or slicing it copies no byte. It reads as a
/// `[u8]` through `Deref`.
///
/// ```
/// use amdgpu_mc::code_object::Bytes;
/// let all = Bytes::from(vec![1u8, 2, 3, 4]);
/// let mid = all.slice(1..3);
/// assert_eq!(&mid[..], &[2, 3]);
/// assert!(Bytes::same_owner(&all, &mid));
/// ```
#[derive(Clone)]
pub struct Bytes {
    owner: Owner,
    range: Range<usize>,
}

impl Bytes {
    /// The bytes of `owner`, whole; for example a mapped file.
    pub fn from_owner(owner: impl AsRef<[u8]> + Send + Sync + 'static) -> Bytes {
        let len = owner.as_ref().len();
        Bytes {
            owner: Arc::new(owner),
            range: 0..len,
        }
    }

    /// The bytes at `range` of these (offsets into `self`), sharing their owner.
    ///
    /// # Panics
    /// If `range` does not lie within `self`, as slicing a `[u8]` does.
    pub fn slice(&self, range: Range<usize>) -> Bytes {
        assert!(
            range.start <= range.end && range.end <= self.len(),
            "range {range:?} outside {} bytes",
            self.len()
        );
        Bytes {
            owner: self.owner.clone(),
            range: self.range.start + range.start..self.range.start + range.end,
        }
    }

    /// `part` (a slice of these bytes) as shared bytes; `None` if it does not lie
    /// within them.
    pub fn slice_of(&self, part: &[u8]) -> Option<Bytes> {
        let base = self.as_ptr() as usize;
        let start = (part.as_ptr() as usize).checked_sub(base)?;
        let end = start.checked_add(part.len())?;
        (end <= self.len()).then(|| self.slice(start..end))
    }

    /// Whether `a` and `b` share one owner (neither was copied from the other).
    pub fn same_owner(a: &Bytes, b: &Bytes) -> bool {
        Arc::ptr_eq(&a.owner, &b.owner)
    }
}

impl Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &(*self.owner).as_ref()[self.range.clone()]
    }
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl From<Vec<u8>> for Bytes {
    fn from(v: Vec<u8>) -> Bytes {
        Bytes::from_owner(v)
    }
}

impl From<&[u8]> for Bytes {
    /// A copy of the bytes.
    fn from(b: &[u8]) -> Bytes {
        Bytes::from_owner(b.to_vec())
    }
}

impl PartialEq for Bytes {
    fn eq(&self, other: &Bytes) -> bool {
        **self == **other
    }
}

impl Eq for Bytes {}

impl fmt::Debug for Bytes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bytes({} bytes)", self.len())
    }
}
