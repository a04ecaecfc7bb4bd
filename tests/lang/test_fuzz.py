"""Random text and random token sequences never crash the parser or checker: a coded
language error (or success), never another exception."""

from __future__ import annotations

import os

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.errors import BohnError
from engine.lang import CheckEnv, compile_effect
from tests.soak import games

ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "coins": "player"})
EXAMPLES = int(os.environ.get("BOHN_FUZZ_EXAMPLES", games(quick=60, soak=300)))

TOKENS = [
    "when", "modify", "action", "if", "else", "then", "let", "repeat", "for", "in", "choose", "from", "by", "optional", "secretly", "count",
    "cancel", "on", "cost", "and", "or", "not", "true", "false", "none", "{", "}", "(", ")", "[", "]", ",", ".", ":",
    "=", "==", "!=", "<", ">=", "+", "-", "*", "//", "%", ";", "0", "1", "42", '"text"', "owner", "opponent", "active",
    "event", "value", "harvested", "planted", "beanometer", "may_harvest", "gain", "move", "harvest", "count", "cards",
    "fields", "item", "first", "zone", "hand", "discard", "coins", "blue", "red", "x", "f", "bean", "field", "player",
    "size", "coins", "any_time", "own_turn", "anyone", "others",
]


def _compile(text: str) -> None:
    try:
        compile_effect(text, env=ENV)
    except BohnError as exc:
        assert exc.diagnostics and all(d.code.startswith(("L", "T73", "T74")) for d in exc.diagnostics), exc


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.text(max_size=120))
def test_random_text(text: str) -> None:
    _compile(text)


@settings(max_examples=EXAMPLES * 3, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), min_size=1, max_size=30))
def test_random_token_sequences(tokens: list[str]) -> None:
    _compile(" ".join(tokens))


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.integers(1, 400))
def test_deep_nesting(depth: int) -> None:
    _compile("let x = " + "(" * depth + "1" + ")" * depth)
    _compile("if true " + "{ if true " * depth + "{ }" + " }" * depth)
