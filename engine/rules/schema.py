"""JSON Schema validation with errors that point at the YAML that caused them.

The schema files in ``schemas/`` are the contract for editors (hover help, completion)
and for us. jsonschema reports a path into the document; the located data turns that
path into ``file:line:col``, and each jsonschema keyword maps to a stable code.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from typing import Any, Iterator

from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError

from engine.errors import Diagnostic, did_you_mean
from engine.paths import schemas_dir
from engine.rules.located import span_at, span_of

_RANGE_KEYWORDS = {"enum", "const", "minimum", "maximum", "pattern", "minItems", "maxItems", "minLength",
                   "minProperties", "uniqueItems", "propertyNames", "exclusiveMinimum", "exclusiveMaximum"}


def _is_integer(checker: Any, instance: Any) -> bool:
    """An integer is an ``int`` (JSON Schema also counts ``3.0``, which then reaches the
    game as a float and breaks ``range()`` and list indexing)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


def _pattern(validator: Any, pattern: str, instance: Any, schema: dict[str, Any]) -> Iterator[ValidationError]:
    """``pattern`` where a final ``$`` really means the end: in Python's ``re`` it also
    matches before a trailing newline, which let ``id: "h\\n"`` through."""
    if not isinstance(instance, str):
        return
    found = re.search(pattern, instance)
    if found is None or (pattern.endswith("$") and not pattern.endswith("\\$") and found.end() != len(instance)):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


_Strict = validators.extend(
    Draft202012Validator,
    validators={"pattern": _pattern},
    type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
)


