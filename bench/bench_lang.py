"""Effect-language speed: parsing, compiling, and evaluating a modifier and a trigger.

    python bench/bench_lang.py

Prints statements parsed per second, effects compiled (parse + check + compile) per
second, and the cost in microseconds of one modifier application and one trigger run.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

try:  # the installed engine (possibly compiled with BOHN_COMPILE=1), else this checkout
    import engine  # noqa: F401
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.lang import CheckEnv, TableWorld, ZoneRef, compile_effect, fire, modify  # noqa: E402
from engine.lang.parser import parse, parser  # noqa: E402

ENV = CheckEnv.of(["blue", "red", "garden", "soy", "green"], {"discard": "shared", "hand": "player", "coins": "player",
                                                            "saloon_coins": "player"})
EFFECTS = [
    "when harvested by anyone if event.bean == blue and event.coins >= 1 { gain(owner, 1) }",
    "modify beanometer if bean == garden = [1, 2, 3, 4]",
    "modify may_harvest if field.bean == garden and field.size == 1 = true",
    "modify harvest_coins if value == 4 = 5",
    'modify plant_max if step == "plant_from_hand" = 3',
    "when game_ending { gain(owner, coins(owner) // 5) }",
    "choose f from fields(opponent) by owner { harvest(f) }",
    "when harvested if distinct(beans(event.cards)) > 1 and event.coins > 0 { move(first(cards(coins), event.coins), saloon_coins) }",
]


def rate(fn, seconds: float = 1.0) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    n = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        fn()
        n += 1
    return n / (time.perf_counter() - start), n


def main() -> None:
    start = time.perf_counter()
    parser()
    print(f"parser ready (cached grammar)      {1000 * (time.perf_counter() - start):10.1f} ms")
    statements = sum(len(parse(e).rules) + len(parse(e).statements) for e in EFFECTS)
    r, _ = rate(lambda: [parse(e) for e in EFFECTS])
    print(f"statements parsed per second       {r * statements:10.0f}")
    import engine.lang as lang

    def compile_all() -> None:
        lang._COMPILED.clear()  # measure compiling, not the per-process cache
        for e in EFFECTS:
            compile_effect(e, env=ENV)

    r, _ = rate(compile_all)
    print(f"effects compiled per second        {r * len(EFFECTS):10.0f}")

    world = TableWorld(beans={"blue": (20, [4, 6, 8, 10]), "garden": (6, [None, 2, 3, None]), "red": (8, [2, 3, 4, 5])}, n_players=4)
    world.put(ZoneRef("discard", None), *["red"] * 10)
    mods = [(m, 0) for m in compile_effect(EFFECTS[1], env=ENV).modifiers]
    base = [None, 2, 3, None]
    n = 100_000
    t = time.perf_counter()
    for _ in range(n):
        modify(mods, world, "beanometer", base, player=0, bean="garden")
    print(f"modifier (beanometer) per call     {1e6 * (time.perf_counter() - t) / n:10.2f} µs")
    trig = [(tr, 0) for tr in compile_effect(EFFECTS[0], env=ENV).triggers]
    payload = {"player": 2, "bean": "blue", "coins": 0}
    t = time.perf_counter()
    for _ in range(n):
        fire(trig, "harvested", payload, world)
    print(f"trigger (4 Jail, condition false)  {1e6 * (time.perf_counter() - t) / n:10.2f} µs")
    payload = {"player": 2, "bean": "blue", "coins": 1}
    m = 5_000
    t = time.perf_counter()
    for _ in range(m):
        world.put(ZoneRef("discard", None), "red")
        fire(trig, "harvested", payload, world)
    print(f"trigger (4 Jail, runs its body)    {1e6 * (time.perf_counter() - t) / m:10.2f} µs")


if __name__ == "__main__":
    main()
