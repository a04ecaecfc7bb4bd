"""Games told in words: one event at a time, or a turn per paragraph wrapped to the screen.

Both the account printed after ``bohn play`` and the live narration a person sees at
the terminal (other seats' moves as they happen) come from :func:`describe`, so the
two always agree. Beans and items are shown by their names (``Black-eyed bean``, ``2
Farm``), not their ids; ``label`` maps ids to names. Effects (coins gained or
paid, cards moved, fields added, declared actions used) are shown too, so a rule's
work never happens unseen.
"""

from __future__ import annotations

import shutil
import textwrap
from collections import Counter
from typing import Any, Callable, Iterable

Label = Callable[[str], str]

#: Events left out of the account printed after a game (the live narration shows them):
#: a declined offer, and a card reaching the front of a hand (the planting that follows
#: tells it; in a game whose rules watch the front of the hand it was a third of the phrases).
QUIET = frozenset({"declined", "card_at_front"})

#: Widest paragraph, even on a wide terminal: long lines are hard to read.
MAX_WIDTH = 100


def terminal_width() -> int:
    """The terminal's width (80 when unknown), at most ``MAX_WIDTH``."""
    return max(40, min(MAX_WIDTH, shutil.get_terminal_size((80, 24)).columns))


def labels(rules: Any) -> Label:
    """Names for the ids of a ruleset's beans, cards of other kinds (items among them: an
    item is a card of a kind with ``buy:``, of the same id and name) and zones."""
    names = {b.id: b.name for b in getattr(rules, "beans", ())}
    # the cards of other kinds too: an action card's action is logged under its card's id
    names.update({c.id: c.name for kind in getattr(rules, "kinds", ()) for c in kind.cards})
    # and the zones by their names (``the face-up orders``), a card's name first on a clash
    for zone in getattr(rules, "zones", ()):
        names.setdefault(zone.id, zone.name)
    return lambda ident: names.get(ident, ident)


def beans(ids: Iterable[str], label: Label) -> str:
    """``2× Blue bean, Red bean``; ``nothing`` for none."""
    counts = Counter(ids)
    return ", ".join(f"{n}× {label(b)}" if n > 1 else label(b) for b, n in counts.items()) or "nothing"


def describe(e: dict[str, Any], names: list[str], label: Label = str) -> str | None:
    """One event in words, or None for bookkeeping events nobody needs to read."""
    t = e["type"]
    seat = e.get("seat")
    who = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    if t == "planted":
        return f"{who} planted {label(e['bean'])}"
    if t == "revealed":
        return f"revealed {label(e['bean'])}" + (" from the discard pile" if e.get("source") == "discard" else "")
    if t == "offered":
        return None  # the answer (traded / declined) says what happened
    if t == "traded":
        got = e.get("got") or []
        other = names[e["target"]] if isinstance(e.get("target"), int) else "?"
        deal = f"for {beans(got, label)}" if got else "as a gift"
        return f"{who} gave {beans(e.get('gave') or [], label)} to {other} {deal}"
    if t == "declined":
        other = names[e["target"]] if isinstance(e.get("target"), int) else "?"
        return f"{who} declined {other}'s offer"
    if t == "harvested":
        end = " at the end" if e.get("final") else ""
        return f"{who} harvested {e['beans']}× {label(e['bean'])} for {e['coins']} coin{'s' if e['coins'] != 1 else ''}{end}"
    if t == "field_bought":
        return f"{who} bought a field ({e.get('price', '?')} coins)"
    if t == "bought":
        return f"{who} bought {label(e['item'])} ({e.get('price', '?')} coins)"
    if t == "items_removed":
        return f"{', '.join(label(i) for i in e['items'])} left the game"
    if t == "drew":
        return f"{who} drew {e['cards']}"
    if t == "deck_ran_out":
        return f"the deck ran out ({e['runout']}{', the last time' if e['final'] else ''})"
    if t == "discarded":
        return f"{who} discarded {label(e['bean'])}"
    if t == "kept":
        return f"{who} kept {beans(e.get('beans') or [], label)}" if e.get("beans") else None
    if t == "acted":
        # an effect may declare several actions (`gifts`: plant_revealed, give): name the one taken
        used, name = label(str(e.get("action"))), e.get("name")
        if name and name != e.get("action"):
            return f"{who} used {used}: {str(name).replace('_', ' ')}"
        return f"{who} used {used}"
    if t == "gained":
        return f"{who} gained {e['coins']} coin{'s' if e['coins'] != 1 else ''}" if e.get("coins") else None
    if t == "paid":
        return f"{who} paid {e['coins']} coin{'s' if e['coins'] != 1 else ''}" if e.get("coins") else None
    if t == "moved":
        zone = label(str(e["to"]))
        where = f"{who}'s {zone[4:] if zone.startswith('the ') else zone}" if who else zone
        return f"{beans(e.get('beans') or [], label)} moved to {where}" if e.get("beans") else None
    if t == "field_added":
        return f"{who} got a new field"
    if t == "field_removed":
        return f"{who} lost a field"
    if t == "shuffled":
        return f"{label(str(e.get('zone')))} was shuffled"
    if t == "counter":
        return f"{who}'s {e.get('name')} is now {e.get('value')}"
    if t == "shown":
        return f"{who} was shown {beans(e.get('beans') or [], label)}"
    if t == "card_at_front":
        return f"{label(str(e.get('bean')))} came to the front of {who}'s hand"
    if t == "cancelled":
        return f"{who}'s {label(str(e.get('action')))} was cancelled"
    if t == "note":
        return "".join(c if c.isprintable() else "?" for c in str(e.get("text", "")))
    if t == "last_round":
        return "the last round begins"
    return None


