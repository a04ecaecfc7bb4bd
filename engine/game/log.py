"""The JSONL game log: a header, then actions and the events each caused, in order.

The header carries everything needed to re-create the game (ruleset reference,
variant, players, seed, trading) and a digest of the merged ruleset, so ``bohn
replay`` can tell an edited ruleset from a corrupted log. Events name the ruleset line
that caused them (``rule``), which makes a log readable next to the YAML.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any, Iterable, Iterator

from engine.errors import BohnError, Span
from engine.files import UnsafeFile, iter_lines
from engine.game.actions import Action

FORMAT = "bohn-log/1"


def header(game: Any, ruleset_ref: str, bots: list[str]) -> dict[str, Any]:
    return {
        "type": "header",
        "format": FORMAT,
        "ruleset": game.rules.id,
        "ruleset_ref": ruleset_ref,
        "variant": game.rules.variant,
        "digest": game.rules.digest,
        "players": game.players,
        "seed": game.seed,
        "trading": game.trading,
        "bots": bots,
    }


def entries(events: list[dict[str, Any]], actions: list[Action], positions: list[int]) -> Iterable[dict[str, Any]]:
    """Events and actions merged: each action just before the events it caused."""
    a = 0
    for index, event in enumerate(events):
        while a < len(actions) and positions[a] == index:
            yield {"type": "action", "action": actions[a].to_json()}
            a += 1
        yield event
    while a < len(actions):
        yield {"type": "action", "action": actions[a].to_json()}
        a += 1


def dumps(entry: dict[str, Any]) -> str:
    return json.dumps(entry, separators=(",", ":"), sort_keys=True)


def check_destination(path: Path, inputs: Iterable[Path] = (), force: bool = False) -> None:
    """Refuse (C510) to write a log over an input of the run (even with ``force``), over
    anything but a regular file, or over an existing file without ``force``."""
    if not str(path).strip():
        raise BohnError.one("C510", "the log needs a file name (`--log` was empty)")
    target = Path(path)
    for source in inputs:
        try:
            same = target.exists() and os.path.samefile(target, source)
        except OSError:
            same = False
        if same or target.resolve() == Path(source).resolve():
            raise BohnError.one("C510", f"`{path}` is an input of this run; the log would overwrite it")
    if target.exists() or target.is_symlink():
        if not target.is_file():
            raise BohnError.one("C510", f"`{path}` exists and is not a regular file")
        if not force:
            raise BohnError.one("C510", f"`{path}` exists; pass --force to replace it")
    if not target.parent.is_dir():
        raise BohnError.one("C510", f"the folder of `{path}` does not exist")


def write(path: Path, head: dict[str, Any], body: Iterable[dict[str, Any]]) -> None:
    """Write the log to a temporary file beside ``path`` and rename it into place once
    complete: an interrupted or failed write never leaves half a log (or half a line)."""
    target = Path(path)
    fd, temp = tempfile.mkstemp(prefix=f".{target.name[:100]}.", suffix=".tmp", dir=str(target.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(dumps(head) + "\n")
            for entry in body:
                f.write(dumps(entry) + "\n")
            f.flush()
            os.fsync(f.fileno())
        os.replace(temp, target)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise


#: Longest line of a log (an event with every card of a big game fits in a few KiB).
MAX_LINE_BYTES = 1024 * 1024
#: Largest seed a header may give (seeds are 64-bit at most).
MAX_SEED = 2**63 - 1
_HEADER_TYPES: dict[str, tuple[type, ...]] = {
    "ruleset_ref": (str,), "players": (int,), "seed": (int,), "digest": (str,),
}
_OPTIONAL_TYPES: dict[str, tuple[type, ...]] = {
    "variant": (str, type(None)), "trading": (bool,), "ruleset": (str,), "bots": (list,),
}


def _parse(display: str, number: int, line: bytes) -> dict[str, Any]:
    try:
        value = json.loads(line.decode("utf-8"))
    except UnicodeDecodeError:
        raise BohnError.one("G604", "the line is not UTF-8 text", Span(display, number, 1)) from None
    except json.JSONDecodeError as exc:
        raise BohnError.one("G604", f"line is not JSON: {exc.msg}", Span(display, number, exc.colno)) from None
    except (ValueError, RecursionError) as exc:  # a 5,000-digit number, nesting too deep
        raise BohnError.one("G604", f"line is not a log entry: {type(exc).__name__}", Span(display, number, 1)) from None
    if not isinstance(value, dict) or not isinstance(value.get("type"), str):
        raise BohnError.one("G604", "each line must be a JSON object with a `type`", Span(display, number, 1))
    return value


def check_header(head: dict[str, Any], display: str) -> dict[str, Any]:
    """The header, type-checked: every field the replay uses has its type and range."""
    where = Span(display, 1, 1)
    if head.get("type") != "header" or head.get("format") != FORMAT:
        raise BohnError.one("G604", f"the first line must be a `{FORMAT}` header", where)
    for key, types in _HEADER_TYPES.items():
        if key not in head:
            raise BohnError.one("G604", f"the header lacks `{key}`", where)
    for key, types in {**_HEADER_TYPES, **_OPTIONAL_TYPES}.items():
        if key in head and (not isinstance(head[key], types) or isinstance(head[key], bool) and bool not in types):
            names = " or ".join("null" if t is type(None) else t.__name__ for t in types)
            raise BohnError.one("G616", f"header field `{key}` must be {names}", where)
    if not 1 <= head["players"] <= 64:
        raise BohnError.one("G616", "header field `players` is out of range", where)
    if not 0 <= abs(head["seed"]) <= MAX_SEED:
        raise BohnError.one("G616", "header field `seed` is out of range", where)
    if not head["ruleset_ref"] or len(head["ruleset_ref"]) > 4096:
        raise BohnError.one("G616", "header field `ruleset_ref` is empty or too long", where)
    return head


def stream(path: Path) -> tuple[dict[str, Any], Iterator[tuple[int, dict[str, Any]]]]:
    """The checked header and an iterator of ``(line, entry)`` for the rest of a log,
    read line by line; a damaged line is a G604 error with its line, a last line cut off
    before its newline G615."""
    display = str(path)
    try:
        lines = iter_lines(path, MAX_LINE_BYTES)
        first = next((item for item in lines if item[1].strip()), None)
    except UnsafeFile as exc:
        raise BohnError.one("G604", f"cannot read the log: {exc}", Span(display, 1, 1)) from None
    if first is None:
        raise BohnError.one("G604", f"the first line must be a `{FORMAT}` header", Span(display, 1, 1))
    head = check_header(_parse(display, first[0], first[1]), display)

    def rest() -> Iterator[tuple[int, dict[str, Any]]]:
        try:
            for number, line, complete in lines:
                if not line.strip():
                    continue
                if not complete:
                    raise BohnError.one("G615", "the last line is cut off (no newline): the log is incomplete", Span(display, number, 1))
                yield number, _parse(display, number, line)
        except UnsafeFile as exc:
            raise BohnError.one("G604", f"cannot read the log: {exc}", Span(display, 1, 1)) from None

    return head, rest()


def read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header and the entries of a log (in memory: for small logs and tests)."""
    head, body = stream(path)
    return head, [entry for _, entry in body]
