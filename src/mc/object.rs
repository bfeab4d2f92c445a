//! The object being assembled: sections with their bytes and fixups, symbols, and
//! the resolution of fixups into values or relocations once every symbol is known.
//! The text assembler ([`super::text`]) and the builder API ([`super::builder`])
//! both fill one of these.

use super::error::{Error, ErrorKind};
use super::kd::block::Pending;
use super::kd::rows::extra_sgprs;
pub use super::loc::Loc;
use super::triple::Triple;
use crate::syntax::expr::{Tree, Variant};
use crate::target::Target;
use std::cell::RefCell;
use std::collections::{BTreeMap, HashMap, HashSet};

/// `sh_type` values.
pub mod sht {
    /// Program data.
    pub const PROGBITS: u32 = 1;
    /// Notes.
    pub const NOTE: u32 = 7;
    /// Zero-filled, no bytes in the file.
    pub const NOBITS: u32 = 8;
}

/// `sh_flags` bits.
pub mod shf {
    /// Writable.
    pub const WRITE: u64 = 1;
    /// Occupies memory at run time.
    pub const ALLOC: u64 = 2;
    /// Executable.
    pub const EXECINSTR: u64 = 4;
    /// Mergeable.
    pub const MERGE: u64 = 0x10;
    /// Null-terminated strings.
    pub const STRINGS: u64 = 0x20;
}

/// The `STT_*` symbol types.
pub mod stt {
    /// No type.
    pub const NOTYPE: u8 = 0;
    /// Data.
    pub const OBJECT: u8 = 1;
    /// Code.
    pub const FUNC: u8 = 2;
    /// A section.
    pub const SECTION: u8 = 3;
    /// An AMDGPU kernel of the non-HSA OSes (`.amdgpu_hsa_kernel`; `STT_LOOS`).
    pub const AMDGPU_HSA_KERNEL: u8 = 10;
}

/// Symbol binding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bind {
    /// Visible in this object only.
    Local,
    /// Visible to the linker.
    Global,
    /// Global, and may stay undefined.
    Weak,
}

/// How a fixup patches its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FixupKind {
    /// A data value of 1, 2, 4 or 8 bytes.
    Data(u8),
    /// An instruction's 32-bit literal; a plain symbol is PC-relative (to the
    /// literal), as llvm-mc reads it.
    Literal,
    /// A SOPP branch's 16-bit dword offset from the next instruction (at `offset`,
    /// the instruction's start).
    Branch,
}

/// A value to patch in once the symbols are known.
#[derive(Clone, Debug, PartialEq)]
pub struct Fixup {
    /// Byte offset in the section.
    pub offset: u64,
    /// How to patch.
    pub kind: FixupKind,
    /// The expression (`.` already replaced by a symbol at its place).
    pub expr: Tree,
    /// Where it was written.
    pub loc: Loc,
}

/// A section.
#[derive(Clone, Debug)]
pub struct Section {
    /// Its name.
    pub name: String,
    /// `sh_type`.
    pub ty: u32,
    /// `sh_flags`.
    pub flags: u64,
    /// `sh_entsize`.
    pub entsize: u64,
    /// Alignment (a power of two).
    pub align: u64,
    /// The bytes (for NOBITS sections, only the size counts: `size`).
    pub data: Vec<u8>,
    /// The size of a NOBITS section.
    pub size: u64,
    /// Fixups, in order.
    pub fixups: Vec<Fixup>,
    /// The index of its section symbol.
    pub sym: usize,
}

