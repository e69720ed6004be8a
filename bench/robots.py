"""Robot benchmarks: the strength measures of ``bridgeroom.robots.strength`` on fixed deal sets,
run on the Dask batch layer (``bridgeroom.analysis.batch``: a local cluster of one worker
process per core, this process with ``--workers 0``, or an existing cluster with
``--scheduler``), every figure printed with its 95% interval and written to a JSON file.
Fixed seeds; nothing asserted.

    python bench/robots.py --deals 40 --parts bidding,three-bidding          # a quick run
    python bench/robots.py --deals 400 --workers 16 --out robots.json       # the full benchmark
    python bench/robots.py --parts defence --levels expert --deals 60 --by-trick
    python bench/robots.py --scheduler tcp://10.0.0.5:8786 --deals 400      # on a Dask cluster
    python bench/robots.py --workers 0 --deals 4 --parts bidding            # here, without Dask
    python bench/robots.py --workers 0 --parts bidding --levels basic --deals 400 \
        --bidding-seed 2024 --dd-cache /tmp/dd                               # reruns only bid
    python bench/robots.py --parts bidding,match --deals 100 --match-boards 100 \
        --levels basic@standard,basic@acol,expert@standard,expert@acol \
        --match basic@standard,basic@acol                     # the bidding systems compared

    python bench/robots.py --parts rubber --rubbers 100                       # playing to the score

Parts (``--parts``, default all but ``minibridge`` and ``rubber``): ``rubber`` (robots that play
to the score against today's robots, which value each deal as if nothing were on score: the same
deals played as rubbers at two tables with the seats swapped, three in three-handed bridge, so
that each kind of robot holds every hand; the score-aware side's points a rubber net of the
other's, with its 95% interval, in contract bridge (rubbers and Chicago rounds), auction bridge
and three-handed bridge; it runs in this process, ``--rubbers`` rubbers a game,
``--rubber-level`` robots, ``--rubber-games``), ``timing`` (seconds a decision of whole
deals in every game; with six cores or more it runs on two cores of its own, four processes at
once, "load 4 on two cores", while the rest runs on the others; with fewer it runs first, alone),
``lead`` (the opening lead after a real auction, with the clock and again without it, each
paired with the basic lead, and the lead's seconds p95 and maximum against its budget), ``declarer`` and ``defence`` (card play against
double dummy; the defence part judges the opening lead alone too), ``bidding`` and
``three-bidding`` (loss against par in IMPs), ``match`` (a duplicate match, ``--match-boards``),
``minibridge`` (the mini-bridge contract). docs/robots.md explains each measure. A level may
name the bidding system its robots play after an ``@`` (``basic@acol``; ``standard`` when not
named): in the match each side reads the other side's calls by the other side's system.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Callable, Sequence

from bridgeroom.robots.strength import PARTS, Chunk, Settings, chunks, lines, run_chunk, summarise
from bridgeroom.robots.strength.deals import DD_CACHE_ENV
from bridgeroom.robots.strength.play import CARDING

#: The parts run when ``--parts`` is not given.
DEFAULT_PARTS = tuple(p for p in PARTS if p != "minibridge")
#: The part of this file: rubbers played to the score (not one of the strength parts).
RUBBER_PART = "rubber"
#: The games of the rubber part, by the name ``--rubber-games`` takes: the game and its score form.
RUBBER_GAMES = {
    "contract": ("contract", "rubber"),
    "chicago": ("contract", "chicago"),
    "auction": ("auction", "auction"),
    "three-handed": ("three-handed", "three-handed-contract"),
}
#: A rubber still going after this many deals is closed as unfinished (CB-R6, TH-A11).
RUBBER_CAP = 16
#: The processes of the timing part, and the cores they share.
TIMING_PROCESSES = 4
TIMING_CORES = (0, 1)


#: Rough seconds a deal of each part takes an expert (a basic robot: a tenth), to order the work.
PART_COST = {
    "match": 25.0,
    "defence": 4.0,
    "declarer": 4.0,
    "three-bidding": 2.5,
    "bidding": 2.0,
    "minibridge": 2.0,
    "lead": 1.0,
}


def _cost(chunk: Chunk) -> float:
    per = PART_COST.get(chunk.part, 1.0) * (1.0 if "expert" in chunk.level else 0.1)
    return per * len(chunk.indices)


def _init_worker(cores: Sequence[int] | None) -> None:
    """A worker process: one DDS thread, and pinned to ``cores`` when given."""
    os.environ["BRIDGEROOM_DDS_THREADS"] = "1"
    if cores and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, set(cores))
    from bridgeroom.robots.dds import solver

    solver(1)  # import endplay and start DDS before any decision is timed


def _work(item: tuple[Chunk, Settings]) -> list[dict[str, object]]:
    return run_chunk(item[0], item[1])


def _pool(workers: int, cores: Sequence[int] | None) -> object:
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=mp.get_context("spawn"),
        initializer=_init_worker,
        initargs=(tuple(cores) if cores else None,),
    )


def _run(
    executor, items: list[tuple[Chunk, Settings]], done: Callable[[Chunk], None]
) -> list[dict[str, object]]:  # type: ignore[no-untyped-def]
    from concurrent.futures import as_completed

    futures = {executor.submit(_work, item): item[0] for item in items}
    out: list[dict[str, object]] = []
    for fut in as_completed(futures):
        out.extend(fut.result())
        done(futures[fut])
    return out


def _pin(cores: Sequence[int] | None) -> None:
    """A Dask worker: one DDS thread, every thread of the process pinned to ``cores``."""
    os.environ["BRIDGEROOM_DDS_THREADS"] = "1"
    if cores and hasattr(os, "sched_setaffinity"):
        for tid in os.listdir("/proc/self/task"):
            os.sched_setaffinity(int(tid), set(cores))
    from bridgeroom.robots.dds import solver

    solver(1)


def _run_batch(
    items: list[tuple[Chunk, Settings]],
    done: Callable[[Chunk], None],
    *,
    workers: int | None,
    scheduler: str | None,
    cores: Sequence[int] | None = None,
) -> list[dict[str, object]]:
    """The chunks on the Dask batch layer (``bridgeroom.analysis.batch``): a local cluster of
    ``workers`` processes (pinned to ``cores``), this process (``workers=0``), or the workers of
    the cluster at ``scheduler``."""
    from bridgeroom.analysis.batch import Batch

    if scheduler is not None:
        batch = Batch(scheduler=scheduler)
    else:
        batch = Batch(workers=workers, env={"BRIDGEROOM_DDS_THREADS": "1"})
    out: list[dict[str, object]] = []
    with batch:
        if batch.inline:
            _pin(None)
        else:
            batch.client.run(_pin, tuple(cores) if cores else None)
        for item, records in zip(items, batch.map(_work, items, size=lambda _: 1), strict=True):
            out.extend(records)
            done(item[0])
    return out


def play_rubber(
    game: str,
    scoring: str,
    seed: int,
    aware: frozenset[int],
    level: str,
    budget: float = 0.2,
) -> tuple[dict[int, int], int]:
    """One rubber of ``game`` dealt from ``seed``, the players in ``aware`` playing to the score
    (``at_score=True``) and the others as if nothing were on score: each player's total (by
    player number: four-handed, that of his side) and the deals played. ``level``: a robot
    level, or ``expert-calls``: the expert's calls (``budget`` seconds a card, half a call) and
    the basic robot's cards."""
    from bridgeroom.games import Match
    from bridgeroom.robots import make_robot
    from bridgeroom.rules import Phase, Side

    match = Match(game, scoring=scoring, seed=seed)
    bidder = "expert" if level == "expert-calls" else level
    robots = {
        flag: make_robot(
            bidder,
            seed=seed,
            scoring=match.form,
            at_score=flag,
            **({"time_budget": budget} if bidder == "expert" else {}),  # type: ignore[arg-type]
        )
        for flag in (True, False)
    }
    players = {
        flag: make_robot("basic", seed=seed, scoring=match.form, at_score=flag)
        for flag in (True, False)
    }
    deals = 0
    while not match.is_over and deals < RUBBER_CAP:
        state = match.next_deal()
        while state.phase is not Phase.DONE:
            seat = state.to_act
            assert seat is not None
            player = state.player_at(seat)
            assert player is not None
            cards = level == "expert-calls" and state.phase is Phase.PLAY
            robot = (players if cards else robots)[player in aware]
            state.apply(robot.decide(state.view(seat)).action)
        match.record(state)
        deals += 1
    session = match.session
    if not session.is_over:  # a rubber past the cap (a Chicago round ends in four deals played)
        session.close()  # type: ignore[attr-defined]
    totals = session.summary().totals
    if len(match.players) == 3:
        return {k: totals[name] for k, name in enumerate(match.players)}, deals
    return {k: totals[Side.NS if k % 2 == 0 else Side.EW] for k in range(4)}, deals


