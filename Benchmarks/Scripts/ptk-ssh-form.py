#!/usr/bin/env python3
"""The peer for ssh-load.py: prompt_toolkit's own SSH server (PromptToolkitSSHServer on asyncssh) serving a
login form comparable to login-demo's (Username, Password masked, Remember me, Sign in) to anyone, one
full-screen Application per session, on 127.0.0.1:PORT. SIGINT stops it.

    python3 Benchmarks/Scripts/ptk-ssh-form.py PORT
"""
import asyncio, os, signal, sys

import asyncssh
from prompt_toolkit.application import Application
from prompt_toolkit.contrib.ssh import PromptToolkitSSHServer
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.key_binding.bindings.focus import focus_next, focus_previous
from prompt_toolkit.layout import HSplit, Layout, VSplit
from prompt_toolkit.widgets import Button, Checkbox, Frame, Label, TextArea


def form():
    username, password = TextArea(multiline=False), TextArea(multiline=False, password=True)
    remember, status = Checkbox(text="Remember me"), Label(text="")

    def sign_in():
        status.text = "Signed in as " + username.text if username.text and password.text else "Enter both"

    body = HSplit([
        VSplit([Label("Username ", width=10), username]),
        VSplit([Label("Password ", width=10), password]),
        remember, Button("Sign in", handler=sign_in), status])
    keys = KeyBindings()
    keys.add("tab")(focus_next)
    keys.add("s-tab")(focus_previous)
    keys.add("c-c")(lambda event: event.app.exit())
    return Application(layout=Layout(Frame(body, title="Sign in")), key_bindings=keys, full_screen=True)


async def interact(session):
    await form().run_async(handle_sigint=False)  # else every session takes the server's SIGINT (prompt_toolkit #1991)


class Anyone(PromptToolkitSSHServer):
    def begin_auth(self, username):
        return False


async def main(port):
    key = asyncssh.generate_private_key("ssh-ed25519")
    server = await asyncssh.create_server(lambda: Anyone(interact), "127.0.0.1", port, server_host_keys=[key])
    # At once, whatever its sessions' tasks are doing (asyncio's own handler waited for them).
    signal.signal(signal.SIGINT, lambda *_: os._exit(0))
    await server.wait_closed()


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1])))
