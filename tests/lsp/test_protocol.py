"""`bohn lsp` over its real protocol: a client process talks JSON-RPC to the server.

One server runs for the whole module (starting Python and pygls is the slow part); the
files it checks are written to a temporary folder. Every answer is compared with what
``bohn validate`` and the vocabulary say, not with hard-coded guesses where avoidable.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

import pytest

pytest.importorskip("pygls")

from engine.lang import vocab as V  # noqa: E402
from engine.lsp.client import Client  # noqa: E402
from engine.paths import rulesets_dir  # noqa: E402

HOUSE = """\
# a house rule being written
extends: base
id: house
name: House rule
beans:
  +saffron: {name: Saffron bean, count: 6, beanometer: [2, 3, 4, 5]}
total_cards: 160
effects:
  +jail:
    effect: |
      when harvested by anyone
        if event.bean == blue and event.coinz >= 1 { gain(owner, 1) }
"""
# `event.coinz` is on line 12 (1-based), column 41 — the `bohn validate` position.
BAD_LINE, BAD_COL = 12, 41


def _open(client: Client, folder: Path, name: str, text: str) -> str:
    """Write and open a file of its own for one test (tests may run in any order, in
    several workers), wait for its first diagnostics, and return its URI."""
    path = folder / name
    path.write_text(text, encoding="utf-8")
    uri = client.open(path)
    client.diagnostics(uri, 1)
    return uri


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.split("\n")) if needle in line)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("lsp")


@pytest.fixture(scope="module")
def client(folder: Path) -> Iterator[Client]:
    with Client(["--debounce", "10"], cwd=folder) as c:
        result = c.initialize(folder)
        caps = result["capabilities"]
        assert caps["completionProvider"] and caps["hoverProvider"] and caps["definitionProvider"]
        yield c


def _validate_json(path: Path) -> list[dict[str, Any]]:
    """What `bohn validate --format json` reports for the file (run in-process)."""
    import contextlib
    import io

    from engine.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        main(["validate", "--format", "json", str(path)])
    return list(json.loads(out.getvalue())["diagnostics"])


def test_effect_error_in_a_block_scalar_is_placed_where_validate_puts_it(client: Client, folder: Path) -> None:
    path = folder / "house.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    uri = client.open(path)
    found = client.diagnostics(uri, 1)
    [d] = [d for d in found if d["severity"] == 1]
    assert d["code"] == "L806"
    assert (d["range"]["start"]["line"], d["range"]["start"]["character"]) == (BAD_LINE - 1, BAD_COL - 1)
    assert d["range"]["end"]["character"] == BAD_COL - 1 + len("coinz")
    assert "did you mean `coins`" in d["message"] and "hint:" in d["message"]
    [expected] = [e for e in _validate_json(path) if e["severity"] == "error"]
    assert (expected["code"], expected["line"], expected["col"]) == (d["code"], BAD_LINE, BAD_COL)
    assert d["message"].startswith(expected["message"])


def test_edits_are_checked_as_typed_not_as_saved(client: Client, folder: Path) -> None:
    uri = _open(client, folder, "edits.yaml", HOUSE)
    fixed = HOUSE.replace("event.coinz", "event.coins")
    client.change(uri, 2, fixed)  # the file on disk keeps the mistake
    assert [d for d in client.diagnostics(uri, 2) if d["severity"] == 1] == []
    # an incremental edit: a second effect with a syntax error two lines further down
    lines = fixed.split("\n")
    added = "  +broken:\n    effect: |\n      modify field_price = = 1\n"
    client.change(uri, 3, added, (len(lines) - 1, 0, len(lines) - 1, 0))
    found = [d for d in client.diagnostics(uri, 3) if d["severity"] == 1]
    assert [d["code"] for d in found] == ["L800"]
    start = found[0]["range"]["start"]
    assert (start["line"], start["character"]) == (len(lines) + 1, len("      modify field_price = "))
    # back to a clean file; a schema error gets its S code at the offending value
    client.change(uri, 4, fixed.replace("count: 6", "count: many"))
    [d] = [d for d in client.diagnostics(uri, 4) if d["severity"] == 1]
    assert d["code"] == "S203" and d["range"]["start"]["line"] == _line_of(fixed, "+saffron")
    client.change(uri, 5, fixed)
    assert [d for d in client.diagnostics(uri, 5) if d["severity"] == 1] == []


def test_problem_in_an_extended_file_is_reported_there_and_on_the_extends_line(client: Client, folder: Path) -> None:
    parent = folder / "parent.yaml"
    # (the parent lowers red's count: a file that lowers it itself is told at its count instead)
    parent.write_text("extends: base\nid: parent\nname: Parent\nbeans:\n  red: {count: 3}\ntotal_cards: 149\n",
                      encoding="utf-8")
    child_text = "extends: parent.yaml\nid: child\nname: Child\n"
    child = folder / "child.yaml"
    child.write_text(child_text, encoding="utf-8")
    uri = client.open(child)
    found = client.diagnostics(uri, 1)
    # red's beanometer (2, 3, 4, 5) is set in the shipped base game and needs 5 cards
    mirrored = [d for d in found if d["code"] == "R403"]
    assert mirrored and mirrored[0]["range"]["start"]["line"] == 0 and "base.yaml" in mirrored[0]["message"]
    base_uri = (rulesets_dir() / "base.yaml").resolve().as_uri()
    there = client.diagnostics(base_uri)
    base_lines = (rulesets_dir() / "base.yaml").read_text(encoding="utf-8").split("\n")
    expected = [e for e in _validate_json(child) if e["file"] == "rulesets/base.yaml"]
    assert expected and {e["code"] for e in expected} == {"R403"}
    assert [(d["code"], d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1) for d in there] == \
        [(e["code"], e["line"], e["col"]) for e in expected]
    assert {d["range"]["start"]["line"] for d in there} == {_line_of("\n".join(base_lines), "{id: red,")}


def test_an_unsaved_parent_rechecks_what_extends_or_tests_it(client: Client, folder: Path) -> None:
    parent = folder / "mum.yaml"
    parent_text = ("extends: base\nid: mum\nname: Mum\ntotal_cards: 160\n"
                   "beans:\n  +saffron: {name: Saffron, count: 6, beanometer: [2, 3, 4, 5]}\n")
    parent.write_text(parent_text, encoding="utf-8")
    child = folder / "kid.yaml"
    child.write_text("extends: mum.yaml\nid: kid\nname: Kid\nbeans:\n  saffron: {count: 3}\ntotal_cards: 157\n",
                     encoding="utf-8")
    scenario = folder / "mum.scenario.yaml"
    scenario.write_text("ruleset: mum.yaml\nplayers: 3\nscenarios:\n  - name: starts\n    steps:\n"
                        "      - expect: {step: plant_from_hand}\n", encoding="utf-8")
    s_uri = client.open(scenario)
    assert client.diagnostics(s_uri, 1) == []
    child_uri = client.open(child)
    assert {d["code"] for d in client.diagnostics(child_uri, 1)} == {"R403"}  # 3 cards, beanometer up to 5
    p_uri = client.open(parent)
    assert client.diagnostics(p_uri, 1) == []
    # the parent, unsaved, gives saffron a beanometer that 3 cards can fill: the child is fine
    client.change(p_uri, 2, parent_text.replace("[2, 3, 4, 5]", "[1, 2, 3, null]"))
    assert client.diagnostics(p_uri, 2) == []
    assert client.diagnostics(child_uri) == []
    assert client.diagnostics(s_uri) == []  # re-checked too: it loads the parent
    # the parent, unsaved, breaks: the scenario that loads it says so, on its `ruleset:` line
    client.change(p_uri, 3, parent_text.replace("name: Mum", "name: [Mum]"))
    [own] = client.diagnostics(p_uri, 3)
    assert own["code"] == "S203" and own["range"]["start"]["line"] == 2
    found = client.diagnostics(s_uri)
    assert [d["code"] for d in found] == ["S203"] and found[0]["range"]["start"]["line"] == 0
    assert "mum.yaml:3" in found[0]["message"]
    client.change(p_uri, 4, parent_text)
    client.diagnostics(p_uri, 4)
    assert client.diagnostics(s_uri) == []


def test_completion_offers_schema_keys_ids_and_the_effect_vocabulary(client: Client, folder: Path) -> None:
    text = HOUSE.replace("event.coinz", "event.coins")
    uri = _open(client, folder, "complete.yaml", text)
    client.change(uri, 2, text + "pla\n")
    client.diagnostics(uri, 2)
    n = len(text.split("\n")) - 1

    def labels(line: int, character: int) -> dict[str, dict[str, Any]]:
        result = client.at("textDocument/completion", uri, line, character)
        items = result["items"] if isinstance(result, dict) else result
        return {i["label"]: i for i in items}

    top = labels(n, 3)
    assert {"player_counts", "zones", "turns", "cards"} <= set(top)
    assert "extends" not in top and "beans" not in top  # already written in this mapping
    assert top["player_counts"]["documentation"]["value"]
    # inside the effect: `event.` lists the payload of the trigger's event
    effect_line = _line_of(text, "event.bean")
    col = text.split("\n")[effect_line].index("event.") + len("event.")
    payload = labels(effect_line, col)
    assert set(payload) == set(V.EVENTS["harvested"])
    # elsewhere in the effect: statements and functions with their parameters, ids
    anywhere = labels(effect_line, len(text.split("\n")[effect_line]))
    assert anywhere["gain"]["detail"] == "gain(player: player, amount: int, from: zone = default) -> none"
    assert anywhere["gain"]["insertText"] == "gain(${1:player}, ${2:amount})"
    assert "count" in anywhere and "owner" in anywhere and "when" in anywhere
    assert "saffron" in anywhere and "coffee" in anywhere  # declared here and in base
    # `modify ` lists the queries; `when ` the events
    client.change(uri, 3, text + "  +more:\n    effect: modify \n")
    client.diagnostics(uri, 3)
    assert set(labels(n + 1, len("    effect: modify "))) == set(V.QUERIES)
    client.change(uri, 4, text + "  +more:\n    effect: |\n      when \n")
    client.diagnostics(uri, 4)
    assert set(labels(n + 2, len("      when "))) == set(V.EVENTS)
    # a value that names beans: ids of the ruleset and its parents
    client.change(uri, 5, text.replace("effects:", "player_counts:\n  3: {remove_beans: [co]}\neffects:"))
    client.diagnostics(uri, 5)
    line = _line_of(text, "effects:") + 1
    ids = labels(line, len("  3: {remove_beans: [co"))
    assert {"coffee", "cocoa", "saffron", "red"} <= set(ids)
    assert ids["saffron"]["detail"] == "bean"
    client.change(uri, 6, text)
    client.diagnostics(uri, 6)


def test_hover_explains_vocabulary_beans_and_error_codes(client: Client, folder: Path) -> None:
    text = HOUSE.replace("event.coinz", "event.coins")
    uri = _open(client, folder, "hover.yaml", text)
    line = _line_of(text, "gain(owner")
    source = text.split("\n")[line]

    def hover(line: int, character: int) -> str:
        result = client.at("textDocument/hover", uri, line, character)
        return str(result["contents"]["value"]) if result else ""

    gain = hover(line, source.index("gain") + 1)
    assert "gain(player: player, amount: int" in gain and V.STATEMENTS["gain"].doc in gain
    coins = hover(line, source.index("event.coins") + len("event.c"))
    assert "event.coins" in coins and "int" in coins and "harvested" in coins
    event = hover(line - 1, text.split("\n")[line - 1].index("harvested") + 2)
    assert "event **harvested**" in event and "event.coins: int" in event
    blue = hover(line, source.index("blue") + 1)  # a bean of the parent, in an effect
    assert "20 cards" in blue and "[4, 6, 8, 10]" in blue and "base.yaml" in blue
    saffron = hover(_line_of(text, "+saffron"), 4)
    assert "6 cards" in saffron and "2 beans → 1 coin" in saffron
    # an error code, as a scenario's `error:` names it
    scenario = folder / "codes.scenario.yaml"
    scenario_text = ("ruleset: base\nplayers: 3\nscenarios:\n  - name: refused\n    steps:\n"
                     "      - do: {seat: 1, kind: plant, field: 0}\n        error: G601\n")
    scenario.write_text(scenario_text, encoding="utf-8")
    s_uri = client.open(scenario)
    assert [d for d in client.diagnostics(s_uri, 1) if d["severity"] == 1] == []
    code = client.at("textDocument/hover", s_uri, 6, len("        error: G6"))
    assert code["contents"]["value"].startswith("**G601**: not your decision")


def test_definition_jumps_to_ids_and_extends_targets_across_files(client: Client, folder: Path) -> None:
    text = HOUSE.replace("event.coinz", "event.coins")
    uri = _open(client, folder, "definition.yaml", text)
    base = rulesets_dir() / "base.yaml"
    base_lines = base.read_text(encoding="utf-8").split("\n")
    target = client.at("textDocument/definition", uri, 1, len("extends: ba"))
    assert target["uri"] == base.resolve().as_uri() and target["range"]["start"]["line"] == 0
    line = _line_of(text, "gain(owner")
    blue = client.at("textDocument/definition", uri, line, text.split("\n")[line].index("blue") + 2)
    assert blue["uri"] == base.resolve().as_uri()
    blue_line = _line_of("\n".join(base_lines), "{id: blue,")
    assert blue["range"]["start"] == {"line": blue_line, "character": base_lines[blue_line].index("blue")}
    saffron = client.at("textDocument/definition", uri, line, 0)
    assert saffron is None or saffron["uri"] != base.resolve().as_uri()  # whitespace: nowhere useful
    # the scenario's ruleset and a zone it names
    s_uri = _open(client, folder, "definition.scenario.yaml", "ruleset: base\nplayers: 3\nscenarios: []\n")
    ruleset = client.at("textDocument/definition", s_uri, 0, len("ruleset: b"))
    assert ruleset["uri"] == base.resolve().as_uri()


def test_scenario_mistakes_are_diagnosed_like_validate(client: Client, folder: Path) -> None:
    path = folder / "bad.scenario.yaml"
    text = ("ruleset: base\nplayers: 3\nscenarios:\n  - name: broken\n    steps:\n"
            "      - do: {seat: 0, kind: plant, give: [hand]}\n")
    path.write_text(text, encoding="utf-8")
    uri = client.open(path)
    found = client.diagnostics(uri, 1)
    expected = _validate_json(path)
    assert [(d["code"], d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1) for d in found] == \
        [(e["code"], e["line"], e["col"]) for e in expected]
    assert expected, "the scenario should have a problem"


def test_shutdown_and_exit(folder: Path) -> None:
    with Client(cwd=folder) as c:
        c.initialize(folder)
        assert c.request("shutdown", None) is None
        c.notify("exit", None)
        assert c.process.wait(timeout=10) == 0
