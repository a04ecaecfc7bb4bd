"""The rulesheet decides its sentences by asking the ruleset's own rules (``engine/rules/probes.py``).

Why: a house rule that forbids trading, keeps hand cards out of a trade or sells the hands
at the end must read so on its sheet, with no word of Python written for it; the probes
ask its compiled rules on a small table instead of reading ids or effect text.
"""

from __future__ import annotations

from pathlib import Path

from engine.rules.loader import load_ruleset
from engine.rules.probes import hand_tradable, hands_sold_at_end, idle_without_beans, idle_without_field_sales, trading_forbidden
from engine.rules.sheet import sheet_markdown


def _house(tmp_path: Path, effect: str) -> object:
    path = tmp_path / "house.yaml"
    text = "extends: base\nid: house\neffects:\n  +house_rule:\n    description: A house rule.\n    effect: |\n"
    path.write_text(text + "".join(f"      {line}\n" for line in effect.splitlines()), encoding="utf-8")
    return load_ruleset(str(path))


def _trade_line(rules: object, players: int = 4) -> str:
    return next(line for line in sheet_markdown(rules, players).splitlines()  # type: ignore[arg-type]
                if "trade" in line and line.startswith("   - "))


def test_the_plain_rules_trade_hand_cards_and_keep_the_hands_worthless() -> None:
    rules = load_ruleset("base")
    assert not trading_forbidden(rules, 4) and hand_tradable(rules, 4, 0) and not hands_sold_at_end(rules, 4)
    assert _trade_line(rules).startswith("   - The active player may trade the turned-up cards and hand cards with")
    assert "- Then every field is harvested; cards in hand are worth nothing." in sheet_markdown(rules, 4).splitlines()


def test_a_house_rule_forbidding_all_trades_has_no_trading_on_its_sheet(tmp_path: Path) -> None:
    rules = _house(tmp_path, "modify may_trade by anyone = false")
    assert trading_forbidden(rules, 4)  # type: ignore[arg-type]
    assert _trade_line(rules) == ("   - Nothing is traded or given away here (the special rules forbid it): the turned-up "
                                  "cards go to the active player, are set aside and planted in the next phase.")


def test_a_house_rule_forbidding_one_pair_still_trades(tmp_path: Path) -> None:
    """The players other than the active one may not trade with each other: the active one still trades."""
    rules = _house(tmp_path, "modify may_trade if player != active and other != active = false")
    assert not trading_forbidden(rules, 4)  # type: ignore[arg-type]
    assert "Nothing is traded" not in _trade_line(rules)


def test_a_house_rule_keeping_the_active_hand_out_of_trades_says_so(tmp_path: Path) -> None:
    rules = _house(tmp_path, "modify may_trade_card if value and player == active and card in cards(hand) = false")
    assert not hand_tradable(rules, 4, 0) and hand_tradable(rules, 4, 1)  # type: ignore[arg-type]
    assert _trade_line(rules).startswith("   - The active player may trade only the turned-up cards (no hand cards) with "
                                         "the other players, who pay with cards from their hands,")


def test_a_house_rule_selling_the_hands_at_the_end_is_not_told_they_are_worthless(tmp_path: Path) -> None:
    rules = _house(tmp_path, "when game_ending { move(cards(hand), coins) }")
    assert hands_sold_at_end(rules, 4)  # type: ignore[arg-type]
    lines = sheet_markdown(rules, 4).splitlines()  # type: ignore[arg-type]
    assert "- Then every field is harvested; the cards in hand are sold as the special rules say." in lines
    # a game_ending rule that leaves the hands alone does not sell them
    other = _house(tmp_path, "when game_ending { discard(cards(hand)) }")
    assert not hands_sold_at_end(other, 4)  # type: ignore[arg-type]


def test_the_shipped_variants_read_as_their_rules() -> None:
    assert hands_sold_at_end(load_ruleset("high_bohn_plus", "sell_hands"), 4)
    assert trading_forbidden(load_ruleset("la_isla_bohnita_duel"), 2)
    assert not hand_tradable(load_ruleset("bohn_camillo", "trading"), 2, 0)


