#!/usr/bin/env python3
"""Counts findings per rule per (source, target) from measure.sh's results."""
import collections, json, os, sys

manifest, rdir = sys.argv[1], sys.argv[2]
rows = [l.rstrip("\n").split("\t") for l in open(manifest)]
per = collections.defaultdict(collections.Counter)   # (src,target) -> rule -> n
files = collections.Counter()        # (src,target) -> code objects
linted = collections.Counter()       # (src,target) -> objects linted (rc 0/1)
withf = collections.Counter()        # (src,target) -> objects with findings
refused = collections.defaultdict(collections.Counter)  # (src,target) -> reason -> n
all_findings = []
for path, target, origin in rows:
    src = path.split("/")[1]
    key = (src, target.split(":")[0])
    files[key] += 1
    j = os.path.join(rdir, "json", path.replace("/", "_") + ".json")
    rc = int(open(j + ".rc").read().strip() or 2)
    err = open(j + ".err").read()
    try:
        d = json.load(open(j)) if os.path.getsize(j) else []
    except Exception:
        d = []
    if rc == 2 or "skipped" in err:
        reason = err.strip().splitlines()[-1] if err.strip() else "rc=%d" % rc
        reason = reason.split(": ", 2)[-1][:90]
        refused[key][reason] += 1
        continue
    linted[key] += 1
    if d:
        withf[key] += 1
    for f in d:
        per[key][f["rule"]] += 1
        f["_target"] = key[1]
        f["_src"] = src
        all_findings.append(f)

rules = sorted({r for c in per.values() for r in c}, key=lambda r: -sum(c[r] for c in per.values()))
keys = sorted(files)
print("| source | target | code objects | linted | with findings | findings | " + " | ".join(rules) + " |")
print("|---|---|---|---|---|---|" + "---|" * len(rules))
for k in keys:
    c = per[k]
    print("| %s | %s | %d | %d | %d | %d | " % (k[0], k[1], files[k], linted[k], withf[k], sum(c.values()))
          + " | ".join(str(c[r]) if c[r] else "" for r in rules) + " |")
tot = collections.Counter()
for c in per.values():
    tot.update(c)
print("| **all** | | %d | %d | %d | %d | " % (sum(files.values()), sum(linted.values()), sum(withf.values()), sum(tot.values()))
      + " | ".join(str(tot[r]) for r in rules) + " |")
print()
print("Refused / skipped code objects:")
for k in keys:
    for reason, n in refused[k].items():
        print("  %s %s: %d  (%s)" % (k[0], k[1], n, reason))
with open(os.path.join(rdir, "findings.jsonl"), "w") as g:
    for f in all_findings:
        g.write(json.dumps(f) + "\n")