def _cited(text: str) -> tuple[str, str]:
    """``text`` without the citation of the rule that did it (`` [file:line]``), and the citation."""
    if text.endswith("]") and " [" in text:
        body, _, rule = text.rpartition(" [")
        return body, " [" + rule
    return text, ""


def _merge(parts: list[str], text: str) -> None:
    """``A planted X`` then ``A planted Y`` read as ``A planted X, Y``; so do two plantings
    by the same rule, its citation told once (``A planted X, Y [file:line]``)."""
    body, cite = _cited(text)
    for verb in (" planted ", "revealed "):
        if verb in body and parts:
            head, _, what = body.partition(verb)
            prev_body, prev_cite = _cited(parts[-1])
            prev_head, sep, prev_what = prev_body.partition(verb)
            if sep and prev_head == head and prev_cite == cite and "from the discard" not in what + prev_what:
                parts[-1] = f"{prev_head}{verb}{prev_what}, {what}{cite}"
                return
    parts.append(text)


def turn_lines(events: list[dict[str, Any]], names: list[str], label: Label = str, width: int | None = None) -> list[str]:
    """A paragraph per turn: ``turn N, player`` and what happened, wrapped to ``width``."""
    width = width or terminal_width()
    lines: list[str] = []
    head = ""
    parts: list[str] = []

    def flush() -> None:
        if not head:
            return
        body = "; ".join(parts) if parts else "—"
        lines.extend(textwrap.wrap(f"{head} {body}", width=width, subsequent_indent="      ",
                                   break_on_hyphens=False) or [head])

    counters: dict[tuple[Any, Any], Any] = {}  # each counter's value as last told (0 before any)
    for e in events:
        if e["type"] in QUIET:
            continue
        if e["type"] == "counter":  # a counter set to the value it had tells nothing (a rule's reset each turn)
            key = (e.get("seat"), e.get("name"))
            if counters.get(key, 0) == e.get("value"):
                continue
            counters[key] = e.get("value")
        if e["type"] == "turn_started":
            flush()
            seat = e.get("seat")
            head = f"turn {e['turn']}, {names[seat] if isinstance(seat, int) else '?'}:"
            parts = []
            continue
        text = describe(e, names, label)
        if text and e.get("effect") and e.get("rule"):
            text += f" [{e['rule']}]"  # what an effect's statement did names the statement
        if text:
            _merge(parts, text)
    flush()
    return lines
