#!/usr/bin/env python3
"""The shape of the source tree: long functions and import cycles between files.

    tools/shape.py [--over N] [src]

Prints every function longer than N lines (default 100), longest first, then the
cycles of the file-level import graph (`crate::`, `super::` and `self::` paths and
child modules named bare, resolved to the file that defines the module; test
modules left out). Exit 1 when a cycle exists.
A file's `mod` declarations are not imports. By default a cycle made only of a
module and its own children (a facade that dispatches to its parts, which use what
it declares) is not reported; a cycle between siblings, or one that leaves the
subtree, is. `--strict` reports every cycle.
"""
import argparse
import os
import re
import sys

FN = re.compile(r"^(\s*)(?:pub(?:\([^)]*\))?\s+)?(?:const\s+)?(?:unsafe\s+)?(?:extern\s+\"C\"\s+)?fn\s+(\w+)")
PATH = re.compile(r"\b(crate|super|self)((?:::\w+)+)")
USE_GROUP = re.compile(r"\buse\s+(crate|super|self)((?:::\w+)*)::\{([^;]*)\}", re.S)


def rust_files(root):
    for dirpath, _, names in os.walk(root):
        for name in sorted(names):
            if name.endswith(".rs"):
                yield os.path.join(dirpath, name)


def module_of(root, path):
    rel = os.path.relpath(path, root)[:-3].split(os.sep)
    if rel[-1] in ("mod", "lib", "main"):
        rel = rel[:-1]
    return tuple(rel)


def strip(text):
    """Blanks comments, strings and character literals, keeping line breaks."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("\n" * text.count("\n", i, j))
            i = j
        elif c == "r" and re.match(r'r#*"', text[i:i + 20]) and not (i and (text[i - 1].isalnum() or text[i - 1] == "_")):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = '"' + hashes
            j = text.find(end, i + 2 + len(hashes))
            j = n if j < 0 else j + len(end)
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text.count("\n", i, j))
            i = j + 1
        elif c == "'":
            m = re.match(r"'(\\.[^']*|[^'\\])'", text[i:i + 12])
            if m:
                out.append("' '")
                i += len(m.group(0))
            else:
                out.append(c)
                i += 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def long_functions(files, over):
    found = []
    for path in files:
        lines = strip(open(path, encoding="utf-8").read()).split("\n")
        i = 0
        while i < len(lines):
            m = FN.match(lines[i])
            if not m:
                i += 1
                continue
            depth, started, j = 0, False, i
            while j < len(lines):
                for ch in lines[j]:
                    if ch == "{":
                        depth += 1
                        started = True
                    elif ch == "}":
                        depth -= 1
                if started and depth <= 0:
                    break
                if not started and lines[j].rstrip().endswith(";"):
                    break
                j += 1
            n = j - i + 1
            if started and n > over:
                found.append((n, path, i + 1, m.group(2)))
            i += 1 if not started else 1
    return sorted(found, reverse=True)


def resolve(modules, base, parts):
    """The longest module prefix of `parts` (relative to `base`) that is a file."""
    full = list(base) + list(parts)
    for k in range(len(full), -1, -1):
        if tuple(full[:k]) in modules:
            return tuple(full[:k])
    return None


def without_tests(text):
    """Drops `#[cfg(test)]` modules: a test may use its module's oracle."""
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", text)
        if not m:
            return text
        depth, j = 1, m.end()
        while j < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[j], 0)
            j += 1
        text = text[: m.start()] + text[j:]


def import_graph(root, files):
    modules = {module_of(root, p): p for p in files}
    edges = {m: set() for m in modules}
    for path in files:
        me = module_of(root, path)
        text = without_tests(strip(open(path, encoding="utf-8").read()))
        # A mod.rs is the module itself; `super` of a file is its parent module.
        is_dir_module = os.path.basename(path) in ("mod.rs", "lib.rs", "main.rs")
        parent = me[:-1] if me else ()
        refs = []
        for m in USE_GROUP.finditer(text):
            head, mid, body = m.group(1), m.group(2), m.group(3)
            for item in re.findall(r"\b(\w+)(?:::\w+)*", body):
                refs.append((head, mid.strip(":").split("::") if mid else [], item))
        for m in PATH.finditer(text):
            refs.append((m.group(1), m.group(2).strip(":").split("::"), None))
        # A child module named bare (`masks::src_ok`) from its parent's file.
        for child in sorted(m for m in modules if len(m) == len(me) + 1 and m[: len(me)] == me):
            if re.search(r"(?<![\w:])" + child[-1] + r"::\w", text):
                edges[me].add(child)
        for head, parts, item in refs:
            parts = [p for p in parts if p]
            if item and item != "self":
                parts = parts + [item]
            if head == "crate":
                base = ()
            elif head == "self":
                base = me if is_dir_module else me
            else:
                base = parent
                while parts and parts[0] == "super":
                    base, parts = base[:-1], parts[1:]
            target = resolve(modules, base, parts)
            if target is not None and target != me:
                # A use of a child module's path from its own parent is a real import;
                # `mod child;` lines are not matched by the patterns above.
                edges[me].add(target)
    return modules, edges


def cycles(edges):
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def facade(comp):
    """Whether a cycle is one module and its own descendants."""
    top = min(comp, key=len)
    return all(m[: len(top)] == top for m in comp)


def reported_cycles(edges):
    """Cycles that leave a subtree, and cycles between siblings (parent-to-child
    edges left out)."""
    out = [c for c in cycles(edges) if not facade(c)]
    siblings = {v: {w for w in ws if w[: len(v)] != v} for v, ws in edges.items()}
    for c in cycles(siblings):
        if not any(set(c) <= set(o) for o in out):
            out.append(c)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--over", type=int, default=100)
    ap.add_argument("--strict", action="store_true", help="count a module's use of its children")
    ap.add_argument("root", nargs="?", default="src")
    args = ap.parse_args()
    files = sorted(rust_files(args.root))
    longs = long_functions(files, args.over)
    print(f"functions over {args.over} lines: {len(longs)}")
    for n, path, line, name in longs:
        print(f"  {n:5} {path}:{line} {name}")
    _, edges = import_graph(args.root, files)
    cyc = cycles(edges) if args.strict else reported_cycles(edges)
    print(f"import cycles: {len(cyc)}")
    for comp in cyc:
        names = ["::".join(m) or "crate" for m in comp]
        print("  " + " <-> ".join(names))
    return 1 if cyc else 0


if __name__ == "__main__":
    sys.exit(main())
