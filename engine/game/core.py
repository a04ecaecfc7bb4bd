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

from typing import TYPE_CHECKING, ClassVar

from engine.errors import BohnError
from engine.game.actions import ACT, BUY_ITEM, FREE_KINDS, HARVEST, Action
from engine.game.copyable import mypyc_attr
from engine.game.fieldwork import FieldWork
from engine.game.fixed import PREBUILT_FIELDS, facts
from engine.game.freelist import plain_harvests
from engine.game.gamebase import Rare
from engine.game.legality import refuse_illegal
from engine.game.state import new_state

if TYPE_CHECKING:
    from engine.game.effects import GameEffects
    from engine.game.items import Items
    from engine.rules.model import Ruleset

#: Most actions one game may take before it is declared runaway (G606). Shipped games
#: take about 300 to 1,000; a fixed bound keeps a stranger's game finite.
MAX_ACTIONS = 20_000


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class Game(FieldWork):
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
        self.state = new_state(rules, players, seed)
        self.row = self.state.row
        self._rare = Rare(seed, trading, record, self.row.field_payment_to)
        self._rare.seat_rules = [None] * players
        self.phases = rules.turns[self.row.turn]
        self.actions_taken = 0
        fixed = self._fixed = facts(rules, players)
        self._harvest_any_time = self.row.harvest_when == "any_time"
        #: whether events are built at all (recorded or listened to); hot paths test it
        #: before building an event so that fast simulations pay nothing for the log
        self.logging = record
        self.step = None
        #: the effect statement being performed, named by events it causes (None: the engine)
        self.cause = None
        #: the actions of the latest listing (``decision``, ``legal_actions``), known legal
        #: until the next action: ``apply`` takes one of them unchecked, then forgets them
        #: (every action listed names the seat listed for, so the seat need not be kept)
        self._listed = ()
        #: the position's version: bumped by everything that may change what a listing
        #: reads (see ``free_listing``); each seat's free actions are remembered with the
        #: version they were listed at, and whether the seat could harvest then (None:
        #: nothing is remembered in this game, see below where the effects are made)
        self.version = 0
        self._free_memo: list[tuple[int, bool, tuple[Action, ...]] | None] | None = [None] * players
        #: each step of the turn, made when first entered and entered again every turn
        #: after (a step resolves its fixed parameters once, and ``enter`` resets the rest)
        self._step_runs = [[None] * len(p.steps) for p in self.phases]
        st = self.state
        #: the only zones each card type may be in (None: anywhere), from its kind's `zones`
        limits = {k.id: frozenset(k.zones) for k in rules.kinds if k.zones}
        self._kind_zones = [limits.get(k) for k in st.type_kinds]
        self._zone_limited = bool(limits)
        #: the game's discard pile and the hands (zone ids), where built-in steps move cards
        self._rare.discard_id = rules.decks()[0].discard or rules.zone_of_kind("discard").id
        self._rare.hand_id = rules.zone_of_kind("hand").id
        self._rare.coins_id = rules.zone_of_kind("coins").id
        #: each card's type id (``bean_of`` never changes during a game)
        self._names = list(map(st.card_types.__getitem__, st.bean_of))
        #: card types that may not be planted (other kinds' cards, unless their kind says so;
        #: a kind that is planted has the fields among its zones, R461)
        self._unplantable = fixed.unplantable
        #: card types that may not be traded (their kind says ``trade: false``)
        self._untradable = fixed.untradable
        # (the effects and items machinery is imported by the games that have rules: a
        # ruleset without any never compiles or loads it)
        self.fx = None
        if rules.effects or rules.items or fixed.has_card_rules:
            from engine.game.effects import GameEffects

            self.fx = GameEffects(self)
        if not self._keeps_listings():
            self._free_memo = None
        self.items = None
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
        self.free_in_answers = (True,) * players
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

    def _keeps_listings(self) -> bool:
        """Whether ``decision`` remembers each seat's free actions with the version
        (``free_listing``): only when the rules declare actions of their own, which are
        listed to every seat at every decision (the listing reads each action's inputs,
        ``ListingMemo.legal``, which costs more than remembering it).

        Why not always: a seat finds its listing unchanged at few decisions (``free_listing``
        says why), and keeping it costs two tuples a decision. Without such actions a
        seat's free actions are harvests, a field, cards for sale and the actions of the
        cards it holds, each listed from what it reads (``Items.listing``, ``ListingMemo``)
        for less (docs/speed.md has the figures)."""
        fx = self.fx
        return fx is not None and len(fx._action_cards) != len(fx.actions)

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
        elif self.free_in_answers[seat] or step.mode != "respond":
            # ``free_listing`` spelt out: the seat decides now, so it may harvest when the step
            # plants (``harvest_allowed_now`` without asking the step who decides again)
            allowed = self._harvest_any_time or seat == st.active or step.plants
            memo = self._free_memo
            if memo is None:  # (none remembered in this game: see ``__init__``)
                self.free_actions(seat, actions, harvest=allowed)
            else:
                last = memo[seat]
                if last is not None and last[0] == self.version and last[1] == allowed:
                    actions += last[2]
                else:
                    listed = tuple(self.free_actions(seat, harvest=allowed))
                    memo[seat] = (self.version, allowed, listed)
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

    def _check(self, action: Action) -> None:
        """Raise G600/G601 unless ``action`` is legal now (``legality.refuse_illegal``)."""
        refuse_illegal(self, action)

    def check(self, action: Action) -> None:
        """Raise what ``apply`` would raise for ``action`` now, without changing anything."""
        if self.state.over:
            raise BohnError.one("G602", f"the game is over; cannot {action}")
        refuse_illegal(self, action)

    def release(self) -> None:
        """Done with this game: let its objects be freed by reference counting as soon as
        it is dropped. Its scores, winners, state and counters stay readable; it is over
        (``apply`` refuses any action, G602) and its rules and cards for sale are gone.

        Why: a finished game with rules is a few thousand objects in reference cycles (its
        rules and its cards for sale point back to the game, a listing's kept contexts to
        the rules), which only the cyclic collector frees, and it walks the live objects of
        the games played since as well: 0.9 ms of a 12 ms game of the four-player expansion
        with orders, 3.0 ms of a 31 ms game of the one with ships (greedy bots, collections
        timed by ``gc.callbacks``).
        Released, nothing is left for the collector to find (tests/game/test_release.py):
        ``simulate`` and ``sweep`` release each game once its outcome is read."""
        fx = self.fx
        if fx is not None:
            fx.listing_memo.contexts.clear()  # (each kept context points at the rules)
        self.fx = None
        self.items = None
        self.state.over = True

