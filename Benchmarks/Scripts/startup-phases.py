#!/usr/bin/env python3
"""Where a program's start-up goes: perf samples with call graphs, each given to the innermost
"phase" frame of its stack (a dominant exit path first; the loader, exec and the Swift runtime
only when no other phase frame is on the stack). Written for login-demo.

    for i in $(seq 1 20); do
      python3 ../shared/tools/ttyprobe.py --keys '' --quit '{Esc}' --ready Username --idle 0 \
          --quiet 50 -- perf record -q -g -F 20000 -o /tmp/r$i.data .build-relr/release/login-demo
    done
    for i in $(seq 1 20); do perf script -i /tmp/r$i.data -F time,ip,sym,dso; done > /tmp/all.txt
    python3 Benchmarks/Scripts/startup-phases.py /tmp/all.txt 20 20000

Arguments: the perf script output, the number of runs, the sampling frequency. The
milliseconds are samples / frequency / runs, so they include perf's own overhead.
"""
import sys, re, collections
path, runs, hz = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
MARKERS = [  # (phase, test on "sym (dso)" line), checked for each frame from the top of the stack down
    ("exit", lambda f: re.search(r"\b(exit|__run_exit_handlers|_dl_fini)\b|ParsableArguments.*exit|MessageInfo|\bdo_exit\b|do_group_exit|exit_mmap", f)),
    ("terminal: ncurses/terminfo, locale", lambda f: "libncursesw" in f or "libtinfo" in f or "setlocale" in f or "15TerminalSession" in f or "13CursesBackend" in f and "start" in f),
    ("first layout and draw", lambda f: re.search(r"8TetherUI8Renderer|12ScreenWriter|layout|draw", f) and "TetherUI" in f or "12TetherCurses" in f),
    ("building the screen and bindings", lambda f: "13LoginDemoCore" in f or "14TetherReactive" in f or ("8TetherUI" in f)),
    ("argument parsing (swift-argument-parser)", lambda f: "14ArgumentParser" in f or "FoundationEssentials" in f),
    ("dynamic loading and relocation (ld.so)", lambda f: "ld-linux" in f),
    ("exec (kernel)", lambda f: re.search(r"bprm_execve|load_elf_binary|begin_new_exec", f)),
    ("Swift runtime and static initialisers", lambda f: re.search(r"swift::|swift_|_GLOBAL__sub_I|__libc_start_main|__libc_csu_init|call_init", f)),
]
counts = collections.Counter()
stack = []
def flush():
    if not stack: return
    phase = None
    if any(MARKERS[0][1](frame) for frame in stack):
        counts[MARKERS[0][0]] += 1
        return
    specific = [m for m in MARKERS if not m[0].startswith(("exec", "Swift runtime"))]
    generic = [m for m in MARKERS if m[0].startswith(("exec", "Swift runtime"))]
    for markers in (specific, generic):
        for frame in stack:
            for name, test in markers:
                if test(frame):
                    phase = name; break
            if phase: break
        if phase: break
    counts[phase or "other: " + (stack[0][:60])] += 1
for line in open(path):
    line = line.rstrip("\n")
    if not line.strip():
        flush(); stack = []; continue
    if line.startswith("==="):
        continue
    if line[:1] in " \t" and "(" in line:
        stack.append(line.strip().split(" ", 1)[1] if " " in line.strip() else line)
    else:
        flush(); stack = []
flush()
total = sum(counts.values())
print("samples", total, "= %.2f ms per run" % (total / hz * 1000 / runs))
for name, n in counts.most_common(40):
    print("%7.2f ms  %5.1f%%  %s" % (n / hz * 1000 / runs, 100 * n / total, name))
