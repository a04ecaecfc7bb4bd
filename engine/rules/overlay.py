"""Overlay merging: how `extends`, variants and house rules change what they build on.

The rules, which ``docs/rulesets.md`` documents for authors:

* a mapping patches a mapping key by key; a plain key must already exist (typo
  protection, with "did you mean"), ``+key`` adds a new entry, ``-key`` removes one;
* a list replaces a list wholesale;
* a mapping may patch a list of items that have ids: its keys are item ids, with the
  same ``+``/``-`` prefixes; an added item may say ``$after: id`` or ``$before: id``;
* any other value replaces the old one.

Values keep the span of the file that set them, so merged data still knows its origin.
The base is never mutated: merging works on a clone.
"""

from __future__ import annotations

from typing import Any

from engine.errors import BohnError, Diagnostic, did_you_mean
from engine.rules.located import LList, LMap, clone, key_span

#: Top-level keys that belong to each file rather than being inherited strictly.
FREE_TOP_KEYS = frozenset({"id", "name", "description", "extends", "variants"})


def merge(base: LMap, patch: LMap, *, top_level: bool = True) -> LMap:
    """Return ``base`` with ``patch`` applied; raise with every problem found."""
    problems: list[Diagnostic] = []
    merged = clone(base)
    _merge_map(merged, patch, problems, top_level)
    if problems:
        raise BohnError(problems)
    return merged


def _merge_map(target: LMap, patch: LMap, problems: list[Diagnostic], top_level: bool = False) -> None:
    """Apply ``patch`` to ``target`` in place. When entries are added or removed, the
    mapping's own span moves to the patch: it is the last file that shaped it."""
    if any(k[:1] in "+-" and len(k) > 1 for k in patch):
        target.span = patch.span
    removals = [k for k in patch if k.startswith("-") and len(k) > 1]
    for key in removals:
        name = key[1:]
        if name in target:
            target.drop(name)
        else:
            problems.append(_diag("O304", f"`{name}` cannot be removed: it does not exist{did_you_mean(name, list(target))}", patch, key))
    for key, value in patch.items():
        if key in removals:
            continue
        if key.startswith("+") and len(key) > 1:
            name = key[1:]
            if name in target:
                problems.append(_diag("O303", f"`{name}` already exists; write `{name}:` to change it", patch, key))
            else:
                target.put(name, clone(value), patch.key_spans.get(key), patch.value_spans.get(key))
            continue
        if key not in target:
            if top_level and key in FREE_TOP_KEYS:
                target.put(key, clone(value), patch.key_spans.get(key), patch.value_spans.get(key))
                continue
            problems.append(
                _diag("O302", f"`{key}` does not exist in what this file extends{did_you_mean(key, list(target))}", patch, key)
            )
            continue
        old = target[key]
        if top_level and key == "variants" and isinstance(old, LMap) and isinstance(value, LMap):
            for name, variant in value.items():
                target[key].put(name, clone(variant), value.key_spans.get(name), value.value_spans.get(name))
            continue
        if isinstance(value, LMap) and isinstance(old, LMap):
            _merge_map(old, value, problems)
            target.value_spans[key] = old.span or target.value_spans.get(key)  # type: ignore[assignment]
        elif isinstance(value, LMap) and isinstance(old, LList) and _is_id_list(old):
            _merge_id_list(old, value, problems)
            target.value_spans[key] = old.span or target.value_spans.get(key)  # type: ignore[assignment]
        elif isinstance(value, LMap) and old is not None:
            problems.append(_diag("O305", f"`{key}` is a {_kind(old)} here; a mapping cannot patch it", patch, key))
        else:
            target.put(key, clone(value), target.key_spans.get(key), patch.value_spans.get(key))


def _merge_id_list(target: LList, patch: LMap, problems: list[Diagnostic]) -> None:
    if any(k[:1] in "+-" and len(k) > 1 for k in patch):
        target.span = patch.span
    def index_of(item_id: str) -> int:
        for i, item in enumerate(target):
            if isinstance(item, dict) and item.get("id") == item_id:
                return i
        return -1

    ids = [str(item.get("id")) for item in target if isinstance(item, dict)]
    for key in [k for k in patch if k.startswith("-") and len(k) > 1]:
        i = index_of(key[1:])
        if i < 0:
            problems.append(_diag("O304", f"no item `{key[1:]}` to remove{did_you_mean(key[1:], ids)}", patch, key))
        else:
            del target[i]
            del target.item_spans[i]
    for key, value in patch.items():
        if key.startswith("-") and len(key) > 1:
            continue
        if key.startswith("+") and len(key) > 1:
            name = key[1:]
            if index_of(name) >= 0:
                problems.append(_diag("O303", f"item `{name}` already exists; write `{name}:` to change it", patch, key))
                continue
            if not isinstance(value, LMap):
                problems.append(_diag("O305", f"added item `{name}` must be a mapping", patch, key))
                continue
            item = clone(value)
            position = len(target)
            for anchor_key, offset in (("$after", 1), ("$before", 0)):
                if anchor_key in item:
                    anchor = index_of(str(item[anchor_key]))
                    if anchor < 0:
                        problems.append(
                            _diag("O307", f"`{anchor_key}: {item[anchor_key]}` names no item{did_you_mean(str(item[anchor_key]), ids)}", item, anchor_key)
                        )
                    else:
                        position = anchor + offset
                    item.drop(anchor_key)
            if "id" not in item:
                with_id = LMap(item.span)
                with_id.put("id", name, patch.key_spans.get(key), patch.key_spans.get(key))
                for k, v in item.items():
                    with_id.put(k, v, item.key_spans.get(k), item.value_spans.get(k))
                item = with_id
            target.insert(position, item)
            target.item_spans.insert(position, patch.value_spans.get(key))
            continue
        i = index_of(key)
        if i < 0:
            problems.append(_diag("O302", f"no item `{key}` in this list{did_you_mean(key, ids)}; write `+{key}` to add one", patch, key))
            continue
        old = target[i]
        if isinstance(value, LMap) and isinstance(old, LMap):
            _merge_map(old, value, problems)
        else:
            target[i] = clone(value)
            target.item_spans[i] = patch.value_spans.get(key)


def _is_id_list(value: LList) -> bool:
    return all(isinstance(item, dict) and isinstance(item.get("id"), str) for item in value)


def _kind(value: Any) -> str:
    if isinstance(value, list):
        return "list without item ids"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if value is None:
        return "null"
    return "text"


def _diag(code: str, message: str, where: LMap, key: str) -> Diagnostic:
    return Diagnostic(code, message, key_span(where, key))
