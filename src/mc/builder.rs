//! A code assembler for compilers and JITs, in the spirit of iced-x86's
//! `CodeAssembler`: append typed instructions ([`Inst`]), create labels and bind
//! them, branch to labels before or after they are bound, reference external
//! symbols from literals, and take the bytes with their relocations or a finished
//! ELF object. It fills the same [`Object`] the text assembler fills, and its
//! fixups are resolved by the same code.
//!
//! ```
//! use amdgpu_mc::mc::CodeAssembler;
//! use amdgpu_mc::{assemble_line, Target};
//! let t = Target::from_name("gfx906").unwrap();
//! let mut a = CodeAssembler::new(t);
//! let top = a.create_label();
//! a.bind(top).unwrap();
//! a.inst(assemble_line(t, "s_sub_u32 s0, s0, 1").unwrap()).unwrap();
//! a.branch(assemble_line(t, "s_cbranch_scc1 0").unwrap(), top).unwrap();
//! a.inst(assemble_line(t, "s_endpgm").unwrap()).unwrap();
//! let (bytes, relocs) = a.bytes().unwrap();
//! // s_cbranch_scc1 back to the s_sub_u32: -2 dwords from the next instruction.
//! assert_eq!(&bytes[4..8], &[0xfe, 0xff, 0x85, 0xbf]);
//! assert!(relocs.is_empty());
//! ```

use super::object::{Bind, Def, FixupKind, Loc, ObjError, Object, Reloc};
use crate::codec::{self, EncodeError};
use crate::inst::Inst;
use crate::isa::Role;
use crate::syntax::expr::{Bin, Tree, Variant};
use crate::target::Target;

/// A label: a place in the code, bound once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Label(usize);

/// Why the builder refused something. [`Inst::build`]'s and the encoder's errors
/// convert, so one `?` serves a function that builds and adds instructions.
///
/// ```
/// use amdgpu_mc::inst::{build::Opnd, Inst};
/// use amdgpu_mc::isa::op;
/// use amdgpu_mc::mc::builder::BuildError;
/// use amdgpu_mc::Target;
/// fn two_nops(t: Target) -> Result<Vec<Inst>, BuildError> {
///     let nop = Inst::build(t, op::S_NOP, &[Opnd::Imm(0)])?;
///     let bad = Inst::build(t, op::S_NOP, &[])?;
///     Ok(vec![nop, bad])
/// }
/// let e = two_nops(Target::from_name("gfx906").unwrap()).unwrap_err();
/// assert_eq!(e.to_string(), "expected 1 operands, got 0");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildError {
    /// The operands do not fit the instruction ([`Inst::build`]'s error, so that `?`
    /// carries it).
    Inst(crate::inst::build::BuildError),
    /// The instruction does not encode.
    Encode(EncodeError),
    /// The instruction is not a branch to a label.
    NotABranch,
    /// The instruction has no 32-bit literal slot for a symbol.
    NoLiteral,
    /// The label was bound already.
    Rebound,
    /// The label belongs to another assembler.
    UnknownLabel,
    /// Resolving the fixups failed (branch out of range, unbound label, ...).
    Resolve(Vec<ObjError>),
    /// A kernel descriptor or metadata note was refused, with llvm-mc's message.
    Directive(String),
}

impl std::fmt::Display for BuildError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BuildError::Inst(e) => write!(f, "{e}"),
            BuildError::Encode(e) => write!(f, "instruction does not encode: {e}"),
            BuildError::NotABranch => f.write_str("not a branch to a label"),
            BuildError::NoLiteral => f.write_str("the instruction has no literal for a symbol"),
            BuildError::Rebound => f.write_str("label bound twice"),
            BuildError::UnknownLabel => f.write_str("label of another assembler"),
            BuildError::Directive(m) => f.write_str(m),
            BuildError::Resolve(errs) => {
                for e in errs {
                    writeln!(f, "{}", e.msg)?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for BuildError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BuildError::Inst(e) => Some(e),
            BuildError::Encode(e) => Some(e),
            _ => None,
        }
    }
}

impl From<crate::inst::build::BuildError> for BuildError {
    fn from(e: crate::inst::build::BuildError) -> BuildError {
        BuildError::Inst(e)
    }
}

impl From<EncodeError> for BuildError {
    fn from(e: EncodeError) -> BuildError {
        BuildError::Encode(e)
    }
}

/// The code assembler.
pub struct CodeAssembler {
    o: Object,
    labels: usize,
}

impl CodeAssembler {
    /// An empty assembler writing `.text` for `target`.
    pub fn new(target: Target) -> CodeAssembler {
        CodeAssembler {
            o: Object::new(target),
            labels: 0,
        }
    }

    /// The object being built (to add sections, data or notes directly).
    pub fn object(&mut self) -> &mut Object {
        &mut self.o
    }

    /// A new anonymous label (local, not in the symbol table).
    pub fn create_label(&mut self) -> Label {
        self.labels += 1;
        Label(self.o.symbol(&format!(".Lca{}", self.labels)))
    }

    /// A named label; `global` makes it a global function symbol (a kernel or
    /// function entry).
    pub fn named_label(&mut self, name: &str, global: bool) -> Label {
        let k = self.o.symbol(name);
        if global {
            self.o.symbols[k].bind = Some(Bind::Global);
            self.o.symbols[k].ty = super::object::stt::FUNC;
        }
        Label(k)
    }

