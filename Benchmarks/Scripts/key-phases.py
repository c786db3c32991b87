#!/usr/bin/env python3
"""Where a keystroke's CPU goes in a real terminal: perf samples with call graphs over a run
that types many keys, each sample given to the innermost "phase" frame of its stack (system
calls by the libc wrapper that made them, so the kernel's share of a read, write or poll is
counted with it). Written for login-demo; needs a build with symbols (leave out
-Xlinker --strip-all).

    K=$(python3 -c "print(('alicesmith' + '\\\\b' * 10) * 10)")     # 200 keys
    python3 ../shared/tools/ttyprobe.py --keys "$K" --quit '{Esc}' --ready Username --idle 1500 \\
        -- perf record -D 1000 -g -F 20000 -o /tmp/keys.data .build-relr-sym/release/login-demo
    perf script -i /tmp/keys.data -F time,ip,sym,dso > /tmp/keys.txt
    python3 Benchmarks/Scripts/key-phases.py /tmp/keys.txt 200 20000

`-D 1000` starts recording a second after the start, when the first frame is long drawn (the
probe waits 1.5 s before the first key), so start-up is not in the samples. Arguments: the
perf script output, the number of keys, the sampling frequency; the microseconds are
samples / frequency / keys and include perf's own overhead, so the shares matter more.
"""
import collections
import re
import sys

path, keys, hz = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
MARKERS = [  # (phase, pattern on "sym (dso)"), tried on each frame from the leaf up
    ("write(2) of the frame", r"__GI___libc_write|^write |^__write "),
    ("read(2) of the key and the signal pipe", r"__GI___libc_read|^read |^__read "),
    ("poll(2): waiting and the wake-up", r"^__poll|^poll |ppoll"),
    ("screen writer: diff to bytes (TetherCurses)", r"12ScreenWriter|14ExpansionCache|12TetherCurses0B7BackendC7present|5FrameV7changes"),
    ("input decoding (InputDecoder, InputPump)", r"12InputDecoder|9InputPump|11SignalRelay"),
    ("reactive chain: bindings, validation (TetherReactive, the view model)", r"14TetherReactive|13LoginDemoCore"),
    ("drawing the damaged rows (Renderer, widgets' draw, Canvas)", r"8TetherUI.*(Renderer|draw|Draw|6Canvas|5Frame)"),
    ("key routing and editing (TetherUI widgets)", r"8TetherUI"),
]
counts = collections.Counter()
stack = []


def flush():
    if not stack:
        return
    for frame in stack:
        for name, pattern in MARKERS:
            if re.search(pattern, frame):
                counts[name] += 1
                return
    counts["other: " + stack[0][:60]] += 1


for line in open(path):
    line = line.rstrip("\n")
    if not line.strip():
        flush()
        stack = []
        continue
    if line[:1] in " \t":
        text = line.strip()
        stack.append(text.split(" ", 1)[1] if " " in text else text)
    else:
        flush()
        stack = []
flush()
total = sum(counts.values())
print("samples", total, "= %.0f µs per key" % (total / hz * 1e6 / keys))
for name, n in counts.most_common(30):
    print("%7.1f µs  %5.1f%%  %s" % (n / hz * 1e6 / keys, 100 * n / total, name))
