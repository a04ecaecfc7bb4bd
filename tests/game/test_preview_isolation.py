"""A look-ahead never changes the game it looks at.

``lookahead.preview`` copies the game and applies an action to the copy; the copy shares
what never changes (the ruleset, compiled rules, tuples of such things) with the game.
Should a copy ever share something the action changes, the real game would change under
the bot's feet. These tests take a full dump of the game's objects (everything reachable
from the game except shared rule objects, compared by identity, with the aliasing between
lists kept) before and after many previews at many points of real games, and play the
same games with and without extra previews: the dumps and the games must be equal.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from engine.game.actions import Action
from engine.game.core import Game
from engine.game.lookahead import _share_immutables, copy_game, preview
from engine.game.view import SeatView
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents
from tests.soak import games

ATOMIC = copy._deepcopy_dispatch  # type: ignore[attr-defined]


def dump(game: Game, identity: bool = True) -> Any:
    """Every object reachable from ``game`` as nested tuples: containers and objects by
    content, each container once (a second path to it is a reference to its first place,
    so the aliasing is compared too), rule objects and functions by identity. A class
    with its own ``__deepcopy__`` is a cache that says itself what a copy shares
    (``ListingMemo``: answers keyed by content): named only. Without ``identity`` rule
    objects are named by their type only (to compare two games: each compiles its own)."""
    _share_immutables()  # the rule types a copy shares, registered as such
    places: dict[int, int] = {}
    keep: list[Any] = []  # nothing dumped is freed (and its id reused) while dumping

    def walk(value: Any) -> Any:
        kind = type(value)
        if kind in (int, str, bool, float) or value is None:
            return value
        if ATOMIC.get(kind) is copy._deepcopy_atomic or callable(value) and not hasattr(value, "__dict__"):  # type: ignore[attr-defined]
            return ("shared", kind.__name__, id(value) if identity else 0)
        if id(value) in places:
            return ("same as", places[id(value)])
        places[id(value)] = len(places)
        keep.append(value)
        if kind is list or kind is tuple:
            return (kind.__name__, tuple(walk(v) for v in value))
        if kind is dict:
            return ("dict", tuple((walk(k), walk(v)) for k, v in value.items()))
        if kind is set or kind is frozenset:
            return (kind.__name__, tuple(sorted(repr(walk(v)) for v in value)))
        if isinstance(value, random.Random):
            return ("rng", value.getstate())
        if getattr(kind, "__deepcopy__", None) is not None:
            return ("own copy", kind.__name__)
        if hasattr(value, "__dict__"):
            return (kind.__name__, tuple((k, walk(v)) for k, v in vars(value).items()))
        if hasattr(value, "__getstate__"):
            return (kind.__name__, walk(value.__getstate__()))
        return ("other", kind.__name__, repr(value))

    return walk(game)


def _probes(legal: list[Action], rng: random.Random) -> list[Action]:
    """The actions to preview: every declared action and purchase, and a few others."""
    rare = [a for a in legal if a.kind in ("act", "buy", "buy_field", "harvest")]
    return rare + rng.sample(legal, min(3, len(legal)))


#: decisions looked at per game: the quick pass stops early, the soak goes far into the game
LOOKED_AT = games(quick=200, soak=400)
PLAYED = games(quick=200, soak=500)

CASES = [("base", None, 4), ("high_bohn", None, 4), ("high_bohn", "cognac", 4), ("high_bohn_plus", None, 4),
         ("la_isla_bohnita", None, 4), ("bohn_camillo", None, 2)]


@pytest.mark.parametrize(("ruleset", "variant", "players"), CASES)
def test_previews_leave_the_game_exactly_as_it_was(ruleset: str, variant: str | None, players: int) -> None:
    game = Game(load_ruleset(ruleset, variant), players, 5, trading=True, record=False)
    agents = make_agents(["greedy"], players, 5)
    views = [SeatView(game, s) for s in range(players)]
    rng = random.Random(1)
    looked = 0
    for n in range(LOOKED_AT):
        if game.over:
            break
        seat, legal = game.decision((False,) * players)
        if n % 7 == 0:
            before = dump(game)
            for action in _probes(legal, rng):
                preview(game, action)
                looked += 1
            assert dump(game) == before, f"a preview changed the game (action {n})"
        game.apply(agents[seat].choose(views[seat], legal))
    assert looked > LOOKED_AT // 8


@pytest.mark.parametrize(("ruleset", "variant", "players"), CASES[1:3] + CASES[4:])
def test_a_game_is_the_same_with_and_without_extra_previews(ruleset: str, variant: str | None, players: int) -> None:
    rules = load_ruleset(ruleset, variant)

    def play(extra: bool) -> tuple[list[Action], list[int], Any]:
        game = Game(rules, players, 8, trading=True, record=False)
        agents = make_agents(["greedy"], players, 8)
        views = [SeatView(game, s) for s in range(players)]
        rng = random.Random(2)
        taken: list[Action] = []
        while not game.over and len(taken) < PLAYED:  # (in the soak) a long way in: items bought, fields full
            seat, legal = game.decision((False,) * players)
            if extra and len(taken) % 3 == 0:
                for action in _probes(legal, rng):
                    preview(game, action)
                    copy_game(game)
            action = agents[seat].choose(views[seat], legal)
            taken.append(action)
            game.apply(action)
        return taken, list(game.scores), dump(game, identity=False)

    plain, with_previews = play(False), play(True)
    assert plain[0] == with_previews[0]
    assert plain[1] == with_previews[1]
    assert plain[2] == with_previews[2]


def test_a_copy_shares_a_tuple_of_shared_things_and_copies_one_holding_a_list() -> None:
    from engine.game import lookahead
    from engine.game.lookahead import _copy

    _share_immutables()
    zone = [1, 2]
    plain = ("a", 1, (2, "b"))
    holding = ("zone", zone)
    made = _copy([plain, holding], {})
    assert made[0] is plain and id(plain) in lookahead._FROZEN  # shared, and remembered
    assert made[1] is not holding and made[1][1] == zone and made[1][1] is not zone
    assert id(holding) not in lookahead._FROZEN
    again = _copy([plain, holding], {})
    assert again[0] is plain and again[1][1] is not zone  # the second time too


def test_the_remembered_tuples_stay_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.game import lookahead
    from engine.game.lookahead import _copy

    monkeypatch.setattr(lookahead, "MAX_FROZEN", 10)
    monkeypatch.setattr(lookahead, "_FROZEN", {})
    kept = [(n, "x") for n in range(25)]
    for value in kept:
        assert _copy(value, {}) is value
    assert 0 < len(lookahead._FROZEN) <= 10


def test_the_copy_shuffle_is_random_shuffle() -> None:
    from engine.game.lookahead import shuffle

    for seed in range(300):
        for size in (0, 1, 2, 3, 7, 64, 130):
            expected, got = list(range(size)), list(range(size))
            random.Random(seed).shuffle(expected)
            shuffle(got, seed)
            assert got == expected, (seed, size)


def test_a_copy_copies_what_a_dict_key_holds_and_keeps_the_order() -> None:
    from engine.game.lookahead import _copy

    class Thing:
        def __init__(self) -> None:
            self.cards = [1, 2]

    _share_immutables()
    thing = Thing()
    value = {"a": [3], (thing, 1): "held", 5: (7, "x"), "b": thing}
    made = _copy(value, {})
    assert list(made.values())[:2] == [[3], "held"] and made[5] is value[5]
    key = list(made)[1]
    assert key[0] is not thing and key[0] is made["b"] and key[0].cards == [1, 2] and key[0].cards is not thing.cards
    assert list(made) == ["a", key, 5, "b"]


def test_a_preview_leaves_no_garbage_for_the_cyclic_collector(monkeypatch: pytest.MonkeyPatch) -> None:
    """The copy points back at itself (effects -> game): released after the preview, it is
    freed at once instead of waiting for the cyclic collector. Watched through weak
    references to the copy and to each of its own parts, with the collector off: counting
    what ``gc.collect()`` finds would also count the garbage of other threads (a Dask
    cluster an earlier test started leaves its event loop running in the process)."""
    import gc
    import weakref

    from engine.game import lookahead

    watched: list[weakref.ref[Any]] = []
    real_copy = lookahead.copy_game

    def watching_copy(game: Game) -> Game:
        twin = real_copy(game)
        watched.append(weakref.ref(twin))
        for name, part in vars(twin).items():
            if part is not getattr(game, name):  # shared rule objects outlive any copy
                try:
                    watched.append(weakref.ref(part))
                except TypeError:  # ints, lists, tuples: held only through the copy's parts
                    pass
        return twin

    monkeypatch.setattr(lookahead, "copy_game", watching_copy)
    game = Game(load_ruleset("high_bohn"), 4, 0, trading=True, record=False)
    agents = make_agents(["greedy"], 4, 0)
    views = [SeatView(game, s) for s in range(4)]
    previewed = 0
    while not game.over and previewed < 5:
        seat, legal = game.decision((False,) * 4)
        acts = [a for a in legal if a.kind == "act"]
        if acts:
            watched.clear()
            gc.disable()
            try:
                preview(game, acts[0])
                assert len(watched) > 2 and [ref for ref in watched if ref() is not None] == []
            finally:
                gc.enable()
            previewed += 1
        game.apply(agents[seat].choose(views[seat], legal))
    assert previewed > 0
