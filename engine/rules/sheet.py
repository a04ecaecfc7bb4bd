"""A rulesheet generated from the data, for one player count.

Everything printed here is read from the ``Ruleset``; nothing is hand-written per game,
so a house rule's rulesheet shows its changes automatically. It is written for a person
who knows Bohnanza: beans, items and zones by their names (never ids), options with their
question, the ruleset's own word for its items, and every beanometer an item carries in
the items table itself (read from the compiled rules by ``meters``).
"""

from __future__ import annotations

from typing import Any

from engine.rules.meters import item_beanometers
from engine.rules.model import PlayerCountRow, Ruleset, Step
from engine.rules.probes import (every_program, hand_tradable, hands_sold_at_end, idle_without_beans, idle_without_field_sales,
                                 trading_forbidden)
from engine.rules.sheet_cards import describe_setup, kinds_data, kinds_markdown, place, setup_lines

_ORDINAL = {1: "first", 2: "second", 3: "third", 4: "fourth", 5: "fifth"}


def sheet_data(rules: Ruleset, players: int) -> dict[str, Any]:
    """The rulesheet as plain data (the JSON form, and the source of the Markdown form)."""
    row = rules.row(players)
    in_play = [b for b in rules.beans if b.id not in row.remove_beans]
    in_play_ids = [b.id for b in in_play]
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
                "steps": [describe_step(step, row, rules) for step in phase.steps],
            }
            for phase in rules.turns[row.turn]
        ],
        "options": {k: {"question": o.description, "value": o.value, "meaning": o.choices[o.value],
                        "choices": dict(o.choices), "source": o.source} for k, o in rules.options.items()},
        "final_harvest": rules.final_harvest,
        "assumptions": [{"id": a.id, "text": a.text, "where": a.where, "source": a.source} for a in rules.assumptions],
        "effects": [{"id": e.id, "description": e.description} for e in rules.effects],
        "items_called": {"one": rules.item_called[0], "many": rules.item_called[1]},
        "items": [{"id": it.id, "name": it.name, "group": it.group, "price": it.price, "pay_with": it.pay_with,
                   "description": it.description, "beanometers": item_beanometers(rules, it, in_play_ids)}
                  for it in rules.items],
        "group_owner_limit": row.group_owner_limit,
        "last_round": rules.last_round,
        "sources": list(rules.sources),
        "cards": kinds_data(rules),
        "setup": [describe_setup(line, row, rules) for line in rules.setup],
    }


def _no_room(row: PlayerCountRow) -> str:
    """What a player does with a card that must be planted and fits no field: the engine
    then lists only harvests, and a field purchase where this player count sells fields."""
    buy = " (or buy one)" if row.max_fields > row.fields else ""
    return f"A card that fits no field makes its player first harvest a field{buy}."


def describe_step(step: Step, row: PlayerCountRow, rules: Ruleset | None = None) -> str:
    """One step in words, with this player count's numbers filled in, and the step's own
    ``description`` (an ``actions`` step's whole sentence, after any other's)."""
    text = _step_text(step, row, rules)
    own = str(step.params.get("description", "")).strip()
    if not own:
        return text
    return own if step.kind == "actions" else f"{text} {own}"


def _step_text(step: Step, row: PlayerCountRow, rules: Ruleset | None) -> str:
    p = step.params
    n = step.number

    def zone(key: str) -> str:
        return place(rules, str(p[key])) if rules is not None else str(p[key]).replace("_", " ")

    match step.kind:
        case "plant_from_hand":
            lo, hi = n("min", row), n("max", row)
            must = f"must plant {_cards(lo)}" if lo else "may plant cards"
            empty = " (none if the hand is empty)" if lo else ""  # the step then passes: nothing to plant
            return (f"The active player {must} from the front of the hand{empty}, and may plant up to {hi} in all."
                    + (f" {_no_room(row)}" if lo else ""))
        case "reveal":
            return f"Turn up {_cards(n('count', row))} from the draw pile for everyone to see."
        case "reveal_matching_discards":
            return "While the top card of the discard pile matches a turned-up bean, turn it up too."
        case "trade":
            return _trade(step, row, rules)
        case "plant_set_aside":
            return f"Every player plants all of {zone('zone')}, in the order they choose (the active player first). {_no_room(row)}"
        case "draw":
            return f"Draw {_cards(n('count', row))}, one at a time, to the back of the hand."
        case "resolve_offer":
            return "Plant or discard, one by one, each card the previous player left on offer."
        case "discard_from_hand":
            return f"Discard {n('min', row)} to {n('max', row)} card(s) from anywhere in the hand."
        case "actions":
            who = {"active": "The active player", "each": "Each player in turn, from the active one,",
                   "all": "Every player, in rounds until all pass,"}[str(p.get("seats", "active"))]
            return f"{who} may take the actions the rules allow now, then passes."
        case "keep_revealed":
            return "Plant any of the turned-up cards; the rest are left on offer for the next player."
    return step.kind.replace("_", " ")


