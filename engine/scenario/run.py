"""Running scenarios: set up the position, take the actions, check the expectations.

A scenario stops at its first failure (later steps depend on earlier ones) and reports
the failing step's ``file:line`` with an expected/actual diff. ``run_scenario(...,
mutant=True)`` applies the scenario's ``mutant`` overlay and succeeds when the scenario
*fails* — mutation testing for rule authors: a scenario that passes whatever the rule
says tests nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.errors import BohnError, Span, source_excerpt
from engine.game.actions import ACT, Action
from engine.game.arrange import arrange
from engine.game.core import Game
from engine.rules.located import to_plain
from engine.scenario.model import Scenario, ScenarioStep, expectation_keys, parse_action


@dataclass
class Failure:
    code: str
    message: str
    span: Span | None
    diffs: list[tuple[str, Any, Any]] = field(default_factory=list)
    #: what to do about it: the hint of the engine's own error a step ran into, if it gave one
    hint: str | None = None

    def format(self) -> str:
        where = f"{self.span}: " if self.span else ""
        lines = [f"{where}error {self.code}: {self.message}" + (source_excerpt(self.span) if self.span else "")]
        if self.hint:
            lines.append(f"  hint: {self.hint}")
        for key, expected, actual in self.diffs:
            lines.append(f"  {key}:")
            lines.append(f"    expected: {expected!r}")
            lines.append(f"    actual:   {actual!r}")
        return "\n".join(lines)


@dataclass
class Outcome:
    scenario: Scenario
    failure: Failure | None
    mutant: bool = False

    @property
    def passed(self) -> bool:
        return self.failure is None


def _fingerprint(game: Game) -> Any:
    st = game.state
    return (
        {k: list(v) for k, v in st.shared.items()},
        {k: [list(z) for z in v] for k, v in st.per_player.items()},
        [[list(f) for f in fs] for fs in st.fields],
        st.active, st.turn, st.runouts, st.ending, st.over, st.phase_index, st.step_index,
    )


def run_scenario(sc: Scenario, *, mutant: bool = False) -> Outcome:
    from engine.rules.loader import load_ruleset

    if mutant and sc.mutant is None:
        return Outcome(sc, Failure("T707", "the scenario has no `mutant` to check it against", sc.span,
                                   hint=_mutant_hint(sc)), mutant)
    patches = [p for p in (sc.rules, sc.mutant if mutant else None) if p is not None]
    if mutant:  # a mutant that does not even load changes no rule: it cannot count as caught
        try:
            load_ruleset(sc.ruleset, sc.variant, patches=patches, relative_to=sc.file.parent, span=sc.span)
        except BohnError as exc:
            d = exc.diagnostics[0]
            return Outcome(sc, Failure("T715", f"the mutant does not load: {d.code} {d.message}", d.span or sc.span), True)
    try:
        rules = load_ruleset(sc.ruleset, sc.variant, patches=patches, relative_to=sc.file.parent, span=sc.span)
        game = Game(rules, sc.players, sc.seed)
        if sc.setup:
            arrange(game, sc.setup)
    except BohnError as exc:
        d = exc.diagnostics[0]
        return _verdict(sc, Failure(d.code, d.message, d.span or sc.setup_span or sc.span, hint=d.hint), mutant)
    mark = len(game.events)
    for step in sc.steps:
        try:
            failure = _run_step(game, step, mark)
        except BohnError as exc:  # a bot game that runs away, an unreadable expectation…
            d = exc.diagnostics[0]
            failure = Failure(d.code, d.message, d.span or step.span, hint=d.hint)
        if failure is not None:
            return _verdict(sc, failure, mutant)
        if step.kind == "expect":
            mark = len(game.events)  # `events` looks at what happened since the last expect
    return _verdict(sc, None, mutant)


def _mutant_hint(sc: Scenario) -> str | None:
    """A `mutant:` to start from for a scenario that has none: removing an effect that the
    scenario's own ruleset file declares (a house rule's scenario should fail without the
    house rule), or None when the file declares none or does not load (the run says why).
    Why: T707 told what was missing, not what to write."""
    from engine.rules.loader import load_ruleset

    try:
        rules = load_ruleset(sc.ruleset, sc.variant, relative_to=sc.file.parent, span=sc.span)
    except BohnError:
        return None
    top = rules.sources[-1] if rules.sources else None  # (the files of its chain, the scenario's own last)
    own = [e.id for e in rules.effects if e.span is not None and e.span.file == top]
    if not own:
        return None
    return (f"Add a rule change the scenario must catch, e.g. `mutant: {{effects: {{-{own[-1]}: ~}}}}` "
            f"(the ruleset without its effect `{own[-1]}`).")


def _verdict(sc: Scenario, failure: Failure | None, mutant: bool) -> Outcome:
    if not mutant:
        return Outcome(sc, failure)
    if failure is None:
        return Outcome(sc, Failure("T707", "the scenario still passes with its mutant applied", sc.span), True)
    return Outcome(sc, None, True)


def _run_step(game: Game, step: ScenarioStep, mark: int) -> Failure | None:
    if step.kind == "play":
        from engine.game.view import SeatView
        from engine.sim.play import make_agents, route_choices

        agents = make_agents([step.data], game.players, game.seed)
        views = [SeatView(game, s) for s in range(game.players)]
        route_choices(game, agents, views)
        while not game.over:
            seat = game.decider
            assert seat is not None
            legal = game.legal_actions(seat)
            if not legal:
                from engine.game.deadlock import no_legal_action

                raise no_legal_action(game, seat)
            game.apply(agents[seat].choose(views[seat], legal))
        return None
    if step.kind == "do":
        try:
            action = _resolve(game, parse_action(step.data, step.span), step.data, step.span)
        except BohnError as exc:
            return Failure("T702", exc.diagnostics[0].message, step.span, hint=exc.diagnostics[0].hint)
        before = _fingerprint(game) if step.error else None
        if step.choices is not None and game.fx is not None:
            answers = list(step.choices)
            game.fx.choice_hook = lambda seat, options, prompt, optional: answers.pop(0) if answers else 0
        try:
            game.apply(action)
        except BohnError as exc:
            code = exc.code
            if step.error is None:
                return Failure("T704", f"the rules refused `{action}`: {exc.diagnostics[0].message}", step.span,
                               hint=exc.diagnostics[0].hint)
            if code != step.error:
                return Failure("T706", f"`{action}` was refused with {code}, not {step.error}", step.span,
                               [("error", step.error, code)])
            if _fingerprint(game) != before:
                return Failure("T703", f"refusing `{action}` changed the state", step.span)
            return None
        if step.error is not None:
            return Failure("T705", f"`{action}` was allowed; expected error {step.error}", step.span)
        return None
    return _check_expect(game, step, mark)


# ---------------------------------------------------------------- expectations


def _beans(game: Game, cards: list[int]) -> list[str]:
    return [game.bean_name(c) for c in cards]


def _seat_keys(value: dict[str, Any]) -> list[tuple[int, Any]]:
    return [(int(k), v) for k, v in value.items()]


def _check_expect(game: Game, step: ScenarioStep, mark: int) -> Failure | None:
    expect = step.data
    diffs: list[tuple[str, Any, Any]] = []
    st = game.state
    deck_id = game.rules.zone_of_kind("deck").id
    for key, want in expect.items():
        want = to_plain(want)
        if key == "phase":
            _cmp(diffs, key, want, game.phase.id)
        elif key == "step":
            _cmp(diffs, key, want, game.step.kind)
        elif key == "active":
            _cmp(diffs, key, want, st.active)
        elif key == "decider":
            _cmp(diffs, key, want, game.decider)
        elif key == "turn":
            _cmp(diffs, key, want, st.turn)
        elif key == "runouts":
            _cmp(diffs, key, want, st.runouts)
        elif key == "game_over":
            _cmp(diffs, key, want, game.over)
        elif key == "final_round":
            _cmp(diffs, key, want, st.ending)
        elif key == "contents":
            problem = _check_contents(game, want, diffs)
            if problem:
                return Failure("T701", problem, step.span)
        elif key == "winners":
            _cmp(diffs, key, sorted(want), sorted(game.winners) if game.over else None)
        elif key == "hands":
            for seat, beans in _seat_keys(want):
                _cmp(diffs, f"hands.{seat}", beans, _beans(game, st.hands[seat]) if seat < game.players else None)
        elif key == "hand_sizes":
            for seat, n in _seat_keys(want):
                _cmp(diffs, f"hand_sizes.{seat}", n, len(st.hands[seat]) if seat < game.players else None)
        elif key == "fields":
            for seat, fields in _seat_keys(want):
                planted = [_beans(game, f) for f in st.fields[seat]] if seat < game.players else None
                _cmp(diffs, f"fields.{seat}", fields, planted)
        elif key == "coins":
            for seat, value in _seat_keys(want):
                coins = st.coins[seat] if seat < game.players else []
                _cmp(diffs, f"coins.{seat}", value, len(coins) if isinstance(value, int) else _beans(game, coins))
        elif key == "score":
            for seat, value in _seat_keys(want):
                _cmp(diffs, f"score.{seat}", value, game.scores[seat] if game.over else len(st.coins[seat]))
        elif key == "items":
            for seat, ids in _seat_keys(want):
                owned = sorted(i for i, s in game.items.owner.items() if s == seat) if game.items else []
                _cmp(diffs, f"items.{seat}", sorted(ids), owned)
        elif key == "items_available":
            available = sorted(i for i in game.items.by_id if game.items.available(i)) if game.items else []
            _cmp(diffs, key, sorted(want), available)
        elif key == "items_removed":
            _cmp(diffs, key, sorted(want), sorted(game.items.removed) if game.items else [])
        elif key == "counters":
            for seat, values in _seat_keys(want):
                for name, value in values.items():
                    _cmp(diffs, f"counters.{seat}.{name}", value, game.fx.counters.get((seat, name), 0) if game.fx else 0)
        elif key == "cards":
            for bean, n in want.items():
                index = st.card_types.index(bean) if bean in st.card_types else -1
                _cmp(diffs, f"cards.{bean}", n, st.bean_of.count(index) if index >= 0 else None)
        elif key == "zone_sizes":
            for zone, n in want.items():
                zid = deck_id if zone == "draw_pile" else zone
                if zid not in st.shared:
                    return Failure("T701", f"no shared zone `{zone}`", step.span)
                _cmp(diffs, f"zone_sizes.{zone}", n, len(st.shared[zid]))
        elif key in ("legal", "not_legal"):
            for data in want:
                action = _resolve(game, parse_action(data, step.span), data, step.span)
                legal = _is_legal(game, action)
                if legal != (key == "legal"):
                    diffs.append((f"{key}: {action}", "legal" if key == "legal" else "not legal", "legal" if legal else "not legal"))
        elif key == "only_legal_kinds":
            for seat, kinds in _seat_keys(want):
                _cmp(diffs, f"only_legal_kinds.{seat}", sorted(kinds), sorted({a.kind for a in game.legal_actions(seat)}))
        elif key == "events":
            emitted = game.events[mark:]
            for wanted in want:
                if not any(all(e.get(k) == v for k, v in wanted.items()) for e in emitted):
                    diffs.append(("events", wanted, [{k: e.get(k) for k in wanted} for e in emitted if e.get("type") == wanted.get("type")] or "no such event"))
        elif key in st.shared or key == "draw_pile":
            zid = deck_id if key == "draw_pile" else key
            cards = st.shared[zid]
            _cmp(diffs, key, want, _beans(game, list(reversed(cards))[: len(want)]) if zid == deck_id else _beans(game, cards))
        elif key in st.per_player:
            for seat, beans in _seat_keys(want):
                _cmp(diffs, f"{key}.{seat}", beans, _beans(game, st.per_player[key][seat]) if seat < game.players else None)
        else:
            from engine.errors import did_you_mean

            known = [*expectation_keys(), *st.shared, *st.per_player]  # (the format's names: its schema's)

            return Failure("T701", f"cannot check `{key}`: not an expectation or a zone{did_you_mean(key, known)}", step.span)
    if diffs:
        return Failure("T703", "expectation not met", step.span, diffs)
    return None


def _check_contents(game: Game, want: dict[str, Any], diffs: list[tuple[str, Any, Any]]) -> str:
    """Complete contents of the named zones: every card, in order (the draw pile top card
    first, a pile's top card last, a hand front first). Naming every zone lets an author
    account for every card of the game. Returns a problem, or "" when the names are known."""
    st = game.state
    rules = game.rules
    aliases = {"draw_pile": rules.zone_of_kind("deck").id, "hands": rules.zone_of_kind("hand").id}
    fields_id = rules.zone_of_kind("fields").id
    for name, value in want.items():
        zone = aliases.get(name, name)
        if zone == fields_id or name == "fields":
            for seat, fields in _seat_keys(value):
                planted = [_beans(game, f) for f in st.fields[seat]] if seat < game.players else None
                _cmp(diffs, f"contents.{name}.{seat}", fields, planted)
        elif zone in st.shared:
            cards = st.shared[zone]
            _cmp(diffs, f"contents.{name}", value, _beans(game, list(reversed(cards)) if cards is st.deck else cards))
        elif zone in st.per_player:
            for seat, beans in _seat_keys(value):
                _cmp(diffs, f"contents.{name}.{seat}", beans, _beans(game, st.per_player[zone][seat]) if seat < game.players else None)
        else:
            from engine.errors import did_you_mean

            known = [*aliases, *st.shared, *st.per_player, fields_id]
            return f"`contents` names no zone `{name}`{did_you_mean(name, known)}"
    return ""


def _cmp(diffs: list[tuple[str, Any, Any]], key: str, expected: Any, actual: Any) -> None:
    if expected != actual:
        diffs.append((key, expected, actual))


def _resolve(game: Game, action: Action, data: dict[str, Any], span: Span | None) -> Action:
    """Turn `act` with an action name into the engine's action (its number and name)."""
    if action.kind != ACT or "action" not in data:
        return action
    name = str(data["action"])
    if game.fx is not None:
        index = game.fx.find_action(action.seat, name)
        if index is not None:
            return action._replace(card=index, want=(game.fx.actions[index][0].rule,))
        for other in range(game.players):  # declared, but owned by another seat: the rules will refuse it
            index = game.fx.find_action(other, name)
            if index is not None:
                return action._replace(card=index, want=(game.fx.actions[index][0].rule,))
    declared = [(a.rule, a.name) for i, (a, _) in enumerate(game.fx.actions) if game.fx.action_owner(i) == action.seat] if game.fx is not None else []
    names = sorted({n for pair in declared for n in pair})
    from engine.errors import did_you_mean

    owned = (f"; seat {action.seat} may take: {', '.join(f'{r}.{n}' for r, n in declared)}" if declared
             else f"; seat {action.seat} owns no declared action")
    raise BohnError.one("T702", f"the ruleset declares no action `{name}` for seat {action.seat}{did_you_mean(name, names)}{owned}",
                        span, hint="`action:` takes the action's name, the id of the item or effect that declares it, or `id.name`")


def _is_legal(game: Game, action: Action) -> bool:
    """Whether the rules accept ``action`` now: listed among the legal actions, or
    accepted by the same check ``apply`` makes (an offer of several cards, a hand card
    named by position). `not_legal` therefore tests the refusal itself."""
    if action in game.legal_actions(action.seat):
        return True
    try:
        game.check(action)
    except BohnError:
        return False
    return True
