"""The language reference is generated from the vocabulary, and its examples compile."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.lang import CheckEnv, compile_effect
from engine.lang import vocab as V
from engine.lang.reference import EXAMPLES, reference_markdown
from engine.rules.loader import load_ruleset

DOC = (Path(__file__).resolve().parents[2] / "docs" / "effect-language.md").read_text(encoding="utf-8")
BASE = load_ruleset("base")
ENV = CheckEnv.of([b.id for b in BASE.beans], {z.id: z.owner for z in BASE.zones})


def test_every_vocabulary_entry_has_an_example() -> None:
    names = {*V.EVENTS, *V.QUERIES, *V.STATEMENTS, *V.FUNCTIONS}
    assert names - set(EXAMPLES) == set()


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_examples_compile(name: str) -> None:
    compile_effect(EXAMPLES[name], env=ENV, name=name)


def test_docs_are_the_head_plus_the_generated_reference() -> None:
    head = (Path(__file__).resolve().parents[2] / "docs" / "src" / "effect-language.head.md").read_text(encoding="utf-8")
    assert DOC == head + reference_markdown(), "regenerate with: python -m engine.lang.reference"


@pytest.mark.parametrize("construct", ["when", "modify", "action", "let", "if", "repeat", "for", "choose", "cancel",
                                       "optional", "cost", "by anyone", "else"])
def test_constructs_are_described(construct: str) -> None:
    assert f"`{construct}" in DOC or f" {construct} " in DOC
