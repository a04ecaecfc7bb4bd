"""Hypothesis drives `play`, `replay` and scenario files, not only `validate`: whatever
it builds, the command ends with exit 0, 1 or 2 — never a traceback or "internal error"."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = int(os.environ.get("BOHN_HOSTILE_EXAMPLES", "12"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> int:
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse
        code = int(exc.code or 0)
    out = capsys.readouterr()
    text = out.out + out.err
    assert "Traceback" not in text and "internal error" not in text, text[-2000:]
    return code


EVENTS = ["turn_began", "planted", "harvested", "gained", "drew", "moved"]
STATEMENTS = [
    "gain(owner, {n})", "pay(owner, {n})", "draw(owner, {n})", "add_field(owner)",
    "set_counter(owner, \"c\", {n})", "add_counter(owner, \"c\", {n})", "repeat {n} {{ gain(owner, 1) }}",
    "for p in others(owner) {{ gain(p, {n}) }}", "cancel", "let x = [{n}] + [{n}]", "let y = {n} * {n} * {n}",
    "discard(first(cards(hand), {n}))", "reveal({n}, set_aside)", "shuffle(deck)",
    "for f in fields(owner) {{ if f.size == 0 and count(fields(owner)) > 2 {{ remove_field(f) }} }}",
    "choose f from fields(owner) {{ harvest(f) }}",
]
MODIFIERS = ["modify field_price = {n}", "modify max_fields = {n}", "modify plant_max = {n}",
             "modify beanometer = [{n}, {n}, {n}, {n}]"]
NUMBERS = st.sampled_from([0, 1, 2, 3, 7, 100, 10**6, 10**15, -1])


@st.composite
def snippets(draw: st.DrawFn) -> str:
    parts = []
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            body = " ".join(draw(st.sampled_from(STATEMENTS)).format(n=draw(NUMBERS)) for _ in range(draw(st.integers(1, 4))))
            parts.append(f"when {draw(st.sampled_from(EVENTS))} by {draw(st.sampled_from(['owner', 'anyone']))} {{ {body} }}")
        else:
            parts.append(draw(st.sampled_from(MODIFIERS)).format(n=draw(NUMBERS)))
    return "\n".join(parts)


@FUZZ
@given(snippet=snippets(), draw_n=st.integers(0, 100), seed=st.integers(0, 2**31))
def test_fuzzed_house_rules_play(tmp_path: Path, capsys: pytest.CaptureFixture[str], snippet: str, draw_n: int, seed: int) -> None:
    path = tmp_path / "fuzz.yaml"
    quoted = snippet.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    path.write_text(f'extends: base\nid: fuzz\nplayer_counts:\n  3: {{draw: {draw_n}}}\neffects:\n  +f: {{effect: "{quoted}"}}\n')
    assert _run(capsys, "play", "--ruleset", str(path), "--players", "3", "--seed", str(seed), "--quiet",
                "--bots", "random", "--no-trading") in (0, 1, 2)


@pytest.fixture(scope="module")
def logged(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    folder = tmp_path_factory.mktemp("log")
    assert main(["play", "--players", "3", "--seed", "11", "--quiet", "--log", str(folder / "g.jsonl")]) == 0
    return (folder / "g.jsonl").read_text().splitlines()


@FUZZ
@given(data=st.data())
def test_fuzzed_logs_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str], logged: list[str], data: st.DataObject) -> None:
    lines = list(logged)
    for _ in range(data.draw(st.integers(1, 4))):
        i = data.draw(st.integers(0, len(lines) - 1))
        op = data.draw(st.sampled_from(["delete", "duplicate", "swap", "digit", "truncate", "junk"]))
        if op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, lines[i])
        elif op == "swap" and i + 1 < len(lines):
            lines[i], lines[i + 1] = lines[i + 1], lines[i]
        elif op == "digit":
            line = lines[i]
            j = data.draw(st.integers(0, max(0, len(line) - 1)))
            lines[i] = line[:j] + data.draw(st.sampled_from(list("0123456789-.e\"{}[],: x"))) + line[j + 1:]
        elif op == "truncate":
            lines = lines[: i + 1]
        else:
            lines.insert(i, data.draw(st.sampled_from(['{"type":"action","action":{}}', "{}", "[]", '{"type":"chose","index":99}',
                                                       '{"type":"action","action":{"kind":"harvest","seat":0,"field":7}}'])))
    (tmp_path / "g.jsonl").write_text("\n".join(lines) + "\n")
    assert _run(capsys, "replay", str(tmp_path / "g.jsonl")) in (0, 1)


SCENARIO = (ROOT / "rulesets" / "scenarios" / "base" / "fields.scenario.yaml").read_text(encoding="utf-8")


@FUZZ
@given(data=st.data())
def test_fuzzed_scenario_files(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: st.DataObject) -> None:
    chars = list(SCENARIO)
    for _ in range(data.draw(st.integers(1, 6))):
        i = data.draw(st.integers(0, len(chars) - 1))
        op = data.draw(st.sampled_from(["delete", "insert", "replace"]))
        if op == "delete":
            del chars[i]
        elif op == "insert":
            chars.insert(i, data.draw(st.sampled_from(list(":-[]{}09\n x!&*'"))))
        else:
            chars[i] = data.draw(st.sampled_from(list("0123456789abz-_ ")))
    path = tmp_path / "f.scenario.yaml"
    path.write_text("".join(chars))
    assert _run(capsys, "test", str(path)) in (0, 1, 2)
    assert _run(capsys, "validate", str(path)) in (0, 1)
