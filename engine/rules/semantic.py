"""Checks a schema cannot express: references, arithmetic and cross-table consistency.

They run on the merged, schema-valid document, so each can assume the shape is right
and concentrate on meaning. Each check is a plain function in ``CHECKS``; all of them
run, so an author sees every problem of a file in one pass.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Iterator

from typing import TYPE_CHECKING

from engine.errors import Diagnostic, Span, did_you_mean

if TYPE_CHECKING:
    from engine.lang import CheckEnv
from engine.rules.located import LMap, child_span, key_span, span_at

Check = Callable[[LMap], Iterator[Diagnostic]]

#: Zone kinds the engine needs exactly one of.
SINGLE_ZONE_KINDS = ("hand", "fields", "coins")
#: Zone kinds the engine needs at least one of (the first is the game's own).
FIRST_ZONE_KINDS = ("deck", "discard")
#: Zone keys that only a deck may have.
DECK_KEYS = ("discard", "reshuffle", "runouts")
#: Step keys that name zones, and the zone kinds each accepts (None: any kind).
STEP_ZONE_KEYS: dict[str, tuple[str, ...] | None] = {
    "to": ("display",),
    "zone": ("display", "staging"),
    "revealed": ("display",),
    "received": ("staging",),
    "rest_to": ("display", "pile", "discard"),
    "from": ("deck",),
}


def _bean_ids(doc: LMap) -> list[str]:
    return [b["id"] for b in doc.get("beans", [])]


def _zones(doc: LMap) -> dict[str, str]:
    return {z["id"]: z["kind"] for z in doc.get("zones", [])}


def _row_columns(rows: Iterable[Any]) -> set[str]:
    """The numeric columns of player-count rows: each row's numbers and its ``columns``
    (a patch's keys may be written ``+name``, as an overlay's)."""
    columns: set[str] = set()
    for row in rows:
        if not isinstance(row, dict):
            continue
        columns.update(str(k).lstrip("+") for k, v in row.items() if isinstance(v, int) and not isinstance(v, bool))
        extra = row.get("columns", row.get("+columns"))
        if isinstance(extra, dict):
            columns.update(str(k).lstrip("+") for k in extra)
    return columns


def _columns(doc: LMap) -> set[str]:
    """Numeric columns every ``{table: name}`` may read: a row's numbers and its ``columns``."""
    return _row_columns(doc["player_counts"].values())


def _effect_columns(doc: LMap) -> set[str]:
    """The numbers an effect's ``column("name")`` may read (T733): ``_columns``, and those
    an option's patch gives some row (a column that only one choice of an option adds)."""
    rows = list((doc.get("player_counts") or {}).values())
    for option in (doc.get("options") or {}).values():
        patches = option.get("patches") if isinstance(option, dict) else None
        for patch in patches.values() if isinstance(patches, dict) else ():
            counts = patch.get("player_counts") if isinstance(patch, dict) else None
            if isinstance(counts, dict):
                rows += counts.values()
    return _row_columns(rows)


def check_duplicate_ids(doc: LMap) -> Iterator[Diagnostic]:
    lists: list[tuple[str, Any]] = [(name, doc.get(name, [])) for name in ("beans", "zones", "assumptions")]
    for turn_name, phases in doc.get("turns", {}).items():
        lists.append((f"turns/{turn_name}", phases))
    for name, items in lists:
        seen: dict[str, int] = {}
        for index, item in enumerate(items):
            item_id = item.get("id")
            if item_id in seen:
                yield Diagnostic("R408", f"duplicate id `{item_id}` in `{name}` (also item {seen[item_id] + 1})", child_span(item, "id"))
            else:
                seen[item_id] = index


def _in_this_file(doc: LMap, key: str) -> Span | None:
    """The place of ``key`` when the file being checked changed it (a value's span moves to
    the last file that changed it; a merged map's own span is its last file's), else the
    start of that file: where a house rule is told of a problem its change made in what
    it extends (R406, R409)."""
    top = doc.span
    found = child_span(doc, key)
    return found if found is not None and top is not None and found.file == top.file else top


