"""A person at the terminal: shows what the seat may see and asks for a numbered choice.

Only the seat's own view is shown (its hand, the table, other hands as sizes). Input
is a number from the list; `?` shows the table again, `q` ends the game. Bad input asks
again; the end of input ends the game cleanly.
"""

from __future__ import annotations

from typing import Any, Callable, TextIO

from engine.errors import BohnError
from engine.game.actions import Action
from engine.game.view import SeatView


def describe(action: Action, view: SeatView) -> str:
    """An action in words, from the seat's point of view."""
    k = action.kind
    if k == "plant":
        where = f"field {action.field + 1}"
        return f"plant {'card ' + str(action.card + 1) + ' of the step' if action.card >= 0 else 'the front card'} on {where}"
    if k == "harvest":
        bean, count = view.fields()[action.field]
        return f"harvest field {action.field + 1} ({count} {bean})"
    if k == "propose":
        to = "the table" if action.target < 0 else f"seat {action.target}"
        give = ", ".join(f"{zone} card {i + 1}" for zone, i in action.give) or "nothing"
        want = ", ".join(action.want) or "nothing (a gift)"
        return f"offer {give} to {to} for {want}"
    if k == "accept":
        return "accept the offer" + (f", giving {', '.join(f'{z} card {i + 1}' for z, i in action.give)}" if action.give else "")
    if k == "discard":
        return f"discard card {action.card + 1}"
    if k == "buy":
        return f"buy {action.want[0]} ({view.item_price(action.want[0])} coins)"
    if k == "act":
        return f"use {action.want[0]}"
    return k.replace("_", " ")


class HumanAgent:
    name = "human"

    def __init__(self, read: Callable[[], str] | None = None, out: TextIO | None = None) -> None:
        import sys

        self._read = read or (lambda: input("> "))
        self._out = out or sys.stdout

    def _print(self, text: str = "") -> None:
        print(text, file=self._out)

    def show(self, view: SeatView) -> None:
        table = view.to_dict()
        self._print(f"\n-- turn {table['turn']}, seat {table['active']} to play, phase {table['phase']} ({table['step']})")
        for seat, fields in enumerate(table["fields"]):
            shown = "  ".join(f"[{count} {bean}]" if bean else "[empty]" for bean, count in fields)
            who = "you" if seat == view.seat else f"seat {seat}"
            self._print(f"   {who:<7} coins {table['coins'][seat]:>2}  hand {table['hand_sizes'][seat]:>2}  fields {shown}")
        for zone, beans in table["zones"].items():
            if beans and zone != "discard":
                self._print(f"   {zone}: {', '.join(beans)}")
        self._print(f"   your hand (front first): {', '.join(table['hand']) or 'empty'}")
        if table["set_aside"]:
            self._print(f"   set aside to plant: {', '.join(table['set_aside'])}")

    def _ask(self, count: int) -> int:
        while True:
            try:
                text = self._read().strip().lower()
            except EOFError:
                raise BohnError.one("C500", "input ended; the game stops") from None
            if text in ("q", "quit"):
                raise BohnError.one("C500", "game stopped at the player's request")
            if text == "?":
                return -1
            if text.isdigit() and 1 <= int(text) <= count:
                return int(text) - 1
            self._print(f"type a number from 1 to {count}, ? to see the table again, or q to stop")

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        self.show(view)
        while True:
            for number, action in enumerate(legal, start=1):
                self._print(f"  {number:>3}. {describe(action, view)}")
            index = self._ask(len(legal))
            if index >= 0:
                return legal[index]
            self.show(view)

    def choose_option(self, view: SeatView, options: list[Any], prompt: str, optional: bool) -> int | None:
        self._print(f"\n{prompt}")
        labels = [str(o) for o in options] + (["none"] if optional else [])
        for number, label in enumerate(labels, start=1):
            self._print(f"  {number:>3}. {label}")
        while True:
            index = self._ask(len(labels))
            if index >= 0:
                return None if index == len(options) else index
