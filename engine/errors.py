"""One root exception, source spans and the registry of stable error codes.

Every problem a user can cause — a YAML slip, a schema violation, a bad reference, an
illegal move — is reported with a code that never changes meaning, so that tools, docs
and tests can rely on it. The registry below is the single list of codes; the docs page
``docs/errors.md`` is checked against it by a test so the two cannot drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, slots=True)
class Span:
    """A place in a source file: 1-based line and column, as editors count them."""

    file: str
    line: int
    col: int
    end_line: int | None = None
    end_col: int | None = None
    #: YAML scalar style of the value there (None plain, '"', "'", '|', '>'), so positions
    #: inside an effect snippet can be mapped back to the file.
    style: str | None = None

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


@dataclass(frozen=True, slots=True)
class CodeInfo:
    """What a code means and what the user can usually do about it."""

    title: str
    hint: str


#: The stable codes. Never renumber; retire a code by leaving it documented as unused.
CODES: dict[str, CodeInfo] = {
    # Y1xx — reading files
    "Y100": CodeInfo("file not found or unreadable", "Check the path; folders are searched for *.yaml files."),
    "Y101": CodeInfo("file too large", "Ruleset files are small; split the file or check that it is the right one."),
    "Y102": CodeInfo("not text", "The file is not UTF-8 text; rulesets are YAML text files."),
    "Y103": CodeInfo("YAML syntax error", "Check indentation, colons and quotes near the position shown."),
    "Y104": CodeInfo("YAML too deeply nested", "Nesting is limited; flatten the structure."),
    "Y105": CodeInfo("YAML alias expansion too large", "Anchors and aliases expand to too many nodes; avoid alias chains."),
    "Y106": CodeInfo("unsupported YAML tag", "Only plain YAML data is allowed: no !!python or custom tags."),
    "Y107": CodeInfo("duplicate key", "A key appears twice in one mapping; the second would silently win."),
    "Y108": CodeInfo("empty file", "Write the ruleset's keys into the file (see docs/rulesets.md), or name another file."),
    "Y109": CodeInfo("unsupported key", "Mapping keys must be plain scalars (text or numbers)."),
    "Y110": CodeInfo("more than one YAML document", "Put one ruleset in each file."),
    "Y111": CodeInfo("number too large", "Numbers in rulesets, scenarios and logs are small; write at most 15 digits."),
    "Y112": CodeInfo("path not allowed", "Name a shipped ruleset or a .yaml file inside the folder of the file that names it (or a folder named on the command line); absolute paths and `..` out of that folder are refused."),
    "Y113": CodeInfo("referenced file is not a ruleset", "The file named by `extends`, `ruleset:` or a log's header could not be read as a ruleset; its content is not shown. Validate that file on its own."),
    "Y114": CodeInfo("extends chain too long", "A ruleset extends at most 32 files in a chain; shorten the chain."),
    # S2xx — JSON Schema
    "S200": CodeInfo("schema violation", "See schemas/ruleset.schema.json or hover help in your editor."),
    "S201": CodeInfo("missing required key", "Add the key named in the message."),
    "S202": CodeInfo("unknown key", "The key is not part of the format; check its spelling."),
    "S203": CodeInfo("wrong type", "The value has the wrong type for this key."),
    "S204": CodeInfo("value not allowed", "The value is outside the allowed set or range."),
    # O3xx — extends and overlays
    "O300": CodeInfo("extended ruleset not found", "Name a ruleset from `bohn rules list` or a path relative to this file."),
    "O301": CodeInfo("extends cycle", "Rulesets extend each other in a loop; break the cycle."),
    "O302": CodeInfo("override of a key that does not exist", "Overlays change existing keys; write `+key` to add a new one."),
    "O303": CodeInfo("added key already exists", "`+key` adds a new entry; drop the `+` to change the existing one."),
    "O304": CodeInfo("removed key does not exist", "`-key` removes an entry; check the spelling of the key."),
    "O305": CodeInfo("overlay does not fit the value it changes", "A mapping can only patch a mapping, or a list of items with ids."),
    "O306": CodeInfo("unknown variant", "Use a variant listed by `bohn rules list`."),
    "O307": CodeInfo("bad list position", "`$after`/`$before` must name an item id of the same list."),
    # R4xx — semantic checks
    "R401": CodeInfo("unknown zone", "Use a zone id declared under `zones`."),
    "R402": CodeInfo("beanometer not strictly increasing", "Each coin value needs more beans than the one before."),
    "R403": CodeInfo("beanometer above card count", "A threshold cannot exceed the number of cards of that bean."),
    "R404": CodeInfo("player count without a table row", "Add a `player_counts` row for every supported player count."),
    "R405": CodeInfo("table row for an unsupported player count", "Remove the row or widen `players`."),
    "R406": CodeInfo("unknown bean", "Name a bean declared under `beans` (player-count rows remove beans, items are paid with one)."),
    "R407": CodeInfo("hand sizes do not match the player count", "`deal` lists one hand size per seat, or one number for all."),
    "R408": CodeInfo("duplicate id", "Ids must be unique within their list."),
    "R409": CodeInfo("declared total does not match card counts", "Fix `total_cards` or the bean counts."),
    "R410": CodeInfo("unknown option value", "Use one of the option's `choices`."),
    "R411": CodeInfo("unknown table column", "Step numbers may refer to `player_counts` columns only."),
    "R412": CodeInfo("unknown turn", "A player-count row names a turn that is not declared under `turns`."),
    "R414": CodeInfo("not enough cards to deal", "The beans in play cannot fill the starting hands."),
    "R415": CodeInfo("field limits inconsistent", "`max_fields` must be at least `fields`."),
    "R416": CodeInfo("required zone kind missing or repeated", "Declare exactly one zone of each kind hand, fields and coins, and at least one deck and one discard pile (the first of each is the game's own)."),
    "R417": CodeInfo("zone of the wrong kind", "The step or rule needs a zone of another kind."),
    "R420": CodeInfo("trade source not traded from", "`received_from` keys must be `hand` or zones listed in the step's `also_from`."),
    "R460": CodeInfo("set-up deals a kind where it may not go", "Deal a kind's cards only to zones its `zones` list, or add the zone there."),
    "R461": CodeInfo("planted kind kept off the fields", "A kind with `plant: true` lists the fields zone among its `zones` (or lists no zones)."),
    "R462": CodeInfo("purchase zones misplaced", "A kind with `buy` starts in a shared zone that is not a deck (its cards for sale); `buy.to` is a per-player zone and `buy.removed_to` a shared one, both among the kind's `zones`."),
    "R463": CodeInfo("bought card without its price", "A kind with `buy` declares `price: number` (and `group: text`, `pay_with: bean` if it uses them), and every card gives its price."),
    "R470": CodeInfo("option choice the engine ignores", "The engine gives this option only the choices it lists; change the outcome with a modifier (`modify tie_break = …`) instead."),
    "R471": CodeInfo("option nobody reads", "An option the engine does not read must be read by an effect with `option(\"name\")`, or removed."),
    "R480": CodeInfo("option patch for an unknown choice", "Each key of an option's `patches` must be one of its `choices`."),
    "R450": CodeInfo("deck settings misplaced", "`discard`, `reshuffle` and `runouts` belong to shared zones of kind deck; a deck's discard pile is a zone of kind discard."),
    "R451": CodeInfo("card id or kind repeated", "Every bean and card has its own id, every card kind its own name (`bean` is the beans' kind)."),
    "R452": CodeInfo("card kind starts outside its zones", "The zone a kind starts in must be one of its `zones`."),
    "R453": CodeInfo("undeclared card attribute", "Declare the attribute under the kind's `attributes` before giving cards a value for it."),
    "R454": CodeInfo("card attribute of the wrong type", "Give the value the type its kind declares: number, text, bean, or a list of them."),
    "R455": CodeInfo("set-up deals onto fields", "Set-up deals to zones; plant cards with a `when game_started` rule instead."),
    "R456": CodeInfo("unknown card kind", "Name a kind declared under `cards:` (or `bean`)."),
    # T7xx — scenario tests
    "T701": CodeInfo("unknown name in a scenario", "Use zone ids, seats and keys that the ruleset and the scenario format know."),
    "T702": CodeInfo("malformed action", "An action needs `seat` and `kind`; cards are given as `zone:index`."),
    "T703": CodeInfo("expectation not met", "The state differs from what the scenario expects; see expected/actual."),
    "T704": CodeInfo("action refused", "The rules refused an action the scenario did not expect to fail."),
    "T705": CodeInfo("action not refused", "The scenario expected this action to fail, but the rules allowed it."),
    "T706": CodeInfo("refused with another code", "The action failed, but not with the expected error code."),
    "T707": CodeInfo("mutant survived", "The scenario still passes with its `mutant` applied: it does not test that rule."),
    "T730": CodeInfo("cancel with nothing to cancel", "`cancel` stops a declared action: use it in an `action` body or a `when action_played` trigger."),
    "T731": CodeInfo("unknown option in an effect", "`option(\"name\")` reads one of the ruleset's `options` by a string literal."),
    "T732": CodeInfo("malformed list filter", "A filter reads `[c in cards(hand) if c.bean == red]`; a map `[c.bean for c in cards(hand)]`."),
    "T733": CodeInfo("unknown column in an effect", "`column(\"name\")` reads a number of the player-count row: one of a row's own numbers (`draw`, `field_price`…) or of its `columns:`; name one that some row has (a row without it reads 0)."),
    "T734": CodeInfo("bad procedure", "A procedure has a new name (not a statement's or function's), one declaration per ruleset, and typed parameters: `proc toll(p: player, n: int) { … }`."),
    "T755": CodeInfo("misplaced worth", "`worth EXPR` on its own line says what holding a card is worth to bots: write it once, in a card's `effect`; an action's worth goes in its header: `action load on own_turn worth 2 { … }`."),
    "T756": CodeInfo("worth asks a question", "A `worth` is a hint bots read while weighing their choices: compute it from the state (`count`, `coins`, `growing`…), without `ask`."),
    "T715": CodeInfo("mutant does not apply", "The scenario's `mutant` overlay does not load (a key that does not exist, a wrong value); fix it so it really changes a rule."),
    # L8xx — the effect language
    "L800": CodeInfo("effect syntax error", "See docs/effect-language.md for the grammar."),
    "L801": CodeInfo("unknown name", "Use a bean, zone, variable or context name (owner, active, opponent, event, value…)."),
    "L802": CodeInfo("wrong number of arguments", "Check the call's signature in docs/effect-language.md."),
    "L803": CodeInfo("type mismatch", "The value has another type than the place it is used in."),
    "L804": CodeInfo("unknown event", "Triggers wait for the events listed in docs/effect-language.md."),
    "L805": CodeInfo("unknown query", "Modifiers change the queries listed in docs/effect-language.md."),
    "L806": CodeInfo("unknown attribute", "See the attributes of each type in docs/effect-language.md."),
    "L807": CodeInfo("unknown statement or function", "See the statements and functions in docs/effect-language.md."),
    "L808": CodeInfo("runaway evaluation", "A loop or a chain of triggers ran past the step budget; the rule named must end."),
    "L809": CodeInfo("trigger loop", "Triggers fired each other too deeply; a rule keeps causing its own event."),
    "L810": CodeInfo("name not available here", "`event` exists in triggers, `value` in modifiers, `cost` needs an action."),
    "L811": CodeInfo("unknown argument name", "Use the parameter names of the call's signature."),
    "L812": CodeInfo("statement used as a value", "Statements change the game; use them on their own, not inside expressions."),
    "L813": CodeInfo("effect failed while running", "The rule met a value it cannot handle (an empty list, a missing card); guard it with a condition."),
    "L820": CodeInfo("list too long", "A rule built a list longer than the limit (docs/security.md); effects work on the cards of a game, never more."),
    "L821": CodeInfo("number too large", "A rule computed a number beyond the limit (docs/security.md); check its arithmetic."),
    "L840": CodeInfo("next_phase names no phase of the turn", "`next_phase(id, step: kind)` goes on with a phase of the turn being played: name one of its phase ids (and a step kind of that phase)."),
    # W9xx — warnings
    "W900": CodeInfo("named assumption", "The rulebooks do not give this; the ruleset states what it assumes."),
    # C5xx — command line
    "C500": CodeInfo("usage error", "See `bohn --help`."),
    "C501": CodeInfo("nothing to validate", "The paths hold no *.yaml files."),
    "C502": CodeInfo("unknown ruleset", "See `bohn rules list`."),
    "C503": CodeInfo("unsupported player count", "See the ruleset's `players` range in `bohn rules show`."),
    # C53x — the language server (engine/lsp/)
    "C520": CodeInfo("matplotlib not installed", "`--plot` draws with matplotlib, an optional extra: pip install 'bohn[plot]'."),
    "C521": CodeInfo("cannot write the output file", "Check the folder exists and is writable, and that the suffix is a known format (png, svg, pdf, csv)."),
    "C530": CodeInfo("language server not installed", "Install the extra: pip install 'bohn[lsp]'; see docs/editors.md."),
    # C54x — running games elsewhere, sweeps (engine/sim/backends.py, sweep.py)
    "C540": CodeInfo("Dask is not installed", "`--scheduler` runs games on a Dask cluster: pip install 'bohn[dask]'."),
    "C541": CodeInfo("Dask scheduler unreachable or without workers", "Check the address; start `dask scheduler` and `dask worker ADDRESS` (docs/simulation.md)."),
    "C542": CodeInfo("workers lost too often", "A batch of games lost its worker again and again; check the workers' logs and memory."),
    "C543": CodeInfo("a worker runs another bohn", "Install the same bohn version on every worker (and nothing else sent the rules)."),
    "C544": CodeInfo("bad sweep setting", "Write `--set PATH=V1,V2,...` with a dotted path an overlay can patch, e.g. player_counts.2.field_price=1,2,3."),
    "C545": CodeInfo("too many sweep combinations", "A sweep plays every combination of the values; vary fewer values at once."),
    "C510": CodeInfo("refusing to overwrite a file", "The output file exists or is an input of this run; name a new file, or pass --force to replace an existing log."),
    "C511": CodeInfo("number argument out of range", "See `bohn COMMAND --help` for the allowed range."),
    # G6xx — playing a game
    "G600": CodeInfo("illegal action", "The action is not among the legal actions for this seat now."),
    "G601": CodeInfo("not your decision", "Another seat must act now."),
    "G602": CodeInfo("game is over", "No actions are accepted after the end."),
    "G603": CodeInfo("replay diverged", "The log and the re-run game differ at the event shown."),
    "G604": CodeInfo("log unreadable", "The file is not a bohn JSONL game log."),
    "G605": CodeInfo("ruleset changed since the log was written", "The ruleset hash differs; divergence is likely."),
    "G606": CodeInfo("runaway game", "The game exceeded its step budget; a rule loops without progress."),
    "G607": CodeInfo("impossible set-up", "The position names cards or zones this ruleset and player count do not have."),
    "G640": CodeInfo("no legal action", "A seat must decide but nothing is legal; the message names the rules whose answers removed its actions and shows the position."),
    "G641": CodeInfo("games failed in a simulation", "Some games stopped with an error; replay one with the command shown, or allow a share with --max-failures."),
    "G650": CodeInfo("cards keep coming to the front", "`card_at_front` triggers changed the hands' front cards too many times after one action; a rule keeps causing its own event."),
    "G680": CodeInfo("invariant broken", "After an action a card was lost, doubled or out of its kind's zones, coins went negative or a hand changed order. The rule named last moved something in that action; replay the game with --log to see every event."),
    "G620": CodeInfo("step moved a card where its kind may not go", "A built-in step (draw, reveal, harvest, keep_revealed) met a card whose kind's `zones` leave out the zone the step puts it in: add the zone to the kind's `zones` or change the step."),
    "G625": CodeInfo("card moved where its kind may not go", "A card kind's `zones` list the only zones its cards may be in; a rule moved one elsewhere."),
    "G615": CodeInfo("incomplete log", "The log ends before its game does: it was cut off while being written or copied."),
    "G616": CodeInfo("log header invalid", "A header field has the wrong type or an out-of-range value; the log was not written by `bohn play --log`."),
}


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One reported problem, printable as ``path:line:col: error CODE: message``."""

    code: str
    message: str
    span: Span | None = None
    severity: Severity = "error"
    hint: str | None = None

    def format(self, *, excerpt: bool = True) -> str:
        """``path:line:col: error CODE: message``, the source line with a caret when the
        file can be read, and the hint."""
        where = f"{self.span}: " if self.span else ""
        text = f"{where}{self.severity} {self.code}: {self.message}"
        if excerpt and self.span is not None:
            text += source_excerpt(self.span)
        hint = self.hint if self.hint is not None else hint_for(self.code)
        if hint:
            text += f"\n  hint: {hint}"
        return text

    def to_json(self) -> dict[str, object]:
        return {
            "code": self.code,
            "severity": self.severity,
            "message": self.message,
            "file": self.span.file if self.span else None,
            "line": self.span.line if self.span else None,
            "col": self.span.col if self.span else None,
            "hint": self.hint if self.hint is not None else hint_for(self.code),
        }