impl Section {
    /// The current offset.
    pub fn len(&self) -> u64 {
        if self.ty == sht::NOBITS {
            self.size
        } else {
            self.data.len() as u64
        }
    }
    /// Whether it holds nothing yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// What a symbol is defined as.
#[derive(Clone, Debug, PartialEq)]
pub enum Def {
    /// Not defined (yet).
    Undef,
    /// A place in a section.
    Label {
        /// Section index.
        sec: usize,
        /// Offset.
        off: u64,
    },
    /// An expression (`.set`).
    Var(Tree),
    /// A special section index with a value (`.amdgpu_lds`: SHN_AMDGPU_LDS, the alignment).
    Special {
        /// `st_shndx`.
        shndx: u16,
        /// `st_value`.
        value: u64,
    },
}

/// A symbol.
#[derive(Clone, Debug)]
pub struct Symbol {
    /// Its name.
    pub name: String,
    /// Binding (`None`: local unless made otherwise).
    pub bind: Option<Bind>,
    /// `STT_*`.
    pub ty: u8,
    /// Visibility (`STV_*`).
    pub vis: u8,
    /// Definition.
    pub def: Def,
    /// `.size` (an expression evaluated at the end).
    pub size: Option<(Tree, Loc)>,
    /// Whether a relocation names it.
    pub in_reloc: bool,
    /// Whether an emitted expression (data, an instruction, `.set`) names it: an
    /// undefined symbol named so is listed, as llvm-mc lists it.
    pub used: bool,
    /// A section symbol.
    pub section: bool,
}

/// A relocation entry of a finished object.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Reloc {
    /// Offset in its section.
    pub offset: u64,
    /// `R_AMDGPU_*` type.
    pub ty: u32,
    /// Symbol index in [`Object::symbols`] ([`NO_SYMBOL`] for none).
    pub sym: usize,
    /// Addend.
    pub addend: i64,
}

/// `R_AMDGPU_*` relocation types.
pub mod r {
    /// `R_AMDGPU_ABS32_LO`
    pub const ABS32_LO: u32 = 1;
    /// `R_AMDGPU_ABS32_HI`
    pub const ABS32_HI: u32 = 2;
    /// `R_AMDGPU_ABS64`
    pub const ABS64: u32 = 3;
    /// `R_AMDGPU_REL32`
    pub const REL32: u32 = 4;
    /// `R_AMDGPU_REL64`
    pub const REL64: u32 = 5;
    /// `R_AMDGPU_ABS32`
    pub const ABS32: u32 = 6;
    /// `R_AMDGPU_GOTPCREL`
    pub const GOTPCREL: u32 = 7;
    /// `R_AMDGPU_GOTPCREL32_LO`
    pub const GOTPCREL32_LO: u32 = 8;
    /// `R_AMDGPU_GOTPCREL32_HI`
    pub const GOTPCREL32_HI: u32 = 9;
    /// `R_AMDGPU_REL32_LO`
    pub const REL32_LO: u32 = 10;
    /// `R_AMDGPU_REL32_HI`
    pub const REL32_HI: u32 = 11;
    /// `R_AMDGPU_REL16`
    pub const REL16: u32 = 14;
}

/// [`Reloc::sym`] of a relocation against no symbol (symbol table index 0).
pub const NO_SYMBOL: usize = usize::MAX;

pub(super) fn has_variant(t: &Tree) -> bool {
    match t {
        Tree::Num(_) => false,
        Tree::Sym(_, v) => *v != Variant::None,
        Tree::Un(_, a) => has_variant(a),
        Tree::Bin(_, a, b) => has_variant(a) || has_variant(b),
        Tree::Call(_, args) => args.iter().any(has_variant),
    }
}

/// An ELF note: name, type, description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// The owner (`AMDGPU`).
    pub name: String,
    /// `n_type`.
    pub ty: u32,
    /// The description bytes.
    pub desc: Vec<u8>,
}

/// An object in the making, then finished: what llvm-mc's MC layer holds.
#[derive(Clone, Debug)]
pub struct Object {
    /// The target.
    pub target: Target,
    /// `xnack` setting (`None`: any, where the target has the feature).
    pub xnack: Option<bool>,
    /// `sramecc` setting.
    pub sramecc: Option<bool>,
    /// Code object version (4, 5, 6; HSA only).
    pub co_version: u32,
    /// The triple: its OS decides the header, the notes' flags and the target id.
    pub triple: Triple,
    /// Sections in creation order.
    pub sections: Vec<Section>,
    /// Symbols in first-mention order.
    pub symbols: Vec<Symbol>,
    index: HashMap<String, usize>,
    /// The current section.
    pub cur: usize,
    /// Relocations per section (filled by [`Object::finish`]).
    pub relocs: Vec<Vec<Reloc>>,
    /// Kernel descriptors waiting for their values.
    pub(super) pending_kds: Vec<Pending>,
    /// Where the statement being read is (for errors found later).
    pub here: Loc,
    /// Errors found while reading that llvm-mc reports at the end.
    pub deferred: Vec<Error>,
    temps: usize,
    /// The values of `.set` symbols worked out since the last definition that could
    /// change them (see [`Object::define`]): a chain of definitions is evaluated once,
    /// not once per symbol on it.
    var_values: RefCell<HashMap<usize, Result<Value, String>>>,
    /// Where each symbol defined by an expression not absolute when it was read got
    /// its last definition: an expression that cannot be evaluated at the end is an
    /// error there.
    pub(super) var_locs: BTreeMap<usize, Loc>,
}

