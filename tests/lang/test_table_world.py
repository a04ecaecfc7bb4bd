"""The language's own table world (``engine.lang.TableWorld``: the world of the effect
tests, the docs' examples and ``bohn effect try``) plants, harvests and asks secret
choices as a Bohnanza table does, so what a snippet does there is what it does in a game.

Why: the language's tests run on this world; where it answered a question wrongly (a
field of another player accepted, a limited field taking any bean, a pick not removed
from what the next chooser sees), every test built on it would agree with the mistake.
"""

from __future__ import annotations

from typing import Any

from engine.lang import FieldRef, TableWorld

BEANS = {"blue": (20, [4, 6, 8, 10]), "red": (8, [2, 3, 4, 5]), "soy": (12, [3, 5, 6, 7])}


def _table() -> TableWorld:
    world = TableWorld(beans=dict(BEANS))
    world.plant_beans(0, 0, "blue", "blue")
    world.plant_beans(0, 1)
    world.plant_beans(1, 0, "red")
    world.field_limits[FieldRef(0, 1)] = ["soy"]
    return world


def test_a_card_is_plantable_on_an_own_field_that_is_empty_or_of_its_bean_within_its_limits() -> None:
    world = _table()
    blue, red, soy = world.card("blue"), world.card("red"), world.card("soy")
    assert world.may_plant(0, blue, FieldRef(0, 0)) is True  # its own bean
    assert world.may_plant(0, red, FieldRef(0, 0)) is False  # another bean
    assert world.may_plant(0, soy, FieldRef(0, 1)) is True  # empty, and the bean its limit allows
    assert world.may_plant(0, blue, FieldRef(0, 1)) is False  # empty, but limited to soy
    assert world.may_plant(0, red, FieldRef(1, 0)) is False  # another player's field, even of its bean
    assert world.may_plant(1, red, FieldRef(1, 0)) is True


def test_the_may_plant_and_may_harvest_queries_get_the_table_answer_and_the_parameters() -> None:
    world = _table()
    asked: list[tuple[str, dict[str, Any]]] = []

    def hook(name: str, params: dict[str, Any]) -> Any:
        asked.append((name, dict(params)))
        return not params["value"]

    world.query_hook = hook
    blue = world.card("blue")
    assert world.may_plant(0, blue, FieldRef(0, 0)) is False  # the hook turns the table's True around
    assert asked[-1] == ("may_plant", {"player": 0, "bean": "blue", "field": FieldRef(0, 0), "value": True})
    assert world.may_plant(1, blue, FieldRef(0, 0)) is False  # another player's field: never asked
    assert len(asked) == 1
    assert world.may_harvest(0, FieldRef(0, 1)) is True  # empty: the table says no, the hook turns it
    assert asked[-1] == ("may_harvest", {"player": 0, "field": FieldRef(0, 1), "value": False})
    assert world.may_harvest(1, FieldRef(0, 0)) is False and len(asked) == 2  # not its own: not asked
    world.query_hook = None
    assert world.may_harvest(0, FieldRef(0, 0)) is True and world.may_harvest(0, FieldRef(0, 1)) is False


def test_secret_picks_leave_the_next_chooser_what_is_left() -> None:
    world = TableWorld(beans=dict(BEANS))
    # answers are positions among the options left; none, or an answer naming no option
    # left, takes the first
    world.choices = [1, None, lambda left: "zzz", 1]
    picks = world.choose_secretly([(0, ["a", "b", "c"]), (1, ["a", "b", "c"])], 2, "pick")
    assert picks == [["b", "a"], ["a", "c"]]
    world.choices = []
    assert world.choose_secretly([(0, ["a"]), (1, [])], 3, "pick") == [["a"], []]  # no more picks than options


def test_a_trigger_hears_the_seats_its_by_names() -> None:
    """``engine.lang.fire`` (the table world's and the language tests' way of telling an
    event): each seat's copy of a rule hears its owner, the others, anyone or the active
    player, and a table event (no player) is heard by every copy."""
    from engine.lang import CheckEnv, compile_effect, fire

    env = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "coins": "player"})
    for by, heard_by in (("owner", {1}), ("others", {0, 2}), ("anyone", {0, 1, 2}), ("active", {0, 1, 2})):
        rules = compile_effect(f"when drew by {by} {{ add_counter(owner, \"heard\", 1) }}", env=env, name=f"by_{by}")
        world = TableWorld(beans=dict(BEANS))
        world.active_player = 1  # the seat that drew is the active one: `by active` hears it
        copies = [(t, seat) for seat in range(3) for t in rules.triggers]
        ran = fire(copies, "drew", {"player": 1, "cards": 2}, world)
        assert {seat for (seat, _), n in world.counters.items() if n} == heard_by and ran == len(heard_by), by
        world = TableWorld(beans=dict(BEANS))
        world.active_player = 2
        fire(copies, "drew", {"player": 1, "cards": 2}, world)
        assert {seat for (seat, _), n in world.counters.items() if n} == (heard_by if by != "active" else set()), by
        world = TableWorld(beans=dict(BEANS))
        assert fire(copies, "drew", {"player": None, "cards": 2}, world) == 3  # a table event: every copy
        assert fire(copies, "planted", {"player": 1}, world) == 0  # another event: none
