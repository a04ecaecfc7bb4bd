"""Hundreds of seeded games per player count, with the invariants checked after every action."""

from __future__ import annotations

import pytest

from engine.game.core import Game
from engine.game.invariants import InvariantWatch
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game
from tests.soak import games

#: 20 per count in the quick pass (the README's command must stay under 5 minutes), 150 in
#: CI's soak, 300 in the full soak (tests/soak.py)
GAMES_PER_COUNT = games(quick=20, soak=150, full=300)
#: Games per player count whose observations are checked after every single action.
FULLY_OBSERVED = games(quick=10, soak=20)


def _run(players: int, seed: int, bots: list[str]) -> Game:
    rules = load_ruleset("base")
    # observations are checked after every action in the first games, then sampled
    watch = InvariantWatch(observe_every=1 if seed < FULLY_OBSERVED else 97)
    played = play_game(rules, players, seed, make_agents(bots, players, seed), record=False,
                       on_start=watch.start, after_action=watch)
    assert watch.actions == len(played.actions) > 0
    return played.game


@pytest.mark.parametrize("players", range(2, 8))
def test_many_games_keep_the_invariants(players: int) -> None:
    turns = []
    for seed in range(GAMES_PER_COUNT):
        bots = ["random"] if seed % 3 == 0 else ["greedy"] if seed % 3 == 1 else ["greedy", "random"] * 4
        game = _run(players, seed, bots[:players] if len(bots) > 1 else bots)
        assert game.over
        assert sum(game.scores) == sum(len(c) for c in game.state.coins)
        assert game.state.runouts >= game.row.end_after_runouts
        turns.append(game.state.turn)
    assert min(turns) > players, "every game lasts more than one round"


HOUSE = """\
extends: base
id: busy_house
name: A house rule with effects of every kind
effects:
  +jail:
    effect: "when harvested by anyone if event.bean == blue and event.coins >= 1 { gain(owner, 1) }"
  +mine:
    effect: |
      modify beanometer if bean == garden = [1, 2, 3, 4]
      modify may_harvest if field.bean == garden and field.size == 1 = true
  +farm:
    effect: 'modify plant_max if step == "plant_from_hand" = 3'
  +saloon:
    effect: 'when turn_began if counter(owner, "saloon") == 0 and coins(owner) >= 2 { pay(owner, 2) add_field(owner, only: [green]) set_counter(owner, "saloon", 1) }'
  +thief:
    effect: |
      action steal on own_turn cost 1 {
        choose f from fields(opponent) by owner {
          if f.size > 0 { move(first(f.cards, 1), set_aside) }
        }
      }
  +tipi:
    effect: "when game_ending { gain(owner, coins(owner) // 5) }"
"""


@pytest.mark.parametrize("players", [2, 4, 6])
def test_games_with_effects_keep_the_invariants(players: int, tmp_path) -> None:  # type: ignore[no-untyped-def]
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE)
    rules = load_ruleset(str(house))
    for seed in range(games(quick=12, soak=60)):
        watch = InvariantWatch()
        bots = ["random"] if seed % 2 else ["greedy"]
        played = play_game(rules, players, seed, make_agents(bots, players, seed), record=False,
                           on_start=watch.start, after_action=watch)
        assert played.game.over


HIGH_BOHN_SEEDS = games(quick=12, soak=150, full=300)


@pytest.mark.parametrize("variant", [None, "cognac"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_high_bohn_games_keep_the_invariants_and_buy_buildings(players: int, variant: str | None) -> None:
    rules = load_ruleset("high_bohn", variant)
    with_buildings = 0
    for seed in range(HIGH_BOHN_SEEDS):
        watch = InvariantWatch()
        bots = ["greedy"] if seed % 3 else ["random"]
        played = play_game(rules, players, seed, make_agents(bots, players, seed), record=False,
                           on_start=watch.start, after_action=watch)
        game = played.game
        assert game.over and game.items is not None
        with_buildings += bool(game.items.owner)
        assert all(len(c) >= 0 for c in game.state.coins)
    assert with_buildings >= HIGH_BOHN_SEEDS * 0.9, "buildings are bought in most games"
