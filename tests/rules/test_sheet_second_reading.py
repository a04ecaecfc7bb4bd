"""The rulesheet items of the second reading (docs/reviews/rulesheets-2026-12-02.md).

Why: each is a sentence a player with the rulebook beside them found wrong, missing or
unclear; the test reads the sentence as the player would."""

from __future__ import annotations

from engine.rules.loader import load_ruleset
from engine.rules.sheet import sheet_markdown


def _sheet(ruleset: str, players: int, variant: str | None = None) -> list[str]:
    rules = load_ruleset(ruleset, variant) if variant else load_ruleset(ruleset)
    return sheet_markdown(rules, players).splitlines()


def _option(lines: list[str], question: str) -> str:
    return next(line for line in lines if line.startswith(f"- {question}"))


def test_the_trading_options_are_not_played_where_nothing_is_traded() -> None:
    """Bohn Camillo's gifts and the Bean Duel trade nothing: their sheets do not give the
    trading options as rules; a game with trading (the base game, Camillo's Trading) does."""
    for ruleset in ("bohn_camillo", "la_isla_bohnita_duel"):
        lines = _sheet(ruleset, 2)
        for question in ("May the active player trade and donate hand cards", "May a player other than the active one"):
            assert "(not played here: nothing is traded)" in _option(lines, question)
    assert "not played here" not in _option(_sheet("base", 4), "May the active player trade and donate hand cards")
    assert "not played here" not in _option(_sheet("bohn_camillo", 2, "trading"), "May a player other than the active one")


def test_the_hand_trading_option_is_not_played_where_the_active_player_trades_no_hand_cards() -> None:
    """Camillo's Trading variant: the active player trades only the turned-up cards (its
    `may_trade_card` rule), as the sheet's trade step says; the option on when he trades
    hand cards then changes nothing, and the sheet must not give its choice as played."""
    lines = _sheet("bohn_camillo", 2, "trading")
    assert any("trade only the turned-up cards (no hand cards)" in line for line in lines)
    assert "(not played here: the active player trades no hand cards)" in _option(
        lines, "May the active player trade and donate hand cards")


def test_no_sheet_says_the_cards_are_drawn_at_the_end_of_the_turn() -> None:
    """Bohn Camillo draws in phase 3 and plays its action cards after it."""
    lines = _sheet("bohn_camillo", 2)
    assert not any("drawn at the end of the turn" in line for line in lines)
    assert "3. **Draw three beans**" in lines and "4. **Play action cards**" in lines


def test_the_duel_prices_its_second_ship_at_five_coins_everywhere() -> None:
    lines = _sheet("la_isla_bohnita_duel", 2)
    price = _option(lines, "What does the second trading ship cost?")
    assert "**5 coins" in price and "**4 coins" not in price
    assert any("a second trading ship (5 coins)" in line for line in lines)


def test_the_duel_sells_the_cargo_at_the_end_without_saying_it_may_be_sold_at_any_time() -> None:
    lines = _sheet("la_isla_bohnita_duel", 2)
    assert not any("at any time" in line and "cargo" in line and ("final harvest" in line or "At the end" in line)
                   for line in lines)
    assert any(line.startswith("- At the end: after the final harvest every cargo that earns a coin is sold") for line in lines)


def test_a_player_with_an_empty_hand_plants_nothing_in_phase_1_and_hand_sizes_are_known() -> None:
    """base_game_fr.txt and bohn_camillo.txt:47 skip phase 1 with an empty hand; Camillo's
    "Accountability" lets a player always ask how many cards the other holds (the seat view
    shows every hand's size)."""
    for lines in (_sheet("base", 4), _sheet("bohn_camillo", 2)):
        assert any("must plant 1 card from the front of the hand (none if the hand is empty)" in line for line in lines)
        assert ("- Each player's hand is seen only by its owner, but everybody may know how many cards it holds; "
                "its order never changes.") in lines


def test_the_missing_rule_sentences_of_the_expansions_are_on_their_sheets() -> None:
    camillo = "\n".join(_sheet("bohn_camillo", 2))
    assert "It goes face down on your collection field, face up once used." in camillo
    assert "Phases 2 and 3 are finished after the last run-out" in camillo
    assert "If it runs out during phase 2 or 3, the turn still goes on through these phases" in camillo
    sell = "\n".join(_sheet("high_bohn_plus", 4, "sell_hands"))
    assert 'The rulebook says the players "may" sell their hands; the rules always do' in sell
    isla = "\n".join(_sheet("la_isla_bohnita", 4))
    assert "The beans of the island rows and of the ships are harvested beans: they are never planted on a bean field." in isla


def test_the_unclear_sentences_of_the_second_reading_read_as_sentences() -> None:
    base = _sheet("base", 4)
    assert ("- When may a field holding a single bean be harvested? Only if every field of the player holds at most "
            "one bean (empty fields do not block).") in base
    assert ("- If it runs out during phase 2 or 3, the turn still goes on through these phases; "
            "in any other phase the game ends at once.") in base
    assert any(line.endswith("first harvest a field (or buy one).") for line in base)
    camillo = _sheet("bohn_camillo", 2)
    # no field is for sale, two players, both roles dealt at set-up, no role card onto a role card
    assert not any("buy one" in line or "other players" in line or "role deck is" in line for line in camillo)
    assert "- Deal 1 role from the role deck to each player, onto the table in front of the player." in camillo
    assert "- The action deck is not refilled when it runs out." in camillo
    assert not any("by the seed" in line for line in camillo)
    assert "2. **Reveal two beans; trade them or give them away**" in _sheet("bohn_camillo", 2, "trading")
    plus = "\n".join(_sheet("high_bohn_plus", 4))
    assert "Orders cannot be traded" not in plus and "They cannot be traded." in plus and " his hand" not in plus
    assert "- Deal 1 order card to each player, at the back of the hand." in plus.splitlines()
    isla = "\n".join(_sheet("la_isla_bohnita", 4))
    assert "as the options below say" not in isla and "unless the option" not in isla
    assert "(see above)" not in "\n".join(_sheet("la_isla_bohnita_duel", 2))


def test_a_duel_harvest_on_the_other_player_s_turn_is_said_as_the_engine_allows_it() -> None:
    """``freelist.harvest_allowed_now``: one's own turn, or while planting on the other's."""
    assert ("- A player harvests a field only on their own turn, or while planting cards on the other player's turn, "
            "always the whole field.") in _sheet("la_isla_bohnita_duel", 2)
