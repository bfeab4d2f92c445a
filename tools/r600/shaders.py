#!/usr/bin/env python3
"""Writes random R600 shaders as LLVM IR (a deterministic generator: same seed, same IR).

Vertex (amdgpu_vs) and pixel (amdgpu_ps) shaders over `<4 x float> inreg` arguments, with
float and integer ALU work (every operation LLVM's R600 backend selects that we know of),
literals, constant-buffer reads (constant index: kcache operands; dynamic index: VTX
fetches), textures (llvm.r600.tex/texc: TEX fetches), dot4/cube/kill, if/else branches,
loops (with breaks), private arrays (MOVA and relative addressing), and exports through
llvm.r600.store.swizzle and llvm.r600.store.stream.output.

usage: shaders.py SEED  -> IR on standard output
"""
import random
import sys

FBIN = ['fadd', 'fsub', 'fmul', 'fdiv']
FUN = ['sin', 'cos', 'exp2', 'log2', 'floor', 'ceil', 'trunc', 'fabs', 'sqrt', 'rint']
FBIN_I = ['maxnum', 'minnum']
IBIN = ['add', 'sub', 'mul', 'and', 'or', 'xor', 'shl', 'lshr', 'ashr', 'udiv', 'urem', 'sdiv', 'srem']
IMINMAX = ['smax', 'smin', 'umax', 'umin']
FCMP = ['oeq', 'ogt', 'oge', 'olt', 'ole', 'one', 'ueq', 'une', 'ugt', 'ult']
ICMP = ['eq', 'ne', 'sgt', 'sge', 'slt', 'sle', 'ugt', 'uge', 'ult', 'ule']
R600 = {
    'dot4': 'declare float @llvm.r600.dot4(<4 x float>, <4 x float>)',
    'cube': 'declare <4 x float> @llvm.r600.cube(<4 x float>)',
    'kill': 'declare void @llvm.r600.kill(float)',
    'rsqc': 'declare float @llvm.r600.recipsqrt.clamped(float)',
    'rsqi': 'declare float @llvm.r600.recipsqrt.ieee(float)',
    'tex': 'declare <4 x float> @llvm.r600.tex(<4 x float>, i32, i32, i32, i32, i32, i32, i32, i32, i32)',
    'texc': 'declare <4 x float> @llvm.r600.texc(<4 x float>, i32, i32, i32, i32, i32, i32, i32, i32, i32)',
    'swz': 'declare void @llvm.r600.store.swizzle(<4 x float>, i32, i32)',
    'stream': 'declare void @llvm.r600.store.stream.output(<4 x float>, i32, i32, i32)',
    'fmuladd': 'declare float @llvm.fmuladd.f32(float, float, float)',
}


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)
        self.n = 0
        self.lines = []
        self.decl = set()
        self.f = []   # float values
        self.i = []   # i32 values
        self.v = []   # <4 x float> values

    def tmp(self):
        self.n += 1
        return '%%t%d' % self.n

    def emit(self, s):
        self.lines.append('  ' + s)

    def fconst(self):
        r = self.r
        c = r.choice([0.0, 0.5, 1.0, 2.0, -1.0, 0.25, 3.0, 100.0, -0.75, 1.5, 10.0, 64.0, 0.125,
                      r.uniform(-1000, 1000)])
        return self.flit(c)

    def flit(self, c):
        import struct
        c32 = struct.unpack('<f', struct.pack('<f', c))[0]
        return '0x%016X' % struct.unpack('<Q', struct.pack('<d', c32))[0]

    def fval(self):
        if not self.f or self.r.random() < 0.15:
            return self.fconst()
        return self.r.choice(self.f[-8:])

    def ival(self):
        if not self.i or self.r.random() < 0.2:
            return str(self.r.choice([0, 1, 2, 3, 4, 7, 16, 31, 255, -1, 1000, 0x12345678, 65535, -7]))
        return self.r.choice(self.i[-8:])

    def vval(self):
        return self.r.choice(self.v[-4:])

    def call(self, ret, name, args, decl):
        self.decl.add(decl)
        t = self.tmp()
        self.emit('%s = call %s @%s(%s)' % (t, ret, name, ', '.join(args)))
        return t

    def step(self, ps):
        r = self.r
        k = r.randrange(22)
        if k < 4:
            op = r.choice(FBIN)
            t = self.tmp()
            self.emit('%s = %s float %s, %s' % (t, op, self.fval(), self.fval()))
            self.f.append(t)
        elif k < 6:
            u = r.choice(FUN)
            self.f.append(self.call('float', 'llvm.%s.f32' % u, ['float ' + self.fval()],
                                    'declare float @llvm.%s.f32(float)' % u))
        elif k < 7:
            u = r.choice(FBIN_I)
            self.f.append(self.call('float', 'llvm.%s.f32' % u, ['float ' + self.fval(), 'float ' + self.fval()],
                                    'declare float @llvm.%s.f32(float, float)' % u))
        elif k < 8:
            self.f.append(self.call('float', 'llvm.fmuladd.f32',
                                    ['float ' + self.fval(), 'float ' + self.fval(), 'float ' + self.fval()], R600['fmuladd']))
        elif k < 9:
            t = self.tmp()
            self.emit('%s = fneg float %s' % (t, self.fval()))
            self.f.append(t)
        elif k < 11:
            t = self.tmp()
            self.emit('%s = %s float %s to i32' % (t, r.choice(['fptosi', 'fptoui']), self.fval()))
            self.i.append(t)
        elif k < 14 and self.i:
            op = r.choice(IBIN)
            t = self.tmp()
            b = self.ival()
            if op in ('shl', 'lshr', 'ashr'):
                b = str(r.randrange(1, 31)) if r.random() < 0.6 else b
            if op in ('udiv', 'urem', 'sdiv', 'srem') and b in ('0',):
                b = '7'
            self.emit('%s = %s i32 %s, %s' % (t, op, self.ival(), b))
            self.i.append(t)
        elif k < 15 and self.i:
            u = r.choice(IMINMAX)
            self.i.append(self.call('i32', 'llvm.%s.i32' % u, ['i32 ' + self.ival(), 'i32 ' + self.ival()],
                                    'declare i32 @llvm.%s.i32(i32, i32)' % u))
        elif k < 16 and self.i:
            t = self.tmp()
            self.emit('%s = %s i32 %s to float' % (t, r.choice(['sitofp', 'uitofp']), self.ival()))
            self.f.append(t)
        elif k < 17:
            c, t = self.tmp(), self.tmp()
            if self.i and r.random() < 0.5:
                self.emit('%s = icmp %s i32 %s, %s' % (c, r.choice(ICMP), self.ival(), self.ival()))
                if r.random() < 0.3:
                    self.lines.pop()
                    self.emit('%s = icmp %s i32 %s, 0' % (c, r.choice(['sgt', 'sge', 'eq']), self.ival()))
                if r.random() < 0.5:
                    self.emit('%s = select i1 %s, i32 %s, i32 %s' % (t, c, self.ival(), self.ival()))
                    self.i.append(t)
                    return
            else:
                self.emit('%s = fcmp %s float %s, %s' % (c, r.choice(FCMP), self.fval(), self.fval()))
            self.emit('%s = select i1 %s, float %s, float %s' % (t, c, self.fval(), self.fval()))
            self.f.append(t)
        elif k < 18:
            u = r.choice(['rsqc', 'rsqi'])
            nm = 'llvm.r600.recipsqrt.' + ('clamped' if u == 'rsqc' else 'ieee')
            self.f.append(self.call('float', nm, ['float ' + self.fval()], R600[u]))
        elif k < 19:
            self.f.append(self.call('float', 'llvm.r600.dot4', ['<4 x float> ' + self.vval(), '<4 x float> ' + self.vval()], R600['dot4']))
        elif k < 20:
            self.vec(self.call('<4 x float>', 'llvm.r600.cube', ['<4 x float> ' + self.vval()], R600['cube']))
        elif k < 21:
            # a constant-buffer read: constant index (kcache) or dynamic (VTX)
            buf = r.randrange(2) if r.random() < 0.8 else r.randrange(2, 14)
            if self.i and r.random() < 0.3:
                idx = self.ival()
            else:
                idx = str(r.randrange(0, 100))
            p, t = self.tmp(), self.tmp()
            self.emit('%s = getelementptr [1024 x <4 x float>], ptr addrspace(%d) null, i32 0, i32 %s' % (p, 8 + buf, idx))
            self.emit('%s = load <4 x float>, ptr addrspace(%d) %s' % (t, 8 + buf, p))
            self.vec(t)
        else:
            nm = r.choice(['tex', 'texc'])
            args = ['<4 x float> ' + self.vval()] + ['i32 %d' % x for x in (
                r.choice([0, 0, 1]), r.choice([0, 1, -2]), r.choice([0, 3]), r.randrange(0, 16),
                r.randrange(0, 18), r.randrange(2), r.randrange(2), r.randrange(2), r.randrange(2))]
            self.vec(self.call('<4 x float>', 'llvm.r600.' + nm, args, R600[nm]))

    def vec(self, t):
        self.v.append(t)
        for c in range(4):
            if self.r.random() < 0.5:
                e = self.tmp()
                self.emit('%s = extractelement <4 x float> %s, i32 %d' % (e, t, c))
                self.f.append(e)

    def pack(self):
        t = self.vval()
        for c in range(4):
            if self.r.random() < 0.6:
                n = self.tmp()
                self.emit('%s = insertelement <4 x float> %s, float %s, i32 %d' % (n, t, self.fval(), c))
                t = n
        return t


