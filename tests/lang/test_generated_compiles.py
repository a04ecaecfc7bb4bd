"""Every effect of every shipped ruleset and example, and every listing its games make,
is generated text that Python compiles: none falls back to closures.

Why: when Python refuses a generated function's text, ``blocks.made`` and the inliner's
``_made`` answer None and the effect runs as closures instead, with the same result, only
slower. That fallback is meant for what the bounded depth already makes unlikely; it also
hides a mistake in the code that writes the text (two mutation survivors: the inliner's
``in`` misspelt, the block writer's ``else`` depth), which a game would never show.
"""

from __future__ import annotations

from typing import Any, Callable

import pytest

import engine.lang as lang
import engine.lang.blocks as blocks
import engine.lang.inline as inline
from engine.rules import loader
from engine.rules.loader import load_ruleset
from engine.sim.play import make_agents, play_game

SHIPPED: list[tuple[str, str | None, int]] = [
    ("base", None, 3), ("high_bohn", None, 4), ("high_bohn", "cognac", 3),
    ("high_bohn_plus", None, 4), ("high_bohn_plus", "sell_hands", 3), ("high_bohn_plus", "active_retrades", 5),
    ("la_isla_bohnita", None, 4), ("la_isla_bohnita_duel", None, 2),
    ("bohn_camillo", None, 2), ("bohn_camillo", "trading", 2),
    ("rulesets/examples/bean_market.yaml", None, 3), ("rulesets/examples/edition_104.yaml", None, 4),
]

#: rulesets without effect text: nothing to generate
PLAIN = {"base", "rulesets/examples/edition_104.yaml"}


def _strict(made: Callable[..., Any], made_ones: list[str]) -> Callable[..., Any]:
    def checked(*args: Any, **kwargs: Any) -> Any:
        fn = made(*args, **kwargs)
        code = next((a for a in args if isinstance(a, str) and a.startswith("def ")), "?")
        assert fn is not None, f"Python refused the generated text:\n{code}"
        made_ones.append(code)
        return fn
    return checked


@pytest.mark.parametrize(("ref", "variant", "players"), SHIPPED, ids=[f"{r.split('/')[-1]}-{v}" for r, v, _ in SHIPPED])
def test_every_generated_function_compiles(ref: str, variant: str | None, players: int,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    made_ones: list[str] = []
    monkeypatch.setattr(blocks, "made", _strict(blocks.made, made_ones))
    monkeypatch.setattr(inline, "_made", _strict(inline._made, made_ones))
    # compiled afresh, not handed back by the per-process caches
    for cache in ("_COMPILED", "_CHECKED"):
        monkeypatch.setattr(lang, cache, {})
    for cache in ("_CACHE", "_CHAINS"):
        monkeypatch.setattr(loader, cache, {})
    rules = load_ruleset(ref, variant)
    play_game(rules, players, 3, make_agents(["greedy", "random"] + ["greedy"] * (players - 2), players, 3), trading=True, record=False)
    if ref not in PLAIN:
        assert made_ones, "nothing was generated: the test no longer sees the writers"
