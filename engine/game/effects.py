"""Wiring the effect language into a game: the ``World`` a game offers to its effects.

Every player owns a copy of each ruleset effect. ``GameEffects`` indexes their
triggers by event and their modifiers by query, so the engine pays nothing for a query
or event no rule touches; it adapts the game state to the language's ``World``
protocol (zones, fields, coins, counters; the statements are performed by
``engine.game.statements``), fires triggers when the engine emits events, applies
modifiers when the engine asks queries, and lists declared actions as legal actions. It
is built in layers, one concern a module: the ``World`` reads (``engine.game.worldreads``),
which rules apply to whom (``engine.game.ruleindex``), and here the rules run.

Composition does not depend on the order rules were acquired: triggers of one event run,
and modifiers of one query apply, in the order the ruleset declares them (its
``effects`` first, then the rules of its cards, bought buildings among them, kind by kind
and card by card), and for modifiers every replacement (a modifier that
ignores ``value``) comes before every adjustment (one that reads it). So a player owning a
"4 coins pay 5" item and an item with its own beanometer is paid the same whichever was
bought first. Rules of one declaration
owned by several seats run from seat 0 up.

Choices an effect asks for (``choose``, ``ask``) go to ``choice_hook``, which returns the
index of the option taken (or None to take none, where that is allowed). An effect runs
inside one engine step, so the choice is asked synchronously: ``play_game`` routes it to
the seat's agent (``Agent.choose_option``), scenario steps script it with ``choose:``,
and without either the first option (and "yes") is taken. Every choice is logged as a
``chose`` event, so a replay gives the same answers.
"""

from __future__ import annotations

from bisect import bisect_right
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Sequence

from engine.errors import BohnError, Span
from engine.game.choices import ChoiceHook, first_option, pick, pick_secretly
from engine.game.copyable import mypyc_attr
from engine.game.declared import ListingMemo, make_reader
from engine.game.holders import HOLDER
from engine.game.plans import fire_plan, modifier_plan
from engine.game.ruleindex import RuleIndex
from engine.game.statements import MOVE_POSITIONS, STATEMENTS, take  # noqa: F401 - MOVE_POSITIONS is read from here
from engine.game.worldreads import _FIELD_REFS
from engine.lang.compiler import (GUARD_OPS, MAX_STEPS, MAX_TRIGGER_DEPTH, Compiled, CompiledAction, CompiledModifier,
                                  CompiledTrigger, Ctx, _guard_passes, fire, modifier_stage, new_ctx)
from engine.lang.parts import bind_this
from engine.lang.world import CancelAction, FieldRef, ZoneRef
from engine.rules.probes import every_program

if TYPE_CHECKING:
    from engine.game.core import Game

#: Work all the effects of one game may spend (see ``compiler.MAX_STEPS`` for one
#: decision): a game's time cannot grow with a stranger's numbers.
MAX_GAME_WORK = 2_000_000


def _card_owner(card: int) -> int:
    """A card's rules wait in the triggers' and modifiers' lists with this owner (below
    HOLDER); the holder index turns it into the holding seat when they apply."""
    return -2 - card


def _bind(fn: Any, card: int) -> Any:
    """``fn`` with ``this`` bound to ``card``: a part the language generated binds it in
    its own first line (``bind_this``), any other is wrapped."""
    if fn is None:
        return None
    bound = bind_this(fn, card)
    if bound is not None:
        return bound

    def run(ctx: Any) -> Any:
        ctx.vars["this"] = card
        return fn(ctx)
    return run