def test_a_rule_about_a_removed_bean_is_marked_not_played(tmp_path: Path) -> None:
    """A harvest rule of the Garden bean, which two players remove: idle at 2, played at 4;
    a harvest rule for every bean is never idle."""
    rules = _house(tmp_path, "when harvested if event.bean == garden { gain(owner, 1) }")
    assert idle_without_beans(rules, rules.effects[-1].compiled, 2, list(rules.row(2).remove_beans)) == ["garden"]  # type: ignore[attr-defined]
    assert "- A house rule. (not played with 2 players: the Garden bean is removed)" in sheet_markdown(rules, 2).splitlines()  # type: ignore[arg-type]
    assert "- A house rule." in sheet_markdown(rules, 4).splitlines()  # type: ignore[arg-type]
    every = _house(tmp_path, "when harvested if event.beans >= 2 { gain(owner, 1) }")
    assert idle_without_beans(every, every.effects[-1].compiled, 2, list(every.row(2).remove_beans)) == []  # type: ignore[attr-defined]
    # an action beside the Garden trigger may be played whatever is removed: never idle
    # (a fresh seed-48 rules sample's survivor called it idle when it also had triggers)
    acting = _house(tmp_path, "when harvested if event.bean == garden { gain(owner, 1) }\n"
                              "action tip on own_turn if coins(owner) > 0 { gain(owner, 1) }")
    assert idle_without_beans(acting, acting.effects[-1].compiled, 2, list(acting.row(2).remove_beans)) == []  # type: ignore[attr-defined]
    assert "- A house rule." in sheet_markdown(acting, 2).splitlines()  # type: ignore[arg-type]


def test_a_rule_of_bought_fields_is_not_played_where_no_field_is_sold(tmp_path: Path) -> None:
    """Three players of the base game start with their three fields, the most they may
    have: a rule heard when a field is bought is never played there, and the sheet says
    so; at 4 players a 3rd field is sold. A rule raising the most fields, or taking a
    field away, lets a field be bought again: then the rule is played."""
    rules = _house(tmp_path, "when field_bought { gain(owner, 1) }")
    assert idle_without_field_sales(rules, rules.effects[-1].compiled, 3)  # type: ignore[attr-defined]
    assert "- A house rule. (not played with 3 players: no field is bought)" in sheet_markdown(rules, 3).splitlines()  # type: ignore[arg-type]
    assert not idle_without_field_sales(rules, rules.effects[-1].compiled, 4)  # type: ignore[attr-defined]
    assert "- A house rule." in sheet_markdown(rules, 4).splitlines()  # type: ignore[arg-type]
    for more in ("modify max_fields = value + 1", "action drop on own_turn if count(fields(owner)) > 1 "
                 "and item(fields(owner), 0).size == 0 { remove_field(item(fields(owner), 0)) }"):
        (tmp_path / "more.yaml").write_text(f"extends: house.yaml\nid: more\neffects:\n  +more:\n    effect: '{more}'\n",
                                            encoding="utf-8")
        other = load_ruleset(str(tmp_path / "more.yaml"))
        bought = next(e for e in other.effects if e.id == "house_rule")
        assert not idle_without_field_sales(other, bought.compiled, 3), more
    # a rule that also listens to another event may be played: never called idle
    mixed = _house(tmp_path, "when field_bought { gain(owner, 1) }\nwhen turn_ended { gain(owner, 1) }")
    assert not idle_without_field_sales(mixed, mixed.effects[-1].compiled, 3)  # type: ignore[attr-defined]


def test_received_cards_are_not_traded_again_unless_a_trade_step_lists_their_zone() -> None:
    assert "Cards received are set aside, cannot be traded again and are planted in the next phase." in _trade_line(load_ruleset("base"))
    retrades = _trade_line(load_ruleset("high_bohn_plus", "active_retrades"))
    assert "Cards received are set aside and planted in the next phase." in retrades
    assert retrades.endswith("The active player may also trade and give away cards from the cards set aside.")
