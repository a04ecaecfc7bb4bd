"""A person at the terminal: the seat's view, a short menu, compact trade input.

Only the seat's own view is shown (its hand, the table, other hands as sizes). What
the other seats do is told as it happens (:meth:`HumanAgent.notice`, fed the game's
events by ``bohn play``), including the answers to the person's own offers. An offer
made to the person is shown with its contents: the cards offered and what is wanted.

Input: a number from the menu; ``offer CARDS [to SEAT|all] [for BEANS]`` (``offer 2,3
to 1 for blue``: hand cards 2 and 3, counted from the front, to seat 1 for a blue bean;
``r1`` is revealed card 1; without ``for`` the cards are a gift); ``?`` shows the
table again, ``h`` the help, ``q`` stops the game (exit 0). Bad input asks again; the
end of input stops the game with C500.
"""

from __future__ import annotations

import re
from typing import Any, Callable, TextIO

from engine.errors import BohnError
from engine.game.actions import ACCEPT, DECLINE, PROPOSE, Action
from engine.game.view import SeatView

#: Longest line read as an answer (a longer one is refused, not parsed).
MAX_INPUT = 200

HELP = """\
  a number        take that choice from the menu
  offer 2,3 to 1 for blue
                  offer hand cards 2 and 3 (counted from the front) to seat 1 for a
                  blue bean; `r1` is revealed card 1; `to all` offers to every seat;
                  without `for` the cards are a gift; `for blue,red` wants two beans
  ?               show the table again
  h               this help
  q               stop the game"""


class PlayerQuit(Exception):
    """The person typed ``q``: the game stops, cleanly (``bohn play`` exits 0)."""


def _bean_names(view: SeatView) -> dict[str, str]:
    out = {}
    for bean in view.beans_in_play():
        try:
            out[bean] = view.bean(bean).name
        except KeyError:
            out[bean] = bean
    return out


def describe(action: Action, view: SeatView) -> str:
    """An action in words, from the seat's point of view."""
    names = _bean_names(view)
    k = action.kind
    if k == "plant":
        where = f"field {action.field + 1}"
        fields = view.fields()
        if 0 <= action.field < len(fields) and fields[action.field][0]:
            bean, count = fields[action.field]
            where += f" ({count}× {names.get(bean or '', bean)})"
        else:
            where += " (empty)"
        what = f"card {action.card + 1} of the step" if action.card >= 0 else "the front card"
        hand, aside = view.hand(), view.set_aside()
        if action.card < 0 and hand:
            what = names.get(hand[0], hand[0])
        elif 0 <= action.card < len(aside):
            what = names.get(aside[action.card], aside[action.card])
        return f"plant {what} on {where}"
    if k == "harvest":
        bean, count = view.fields()[action.field]
        return f"harvest field {action.field + 1} ({count}× {names.get(bean or '', bean)})"
    if k == "propose":
        to = "every seat" if action.target < 0 else f"seat {action.target}"
        give = ", ".join(names.get(b, b) for b in _own_cards(view, action.give)) or "nothing"
        want = ", ".join(names.get(w, w) for w in action.want) or "nothing (a gift)"
        return f"offer {give} to {to} for {want}"
    if k == "accept":
        given = _own_cards(view, action.give)
        return "accept" + (f", giving {', '.join(names.get(b, b) for b in given)}" if given else " (you give nothing)")
    if k == "decline":
        return "decline"
    if k == "discard":
        return f"discard card {action.card + 1}"
    if k == "buy":
        item = action.want[0]
        return f"buy {view.item_name(item)} ({view.item_price(item)} coins)"
    if k == "buy_field":
        return "buy a field"
    if k == "act":
        return f"use {view.item_name(action.want[0]) if action.want else 'an action'}"
    if k == "end_trading":
        return "end trading"
    return k.replace("_", " ")


def _own_cards(view: SeatView, refs: tuple[tuple[str, int], ...]) -> list[str]:
    """The beans at the seat's own card positions (hand, revealed cards, other own zones)."""
    out = []
    for zone, index in refs:
        cards = view.hand() if zone == "hand" else view.trade_display() if zone == view.trade_zone() else view.set_aside(zone)
        out.append(cards[index] if 0 <= index < len(cards) else "?")
    return out


