"""A rulesheet generated from the data, for one player count.

Everything printed here is read from the ``Ruleset``; nothing is hand-written per game,
so a house rule's rulesheet shows its changes automatically.
"""

from __future__ import annotations

from typing import Any

from engine.rules.model import PlayerCountRow, Ruleset, Step

_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def sheet_data(rules: Ruleset, players: int) -> dict[str, Any]:
    """The rulesheet as plain data (the JSON form, and the source of the Markdown form)."""
    row = rules.row(players)
    in_play = [b for b in rules.beans if b.id not in row.remove_beans]
    return {
        "ruleset": rules.id,
        "name": rules.name,
        "variant": rules.variant,
        "players": players,
        "beans": [
            {"id": b.id, "name": b.name, "count": b.count, "beanometer": list(b.beanometer)} for b in in_play
        ],
        "removed_beans": list(row.remove_beans),
        "cards_in_play": sum(b.count for b in in_play),
        "fields": {
            "start": row.fields,
            "max": row.max_fields,
            "extra_field_price": row.field_price if row.max_fields > row.fields else None,
            "paid_coins_go_to": row.field_payment_to,
        },
        "deal": list(row.deal),
        "reveal": row.reveal,
        "draw": row.draw,
        "game_ends_at_runout": row.end_after_runouts,
        "harvest_when": row.harvest_when,
        "turn": [
            {
                "id": phase.id,
                "name": phase.name,
                "when_game_ends": phase.when_game_ends,
                "steps": [describe_step(step, row) for step in phase.steps],
            }
            for phase in rules.turns[row.turn]
        ],
        "options": {k: {"value": o.value, "meaning": o.choices[o.value]} for k, o in rules.options.items()},
        "final_harvest": rules.final_harvest,
        "assumptions": [{"id": a.id, "text": a.text, "where": a.where} for a in rules.assumptions],
        "effects": [{"id": e.id, "description": e.description} for e in rules.effects],
        "items": [{"id": it.id, "name": it.name, "group": it.group, "price": it.price, "pay_with": it.pay_with,
                   "description": it.description} for it in rules.items],
        "group_owner_limit": row.group_owner_limit,
        "last_round": rules.last_round,
        "sources": list(rules.sources),
    }


def describe_step(step: Step, row: PlayerCountRow) -> str:
    """One step in words, with this player count's numbers filled in."""
    p = step.params
    n = step.number
    match step.kind:
        case "plant_from_hand":
            lo, hi = n("min", row), n("max", row)
            must = f"must plant {_cards(lo)}" if lo else "may plant cards"
            return f"The active player {must} from the front of the hand, and may plant up to {hi} in all."
        case "reveal":
            return f"Turn up {_cards(n('count', row))} from the draw pile into `{p['to']}`."
        case "reveal_matching_discards":
            return f"While the top card of the discard pile matches a bean in `{p['to']}`, add it there."
        case "trade":
            return (
                f"Trade and donate cards from `{p['revealed']}` and from hands; what is left in `{p['revealed']}` is kept by the active player. "
                + ("Only trades that involve the active player" if p.get("partners", "active") == "active" else "Any two players may trade")
                + f"; received cards go to `{p['received']}`."
            )
        case "plant_set_aside":
            return f"Every player plants all cards in `{p['zone']}`, in the order they choose."
        case "draw":
            return f"Draw {_cards(n('count', row))}, one at a time, to the back of the hand."
        case "resolve_offer":
            return f"Plant or discard each card left in `{p['zone']}`."
        case "discard_from_hand":
            return f"Discard {n('min', row)} to {n('max', row)} card(s) from anywhere in the hand."
        case "keep_revealed":
            return f"Plant any cards of `{p['zone']}`; the rest go to `{p['rest_to']}`."
    return step.kind


def _cards(count: int) -> str:
    return f"{count} card" + ("" if count == 1 else "s")


