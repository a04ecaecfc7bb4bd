"""The generated functions of ``engine.lang.inline`` compute what the closures of
``Compiler.closure`` compute: the same value, or the same coded error, on every table.

Why: the inliner writes some reads without the list they come from (``count(fields(p))``,
``item(fields(p), i)``, ``f.size``, ``x in cards(zone)``), orderings and bounded
arithmetic without a helper call, and ``min``/``max`` of two values in place; each must
keep the closure's answer, including none, an index past the end and a number beyond
the limit."""

from __future__ import annotations

from typing import Callable

import pytest

import engine.lang.compiler as compiler
from engine.errors import BohnError
from engine.lang import CheckEnv, FieldRef, TableWorld, ZoneRef, compile_effect, parse
from engine.lang.checker import check

ENV = CheckEnv.of(["blue", "red", "soy"], {"discard": "shared", "hand": "player", "coins": "player", "shown": "player"},
                  card_attrs={"first": "int", "second": "int"}, names={"this": "card"})

EXPRESSIONS = [
    "count(fields(owner))",
    "count(fields(opponent)) > 2",
    "item(fields(owner), 0).size",
    "item(fields(owner), 1).size == this.first",
    "item(fields(owner), 2).size",
    "item(fields(owner), 5)",
    "item(fields(owner), -1)",
    "item(fields(owner), count(cards(hand)) - 3)",
    "item(cards(hand), 1)",
    "item(cards(hand), 9)",
    "item(cards(hand), count(cards(hand)) - 1)",
    "item(fields(owner), 1).size <= this.second",
    "item(fields(owner), 2).size <= this.second",
    "this.first < item(fields(owner), 2).size",
    "this.first >= this.second",
    "item([3, 1], count(cards(hand)) - 2) > item([1, 5], 0)",
    "item([3, 1], 0) <= item([1, 5], count(cards(hand)) - 2)",
    "this.first + 2",
    "this.first - item(fields(owner), 0).size",
    "this.first * 1000000000 * 1000000000",
    "cards(hand) + cards(shown)",
    "min(this.first, this.second)",
    "max(0, 4 - min(3, this.second))",
    "min(this.first, item(fields(owner), 2).size)",
    "max([this.first, this.second, 2])",
    "min([3, 1, 2])",
    "this in cards(hand)",
    "this not in cards(hand) and this not in cards(shown)",
    "item(cards(hand), 0) in cards(discard)",
    "this.first in [1, 2]",  # a membership test of a list, written as Python's `in`
    # orderings with a constant (the closures' `_compare_constant`), counters by a written and a read name, coins
    "this.first < 2", "this.first <= 1", "this.second >= 3", "item(fields(owner), 0).size < 1",
    'counter(owner, "ships") + 1', 'counter(opponent, item(["a", "b"], 1)) + 1', "coins(owner) + 1",
    "count(fields(owner)) + coins(opponent)",
    "this.second not in [this.first, 2] or red in [c.bean for c in cards(hand)]",
    "this.first",
    "item(cards(hand), 0).first",
    "item(cards(hand), 0).kind == \"order\"",
    "if count(fields(owner)) < 3 then 99 else item(fields(owner), 2).size + this.second",
    # repeated parts, read once (see Inliner.repeated)
    "max(0, 4 - min((if item(fields(owner), 0).size <= this.first then this.first - item(fields(owner), 0).size "
    "else this.first + 2) + (if item(fields(owner), 1).size <= this.second then this.second - item(fields(owner), 1).size "
    "else this.second + 2), if count(fields(owner)) < 3 then 99 else (if item(fields(owner), 1).size <= this.first "
    "then this.first - item(fields(owner), 1).size else this.first + 2)))",
    "(if count(cards(hand)) > 2 then item(fields(owner), 2).size else 0) + item(fields(owner), 2).size",
    "count([1, 2]) + count([1, 2]) + count(cards(hand) + cards(hand)) + count(cards(hand) + cards(hand))",
    "count([c in cards(hand) if c.kind == \"order\"]) + count([c in cards(hand) if c.kind == \"order\"])",
    "this.first * 1000000000 * 1000000000 + this.first * 1000000000 * 1000000000",
    # list filters and maps: a generated loop each (see inline_filter)
    "[c in cards(hand) if c.kind == \"order\"] + cards(shown)",
    "[c.bean for c in cards(hand)]",
    "[c for c in cards(hand) + cards(shown) if c.bean == red or c.first > 0]",
    "[f.size for f in fields(owner) if f.size > 0]",
    "count([c in cards(hand) if count([d in cards(hand) if d == c]) > 0])",
    "[this in cards(shown) if this.first == 1]",
    "[c.first + 1 for c in cards(shown)]",
    "count([this in cards(hand) if true]) + this.first",  # the variable given back its outer value
    # zones named by `zone(…)`: a shared zone whatever the player, a player's own by default
    "count(cards(zone(hand, opponent))) + count(cards(zone(hand)))",
    "item(cards(zone(hand, owner)), 0) in cards(zone(discard, opponent))",
    "count(cards(zone(discard, item([owner, opponent], 1)))) + count(cards(zone(shown, item([owner], 0))))",
    # `item(cards(ZONE), I)` read off the zone (a per-player zone by its seat): none past the end
    "item(cards(zone(hand, opponent)), 0)",
    "item(cards(zone(hand, opponent)), 7)",
    "item(cards(zone(shown)), 0).first",
    "item(cards(zone(discard, opponent)), 1)",
    "item(cards(zone(hand, item([owner, opponent], count(cards(hand))))), 0)",
    "item(cards(discard), 0) == item(cards(zone(discard)), 0)",
    # the types of cards and of a field's cards read off the world's bean names (a stew's rules)
    "beans(cards(hand) + cards(shown))",
    "distinct(beans(cards(hand))) + distinct(cards(hand))",
    "[f.beans for f in fields(owner)]",
    "[distinct(beans(f.cards)) == f.size and red not in f.beans for f in fields(owner)]",
    "item(fields(owner), 1).beans",
]


