#!/usr/bin/env python3
"""Load test for a session host: one process serving many login-form sessions, each on its own pty
(80x24). Hands the host N slave paths, waits for every first frame ("Username"), types into every
session at a steady rate, and reports the time from each key to the first output after it (the
echo), the host's CPU per key and RSS per session. --stall K stops reading the first K sessions
after the warm-up (typing Ctrl-L, a whole repaint, 100 times a second into them for 2 s more)
and reports whether and when the host ended them.
Then SIGTERM: the shutdown's time, and whether up to 20 sessions left the alternate screen.

    python3 Benchmarks/Scripts/session-host-load.py --host Benchmarks/.build/release/session-host-bench --sessions 100 --rate 2 --seconds 20
    ... --sessions 50 --stall 5 --host-arg=--stall-limit-ms --host-arg=500 --json   (a value starting with "-")

Host protocol: `HOST --ptys FILE [HOST-ARGS]`, FILE one slave path a line; stdout `baseline-rss-kb K`,
`ready N`, `ended I REASON` (I the 0-based line in FILE), after SIGTERM `shutdown-ms M`, `stats
rss-kb K cpu-ms C`, exit 0. Keys cycle through 8 letters then 8 DELs (the field never overflows).
Latencies are of the sessions read (not the stalled); a key not echoed 1 s after typing stops is
lost; percentiles are nearest-rank. Exit status 1 if the host failed, 2 on a usage or limit error.
"""
import argparse, errno, fcntl, heapq, json, math, os, resource, selectors
import shutil, signal, struct, subprocess, sys, tempfile, termios, time

FIRST_FRAME_MARK = b"Username"
LEAVE_ALT_SCREEN = b"\x1b[?1049l"
KEYS = b"abcdefgh" + b"\x7f" * 8
STALL_KEY, STALL_RATE = b"\x0c", 100.0  # Ctrl-L: a whole repaint, so a stalled session's output outgrows the pty
FIRST_FRAME_TIMEOUT, STALL_TYPING_SECONDS, DRAIN_SECONDS, SHUTDOWN_TIMEOUT = 60.0, 2.0, 1.0, 30.0
RESTORE_CHECKS, TAIL_BYTES = 20, 256

class HostExited(Exception):
    pass

def fail(message):
    print(f"session-host-load: {message}", file=sys.stderr)
    sys.exit(2)

class Session:
    def __init__(self, index, master, slave, stalled):
        self.index, self.master, self.slave, self.stalled = index, master, slave, stalled
        self.scan = self.tail = b""  # bytes that may begin FIRST_FRAME_MARK; the last TAIL_BYTES of output
        self.first_frame_at = self.closed_at = self.ended_at = self.end_reason = None
        self.dropped, self.registered = False, True
        self.sent, self.first_due, self.outstanding = 0, 0.0, []  # outstanding: send times of keys not yet echoed

    @property
    def held(self):
        return not self.stalled and self.first_frame_at is not None and not self.dropped

    def can_type(self):
        return self.first_frame_at is not None and not self.dropped and self.closed_at is None and self.ended_at is None

    def close_slave(self):
        if self.slave is not None:
            os.close(self.slave)
            self.slave = None