def _place(rules: list[Any], keys: list[tuple[int, ...]], key: tuple[int, ...], rule: Any) -> None:
    """Insert ``rule`` into ``rules`` where ``key`` sorts among ``keys`` (kept alongside)."""
    at = bisect_right(keys, key)
    keys.insert(at, key)
    rules.insert(at, rule)


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
class GameEffects(RuleIndex):
    """The effects of one game and the ``World`` they act on."""

    def __init__(self, game: Game) -> None:
        self.game = game
        #: card -> its type's id (``Game._names``, made before the effects, never changed): the
        #: generated expressions read ``card.bean`` here without calling ``bean_of``
        self.bean_names: list[str] = game._names
        #: card -> its kind, what ``card_kind`` answers (the state's cards and their types never
        #: change): the generated expressions read ``card.kind`` here. A tuple, which a look
        #: ahead's copy shares once it has found it holds only texts
        self.kind_names: tuple[str, ...] = tuple(map(game.state.type_kinds.__getitem__, game.state.bean_of))
        self.trigger_depth = 0
        self._budget: list[int] = [MAX_STEPS]
        self._budget_at = -1
        self.work = 0  # spent by earlier decisions
        self.triggers: dict[str, list[tuple[CompiledTrigger, int]]] = {}
        self.modifiers: dict[str, list[tuple[CompiledModifier, int]]] = {}
        # the sort keys that keep both lists in declaration order (see the module docstring)
        self._trigger_keys: dict[str, list[tuple[int, ...]]] = {}
        self._modifier_keys: dict[str, list[tuple[int, ...]]] = {}
        self._rank: dict[int, int] = {}
        for effect in game.rules.effects:
            self._rank[id(effect.compiled)] = len(self._rank)
        for kind in game.rules.kinds:  # then the cards' rules, in the order they are declared
            for ctype in kind.cards:
                for part in (ctype.effect, ctype.on_buy):
                    if part is not None:
                        self._rank[id(part)] = len(self._rank)
        self.actions: list[tuple[CompiledAction, int]] = []
        self.counters: dict[tuple[int, str], int] = {}
        self.field_limits: dict[tuple[int, int], list[str]] = {}
        self.uses: dict[tuple[int, int], int] = {}
        self.choice_hook: ChoiceHook = first_option
        #: (a choice hook, the seats whose answer it gives without being asked to a choice
        #: of one option that must be taken: that option): see ``takes_lone``
        self.lone: tuple[Any, frozenset[int]] = (None, frozenset())
        #: the `worth` of each option of the choice being asked, if its `choose` gives one
        self.choice_worths: list[float] | None = None
        #: the picks of a secret choice being made, by seat (see ``choose_secretly``)
        self.secret: dict[int, list[Any]] = {}
        self.fronts: list[int | None] = []
        self._procedures: dict[str, Any] | None = None
        self._step_seen: tuple[Any, str] = (None, "")
        self._zone_lists: tuple[Any, dict[tuple[str, int | None], list[int]]] = (None, {})
        #: seat -> (the cards on its fields, in order; the beans ``growing`` answered for them)
        self._growing_seen: dict[int, tuple[list[list[int]], tuple[str, ...]]] = {}
        #: (how many actions, (seat, step) -> indices of the actions it may own): see ``_seat_actions``
        self._by_seat: tuple[int, dict[tuple[int, str | None], list[int]]] | None = None
        #: the declared actions' last answers by their inputs, shared with look-ahead copies
        self.listing_memo = ListingMemo()
        #: see ``_applies_index``: made on first use, dropped when rules are acquired
        self._applies: Any = None
        #: see ``applies_to_none``: made on first use, dropped when rules are acquired
        self._quiet: Any = None
        #: {how many actions: the cards with actions as ``_holding`` gives them}, read only
        self._action_holding: Any = None
        #: {"cards": the cards with a ``worth`` as ``_holding`` gives them}, read only, made on first use
        self._worth_holding: Any = None
        #: (the modifiers, ``_query_facts`` of them): made on first use, dropped when rules are acquired
        self._facts: Any = None
        #: event -> how ``fire`` finds its rules (``plans.fire_plan``): made on first use, dropped
        #: when rules are acquired; a read-only map (a look ahead's copy shares it)
        self._fire_plans: Any = MappingProxyType({})
        #: query -> the rules that hear each seat (``plans.modifier_plan``): as ``_fire_plans``
        self._modifier_plans: Any = MappingProxyType({})
        #: how many times rules started to run or statements were performed: see ``plantable``
        self.epoch = 0
        #: (epoch, seat, card, game version, the fields the card fits): ``plantable``'s last list
        self.plant_hint: tuple[int, int, int, int, list[int]] | None = None
        #: seat -> how ``FieldWork.fitting_fields`` answers it by the inputs of its `may_plant`
        #: rules (``FieldWork._by_inputs``, with the index of rules it stands for)
        self.plant_inputs: dict[int, tuple[Any, ...]] = {}
        #: the zones' lists in the order ``statements.take`` searches them (made on first use)
        self._take_order: tuple[tuple[list[int], ...], tuple[list[int], ...]] | None = None
        rules = game.rules
        self._staging = next((z.id for z in rules.zones if z.kind == "staging"), None)
        self._discard = game.rules.decks()[0].discard or rules.zone_of_kind("discard").id
        st = game.state
        #: bean id -> bean (read only, a look ahead's copy shares it): asked per worth of a bot's option
        self._bean_by_id = MappingProxyType({b.id: b for b in reversed(rules.beans)})
        types = {c.id: c for k in rules.kinds for c in k.cards}
        #: attribute values of each card type (beans have none)
        self._values: list[Any] = [types[t].values if t in types else {} for t in st.card_types]
        #: the only zones each card type may be in (None: anywhere)
        allowed = {k.id: frozenset(k.zones) for k in rules.kinds if k.zones}
        self._kind_zones: list[frozenset[str] | None] = [allowed.get(k) for k in st.type_kinds]
        #: events and queries with rules carried by cards: those belong to whoever holds
        #: the card, looked up in the holder index when they apply
        self._card_events: set[str] = set()
        self._card_queries: set[str] = set()
        self._action_cards: dict[int, int] = {}
        self._rule_cards: list[int] = []
        #: card -> its ``worth`` hint (bound to the card), for bots weighing what they hold
        self.card_worths: dict[int, Any] = {}
        start = _start_of(game)
        if start is not None:
            start.give(self)
        else:
            for effect in rules.effects:  # every player owns a copy of the ruleset's effects
                for seat in range(game.players):
                    self.own(effect.compiled, seat)
            for card, type_index in enumerate(st.bean_of):
                held = types.get(st.card_types[type_index])
                if held is not None and held.effect is not None:
                    self._own_card(held.effect, card)
            _remember_start(self)
        from engine.game.holders import HolderIndex

        self.holder_index = HolderIndex(st, {*self._action_cards.values(), *self.card_worths, *self._rule_cards})

    # ------------------------------------------------------------------ engine side

    def own(self, compiled: Compiled, owner: int) -> None:
        """From now on ``owner`` owns these rules (an item was bought); each joins its
        event's or query's list at the place its declaration gives it."""
        rank = self._rank.get(id(compiled), len(self._rank))
        for i, t in enumerate(compiled.triggers):
            _place(self.triggers.setdefault(t.event, []), self._trigger_keys.setdefault(t.event, []),
                   (rank, i, owner), (t, owner))
        for i, m in enumerate(compiled.modifiers):
            _place(self.modifiers.setdefault(m.query, []), self._modifier_keys.setdefault(m.query, []),
                   (modifier_stage(m), rank, i, owner), (m, owner))
        for a in compiled.actions:
            self.actions.append((a, owner))
        self._applies = None
        self._quiet = None
        self._facts = None
        self._fire_plans = MappingProxyType({})
        self._modifier_plans = MappingProxyType({})

    def _own_card(self, compiled: Compiled, card: int) -> None:
        """A card's rules, each bound to the card (``this``); their owner is its holder.
        They take their place among the ruleset's rules by declaration, as rules a seat
        owns do (a bought building's rules order exactly as the buyer's own would)."""
        rank = self._rank.get(id(compiled), len(self._rank))
        owner = _card_owner(card)
        if compiled.triggers or compiled.modifiers:
            self._rule_cards.append(card)
        for i, t in enumerate(compiled.triggers):
            bound = CompiledTrigger(t.event, t.by, _bind(t.condition, card), _bind(t.body, card), t.span, t.rule, t.guard)
            _place(self.triggers.setdefault(t.event, []), self._trigger_keys.setdefault(t.event, []),
                   (rank, i, card), (bound, owner))
            self._card_events.add(t.event)
        for i, m in enumerate(compiled.modifiers):
            bound_m = CompiledModifier(m.query, m.by, _bind(m.condition, card), _bind(m.value, card), m.span, m.rule,
                                       m.adjusts, m.needs_value, m.field_free, m.pure, m.pure_limits, m.inputs)
            _place(self.modifiers.setdefault(m.query, []), self._modifier_keys.setdefault(m.query, []),
                   (modifier_stage(m), rank, i, card), (bound_m, owner))
            self._card_queries.add(m.query)
        self._applies = None
        self._quiet = None
        self._facts = None
        self._fire_plans = MappingProxyType({})
        self._modifier_plans = MappingProxyType({})
        for a in compiled.actions:
            guard = a.guard
            if guard is not None and guard[0] == "this_in":  # `this in cards(ZONE)`: this card in the holder's ZONE
                guard = ("card_in", guard[1], guard[2], card)
            bound_a = CompiledAction(a.name, a.timing, _bind(a.condition, card), _bind(a.cost, card), _bind(a.body, card),
                                     a.span, a.rule, a.param, _bind(a.values, card), _bind(a.worth, card),
                                     a.only_step, guard, a.reads)
            self._action_cards[len(self.actions)] = card
            self.actions.append((bound_a, HOLDER))
        if compiled.worth is not None:
            self.card_worths[card] = (_bind(compiled.worth, card), compiled.name)

    # ------------------------------------------------------------------ bots' hints

    def action_card(self, index: int) -> int | None:
        """The card whose rules declare action ``index`` (None: a ruleset or item action)."""
        return self._action_cards.get(index)

    def action_worth(self, seat: int, index: int, value: int = -1) -> float | None:
        """What declared action ``index`` (with value number ``value``) is worth to
        ``seat`` by its ``worth`` hint, or None when it gives none. Read on a budget of
        its own: weighing a choice never spends the game's."""
        action, _ = self.actions[index]
        if action.worth is None:
            return None
        game = self.game  # (what ``new_ctx`` makes, without asking the world for the seats)
        ctx = Ctx(self, {"owner": seat, "active": game.state.active, "opponent": (seat + 1) % game.players},
                  [MAX_STEPS], action.rule)
        if action.values is not None and action.param is not None:
            ctx.vars[action.param] = list(action.values(ctx))[value]
        return float(action.worth(ctx))

    def held_worth(self, seat: int, skip: int | None = None) -> float:
        """The ``worth`` hints of the cards ``seat`` holds (but ``skip``), summed."""
        if not self.card_worths:
            return 0.0
        return self.worth_of(seat, self.held_cards(seat), skip)

    def held_cards(self, seat: int) -> list[int]:
        """The cards with a ``worth`` hint that ``seat`` holds, in the order ``held_worth``
        sums them: the zones such cards may be in, then the fields (if they may lie there)."""
        worths = self.card_worths
        st = self.game.state
        where = self._worth_holding
        if where is None:  # made once: the cards with a worth never change (a read-only map, shared by copies)
            where = self._worth_holding = MappingProxyType({"cards": self._holding(set(worths))})
        spec = where["cards"]
        held: list[int] = []
        if spec is not None:  # only the zones (and fields) such cards may be in, in the same order
            wanted, zones, on_fields = spec
            per_player = st.per_player
            for zone in zones:
                cards = per_player[zone][seat]
                if not wanted.isdisjoint(cards):
                    held += [c for c in cards if c in worths]
            if on_fields:
                held += [c for f in st.fields[seat] for c in f if c in worths]
        return held

    def worth_of(self, seat: int, held: list[int], skip: int | None = None, ctx: Ctx | None = None) -> float:
        """The ``worth`` hints of the cards ``held`` (``held_cards`` of ``seat``) but
        ``skip``, summed, each read on a fresh budget; in ``ctx`` when given (a context of
        ``seat``'s, as ``new_ctx`` makes it: `this` is bound by each card's rule itself)."""
        worths = self.card_worths
        total = 0.0
        for card in held:
            if card != skip:
                fn, rule = worths[card]
                if ctx is None:
                    ctx = new_ctx(self, seat, rule, budget=[MAX_STEPS])
                else:
                    ctx.rule = rule
                    ctx.budget[0] = MAX_STEPS
                total += fn(ctx)
        return total

    def listens(self, event: str) -> bool:
        return event in self.triggers

    def modified(self, query: str, value: Any, **params: Any) -> Any:
        """The answer to ``query`` after every rule that applies (``compiler.modify``, with
        a card's rule given to its holder as it is reached): the context of a rule is made
        only for a rule that hears the asking seat, from the seat to move and the decision's
        budget read once. A query no card's rule modifies finds the rules that hear the
        asking seat in its plan (``plans.modifier_plan``)."""
        mods = self.modifiers.get(query)
        if not mods:
            return value
        if query in self._card_queries:
            return self._modified(mods, value, params)
        plan = self._modifier_plans.get(query)  # (made again for another list: a test may swap them)
        if plan is None or plan[0] is not mods:
            plan = modifier_plan(self, query, mods)
        who = params.get("player")
        runs = plan[1].get(who) if type(who) is int or who is None else None
        if runs is None:  # a seat the game does not have: every rule asks as ``_modified`` does
            return self._modified(mods, value, params)
        game = self.game
        active = game.state.active
        budget: list[int] | None = None
        for mod, owner, active_only, opponent in runs:
            if mod.needs_value and not value:  # `if value and …`: it changes no falsy answer
                continue
            if active_only and who != active:
                continue
            if budget is None:
                budget = self.budget()
            names = params.copy()  # (the names bound, as ``modified_by`` makes them)
            names["owner"] = owner
            names["active"] = active
            names["opponent"] = opponent
            names["value"] = value
            ctx = Ctx(self, names, budget, mod.rule)
            if mod.condition is None or mod.condition(ctx):
                value = mod.value(ctx)
        return value

    def _modified(self, mods: list[tuple[CompiledModifier, int]], value: Any, params: dict[str, Any]) -> Any:
        """``modified`` rule by rule (a query cards' rules modify, or a seat outside the table)."""
        who = params.get("player")
        game = self.game
        active = game.state.active
        players = game.players
        index = self.holder_index
        where = index._where
        budget: list[int] | None = None
        for mod, owner in mods:
            if mod.needs_value and not value:  # `if value and …`: it changes no falsy answer
                continue
            if owner < HOLDER:  # a card's rule: its holder's, while someone holds the card
                # ``HolderIndex.seat`` spelt out: the card still in the list it was last found in
                card = -2 - owner
                entry = where.get(card)
                owner = entry[1] if entry is not None and card in entry[0] else index.seat(card)
                if owner < 0:
                    continue
            by = mod.by
            if who is not None and by != "anyone":  # what ``_hears`` asks, spelt out
                if by == "owner":
                    if who != owner:
                        continue
                elif by == "others":
                    if who == owner:
                        continue
                elif who != active:
                    continue
            if budget is None:
                budget = self.budget()
            names = params.copy()  # (the names bound, as ``modified_by`` makes them)
            names["owner"] = owner
            names["active"] = active
            names["opponent"] = (owner + 1) % players
            names["value"] = value
            ctx = Ctx(self, names, budget, mod.rule)
            if mod.condition is None or mod.condition(ctx):
                value = mod.value(ctx)
        return value

    def input_readers(self, rules: list[tuple[CompiledModifier, int]]) -> tuple[tuple[Any, int], ...] | None:
        """Each of ``rules``' key function of its inputs (``CompiledModifier.inputs``, read as a
        declared action's are: ``declared.make_reader``) with the rule's owner, whose copy of a
        zone it reads; None when one rule's inputs are not all known."""
        out = []
        for mod, owner in rules:
            reader = make_reader(mod.inputs, self) if mod.inputs is not None else None
            if reader is None:
                return None
            out.append((reader, owner))
        return tuple(out)

    def field_free(self, query: str) -> bool:
        """Whether every rule of ``query`` reads no field (``CompiledModifier.field_free``):
        their answer is then the same for every field of one planting."""
        made = self._facts
        if made is None or made[0] is not self.modifiers:
            made = self._facts = (self.modifiers, self._query_facts())
        found = made[1].get(query)
        return True if found is None else found[0]

    def keeps_no(self, query: str) -> bool:
        """Whether every rule of ``query`` starts with ``value and`` (``needs_value``): a
        falsy answer then stays what it is, without a rule being read."""
        made = self._facts
        if made is None or made[0] is not self.modifiers:
            made = self._facts = (self.modifiers, self._query_facts())
        found = made[1].get(query)
        return True if found is None else found[1]

    def modified_by(self, rules: list[tuple[CompiledModifier, int]], value: Any, params: dict[str, Any]) -> Any:
        """``modified`` for a query of the seat ``params["player"]`` whose rules hearing it
        are ``rules`` (``hearing``, still true of the position): each read in turn, as
        ``modified`` reads them, without looking at the rules that do not hear the seat."""
        budget: list[int] | None = None
        active = players = 0
        for mod, owner in rules:
            if mod.needs_value and not value:  # `if value and …`: it changes no falsy answer
                continue
            if budget is None:  # (the decision's budget and the seats read once, at the first rule asked)
                budget = self.budget()
                game = self.game
                active, players = game.state.active, game.players
            # the names ``modified`` binds: a copy of the query's parameters with the owner's
            # names and the value set in it (none of a query's parameters is named so: vocab.QUERIES),
            # cheaper than unpacking them into a new map
            names = params.copy()
            names["owner"] = owner
            names["active"] = active
            names["opponent"] = (owner + 1) % players
            names["value"] = value
            ctx = Ctx(self, names, budget, mod.rule)
            if mod.condition is None or mod.condition(ctx):
                value = mod.value(ctx)
        return value

    def _query_facts(self) -> Any:
        """Query -> (whether every rule of it is ``field_free``, whether every one
        ``needs_value``): asked at every planting, answered from the rules owned, so made
        once, kept with the rules it was made of (a read-only map a look ahead's copy
        shares; ``own`` drops it)."""
        return MappingProxyType({query: (all(m.field_free for m, _ in mods), all(m.needs_value for m, _ in mods))
                                 for query, mods in self.modifiers.items()})

    def budget(self) -> list[int]:
        """The evaluation budget of the current decision: every rule one action sets off
        (triggers of triggers included) spends from the same budget, so fan-out cannot
        multiply the work. Asked before any rule runs (``epoch`` counts it)."""
        self.epoch += 1
        taken = self.game.actions_taken
        if taken != self._budget_at:
            self.work += MAX_STEPS - self._budget[0]
            if self.work > MAX_GAME_WORK:
                raise BohnError.one("L808", f"the effects of this game ran more than {MAX_GAME_WORK:,} steps of work")
            self._budget_at = taken
            self._budget = [MAX_STEPS]
        return self._budget

    def fire(self, event: str, payload: dict[str, Any]) -> None:
        """Run the triggers of ``event`` that hear it (``compiled.fire``, spelt out): the
        rules that may hear it are found in the event's plan (``plans.fire_plan``) by the value
        of the event's field that every rule's first test (``guard``) reads and by the seat
        of the event, so an event whose rules all want another phase or text, or another
        seat, costs two lookups; the context of a rule that runs is made from the seat to
        move and the decision's budget read once."""
        triggers = self.triggers.get(event)
        if not triggers:
            return
        if event in self._card_events:
            triggers = self._held(triggers)
            if not triggers:
                return
            if self.trigger_depth >= MAX_TRIGGER_DEPTH:
                fire(triggers, event, payload, self)  # raises L809 naming the rule, whatever the guards say
                return
            self._run(triggers, payload)
            return
        if self.trigger_depth >= MAX_TRIGGER_DEPTH:
            fire(triggers, event, payload, self)  # raises L809 naming the rule, whatever the guards say
            return
        plan = self._fire_plans.get(event)  # (made again for another list: a test may swap them)
        if plan is None or plan[0] is not triggers:
            plan = fire_plan(self, event, triggers)
        key = plan[1]
        if key is None:
            group = plan[2][None]
        else:
            value = payload.get(key)  # (a guard's text is a str: a value of another type equals none)
            group = plan[2].get(value) if type(value) is str else None
            if group is None:
                return
        who = payload.get("player")
        runs = group.get(who) if type(who) is int or who is None else None
        if runs is None:  # a seat the game does not have: every rule asks as ``_run`` does
            self._run([(t, o) for t, o, _, _ in group[None]], payload)
            return
        if not runs:
            return
        game = self.game
        budget: list[int] | None = None
        depth = False
        try:
            for trigger, owner, active_only, guard in runs:
                if active_only and who != game.state.active:
                    continue
                if guard is not None:
                    if guard[0] == "event":  # ``_guard_passes`` for the common kind, without a call
                        if payload.get(guard[1]) != guard[2]:
                            continue
                    elif not _guard_passes(guard, payload, self):
                        continue
                if not depth:  # the chain is one deeper from the first rule that runs
                    self.trigger_depth += 1
                    depth = True
                if budget is None:  # ``budget`` spelt out while the decision's stands
                    if game.actions_taken == self._budget_at:
                        self.epoch += 1
                        budget = self._budget
                    else:
                        budget = self.budget()
                self._execute(trigger, owner, payload, budget)
        finally:
            if depth:
                self.trigger_depth -= 1

    def _run(self, triggers: list[tuple[Any, int]], payload: dict[str, Any]) -> None:
        """Run each of ``triggers`` (with its owner) that hears the event (``_hears``) and
        whose guard passes, in order (what ``fire`` does for rules that cards carry)."""
        who = payload.get("player")
        game = self.game
        budget: list[int] | None = None
        depth = False
        try:
            for trigger, owner in triggers:
                by = trigger.by
                if who is not None and by != "anyone":  # what ``_hears`` asks, spelt out
                    if by == "owner":
                        if who != owner:
                            continue
                    elif by == "others":
                        if who == owner:
                            continue
                    elif who != game.state.active:
                        continue
                guard = trigger.guard
                if guard is not None:
                    if guard[0] == "event":  # ``_guard_passes`` for the common kind, without a call
                        if payload.get(guard[1]) != guard[2]:
                            continue
                    elif not _guard_passes(guard, payload, self):
                        continue
                if not depth:  # the chain is one deeper from the first rule that runs
                    self.trigger_depth += 1
                    depth = True
                if budget is None:  # ``budget`` spelt out while the decision's stands
                    if game.actions_taken == self._budget_at:
                        self.epoch += 1
                        budget = self._budget
                    else:
                        budget = self.budget()
                self._execute(trigger, owner, payload, budget)
        finally:
            if depth:
                self.trigger_depth -= 1

    def _execute(self, trigger: Any, owner: int, payload: dict[str, Any], budget: list[int]) -> None:
        """Run one rule that hears the event and whose guard passed (``fire`` and ``_run``
        find them): its condition, then its body, in a context made from the seat to move
        and the decision's budget."""
        game = self.game
        ctx = Ctx(self, {"owner": owner, "active": game.state.active, "opponent": (owner + 1) % game.players,
                         "event": payload}, budget, trigger.rule)
        condition = trigger.condition
        if condition is None or condition(ctx):
            trigger.body(ctx)

    def legal_actions(self, seat: int) -> list[tuple[int, CompiledAction, int]]:
        """Declared actions ``seat`` may take now: (index, action, value number); an action
        with a parameter is offered once per value of its list (at most MAX_ACTION_VALUES)
        for which its condition and cost hold, a plain action with value number -1. Listed
        by ``engine.game.declared``, which remembers each test's answer by its inputs (as
        the seat's ``act`` actions: ``ListingMemo.legal``)."""
        actions = self.actions
        return [(a[3], actions[a[3]][0], a[2]) for a in self.listing_memo.legal(self, seat)]  # [3]: card, [2]: field

    def _guard_holds(self, guard: tuple[Any, ...], seat: int) -> bool:
        """An action's first test (``compiler.required_guard``), answered as ``counter``,
        ``count(cards(…))`` and ``phase()`` would answer it for ``seat``."""
        kind = guard[0]
        if kind == "phase":
            return self.game.phase.id in guard[1]
        if kind == "this_in":  # (a rule of no card: ``this`` is unbound, nothing is skipped)
            return True
        if kind == "card_in":
            cards = self._zone_list(ZoneRef(guard[1], None if guard[2] else seat))
            return cards is not None and guard[3] in cards
        if kind == "counter":
            value = self.counters.get((seat, guard[1]), 0)
        else:
            cards = self._zone_list(ZoneRef(guard[1], None if guard[2] else seat))
            value = len(cards) if cards is not None else 0
        return GUARD_OPS[guard[-2]](value, guard[-1])

    def _seat_actions(self, seat: int, step: str | None = None) -> list[int]:
        """The indices of the declared actions ``seat`` may own: its own and the cards'
        (whoever holds them), in declaration order, less those bound to a step other than
        ``step`` (``only_step``; none left out for None). Made once per seat and step,
        made again when an item adds actions."""
        if not 0 <= seat < self.game.players:
            return []
        cached = self._by_seat
        if cached is None or cached[0] != len(self.actions):
            cached = self._by_seat = (len(self.actions), {})
        found = cached[1].get((seat, step))
        if found is None:
            found = cached[1][(seat, step)] = [
                i for i, (action, owner) in enumerate(self.actions)
                if owner in (seat, HOLDER) and (step is None or action.only_step is None or action.only_step == step)]
        return found

    def _allowed(self, action: CompiledAction, ctx: Any) -> bool:
        if action.cost is not None and self.coins(ctx.vars["owner"]) < action.cost(ctx):
            return False
        return action.condition is None or bool(action.condition(ctx))

    def procedure(self, name: str) -> Any:
        """A procedure declared anywhere in the ruleset (its effects or its items)."""
        if self._procedures is None:
            found: dict[str, Any] = {}
            for compiled in every_program(self.game.rules):
                found.update(compiled.procedures)
            self._procedures = found
        try:
            return self._procedures[name]
        except KeyError:
            raise BohnError.one("L813", f"no procedure `{name}` in this ruleset") from None

    def find_action(self, seat: int, name: str) -> int | None:
        """The index of ``seat``'s declared action called ``name``: its `action` name, the
        id of the effect declaring it (the first action there), or ``id.name``."""
        legal = {entry[0] for entry in self.legal_actions(seat)}
        for matches in (lambda a: name in (a.name, f"{a.rule}.{a.name}"), lambda a: a.rule == name):
            found = [index for index, (action, _) in enumerate(self.actions)
                     if matches(action) and self.action_owner(index) == seat]
            if found:  # a legal one first (a player may hold two cards with the same action)
                return min(found, key=lambda i: i not in legal)
        return None

    def take_action(self, seat: int, index: int, value: int = -1) -> None:
        """Take a declared action (with its parameter's value number ``value``):
        `action_played` fires first, and a trigger's `cancel` stops the action before its
        cost is paid; `cancel` in the body ends the body."""
        action, owner = self.actions[index]
        ctx = new_ctx(self, seat, action.rule)
        if action.values is not None and action.param is not None:
            ctx.vars[action.param] = list(action.values(ctx))[value]
        self.uses[(seat, index)] = self.uses.get((seat, index), 0) + 1
        if "action_played" in self.triggers:  # (``listens``, spelt out)
            try:
                self.fire("action_played", {"player": seat, "action": action.name, "card": self._action_cards.get(index)})
            except CancelAction as cancelled:
                self.game.emit("cancelled", seat=seat, action=action.rule, by=str(cancelled), rule=action.span)
                return
        if action.cost is not None:
            self.do("pay", {"player": seat, "amount": action.cost(ctx)})
        try:
            action.body(ctx)
        except CancelAction:
            pass
        if self.game.logging:
            self.game.emit("acted", seat=seat, action=action.rule, name=action.name, rule=action.span)

    def note_fronts(self) -> None:
        """Remember the front card of every hand (no event): the deal is not an arrival."""
        self.fronts = [h[0] if h else None for h in self.game.state.hands]

    def check_fronts(self) -> bool:
        """Fire `card_at_front` for each hand whose front card changed; True if any did."""
        hands = self.game.state.hands
        changed = False
        for seat, hand in enumerate(hands):
            front = hand[0] if hand else None
            if front != self.fronts[seat]:
                self.fronts[seat] = front
                if front is not None:
                    changed = True
                    if self.game.logging:
                        self.game.emit("card_at_front", seat=seat, bean=self.bean_of(front))
                    self.fire("card_at_front", {"player": seat, "card": front, "bean": self.bean_of(front)})
        return changed

    def new_turn(self) -> None:
        self.uses.clear()

    # ------------------------------------------------------------------ World: asking the rules and the players

    def query(self, name: str, **params: Any) -> Any:
        if name == "beanometer":
            base = list(self._bean_by_id[params["bean"]].beanometer)
            return self.modified("beanometer", base, **params)
        raise KeyError(f"query `{name}` is asked by the engine, not by effects")

    def may_plant_all(self, player: int, card: int, fields: Sequence[Any]) -> list[bool]:
        """``[may_plant(player, card, f) for f in fields]``: for the seat's own fields in
        order (``fields(p)``) the fields the card fits are listed once (``Game.fitting_fields``:
        rules that read no field asked once, rules that read only a field's cards answered
        from what they read, ``FreeListing.field_answers``); when the rules of `may_plant`
        read no field (``field_free``), so for the seat's fields in any order; else field by
        field. ``may_plant`` answers as ``fitting_fields`` lists (``Game.fits_field``)."""
        game = self.game
        if 0 <= player < game.players and tuple(fields) == _FIELD_REFS.get((player, len(game.state.fields[player]))):
            fits = game.fitting_fields(player, card)
            return [f.slot in fits for f in fields]
        if not self.field_free("may_plant"):
            return [self.may_plant(player, card, f) for f in fields]
        fitting: set[int] | None = None
        out = []
        for f in fields:
            if type(f) is FieldRef and f.player == player:
                if fitting is None:
                    fitting = set(self.game.fitting_fields(player, card))
                out.append(f.slot in fitting)
            else:
                out.append(self.may_plant(player, card, f))
        return out

    def plantable(self, player: int, card: int, fields: Sequence[Any]) -> list[Any]:
        """``[f for f in fields if may_plant(player, card, f)]``, the rules asked as
        ``may_plant_all`` asks them (``compiler.plantable_filter`` reads the list here)."""
        made = self._facts  # ``field_free`` spelt out (asked at every planting an effect lists)
        if made is None or made[0] is not self.modifiers:
            made = self._facts = (self.modifiers, self._query_facts())
        found = made[1].get("may_plant")
        if found is not None and not found[0]:
            return [f for f in fields if self.may_plant(player, card, f)]
        game = self.game
        n = len(game.state.fields[player])
        if tuple(fields) == _FIELD_REFS.get((player, n)):  # the seat's own fields, in order (``fields(p)``)
            listed = game.fitting_fields(player, card)
            self.plant_hint = (self.epoch, player, card, game.version, listed)
            return [fields[i] for i in listed]  # (the indices in order)
        fitting: list[int] | None = None
        out = []
        for f in fields:
            if type(f) is FieldRef and f.player == player:
                if fitting is None:
                    fitting = self.game.fitting_fields(player, card)
                    # kept for a `plant` of the card on one of them that comes next (``plant_fits``)
                    self.plant_hint = (self.epoch, player, card, self.game.version, fitting)
                if f.slot in fitting:
                    out.append(f)
            elif self.may_plant(player, card, f):
                out.append(f)
        return out

    def choose(self, player: int, options: Sequence[Any], prompt: str, optional: bool,
               worths: Sequence[float] | None = None) -> Any:
        """``choices.pick``: the hook asked, the index checked, a ``chose`` event."""
        return pick(self, player, options, prompt, optional, worths)

    def takes_lone(self, player: int) -> bool:
        """Whether a choice of ``player`` among one option that must be taken is that
        option without the hook being asked: the hook's agent said it answers such a choice
        so whatever it is told (``lone``, set by ``engine.sim.play.route_choices`` for the
        hook it makes; another hook is asked). The chosen event is logged all the same."""
        lone = self.lone
        return lone[0] is self.choice_hook and player in lone[1]

    def ask(self, player: int, prompt: str) -> bool:
        return bool(self.choose(player, [True, False], prompt, False))

    def choose_secretly(self, choosers: Sequence[tuple[int, list[Any]]], count: int, prompt: str,
                        worths: Sequence[list[float]] | None = None) -> list[list[Any]]:
        """A simultaneous secret choice (``choices.pick_secretly``)."""
        return pick_secretly(self, choosers, count, prompt, worths)

    # ------------------------------------------------------------------ World: changing

    def _take(self, card: int) -> None:
        """Take ``card`` from wherever it is (``statements.take``)."""
        take(self, card)

    def do(self, statement: str, args: dict[str, Any], rule: Span | None = None) -> None:
        """Perform a statement (``statements.STATEMENTS``); every event it causes names the
        statement's `file:line` (``Game.cause``), so the log, the play text and scenarios see
        what effects did."""
        handler = STATEMENTS.get(statement)  # engine/game/statements.py
        if handler is None:  # not one of the engine's: a subclass's own, if any (else AttributeError)
            getattr(self, f"_do_{statement}")
        self.epoch += 1  # (``plant_fits``)
        game = self.game
        outer = game.cause
        if rule is not None:
            game.cause = rule
        if "from" in args:  # the statement's argument, a keyword in Python
            args = {("source" if k == "from" else k): v for k, v in args.items()}
        try:
            if handler is not None:
                handler(self, **args)
            else:
                getattr(self, f"_do_{statement}")(**args)
        finally:
            game.cause = outer


