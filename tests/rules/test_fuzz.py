"""Random and mutated YAML never makes `bohn validate` raise: exit 1 or 2 (or 0), no traceback."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cli import main
from tests.soak import games

BASE = (Path(__file__).resolve().parents[2] / "rulesets" / "base.yaml").read_text(encoding="utf-8")
HOUSE = "extends: base\nname: House\nplayer_counts:\n  4: {draw: 2}\noptions:\n  tie_break: {value: shared}\n"

COMMON = settings(max_examples=int(__import__("os").environ.get("BOHN_FUZZ_EXAMPLES", games(quick=50, soak=150))), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _validate(tmp_path: Path, data: bytes, capsys) -> int:
    p = tmp_path / "fuzz.yaml"
    p.write_bytes(data)
    code = main(["validate", str(p)])
    out = capsys.readouterr()
    assert "Traceback" not in out.out + out.err
    assert "internal error" not in out.err, out.err
    return code


@COMMON
@given(st.binary(max_size=400))
def test_random_bytes(tmp_path: Path, capsys, data: bytes) -> None:
    assert _validate(tmp_path, data, capsys) in (0, 1)


@COMMON
@given(st.text(alphabet=st.sampled_from(list("{}[]:-,&*!|>'\"#?%@` \n\tabc0123+~$")), max_size=300))
def test_yaml_punctuation_soup(tmp_path: Path, capsys, text: str) -> None:
    assert _validate(tmp_path, text.encode(), capsys) in (0, 1)


@COMMON
@given(st.data())
def test_mutated_rulesets(tmp_path: Path, capsys, data: st.DataObject) -> None:
    source = data.draw(st.sampled_from([BASE, HOUSE]))
    chars = list(source)
    for _ in range(data.draw(st.integers(1, 6))):
        i = data.draw(st.integers(0, len(chars) - 1))
        op = data.draw(st.sampled_from(["delete", "insert", "replace", "dup_line"]))
        if op == "delete":
            del chars[i]
        elif op == "insert":
            chars.insert(i, data.draw(st.sampled_from(list(":-[]{}0\n x!&*'"))))
        elif op == "replace":
            chars[i] = data.draw(st.sampled_from(list("0123456789abz-_ ")))
        else:
            text = "".join(chars)
            lines = text.splitlines(keepends=True)
            j = data.draw(st.integers(0, len(lines) - 1))
            lines.insert(j, lines[j])
            chars = list("".join(lines))
    assert _validate(tmp_path, "".join(chars).encode(), capsys) in (0, 1)
