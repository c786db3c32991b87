#!/usr/bin/env python3
"""Load test for a form served over SSH: N clients (asyncssh, one connection and one pty session of 80x24 each)
sign in to a server that this script starts, wait for every first frame ("Username"), type into every session
at a steady rate and report the time from each key to the first output after it (the echo), the server's and
this client's CPU per key, and the server's RSS per session (with the processes it started: a server
with a process per session). --stall K stops reading the first K sessions after
the warm-up (asyncssh then opens no more SSH window, 2 MiB by default: the server's writes to them back up)
while typing Ctrl-L, a whole repaint, 100 times a second into them, and reports when the server ended them. Then SIGINT: the server's exit.

    python3 Benchmarks/Scripts/ssh-load.py --sessions 100 --rate 2 --seconds 20 -- \\
        .build/release/login-demo-serve --serve 127.0.0.1:{port} --host-key {dir}/key --anonymous \\
        --connections-per-address 2000
    python3 Benchmarks/Scripts/ssh-load.py --sessions 100 -- python3 Benchmarks/Scripts/ptk-ssh-form.py {port}

The server command gets {port} (a free loopback port) and {dir} (a scratch folder). A session is dropped when
its connection fails or closes before the end; a key not echoed 1 s after typing stops is lost; percentiles are
nearest-rank. The client is one Python process: its CPU is reported so that a client at 100 % of a core is seen
as the bottleneck it is. Needs asyncssh (pip install asyncssh). Exit status 1 if the server failed.
"""
import argparse, asyncio, json, math, os, resource, shutil, signal, socket, subprocess, sys, tempfile, time

import asyncssh

FIRST_FRAME_MARK = b"Username"
KEYS = "abcdefgh" + "\x7f" * 8
STALL_KEY, STALL_RATE = b"\x0c", 100.0
CONNECT_TIMEOUT, FIRST_FRAME_TIMEOUT, DRAIN_SECONDS, EXIT_TIMEOUT = 30.0, 120.0, 1.0, 30.0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_sample(pid):
    """(CPU ms, VmRSS KB) of pid, or Nones."""
    try:
        with open(f"/proc/{pid}/stat") as f, open(f"/proc/{pid}/status") as g:
            fields = f.read().rsplit(")", 1)[1].split()
            rss = next((int(line.split()[1]) for line in g if line.startswith("VmRSS:")), None)
    except OSError:
        return None, None
    return (int(fields[11]) + int(fields[12])) * 1000.0 / os.sysconf("SC_CLK_TCK"), rss


def descendants(pid):
    """The processes pid started, and theirs (a server with a process per session)."""
    found, queue = [], [pid]
    while queue:
        parent = queue.pop()
        try:
            for task in os.listdir(f"/proc/{parent}/task"):
                with open(f"/proc/{parent}/task/{task}/children") as f:
                    children = [int(c) for c in f.read().split()]
                found += children
                queue += children
        except OSError:
            continue
    return found


