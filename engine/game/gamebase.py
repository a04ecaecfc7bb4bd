"""The parts of a ``Game`` every other part reads: its attributes, the settings and results
kept aside (``Rare``), and events (``emit`` for the log, ``signal`` for the rules).

Why a module of its own: ``Game`` is one class built in layers, one concern a module —
this base, the turn's flow (``engine.game.flow``), the free actions a seat may take
(``engine.game.freelist``), the primitives on fields and cards (``engine.game.fieldwork``)
and the protocol on top (``engine.game.core``: ``decision``, ``apply``). Each layer calls
only the layers below it; all of them share the attributes declared here, which
``Game.__init__`` sets (at most 29 of them: see ``Rare``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from engine.errors import Span
from engine.game.actions import Action
from engine.game.copyable import mypyc_attr

if TYPE_CHECKING:
    from engine.game.effects import GameEffects
    from engine.game.fixed import Fixed
    from engine.game.items import Items
    from engine.game.state import GameState
    from engine.rules.model import Phase, PlayerCountRow, Ruleset

#: each rule's "file:line" as events name it, by the rule's id (with the rule, so that an
#: id reused by another object is not mistaken for it); emptied when it grows past the max
_RULE_TEXT: dict[int, tuple[Any, str]] = {}
_RULE_TEXT_MAX = 4096


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class Rare:
    """The parts of a game set when it starts or read rarely (its settings, its log, its
    result, the ids of the zones a harvest pays to), kept off the ``Game`` object.

    Why: CPython 3.11 keeps an object's attributes in a compact layout shared by its class
    only up to 29 of them; past that every instance has a dict of its own, and every
    ``game.attr`` takes the slower hinted lookup while every ``game.method(...)`` is looked
    up unspecialised (measured: +17 and +242 instructions each). ``Game`` reads its hot
    attributes and calls its methods tens of thousands of times per game, so it keeps at
    most 29 (tests/game/test_layout.py) and reaches these through properties."""

    def __init__(self, seed: int, trading: bool, record: bool, payment_zone: str) -> None:
        self.seed = seed
        self.trading = trading
        self.record = record
        #: where a bought field is paid to
        self.payment_zone = payment_zone
        self.events: list[dict[str, Any]] = []
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        self.scores: list[int] = []
        self.winners: list[int] = []
        self.discard_id = ""
        self.hand_id = ""
        self.coins_id = ""
        #: each seat's rule profile and what it was read from (``Game.seat_rules``), and
        #: the zones a profile reads (``Game._profile_zones``)
        self.seat_rules: list[Any] = []
        self.profile_zones: Any = None


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies a game (engine/game/copyable.py)
class GameBase:
    """What every layer of ``Game`` reads (the attributes ``Game.__init__`` sets, listed in
    ``Game.COPY_NAMES``), the rarely read parts behind properties, and events."""

    rules: Ruleset
    players: int
    state: GameState
    row: PlayerCountRow
    _rare: Rare
    phases: tuple[Phase, ...]
    actions_taken: int
    _fixed: Fixed
    _harvest_any_time: bool
    logging: bool
    step: Any
    cause: Any
    _listed: tuple[Action, ...]
    version: int
    _free_memo: list[tuple[int, bool, tuple[Action, ...]] | None] | None
    _step_runs: list[list[Any]]
    _kind_zones: list[frozenset[str] | None]
    _zone_limited: bool
    _names: list[str]
    _unplantable: frozenset[int]
    _untradable: frozenset[int]
    fx: GameEffects | None
    items: Items | None
    plain_plant: bool
    _plain_free: bool
    final_round: bool
    listing_offers: bool
    _watch_fronts: bool
    free_in_answers: tuple[bool, ...]

    # -------------------------------------------- rarely read parts (see ``Rare``)

    @property
    def seed(self) -> int:
        """The seed the game was dealt from."""
        return self._rare.seed

    @property
    def trading(self) -> bool:
        """Whether trading is on."""
        return self._rare.trading

    @property
    def record(self) -> bool:
        """Whether events are recorded in ``events``."""
        return self._rare.record

    @record.setter
    def record(self, value: bool) -> None:
        self._rare.record = value

    @property
    def events(self) -> list[dict[str, Any]]:
        """The events recorded so far."""
        return self._rare.events

    @events.setter
    def events(self, value: list[dict[str, Any]]) -> None:
        self._rare.events = value

    @property
    def listeners(self) -> list[Callable[[dict[str, Any]], None]]:
        """What ``listen`` was given."""
        return self._rare.listeners

    @listeners.setter
    def listeners(self, value: list[Callable[[dict[str, Any]], None]]) -> None:
        self._rare.listeners = value

    @property
    def scores(self) -> list[int]:
        """Each seat's score, once the game is over."""
        return self._rare.scores

    @scores.setter
    def scores(self, value: list[int]) -> None:
        self._rare.scores = value

    @property
    def winners(self) -> list[int]:
        """The winning seats, once the game is over."""
        return self._rare.winners

    @winners.setter
    def winners(self, value: list[int]) -> None:
        self._rare.winners = value

    @property
    def discard_id(self) -> str:
        """The game's discard pile (zone id), where built-in steps move cards."""
        return self._rare.discard_id

    @property
    def hand_id(self) -> str:
        """The hands (zone id)."""
        return self._rare.hand_id

    @property
    def decider(self) -> int | None:
        if self.state.over:
            return None
        return self.step.decider(self)

    @property
    def over(self) -> bool:
        return self.state.over

    @property
    def phase(self) -> Phase:
        return self.phases[self.state.phase_index]

    def bean_name(self, card: int) -> str:
        """The id of a card's type: its bean, or the card's id for other kinds."""
        return self._names[card]

    def listen(self, listener: Callable[[dict[str, Any]], None]) -> None:
        """Call ``listener`` with every event from now on."""
        self._rare.listeners.append(listener)
        self.logging = True

    def signal(self, event: str, **payload: Any) -> None:
        """Tell the ruleset's effects that ``event`` happened (free when none listens)."""
        fx = self.fx
        if fx is not None and fx.listens(event):
            fx.fire(event, payload)

    def emit(self, kind: str, *, seat: int | None, rule: Any = None, **data: Any) -> None:
        """Record an event (when recording) with turn, phase, seat and the rule that caused it."""
        if not self.logging:
            return
        st = self.state  # (made first thing in ``__init__``: every event has one)
        index = st.phase_index
        phases = self.phases
        event: dict[str, Any] = {
            "n": len(self._rare.events),
            "turn": st.turn,
            "phase": phases[index].id if index < len(phases) else None,
            "seat": seat,
            "type": kind,
        }
        if data:
            event.update(data)
        if self.cause is not None:
            event["effect"] = True
            rule = self.cause
        elif rule is None:
            step = self.step
            if step is not None:
                rule = step.span
        if rule is not None:
            # "file:line", made once per rule (a game's events name a few dozen rules, again and again)
            known = _RULE_TEXT.get(id(rule))
            if known is None or known[0] is not rule:
                text = f"{rule.file}:{rule.line}"
                if type(rule) is Span:  # (frozen: its text never changes)
                    if len(_RULE_TEXT) >= _RULE_TEXT_MAX:
                        _RULE_TEXT.clear()
                    _RULE_TEXT[id(rule)] = (rule, text)
            else:
                text = known[1]
            event["rule"] = text
        rare = self._rare
        if rare.record:
            rare.events.append(event)
        for listener in rare.listeners:
            listener(event)