def check_total(doc: LMap) -> Iterator[Diagnostic]:
    """R409 where the fix goes. A file that sets `total_cards` is told at it. A file that
    leaves `total_cards` to the one it extends (a house rule adding, changing or removing
    a bean of a shipped ruleset) is told at its own last bean count, else at its `beans`
    (it removed one), with the total to write there. Why: pointing at the shipped file
    sent authors to edit it."""
    if "total_cards" not in doc:
        return
    total = sum(b["count"] for b in doc["beans"])
    if total == doc["total_cards"]:
        return
    where = child_span(doc, "total_cards")
    message = f"`total_cards` is {doc['total_cards']} but the bean counts add up to {total}"
    top = doc.span  # (the file being checked: a merged map's span is its last file's)
    if where is not None and top is not None and where.file != top.file:
        counts = [(bean, span) for bean in doc["beans"]
                  if (span := child_span(bean, "count")) is not None and span.file != where.file]
        own = [(bean, span) for bean, span in counts if span.file == top.file]
        if own or counts:  # (a count of an intermediate file when this one set none)
            bean, span = (own or counts)[-1]
            message += (f" (`total_cards` is set in {where}; the count of `{bean['id']}` here changes the total:"
                        f" write `total_cards: {total}` in this file)")
            where = span
        else:  # no count set after `total_cards`: this file removed beans
            message += f" (`total_cards` is set in {where}; write `total_cards: {total}` in {top.file})"
            where = _in_this_file(doc, "beans")
    yield Diagnostic("R409", message, where)


def check_beanometers(doc: LMap) -> Iterator[Diagnostic]:
    """R402 and R403 at each threshold; but when the file being checked lowered a bean's
    count below a beanometer it left to the file it extends, one R403 at its count, with
    the thresholds it no longer reaches (the fix is there, not in the shipped file)."""
    top = doc.span  # (the file being checked: a merged map's span is its last file's)
    for bean in doc["beans"]:
        last = 0
        count_at = child_span(bean, "count")
        over: list[int] = []
        for index, threshold in enumerate(bean["beanometer"]):
            if threshold is None:
                continue
            where = span_at(bean, ["beanometer", index])
            if threshold <= last:
                yield Diagnostic("R402", f"beanometer of `{bean['id']}`: {index + 1} coin(s) needs {threshold} beans, not more than the {last} before it", where)
            if threshold > bean["count"]:
                if (top is not None and count_at is not None and where is not None
                        and count_at.file == top.file and where.file != top.file):
                    over.append(threshold)
                else:
                    yield Diagnostic("R403", f"beanometer of `{bean['id']}`: {threshold} beans for {index + 1} coin(s) but only {bean['count']} cards exist", where)
            last = max(last, threshold)
        if over:
            meter = span_at(bean, ["beanometer"])
            yield Diagnostic("R403", f"only {bean['count']} cards of `{bean['id']}` exist, but its beanometer (set in {meter}) "
                                     f"needs {', '.join(map(str, over))} beans for its coins: raise the count or give the "
                                     f"bean a `beanometer` here", count_at)


def check_player_counts(doc: LMap) -> Iterator[Diagnostic]:
    low, high = doc["players"]["min"], doc["players"]["max"]
    rows = doc["player_counts"]
    if low > high:
        yield Diagnostic("R405", f"`players.min` ({low}) is above `players.max` ({high}): no player-count row can be played",
                         span_at(doc, ["players", "min"]),
                         hint="Make `players.min` at most `players.max`; each row of `player_counts` must lie between them.")
        return
    for count in range(low, high + 1):
        if str(count) not in rows:
            yield Diagnostic("R404", f"{count} players are supported but `player_counts` has no row `{count}`", child_span(doc, "player_counts"))
    for key in rows:
        if not low <= int(key) <= high:
            yield Diagnostic("R405", f"row `{key}` is outside the supported {low}-{high} players", key_span(rows, key))


