"""Questions the rulesheet asks the ruleset's own compiled rules, on a small test table.

Why: a sentence printed unconditionally ("cards in hand are worth nothing", "the active
player trades the turned-up cards and hand cards") is wrong for every ruleset whose rules
say otherwise, and reading effect text (or a ruleset's id) to guess which is which breaks
on the first house rule. Instead each probe sets up a minimal ``TableWorld``, asks the
rules that could change the answer (the ``may_trade`` and ``may_trade_card`` modifiers,
the ``game_ending`` triggers) and reads what they did, as ``meters`` does for
beanometers. A probe that fails to evaluate (a rule reading something the test table
does not have) answers as the plain rules would: the sheet then says what the engine does
without that rule, which is the safe side for a sentence.
"""

from __future__ import annotations

from typing import Any

from engine.errors import BohnError
from engine.lang import TableWorld, modify
from engine.lang.compiled import Compiled, fire
from engine.lang.world import ZoneRef
from engine.rules.model import Ruleset


def _programs(rules: Ruleset) -> list[Compiled]:
    """Every compiled rule every player holds from the start (the ruleset's effects);
    items and cards are held only by whoever gets them, so they do not decide the table's
    rules for everyone."""
    return [e.compiled for e in rules.effects]


def _modifiers(rules: Ruleset, query: str, players: int) -> list[tuple[Any, int]]:
    return [(m, owner) for program in _programs(rules) for m in program.modifiers if m.query == query
            for owner in range(players)]


def _table(rules: Ruleset, players: int) -> TableWorld:
    """A table of ``players`` with seat 0 active and the ruleset's options and zone ids."""
    beans = {b.id: (b.count, list(b.beanometer)) for b in rules.beans}
    decks = rules.decks()
    world = TableWorld(beans=beans, n_players=players, options={k: o.value for k, o in rules.options.items()})
    world.discard_id = decks[0].discard or world.discard_id
    by_kind = {z.kind: z.id for z in reversed(rules.zones)}  # the first zone of each kind
    world.hand_id = by_kind.get("hand", world.hand_id)
    world.coins_id = by_kind.get("coins", world.coins_id)
    world.staging_id = by_kind.get("staging", world.staging_id)
    return world


def _ask(mods: list[tuple[Any, int]], world: TableWorld, query: str, value: Any, **params: Any) -> Any:
    try:
        return modify(mods, world, query, value, **params)
    except (BohnError, KeyError, IndexError, TypeError, AttributeError):
        return value


def trading_forbidden(rules: Ruleset, players: int) -> bool:
    """Do the ``may_trade`` rules let the active player trade with nobody at all? (Then a
    trade step only hands the turned-up cards to the active player.)"""
    mods = _modifiers(rules, "may_trade", players)
    if not mods:
        return False
    world = _table(rules, players)
    return not any(_ask(mods, world, "may_trade", True, player=0, other=b)
                   and _ask(mods, world, "may_trade", True, player=b, other=0) for b in range(1, players))


def hand_tradable(rules: Ruleset, players: int, seat: int) -> bool:
    """May ``seat`` (0 is the active player) offer a card of its hand, as far as the
    ``may_trade_card`` rules say? Asked for a hand of one card of each bean: one card the
    rules let go is enough."""
    mods = _modifiers(rules, "may_trade_card", players)
    if not mods:
        return True
    world = _table(rules, players)
    hand = world.put(ZoneRef(world.hand_id, seat), *[b.id for b in rules.beans])
    return any(_ask(mods, world, "may_trade_card", True, player=seat, card=card) for card in hand)


def hands_sold_at_end(rules: Ruleset, players: int) -> bool:
    """Do the rules turn hand cards into coins when the game ends? Fired on a table whose
    hands hold several cards of each bean: the ``game_ending`` triggers run, and any hand
    card that became a coin says the hands are sold."""
    triggers = [(t, owner) for program in _programs(rules) for t in program.triggers if t.event == "game_ending"
                for owner in range(players)]
    if not triggers:
        return False
    world = _table(rules, players)
    hands = {seat: set(world.put(ZoneRef(world.hand_id, seat), *[b.id for b in rules.beans for _ in range(3)]))
             for seat in range(players)}
    try:
        fire(triggers, "game_ending", {}, world)
    except (BohnError, KeyError, IndexError, TypeError, AttributeError):
        return False
    return any(hands[seat] & set(world.coin_pile(seat)) for seat in range(players))


#: The events a bean's own rule listens to: such a rule is idle when no bean it answers
#: to is in play (a bean the player count removes, as a house rule's bean may be).
_BEAN_EVENTS = ("harvested",)


def idle_without_beans(rules: Ruleset, effect: Compiled, players: int, removed: list[str]) -> list[str]:
    """The removed beans an effect's rules answer to, when they answer to no bean in play
    (then the sheet says the rule is not played at this player count); [] otherwise.

    Only an effect made of ``harvested`` triggers can be told idle: each is fired for a
    harvest of 1 to 4 beans of every bean, and a condition that holds for none in play but
    for a removed one means the rule is about that bean alone. A modifier or an action may
    read anything, so an effect with one is never called idle."""
    if not removed or effect.modifiers or effect.actions or not effect.triggers:
        return []
    if any(t.event not in _BEAN_EVENTS for t in effect.triggers):
        return []

    def answers(bean: str) -> bool:
        for n in range(1, 5):
            world = _table(rules, players)
            for seat in range(players):
                world.field_lists[seat] = [[], []]
            cards = world.put(ZoneRef("harvest", 0), *[bean] * n)
            payload = {"player": 0, "field": None, "bean": bean, "beans": n, "coins": 0, "cards": cards, "final": False}
            try:
                if fire([(t, 0) for t in effect.triggers], "harvested", payload, world):
                    return True
            except (BohnError, KeyError, IndexError, TypeError, AttributeError):
                return True  # it read something of the bean's game: not idle
        return False

    in_play = [b.id for b in rules.beans if b.id not in removed]
    if any(answers(b) for b in in_play):
        return []
    return [b for b in removed if answers(b)]


def every_program(rules: Ruleset) -> list[Compiled]:
    """Every compiled rule of the ruleset, whoever holds it: its effects', then each
    card's rules and what buying it does (an item for sale is a card: its rules are its
    card's), in the order they are declared (what may change a query, run a statement or
    declare a procedure or an action in some game of it)."""
    compiled = [e.compiled for e in rules.effects]
    compiled += [p for kind in rules.kinds for c in kind.cards for p in (c.effect, c.on_buy) if p is not None]
    return compiled


def idle_without_field_sales(rules: Ruleset, effect: Compiled, players: int) -> bool:
    """Whether an effect made only of ``field_bought`` triggers is never heard with
    ``players``: their row deals every player as many fields as a player may have, no rule
    raises that most (``max_fields``) and none takes a field away (``remove_field``), so no
    field is ever bought (a count whose players start with their 3rd and last field).

    Why a probe and not the effect's text: the sheet then says the rule is not played at
    this count, as it does for a rule of a removed bean, from what the rules do."""
    if not effect.triggers or effect.modifiers or effect.actions or any(t.event != "field_bought" for t in effect.triggers):
        return False
    row = rules.row(players)
    if row.max_fields > row.fields:
        return False
    programs = every_program(rules)
    return not any(m.query == "max_fields" for program in programs for m in program.modifiers) and not any(
        ("statement", "remove_field") in program.uses for program in programs)
