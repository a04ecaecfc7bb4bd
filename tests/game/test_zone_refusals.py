"""Every built-in step that moves a card checks it against its kind's `zones` and refuses
with G620 naming the step, the card, the zone and the zones its kind may be in, at the
step's place in the ruleset, in a game with rules and in one without (engine/game/steps.py,
fieldwork.py, trading.py: `check_goes`).

Why a table of whole messages: the step's name at the head of G620 was asserted for one
step only, and the check's shortcut for games without rules (the plain harvest) was
played only by games whose cards go anywhere; a fresh seed-44 sample of engine/game had
two survivors there (keep_revealed's G620 without its step's name, and a plain harvest
taken in a game whose kinds limit their zones, which skips the check)."""

from __future__ import annotations

from pathlib import Path
import pytest

from engine.errors import BohnError, Diagnostic
from engine.game.actions import PASS, Action
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.loader import load_ruleset

TOKENS = """\
extends: base
id: tokens
name: Tokens
description: Tokens that may lie only where their kind says.
zones:
  +token_deck: {kind: deck, owner: shared, visibility: hidden, description: "Face-down tokens."}
+cards:
  - id: token
    name: Token
    description: A card that is no bean.
    starts_in: START
    plant: PLANT
    zones: ZONES
    cards:
      - {id: token_a, name: A token, count: 2}
"""
#: a rule that touches no step: the game has rules (``Game.fx``), the steps are the same
COUNTING = "effects:\n  +count:\n    effect: 'when planted { add_counter(owner, \"planted\", 1) }'\n"


def _game(tmp_path: Path, zones: list[str], players: int, rules: bool, start: str = "token_deck", tokens: int = 2,
          record: bool = True) -> Game:
    text = (TOKENS.replace("START", start).replace("PLANT", "true" if "fields" in zones else "false")
            .replace("ZONES", "[" + ", ".join(zones) + "]").replace("count: 2}", f"count: {tokens}}}"))
    path = tmp_path / "tokens.yaml"
    path.write_text(text + (COUNTING if rules else ""), encoding="utf-8")
    game = Game(load_ruleset(str(path)), players, seed=2, record=record)
    assert game._zone_limited and (game.fx is not None) is rules
    return game


def _refusal(caught: pytest.ExceptionInfo[BohnError], game: Game) -> Diagnostic:
    [d] = caught.value.diagnostics
    assert d.code == "G620" and d.severity == "error"
    step = game.step
    assert step is not None and d.span == step.span and d.span is not None, "at the step being played"
    return d


@pytest.mark.parametrize("rules", [False, True], ids=["no rules", "rules"])
def test_a_harvest_refuses_a_token_the_discard_pile_may_not_hold(tmp_path: Path, rules: bool) -> None:
    game = _game(tmp_path, ["token_deck", "hand", "fields"], 3, rules)
    arrange(game, {"fields": {0: [["token_a"], [], []]}, "hands": {0: ["soy"]}})
    harvest = Action("harvest", 0, field=0)
    assert harvest in game.legal_actions(0)
    with pytest.raises(BohnError) as caught:
        game.apply(harvest)
    d = _refusal(caught, game)
    assert d.message == "harvest: a `token_a` may not go to `discard` (its kind may be in fields, hand, token_deck)"


@pytest.mark.parametrize("rules", [False, True], ids=["no rules", "rules"])
def test_a_harvest_where_the_token_may_go_discards_it(tmp_path: Path, rules: bool) -> None:
    """The same harvest with the discard pile among the kind's zones: no coin (a token has
    no beanometer), the token on the discard pile, the field empty."""
    game = _game(tmp_path, ["token_deck", "hand", "fields", "discard"], 3, rules)
    arrange(game, {"fields": {0: [["token_a"], [], []]}, "hands": {0: ["soy"]}, "discard": []})
    game.apply(Action("harvest", 0, field=0))
    st = game.state
    assert st.fields[0][0] == [] and [game.bean_name(c) for c in st.discard] == ["token_a"] and st.coins[0] == []


@pytest.mark.parametrize("rules", [False, True], ids=["no rules", "rules"])
@pytest.mark.parametrize(("phase", "step", "zone"), [("draw", "draw", "hand"), ("trade", "reveal", "revealed")],
                         ids=["draw", "reveal"])
