"""The reference part of ``docs/effect-language.md``, generated from the vocabulary.

Every event, query, statement, function and attribute is listed with an example, and
each example is compiled by the test suite, so the documentation cannot drift from the
language. ``bohn effect --reference`` prints this text.
"""

from __future__ import annotations

from engine.lang import vocab as V
from engine.lang.parser import GRAMMAR

#: One compiled example per vocabulary entry (beans and zones of the base game), per kind
#: of entry: a query and a function may share a name (``beanometer``).
EVENT_EXAMPLES: dict[str, str] = {
    "planted": "when planted if event.bean == soy { add_counter(owner, \"soy planted\", 1) }",
    "harvested": "when harvested by anyone if event.bean == blue and event.coins >= 1 { gain(owner, 1) }",
    "bought": "when bought by others if event.price >= 3 { gain(owner, 1) }",
    "field_bought": "when field_bought { gain(owner, 1) }",
    "drew": "when drew if event.cards == 0 { note(\"nothing to draw\") }",
    "revealed": "when revealed if event.bean == red { give([event.card], opponent) }",
    "received": "when received if count(event.cards) >= 2 { add_counter(owner, \"gifts\", 1) }",
    "traded": "when traded by anyone if red in event.gave { add_counter(owner, \"red trades\", 1) }",
    "deck_ran_out": "when deck_ran_out if event.final { note(\"last round\") }",
    "turn_began": "when turn_began { set_counter(owner, \"raids\", 0) }",
    "turn_ended": "when turn_ended by anyone if count(cards(revealed)) == 0 { reveal(2, revealed) }",
    "phase_began": "when phase_began if event.phase == \"plant\" { add_counter(owner, \"turns\", 1) }",
    "phase_ended": "when phase_ended if event.phase == \"plant_traded\" { discard(cards(offer)) }",
    "card_at_front": "when card_at_front if event.bean == red { give([event.card], opponent) }",
    "action_played": "when action_played by others if ask(owner, \"Prevent it?\") { cancel }",
    "reshuffled": "when reshuffled if event.deck == zone(draw_pile) { note(\"the discard pile is the draw pile again\") }",
    "game_started": "when game_started if owner == active { draw(owner, 1) }",
    "game_ending": "when game_ending { gain(owner, coins(owner) // 5) }",
    "game_ended": "when game_ended { note(\"good game\") }",
}
QUERY_EXAMPLES: dict[str, str] = {
    "beanometer": "modify beanometer if bean == garden = [1, 2, 3, 4]",
    "may_harvest": "modify may_harvest if field.size == 1 = true",
    "may_plant": "modify may_plant if bean == soy and field.size > 0 and item(field.cards, 0).bean.count >= 14 = true",
    "harvest_coins": "modify harvest_coins if value == 4 = 5",
    "plant_min": "modify plant_min if step == \"plant_from_hand\" = 0",
    "plant_max": "modify plant_max if step == \"plant_from_hand\" = 3",
    "reveal_count": "modify reveal_count = value + 1",
    "draw_count": "modify draw_count = value + 1",
    "field_price": "modify field_price = 1",
    "max_fields": "modify max_fields = value + 1",
    "storage_capacity": "modify storage_capacity if zone == zone(set_aside) = 2",
    "price": "modify price if item == \"second_ship\" = value - 1",
    "may_trade": "modify may_trade by anyone if other == opponent = false",
    "may_trade_card": "modify may_trade_card if card.bean == red = false",
    "score": "modify score = value + counter(owner, \"building value\")",
    "tie_break": "modify tie_break = count(cards(set_aside))",
}
STATEMENT_EXAMPLES: dict[str, str] = {
    "move": "move(top(discard, 1), coins)",
    "gain": "gain(owner, 2, from: discard)",
    "pay": "pay(owner, 2, to: out_of_game)",
    "give": "give(first(cards(hand), 1), opponent)",
    "harvest": "choose f from fields(opponent) { harvest(f) }",
    "plant": "choose f from fields(owner) { plant(item(cards(hand), 0), f) }",
    "discard": "discard(cards(revealed))",
    "draw": "draw(owner, 2)",
    "reveal": "reveal(3, revealed)",
    "add_field": "add_field(owner, only: [green])",
    "remove_field": "for f in fields(owner) { if f.size == 0 and count(fields(owner)) > 2 { remove_field(f) } }",
    "shuffle": "shuffle(draw_pile)",
    "add_counter": "add_counter(owner, \"raids\", 1)",
    "set_counter": "set_counter(owner, \"raids\", 0)",
    "show": "show(cards(zone(hand, opponent)), owner)",
    "note": "note(\"a rule ran\")",
    "next_phase": "action trade_again on own_turn if phase() == \"ship\" { next_phase(\"trade\", step: \"trade\") }",
}
FUNCTION_EXAMPLES: dict[str, str] = {
    "count": "let n = count(cards(hand))",
    "sum": "let n = sum([1, 2, 3])",
    "min": "let n = min(coins(owner), 3) + min([f.size for f in fields(owner)])",
    "max": "let n = max(coins(owner), 3) + max([f.size for f in fields(owner)])",
    "distinct": "let n = distinct(beans(cards(revealed)))",
    "cards": "let c = cards(zone(hand, opponent))",
    "top": "let c = top(discard, 2)",
    "front": "let c = front(hand, 2)",
    "zone": "let z = zone(coins, opponent)",
    "beans": "let b = beans(cards(hand))",
    "of_bean": "let c = of_bean(cards(coins), green)",
    "fields": "let f = fields(owner)",
    "field_cards": "let n = count([c in field_cards(opponent) if c.bean == red])",
    "may_plant": "let ok = [c in cards(hand) if any([may_plant(owner, c, f) for f in fields(owner)])]",
    "may_harvest": "choose f from [f in fields(owner) if may_harvest(owner, f)] { harvest(f) }",
    "any": "if any([b in growing(opponent) for b in beans(cards(hand))]) { note(\"a trade partner\") }",
    "all": "if all([f.size > 0 for f in fields(owner)]) { note(\"no empty field\") }",
    "coins": "let n = coins(opponent)",
    "beanometer": "let m = beanometer(owner, blue)",
    "coins_for": "let n = coins_for(owner, blue, 7)",
    "most_coins_for": "let n = most_coins_for(owner, garden, count(of_bean(cards(hand), garden)))",
    "players": "for p in players() { gain(p, 1) }",
    "others": "for p in others(owner) { draw(p, 1) }",
    "next": "let p = next(owner)",
    "counter": "let n = counter(owner, \"raids\")",
    "ask": "if ask(owner, \"Harvest now?\") { note(\"yes\") }",
    "item": "let c = item(cards(hand), 0)",
    "growing": "let g = growing(opponent)",
    "first": "let c = first(cards(hand), 2)",
    "bean_types": "choose b from bean_types() { note(\"chosen\") }",
    "column": "modify price if item == \"second_ship\" = column(\"ship_price\")",
    "step": "action play on any_time if step() == \"actions\" { gain(owner, 1) }",
    "phase": "action store on own_turn if phase() == \"plant\" { move(first(cards(hand), 1), discard) }",
    "option": "if option(\"tie_break\") == \"shared\" { note(\"ties are shared\") }",
}