class _Start:
    """The rules every game of one ruleset and player count starts with: the ruleset's
    effects owned by every seat, each card's rules bound to the card (``_own_card``), and
    the index of who they apply to (``_applies_index``).

    Why: binding every card's rules to its card made a new copy of each rule for every
    game, the same copies every time (a twentieth of a game's work with buildings).
    The rules are immutable and the bound parts functions of the card alone, so they are
    made once and shared, as a look-ahead's copy shares them; each game gets its own
    lists and maps to hold them (a purchase adds rules to them)."""

    def __init__(self, fx: GameEffects) -> None:
        game = fx.game
        self.rules = game.rules
        self.players = game.players
        #: the cards' types as the game numbers them (compared with a new game's, to be sure)
        self.bean_of = list(game.state.bean_of)
        #: the compiled rules they were bound from (a test may change a ruleset's rules in place)
        self.sources = _sources(game)
        self.triggers = {k: list(v) for k, v in fx.triggers.items()}
        self.modifiers = {k: list(v) for k, v in fx.modifiers.items()}
        self.trigger_keys = {k: list(v) for k, v in fx._trigger_keys.items()}
        self.modifier_keys = {k: list(v) for k, v in fx._modifier_keys.items()}
        self.actions = list(fx.actions)
        self.card_events = set(fx._card_events)
        self.card_queries = set(fx._card_queries)
        self.action_cards = dict(fx._action_cards)
        self.rule_cards = list(fx._rule_cards)
        self.card_worths = dict(fx.card_worths)
        #: read only (a look ahead's copy shares it too), made of the rules above alone
        self.applies: Any = fx._applies_index()
        #: the games' index of their actions by seat (``GameEffects._by_seat``) while they
        #: are these, and what their listings make of them (``ListingMemo.share``)
        self.by_seat: Any = (len(self.actions), {})
        self.plans: dict[tuple[int, str, bool], Any] = {}
        self.parts: dict[int, Any] = {}
        self.kinds: dict[str, frozenset[int]] = {}
        #: where the cards with a ``worth`` may be held (``GameEffects.held_cards``), read only:
        #: a function of those cards and the ruleset's zones, the same in every game
        self.worth_holding: Any = MappingProxyType({"cards": fx._holding(set(fx.card_worths))}) if fx.card_worths else None

    def give(self, fx: GameEffects) -> None:
        """``fx`` starts with these rules, in lists and maps of its own."""
        fx.triggers = {k: list(v) for k, v in self.triggers.items()}
        fx.modifiers = {k: list(v) for k, v in self.modifiers.items()}
        fx._trigger_keys = {k: list(v) for k, v in self.trigger_keys.items()}
        fx._modifier_keys = {k: list(v) for k, v in self.modifier_keys.items()}
        fx.actions = list(self.actions)
        fx._card_events = set(self.card_events)
        fx._card_queries = set(self.card_queries)
        fx._action_cards = dict(self.action_cards)
        fx._rule_cards = list(self.rule_cards)
        fx.card_worths = dict(self.card_worths)
        fx._applies = self.applies
        self.give_plans(fx)

    def give_plans(self, fx: GameEffects) -> None:
        """``fx`` starts with the plans of declared actions that the games of these rules
        made (``ListingMemo.share``), with their index of actions by seat (read only:
        ``_seat_actions`` adds to it the same lists in every game), and where the cards
        with a ``worth`` may be held."""
        fx._by_seat = self.by_seat
        if self.worth_holding is not None:
            fx._worth_holding = self.worth_holding
        fx.listing_memo.share(self.by_seat, self.plans, self.parts, self.kinds)


