"""Where a game log may be written (engine/game/log.py `check_destination`): never over a
file without `--force` (issue 20: a mutant raising C510 there without its message, a
TypeError, survived the game selection)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game.log import check_destination


def test_an_existing_log_is_replaced_only_with_force(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    path.write_text("{}\n", encoding="utf-8")
    with pytest.raises(BohnError) as caught:
        check_destination(path)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("C510", f"`{path}` exists; pass --force to replace it")
    check_destination(path, force=True)  # with --force: no objection
    check_destination(tmp_path / "new.jsonl")  # a new file in an existing folder


# Every refusal of engine/game/log.py, in process, with its whole message: the CLI tests
# of tests/hostile check the same inputs through a subprocess and accept any of the codes,
# which no mutation run sees (mutmut maps only the tests it traces calling a function).
HEADER = {"type": "header", "format": "bohn-log/1", "ruleset_ref": "base", "players": 3, "seed": 7,
          "digest": "abc", "variant": None, "trading": True, "bots": ["greedy"]}


@pytest.mark.parametrize(("change", "code", "message"), [
    ({"type": "event"}, "G604", "the first line must be a `bohn-log/1` header"),
    ({"format": "bohn-log/2"}, "G604", "the first line must be a `bohn-log/1` header"),
    ({"players": None}, "G604", "the header lacks `players`"),
    ({"digest": None}, "G604", "the header lacks `digest`"),
    ({"players": "3"}, "G616", "header field `players` must be int"),
    ({"players": True}, "G616", "header field `players` must be int"),
    ({"seed": 1.5}, "G616", "header field `seed` must be int"),
    ({"variant": 3}, "G616", "header field `variant` must be str or null"),
    ({"trading": "yes"}, "G616", "header field `trading` must be bool"),
    ({"bots": "greedy"}, "G616", "header field `bots` must be list"),
    ({"players": 0}, "G616", "header field `players` is out of range"),
    ({"players": 65}, "G616", "header field `players` is out of range"),
    ({"seed": 2**63}, "G616", "header field `seed` is out of range"),
    ({"seed": -(2**63)}, "G616", "header field `seed` is out of range"),
    ({"ruleset_ref": ""}, "G616", "header field `ruleset_ref` is empty or too long"),
    ({"ruleset_ref": "x" * 4097}, "G616", "header field `ruleset_ref` is empty or too long"),
])
def test_a_bad_header_is_refused_with_its_reason(change: dict[str, object], code: str, message: str) -> None:
    from engine.errors import Span
    from engine.game.log import check_header

    head = {k: v for k, v in {**HEADER, **change}.items() if v is not None or k == "variant"}
    with pytest.raises(BohnError) as caught:
        check_header(head, "game.jsonl")
    d = caught.value.diagnostics[0]
    assert (d.code, d.message, d.span) == (code, message, Span("game.jsonl", 1, 1))


@pytest.mark.parametrize("change", [{"players": 1}, {"players": 64}, {"seed": 2**63 - 1}, {"seed": -(2**63) + 1},
                                    {"ruleset_ref": "x" * 4096}, {"variant": "cognac"}, {"trading": False}])
def test_a_header_at_its_limits_is_taken(change: dict[str, object]) -> None:
    from engine.game.log import check_header

    head = {**HEADER, **change}
    assert check_header(head, "game.jsonl") is head


@pytest.mark.parametrize(("text", "code", "message", "where"), [
    (b"", "G604", "the first line must be a `bohn-log/1` header", (1, 1)),
    (b"\n\n", "G604", "the first line must be a `bohn-log/1` header", (1, 1)),
    (b"\xff\xfe\n", "G604", "the line is not UTF-8 text", (1, 1)),
    (b"{\"type\": \n", "G604", "line is not JSON: Expecting value", (1, 10)),
    (b"[1, 2]\n", "G604", "each line must be a JSON object with a `type`", (1, 1)),
    (b"{\"type\": 3}\n", "G604", "each line must be a JSON object with a `type`", (1, 1)),
    (b"\n" + b"[" * 100_000 + b"\n", "G604", "line is not a log entry: RecursionError", (2, 1)),
])
def test_a_damaged_first_line_is_placed(tmp_path: Path, text: bytes, code: str, message: str, where: tuple[int, int]) -> None:
    from engine.game.log import read

    path = tmp_path / "game.jsonl"
    path.write_bytes(text)
    with pytest.raises(BohnError) as caught:
        read(path)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == (code, message) and d.span is not None
    assert (d.span.file, d.span.line, d.span.col) == (str(path), *where)


def test_a_damaged_later_line_and_a_cut_last_line(tmp_path: Path) -> None:
    import json

    from engine.game.log import read

    path = tmp_path / "game.jsonl"
    head = json.dumps(HEADER)
    path.write_text(head + "\n\n{\"type\": \"a\"}\n{oops}\n", encoding="utf-8")
    with pytest.raises(BohnError) as caught:
        read(path)
    d = caught.value.diagnostics[0]
    assert (d.code, d.span.line, d.span.col) == ("G604", 4, 2) and d.message.startswith("line is not JSON: ")  # type: ignore[union-attr]
    path.write_text(head + "\n{\"type\": \"a\"}\n{\"type\": \"b\"}", encoding="utf-8")
    with pytest.raises(BohnError) as caught:
        read(path)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message, d.span.line) == ("G615", "the last line is cut off (no newline): the log is incomplete", 3)  # type: ignore[union-attr]
    path.write_text(head + "\n{\"type\": \"a\"}\n", encoding="utf-8")
    assert read(path) == (HEADER, [{"type": "a"}])


@pytest.mark.parametrize(("make", "message"), [
    (lambda d: d / "", "the log needs a file name (`--log` was empty)"),
    (lambda d: d, "`{p}` exists and is not a regular file"),
    (lambda d: d / "no" / "game.jsonl", "the folder of `{p}` does not exist"),
])
def test_a_log_destination_refused(tmp_path: Path, make, message: str) -> None:  # type: ignore[no-untyped-def]
    path = make(tmp_path)
    if message.startswith("the log needs"):
        path = Path(" ")
    with pytest.raises(BohnError) as caught:
        check_destination(path, force=True)
    assert (caught.value.diagnostics[0].code, caught.value.diagnostics[0].message) == ("C510", message.format(p=path))


def test_a_log_never_overwrites_an_input_of_the_run(tmp_path: Path) -> None:
    rules = tmp_path / "house.yaml"
    rules.write_text("extends: base\n", encoding="utf-8")
    for target in (rules, tmp_path / "." / "house.yaml"):
        with pytest.raises(BohnError) as caught:
            check_destination(target, inputs=[rules], force=True)
        assert caught.value.diagnostics[0].message == f"`{target}` is an input of this run; the log would overwrite it"