def sheet_markdown(rules: Ruleset, players: int) -> str:
    """The rulesheet as Markdown, readable in a terminal too."""
    data = sheet_data(rules, players)
    row = rules.row(players)
    title = rules.name + (f" — variant {rules.variant}" if rules.variant else "")
    out = [f"# {title}, {players} players", ""]
    if rules.description:
        out += [rules.description, ""]
    out += ["## Beans in play", "", "| bean | cards | 1 coin | 2 coins | 3 coins | 4 coins |", "|---|--:|:-:|:-:|:-:|:-:|"]
    for bean in rules.beans:
        if bean.id in row.remove_beans:
            continue
        cells = ["–" if t is None else str(t) for t in bean.beanometer] + [""] * (4 - len(bean.beanometer))
        out.append(f"| {bean.name} | {bean.count} | " + " | ".join(cells[:4]) + " |")
    removed = ", ".join(rules.bean(b).name for b in row.remove_beans) or "none"
    out += ["", f"Removed at {players} players: {removed}. Cards in play: {data['cards_in_play']}.", ""]
    out += ["## Set-up", ""]
    out.append(f"- Fields: each player starts with {row.fields}.")
    if row.max_fields > row.fields:
        where = "leave the game" if row.field_payment_to == "out_of_game" else f"go to `{row.field_payment_to}`"
        out.append(
            f"- Extra fields: up to {row.max_fields} in all, {row.field_price} coins each; the coins paid {where}."
        )
    else:
        out.append("- Extra fields: none can be bought.")
    if len(set(row.deal)) == 1:
        out.append(f"- Deal: {row.deal[0]} cards to each player.")
    else:
        out.append("- Deal, from the starting player on: " + "/".join(str(d) for d in row.deal) + " cards.")
    harvest = "at any time, also on other players' turns" if row.harvest_when == "any_time" else "only on one's own turn"
    out += [f"- Harvest: {harvest}.", ""]
    out += ["## The turn", ""]
    for index, phase in enumerate(rules.turns[row.turn], start=1):
        out.append(f"{index}. **{phase.name}**")
        for step in phase.steps:
            out.append(f"   - {describe_step(step, row)}")
    out += ["", f"Each turn the draw pile is refilled from the shuffled discard pile when it runs out; {row.draw} cards are drawn at the end of the turn.", ""]
    out += ["## End of the game", ""]
    nth = _ORDINAL.get(row.end_after_runouts, f"{row.end_after_runouts}th")
    out.append(f"- The game ends when the draw pile runs out for the {nth} time.")
    finishing = [p.name for p in rules.turns[row.turn] if p.when_game_ends == "finish"]
    if finishing:
        out.append("- If it runs out during one of these phases, the turn still goes on through them: " + ", ".join(finishing) + "; in any other phase the game ends at once.")
    if rules.final_harvest:
        out.append("- Then every field is harvested; cards in hand are worth nothing.")
    if rules.last_round:
        out.append("- After the final harvest, each player from the active one on may still buy, then the game is scored.")
    if rules.effects:
        out += ["", "## Special rules", ""]
        out += [f"- `{e.id}`: {e.description or 'see the ruleset'}" for e in rules.effects]
    if rules.items:
        out += ["", "## Items", ""]
        paid = "" if not any(it.pay_with for it in rules.items) else " Items are paid with coins showing their bean."
        limit = f" Once {row.group_owner_limit} players own one of a kind, the rest of that kind leave the game." if row.group_owner_limit else ""
        out += [f"A player may own {rules.item_limit} item(s) of each kind.{paid}{limit}", ""]
        out += ["| item | price | paid with | attribute |", "|---|--:|---|---|"]
        out += [f"| {it.name} | {it.price} | {it.pay_with or 'any'} | {it.description} |" for it in rules.items]
    out += ["", "## Options", ""]
    for option in rules.options.values():
        out.append(f"- `{option.id}` = `{option.value}`: {option.choices[option.value]}")
    out += ["", "## Named assumptions", ""]
    if rules.assumptions:
        for a in rules.assumptions:
            out.append(f"- `{a.id}`: {a.text}" + (f" (sets `{a.where}`)" if a.where else ""))
    else:
        out.append("- None: every number comes from the rulebook.")
    out += ["", "Sources: " + ", ".join(rules.sources), ""]
    return "\n".join(out)