def shader(seed):
    g = Gen(seed)
    r = g.r
    ps = r.random() < 0.45
    nargs = r.randrange(1, 4)
    args = ', '.join('<4 x float> inreg %%reg%d' % k for k in range(nargs))
    g.v = ['%%reg%d' % k for k in range(nargs)]
    for k in range(nargs):
        g.vec('%%reg%d' % k)
    body_steps = r.randrange(3, 14)
    shape = r.choice(['straight', 'straight', 'if', 'loop', 'ifloop', 'array'])
    out = ['define %s void @main(%s) {' % ('amdgpu_ps' if ps else 'amdgpu_vs', args), 'entry:']
    for _ in range(body_steps):
        g.step(ps)
    if shape in ('if', 'ifloop'):
        x, y = g.fval(), g.fval()
        c = g.tmp()
        g.emit('%s = fcmp %s float %s, %s' % (c, r.choice(FCMP), x, y))
        g.emit('br i1 %s, label %%then, label %%else' % c)
        out += g.lines
        g.lines = []
        save = (list(g.f), list(g.i), list(g.v))
        g.lines.append('then:')
        for _ in range(r.randrange(1, 6)):
            g.step(ps)
        a = g.fval()
        g.emit('br label %join')
        g.f, g.i, g.v = list(save[0]), list(save[1]), list(save[2])
        g.lines.append('else:')
        for _ in range(r.randrange(1, 6)):
            g.step(ps)
        b = g.fval()
        g.emit('br label %join')
        g.f, g.i, g.v = list(save[0]), list(save[1]), list(save[2])
        g.lines.append('join:')
        m = g.tmp()
        g.emit('%s = phi float [%s, %%then], [%s, %%else]' % (m, a, b))
        g.f.append(m)
    if shape in ('loop', 'ifloop'):
        n = g.tmp()
        g.emit('%s = fptosi float %s to i32' % (n, g.fval()))
        init = g.fval()
        g.emit('br label %loop')
        out += g.lines
        g.lines = []
        g.lines.append('loop:')
        i, acc = g.tmp(), g.tmp()
        g.emit('%s = phi i32 [0, %%%s], [%%i.next, %%body]' % (i, 'join' if shape == 'ifloop' else 'entry'))
        g.emit('%s = phi float [%s, %%%s], [%%acc.next, %%body]' % (acc, init, 'join' if shape == 'ifloop' else 'entry'))
        g.emit('%%i.next = add i32 %s, %d' % (i, r.choice([1, 1, 2])))
        cc = g.tmp()
        g.emit('%s = icmp slt i32 %%i.next, %s' % (cc, n))
        g.emit('br i1 %s, label %%body, label %%exit' % cc)
        g.lines.append('body:')
        save = (list(g.f), list(g.i), list(g.v))
        g.f.append(acc)
        g.i.append(i)
        for _ in range(r.randrange(1, 5)):
            g.step(ps)
        g.emit('%%acc.next = fmul float %s, %s' % (acc, g.fval()))
        brk = g.tmp()
        g.emit('%s = fcmp olt float %%acc.next, %s' % (brk, g.flit(r.choice([100.0, 10.0, 1000.0]))))
        g.emit('br i1 %s, label %%loop, label %%exit' % brk)
        g.f, g.i, g.v = save
        g.lines.append('exit:')
        res = g.tmp()
        g.emit('%s = phi float [%s, %%loop], [%%acc.next, %%body]' % (res, acc))
        g.f.append(res)
    if shape == 'array':
        arr = g.tmp()
        g.lines.insert(0, '  %s = alloca [8 x float], addrspace(5)' % arr)
        for k in range(r.randrange(1, 4)):
            p = g.tmp()
            g.emit('%s = getelementptr [8 x float], ptr addrspace(5) %s, i32 0, i32 %d' % (p, arr, k))
            g.emit('store float %s, ptr addrspace(5) %s' % (g.fval(), p))
        ix = g.tmp()
        g.emit('%s = fptosi float %s to i32' % (ix, g.fval()))
        p = g.tmp()
        g.emit('%s = getelementptr [8 x float], ptr addrspace(5) %s, i32 0, i32 %s' % (p, arr, ix))
        g.emit('store float %s, ptr addrspace(5) %s' % (g.fval(), p))
        iy = g.tmp()
        g.emit('%s = fptosi float %s to i32' % (iy, g.fval()))
        q, v = g.tmp(), g.tmp()
        g.emit('%s = getelementptr [8 x float], ptr addrspace(5) %s, i32 0, i32 %s' % (q, arr, iy))
        g.emit('%s = load float, ptr addrspace(5) %s' % (v, q))
        g.f.append(v)
    for _ in range(r.randrange(1, 6)):
        g.step(ps)
    if ps and r.random() < 0.3:
        g.decl.add(R600['kill'])
        g.emit('call void @llvm.r600.kill(float %s)' % g.fval())
    g.decl.add(R600['swz'])
    if ps:
        for k in range(r.randrange(1, 3)):
            g.emit('call void @llvm.r600.store.swizzle(<4 x float> %s, i32 %d, i32 0)' % (g.pack(), k))
    else:
        g.emit('call void @llvm.r600.store.swizzle(<4 x float> %s, i32 60, i32 1)' % g.pack())
        for k in range(r.randrange(0, 3)):
            g.emit('call void @llvm.r600.store.swizzle(<4 x float> %s, i32 %d, i32 2)' % (g.pack(), k))
        if r.random() < 0.2:
            g.decl.add(R600['stream'])
            g.emit('call void @llvm.r600.store.stream.output(<4 x float> %s, i32 %d, i32 %d, i32 %d)' % (
                g.pack(), r.randrange(0, 8) * 4, r.randrange(0, 4), r.choice([15, 3, 1, 7])))
    g.emit('ret void')
    out += g.lines
    out.append('}')
    return '\n'.join(sorted(g.decl) + out) + '\n'


if __name__ == '__main__':
    sys.stdout.write(shader(int(sys.argv[1])))
