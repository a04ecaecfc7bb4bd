"""Editors get hover help: every schema property has a description, every shipped file the schema line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parent.parent


def _properties(node: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(node, dict):
        for name, sub in node.get("properties", {}).items():
            yield f"{path}/{name}", sub
        for key, sub in node.items():
            if isinstance(sub, (dict, list)):
                yield from _properties(sub, f"{path}/{key}")
    elif isinstance(node, list):
        for i, sub in enumerate(node):
            yield from _properties(sub, f"{path}/{i}")


def test_every_property_has_a_description() -> None:
    for schema_file in (ROOT / "schemas").glob("*.schema.json"):
        schema = json.loads(schema_file.read_text())
        missing = [p for p, sub in _properties(schema)
                   if isinstance(sub, dict) and "description" not in sub and "/if/" not in p]  # `if` tests are not properties
        assert missing == [], f"{schema_file.name}: {missing}"


def test_shipped_rulesets_declare_their_schema() -> None:
    for ruleset in (ROOT / "rulesets").glob("*.yaml"):
        first = ruleset.read_text(encoding="utf-8").splitlines()[0]
        assert first == "# yaml-language-server: $schema=../schemas/ruleset.schema.json", ruleset.name
