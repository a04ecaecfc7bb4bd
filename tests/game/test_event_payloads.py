"""Every event the engine fires carries exactly the payload the effect language declares
for it (``engine.lang.vocab.EVENTS``, the checker's and the docs' table), each value of its
declared type: in games of every shipped ruleset, each with a house rule hearing every
event, so that every event is fired.

Why: a rule reads ``event.deck`` or ``event.coins`` as the checker allowed; a payload
missing a field, or naming it otherwise, fails only when a rule reads it (two mutation
survivors: a second deck's ``reshuffled`` without ``deck``, a trigger's context without
``active``), and the shipped rulesets read few of them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.game.core import Game
from engine.game.effects import GameEffects
from engine.lang.vocab import EVENTS
from engine.lang.world import FieldRef, ZoneRef
from engine.sim.play import make_agents, play_game
from tests.houses import house_rules


def _of_type(value: Any, declared: str, game: Game) -> bool:
    if declared == "player":
        return value is None or (type(value) is int and 0 <= value < game.players)
    if declared == "bean":
        return type(value) is str and value in [*game.state.bean_ids, *game.state.card_types]
    if declared == "card":
        return type(value) is int and 0 <= value < len(game.state.bean_of)
    if declared == "field":
        return type(value) is FieldRef and 0 <= value.player < game.players
    if declared == "zone":
        return type(value) is ZoneRef
    if declared == "int":
        return type(value) is int
    if declared == "bool":
        return type(value) is bool
    if declared == "str":
        return type(value) is str
    if declared == "list[card]":
        return isinstance(value, (list, tuple)) and all(_of_type(v, "card", game) for v in value)
    if declared == "list[bean]":
        return isinstance(value, (list, tuple)) and all(_of_type(v, "bean", game) for v in value)
    raise AssertionError(f"a payload type this test does not know: {declared}")


#: a rule per event, reading the names every trigger's context binds (owner, active, opponent)
HEAR_ALL = {f"hear_{event}": f"when {event} by anyone {{ add_counter(owner, \"{event}\", if active == opponent then 2 else 1) }}"
            for event in EVENTS}
#: and a modifier reading them too (it changes nothing: the same price either way)
HEAR_ALL["ask_price"] = "modify field_price = if active == opponent then value else value + 0"


@pytest.mark.parametrize(("ruleset", "players"), [("base", 3), ("base", 2), ("high_bohn", 4), ("high_bohn_plus", 4),
                                                  ("la_isla_bohnita", 4), ("la_isla_bohnita_duel", 2), ("bohn_camillo", 2)])
def test_every_event_fired_has_its_declared_payload(ruleset: str, players: int, tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    rules = house_rules(tmp_path, HEAR_ALL, extends=ruleset)
    fired: dict[str, int] = {}
    games: list[Game] = []
    fire = GameEffects.fire

    def checked(self: GameEffects, event: str, payload: dict[str, Any]) -> None:
        assert event in EVENTS, event
        assert set(payload) == set(EVENTS[event]), (event, sorted(payload), sorted(EVENTS[event]))
        for key, declared in EVENTS[event].items():
            if event == "action_played" and key == "card" and payload[key] is None:
                continue  # a declared action that is no card's: none (docs/effect-language.md)
            assert _of_type(payload[key], declared, self.game), (event, key, payload[key], declared)
        fired[event] = fired.get(event, 0) + 1
        fire(self, event, payload)

    monkeypatch.setattr(GameEffects, "fire", checked)
    for seed in range(2):
        played = play_game(rules, players, seed, make_agents(["greedy", "random"] + ["greedy"] * (players - 2), players, seed),
                           record=False)
        games.append(played.game)
    # what every game of these rulesets fires (the others, such as `bought`, where the ruleset has them)
    assert {"planted", "harvested", "drew", "turn_began", "turn_ended", "phase_began", "phase_ended",
            "card_at_front", "deck_ran_out", "game_started", "game_ending", "game_ended"} <= set(fired), sorted(fired)
    # and the rules heard them: each event fired was counted by the house rule of every seat
    for game in games:
        assert game.fx is not None and sum(game.fx.counters.values()) > 0
