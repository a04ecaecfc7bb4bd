"""Explaining a deadlock: a seat must decide but has no legal action.

A valid ruleset can still stop a game: a house rule that forbids harvesting a lone bean
leaves a seat that must plant a card no field takes with nothing to do. Saying "a rule
loops" would send the author the wrong way; instead this module names what happened
and why:

- the position (turn, phase, step, every seat's hand, set-aside cards and fields);
- the rules whose modifier answers removed actions that would otherwise be legal: the
  legal actions are listed again with each rule's modifiers switched off in turn, and a
  rule is named when switching it off gives the seat something to do.

This runs once, when the game is already stuck, so its cost does not matter; it only
reads ``GameEffects.modifiers`` (restored afterwards) and never changes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.errors import BohnError, Diagnostic, Span

if TYPE_CHECKING:
    from engine.game.actions import Action
    from engine.game.core import Game

#: Most actions listed as "would be legal" in the message.
SHOWN_ACTIONS = 6


def position_lines(game: Game) -> list[str]:
    """The whole position in a few lines (for an author, so hidden cards are shown)."""
    st = game.state
    step = game.step.kind if game.step is not None else "-"
    lines = [f"turn {st.turn}, seat {st.active} active, phase {game.phase.id}, step {step}, "
             f"deck {len(st.deck)}, discard {len(st.discard)}, run-outs {st.runouts}/{game.row.end_after_runouts}"]
    for seat in range(game.players):
        fields = "  ".join(f"[{len(f)} {game.bean_name(f[0])}]" if f else "[empty]" for f in st.fields[seat])
        hand = ", ".join(game.bean_name(c) for c in st.hands[seat]) or "empty"
        extra = "".join(f"; {zone_id} {', '.join(game.bean_name(c) for c in zones[seat])}"
                        for zone_id, zones in st.per_player.items()
                        if zones is not st.hands and zones is not st.coins and zones[seat])
        lines.append(f"seat {seat}: coins {len(st.coins[seat])}, fields {fields}; hand {hand}{extra}")
    return lines


def describe_action(game: Game, action: Action) -> str:
    """An action in a few words, with the bean of a field it names."""
    if action.kind == "harvest" and 0 <= action.field < len(game.state.fields[action.seat]):
        field = game.state.fields[action.seat][action.field]
        bean = game.bean_name(field[0]) if field else "empty"
        return f"harvest field {action.field} ({len(field)} {bean})"
    if action.kind == "plant":
        return f"plant on field {action.field}"
    return str(action).removeprefix(f"seat {action.seat} ")


def _legal_without(game: Game, seat: int, removed: dict[str, list[Any]]) -> list[Action]:
    """The seat's legal actions with ``removed`` as the whole modifier table."""
    fx = game.fx
    assert fx is not None
    saved = fx.modifiers
    listed = game._listed
    fx.modifiers = removed
    try:
        return game.legal_actions(seat)
    except BohnError:
        return []
    finally:
        fx.modifiers = saved
        game._listed = listed


def blocking_rules(game: Game, seat: int) -> list[tuple[Span | None, str, str, list[Action]]]:
    """Rules whose modifiers removed every action of ``seat``: (span, rule, query, actions
    the seat would have without that rule). Empty when no modifier is to blame."""
    fx = game.fx
    if fx is None or not fx.modifiers:
        return []
    by_rule: dict[tuple[str, str, str], Span | None] = {}
    for query, mods in fx.modifiers.items():
        for mod, _owner in mods:
            span = mod.span
            key = (mod.rule, query, f"{span.file}:{span.line}" if span else "")
            by_rule.setdefault(key, span)
    found = []
    for (rule, query, where), span in by_rule.items():
        table = {q: [(m, o) for m, o in mods if not (q == query and m.rule == rule and
                                                      (f"{m.span.file}:{m.span.line}" if m.span else "") == where)]
                 for q, mods in fx.modifiers.items()}
        freed = _legal_without(game, seat, table)
        if freed:
            found.append((span, rule, query, freed))
    return found


def no_legal_action(game: Game, seat: int) -> BohnError:
    """The G640 error for a stuck seat: the position and the rules to blame."""
    where = f"turn {game.state.turn}, phase {game.phase.id}, step {game.step.kind}"
    culprits = blocking_rules(game, seat)
    lines = [f"seat {seat} must decide but has no legal action ({where})"]
    if culprits:
        for span, rule, query, freed in culprits:
            at = f"{span.file}:{span.line}" if span else "(no position)"
            could = "; ".join(describe_action(game, a) for a in freed[:SHOWN_ACTIONS])
            more = f" and {len(freed) - SHOWN_ACTIONS} more" if len(freed) > SHOWN_ACTIONS else ""
            lines.append(f"rule `{rule}` at {at} answered `{query}` so that it removed: {could}{more}")
    else:
        lines.append("no rule's modifier removed an action: the step itself offers nothing here")
    lines.append("position:")
    lines += ["  " + line for line in position_lines(game)]
    span = culprits[0][0] if culprits else None
    hint = ("change the rule named so that the seat keeps a way out (for example allow the action the "
            "rule forbids when nothing else is legal)") if culprits else \
        "the ruleset's steps leave this seat nothing to do; check the step's parameters"
    return BohnError([Diagnostic("G640", "\n  ".join(lines), span, "error", hint)])