def source_lines(path: str) -> tuple[str, ...]:
    """A regular file's lines from disk (cached per modification time); empty when it
    cannot be read, is not a regular file (a device or a pipe) or is larger than 4 MiB."""
    import stat

    try:
        st = Path(path).stat()
    except (OSError, ValueError):
        return ()
    if not stat.S_ISREG(st.st_mode):  # never read a device or a pipe to quote it
        return ()
    return _read_lines(path, st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=32)
def _read_lines(path: str, mtime_ns: int, size: int) -> tuple[str, ...]:
    """A file's lines, cached per modification time (errors of one file come in bunches)."""
    if size > 4 * 1024 * 1024:
        return ()
    try:
        return tuple(Path(path).read_text(encoding="utf-8-sig").splitlines())
    except (OSError, UnicodeDecodeError, ValueError):
        return ()


def source_excerpt(span: Span) -> str:
    """The offending line of the file with a caret under the column (empty if unreadable)."""
    lines = source_lines(span.file)
    if not 1 <= span.line <= len(lines):
        return ""
    line = lines[span.line - 1].rstrip()
    if len(line) > 160 or not line.strip():
        return ""
    number = str(span.line)
    caret = " " * (max(span.col, 1) - 1) + "^"
    return f"\n  {number} | {line}\n  {' ' * len(number)} | {caret}"