def _unknown_removed(doc: LMap, key: str, row: Any, index: int, bean: str, beans: list[str]) -> Diagnostic:
    """R406 for a row's `remove_beans` naming no bean. When the row comes from a file this
    one extends (a house rule removed a bean that a shipped row removes at some player
    count), it is told at this file's `beans` with the row to write here. Why: the row's
    own place is in the shipped file, which the author should not edit."""
    where = span_at(row, ["remove_beans", index])
    message = f"row {key} removes `{bean}`, which is not a declared bean{did_you_mean(bean, beans)}"
    top = doc.span  # (the file being checked: a merged map's span is its last file's)
    if where is not None and top is not None and where.file != top.file:
        kept = ", ".join(b for b in row["remove_beans"] if b in beans)
        message += (f" (the row is set in {where}; if this file removed `{bean}`, write "
                    f"`player_counts: {{{key}: {{remove_beans: [{kept}]}}}}` here)")
        where = _in_this_file(doc, "beans")
    return Diagnostic("R406", message, where)


def check_rows(doc: LMap) -> Iterator[Diagnostic]:
    beans = _bean_ids(doc)
    zones = _zones(doc)
    turns = list(doc["turns"])
    counts = {b["id"]: b["count"] for b in doc["beans"]}
    for key, row in doc["player_counts"].items():
        players = int(key)
        for index, bean in enumerate(row["remove_beans"]):
            if bean not in beans:
                yield _unknown_removed(doc, key, row, index, bean, beans)
        deal = row["deal"]
        if isinstance(deal, list) and len(deal) != players:
            yield Diagnostic("R407", f"row {key} deals {len(deal)} hand sizes for {players} players", child_span(row, "deal"))
        dealt = sum(deal) if isinstance(deal, list) else deal * players
        in_play = sum(n for bean, n in counts.items() if bean not in row["remove_beans"])
        if dealt > in_play:
            yield Diagnostic("R414", f"row {key} deals {dealt} cards but only {in_play} are in play", child_span(row, "deal"))
        if row["max_fields"] < row["fields"]:
            yield Diagnostic("R415", f"row {key}: `max_fields` ({row['max_fields']}) is below `fields` ({row['fields']})", child_span(row, "max_fields"))
        if row["turn"] not in turns:
            yield Diagnostic("R412", f"row {key} uses turn `{row['turn']}`, which is not declared{did_you_mean(row['turn'], turns)}", child_span(row, "turn"))
        target = row["field_payment_to"]
        if target not in zones:
            yield Diagnostic("R401", f"row {key}: `field_payment_to` names unknown zone `{target}`{did_you_mean(target, list(zones))}", child_span(row, "field_payment_to"))


def check_zones(doc: LMap) -> Iterator[Diagnostic]:
    kinds = [z["kind"] for z in doc["zones"]]
    for kind in SINGLE_ZONE_KINDS:
        if kinds.count(kind) != 1:
            yield Diagnostic("R416", f"{kinds.count(kind)} zones of kind `{kind}`; the engine needs exactly one", child_span(doc, "zones"))
    for kind in FIRST_ZONE_KINDS:
        if kind not in kinds:
            yield Diagnostic("R416", f"no zone of kind `{kind}`; the engine needs at least one", child_span(doc, "zones"))
    zones = _zones(doc)
    for zone in doc["zones"]:
        for key in DECK_KEYS:
            if key in zone and zone["kind"] != "deck":
                yield Diagnostic("R450", f"zone `{zone['id']}`: only a deck has `{key}`; it is a {zone['kind']}", child_span(zone, key))
        pile = zone.get("discard")
        if pile is not None and zone["kind"] == "deck":
            if pile not in zones:
                yield Diagnostic("R401", f"deck `{zone['id']}`: its discard pile `{pile}` is no zone{did_you_mean(pile, list(zones))}", child_span(zone, "discard"))
            elif zones[pile] != "discard":
                yield Diagnostic("R450", f"deck `{zone['id']}`: its discard pile must be a zone of kind discard, `{pile}` is {zones[pile]}", child_span(zone, "discard"))
        if zone["kind"] == "deck" and zone["owner"] != "shared":
            yield Diagnostic("R450", f"deck `{zone['id']}` must be shared", child_span(zone, "owner"))


