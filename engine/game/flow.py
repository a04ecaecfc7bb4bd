"""The turn's flow, one layer of ``Game``: drawing (with reshuffles and run-outs),
entering phases and steps, settling the steps that need no decision, and the end.

Why a module of its own: these run between decisions (``Game.apply`` settles after an
action), read the ruleset's phases and steps, and call nothing of the layers above
(``engine.game.gamebase`` says how ``Game`` is layered).
"""

from __future__ import annotations

from typing import Any

from engine.errors import BohnError
from engine.game.copyable import mypyc_attr
from engine.game.gamebase import GameBase
# What every game runs (its steps, its scoring) is imported with the engine, not inside
# the first game: without cached bytecode (PYTHONDONTWRITEBYTECODE) each import compiles
# its module, which in the bench's first line of 40 base games was a third of the time.
from engine.game.scoring import final_harvest, score
from engine.game.state import shuffle
from engine.game.steps import STEP_KINDS, LastRound
from engine.lang.limits import MAX_TRIGGER_DEPTH
from engine.lang.world import ZoneRef

#: Most steps the engine may run in a row without a decision (G606): a turn made only of
#: automatic steps that never ends the game would otherwise loop for ever.
MAX_SILENT_STEPS = 100_000
#: Rounds of `card_at_front` triggers one action may cause (G650).
MAX_FRONT_ROUNDS = 64


def _heard(fx: Any, event: str, phase: str) -> bool:
    """Whether ``fx.fire(event, {"player": …, "phase": phase})`` may run a rule (or raise):
    False only when the event's plan (``plans.fire_plan``, made for its rules as they are)
    sorts every rule by the event's phase and none waits for ``phase``, which ``fire``
    would find out only after the payload was built and the call made. Why: a turn starts
    and ends four or five phases, and most of them no rule waits for."""
    triggers = fx.triggers.get(event)
    if not triggers:
        return False
    plan = fx._fire_plans.get(event)  # (none yet, or made for other rules: ``fire`` makes it)
    return (plan is None or plan[0] is not triggers or plan[1] != "phase" or phase in plan[2]
            or fx.trigger_depth >= MAX_TRIGGER_DEPTH)


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies a game (engine/game/copyable.py)
class TurnFlow(GameBase):
    """Drawing, phases and steps, and the end of the game.

    Steps and scoring take the whole ``Game``; ``self`` is always one (no layer is made
    on its own), which the type checker cannot know here: those calls say so
    (``# type: ignore[arg-type]``)."""

    def _fronts(self) -> None:
        """Fire `card_at_front` where a hand's front card changed, then settle again (a
        trigger may have changed the position); bounded like any trigger chain."""
        if not self._watch_fronts:
            return
        fx = self.fx
        assert fx is not None
        # (after most actions no hand's front card changed: ``check_fronts`` would find
        # nothing, so it is not asked; a plain loop, as it reads them)
        fronts = fx.fronts
        seat = 0
        for hand in self.state.hands:
            if (hand[0] if hand else None) != fronts[seat]:
                break
            seat += 1
        else:
            return
        for _ in range(MAX_FRONT_ROUNDS):
            if self.state.over or not fx.check_fronts():
                return
            self._settle()
        raise BohnError.one("G650", f"cards kept coming to the front of hands {MAX_FRONT_ROUNDS} times after one action")

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

    def _start_step(self) -> None:
        st = self.state
        runs = self._step_runs[st.phase_index]
        step = runs[st.step_index]
        if step is None:
            spec = self.phases[st.phase_index].steps[st.step_index]
            step = runs[st.step_index] = STEP_KINDS[spec.kind](self, spec)  # type: ignore[arg-type]
        self.step = step
        step.enter(self)

    def _start_phase(self, index: int, step: int = 0) -> None:
        st = self.state
        st.phase_index = index
        st.step_index = step
        if self.logging:
            self.emit("phase_started", seat=st.active, rule=self.phases[index].span)
        fx = self.fx
        if fx is not None:  # (``_heard`` spelt out: a phase starts several times a turn)
            triggers = fx.triggers.get("phase_began")
            if triggers:
                phase = self.phases[index].id
                plan = fx._fire_plans.get("phase_began")
                if (plan is None or plan[0] is not triggers or plan[1] != "phase" or phase in plan[2]
                        or fx.trigger_depth >= MAX_TRIGGER_DEPTH):
                    fx.fire("phase_began", {"player": st.active, "phase": phase})
        # ``_start_step`` spelt out (a phase starts several times a turn)
        runs = self._step_runs[index]
        run = runs[step]
        if run is None:
            run = runs[step] = STEP_KINDS[self.phases[index].steps[step].kind](self, self.phases[index].steps[step])  # type: ignore[arg-type]
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
                score(self)  # type: ignore[arg-type]
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
                    step = runs[i] = STEP_KINDS[spec.kind](self, spec)  # type: ignore[arg-type]
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
                if fx is not None and "phase_ended" in fx.triggers and _heard(fx, "phase_ended", phase.id):
                    fx.fire("phase_ended", {"player": st.active, "phase": phase.id})
                if st.ending and phases[index].when_game_ends == "stop":
                    self._end_game()
                    return
                self._start_phase(index, step)
            elif st.phase_index + 1 < len(phases):
                fx = self.fx
                if fx is not None and "phase_ended" in fx.triggers and _heard(fx, "phase_ended", phase.id):
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
                    if "phase_ended" in fx.triggers and _heard(fx, "phase_ended", phase.id):
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
        final_harvest(self)  # type: ignore[arg-type]
        if self.rules.last_round:
            self.final_round = True
            self.step = LastRound(self)  # type: ignore[arg-type]
            self.emit("last_round", seat=self.state.active)
            if not self.step.done:
                return
        score(self)  # type: ignore[arg-type]

