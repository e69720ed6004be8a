"""``bridgeroom simulate``: double-dummy simulations of contracts and of opening leads.

See docs/simulation.md. Only argparse is imported here; NumPy, DDS (endplay),
Rich, matplotlib and Dask are imported when the command runs.
"""

from __future__ import annotations

import argparse

__all__ = ["configure", "run"]

_GAMES = ("contract", "auction", "minibridge", "three-handed")


def configure(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Solve many deals double dummy. With --contracts: per contract the tricks, the chance "
        "to make, the mean score, and the differences in IMPs and matchpoints, each with a "
        "95% interval. With --lead (or --auction): every card of the leader's --hand, its "
        "defensive tricks and its chance to beat the contract. The deals meet a Dealer "
        "script, a practice set or --condition, with --predeal cards."
    )
    p.add_argument("script", nargs="?", metavar="SCRIPT", help="a Dealer script ('-': stdin)")
    p.add_argument("--set", metavar="NAME", help="a practice set's deals")
    p.add_argument("-c", "--condition", metavar="EXPR", help="a Dealer condition on the deals")
    p.add_argument(
        "--predeal", action="append", default=[], metavar="CARDS",
        help="cards given before dealing: S:AKQ2.K32.A2.Q432 or 'north SAK2' (repeatable)",
    )  # fmt: skip
    p.add_argument(
        "--contracts", nargs="+", metavar="C:D", help="contracts with their declarer: 3NT:S 4S:N"
    )
    p.add_argument("--lead", metavar="C:D", help="the contract to lead against, e.g. 4H:S")
    p.add_argument(
        "--hand", metavar="HAND", help="the opening leader's hand, e.g. KQ72.A84.T963.J5"
    )
    p.add_argument(
        "--auction", metavar="CALLS", help="the auction, from the dealer: '1H P 2H P 4H P P P'"
    )
    p.add_argument("--dealer", metavar="SEAT", help="the dealer of --auction (N, E, S, W)")
    p.add_argument("-n", "--deals", type=int, default=200, metavar="N", help="deals (default 200)")
    p.add_argument("--seed", type=int, metavar="S", help="the same deals and figures again")
    p.add_argument(
        "--vulnerable", metavar="V", help="none, NS, EW or all (default: the script's, else none)"
    )
    p.add_argument(
        "--game",
        choices=_GAMES,
        help="score as this game (default: a practice set's game, else contract)",
    )
    p.add_argument(
        "--scoring",
        metavar="TABLE",
        help="a score table by name (duplicate, rubber, minibridge, ...), instead of the game's",
    )
    p.add_argument("--plot", metavar="FILE", help="draw the result to FILE (.png or .svg)")
    p.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    p.add_argument(
        "--lang",
        choices=("en", "ru"),
        help="language of the tables, plots and messages (default: from BRIDGEROOM_LANG or the "
        "locale, else en); --json is the same in every language",
    )
    p.add_argument("--generate", type=int, metavar="MAX", help="candidate deals to try at most")
    from bridgeroom.analysis.scale import SOLVE_CHUNK, auto_workers_help
    from bridgeroom.cli.options import add_batch

    # the deals solved at a time (the figures do not depend on it)
    add_batch(p, chunk=SOLVE_CHUNK)
    auto_workers_help(p)


def run(args: argparse.Namespace) -> int:
    import json
    import sys

    from bridgeroom.analysis.generate import merge_predeals, parse_predeal
    from bridgeroom.cli.commands.deal import read_script
    from bridgeroom.errors import BridgeError
    from bridgeroom.i18n import detect_language, keyed, translate

    lang = detect_language(args.lang)
    if args.deals < 1:
        raise keyed(BridgeError, "simulate.one_deal", count=args.deals)
    lead = args.lead is not None or args.auction is not None
    if lead == bool(args.contracts):
        raise keyed(
            BridgeError, "simulate.contracts_or_lead",
            contracts="--contracts", lead="--lead", auction="--auction",
        )  # fmt: skip
    args.list_sets = False
    script, set_game, name = read_script(args)
    for warning in script.warnings:
        text = warning.render(lang)
        print(f"bridgeroom simulate: {name or '--condition'}: {text}", file=sys.stderr)
    predeal = merge_predeals(*(parse_predeal(text) for text in args.predeal))
    game = args.game or set_game or "contract"
    if args.chunk_size < 1:
        raise keyed(BridgeError, "deal.chunk_size", option="--chunk-size", size=args.chunk_size)
    if lead and args.hand is None:
        raise keyed(BridgeError, "simulate.needs_hand", option="--hand")
    if lead and any(predeal):
        raise keyed(BridgeError, "simulate.hand_not_predeal", hand="--hand", predeal="--predeal")
    from bridgeroom.analysis.batch import Progress
    from bridgeroom.analysis.scale import placement

    progress = Progress(
        translate("simulate.solving", lang),
        total=args.deals,
        unit=translate("simulate.unit", lang),
        left=translate("analysis.left", lang),
        enabled=args.progress,
        lang=lang,
    )
    with placement(args.scheduler, args.workers) as (batch, start), progress:
        result = _simulate(args, script, predeal, game, lead, batch, start, progress)
    from bridgeroom.analysis.report import plot, tables

    if args.plot:
        plot(result, args.plot, lang)  # type: ignore[arg-type]
    if script.condition is None and not any(predeal) and args.hand is None:
        # said once the options are known good, so that a mistyped option gets its error alone
        random = translate(
            "simulate.random_deals",
            lang,
            options="SCRIPT, --set, --condition, --predeal, --hand",
        )
        print(f"bridgeroom simulate: {random}", file=sys.stderr)
    if args.json:
        print(json.dumps(result.to_dict()))  # type: ignore[attr-defined]
    else:
        from rich.console import Console

        console = Console(highlight=False)
        for table in tables(result, lang):  # type: ignore[arg-type]
            console.print(table)
        for note in result.notes:  # type: ignore[attr-defined]
            console.print(translate("simulate.note", lang, note=note.render(lang)))
    return 0


def _simulate(
    args: argparse.Namespace,
    script: object,
    predeal: tuple[int, int, int, int],
    game: str,
    lead: bool,
    batch: object,
    start: object,
    progress: object,
) -> object:
    from bridgeroom.analysis.leads import simulate_lead
    from bridgeroom.analysis.simulate import parse_contract, simulate_contracts

    if lead:
        return simulate_lead(
            args.hand,
            parse_contract(args.lead) if args.lead else None,
            args.deals,
            condition=script,
            auction=args.auction,
            dealer=args.dealer,
            vulnerability=args.vulnerable or "none",
            seed=args.seed,
            chunk=args.chunk_size,
            batch=batch,
            start=start,
            progress=progress,
        )
    return simulate_contracts(
        script,
        [parse_contract(text) for text in args.contracts],
        args.deals,
        seed=args.seed,
        predeal=predeal,
        vulnerability=args.vulnerable,
        game=game,
        scoring=args.scoring,
        max_tries=args.generate,
        chunk=args.chunk_size,
        batch=batch,
        start=start,
        progress=progress,
    )