def check_steps(doc: LMap) -> Iterator[Diagnostic]:
    zones = _zones(doc)
    columns = _columns(doc)
    for phases in doc["turns"].values():
        for phase in phases:
            for step in phase["steps"]:
                for key, kinds in STEP_ZONE_KEYS.items():
                    if key not in step:
                        continue
                    zone = step[key]
                    if zone not in zones:
                        yield Diagnostic("R401", f"step `{step['kind']}`: unknown zone `{zone}`{did_you_mean(zone, list(zones))}", child_span(step, key))
                    elif kinds is not None and zones[zone] not in kinds:
                        yield Diagnostic("R417", f"step `{step['kind']}`: `{key}` needs a zone of kind {' or '.join(kinds)}, `{zone}` is {zones[zone]}", child_span(step, key))
                for key in ("min", "max", "count"):
                    value = step.get(key)
                    if isinstance(value, dict) and value["table"] not in columns:
                        yield Diagnostic("R411", f"step `{step['kind']}`: no numeric column `{value['table']}` in `player_counts`{did_you_mean(value['table'], columns)}", span_at(step, [key, "table"]))


def check_options(doc: LMap) -> Iterator[Diagnostic]:
    for name, option in doc["options"].items():
        if option["value"] not in option["choices"]:
            yield Diagnostic("R410", f"option `{name}` is `{option['value']}`; choose one of {', '.join(option['choices'])}{did_you_mean(option['value'], list(option['choices']))}", child_span(option, "value"))



def check_options_used(doc: LMap) -> Iterator[Diagnostic]:
    """An option must mean something: the engine's options take only the choices it knows
    (R470); any other option must be read by an effect with `option("name")` (R471) or
    change the ruleset through its `patches` (whose keys must be choices, R480)."""
    from engine.errors import BohnError
    from engine.lang import check_effect
    from engine.rules.model import ENGINE_OPTIONS

    read: set[str] = set()
    for item, key, env, owner in _compiled_snippets(doc):
        try:  # exactly as check_effects checks it: one check serves both
            used = check_effect(item[key], env=env, origin=child_span(item, key), name=owner)
        except BohnError:
            continue  # reported by check_effects
        read.update(name for kind, name in used if kind == "option")
    for name, option in doc["options"].items():
        patches = option.get("patches")
        for choice in patches if isinstance(patches, dict) else ():
            if choice not in option["choices"]:
                yield Diagnostic("R480", f"option `{name}` has no choice `{choice}` to patch (choices: "
                                 f"{', '.join(option['choices'])}){did_you_mean(str(choice), list(option['choices']))}",
                                 key_span(patches, choice))
        known = ENGINE_OPTIONS.get(name)
        if known is None:
            if name not in read and not patches:
                yield Diagnostic("R471", f"option `{name}` is read by neither the engine nor any effect; "
                                 f"read it with `option(\"{name}\")` or remove it", key_span(doc["options"], name))
            continue
        for choice in option["choices"]:
            if choice not in known and name not in read:
                yield Diagnostic("R470", f"the engine gives option `{name}` no choice `{choice}` (it knows "
                                 f"{', '.join(known)}); to change the outcome, write a modifier (e.g. `modify {name} = …`)",
                                 key_span(option["choices"], choice))


def _snippets(doc: LMap) -> list[tuple[LMap, str]]:
    snippets = [(e, "effect") for e in doc.get("effects", []) if isinstance(e, LMap) and "effect" in e]
    kinds = [k for k in doc.get("cards", []) if isinstance(k, LMap)]
    snippets += [(k, "effect") for k in kinds if "effect" in k]
    return snippets + [(c, key) for k in kinds for c in k.get("cards", []) if isinstance(c, LMap)
                       for key in ("effect", "on_buy") if key in c]