@lru_cache(maxsize=None)
def validator(name: str) -> Any:
    """The validator for ``schemas/<name>.schema.json``, built once per process: Draft
    2020-12 with integers that are integers and anchored patterns."""
    schema = json.loads((schemas_dir() / f"{name}.schema.json").read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return _Strict(schema)


def validate(document: Any, schema_name: str = "ruleset") -> list[Diagnostic]:
    """Every schema problem of ``document``, sorted by position."""
    found: list[Diagnostic] = []
    for error in _errors(validator(schema_name), schema_name, document):
        found.extend(_diagnose(error, document))
    unique = {(d.code, d.message, str(d.span)): d for d in found}
    return sorted(unique.values(), key=lambda d: (d.span.file, d.span.line, d.span.col) if d.span else ("", 0, 0))


#: (schema, top-level key, digest of its value) of values known to be valid. Validating
#: a scenario folder builds the same ruleset with dozens of small patches; each patch
#: changes one or two top-level keys, and the others need not be checked again.
_CLEAN: dict[tuple[str, str, str], bool] = {}
_CLEAN_LIMIT = 4096


def _digest(value: Any) -> str | None:
    """The content of a value as text (None when it cannot be written as JSON)."""
    try:
        return json.dumps(value, sort_keys=True, separators=(",", ":"))
    except (TypeError, ValueError):
        return None


def _errors(v: Draft202012Validator, name: str, document: Any) -> Iterator[ValidationError]:
    """The errors of a whole document, the same as ``v.iter_errors(document)``, but a
    value whose very content validated before against the same part of the schema is
    not validated again: top-level values, and the entries of top-level lists and maps
    (one item, one player-count row), so a patch that changes one item re-checks it alone."""
    schema = v.schema
    props = schema.get("properties") if isinstance(schema, dict) else None
    if not isinstance(document, dict) or not isinstance(props, dict) or schema.get("type") != "object":
        yield from v.iter_errors(document)
        return
    shallow = {**schema, "properties": {key: True for key in props}}  # type, required, unknown keys
    yield from v.evolve(schema=shallow).iter_errors(document)
    for key, value in document.items():
        sub = props.get(key)
        if sub is None:
            continue
        entries: Any = None
        if isinstance(value, list) and isinstance(sub, dict) and isinstance(sub.get("items"), dict):
            entries, shell = enumerate(value), {**sub, "items": True}
            part = sub["items"]
        elif (isinstance(value, dict) and isinstance(sub, dict) and isinstance(sub.get("additionalProperties"), dict)
              and "properties" not in sub and "patternProperties" not in sub):
            entries, shell = value.items(), {**sub, "additionalProperties": True}
            part = sub["additionalProperties"]
        if entries is None:
            yield from _cached(v, name, (key,), value, sub, f"{name}/{key}")
            continue
        for error in v.descend(value, shell, path=key, schema_path="properties"):
            yield error
        for index, entry in entries:
            for error in _cached(v, name, (index,), entry, part, f"{name}/{key}/*"):
                error.path.appendleft(key)
                yield error


def _cached(v: Draft202012Validator, name: str, path: tuple[Any, ...], value: Any, schema: Any, where: str
            ) -> Iterator[ValidationError]:
    digest = _digest(value)
    cache_key = (name, where, digest or "")
    if digest is not None and cache_key in _CLEAN:
        return
    errors = list(v.descend(value, schema, path=path[0]))
    if not errors and digest is not None:
        if len(_CLEAN) >= _CLEAN_LIMIT:
            _CLEAN.clear()
        _CLEAN[cache_key] = True
    yield from errors


def _where(path: Any, document: Any = None) -> str:
    """A readable path: list items are named by their id where they have one."""
    parts: list[str] = []
    node = document
    for part in path:
        child = None
        if isinstance(node, (dict, list)):
            try:
                child = node[part]
            except (KeyError, IndexError, TypeError):
                child = None
        if isinstance(part, int) and isinstance(child, dict) and isinstance(child.get("id"), str):
            parts.append(child["id"])
        else:
            parts.append(str(part))
        node = child
    return "/".join(parts) if parts else "the top level"


def _diagnose(error: ValidationError, document: Any) -> list[Diagnostic]:
    path = list(error.absolute_path)
    span = span_at(document, path)
    keyword = error.validator
    if keyword == "required":
        missing = [name for name in error.validator_value if isinstance(error.instance, dict) and name not in error.instance]
        return [Diagnostic("S201", f"`{_where(path, document)}` is missing required key `{name}`", span) for name in missing]
    if keyword == "additionalProperties" and isinstance(error.instance, dict):
        allowed = list(error.schema.get("properties", {}))
        # (every key not among ``properties`` is an extra: bohn's schemas name no
        # ``patternProperties``: tests/rules/test_mutation_survivors.py checks they never do)
        extras = [k for k in error.instance if k not in allowed]
        return [
            Diagnostic("S202", f"unknown key `{k}` in `{_where(path, document)}`{did_you_mean(k, allowed)}", span_at(document, [*path, k], key=True))
            for k in extras
        ]
    if keyword == "type":
        return [Diagnostic("S203", f"`{_where(path, document)}`: {_short(error.instance)} is not of type {_types(error.validator_value)}", span)]
    if keyword == "oneOf" and error.context:
        description = error.schema.get("description", "")
        message = f"`{_where(path, document)}`: {_short(error.instance)} fits none of the allowed forms"
        if description:
            message += f" ({description.rstrip('.')})"
        # S204 when some form takes the value's type but not the value itself (`-1` for a count);
        # jsonschema's best_match would prefer the other form's type error and say S203.
        code = "S204" if any(e.validator != "type" for e in error.context) else "S203"
        return [Diagnostic(code, message, span)]
    if keyword in _RANGE_KEYWORDS:
        # a key's name refused (``propertyNames``: jsonschema reports the name's own
        # ``pattern`` error, under that keyword in the schema path): placed at the key
        if keyword == "propertyNames" or "propertyNames" in error.relative_schema_path:
            bad = error.instance if isinstance(error.instance, str) else None
            span = span_at(document, [*path, bad], key=True) if bad is not None else span
        return [Diagnostic("S204", f"`{_where(path, document)}`: {error.message}", span)]
    return [Diagnostic("S200", f"`{_where(path, document)}`: {error.message}", span or span_of(document))]


def _types(value: Any) -> str:
    return " or ".join(value) if isinstance(value, list) else str(value)


def _short(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 40 else text[:37] + "..."
