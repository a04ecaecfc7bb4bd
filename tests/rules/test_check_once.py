"""A check compiles each effect snippet once, and reads each file's lines once.

Why: an editor re-checks the whole ruleset after every keystroke (`bohn lsp`); after a
line is added, every snippet below it sits at a new position and is compiled anew. The
option check (R471) and the effect check must then share one compilation (same
environment and name), and the lines of the buffer are split once per check, not once
per snippet. bench/bench_lsp.py measures the time; these tests pin the behaviour."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.lang as lang
from engine.rules.loader import check_path
from engine.texts import file_lines, open_buffers

CARD_READS_OPTION = """\
extends: base
options:
  +generous:
    description: Playing a gift card pays a coin more.
    choices: {yes: One more coin., no: As printed.}
    value: no
+cards:
  - id: gift
    name: Gift card
    starts_in: draw_pile
    attributes: {coins: number}
    cards:
      - id: small_gift
        name: Small gift
        count: 1
        values: {coins: 1}
        effect: |
          action give_gift on own_turn if this in cards(hand) {
            gain(owner, this.coins + (if option("generous") == "yes" then 1 else 0))
            discard([this])
          }
"""


def test_an_option_read_only_by_a_cards_own_rule_counts_as_read(tmp_path: Path) -> None:
    """A card's rule is checked with `this`; the option check compiled it without, failed,
    and called the option unread (R471)."""
    path = tmp_path / "gifts.yaml"
    path.write_text(CARD_READS_OPTION, encoding="utf-8")
    found = check_path(path)
    assert [d.code for d in found if d.severity == "error"] == []


def test_each_snippet_is_compiled_once_per_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "gifts.yaml"
    text = CARD_READS_OPTION.replace("+cards:", "\n+cards:")  # a new line: new positions below it
    path.write_text(text, encoding="utf-8")
    parsed: list[tuple[str, object]] = []
    real = lang.parse

    def counting(snippet, origin, name):  # type: ignore[no-untyped-def]
        parsed.append((snippet, origin))
        return real(snippet, origin, name)

    monkeypatch.setattr(lang, "parse", counting)
    with open_buffers({path: text}):
        check_path(path)
    mine = [(s, o) for s, o in parsed if o is not None and str(getattr(o, "file", "")).endswith("gifts.yaml")]
    assert len(mine) == 1, "the card's rule is compiled once, for both the effect and the option checks"
    assert len(parsed) == len(set(parsed)), "no snippet is compiled twice in one check"


def test_a_buffers_lines_are_read_anew_in_the_next_check(tmp_path: Path) -> None:
    path = tmp_path / "house.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    with open_buffers({path: "a: 1\nb: 2\n"}):
        assert file_lines(path) == ("a: 1", "b: 2")
        assert file_lines(str(path)) == ("a: 1", "b: 2")
    with open_buffers({path: "a: 1\n\nb: 2\n"}):  # Enter pressed: the next check sees the new text
        assert file_lines(path) == ("a: 1", "", "b: 2")
    assert file_lines(path) == ("a: 1",), "outside a check the file on disk is read"
