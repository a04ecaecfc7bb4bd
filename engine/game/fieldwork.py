"""Fields and cards, one layer of ``Game``: where a card may go and be planted, planting,
harvesting, buying a field, and whether a card may be traded.

Why a module of its own: these are the primitives steps, trades and effect statements
perform on a position (each asks the rules that modify it); they call only the layers
below them (``engine.game.gamebase`` says how ``Game`` is layered).
"""

from __future__ import annotations

from typing import Any

from engine.errors import BohnError
from engine.game.copyable import mypyc_attr
from engine.game.freelist import MAX_FIELD_ANSWERS, FreeListing
from engine.lang.world import FieldRef
from engine.rules.model import Bean, coins_for


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies a game (engine/game/copyable.py)
class FieldWork(FreeListing):
    """Planting, harvesting, buying fields; where cards may go."""

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
        """A built-in step is about to move ``card`` to ``zone``: G620 if its kind may not go there
        (``may_go`` spelt out: asked for every card revealed, drawn and harvested)."""
        if not self._zone_limited:
            return
        allowed = self._kind_zones[self.state.bean_of[card]]
        if allowed is not None and zone not in allowed:
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
        if fx is not None and not fx.field_limits and "may_plant" in fx.modifiers:
            fast = fx.plant_inputs.get(seat)  # (``_by_inputs``, still standing)
            if fast is None or fast[0] is not fx._applies or fast[1] is not fx.modifiers["may_plant"]:
                fast = self._by_inputs(seat)
            if fast[2] is not None:
                found = self._fitting_by_inputs(seat, bean, fields, fast)
                if found is not None:
                    return found
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
        # rules that read only the query's parameters answer a field by its cards and limit
        # (``CompiledModifier.pure_limits``): kept with the rules hearing the seat, by field
        kept = self.field_answers(seat, "may_plant") if rules is not None and all([m.pure_limits for m, _ in rules]) else None
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
                elif kept is not None:
                    # (what a field's answer reads: the bean, the base answer, the field, its
                    # limit; of its cards only their types in order: such a rule reads nothing
                    # else that is a card, so it cannot tell two cards of one type apart)
                    key = (name, base, i, tuple(map(bean_of.__getitem__, f)), tuple(only) if only else ())
                    got = kept.get(key)
                    if got is None:
                        got = kept[key] = bool(fx.modified_by(rules, base, {"player": seat, "bean": name,
                                                                            "field": FieldRef(seat, i)}))
                    base = got
                else:  # only the rules that hear the seat are read
                    base = bool(fx.modified_by(rules, base, {"player": seat, "bean": name, "field": FieldRef(seat, i)}))
            if base:
                out.append(i)
        return out

    def _by_inputs(self, seat: int) -> tuple[Any, ...]:
        """How ``fitting_fields`` answers for ``seat`` from `may_plant` answers kept by what
        the rules read: (the index of who the rules apply to and the list of `may_plant`
        rules it stands for, the rules hearing the seat with their owners, each one's key
        function of its inputs with its owner, {(bean, base answer, inputs): answer},
        whether a falsy answer stays so, whether a key reads the step), kept in
        ``GameEffects.plant_inputs`` while the rules owned are the same (acquiring rules
        makes a new index). The rules are None when the answer may not be read so: no
        rule applies to the seat, a rule reads a field or an input not followed, a card's
        rule (its holder changes) or a rule by the active player (who hears it changes)
        is among them, or one bean goes on one field only.

        Why: the rules hearing a seat and their owners are then fixed while the index
        stands, and each answer a function of the bean, the base answer and the inputs
        (``CompiledModifier.inputs``), so a planting listed asks the inputs, not the rules
        (a ruleset's role rule is asked at every planting, for the same few beans)."""
        fx = self.fx
        assert fx is not None
        fx.applies("may_plant", seat)  # (makes the index when rules were acquired since)
        index, mods = fx._applies, fx.modifiers["may_plant"]
        rules: list[Any] | None = None
        readers: Any = None
        steps = False
        if (not self._fixed.one_field_per_bean and "may_plant" not in fx._card_queries and fx.field_free("may_plant")
                and all(mod.by in ("owner", "others", "anyone") and mod.inputs is not None for mod, _ in mods)
                and fx.applies("may_plant", seat)):
            rules = fx.hearing("may_plant", seat)
            readers = fx.input_readers(rules)
            if readers is None:
                rules = None
            steps = any(r[0] in ("step", "step_in") for mod, _ in rules or () for r in mod.inputs or ())
        made: tuple[Any, ...] = (index, mods, rules, readers, {}, fx.keeps_no("may_plant"), steps)
        fx.plant_inputs[seat] = made
        return made

    def _fitting_by_inputs(self, seat: int, bean: int, fields: list[list[int]], fast: Any) -> list[int] | None:
        """``fitting_fields`` for rules of `may_plant` that read no field and whose inputs
        are known (``_by_inputs``): each field's base answer (its bean's or empty), then the
        rules' answer for that base, kept by the bean and the inputs they read (asked as the
        general path asks them: for the first field of each base answer). None when an
        input may not be read now (a rule modifies what it reads)."""
        _, _, rules, readers, answers, keeps_no, steps = fast
        fx = self.fx
        assert fx is not None
        step = fx.step() if steps else ""
        if len(readers) == 1:  # (most seats: one rule hears them)
            read, owner = readers[0]
            inputs = read(fx, owner, step)
            if inputs is None:
                return None
        else:
            inputs = tuple([read(fx, owner, step) for read, owner in readers])
            if None in inputs:
                return None
        bean_of = self.state.bean_of
        name = self.state.card_types[bean]
        out = []
        i = 0
        if keeps_no:
            # (most rulesets: a falsy answer stays so) the fields of a true base answer, then
            # the rules' answer for it, read as the loop below reads it: for the first of them
            for f in fields:  # (a plain loop: asked at every planting listed)
                if not f or bean_of[f[0]] == bean:
                    out.append(i)
                i += 1
            if out:
                key = (name, True, inputs)
                fits = answers.get(key)
                if fits is None:
                    fits = self._kept_answer(answers, key, rules, seat, name, out[0])
                if not fits:
                    return []
            return out
        yes: bool | None = None
        no: bool | None = None
        for f in fields:  # (a plain loop: asked at every planting listed)
            if not f or bean_of[f[0]] == bean:
                if yes is None:
                    yes = answers.get((name, True, inputs))
                    if yes is None:
                        yes = self._kept_answer(answers, (name, True, inputs), rules, seat, name, i)
                if yes:
                    out.append(i)
            else:
                if no is None:
                    no = answers.get((name, False, inputs))
                    if no is None:
                        no = self._kept_answer(answers, (name, False, inputs), rules, seat, name, i)
                if no:
                    out.append(i)
            i += 1
        return out

    def _kept_answer(self, answers: dict[Any, bool], key: tuple[Any, ...], rules: list[Any], seat: int, name: str,
                     slot: int) -> bool:
        """The rules' answer for ``key`` (bean, base answer, inputs), read and kept."""
        fx = self.fx
        assert fx is not None
        if len(answers) >= MAX_FIELD_ANSWERS:
            answers.clear()
        got = answers[key] = bool(fx.modified_by(rules, key[1], {"player": seat, "bean": name, "field": FieldRef(seat, slot)}))
        return got

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
        if self.fx is not None and "planted" in self.fx.triggers:  # (``listens``, spelt out)
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
        if self._zone_limited:  # (a card whose kind may go anywhere, a bean mostly, is not asked about)
            kind_zones, bean_of = self._kind_zones, st.bean_of
            for card in field[kept:]:
                if kind_zones[bean_of[card]] is not None:
                    self.check_goes(card, self._rare.coins_id, "harvest")
            for card in field[:kept]:
                if kind_zones[bean_of[card]] is not None:
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
        if fx is not None and "harvested" in fx.triggers:  # (``listens``, spelt out)
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

