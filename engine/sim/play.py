"""Drive one game: ask the deciding seat's agent, apply its action, repeat.

Each agent gets its own RNG seeded from the game seed and its seat, so a game's bots
are reproducible without touching the game's own RNG (which only shuffles cards).
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Sequence

from engine.agents import BOTS, Agent
from engine.errors import BohnError
from engine.game.actions import Action
from engine.game.core import Game
from engine.game.view import SeatView
from engine.rules.model import Ruleset


@dataclass
class Played:
    """A finished game, its actions, and where each action stands among the events."""

    game: Game
    actions: list[Action]
    action_positions: list[int]


#: the youngest generation's collection threshold while many games are played (``many_games``)
YOUNG_THRESHOLD = 10_000


@contextmanager
def many_games() -> Iterator[None]:
    """Play many games in this process with the objects made so far out of the cyclic
    collector's reach (``gc.freeze``), as they were before on leaving.

    Why: a loaded ruleset is a large heap of objects that live as long as the process
    (its model, compiled closures, the grammar), and every full collection while games
    are played walks all of it again to find nothing. A game makes many short-lived
    objects, so full collections come often. Frozen, they are skipped; a game's own
    garbage is collected as before. Measured with callgrind on a two-player expansion
    whose rules are mostly effects (greedy bots, 3 games after one warm-up game,
    instructions per game): 131.4M as is, 107.2M frozen (-18%); the gen-0 threshold
    raised as well (5,000 or 20,000 instead of 700) gained no more than 0.5% there.
    Games with more trading make more short-lived tuples (offers, answers, listings), and
    each collection of the youngest generation walks the game's live objects made since
    the last one: with its threshold at ``YOUNG_THRESHOLD`` (10,000 instead of 700)
    callgrind counts a four-player expansion with cards for sale 51.7 -> 50.0 M
    instructions a game (-3.2 %), the base game 28.4 -> 27.8 M, the other expansions 1 to
    1.3 % less (a threshold of 2,000: 50.8 M; 50,000 and 200,000: 50.0 M, no better). At most that many objects wait for a collection (about a
    megabyte), and the games are the same (the collector frees nothing a game reads). It
    belongs to the places that play many games (``backends.play_seeds``, a
    worker process), not to one game: frozen objects stay frozen for the whole process.

    On leaving, the objects frozen here are unfrozen again unless something outside had
    frozen before (then that caller unfreezes), and the thresholds are as they were: a
    test calling ``simulate`` leaves the collector as it found it."""
    outer = gc.get_freeze_count()
    gc.freeze()
    thresholds = gc.get_threshold()
    gc.set_threshold(max(thresholds[0], YOUNG_THRESHOLD), *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        if not outer:
            gc.unfreeze()


def make_agents(names: Sequence[str], players: int, seed: int) -> list[Agent]:
    """Agents for every seat; a single name serves all seats."""
    if len(names) == 1:
        names = list(names) * players
    if len(names) != players:
        raise BohnError.one("C500", f"{len(names)} bots named for {players} players")
    agents = []
    for seat, name in enumerate(names):
        if name not in BOTS:
            from engine.errors import did_you_mean

            raise BohnError.one("C500", f"no bot `{name}` (bots: {', '.join(BOTS)}){did_you_mean(name, list(BOTS))}")
        agents.append(BOTS[name](seed * 1000 + seat))
    return agents


def route_choices(game: Game, agents: Sequence[Agent], views: Sequence[SeatView]) -> None:
    """Send the choices effects ask for to the agents that can answer them."""
    fx = game.fx
    if fx is None:
        return

    def ask_agent(seat: int, options: Sequence[Any], prompt: str, optional: bool) -> int | None:
        answer = getattr(agents[seat], "choose_option", None)
        return answer(views[seat], list(options), prompt, optional) if answer is not None else 0

    fx.choice_hook = ask_agent
    # the seats whose agents take the one option of a choice that must be taken unasked
    fx.lone = (ask_agent, frozenset(seat for seat, agent in enumerate(agents) if getattr(agent, "takes_lone_choice", False)))


def play_game(
    rules: Ruleset,
    players: int,
    seed: int,
    agents: Sequence[Agent],
    *,
    trading: bool = True,
    record: bool = True,
    after_action: Callable[[Game, Action], None] | None = None,
    on_start: Callable[[Game], None] | None = None,
) -> Played:
    """Play one game to its end and return it with the actions taken; ``on_start`` sees
    the game before the first decision (to listen to its events)."""
    game = Game(rules, players, seed, trading=trading, record=record)
    if on_start is not None:
        on_start(game)
    views = [SeatView(game, s) for s in range(players)]
    route_choices(game, agents, views)
    actions: list[Action] = []
    positions: list[int] = []
    wants_offers = tuple(bool(getattr(agent, "wants_offers", True)) for agent in agents)
    # an agent that answers offers from the step's own actions is listed no free actions then
    game.free_in_answers = tuple(bool(getattr(agent, "free_in_answers", True)) for agent in agents)
    state = game.state  # the game's one state object: `over` is read from it directly
    events = game.events
    decision = game.decision
    apply = game.apply
    # each seat's question and what it sees, looked up once (the loop runs per action)
    askers = [(agent.choose, view) for agent, view in zip(agents, views)]
    position = positions.append
    taken = actions.append
    # without a record the event list stays empty: every action stands at position 0,
    # filled in at the end instead of once per action
    recorded = game.record
    try:
        if not recorded and after_action is None:  # a simulation: the loop below without its two questions
            while not state.over:
                seat, legal = decision(wants_offers)
                if not legal:
                    from engine.game.deadlock import no_legal_action

                    raise no_legal_action(game, seat)
                choose, view = askers[seat]
                action = choose(view, legal)
                apply(action)
                taken(action)
        while not state.over:
            seat, legal = decision(wants_offers)
            if not legal:
                from engine.game.deadlock import no_legal_action

                raise no_legal_action(game, seat)
            choose, view = askers[seat]
            action = choose(view, legal)
            if recorded:
                position(len(events))
            apply(action)
            taken(action)
            if after_action is not None:
                after_action(game, action)
    except BohnError as exc:
        # the game so far travels with the error, so a caller can write its log
        if not recorded:
            positions = [0] * len(actions)
        setattr(exc, "played", Played(game, actions, positions))
        raise
    if not recorded:
        positions = [0] * len(actions)
    return Played(game, actions, positions)


def stopped_game(exc: BaseException) -> Played | None:
    """The game up to the point where ``exc`` stopped it (see :func:`play_game`)."""
    played = getattr(exc, "played", None)
    return played if isinstance(played, Played) else None
