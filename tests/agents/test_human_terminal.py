"""`bohn play --human 0` driven through a pseudo-terminal, as a person would play it:
the person makes a compact offer, hears the answer, receives an offer with its
contents shown, and quits with `q` and exit code 0."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pty = pytest.importorskip("pty")


class Terminal:
    """A child process on a pseudo-terminal: read its screen up to the prompt, type lines."""

    def __init__(self, argv: list[str]) -> None:
        self.master, slave = pty.openpty()
        env = {**os.environ, "COLUMNS": "100", "LINES": "40", "PYTHONIOENCODING": "utf-8"}
        self.proc = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, env=env, close_fds=True)
        os.close(slave)
        self.screen = ""

    def until_prompt(self, timeout: float = 60.0) -> str:
        """Everything printed until the next `> ` prompt (or the end of the process)."""
        chunk = ""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.5)
            if ready:
                try:
                    data = os.read(self.master, 65536).decode("utf-8", "replace")
                except OSError:  # the child closed the terminal
                    break
                if not data:
                    break
                chunk += data
                if chunk.endswith("> "):
                    break
            elif self.proc.poll() is not None:
                break
        self.screen += chunk
        return chunk

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=30)
        finally:
            os.close(self.master)


def test_offer_receive_and_quit_through_a_terminal() -> None:
    term = Terminal([sys.executable, "-m", "engine", "play", "--human", "0", "--players", "3", "--seed", "1"])
    offered = received = False
    try:
        for _ in range(200):
            screen = term.until_prompt()
            if term.proc.poll() is not None:
                break
            last = screen.split("-- turn")[-1]
            if "offers you" in last:
                received = True
                term.type("q")
                continue
            if not offered and "or type an offer" in last and "end trading" in last:
                offered = True
                term.type("offer 1 to all")
                continue
            term.type("1")
        code = term.close()
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
    text = term.screen
    assert offered and received, text[-2000:]
    assert "you offer Coffee bean to every seat for nothing (a gift)" in text, "the compact offer is read back"
    assert "trade with seat 1: you gave Coffee bean, you got nothing" in text, "the answer to the offer is told"
    assert "seat 2 offers you Stink bean for Wax bean" in text, "an offer shows what it gives and wants"
    assert "accept, giving Wax bean" in text
    assert "· seat 1 planted" in text, "other seats' moves are told as they happen"
    assert "Traceback" not in text and "error" not in text
    assert "game stopped at your request" in text
    assert code == 0
