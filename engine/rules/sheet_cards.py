"""Rulesheet parts for the card model: one table per card kind, the decks, the set-up.

Kept apart from ``sheet.py`` so that the bean tables stay beans only and each kind's
table shows the attributes that kind declares (names and columns are data).
"""

from __future__ import annotations

from typing import Any

from engine.rules.model import PlayerCountRow, Ruleset, SetupStep


def kinds_data(rules: Ruleset) -> list[dict[str, Any]]:
    return [
        {"id": k.id, "name": k.name, "description": k.description, "starts_in": k.starts_in, "zones": list(k.zones),
         "plant": k.plant, "trade": k.trade, "attributes": dict(k.attributes),
         "cards": [{"id": c.id, "name": c.name, "count": c.count, "values": dict(c.values), "description": c.description}
                   for c in k.cards]}
        for k in rules.kinds if k.buy is None  # bought kinds have their own table (sheet.py)
    ]


def kinds_markdown(rules: Ruleset) -> list[str]:
    """One section per card kind: its rules in a sentence, then a table of its cards."""
    out: list[str] = []
    for kind in rules.kinds:
        if kind.buy is not None:  # shown in the table of things to buy, with prices and beanometers
            continue
        out += [f"## {kind.name}", ""]
        if kind.description:
            out += [kind.description, ""]
        where = f"They start in {place(rules, kind.starts_in)}"
        # where else they may be (the start zone said once), as a player reads a list;
        # ``zones`` always holds the start zone (R452), and a card may come back to it (an
        # order returned under its deck), so the sentence does not say they only leave it
        others = _merge_qualified([place(rules, z) for z in kind.zones if z != kind.starts_in])
        if kind.zones and others:
            listed = others[0] if len(others) == 1 else ", ".join(others[:-1]) + " or " + others[-1]
            where += " and may be only there or in " + listed + "."
        else:
            where += " and never leave it." if kind.zones else "."
        rules_text = [where, "They may be planted." if kind.plant else "They are never planted.",
                      "They may be traded." if kind.trade else "They cannot be traded."]
        out += [" ".join(rules_text), ""]
        names = list(kind.attributes)
        texts = any(card.description for card in kind.cards)  # no empty text column
        out.append("| " + " | ".join(["card", "copies", *names] + (["text"] if texts else [])) + " |")
        out.append("|---|--:|" + "---|" * (len(names) + texts))
        for card in kind.cards:
            cells = [card.name, str(card.count), *(_cell(card.values.get(n), kind.attributes[n], rules) for n in names)]
            out.append("| " + " | ".join(cells + ([card.description] if texts else [])) + " |")
        out.append("")
    return out


def _merge_qualified(names: list[str]) -> list[str]:
    """Zone names of one place told apart by a bracket merged into one name.

    Why: two zones of one place ("the collection field (face down)", "the collection
    field (face up)") read as two places in a list; a player reads "the collection field
    (face down or face up)". Names without a bracket, or alone with theirs, stay as they are.
    """
    merged: list[str | list[str]] = []  # a plain name, or the brackets of one stem in order
    stems: dict[str, list[str]] = {}
    for name in names:
        stem, sep, rest = name.partition(" (")
        if not sep or not rest.endswith(")"):
            merged.append(name)
        elif stem in stems:
            stems[stem].append(rest[:-1])
        else:
            stems[stem] = [stem, rest[:-1]]
            merged.append(stems[stem])
    return [item if isinstance(item, str) else f"{item[0]} ({' or '.join(item[1:])})" for item in merged]