def rubber_part(
    rubbers: int,
    seed: int,
    level: str,
    games: Sequence[str] = (),
    budget: float = 0.2,
) -> dict[str, dict[str, float]]:
    """The rubber part: for each game (``games``; all by default), the score-aware side's points
    a rubber net of today's robots', over ``rubbers`` rubbers each played at every table of
    swapped seats."""

    out: dict[str, dict[str, float]] = {}
    for name, (game, scoring) in RUBBER_GAMES.items():
        if games and name not in games:
            continue
        started = time.perf_counter()
        nets: list[float] = []
        deals = 0
        wins = 0
        points = {"aware": 0.0, "today": 0.0}
        tables = 3 if game == "three-handed" else 2
        for r in range(rubbers):
            net = 0.0
            for t in range(tables):
                if tables == 3:
                    aware = frozenset({t})
                else:
                    aware = frozenset({0, 2}) if t == 0 else frozenset({1, 3})
                totals, n = play_rubber(game, scoring, seed + r, aware, level, budget)
                deals += n
                mine = totals[min(aware)]
                others = [v for k, v in totals.items() if k not in aware]
                theirs = sum(others) / len(others)
                net += mine - theirs
                wins += mine > max(others)
                points["aware"] += mine
                points["today"] += theirs
            nets.append(net / tables)
        mean = sum(nets) / len(nets)
        sd = (
            math.sqrt(sum((x - mean) ** 2 for x in nets) / (len(nets) - 1))
            if len(nets) > 1
            else 0.0
        )
        half = 1.96 * sd / math.sqrt(len(nets)) if nets else 0.0
        out[name] = {
            "rubbers": float(rubbers),
            "net": mean,
            "low": mean - half,
            "high": mean + half,
            "won": wins / (rubbers * tables),
            "aware_total": points["aware"] / (rubbers * tables),
            "today_total": points["today"] / (rubbers * tables),
            "deals": deals / (rubbers * tables),
            "seconds": time.perf_counter() - started,
        }
        print(
            f"{RUBBER_PART} {name:13s} score-aware {level} against today's: "
            f"{mean:+.0f} a rubber (95% {mean - half:+.0f} to {mean + half:+.0f}; totals "
            f"{points['aware'] / (rubbers * tables):.0f} against "
            f"{points['today'] / (rubbers * tables):.0f}), "
            f"rubbers won {wins / (rubbers * tables):.0%}, {deals / (rubbers * tables):.1f} deals "
            f"a rubber, {rubbers} rubbers x {tables} tables, "
            f"{time.perf_counter() - started:.0f} s",
            flush=True,
        )
    return out


