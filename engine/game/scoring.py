"""The end of a game: the final harvest, scores and the winner with the tie-break.

The tie-break is the ruleset's named option ``tie_break``: ``most_cards_in_hand`` (the
rulebook: among the tied players, most cards left in hand wins; still tied, they share)
or ``shared``; a `tie_break` modifier may replace the value compared (an expression).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

if TYPE_CHECKING:
    from engine.game.core import Game


def winners(scores: list[int], hand_sizes: list[int], tie_break: str,
            tie_value: Callable[[int, int], int] | None = None) -> list[int]:
    """The winning seats: most coins, then the highest tie-break value among the tied.

    The tie-break value of a seat is its hand size under ``most_cards_in_hand`` (else
    0), changed by the ruleset's `tie_break` modifiers through ``tie_value``."""
    best = max(scores)
    tied = [s for s, score in enumerate(scores) if score == best]
    if len(tied) > 1:
        base = {s: hand_sizes[s] if tie_break == "most_cards_in_hand" else 0 for s in tied}
        value = {s: tie_value(s, base[s]) if tie_value else base[s] for s in tied}
        most = max(value.values())
        tied = [s for s in tied if value[s] == most]
    return tied


def final_harvest(game: Game) -> None:
    """Harvest every field, when the ruleset says so; hands are worth nothing."""
    st = game.state
    if game.rules.final_harvest:
        for seat in range(game.players):
            for index, field in enumerate(st.fields[seat]):
                if field:
                    game.harvest(seat, index, final=True)


def score(game: Game) -> None:
    """Signal `game_ending` (end-of-game bonuses), score, pick the winners, close the game."""
    st = game.state
    game.signal("game_ending", player=None)
    game.scores = [len(c) for c in st.coins]
    if game.fx is not None:
        game.scores = [game.fx.modified("score", s, player=seat) for seat, s in enumerate(game.scores)]
    hand_sizes = [len(h) for h in st.hands]
    fx = game.fx
    tie_value = None
    if fx is not None and fx.has("tie_break"):
        tie_value = lambda seat, base: int(fx.modified("tie_break", base, player=seat))  # noqa: E731
    game.winners = winners(game.scores, hand_sizes, game.rules.option("tie_break"), tie_value)
    st.over = True
    game.emit("game_ended", seat=None, scores=game.scores, hands=hand_sizes, winners=game.winners,
              runouts=st.runouts, rule=game.rules.origin("options", "tie_break", "value"))
    game.signal("game_ended", player=None)