def setup_lines(rules: Ruleset, row: PlayerCountRow) -> list[str]:
    """The ``setup:`` section and the extra decks, as rulesheet bullets."""
    out = [f"- {describe_setup(line, row, rules)}" for line in rules.setup]
    for deck in rules.decks()[1:]:
        if _dealt_out(rules, row, deck.id):  # nothing is ever drawn from it after the set-up
            continue
        name = place(rules, deck.id)
        said = (f"When {name} is empty, {place(rules, deck.discard)} is shuffled into it"
                if deck.discard and deck.reshuffle == "discard" else f"{_capital(name)} is not refilled when it runs out")
        out.append(f"- {said}" + ("; its run-outs count towards the end." if deck.runouts else "."))
    return out


def _dealt_out(rules: Ruleset, row: PlayerCountRow, deck_id: str) -> bool:
    """Does the set-up deal every card that starts in ``deck_id`` (two role cards
    to two players)? Then whether it is refilled is of no use to a player."""
    held = sum(card.count for kind in rules.kinds if kind.starts_in == deck_id for card in kind.cards)
    dealt = 0
    for line in rules.setup:
        kind = next((k for k in rules.kinds if k.id == line.kind), None) if line.kind else None
        if line.action == "coins" or (line.source or (kind.starts_in if kind else None)) != deck_id:
            continue
        each = any(z.id in line.to and z.owner == "player" for z in rules.zones)
        dealt += line.number(row) * (row.players if each else 1) * len(line.to)
    return held > 0 and dealt >= held


def describe_setup(line: SetupStep, row: PlayerCountRow, rules: Ruleset | None = None) -> str:
    n = line.number(row)

    def at(zone_id: str) -> str:
        return place(rules, zone_id) if rules is not None else zone_id.replace("_", " ")

    if line.action == "coins":
        return f"Every player gets {n} coin(s) from {at(line.source) if line.source else 'the draw pile'}."
    kind = next((k for k in rules.kinds if k.id == line.kind), None) if rules is not None and line.kind else None
    name = (kind.name if kind else str(line.kind).replace("_", " ")).lower()
    what = f"{n} {name}" + ("" if n == 1 or name.endswith("s") else "s") if line.kind else f"{n} card" + ("" if n == 1 else "s")
    # a deck's top; any other zone (a row laid out, a place on the table) is dealt onto
    decks = {z.id for z in rules.zones if z.kind == "deck"} if rules is not None else set()
    top = "on top of" if all(z in decks for z in line.to) else "onto"
    where = {"top": top, "back": "at the back of", "bottom": "at the bottom of", "front": "at the front of"}[line.at]
    each = any(z.id in line.to and z.owner == "player" for z in rules.zones) if rules is not None else False
    targets = [at(z) for z in line.to]
    onto = targets[0] if len(targets) == 1 else "each of " + ", ".join(targets[:-1]) + " and " + targets[-1]
    return (f"Deal {what}" + (f" from {at(line.source)}" if line.source else "") + (" to each player," if each else "")
            + f" {where} {onto}.")


def place(rules: Ruleset, zone_id: str) -> str:
    """A zone as a player names it: the game's own piles by what they are, any other by
    its ``name`` (a short player-facing name), else by its id in words (``order_deck``: the
    order deck); an id is never printed as code, a description never pasted in."""
    zone = next((z for z in rules.zones if z.id == zone_id), None)
    if zone is None:
        return zone_id.replace("_", " ")
    decks = rules.decks()
    if zone.id == decks[0].id:
        return "the draw pile"
    if zone.id == decks[0].discard:
        return "the discard pile"
    word = {"hand": "the hand", "fields": "the bean fields", "coins": "the coins (earnings)"}.get(zone.kind)
    return word or zone.name or "the " + zone.id.replace("_", " ")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _cell(value: Any, kind: str = "", rules: Ruleset | None = None) -> str:
    """An attribute's value as a table cell; a bean (``bean``, ``beans``) by its name."""
    if value is None:
        return "–"
    names = {b.id: b.name for b in rules.beans} if rules is not None and kind in ("bean", "beans") else {}
    if isinstance(value, list):
        return ", ".join(names.get(str(v), str(v)) for v in value)
    return names.get(str(value), str(value))
