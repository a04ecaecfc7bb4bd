"""``bohn play`` and ``bohn replay``: one game played with bots (or a person) and shown
turn by turn, and a logged game re-run to find where it diverges."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.commands.seeds import check_seed
from engine.errors import BohnError


def cmd_play(args: argparse.Namespace) -> int:
    from engine.game import log
    from engine.rules.loader import load_ruleset
    from engine.game.core import Game
    from engine.game.invariants import InvariantWatch
    from engine.sim.play import Played, make_agents, play_game, stopped_game
    from engine.sim.summary import score_table, turn_lines

    check_seed(args.seed)
    rules = load_ruleset(args.ruleset, args.variant)
    players = args.players if args.players is not None else rules.default_players()
    rules.row(players)
    if args.log is not None:  # refuse before the game is played, not after
        from engine.rules.loader import ruleset_files

        log.check_destination(Path(args.log), ruleset_files(args.ruleset), args.force)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    agents = make_agents(bots, players, args.seed)
    if args.human is not None:
        from engine.agents.human import HumanAgent

        if not 0 <= args.human < players:
            raise BohnError.one("C500", f"--human takes a seat from 0 to {players - 1}")
        human = HumanAgent()
        agents[args.human] = human
    def write_log(played: Played, stopped: BohnError | None = None) -> None:
        from engine.rules.loader import reference_from

        head = log.header(played.game, reference_from(args.ruleset, Path(args.log).parent), [a.name for a in agents])
        if stopped is not None:
            head["stopped"] = {"code": stopped.code, "message": stopped.diagnostics[0].message.splitlines()[0]}
        try:
            log.write(Path(args.log), head, log.entries(played.game.events, played.actions, played.action_positions))
        except OSError as exc:
            raise BohnError.one("C500", f"cannot write the log {args.log}: {exc.strerror or exc}") from None

    from engine.agents.human import PlayerQuit

    seat = args.human
    checker = InvariantWatch() if args.check else None

    def on_start(game: Game) -> None:
        if seat is not None:
            human.watch(game, seat)
        if checker is not None:
            checker.start(game)

    try:
        played = play_game(rules, players, args.seed, agents, trading=not args.no_trading, on_start=on_start,
                           after_action=checker)
    except PlayerQuit:
        print("game stopped at your request")
        return 0
    except BohnError as exc:
        partial = stopped_game(exc)
        if partial is None or exc.code.startswith("C"):
            raise
        for d in exc.diagnostics:
            print(d.format(), file=sys.stderr)
        print(f"the game (seed {args.seed}) stopped at turn {partial.game.state.turn} after {len(partial.actions)} actions",
              file=sys.stderr)
        if args.log is not None:
            write_log(partial, exc)
            print(f"log up to that point written to {args.log} ({len(partial.game.events)} events)", file=sys.stderr)
        else:
            print("  hint: add --log FILE to write the game up to that point", file=sys.stderr)
        return 1
    game = played.game
    names = [f"{agents[s].name}-{s}" for s in range(players)]
    if args.log is not None:
        write_log(played)
    if not args.quiet:
        title = rules.name + (f" ({rules.variant})" if rules.variant else "")
        print(f"{title}: {players} players, seed {args.seed}, bots {', '.join(names)}")
        from engine.sim.narrate import labels

        for line in turn_lines(game.events, names, labels(rules)):
            print(line)
        print()
    for line in score_table(game.events, names):
        print(line)
    if args.log is not None:
        print(f"log written to {args.log} ({len(game.events)} events, {len(played.actions)} actions)")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from engine.sim.replay import replay

    path = Path(args.log)
    result = replay(path, args.ruleset)
    if result.digest_changed:
        print(f"{args.log}:1:1: warning G605: the ruleset has changed since this log was written")
    if result.ok:
        print(f"ok: {result.actions} actions and {result.events} events replayed, no divergence"
              + (f"; {result.message}" if result.message else ""))
        return 0
    where = f"{args.log}:{result.line}:1" if result.line else args.log
    print(f"{where}: error {result.code}: {result.message}")
    if result.code != "G603":
        return 1
    print(f"  logged:  {json.dumps(result.expected, sort_keys=True)}")
    print(f"  re-run:  {json.dumps(result.actual, sort_keys=True)}")
    return 1
