//! The AMDGPU directives: the target id (`.amdgcn_target`, `.amd_amdgpu_isa`), the
//! code object version, the kernel descriptor block (`.amdhsa_kernel` ...
//! `.end_amdhsa_kernel`), `.amd_kernel_code_t` blocks, `.amdgpu_hsa_kernel`, the
//! metadata (`.amdgpu_metadata`, PAL's `.amdgpu_pal_metadata` and
//! `.amd_amdgpu_pal_metadata`), and `.amdgpu_lds`; and which OS knows which.

use super::data::string_literal;
use super::directive::Dir;
use super::expr::constant;
use super::line::Line;
use super::state::{Meta, TextAsm, DIRECTIVE_JUNK, R};
use super::symbols::{label_name, name_and_comma};
use crate::mc::code_t;
use crate::mc::kd::{self, KernelBlock};
use crate::mc::note;
use crate::mc::object::{stt, Bind, Def, Object};
use crate::mc::triple::Os;
use crate::source::Diagnostic;
use crate::syntax::error::Error;
use crate::syntax::expr::Tree;
use crate::syntax::lex::{self, ws};

impl TextAsm {
    /// Refuses a directive of another OS than the triple's: each OS has directives
    /// of its own, which the others do not know (as llvm-mc, which refuses some of
    /// them by name).
    pub(super) fn os_knows(&self, d: Dir) -> R<()> {
        let Dir { pos, name, at, .. } = d;
        let os = self.o.triple.os;
        match name {
            ".amdhsa_kernel"
            | ".end_amdhsa_kernel"
            | ".amdgpu_metadata"
            | ".end_amdgpu_metadata"
            | ".amdhsa_code_object_version"
                if !os.is_hsa() =>
            {
                return Err(Error::new(pos, "unknown directive"))
            }
            ".amd_kernel_code_t"
            | ".amdgpu_hsa_kernel"
            | ".amd_amdgpu_isa"
            | ".amd_amdgpu_hsa_metadata"
                if os.is_hsa() =>
            {
                return Err(Error::new(pos, "unknown directive"))
            }
            ".amd_amdgpu_hsa_metadata" => {
                return Err(Error::new(
                    at,
                    ".amd_amdgpu_hsa_metadata directive is not available on non-amdhsa OSes",
                ))
            }
            ".amd_amdgpu_pal_metadata" if os != Os::AmdPal => {
                return Err(Error::new(
                    at,
                    ".amd_amdgpu_pal_metadata directive is not available on non-amdpal OSes",
                ))
            }
            _ => {}
        }
        Ok(())
    }

    /// `.amdgcn_target "ID"`: must be the target's id.
    pub(super) fn amdgcn_target(&mut self, d: Dir) -> R<()> {
        let Dir { rest, at, .. } = d;
        let r = ws(rest);
        let (r2, text) = string_literal(r).map_err(|m| Error::new(at, m))?;
        d.no_args(r2)?;
        let want = target_id(&self.o);
        if text != want.as_bytes() {
            return Err(Error::new(
                at,
                format!(
                    ".amdgcn_target directive's target id {} does not match the specified target id {want}",
                    String::from_utf8_lossy(&text)
                ),
            ));
        }
        // (llvm-mc prints the target id first, and a blank line here.)
        self.llvm_lines.push(String::new());
        Ok(())
    }

    /// `.amdhsa_code_object_version N`.
    pub(super) fn code_object_version(&mut self, d: Dir) -> R<()> {
        let Dir { line, rest, at, .. } = d;
        let v = self.abs(line, rest, at)?;
        if !(4..=6).contains(&v) {
            return Err(Error::new(
                at,
                "unsupported code object version (4, 5 or 6)",
            ));
        }
        self.o.co_version = v as u32;
        self.llvm_lines
            .push(format!("\t.amdhsa_code_object_version {v}"));
        self.llvm_lines.push(String::new());
        Ok(())
    }

    /// `.amdhsa_kernel NAME`: a kernel descriptor block opens.
    pub(super) fn amdhsa_kernel(&mut self, d: Dir) -> R<()> {
        let Dir { l, rest, at, .. } = d;
        let r = ws(rest);
        let (r2, n) = label_name(r).map_err(|_| Error::new(at, "expected symbol name"))?;
        d.no_args(r2)?;
        self.kernel = Some(KernelBlock::new(n, self.loc(l, at)));
        Ok(())
    }

