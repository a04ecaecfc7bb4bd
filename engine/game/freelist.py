"""The free actions of a seat, one layer of ``Game``: harvests, a field to buy, declared
actions and cards to buy, listed at every decision and remembered while nothing they
read changed (``FreeListing.free_listing``, ``seat_rules``).

Why a module of its own: the listing is the costliest question of a decision in a game
with rules, and its shortcuts (a seat no rule hears, the row's numbers, the harvest
grids) belong together; it calls only the layers below it (``engine.game.gamebase``
says how ``Game`` is layered).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from engine.game.actions import ACT, BUY_FIELD, BUY_ITEM, HARVEST, Action
from engine.game.copyable import mypyc_attr
from engine.game.fixed import PREBUILT_FIELDS
from engine.game.flow import TurnFlow
from engine.lang.world import FieldRef

if TYPE_CHECKING:
    from engine.game.effects import GameEffects

#: Most fields a player may have, whatever the modifiers say (the schema allows 12).
MAX_FIELDS = 24
#: Most answers kept per seat and query by field (``FreeListing.field_answers``): a game
#: keeps a few hundred.
MAX_FIELD_ANSWERS = 2048
#: The queries a seat's free actions ask besides its declared actions and purchases
#: (``free_actions``: harvest protection, field price, field count).
FREE_QUERIES = ("may_harvest", "field_price", "max_fields")
#: The queries whose ``applies`` a seat's rule profile answers (``FreeListing.seat_rules``):
#: ``FREE_QUERIES`` and `may_plant` (asked at every planting listed)
PROFILE_QUERIES = FREE_QUERIES + ("may_plant",)
#: The key of each query's answers by field in ``FreeListing.kept_answers`` (made once:
#: ``field_answers`` is asked at every planting and harvest listed)
_BY_FIELD = {query: query + " by field" for query in PROFILE_QUERIES}
#: A seat's rule profile when no rule of ``PROFILE_QUERIES`` applies to it and it has no
#: declared action to list (``FreeListing.seat_rules`` gives this very tuple then)
NO_RULES = (False, False, False, False, False, False)
#: A seat's rule profile when no rule of ``PROFILE_QUERIES`` applies to it and its declared
#: actions may all be taken only on its own turn (this very tuple too): off its turn it is
#: listed as under ``NO_RULES``
OWN_TURN_ONLY = (False, False, False, False, True, False)


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


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies a game (engine/game/copyable.py)
class FreeListing(TurnFlow):
    """What a seat may do at any time the rules allow: harvest, buy a field, take a
    declared action, buy a card; and the seat's rule profile those listings read."""

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
        version: it keeps none and lists afresh here; so does a game whose rules declare
        no action of their own (only cards' actions, or none: ``_free_memo`` is None),
        whose listings are each remembered by what they read and cost less than keeping
        the whole (docs/speed.md has the figures).

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
        if not self.free_in_answers[seat] and self.step is not None and self.step.mode == "respond":
            return ()
        st = self.state
        allowed = self._harvest_any_time or seat == st.active or self.harvest_allowed_now(seat)
        memo = self._free_memo
        if self._plain_free or memo is None:
            return tuple(self.free_actions(seat, harvest=allowed))
        last = memo[seat]
        if last is not None and last[0] == self.version and last[1] == allowed:
            return last[2]
        listed = tuple(self.free_actions(seat, harvest=allowed))
        memo[seat] = (self.version, allowed, listed)
        return listed

    def restamp(self, before: int) -> None:
        """The action just performed changed nothing a listing of free actions reads (a
        trade, the end of a turn to offer: ``Trade.trades_unlisted``): the listings
        remembered at version ``before``, the version before it, are remembered at the
        version now."""
        now = self.version
        memo = self._free_memo
        if memo is None:  # (nothing remembered in this game)
            return
        for seat in range(len(memo)):
            last = memo[seat]
            if last is not None and last[0] == before:
                memo[seat] = (now, last[1], last[2])

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
        if ((profile is NO_RULES or profile is OWN_TURN_ONLY)
                and fixed.protection == "at_most_one" and len(fields) <= PREBUILT_FIELDS):
            # (most seats, most of the time) the row's numbers, then the declared actions of a
            # seat whose turn it is (``OWN_TURN_ONLY``: the listing below would ask the rules
            # nothing else), then the cards for sale
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
            if profile is OWN_TURN_ONLY and seat == st.active:
                out += fx.listing_memo.legal(fx, seat)
            items = self.items
            if items is not None and (len(coins) >= items._cheapest or "price" in fx.modifiers):
                out.extend(items.listing(seat))
            return out
        harvest_rule, price_rule, count_rule, _, lists, off_turn = profile
        if harvest:
            if harvest_rule or fixed.protection != "at_most_one" or len(fields) > PREBUILT_FIELDS:
                ready = fixed.harvest_actions[seat]
                for i in self.harvestable(seat, harvest_rule):
                    out.append(ready[i] if i < PREBUILT_FIELDS else Action(HARVEST, seat, i))
            else:  # the rulebook's protection, no rule asking
                self._plain_harvests(seat, fields, out)
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
        if lists and (off_turn or seat == st.active):  # (the seat's ``act`` actions as the listing remembers them: ``ListingMemo.legal``)
            out += fx.listing_memo.legal(fx, seat)
        items = self.items
        # (``Items.listing`` lists nothing to a seat with fewer coins than the cheapest card
        # for sale, unless a rule changes prices)
        if items is not None and (len(coins) >= items._cheapest or "price" in fx.modifiers):
            out.extend(items.listing(seat))
        return out

    def _asked(self, seat: int, query: str, value: Any) -> Any:
        """``fx.modified(query, value, player=seat)`` for a query of ``PROFILE_QUERIES`` with
        no other parameter, reading only the rules that hear the seat when they are known;
        when every one of them is pure (``CompiledModifier.pure``) the answer is a function
        of ``value`` alone and is kept with the rules (``kept_answers``)."""
        fx = self.fx
        assert fx is not None
        rules = self.hearing(seat, query)
        if rules is None:
            return fx.modified(query, value, player=seat)
        answers: dict[str, Any] = self._rare.seat_rules[seat][5][2]  # ``kept_answers``, spelt out
        got = answers.get(query)
        if got is not None and got[0] == value:
            return got[1]
        answer = fx.modified_by(rules, value, {"player": seat})
        if all([mod.pure for mod, _ in rules]):
            answers[query] = (value, answer)
        return answer

    def kept_answers(self, seat: int) -> dict[str, Any]:
        """The answers kept for ``seat`` with the rules that hear it (``hearing``, just
        asked): query -> (what the answer was read from, the answer), and each field's
        answers by what they read (``field_answers``, at "QUERY by field"). Only answers of
        queries of ``PROFILE_QUERIES`` (whose rules hearing the seat the profile keeps) from
        pure rules (``CompiledModifier.pure``, ``pure_limits``) are kept, each with every
        input its rules read (the value asked, for a field the seat's fields' cards): the
        rules that hear the seat, and their owners, being the same while the profile is
        kept, the answer is the same for the same inputs. Dropped with the profile and with
        the rules."""
        known = self._rare.seat_rules[seat]
        kept: dict[str, Any] = known[5][2]
        return kept

    def field_answers(self, seat: int, query: str) -> dict[tuple[object, ...], bool]:
        """The answers to ``query`` kept for ``seat``'s fields (``kept_answers``: dropped
        with the rules hearing it), by what a rule reading only the query's parameters
        reads of a field: the base answer, the field's index, its cards and, for
        `may_plant`, the bean and the field's limit. Why: the engine asks again after every
        planting (``fitting_fields``, ``harvestable``), and a planting changes one field.
        At most ``MAX_FIELD_ANSWERS``: emptied when full."""
        kept: dict[str, Any] = self._rare.seat_rules[seat][5][2]  # ``kept_answers``, spelt out
        key = _BY_FIELD.get(query) or query + " by field"
        found: dict[tuple[object, ...], bool] | None = kept.get(key)
        if found is None or len(found) >= MAX_FIELD_ANSWERS:
            found = kept[key] = {}
        return found

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

    def seat_rules(self, seat: int) -> tuple[bool, bool, bool, bool, bool, bool]:
        """Whether a rule applies to ``seat`` (``GameEffects.applies``) for each query of
        ``PROFILE_QUERIES`` (the harvest protection, the field price and count, `may_plant`),
        then whether it has declared actions to list: some action is not a card's, or it
        holds a card that declares one (``_holds_action_card``; when every action is a
        card's and it holds none, ``ListingMemo.legal`` would list none, having looked at
        the same zones), and whether it is listed them off its turn too: False when no rule
        applies and every one of those is taken only on its own turn (timing ``own_turn``),
        then ``ListingMemo.legal`` would list none to the seat while another seat is
        active and is not asked (a seat is listed its free actions at most decisions of the
        other seats' turns: trading, planting what it received). ``NO_RULES`` itself when
        all are False, ``OWN_TURN_ONLY`` itself for that profile. The game must have rules.

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
        lists = bool(actions) and (len(fx._action_cards) != len(actions) or self._holds_action_card(fx, seat))
        asked = (fx.applies("may_harvest", seat), fx.applies("field_price", seat), fx.applies("max_fields", seat),
                 fx.applies("may_plant", seat))
        # (the timings read only where ``OWN_TURN_ONLY`` may come of them: a seat with rules
        # is listed its actions at every decision, as before)
        off_turn = lists and (any(asked) or any(actions[i][0].timing != "own_turn" for i in fx._seat_actions(seat)))
        answer = (*asked, lists, off_turn)
        if answer == NO_RULES:
            answer = NO_RULES
        elif answer == OWN_TURN_ONLY:
            answer = OWN_TURN_ONLY
        zones = self._profile_zones(fx)
        if zones is None:
            self._rare.seat_rules[seat] = None
        else:
            per_player = self.state.per_player
            live = tuple(per_player[z][seat] for z in zones)  # (a zone's list is the same object all game)
            self._rare.seat_rules[seat] = (fx._applies, len(fx.actions), live, tuple(list(cards) for cards in live), answer,
                                           [fx.modifiers, {}, {}])
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
        kept = known[5]  # [the modifiers they were read from, {query: rules}, {query: answers}]
        if kept[0] is not fx.modifiers:  # (every rule replaced at once: a test counting evaluations)
            kept[0], kept[1], kept[2] = fx.modifiers, {}, {}
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
        return spec is not None and fx._holds(seat, spec)

    def _free_is_legal(self, action: Action) -> bool:
        seat = action.seat
        if action.kind == BUY_FIELD:
            return self.can_buy_field(seat)
        if action.kind == ACT:
            return self.fx is not None and any(a[3] == action.card and a[2] == action.field
                                               for a in self.fx.listing_memo.legal(self.fx, seat))
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
        fields = self.state.fields[seat]
        rules = None
        if fx is not None and asked:
            rules = self.hearing(seat, "may_harvest")
            if rules is not None:  # pure rules read the seat's fields' cards alone: kept with them
                got = self.kept_answers(seat).get("may_harvest")
                if got is not None and got[0] == fields:  # (the fields compared in C)
                    return list(got[1])
        sizes = [len(f) for f in fields]
        if protection == "exactly_one":
            singles = all(n == 1 for n in sizes)
        elif self._fixed.protection == "none":
            singles = True
        else:
            singles = max(sizes, default=0) <= 1
        allowed = [i for i, n in enumerate(sizes) if n >= 2 or (n == 1 and singles)]
        if fx is not None and asked:
            if rules is None:
                allowed = [i for i, n in enumerate(sizes)
                           if n and fx.modified("may_harvest", i in allowed, player=seat, field=FieldRef(seat, i))]
            elif all([mod.pure for mod, _ in rules]):  # each field's answer kept by what it reads
                by = fx.modified_by
                kept = self.field_answers(seat, "may_harvest")
                found = []
                for i, f in enumerate(fields):
                    if f:
                        base = i in allowed
                        key = (base, i, tuple(f))
                        got = kept.get(key)
                        if got is None:
                            got = kept[key] = bool(by(rules, base, {"player": seat, "field": FieldRef(seat, i)}))
                        if got:
                            found.append(i)
                allowed = found
                self.kept_answers(seat)["may_harvest"] = ([list(f) for f in fields], tuple(allowed))
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

