"""The invariant watch shared by the tests and `--check`: it must notice every kind of
broken invariant, name the game and the rule to blame, and stop a simulated game as a
failure with its seed."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from engine.errors import BohnError, Span
from engine.game.core import Game
from engine.game.invariants import InvariantWatch
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game
from engine.sim.simulate import simulate


def _started(players: int = 3, seed: int = 5) -> tuple[Game, InvariantWatch]:
    game = Game(load_ruleset("base"), players, seed)
    watch = InvariantWatch()
    watch.start(game)
    return game, watch


def _one_action(game: Game) -> object:
    seat = game.decider
    assert seat is not None
    action = game.legal_actions(seat)[0]
    game.apply(action)
    return action


def test_a_whole_game_passes_and_every_action_is_checked() -> None:
    rules = load_ruleset("base")
    watch = InvariantWatch(observe_every=5)
    played = play_game(rules, 4, 11, make_agents(["greedy"], 4, 11), record=False,
                       on_start=watch.start, after_action=watch)
    assert played.game.over
    assert watch.actions == len(played.actions) > 50


def test_a_lost_card_stops_the_game_with_g680_and_the_seed() -> None:
    game, watch = _started(seed=5)
    action = _one_action(game)
    game.state.deck.pop()
    with pytest.raises(BohnError) as caught:
        watch(game, action)
    assert caught.value.code == "G680"
    message = caught.value.diagnostics[0].message
    assert "seed 5" in message and "after action 1" in message and "cards in zones" in message
    # no rule acted: the engine itself is blamed, with a hint saying so
    assert caught.value.diagnostics[0].span is None
    assert "engine itself" in (caught.value.diagnostics[0].hint or "")


def test_a_doubled_card_is_named() -> None:
    game, watch = _started()
    action = _one_action(game)
    game.state.deck.append(game.state.deck[0])
    with pytest.raises(BohnError) as caught:
        watch(game, action)
    assert "two places" in caught.value.diagnostics[0].message


def test_a_reordered_hand_is_noticed_against_the_dealt_order() -> None:
    game, watch = _started(seed=2)
    hand = game.state.hands[1]  # not the seat that acts first
    assert game.state.bean_of[hand[0]] != game.state.bean_of[hand[1]], "pick a seed whose two front cards differ"
    hand[0], hand[1] = hand[1], hand[0]
    action = _one_action(game)
    with pytest.raises(BohnError) as caught:
        watch(game, action)
    assert "seat 1: hand order changed" in caught.value.diagnostics[0].message


def test_the_last_rule_that_acted_is_blamed_with_its_place() -> None:
    game, watch = _started()
    action = _one_action(game)
    game.cause = Span("house.yaml", 12, 7)  # as while a rule's effect runs
    game.emit("moved", seat=0)
    game.cause = None
    game.state.deck.pop()
    with pytest.raises(BohnError) as caught:
        watch(game, action)
    span = caught.value.diagnostics[0].span
    assert span is not None and (span.file, span.line) == ("house.yaml", 12)


def test_the_blame_does_not_carry_over_to_a_later_action() -> None:
    game, watch = _started()
    game.cause = Span("house.yaml", 12, 7)
    game.emit("moved", seat=0)
    game.cause = None
    watch(game, _one_action(game))  # all holds: the blame of that action is spent
    action = _one_action(game)
    game.state.deck.pop()
    with pytest.raises(BohnError) as caught:
        watch(game, action)
    assert caught.value.diagnostics[0].span is None


def test_simulate_check_reports_a_broken_game_as_a_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    import engine.game.invariants as invariants

    real = invariants.check_cards
    calls = {"n": 0}

    def broken_in_the_second_game(game: Game) -> list[str]:
        calls["n"] += 1
        return ["1 cards in zones, 2 in the game"] if game.seed == 101 and calls["n"] > 3 else real(game)

    monkeypatch.setattr(invariants, "check_cards", broken_in_the_second_game)
    stats = simulate(load_ruleset("base"), 3, 3, seed=100, bots=["random"], stats=False, check=True)
    assert [(f.seed, f.code) for f in stats.failures] == [(101, "G680")]
    unchecked = simulate(load_ruleset("base"), 3, 3, seed=100, bots=["random"], stats=False)
    assert unchecked.failures == []


def test_the_cli_check_flags_play_and_simulate_cleanly() -> None:
    run = [sys.executable, "-m", "engine"]
    out = subprocess.run(run + ["simulate", "--games", "3", "--players", "3", "--check", "--quiet", "--format", "json",
                                "--no-stats"], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    run_out = json.loads(out.stdout)["runs"][0]
    assert run_out["failed_games"] == 0 and run_out["failures"] == []
    out = subprocess.run(run + ["play", "--players", "3", "--seed", "4", "--check"], capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert "G680" not in out.stderr
