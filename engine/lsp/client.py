"""A small Language Server Protocol client over pipes, for tests and benchmarks.

It starts ``bohn lsp`` as a child process and speaks the protocol's JSON-RPC with
``Content-Length`` framing, as an editor does: requests wait for their response,
notifications from the server (diagnostics) are collected as they arrive. Standard
library only, so it checks the server from the outside, not through pygls.
"""

from __future__ import annotations

import json
import queue
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO, Any, Callable


class ServerGone(RuntimeError):
    """The server closed its output or did not answer in time."""


class Client:
    """One running server and the messages it sent."""

    def __init__(self, args: list[str] | None = None, cwd: str | Path | None = None) -> None:
        command = [sys.executable, "-m", "engine", "lsp", *(args or [])]
        self._stderr = tempfile.TemporaryFile()  # a pipe nobody reads could fill and block the server
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=self._stderr, cwd=cwd)
        self._next_id = 0
        self._responses: dict[int, dict[str, Any]] = {}
        self._notes: queue.Queue[dict[str, Any]] = queue.Queue()
        self.notifications: list[dict[str, Any]] = []
        self._lock = threading.Condition()
        self._reader = threading.Thread(target=self._read_loop, daemon=True)
        self._reader.start()

    # ------------------------------------------------------------------ wire
    def _send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        stdin = self.process.stdin
        assert stdin is not None
        stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        stdin.flush()

    @staticmethod
    def _read_message(stream: IO[bytes]) -> dict[str, Any] | None:
        length = None
        while True:
            line = stream.readline()
            if not line:
                return None
            if line in (b"\r\n", b"\n"):
                break
            name, _, value = line.decode("ascii").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        if length is None:
            return None
        data = json.loads(stream.read(length).decode("utf-8"))
        return data if isinstance(data, dict) else None

    def _read_loop(self) -> None:
        stdout = self.process.stdout
        assert stdout is not None
        while True:
            message = self._read_message(stdout)
            if message is None:
                break
            if "id" in message and ("result" in message or "error" in message):
                with self._lock:
                    self._responses[int(message["id"])] = message
                    self._lock.notify_all()
            elif "id" in message and "method" in message:  # a request from the server
                self._send({"id": message["id"], "result": None})
            else:
                self._notes.put(message)
        with self._lock:
            self._lock.notify_all()

    # ------------------------------------------------------------------ API
    def request(self, method: str, params: Any, timeout: float = 20.0) -> Any:
        self._next_id += 1
        ident = self._next_id
        self._send({"id": ident, "method": method, "params": params})
        deadline = time.monotonic() + timeout
        with self._lock:
            while ident not in self._responses:
                left = deadline - time.monotonic()
                if left <= 0 or (self.process.poll() is not None and ident not in self._responses):
                    raise ServerGone(f"no answer to {method}: {self.where()}")
                self._lock.wait(min(left, 0.5))
            message = self._responses.pop(ident)
        if "error" in message:
            raise RuntimeError(f"{method} failed: {message['error']}")
        return message.get("result")

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def wait_for(self, accept: Callable[[dict[str, Any]], bool], timeout: float = 20.0) -> dict[str, Any]:
        """The first notification (new or already received) that ``accept`` takes."""
        for note in self.notifications:
            if accept(note):
                self.notifications.remove(note)
                return note
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ServerGone(f"no matching notification in {timeout} s: {self.where()}")
            try:
                note = self._notes.get(timeout=min(left, 0.5))
            except queue.Empty:
                if self.process.poll() is not None:
                    raise ServerGone(f"the server stopped: {self.stderr_text()}") from None
                continue
            if accept(note):
                return note
            self.notifications.append(note)

    def diagnostics(self, uri: str, version: int | None = None, timeout: float = 20.0) -> list[dict[str, Any]]:
        """The next diagnostics published for ``uri`` (for ``version`` when given)."""
        def accept(note: dict[str, Any]) -> bool:
            p = note.get("params") or {}
            return (note.get("method") == "textDocument/publishDiagnostics" and p.get("uri") == uri
                    and (version is None or p.get("version") == version))

        found = self.wait_for(accept, timeout)["params"]["diagnostics"]
        assert isinstance(found, list)
        return found

    def initialize(self, root: Path) -> Any:
        result = self.request("initialize", {"processId": None, "rootUri": root.resolve().as_uri(), "capabilities": {}})
        self.notify("initialized", {})
        return result

    def open(self, path: Path, text: str | None = None, version: int = 1) -> str:
        uri = path.resolve().as_uri()
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": version,
            "text": path.read_text(encoding="utf-8") if text is None else text}})
        return uri

    def change(self, uri: str, version: int, text: str, at: tuple[int, int, int, int] | None = None) -> None:
        """Replace the whole text, or the range ``at`` (0-based line, col, end line, end col)."""
        change: dict[str, Any] = {"text": text}
        if at is not None:
            change["range"] = {"start": {"line": at[0], "character": at[1]}, "end": {"line": at[2], "character": at[3]}}
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]})

    def at(self, method: str, uri: str, line: int, character: int) -> Any:
        return self.request(method, {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}})

    def where(self) -> str:
        """The server's standard error, with the stack of every thread if it still runs
        (``bohn lsp`` prints them on SIGUSR1): what a test shows when an answer is late."""
        if self.process.poll() is None and hasattr(signal, "SIGUSR1"):
            self.process.send_signal(signal.SIGUSR1)
            time.sleep(0.5)
        return self.stderr_text()

    def stderr_text(self) -> str:
        """What the server wrote to its standard error so far (the last 2000 characters)."""
        self._stderr.seek(0)
        return self._stderr.read().decode("utf-8", "replace")[-2000:]

    def close(self) -> int:
        """Shut down politely (shutdown, exit) and return the server's exit code."""
        try:
            if self.process.poll() is None:
                self.request("shutdown", None, timeout=10)
                self.notify("exit", None)
            return self.process.wait(timeout=10)
        except (ServerGone, OSError, subprocess.TimeoutExpired):
            self.process.kill()
            return self.process.wait()
        finally:
            for stream in (self.process.stdin, self.process.stdout):
                if stream is not None:
                    stream.close()
            self._stderr.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