def check_assumptions(doc: LMap) -> Iterator[Diagnostic]:
    for item in doc.get("assumptions", []):
        yield Diagnostic("W900", f"assumption `{item['id']}`: {item['text']}", child_span(item, "id"), "warning", hint="")


def _compiled_snippets(doc: LMap) -> list[tuple[LMap, str, "CheckEnv", str]]:
    """Every snippet with the environment and name it is compiled with: (item, key, env,
    name). A card's rules see ``this``. Both check_effects and check_options_used compile
    through this list, so each snippet is compiled once per check (the compile cache is
    keyed by env and name), which keeps an editor's re-check after a keystroke short."""
    from engine.lang import CheckEnv

    env = effect_env(doc)
    out: list[tuple[LMap, str, "CheckEnv", str]] = [
        (e, "effect", env, str(e.get("id", "?"))) for e in doc.get("effects", [])
        if isinstance(e, LMap) and isinstance(e.get("effect"), str)]  # else the schema reports it
    kinds = [k for k in doc.get("cards", []) if isinstance(k, LMap)]
    if kinds:
        card_env = CheckEnv.of(env.beans, env.zones, env.options, env.procs, card_attrs=env.card_attrs, names={"this": "card"},
                               columns=env.columns)
    for kind in kinds:
        owners = [(kind, "effect", kind["cards"][0]["id"] if kind["cards"] else kind["id"])] if "effect" in kind else []
        owners += [(card, key, card["id"]) for card in kind["cards"] for key in ("effect", "on_buy") if key in card]
        out += [(item, key, card_env, name) for item, key, name in owners]
    return out


def check_effects(doc: LMap) -> Iterator[Diagnostic]:
    """Parse and type-check every effect snippet; errors point into the YAML scalar. No
    code is generated here (validating needs none): loading the ruleset compiles the
    checked snippets afterwards without parsing them again."""
    from engine.errors import BohnError
    from engine.lang import check_effect

    for item, key, env, name in _compiled_snippets(doc):
        try:
            check_effect(item[key], env=env, origin=child_span(item, key), name=name)
        except BohnError as exc:
            yield from exc.diagnostics


#: How each declared attribute type is checked in a card's ``values``.
_VALUE_CHECKS: dict[str, Callable[[Any, set[str]], bool]] = {
    "number": lambda v, beans: isinstance(v, int) and not isinstance(v, bool),
    "text": lambda v, beans: isinstance(v, str),
    "bean": lambda v, beans: v in beans,
    "numbers": lambda v, beans: isinstance(v, list) and all(isinstance(x, int) and not isinstance(x, bool) for x in v),
    "texts": lambda v, beans: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "beans": lambda v, beans: isinstance(v, list) and all(x in beans for x in v),
}