def _load() -> str:
    """The machine's load average, as ``uptime`` shows it."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load {one:.2f}, {five:.2f}, {fifteen:.2f} on {os.cpu_count()} cores"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per part (default 200)")
    parser.add_argument("--seed", type=int, default=2024, help="the deal set (default 2024)")
    parser.add_argument(
        "--bidding-seed",
        type=int,
        default=9001,
        help="the deal set of the bidding parts (default 9001, held out while tuning)",
    )
    parser.add_argument(
        "--parts",
        default=",".join(DEFAULT_PARTS),
        help="comma-separated: " + ", ".join((*PARTS, RUBBER_PART)),
    )
    parser.add_argument(
        "--rubbers", type=int, default=40, help="rubbers a game of the rubber part (default 40)"
    )
    parser.add_argument(
        "--rubber-level",
        default="basic",
        help="the robots of the rubber part: a level, or expert-calls (the expert's calls, "
        "--budget 0.2 by default, and the basic robot's cards); default basic",
    )
    parser.add_argument(
        "--rubber-games",
        default=",".join(RUBBER_GAMES),
        help="the games of the rubber part (default contract,chicago,auction,three-handed: "
        "contract bridge's rubber and Chicago round)",
    )
    parser.add_argument(
        "--levels", default="basic,expert", help="levels measured (default basic,expert)"
    )
    thinking = parser.add_mutually_exclusive_group()
    thinking.add_argument(
        "--budget", type=float, default=None, help="the expert's seconds a card (default its own)"
    )
    thinking.add_argument(
        "--layouts",
        type=int,
        default=None,
        help="no clock: the expert plays each card from at most N layouts (its calls from their "
        "usual number), so two runs make the same calls and cards (for paired comparisons of a "
        "change; the timing part keeps the clock)",
    )
    parser.add_argument(
        "--contracts",
        choices=("stronger", "ns"),
        default="stronger",
        help="who declares in the card-play parts (default: the side with more points)",
    )
    parser.add_argument(
        "--dd-carding",
        choices=CARDING,
        default="conventional",
        help="how the declarer part's double-dummy defenders choose among equal cards: the one "
        "our carding conventions give (default) or the lowest (the yardstick before the ninth "
        "session)",
    )
    parser.add_argument(
        "--by-trick", action="store_true", help="judge every robot card (one DDS solve each)"
    )
    parser.add_argument(
        "--match-boards", type=int, default=100, help="boards of the match (default 100)"
    )
    parser.add_argument(
        "--match",
        default="expert,basic",
        help="the two levels of the match (a level may name its system: basic@acol)",
    )
    parser.add_argument(
        "--timing-deals",
        type=int,
        default=8,
        help="whole deals of the timing part, over its four processes (default 8)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=os.cpu_count() or 1,
        help="worker processes of the local Dask cluster (0: in this process, without Dask)",
    )
    parser.add_argument(
        "--scheduler",
        default=None,
        help="run on an existing Dask cluster ('dask scheduler', 'dask worker'): its address",
    )
    parser.add_argument("--chunk", type=int, default=2, help="deals per chunk of work (default 2)")
    parser.add_argument(
        "--out", default=None, help="write every figure and record to this JSON file"
    )
    parser.add_argument(
        "--dd-cache",
        default=None,
        metavar="DIR",
        help="keep the deals' double-dummy tables in DIR (a rerun then only bids or plays)",
    )
    args = parser.parse_args(argv)
    if args.dd_cache:
        # set before the workers start, so that they inherit it
        os.environ[DD_CACHE_ENV] = args.dd_cache

    parts = [p.strip() for p in args.parts.split(",") if p.strip()]
    unknown = [p for p in parts if p not in PARTS and p != RUBBER_PART]
    if unknown:
        print(
            f"bench/robots.py: no part {', '.join(unknown)}; the parts are "
            f"{', '.join((*PARTS, RUBBER_PART))}",
            file=sys.stderr,
        )
        return 2
    if args.rubbers < 1:
        print(f"bench/robots.py: --rubbers is one or more, not {args.rubbers}", file=sys.stderr)
        return 2
    rubber_games = [g.strip() for g in args.rubber_games.split(",") if g.strip()]
    known = list(RUBBER_GAMES)
    if not rubber_games or any(g not in known for g in rubber_games):
        print(
            f"bench/robots.py: --rubber-games takes {', '.join(known)}, not {args.rubber_games!r}",
            file=sys.stderr,
        )
        return 2
    if args.rubber_level not in ("random", "basic", "expert", "expert-calls"):
        print(
            "bench/robots.py: --rubber-level is random, basic, expert or expert-calls, "
            f"not {args.rubber_level!r}",
            file=sys.stderr,
        )
        return 2
    rubber = RUBBER_PART in parts
    named = list(parts)
    parts = [p for p in parts if p != RUBBER_PART]
    if args.budget is not None and not 0 < args.budget < float("inf"):
        print(
            f"bench/robots.py: --budget is a positive number of seconds, not {args.budget}",
            file=sys.stderr,
        )
        return 2
    if args.layouts is not None and args.layouts < 1:
        print(f"bench/robots.py: --layouts is one or more, not {args.layouts}", file=sys.stderr)
        return 2
    match = tuple(x.strip() for x in args.match.split(","))
    settings = Settings(
        deals=args.deals,
        seed=args.seed,
        levels=tuple(x.strip() for x in args.levels.split(",") if x.strip()),
        budget=args.budget,
        layouts=args.layouts,
        contracts=args.contracts,
        carding=args.dd_carding,
        by_trick=args.by_trick,
        match_boards=args.match_boards,
        match=(match[0], match[1]),
        timing_deals=args.timing_deals,
        bidding_seed=args.bidding_seed,
    )
    started = time.perf_counter()
    print(
        f"bridgeroom robot benchmark: {settings.deals} deals, seed {settings.seed}, "
        f"levels {', '.join(settings.levels)}, parts {', '.join(named)}"
        + (f", at most {settings.layouts} layouts a card (no clock)" if settings.layouts else "")
        + (f", declarer's defenders card {settings.carding}" if "declarer" in parts else ""),
        flush=True,
    )
    print(_load(), flush=True)
    rubber_results = (
        rubber_part(
            args.rubbers,
            args.seed,
            args.rubber_level,
            rubber_games,
            args.budget if args.budget is not None else 0.2,
        )
        if rubber
        else None
    )
    total = {"n": 0, "done": 0}

    def done(chunk: Chunk) -> None:
        total["done"] += 1
        if total["done"] % 10 == 0 or total["done"] == total["n"]:
            print(
                f"  ... {total['done']}/{total['n']} chunks ({time.perf_counter() - started:.0f} s)",
                file=sys.stderr,
                flush=True,
            )

    work = [(c, settings) for p in parts if p != "timing" for c in chunks(p, settings, args.chunk)]
    # the longest chunks first, so that no long one is left to run alone at the end
    work.sort(key=lambda item: -_cost(item[0]))
    timing = [(c, settings) for c in chunks("timing", settings, 1)] if "timing" in parts else []
    total["n"] = len(work) + len(timing)
    cores = os.cpu_count() or 1
    records: list[dict[str, object]] = []
    # the timing part keeps two cores of its own while the rest runs on the others (with six
    # cores or more here, or with the rest on a cluster); else it runs first, alone
    apart = bool(timing) and (cores >= 6 or args.scheduler is not None)
    if timing and not apart:
        with _pool(TIMING_PROCESSES, TIMING_CORES if cores >= 2 else None) as pool:  # type: ignore[attr-defined]
            records += _run(pool, timing, done)
    rest = [c for c in range(cores) if not apart or c not in TIMING_CORES]
    workers = None if args.scheduler is not None else min(args.workers, len(rest)) or 0
    if args.workers == 0:
        workers = 0

    def run_work() -> list[dict[str, object]]:
        if not work:
            return []
        pin = rest if apart and args.scheduler is None else None
        return _run_batch(work, done, workers=workers, scheduler=args.scheduler, cores=pin)

    if apart:
        from concurrent.futures import ThreadPoolExecutor

        with _pool(TIMING_PROCESSES, TIMING_CORES) as tpool, ThreadPoolExecutor(2) as both:  # type: ignore[attr-defined]
            a = both.submit(_run, tpool, timing, done)
            b = both.submit(run_work)
            records += a.result() + b.result()
    else:
        records += run_work()
    results: dict[str, object] = {}
    for part in parts:
        mine = [r for r in records if r["part"] == part]
        summary = summarise(part, mine)
        results[part] = summary
        print("\n".join(lines(part, summary)), flush=True)
    if rubber_results is not None:
        results[RUBBER_PART] = rubber_results
        parts.append(RUBBER_PART)
    elapsed = time.perf_counter() - started
    print(f"\n{elapsed:.0f} s in all; {_load()}", flush=True)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(
                {
                    "settings": settings.to_json(),
                    "parts": parts,
                    "seconds": round(elapsed, 1),
                    "cores": cores,
                    "figures": results,
                    "records": records,
                },
                f,
                indent=1,
            )
        print(f"figures and records written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