def _planted_when(step: Step, row: PlayerCountRow, rules: Ruleset | None) -> str:
    """When the cards a trade step sets aside are planted: in a later step of its own
    phase, or in the next phase (the base game's turn)."""
    for phase in (rules.turns[row.turn] if rules is not None else ()):
        steps = list(phase.steps)
        if step in steps and any(s.kind == "plant_set_aside" for s in steps[steps.index(step) + 1:]):
            return "planted after the trading"
    return "planted in the next phase"


def _trade(step: Step, row: PlayerCountRow, rules: Ruleset | None) -> str:
    """A trade step as its rules play it: the ``may_trade`` and ``may_trade_card`` rules
    are asked (``probes``) whether anybody trades at all and whether hand cards may go."""
    p = step.params
    later = _planted_when(step, row, rules)
    if rules is not None and trading_forbidden(rules, row.players):
        return ("Nothing is traded or given away here (the special rules forbid it): the turned-up cards go to the "
                f"active player, are set aside and {later}.")
    others = "the other player" if row.players == 2 else "the other players"
    who = (f"with {others}" if p.get("partners", "active") == "active"
           else f"with {others}, who may also trade among themselves")
    active_hand = rules is None or hand_tradable(rules, row.players, 0)
    what = "the turned-up cards and hand cards" if active_hand else "only the turned-up cards (no hand cards)"
    paid = "" if active_hand else (", who pays with cards from the hand" if row.players == 2 else ", who pay with cards from their hands")
    also = p.get("also_from", [])
    # received cards are traded again only where a trade step lists their zone (``also_from``)
    again = p.get("received") in (list(also) if isinstance(also, list) else [*also.get("active", []), *also.get("others", [])])
    text = (f"The active player may trade {what} {who}{paid}, and may give cards away. "
            "Any player may refuse an offer, a gift too. Turned-up cards nobody takes go to the active player. "
            "Cards received are set aside" + (f" and {later}." if again else f", cannot be traded again and are {later}."))
    # a list: every trading seat's own zones; a mapping: the active player's and
    # the others' apart (``active``, ``others``)
    by_who = ({"": list(also)} if isinstance(also, list)
              else {"The active player": list(also.get("active", [])), others[0].upper() + others[1:]: list(also.get("others", []))})
    for who_may, zones in by_who.items():
        for z in zones:
            zone_text = place(rules, z) if rules is not None else z
            text += (f" Cards from {zone_text} may be traded and given away as well." if not who_may
                     else f" {who_may} may also trade and give away cards from {zone_text}.")
    for target in dict(p.get("received_from", {})).values():
        text += f" Such cards, once received, are kept apart as {place(rules, target) if rules is not None else target}."
    return text


def _others_turns(players: int) -> str:
    """The turns that are not the player's own, as a two-player game says it too."""
    return "the other player's turn" if players == 2 else "other players' turns"


def _cards(count: int) -> str:
    return f"{count} card" + ("" if count == 1 else "s")


def _meter(meter: list[int | None]) -> str:
    return "/".join("–" if t is None else str(t) for t in meter)


