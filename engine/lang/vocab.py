"""The language's vocabulary: types, events, queries, statements, functions, attributes.

Everything here is a universal Bohnanza idea (cards, beans, fields, coins, players,
zones, harvests, purchases). No card, building or expansion is named: those are written
*with* this vocabulary in the rulesets. The checker reads these tables to type-check,
the documentation test checks that ``docs/effect-language.md`` describes every entry,
and the world implements the statements and functions.

Types are strings: ``int bool str bean card field player zone none any`` and
``list[T]``. Two return types are generic: ``element`` (the element type of the first
argument) and ``same`` (the first argument's type).
"""

from __future__ import annotations

from dataclasses import dataclass

def list_of(t: str) -> str:
    return f"list[{t}]"


def element(t: str) -> str | None:
    return t[5:-1] if t.startswith("list[") else None


def assignable(actual: str, expected: str) -> bool:
    """May a value of type ``actual`` be used where ``expected`` is wanted?"""
    if actual == expected or "any" in (actual, expected) or actual == "none":
        return True
    a, e = element(actual), element(expected)
    if a is not None and e is not None:
        return assignable(a, e)
    return False


def join(a: str, b: str) -> str:
    """The common type of two branches or list items."""
    if a == b or b == "none":
        return a
    if a == "none":
        return b
    if assignable(a, b):
        return b
    if assignable(b, a):
        return a
    return "any"


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    default: bool = False  # has a default, may be left out


@dataclass(frozen=True)
class Signature:
    params: tuple[Param, ...]
    returns: str
    doc: str


def sig(doc: str, returns: str, *params: str) -> Signature:
    """``sig("...", "int", "player", "n:int", "from:zone=")``: a trailing ``=`` marks a default."""
    out = []
    for p in params:
        default = p.endswith("=")
        p = p.rstrip("=")
        name, _, t = p.partition(":")
        out.append(Param(name, t or name, default))
    return Signature(tuple(out), returns, doc)


#: Events a trigger can wait for: their payload, read as ``event.NAME``. Every event has
#: ``player``, the seat that caused it (none for table events).
EVENTS: dict[str, dict[str, str]] = {
    "planted": {"player": "player", "bean": "bean", "card": "card", "field": "field"},
    "harvested": {"player": "player", "field": "field", "bean": "bean", "beans": "int", "coins": "int",
                  "cards": "list[card]", "final": "bool"},
    "bought": {"player": "player", "item": "str", "group": "str", "price": "int"},
    "field_bought": {"player": "player", "field": "field"},
    "drew": {"player": "player", "cards": "int"},
    "revealed": {"player": "player", "bean": "bean", "card": "card"},
    "received": {"player": "player", "other": "player", "cards": "list[card]"},
    "traded": {"player": "player", "other": "player", "gave": "list[bean]", "got": "list[bean]"},
    "deck_ran_out": {"player": "player", "runout": "int", "final": "bool"},
    "turn_began": {"player": "player"},
    "turn_ended": {"player": "player"},
    "phase_began": {"player": "player", "phase": "str"},
    "phase_ended": {"player": "player", "phase": "str"},
    "card_at_front": {"player": "player", "card": "card", "bean": "bean"},
    "action_played": {"player": "player", "action": "str", "card": "card"},
    "reshuffled": {"player": "player", "deck": "zone", "cards": "int"},
    "game_started": {"player": "player"},
    "game_ending": {"player": "player"},
    "game_ended": {"player": "player"},
}

#: Who a trigger listens to: ``by owner`` (the default) hears events caused by the rule's
#: owner, ``by others`` the other seats, ``by anyone`` every seat and the table.
WHO = ("owner", "others", "anyone", "active")