/// What an expression comes to: `A - B + C` with `A` (and its variant) and `B`
/// symbols (by index), like llvm-mc's relocatable values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Value {
    /// The added symbol.
    pub add: Option<(usize, Variant)>,
    /// The subtracted symbol.
    pub sub: Option<usize>,
    /// The constant.
    pub cst: i64,
}

impl Value {
    pub(super) fn abs(v: i64) -> Value {
        Value {
            add: None,
            sub: None,
            cst: v,
        }
    }
    /// The value if it is absolute.
    pub fn absolute(&self) -> Option<i64> {
        (self.add.is_none() && self.sub.is_none()).then_some(self.cst)
    }
}

/// The e_flags xnack/sramecc values of code object V4 and later: the target's
/// support and the setting.
fn feature_bits(supported: bool, setting: Option<bool>) -> u32 {
    match (supported, setting) {
        (false, _) => 0,
        (true, None) => 1,
        (true, Some(false)) => 2,
        (true, Some(true)) => 3,
    }
}

impl Object {
    /// An empty object for `target`, with the `.text` section current.
    pub fn new(target: Target) -> Object {
        let mut o = Object {
            target,
            xnack: None,
            sramecc: None,
            co_version: 6,
            triple: Triple::default(),
            sections: Vec::new(),
            symbols: Vec::new(),
            index: HashMap::new(),
            cur: 0,
            relocs: Vec::new(),
            pending_kds: Vec::new(),
            here: Loc::default(),
            deferred: Vec::new(),
            temps: 0,
            var_values: RefCell::default(),
            var_locs: BTreeMap::new(),
        };
        o.section(".text", sht::PROGBITS, shf::ALLOC | shf::EXECINSTR, 0);
        // (AMDGPU's .text starts 4-byte aligned; instructions raise no alignment.)
        o.sections[0].align = 4;
        o
    }

    /// Whether the target has the xnack feature (a setting in e_flags).
    pub fn has_xnack(&self) -> bool {
        self.target.has(crate::target::Features::XNACK_MASK)
    }

    /// Whether the target has the sramecc feature.
    pub fn has_sramecc(&self) -> bool {
        self.target.has(crate::target::Features::SRAMECC)
    }

    /// The ELF header's `e_flags`: for HSA, the two-bit xnack and sramecc fields
    /// of code object V4 and later; for the other OSes, llvm-mc's V3 form (one bit
    /// each, set when the feature is on or "any").
    pub fn e_flags(&self) -> u32 {
        let mach = crate::code_object::amdgpu::mach_of(self.target.name).unwrap_or(0);
        if !self.triple.os.is_hsa() {
            let on = |has: bool, setting: Option<bool>| u32::from(has && setting != Some(false));
            return mach
                | on(self.has_xnack(), self.xnack) << 8
                | on(self.has_sramecc(), self.sramecc) << 9;
        }
        mach | feature_bits(self.has_xnack(), self.xnack) << 8
            | feature_bits(self.has_sramecc(), self.sramecc) << 10
    }

    /// Whether relocations carry their addends (SHT_RELA, as llvm-mc writes them
    /// for HSA), else the bytes they patch do (SHT_REL, for the other OSes).
    pub fn uses_rela(&self) -> bool {
        self.triple.os.is_hsa()
    }