def check_cards(doc: LMap) -> Iterator[Diagnostic]:
    """Card kinds: ids unique among beans and cards, zones known, values of the declared types."""
    beans = set(_bean_ids(doc))
    zones = _zones(doc)
    seen: dict[str, str] = {b: "a bean" for b in beans}
    kinds: set[str] = set()
    for kind in doc.get("cards", []):
        if kind["id"] in kinds or kind["id"] == "bean":
            yield Diagnostic("R451", f"card kind `{kind['id']}` is declared twice (or is `bean`, the beans' kind)", child_span(kind, "id"))
        kinds.add(kind["id"])
        start = kind.get("starts_in")
        for key, names in (("starts_in", [start] if start is not None else []), ("zones", kind.get("zones", []))):
            for index, zone in enumerate(names):
                if zone not in zones:
                    where = child_span(kind, key) if key == "starts_in" else span_at(kind, [key, index])
                    yield Diagnostic("R401", f"card kind `{kind['id']}`: unknown zone `{zone}`{did_you_mean(zone, list(zones))}", where)
        if start is not None and zones.get(start) == "fields":
            yield Diagnostic("R452", f"card kind `{kind['id']}` starts on fields, which no kind can; start it in a zone and plant it with a rule",
                             child_span(kind, "starts_in"), hint="A kind starts in a zone; a rule plants it on a field (`plant`).")
        allowed = kind.get("zones")
        if allowed:
            begin = start if start is not None else next(z["id"] for z in doc["zones"] if z["kind"] == "deck")
            if begin not in allowed:
                yield Diagnostic("R452", f"card kind `{kind['id']}` starts in `{begin}`, which its `zones` do not allow", child_span(kind, "zones"))
        fields = [z for z, k in zones.items() if k == "fields"]
        if allowed and kind.get("plant") and not set(fields) & set(allowed):
            yield Diagnostic("R461", f"card kind `{kind['id']}` is planted (`plant: true`) but its `zones` leave out the fields",
                             child_span(kind, "plant"))
        attributes = kind.get("attributes", {})
        for card in kind["cards"]:
            if card["id"] in seen:
                yield Diagnostic("R451", f"card id `{card['id']}` is already {seen[card['id']]}", child_span(card, "id"))
            seen[card["id"]] = f"a card of kind `{kind['id']}`"
            for name, value in card.get("values", {}).items():
                if name not in attributes:
                    yield Diagnostic("R453", f"card `{card['id']}`: kind `{kind['id']}` declares no attribute `{name}`{did_you_mean(name, list(attributes))}",
                                     span_at(card, ["values", name]))
                elif not _VALUE_CHECKS[attributes[name]](value, beans):
                    near = did_you_mean(value, sorted(beans)) if attributes[name] == "bean" and isinstance(value, str) else ""
                    yield Diagnostic("R454", f"card `{card['id']}`: `{name}` must be a {attributes[name]}, not {value!r}{near}",
                                     span_at(card, ["values", name]))


def check_setup(doc: LMap) -> Iterator[Diagnostic]:
    zones = _zones(doc)
    kinds = {k["id"] for k in doc.get("cards", [])} | {"bean"}
    columns = _columns(doc)
    for line in doc.get("setup", []):
        targets = line.get("to", [])
        targets = targets if isinstance(targets, list) else [targets]
        owners = {z["id"]: z["owner"] for z in doc["zones"]}
        for zone in [line["from"]] if "from" in line else []:
            if zone not in zones:
                yield Diagnostic("R401", f"set-up: unknown zone `{zone}`{did_you_mean(zone, list(zones))}", child_span(line, "from"))
            elif owners[zone] != "shared":
                yield Diagnostic("R417", f"set-up: cards are dealt from a shared zone; `{zone}` is a zone of each player", child_span(line, "from"),
                                 hint="Deal from a shared zone such as the draw pile; a zone of each player cannot be dealt from.")
        for index, zone in enumerate(targets):
            if zone not in zones:
                where = child_span(line, "to") if not isinstance(line.get("to"), list) else span_at(line, ["to", index])
                yield Diagnostic("R401", f"set-up: unknown zone `{zone}`{did_you_mean(zone, list(zones))}", where)
            elif zones[zone] == "fields":
                yield Diagnostic("R455", "set-up cannot deal onto fields; plant with a `game_started` trigger", child_span(line, "to"))
        kind = line.get("kind")
        if kind is not None and kind not in kinds:
            yield Diagnostic("R456", f"set-up: no card kind `{kind}`{did_you_mean(kind, sorted(kinds))}", child_span(line, "kind"))
        allowed = next((k.get("zones") for k in doc.get("cards", []) if k["id"] == kind), None) or []
        for index, zone in enumerate(targets if allowed else []):
            if zone in zones and zone not in allowed:
                where = child_span(line, "to") if not isinstance(line.get("to"), list) else span_at(line, ["to", index])
                yield Diagnostic("R460", f"set-up deals `{kind}` cards to `{zone}`, which the kind's `zones` do not allow", where)
        for key in ("deal", "coins"):
            value = line.get(key)
            if isinstance(value, dict) and value["table"] not in columns:
                yield Diagnostic("R411", f"set-up: no numeric column `{value['table']}` in `player_counts`{did_you_mean(value['table'], columns)}", span_at(line, [key, "table"]))