def sheet_markdown(rules: Ruleset, players: int) -> str:
    """The rulesheet as Markdown, readable in a terminal too."""
    data = sheet_data(rules, players)
    row = rules.row(players)
    names = {b.id: b.name for b in rules.beans}
    variant = (rules.variant or "").replace("_", " ")  # an id in words, never as code
    title = rules.name + (f" — variant {variant}" if rules.variant else "")
    out = [f"# {title}, {players} players", ""]
    if rules.description:
        out += [rules.description, ""]
    if rules.variant and rules.variants.get(rules.variant):  # what the variant changes, in its own words
        out += [f"**Variant {variant}:** {rules.variants[rules.variant]}", ""]
    out += ["## Beans in play", "", "| bean | cards | 1 coin | 2 coins | 3 coins | 4 coins |", "|---|--:|:-:|:-:|:-:|:-:|"]
    for bean in rules.beans:
        if bean.id in row.remove_beans:
            continue
        cells = ["–" if t is None else str(t) for t in bean.beanometer] + [""] * (4 - len(bean.beanometer))
        out.append(f"| {bean.name} | {bean.count} | " + " | ".join(cells[:4]) + " |")
    removed = ", ".join(rules.bean(b).name for b in row.remove_beans) or "none"
    out += ["", f"Removed at {players} players: {removed}. Cards in play: {data['cards_in_play']}.", ""]
    out += kinds_markdown(rules)
    out += ["## Set-up", ""]
    out.append(f"- Fields: each player starts with {row.fields}.")
    if row.max_fields > row.fields:
        where = "leave the game" if row.field_payment_to == "out_of_game" else f"go to {place(rules, row.field_payment_to)}"
        out.append(f"- Extra fields: up to {row.max_fields} in all, {row.field_price} coins each, bought at any time "
                   f"(also on {_others_turns(players)}); the coins paid {where}.")
    else:
        out.append("- Extra fields: none can be bought.")
    if len(set(row.deal)) == 1:
        out.append(f"- Deal: {row.deal[0]} cards to each player.")
    else:
        out.append("- Deal, from the starting player on: " + "/".join(str(d) for d in row.deal) + " cards.")
    out += setup_lines(rules, row)
    out += _hands(rules)
    out += ["", "## Harvesting", ""]
    harvest = (f"at any time, also on {_others_turns(players)}" if row.harvest_when == "any_time"
               # (or while planting on another's turn: ``freelist.harvest_allowed_now``)
               else "only on their own turn, or while planting cards on " + ("the other player's turn" if players == 2 else "another player's turn"))
    out.append(f"- A player harvests a field {harvest}, always the whole field.")
    out.append("- It pays by its bean's beanometer: the most coins whose number of beans the field reaches. "
               "That many of its cards are turned over as coins, the rest go to the discard pile.")
    if "harvest_protection" in rules.options:
        protection = rules.options["harvest_protection"]  # its question, then the answer played
        out.append(f"- {protection.description} {protection.choices[protection.value]}")
    out += ["", "## The turn", ""]
    for index, phase in enumerate(rules.turns[row.turn], start=1):
        out.append(f"{index}. **{phase.name}**")
        for step in phase.steps:
            out.append(f"   - {describe_step(step, row, rules)}")
    nth = _ORDINAL.get(row.end_after_runouts, f"{row.end_after_runouts}th")
    # (the turn above says when and how many cards are drawn: a phase may follow the draw)
    if row.end_after_runouts > 1:
        out += ["", "When the draw pile runs out, the shuffled discard pile becomes the new draw pile, until the "
                "game ends.", ""]
    else:
        out += ["", "The draw pile is never refilled: the game ends when it runs out.", ""]
    out += ["## End of the game", ""]
    out.append(f"- The game ends when the draw pile runs out for the {nth} time.")
    out += _finishing(rules, row)
    if rules.final_harvest:
        hands = ("the cards in hand are sold as the special rules say" if hands_sold_at_end(rules, players)
                 else "cards in hand are worth nothing")
        out.append(f"- Then every field is harvested; {hands}.")
    out.append(_winner(rules))
    one, many = rules.item_called
    if rules.last_round:
        out.append(f"- After the final harvest, each player from the active one on, clockwise, may still buy {many}; then the game is scored.")
    if rules.effects:
        out += ["", "## Special rules", ""]
        for e in rules.effects:
            idle = idle_without_beans(rules, e.compiled, players, list(row.remove_beans))
            gone = " and ".join(rules.bean(b).name for b in idle)
            why = (f"the {gone} is removed" if idle else
                   "no field is bought" if idle_without_field_sales(rules, e.compiled, players) else "")
            out.append(f"- {e.description or e.id.replace('_', ' ')}" + (f" (not played with {players} players: {why})" if why else ""))
    if rules.items:
        out += _items(rules, row, data, names, one, many)
    out += ["", "## Options", ""]
    unplayed = _idle_options(rules, row)
    for name, option in rules.options.items():
        out.append(f"- {option.description} **{option.choices[option.value]}**"
                   + (f" (not played here: {unplayed[name]})" if name in unplayed else "")
                   + (f" (source: {option.source})" if option.source else ""))
    out += ["", "## Named assumptions", "", "Where the rulebooks are silent or contradict themselves, this sheet assumes:", ""]
    if rules.assumptions:
        out += [f"- {a.text}" + (f" (source: {a.source})" if a.source else "") for a in rules.assumptions]
    else:
        out.append("- Nothing: every number comes from the rulebook.")
    out += ["", "Sources: " + ", ".join(rules.sources), ""]
    return "\n".join(out)


