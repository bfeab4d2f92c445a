#!/bin/bash
# Wall time of amdgpu-mc on every code object of /tmp/amdgpu-real-code, pinned to
# one core (taskset -c 0: --jobs defaults to the cores it may use, 1) against two
# (taskset -c 0,1), 3 runs each interleaved, standard output to /dev/null (the 4 GB
# listing of rocsparse to a disk file measures the disk); then one run each to files,
# compared with cmp (issue [18], docs/performance.md "All cores"); and 100 MB of
# random bytes as one raw input (RAND, made if missing). B: the binary
# (default target/release/amdgpu-mc); O: where the listings go (default
# /tmp/amdgpu-all-cores, about 16 GB for the file runs).
B=${B:-$(dirname "$0")/../target/release/amdgpu-mc}
R=/tmp/amdgpu-real-code
L=$R/root/usr/lib/x86_64-linux-gnu
FILES="$R/obj/*.o $L/librocrand.so.1.1 $L/librocsparse.so.0.1"
SMALL="$R/obj/*.o $L/librocrand.so.1.1"
O=${O:-/tmp/amdgpu-all-cores}; mkdir -p $O
# 100 MB of random bytes: one raw input, disassembled in spans.
RAND=${RAND:-/tmp/amdgpu-rand100.bin}
[ -f $RAND ] || head -c 100000000 /dev/urandom > $RAND
t() { # label cpus out cmd...
  local label=$1 cpus=$2 out=$3; shift 3
  local s=$(date +%s.%N)
  taskset -c $cpus "$@" > $out 2> $O/$label.$cpus.err
  local rc=$?
  local e=$(date +%s.%N)
  echo "$label cpus=$cpus rc=$rc wall=$(echo "$e - $s" | bc) load=$(cut -d' ' -f1-3 /proc/loadavg)"
}
run() { # out-for-label
  for cpus in 0 0,1; do
    t objdump-all $cpus $($1 objdump-all $cpus) $B objdump -d $FILES
    t objdump-small $cpus $($1 objdump-small $cpus) $B objdump -d $SMALL
    t disasm-sparse $cpus $($1 disasm-sparse $cpus) $B disasm $L/librocsparse.so.0.1
    t disasm-random $cpus $($1 disasm-random $cpus) $B disasm --mcpu gfx906 $RAND
    t lint-all $cpus $($1 lint-all $cpus) $B lint $FILES
  done
}
null() { echo /dev/null; }
file() { echo $O/$1.$2.out; }
for rep in 1 2 3; do run null; done
run file
for l in objdump-all objdump-small disasm-sparse disasm-random lint-all; do
  cmp $O/$l.0.out $O/$l.0,1.out && cmp $O/$l.0.err $O/$l.0,1.err && echo "$l: same stdout and stderr ($(wc -c < $O/$l.0.out) bytes)"
done
