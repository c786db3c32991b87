#!/usr/bin/env python3
"""First frame warm and cold, and peak RSS, of builds of login-demo (or any program showing
"Username"), 7 rounds round-robin.

Warm: the program is run once, then measured (its files in the page cache). Cold: its
executable is dropped from the page cache with posix_fadvise(POSIX_FADV_DONTNEED) first (and
the Swift runtime's shared objects too, for a build whose path contains "dynamic"); shared
system libraries stay cached. Uses ttyprobe.py ($TTYPROBE, default ../shared/tools/ttyprobe.py
from the repository root) in its pty mode at 80x24.

usage: first-frame-cold.py BINARY ...
"""
import glob
import json
import os
import statistics
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
probe = os.environ.get("TTYPROBE", os.path.join(here, "..", "..", "..", "shared", "tools", "ttyprobe.py"))
variants = sys.argv[1:]


def evict(paths):
    for path in paths:
        fd = os.open(path, os.O_RDONLY)
        os.fsync(fd)  # dirty pages (a binary just built or copied) are not dropped
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        os.close(fd)


def run(binary):
    out = subprocess.run(["python3", probe, "--keys", "", "--quit", "{Esc}", "--ready", "Username", "--idle", "0",
                          "--quiet", "100", "--json", "--no-summary", "--", binary],
                         capture_output=True, text=True).stdout
    result = json.loads(out)
    return result["startup"]["first_frame_ms"], result.get("peak_rss_kb", 0) / 1024


swift_libraries = glob.glob("/opt/swift/usr/lib/swift/linux/*.so")
results = {v: {"warm": [], "cold": [], "rss": []} for v in variants}
for round_index in range(7):
    for variant in variants[round_index % len(variants):] + variants[:round_index % len(variants)]:
        run(variant)
        warm, rss = run(variant)
        evict([variant] + (swift_libraries if "dynamic" in variant else []))
        cold, _ = run(variant)
        results[variant]["warm"].append(warm)
        results[variant]["cold"].append(cold)
        results[variant]["rss"].append(rss)
for variant in variants:
    r = results[variant]
    print("%-40s size %6.1f MB  warm %5.1f ms  cold %5.1f ms  (cold range %.0f-%.0f)  peak RSS %.1f MB" % (
        os.path.basename(variant), os.path.getsize(variant) / 1e6, statistics.median(r["warm"]),
        statistics.median(r["cold"]), min(r["cold"]), max(r["cold"]), statistics.median(r["rss"])))