def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--host", required=True, help="the session host binary")
    p.add_argument("--sessions", type=int, default=10, help="number of sessions (ptys)")
    p.add_argument("--rate", type=float, default=2.0, help="keys per second per session")
    p.add_argument("--seconds", type=float, default=20.0, help="typing duration")
    p.add_argument("--warmup", type=float, default=2.0, help="seconds between the first frames and typing")
    p.add_argument("--stall", type=int, default=0, help="stop reading the first K sessions after the warm-up")
    p.add_argument("--host-arg", action="append", default=[], dest="host_args", help="passed to the host (repeatable)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    args = p.parse_args(argv)
    if min(args.sessions, args.rate, args.seconds) <= 0 or args.warmup < 0 or not 0 <= args.stall <= args.sessions:
        p.error("--sessions, --rate, --seconds must be positive, --warmup not negative, --stall at most --sessions")
    return args

def check_limits(sessions):
    """Raises RLIMIT_NOFILE's soft limit to the hard one (the host inherits it); checks kernel.pty.max."""
    need = sessions * 2 + 50
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = max(soft, need) if hard == resource.RLIM_INFINITY else hard
    if soft < target:
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    if need > target:
        fail(f"{sessions} sessions need {need} file descriptors but the hard limit (ulimit -Hn) is {hard}; raise it "
             f"(`sudo prlimit --nofile={need}:{need} --pid $$`, or /etc/security/limits.conf) or use fewer sessions")
    try:
        with open("/proc/sys/kernel/pty/max") as f, open("/proc/sys/kernel/pty/nr") as g:
            limit, in_use = int(f.read()), int(g.read())
    except (OSError, ValueError):
        return
    if sessions + in_use > limit:
        fail(f"{sessions} ptys wanted, kernel.pty.max is {limit} with {in_use} in use; "
             f"raise it with `sudo sysctl -w kernel.pty.max={sessions + in_use + 64}`")

def open_sessions(count, stall):
    sessions = []
    for i in range(count):
        master, slave = os.openpty()
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        os.set_blocking(master, False)
        sessions.append(Session(i, master, slave, i < stall))
    return sessions

def spawn_host(args, sessions, workdir):
    pty_file = os.path.join(workdir, "ptys")
    with open(pty_file, "w") as f:
        f.write("".join(os.ttyname(s.slave) + "\n" for s in sessions))
    with open(os.path.join(workdir, "host-stderr.log"), "wb") as log:
        try:
            proc = subprocess.Popen([args.host, "--ptys", pty_file] + args.host_args, stdin=subprocess.DEVNULL,
                                    stdout=subprocess.PIPE, stderr=log, start_new_session=True)
        except OSError as e:
            fail(f"cannot start {args.host}: {e}")
    os.set_blocking(proc.stdout.fileno(), False)
    return proc

def host_sample(pid):
    """(CPU ms: utime + stime, fields 14 and 15 of /proc/PID/stat; VmRSS KB), or Nones."""
    try:
        with open(f"/proc/{pid}/stat") as f, open(f"/proc/{pid}/status") as g:
            fields = f.read().rsplit(")", 1)[1].split()  # fields[0] is field 3
            rss = next((int(line.split()[1]) for line in g if line.startswith("VmRSS:")), None)
    except OSError:
        return None, None
    return (int(fields[11]) + int(fields[12])) * 1000.0 / os.sysconf("SC_CLK_TCK"), rss

def kill_host(proc, grace=0.0):
    """Waits up to grace seconds for the host to exit, then kills its process group; its exit code."""
    try:
        return proc.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)  # its own group (start_new_session)
        return proc.wait()

