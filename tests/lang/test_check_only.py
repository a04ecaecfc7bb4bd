"""Validating checks snippets without generating their code (``check_effect``), with the
same errors as compiling, and compiling afterwards reuses the check instead of parsing
again. The language server validates at every keystroke; code generation was a third of
that work."""

from __future__ import annotations

from pathlib import Path

import pytest

import engine.lang as lang
from engine.errors import BohnError
from engine.lang import CheckEnv, check_effect, compile_effect
from engine.rules.loader import check_path

ENV = CheckEnv.of(["blue"], {"hand": "player", "discard": "shared", "coins": "player"}, options={"house": "on"})


def test_check_effect_reports_the_options_a_snippet_reads() -> None:
    used = check_effect('when turn_began { if option("house") == "on" { gain(active, 1) } }', env=ENV, name="house")
    assert ("option", "house") in used and ("statement", "gain") in used


def test_a_literal_beyond_the_limit_is_refused_while_validating() -> None:
    with pytest.raises(BohnError) as caught:
        check_effect("when turn_began {\n  let n = 10000000000000000 }", env=ENV, name="big")
    (d,) = caught.value.diagnostics
    assert d.code == "L821" and "beyond ±1,000,000,000,000,000" in d.message
    assert d.span is not None and (d.span.line, d.span.col) == (2, 11)  # the number


def test_validating_generates_no_code_and_compiling_does_not_parse_again(monkeypatch: pytest.MonkeyPatch) -> None:
    text = "when turn_began { gain(active, 2) }"
    before = len(lang._COMPILED)
    check_effect(text, env=ENV, name="two")
    assert len(lang._COMPILED) == before  # no code generated
    parsed: list[str] = []
    real = lang.parse
    monkeypatch.setattr(lang, "parse", lambda *a, **k: parsed.append(a[0]) or real(*a, **k))
    compiled = compile_effect(text, env=ENV, name="two")
    assert parsed == [] and compiled.triggers  # built from the check, not parsed again
    compile_effect("when turn_began { gain(active, 3) }", env=ENV, name="three")
    assert parsed == ["when turn_began { gain(active, 3) }"]


def test_bohn_validate_compiles_nothing(tmp_path: Path) -> None:
    """``check_path`` (what ``bohn validate`` and the language server run) only checks."""
    lang._COMPILED.clear()
    found = check_path(Path("rulesets/high_bohn.yaml"))
    assert found and all(d.severity == "warning" for d in found)  # its named assumptions only
    assert not lang._COMPILED