    /// `.end_amdhsa_kernel`: the block's descriptor is placed.
    pub(super) fn end_amdhsa_kernel(&mut self, d: Dir) -> R<()> {
        let Dir { l, pos, at, .. } = d;
        let k = self
            .kernel
            .take()
            .ok_or(Error::new(pos, ".end_amdhsa_kernel without .amdhsa_kernel"))?;
        // (llvm-mc places the block's errors at the token after the directive.)
        let end = self.loc(l, at);
        // llvm-mc's text prints the block with every field when its values
        // are numbers (it checks them as it reads them); with symbols not
        // yet set, it prints expressions, which the listing leaves out.
        let text = match self.llvm && k.values_are_numbers() {
            true => Some(kd::llvm_text(&self.o, &k, &end)),
            false => None,
        };
        if self.llvm && text.is_none() {
            self.unlisted.push(self.diag_of(
                &k.loc,
                "llvm-mc prints '.amdhsa_kernel' here, with expressions for values \
                 not yet known; this listing leaves the block out",
            ));
        }
        kd::emit(&mut self.o, k, end)
            .map_err(|(p, m)| Error::new(if p == usize::MAX { at } else { p }, m))?;
        match text {
            Some(Ok(lines)) => self.llvm_lines.extend(lines),
            Some(Err(errs)) => {
                let ds: Vec<_> = errs.iter().map(|(loc, m)| self.diag_of(loc, m)).collect();
                self.diags.extend(ds);
            }
            None => {}
        }
        Ok(())
    }

    /// `.amdgpu_metadata`, `.amdgpu_pal_metadata`: a YAML block opens.
    pub(super) fn metadata_block(&mut self, d: Dir) -> R<()> {
        let Dir {
            l, pos, name, rest, ..
        } = d;
        d.no_args(rest)?;
        let kind = if name == ".amdgpu_metadata" {
            Meta::Hsa
        } else {
            Meta::Pal
        };
        self.metadata = Some((self.loc(l, pos), String::new(), kind));
        Ok(())
    }

    /// `.end_amdgpu_metadata`: the HSA metadata note.
    pub(super) fn end_amdgpu_metadata(&mut self, d: Dir) -> R<()> {
        let Dir { pos, at, .. } = d;
        let (loc, text, _) = self.metadata.take().ok_or(Error::new(
            pos,
            ".end_amdgpu_metadata without .amdgpu_metadata",
        ))?;
        // (llvm-mc says no more than this, after the directive.)
        let _ = loc;
        let desc =
            note::metadata_from_yaml(&text).map_err(|_| Error::new(at, "invalid HSA metadata"))?;
        self.o.note(&crate::mc::object::Note {
            name: "AMDGPU".into(),
            ty: note::NT_AMDGPU_METADATA,
            desc,
        });
        Ok(())
    }

    /// `.end_amdgpu_pal_metadata`: the PAL metadata, for the note at the end.
    pub(super) fn end_pal_metadata(&mut self, d: Dir) -> R<()> {
        let Dir { pos, at, .. } = d;
        let Some((_, text, Meta::Pal)) = self.metadata.take() else {
            return Err(Error::new(pos, "unknown directive"));
        };
        if let Err(m) = self.pal.set_yaml(&text) {
            // (llvm-mc writes why to stderr, and errors after the directive.)
            let _ = m;
            return Err(Error::new(at, "invalid PAL metadata"));
        }
        Ok(())
    }

    /// `.amd_amdgpu_isa "ID"`: the ISA note.
    pub(super) fn amd_amdgpu_isa(&mut self, d: Dir) -> R<()> {
        let Dir { rest, at, .. } = d;
        let r = ws(rest);
        let (r2, text) =
            string_literal(r).map_err(|_| Error::new(at, "target id must match options"))?;
        d.no_args(r2)?;
        if text != target_id(&self.o).as_bytes() {
            return Err(Error::new(at, "target id must match options"));
        }
        self.o.note(&crate::mc::object::Note {
            name: "AMD".into(),
            ty: note::NT_AMD_HSA_ISA_NAME,
            desc: text,
        });
        Ok(())
    }

