"""The rules' remembered answers about fields are the fresh ones (``engine.game.answers``).

Along played High Bohn games (High Bohn Plus asks no rule about fields), after every action, every seat's
`may_plant` (each field, each bean type, both base answers), `may_harvest` and
`harvest_coins` answers given by ``GameEffects.modified`` (remembered by their inputs)
are compared with a fresh evaluation of the rules (``GameEffects.evaluate``). A key that
leaves out an input (a field's cards) is caught by the same comparison, and a field's
``only`` is part of the key. The quick pass compares the first actions of one game per
case; the soak more seeds (tests/soak.py).
"""

from __future__ import annotations

from typing import Any

import pytest

import engine.game.answers as answers
from engine.game.actions import Action
from engine.game.core import Game
from engine.lang.world import FieldRef
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game
from tests.soak import games

COMPARED = games(quick=300, soak=10**9)
SEEDS = games(quick=1, soak=6)
CASES = [("high_bohn", None, 4), ("high_bohn", None, 3), ("high_bohn", "cognac", 3)]


class Mismatch(AssertionError):
    pass


class Compare:
    """An ``after_action`` hook: remembered answers against fresh ones."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.checked = 0
        self.asked = 0

    def ask(self, game: Game, query: str, value: Any, **params: Any) -> None:
        fx = game.fx
        assert fx is not None
        mods = fx.modifiers.get(query)
        if not mods:
            return
        got = fx.modified(query, value, **params)
        fresh = fx.evaluate(query, mods, value, params)
        self.asked += 1
        if got != fresh:
            raise Mismatch(f"{query} {value} {params}: remembered {got!r}, fresh {fresh!r} after {self.checked} actions")

    def __call__(self, game: Game, action: Action) -> None:
        if self.checked >= self.limit:
            return
        self.checked += 1
        state = game.state
        grown = {state.card_types[state.bean_of[c]] for fields in state.fields for f in fields for c in f}
        beans = sorted(grown | {state.card_types[i] for i in range(min(3, state.n_beans))})
        for seat, fields in enumerate(state.fields):
            for slot, cards in enumerate(fields):
                field = FieldRef(seat, slot)
                for base in (True, False):
                    for bean in beans:
                        self.ask(game, "may_plant", base, player=seat, bean=bean, field=field)
                    self.ask(game, "may_harvest", base, player=seat, field=field)
                if cards:
                    bean = state.card_types[state.bean_of[cards[0]]]
                    for earned in (0, 2, 4):
                        self.ask(game, "harvest_coins", earned, player=seat, field=field, bean=bean, beans=len(cards))


def _play(ruleset: str, variant: str | None, players: int, seed: int, limit: int) -> tuple[Compare, Game]:
    rules = load_ruleset(ruleset, variant)
    check = Compare(limit)
    seen: list[Game] = []
    play_game(rules, players, seed, make_agents(["greedy"], players, seed), trading=True, record=False,
              after_action=check, on_start=seen.append)
    return check, seen[0]


@pytest.mark.parametrize("ruleset,variant,players", CASES)
@pytest.mark.parametrize("seed", range(SEEDS))
def test_the_remembered_answers_are_the_fresh_ones(ruleset: str, variant: str | None, players: int, seed: int) -> None:
    check, game = _play(ruleset, variant, players, seed, COMPARED)
    assert check.checked > 0 and check.asked > 0
    fx = game.fx
    assert fx is not None and fx.answer_memo.answers  # answers were remembered, and compared above
    assert fx._query_facts()["may_plant"][2]  # the buildings' `may_plant` rules are keyed


def test_a_key_without_the_fields_cards_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The comparison above has teeth: a key that forgets a field's cards gives stale answers."""
    made = answers.answer_key

    def forgetful(fx: Any, token: int, query: str, value: Any, params: dict[str, Any], mods: Any) -> Any:
        key = made(fx, token, query, value, params, mods)
        return None if key is None else tuple(p for p in key if type(p) is not tuple)

    monkeypatch.setattr("engine.game.effects.answer_key", forgetful)
    with pytest.raises(Mismatch):
        _play("high_bohn", None, 4, 0, 10**9)


def test_a_fields_only_is_in_the_key() -> None:
    """The beans a field is limited to (``field.only``, read by the saloons' rules) are an
    input: the key changes when they do, and nothing else about the field has."""
    check, game = _play("high_bohn", None, 3, 0, 0)
    fx = game.fx
    assert fx is not None
    mods = fx.modifiers["may_plant"]
    params: dict[str, Any] = {"player": 0, "bean": game.state.card_types[0], "field": FieldRef(0, 0)}
    before = answers.answer_key(fx, 1, "may_plant", True, params, mods)
    fx.field_limits[(0, 0)] = [game.state.card_types[1]]
    after = answers.answer_key(fx, 1, "may_plant", True, params, mods)
    assert before is not None and after is not None and before != after
    del fx.field_limits[(0, 0)]
    assert answers.answer_key(fx, 1, "may_plant", True, params, mods) == before
    assert answers.answer_key(fx, 2, "may_plant", True, params, mods) != before  # the rules' token too