_OFFER = re.compile(r"^(?:offer|gift|give)\s+(?P<cards>[r\d][r\d,\s]*?)\s*(?:to\s+(?P<to>all|\d+))?\s*(?:for\s+(?P<want>.+))?$")


def parse_offer(text: str, view: SeatView) -> Action | str:
    """A compact offer as an action, or what is wrong with it (a message)."""
    m = _OFFER.match(text.strip().lower())
    if not m:
        return "write an offer as: offer 2,3 to 1 for blue (see h)"
    give: list[tuple[str, int]] = []
    for part in re.split(r"[,\s]+", m["cards"].strip()):
        if not part:
            continue
        zone = view.trade_zone() if part.startswith("r") else "hand"
        digits = part[1:] if part.startswith("r") else part
        if not digits.isdigit() or not zone:
            return f"`{part}`: name cards by number (hand) or r and a number (revealed cards)"
        pool = view.trade_display() if part.startswith("r") else view.hand()
        index = int(digits) - 1
        if not 0 <= index < len(pool):
            return f"`{part}`: there are {len(pool)} {'revealed cards' if part.startswith('r') else 'cards in your hand'}"
        give.append((zone, index))
    if m["to"] is None or m["to"] == "all":
        target = -1 if view.active == view.seat else view.active
    else:
        target = int(m["to"])
    want: list[str] = []
    if m["want"]:
        names = _bean_names(view)
        for word in re.split(r"[,\s]+", m["want"].strip()):
            if not word or word in ("and", "a", "an"):
                continue
            bean = _find_bean(word, names)
            if bean is None:
                return f"`{word}` is no bean in play ({', '.join(sorted(names))})"
            want.append(bean)
    return Action(PROPOSE, view.seat, target=target, give=tuple(give), want=tuple(want))


def _find_bean(word: str, names: dict[str, str]) -> str | None:
    word = word.strip().lower().rstrip("s") if word.lower() not in names else word.lower()
    if word in names:
        return word
    for bean, name in names.items():
        if name.lower().startswith(word) or bean.startswith(word):
            return bean
    return None


