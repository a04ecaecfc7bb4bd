"""A house ruleset of one or more effects, written into a test's folder and loaded.

Why: many tests need "the base game (or an expansion) plus this one rule", and each wrote
the same few YAML lines by hand; this writes them once, with the rule's text quoted as
YAML reads it (``json.dumps`` of a str is a valid YAML double-quoted scalar)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.rules.loader import load_ruleset
from engine.rules.model import Ruleset


def house_rules(tmp_path: Path, effects: dict[str, str], extends: str = "base") -> Ruleset:
    """``extends`` with each of ``effects`` (id -> effect text) added, loaded from
    ``tmp_path/house.yaml``."""
    lines = [f"extends: {extends}", "id: house", "name: House", "effects:"]
    for rule_id, effect in effects.items():
        lines += [f"  +{rule_id}:", f"    effect: {json.dumps(effect)}"]
    path = tmp_path / "house.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return load_ruleset(str(path))
