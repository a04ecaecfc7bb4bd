"""An agent that answers offers from the step's own actions is listed no free actions then.

``GreedyBot.free_in_answers`` is False: while it answers an offer (the trading step's
``respond`` mode) ``Game.free_listing`` lists it nothing, and its games are the games it
plays when it is listed everything (its answers never look at free actions)."""

from __future__ import annotations

from engine.agents.greedy import GreedyBot
from engine.game.core import Game
from engine.game.view import SeatView
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game


def _list_everything(game: Game, _action: object) -> None:
    """An ``after_action`` hook: every seat is listed its free actions in answers too (the
    first decision of a game is never an answer; a compiled GreedyBot cannot be subclassed)."""
    game.free_in_answers = (True,) * game.players


def _actions(ruleset: str, variant: str | None, seed: int, listed: bool) -> list[object]:
    rules = load_ruleset(ruleset, variant)
    agents = [GreedyBot(seed * 1000 + s) for s in range(4)]
    return list(play_game(rules, 4, seed, agents, trading=True, record=False,
                          after_action=_list_everything if listed else None).actions)


def test_greedy_games_are_the_same_with_free_actions_listed_in_answers() -> None:
    for ruleset, variant in (("high_bohn", None), ("high_bohn", "cognac"), ("high_bohn_plus", None)):
        for seed in range(2):
            assert _actions(ruleset, variant, seed, False) == _actions(ruleset, variant, seed, True), (ruleset, seed)


def test_play_game_reads_the_agents_choice() -> None:
    rules = load_ruleset("high_bohn", None)
    seen: list[tuple[bool, ...]] = []
    play_game(rules, 4, 1, make_agents(["greedy"], 4, 1), record=False, on_start=lambda g: seen.append(g.free_in_answers))
    assert seen == [(True,) * 4]  # before the game loop: the default
    game = play_game(rules, 4, 1, make_agents(["greedy"], 4, 1), record=False).game
    assert game.free_in_answers == (False,) * 4


def test_an_answering_seat_that_opts_out_is_listed_nothing_else_everything() -> None:
    rules = load_ruleset("high_bohn", None)
    game = Game(rules, 4, 3, record=False)
    agents = make_agents(["greedy"], 4, 3)
    views = [SeatView(game, s) for s in range(4)]
    answers = 0
    while not game.over and game.actions_taken < 400:
        seat = game.decider
        assert seat is not None
        answering = getattr(game.step, "mode", "") == "respond"
        game.touch()
        game.free_in_answers = (True,) * 4
        full = game.free_listing(seat)
        game.free_in_answers = tuple(s != seat for s in range(4))
        opted_out = game.free_listing(seat)
        assert opted_out == (() if answering else full), (game.actions_taken, seat)
        answers += answering and bool(full)  # an answer that would list something
        game.free_in_answers = (True,) * 4
        seat, legal = game.decision([False] * 4)
        game.apply(agents[seat].choose(views[seat], legal))
    assert answers > 10