#: ``_Start`` of the latest rulesets and player counts played (a sweep plays a handful)
_STARTS: list[_Start] = []
_STARTS_MAX = 16


def _start_of(game: Game) -> _Start | None:
    """The ``_Start`` of ``game``'s ruleset and player count, if one was made."""
    bean_of = game.state.bean_of
    for start in _STARTS:
        if start.rules is game.rules and start.players == game.players and start.bean_of == bean_of:
            return start if start.sources == _sources(game) else None
    return None


def _sources(game: Game) -> tuple[Any, ...]:
    """The compiled rules a game's start is bound from, as they are now (the rules of the
    ruleset's effects and of its cards, compared object by object)."""
    rules = game.rules
    parts = [effect.compiled for effect in rules.effects]
    parts += [ctype.effect for kind in rules.kinds for ctype in kind.cards if ctype.effect is not None]
    return tuple([(tuple(p.triggers), tuple(p.modifiers), tuple(p.actions), p.worth) for p in parts])


def _remember_start(fx: GameEffects) -> None:
    """Keep the rules ``fx`` starts with for the next game of its ruleset and player count
    (in place of one bound from rules since changed)."""
    game = fx.game
    _STARTS[:] = [s for s in _STARTS if not (s.rules is game.rules and s.players == game.players)]
    start = _Start(fx)
    _STARTS.insert(0, start)
    del _STARTS[_STARTS_MAX:]
    start.give_plans(fx)
