"""Under every value of every base-game option, a game is the same game on each of the
engine's paths: recorded or not, with rules or without.

Why: a game without rules takes its own paths (no `Game.fx`: the settling loop without
phase signals, the draw and the reveal in one move, the plant listings spelt out), and a
game that records nothing takes the quiet ones (the trading step's decline, the plant
without `Game.plant`); the options (`runout_counts`, `short_deck`, `hand_trading`,
`open_offers`, `same_bean_fields`, ...) each add branches to them. `test_option_games.py`
plays each value and checks the invariants, which a wrong but consistent path keeps;
here each value's game is played four ways, recorded and not, with a rule that never
does anything and without, and all four must take the same actions and end alike, the
two recorded ones with the same events.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.rules.loader import load_ruleset
from engine.rules.model import ENGINE_OPTIONS, Ruleset
from engine.sim.play import make_agents, play_game

#: every value of every option the engine knows, the default (first) included once
OPTIONS = [(None, None)] + [(name, value) for name, values in ENGINE_OPTIONS.items() for value in values[1:]
                            if name != "harvest_surplus"]  # (read only with rules that pay more than a field: High Bohn's)
#: a rule hearing an event that comes once a game, under a condition that never holds
NEVER = "effects:\n  +never:\n    effect: 'when game_ended if false { note(\"never\") }'\n"


def _rules(tmp_path: Path, name: str | None, value: str | None, never: bool) -> Ruleset:
    text = "extends: base\nid: h\nname: h\n"
    if name is not None:
        text += f"options:\n  {name}: {{value: {value}}}\n"
    path = tmp_path / f"house_{int(never)}.yaml"
    path.write_text(text + (NEVER if never else ""), encoding="utf-8")
    return load_ruleset(str(path))


def _played(rules: Ruleset, players: int, seed: int, record: bool) -> tuple[Any, ...]:
    bots = (["greedy", "random"] * 3)[:players]
    played = play_game(rules, players, seed, make_agents(bots, players, seed), record=record)
    game, st = played.game, played.game.state
    # (an event placed at the house file names its own copy: the two files are one ruleset)
    events = [{k: ("house" if k == "rule" and "house_" in str(v) else v) for k, v in e.items() if k != "n"}
              for e in game.events]
    return (events, [tuple(a) for a in played.actions], game.scores, game.winners, st.runouts,
            [list(h) for h in st.hands], [[list(f) for f in fields] for fields in st.fields],
            [list(c) for c in st.coins], list(st.deck), list(st.discard))


@pytest.mark.parametrize(("name", "value"), OPTIONS, ids=[f"{n}={v}" for n, v in OPTIONS])
def test_each_option_value_plays_one_game_on_every_path(tmp_path: Path, name: str | None, value: str | None) -> None:
    plain, ruled = _rules(tmp_path, name, value, False), _rules(tmp_path, name, value, True)
    if name is not None:
        assert plain.option(name) == value == ruled.option(name)
    for players, seed in ((2, 1), (3, 2), (5, 3)):
        recorded = _played(plain, players, seed, True)
        assert recorded[0], "the recorded game has events"
        with_rule = _played(ruled, players, seed, True)
        assert with_rule == recorded, f"{players} players, seed {seed}: the game with a rule differs"
        for rules in (plain, ruled):
            quiet = _played(rules, players, seed, False)
            assert quiet[0] == [] and quiet[1:] == recorded[1:], f"{players} players, seed {seed}: the quiet game differs"