def test_a_drawing_step_refuses_a_token_its_target_may_not_hold(tmp_path: Path, rules: bool, phase: str,
                                                                step: str, zone: str) -> None:
    """The draw step into the hand and the reveal step onto the display both move a card
    from the draw pile; a kind limited to other zones is refused there with G620."""
    game = _game(tmp_path, ["token_deck", "draw_pile", "discard"], 3, rules, start="draw_pile")
    with pytest.raises(BohnError) as caught:
        arrange(game, {"draw_pile": ["token_a", "token_a"], "phase": phase})
    d = _refusal(caught, game)
    assert d.message == f"{step}: a `token_a` may not go to `{zone}` (its kind may be in discard, draw_pile, token_deck)"


@pytest.mark.parametrize("rules", [False, True], ids=["no rules", "rules"])
def test_keeping_the_revealed_cards_refuses_a_token_the_offer_may_not_hold(tmp_path: Path, rules: bool) -> None:
    """The two-player game's keep_revealed step: the cards the active player does not
    plant go to the opponent's offer, where no token may be."""
    game = _game(tmp_path, ["token_deck", "revealed", "discard"], 2, rules)
    arrange(game, {"phase": "reveal", "step": "keep_revealed", "revealed": ["token_a", "soy"], "hands": {0: ["red"]}})
    assert game.step is not None and game.step.kind == "keep_revealed"
    with pytest.raises(BohnError) as caught:
        game.apply(Action(PASS, 0))
    d = _refusal(caught, game)
    assert d.message == "keep_revealed: a `token_a` may not go to `offer` (its kind may be in discard, revealed, token_deck)"


@pytest.mark.parametrize("rules", [False, True], ids=["no rules", "rules"])
def test_ending_a_trade_refuses_a_kept_token_the_set_aside_cards_may_not_hold(tmp_path: Path, rules: bool) -> None:
    game = _game(tmp_path, ["token_deck", "revealed", "discard"], 3, rules)
    arrange(game, {"phase": "trade", "revealed": ["token_a", "wax"], "hands": {0: ["chili"], 1: ["soy"], 2: ["red"]}})
    with pytest.raises(BohnError) as caught:
        for seat, kind in ((0, "end_trading"), (1, PASS), (2, PASS)):
            game.apply(Action(kind, seat))
    d = _refusal(caught, game)
    assert d.message == ("trade (keeping the revealed cards): a `token_a` may not go to `set_aside` "
                         "(its kind may be in discard, revealed, token_deck)")


@pytest.mark.parametrize("rules", [False, True], ids=["no rules", "rules"])
@pytest.mark.parametrize(("phase", "step", "zone", "count"), [("draw", "draw", "hand", 3), ("trade", "reveal", "revealed", 2)],
                         ids=["draw", "reveal"])
def test_a_drawing_step_refuses_tokens_on_top_of_a_deck_that_does_not_run_out(tmp_path: Path, rules: bool, phase: str,
                                                                               step: str, zone: str, count: int) -> None:
    """The same refusal when the deck holds more cards than the step takes and every card
    it takes is a token: the steps' one-move shortcut for a deck that cannot run out first
    asks whether any of those cards is kept out of the target (`steps._may_take`). A fresh
    seed-51 sample's survivor read that test backwards, so a draw of tokens alone took the
    shortcut and put them in the hand (the earlier test draws the deck to its end, where
    the shortcut is never taken)."""
    # three tokens, and no log: the reveal's shortcut is for a game unrecorded
    game = _game(tmp_path, ["token_deck", "draw_pile", "discard"], 3, rules, start="draw_pile", tokens=3, record=False)
    assert not game.logging
    with pytest.raises(BohnError) as caught:
        arrange(game, {"draw_pile": ["token_a"] * count + ["soy", "red"], "phase": phase})
    d = _refusal(caught, game)
    assert d.message == f"{step}: a `token_a` may not go to `{zone}` (its kind may be in discard, draw_pile, token_deck)"
    assert not any(game.bean_name(c) == "token_a" for c in game.state.hands[0] + game.state.shared["revealed"])
