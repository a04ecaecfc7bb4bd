"""One effect for every card and special rule of the five rulebooks.

Each is parsed, type-checked and compiled, then run against a small hand-built table
(``TableWorld``) and its outcome asserted. Where a rulebook leaves a number or a card
text out (``CARD-DATA.md``), the effect states the assumption in its comment; the
High Bohn issue moves these effects into the rulesets as named assumptions.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.lang import CheckEnv, Compiled, FieldRef, TableWorld, ZoneRef, compile_effect, fire, modify
from engine.lang.world import CancelAction

BEANS: dict[str, tuple[int, list[int | None]]] = {
    "coffee": (24, [4, 7, 10, 12]), "wax": (22, [4, 7, 9, 11]), "blue": (20, [4, 6, 8, 10]),
    "chili": (18, [3, 6, 8, 9]), "stink": (16, [3, 5, 7, 8]), "green": (14, [3, 5, 6, 7]),
    "soy": (12, [2, 4, 6, 7]), "black_eyed": (10, [2, 4, 5, 6]), "red": (8, [2, 3, 4, 5]),
    "garden": (6, [None, 2, 3, None]), "cocoa": (4, [None, 2, 3, 4]),
    "cognac": (22, [4, 6, 8, 10]),          # assumption: no source gives the Cognac beanometer
    "field_bean": (3, [None, None, 3]),      # 2 beans: a field instead of coins; 3 beans: 3 coins
    "holy_spirit": (8, [2, 3, 4, 5]),        # the red bean's beanometer (Bohn Camillo rulebook)
    "mocha": (28, [4, 7, 10, 12]),           # assumption: no source gives the mocha beanometer
}
SHARED = ["draw_pile", "discard", "revealed", "offer", "out_of_game", "action_deck", "order_deck",
          "bohnbay_row", "bohnaco_row"]
PER_PLAYER = ["hand", "coins", "set_aside", "saloon_coins", "distillery_coins", "store", "action_cards",
              "played_actions", "order_display", "ship1", "ship2", "pirate", "buildings"]
ENV = CheckEnv.of(BEANS, {**{z: "shared" for z in SHARED}, **{z: "player" for z in PER_PLAYER}})

OWNER, OTHER = 0, 1


def fx(text: str, name: str = "card") -> Compiled:
    return compile_effect(text, env=ENV, name=name)


def table(players: int = 2, **kw: Any) -> TableWorld:
    return TableWorld(beans=dict(BEANS), n_players=players, **kw)


def z(zone: str, player: int | None = None) -> ZoneRef:
    return ZoneRef(zone, player)


def beans_of(w: TableWorld, cards: list[int]) -> list[str]:
    return [w.bean_of(c) for c in cards]


def meter(w: TableWorld, rules: Compiled, player: int, bean: str) -> Any:
    """The beanometer query as the engine asks it: base value, then modifiers."""
    return modify([(m, OWNER) for m in rules.modifiers], w, "beanometer", list(BEANS[bean][1]), player=player, bean=bean)


def q(w: TableWorld, rules: Compiled, query: str, value: Any, **params: Any) -> Any:
    return modify([(m, OWNER) for m in rules.modifiers], w, query, value, **params)


def ev(w: TableWorld, rules: Compiled, event: str, **payload: Any) -> int:
    return fire([(t, OWNER) for t in rules.triggers], event, payload, w)


# ================================================================ High Bohn: the "1" buildings

ONE_BUILDINGS = ["gold_mine", "tipi", "bank", "farm", "saloon", "general_store", "blacksmith", "jail", "distillery"]


@pytest.mark.parametrize("building", ONE_BUILDINGS)
def test_1_buildings_count_their_price_at_the_end(building: str) -> None:
    rules = fx("modify score = value + 1", f"1 {building}")
    assert q(table(), rules, "score", 10, player=OWNER) == 11
    assert q(table(), rules, "score", 10, player=OTHER) == 10, "attributes apply to the owner only"


# ================================================================ Gold mine (garden)


def test_2_gold_mine_third_field_costs_one() -> None:
    rules = fx("modify field_price = 1\nmodify score = value + 2")
    assert q(table(), rules, "field_price", 3, player=OWNER) == 1


def test_3_gold_mine_own_garden_beanometer_and_lone_garden_harvest() -> None:
    # assumption: the 3 Gold mine's printed beanometer is [1, 2, 3, 4] (no source gives it)
    rules = fx("""
        modify beanometer if bean == garden = [1, 2, 3, 4]
        modify may_harvest if field.bean == garden and field.size == 1 = true
    """)
    w = table()
    assert meter(w, rules, OWNER, "garden") == [1, 2, 3, 4]
    assert meter(w, rules, OWNER, "red") == [2, 3, 4, 5]
    w.plant_beans(OWNER, 0, "garden")
    w.plant_beans(OWNER, 1, "soy", "soy")
    assert q(w, rules, "may_harvest", False, player=OWNER, field=FieldRef(OWNER, 0)) is True
    assert q(w, rules, "may_harvest", False, player=OWNER, field=FieldRef(OWNER, 1)) is False


def test_4_gold_mine_is_an_extra_field() -> None:
    rules = fx("add_field(owner)")
    w = table()
    w.plant_beans(OWNER, 1)
    rules.run(w, OWNER)
    assert len(w.fields(OWNER)) == 3


# ================================================================ Indian tipi (red)


@pytest.mark.parametrize(("level", "ratio", "coins", "bonus"), [(2, 8, 17, 2), (3, 6, 17, 2), (4, 5, 6, 1)])
def test_tipi_pays_a_coin_per_n_coins_at_the_end(level: int, ratio: int, coins: int, bonus: int) -> None:
    rules = fx(f"when game_ending {{ gain(owner, coins(owner) // {ratio}) }}", f"{level} tipi")
    w = table()
    w.give_coins(OWNER, *["red"] * coins)
    w.put(z("discard"), *["soy"] * 5)
    ev(w, rules, "game_ending", player=None)
    assert w.coins(OWNER) == coins + bonus
    assert len(w.cards(z("discard"))) == 5 - bonus, "the coins come from the discard pile"


# ================================================================ Bank (black-eyed): texts not found anywhere


def test_2_bank_taken_at_its_moment_or_lost() -> None:
    # assumption: when the owner's black-eyed harvest pays, the 2 Bank offers one coin from the
    # discard pile, which must be taken at that moment (the rulebook: "taken at the exact time")
    rules = fx('when harvested if event.bean == black_eyed and event.coins >= 1 { if ask(owner, "Take the bank coin?") { gain(owner, 1) } }')
    w = table(choices=[1])  # declined: lost
    w.put(z("discard"), "soy", "soy")
    ev(w, rules, "harvested", player=OWNER, bean="black_eyed", coins=2)
    assert w.coins(OWNER) == 0
    w.choices = [0]
    ev(w, rules, "harvested", player=OWNER, bean="black_eyed", coins=2)
    assert w.coins(OWNER) == 1


def test_3_bank() -> None:
    # assumption: the 3 Bank pays one coin from the discard pile whenever the owner buys a field
    rules = fx("when field_bought { gain(owner, 1) }")
    w = table()
    w.put(z("discard"), "soy")
    ev(w, rules, "field_bought", player=OWNER)
    ev(w, rules, "field_bought", player=OTHER)
    assert w.coins(OWNER) == 1


def test_4_bank() -> None:
    # assumption: at the start of the owner's turn the 4 Bank may turn one discard into a coin
    rules = fx('when turn_began if ask(owner, "Use the 4 Bank?") { gain(owner, 1) }')
    w = table(choices=[0])
    w.put(z("discard"), "wax")
    ev(w, rules, "turn_began", player=OWNER)
    assert w.coins(OWNER) == 1


# ================================================================ Farm (soy)


def test_2_farm_soy_onto_fields_of_beans_numbered_14_or_more() -> None:
    rules = fx("modify may_plant if bean == soy and field.size > 0 and field.bean.count >= 14 and soy not in field.beans = true")
    w = table()
    w.plant_beans(OWNER, 0, "green")     # 14 cards: allowed
    w.plant_beans(OWNER, 1, "red")       # 8 cards: not allowed
    w.plant_beans(OWNER, 2, "chili", "soy")
    assert q(w, rules, "may_plant", False, player=OWNER, bean="soy", field=FieldRef(OWNER, 0)) is True
    assert q(w, rules, "may_plant", False, player=OWNER, bean="soy", field=FieldRef(OWNER, 1)) is False
    assert q(w, rules, "may_plant", False, player=OWNER, bean="soy", field=FieldRef(OWNER, 2)) is False


def test_3_farm_plants_up_to_three_in_phase_1() -> None:
    rules = fx('modify plant_max if step == "plant_from_hand" = 3')
    assert q(table(), rules, "plant_max", 2, player=OWNER, step="plant_from_hand") == 3
    assert q(table(), rules, "plant_max", 1, player=OWNER, step="keep_revealed") == 1


def test_4_farm_four_coins_become_five() -> None:
    rules = fx("modify harvest_coins if value == 4 = 5")
    w = table()
    assert q(w, rules, "harvest_coins", 4, player=OWNER, field=FieldRef(OWNER, 0), bean="blue", beans=10) == 5
    assert q(w, rules, "harvest_coins", 3, player=OWNER, field=FieldRef(OWNER, 0), bean="blue", beans=8) == 3


def test_4_farm_with_3_jail_eight_blue_pay_five() -> None:
    # the rulebook's example; assumption: the 3 Jail's beanometer is [2, 4, 6, 8]
    rules = fx("modify beanometer if bean == blue = [2, 4, 6, 8]\nmodify harvest_coins if value == 4 = 5")
    w = table()
    coins = q(w, rules, "harvest_coins", 0, player=OWNER, field=FieldRef(OWNER, 0), bean="blue", beans=8)
    base = sum(1 for t in meter(w, rules, OWNER, "blue") if t is not None and 8 >= t)
    assert q(w, rules, "harvest_coins", base, player=OWNER, field=FieldRef(OWNER, 0), bean="blue", beans=8) == 5
    assert coins == 0


# ================================================================ Saloon (green)


def test_2_saloon_is_a_green_only_field() -> None:
    rules = fx("add_field(owner, only: [green])")
    w = table()
    w.plant_beans(OWNER, 1)
    rules.run(w, OWNER)
    assert w.field_only(FieldRef(OWNER, 2)) == ["green"]


STEW = """
    modify may_plant if field.size > 0 and bean not in field.beans and counter(owner, "stew_ok") == 1 = true
    modify harvest_coins if distinct(beans(field.cards)) > 1 = if beans >= {top} then 4 else if beans >= {three} then 3 else if beans >= 3 then 2 else if beans >= 2 then 1 else 0
    when harvested if distinct(beans(event.cards)) > 1 and event.coins > 0 {{ move(first(cards(coins), event.coins), saloon_coins) }}
