"""How strong the robots are: measures on fixed deal sets, each figure with its 95% interval.

The measures are split into *parts*; each part is a list of *chunks* (a part, a level and some
deal indices), and a chunk is a pure function of its description (:func:`run_chunk`): the deals
come from a seed (:mod:`~bridgeroom.robots.strength.deals`), so chunks can run in any process or
on any worker of a cluster (``bench/robots.py`` runs them in a process pool or on Dask) and
their records are gathered and summed up by :func:`summarise`.

Parts (``bench/robots.py --parts``):

* ``timing``: seconds of every decision of whole deals in each game (:func:`~.match.timed_deal`);
  p50, p95, the maximum, and the decisions over twice their budget;
* ``declarer``, ``defence``: card play against double dummy (:mod:`~.play`); the defence part
  also judges the opening lead alone, and the ``basic`` lead from the same views;
* ``lead``: the opening lead after a real auction of ``basic`` robots (:func:`~.play.auction_lead`);
* ``bidding``, ``three-bidding``: loss against par in IMPs (:mod:`~.bidding`);
* ``match``: a duplicate match between two levels (:func:`~.match.match_board`);
* ``minibridge``: the mini-bridge contract against the seed's advice and double dummy.

    >>> s = Settings(deals=10, levels=("basic",))
    >>> [(c.part, c.level, c.indices) for c in chunks("bidding", s, size=4)]
    [('bidding', 'basic', (0, 1, 2, 3)), ('bidding', 'basic', (4, 5, 6, 7)), ('bidding', 'basic', (8, 9))]
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field

from bridgeroom.robots.cardplay import MIN_LAYOUTS
from bridgeroom.robots.strength.deals import HELD_OUT_SEED
from bridgeroom.robots.strength.stats import figure, paired, percentile, share

__all__ = ["PARTS", "Chunk", "Settings", "chunks", "run_chunk", "summarise", "lines"]

#: The parts, in the order they are run and reported.
PARTS: tuple[str, ...] = (
    "timing",
    "lead",
    "declarer",
    "defence",
    "bidding",
    "three-bidding",
    "match",
    "minibridge",
)


@dataclass(frozen=True)
class Settings:
    """What to measure: ``deals`` deals of the set ``seed``, for ``levels``; the expert's
    ``budget`` (seconds a card, ``None``: its default) or ``layouts`` (no clock: at most that many
    layouts a card, so that two runs make the same calls and cards; the timing part keeps the clock:
    :mod:`~bridgeroom.robots.strength.players`), who declares in the card-play parts
    (``contracts``), how the double-dummy defenders choose among equal cards (``carding``:
    :func:`~bridgeroom.robots.strength.play.dd_card`), whether to judge every robot card
    (``by_trick``), the boards of the match
    (``match_boards``, between ``match``), the deals of the timing part, and the deal set of the
    bidding parts (``bidding_seed``: by default the held-out deals, which the bidding was not
    tuned on)."""

    deals: int = 200
    seed: int = 2024
    levels: tuple[str, ...] = ("basic", "expert")
    budget: float | None = None
    layouts: int | None = None
    contracts: str = "stronger"
    carding: str = "conventional"
    by_trick: bool = False
    match_boards: int = 100
    match: tuple[str, str] = ("expert", "basic")
    timing_deals: int = 8
    timing_levels: tuple[str, ...] = field(default=("expert",))
    bidding_seed: int = HELD_OUT_SEED

    def to_json(self) -> dict[str, object]:
        return asdict(self)


@dataclass(frozen=True)
class Chunk:
    """A piece of work: ``part`` for ``level`` on the deals ``indices``."""

    part: str
    level: str
    indices: tuple[int, ...]


def _indices(part: str, s: Settings) -> range:
    if part == "match":
        return range(s.match_boards)
    if part == "timing":
        return range(s.timing_deals)
    return range(s.deals)


def _levels(part: str, s: Settings) -> tuple[str, ...]:
    if part == "match":
        return (f"{s.match[0]}-{s.match[1]}",)
    if part == "timing":
        return s.timing_levels
    if part == "minibridge":
        return ("expert",)
    return s.levels


def chunks(part: str, s: Settings, size: int = 4) -> list[Chunk]:
    """The chunks of ``part``, ``size`` deals each (the last may be shorter)."""
    if part not in PARTS:
        raise ValueError(f"no strength part {part!r}; the parts are {', '.join(PARTS)}")
    idx = list(_indices(part, s))
    out = []
    for level in _levels(part, s):
        for start in range(0, len(idx), size):
            out.append(Chunk(part, level, tuple(idx[start : start + size])))
    return out


def run_chunk(chunk: Chunk, s: Settings) -> list[dict[str, object]]:
    """The records of one chunk (one per deal, or per decision for ``timing``), each with its
    part and level."""
    from bridgeroom.robots.strength import bidding, match, minibridge, play

    out: list[dict[str, object]] = []
    for i in chunk.indices:
        got: list[dict[str, object]] = []
        if chunk.part == "timing":
            got = match.timed_deal(chunk.level, i, s.seed, budget=s.budget)
        elif chunk.part == "declarer":
            got = [
                play.declarer_deal(
                    chunk.level,
                    i,
                    s.seed,
                    contracts=s.contracts,
                    budget=s.budget,
                    layouts=s.layouts,
                    by_trick=s.by_trick,
                    carding=s.carding,
                )
            ]
        elif chunk.part == "defence":
            got = [
                play.defence_deal(
                    chunk.level,
                    i,
                    s.seed,
                    contracts=s.contracts,
                    budget=s.budget,
                    layouts=s.layouts,
                    by_trick=s.by_trick,
                )
            ]
        elif chunk.part == "lead":
            rec = play.auction_lead(chunk.level, i, s.seed, budget=s.budget, layouts=s.layouts)
            got = [rec] if rec is not None else []
        elif chunk.part == "bidding":
            got = [
                bidding.bid_four_handed(
                    chunk.level, i, s.bidding_seed, budget=s.budget, layouts=s.layouts
                ).to_json()
            ]
        elif chunk.part == "three-bidding":
            got = [
                bidding.bid_three_handed(
                    chunk.level, i, s.bidding_seed, budget=s.budget, layouts=s.layouts
                ).to_json()
            ]
        elif chunk.part == "match":
            a, b = s.match
            got = [match.match_board(a, b, i, s.seed, budget=s.budget, layouts=s.layouts)]
        elif chunk.part == "minibridge":
            got = [minibridge.minibridge_board(i, s.seed, budget=s.budget, layouts=s.layouts)]
        for rec in got:
            rec["part"] = chunk.part
            rec["level"] = chunk.level
        out.extend(got)
    return out


# --- summing up -----------------------------------------------------------------------------


def _by_level(records: Sequence[dict[str, object]]) -> dict[str, list[dict[str, object]]]:
    out: dict[str, list[dict[str, object]]] = {}
    for r in records:
        out.setdefault(str(r["level"]), []).append(r)
    for rs in out.values():
        rs.sort(key=lambda r: (int(r.get("deal", 0)), str(r.get("kind", ""))))  # type: ignore[call-overload]
    return out


def _num(r: dict[str, object], key: str) -> float:
    v = r[key]
    assert isinstance(v, (int, float))
    return float(v)


def _play_summary(part: str, rs: list[dict[str, object]]) -> dict[str, object]:
    losses = [_num(r, "loss") for r in rs]
    out: dict[str, object] = {
        "loss": figure(losses).to_json(),
        "at_dd": share([x == 0 for x in losses]).to_json(),
        "seconds_per_deal": round(statistics.mean(_num(r, "seconds") for r in rs), 3),
    }
    levels: dict[int, list[float]] = {}
    for r in rs:
        levels.setdefault(int(str(r["contract"])[0]), []).append(_num(r, "loss"))
    out["by_contract_level"] = {str(k): figure(v).to_json() for k, v in sorted(levels.items())}
    kinds = [r["by_kind"] for r in rs if isinstance(r.get("by_kind"), dict)]
    if kinds:
        out["by_kind"] = {
            k: round(sum(float(d[k]) for d in kinds if isinstance(d, dict)) / len(kinds), 3)
            for k in ("opening lead", "later leads", "following")
        }
    if part == "defence":
        out.update(_lead_summary(rs))
    return out


def _lead_summary(rs: list[dict[str, object]]) -> dict[str, object]:
    mine = [_num(r, "lead_cost") for r in rs]
    basic = [_num(r, "basic_lead_cost") for r in rs]
    out: dict[str, object] = {"lead_cost": figure(mine).to_json()}
    if all(r.get("lead_expected") is not None for r in rs):
        # what the robot's own layouts expected its leads to cost: near lead_cost, the leads
        # are chosen well from what the layouts say, and only better layouts can do better
        expected = [_num(r, "lead_expected") for r in rs]
        out["lead_expected"] = figure(expected).to_json()
        out["lead_minus_expected"] = paired(mine, expected).to_json()
    out |= {
        "basic_lead_cost": figure(basic).to_json(),
        "lead_minus_basic": paired(mine, basic).to_json(),
    }
    if rs and all(r.get("noclock_lead_cost") is not None for r in rs):
        calm = [_num(r, "noclock_lead_cost") for r in rs]
        out["noclock_lead_cost"] = figure(calm).to_json()
        out["noclock_minus_basic"] = paired(calm, basic).to_json()
        out["clock_minus_noclock"] = paired(mine, calm).to_json()
    seconds = [_num(r, "lead_seconds" if "lead_seconds" in r else "seconds") for r in rs]
    out["lead_seconds_p95"] = round(percentile(seconds, 0.95), 3)
    out["lead_seconds_max"] = round(max(seconds), 3) if seconds else None
    solved = [int(_num(r, "lead_layouts")) for r in rs if isinstance(r.get("lead_layouts"), int)]
    if solved:
        # how many layouts the lead was chosen from (with the clock: what the time allowed)
        out["lead_layouts_p50"] = percentile([float(n) for n in solved], 0.5)
        out["lead_layouts_under_min"] = sum(1 for n in solved if n < MIN_LAYOUTS)
    for key, name in (("budget", "card_budget"), ("lead_budget", "lead_budget")):
        # the lead goes on past the card's time only until its layouts are enough, and never
        # starts a batch it expects to end past the lead's budget
        budgets = {r.get(key) for r in rs}
        if len(budgets) == 1 and isinstance(next(iter(budgets)), (int, float)):
            out[name] = next(iter(budgets))
    cap = out.get("lead_budget")
    if isinstance(cap, (int, float)):
        out["lead_seconds_over_budget"] = sum(1 for x in seconds if x > cap)
    return out


def _bidding_summary(rs: list[dict[str, object]]) -> dict[str, object]:
    loss = [_num(r, "loss_imps") for r in rs]
    return {
        "loss_imps": figure(loss).to_json(),
        "disasters_10_imps": share([x >= 10 for x in loss]).to_json(),
        "passed_out": sum(1 for r in rs if r["contract"] == "pass"),
        "seconds_per_deal": round(statistics.mean(_num(r, "seconds") for r in rs), 4),
    }


def _timing_summary(rs: list[dict[str, object]]) -> dict[str, object]:
    kinds: dict[str, list[dict[str, object]]] = {}
    for r in rs:
        kinds.setdefault(str(r["kind"]), []).append(r)
    out: dict[str, object] = {}
    for kind, items in kinds.items():
        secs = [_num(r, "seconds") for r in items]
        budget = items[0]["budget"]
        over = [
            r
            for r in items
            if r["budget"] is not None and _num(r, "seconds") > 2 * _num(r, "budget")
        ]
        out[kind] = {
            "n": len(secs),
            "p50": round(percentile(secs, 0.5), 3),
            "p95": round(percentile(secs, 0.95), 3),
            "max": round(max(secs), 3),
            "budget": None if budget is None else round(_num(items[0], "budget"), 3),
            "over_twice_budget": len(over),
        }
    return out


def summarise(part: str, records: Sequence[dict[str, object]]) -> dict[str, object]:
    """The figures of ``part`` from all its records, by level (and paired between levels where
    both measured the same deals)."""
    by_level = _by_level(records)
    out: dict[str, object] = {}
    for level, rs in by_level.items():
        if part == "timing":
            out[level] = _timing_summary(rs)
        elif part in ("declarer", "defence"):
            out[level] = _play_summary(part, rs)
        elif part == "lead":
            out[level] = _lead_summary(rs)
        elif part in ("bidding", "three-bidding"):
            out[level] = _bidding_summary(rs)
        elif part == "match":
            out[level] = {"imps_per_board": figure([_num(r, "imps") for r in rs]).to_json()}
        elif part == "minibridge":
            from bridgeroom.robots.strength.minibridge import summary

            out[level] = summary(rs)
    if part in ("declarer", "defence", "bidding", "three-bidding") and len(by_level) > 1:
        key = "loss_imps" if "bidding" in part else "loss"
        names = sorted(by_level)
        for i, a in enumerate(names):
            for b in names[i + 1 :]:
                da = {int(str(r["deal"])): _num(r, key) for r in by_level[a]}
                db = {int(str(r["deal"])): _num(r, key) for r in by_level[b]}
                common = sorted(set(da) & set(db))
                out[f"{a} - {b}"] = paired(
                    [da[d] for d in common], [db[d] for d in common]
                ).to_json()
    return out


def _fig(d: object) -> str:
    assert isinstance(d, dict)
    if "share" in d:
        return f"{d['share']:.1%} [{d['low95']:.1%}, {d['high95']:.1%}]"
    return f"{d['mean']:+.3f} ± {d['half95']:.3f} (n={d['n']})"


def lines(part: str, summary: dict[str, object]) -> list[str]:
    """The summary of ``part`` as lines of text, each figure with its 95% interval."""
    out = [f"== {part} =="]
    for level, body in summary.items():
        if not isinstance(body, dict):
            continue
        if "mean" in body:
            out.append(f"  {level:<16} paired difference {_fig(body)}")
            continue
        out.append(f"  {level}")
        for key, value in body.items():
            if isinstance(value, dict) and ("mean" in value or "share" in value):
                out.append(f"    {key:<22} {_fig(value)}")
            elif isinstance(value, dict) and part == "timing":
                v = value
                out.append(
                    f"    {key:<22} n={v['n']:<5} p50={v['p50']:.3f}s p95={v['p95']:.3f}s "
                    f"max={v['max']:.3f}s budget={v['budget']} over 2x: {v['over_twice_budget']}"
                )
            elif isinstance(value, dict):
                inner = ", ".join(
                    f"{k}: {_fig(v) if isinstance(v, dict) else v}" for k, v in value.items()
                )
                out.append(f"    {key:<22} {inner}")
            else:
                out.append(f"    {key:<22} {value}")
    return out
