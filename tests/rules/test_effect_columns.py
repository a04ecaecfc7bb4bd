"""An effect's ``column("name")`` names a number some player-count row has (T733).

Why: ``column`` of a name no row has reads 0, so a misspelt column used to validate and
then do nothing (a price of 0, a bonus never paid). A name that only one choice of an
option adds to the rows is known too (the option's patch), and a row without the column
still reads 0 (``docs/rulesets.md``: a row's own numbers under ``columns:``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import BohnError
from engine.game.core import Game
from engine.rules.loader import load_ruleset
from engine.rules.model import Ruleset

HOUSE = """\
extends: base
player_counts:
  4: {+columns: {bonus: 2}}
options:
  +rich:
    description: Does a third player count pay more?
    choices: {plain: no, rich: yes}
    value: plain
    source: a house rule
    patches:
      rich:
        player_counts:
          3: {+columns: {rich_bonus: 5}}
effects:
  +bonus:
    description: a bonus of the table's column when a turn begins
    effect: |
      when turn_began { add_counter(owner, "bonus", column("{name}")) }
"""


def _load(tmp_path: Path, name: str) -> Ruleset:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE.replace("{name}", name), encoding="utf-8")
    return load_ruleset(str(path))


@pytest.mark.parametrize("name", ["bonus", "rich_bonus", "draw", "field_price"])
def test_a_column_some_row_or_an_options_patch_has_loads(tmp_path: Path, name: str) -> None:
    _load(tmp_path, name)


def test_a_column_no_row_has_is_refused_where_it_is_named(tmp_path: Path) -> None:
    with pytest.raises(BohnError) as caught:
        _load(tmp_path, "bonuss")
    (d,) = caught.value.diagnostics
    assert d.span is not None
    assert (d.code, d.span.line, d.span.col) == ("T733", 18, 60)  # the name, in the effect's line of the file
    assert d.message == "no numeric column `bonuss` in `player_counts` (did you mean `bonus`?)"


def test_a_row_without_the_column_reads_zero_and_a_row_with_it_its_number(tmp_path: Path) -> None:
    rules = _load(tmp_path, "bonus")
    for players, expected in ((4, 2), (3, 0)):
        game = Game(rules, players, 0, trading=False, record=False)
        assert game.fx is not None and game.fx.counters.get((0, "bonus")) == expected