#: Queries the engine asks and modifiers change: the names bound while a modifier runs,
#: and the type of ``value``.
QUERIES: dict[str, tuple[dict[str, str], str, str]] = {
    "beanometer": ({"player": "player", "bean": "bean"}, "list[int]",
                   "fewest beans for 1, 2, 3… coins when `player` harvests `bean`"),
    "may_harvest": ({"player": "player", "field": "field"}, "bool", "whether `player` may harvest `field` now"),
    "may_plant": ({"player": "player", "bean": "bean", "field": "field"}, "bool",
                  "whether `bean` may be planted on `field`"),
    "harvest_coins": ({"player": "player", "field": "field", "bean": "bean", "beans": "int"}, "int",
                      "coins a harvest of `beans` beans pays"),
    "plant_min": ({"player": "player", "step": "str"}, "int", "fewest cards the planting step requires"),
    "plant_max": ({"player": "player", "step": "str"}, "int", "most cards the planting step allows"),
    "reveal_count": ({"player": "player"}, "int", "cards turned up in the reveal step"),
    "draw_count": ({"player": "player"}, "int", "cards drawn at the end of the turn"),
    "field_price": ({"player": "player"}, "int", "coins one more field costs"),
    "max_fields": ({"player": "player"}, "int", "most fields the player may have"),
    "storage_capacity": ({"player": "player", "zone": "zone"}, "int",
                         "most cards an effect may move into `zone` (-1, the default: no limit); cards that do not fit stay"),
    "price": ({"player": "player", "item": "str"}, "int", "coins `player` pays for the item `item`"),
    "may_trade": ({"player": "player", "other": "player"}, "bool",
                  "whether `player` may offer to or answer `other` in a trade"),
    "may_trade_card": ({"player": "player", "card": "card"}, "bool",
                       "whether `player` may trade or donate `card` (default: its kind's `trade`, true for beans)"),
    "score": ({"player": "player"}, "int", "the player's final score"),
    "tie_break": ({"player": "player"}, "int",
                  "among players tied on score, the highest wins (default: cards in hand with the option "
                  "`tie_break: most_cards_in_hand`, else 0)"),
}

#: Statements: calls that change the game.
STATEMENTS: dict[str, Signature] = {
    "move": sig("move cards to a zone: `at: \"top\"` (the default: the top of a pile, the back of a hand) or "
                "`\"bottom\"` (the bottom of a pile, the front of a hand)", "none", "cards:list[card]", "to:zone", "at:str="),
    "gain": sig("take `amount` cards from the top of `from` (default: the discard pile) as coins", "none",
                "player", "amount:int", "from:zone="),
    "pay": sig("pay `amount` coins to `to` (default: the discard pile); the player chooses which coins", "none",
               "player", "amount:int", "to:zone="),
    "give": sig("give cards to a player, who sets them aside to plant", "none", "cards:list[card]", "to:player"),
    "harvest": sig("harvest a field as the rules pay it", "none", "field"),
    "plant": sig("plant a card on a field", "none", "card", "field"),
    "discard": sig("put cards on the discard pile", "none", "cards:list[card]"),
    "draw": sig("draw cards to the back of the player's hand, from the draw pile or the deck `from`", "none",
                "player", "count:int", "from:zone="),
    "reveal": sig("turn up cards from the draw pile (or the deck `from`) into a zone", "none", "count:int", "to:zone",
                  "from:zone="),
    "add_field": sig("give the player one more field; `only` limits the beans it takes", "none",
                     "player", "only:list[bean]="),
    "remove_field": sig("take away a player's empty field", "none", "field"),
    "shuffle": sig("shuffle a zone", "none", "zone"),
    "add_counter": sig("add to a named counter of a player (negative to subtract)", "none",
                       "player", "name:str", "amount:int"),
    "set_counter": sig("set a named counter of a player", "none", "player", "name:str", "value:int"),
    "show": sig("show cards to a player (a spy looks at a hand)", "none", "cards:list[card]", "to:player"),
    "note": sig("write a line to the game log", "none", "text:str"),
    "next_phase": sig("when the phase being played ends, go on with phase `id` of the turn (again, or further on) "
                      "instead of the next one, from its step of kind `step` when given", "none", "id:str", "step:str="),
}

#: Names an author coming from another rules engine (or plain English) tries for a
#: statement or function of ours -> ours. Why: L807's spelling suggestion finds `coins`
#: for `add_coins` (the letters are close) where `gain` is meant; a name here is
#: suggested first. Only names that are none of ours.
OTHER_NAMES: dict[str, str] = {
    "add_coins": "gain", "give_coins": "gain", "earn": "gain", "award": "gain", "add_coin": "gain",
    "gain_coins": "gain", "pay_coins": "pay", "spend": "pay",
    "lose_coins": "pay", "remove_coins": "pay", "draw_cards": "draw", "draw_card": "draw", "deal": "draw",
    "discard_cards": "discard", "trash": "discard", "destroy": "discard", "transfer": "move", "put": "move",
    "move_cards": "move", "plant_card": "plant", "harvest_field": "harvest", "buy_field": "add_field",
    "new_field": "add_field", "log": "note", "print": "note", "say": "note", "increment": "add_counter",
    "inc": "add_counter", "set_var": "set_counter", "len": "count", "size": "count", "length": "count",
    "hand": "cards", "zone_cards": "cards", "shuffle_deck": "shuffle",
}

