"""The game loop's shortcuts ask and answer exactly what the plain protocol does.

``Game.decision`` is ``decider`` plus ``legal_actions``; a step object is made once per
game and entered again every turn (its per-pass state reset); a look-ahead copy made by
``lookahead._copy`` equals what ``copy.deepcopy`` makes, and shares nothing mutable.
"""

from __future__ import annotations

import copy

import pytest

from engine.game.core import Game
from engine.game.lookahead import copy_game
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents


@pytest.mark.parametrize("ruleset,bots,trading", [("base", "random", True), ("base", "greedy", True), ("high_bohn", "greedy", True)])
def test_decision_is_the_decider_and_its_legal_actions(ruleset: str, bots: str, trading: bool) -> None:
    rules = load_ruleset(ruleset)
    game = Game(rules, 4, 3, trading=trading, record=False)
    agents = make_agents([bots], 4, 3)
    from engine.game.view import SeatView

    views = [SeatView(game, s) for s in range(4)]
    offers = (True, False, True, False)
    steps = 0
    while not game.over and steps < 400:
        seat = game.decider
        assert seat is not None
        expected = game.legal_actions(seat, offers=offers[seat])
        got_seat, got = game.decision(offers)
        assert (got_seat, got) == (seat, expected)
        game.apply(agents[seat].choose(views[seat], got))
        steps += 1
    assert steps > 100


def test_a_step_is_entered_again_each_turn_with_its_state_reset() -> None:
    game = Game(load_ruleset("base"), 4, 5, trading=True, record=False)
    seen: dict[tuple[int, int], object] = {}
    windows = 0
    agents = make_agents(["greedy"], 4, 5)
    from engine.game.view import SeatView

    views = [SeatView(game, s) for s in range(4)]
    while not game.over and game.state.turn <= 6:
        key = (game.state.phase_index, game.state.step_index)
        step = game.step
        if key in seen:
            assert seen[key] is step  # the same object, entered again
        seen[key] = step
        if step.kind == "trade" and step.mode == "active" and step.pending is None:
            # a fresh window: nothing proposed, nothing pending, not done
            if not any(step.proposals):
                assert not step.done and step.rounds == 0 and step.responders == []
                windows += 1
        seat, legal = game.decision((False,) * 4)
        game.apply(agents[seat].choose(views[seat], legal))
    assert windows >= 5


def _plain_state(game: Game) -> object:
    st = game.state
    fx = game.fx
    shared = {k: v for k, v in st.shared.items() if v is not st.deck}  # a twin's deck is shuffled on purpose
    return (sorted(st.deck), st.discard, st.hands, st.fields, st.coins, shared, st.per_player, st.active, st.turn,
            st.runouts, st.phase_index, st.step_index, game.actions_taken,
            dict(fx.counters) if fx is not None else None,
            dict(game.items.owner) if game.items is not None else None)


@pytest.mark.parametrize("ruleset", ["base", "high_bohn", "high_bohn_plus"])
def test_a_look_ahead_copy_equals_a_deep_copy_and_shares_nothing_that_changes(ruleset: str) -> None:
    game = Game(load_ruleset(ruleset), 4, 7, trading=True, record=False)
    agents = make_agents(["greedy"], 4, 7)
    from engine.game.view import SeatView

    views = [SeatView(game, s) for s in range(4)]
    for _ in range(120):  # some way into the game: fields, coins and items in play
        seat, legal = game.decision((False,) * 4)
        game.apply(agents[seat].choose(views[seat], legal))
    twin = copy_game(game)
    deep = copy.deepcopy(game)
    assert _plain_state(twin) == _plain_state(deep)
    assert twin.step is twin._step_runs[twin.state.phase_index][twin.state.step_index]
    assert twin.step is not game.step and twin.state is not game.state
    for mine, theirs in ((twin.state.hands, game.state.hands), (twin.state.fields, game.state.fields),
                         (twin.state.coins, game.state.coins)):
        assert mine is not theirs and all(a is not b for a, b in zip(mine, theirs))
    before = _plain_state(game)
    seat, legal = twin.decision((False,) * 4)
    twin.apply(legal[0])
    assert _plain_state(game) == before  # the copy's move leaves the game as it was