class HumanAgent:
    name = "human"
    #: offers are typed, not picked from a list of every possible one
    wants_offers = False

    def __init__(self, read: Callable[[], str] | None = None, out: TextIO | None = None) -> None:
        import sys

        self._read = read or (lambda: input("> "))
        self._out = out or sys.stdout
        self.seat: int | None = None
        self._labels: Callable[[str], str] = str

    def _print(self, text: str = "") -> None:
        print(text, file=self._out)

    def _wrapped(self, text: str, indent: int = 6) -> None:
        """A long line wrapped to the terminal, continued under its start."""
        import textwrap

        from engine.sim.narrate import terminal_width

        self._print("\n".join(textwrap.wrap(text, width=terminal_width(), subsequent_indent=" " * indent,
                                             break_on_hyphens=False)) or text)

    # ------------------------------------------------------------------ narration

    def watch(self, game: Any, seat: int) -> None:
        """Tell this person what happens in ``game`` from now on (``bohn play`` calls it)."""
        from engine.sim.narrate import labels

        self.seat = seat
        self._labels = labels(game.rules)
        game.listen(self.notice)

    def notice(self, event: dict[str, Any]) -> None:
        """One event of the game, told if the person should hear of it."""
        from engine.sim.narrate import describe as tell

        me = self.seat
        kind = event["type"]
        seat = event.get("seat")
        if kind == "turn_started":
            self._print(f"\n== turn {event['turn']}: {'your' if seat == me else f'seat {seat}'} turn ==")
            return
        if kind == "declined" and event.get("target") == me:
            self._print(f"  · seat {seat} declined your offer")
            return
        if kind == "traded" and me in (seat, event.get("target")):
            other = event["target"] if seat == me else seat
            gave, got = (event["gave"], event["got"]) if seat == me else (event["got"], event["gave"])
            self._print(f"  · trade with seat {other}: you gave {self._beans(gave)}, you got {self._beans(got)}")
            return
        if seat == me and kind in ("planted", "harvested", "bought", "field_bought", "discarded", "acted"):
            return  # the person's own choices need no echo
        if kind == "moved" and seat != me:
            event = {**event, "beans": ["?"] * len(event.get("beans") or [])}  # hidden cards stay hidden
        names = ["you" if s == me else f"seat {s}" for s in range(max(8, (seat or 0) + 1, (event.get("target") or 0) + 1))]
        text = tell(event, names, self._labels)
        if text:
            self._wrapped(f"  · {text}", 4)

    def _beans(self, ids: list[str]) -> str:
        from engine.sim.narrate import beans

        return beans(ids, self._labels)

    # ------------------------------------------------------------------ the table

    def show(self, view: SeatView) -> None:
        table = view.to_dict()
        names = _bean_names(view)
        self._print(f"\n-- turn {table['turn']}, seat {table['active']} to play, phase {table['phase']} ({table['step']})")
        for seat, fields in enumerate(table["fields"]):
            shown = "  ".join(f"[{count} {names.get(bean, bean)}]" if bean else "[empty]" for bean, count in fields)
            who = "you" if seat == view.seat else f"seat {seat}"
            self._wrapped(f"   {who:<7} coins {table['coins'][seat]:>2}  hand {table['hand_sizes'][seat]:>2}  fields {shown}", 28)
        for zone, beans in table["zones"].items():
            if beans and zone != "discard":
                listed = ", ".join(f"r{i + 1} {names.get(b, b)}" if zone == view.trade_zone() else names.get(b, b)
                                   for i, b in enumerate(beans))
                self._wrapped(f"   {zone}: {listed}")
        hand = ", ".join(f"{i + 1} {names.get(b, b)}" for i, b in enumerate(table["hand"])) or "empty"
        self._wrapped(f"   your hand (front first): {hand}")
        if table["set_aside"]:
            self._wrapped(f"   set aside to plant: {', '.join(names.get(b, b) for b in table['set_aside'])}")

    def _show_offer(self, view: SeatView) -> None:
        offer = view.pending_offer()
        if offer is None:
            return
        names = _bean_names(view)
        given = ", ".join(names.get(b, b) for b in view.offered_beans(offer)) or "nothing"
        wanted = ", ".join(names.get(w, w) for w in offer.want) or "nothing (a gift)"
        self._print(f"   seat {offer.seat} offers you {given} for {wanted}")

    # ------------------------------------------------------------------ input

    def _line(self) -> str:
        try:
            text = self._read()
        except EOFError:
            raise BohnError.one("C500", "input ended; the game stops") from None
        if len(text) > MAX_INPUT:
            return ""
        return text.strip().lower()

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        self.show(view)
        if any(a.kind == ACCEPT or a.kind == DECLINE for a in legal):
            self._show_offer(view)
        can_offer = view.can_offer()
        while True:
            for number, action in enumerate(legal, start=1):
                self._print(f"  {number:>3}. {describe(action, view)}")
            if can_offer:
                self._print("       or type an offer: offer 2,3 to 1 for blue   (h: help)")
            while True:
                text = self._line()
                if text in ("q", "quit", "exit"):
                    raise PlayerQuit()
                if text in ("h", "help"):
                    self._print(HELP)
                    continue
                if text == "?":
                    break
                if text.isdigit() and 1 <= int(text) <= len(legal):
                    return legal[int(text) - 1]
                if can_offer and text.split(" ", 1)[0] in ("offer", "gift", "give"):
                    offer = parse_offer(text, view)
                    problem = offer if isinstance(offer, str) else view.offer_problem(offer)
                    if problem:
                        self._print(f"  that offer does not work: {problem}")
                        continue
                    assert isinstance(offer, Action)
                    self._print(f"  you {describe(offer, view)}")
                    return offer
                self._print(f"type a number from 1 to {len(legal)}{', an offer' if can_offer else ''}, "
                            "? to see the table again, h for help, or q to stop")
            self.show(view)
            self._show_offer(view)

    def choose_option(self, view: SeatView, options: list[Any], prompt: str, optional: bool) -> int | None:
        self._print(f"\n{prompt}")
        labels = [str(o) for o in options] + (["none"] if optional else [])
        for number, label in enumerate(labels, start=1):
            self._print(f"  {number:>3}. {label}")
        while True:
            text = self._line()
            if text in ("q", "quit", "exit"):
                raise PlayerQuit()
            if text.isdigit() and 1 <= int(text) <= len(labels):
                index = int(text) - 1
                return None if index == len(options) else index
            self._print(f"type a number from 1 to {len(labels)}, or q to stop")
