#!/usr/bin/env bash
# N OpenSSH clients (ssh -tt, standard input a sleeping pipe) hold sessions of the release
# login-demo-serve; prints the sessions started, the server's resident memory before and after
# (VmRSS), per session, and how many sessions SIGINT ended (docs/performance.md).
#   swift build -c release --product login-demo-serve && bash Benchmarks/Scripts/ssh-session-memory.sh 300
set -u
N=${1:-100}
BIN=${BIN:-$(pwd)/.build/release/login-demo-serve}
D=$(mktemp -d /tmp/sshmem-XXXXXX); cd $D
ssh-keygen -q -t ed25519 -N '' -f id
$BIN --serve 127.0.0.1:0 --host-key hk --authorized-keys id.pub --connections-per-address 10000 2> server.err &
SP=$!
for i in $(seq 50); do grep -q "try: ssh" server.err 2>/dev/null && break; sleep 0.1; done
PORT=$(grep -o "127.0.0.1:[0-9]*;" server.err | head -1 | tr -d ';' | cut -d: -f2)
sleep 0.5
R0=$(grep VmRSS /proc/$SP/status | awk '{print $2}')
for i in $(seq $N); do
  (sleep 30 | ssh -tt -p $PORT -i id -o IdentitiesOnly=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -o BatchMode=yes -o ConnectionAttempts=3 u$i@127.0.0.1 > /dev/null 2>&1 &)
  [ $((i % 20)) -eq 0 ] && sleep 0.5
done
for i in $(seq 100); do c=$(grep -c "session started" server.err); [ $c -ge $N ] && break; sleep 0.2; done
sleep 2
R1=$(grep VmRSS /proc/$SP/status | awk '{print $2}')
STARTED=$(grep -c "session started" server.err)
echo "sessions=$STARTED rss_before_kb=$R0 rss_after_kb=$R1 per_session_kb=$(( (R1 - R0) / (STARTED > 0 ? STARTED : 1) ))"
kill -INT $SP; sleep 3
ENDED=$(grep -c "session ended" server.err); echo "ended_after_sigint=$ENDED"
pkill -f "ssh -tt -p $PORT" 2>/dev/null