    /// `.amdgpu_hsa_kernel NAME`: the symbol's type.
    pub(super) fn amdgpu_hsa_kernel(&mut self, d: Dir) -> R<()> {
        let Dir { rest, at, .. } = d;
        let r = ws(rest);
        let (r2, n) = label_name(r).map_err(|_| Error::new(at, "expected symbol name"))?;
        d.no_args(r2)?;
        let k = self.o.symbol(n);
        self.o.symbols[k].ty = stt::AMDGPU_HSA_KERNEL;
        Ok(())
    }

    /// `.amd_kernel_code_t`: a header block opens.
    pub(super) fn amd_kernel_code_t(&mut self, d: Dir) -> R<()> {
        let Dir { rest, .. } = d;
        d.no_args(rest)?;
        self.code_t = Some(code_t::Block::new(self.o.target));
        Ok(())
    }

    /// `.amdgpu_lds NAME, SIZE[, ALIGN]`: a symbol in LDS.
    pub(super) fn amdgpu_lds(&mut self, d: Dir) -> R<()> {
        let Dir {
            l, line, rest, at, ..
        } = d;
        let (n, r3) = name_and_comma(line, rest, at, "expected ','")?;
        let list = self.expr_list(line, r3, false, usize::MAX, DIRECTIVE_JUNK)?;
        let mut vals = Vec::new();
        for (p, t) in &list {
            vals.push((
                *p,
                self.o
                    .absolute(t)
                    .map_err(|_| Error::new(*p, "expected absolute expression"))?,
            ));
        }
        let size = vals.first().map_or(0, |v| v.1);
        let align = vals.get(1).map_or(4, |v| v.1);
        if vals.is_empty() || vals.len() > 2 {
            return Err(Error::new(at, "expected size and optional alignment"));
        }
        if !(0..=(1 << 30)).contains(&size) {
            return Err(Error::new(vals[0].0, "size is too large"));
        }
        if align <= 0 || align & (align - 1) != 0 {
            return Err(Error::new(vals[1].0, "alignment must be a power of two"));
        }
        let k = self.o.symbol(n);
        let here = self.loc(l, at);
        let s = &mut self.o.symbols[k];
        if s.def != Def::Undef {
            return Err(Error::new(at, format!("symbol '{n}' is already defined")));
        }
        let def = Def::Special {
            shndx: 0xff00,
            value: align as u64,
        };
        self.o.define(k, def, false);
        let s = &mut self.o.symbols[k];
        s.ty = stt::OBJECT;
        if s.bind.is_none() {
            s.bind = Some(Bind::Global);
        }
        s.size = Some((Tree::Num(size), here));
        Ok(())
    }