#: One compiled example per construct of the grammar (beans and zones of the base game).
CONSTRUCT_EXAMPLES: dict[str, str] = {
    "trigger": "when harvested by anyone if event.bean == blue and event.coins >= 1 { gain(owner, 1) }",
    "modifier": "modify beanometer if bean == garden = [1, 2, 3, 4]",
    "action": "action extra_draw on own_turn if count(cards(hand)) < 3 cost 1 { draw(owner, 2) }",
    "action with a parameter": "action sell(c in cards(hand)) on own_turn if c.bean != red { discard([c]) gain(owner, 1) }",
    "action with a worth for bots": "action sell(c in cards(hand)) on any_time worth if c.bean in growing(owner) then 0 else 1 "
                                    "{ discard([c]) gain(owner, 1) }",
    "choose with a worth for bots": "choose c from cards(hand) worth if c.bean in growing(owner) then 0 else 1 { discard([c]) }",
    "procedure": "proc toll(p: player, n: int) { pay(p, n) add_counter(p, \"tolls\", n) }\n"
                 "when field_bought { toll(owner, 1) }",
    "let": "let n = count(cards(hand))",
    "if / else": "if coins(owner) > 2 { draw(owner, 1) } else { gain(owner, 1) }",
    "repeat": "repeat 2 { draw(owner, 1) }",
    "for": "for p in others(owner) { gain(p, 1) }",
    "choose": "choose f from fields(opponent) by owner optional { harvest(f) }",
    "cancel": "when action_played by others if ask(owner, \"Prevent it?\") { cancel }",
    "secret choice": "secretly for p in [opponent, owner] choose picks from cards(zone(hand, p)) count 3 "
                     "{ move(picks, zone(set_aside, p)) }",
    "list filter": "let reds = [c in cards(hand) if c.bean == red]",
    "list map": "let sizes = [f.size for f in fields(owner) if f.size > 0]",
    "conditional value": "let n = if coins(owner) > 5 then 2 else 1",
}


