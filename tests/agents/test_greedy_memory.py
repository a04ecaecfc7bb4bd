"""What the greedy bot remembers gives the answers a fresh reading gives, along whole games.

The bot reads its own fields once per ``SeatView.fields_token`` (``GreedyBot._known``):
the token must stay while the fields hold the same cards and be new whenever they change,
and never be handed out by two views, or the bot would plant and trade by fields it no
longer has. Checked at every decision of greedy games with trading, in rulesets with and
without items and declared actions.
"""

from __future__ import annotations

import pytest

from engine.agents.greedy import GreedyBot
from engine.game.actions import Action
from engine.game.view import SeatView
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game


def _plain_reading(view: SeatView) -> tuple[object, ...]:
    """``GreedyBot._learn`` read the plain way, off ``SeatView.fields``."""
    fields = view.fields()
    planted = [(i, bean, count) for i, (bean, count) in enumerate(fields) if bean is not None]
    maxed = -1
    for i, bean, count in planted:
        meter = [t for t in view.bean(bean).beanometer if t is not None]
        if count >= (meter[-1] if meter else 10**9):
            maxed = i
            break
    most = max((count for _, _, count in planted), default=-1)
    fullest = next((bean for _, bean, count in planted if count == most), None)
    return (maxed, {bean for _, bean, _ in planted}, sum(bean is None for bean, _ in fields), fullest, fields)


class _Checked(GreedyBot):
    """A greedy bot that, before each choice, compares what it remembers of its fields with
    a fresh reading, and the view's token with the fields' cards."""

    tokens: dict[int, list[list[int]]]
    checked: list[int]

    def choose(self, view: SeatView, legal: list[Action]) -> Action:
        cards = [list(f) for f in view._game.state.fields[view.seat]]
        token = view.fields_token()
        assert view.fields_token() == token  # asked again: the same
        seen = self.tokens.setdefault(token, cards)
        assert seen == cards  # one token, one content of the fields
        remembered = self._known.get(token)
        fresh = _plain_reading(view)
        if remembered is not None:
            assert remembered == fresh
            self.checked[0] += 1
        assert GreedyBot()._learn(view, view.fields(), token) == fresh  # and read afresh: the same
        if not view._game.state.over:
            turn, step, active, now_token, held = view.now()
            assert (turn, step, active, now_token, held) == (view.turn, view.step, view.active, token, view.weighs_held)
        return super().choose(view, legal)


@pytest.mark.parametrize("ruleset, variant", [("base", None), ("high_bohn", None), ("high_bohn", "cognac")])
def test_remembered_fields_are_the_fields(ruleset: str, variant: str | None) -> None:
    rules = load_ruleset(ruleset, variant)
    tokens: dict[int, list[list[int]]] = {}  # shared by every view of every game: tokens never repeat
    checked = [0]
    for seed in range(2):
        agents = []
        for bot in make_agents(["greedy"], 4, seed):
            assert isinstance(bot, GreedyBot)
            mine = _Checked(seed)
            mine.rng = bot.rng
            mine.tokens, mine.checked = tokens, checked
            agents.append(mine)
        plain = play_game(rules, 4, seed, make_agents(["greedy"], 4, seed), record=False)
        played = play_game(rules, 4, seed, agents, record=False)
        assert played.actions == plain.actions  # the checks change nothing
    changes = len(tokens)
    assert checked[0] > 200 and changes > 100, (checked, changes)


def test_a_token_changes_with_the_fields_and_stays_while_they_stay() -> None:
    from engine.game.core import Game

    game = Game(load_ruleset("base"), 3, 0, record=False)
    view, other = SeatView(game, 0), SeatView(game, 0)
    first = view.fields_token()
    assert view.fields_token() == first and other.fields_token() != first  # two views, two tokens
    game.state.fields[0][0].append(game.state.deck[-1])
    second = view.fields_token()
    assert second != first and view.fields_token() == second
    game.state.fields[0][0].pop()
    assert view.fields_token() not in (first, second)  # back as before: a new token all the same