def hint_for(code: str) -> str:
    info = CODES.get(code)
    return info.hint if info else ""


@dataclass
class BohnError(Exception):
    """The root of every error the project raises on purpose.

    It carries one or more diagnostics, so a loader can collect all problems of a file
    and raise them together instead of stopping at the first.
    """

    diagnostics: list[Diagnostic] = field(default_factory=list)

    def __post_init__(self) -> None:
        Exception.__init__(self, self.__str__())

    @classmethod
    def one(cls, code: str, message: str, span: Span | None = None, hint: str | None = None) -> BohnError:
        if code not in CODES:
            raise KeyError(f"unregistered error code {code}")
        return cls([Diagnostic(code, message, span, "error", hint)])

    @property
    def code(self) -> str:
        return self.diagnostics[0].code if self.diagnostics else ""

    def __str__(self) -> str:
        return "\n".join(d.format() for d in self.diagnostics)


_GROUPS = {
    "Y": "Reading files (Y1xx)", "S": "JSON Schema (S2xx)", "O": "Extends and overlays (O3xx)",
    "R": "Semantic checks (R4xx)", "C": "Command line (C5xx)", "G": "Playing a game (G6xx)",
    "T": "Scenario tests (T7xx)", "L": "Effect language (L8xx)", "W": "Warnings (W9xx)",
}