"""


@pytest.mark.parametrize(("level", "top", "three"), [(3, 6, 5), (4, 5, 4)])
def test_3_and_4_saloon_bean_stew(level: int, top: int, three: int) -> None:
    # assumption: the stew beanometers of the 2/3 saloon cards are not printed anywhere;
    # 3 Saloon [2, 3, 5, 6], 4 Saloon [2, 3, 4, 5] distinct beans for 1-4 coins
    rules = fx(STEW.format(top=top, three=three), f"{level} saloon")
    w = table(counters={(OWNER, "stew_ok"): 1})
    w.plant_beans(OWNER, 0, "soy", "red", "blue", "chili", "stink")
    f = FieldRef(OWNER, 0)
    assert q(w, rules, "may_plant", False, player=OWNER, bean="green", field=f) is True
    assert q(w, rules, "may_plant", False, player=OWNER, bean="soy", field=f) is False
    paid = q(w, rules, "harvest_coins", 0, player=OWNER, field=f, bean="soy", beans=5)
    assert paid == (3 if level == 3 else 4)
    w.give_coins(OWNER, "soy", "red", "blue")
    ev(w, rules, "harvested", player=OWNER, cards=w.field_cards(f), coins=2, bean="soy")
    assert len(w.cards(z("saloon_coins", OWNER))) == 2 and w.coins(OWNER) == 1, "stew coins go under the saloon"


def test_saloon_converts_a_one_bean_field_when_bought() -> None:
    rules = fx('set_counter(owner, "stew_ok", 1)')
    w = table()
    rules.run(w, OWNER)
    assert w.counter(OWNER, "stew_ok") == 1


# ================================================================ General store (stink)


@pytest.mark.parametrize(("level", "capacity"), [(2, 1), (3, 2), (4, 3)])
def test_general_store_stores_beans(level: int, capacity: int) -> None:
    rules = fx(f"""
        modify storage_capacity if zone == zone(store) = {capacity}
        action store_bean on own_turn if count(cards(store)) < {capacity} {{
            choose c from cards(revealed) + first(cards(hand), 1) {{ move([c], store) }}
        }}
    """, f"{level} general store")
    w = table()
    w.put(z("revealed"), "wax")
    w.put(z("hand", OWNER), "chili", "red")
    assert q(w, rules, "storage_capacity", 0, player=OWNER, zone=z("store", OWNER)) == capacity
    [store] = rules.actions
    ctx_ok = store.condition  # evaluated by the engine before offering the action
    assert ctx_ok is not None
    from engine.lang.compiler import new_ctx

    for _ in range(capacity + 1):
        ctx = new_ctx(w, OWNER, "store")
        if store.condition(ctx):
            store.body(ctx)
    assert len(w.cards(z("store", OWNER))) == min(capacity, 3)


def test_general_store_beans_may_only_be_traded_and_the_receiver_must_plant() -> None:
    rules = fx("modify may_plant if field.owner == owner and counter(owner, \"planting_from_store\") == 1 = false")
    w = table(counters={(OWNER, "planting_from_store"): 1})
    assert q(w, rules, "may_plant", True, player=OWNER, bean="wax", field=FieldRef(OWNER, 0)) is False


# ================================================================ Blacksmith (chili)


def test_2_blacksmith_is_a_chili_only_field() -> None:
    rules = fx("add_field(owner, only: [chili])")
    w = table()
    rules.run(w, OWNER)
    assert w.field_only(FieldRef(OWNER, 0)) == ["chili"]


def test_3_blacksmith_own_chili_beanometer() -> None:
    # assumption: the 3 Blacksmith's beanometer is [2, 4, 6, 7]
    rules = fx("modify beanometer if bean == chili = [2, 4, 6, 7]")
    assert meter(table(), rules, OWNER, "chili") == [2, 4, 6, 7]


def test_4_blacksmith_harvests_any_one_bean_field() -> None:
    rules = fx("modify may_harvest if field.size == 1 = true")
    w = table()
    w.plant_beans(OWNER, 0, "wax")
    w.plant_beans(OWNER, 1, "soy", "soy")
    assert q(w, rules, "may_harvest", False, player=OWNER, field=FieldRef(OWNER, 0)) is True


# ================================================================ Jail (blue)


@pytest.mark.parametrize(("level", "meter_values"), [(2, [3, 5, 7, 9]), (3, [2, 4, 6, 8])])
def test_2_and_3_jail_own_blue_beanometer(level: int, meter_values: list[int]) -> None:
    # assumption: the printed jail beanometers are not in any source
    rules = fx(f"modify beanometer if bean == blue = {meter_values}", f"{level} jail")
    assert meter(table(), rules, OWNER, "blue") == meter_values
    assert meter(table(), rules, OTHER, "blue") == [4, 6, 8, 10]


def test_4_jail_coin_whenever_anyone_harvests_blue_for_coins_also_at_the_end() -> None:
    rules = fx("when harvested by anyone if event.bean == blue and event.coins >= 1 { gain(owner, 1) }")
    w = table(players=3)
    w.put(z("discard"), "soy", "red", "wax")
    assert ev(w, rules, "harvested", player=2, bean="blue", coins=2, final=False) == 1
    assert ev(w, rules, "harvested", player=2, bean="blue", coins=0, final=False) == 0
    assert ev(w, rules, "harvested", player=1, bean="blue", coins=1, final=True) == 1
    assert w.coins(OWNER) == 2 and beans_of(w, w.cards(z("coins", OWNER))) == ["wax", "red"]


# ================================================================ Distillery (cognac, Cognac variant)


def test_2_distillery_used_at_once_after_buying() -> None:
    # assumption: the 2 Distillery turns up to two cognac cards of the owner's hand into coins, once, on purchase
    rules = fx("for c in first(of_bean(cards(hand), cognac), 2) { move([c], coins) }")
    w = table()
    w.put(z("hand", OWNER), "cognac", "red", "cognac", "cognac")
    rules.run(w, OWNER)
    assert w.coins(OWNER) == 2 and beans_of(w, w.cards(z("hand", OWNER))) == ["red", "cognac"]


def test_3_distillery_levies_one_coin_of_every_stew_harvest() -> None:
    rules = fx("""when harvested by anyone if distinct(beans(event.cards)) > 1 and event.coins >= 1 {
        choose c from cards(zone(coins, event.player)) by event.player { move([c], distillery_coins) }
    }""")
    w = table()
    stew = [w.card("soy"), w.card("red"), w.card("blue")]
    w.give_coins(OTHER, "red", "blue")
    w.choices = [1]  # the harvester chooses which coin to give
    ev(w, rules, "harvested", player=OTHER, cards=stew, coins=2, bean="soy")
    assert beans_of(w, w.cards(z("distillery_coins", OWNER))) == ["blue"] and w.coins(OTHER) == 1


def test_4_distillery_own_cognac_beanometer() -> None:
    # assumption: the 4 Distillery's beanometer is [3, 5, 6, 7]
    rules = fx("modify beanometer if bean == cognac = [3, 5, 6, 7]")
    assert meter(table(), rules, OWNER, "cognac") == [3, 5, 6, 7]


# ================================================================ High Bohn rules


def test_buildings_are_bought_with_coins_of_their_bean() -> None:
    rules = fx("""action buy_2_saloon on any_time if count(of_bean(cards(coins), green)) >= 2 and counter(owner, "saloon") == 0 {
        move(first(of_bean(cards(coins), green), 2), discard)
        add_counter(owner, "saloon", 1)
        add_counter(owner, "buildings", 1)
    }""")
    [buy] = rules.actions
    from engine.lang.compiler import new_ctx

    w = table()
    w.give_coins(OWNER, "green", "red", "green", "green")
    ctx = new_ctx(w, OWNER, "buy")
    assert buy.timing == "any_time" and buy.condition and buy.condition(ctx)
    buy.body(ctx)
    assert beans_of(w, w.cards(z("coins", OWNER))) == ["red", "green"] and len(w.cards(z("discard"))) == 2
    assert not buy.condition(new_ctx(w, OWNER, "buy")), "one building of each type"


def test_building_bonus_and_the_scoring_example() -> None:
    # 6 coins; 2 Saloon, 2 Blacksmith, 4 Jail, 3 Gold mine, 4 Tipi, 4 Farm (worth 19); tipi 6 // 5 = 1; bonus 3 → 29
    rules = fx("""
        modify score = value + counter(owner, "building_value")
        modify score = value + (if counter(owner, "buildings") >= 8 then 8 else if counter(owner, "buildings") >= 7 then 5
                                else if counter(owner, "buildings") >= 4 then counter(owner, "buildings") - 3 else 0)
        when game_ending { gain(owner, coins(owner) // 5) }
    """)
    w = table(counters={(OWNER, "building_value"): 19, (OWNER, "buildings"): 6})
    w.give_coins(OWNER, *["soy"] * 6)
    w.put(z("discard"), "wax", "wax")
    ev(w, rules, "game_ending", player=None)
    assert q(w, rules, "score", w.coins(OWNER), player=OWNER) == 29


def test_building_removal_by_player_count() -> None:
    # with 3 players, once two players own a type the other two cards of it leave the game
    rules = fx("""when bought by anyone if event.group == "farm" {
        if counter(owner, "farm_owners") + 1 >= 2 { move(cards(zone(buildings)), out_of_game) }
        add_counter(owner, "farm_owners", 1)
    }""")
    w = table(players=3)
    w.put(z("buildings", OWNER), "soy", "soy")
    ev(w, rules, "bought", player=1, item="farm_2", group="farm", price=2)
    assert len(w.cards(z("buildings", OWNER))) == 2
    ev(w, rules, "bought", player=2, item="farm_4", group="farm", price=4)
    assert len(w.cards(z("out_of_game"))) == 2


# ================================================================ Bohn Camillo: action cards


def _two_fields(w: TableWorld) -> None:
    w.plant_beans(OTHER, 0, "garden", "garden")
    w.plant_beans(OTHER, 1, "wax", "wax", "wax")


def test_squabble_more_valuable_beans_win() -> None:
    # value: fewer printed cards is more valuable (garden highest, blue lowest; an assumption for the middle)
    rules = fx("""repeat 3 {
        choose theirs from cards(zone(hand, opponent)) by opponent {
            choose mine from cards(hand) by owner {
                if mine.bean.count < theirs.bean.count { give([mine, theirs], owner) }
                else if mine.bean.count > theirs.bean.count { give([mine, theirs], opponent) }
                else { discard([mine, theirs]) }
            }
        }
    }""", "Squabble")
    w = table()
    w.put(z("hand", OWNER), "garden", "blue", "red")
    w.put(z("hand", OTHER), "blue", "wax", "holy_spirit")
    w.choices = [0, 0, 0, 0, 0, 0]
    rules.run(w, OWNER)
    # garden beats blue; blue (20) beats wax (22); red and holy spirit tie
    assert sorted(beans_of(w, w.cards(z("set_aside", OWNER)))) == ["blue", "blue", "garden", "wax"]
    assert sorted(beans_of(w, w.cards(z("discard")))) == ["holy_spirit", "red"]


def test_obstructionist_forces_a_harvest_without_an_action_card() -> None:
    rules = fx('choose f from fields(opponent) by owner { add_counter(opponent, "no_action_card", 1) harvest(f) }', "Obstructionist")
    w = table()
    _two_fields(w)
    w.choices = [0]
    rules.run(w, OWNER)
    assert w.field_cards(FieldRef(OTHER, 0)) == [] and w.coins(OTHER) == 2, "two garden beans pay 2"
    assert w.counter(OTHER, "no_action_card") == 1


PLANT_OR_DISCARD = """
    for c in cards(set_aside) {
        choose f from fields(owner) by owner optional { plant(c, f) }
    }
    discard(cards(set_aside))
"""


def test_bean_thief_steals_from_two_fields_then_plant_or_discard() -> None:
    rules = fx("""let taken = []
    repeat 2 {
        choose f from fields(opponent) by owner {
            if f.size > 0 and f not in taken { let taken = taken + [f] move(first(f.cards, 1), set_aside) }
        }
    }""" + PLANT_OR_DISCARD, "Bean Thief")
    w = table()
    _two_fields(w)
    w.plant_beans(OWNER, 0, "wax")
    w.choices = [0, 1, 0, None]  # fields 0 and 1 of the opponent; plant the garden on field 0? no: see below
    w.choices = [0, 1, None, 0]  # steal from fields 0 and 1; discard the garden, plant the wax on field 0
    rules.run(w, OWNER)
    assert beans_of(w, w.field_cards(FieldRef(OWNER, 0))) == ["wax", "wax"]
    assert beans_of(w, w.cards(z("discard"))) == ["garden"]
    assert len(w.field_cards(FieldRef(OTHER, 0))) == 1 and len(w.field_cards(FieldRef(OTHER, 1))) == 2


def test_spy_looks_at_the_hand_and_steals_one() -> None:
    rules = fx("show(cards(zone(hand, opponent)), owner)\nchoose c from cards(zone(hand, opponent)) { move([c], set_aside) }"
               + PLANT_OR_DISCARD, "Spy")
    w = table()
    w.put(z("hand", OTHER), "soy", "garden")
    w.plant_beans(OWNER, 0)
    w.choices = [1, 0]
    rules.run(w, OWNER)
    assert w.log[0][0] == "show"
    assert beans_of(w, w.field_cards(FieldRef(OWNER, 0))) == ["garden"]
    assert beans_of(w, w.cards(z("hand", OTHER))) == ["soy"]


def test_horse_trading() -> None:
    rules = fx("""let offer = []
    for c in cards(hand) { if c.bean in growing(opponent) { let offer = offer + [c] } }
    choose mine from offer {
        give([mine], opponent)
        repeat 2 {
            choose b from bean_types() by owner {
                choose got from of_bean(cards(zone(hand, opponent)) + cards(zone(hand, opponent)), b) by opponent optional {
                    move([got], set_aside)
                }
            }
        }
    }""" + PLANT_OR_DISCARD, "Horse-Trading")
    w = table()
    _two_fields(w)
    w.put(z("hand", OWNER), "red", "wax")
    w.put(z("hand", OTHER), "chili", "soy")
    w.plant_beans(OWNER, 0)
    names = list(BEANS)
    w.choices = [0, names.index("chili"), 0, names.index("coffee"), 0]
    rules.run(w, OWNER)
    assert beans_of(w, w.cards(z("set_aside", OTHER))) == ["wax"]
    assert beans_of(w, w.field_cards(FieldRef(OWNER, 0))) == ["chili"]


def test_gods_bohn_cancels_the_opponents_action() -> None:
    rules = fx('when action_played by others if ask(owner, "Prevent it?") { cancel }', "God's Bohn")
    w = table(choices=[0])
    with pytest.raises(CancelAction):
        ev(w, rules, "action_played", player=OTHER, action="Spy", card=3)


def test_sweet_revenge_steals_a_played_action_card() -> None:
    rules = fx("choose c from cards(zone(played_actions, opponent)) { move([c], action_cards) }", "Sweet Revenge")
    w = table()
    w.put(z("played_actions", OTHER), "red", "soy")
    w.choices = [1]
    rules.run(w, OWNER)
    assert len(w.cards(z("action_cards", OWNER))) == 1 and len(w.cards(z("played_actions", OTHER))) == 1


# ================================================================ Bohn Camillo: special rules


def test_red_beans_go_to_pebbohne_and_holy_spirit_beans_to_camillo() -> None:
    camillo = fx("when card_at_front if event.bean == red { give([event.card], opponent) }\n"
                 "when revealed if event.bean == red { give([event.card], opponent) }", "Camillo")
    w = table()
    [card] = w.put(z("hand", OWNER), "red")
    ev(w, camillo, "card_at_front", player=OWNER, card=card, bean="red")
    assert beans_of(w, w.cards(z("set_aside", OTHER))) == ["red"]
    pebbohne = fx("when revealed if event.bean == holy_spirit { give([event.card], opponent) }", "Pebbohne")
    [holy] = w.put(z("revealed"), "holy_spirit")
    ev(w, pebbohne, "revealed", player=OWNER, card=holy, bean="holy_spirit")
    assert beans_of(w, w.cards(z("set_aside", OTHER))) == ["red", "holy_spirit"]


def test_a_harvest_of_two_coins_earns_an_action_card() -> None:
    rules = fx("when harvested if event.coins >= 2 and not event.final { move(top(action_deck, 1), action_cards) }")
    w = table()
    w.put(z("action_deck"), "soy", "red")
    ev(w, rules, "harvested", player=OWNER, coins=2, final=False)
    ev(w, rules, "harvested", player=OWNER, coins=1, final=False)
    ev(w, rules, "harvested", player=OWNER, coins=3, final=True)
    assert len(w.cards(z("action_cards", OWNER))) == 1


def test_revealed_gifts_must_be_reciprocated() -> None:
    rules = fx("""action gift on own_turn {
        choose c from cards(revealed) by owner {
            if c.bean in growing(opponent) {
                give([c], opponent)
                choose r from cards(zone(hand, opponent)) by opponent {
                    if r.bean in growing(owner) { give([r], owner) }
                }
            }
        }
    }""")
    w = table()
    _two_fields(w)
    w.plant_beans(OWNER, 0, "soy")
    w.put(z("revealed"), "wax")
    w.put(z("hand", OTHER), "soy")
    from engine.lang.compiler import new_ctx

    rules.actions[0].body(new_ctx(w, OWNER, "gift"))
    assert beans_of(w, w.cards(z("set_aside", OTHER))) == ["wax"]
    assert beans_of(w, w.cards(z("set_aside", OWNER))) == ["soy"]


# ================================================================ High Bohn Plus


def test_field_bean_two_harvested_give_a_third_field() -> None:
    rules = fx("when harvested if event.bean == field_bean and event.beans == 2 and count(fields(owner)) < 3 { add_field(owner) }")
    w = table()
    w.plant_beans(OWNER, 1)
    ev(w, rules, "harvested", player=OWNER, bean="field_bean", beans=2, coins=0)
    assert len(w.fields(OWNER)) == 3
    ev(w, rules, "harvested", player=OWNER, bean="field_bean", beans=2, coins=0)
    assert len(w.fields(OWNER)) == 3, "nothing if the player has a third field already"
    assert BEANS["field_bean"][1] == [None, None, 3], "three field beans earn 3 coins"


ORDER = """action fill_order on own_turn if
    (item(fields(owner), 0).size == counter(owner, "order_first") and item(fields(owner), 1).size == counter(owner, "order_second"))
    or (count(fields(owner)) > 2 and item(fields(owner), 1).size == counter(owner, "order_first")
        and item(fields(owner), 2).size == counter(owner, "order_second")) {
    move(cards(order_display), coins)
    add_counter(owner, "orders_filled", 1)
}"""


def test_order_cards_are_filled_by_two_adjacent_fields() -> None:
    rules = fx(ORDER, "order card")
    [fill] = rules.actions
    from engine.lang.compiler import new_ctx

    w = table(counters={(OWNER, "order_first"): 3, (OWNER, "order_second"): 4})
    w.plant_beans(OWNER, 0, "soy", "soy")
    w.plant_beans(OWNER, 1, "red", "red", "red")
    w.plant_beans(OWNER, 2, "wax", "wax", "wax", "wax")
    w.put(z("order_display", OWNER), "soy")
    ctx = new_ctx(w, OWNER, "order")
    assert fill.condition is not None and fill.condition(ctx), "fields 2 and 3 match 3/4"
    fill.body(ctx)
    assert w.coins(OWNER) == 1
    w2 = table(counters={(OWNER, "order_first"): 3, (OWNER, "order_second"): 4})
    w2.plant_beans(OWNER, 0, "soy", "soy", "soy")
    w2.plant_beans(OWNER, 1, "red", "red")
    assert not fill.condition(new_ctx(w2, OWNER, "order"))


def test_unfilled_face_up_order_goes_under_the_order_deck() -> None:
    rules = fx('when phase_ended if event.phase == "plant_traded" and count(cards(order_display)) > 0 { move(cards(order_display), order_deck) }')
    w = table()
    w.put(z("order_display", OWNER), "soy")
    ev(w, rules, "phase_ended", player=OWNER, phase="plant_traded")
    assert len(w.cards(z("order_deck"))) == 1


# ================================================================ La Isla Bohnitâ


SAIL = """action sail_to_bohnbay on own_turn if count(cards(bohnbay_row)) > 0 {
    let row = cards(bohnbay_row)
    let b = item(row, 0).bean
    let go = true
    for c in row { if go and c.bean == b { move([c], ship1) } else { let go = false } }
}"""


def test_sailing_loads_adjacent_beans_of_one_type() -> None:
    rules = fx(SAIL)
    from engine.lang.compiler import new_ctx

    w = table()
    w.put(z("bohnbay_row"), "mocha", "mocha", "wax", "mocha")
    rules.actions[0].body(new_ctx(w, OWNER, "sail"))
    assert beans_of(w, w.cards(z("ship1", OWNER))) == ["mocha", "mocha"]
    assert beans_of(w, w.cards(z("bohnbay_row"))) == ["wax", "mocha"]


def test_pirate_raid_takes_a_bean_unless_the_cargo_is_sold() -> None:
    rules = fx("""action raid on own_turn if counter(owner, "pirate") > 0 {
        choose p from others(owner) by owner {
            if count(cards(zone(ship1, p))) > 0 and not ask(p, "Sell your cargo?") {
                move(first(cards(zone(ship1, p)), 1), pirate)
            }
        }
    }""")
    from engine.lang.compiler import new_ctx

    w = table(players=3, counters={(OWNER, "pirate"): 1})
    w.put(z("ship1", 1), "wax", "wax")
    w.choices = [0, 1]  # raid seat 1, who does not sell
    ctx = new_ctx(w, OWNER, "raid")
    assert rules.actions[0].condition(ctx)
    rules.actions[0].body(ctx)
    assert len(w.cards(z("pirate", OWNER))) == 1 and len(w.cards(z("ship1", 1))) == 1


def test_selling_cargo_needs_at_least_one_coin() -> None:
    rules = fx("""action sell_cargo on any_time if count(cards(ship1)) > 0
            and coins_for(owner, item(cards(ship1), 0).bean, count(cards(ship1))) >= 1 {
        let n = coins_for(owner, item(cards(ship1), 0).bean, count(cards(ship1)))
        move(first(cards(ship1), n), coins)
        discard(cards(ship1))
    }""")
    from engine.lang.compiler import new_ctx

    w = table()
    w.put(z("ship1", OWNER), "wax", "wax", "wax")
    assert not rules.actions[0].condition(new_ctx(w, OWNER, "sell"))
    w.put(z("ship1", OWNER), "wax")
    ctx = new_ctx(w, OWNER, "sell")
    assert rules.actions[0].condition(ctx)
    rules.actions[0].body(ctx)
    assert w.coins(OWNER) == 1 and len(w.cards(z("discard"))) == 3


def test_harbour_rows_are_refilled_with_five_cards() -> None:
    rules = fx("when turn_ended by anyone if count(cards(bohnaco_row)) == 0 { reveal(5, bohnaco_row) }")
    w = table()
    w.put(z("draw_pile"), *["soy"] * 7)
    ev(w, rules, "turn_ended", player=OTHER)
    assert len(w.cards(z("bohnaco_row"))) == 5


def test_buying_ships_and_pirates() -> None:
    # the second ship's price differs in two places of the rulebook: a named option chooses (data)
    rules = fx("""action buy_pirate on any_time if counter(owner, "pirate") == 0 cost 2 {
        add_counter(owner, "pirate", 1)
    }""")
    from engine.lang.compiler import new_ctx

    w = table()
    w.give_coins(OWNER, "wax", "wax", "soy")
    action = rules.actions[0]
    ctx = new_ctx(w, OWNER, "buy")
    assert action.cost is not None and action.cost(ctx) == 2
    w.do("pay", {"player": OWNER, "amount": action.cost(ctx)})  # the engine pays the cost, then runs the body
    action.body(ctx)
    assert w.coins(OWNER) == 1 and w.counter(OWNER, "pirate") == 1


def test_bean_duel_harvest_only_on_own_turn() -> None:
    rules = fx("modify may_harvest by anyone if player != active = false")
    w = table(active_player=OTHER)
    assert q(w, rules, "may_harvest", True, player=OWNER, field=FieldRef(OWNER, 0)) is False
    assert q(w, rules, "may_harvest", True, player=OTHER, field=FieldRef(OTHER, 0)) is True
