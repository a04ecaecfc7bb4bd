"""Actions: the one decision vocabulary shared by bots, scripts, humans and logs.

An action is a small immutable tuple, cheap to create and compare, so the engine can
list legal actions and test membership quickly. Card references inside actions are
*positions* (``("hand", 2)``), never card ids, because a seat must not learn the ids
of hidden cards and because positions are what a person points at.
"""

from __future__ import annotations

from typing import Any, NamedTuple

#: Kinds of action. Free kinds may be taken by any seat whenever the rules allow them.
PLANT = "plant"            # plant the card the step offers (or `card`) on field `field`
HARVEST = "harvest"        # harvest field `field`
BUY_FIELD = "buy_field"    # buy one more field
PASS = "pass"              # end an optional part of a step
DISCARD = "discard"        # discard a card (`card` = position in the step's source)
PROPOSE = "propose"        # offer cards `give` to seat `target` for bean types `want`
ACCEPT = "accept"          # accept the pending proposal, giving cards `give`
DECLINE = "decline"        # decline the pending proposal
END_TRADING = "end_trading"
ACT = "act"                # take declared action number `card` of the ruleset's effects (its name in `want`)
BUY_ITEM = "buy"           # buy the item named in `want`

FREE_KINDS = frozenset({HARVEST, BUY_FIELD, ACT, BUY_ITEM})

CardRef = tuple[str, int]


class Action(NamedTuple):
    """A decision by ``seat``. Unused fields keep their defaults."""

    kind: str
    seat: int
    field: int = -1
    card: int = -1
    target: int = -1  # an offer's seat; for plant/harvest the field's owner when not `seat`
    give: tuple[CardRef, ...] = ()
    want: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        if self.field >= 0:
            data["field"] = self.field
        if self.card >= 0:
            data["card"] = self.card
        if self.target >= 0:
            data["target"] = self.target
        if self.give:
            data["give"] = [list(ref) for ref in self.give]
        if self.want:
            data["want"] = list(self.want)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        return cls(
            kind=str(data["kind"]),
            seat=int(data["seat"]),
            field=int(data.get("field", -1)),
            card=int(data.get("card", -1)),
            target=int(data.get("target", -1)),
            give=tuple((str(z), int(i)) for z, i in data.get("give", ())),
            want=tuple(str(w) for w in data.get("want", ())),
        )

    def __str__(self) -> str:
        parts = [f"seat {self.seat} {self.kind}"]
        if self.field >= 0:
            parts.append(f"field {self.field}")
        if self.card >= 0:
            parts.append(f"card {self.card}")
        if self.target >= 0:
            parts.append(f"of seat {self.target}" if self.kind in (PLANT, HARVEST) else f"to seat {self.target}")
        if self.give:
            parts.append("giving " + ", ".join(f"{z}[{i}]" for z, i in self.give))
        if self.want:
            parts.append("for " + ", ".join(self.want))
        return " ".join(parts)