    /// Binds a label to the current place.
    pub fn bind(&mut self, l: Label) -> Result<(), BuildError> {
        let s = self.o.symbols.get(l.0).ok_or(BuildError::UnknownLabel)?;
        if s.def != Def::Undef {
            return Err(BuildError::Rebound);
        }
        let off = self.o.sec().len();
        let def = Def::Label {
            sec: self.o.cur,
            off,
        };
        self.o.define(l.0, def, false);
        Ok(())
    }

    /// Appends an instruction.
    pub fn inst(&mut self, i: Inst) -> Result<(), BuildError> {
        let w = codec::encode(self.o.target, &i).map_err(BuildError::Encode)?;
        w.write_to(&mut self.o.sec().data);
        Ok(())
    }

    /// Appends a branch (any SOPP branch; its offset is ignored) to a label.
    pub fn branch(&mut self, i: Inst, to: Label) -> Result<(), BuildError> {
        if !i.desc().sig.iter().any(|s| s.role == Role::Label) {
            return Err(BuildError::NotABranch);
        }
        let name = self
            .o
            .symbols
            .get(to.0)
            .ok_or(BuildError::UnknownLabel)?
            .name
            .clone();
        let off = self.o.sec().len();
        self.inst(i)?;
        self.o.fixup(
            off,
            FixupKind::Branch,
            Tree::Sym(name.into(), Variant::None),
            Loc::default(),
        );
        Ok(())
    }

    /// Appends an instruction whose 32-bit literal is `symbol@variant + addend`
    /// (write the instruction with any literal, e.g. `s_add_u32 s4, s4, 0x1000`):
    /// resolved here or left as a relocation.
    pub fn inst_with_symbol(
        &mut self,
        i: Inst,
        symbol: &str,
        variant: Variant,
        addend: i64,
    ) -> Result<(), BuildError> {
        if i.size() != 8 {
            return Err(BuildError::NoLiteral);
        }
        let off = self.o.sec().len();
        self.inst(i)?;
        // The literal's bytes are the fixup's (zero until resolved, as in llvm-mc).
        let at = off as usize + 4;
        self.o.sec().data[at..at + 4].fill(0);
        let k = self.o.symbol(symbol);
        self.o.symbols[k].used = true;
        let e = Tree::Bin(
            Bin::Add,
            Box::new(Tree::Sym(symbol.into(), variant)),
            Box::new(Tree::Num(addend)),
        );
        self.o.fixup(off + 4, FixupKind::Literal, e, Loc::default());
        Ok(())
    }

    /// Adds the kernel descriptor of kernel `name` (a label made by
    /// [`CodeAssembler::named_label`]) to `.rodata`, 64-byte aligned, from `.amdhsa_*`
    /// directives and values (`.amdhsa_next_free_vgpr` and `.amdhsa_next_free_sgpr`
    /// are required, and `.amdhsa_accum_offset` on gfx90a and later), with llvm-mc's
    /// defaults and checks. Code goes on in `.text`.
    pub fn kernel_descriptor(
        &mut self,
        name: &str,
        directives: &[(&str, i64)],
    ) -> Result<(), BuildError> {
        let t = self.o.target;
        let v = self.o.co_version;
        let mut block = super::kd::KernelBlock::new(name, Loc::default());
        for (d, value) in directives {
            block
                .directive(t, v, d, Tree::Num(*value), Loc::default(), Loc::default())
                .map_err(|(_, m)| BuildError::Directive(format!("{d}: {m}")))?;
        }
        let text = self.o.cur;
        self.o.section(
            ".rodata",
            super::object::sht::PROGBITS,
            super::object::shf::ALLOC,
            0,
        );
        self.o.align(64, Some((0, 1)), None);
        let r = super::kd::emit(&mut self.o, block, Loc::default());
        self.o.cur = text;
        r.map_err(|(_, m)| BuildError::Directive(m))
    }

    /// Adds the `NT_AMDGPU_METADATA` note from its YAML text, as `.amdgpu_metadata`
    /// does (llvm-mc's checks apply).
    pub fn metadata_yaml(&mut self, yaml: &str) -> Result<(), BuildError> {
        let desc = super::note::metadata_from_yaml(yaml)
            .map_err(|_| BuildError::Directive("invalid HSA metadata".into()))?;
        self.o.note(&super::object::Note {
            name: "AMDGPU".into(),
            ty: super::note::NT_AMDGPU_METADATA,
            desc,
        });
        Ok(())
    }

    /// The place reached in the current section.
    pub fn offset(&mut self) -> u64 {
        self.o.sec().len()
    }

    /// Resolves the fixups and returns the finished object.
    pub fn finish(mut self) -> Result<Object, BuildError> {
        let errs = self.o.finish();
        if errs.is_empty() {
            Ok(self.o)
        } else {
            Err(BuildError::Resolve(errs))
        }
    }

    /// Resolves the fixups: the `.text` bytes and the relocations against them
    /// (their `sym` indexes [`Object::symbols`] of [`CodeAssembler::finish`]'s object).
    pub fn bytes(self) -> Result<(Vec<u8>, Vec<Reloc>), BuildError> {
        let mut o = self.finish()?;
        let relocs = std::mem::take(&mut o.relocs[0]);
        Ok((std::mem::take(&mut o.sections[0].data), relocs))
    }

    /// Resolves the fixups and writes the ELF object.
    pub fn elf(self) -> Result<Vec<u8>, BuildError> {
        Ok(self.finish()?.to_elf())
    }
}
