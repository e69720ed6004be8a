"""``bridgeroom deal``: boards that meet conditions, from a Dealer script or a practice set.

See docs/simulation.md. Only argparse is imported here; the generator, NumPy
and Dask are imported when the command runs.
"""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["configure", "read_script", "run"]

_FORMATS = ("pbn", "lin", "text")
_GAMES = ("contract", "auction", "minibridge", "three-handed")


def configure(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Deal N boards that meet the conditions of a Dealer script (or of a practice set, "
        "or of --condition), numbered as boards with their dealer and vulnerability, as PBN "
        "(or LIN, or text) to standard output or a file. A seeded run gives the same boards "
        "on one worker or many."
    )
    p.add_argument("script", nargs="?", metavar="SCRIPT", help="a Dealer script ('-': stdin)")
    p.add_argument(
        "-n",
        "--boards",
        type=int,
        metavar="N",
        help="boards to deal (default: the script's produce, else 40; 100,000 for statistics)",
    )
    p.add_argument("--seed", type=int, metavar="S", help="make the same boards again")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of the screen")
    p.add_argument(
        "-f",
        "--format",
        choices=_FORMATS,
        help="pbn (default), lin or text (default from FILE's suffix: .lin, .txt)",
    )
    p.add_argument("--set", metavar="NAME", help="a practice set shipped with bridgeroom")
    p.add_argument("--list-sets", action="store_true", help="list the practice sets and stop")
    p.add_argument(
        "-c",
        "--condition",
        metavar="EXPR",
        help="a Dealer condition, e.g. 'hcp(north) >= 20' (joined to the script's with &&)",
    )
    p.add_argument(
        "--predeal",
        action="append",
        default=[],
        metavar="CARDS",
        help="cards given before dealing: S:AKQ2.K32.A2.Q432 or 'north SAK2, HQJ3' (repeatable)",
    )
    p.add_argument(
        "--game",
        choices=_GAMES,
        help="the game the boards are for (default: the set's, else contract)",
    )
    p.add_argument(
        "--first-board", type=int, default=1, metavar="B", help="number of the first board"
    )
    p.add_argument("--event", metavar="TEXT", help="the PBN Event tag")
    p.add_argument(
        "--lang",
        choices=("en", "ru"),
        help="language of the text boards, statistics and messages (default: from "
        "BRIDGEROOM_LANG or the locale, else en); PBN and LIN are the same in every language",
    )
    p.add_argument(
        "--generate",
        type=int,
        metavar="MAX",
        help="candidate deals to try at most (default: the script's generate, else "
        "20,000,000 or 2,000 per board, whichever is more)",
    )
    from bridgeroom.analysis.generate import CHUNK
    from bridgeroom.analysis.scale import auto_workers_help
    from bridgeroom.cli.options import add_batch

    # the candidate deals of a chunk: a seeded run's boards depend on it, not on the workers
    add_batch(p, chunk=CHUNK)
    auto_workers_help(p)


def read_script(args: argparse.Namespace) -> tuple[Any, str | None, str]:
    """The script of ``deal`` and ``simulate`` (``SCRIPT``, ``--set`` or none, with
    ``--condition`` joined to it), the game its set asks for, and its name. An error in the script
    says where it is: the file (or standard input, the set, ``--condition``) and the line."""
    from bridgeroom.analysis.dealer.lexer import DealerError
    from bridgeroom.errors import BridgeError
    from bridgeroom.i18n import LANGUAGES, Message, Texts, error_text, keyed

    try:
        script, set_game, name = _script(args)
        return _with_condition(script, args.condition), set_game, name
    except DealerError as err:
        where: object = Message("cli.stdin") if args.script == "-" else args.script
        where = where or (f"--set {args.set}" if args.set else "--condition")
        message = Texts(**{lang: error_text(err, lang) for lang in LANGUAGES})
        raise keyed(BridgeError, "deal.in_source", where=where, message=message) from None


def _script(args: argparse.Namespace) -> tuple[object, str | None, str]:
    """The script to run, the game its set asks for, and its name."""
    import sys

    from bridgeroom.analysis.dealer.parser import load, loads
    from bridgeroom.analysis.dealer.syntax import Script
    from bridgeroom.errors import BridgeError
    from bridgeroom.i18n import keyed

    if args.set and args.script:
        raise keyed(BridgeError, "deal.script_or_set", option="--set")
    if args.set:
        from bridgeroom.analysis.practice import practice_set

        chosen = practice_set(args.set)
        return chosen.script, chosen.game, f"--set {chosen.name}"
    if args.script == "-":
        return loads(sys.stdin.read(), name="<stdin>"), None, "<stdin>"
    if args.script:
        return load(args.script), None, args.script
    return Script(name="--condition"), None, ""


def _with_condition(script: object, text: str | None) -> object:
    """The script with ``--condition`` joined to its own condition by ``&&``."""
    from dataclasses import replace

    from bridgeroom.analysis.dealer.parser import parse_expression
    from bridgeroom.analysis.dealer.syntax import Binary, Script

    assert isinstance(script, Script)
    if not text:
        return script
    extra = parse_expression(text, variables=dict(script.variables))
    joined = extra if script.condition is None else Binary(0, "&&", script.condition, extra)
    return replace(script, condition=joined)


def run(args: argparse.Namespace) -> int:
    import sys

    from bridgeroom.analysis.boards import BoardWriter
    from bridgeroom.analysis.dealer.actions import Actions
    from bridgeroom.analysis.dealer.evaluate import Condition
    from bridgeroom.analysis.dealer.syntax import Script
    from bridgeroom.analysis.generate import (
        Job,
        merge_predeals,
        new_seed,
        parse_predeal,
    )
    from bridgeroom.analysis.generate import (
        run as run_job,
    )
    from bridgeroom.errors import BridgeError
    from bridgeroom.i18n import Message, detect_language, keyed

    lang = detect_language(args.lang)
    if args.list_sets:
        from bridgeroom.analysis.practice import practice_sets
        from bridgeroom.games import GAMES

        for name, chosen in practice_sets().items():
            print(f"{name:<18} {GAMES[chosen.game].title(lang):<20} {chosen.title_in(lang)}")
        return 0
    script, set_game, name = read_script(args)
    assert isinstance(script, Script)
    for warning in script.warnings:
        text = warning.render(lang)
        print(f"bridgeroom deal: {name or '--condition'}: {text}", file=sys.stderr)
    predeal = merge_predeals(script.predeal, *(parse_predeal(text) for text in args.predeal))
    actions = Actions(script)
    count = args.boards
    if count is None:
        count = (
            script.produce if script.produce is not None else (40 if actions.prints else 100_000)
        )
    if count < 0:
        raise keyed(BridgeError, "deal.boards_count", count=count)
    if args.first_board < 1:
        raise keyed(BridgeError, "deal.first_board", number=args.first_board)
    fmt = args.format or _format_of(args.output)
    game = args.game or set_game or "contract"
    max_tries = args.generate if args.generate is not None else script.generate
    seed = new_seed() if args.seed is None else args.seed
    if args.chunk_size < 1:
        raise keyed(BridgeError, "deal.chunk_size", option="--chunk-size", size=args.chunk_size)
    job = Job(predeal, Condition(script), actions.values, chunk=args.chunk_size)

    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout  # noqa: SIM115
    try:
        writer = BoardWriter(
            out,
            fmt,
            game=game,
            event=args.event or f"bridgeroom deal {name}".rstrip(),
            dealer=script.dealer,
            vulnerability=script.vulnerable,
            lang=lang,
        )
        if actions.comments and fmt == "lin":
            writer.check_comments()
        number = args.first_board
        made = 0
        tried = 0
        for chunk in run_job(job, count, seed, max_tries=max_tries):
            tried += chunk.tried
            if actions.prints:
                for i, masks in enumerate(chunk.masks):
                    from bridgeroom.rules.core import Deal

                    deal = Deal.from_masks(int(m) for m in masks)
                    writer.board(
                        number, deal, seats=actions.seats, notes=actions.notes(chunk.values[i])
                    )
                    number += 1
            actions.add(chunk.values)
            made += len(chunk.masks)
            out.flush()
        summary = actions.summary(lang)
        if summary:
            if actions.prints:
                writer.comment([""] if fmt == "text" else [])
            writer.comment(summary)
    finally:
        if out is not sys.stdout:
            out.close()
    if made < count:
        short = Message("deal.short", made=made, count=count, tried=tried, option="--generate")
        print(f"bridgeroom deal: {short.render(lang)}", file=sys.stderr)
        return 1  # fewer boards than asked for: the output is not what was asked
    return 0


def _format_of(path: str | None) -> str:
    if path and path.lower().endswith(".lin"):
        return "lin"
    if path and path.lower().endswith((".txt", ".text")):
        return "text"
    return "pbn"
