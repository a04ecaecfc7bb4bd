"""The JSON Schema at a key path: which keys may be written there, and what they mean.

Paths come from :mod:`engine.lsp.context` (keys, ``-`` for list items). Overlay files
write ``+key``/``-key`` and patch lists of items by id with mappings, so a key met
where the schema has a list steps into the list's items; ``patch`` of a variant and
``rules``/``mutant`` of a scenario are whole ruleset overlays.
"""

from __future__ import annotations

from typing import Any

from engine.rules.schema import validator

#: Keys whose value is itself a ruleset overlay.
OVERLAY_KEYS = frozenset({"patch", "rules", "mutant"})


def root(name: str) -> dict[str, Any]:
    """The schema ``schemas/<name>.schema.json`` as loaded by the validator."""
    schema = validator(name).schema
    assert isinstance(schema, dict)
    return schema


def _deref(node: Any, top: dict[str, Any]) -> dict[str, Any]:
    for _ in range(16):
        if not isinstance(node, dict):
            return {}
        ref = node.get("$ref")
        if not isinstance(ref, str) or not ref.startswith("#/"):
            return node
        target: Any = top
        for part in ref[2:].split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        node = merged
    return node if isinstance(node, dict) else {}


def _alternatives(node: dict[str, Any], top: dict[str, Any]) -> list[dict[str, Any]]:
    out = [node]
    for keyword in ("oneOf", "anyOf", "allOf"):
        for alt in node.get(keyword, ()):
            out.append(_deref(alt, top))
    return out


def _child(node: dict[str, Any], key: str, top: dict[str, Any]) -> dict[str, Any] | None:
    name = key[1:] if key[:1] in "+-" and len(key) > 1 else key
    for alt in _alternatives(node, top):
        if key == "-":
            if isinstance(alt.get("items"), dict):
                return _deref(alt["items"], top)
            continue
        props = alt.get("properties", {})
        if name in props:
            return _deref(props[name], top)
        if alt.get("type") == "array" and isinstance(alt.get("items"), dict):
            return _deref(alt["items"], top)  # a mapping patching a list of items by id
        if isinstance(alt.get("additionalProperties"), dict):
            return _deref(alt["additionalProperties"], top)
        for pattern in alt.get("patternProperties", {}).values():
            return _deref(pattern, top)
    return None


def schema_at(path: tuple[str, ...], name: str = "ruleset") -> dict[str, Any] | None:
    """The subschema that describes the node at ``path`` (None when the path leaves it)."""
    top = root(name)
    node: dict[str, Any] | None = top
    for key in path:
        if node is None:
            return None
        node = _child(node, key, top)
        if key in OVERLAY_KEYS and node is not None and node.get("type") == "object" and not _properties(node):
            top = root("ruleset")  # an overlay: written like a ruleset file
            node = top
    return node


def _properties(node: dict[str, Any]) -> dict[str, Any]:
    props: dict[str, Any] = {}
    for alt in _alternatives(node, {}):
        props.update(alt.get("properties", {}))
    return props


def keys_at(path: tuple[str, ...], name: str = "ruleset") -> dict[str, str]:
    """Keys a mapping at ``path`` may have, with their descriptions."""
    node = schema_at(path, name)
    if node is None:
        return {}
    top = root(name)
    out: dict[str, str] = {}
    for alt in _alternatives(node, top):
        if alt.get("type") == "array" and isinstance(alt.get("items"), dict):
            alt = _deref(alt["items"], top)
        for key, sub in alt.get("properties", {}).items():
            out[key] = str(_deref(sub, top).get("description", ""))
    return out


def enum_at(path: tuple[str, ...], name: str = "ruleset") -> list[object]:
    """The values allowed at ``path`` when the schema lists them."""
    node = schema_at(path, name)
    if node is None:
        return []
    values: list[object] = []
    for alt in _alternatives(node, root(name)):
        values += list(alt.get("enum", ()))
        if "const" in alt:
            values.append(alt["const"])
        if alt.get("type") == "boolean":
            values += [True, False]
    return values


def description_at(path: tuple[str, ...], name: str = "ruleset") -> str:
    node = schema_at(path, name)
    return str(node.get("description", "")) if node else ""


def types_at(path: tuple[str, ...], name: str = "ruleset") -> set[str]:
    """The JSON types a value at ``path`` may have (empty when the schema does not say)."""
    node = schema_at(path, name)
    if node is None:
        return set()
    out: set[str] = set()
    for alt in _alternatives(node, root(name)):
        t = alt.get("type")
        out.update([t] if isinstance(t, str) else t if isinstance(t, list) else [])
    return out