    /// `.amd_amdgpu_pal_metadata reg, value, ...`: legacy PAL register pairs,
    /// each value or'ed into its register's.
    pub(super) fn pal_registers(&mut self, line: &str, rest: &str) -> R<()> {
        const INVALID: &str = "invalid value in .amd_amdgpu_pal_metadata";
        let mut r = ws(rest);
        let mut pairs = Vec::new();
        loop {
            let mut v = [0u32; 2];
            for (k, slot) in v.iter_mut().enumerate() {
                let p = line.len() - r.len();
                // (llvm-mc takes a number or a name to start each value.)
                if !r.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
                    return Err(Error::new(p, INVALID));
                }
                let (r2, t) = self.tree_at(line, r, p)?;
                *slot = self.o.absolute(&t).map_err(|_| Error::new(p, INVALID))? as u32;
                r = ws(r2);
                if k == 0 {
                    r = ws(r.strip_prefix(',').ok_or(Error::new(
                        line.len() - r.len(),
                        "expected an even number of values in .amd_amdgpu_pal_metadata",
                    ))?);
                }
            }
            pairs.push((v[0], v[1]));
            match r.strip_prefix(',') {
                Some(r2) => r = ws(r2),
                None if r.is_empty() => break,
                // (llvm-mc's directive ends there, and what follows is read as
                // a statement.)
                None => {
                    return Err(Error::new(
                        line.len() - r.len(),
                        "unexpected token at start of statement",
                    ))
                }
            }
        }
        for (reg, val) in pairs {
            self.pal.set_register(reg, val);
        }
        Ok(())
    }

    /// A line of an `.amd_kernel_code_t` block: `name = value`, or its end. After
    /// an error the block is dropped and the lines that follow are read as any
    /// (llvm-mc's parser stops at the error).
    pub(super) fn code_t_line(&mut self, l: &Line, line: &str) -> R<()> {
        let s = ws(line);
        if s.is_empty() {
            return Ok(());
        }
        let pos = line.len() - s.len();
        let r = self.code_t_field(l, line, s, pos);
        if r.is_err() {
            self.code_t = None;
        }
        r
    }

    pub(super) fn code_t_field(&mut self, l: &Line, line: &str, s: &str, pos: usize) -> R<()> {
        let (rest, id) = lex::ident(s)
            .map_err(|_| Error::new(pos, "expected value identifier or .end_amd_kernel_code_t"))?;
        let after = line.len() - ws(rest).len();
        if id == ".end_amd_kernel_code_t" {
            let block = self.code_t.take().expect("in a block");
            let loc = self.loc(l, pos);
            // (llvm-mc's checks of the whole header have no place: its end here.)
            block.validate(&self.o).map_err(|m| Error::new(pos, m))?;
            return block
                .emit(&mut self.o, &loc)
                .map_err(|m| Error::new(pos, m));
        }
        // A deprecated field, ignored with what follows it.
        if id == "max_scratch_backing_memory_byte_size" {
            return Ok(());
        }
        let Some(r) = ws(rest).strip_prefix('=') else {
            if !code_t::is_field(id) {
                return Err(Error::new(
                    after,
                    format!("unexpected amd_kernel_code_t field name {id}"),
                ));
            }
            return Err(Error::new(after, "expected '='"));
        };
        if !code_t::is_field(id) {
            return Err(Error::new(
                after,
                format!("unexpected amd_kernel_code_t field name {id}"),
            ));
        }
        let at = line.len() - ws(r).len();
        // (The symbols an expression names are looked up when the header is
        // placed, in llvm-mc's order: they are listed in that order.)
        let (r2, t) = self.tree_at(line, r, at)?;
        if !ws(r2).is_empty() {
            return Err(Error::new(line.len() - ws(r2).len(), DIRECTIVE_JUNK));
        }
        let abs = self.o.absolute(&t).ok();
        let loc = self.loc(l, at);
        let block = self.code_t.as_mut().expect("in a block");
        match block.set(id, t, abs, loc) {
            Ok(()) => Ok(()),
            Err((code_t::At::Value, m)) => Err(Error::new(at, m)),
            // (llvm-mc finds these once it has read the line's end: at the next.)
            Err((code_t::At::NextLine, m)) => {
                self.code_t = None;
                let mut d = Diagnostic::new(l.line + 1, 1, m, "");
                d.place = self.buffers.place(l.buf, true);
                self.diags.push(d);
                Ok(())
            }
        }
    }

    pub(super) fn kernel_directive(
        &mut self,
        l: &Line,
        line: &str,
        pos: usize,
        name: &str,
        rest: &str,
    ) -> R<()> {
        let at = line.len() - ws(rest).len();
        let mut t = self.tree_to_end(line, rest, at, false, "unexpected token in directive")?;
        // (A value of numbers and symbols set to numbers is taken now, as llvm-mc
        // takes it: a later `.set` of its symbols does not change it.)
        if constant(&self.o, &t) {
            if let Ok(v) = self.o.absolute(&t) {
                t = Tree::Num(v);
            }
        }
        let loc = self.loc(l, at);
        let start = self.loc(l, pos);
        let k = self.kernel.as_mut().expect("in a kernel block");
        k.directive(self.o.target, self.o.co_version, name, t, loc, start)
            .map_err(|(at_value, m)| Error::new(if at_value { at } else { pos }, m))
    }
}

/// The target id llvm-mc expects in `.amdgcn_target` and `.amd_amdgpu_isa`: the
/// triple's, the processor, and (for HSA only) the features' settings.
pub fn target_id(o: &Object) -> String {
    let mut s = format!("{}{}", o.triple.target_id_prefix(), o.target.name);
    if !o.triple.os.is_hsa() {
        return s;
    }
    if o.has_sramecc() {
        match o.sramecc {
            Some(true) => s.push_str(":sramecc+"),
            Some(false) => s.push_str(":sramecc-"),
            None => {}
        }
    }
    if o.has_xnack() {
        match o.xnack {
            Some(true) => s.push_str(":xnack+"),
            Some(false) => s.push_str(":xnack-"),
            None => {}
        }
    }
    s
}
