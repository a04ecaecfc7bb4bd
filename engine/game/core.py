"""The generic turn-phase engine: a state machine over the turn a ruleset declares.

``Game`` knows Bohnanza's universal ideas — an ordered hand, fields, beanometers,
coins that are cards, run-outs of the deck — and runs whatever phases and steps the
ruleset lists, with numbers from its player-count table. It knows no expansion.

Protocol: ``decider`` is the seat that must act now (``None`` when the game is over);
``legal_actions(seat)`` lists what that seat may do — the step's choices for the
decider, plus the free actions (harvest, buy a field) the rules allow any seat at any
time; ``apply(action)`` checks and performs one action, or raises ``BohnError`` with
code G600/G601/G602 and leaves the state unchanged. ``decision(offers)`` is the game
loop's one question per action: the decider and its ``legal_actions`` at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, ClassVar, Sequence

from engine.errors import BohnError, Span
from engine.game.actions import ACT, BUY_FIELD, BUY_ITEM, FREE_KINDS, HARVEST, Action
from engine.game.copyable import mypyc_attr
from engine.game.fixed import PREBUILT_FIELDS, facts
from engine.game.legality import refuse_illegal
# What every game runs (its steps, its scoring) is imported with the engine, not inside
# the first game: without cached bytecode (PYTHONDONTWRITEBYTECODE) each import compiles
# its module, which in the bench's first line of 40 base games was a third of the time.
from engine.game.scoring import final_harvest, score
from engine.game.state import GameState, new_state, shuffle
from engine.game.steps import STEP_KINDS, LastRound
from engine.lang.world import FieldRef, ZoneRef
from engine.rules.model import Bean, Phase, Ruleset, coins_for

if TYPE_CHECKING:
    from engine.game.effects import GameEffects
    from engine.game.items import Items

#: Most actions one game may take before it is declared runaway (G606). Shipped games
#: take about 300 to 1,000; a fixed bound keeps a stranger's game finite.
MAX_ACTIONS = 20_000
#: Most fields a player may have, whatever the modifiers say (the schema allows 12).
MAX_FIELDS = 24
#: The queries a seat's free actions ask besides its declared actions and purchases
#: (``free_actions``: harvest protection, field price, field count).
FREE_QUERIES = ("may_harvest", "field_price", "max_fields")
#: The queries whose ``applies`` a seat's rule profile answers (``Game.seat_rules``):
#: ``FREE_QUERIES`` and `may_plant` (asked at every planting listed)
PROFILE_QUERIES = FREE_QUERIES + ("may_plant",)
#: A seat's rule profile when no rule of ``PROFILE_QUERIES`` applies to it and it has no
#: declared action to list (``Game.seat_rules`` gives this very tuple then)
NO_RULES = (False, False, False, False, False)
#: Most steps the engine may run in a row without a decision (G606): a turn made only of
#: automatic steps that never ends the game would otherwise loop for ever.
MAX_SILENT_STEPS = 100_000
#: Rounds of `card_at_front` triggers one action may cause (G650).
MAX_FRONT_ROUNDS = 64


#: each rule's "file:line" as events name it, by the rule's id (with the rule, so that an
#: id reused by another object is not mistaken for it); emptied when it grows past the max
_RULE_TEXT: dict[int, tuple[Any, str]] = {}
_RULE_TEXT_MAX = 4096


def plain_harvests(fields: list[list[int]], ready: Sequence[Action], out: list[Action]) -> None:
    """``harvestable`` under the rulebook's protection, appended to ``out`` in one pass:
    every planted field until one of two or more beans shows up, then only those.
    ``ready`` holds the seat's prebuilt harvest actions by field. (A plain loop with a
    counter is the cheapest in CPython 3.11; the game loop runs it at every decision.)"""
    mark = len(out)
    big = False
    i = 0
    for f in fields:
        if f:
            if len(f) >= 2:
                if not big:
                    del out[mark:]
                    big = True
                out.append(ready[i])
            elif not big:
                out.append(ready[i])
        i += 1

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


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class Game:
    """One game of a ruleset for a number of players, reproducible from its seed."""

    #: every attribute of a game, all set by ``__init__``: at most 29 (see ``Rare``), and
    #: the names a look-ahead copies it by, so that neither the game nor its copy loses
    #: the compact layout (``lookahead._ATTRIBUTE_NAMES``; tests/game/test_layout.py)
    COPY_NAMES: ClassVar[tuple[str, ...]] = (
        "rules", "players", "state", "row", "_rare", "phases", "actions_taken", "_fixed", "_harvest_any_time",
        "logging", "step", "cause", "_listed", "version", "_free_memo", "_step_runs", "_kind_zones",
        "_zone_limited", "_names", "_unplantable", "_untradable", "fx", "items", "plain_plant", "_plain_free",
        "final_round", "listing_offers", "_watch_fronts", "free_in_answers")

    def __init__(self, rules: Ruleset, players: int, seed: int, *, trading: bool = True, record: bool = True) -> None:
        # (at most 29 attributes: see ``Rare``; the facts fixed when the game starts are
        # read as ``self._fixed.<fact>``, not copied onto the game)
        self.rules = rules
        self.players = players
        self.state: GameState = new_state(rules, players, seed)
        self.row = self.state.row
        self._rare = Rare(seed, trading, record, self.row.field_payment_to)
        self._rare.seat_rules = [None] * players
        self.phases: tuple[Phase, ...] = rules.turns[self.row.turn]
        self.actions_taken = 0
        fixed = self._fixed = facts(rules, players)
        self._harvest_any_time = self.row.harvest_when == "any_time"
        #: whether events are built at all (recorded or listened to); hot paths test it
        #: before building an event so that fast simulations pay nothing for the log
        self.logging = record
        self.step: Any = None
        #: the effect statement being performed, named by events it causes (None: the engine)
        self.cause: Any = None
        #: the actions of the latest listing (``decision``, ``legal_actions``), known legal
        #: until the next action: ``apply`` takes one of them unchecked, then forgets them
        #: (every action listed names the seat listed for, so the seat need not be kept)
        self._listed: tuple[Action, ...] = ()
        #: the position's version: bumped by everything that may change what a listing
        #: reads (see ``free_listing``); each seat's free actions are remembered with the
        #: version they were listed at, and whether the seat could harvest then
        self.version = 0
        self._free_memo: list[tuple[int, bool, tuple[Action, ...]] | None] = [None] * players
        #: each step of the turn, made when first entered and entered again every turn
        #: after (a step resolves its fixed parameters once, and ``enter`` resets the rest)
        self._step_runs: list[list[Any]] = [[None] * len(p.steps) for p in self.phases]
        st = self.state
        #: the only zones each card type may be in (None: anywhere), from its kind's `zones`
        limits = {k.id: frozenset(k.zones) for k in rules.kinds if k.zones}
        self._kind_zones: list[frozenset[str] | None] = [limits.get(k) for k in st.type_kinds]
        self._zone_limited = bool(limits)
        #: the game's discard pile and the hands (zone ids), where built-in steps move cards
        self._rare.discard_id = rules.decks()[0].discard or rules.zone_of_kind("discard").id
        self._rare.hand_id = rules.zone_of_kind("hand").id
        self._rare.coins_id = rules.zone_of_kind("coins").id
        #: each card's type id (``bean_of`` never changes during a game)
        self._names: list[str] = list(map(st.card_types.__getitem__, st.bean_of))
        #: card types that may not be planted (other kinds' cards, unless their kind says so;
        #: a kind that is planted has the fields among its zones, R461)
        self._unplantable = fixed.unplantable
        #: card types that may not be traded (their kind says ``trade: false``)
        self._untradable = fixed.untradable
        # (the effects and items machinery is imported by the games that have rules: a
        # ruleset without any never compiles or loads it)
        self.fx: GameEffects | None = None
        if rules.effects or rules.items or fixed.has_card_rules:
            from engine.game.effects import GameEffects

            self.fx = GameEffects(self)
        self.items: Items | None = None
        if rules.items:
            from engine.game.items import Items

            self.items = Items(self)
        #: whether a card fits a field by the plain rule alone (its bean's field or an empty
        #: one): no rules, no one-field-per-bean option, no cards that may not be planted
        plain_fields = self.fx is None and not fixed.one_field_per_bean and not self._unplantable
        #: and no seat ever has more fields than the prebuilt plant actions cover (without
        #: rules a seat's fields grow only by a purchase, up to the row's ``max_fields``)
        self.plain_plant = plain_fields and max(self.row.fields, self.row.max_fields) <= PREBUILT_FIELDS
        #: no rules and the rulebook's harvest protection: ``decision`` lists the free
        #: actions itself (harvests, a field to buy), by the row's numbers alone
        #: actions, with no more fields than the prebuilt actions cover (no rules add one)
        self._plain_free = (self.fx is None and self._fixed.protection == "at_most_one"
                            and max(self.row.fields, self.row.max_fields) <= PREBUILT_FIELDS)
        # (``decision`` remembers free actions, ``free_listing``, only when not ``_plain_free``:
        # listing them by the row's numbers alone costs less than keeping a version)
        self.final_round = False
        self.listing_offers = True
        #: per seat, whether its agent is listed its free actions while it answers an offer
        #: (``free_listing``): an agent that answers from the step's own actions (accept or
        #: decline) says no through ``free_in_answers`` (``engine.sim.play`` reads it)
        self.free_in_answers: tuple[bool, ...] = (True,) * players
        self.emit("game_started", seat=None, seed=seed, players=players, ruleset=rules.id,
                  variant=rules.variant, dealt=list(self.row.deal), rule=self.row.span)
        if rules.setup:
            from engine.game.setup import run_setup

            run_setup(self)
        self.signal("game_started", player=None)
        self._watch_fronts = self.fx is not None and self.fx.listens("card_at_front")
        if self._watch_fronts:
            assert self.fx is not None
            self.fx.note_fronts()
        self._enter_turn()
        self._fronts()

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

    # ------------------------------------------------------------------ protocol

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

    def legal_actions(self, seat: int, *, offers: bool = True) -> list[Action]:
        """Everything ``seat`` may do now: step choices if it decides, plus free actions.

        With ``offers=False`` trade offers are not enumerated (agents that build their own
        offers save the work); any valid offer is still accepted by ``apply``."""
        if self.state.over:
            return []
        self.listing_offers = offers
        step = self.step
        actions = step.legal(self, seat) if seat == step.decider(self) else []
        self.free_actions(seat, actions)
        self._listed = tuple(actions)
        return actions

    def decision(self, offers: tuple[bool, ...] | list[bool]) -> tuple[int, list[Action]]:
        """The seat that decides now and everything it may do (``legal_actions`` of the
        decider, ``offers[seat]`` saying whether it wants offers listed): the game loop's
        one question per action. The game must not be over."""
        step = self.step
        st = self.state
        # (the game is not over, so a step decides: the seat is never None)
        seat: int = st.active if step.active_decides else step.decider(self)  # type: ignore[assignment]
        self.listing_offers = offers[seat]
        actions = step.legal(self, seat)
        if self._plain_free:  # ``free_actions`` spelt out for no rules (the seat decides now)
            fields = st.fields[seat]
            if self._harvest_any_time or seat == st.active or step.plants:
                # ``plain_harvests`` read off a grid by the sizes of two or three fields
                n = len(fields)
                try:
                    if n == 2:
                        f0, f1 = fields
                        actions += self._fixed.harvest_grid2[seat][len(f0)][len(f1)]
                    elif n == 3:
                        f0, f1, f2 = fields
                        actions += self._fixed.harvest_grid3[seat][len(f0)][len(f1)][len(f2)]
                    else:
                        plain_harvests(fields, self._fixed.harvest_actions[seat], actions)
                except IndexError:  # a field longer than the grid (nothing was added)
                    plain_harvests(fields, self._fixed.harvest_actions[seat], actions)
            row = self.row  # coins first: a seat rarely has the price
            if len(st.coins[seat]) >= row.field_price and len(fields) < row.max_fields:
                actions.append(self._fixed.buy_field_actions[seat])
        elif self.free_in_answers[seat] or getattr(step, "mode", "") != "respond":
            # ``free_listing`` spelt out: the seat decides now, so it may harvest when the step
            # plants (``harvest_allowed_now`` without asking the step who decides again)
            allowed = self._harvest_any_time or seat == st.active or step.plants
            last = self._free_memo[seat]
            if last is not None and last[0] == self.version and last[1] == allowed:
                actions += last[2]
            else:
                listed = tuple(self.free_actions(seat, harvest=allowed))
                self._free_memo[seat] = (self.version, allowed, listed)
                actions += listed
        self._listed = tuple(actions)
        return seat, actions

    def apply(self, action: Action) -> None:
        """Perform one legal action; on an illegal one raise and change nothing.

        An action taken from the latest ``legal_actions`` list of the same position is
        known to be legal and is not checked again (the common case for agents)."""
        st = self.state
        if st.over:
            raise BohnError.one("G602", f"the game is over; cannot {action}")
        if action not in self._listed:
            self._check(action)
        self._listed = ()
        taken = self.actions_taken = self.actions_taken + 1
        if taken > MAX_ACTIONS:
            raise BohnError.one("G606", f"more than {MAX_ACTIONS} actions in one game")
        kind = action[0]
        if not self._plain_free and kind not in self.step.keeps_position:  # (not: its step's bookkeeping only)
            self.version += 1  # before anything changes (``free_listing`` is asked between actions)
        if kind in FREE_KINDS:
            if kind == HARVEST:
                self.harvest(action[1], action[2])  # the seat, the field
            elif kind == ACT:
                assert self.fx is not None
                self.fx.take_action(action.seat, action.card, action.field)
            elif kind == BUY_ITEM:
                assert self.items is not None
                self.items.claim(action.seat, action.want[0])
            else:
                self.buy_field(action.seat)
            step = self.step
            if not step.free_quiet or self.fx is not None:
                step.after_free_action(self, action)
        else:
            self.step.apply(self, action)
        # (only ``_settle`` ends the game, after the final run-out: ``ending`` covers ``over``)
        if self.step.done or st.ending or self.final_round:
            self.version += 1  # the turn moves on: the next steps may change anything
            self._settle()  # an effect may have ended the game (a final run-out in a `stop` phase)
        if self._watch_fronts:
            self._fronts()

    def _fronts(self) -> None:
        """Fire `card_at_front` where a hand's front card changed, then settle again (a
        trigger may have changed the position); bounded like any trigger chain."""
        if not self._watch_fronts:
            return
        fx = self.fx
        assert fx is not None
        for _ in range(MAX_FRONT_ROUNDS):
            if self.state.over or not fx.check_fronts():
                return
            self._settle()
        raise BohnError.one("G650", f"cards kept coming to the front of hands {MAX_FRONT_ROUNDS} times after one action")

    def _check(self, action: Action) -> None:
        """Raise G600/G601 unless ``action`` is legal now (``legality.refuse_illegal``)."""
        refuse_illegal(self, action)

    def check(self, action: Action) -> None:
        """Raise what ``apply`` would raise for ``action`` now, without changing anything."""
        if self.state.over:
            raise BohnError.one("G602", f"the game is over; cannot {action}")
        refuse_illegal(self, action)

    # ------------------------------------------------------------------ free actions

    def harvest_allowed_now(self, seat: int) -> bool:
        if self._harvest_any_time or seat == self.state.active:
            return True
        return self.step is not None and self.step.decider(self) == seat and self.step.plants

    def free_listing(self, seat: int) -> tuple[Action, ...]:
        """``free_actions(seat)``, remembered while the position's ``version`` stays.

        Why: the game loop lists the free actions of the seat to move at every decision,
        and with rules that listing asks them (harvest protection, field price and count,
        declared actions, purchases): a third of the time of a game with buildings. Many
        decisions in a row change nothing it reads — an offer made or declined changes
        only the trading step's bookkeeping — so the listing of a seat is kept with the
        version it was made at and given again while the version is the same.

        The version is exact rather than a guess from what a listing seems to read (a
        rule may read anything, a hand included): ``apply`` bumps it for every action
        before performing it, except for an action of a kind its step declares in
        ``keeps_position`` (changing only the step's own bookkeeping), and again when the
        step ends (the turn moves on); ``restart_turn`` bumps it after a position is
        arranged, and a look-ahead copy (whose deck is shuffled) starts from a new
        version. The one thing such an action may change that a listing reads is who
        decides, so whether the seat may harvest now is part of the key. A listing is
        remembered only when asked between actions (the game loop asks here; during an
        action the engine reads ``free_actions``); code that changes a game's state by
        hand (a test) calls ``touch`` before listing again. A game without rules lists
        its free actions by the row's numbers (``decision``), cheaper than keeping a
        version: it keeps none and lists afresh here.

        What it buys is bounded by who decides: after an offer the next seat to decide is
        mostly another one, so a seat finds its own listing unchanged about once in
        fourteen trading decisions of a game with buildings (an offer declined by every
        seat, the floor back to the active player). Reuse across a trade would need to know that no
        rule reads the hands the trade changed, which a rule may; the parts that change
        slowly are remembered by what they read instead (``Items.listing``: the seat's
        coins). tests/game/test_free_memo.py compares the remembered listing with a fresh
        one after every action of games of every shipped ruleset.

        A seat answering an offer (the trading step's ``respond`` mode) whose agent said it
        answers from the step's own actions alone (``free_in_answers``) is listed none: it
        would not look at them (a fifth of a game's decisions with buildings; the free
        actions stay legal, and ``apply`` checks one taken all the same)."""
        if not self.free_in_answers[seat] and getattr(self.step, "mode", "") == "respond":
            return ()
        st = self.state
        allowed = self._harvest_any_time or seat == st.active or self.harvest_allowed_now(seat)
        if self._plain_free:
            return tuple(self.free_actions(seat, harvest=allowed))
        last = self._free_memo[seat]
        if last is not None and last[0] == self.version and last[1] == allowed:
            return last[2]
        listed = tuple(self.free_actions(seat, harvest=allowed))
        self._free_memo[seat] = (self.version, allowed, listed)
        return listed

    def touch(self) -> None:
        """The position changed outside ``apply`` (a test or a tool moved cards by hand):
        nothing remembered from before is given again."""
        self.version += 1

    def free_actions(self, seat: int, out: list[Action] | None = None, *, harvest: bool | None = None) -> list[Action]:
        """The free actions of ``seat`` now, appended to ``out`` when given (read afresh;
        ``free_listing`` remembers them). ``harvest``: whether the seat may harvest now,
        when the caller knows it."""
        if out is None:
            out = []
        fx = self.fx
        st = self.state
        if harvest is None:
            harvest = self._harvest_any_time or seat == st.active or self.harvest_allowed_now(seat)
        fields = st.fields[seat]
        fixed = self._fixed
        if fx is None:
            if harvest:
                if fixed.protection == "at_most_one" and len(fields) <= PREBUILT_FIELDS:
                    self._plain_harvests(seat, fields, out)  # the rulebook's protection
                else:
                    ready = fixed.harvest_actions[seat]
                    for i in self.harvestable(seat, False):
                        out.append(ready[i] if i < PREBUILT_FIELDS else Action(HARVEST, seat, i))
            if len(fields) < self.row.max_fields and len(st.coins[seat]) >= self.row.field_price:
                out.append(fixed.buy_field_actions[seat])
            if self.items is not None:
                out.extend(self.items.listing(seat))
            return out
        # whether a rule of the harvest protection, the field price or count applies to the
        # seat (when none does, the row's numbers answer it), and whether it has declared
        # actions to list
        known = self._rare.seat_rules[seat]  # ``seat_rules`` spelt out when it is kept
        if known is not None and known[0] is fx._applies and known[1] == len(fx.actions) and known[2] == known[3]:
            profile = known[4]
        else:
            profile = self.seat_rules(seat)
        if profile is NO_RULES and fixed.protection == "at_most_one" and len(fields) <= PREBUILT_FIELDS:
            # (most seats, most of the time) the row's numbers, then the cards for sale
            if harvest:  # ``_plain_harvests`` spelt out
                n = len(fields)
                try:
                    if n == 2:
                        f0, f1 = fields
                        out += fixed.harvest_grid2[seat][len(f0)][len(f1)]
                    elif n == 3:
                        f0, f1, f2 = fields
                        out += fixed.harvest_grid3[seat][len(f0)][len(f1)][len(f2)]
                    else:
                        plain_harvests(fields, fixed.harvest_actions[seat], out)
                except IndexError:  # a field longer than the grid (nothing was added)
                    plain_harvests(fields, fixed.harvest_actions[seat], out)
            row = self.row
            coins = st.coins[seat]
            if len(coins) >= row.field_price and len(fields) < row.max_fields and len(fields) < MAX_FIELDS:
                out.append(fixed.buy_field_actions[seat])
            items = self.items
            if items is not None and (len(coins) >= items._cheapest or "price" in fx.modifiers):
                out.extend(items.listing(seat))
            return out
        harvest_rule, price_rule, count_rule, _, lists = profile
        if harvest:
            if harvest_rule or fixed.protection != "at_most_one" or len(fields) > PREBUILT_FIELDS:
                ready = fixed.harvest_actions[seat]
                for i in self.harvestable(seat, harvest_rule):
                    out.append(ready[i] if i < PREBUILT_FIELDS else Action(HARVEST, seat, i))
            else:  # the rulebook's protection, no rule asking: ``_plain_harvests`` spelt out
                n = len(fields)
                try:
                    if n == 2:
                        f0, f1 = fields
                        out += fixed.harvest_grid2[seat][len(f0)][len(f1)]
                    elif n == 3:
                        f0, f1, f2 = fields
                        out += fixed.harvest_grid3[seat][len(f0)][len(f1)][len(f2)]
                    else:
                        plain_harvests(fields, fixed.harvest_actions[seat], out)
                except IndexError:  # a field longer than the grid (nothing was added)
                    plain_harvests(fields, fixed.harvest_actions[seat], out)
        # ``can_buy_field`` with the price first: a seat rarely has it, and the field count is
        # then not asked (both are reads: the order changes no answer); ``field_price`` and
        # ``max_fields`` spelt out, the rules asked only when one applies to the seat. When
        # only the count has a rule, the coins are compared first; when only the price has
        # one, the count first (so a rule is asked only when the other reading allows a field)
        row = self.row
        coins = st.coins[seat]
        if not price_rule:
            if len(coins) >= row.field_price and len(fields) < min(MAX_FIELDS, self._asked(
                    seat, "max_fields", row.max_fields) if count_rule else row.max_fields):
                out.append(fixed.buy_field_actions[seat])
        elif not count_rule:
            if len(fields) < min(MAX_FIELDS, row.max_fields) and len(coins) >= self._asked(seat, "field_price", row.field_price):
                out.append(fixed.buy_field_actions[seat])
        elif (len(coins) >= self._asked(seat, "field_price", row.field_price)
              and len(fields) < min(MAX_FIELDS, self._asked(seat, "max_fields", row.max_fields))):
            out.append(fixed.buy_field_actions[seat])
        # (every declared action a card's and the seat holding none of those cards: the
        # listing, ``ListingMemo.legal``, would list none of them; it is not asked)
        if lists:
            new = tuple.__new__  # Action(ACT, seat, field=v, card=i, want=(a.rule,)), made as a plain tuple is
            out.extend([new(Action, (ACT, seat, v, i, -1, (), (a.rule,))) for i, a, v in fx.legal_actions(seat)])
        items = self.items
        # (``Items.listing`` lists nothing to a seat with fewer coins than the cheapest card
        # for sale, unless a rule changes prices)
        if items is not None and (len(coins) >= items._cheapest or "price" in fx.modifiers):
            out.extend(items.listing(seat))
        return out

    def _asked(self, seat: int, query: str, value: Any) -> Any:
        """``fx.modified(query, value, player=seat)`` for a query of ``PROFILE_QUERIES`` with
        no other parameter, reading only the rules that hear the seat when they are known."""
        fx = self.fx
        assert fx is not None
        rules = self.hearing(seat, query)
        if rules is None:
            return fx.modified(query, value, player=seat)
        return fx.modified_by(rules, value, {"player": seat})

    def _plain_harvests(self, seat: int, fields: list[list[int]], out: list[Action]) -> None:
        """``plain_harvests`` of ``seat``, read off a grid by the sizes of two or three fields
        (as ``decision`` reads it for a game without rules)."""
        fixed = self._fixed
        n = len(fields)
        try:
            if n == 2:
                f0, f1 = fields
                out += fixed.harvest_grid2[seat][len(f0)][len(f1)]
                return
            if n == 3:
                f0, f1, f2 = fields
                out += fixed.harvest_grid3[seat][len(f0)][len(f1)][len(f2)]
                return
        except IndexError:  # a field longer than the grid (nothing was added)
            pass
        plain_harvests(fields, fixed.harvest_actions[seat], out)

    def seat_rules(self, seat: int) -> tuple[bool, bool, bool, bool, bool]:
        """Whether a rule applies to ``seat`` (``GameEffects.applies``) for each query of
        ``PROFILE_QUERIES`` (the harvest protection, the field price and count, `may_plant`),
        then whether it has declared actions to list: some action is not a card's, or it
        holds a card that declares one (``_holds_action_card``; when every action is a
        card's and it holds none, ``ListingMemo.legal`` would list none, having looked at
        the same zones). ``NO_RULES`` itself when all are False. The game must have rules.

        Why: every listing of a seat's free actions and plantings asks these (in a game
        with buildings, four of the costlier questions of a decision), and their answers
        change only when the rules owned change or the seat's holding does. They are kept
        per seat with what they were read from (the index of the rules, ``GameEffects.
        _applies``, remade whenever rules are acquired; the number of declared actions; the
        seat's cards in the zones where cards with rules may lie, ``_profile_zones``) and
        given again while all are the same: the cards compared as lists, in C. Where an
        answer reads more (a rule hearing the active player or other seats, a card with
        rules that may lie on a field), the profile is read afresh every time."""
        fx = self.fx
        assert fx is not None
        known = self._rare.seat_rules[seat]
        # (the seat's zones, as the live lists, compared with their copies in one C comparison)
        if known is not None and known[0] is fx._applies and known[1] == len(fx.actions) and known[2] == known[3]:
            return known[4]  # type: ignore[no-any-return]
        actions = fx.actions
        answer = (fx.applies("may_harvest", seat), fx.applies("field_price", seat), fx.applies("max_fields", seat),
                  fx.applies("may_plant", seat),
                  bool(actions) and (len(fx._action_cards) != len(actions) or self._holds_action_card(fx, seat)))
        if answer == NO_RULES:
            answer = NO_RULES
        zones = self._profile_zones(fx)
        if zones is None:
            self._rare.seat_rules[seat] = None
        else:
            per_player = self.state.per_player
            live = tuple(per_player[z][seat] for z in zones)  # (a zone's list is the same object all game)
            self._rare.seat_rules[seat] = (fx._applies, len(fx.actions), live, tuple(list(cards) for cards in live), answer,
                                           [fx.modifiers, {}])
        return answer

    def hearing(self, seat: int, query: str) -> list[Any] | None:
        """The rules of ``query`` (one of ``PROFILE_QUERIES``) that hear ``seat``, with their
        owners (``GameEffects.hearing``), kept with the seat's rule profile (they read what
        it reads: the rules owned and the cards the seat holds where cards with rules lie);
        None when the profile is read afresh every time (then ``modified`` is asked). The
        game must have rules. ``GameEffects.modified_by`` reads them."""
        fx = self.fx
        assert fx is not None
        known = self._rare.seat_rules[seat]
        if known is None or known[0] is not fx._applies or known[1] != len(fx.actions) or known[2] != known[3]:
            self.seat_rules(seat)
            known = self._rare.seat_rules[seat]
            if known is None:
                return None
        kept = known[5]  # [the modifiers they were read from, {query: rules}]
        if kept[0] is not fx.modifiers:  # (every rule replaced at once: a test counting evaluations)
            kept[0], kept[1] = fx.modifiers, {}
        found: dict[str, list[Any]] = kept[1]
        rules = found.get(query)
        if rules is None:
            rules = found[query] = fx.hearing(query, seat)
        return rules

    def _profile_zones(self, fx: GameEffects) -> tuple[str, ...] | None:
        """The per-player zones whose cards alone (with the rules owned) decide a seat's
        ``seat_rules``: where the cards whose rules hear their holder, and the cards that
        declare actions, may lie; None when an answer reads more (a rule hearing the active
        player or the other seats, or such a card that may lie on a field). Kept with the
        rules' index it was read from."""
        if fx._applies is None:  # (rules were acquired since it was last made: ``applies`` makes it)
            fx.applies(PROFILE_QUERIES[0], 0)
        index = fx._applies
        made = self._rare.profile_zones
        if made is not None and made[0] is index and made[1] == len(fx.actions):
            return made[2]  # type: ignore[no-any-return]
        zones: set[str] | None = set()
        for query in PROFILE_QUERIES:
            entry = index.get(query)
            if entry is None or zones is None:
                continue  # no rule of the query: it applies to nobody
            _, by_active, owner_cards, others_cards, anyone_cards, active_cards, _ = entry
            if by_active or others_cards is not None or anyone_cards is not None or active_cards is not None:
                zones = None  # the answer reads who is to move, or other seats' cards
            elif owner_cards is not None:  # (rules owned by seats answer the same for ever)
                wanted, where, on_fields = owner_cards
                if on_fields:
                    zones = None
                else:
                    zones.update(where)
        spec = fx._action_cards_holding()
        if spec is not None and zones is not None:
            if spec[2]:
                zones = None
            else:
                zones.update(spec[1])
        found = None if zones is None else tuple(z for z in self.state.per_player if z in zones)
        self._rare.profile_zones = (index, len(fx.actions), found)
        return found

    @staticmethod
    def _holds_action_card(fx: GameEffects, seat: int) -> bool:
        """Whether ``seat`` holds one of the cards that declare actions (``GameEffects._holds``
        of ``_action_cards_holding``, as ``ListingMemo.legal`` looks before it lists cards' actions)."""
        known = fx._action_holding
        count = len(fx.actions)
        spec = known[count] if known is not None and count in known else fx._action_cards_holding()
        if spec is None:
            return False
        wanted, zones, on_fields = spec
        st = fx.game.state
        per_player = st.per_player
        for zone in zones:
            if not wanted.isdisjoint(per_player[zone][seat]):
                return True
        if on_fields:
            for planted in st.fields[seat]:
                if not wanted.isdisjoint(planted):
                    return True
        return False

    def _free_is_legal(self, action: Action) -> bool:
        seat = action.seat
        if action.kind == BUY_FIELD:
            return self.can_buy_field(seat)
        if action.kind == ACT:
            return self.fx is not None and any(i == action.card and v == action.field for i, _, v in self.fx.legal_actions(seat))
        if action.kind == BUY_ITEM:
            items = self.items
            return (items is not None and len(action.want) == 1 and action.want[0] in items.by_id
                    and items.can_buy(seat, items.by_id[action.want[0]]))
        return self.harvest_allowed_now(seat) and action.field in self.harvestable(seat)

    def harvestable(self, seat: int, asked: bool | None = None) -> list[int]:
        """The fields ``seat`` may harvest under the harvest-protection option: a lone bean
        is protected unless every field holds at most one (or, worded strictly, exactly one).
        ``asked``: whether a `may_harvest` rule applies to the seat, when the caller knows."""
        fx = self.fx
        protection = self._fixed.protection
        if asked is None:
            asked = fx is not None and fx.applies("may_harvest", seat)
        if protection == "at_most_one" and not asked:
            # the rulebook's protection, the common case: fields of two or more beans,
            # or every planted field when none holds more than one
            fields = self.state.fields[seat]
            allowed = [i for i, f in enumerate(fields) if len(f) >= 2]
            return allowed if allowed else [i for i, f in enumerate(fields) if f]
        sizes = [len(f) for f in self.state.fields[seat]]
        if protection == "exactly_one":
            singles = all(n == 1 for n in sizes)
        elif self._fixed.protection == "none":
            singles = True
        else:
            singles = max(sizes, default=0) <= 1
        allowed = [i for i, n in enumerate(sizes) if n >= 2 or (n == 1 and singles)]
        if fx is not None and asked:
            rules = self.hearing(seat, "may_harvest")
            if rules is None:
                allowed = [i for i, n in enumerate(sizes)
                           if n and fx.modified("may_harvest", i in allowed, player=seat, field=FieldRef(seat, i))]
            else:  # only the rules that hear the seat are read (``modified_by``)
                by = fx.modified_by
                allowed = [i for i, n in enumerate(sizes)
                           if n and by(rules, i in allowed, {"player": seat, "field": FieldRef(seat, i)})]
        return allowed

    def field_price(self, seat: int) -> int:
        fx = self.fx
        if fx is None or "field_price" not in fx.modifiers or not fx.applies("field_price", seat):
            return self.row.field_price
        return fx.modified("field_price", self.row.field_price, player=seat)

    def max_fields(self, seat: int) -> int:
        fx = self.fx
        if fx is None:
            return self.row.max_fields
        if "max_fields" not in fx.modifiers or not fx.applies("max_fields", seat):
            return min(MAX_FIELDS, self.row.max_fields)
        return min(MAX_FIELDS, fx.modified("max_fields", self.row.max_fields, player=seat))

    def can_buy_field(self, seat: int) -> bool:
        if self.fx is None:
            return len(self.state.fields[seat]) < self.row.max_fields and len(self.state.coins[seat]) >= self.row.field_price
        return len(self.state.fields[seat]) < self.max_fields(seat) and len(self.state.coins[seat]) >= self.field_price(seat)

    # ------------------------------------------------------------------ primitives

    @property
    def trade_limited(self) -> bool:
        """Whether some card may not be traded (a kind's ``trade: false`` or a ``may_trade_card`` rule)."""
        return bool(self._untradable) or (self.fx is not None and self.fx.has("may_trade_card"))

    def tradable(self, seat: int, card: int) -> bool:
        """May ``seat`` trade or donate ``card``? Its kind says, then ``may_trade_card`` rules."""
        allowed = not self._untradable or self.state.bean_of[card] not in self._untradable
        fx = self.fx
        if fx is not None and "may_trade_card" in fx.modifiers and fx.applies("may_trade_card", seat):
            return bool(fx.modified("may_trade_card", allowed, player=seat, card=card))
        return allowed

    def may_go(self, card: int, zone: str) -> bool:
        """Whether ``card`` may be in ``zone``: its kind's ``zones`` say (beans go anywhere)."""
        if not self._zone_limited:
            return True
        allowed = self._kind_zones[self.state.bean_of[card]]
        return allowed is None or zone in allowed

    def check_goes(self, card: int, zone: str, why: str) -> None:
        """A built-in step is about to move ``card`` to ``zone``: G620 if its kind may not go there."""
        if not self.may_go(card, zone):
            allowed = self._kind_zones[self.state.bean_of[card]] or ()
            raise BohnError.one("G620", f"{why}: a `{self.bean_name(card)}` may not go to `{zone}` (its kind may be in "
                                f"{', '.join(sorted(allowed))})", self.step.span if self.step is not None else None)

    def plantable(self, card: int) -> bool:
        """Only beans are planted, unless a card's kind says ``plant: true``."""
        return not self._unplantable or self.state.bean_of[card] not in self._unplantable

    def fits(self, seat: int, card: int, index: int) -> bool:
        if self._unplantable and self.state.bean_of[card] in self._unplantable:
            return False
        if self.fx is not None or self._fixed.one_field_per_bean:
            return self.fits_field(seat, card, index)
        f = self.state.fields[seat][index]
        return not f or self.state.bean_of[f[0]] == self.state.bean_of[card]

    def _grown_elsewhere(self, seat: int, bean: int) -> bool:
        """Under ``same_bean_fields: one_field_per_bean``: whether a field of ``seat`` that is
        open to every bean already grows ``bean`` (its first card). Fields limited to some
        beans (``add_field(owner, only: …)``) stand apart from the rule, both ways."""
        limits = self.fx.field_limits if self.fx is not None else {}
        bean_of = self.state.bean_of
        i = 0
        for f in self.state.fields[seat]:  # (a plain loop: asked at every planting under the option)
            if f and bean_of[f[0]] == bean and not limits.get((seat, i)):
                return True
            i += 1
        return False

    def plants_plainly(self, seat: int) -> bool:
        """Whether the fields alone say where ``seat`` may plant (its bean's field or an empty
        one, ``one_field_per_bean`` aside): no `may_plant` rule applies to the seat and none
        of its fields is limited to some beans. Other seats' rules and limits say nothing
        about its plantings (``fitting_fields``)."""
        fx = self.fx
        if fx is None:
            return True
        limits = fx.field_limits
        if limits:
            for key in limits:  # (a few limited fields at most)
                if key[0] == seat:
                    return False
        if "may_plant" not in fx.modifiers:
            return True
        known = self._rare.seat_rules[seat]  # ``seat_rules`` spelt out when it is kept
        if known is not None and known[0] is fx._applies and known[1] == len(fx.actions) and known[2] == known[3]:
            return not known[4][3]
        return not self.seat_rules(seat)[3]

    def fitting_fields(self, seat: int, card: int) -> list[int]:
        """Fields a card may go on: its bean's, or an empty one (under ``one_field_per_bean``
        only if no other field grows it), then field limits and `may_plant`."""
        bean_of = self.state.bean_of
        bean = bean_of[card]
        if self._unplantable and bean in self._unplantable:
            return []
        fields = self.state.fields[seat]
        fx = self.fx
        if fx is None or self.plants_plainly(seat):  # no field or rule says more
            if self._fixed.one_field_per_bean:
                # its bean's fields; else, when no field grows it, the empty ones (no field of
                # the seat is limited, so every field is open to every bean: ``_grown_elsewhere``)
                growing = [i for i, f in enumerate(fields) if f and bean_of[f[0]] == bean]
                return growing if growing else [i for i, f in enumerate(fields) if not f]
            return [i for i, f in enumerate(fields) if not f or bean_of[f[0]] == bean]
        # (``[] in fields``: whether a field is empty, compared in C)
        empty_ok = not self._fixed.one_field_per_bean or ([] in fields and not self._grown_elsewhere(seat, bean))
        asked = "may_plant" in fx.modifiers and self.seat_rules(seat)[3]  # (``applies``, kept with the seat's profile)
        name = self.state.card_types[bean]
        limits = fx.field_limits
        field_free = asked and fx.field_free("may_plant")
        if field_free and not limits:  # rules that read no field answer every field alike: asked once per base answer
            bases = [bean_of[f[0]] == bean if f else empty_ok for f in fields]
            yes = True in bases and bool(fx.modified("may_plant", True, player=seat, bean=name,
                                                     field=FieldRef(seat, bases.index(True))))
            no = False in bases and not fx.keeps_no("may_plant") and bool(fx.modified(
                "may_plant", False, player=seat, bean=name, field=FieldRef(seat, bases.index(False))))
            return [i for i, base in enumerate(bases) if (yes if base else no)]
        out = []
        answers: dict[bool, bool] | None = {} if field_free else None
        rules = self.hearing(seat, "may_plant") if asked and not field_free else None
        for i, f in enumerate(fields):
            only = limits.get((seat, i))
            base = (bean_of[f[0]] == bean if f else (empty_ok or bool(only))) and (not only or name in only)
            if answers is not None:
                known = answers.get(base)
                if known is None:
                    known = answers[base] = bool(fx.modified("may_plant", base, player=seat, bean=name,
                                                             field=FieldRef(seat, i)))
                base = known
            elif asked:
                if rules is None:
                    base = bool(fx.modified("may_plant", base, player=seat, bean=name, field=FieldRef(seat, i)))
                else:  # only the rules that hear the seat are read
                    base = bool(fx.modified_by(rules, base, {"player": seat, "bean": name, "field": FieldRef(seat, i)}))
            if base:
                out.append(i)
        return out

    def fits_field(self, seat: int, card: int, index: int) -> bool:
        """``index in fitting_fields(seat, card)``, asking the rules about that one field
        only: an effect's ``may_plant(p, c, f)`` over every field would otherwise ask
        them about every field for each field (the answers are the same)."""
        fields = self.state.fields[seat]
        if not 0 <= index < len(fields):
            return False
        bean_of = self.state.bean_of
        bean = bean_of[card]
        if self._unplantable and bean in self._unplantable:
            return False
        f = fields[index]
        fx = self.fx
        if f:
            base = bean_of[f[0]] == bean
        else:
            base = not self._fixed.one_field_per_bean or ([] in fields and not self._grown_elsewhere(seat, bean))
        asked = fx is not None and fx.applies("may_plant", seat)
        if fx is None or (not fx.field_limits and not asked):
            return base
        name = self.state.card_types[bean]
        only = fx.field_limits.get((seat, index))
        base = (base or (not f and bool(only))) and (not only or name in only)
        if asked:
            base = bool(fx.modified("may_plant", base, player=seat, bean=name, field=FieldRef(seat, index)))
        return base

    def plant(self, seat: int, card: int, index: int, source: str) -> None:
        """Put ``card`` on a field and tell whoever listens. With no rules and no log it is
        the append alone, and the planting steps then spell it out."""
        self.state.fields[seat][index].append(card)
        if self.logging:
            self.emit("planted", seat=seat, bean=self.bean_name(card), field=index, source=source)
        if self.fx is not None and self.fx.listens("planted"):
            self.fx.fire("planted", {"player": seat, "bean": self.bean_name(card), "card": card, "field": FieldRef(seat, index)})

    def harvest(self, seat: int, index: int, *, final: bool = False) -> int:
        """Harvest a field: the top cards by the beanometer become coins, the rest are discarded.

        A modifier may make a harvest pay more coins than the field has cards (a "4 coins
        pay 5" rule on a four-card field). The option ``harvest_surplus`` says what then
        happens: ``capped`` (the default) pays one coin per card, ``from_discard`` takes
        the missing coins from the top of the discard pile, as far as it reaches."""
        st = self.state
        field = st.fields[seat][index]
        bean_index = st.bean_of[field[0]]
        count = len(field)
        fx = self.fx
        if fx is None:  # the beanometer as a table (a card of another kind pays nothing)
            try:
                earned = self._fixed.coin_grid[bean_index][count]
            except IndexError:  # a card of another kind, or more cards than the grid holds
                tables = self._fixed.coin_tables
                table = tables[bean_index] if bean_index < len(tables) else (0,)
                earned = table[count] if count < len(table) else table[-1]
            if not self._zone_limited and 0 <= earned <= count:  # the plain harvest, spelt out
                if earned:
                    st.coins[seat].extend(field[count - earned:])
                if earned < count:
                    st.discard.extend(field[: count - earned])
                field.clear()
                if self.logging:
                    self.emit("harvested", seat=seat, field=index, bean=st.card_types[bean_index], beans=count, coins=earned,
                              final=final, rule=self._fixed.bean_rules[bean_index] if bean_index < len(self._fixed.bean_rules) else None)
                return earned
            bean_id = st.card_types[bean_index]
        else:
            if bean_index >= len(self.rules.beans):  # a planted card of another kind: no beanometer of its own
                bean = Bean(st.card_types[bean_index], "", 0, ())
            else:
                bean = self.rules.beans[bean_index]
            bean_id = bean.id
            # (the rules asked only when one applies to the seat: ``modified`` would give the
            # value back unchanged, having looked at every rule of the query)
            if fx.applies("beanometer", seat):
                earned = coins_for(fx.modified("beanometer", list(bean.beanometer), player=seat, bean=bean.id), count)
            else:
                earned = coins_for(bean.beanometer, count)
            if fx.applies("harvest_coins", seat):
                earned = fx.modified("harvest_coins", earned, player=seat, field=FieldRef(seat, index), bean=bean.id,
                                     beans=count)
        wanted = earned if earned > 0 else 0
        earned = wanted if wanted < count else count
        cards = list(field) if fx is not None else []
        kept = count - earned
        if self._zone_limited:
            for card in field[kept:]:
                self.check_goes(card, self._rare.coins_id, "harvest")
            for card in field[:kept]:
                self.check_goes(card, self._rare.discard_id, "harvest")
        coins = st.coins[seat]
        if earned:
            coins.extend(field[kept:])
        if kept:
            st.discard.extend(field[:kept])
        field.clear()
        if wanted > earned and self._fixed.surplus_from_discard:
            pile = st.discard
            for _ in range(min(wanted - earned, len(pile))):
                coins.append(pile.pop())
                earned += 1
        if self.logging:
            self.emit("harvested", seat=seat, field=index, bean=bean_id, beans=count, coins=earned, final=final,
                      rule=self._fixed.bean_rules[bean_index] if bean_index < len(self._fixed.bean_rules) else None)
        if fx is not None and fx.listens("harvested"):
            fx.fire("harvested", {"player": seat, "field": FieldRef(seat, index), "bean": bean_id, "beans": count,
                                  "coins": earned, "cards": cards, "final": final})
        return earned

    def buy_field(self, seat: int) -> None:
        price = self.field_price(seat)
        coins = self.state.coins[seat]
        paid = coins[len(coins) - price:] if price else []
        del coins[len(coins) - price:]
        target = self.state.shared.get(self._rare.payment_zone)
        if target is None:
            target = self.state.per_player[self._rare.payment_zone][seat]
        target.extend(paid)
        self.state.fields[seat].append([])
        self.emit("field_bought", seat=seat, price=price, paid_to=self._rare.payment_zone, fields=len(self.state.fields[seat]),
                  rule=self.row.span)
        self.signal("field_bought", player=seat, field=FieldRef(seat, len(self.state.fields[seat]) - 1))

    def draw_one(self, deck: str | None = None) -> int | None:
        """Take the top card of the draw pile (or of the deck named ``deck``),
        reshuffling and counting run-outs as the rules say.

        When a run-out counts is the option ``runout_counts``: the moment the last card
        is drawn (the default, as CARD-DATA.md reads the rulebook) or at the next attempt
        to draw from the empty deck. Once the count reaches the row's
        ``end_after_runouts`` the game is ending and the deck is not refilled. A draw from
        an empty deck reshuffles the discard pile; if that is empty too, the option
        ``empty_discard_at_reshuffle`` says what the failed draw costs: every remaining
        run-out at once (the default, which ends the game) or one run-out. Either way
        each failed draw counts at least one run-out, so every game is finite.
        """
        if deck is not None and deck != self._fixed.deck_id:
            return self._draw_from(deck)
        st = self.state
        if not st.deck:
            if st.ending:
                return None
            if self._fixed.runout_at_next_draw:
                self._run_out()
                if st.ending:
                    return None
            if not self._refill():
                if self._fixed.one_runout_per_failed_draw:
                    if not self._fixed.runout_at_next_draw:  # at the next draw it counted already
                        self._run_out()
                else:
                    while not st.ending:
                        self._run_out()
                return None
        card = st.deck.pop()
        if not st.deck and not self._fixed.runout_at_next_draw:
            self._run_out()
        return card

    def _refill(self, rule: Any = None) -> bool:
        """Shuffle the discard pile into the deck (with what the deck still holds); False
        when there is nothing to shuffle."""
        st = self.state
        if not st.discard or not self._fixed.reshuffles:
            return False
        st.deck.extend(st.discard)
        st.discard.clear()
        shuffle(st.rng, st.deck)
        self.emit("reshuffled", seat=None, cards=len(st.deck), rule=rule)
        fx = self.fx
        if fx is not None and fx.listens("reshuffled"):
            fx.fire("reshuffled", {"player": None, "deck": ZoneRef(self._fixed.deck_id, None), "cards": len(st.deck)})
        return True

    def prepare_draw(self, count: int) -> None:
        """Before a step or effect draws ``count`` cards: with the house rule
        ``short_deck: shuffle_with_discards``, a deck holding fewer cards than that (but
        some) runs out now and is shuffled together with the discard pile — unless that
        run-out would end the game, in which case the cards left are drawn as usual."""
        st = self.state
        if not self._fixed.shuffle_short_deck or not 0 < len(st.deck) < count or not st.discard or st.ending:
            return
        if st.runouts + 1 >= self.row.end_after_runouts:
            return
        self._run_out()
        self._refill(rule=self.rules.origin("options", "short_deck"))

    def _draw_from(self, deck_id: str) -> int | None:
        """A draw from another deck: its own discard pile and reshuffle rule; its run-outs
        count towards the end only if it says ``runouts: true``."""
        st = self.state
        zone = self._fixed.decks[deck_id]
        cards = st.shared[deck_id]
        pile = st.shared[zone.discard] if zone.discard else None
        while not cards:
            if zone.runouts and st.ending:
                return None
            if pile and zone.reshuffle == "discard":
                self._reshuffle(deck_id, cards, pile)
            elif zone.runouts:
                self._run_out()
            else:
                return None
        card = cards.pop()
        if not cards and zone.runouts:
            self._run_out()
        return card

    def _reshuffle(self, deck_id: str, cards: list[int], pile: list[int]) -> None:
        cards.extend(pile)
        pile.clear()
        shuffle(self.state.rng, cards)
        if deck_id == self._fixed.deck_id:  # the draw pile's event reads as it always has (golden logs)
            self.emit("reshuffled", seat=None, cards=len(cards))
        else:
            self.emit("reshuffled", seat=None, cards=len(cards), deck=deck_id)
        fx = self.fx
        if fx is not None and fx.listens("reshuffled"):
            fx.fire("reshuffled", {"player": None, "deck": ZoneRef(deck_id, None), "cards": len(cards)})

    def _run_out(self) -> None:
        st = self.state
        st.runouts += 1
        final = st.runouts >= self.row.end_after_runouts
        if self.logging:
            self.emit("deck_ran_out", seat=None, runout=st.runouts, final=final, rule=self._fixed.runout_rule)
        self.signal("deck_ran_out", player=None, runout=st.runouts, final=final)
        if final:
            st.ending = True

    # ------------------------------------------------------------------ flow

    def _start_step(self) -> None:
        st = self.state
        runs = self._step_runs[st.phase_index]
        step = runs[st.step_index]
        if step is None:
            spec = self.phases[st.phase_index].steps[st.step_index]
            step = runs[st.step_index] = STEP_KINDS[spec.kind](self, spec)
        self.step = step
        step.enter(self)

    def _start_phase(self, index: int, step: int = 0) -> None:
        st = self.state
        st.phase_index = index
        st.step_index = step
        if self.logging:
            self.emit("phase_started", seat=st.active, rule=self.phases[index].span)
        fx = self.fx
        if fx is not None and "phase_began" in fx.triggers:  # (``signal`` spelt out: no payload built for nobody)
            fx.fire("phase_began", {"player": st.active, "phase": self.phases[index].id})
        # ``_start_step`` spelt out (a phase starts several times a turn)
        runs = self._step_runs[index]
        run = runs[step]
        if run is None:
            run = runs[step] = STEP_KINDS[self.phases[index].steps[step].kind](self, self.phases[index].steps[step])
        self.step = run
        run.enter(self)

    def _enter_turn(self) -> None:
        if self.logging:
            self.emit("turn_started", seat=self.state.active)
        self.signal("turn_began", player=self.state.active)
        self._start_phase(0)
        self._settle()

    def restart_turn(self, phase: str | None = None, *, step: str | None = None, resume: bool = False) -> None:
        """Begin the active player's turn again at ``phase`` (after a position was arranged),
        at its step of kind ``step`` when given (the steps before it do not run).

        With ``resume`` the position is taken up where it stands: the turn's and the
        phase's start events (``turn_started``/``phase_started``, ``turn_began``/
        ``phase_began``) do not fire again; only the step itself is entered."""
        from engine.errors import did_you_mean

        ids = [p.id for p in self.phases]
        if phase is not None and phase not in ids:
            raise BohnError.one("G607", f"no phase `{phase}` in this turn ({', '.join(ids)}){did_you_mean(phase, ids)}")
        index = ids.index(phase) if phase else 0
        kinds = [s.kind for s in self.phases[index].steps]
        if step is not None and step not in kinds:
            raise BohnError.one("G607", f"phase `{self.phases[index].id}` has no step `{step}` ({', '.join(kinds)}){did_you_mean(step, kinds)}")
        self.state.over = False
        self.state.next_phase, self.state.next_step = -1, 0
        self._listed = ()
        self.version += 1  # the position was arranged: nothing listed before holds
        if self._watch_fronts:
            assert self.fx is not None
            self.fx.note_fronts()
        if resume:
            self.state.phase_index = index
            self.state.step_index = kinds.index(step) if step else 0
            self._start_step()
        else:
            self.emit("turn_started", seat=self.state.active)
            self.signal("turn_began", player=self.state.active)
            self._start_phase(index, kinds.index(step) if step else 0)
        self._settle()
        self._fronts()

    def _settle(self) -> None:
        """Move on past finished steps, phases and turns until someone must decide.

        After the final run-out, a phase marked ``stop`` ends the game at once (even in
        the middle of a step); phases marked ``finish`` still run to their end.
        """
        st = self.state
        if not st.ending and not st.over and not self.final_round and not self.step.done:
            return  # the common case: the step still waits for a decision
        if self.final_round:  # only ``_end_game`` starts it, and then this returns
            if self.step.done and not st.over:
                score(self)
            return
        phases = self.phases
        if self.fx is None and not st.ending and st.next_phase < 0:
            # No rule tells or asks anything and the game is not ending: the loop below
            # reduced to the turn's steps in order (no phase signals, no `next_phase`, no
            # `stop` phase to end in), each started as ``_start_step``/``_start_phase`` do.
            # A step that ends the game (a run-out) leaves the rest to the loop below.
            step = self.step
            runs_of = self._step_runs
            last = len(phases) - 1
            for _ in range(MAX_SILENT_STEPS):
                if not step.done:
                    return
                if st.ending:
                    break
                index = st.phase_index
                i = st.step_index + 1
                if i < len(runs_of[index]):  # (one run per step of the phase)
                    st.step_index = i
                else:
                    if index < last:
                        index += 1
                    else:  # the next seat's turn
                        st.active = (st.active + 1) % self.players
                        st.turn += 1
                        index = 0
                        if self.logging:
                            self.emit("turn_started", seat=st.active)
                    st.phase_index = index
                    st.step_index = i = 0
                    if self.logging:
                        self.emit("phase_started", seat=st.active, rule=phases[index].span)
                runs = runs_of[index]
                step = runs[i]
                if step is None:
                    spec = phases[index].steps[i]
                    step = runs[i] = STEP_KINDS[spec.kind](self, spec)
                self.step = step
                step.enter(self)
        for _ in range(MAX_SILENT_STEPS):
            if st.over:
                return
            phase = phases[st.phase_index]
            if st.ending and phase.when_game_ends == "stop":
                self._end_game()
                return
            if not self.step.done:
                return
            if st.step_index + 1 < len(phase.steps):
                st.step_index += 1
                self._start_step()
            elif st.next_phase >= 0:  # a rule named the phase the turn goes on with (`next_phase`)
                index, step = st.next_phase, st.next_step
                st.next_phase, st.next_step = -1, 0
                fx = self.fx
                if fx is not None and "phase_ended" in fx.triggers:
                    fx.fire("phase_ended", {"player": st.active, "phase": phase.id})
                if st.ending and phases[index].when_game_ends == "stop":
                    self._end_game()
                    return
                self._start_phase(index, step)
            elif st.phase_index + 1 < len(phases):
                fx = self.fx
                if fx is not None and "phase_ended" in fx.triggers:
                    fx.fire("phase_ended", {"player": st.active, "phase": phase.id})
                if st.ending and phases[st.phase_index + 1].when_game_ends == "stop":
                    self._end_game()
                    return
                self._start_phase(st.phase_index + 1)
            elif st.ending:
                self._end_game()
                return
            else:
                fx = self.fx
                if fx is not None:  # (``signal`` spelt out: no payload built for nobody)
                    if "phase_ended" in fx.triggers:
                        fx.fire("phase_ended", {"player": st.active, "phase": phase.id})
                    if "turn_ended" in fx.triggers:
                        fx.fire("turn_ended", {"player": st.active})
                st.active = (st.active + 1) % self.players
                st.turn += 1
                if fx is not None:
                    fx.new_turn()
                if self.logging:
                    self.emit("turn_started", seat=st.active)
                if fx is not None and "turn_began" in fx.triggers:
                    fx.fire("turn_began", {"player": st.active})
                self._start_phase(0)
        if not st.over:
            raise BohnError.one("G606", f"{MAX_SILENT_STEPS} steps ran without anyone to decide; the turn never asks a player")

    def _end_game(self) -> None:
        """The final harvest, then (if the ruleset has one) the last round of free actions,
        then scoring."""
        final_harvest(self)
        if self.rules.last_round:
            self.final_round = True
            self.step = LastRound(self)
            self.emit("last_round", seat=self.state.active)
            if not self.step.done:
                return
        score(self)

    # ------------------------------------------------------------------ events

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
