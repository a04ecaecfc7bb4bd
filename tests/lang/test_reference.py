"""The language reference is generated from the vocabulary, and its examples compile."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.lang import CheckEnv, compile_effect
from engine.lang import vocab as V
from engine.lang.reference import (CONSTRUCT_EXAMPLES, EVENT_EXAMPLES, FUNCTION_EXAMPLES, QUERY_EXAMPLES,
                                   STATEMENT_EXAMPLES, reference_markdown)
from engine.rules.loader import load_ruleset

DOC = (Path(__file__).resolve().parents[2] / "docs" / "effect-language.md").read_text(encoding="utf-8")
BASE = load_ruleset("base")
ENV = CheckEnv.of([b.id for b in BASE.beans], {z.id: z.owner for z in BASE.zones})


PAIRS = [(V.EVENTS, EVENT_EXAMPLES), (V.QUERIES, QUERY_EXAMPLES), (V.STATEMENTS, STATEMENT_EXAMPLES),
         (V.FUNCTIONS, FUNCTION_EXAMPLES)]
ALL = [(kind, name, text) for kind, (_, examples) in zip(("event", "query", "statement", "function"), PAIRS)
       for name, text in sorted(examples.items())]


def test_every_vocabulary_entry_has_an_example() -> None:
    for vocabulary, examples in PAIRS:
        assert set(vocabulary) == set(examples)


@pytest.mark.parametrize(("kind", "name", "text"), ALL, ids=[f"{k}:{n}" for k, n, _ in ALL])
def test_examples_compile(kind: str, name: str, text: str) -> None:
    compile_effect(text, env=ENV, name=name)


@pytest.mark.parametrize("construct", sorted(CONSTRUCT_EXAMPLES))
def test_construct_examples_compile(construct: str) -> None:
    compile_effect(CONSTRUCT_EXAMPLES[construct], env=ENV, name=construct)


def test_docs_are_the_head_plus_the_generated_reference() -> None:
    head = (Path(__file__).resolve().parents[2] / "docs" / "src" / "effect-language.head.md").read_text(encoding="utf-8")
    assert DOC == head + reference_markdown(), "regenerate with: python -m engine.lang.reference"


@pytest.mark.parametrize("construct", ["when", "modify", "action", "let", "if", "repeat", "for", "choose", "cancel",
                                       "optional", "cost", "by anyone", "else", "proc", "secretly"])
def test_constructs_are_described(construct: str) -> None:
    assert f"`{construct}" in DOC or f" {construct} " in DOC
