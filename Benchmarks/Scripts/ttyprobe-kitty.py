#!/usr/bin/env python3
"""ttyprobe as a terminal that speaks the kitty keyboard protocol.

Runs ttyprobe.py (path in $TTYPROBE, default ../shared/tools/ttyprobe.py from the repository
root) with its built-in emulator taught two things a kitty-protocol terminal does:

- it answers the protocol query `CSI ? u` with `CSI ? flags u` (the flags of the top of its
  stack: 1 once the program pushed `CSI > 1 u`, else 0);
- while a level is pushed it sends Esc as `CSI 27 u` and Ctrl with a letter as
  `CSI code ; 5 u` (Enter, Tab and Backspace stay legacy bytes at level 1, as in kitty).

Everything else is ttyprobe's, arguments included. Esc-to-exit is its "quit ... exit after":

    python3 Benchmarks/Scripts/ttyprobe-kitty.py --keys 'alice' --quit '{Esc}' --ready Username \\
        -- .build-relr/release/login-demo
"""

import importlib.util
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
path = os.environ.get("TTYPROBE", os.path.join(here, "..", "..", "..", "shared", "tools", "ttyprobe.py"))
spec = importlib.util.spec_from_file_location("ttyprobe", path)
ttyprobe = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ttyprobe)

current = {"vt": None}

original_init = ttyprobe.VT.__init__
original_csi = ttyprobe.VT._csi
original_encode = ttyprobe.KeyToken.encode


def init(self, *args, **kwargs):
    original_init(self, *args, **kwargs)
    current["vt"] = self


def csi(self, seq, final):
    if final == "u" and seq == "?":
        self._reply("kitty-kbd-query", "\x1b[?%du" % (1 if self.kitty_stack > 0 else 0))
        return
    original_csi(self, seq, final)


def encode(self, app_cursor=False):
    data = original_encode(self, app_cursor)
    vt = current["vt"]
    if vt is None or vt.kitty_stack == 0 or data is None:
        return data
    if data == b"\x1b":
        return b"\x1b[27u"
    if len(data) == 1 and 1 <= data[0] <= 26 and data[0] not in (8, 9, 13):
        return b"\x1b[%d;5u" % (data[0] + 0x60)
    return data


ttyprobe.VT.__init__ = init
ttyprobe.VT._csi = csi
ttyprobe.KeyToken.encode = encode

if __name__ == "__main__":
    sys.exit(ttyprobe.main())
