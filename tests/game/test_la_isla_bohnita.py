"""La Isla Bohnitâ (rulesets/la_isla_bohnita.yaml) and its Bean Duel: they validate, play
every player count to the end with the invariants holding after every action, and the
ships, raids and purchases written in the effect language are used in those games.

The soak (``BOHN_SOAK=1`` or CI) plays 50 seeds per player count, the full soak
(``BOHN_SOAK=full``) the issue's 200; the quick pass a few."""

from __future__ import annotations

from collections import Counter

import pytest

from engine.game.core import Game
from engine.game.invariants import InvariantWatch
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game
from tests.soak import games

RULESET = "la_isla_bohnita"
DUEL = "la_isla_bohnita_duel"
SEEDS = games(quick=2, soak=0)  # the soak's seeds per count run in chunks below
SOAK_SEEDS = games(quick=50, soak=50, full=200)  # soak tests are skipped in the quick pass
CHUNK = 25


def _play(ref: str, players: int, seed: int, bots: list[str], variant: str | None = None) -> Game:
    """One game with every invariant checked after each action (``InvariantWatch`` stops
    the game with G680 at the first broken one, coins included)."""
    watch = InvariantWatch()
    return play_game(load_ruleset(ref, variant), players, seed, make_agents(bots, players, seed),
                     on_start=watch.start, after_action=watch).game


def _acted(game: Game) -> Counter[str]:
    return Counter(str(e.get("action")) for e in game.events if e["type"] == "acted")


def _used(ref: str, players: int, seeds: range, bots: list[str]) -> Counter[str]:
    """How often each declared action was taken over these seeds' games."""
    used: Counter[str] = Counter()
    for seed in seeds:
        used.update(_acted(_play(ref, players, seed, bots)))
    return used


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_games_finish_with_the_invariants(players: int) -> None:
    for seed in range(SEEDS):
        game = _play(RULESET, players, seed, ["random"] if seed % 2 == 0 else (["greedy", "random"] * 4)[:players])
        assert game.over, f"{players} players, seed {seed}"
        assert game.state.turn > players


def test_bean_duel_games_finish_with_the_invariants() -> None:
    for seed in range(SEEDS):
        game = _play(DUEL, 2, seed, ["random"] if seed % 2 == 0 else ["greedy", "random"])
        assert game.over, f"Bean Duel, seed {seed}"
        assert game.state.turn > 2


def test_bean_duel_bots_discard_ship_and_raid() -> None:
    used = _used(DUEL, 2, range(2), ["greedy"])
    for rule in ("duel_discard", "sailing", "selling", "raids"):
        assert used[rule] > 0, f"no `{rule}` action in 2 greedy duels: {dict(used)}"


def test_random_bots_sail_sell_raid_and_buy() -> None:
    """Every declared action of the expansion is taken in a few random games."""
    used = _used(RULESET, 4, range(3), ["random"])
    for rule in ("sailing", "selling", "raids", "purchases", "field_to_ship", "transfers", "phase_two_again"):
        assert used[rule] > 0, f"no `{rule}` action in 3 random games: {dict(used)}"


def test_the_set_up_lays_out_both_harbours_and_empty_ships() -> None:
    rules = load_ruleset(RULESET)
    for players, first_hands in ((3, [3, 4, 5]), (5, [3, 4, 5, 6, 6]), (7, [3, 4, 5, 6, 6, 6, 6])):
        game = Game(rules, players, seed=3)
        st = game.state
        assert len(st.shared["bohnbay"]) == 5 and len(st.shared["bohnaco"]) == 5
        assert all(not z for name in ("ship_one", "ship_two", "pirate_ship") for z in st.per_player[name])
        assert [len(h) for h in st.hands] == first_hands
        assert all(len(f) == 2 for f in st.fields)


def test_greedy_bots_sail_sell_and_raid_in_most_games() -> None:
    """With the rules' `worth` hints greedy bots load ships, sell cargo and raid."""
    n = games(quick=3, soak=30)
    counts: Counter[str] = Counter()
    for seed in range(n):
        game = _play(RULESET, 4, seed, ["greedy"])
        acted = _acted(game)
        for rule in ("sailing", "selling", "raids"):
            counts[rule] += acted[rule] > 0
    assert all(counts[rule] > n / 2 for rule in ("sailing", "selling", "raids")), f"games with each, of {n}: {dict(counts)}"


def _bots(players: int, seed: int) -> list[str]:
    """Random bots in even seeds, greedy and random seats mixed in odd ones."""
    return ["random"] if seed % 2 == 0 else (["greedy", "random"] * 4)[:players]


@pytest.mark.soak
@pytest.mark.parametrize("first", range(0, SOAK_SEEDS, CHUNK))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_soak_seeds_per_player_count(players: int, first: int) -> None:
    """SOAK_SEEDS seeds per player count (2: the Bean Duel), in chunks the workers share."""
    ref = DUEL if players == 2 else RULESET
    for seed in range(first, first + CHUNK):
        game = _play(ref, players, seed, _bots(players, seed))
        assert game.over, f"{ref}, {players} players, seed {seed}"


def test_every_gap_of_the_issue_is_named() -> None:
    """Issue 13, point 7: each gap is a named assumption (inherited by the Duel), each
    contradiction an option with both readings; `bohn rules show` prints them all."""
    duel = load_ruleset(DUEL)
    named = {a.id for a in duel.assumptions}
    assert {"mocha_beanometer", "isla_wax_bean", "harbour_row_top", "ships_between_turns", "loading_on_every_arrival",
            "raid_needs_matching_cargo", "refill_short_deck", "duel_end", "duel_mocha"} <= named
    assert "phase_two_again" not in {e.id for e in duel.effects}  # nothing is traded in the Duel
    assert "empty_discard_ends_game" in named  # the base game's stays
    isla = load_ruleset(RULESET)
    # the trading rounds, three players and six or seven players are La Isla's, not the Duel's
    dropped = {"phase_two_rounds", "three_players_two_fields", "six_and_seven_players"}
    assert dropped <= {a.id for a in isla.assumptions} and not dropped & named
    assert set(isla.options["second_ship_price"].choices) == {"by_player_count", "flat_five"}
    assert set(isla.options["removal_table"].choices) == {"base_game", "expansion_set"}
    assert len(duel.options["duel_removal"].choices) == 4 and "removal_table" not in duel.options
