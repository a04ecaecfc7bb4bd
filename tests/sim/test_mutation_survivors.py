"""Statistics and replay details that single-operator mutants got past (issue 20): the
A/B comparison's standard error, the replay of logged choices, and the log line a replay
names when it finds a divergence."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any, Iterator

import pytest

from engine.game import log
from engine.game.actions import ACT, Action
from engine.game.core import Game
from engine.rules.loader import load_ruleset
from engine.sim.replay import replay
from engine.sim.running import Running
from engine.sim.simulate import Stats, paired_difference
from tests.sim.figures import drawn_figures


def _stats(per_game: list[list[int]]) -> Stats:
    return Stats("base", None, 2, len(per_game), [], [], 0, 1.0, per_game)


def test_paired_difference_uses_the_sample_variance() -> None:
    a = _stats([[0, 0], [0, 0], [0, 0]])
    b = _stats([[1, 1], [2, 2], [3, 3]])  # differences 1, 2, 3: mean 2, sample variance 1
    mean, se, n = paired_difference(a, b)
    assert (mean, n) == (2.0, 3)
    assert math.isclose(se, math.sqrt(1 / 3))
    mean, se, n = paired_difference(b, a)
    assert mean == -2.0 and math.isclose(se, math.sqrt(1 / 3))


def test_paired_difference_of_one_game_has_no_error() -> None:
    mean, se, n = paired_difference(_stats([[1, 3]]), _stats([[4, 4]]))
    assert (mean, n) == (2.0, 1) and math.isnan(se)


def _logged_game(tmp: Path, answer: int) -> Path:
    """A game whose declared action asks the owner to choose; the choice is `answer`."""
    rules_path = tmp / "choosy.yaml"
    rules_path.write_text("extends: base\neffects:\n  +pick:\n    effect: |\n"
                          "      action pick on own_turn { choose b from bean_types() by owner { note(\"picked\") } }\n",
                          encoding="utf-8")
    game = Game(load_ruleset(str(rules_path)), 3, seed=11)
    assert game.fx is not None
    game.fx.choice_hook = lambda seat, options, prompt, optional: answer
    index = game.fx.find_action(0, "pick")
    assert index is not None
    actions, positions = [], []
    for action in (Action(ACT, 0, card=index, want=("pick",)),) * 2:
        positions.append(len(game.events))
        game.apply(action)
        actions.append(action)
    while not game.over:  # a log must reach the end of the game to replay (G615)
        seat = game.decider
        assert seat is not None
        action = next(a for a in game.legal_actions(seat) if a.kind != ACT)
        positions.append(len(game.events))
        game.apply(action)
        actions.append(action)
    chose = [e for e in game.events if e["type"] == "chose"]
    assert [e["index"] for e in chose] == [answer, answer]
    path = tmp / "game.jsonl"
    log.write(path, log.header(game, "choosy.yaml", ["greedy"] * 3), log.entries(game.events, actions, positions))
    return path


def test_replay_answers_choices_as_the_log_says(tmp_path: Path) -> None:
    result = replay(_logged_game(tmp_path, 3))
    assert result.ok, (result.line, result.message, result.expected, result.actual)
    assert result.actions > 2


def test_replay_names_the_line_of_the_first_changed_event(tmp_path: Path) -> None:
    path = _logged_game(tmp_path, 2)
    lines = path.read_text(encoding="utf-8").splitlines()
    notes = [i for i, line in enumerate(lines, start=1) if json.loads(line).get("type") == "note"]
    assert len(notes) == 2
    number = notes[1]  # the second note, after the second logged action
    entry = json.loads(lines[number - 1])
    entry["text"] = "changed"
    lines[number - 1] = log.dumps(entry)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = replay(path)
    assert not result.ok
    assert result.line == number, "the line of the edited event, counting the header as line 1"
    assert result.expected["text"] == "changed" and result.actual["text"] == "picked"
    assert result.actions == 2


def test_replay_names_the_line_of_an_action_the_engine_refuses(tmp_path: Path) -> None:
    path = _logged_game(tmp_path, 1)
    lines = path.read_text(encoding="utf-8").splitlines()
    actions = [i for i, line in enumerate(lines, start=1) if json.loads(line).get("type") == "action"]
    assert len(actions) > 2
    number = actions[1]  # the second `pick`
    entry = json.loads(lines[number - 1])
    entry["action"]["seat"] = 1  # seat 1 may not take seat 0's action on seat 0's turn
    lines[number - 1] = log.dumps(entry)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = replay(path)
    assert not result.ok and result.message == "the engine refuses a logged action"
    assert result.line == number and result.expected["seat"] == 1
    assert result.actions == 1


def _running(*values: float) -> Running:
    r = Running()
    for v in values:
        r.add(v)
    return r


def test_a_clear_difference_needs_an_interval_wholly_on_one_side_of_zero() -> None:
    assert _running(10.0, 10.1).excludes_zero(), "two values are enough for an interval"
    assert _running(-10.0, -10.1).excludes_zero(), "a clear loss is a clear difference too"
    small = _running(-0.1, 0.1, -0.1, 0.1)
    assert small.ci95()[0] < 0 < small.ci95()[1] < 1
    assert not small.excludes_zero(), "an interval around zero is no clear difference, however narrow"


def _rewrite_rules(path: Path, folder: str) -> int:
    """Point every event's rule at the same file name in another folder; how many changed."""
    lines = path.read_text(encoding="utf-8").splitlines()
    changed = 0
    for i, line in enumerate(lines):
        entry = json.loads(line)
        rule = entry.get("rule")
        if isinstance(rule, str) and "choosy.yaml" in rule:
            entry["rule"] = folder + rule.replace("\\", "/").rsplit("/", 1)[-1]
            lines[i] = log.dumps(entry)
            changed += 1
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return changed


def test_a_log_written_in_another_folder_or_on_windows_replays(tmp_path: Path) -> None:
    path = _logged_game(tmp_path, 1)
    assert _rewrite_rules(path, "C:\\Users\\ann\\house rules\\") > 0
    result = replay(path)
    assert result.ok, (result.line, result.message)


def test_a_rule_from_another_file_is_a_divergence(tmp_path: Path) -> None:
    path = _logged_game(tmp_path, 1)
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, start=1) if "choosy.yaml" in str(json.loads(line).get("rule")))
    entry = json.loads(lines[number - 1])
    entry["rule"] = entry["rule"].replace("choosy.yaml", "other.yaml")
    lines[number - 1] = log.dumps(entry)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = replay(path)
    assert not result.ok and result.line == number


def _no_trading_log(tmp: Path, trading: bool = False) -> Path:
    from engine.sim.play import make_agents, play_game

    agents = make_agents(["greedy"], 3, 5)
    played = play_game(load_ruleset("base"), 3, 5, agents, trading=trading)
    path = tmp / f"game-{trading}.jsonl"
    log.write(path, log.header(played.game, "base", [a.name for a in agents]),
              log.entries(played.game.events, played.actions, played.action_positions))
    return path


