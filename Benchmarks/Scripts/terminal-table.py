#!/usr/bin/env python3
"""The "In a real terminal" table of docs/performance.md in one run.

Each program is driven by ttyprobe.py (path in $TTYPROBE, default ../shared/tools/ttyprobe.py
from the repository root) in a pty at 80x24: it types a 10-character username, Tab, a
10-character password, then Esc. One warm-up round is not counted, then ROUNDS rounds
(default 5) run the programs round-robin, each program once warm (run back to back, its
files in the page cache) and once cold (its executable dropped from the page cache first with
posix_fadvise(DONTNEED); shared system libraries stay cached). Figures are medians over the
rounds:

- first frame (warm, cold): from fork to the last byte of the first frame (ttyprobe);
- key latency: the median over the run's keys, then over rounds;
- bytes per typed character (median), peak RSS (VmHWM);
- CPU per run (user + system, wait4) and CPU per key: the process's on-CPU time
  (/proc/<pid>/task/*/schedstat, nanoseconds) between the first key and the quit key,
  divided by the number of keys; CPU to the first frame the same way, up to the first key.

usage: terminal-table.py [--rounds N] [--keys NAME=KEYS ...] NAME=COMMAND ...
(COMMAND split by the shell rules; --keys replaces the key script for one program, e.g. dialog's
form moves between fields with Down, not Tab.)
"""

import glob
import importlib.util
import os
import shlex
import statistics
import sys

here = os.path.dirname(os.path.abspath(__file__))
path = os.environ.get("TTYPROBE", os.path.join(here, "..", "..", "..", "shared", "tools", "ttyprobe.py"))
spec = importlib.util.spec_from_file_location("ttyprobe", path)
ttyprobe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ttyprobe)

KEYS = "alicesmith{Tab}s3cr3tPa55"


def on_cpu_ns(pid):
    total = 0
    for stat in glob.glob("/proc/%d/task/*/schedstat" % pid):
        try:
            with open(stat) as handle:
                total += int(handle.read().split()[0])
        except (OSError, ValueError, IndexError):
            pass
    return total


class StepHook:
    """Samples the child's CPU time whenever ttyprobe moves to another step."""

    def __get__(self, run, owner):
        return run.__dict__.get("_step") if run is not None else self

    def __set__(self, run, value):
        run.__dict__["_step"] = value
        if run.pid and value in ("idle", "key0", "quit"):
            run.__dict__.setdefault("cpu_marks", {})[value] = on_cpu_ns(run.pid)


ttyprobe.PtyRun.step = StepHook()


def probe(command, keys=KEYS):
    args = ttyprobe.argparse.Namespace(
        keys=keys, quit="{Esc}", cols=80, rows=24, term="xterm-256color", env=None, cwd=None,
        quiet=150.0, ready="Username", idle=300.0, no_output_wait=1000.0, startup_timeout=20.0,
        step_timeout=5.0, exit_timeout=5.0, no_answer=False, tmux=False, json=False, json_out=None,
        no_summary=True, screens=False, show_screens=False, screen_each_key=False, trace=None)
    run = ttyprobe.PtyRun(args, command)
    result = run.run(ttyprobe.parse_keys(keys), ttyprobe.parse_keys("{Esc}"))
    marks = run.__dict__.get("cpu_marks", {})
    count = result["summary"]["keys"]
    result["cpu_to_first_key_ms"] = marks["key0"] / 1e6 if "key0" in marks else None
    result["cpu_per_key_us"] = (
        (marks["quit"] - marks["key0"]) / 1e3 / max(1, count) if "quit" in marks and "key0" in marks else None)
    if "exited_early_after_step" in result or "exited_early_before_step" in result:
        print("  note: %s exited before the quit key" % command[0], file=sys.stderr)
    return result


def evict(executable):
    fd = os.open(executable, os.O_RDONLY)
    # Dirty pages (a binary just built or copied) are not dropped: write them out first.
    os.fsync(fd)
    os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
    os.close(fd)


def executable_of(command):
    for directory in [""] + os.environ.get("PATH", "").split(":"):
        candidate = os.path.join(directory, command[0]) if directory else command[0]
        if os.path.isfile(candidate) and os.access(candidate, os.X_OK) and (directory or "/" in command[0]):
            return os.path.realpath(candidate)
    raise SystemExit("not found: %s" % command[0])


def main(argv):
    rounds = 5
    programs = []
    keys = {}
    items = iter(argv)
    for item in items:
        if item == "--rounds":
            rounds = int(next(items))
        elif item == "--keys":
            name, _, script = next(items).partition("=")
            keys[name] = script
        else:
            name, _, command = item.partition("=")
            programs.append((name, shlex.split(command)))
    samples = {name: [] for name, _ in programs}
    for round_index in range(rounds + 1):
        order = programs[round_index % len(programs):] + programs[:round_index % len(programs)]
        for name, command in order:
            warm = probe(command, keys.get(name, KEYS))
            evict(executable_of(command))
            cold = probe(command, keys.get(name, KEYS))
            if round_index > 0:
                samples[name].append((warm, cold))
            print("round %d %-10s warm %.1f ms, cold %.1f ms" % (
                round_index, name, warm["startup"]["first_frame_ms"], cold["startup"]["first_frame_ms"]),
                file=sys.stderr)

    def med(values):
        values = [v for v in values if v is not None]
        return statistics.median(values) if values else float("nan")

    print("| program | first frame warm, ms | first frame cold, ms | key latency median, ms | peak RSS, MB "
          "| bytes per typed char | CPU per run, ms | CPU to first frame, ms | CPU per key, µs | restored |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    for name, _ in programs:
        runs = samples[name]
        warm = [w for w, _ in runs]
        row = [
            med([w["startup"]["first_frame_ms"] for w in warm]),
            med([c["startup"]["first_frame_ms"] for _, c in runs]),
            med([w["summary"]["latency_ms"]["median"] for w in warm]),
            med([w["peak_rss_kb"] / 1024.0 if w.get("peak_rss_kb") else None for w in warm]),
            med([w["summary"]["bytes_per_typed_char"]["median"] for w in warm]),
            med([(w["cpu_user_s"] + w["cpu_sys_s"]) * 1000 for w in warm]),
            med([w["cpu_to_first_key_ms"] for w in warm]),
            med([w["cpu_per_key_us"] for w in warm]),
        ]
        restored = sum(1 for w, c in runs for r in (w, c) if r.get("restore", {}).get("restored"))
        print("| %s | %.1f | %.1f | %.2f | %.1f | %.0f | %.1f | %.1f | %.0f | %d/%d |" % (
            (name,) + tuple(row) + (restored, 2 * len(runs))))


if __name__ == "__main__":
    main(sys.argv[1:])