#: Functions: calls that compute a value without changing the game.
FUNCTIONS: dict[str, Signature] = {
    "count": sig("number of items in a list", "int", "items:list[any]"),
    "sum": sig("sum of a list of numbers", "int", "items:list[int]"),
    "min": sig("the smaller of two numbers, or the smallest of a list (0 if empty)", "int", "a:any", "b:int="),
    "max": sig("the larger of two numbers, or the largest of a list (0 if empty)", "int", "a:any", "b:int="),
    "any": sig("whether some item of a list of conditions holds", "bool", "items:list[bool]"),
    "all": sig("whether every item of a list of conditions holds (true if empty)", "bool", "items:list[bool]"),
    "distinct": sig("number of different items in a list", "int", "items:list[any]"),
    "cards": sig("the cards in a zone", "list[card]", "zone"),
    "top": sig("the top `n` cards of a pile (default 1)", "list[card]", "zone", "n:int="),
    "front": sig("the first `n` cards of a hand or row (default 1)", "list[card]", "zone", "n:int="),
    "zone": sig("a zone by id, of `player` for per-player zones (default: the owner)", "zone", "id:zone", "player="),
    "beans": sig("the beans of some cards", "list[bean]", "cards:list[card]"),
    "of_bean": sig("the cards of one bean among some cards", "list[card]", "cards:list[card]", "bean"),
    "fields": sig("a player's fields", "list[field]", "player"),
    "field_cards": sig("every card on a player's fields, field by field", "list[card]", "player"),
    "may_plant": sig("whether `player` may plant `card` on `field`, as the engine decides (modifiers included)", "bool",
                     "player", "card", "field"),
    "may_harvest": sig("whether `player` may harvest `field` now, as the engine decides (modifiers included)", "bool",
                       "player", "field"),
    "coins": sig("how many coins a player has", "int", "player"),
    "beanometer": sig("the beanometer a player uses for a bean (modifiers applied)", "list[int]", "player", "bean"),
    "coins_for": sig("coins `player` earns for `n` beans of `bean`", "int", "player", "bean", "n:int"),
    "most_coins_for": sig("the most coins `player` earns for `n` beans of `bean` spread over as many fields as needed "
                          "(a field past a step pays no more, so more fields may pay more: 4 Garden beans on two)",
                          "int", "player", "bean", "n:int"),
    "players": sig("every seat, from the owner on", "list[player]"),
    "others": sig("every other seat, clockwise", "list[player]", "player"),
    "next": sig("the next seat clockwise", "player", "player"),
    "counter": sig("a named counter of a player (0 if never set)", "int", "player", "name:str"),
    "ask": sig("ask a player a yes/no question", "bool", "player", "prompt:str"),
    "item": sig("the `i`-th item of a list (0-based), none past its end", "element", "items:list[any]", "i:int"),
    "growing": sig("the beans on a player's fields", "list[bean]", "player"),
    "first": sig("the first `n` items of a list", "same", "items:list[any]", "n:int"),
    "bean_types": sig("every bean type in play", "list[bean]"),
    "column": sig("a number of the player-count row for this game (its `columns:` or a numeric rule such as `draw`); 0 if this row has none; a name no row (nor an option's patch) has is T733", "int", "name:str"),
    "step": sig("the step being played: its `id` if the ruleset gives one, else its kind (`plant_from_hand`…)", "str"),
    "phase": sig("the id of the phase of the turn being played (`plant`, `trade`…)", "str"),
    "option": sig("the chosen value of one of the ruleset's `options` (a string literal names it)", "str", "name:str"),
}

#: Attributes: ``x.NAME`` by the type of ``x``.
ATTRIBUTES: dict[str, dict[str, str]] = {
    "field": {"bean": "bean", "size": "int", "cards": "list[card]", "owner": "player", "index": "int",
              "beans": "list[bean]", "only": "list[bean]"},
    "card": {"bean": "bean", "kind": "str", "id": "str"},
    "bean": {"count": "int", "id": "str"},
    "player": {"coins": "int", "hand": "list[card]", "hand_size": "int", "fields": "list[field]", "seat": "int"},
}

#: Names every rule can use, with their types.
CONTEXT: dict[str, str] = {
    "owner": "player",
    "active": "player",
    "opponent": "player",
}

#: When a declared action may be taken.
TIMINGS = ("own_turn", "any_time", "others_turn")