def codes_markdown() -> str:
    """The error-code reference (``docs/errors.md`` is this text; a test keeps them equal)."""
    out = [
        "# Error codes", "",
        "Every problem bohn reports has a stable code: its letter says which stage found it,",
        "and the code never changes meaning. Messages look like", "", "```",
        "rulesets/house.yaml:5:21: error R402: beanometer of `coffee`: 2 coin(s) needs 4 beans, not more than the 4 before it",
        "  5 |     beanometer: [4, 4, 10, 12]",
        "    | " + " " * 20 + "^",
        "  hint: Each coin value needs more beans than the one before.", "```", "",
        "`bohn validate --format json` gives the same fields as JSON. Warnings (W) never fail a",
        "run unless `--strict` is given. `bohn validate` exits 0 when clean, 1 on errors, 2 on",
        "usage errors. `bohn explain CODE` prints one entry; `bohn explain --all` prints this page.", "",
    ]
    for letter, title in _GROUPS.items():
        out += [f"## {title}", "", "| code | meaning | what to do |", "|---|---|---|"]
        out += [f"| {c} | {i.title} | {i.hint.replace('|', '/')} |" for c, i in CODES.items() if c[0] == letter]
        out.append("")
    return "\n".join(out)


def did_you_mean(word: str, candidates: list[str] | tuple[str, ...] | set[str]) -> str:
    """A short suggestion for a misspelt name, or an empty string."""
    import difflib

    close = difflib.get_close_matches(word, sorted(candidates), n=1, cutoff=0.6)
    return f" (did you mean `{close[0]}`?)" if close else ""