def _tables() -> list[TableWorld]:
    out = []
    for fields in ([], [["blue"]], [["blue", "blue"], []], [["red"], ["soy", "soy", "soy"], ["blue", "blue"]]):
        for in_hand in (False, True):
            world = TableWorld(beans={"blue": (20, [4, 6, 8, 10]), "red": (8, [2, 3, 4, 5]), "soy": (12, [3, 5, 6, 7])})
            for slot, beans in enumerate(fields):
                world.plant_beans(0, slot, *beans)
            world.field_lists.setdefault(0, [])
            order = world.card("blue")
            world.card_kinds[order] = ("order", {"first": 1, "second": 3})
            hand = world.put(ZoneRef("hand", 0), "red", "soy")
            if in_hand:
                world.zones[ZoneRef("hand", 0)].insert(0, order)
            else:
                world.zones[ZoneRef("shown", 0)] = [order]
            world.zones[ZoneRef("discard", None)] = hand[1:]
            if in_hand:  # counters and coins on half the tables
                world.counters[(0, "ships")] = 2
                world.counters[(1, "b")] = 3
                world.give_coins(0, "soy", "soy")
            out.append((world, order))
    return out  # type: ignore[return-value]


def _answer(fn, world: TableWorld, this: int):  # type: ignore[no-untyped-def]
    ctx = compiler.new_ctx(world, 0, "test", {"this": this})
    try:
        return ("value", fn(ctx), ctx.budget[0])  # the same work spent, too
    except BohnError as exc:
        return ("error", exc.diagnostics[0].code, ctx.budget[0])


def _compiled(text: str):  # type: ignore[no-untyped-def]
    program = parse(f"let r = {text}", None, "test")
    types = check(program, ENV)
    return compiler.Compiler(types, ENV, program).expr(program.statements[0].value)  # type: ignore[attr-defined]