#: What the purchase reads of a bought card: attribute name -> the type it must be declared as.
PURCHASE_ATTRIBUTES = {"price": "number", "group": "text", "pay_with": "bean"}


def check_purchases(doc: LMap) -> Iterator[Diagnostic]:
    """Kinds with ``buy``: the zones it names exist, have the right owner and are among the
    kind's zones; the attributes the purchase reads are declared with their types."""
    zones = _zones(doc)
    owners = {z["id"]: z["owner"] for z in doc.get("zones", [])}
    deck = next((z["id"] for z in doc["zones"] if z["kind"] == "deck"), None)
    for kind in doc.get("cards", []):
        buy = kind.get("buy")
        if buy is None:
            continue
        allowed = kind.get("zones") or list(zones)
        start = kind.get("starts_in", deck)
        if owners.get(start) != "shared" or zones.get(start) == "deck":
            yield Diagnostic("R462", f"card kind `{kind['id']}` is bought out of the zone it starts in; `{start}` must be a shared "
                             "zone that is not a deck (a display of cards for sale)", child_span(kind, "buy"))
        for key, owner in (("to", "player"), ("removed_to", "shared"), ("paid_to", None)):
            zone = buy.get(key)
            if zone is None:
                continue
            if zone not in zones:
                yield Diagnostic("R401", f"`buy.{key}` names unknown zone `{zone}`{did_you_mean(zone, list(zones))}", span_at(kind, ["buy", key]))
            elif owner is not None and (owners[zone] != owner or zone not in allowed):
                yield Diagnostic("R462", f"`buy.{key}` must be a {'per-player' if owner == 'player' else 'shared'} zone among the kind's "
                                 f"`zones`; `{zone}` is {'one per player' if owners[zone] == 'player' else 'shared'}"
                                 + ("" if zone in allowed else " and not among them"), span_at(kind, ["buy", key]))
        attributes = kind.get("attributes", {})
        for name, wanted in PURCHASE_ATTRIBUTES.items():
            if name in attributes and attributes[name] != wanted or name == "price" and name not in attributes:
                yield Diagnostic("R463", f"card kind `{kind['id']}` is bought: declare the attribute `{name}` as a {wanted}",
                                 child_span(kind, "attributes") if "attributes" in kind else child_span(kind, "buy"))
        for card in kind["cards"] if "price" in attributes else []:
            if "price" not in card.get("values", {}):
                yield Diagnostic("R463", f"card `{card['id']}` is bought but has no `price`", child_span(card, "id"))


def check_items(doc: LMap) -> Iterator[Diagnostic]:
    owners = {z["id"]: z["owner"] for z in doc.get("zones", [])}
    kinds = {z["id"]: z["kind"] for z in doc.get("zones", [])}
    for phases in doc["turns"].values():
        for phase in phases:
            for step in phase["steps"]:
                also = step.get("also_from", [])
                lists = [(["also_from"], also)] if isinstance(also, list) else [(["also_from", k], v) for k, v in also.items()]
                every_source: list[str] = []
                for path, names in lists:
                    every_source.extend(names)
                    for index, zone in enumerate(names):
                        if owners.get(zone) != "player":
                            yield Diagnostic("R401" if zone not in owners else "R417",
                                             f"`also_from` needs per-player zones; `{zone}` is {'unknown' if zone not in owners else 'shared'}",
                                             span_at(step, [*path, index]))
                for source, target in step.get("received_from", {}).items():
                    if source != "hand" and source not in every_source:
                        yield Diagnostic("R420", f"`received_from` names `{source}`, which is not a zone cards are traded from here (the hand or `also_from`)",
                                         span_at(step, ["received_from", source]))
                    if kinds.get(target) != "staging" or owners.get(target) != "player":
                        yield Diagnostic("R401" if target not in owners else "R417",
                                         f"`received_from` needs per-player staging zones; `{target}` is {'unknown' if target not in owners else kinds.get(target)}",
                                         span_at(step, ["received_from", source]))