class Bench:
    def __init__(self, args, sessions, proc):
        self.args, self.sessions, self.proc = args, sessions, proc
        self.sel = selectors.DefaultSelector()
        for s in sessions:
            self.sel.register(s.master, selectors.EVENT_READ, s)
        self.host_fd = proc.stdout.fileno()
        self.sel.register(self.host_fd, selectors.EVENT_READ, None)
        self.host_buf, self.host_eof, self.host, self.pending_first = b"", False, {}, len(sessions)
        self.heap, self.latencies = [], []  # keys due (time, session, key number); echo times of keys
        self.measuring = self.shutting_down = self.killed = False
        self.typing_start = self.typing_end = self.stall_start = self.sigterm_at = math.inf
        self.blocked_writes, self.max_lag = 0, 0.0

    def run_until(self, deadline, done=lambda: False):
        """Reads and types until done() or the deadline; False on the deadline."""
        while not done():
            now = time.monotonic()
            if now >= deadline:
                return False
            timeout = deadline - now
            if self.heap:
                timeout = min(timeout, max(0.0, self.heap[0][0] - now))
            if self.host_eof:  # its stdout is gone: poll for the exit
                timeout = min(timeout, 0.01)
            for key, _ in self.sel.select(timeout):
                if key.data is None:
                    self.read_host()
                elif key.data.registered:
                    self.read_master(key.data)
            self.send_due_keys()
            if self.host_eof and not self.shutting_down:
                raise HostExited("exited early")
        return True

    def read_master(self, s):
        """One read; False when nothing came (would block, or the host closed the session)."""
        try:
            data = os.read(s.master, 65536)
        except (BlockingIOError, InterruptedError):
            return False
        except OSError as e:
            if e.errno != errno.EIO:
                raise
            data = b""
        now = time.monotonic()
        if not data:
            self.session_closed(s, now)
            return False
        s.tail = (s.tail + data)[-TAIL_BYTES:]
        if s.first_frame_at is None:
            window = s.scan + data
            if FIRST_FRAME_MARK in window:
                s.first_frame_at, s.scan = now, b""
                self.pending_first -= 1
            else:
                s.scan = window[-(len(FIRST_FRAME_MARK) - 1):]
        if self.measuring and s.outstanding:
            self.latencies.extend(now - sent for sent in s.outstanding)
            s.outstanding.clear()
        return True

    def unregister(self, s):
        if s.registered:
            self.sel.unregister(s.master)
            s.registered = False

    def session_closed(self, s, now):
        self.unregister(s)
        if s.closed_at is None:
            s.closed_at = now
            if s.first_frame_at is None:
                self.pending_first -= 1
            s.dropped = s.dropped or not (self.shutting_down or s.stalled)

    def read_host(self):
        try:
            data = os.read(self.host_fd, 65536)
        except (BlockingIOError, InterruptedError):
            return
        if not data:
            self.host_eof = True
            return self.sel.unregister(self.host_fd)
        *lines, self.host_buf = (self.host_buf + data).split(b"\n")
        for line in lines:
            if line.strip():
                self.host_line(line.decode("utf-8", "replace").split())

    def host_line(self, words):
        now, word = time.monotonic(), words[0]
        try:
            if word in ("baseline-rss-kb", "ready"):
                self.host[word] = int(words[1])
                if word == "ready":
                    for s in self.sessions:  # the host holds its own descriptors now
                        s.close_slave()
            elif word == "ended" and int(words[1]) >= 0:
                s = self.sessions[int(words[1])]
                if s.ended_at is None:
                    s.ended_at, s.end_reason = now, words[2] if len(words) > 2 else "?"
                    s.dropped = s.dropped or not (self.shutting_down or s.stalled)
            elif word == "shutdown-ms":
                self.host[word], self.host["shutdown-line-at"] = float(words[1]), now
            elif word == "stats":
                self.host[word] = {k: float(v) for k, v in zip(words[1::2], words[2::2])}
            else:
                raise ValueError
        except (IndexError, ValueError):
            print(f"session-host-load: unrecognised host line: {' '.join(words)[:200]!r}", file=sys.stderr)

    def start_typing(self):
        self.typing_start = time.monotonic()
        self.typing_end = self.typing_start + self.args.seconds
        self.measuring, n = True, len(self.sessions)
        for s in self.sessions:
            if s.can_type():  # staggered evenly over one key interval
                s.first_due = self.typing_start + s.index / (n * self.args.rate)
                heapq.heappush(self.heap, (s.first_due, s.index, 0))

    def send_due_keys(self):
        while self.heap and self.heap[0][0] <= time.monotonic():
            due, i, k = heapq.heappop(self.heap)
            s = self.sessions[i]
            stall_over = s.stalled and due >= self.typing_start + STALL_TYPING_SECONDS
            if due >= self.typing_end or stall_over or not s.can_type():
                continue
            self.write_key(s, due)
            rate = STALL_RATE if s.stalled else self.args.rate
            heapq.heappush(self.heap, (s.first_due + (k + 1) / rate, i, k + 1))  # no drift

    def write_key(self, s, due):
        key = s.sent % len(KEYS)  # by keys written, so letters and DELs stay balanced
        try:
            os.write(s.master, STALL_KEY if s.stalled else KEYS[key:key + 1])
        except (BlockingIOError, InterruptedError):
            self.blocked_writes += 1
            return
        except OSError as e:
            if e.errno != errno.EIO:
                raise
            return self.session_closed(s, time.monotonic())
        now = time.monotonic()
        s.sent += 1
        s.outstanding.append(now)
        self.max_lag = max(self.max_lag, now - due)

    def shut_down(self):
        """SIGTERM; sets shutdown_s (until the host's stdout closed and it exited) and killed."""
        self.shutting_down, self.sigterm_at = True, time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        self.killed = not self.run_until(self.sigterm_at + SHUTDOWN_TIMEOUT,
                                         lambda: self.host_eof and self.proc.poll() is not None)
        if self.killed:
            kill_host(self.proc)
        self.shutdown_s = time.monotonic() - self.sigterm_at

    def measure(self, spawned_at):
        self.run_until(spawned_at + FIRST_FRAME_TIMEOUT, lambda: "ready" in self.host and self.pending_first <= 0)
        if "ready" not in self.host:
            raise HostExited(f"no `ready` line within {FIRST_FRAME_TIMEOUT:.0f} s")
        frames = [s.first_frame_at - spawned_at for s in self.sessions if s.first_frame_at is not None]
        self.first_frames = (len(frames), max(frames, default=None))
        for s in self.sessions:
            s.dropped = s.dropped or s.first_frame_at is None
        self.run_until(time.monotonic() + self.args.warmup)
        self.stall_start = time.monotonic()
        for s in self.sessions[:self.args.stall]:
            self.unregister(s)  # stop reading it
        self.start_typing()
        cpu_start = host_sample(self.proc.pid)[0]
        self.run_until(self.typing_end)
        self.run_until(self.typing_end + DRAIN_SECONDS,
                       lambda: not any(s.outstanding for s in self.sessions if s.registered))
        self.measuring = False
        cpu_end, self.rss_end = host_sample(self.proc.pid)
        self.cpu_ms = None if None in (cpu_start, cpu_end) else cpu_end - cpu_start
        self.shut_down()
        self.checked = [s for s in self.sessions if s.held][:RESTORE_CHECKS]
        for s in self.checked:
            while s.registered and self.read_master(s):
                pass  # the rest of its output, up to EIO (closed) or would-block (still open somewhere)

