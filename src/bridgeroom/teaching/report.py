"""The printed class session: a traveller per board, a scorecard per pair, the rankings.

>>> from bridgeroom.teaching.files import loads
>>> print(format_session(loads("board,table,declarer,contract,tricks\\n1,1,N,3NT,9\\n")).splitlines()[0])
Class session
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgeroom.rules import Side, board_dealer, board_vulnerability
from bridgeroom.teaching.session import ClassSession, Standing

__all__ = ["format_session"]


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]], right: set[int]) -> list[str]:
    cells = [[str(c) for c in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]

    def line(values: Sequence[str]) -> str:
        return "  ".join(
            v.rjust(w) if i in right else v.ljust(w)
            for i, (v, w) in enumerate(zip(values, widths, strict=True))
        ).rstrip()

    return [line(headers), line(["-" * w for w in widths]), *(line(r) for r in cells)]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def format_session(session: ClassSession) -> str:
    """The printed session: a traveller per board, a scorecard per pair, the rankings."""
    out: list[str] = []
    title = session.title or "Class session"
    out += [title, "=" * len(title), ""]
    out.append(
        "Scoring: mini-bridge (MB-T1"
        + (", overtricks counted (EBU)" if session.options.overtricks else ", no overtricks")
        + "). Matchpoints: 2 per score beaten, 1 per tie (Law 78A). "
        "IMPs: each score against every other, WBF scale (Law 78B), summed."
    )
    for board in session.boards:
        vul = board_vulnerability(board)
        out += ["", f"Board {board}  dealer {board_dealer(board)}  vulnerable: {vul.pbn}"]
        rows = [
            (
                row.result.table,
                row.result.ns,
                row.result.ew,
                f"{row.result.contract.without_declarer()} {row.result.declarer}",
                row.result.tricks,
                row.ns_score if row.ns_score > 0 else "",
                -row.ns_score if row.ns_score < 0 else "",
                row.ns_mp,
                row.ew_mp,
                _signed(row.ns_imps),
                _signed(row.ew_imps),
            )
            for row in session.traveller(board)
        ]
        out += _table(
            ("table", "NS", "EW", "contract", "tricks", "NS +", "EW +", "NS MP", "EW MP", "NS IMP", "EW IMP"),
            rows,
            {4, 5, 6, 7, 8, 9, 10},
        )  # fmt: skip
    for pair in session.pairs:
        out += ["", f"Scorecard: {pair}"]
        card_rows = [
            (
                row.board,
                row.side.name,
                row.opponents,
                f"{row.result.contract.without_declarer()} {row.result.declarer}",
                row.result.tricks,
                _signed(row.score),
                _signed(row.total_score),
                f"{row.mp}/{row.top}",
                f"{row.total_mp}/{row.total_top}",
                _signed(row.imps),
                _signed(row.total_imps),
            )
            for row in session.scorecard(pair)
        ]
        out += _table(
            ("board", "dir", "against", "contract", "tricks", "score", "total", "MP", "total MP", "IMP", "total IMP"),
            card_rows,
            {0, 4, 5, 6, 7, 8, 9, 10},
        )  # fmt: skip
    standings = session.standings()
    groups: list[tuple[str, list[Standing]]]
    if session.separate_directions:
        groups = [
            (f" {side.name}", [s for s in standings if s.side is side])
            for side in (Side.NS, Side.EW)
        ]
    else:
        groups = [("", list(standings))]
    for name, group in groups:
        out += ["", f"Ranking{name} by matchpoints"]
        ranks = _ranks([round(s.percent, 6) for s in group])
        out += _table(
            ("rank", "pair", "boards", "MP", "top", "%", "IMP", "points"),
            [
                (r, s.pair, s.boards, s.mp, s.top, f"{s.percent:.2f}", _signed(s.imps), _signed(s.score))
                for r, s in zip(ranks, group, strict=True)
            ],
            {0, 2, 3, 4, 5, 6, 7},
        )  # fmt: skip
        by_imps = sorted(group, key=lambda s: (-s.imps, s.pair))
        out += ["", f"Ranking{name} by IMPs"]
        out += _table(
            ("rank", "pair", "boards", "IMP"),
            [
                (r, s.pair, s.boards, _signed(s.imps))
                for r, s in zip(_ranks([s.imps for s in by_imps]), by_imps, strict=True)
            ],
            {0, 2, 3},
        )
    return "\n".join(out) + "\n"


def _ranks(values: Sequence[float]) -> list[str]:
    """Places for values sorted best first; equal values share a place, marked ``=`` (``1=``, ``1=``, ``3``)."""
    out = []
    for v in values:
        place = 1 + sum(1 for w in values if w > v)
        shared = sum(1 for w in values if w == v) > 1
        out.append(f"{place}=" if shared else str(place))
    return out