def pss_kb(pid):
    """Proportional set size (shared pages divided among their sharers), or 0."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            return next((int(line.split()[1]) for line in f if line.startswith("Pss:")), 0)
    except OSError:
        return 0


def tree_sample(pid):
    """(CPU ms, RSS KB) of pid and its descendants together (CPU of the living ones only)."""
    cpu, rss = server_sample(pid)
    for child in descendants(pid):
        c, r = server_sample(child)
        cpu, rss = (cpu + c if None not in (cpu, c) else cpu), (rss + r if None not in (rss, r) else rss)
    return cpu, rss


def tree_pss(pid):
    return pss_kb(pid) + sum(pss_kb(child) for child in descendants(pid))


def client_cpu_ms():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return (usage.ru_utime + usage.ru_stime) * 1000.0


class Session(asyncssh.SSHClientSession):
    def __init__(self, bench, index):
        self.bench, self.index = bench, index
        self.stalled = index < bench.args.stall
        self.scan, self.first_frame = b"", asyncio.get_running_loop().create_future()
        self.outstanding, self.sent, self.closed_at, self.channel, self.connection = [], 0, None, None, None

    def data_received(self, data, datatype):
        now = time.monotonic()
        data = data.encode("utf-8", "surrogateescape") if isinstance(data, str) else data
        if not self.first_frame.done():
            window = self.scan + data
            if FIRST_FRAME_MARK in window:
                self.first_frame.set_result(now)
            else:
                self.scan = window[-(len(FIRST_FRAME_MARK) - 1):]
        if self.bench.measuring and self.outstanding:
            self.bench.latencies.extend(now - sent for sent in self.outstanding)
            self.outstanding.clear()

    def connection_lost(self, exc):
        self.closed_at = self.closed_at or time.monotonic()
        if not self.first_frame.done():
            self.first_frame.set_exception(ConnectionError(str(exc) if exc else "closed before its first frame"))

    def type(self, key):
        if self.closed_at is not None or self.channel is None:
            return
        try:
            self.channel.write(key)
        except (BrokenPipeError, asyncssh.Error):  # the server ended it; connection_lost may not have come yet
            self.closed_at = self.closed_at or time.monotonic()
            return
        self.sent += 1
        self.outstanding.append(time.monotonic())


class Bench:
    def __init__(self, args, port, proc):
        self.args, self.port, self.proc = args, port, proc
        self.sessions, self.latencies, self.measuring, self.max_lag = [], [], False, 0.0

    async def open(self, index, gate):
        session = Session(self, index)
        self.sessions.append(session)
        async with gate:
            try:
                connection = await asyncio.wait_for(asyncssh.connect(
                    "127.0.0.1", self.port, username=f"user{index}", password="x", known_hosts=None,
                    client_keys=None, agent_path=None, preferred_auth="none,password,keyboard-interactive"),
                    CONNECT_TIMEOUT)
                session.connection = connection
                channel, _ = await connection.create_session(
                    lambda: session, term_type="xterm-256color", term_size=(80, 24), encoding=None)
                session.channel = channel
            except (OSError, asyncssh.Error, asyncio.TimeoutError) as e:
                session.closed_at = time.monotonic()
                self.errors.append(f"session {index}: {type(e).__name__}: {e}")
                return
        try:
            await asyncio.wait_for(asyncio.shield(session.first_frame), FIRST_FRAME_TIMEOUT)
        except (ConnectionError, asyncio.TimeoutError) as e:
            self.errors.append(f"session {index}: no first frame: {e}")

    async def type_into(self, session, start):
        n, rate = len(self.sessions), STALL_RATE if session.stalled else self.args.rate
        first_due, k = start + session.index / (n * self.args.rate), 0
        end = start + self.args.seconds
        while True:
            due = first_due + k / rate
            if due >= end or session.closed_at is not None:
                return
            await asyncio.sleep(max(0.0, due - time.monotonic()))
            self.max_lag = max(self.max_lag, time.monotonic() - due)
            session.type(STALL_KEY if session.stalled else KEYS[session.sent % len(KEYS)].encode())
            k += 1

    async def run(self):
        self.errors, gate = [], asyncio.Semaphore(self.args.parallel_connects)
        await asyncio.sleep(0)
        self.baseline_rss, self.baseline_pss = tree_sample(self.proc.pid)[1], tree_pss(self.proc.pid)
        spawned = time.monotonic()
        await asyncio.gather(*(self.open(i, gate) for i in range(self.args.sessions)))
        held = [s for s in self.sessions if s.first_frame.done() and not s.first_frame.exception()]
        self.first_frames = (len(held), max((s.first_frame.result() - spawned for s in held), default=None))
        await asyncio.sleep(self.args.warmup)
        for s in self.sessions:
            if s.stalled and s.channel is not None:
                s.channel.pause_reading()
        start, self.measuring = time.monotonic(), True
        self.typing_start = start
        cpu0, client0 = tree_sample(self.proc.pid)[0], client_cpu_ms()
        typing = [s for s in held]
        await asyncio.gather(*(self.type_into(s, start) for s in typing))
        deadline = time.monotonic() + DRAIN_SECONDS
        while time.monotonic() < deadline and any(s.outstanding for s in held if not s.stalled):
            await asyncio.sleep(0.01)
        self.measuring = False
        cpu1, self.rss_end = tree_sample(self.proc.pid)
        self.pss_end = tree_pss(self.proc.pid)
        self.client_cpu = client_cpu_ms() - client0
        self.cpu_ms = None if None in (cpu0, cpu1) else cpu1 - cpu0
        self.typing_end = time.monotonic()
        self.held = held

    async def close(self):
        for s in self.sessions:
            if s.connection is not None:
                s.connection.close()
        await asyncio.gather(*(s.connection.wait_closed() for s in self.sessions if s.connection is not None),
                             return_exceptions=True)


def percentile(values, p):
    return values[max(1, math.ceil(p / 100 * len(values))) - 1] if values else None


def rounded(value, digits=3):
    return None if value is None else round(value, digits)


def report(b, shutdown_ms, exit_code):
    active = [s for s in b.sessions if not s.stalled]
    held = [s for s in b.held if not s.stalled]
    dropped = len(active) - sum(1 for s in held if s.closed_at is None or s.closed_at > b.typing_end)
    sent, all_sent = sum(s.sent for s in active), sum(s.sent for s in b.sessions)
    lat = sorted(x * 1000 for x in b.latencies)
    return {
        "sessions_requested": len(b.sessions), "sessions_held": len(held), "dropped": dropped,
        "stalled": len(b.sessions) - len(active), "errors": b.errors[:5],
        "first_frames": b.first_frames[0], "last_first_frame_s": rounded(b.first_frames[1]),
        "keys_sent": sent, "keys_echoed": len(lat), "keys_lost": sent - len(lat),
        "keys_per_second": round(len(lat) / b.args.seconds, 2), "max_send_lag_ms": round(b.max_lag * 1000, 3),
        "latency_ms": {k: rounded(percentile(lat, p)) for k, p in zip(("p50", "p90", "p99", "max"), (50, 90, 99, 100))},
        "server_cpu_ms": rounded(b.cpu_ms, 1),
        "server_cpu_ms_per_key": rounded(b.cpu_ms / all_sent if b.cpu_ms is not None and all_sent else None, 4),
        "server_cpu_share": rounded(b.cpu_ms / (b.args.seconds * 1000) if b.cpu_ms is not None else None),
        "client_cpu_share": rounded(b.client_cpu / (b.args.seconds * 1000)),
        "server_rss_kb_end": b.rss_end, "baseline_rss_kb": b.baseline_rss,
        "rss_per_session_kb": rounded((b.rss_end - b.baseline_rss) / len(b.sessions)
                                      if None not in (b.rss_end, b.baseline_rss) else None, 1),
        "pss_per_session_kb": rounded((b.pss_end - b.baseline_pss) / len(b.sessions), 1),
        "stalled_sessions": [{"session": s.index, "closed_after_s": rounded(s.closed_at - b.typing_start)
                              if s.closed_at is not None else None, "keys_sent": s.sent,
                              "exit_status": s.channel.get_exit_status() if s.channel else None}
                             for s in b.sessions if s.stalled],
        "shutdown": {"exit_ms": shutdown_ms, "exit_code": exit_code},
    }


TEXT = """\
sessions: {sessions_requested} requested, {sessions_held} held, {dropped} dropped, {stalled} stalled
first frames: {first_frames}, the last {last_first_frame_s} s after the first connection began
keys: {keys_sent} sent, {keys_echoed} echoed, {keys_lost} lost; {keys_per_second} echoed/s; max send lag {max_send_lag_ms} ms
latency ms: p50 {latency_ms[p50]}  p90 {latency_ms[p90]}  p99 {latency_ms[p99]}  max {latency_ms[max]}
server CPU: {server_cpu_ms_per_key} ms per key, {server_cpu_share} of a core while typing; client {client_cpu_share} of a core
server RSS: {server_rss_kb_end} KB at the end, {baseline_rss_kb} KB before, {rss_per_session_kb} KB per session \
(PSS {pss_per_session_kb} KB)
exit after SIGINT: {shutdown[exit_ms]} ms, code {shutdown[exit_code]}"""


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sessions", type=int, default=10)
    p.add_argument("--rate", type=float, default=2.0, help="keys per second per session")
    p.add_argument("--seconds", type=float, default=20.0, help="typing duration")
    p.add_argument("--warmup", type=float, default=2.0)
    p.add_argument("--stall", type=int, default=0, help="stop reading the first K sessions after the warm-up")
    p.add_argument("--parallel-connects", type=int, default=32, help="connections being set up at once")
    p.add_argument("--json", action="store_true")
    p.add_argument("server", nargs=argparse.REMAINDER, help="-- the server command, with {port} and {dir}")
    args = p.parse_args(argv)
    args.server = args.server[1:] if args.server[:1] == ["--"] else args.server
    if not args.server or min(args.sessions, args.rate, args.seconds) <= 0 or not 0 <= args.stall <= args.sessions:
        p.error("give the server command after --; --sessions, --rate, --seconds positive; --stall at most --sessions")
    return args


def wait_for_port(port, proc, timeout=60.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return True
        time.sleep(0.05)
    return False


def main(argv):
    args = parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    workdir, port = tempfile.mkdtemp(prefix="ssh-load."), free_port()
    command = [word.format(port=port, dir=workdir) for word in args.server]
    log_path = os.path.join(workdir, "server.log")
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
    try:
        if not wait_for_port(port, proc):
            print(f"ssh-load: the server did not listen on {port}; its log:\n{open(log_path).read()[-2000:]}",
                  file=sys.stderr)
            return 1
        bench = Bench(args, port, proc)
        loop = asyncio.new_event_loop()
        loop.run_until_complete(bench.run())
        sigint_at = time.monotonic()
        proc.send_signal(signal.SIGINT)
        loop.run_until_complete(bench.close())
        try:
            code = proc.wait(timeout=EXIT_TIMEOUT)
        except subprocess.TimeoutExpired:
            code = None
        shutdown_ms = round((time.monotonic() - sigint_at) * 1000, 1)
        result = report(bench, shutdown_ms, code)
        print(json.dumps(result, indent=2) if args.json else TEXT.format(**result))
        for e in result["errors"]:
            print("  " + e)
        for s in result["stalled_sessions"]:
            print(f"stalled session {s['session']}: closed after {s['closed_after_s']} s, exit status "
                  f"{s['exit_status']}, {s['keys_sent']} keys")
        return 0 if code is not None else 1
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