def _hands(rules: Ruleset) -> list[str]:
    """Who sees a hand, from its zone's ``visibility``: a seat's view (``engine/game/view.py``)
    shows the sizes of the other hands, never their cards, so anybody may know how many
    cards a player holds (a rulebook may say so in words)."""
    hand = next((z for z in rules.zones if z.kind == "hand"), None)
    if hand is None or hand.visibility not in ("owner", "public"):
        return []
    seen = ("seen only by its owner, but everybody may know how many cards it holds" if hand.visibility == "owner"
            else "laid open for everybody to see")
    return [f"- Each player's hand is {seen}; its order never changes."]


def _finishing(rules: Ruleset, row: PlayerCountRow) -> list[str]:
    """Which phases a turn still plays once the last run-out came, by their numbers on
    this sheet (phase names contain "and" themselves, so a list of names misreads), and
    what a step turning up cards does then: the draw pile is not refilled, so it turns up
    only what is left (``flow.draw_one`` returns no card once the game is ending)."""
    turn = rules.turns[row.turn]
    numbers = [str(i) for i, p in enumerate(turn, start=1) if p.when_game_ends == "finish"]
    if not numbers:
        return []
    said = numbers[0] if len(numbers) == 1 else ", ".join(numbers[:-1]) + " or " + numbers[-1]
    out = [f"- If it runs out during phase {said}, the turn still goes on through it; in any other phase the game ends at once."
           if len(numbers) == 1 else
           f"- If it runs out during phase {said}, the turn still goes on through these phases; "
           "in any other phase the game ends at once."]
    reveals = ("reveal", "reveal_matching_discards")
    if any(s.kind in reveals for p in turn if p.when_game_ends == "finish" for s in p.steps):
        out.append("- Cards turned up after the last run-out are only those the draw pile still held "
                   "(one card, if only one was left).")
    return out


def _idle_options(rules: Ruleset, row: PlayerCountRow) -> dict[str, str]:
    """The engine's own options this sheet's game never consults, each with the reason: a
    ``tie_break`` rule compares its own value instead; the trading options where no trade
    step lets anybody trade (no trade step, or ``may_trade`` forbids it: ``probes``). (Where
    some trading is left, each still changes something: ``engine/game/trading.py``.)
    ``hand_trading`` says when the active player trades hand cards: where the
    ``may_trade_card`` rules let him trade none (``hand_tradable``, as the trade step's
    own sentence reads them), it changes nothing either."""
    idle: dict[str, str] = {}
    if "tie_break" in _modified(rules):
        idle["tie_break"] = "the special rules break ties"
    trades = any(s.kind == "trade" for p in rules.turns[row.turn] for s in p.steps)
    if not trades or trading_forbidden(rules, row.players):
        idle["hand_trading"] = idle["open_offers"] = "nothing is traded"
    elif not hand_tradable(rules, row.players, 0):
        idle["hand_trading"] = "the active player trades no hand cards"
    idle = {name: why for name, why in idle.items() if name in rules.options}
    for name in rules.options:  # a ruleset's own option that only patches other player counts' rows
        counts = _counts_patched(rules, name)
        if counts and row.players not in counts and name not in idle:
            said = [str(n) for n in sorted(counts)]
            listed = said[0] if len(said) == 1 else ", ".join(said[:-1]) + " or " + said[-1]
            idle[name] = f"it changes only the games of {listed} players"
    return idle