    /// Switches to the section `name`, creating it with these attributes if new.
    /// Returns its index.
    pub fn section(&mut self, name: &str, ty: u32, flags: u64, entsize: u64) -> usize {
        if let Some(k) = self.sections.iter().position(|s| s.name == name) {
            self.cur = k;
            return k;
        }
        let sym = self.symbols.len();
        self.symbols.push(Symbol {
            name: name.to_string(),
            bind: Some(Bind::Local),
            ty: stt::SECTION,
            vis: 0,
            def: Def::Label {
                sec: self.sections.len(),
                off: 0,
            },
            size: None,
            in_reloc: false,
            used: false,
            section: true,
        });
        self.sections.push(Section {
            name: name.to_string(),
            ty,
            flags,
            entsize,
            align: 1,
            data: Vec::new(),
            size: 0,
            fixups: Vec::new(),
            sym,
        });
        self.cur = self.sections.len() - 1;
        self.cur
    }

    /// The current section.
    pub fn sec(&mut self) -> &mut Section {
        &mut self.sections[self.cur]
    }

    /// The index of symbol `name`, created undefined on first mention.
    pub fn symbol(&mut self, name: &str) -> usize {
        if let Some(&k) = self.index.get(name) {
            return k;
        }
        let k = self.symbols.len();
        self.symbols.push(Symbol {
            name: name.to_string(),
            bind: None,
            ty: stt::NOTYPE,
            vis: 0,
            def: Def::Undef,
            size: None,
            in_reloc: false,
            used: false,
            section: false,
        });
        self.index.insert(name.to_string(), k);
        k
    }