def percentile(values, p):
    return values[max(1, math.ceil(p / 100 * len(values))) - 1] if values else None

def rounded(value, digits=3):
    return None if value is None else round(value, digits)

def build_report(b):
    active = [s for s in b.sessions if not s.stalled]
    held, sent = sum(s.held for s in active), sum(s.sent for s in active)
    all_sent = sum(s.sent for s in b.sessions)  # the stalled sessions' keys cost the host too
    lat = sorted(x * 1000 for x in b.latencies)
    baseline, rss, line_at = b.host.get("baseline-rss-kb"), b.rss_end, b.host.get("shutdown-line-at")
    return {
        "sessions_requested": len(b.sessions), "sessions_held": held, "dropped": len(active) - held,
        "stalled": len(b.sessions) - len(active),
        "first_frames": b.first_frames[0], "last_first_frame_s": rounded(b.first_frames[1]),
        "keys_sent": sent, "keys_echoed": len(lat), "keys_lost": sent - len(lat),
        "typing_seconds": b.args.seconds, "keys_per_second": round(len(lat) / b.args.seconds, 2),
        "writes_blocked": b.blocked_writes, "max_send_lag_ms": round(b.max_lag * 1000, 3),
        "latency_ms": {k: rounded(percentile(lat, p)) for k, p in zip(("p50", "p90", "p99", "max"), (50, 90, 99, 100))},
        "host_cpu_ms": rounded(b.cpu_ms, 1),
        "host_cpu_ms_per_key": rounded(b.cpu_ms / all_sent if b.cpu_ms is not None and all_sent else None, 4),
        "host_rss_kb_end": rss, "baseline_rss_kb": baseline,
        "rss_per_session_kb": rounded((rss - baseline) / len(b.sessions) if None not in (rss, baseline) else None, 1),
        "stalled_sessions": [{"session": s.index, "ended": s.ended_at is not None and s.ended_at < b.sigterm_at,
                              "after_s": rounded(s.ended_at - b.stall_start) if s.ended_at is not None else None,
                              "reason": s.end_reason, "keys_sent": s.sent} for s in b.sessions if s.stalled],
        "shutdown": {"host_ms": b.host.get("shutdown-ms"), "exit_code": b.proc.returncode, "killed": b.killed,
                     "line_ms": rounded((line_at - b.sigterm_at) * 1000 if line_at else None, 1),
                     "exit_ms": round(b.shutdown_s * 1000, 1)},
        "host_final_stats": b.host.get("stats"),
        "restored": {"checked": len(b.checked), "restored": sum(LEAVE_ALT_SCREEN in s.tail for s in b.checked),
                     "closed": sum(s.closed_at is not None for s in b.checked)},
    }