def _counts_patched(rules: Ruleset, name: str) -> set[int] | None:
    """The player counts whose rows the choices of option ``name`` patch, when its
    ``patches`` change nothing but rows of ``player_counts`` (None otherwise: a choice that
    changes anything else may change every game). A game of another count plays the same
    whatever the choice, so its sheet says the option is not played there."""
    option: Any = (rules.document.get("options") or {}).get(name)
    patches = option.get("patches") if option is not None and hasattr(option, "get") else None
    if not patches:
        return None
    counts: set[int] = set()
    for patch in patches.values():
        if not hasattr(patch, "keys") or set(patch.keys()) != {"player_counts"} or not hasattr(patch["player_counts"], "keys"):
            return None
        for key in patch["player_counts"].keys():
            text = str(key).lstrip("+")
            if not text.isdigit():
                return None  # (a row removed, or a key that is no count: say nothing)
            counts.add(int(text))
    return counts


def _modified(rules: Ruleset) -> set[str]:
    """The queries some rule of the ruleset changes: its own effects', its items' and its
    cards' (``score`` and ``tie_break`` tell how the winner is found)."""
    return {m.query for program in every_program(rules) for m in program.modifiers}


def _winner(rules: Ruleset) -> str:
    """Who wins, as the scoring does it (``engine/game/scoring.py``): most coins, changed by
    the `score` rules; among the tied, the `tie_break` option or the rules that replace it."""
    queries = _modified(rules)
    most = "the highest score (coins, and what the special rules add)" if "score" in queries else "the most coins"
    if "tie_break" in queries:
        tie = "a tie is broken as the special rules say"
    elif "tie_break" in rules.options:
        tie = "a tie: " + rules.options["tie_break"].choices[rules.option("tie_break")].removesuffix(".").lower()
    else:
        tie = "tied players share the victory"
    return f"- The player with {most} wins; {tie}."


def _items(rules: Ruleset, row: PlayerCountRow, data: dict[str, Any], names: dict[str, str], one: str, many: str) -> list[str]:
    out = ["", f"## {many.capitalize()}", ""]
    rules_text = [f"A player may own {rules.item_limit} {one if rules.item_limit == 1 else many} of each type"]
    if any(it.pay_with for it in rules.items):
        rules_text.append(f"and pays for a {one} only with coins showing its bean")
    when = f"at any time, also on {_others_turns(row.players)}," if rules.item_when == "any_time" else "on their own turn"
    out.append(" ".join(rules_text) + f". {many.capitalize()} are bought {when} and work at once.")
    if rules.item_priority == "active_then_clockwise":
        out.append(f"If several players want the same {one}, the player whose turn it is has priority, then the others clockwise.")
    if row.group_owner_limit:
        out.append(f"Once {row.group_owner_limit} players own a {one} of a type, the other {many} of that type leave the game.")
    elif any(it.group for it in rules.items):
        out.append(f"With {row.players} players no {one} leaves the game.")
    out += ["", f"| {one} | price | paid with | beanometer | attribute |", "|---|--:|---|---|---|"]
    for it in data["items"]:
        meters = it["beanometers"]
        meter = "; ".join(("different beans" if b == "mixed" else names.get(b, b)) + " " + _meter(m) for b, m in meters.items())
        paid = names.get(it["pay_with"], it["pay_with"]) if it["pay_with"] else "any"
        out.append(f"| {it['name']} | {it['price']} | {paid} | {meter or '–'} | {it['description']} |")
    return out