    /// The index of symbol `name` if it was mentioned.
    pub fn lookup(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// Mentions every symbol of `t` (in order), so that the symbol table lists them
    /// in the order llvm-mc does; `.` becomes a new temporary symbol here. `used`:
    /// the expression is emitted (data, an instruction, `.set`), not only evaluated.
    pub fn mention(&mut self, t: &mut Tree, used: bool) {
        match t {
            Tree::Num(_) => {}
            Tree::Sym(name, _) if &**name == "." => {
                let tmp = self.temp_here();
                *name = self.symbols[tmp].name.clone().into();
            }
            Tree::Sym(name, _) => {
                let k = self.symbol(name);
                self.symbols[k].used |= used;
            }
            Tree::Un(_, a) => self.mention(a, used),
            Tree::Bin(_, a, b) => {
                self.mention(a, used);
                self.mention(b, used);
            }
            Tree::Call(_, args) => args.iter_mut().for_each(|a| self.mention(a, used)),
        }
    }

    /// A new temporary symbol (never in the symbol table) at the current place.
    pub fn temp_here(&mut self) -> usize {
        self.temps += 1;
        let k = self.symbol(&format!(".Ltmp.{}", self.temps));
        self.define(k, self.here_label(), true);
        k
    }

    /// Defines a label at the current place; an error if already defined.
    pub fn label(&mut self, name: &str) -> Result<usize, Error> {
        let fresh = self.lookup(name).is_none();
        let k = self.symbol(name);
        // (A label may take over a `.set` symbol, as in llvm-mc.)
        if !matches!(self.symbols[k].def, Def::Undef | Def::Var(_)) {
            let msg = format!("symbol '{name}' is already defined");
            return Err(Error::new(ErrorKind::Symbol, msg));
        }
        self.define(k, self.here_label(), fresh);
        Ok(k)
    }

    /// A label's definition at the current place.
    fn here_label(&self) -> Def {
        Def::Label {
            sec: self.cur,
            off: self.sections[self.cur].len(),
        }
    }

    /// Gives symbol `k` its definition. The values worked out for `.set` symbols may
    /// have passed through it, so they are forgotten, unless it is `fresh`: first
    /// mentioned by the statement that defines it, so that no earlier evaluation
    /// can have named it.
    pub fn define(&mut self, k: usize, def: Def, fresh: bool) {
        self.var_locs.remove(&k);
        self.symbols[k].def = def;
        let values = self.var_values.get_mut();
        // (An empty map is not cleared: clearing costs its capacity.)
        if !fresh && !values.is_empty() {
            values.clear();
        }
    }

    /// [`Object::define`] of a symbol as an expression not absolute yet, read at
    /// `loc` (its first operator, where llvm-mc reports an expression it cannot
    /// evaluate at the end).
    pub fn define_var(&mut self, k: usize, t: Tree, fresh: bool, loc: Loc) {
        self.define(k, Def::Var(t), fresh);
        self.var_locs.insert(k, loc);
    }

    /// Appends bytes to the current section. Non-zero bytes in a NOBITS section are
    /// an error of the end (as llvm-mc reports it, after reading), placed at
    /// [`Object::here`].
    pub fn emit(&mut self, bytes: &[u8]) -> Result<(), Error> {
        let s = &mut self.sections[self.cur];
        if s.ty == sht::NOBITS {
            if bytes.iter().any(|&b| b != 0) {
                let msg = format!("BSS section '{}' cannot have non-zero bytes", s.name);
                let loc = self.here.clone();
                self.deferred
                    .push(Error::new(ErrorKind::Section, msg).at(loc));
            }
            self.sections[self.cur].size += bytes.len() as u64;
        } else {
            s.data.extend_from_slice(bytes);
        }
        Ok(())
    }

    /// Pads the current section to `align` (a power of two) with `fill` units of
    /// `width` bytes (code sections default to s_nop), skipping when more than `max`
    /// bytes would be needed; raises the section's alignment.
    pub fn align(&mut self, align: u64, fill: Option<(u64, u8)>, max: Option<u64>) {
        let s = self.sec();
        let pad = (align - s.len() % align) % align;
        // (The section's alignment rises even when `max` skips the padding.)
        s.align = s.align.max(align);
        if max.is_some_and(|m| pad > m) {
            return;
        }
        if s.ty == sht::NOBITS {
            s.size += pad;
            return;
        }
        let code = s.flags & shf::EXECINSTR != 0;
        match fill {
            Some((v, w)) => {
                let unit = &v.to_le_bytes()[..w as usize];
                let n = pad as usize;
                let mut k = 0;
                while k < n {
                    s.data.push(unit[k % w as usize]);
                    k += 1;
                }
            }
            None if code => {
                // Odd bytes first as zeros, then s_nop 0 per dword.
                s.data.extend(std::iter::repeat_n(0, (pad % 4) as usize));
                for _ in 0..pad / 4 {
                    s.data.extend_from_slice(&0xbf80_0000u32.to_le_bytes());
                }
            }
            None => s.data.extend(std::iter::repeat_n(0, pad as usize)),
        }
    }

    /// Records a fixup at `offset` of the current section.
    pub fn fixup(&mut self, offset: u64, kind: FixupKind, expr: Tree, loc: Loc) {
        self.sec().fixups.push(Fixup {
            offset,
            kind,
            expr,
            loc,
        });
    }

    /// Evaluates an expression with what is known now (labels in sections count as
    /// their section plus offset).
    pub fn eval(&self, t: &Tree) -> Result<Value, Error> {
        self.eval_depth(t, 0)
            .map_err(|m| Error::new(ErrorKind::Expression, m))
    }

    fn eval_depth(&self, t: &Tree, depth: u32) -> Result<Value, String> {
        // (Trees have at most MAX_TREE_OPS operators; deeper is a cycle of `.set`s.)
        if depth > 2 * crate::syntax::expr::MAX_TREE_OPS as u32 {
            return Err("recursive definition".into());
        }
        Ok(match t {
            Tree::Num(v) => Value::abs(*v),
            Tree::Sym(name, variant) => {
                let Some(k) = self.lookup(name) else {
                    return Err(format!("undefined symbol '{name}'"));
                };
                match &self.symbols[k].def {
                    Def::Var(_) if *variant == Variant::None => self.var_value(k)?,
                    _ => Value {
                        add: Some((k, *variant)),
                        sub: None,
                        cst: 0,
                    },
                }
            }
            Tree::Un(op, a) => {
                let v = self.eval_depth(a, depth + 1)?;
                match (op, v.absolute()) {
                    (b'+', _) => v,
                    (_, Some(x)) => Value::abs(match op {
                        b'-' => x.wrapping_neg(),
                        b'~' => !x,
                        _ => (x == 0) as i64,
                    }),
                    (b'-', None) if v.add.is_some_and(|a| a.1 == Variant::None) => Value {
                        add: v.sub.map(|s| (s, Variant::None)),
                        sub: v.add.map(|a| a.0),
                        cst: v.cst.wrapping_neg(),
                    },
                    _ => return Err("expected relocatable expression".into()),
                }
            }
            Tree::Bin(op, a, b) => {
                let x = self.simplify(self.eval_depth(a, depth + 1)?);
                let y = self.simplify(self.eval_depth(b, depth + 1)?);
                use crate::syntax::expr::Bin;
                match (op, x.absolute(), y.absolute()) {
                    (_, Some(p), Some(q)) => Value::abs(
                        op.apply(p, q)
                            .ok_or_else(|| "expected relocatable expression".to_string())?,
                    ),
                    (Bin::Add, _, Some(q)) => Value {
                        cst: x.cst.wrapping_add(q),
                        ..x
                    },
                    (Bin::Add, Some(p), _) => Value {
                        cst: y.cst.wrapping_add(p),
                        ..y
                    },
                    (Bin::Sub, _, Some(q)) => Value {
                        cst: x.cst.wrapping_sub(q),
                        ..x
                    },
                    (Bin::Sub, _, _)
                        if x.sub.is_none()
                            && y.sub.is_none()
                            && y.add.is_some_and(|a| a.1 == Variant::None) =>
                    {
                        self.simplify(Value {
                            add: x.add,
                            sub: y.add.map(|a| a.0),
                            cst: x.cst.wrapping_sub(y.cst),
                        })
                    }
                    _ => return Err("expected relocatable expression".into()),
                }
            }
            Tree::Call(f, args) => {
                let mut vals = Vec::with_capacity(args.len());
                for a in args {
                    let v = self.simplify(self.eval_depth(a, depth + 1)?);
                    vals.push(v.absolute().ok_or("expected absolute expression")?);
                }
                Value::abs(self.call(*f, &vals)?)
            }
        })
    }

    /// The value of `.set` symbol `k`. The `.set` symbols its expression names are
    /// worked out first, deepest first, by a loop rather than recursion (a chain of
    /// definitions may be as long as the file), and each value is kept; a cycle is
    /// an error.
    fn var_value(&self, k: usize) -> Result<Value, String> {
        if let Some(v) = self.var_values.borrow().get(&k) {
            return v.clone();
        }
        let var = |j: usize| match &self.symbols[j].def {
            Def::Var(t) => Some(t),
            _ => None,
        };
        // (Symbols whose operands are being worked out, and a stack of symbols with
        // whether their operands were pushed.)
        let mut open = HashSet::new();
        let mut stack = vec![(k, false)];
        while let Some(&(j, pushed)) = stack.last() {
            let Some(t) = var(j) else {
                stack.pop();
                continue;
            };
            if pushed {
                stack.pop();
                open.remove(&j);
                // (Its operands are known now: this evaluation does not nest.)
                let v = self.eval_depth(t, 0);
                self.var_values.borrow_mut().insert(j, v);
                continue;
            }
            if self.var_values.borrow().contains_key(&j) {
                stack.pop();
                continue;
            }
            if let Some(top) = stack.last_mut() {
                top.1 = true;
            }
            open.insert(j);
            t.each_symbol(&mut |name, variant| {
                let Some(d) = self.lookup(name) else { return };
                if variant != Variant::None || var(d).is_none() {
                    return;
                }
                if open.contains(&d) {
                    let cycle = Err("recursive definition".to_string());
                    self.var_values.borrow_mut().insert(d, cycle);
                } else if !self.var_values.borrow().contains_key(&d) {
                    stack.push((d, false));
                }
            });
        }
        let values = self.var_values.borrow();
        values
            .get(&k)
            .cloned()
            .unwrap_or_else(|| Err("recursive definition".into()))
    }

    /// llvm-mc's AMDGPU expression functions.
    fn call(&self, f: crate::syntax::expr::Func, v: &[i64]) -> Result<i64, String> {
        use crate::syntax::expr::Func;
        let gfx90a = matches!(
            self.target.gen,
            crate::target::Gen::Gfx90a | crate::target::Gen::Gfx940
        );
        Ok(match f {
            Func::Max => v.iter().copied().map(|x| x as u64).max().unwrap_or(0) as i64,
            Func::Or => v.iter().fold(0, |a, b| a | b),
            Func::ExtraSgprs if v.len() == 3 => {
                extra_sgprs(self.target, v[0] != 0, v[1] != 0, v[2] != 0) as i64
            }
            Func::TotalNumVgprs if v.len() == 2 => {
                let (agpr, vgpr) = (v[0], v[1]);
                if gfx90a {
                    if agpr == 0 {
                        vgpr
                    } else {
                        ((vgpr + 3) & !3) + agpr
                    }
                } else {
                    agpr.max(vgpr)
                }
            }
            Func::AlignTo if v.len() == 2 && v[1] > 0 => (v[0] + v[1] - 1) / v[1] * v[1],
            Func::Occupancy => return Err("occupancy() is not supported".into()),
            _ => return Err("wrong number of arguments".into()),
        })
    }

    /// Folds `A - B` of two labels in one section into a constant.
    pub(super) fn simplify(&self, v: Value) -> Value {
        if let (Some((a, Variant::None)), Some(b)) = (v.add, v.sub) {
            if let (Def::Label { sec: sa, off: oa }, Def::Label { sec: sb, off: ob }) =
                (&self.symbols[a].def, &self.symbols[b].def)
            {
                if sa == sb {
                    return Value::abs(v.cst.wrapping_add(*oa as i64 - *ob as i64));
                }
            }
        }
        v
    }

    /// Evaluates an expression that must be absolute now.
    pub fn absolute(&self, t: &Tree) -> Result<i64, Error> {
        let v = self.simplify(self.eval(t)?);
        v.absolute()
            .ok_or_else(|| Error::new(ErrorKind::Expression, "expected absolute expression"))
    }

    /// A symbol's binding in the symbol table: undefined symbols are global unless
    /// said otherwise.
    pub fn bind_of(&self, s: &Symbol) -> Bind {
        match (s.bind, &s.def) {
            (Some(b), _) => b,
            (None, Def::Undef) => Bind::Global,
            (None, _) => Bind::Local,
        }
    }

    /// Whether a symbol goes into the symbol table, as llvm-mc decides.
    pub(super) fn in_symtab(&self, s: &Symbol) -> bool {
        if s.section {
            return s.in_reloc;
        }
        if s.in_reloc {
            return true;
        }
        if s.name.starts_with(".L") {
            return false;
        }
        match &s.def {
            Def::Undef => s.used || s.bind.is_some_and(|b| b != Bind::Local),
            // A variable standing for an undefined symbol is not listed (its base is).
            Def::Var(t) => match self.eval(t).map(|v| self.simplify(v)) {
                Ok(v) => match v.add {
                    Some((a, _)) if v.sub.is_none() => self.symbols[a].def != Def::Undef,
                    _ => v.absolute().is_some(),
                },
                Err(_) => false,
            },
            // `.amdgpu_lds` alone does not list its symbol (llvm-mc's target
            // streamer sets it without registering it): a use or an attribute
            // (`.globl`) does.
            Def::Special { .. } => s.used,
            Def::Label { .. } => true,
        }
    }

    /// Adds a note to the `.note` section (creating it), as the AMDGPU target
    /// streamer writes them: 4-byte aligned name and description; the section is
    /// allocated for HSA only.
    pub fn note(&mut self, n: &Note) {
        let prev = self.cur;
        let flags = if self.triple.os.is_hsa() {
            shf::ALLOC
        } else {
            0
        };
        self.section(".note", sht::NOTE, flags, 0);
        let s = self.sec();
        s.align = s.align.max(4);
        let name_len = n.name.len() + 1;
        s.data.extend_from_slice(&(name_len as u32).to_le_bytes());
        s.data
            .extend_from_slice(&(n.desc.len() as u32).to_le_bytes());
        s.data.extend_from_slice(&n.ty.to_le_bytes());
        s.data.extend_from_slice(n.name.as_bytes());
        s.data.push(0);
        while !s.data.len().is_multiple_of(4) {
            s.data.push(0);
        }
        s.data.extend_from_slice(&n.desc);
        while !s.data.len().is_multiple_of(4) {
            s.data.push(0);
        }
        self.cur = prev;
    }
}