TEXT_REPORT = """\
sessions: {sessions_requested} requested, {sessions_held} held, {dropped} dropped, {stalled} stalled
first frames: {first_frames}, the last {last_first_frame_s} s after spawning the host
keys: {keys_sent} sent, {keys_echoed} echoed, {keys_lost} lost; {keys_per_second} echoed/s over {typing_seconds} s
client: {writes_blocked} key writes would block, max send lag {max_send_lag_ms} ms
latency ms: p50 {latency_ms[p50]}  p90 {latency_ms[p90]}  p99 {latency_ms[p99]}  max {latency_ms[max]}
host CPU: {host_cpu_ms_per_key} ms per key ({host_cpu_ms} ms while typing)
host RSS: {host_rss_kb_end} KB at the end, baseline {baseline_rss_kb} KB, {rss_per_session_kb} KB per session
shutdown: host says {shutdown[host_ms]} ms; after SIGTERM its line came at {shutdown[line_ms]} ms, its exit at \
{shutdown[exit_ms]} ms (code {shutdown[exit_code]}, killed after 30 s: {shutdown[killed]}); stats {host_final_stats}
restored: {restored[restored]} of {restored[checked]} checked left the alternate screen, {restored[closed]} closed"""

def print_text(report):
    print(TEXT_REPORT.format(**report))
    for f in report["stalled_sessions"]:
        fate = f"ended after {f['after_s']} s" if f["ended"] else "not ended before SIGTERM"
        print(f"stalled session {f['session']}: {fate} ({f['reason']}), {f['keys_sent']} keys typed")

def main(argv):
    args = parse_args(argv)
    check_limits(args.sessions)
    sessions = open_sessions(args.sessions, args.stall)
    workdir = tempfile.mkdtemp(prefix="session-host-load.")
    proc, ok = None, False
    try:
        proc = spawn_host(args, sessions, workdir)
        bench = Bench(args, sessions, proc)
        try:
            bench.measure(time.monotonic())
        except HostExited as e:
            code = kill_host(proc, 1.0)
            with open(os.path.join(workdir, "host-stderr.log"), "rb") as f:
                tail = f.read()[-2000:].decode("utf-8", "replace")
            print(f"session-host-load: host failed ({e}, exit code {code}); its stderr ends:\n{tail}", file=sys.stderr)
            return 1
        report = build_report(bench)
        if args.json:
            print(json.dumps(report, indent=2))
        else:
            print_text(report)
        ok = True
        return 1 if bench.killed or proc.returncode != 0 else 0
    finally:
        if proc is not None:
            kill_host(proc)
        for s in sessions:
            s.close_slave()
            os.close(s.master)
        log = os.path.join(workdir, "host-stderr.log")
        if ok or not os.path.exists(log) or os.path.getsize(log) == 0:
            shutil.rmtree(workdir, ignore_errors=True)
        else:
            print(f"session-host-load: the host's stderr is kept in {log}", file=sys.stderr)

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
