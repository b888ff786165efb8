"""Keys typed while scorepad starts reach it as typed (``tui/early_keys.py``): the
terminal hands them over unchanged until Textual takes it, and is as it was after."""

from __future__ import annotations

import os
import pty
import termios

from scorepad.tui.early_keys import keys_as_typed


def test_the_terminal_reads_keys_as_typed_meanwhile_and_is_put_back_after():
    leader, follower = pty.openpty()
    try:
        with os.fdopen(os.dup(follower), "rb", buffering=0) as stream:
            before = termios.tcgetattr(follower)
            assert before[0] & termios.IXON and before[3] & termios.ICANON  # a terminal as a shell has it
            with keys_as_typed(stream):
                inside = termios.tcgetattr(follower)
                assert not inside[0] & (termios.IXON | termios.ICRNL)  # Ctrl+S arrives; Enter stays a return
                assert not inside[3] & (termios.ICANON | termios.ECHO)
                assert inside[3] & termios.ISIG  # Ctrl+C still interrupts
                os.write(leader, b"Ana\r\x13")
                assert os.read(follower, 16) == b"Ana\r\x13"
            assert termios.tcgetattr(follower) == before
    finally:
        os.close(leader)
        os.close(follower)


def test_no_terminal_no_change(tmp_path):
    with open(tmp_path / "keys", "w+b") as stream, keys_as_typed(stream):
        pass  # a file (a pipe, a redirect): nothing to switch, nothing raised