def effect_env(doc: LMap) -> "CheckEnv":
    from engine.lang import CheckEnv

    beans = [b.get("id") for b in doc.get("beans", []) if isinstance(b, LMap)]
    zones = {z.get("id"): z.get("owner") for z in doc.get("zones", []) if isinstance(z, LMap)}
    procs = {name: params for name, params, _ in _procedures(doc)}
    return CheckEnv.of([b for b in beans if isinstance(b, str)],
                       {k: v for k, v in zones.items() if isinstance(k, str) and isinstance(v, str)},
                       [k for k in (doc.get("options") or {}) if isinstance(k, str)], procs.items(),
                       card_attrs=card_attributes(doc), columns=_effect_columns(doc))


def _procedures(doc: LMap) -> list[tuple[str, tuple[tuple[str, str], ...], Any]]:
    """Every ``proc`` of the ruleset's snippets: (name, parameters, span). Snippets that do
    not parse are skipped here (check_effects reports them)."""
    from engine.errors import BohnError
    from engine.lang import ast as A
    from engine.lang.parser import parse

    found = []
    for item, key in _snippets(doc):
        text = item.get(key) if isinstance(item, LMap) else None
        if not isinstance(text, str) or "proc" not in text:
            continue
        try:
            program = parse(text, child_span(item, key), str(item.get("id", "")))
        except BohnError:
            continue
        found += [(r.name, r.params, r.span) for r in program.rules if isinstance(r, A.Procedure)]
    return found


def check_procedures(doc: LMap) -> Iterator[Diagnostic]:
    """One procedure per name in a ruleset: a second would silently replace the first."""
    seen: set[str] = set()
    for name, _, span in _procedures(doc):
        if name in seen:
            yield Diagnostic("T734", f"procedure `{name}` is declared twice in this ruleset; rename one", span)
        seen.add(name)


def card_attributes(doc: LMap) -> dict[str, str]:
    """Every attribute the card kinds declare, with its effect-language type (the first
    kind's type wins where two kinds declare one name differently: values then read as
    that type, and the checker of each kind's values keeps them honest)."""
    from engine.rules.model import ATTRIBUTE_TYPES

    out: dict[str, str] = {}
    for kind in doc.get("cards", []):
        attributes = kind.get("attributes", {}) if isinstance(kind, LMap) else {}
        for name, kind_type in attributes.items() if isinstance(attributes, LMap) else ():
            if kind_type in ATTRIBUTE_TYPES:
                out.setdefault(name, ATTRIBUTE_TYPES[kind_type])
    return out


def card_effect_env(doc: LMap) -> "CheckEnv":
    """The environment of a card's own rules: ``this`` is the card."""
    from engine.lang import CheckEnv

    env = effect_env(doc)
    return CheckEnv.of(env.beans, env.zones, env.options, env.procs, card_attrs=env.card_attrs, names={"this": "card"},
                       columns=env.columns)


CHECKS: tuple[Check, ...] = (
    check_duplicate_ids,
    check_total,
    check_beanometers,
    check_player_counts,
    check_rows,
    check_zones,
    check_steps,
    check_options,
    check_options_used,
    check_procedures,
    check_assumptions,
    check_effects,
    check_items,
    check_cards,
    check_purchases,
    check_setup,
)


#: What a check meets in a document whose shape the schema rejected.
_SHAPE_ERRORS = (KeyError, TypeError, AttributeError, ValueError, IndexError)


def check(doc: LMap, *, shape_ok: bool = True) -> list[Diagnostic]:
    """Run every semantic check; errors first, each group in file order.

    With ``shape_ok=False`` (the schema found problems) every check still runs, so an
    author sees all mistakes in one pass; a check that meets a part whose shape is wrong
    is skipped (the schema error already points there)."""
    found: list[Diagnostic] = []
    for c in CHECKS:
        if shape_ok:
            found.extend(c(doc))
            continue
        try:
            found.extend(list(c(doc)))
        except _SHAPE_ERRORS:
            continue
    return sorted(found, key=lambda d: (d.severity != "error", d.span.file if d.span else "", d.span.line if d.span else 0, d.span.col if d.span else 0))
