"""The printed class session: a traveller per board, a scorecard per pair with running totals,
the rankings by matchpoints and by IMPs, from the club's results model
(:class:`~bridgeroom.sessions.Results`; a class file is read by :mod:`bridgeroom.teaching.files`).

>>> from bridgeroom.teaching.files import loads
>>> print(format_session(loads("board,table,declarer,contract,tricks\\n1,1,N,3NT,9\\n").results).splitlines()[0])
Class session
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from bridgeroom.rules import board_dealer, board_vulnerability
from bridgeroom.sessions import Entry, Played, Results, Standing

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


def _figure(n: int | float | Fraction) -> str:
    """A whole number as it is; a factored or weighted one to two decimals."""
    whole = n.is_integer() if isinstance(n, float) else Fraction(n).denominator == 1
    return str(int(n)) if whole else f"{float(n):.2f}"


def _signed(n: int | float | Fraction) -> str:
    return f"+{_figure(n)}" if n > 0 else _figure(n)


def _heading(results: Results) -> str:
    if results.game == "minibridge":
        how = ", overtricks counted (EBU)" if results.overtricks else ", no overtricks"
        scores = f"mini-bridge (MB-T1{how})"
    else:
        scores = "duplicate (Law 77)"
    imps = "summed" if results.summed else "divided by the comparisons"
    return (
        f"Scoring: {scores}. Matchpoints: 2 per score beaten, 1 per tie (Law 78A). "
        f"IMPs: each score against every other, WBF scale (Law 78B), {imps}."
    )


def _contract(e: Entry) -> tuple[str, object]:
    """A traveller's contract (with its declarer) and tricks; an adjusted score as typed."""
    if isinstance(e, Played) and e.contract is not None and e.declarer is not None:
        return f"{e.contract} {e.declarer}", e.tricks
    return e.text(), ""


def format_session(results: Results) -> str:
    """The printed session: a traveller per board, a scorecard per pair, the rankings."""
    m = results.movement
    out: list[str] = []
    title = results.title or "Class session"
    out += [title, "=" * len(title), "", _heading(results)]
    for board in results.boards:
        vul = board_vulnerability(board)
        out += ["", f"Board {board}  dealer {board_dealer(board)}  vulnerable: {vul.pbn}"]
        rows = []
        for row in results.traveller(board):
            e = row.result
            contract, tricks = _contract(e)
            score = row.ns_score
            rows.append(
                (
                    m.table_label(e.table), m.label(e.ns), m.label(e.ew), contract, tricks,
                    _figure(score) if score is not None and score > 0 else "",
                    _figure(-score) if score is not None and score < 0 else "",
                    _figure(row.ns_mp), _figure(row.ew_mp),
                    _signed(row.ns_imps), _signed(row.ew_imps),
                )
            )  # fmt: skip
        out += _table(
            ("table", "NS", "EW", "contract", "tricks", "NS +", "EW +", "NS MP", "EW MP", "NS IMP", "EW IMP"),
            rows,
            {4, 5, 6, 7, 8, 9, 10},
        )  # fmt: skip
    for pair in m.pairs:
        if pair == results.sitout:
            continue
        out += ["", f"Scorecard: {m.label(pair)}"]
        card_rows = []
        for card in results.scorecard(pair):
            played = card["contract"] is not None
            contract = f"{card['contract']} {card['declarer']}" if played else card["text"]
            card_rows.append(
                (
                    card["board"], card["direction"], card["opponents"], contract,
                    card["tricks"] if played else "",
                    "" if card["points"] is None else _signed(card["points"]),
                    _signed(card["total_points"]), f"{_figure(card['mp'])}/{card['top']}",
                    f"{_figure(card['total_mp'])}/{card['total_top']}", _signed(card["imps"]),
                    _signed(card["total_imps"]),
                )
            )  # fmt: skip
        out += _table(
            ("board", "dir", "against", "contract", "tricks", "score", "total", "MP", "total MP", "IMP", "total IMP"),
            card_rows,
            {0, 4, 5, 6, 7, 8, 9, 10},
        )  # fmt: skip
    directions = [" NS", " EW"] if m.separate_directions else [""]
    for name in directions:
        direction = name.strip() or None
        group = results.ranking(direction, by="matchpoints")
        out += ["", f"Ranking{name} by matchpoints"]
        out += _table(
            ("rank", "pair", "boards", "MP", "top", "%", "IMP", "points"),
            [
                (r, s.label, s.boards, _figure(s.mp), s.top, f"{s.percent:.2f}", _signed(s.imps), _signed(s.points))
                for r, s in zip(_ranks(group), group, strict=True)
            ],
            {0, 2, 3, 4, 5, 6, 7},
        )  # fmt: skip
        by_imps = results.ranking(direction, by="imps")
        out += ["", f"Ranking{name} by IMPs"]
        out += _table(
            ("rank", "pair", "boards", "IMP"),
            [
                (r, s.label, s.boards, _signed(s.imps))
                for r, s in zip(_ranks(by_imps), by_imps, strict=True)
            ],
            {0, 2, 3},
        )
    return "\n".join(out) + "\n"


def _ranks(ranked: Sequence[Standing]) -> list[str]:
    """Each standing's place, marked ``=`` where it is shared (``1=``, ``1=``, ``3``)."""
    ranks = [s.rank for s in ranked]
    return [f"{r}=" if ranks.count(r) > 1 else str(r) for r in ranks]
