"""``bohn explain`` and ``bohn lsp``: what an error code means, and the language server
an editor runs while a rule author writes."""

from __future__ import annotations

import argparse

from engine.errors import BohnError


def cmd_explain(args: argparse.Namespace) -> int:
    from engine.errors import CODES

    if args.all:
        from engine.errors import codes_markdown

        print(codes_markdown(), end="")
        return 0
    if not args.code:
        raise BohnError.one("C500", "name a code, or use --all")
    code = args.code.upper()
    info = CODES.get(code)
    if info is None:
        from engine.errors import did_you_mean

        raise BohnError.one("C500", f"no error code `{args.code}`{did_you_mean(code, list(CODES))}")
    print(f"{code}: {info.title}\n  {info.hint}")
    return 0


def cmd_lsp(args: argparse.Namespace) -> int:
    from engine.lsp import main as lsp_main

    return lsp_main(args.debounce / 1000 if args.debounce is not None else None)