def _table(rows: list[tuple[str, ...]], head: tuple[str, ...]) -> list[str]:
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
    return out


def _params(signature: V.Signature) -> str:
    return ", ".join(f"{p.name}: {p.type}" + (" = default" if p.default else "") for p in signature.params)


def reference_markdown() -> str:
    out = ["## Reference (generated from the vocabulary; every example is compiled by the tests)", ""]
    out += ["### Constructs", ""]
    out += _table([(name, f"`{text}`".replace("\n", "` `")) for name, text in CONSTRUCT_EXAMPLES.items()],
                  ("construct", "example"))
    out += [""]
    out += ["### Events", "", "`when EVENT [by owner|others|anyone|active] [if CONDITION] { … }`. Inside, `event.X` reads the payload.", ""]
    out += _table([(f"`{n}`", ", ".join(f"{k}: {t}" for k, t in p.items()), f"`{EVENT_EXAMPLES[n]}`") for n, p in V.EVENTS.items()],
                  ("event", "payload", "example"))
    out += ["", "### Queries", "", "`modify QUERY [by …] [if CONDITION] = EXPRESSION`. `value` is the value so far; the query's names are bound.", ""]
    out += _table([(f"`{n}`", ", ".join(f"{k}: {t}" for k, t in p.items()), t, doc, f"`{QUERY_EXAMPLES[n]}`")
                   for n, (p, t, doc) in V.QUERIES.items()], ("query", "names bound", "value", "meaning", "example"))
    out += ["", "### Statements", ""]
    out += _table([(f"`{n}({_params(s)})`", s.doc, f"`{STATEMENT_EXAMPLES[n]}`") for n, s in V.STATEMENTS.items()],
                  ("statement", "does", "example"))
    out += ["", "### Functions", ""]
    out += _table([(f"`{n}({_params(s)})`", s.returns, s.doc, f"`{FUNCTION_EXAMPLES[n]}`") for n, s in V.FUNCTIONS.items()],
                  ("function", "returns", "meaning", "example"))
    out += ["", "### Attributes", ""]
    out += _table([(t, ", ".join(f"`.{k}` ({v})" for k, v in attrs.items())) for t, attrs in V.ATTRIBUTES.items()],
                  ("type", "attributes"))
    out += ["", "### Grammar", "", "```", GRAMMAR.read_text(encoding="utf-8").rstrip(), "```", ""]
    return "\n".join(out)


def write_docs(root: str = ".") -> None:
    """Rebuild ``docs/effect-language.md`` from its hand-written head and the reference."""
    from pathlib import Path

    docs = Path(root) / "docs"
    head = (docs / "src" / "effect-language.head.md").read_text(encoding="utf-8")
    (docs / "effect-language.md").write_text(head + reference_markdown(), encoding="utf-8")


if __name__ == "__main__":
    write_docs()
