"""A plain hand-written simulator of the base game (4 players, random play, no trading).

It exists only as a yardstick for bench_engine.py: the same rules coded directly, with
the same random policy (uniform over the legal choices, harvest included), so the
engine's overhead for being generic can be read off the two figures. Not used by bohn.
"""

from __future__ import annotations

import random
import time

METERS = {"wax": [4, 7, 9, 11], "blue": [4, 6, 8, 10], "chili": [3, 6, 8, 9], "stink": [3, 5, 7, 8],
          "green": [3, 5, 6, 7], "soy": [2, 4, 6, 7], "black_eyed": [2, 4, 5, 6], "red": [2, 3, 4, 5],
          "garden": [None, 2, 3, None], "cocoa": [None, 2, 3, 4]}
COUNTS = {"wax": 22, "blue": 20, "chili": 18, "stink": 16, "green": 14, "soy": 12, "black_eyed": 10, "red": 8,
          "garden": 6, "cocoa": 4}
BEANS = list(COUNTS)


def coins_for(bean: int, n: int) -> int:
    earned = 0
    for c, t in enumerate(METERS[BEANS[bean]], 1):
        if t is not None and n >= t:
            earned = c
    return earned


def play(seed: int, players: int = 4) -> list[int]:
    rng = random.Random(seed)
    deck = [i for i, b in enumerate(BEANS) for _ in range(COUNTS[b])]
    rng.shuffle(deck)
    discard: list[int] = []
    hands = [[deck.pop() for _ in range(5)] for _ in range(players)]
    fields = [[[0, -1], [0, -1]] for _ in range(players)]  # [count, bean]
    coins = [0] * players
    runouts = 0
    ending = False

    def draw() -> int | None:
        nonlocal runouts, ending, deck, discard
        if not deck:
            if ending:
                return None
            deck, discard = discard, []
            rng.shuffle(deck)
            if not deck:
                runouts += 1
                ending = runouts >= 3
                return None
        card = deck.pop()
        if not deck:
            runouts += 1
            ending = runouts >= 3
        return card

    def harvestable(p: int) -> list[int]:
        small = all(f[0] <= 1 for f in fields[p])
        return [i for i, f in enumerate(fields[p]) if f[0] >= 2 or (f[0] == 1 and small)]

    def harvest(p: int, i: int) -> None:
        n, bean = fields[p][i]
        c = coins_for(bean, n)
        coins[p] += c
        discard.extend([bean] * (n - c))
        fields[p][i] = [0, -1]

    def plant(p: int, bean: int) -> None:
        while True:
            fits = [i for i, f in enumerate(fields[p]) if f[1] in (-1, bean)]
            options = [("plant", i) for i in fits] + [("harvest", i) for i in harvestable(p)]
            kind, i = rng.choice(options)
            if kind == "harvest":
                harvest(p, i)
                continue
            fields[p][i] = [fields[p][i][0] + 1, bean]
            return

    active = 0
    while True:
        hand = hands[active]
        for k in range(2):
            if not hand or (k == 1 and rng.random() < 0.5):
                break
            plant(active, hand.pop(0))
        revealed = [c for c in (draw(), draw()) if c is not None]
        for bean in revealed:
            plant(active, bean)
        if ending:
            break
        for _ in range(3):
            c = draw()
            if c is None:
                break
            hand.append(c)
        if ending:
            break
        active = (active + 1) % players
    for p in range(players):
        for i in range(2):
            if fields[p][i][0]:
                harvest(p, i)
    return coins


if __name__ == "__main__":
    games = 1000
    start = time.perf_counter()
    for seed in range(games):
        play(seed)
    print(f"plain hand-written simulator, random, no trading  {games / (time.perf_counter() - start):8.1f} games/s")