@pytest.mark.parametrize("text", EXPRESSIONS)
def test_inlined_and_closure_agree(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    inlined = compiler.guarded(_compiled(text), "test", None)
    assert inlined.__closure__[0].cell_contents.__code__.co_filename.startswith("<effect expression")  # type: ignore[index]
    monkeypatch.setattr(compiler, "inline", lambda c, e, guard=None: None)  # every node a closure
    closures = compiler.guarded(_compiled(text), "test", None)
    seen = set()
    for world, this in _tables():
        a, b = _answer(inlined, world, this), _answer(closures, world, this)
        assert a == b, (text, world.field_lists, a, b)
        seen.add(repr(a))
    assert len(seen) >= 1


def test_the_reads_without_a_list_answer_as_the_lists_do() -> None:
    world = TableWorld(beans={"blue": (20, [4, 6, 8, 10])})
    world.plant_beans(1, 1, "blue", "blue")
    card = world.put(ZoneRef("hand", 1), "blue")[0]
    assert world.field_count(1) == len(world.fields(1)) == 2 and world.field_count(0) == 0
    assert world.field_at(1, 1) == FieldRef(1, 1) and world.field_at(1, 2) is None and world.field_at(1, -1) is None
    assert world.field_size_at(1, 1) == 2 and world.field_size_at(1, 0) == 0
    assert world.field_size_at(1, 2) is None and world.field_size_at(1, -1) is None and world.field_size_at(0, 0) is None
    assert world.field_size(FieldRef(1, 1)) == 2 and world.field_size(FieldRef(1, 0)) == 0
    assert world.zone_has(card, ZoneRef("hand", 1)) and not world.zone_has(card, ZoneRef("hand", 0))


def _generated_sources(build: Callable[[], object]) -> list[str]:
    """The Python sources the inliner generates while ``build`` runs (its ``compile`` spied on)."""
    import engine.lang.inline as inline

    sources: list[str] = []
    real = compile

    def spy(code, name, mode, *a, **k):  # type: ignore[no-untyped-def]
        if name.startswith("<effect expression"):
            sources.append(code)
        return real(code, name, mode, *a, **k)

    inline.compile = spy  # type: ignore[attr-defined]
    try:
        build()
    finally:
        del inline.compile  # type: ignore[attr-defined]
    return sources


def test_a_generated_function_reads_world_and_variables_once() -> None:
    """A source reading the world or the variables several times binds them to locals;
    the answer is the same (checked above), the reading is what this guards."""
    sources = _generated_sources(lambda: compile_effect(
        "worth item(fields(owner), 0).size + item(fields(owner), 1).size + this.first", env=ENV, name="reads once"))
    assert sources and "_W = ctx.world" in sources[-1] and "_V = ctx.vars" in sources[-1]
    assert "ctx.world." not in sources[-1].split("return", 1)[1]


def test_a_repeated_question_is_asked_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """`ask` changes the game (a choice is made and logged): never read once for two places."""
    text = 'ask(owner, "again?") and ask(owner, "again?")'
    answers = []
    for fn in (_compiled(text), None):
        if fn is None:
            monkeypatch.setattr(compiler, "inline", lambda c, e, guard=None: None)
            fn = _compiled(text)
        world = TableWorld(beans={"blue": (20, [4, 6, 8, 10])}, choices=[0, 1])
        answers.append((fn(compiler.new_ctx(world, 0, "test")), world.choices))
    assert answers == [(False, []), (False, [])]


def test_repeated_parts_get_one_local_each() -> None:
    sources = _generated_sources(lambda: _compiled(
        "item(fields(owner), 1).size + this.first + item(fields(owner), 1).size + this.first + this.second"))
    body = sources[-1]
    # the field, its size and this.first are each kept in one local; this.second is read once anyway
    assert "_c1 = _c2 = _c3 = " in body and "_c4" not in body
    assert body.count("field_size_at(") == 2 and body.count("card_attr(") == 3  # written twice, read once


def test_a_field_size_by_its_place_is_one_question() -> None:
    """`item(fields(P), I).size` asks the world for the size alone (``field_size_at``): no
    field reference is made to read it (High Bohn Plus's order test asks it after every
    planting); the field itself, read for anything else, is still asked for."""
    sizes = _generated_sources(lambda: _compiled("item(fields(owner), 1).size + item(fields(opponent), 0).size"))[-1]
    assert sizes.count("field_size_at(") == 2 and "field_at(" not in sizes and "field_size(" not in sizes
    bean = _generated_sources(lambda: _compiled("item(fields(owner), 1).bean == blue and item(fields(owner), 1).size > 1"))[-1]
    assert "field_size_at(" in bean and "field_at(" in bean


def test_a_zone_reference_reads_its_player_only_for_a_zone_of_a_player() -> None:
    """`zone(discard, P)` is the shared discard whatever ``P`` (never read: a list in it
    spends nothing), `zone(hand, P)` is ``P``'s hand (the list is built and paid for)."""
    world, this = _tables()[0]
    for text, spent, ref in (("zone(discard, item([opponent, owner], 0))", 0, ZoneRef("discard", None)),
                             ("zone(hand, item([opponent, owner], 0))", 2, ZoneRef("hand", 1)),
                             ("zone(hand)", 0, ZoneRef("hand", 0))):
        program = parse(f"let r = {text}", None, "test")
        fn = compiler.Compiler(check(program, ENV), ENV, program).expr(program.statements[0].value)  # type: ignore[attr-defined]
        ctx = compiler.new_ctx(world, 0, "test", {"this": this})
        before = ctx.budget[0]
        assert fn(ctx) == ref and before - ctx.budget[0] == spent, text