def _edit_header(path: Path, drop: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    del head[drop]
    lines[0] = log.dumps(head)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_a_game_without_trading_replays_without_trading(tmp_path: Path) -> None:
    path = _no_trading_log(tmp_path)
    result = replay(path)
    assert result.ok, (result.line, result.message)
    _edit_header(path, "trading")  # a header without the key means a game with trading
    assert not replay(path).ok


def test_a_header_without_trading_means_a_game_with_trading(tmp_path: Path) -> None:
    path = _no_trading_log(tmp_path, trading=True)
    _edit_header(path, "trading")
    result = replay(path)
    assert result.ok, (result.line, result.message)


def test_a_log_missing_its_last_events_says_how_many_each_side_has(tmp_path: Path) -> None:
    path = _no_trading_log(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    events = sum(1 for line in lines[1:] if json.loads(line)["type"] != "action")
    path.write_text("\n".join(lines[:-2]) + "\n", encoding="utf-8")  # the game's last two events cut off
    result = replay(path)
    assert not result.ok and result.line is None
    assert result.message == f"the log has {events - 2} events, the re-run {events}"


def test_more_failures_than_shown_are_summed_up_with_their_codes() -> None:
    from engine.sim.failures import GameFailure, failure_lines

    failures = [GameFailure(seed, code, "stuck", "") for seed, code in enumerate(["G640"] * 5 + ["G680", "G640", "G680"])]
    lines = failure_lines(failures, 20, lambda seed: f"replay {seed}")
    assert lines[0] == "  8 of 20 game(s) stopped with an error and are not counted:"
    assert lines[1:3] == ["    seed 0: error G640: stuck", "      replay: replay 0"]
    assert lines[-1] == "    … and 3 more (G640, G680)"


def test_a_comparison_of_two_games_gives_a_difference_and_its_error() -> None:
    from engine.sim.simulate import compare_report

    a = _stats([[0, 0], [0, 0]])
    b = _stats([[1, 1], [3, 3]])  # differences 1 and 3: mean 2, sample variance 2, se 1
    mean, se, n = paired_difference(a, b)
    assert (mean, n) == (2.0, 2) and math.isclose(se, 1.0)
    lines = compare_report(a, b)
    assert lines[0] == "base vs base, the same 2 seeds:"
    assert "difference +2.00 ± 1.00 (standard error) — no clear difference" in lines[1]


def test_statistics_of_no_finished_game_are_zero_and_seats_have_their_mean() -> None:
    from engine.sim.simulate import SeatStats

    empty = Stats("base", None, 2, 0, [SeatStats(), SeatStats()], [], 0, 0.0)
    data = empty.to_json()
    assert data["mean_score"] == 0.0 and data["mean_turns"] == 0.0
    assert data["seats"] == [{"seat": 0, "win_share": 0.0, "mean_score": 0.0}, {"seat": 1, "win_share": 0.0, "mean_score": 0.0}]


def test_designer_text_and_csv_show_rounds_and_action_rows() -> None:
    from engine.sim.designer import Designer, csv_text, text_lines

    d = Designer(2, [], [], [{"action": "market", "uses": 3, "uses_per_game": 1.5, "games_share": 0.5, "mean_turn": 4.0}],
                 {"mean": 40.0, "median": 40.0, "min": 38, "max": 42, "rounds_mean": 10.0})
    text = text_lines(d)
    assert text[0] == "  game length: 40.0 turns on average (10.0 rounds), median 40.0, shortest 38, longest 42"
    cells = text[-1].split()
    assert cells[0] == "market" and cells[1] == "1.50" and cells[-1] == "4.0", "uses per game, mean turn"
    assert cells == ["market", "1.50", "50.0%", "4.0"], "the share of games with a use is a percentage"
    rows = csv_text([("base", d)]).splitlines()
    assert "base,actions,market,uses_per_game,1.5" in rows and "base,length,,rounds_mean,10.0" in rows


def test_narration_counts_repeated_beans() -> None:
    from engine.sim.narrate import beans

    assert beans(["blue", "blue", "red"], str.upper) == "2× BLUE, RED"
    assert beans([], str) == "nothing"


def test_narration_of_coins_and_the_deck_reads_as_english() -> None:
    from engine.sim.narrate import describe

    names = ["ann", "bob"]
    said = [describe(e, names) for e in (
        {"type": "harvested", "seat": 0, "beans": 3, "bean": "red", "coins": 1},
        {"type": "harvested", "seat": 1, "beans": 4, "bean": "red", "coins": 2, "final": True},
        {"type": "gained", "seat": 0, "coins": 1}, {"type": "gained", "seat": 0, "coins": 2}, {"type": "gained", "seat": 0, "coins": 0},
        {"type": "paid", "seat": 1, "coins": 1}, {"type": "paid", "seat": 1, "coins": 3}, {"type": "paid", "seat": 1, "coins": 0},
        {"type": "deck_ran_out", "runout": 3, "final": True}, {"type": "deck_ran_out", "runout": 1, "final": False},
        {"type": "discarded", "seat": 1, "bean": "wax"},
    )]
    assert said == ["ann harvested 3× red for 1 coin", "bob harvested 4× red for 2 coins at the end",
                    "ann gained 1 coin", "ann gained 2 coins", None, "bob paid 1 coin", "bob paid 3 coins", None,
                    "the deck ran out (3, the last time)", "the deck ran out (1)", "bob discarded wax"]


def test_progress_counts_every_game_up_to_the_total() -> None:
    from engine.sim.simulate import simulate

    seen: list[tuple[int, int]] = []
    simulate(load_ruleset("base"), 3, 3, progress=lambda done, total: seen.append((done, total)), stats=False)
    assert seen and seen[-1] == (3, 3) and all(0 < d <= 3 and t == 3 for d, t in seen)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


# --- survivors of the 2026-11-30 late-evening sample (40 of engine/sim, seed 20) ---------


def _small_sweep():  # type: ignore[no-untyped-def]
    from engine.sim.sweep import combinations, parse_set, sweep

    axes = [parse_set("player_counts.4.field_price=1,2")]
    baseline, variations = combinations("base", None, 4, axes)
    return sweep(baseline, variations, 4, 4, seed=7, bots=["random"], trading=False, axes=axes)


def test_the_sweep_csv_has_the_json_figures_under_their_names() -> None:
    """A spreadsheet reads columns by their header: each must hold the figure it names."""
    import csv
    import io

    from engine.sim.sweep_report import to_csv, to_json

    result = _small_sweep()
    rows = list(csv.DictReader(io.StringIO(to_csv(result))))
    data = to_json(result)["combinations"]
    assert [r["combination"] for r in rows] == [c["label"] for c in data]
    assert list(rows[0])[-3:] == ["first_seat_win_difference", "first_seat_ci95_low", "first_seat_ci95_high"]
    for row, combo in zip(rows, data):
        assert row["player_counts.4.field_price"] == str(combo["settings"].get("player_counts.4.field_price", ""))
        assert float(row["mean_score"]) == pytest.approx(combo["mean_score"])
        assert float(row["mean_turns"]) == pytest.approx(combo["mean_turns"])
        assert int(row["games"]) == combo["games"] == 4 and int(row["failed_games"]) == combo["failed_games"] == 0
        for seat in combo["seats"]:
            assert float(row[f"win_share_seat_{seat['seat']}"]) == pytest.approx(seat["win_share"])
            assert float(row[f"mean_score_seat_{seat['seat']}"]) == pytest.approx(seat["mean_score"])
        vs = combo.get("vs_baseline")
        if vs is None:
            assert row["score_difference"] == row["first_seat_ci95_high"] == ""
            continue
        assert float(row["score_difference"]) == pytest.approx(vs["mean_score_difference"])
        assert [float(row["score_ci95_low"]), float(row["score_ci95_high"])] == pytest.approx(vs["ci95"])
        assert float(row["turns_difference"]) == pytest.approx(vs["turns_difference"])
        assert float(row["first_seat_win_difference"]) == pytest.approx(vs["first_seat_win_share_difference"])
        assert [float(row["first_seat_ci95_low"]), float(row["first_seat_ci95_high"])] == pytest.approx(vs["first_seat_ci95"])


def test_a_comparison_of_one_game_says_it_needs_two() -> None:
    from engine.sim.simulate import compare_report

    lines = compare_report(_stats([[1, 3]]), _stats([[4, 4]]))
    assert any("NO CONCLUSION: a comparison needs at least two games" in line for line in lines), lines


def test_the_compare_plot_shades_the_interval_around_the_mean(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The picture's red band is mean ± 1.96 standard errors of the paired differences."""
    pytest.importorskip("matplotlib")
    from engine.sim import plot
    from engine.sim.simulate import simulate

    a = simulate(load_ruleset("base"), 3, 6, seed=2, bots=["random"], trading=False)
    b = simulate(load_ruleset("base"), 3, 6, seed=2, bots=["greedy"], trading=False)
    drawn = drawn_figures(monkeypatch, plot)
    plot.write_plot(tmp_path / "ab.svg", [a, b])
    assert (tmp_path / "ab.svg").exists()
    mean, se, n = paired_difference(a, b)
    assert n == 6 and se > 0
    band = [p for p in drawn[0].axes[1].patches if p.get_label().startswith("95% interval")]
    assert len(band) == 1
    left, width = band[0].get_x(), band[0].get_width()  # a Rectangle, x in data units
    assert (left, left + width) == pytest.approx((mean - 1.96 * se, mean + 1.96 * se))


def test_a_worker_builds_each_ruleset_of_a_job_as_itself() -> None:
    """Two rulesets (an A/B comparison) rebuilt in one worker process stay two rulesets."""
    from engine.sim.backends import RulesSpec

    base, duel = load_ruleset("base"), load_ruleset("high_bohn")
    built = [RulesSpec.of(r).build() for r in (base, duel, base)]
    assert [r.id for r in built] == [base.id, duel.id, base.id]
    assert [r.digest for r in built] == [base.digest, duel.digest, base.digest]
    assert built[0] is built[2], "built once per worker process"


def test_a_log_of_a_game_that_stopped_replays_to_the_same_stop(bohn, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """`bohn play --log` of a deadlocked game writes `stopped` in the header; the replay
    reads it and accepts the partial log because the re-run stops the same way."""
    from tests.sim.test_failures import DEADLOCK

    house = tmp_path / "lone.yaml"
    house.write_text(DEADLOCK)
    out = tmp_path / "game.jsonl"
    assert bohn("play", "--ruleset", str(house), "--seed", "3", "--log", str(out), "--quiet").code == 1
    head, _ = log.read(out)
    assert head["stopped"]["code"] == "G640"
    result = replay(out)
    assert result.ok and result.message == "the game stops with G640, as logged"


def test_a_sweep_whose_games_all_stop_reports_no_mean(tmp_path: Path) -> None:
    """No finished game, no figure: the JSON says null and the CSV leaves the cell empty
    (a mean of 0 would read as a real, terrible score)."""
    import csv
    import io

    from engine.sim.sweep import combinations, parse_set, sweep
    from engine.sim.sweep_report import to_csv, to_json
    from tests.sim.test_failures import DEADLOCK

    house = tmp_path / "lone.yaml"
    house.write_text(DEADLOCK)
    axes = [parse_set("player_counts.4.field_price=2")]
    baseline, variations = combinations(str(house), None, 4, axes)
    result = sweep(baseline, variations, 4, 3, seed=2, bots=["random"], trading=False, axes=axes)
    combos = to_json(result)["combinations"]
    stuck = [c for c in combos if c["finished_games"] == 0]
    assert stuck, [c["finished_games"] for c in combos]
    for c in stuck:
        assert c["failed_games"] == 3 and c["mean_score"] is None and c["mean_turns"] is None
    rows = {r["combination"]: r for r in csv.DictReader(io.StringIO(to_csv(result)))}
    for c in stuck:
        assert rows[c["label"]]["mean_score"] == rows[c["label"]]["mean_turns"] == ""


def test_the_sweep_json_names_every_figure_and_its_spread() -> None:
    """A script reading `bohn sweep --json` finds each figure under its documented key."""
    from engine.sim.sweep_report import to_json

    result = _small_sweep()
    combos = to_json(result)["combinations"]
    for combo, tally in zip(combos, result.tallies):
        assert set(combo) >= {"label", "baseline", "settings", "games", "finished_games", "failed_games", "failures",
                              "mean_score", "score_sd", "mean_turns", "seats"}
        assert combo["score_sd"] == pytest.approx(tally.score.sd) and combo["score_sd"] > 0
        assert [set(s) for s in combo["seats"]] == [{"seat", "win_share", "win_share_ci95", "mean_score"}] * 4
        assert [s["win_share"] for s in combo["seats"]] == pytest.approx([tally.win_share(s) for s in range(4)])
    assert [c["baseline"] for c in combos] == [True, False, False]


def test_the_designer_files_each_bought_building_under_its_group() -> None:
    from engine.sim.simulate import simulate

    rules = load_ruleset("high_bohn")
    stats = simulate(rules, 4, 2, seed=0, bots=["greedy"], trading=False)
    assert stats.designer is not None
    rows = stats.designer.items
    assert rows, "greedy bots buy buildings in High Bohn"
    group_of = {item.id: item.group for item in rules.items}
    assert any(group_of[r["item"]] != r["item"] for r in rows)
    assert [r["group"] for r in rows] == [group_of[r["item"]] for r in rows]


def test_the_narration_of_a_field_purchase_says_its_price() -> None:
    from engine.sim.narrate import describe

    assert describe({"type": "field_bought", "seat": 1, "price": 3}, ["ann", "bob"]) == "bob bought a field (3 coins)"
    assert describe({"type": "field_bought", "seat": 0}, ["ann", "bob"]) == "ann bought a field (? coins)"


def test_the_play_text_names_the_rule_of_what_an_effect_did() -> None:
    from engine.sim.narrate import turn_lines

    events = [{"type": "turn_started", "turn": 1, "seat": 0},
              {"type": "gained", "seat": 0, "coins": 1, "effect": True, "rule": "house.yaml:4"},
              {"type": "gained", "seat": 0, "coins": 2, "rule": "house.yaml:9"}]
    text = " ".join(turn_lines(events, ["ann", "bob"], width=200))
    assert "[house.yaml:4]" in text, text
    # the rule is added to what the statement did, not in its place (a 2026-12-03 mutant)
    from engine.sim.narrate import describe

    said = describe(events[1], ["ann", "bob"])
    assert said and f"{said} [house.yaml:4]" in text, text
    assert "[house.yaml:9]" not in text, "only what an effect's statement did names the statement"


def test_simulate_starts_at_seed_0_unless_told() -> None:
    from engine.sim.simulate import simulate

    rules = load_ruleset("base")
    plain = simulate(rules, 3, 3, bots=["random"], trading=False)
    assert plain.per_game_scores == simulate(rules, 3, 3, seed=0, bots=["random"], trading=False).per_game_scores
    assert plain.per_game_scores != simulate(rules, 3, 3, seed=1, bots=["random"], trading=False).per_game_scores


def test_a_dask_scheduler_without_workers_is_c541_naming_it() -> None:
    pytest.importorskip("distributed")
    from engine.errors import BohnError
    from engine.sim.dask_backend import DaskBackend

    class NoWorkers:
        closed = False

        def wait_for_workers(self, n: int, timeout: float) -> None:
            raise TimeoutError("none came")

        def close(self) -> None:
            self.closed = True

    client = NoWorkers()
    with pytest.raises(BohnError) as caught:
        DaskBackend("sched:8786", timeout=0.1, client=client)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("C541", "the Dask scheduler at tcp://sched:8786 has no workers")
    assert "dask worker ADDRESS" in str(d.hint)


# --- survivors of the 2026-12-01 sample (40 of engine/sim, seed 20, at 2be922f) ----------


def test_replay_warns_of_a_changed_ruleset_even_when_the_event_counts_differ(bohn, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """`bohn replay` of a log cut short, written by another version of the rules: the user
    sees both the G605 warning (the ruleset changed) and the error saying how many events
    each side has; the warning must not vanish because the counts differ."""
    path = _no_trading_log(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["digest"] = "0" * len(head["digest"])  # the log was written with other rules
    path.write_text("\n".join([log.dumps(head), *lines[1:-2]]) + "\n", encoding="utf-8")
    result = replay(path)
    assert not result.ok and result.digest_changed is True
    assert result.message.startswith("the log has ")
    run = bohn("replay", str(path))
    assert run.code == 1
    out = run.out.splitlines()
    assert out[0] == f"{path}:1:1: warning G605: the ruleset has changed since this log was written"
    assert out[1].startswith(f"{path}: error G603: the log has "), out


def test_the_designer_tables_of_records_count_rounds_by_the_players() -> None:
    """`aggregate` (the designer tables of records collected elsewhere, for a script):
    the game length's rounds are turns divided by the number of players."""
    from engine.sim.designer import GameRecord, aggregate

    records = [GameRecord(scores=[3, 5], winners=[1], turns=20), GameRecord(scores=[4, 4], winners=[0, 1], turns=30)]
    d = aggregate(records, 2)
    assert d.games == 2
    assert d.length == {"mean": 25.0, "median": 25.0, "min": 20, "max": 30, "rounds_mean": 12.5}


def test_the_sweep_json_gives_a_win_share_interval_from_two_games() -> None:
    """Two finished games are enough for a seat's 95 % win-share interval in `bohn sweep
    --json` (one is not: null)."""
    from engine.sim.sweep import combinations, parse_set, sweep
    from engine.sim.sweep_report import to_json

    axes = [parse_set("player_counts.3.field_price=2")]
    baseline, variations = combinations("base", None, 3, axes)
    for games in (1, 2):
        combos = to_json(sweep(baseline, variations, 3, games, seed=0, bots=["greedy"], trading=False, axes=axes))["combinations"]
        for combo in combos:
            assert combo["finished_games"] == games
            for seat in combo["seats"]:
                share = seat["win_share"]
                if games == 1:
                    assert seat["win_share_ci95"] == [None, None]
                    continue
                half = 1.959963984540054 * math.sqrt(share * (1 - share) / 2)
                assert seat["win_share_ci95"] == pytest.approx([max(0.0, share - half), min(1.0, share + half)])


def test_the_sweep_table_stars_a_clear_difference() -> None:
    """A variation that pays far more (coffee beans worth a coin per bean) shows its score
    difference in `bohn sweep`'s table with the " *" the footnote explains."""
    from engine.sim.sweep import combinations, parse_set, sweep
    from engine.sim.sweep_report import text_lines

    axes = [parse_set("beans.coffee.beanometer=[1,2,3,4]")]
    baseline, variations = combinations("base", None, 3, axes)
    lines = text_lines(sweep(baseline, variations, 3, 4, seed=0, bots=["greedy"], trading=False, axes=axes))
    row = next(line for line in lines if line.startswith("beans.coffee"))
    score_cell = row[row.index("+"):]
    assert score_cell.startswith("+") and "] *" in score_cell, row
    assert lines[-1].startswith("* the 95% confidence interval excludes 0")


def test_simulate_check_reports_a_game_that_breaks_an_invariant(monkeypatch: pytest.MonkeyPatch) -> None:
    """`bohn simulate --check`: a game whose cards stop adding up is not counted, and the
    report names its seed and G680 (the check must reach every backend's games)."""
    import engine.game.invariants as invariants
    from engine.sim.simulate import report, simulate

    real = invariants.check_cards

    def lost_a_card_in_seed_101(game: Game) -> list[str]:
        return ["1 cards in zones, 2 in the game"] if game.seed == 101 else real(game)

    monkeypatch.setattr(invariants, "check_cards", lost_a_card_in_seed_101)
    stats = simulate(load_ruleset("base"), 3, 3, seed=100, bots=["random"], trading=False, stats=False, check=True)
    assert [(f.seed, f.code) for f in stats.failures] == [(101, "G680")]
    lines = report(stats)
    assert lines[1] == "  1 of 3 game(s) stopped with an error and are not counted:"
    assert lines[2].startswith("    seed 101: error G680: ")


def test_a_run_measured_as_taking_no_time_has_no_rate() -> None:
    """A run whose clock shows 0 seconds says 0 games/s in the text (and null in JSON),
    not a made-up rate."""
    from engine.sim.simulate import report

    stats = Stats("base", None, 2, 3, [], [10, 10, 10], 0, 0.0, [[1, 2]] * 3)
    assert report(stats)[0] == "base: 3 games, 2 players, 0 games/s, 10.0 turns on average, mean score 0.00"
    assert stats.to_json()["games_per_second"] is None


def test_an_unreachable_dask_scheduler_is_c541_saying_how_to_start_one() -> None:
    """`--scheduler` naming no scheduler: C541 names the address, and its hint the two
    commands to start a cluster, with the placeholder for the address in capitals."""
    pytest.importorskip("distributed")
    from engine.errors import BohnError
    from engine.sim.dask_backend import DaskBackend

    with pytest.raises(BohnError) as caught:
        DaskBackend("127.0.0.1:1", timeout=0.3)
    d = caught.value.diagnostics[0]
    assert d.code == "C541" and d.message.startswith("cannot reach the Dask scheduler at tcp://127.0.0.1:1: ")
    assert d.hint == "start one with `dask scheduler` and workers with `dask worker ADDRESS`"


def test_a_dask_scheduler_with_one_worker_is_enough() -> None:
    """A cluster of a single worker (an in-process one here: fast, no network) runs a
    simulation, with the very numbers of this process."""
    distributed = pytest.importorskip("distributed")
    import logging

    from engine.sim.dask_backend import DaskBackend
    from engine.sim.simulate import simulate

    rules = load_ruleset("base")
    local = simulate(rules, 3, 4, seed=1, bots=["random"], trading=False)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None,
                                  silence_logs=logging.CRITICAL) as cluster:
        backend = DaskBackend(cluster.scheduler_address, timeout=2.0)
        try:
            remote = simulate(rules, 3, 4, seed=1, bots=["random"], trading=False, backend=backend)
        finally:
            backend.close()
    assert remote.per_game_scores == local.per_game_scores and remote.turns == local.turns


def test_a_batch_on_a_worker_running_another_bohn_stops_the_run_with_c543() -> None:
    """A worker that joined after the start and runs another bohn: the run stops with
    C543 naming both versions (its games would not be this bohn's games)."""
    from typing import Iterator, Sequence

    from engine.errors import BohnError
    from engine.rules.model import Ruleset
    from engine.sim.backends import (Batch, BatchResult, GameFn, InlineBackend, RulesSpec, engine_fingerprint, pack,
                                     run_packed_batch)
    from engine.sim.simulate import simulate

    class LateWorker(InlineBackend):
        def run(self, fn: GameFn, rulesets: Sequence[Ruleset], batches: Sequence[Batch]) -> Iterator[BatchResult]:
            packed = pack([RulesSpec.of(r) for r in rulesets])
            for index, seeds in enumerate(batches):
                yield run_packed_batch(fn, packed, index, list(seeds), "another-bohn")

    with pytest.raises(BohnError) as caught:
        simulate(load_ruleset("base"), 3, 2, bots=["random"], trading=False, backend=LateWorker())
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("C543", f"the worker runs another version of bohn ({engine_fingerprint()}, not another-bohn)")


def test_the_play_text_tells_what_each_player_drew(bohn) -> None:  # type: ignore[no-untyped-def]
    """`bohn play` tells the end-of-turn draw: `greedy-0 drew 3` in the first turn."""
    from engine.sim.narrate import describe

    assert describe({"type": "drew", "seat": 1, "cards": 2}, ["ann", "bob"]) == "bob drew 2"
    run = bohn("play", "--players", "3", "--seed", "4")
    assert run.code == 0
    first_turn = run.out[run.out.index("turn 1,"):run.out.index("turn 2,")]
    assert "greedy-0 drew 3" in " ".join(first_turn.split()), first_turn


def test_the_play_text_names_which_of_an_effects_actions_was_taken() -> None:
    """An effect that declares several actions (Bohn Camillo's gifts: plant a revealed
    card, or give it) is told with the action taken, not only the effect's id."""
    from engine.sim.narrate import describe

    seats = ["ann", "bob"]
    assert describe({"type": "acted", "seat": 0, "action": "gifts", "name": "give"}, seats) == "ann used gifts: give"
    assert describe({"type": "acted", "seat": 1, "action": "gifts", "name": "plant_revealed"}, seats) == \
        "bob used gifts: plant revealed"
    assert describe({"type": "acted", "seat": 1, "action": "spy", "name": "spy"}, seats) == "bob used spy"


def test_the_play_text_tells_what_a_trade_got_in_return(bohn) -> None:  # type: ignore[no-untyped-def]
    """A trade is told with what came back (`for Chili bean`), a one-sided one as a gift."""
    from engine.sim.narrate import describe

    seats = ["ann", "bob"]
    assert describe({"type": "traded", "seat": 0, "target": 1, "gave": ["Red bean"], "got": ["Wax bean", "Wax bean"]},
                    seats) == "ann gave Red bean to bob for 2× Wax bean"
    assert describe({"type": "traded", "seat": 1, "target": 0, "gave": ["Soy bean"], "got": []}, seats) == \
        "bob gave Soy bean to ann as a gift"
    run = bohn("play", "--players", "3", "--seed", "4")
    assert run.code == 0
    text = " ".join(run.out.split())
    assert "greedy-0 gave Green bean to greedy-1 for Chili bean" in text
    assert "greedy-0 gave Green bean to greedy-1 as a gift" in text


def test_replay_places_a_malformed_action_at_its_line(bohn, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """An action line bohn cannot read is G604 at that line, column 1 (editors jump there)."""
    path = tmp_path / "g.jsonl"
    assert bohn("play", "--players", "3", "--seed", "4", "--log", str(path), "--quiet").code == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    number = next(i for i, line in enumerate(lines, 1) if json.loads(line)["type"] == "action")
    entry = json.loads(lines[number - 1])
    entry["action"]["seat"] = "the first"
    lines[number - 1] = json.dumps(entry)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = bohn("replay", str(path))
    assert run.code == 1
    assert f"{path}:{number}:1: error G604: malformed action (ValueError)" in run.err, run.err


def test_sweep_table_title_names_the_variant() -> None:
    """The sweep table's first line names the ruleset's variant, as `bohn simulate` does."""
    from engine.sim.sweep import combinations, parse_set, sweep
    from engine.sim.sweep_report import text_lines

    axes = [parse_set("player_counts.3.draw=3")]
    baseline, variations = combinations("high_bohn", "cognac", 3, axes)
    lines = text_lines(sweep(baseline, variations, 3, 1, bots=["random"], trading=False, axes=axes))
    assert lines[0].startswith("high_bohn (cognac), 3 players: 1 games per combination"), lines[0]


def test_a_sweep_value_may_quote_a_comma() -> None:
    """`--set KEY="a,b",c` is two values: a comma inside quotes does not split, the
    closing quote ends the quoted part."""
    from engine.sim.sweep import parse_set

    axis = parse_set('beans.blue.name="Blue, dark",Blue,\'Pale, blue\',Navy')
    assert axis.values == ("Blue, dark", "Blue", "Pale, blue", "Navy")
    assert [s.col for s in axis.spans] == [17, 30, 35, 48]


def test_the_progress_bar_fits_a_narrow_terminal(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The bar shrinks to leave its line one column short of the terminal's width, so
    the terminal never wraps it onto a second line."""
    import io
    import time

    from engine.sim.simulate import progress_bar

    class Terminal(io.StringIO):
        encoding = "utf-8"

        def isatty(self) -> bool:
            return True

    clock = iter([100.0, 110.0])
    monkeypatch.setattr(time, "perf_counter", lambda: next(clock))
    monkeypatch.setenv("COLUMNS", "50")
    out = Terminal()
    progress_bar(out)(5, 10)
    line = out.getvalue().removeprefix("\r").removesuffix("\033[K")
    assert line.endswith("] 5/10 games, 0.5/s, 10s left") and len(line) == 49, (len(line), line)


# --- survivors of the 2026-12-03 sample (30 of engine/sim, seed 42, at 1f9505b) ----------


class _Workers:
    """A Dask client of workers that all run this bohn (or ``other`` of them another)."""

    def __init__(self, other: int = 0) -> None:
        self.other = other
        self.waited: tuple[int, float | None] | None = None
        self.closed = False

    def wait_for_workers(self, n: int, timeout: float | None = None) -> None:
        self.waited = (n, timeout)

    def run(self, fn: Any) -> dict[str, str]:
        mine = fn()
        return {f"tcp://w{i}": (mine if i >= self.other else "another") for i in range(3)}

    def nthreads(self) -> dict[str, int]:
        return {"tcp://w0": 2}

    def close(self) -> None:
        self.closed = True


def test_a_dask_backend_waits_for_a_worker_as_long_as_it_was_told() -> None:
    pytest.importorskip("distributed")
    from engine.sim.dask_backend import DaskBackend

    client = _Workers()
    backend = DaskBackend("sched:8786", timeout=3.5, client=client)
    assert client.waited == (1, 3.5) and backend.threads() == 2


def test_workers_of_another_bohn_are_c543_naming_them() -> None:
    pytest.importorskip("distributed")
    from engine.errors import BohnError
    from engine.sim.dask_backend import DaskBackend

    with pytest.raises(BohnError) as caught:
        DaskBackend("sched:8786", client=_Workers(other=2))
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("C543", "2 Dask worker(s) run another version of bohn (tcp://w0, tcp://w1)")


def test_without_dask_a_scheduler_is_c540_saying_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    from engine.errors import BohnError
    from engine.sim.dask_backend import _import_distributed

    real = builtins.__import__

    def no_dask(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "distributed":
            raise ImportError("no distributed")
        return real(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_dask)
    with pytest.raises(BohnError) as caught:
        _import_distributed()
    d = caught.value.diagnostics[0]
    assert (d.code, d.hint) == ("C540", "install the extra: pip install 'bohn[dask]'")


def test_a_window_of_one_batch_starts_one_at_a_time() -> None:
    from engine.sim.batches import Window

    for size in (0, 1):
        window = Window(3, size)
        assert list(window.startable()) == [0]
        assert window.returned_one(0) and list(window.startable()) == [1]


def test_the_json_statistics_give_each_seat_its_share_of_the_wins() -> None:
    rules = load_ruleset("base")
    from engine.sim.simulate import simulate

    stats = simulate(rules, 3, 6, bots=["random"], trading=False)
    seats = stats.to_json()["seats"]
    assert [round(s["win_share"] * stats.games, 6) for s in seats] == [float(s.wins) for s in stats.seats]
    assert math.isclose(sum(s["win_share"] for s in seats), sum(s.wins for s in stats.seats) / stats.games)


def test_a_plot_of_one_run_has_one_panel_and_of_two_runs_two(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("matplotlib")
    from engine.sim import plot
    from engine.sim.simulate import simulate

    figures: list[Any] = []
    monkeypatch.setattr(plot, "save_figure", lambda plt, fig, path: figures.append(fig))
    rules = load_ruleset("base")
    a = simulate(rules, 3, 4, bots=["random"], trading=False)
    b = simulate(rules, 3, 4, seed=4, bots=["random"], trading=False)
    plot.write_plot(tmp_path / "one.png", [a])
    plot.write_plot(tmp_path / "two.png", [a, b])
    assert [len(fig.axes) for fig in figures] == [1, 2]


# --- survivors of the 2026-12-03 sample (30 of engine/sim, seed 43, at 6352144) ----------


def test_the_report_and_the_sweep_table_head_their_columns() -> None:
    from engine.sim.simulate import report, simulate
    from engine.sim.sweep import combinations, parse_set, sweep
    from engine.sim.sweep_report import text_lines

    lines = report(simulate(load_ruleset("base"), 3, 2, bots=["random"], trading=False))
    assert f"  {'seat':<6}{'wins':>8}{'mean score':>12}" in lines
    axes = [parse_set("player_counts.4.field_price=3")]
    baseline, variations = combinations("base", None, 4, axes)
    table = text_lines(sweep(baseline, variations, 4, 2, bots=["random"], trading=False, axes=axes))
    head = next(line for line in table if "win share by seat" in line)
    assert head.split()[-8:-4] == ["game", "vs", "baseline:", "mean"], head


def test_the_narration_says_where_a_revealed_card_came_from_and_what_was_cancelled() -> None:
    from engine.sim.narrate import describe

    names = ["ann", "bob"]
    assert describe({"type": "revealed", "bean": "red"}, names) == "revealed red"
    assert describe({"type": "revealed", "bean": "red", "source": "discard"}, names) == "revealed red from the discard pile"
    assert describe({"type": "cancelled", "seat": 1, "action": "sell"}, names) == "bob's sell was cancelled"


def test_a_dask_backend_closes_only_the_client_it_made() -> None:
    pytest.importorskip("distributed")
    from engine.sim.dask_backend import DaskBackend

    client = _Workers()
    DaskBackend("sched:8786", client=client).close()
    assert client.closed is False, "the caller's client stays open"


def test_a_log_that_ends_before_its_game_is_g615_saying_after_how_many_actions(tmp_path: Path) -> None:
    # replay `_stopped_early`: the result of a log cut before its game's end, field by field
    path = _no_trading_log(tmp_path)
    lines = path.read_text(encoding="utf-8").splitlines()
    actions = [i for i, line in enumerate(lines) if json.loads(line)["type"] == "action"]
    path.write_text("\n".join(lines[:actions[10]]) + "\n", encoding="utf-8")  # the first 10 actions and their events
    result = replay(path)
    assert (result.ok, result.code, result.actions, result.digest_changed) == (False, "G615", 10, False), result
    assert result.message == "the log ends after 10 actions, before the game does"


# --- survivors of the 2026-12-03 sample (30 of engine/sim, seed 44, at c94183d) ----------


def test_a_dask_batch_holds_at_most_a_hundred_games() -> None:
    # ``DaskBackend.batch_size``: eight batches a thread, never more than 100 games (a lost
    # worker's batch is re-run whole), never fewer than one
    pytest.importorskip("distributed")
    from engine.sim.dask_backend import DaskBackend

    backend = DaskBackend("sched:8786", client=_Workers())  # two threads
    assert [backend.batch_size(n) for n in (1, 15, 16, 800, 1600, 1616, 100_000)] == [1, 1, 1, 50, 100, 100, 100]


def test_the_designer_bean_table_sums_the_coins_of_every_harvest() -> None:
    from engine.sim.designer import GameRecord, aggregate

    records = [GameRecord(harvests=[("red", 4, 2, False), ("red", 3, 1, True)], scores=[3, 0], winners=[0], turns=8),
               GameRecord(harvests=[("red", 6, 3, False)], scores=[0, 3], winners=[1], turns=10)]
    (row,) = aggregate(records, 2).beans
    assert row == {"bean": "red", "harvests": 2, "final_harvests": 1, "harvests_per_game": 1.5,
                   "beans_per_harvest": 13 / 3, "coins_per_harvest": 2.0, "coins": 6}


def test_the_narration_lists_every_item_that_left_the_game_and_the_last_round() -> None:
    from engine.sim.narrate import describe

    names = ["ann", "bob"]
    said = describe({"type": "items_removed", "items": ["cognac_still", "bean_tree"]}, names)
    assert said is not None and said.endswith(" left the game") and ", " in said, said
    assert said.count(", ") == 1 and "XX" not in said, said
    assert describe({"type": "last_round"}, names) == "the last round begins"


# --- survivors of the 2026-12-03 sample (30 of engine/sim, seed 45, at b2e69fc) ----------


def test_the_compare_plot_draws_at_most_30_bins_of_differences(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The paired differences' histogram has a fifth as many bins as seeds, between 5
    and 30: 200 seeds of 200 distinct differences give 30 bars, not 40."""
    pytest.importorskip("matplotlib")
    from engine.sim import plot

    a = _stats([[0, 0]] * 200)
    b = _stats([[i, i] for i in range(200)])
    drawn = drawn_figures(monkeypatch, plot)
    plot.write_plot(tmp_path / "ab.svg", [a, b])
    bars = [p for p in drawn[0].axes[1].patches if not p.get_label().startswith("95% interval")]
    assert len(bars) == 30


def test_a_paired_difference_without_spread_is_no_clear_difference() -> None:
    """Every seed one coin apart: the standard error is 0, and two standard errors of 0
    say nothing of a real difference (the verdict needs a spread to measure against)."""
    from engine.sim.simulate import compare_report

    lines = compare_report(_stats([[1, 1], [2, 2], [3, 3]]), _stats([[2, 2], [3, 3], [4, 4]]))
    assert paired_difference(_stats([[1, 1], [2, 2]]), _stats([[2, 2], [3, 3]]))[1] == 0
    assert "difference +1.00 ± 0.00 (standard error) — no clear difference" in lines[1], lines


def test_a_worker_that_rebuilds_other_rules_is_c543() -> None:
    """A worker whose rebuilt ruleset has another digest than the sender's (another
    bohn reading the same document otherwise) stops the batch with C543, naming both."""
    import dataclasses

    from engine.errors import BohnError
    from engine.sim.backends import RulesSpec, run_batch

    spec = dataclasses.replace(RulesSpec.of(load_ruleset("base")), digest="not-this-digest")
    with pytest.raises(BohnError) as caught:
        spec.build()
    d = caught.value.diagnostics[0]
    assert d.code == "C543" and d.message.startswith("a worker rebuilt `base` with digest ")
    assert d.message.endswith(", not not-this-digest")
    result = run_batch(lambda rulesets, seed: seed, [spec], 4, [1, 2])
    assert (result.index, result.values) == (4, None)
    assert result.errors is not None and [e.code for e in result.errors] == ["C543"]


def test_dask_workers_that_cannot_unpickle_bohn_are_c543() -> None:
    """Workers without bohn fail the fingerprint call itself: C543 says so, with the
    install command, and the client is closed."""
    pytest.importorskip("distributed")
    from engine.errors import BohnError
    from engine.sim.dask_backend import DaskBackend

    class NoBohn:
        closed = False

        def wait_for_workers(self, n: int, timeout: float) -> None:
            pass

        def run(self, fn: Any) -> dict[str, str]:
            raise ModuleNotFoundError("No module named 'engine'")

        def close(self) -> None:
            self.closed = True

    client = NoBohn()
    with pytest.raises(BohnError) as caught:
        DaskBackend("sched:8786", client=client)
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("C543", "the Dask workers cannot run bohn: ModuleNotFoundError: "
                                           "No module named 'engine'")
    assert d.hint == "install the same bohn on every worker: pip install 'bohn[dask]'"


class _KilledWorker(Exception):
    pass


class _Future:
    """A finished stand-in for a Dask future: its result, or the exception that lost it."""

    def __init__(self, value: Any = None, exc: BaseException | None = None) -> None:
        self.value, self.exc = value, exc
        self.status = "error" if exc is not None else "finished"

    def exception(self) -> BaseException | None:
        return self.exc

    def result(self) -> Any:
        return self.value

    def release(self) -> None:
        pass

    def cancel(self) -> None:
        pass


class _Completed:
    """``distributed.as_completed``: the futures in the order they were added, more
    added while it is walked."""

    def __init__(self, loop: Any = None) -> None:
        self.queue: list[_Future] = []

    def add(self, future: _Future) -> None:
        self.queue.append(future)

    def __iter__(self) -> Iterator[_Future]:
        while self.queue:
            yield self.queue.pop(0)


class _LosingClient:
    """A one-thread cluster that loses the worker of the batches in ``lose`` a number of
    times each before it runs them (every submit runs at once, in this process)."""

    loop = None

    def __init__(self, lose: dict[int, int]) -> None:
        self.lose = dict(lose)
        self.keys: list[str] = []

    def wait_for_workers(self, n: int, timeout: float) -> None:
        pass

    def run(self, fn: Any) -> dict[str, str]:
        return {"tcp://w:1": fn()}

    def nthreads(self) -> dict[str, int]:
        return {"tcp://w:1": 1}

    def submit(self, fn: Any, *args: Any, pure: bool, key: str) -> _Future:
        self.keys.append(key)
        index = args[2]
        if self.lose.get(index, 0) > 0:
            self.lose[index] -= 1
            return _Future(exc=_KilledWorker(f"lost batch {index}"))
        return _Future(fn(*args))

    def close(self) -> None:
        pass


def _dask_with(client: _LosingClient, monkeypatch: pytest.MonkeyPatch) -> Any:
    import types

    import engine.sim.dask_backend as dask_backend

    fake = types.SimpleNamespace(KilledWorker=_KilledWorker, as_completed=_Completed)
    monkeypatch.setattr(dask_backend, "_import_distributed", lambda: fake)
    return dask_backend.DaskBackend("w:8786", client=client)


def _seed_twice(rulesets: Any, seed: int) -> int:
    return 2 * seed


def test_dask_runs_a_lost_batch_again_up_to_three_times(monkeypatch: pytest.MonkeyPatch) -> None:
    """Batch 1's worker lost three times (MAX_RERUNS): it runs a fourth time, under a
    new key each time, and every game comes back once."""
    from engine.sim.backends import play_seeds

    client = _LosingClient({1: 3})
    backend = _dask_with(client, monkeypatch)
    out = list(play_seeds(_seed_twice, [load_ruleset("base")], range(24), backend=backend))
    assert out == [2 * s for s in range(24)]
    assert backend.reruns == 3
    ones = [k.rsplit("-", 2)[1:] for k in client.keys if k.rsplit("-", 2)[1] == "1"]
    assert ones == [["1", "0"], ["1", "1"], ["1", "2"], ["1", "3"]]


def test_dask_stops_with_c542_when_a_batch_loses_its_worker_four_times(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fourth lost worker for the same batch stops the run: C542 counts the four
    losses and points at the workers' logs."""
    from engine.errors import BohnError
    from engine.sim.backends import play_seeds

    backend = _dask_with(_LosingClient({0: 4}), monkeypatch)
    with pytest.raises(BohnError) as caught:
        list(play_seeds(_seed_twice, [load_ruleset("base")], range(6), backend=backend))
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("C542", "batch 0 lost its worker 4 times; the run was stopped")
    assert d.hint == "check the workers' logs: a game may exhaust a worker's memory"
    assert backend.reruns == 3


def _refuse(rulesets: Any, seed: int) -> int:
    from engine.errors import BohnError

    raise BohnError.one("C530", f"seed {seed} refused")


def test_a_batch_of_rules_already_built_returns_its_games_error() -> None:
    """A worker that already built the batch's rules skips unpickling them; a game's
    coded error still comes back as the batch's errors, not as a crash."""
    from engine.sim.backends import RulesSpec, pack, run_packed_batch

    rules = load_ruleset("base")
    packed = pack([RulesSpec.of(rules)])
    RulesSpec.of(rules).build()  # now in the worker's cache
    ok = run_packed_batch(_seed_twice, packed, 2, [3, 4])
    assert (ok.index, ok.values, ok.errors) == (2, [6, 8], None)
    failed = run_packed_batch(_refuse, packed, 5, [7])
    assert (failed.index, failed.values) == (5, None)
    assert failed.errors is not None and [(e.code, e.message) for e in failed.errors] == [("C530", "seed 7 refused")]


def test_a_local_worker_plays_a_batch_with_the_job_it_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    """What a local worker process runs, here in this process: the job set at its start
    (`_remember`) plays each batch by index, with the rules built once."""
    import signal

    import engine.sim.backends as backends

    rules = load_ruleset("base")
    monkeypatch.setattr(backends, "_JOB", None)
    previous = signal.getsignal(signal.SIGINT)
    monkeypatch.setattr("gc.freeze", lambda: None)
    try:
        backends._remember(_seed_twice, (backends.RulesSpec.of(rules),))
        assert signal.getsignal(signal.SIGINT) == signal.SIG_IGN, "Ctrl-C is the parent's to handle"
    finally:
        signal.signal(signal.SIGINT, previous)
    result = backends._run_remembered(3, [5, 6])
    assert (result.index, result.values, result.errors) == (3, [10, 12], None)


def test_stopping_a_pool_ignores_a_second_ctrl_c_and_leaves_no_worker() -> None:
    """`_stop` (Ctrl-C, or an error in a batch): while it shuts the pool down a second
    Ctrl-C is ignored, afterwards the caller's handler is back; every live worker is
    terminated, and one that outlives its terminate is killed."""
    import signal

    from engine.sim.backends import _stop

    seen: list[str] = []

    class Worker:
        def __init__(self, name: str, stubborn: bool) -> None:
            self.name, self.stubborn, self.alive = name, stubborn, True

        def is_alive(self) -> bool:
            return self.alive

        def terminate(self) -> None:
            seen.append(f"terminate {self.name}")
            self.alive = self.stubborn

        def join(self, timeout: float) -> None:
            seen.append(f"join {self.name}")

        def kill(self) -> None:
            seen.append(f"kill {self.name}")
            self.alive = False

    class Pool:
        _processes = {1: Worker("a", False), 2: Worker("b", True)}

        def shutdown(self, wait: bool, cancel_futures: bool) -> None:
            assert (wait, cancel_futures) == (False, True)
            seen.append(f"shutdown, Ctrl-C {'ignored' if signal.getsignal(signal.SIGINT) == signal.SIG_IGN else 'live'}")

    def mine(signum: int, frame: Any) -> None:
        pass

    previous = signal.signal(signal.SIGINT, mine)
    try:
        _stop(Pool())  # type: ignore[arg-type]
        assert signal.getsignal(signal.SIGINT) is mine
    finally:
        signal.signal(signal.SIGINT, previous)
    assert seen == ["shutdown, Ctrl-C ignored", "terminate a", "terminate b", "join a", "join b", "kill b", "join b"]


# --- survivors of the 2026-12-04 sample (30 of engine/sim, seed 46, at 8c1d5f1) ----------


def test_a_log_naming_a_missing_ruleset_is_placed_at_its_header(bohn, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A log whose header names a ruleset file that is not there: O300 at the header's
    line, column 1, the log's own place (an editor jumps there), not at a file never read."""
    path = tmp_path / "g.jsonl"
    assert bohn("play", "--players", "3", "--seed", "4", "--log", str(path), "--quiet").code == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["ruleset_ref"] = "gone.yaml"
    lines[0] = json.dumps(head)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run = bohn("replay", str(path))
    assert run.code == 1
    assert f"{path}:1:1: error O300: ruleset file `gone.yaml` not found" in run.err, run.err


def test_the_command_to_play_a_failed_game_again_keeps_trading_off() -> None:
    """The command printed for a failed game without trading says `--no-trading`, an
    option `bohn play` reads (so the game played again is the game that failed)."""
    import shlex

    from engine.cli import build_parser
    from engine.sim.failures import replay_command

    command = replay_command("base", None, 3, 7, ["random", "greedy"], trading=False)
    assert command == "bohn play --ruleset base --players 3 --seed 7 --bots random,greedy --no-trading --log game-7.jsonl"
    args = build_parser().parse_args(shlex.split(command)[1:])
    assert args.no_trading is True and args.seed == 7
    assert "--no-trading" not in replay_command("base", None, 3, 7, ["random"], trading=True)


def test_a_value_set_twice_in_a_sweep_says_which_setting_it_overlaps() -> None:
    from engine.errors import BohnError
    from engine.sim.sweep import combinations, parse_set

    with pytest.raises(BohnError) as caught:
        combinations("base", None, 4, [parse_set("player_counts.4.field_price=1"), parse_set("player_counts.4=5", 2)])
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("C544", "`player_counts.4` overlaps `player_counts.4.field_price` (--set 1): "
                                           "each value may be set once")


def test_the_narration_names_an_item_by_its_name() -> None:
    """Every item (High Bohn's buildings) is told by its name, not its id: an item is a
    card of a kind with `buy:`, named as its card."""
    from engine.sim.narrate import labels

    rules = load_ruleset("high_bohn")
    label = labels(rules)
    assert rules.items and all(item.id != item.name for item in rules.items)
    assert [label(item.id) for item in rules.items] == [item.name for item in rules.items]


def test_the_inline_backend_cuts_a_twentieth_of_the_games_per_batch_up_to_50() -> None:
    from engine.sim.backends import InlineBackend

    sizes = [InlineBackend().batch_size(n) for n in (1, 19, 20, 100, 999, 1000, 5000)]
    assert sizes == [1, 1, 1, 5, 49, 50, 50]


def _exit_worker(rulesets: Any, seed: int) -> int:
    import os

    os._exit(3)  # the worker process dies: its pool breaks


def test_worker_processes_that_keep_dying_stop_the_run_with_c542() -> None:
    """A game that kills its worker process every time: the pool is started again three
    times (MAX_RERUNS), then the run stops with C542 counting the four deaths."""
    from engine.errors import BohnError
    from engine.sim.backends import ProcessBackend, play_seeds

    backend = ProcessBackend(1)
    with pytest.raises(BohnError) as caught:
        list(play_seeds(_exit_worker, [load_ruleset("base")], range(2), backend=backend))
    d = caught.value.diagnostics[0]
    assert (d.code, d.message) == ("C542", "worker processes died 4 times; the run was stopped")


def test_the_account_merges_plantings_by_one_rule_and_leaves_out_cards_reaching_the_front() -> None:
    """Two plantings by the same rule read as one, the rule cited once; by two rules (or
    one by a rule, one by hand) they stay apart. A card reaching the front of a hand is
    left out of the account (the planting that follows tells it)."""
    from engine.sim.narrate import turn_lines

    rule, other = "rulesets/x.yaml:9", "rulesets/x.yaml:12"
    events = [{"type": "turn_started", "turn": 1, "seat": 0},
              {"type": "card_at_front", "seat": 0, "bean": "blue"},
              {"type": "planted", "seat": 1, "bean": "red", "effect": True, "rule": rule},
              {"type": "planted", "seat": 1, "bean": "soy", "effect": True, "rule": rule},
              {"type": "planted", "seat": 1, "bean": "wax", "effect": True, "rule": other},
              {"type": "planted", "seat": 1, "bean": "blue"},
              {"type": "planted", "seat": 1, "bean": "green"}]
    [line] = turn_lines(events, ["ann", "bob"], width=400)
    assert line == (f"turn 1, ann: bob planted red, soy [{rule}]; bob planted wax [{other}]; bob planted blue, green")
