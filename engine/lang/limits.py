"""The effect language's bounds on work, in one low module.

The checker rejects a literal beyond them while validating (no code is generated then)
and the compiled code enforces them while running, so both read the same numbers from
here rather than the checker importing the compiler.
"""

from __future__ import annotations

#: Units of work the effects of one decision may spend, every trigger and modifier it
#: sets off together (a statement or loop pass costs one, building a list one per item).
#: A world without a shared budget gives each evaluation a fresh one.
MAX_STEPS = 100_000
#: Longest list an effect may build (a game holds a few hundred cards).
MAX_LIST = 10_000
#: Largest number an effect may compute, either sign.
MAX_INT = 10**15
#: How deeply triggers may cause each other.
MAX_TRIGGER_DEPTH = 16
