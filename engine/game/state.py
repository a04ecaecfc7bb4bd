"""Game state: cards, zones and counters, and nothing that decides anything.

Cards are integers (0..n-1) and ``bean_of[card]`` gives a card's bean index, so zones
are plain lists of ints: fast to move, copy and check. The ruleset declares its zones;
each zone id maps to a list (shared zones) or one list per seat (player zones). The
zones the engine itself must find — deck, discard pile, hands, fields, coins — are also
reachable by kind, through the attributes set in :func:`new_state`.

Cards of other kinds (``cards:`` in a ruleset) are numbered after the beans: their
card-type index is ``bean_of[card]`` too, past the ``n_beans`` bean types, so
``card_types[bean_of[card]]`` names any card and ``bean_of[card] < n_beans`` says
whether it is a bean. A game without card kinds is numbered and shuffled exactly as
before they existed. Cards that start in a zone of kind ``display`` are laid out in the
order they are declared, not shuffled (a row of buildings for sale).

Orientation conventions, relied on everywhere: the deck's and the discard pile's top
card is the *last* element; a hand's front card is element 0 and drawn cards are
appended at the back; a field is a list of cards, its bean is its first card's bean.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.game.copyable import mypyc_attr
from engine.rules.model import PlayerCountRow, Ruleset


#: whether ``random.Random.shuffle`` draws its positions with ``_randbelow_with_getrandbits``
#: (every CPython since 3.2), so that :func:`shuffle` may spell it out
_PLAIN_SHUFFLE = getattr(random.Random, "_randbelow", None) is getattr(random.Random, "_randbelow_with_getrandbits", 0)


def shuffle(rng: random.Random, cards: list[int]) -> None:
    """``rng.shuffle(cards)``: the same order from the same bits, drawn without its two
    Python calls per card (``_randbelow`` spelt out, as ``random_bot.below`` does for
    ``randrange``); a base game shuffles some 300 cards. tests/game/test_shuffle.py
    compares it with ``Random.shuffle``."""
    if not _PLAIN_SHUFFLE or type(rng) is not random.Random:
        rng.shuffle(cards)
        return
    bits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        cards[i], cards[j] = cards[j], cards[i]


@mypyc_attr(allow_interpreted_subclasses=True)  # a look-ahead copies it (engine/game/copyable.py)
@dataclass
class GameState:
    players: int
    row: PlayerCountRow
    bean_ids: tuple[str, ...]
    bean_of: list[int]
    shared: dict[str, list[int]]
    per_player: dict[str, list[list[int]]]
    fields: list[list[list[int]]]
    deck: list[int]
    discard: list[int]
    hands: list[list[int]]
    coins: list[list[int]]
    rng: random.Random
    active: int = 0
    turn: int = 1
    runouts: int = 0
    ending: bool = False
    over: bool = False
    phase_index: int = 0
    step_index: int = 0
    #: where the turn goes on when the phase being played ends (a rule's `next_phase`):
    #: a phase index of the turn and its first step to run; -1: the next phase in order
    next_phase: int = -1
    next_step: int = 0
    #: every card type: the beans first, then the cards of each kind
    card_types: tuple[str, ...] = ()
    #: the kind of each card type (``bean`` for beans)
    type_kinds: tuple[str, ...] = ()
    n_beans: int = 0

    def all_cards(self) -> list[int]:
        """Every card of the game: the deck's first (bottom to top), then every other zone,
        then the fields."""
        cards = list(self.deck)
        for zone in self.shared.values():
            if zone is not self.deck:
                cards.extend(zone)
        for zones in self.per_player.values():
            for zone in zones:
                cards.extend(zone)
        for fields in self.fields:
            for planted in fields:
                cards.extend(planted)
        return cards


def new_state(rules: Ruleset, players: int, seed: int) -> GameState:
    """Shuffle the beans in play with the game's one RNG and deal the starting hands."""
    row = rules.row(players)
    rng = random.Random(seed)
    bean_ids = tuple(b.id for b in rules.beans)
    bean_of: list[int] = []
    for index, bean in enumerate(rules.beans):
        if bean.id not in row.remove_beans:
            bean_of.extend([index] * bean.count)
    deck_id = rules.zone_of_kind("deck").id
    owners = {z.id: z.owner for z in rules.zones}
    card_types = list(bean_ids)
    type_kinds = ["bean"] * len(bean_ids)
    starting: dict[str, list[int]] = {}  # zone id -> type indexes of the cards it starts with (one set per seat)
    for kind in rules.kinds:
        for card in kind.cards:
            card_types.append(card.id)
            type_kinds.append(kind.id)
            starting.setdefault(kind.starts_in, []).extend([len(card_types) - 1] * card.count)
    for type_index in starting.pop(deck_id, []):
        bean_of.append(type_index)
    cards = list(range(len(bean_of)))
    shuffle(rng, cards)

    shared: dict[str, list[int]] = {}
    per_player: dict[str, list[list[int]]] = {}
    fields: list[list[list[int]]] = [[[] for _ in range(row.fields)] for _ in range(players)]
    for zone in rules.zones:
        if zone.kind == "fields":
            continue
        if zone.owner == "shared":
            shared[zone.id] = []
        else:
            per_player[zone.id] = [[] for _ in range(players)]
    deck = shared[deck_id]
    deck.extend(cards)
    laid_out = {z.id for z in rules.zones if z.kind == "display"}
    for zone_id, type_indexes in starting.items():  # kinds that start elsewhere, in declaration order
        targets = [shared[zone_id]] if owners[zone_id] == "shared" else per_player[zone_id]
        for target in targets:
            first = len(bean_of)
            bean_of.extend(type_indexes)
            placed = list(range(first, len(bean_of)))
            if zone_id not in laid_out:  # a display (cards for sale) is laid out as declared, face up
                shuffle(rng, placed)
            target.extend(placed)
    hands = per_player[rules.zone_of_kind("hand").id]
    for seat in range(players):
        for _ in range(row.deal[seat]):
            hands[seat].append(deck.pop())
    return GameState(
        players=players,
        row=row,
        bean_ids=bean_ids,
        bean_of=bean_of,
        shared=shared,
        per_player=per_player,
        fields=fields,
        deck=deck,
        discard=shared[rules.decks()[0].discard or rules.zone_of_kind("discard").id],
        hands=hands,
        coins=per_player[rules.zone_of_kind("coins").id],
        rng=rng,
        card_types=tuple(card_types),
        type_kinds=tuple(type_kinds),
        n_beans=len(bean_ids),
    )
