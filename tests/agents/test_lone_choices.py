"""A choice inside an effect among one option that must be taken is that option, and the
greedy bot (``takes_lone_choice``) is not asked it: the chosen event is logged all the
same. A bot that does not say so (the random bot draws a number for it) is still asked,
and so is a hook other than the one ``route_choices`` made."""

from __future__ import annotations

from typing import Any

from engine.agents.greedy import GreedyBot
from engine.agents.random_bot import RandomBot
from engine.game.choices import pick
from engine.game.core import Game
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game, route_choices


def _asked(bot_class: type, games: int = 3) -> tuple[list[tuple[int, bool]], int]:
    """(the (number of options, optional) of every choice a bot of ``bot_class`` was asked,
    the number of chosen events of one option that must be taken in the logs)."""
    rules = load_ruleset("bohn_camillo")
    asked: list[tuple[int, bool]] = []
    lone = 0
    original = bot_class.choose_option

    def counted(self: Any, view: Any, options: list[Any], prompt: str, optional: bool) -> Any:
        if not prompt.endswith(")"):  # (a secret choice's pick, "… (2 of 3)", is asked apart)
            asked.append((len(options), optional))
        return original(self, view, options, prompt, optional)

    bot_class.choose_option = counted  # type: ignore[method-assign]
    try:
        for seed in range(games):
            game = play_game(rules, 2, seed, [bot_class(seed * 1000), bot_class(seed * 1000 + 1)]).game
            lone += sum(1 for e in game.events if e["type"] == "chose" and e["options"] == 1 and not e.get("secret")
                        and e["prompt"].endswith(("choose f", "choose r", "choose b", "choose a", "choose mine",
                                                  "choose got", "choose c")))
    finally:
        bot_class.choose_option = original  # type: ignore[method-assign]
    return asked, lone


def test_the_greedy_bot_is_not_asked_a_lone_choice() -> None:
    asked, lone = _asked(GreedyBot)
    assert lone > 50 and asked
    assert (1, False) not in asked


def test_the_random_bot_is_asked_every_choice() -> None:
    asked, lone = _asked(RandomBot)
    assert lone > 20
    # (the logs' count takes in optional choices of one option too, which the bot is asked
    # as optional: Camillo's plant_or_discard)
    assert asked.count((1, False)) + asked.count((1, True)) >= lone


def test_another_hook_is_asked() -> None:
    game = Game(load_ruleset("bohn_camillo"), 2, 0, record=False)
    agents = make_agents(["greedy"], 2, 0)
    route_choices(game, agents, [None, None])  # type: ignore[list-item]
    fx = game.fx
    assert fx is not None and fx.takes_lone(0) and fx.takes_lone(1) and not fx.takes_lone(2)
    calls: list[int] = []
    fx.choice_hook = lambda seat, options, prompt, optional: calls.append(seat) or 0  # type: ignore[func-returns-value]
    assert not fx.takes_lone(0)
    assert pick(fx, 0, ["only"], "a choice", False) == "only" and calls == [0]
