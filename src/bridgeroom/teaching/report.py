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

from bridgeroom.i18n import seat_letter, translate
from bridgeroom.rules import Seat, board_dealer, board_vulnerability
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


def _heading(results: Results, lang: str) -> str:
    if results.game == "minibridge":
        scores = translate(
            "class.scores_mini_ebu" if results.overtricks else "class.scores_mini", lang
        )
    else:
        scores = translate("class.scores_duplicate", lang)
    imps = translate("class.imps_summed" if results.summed else "class.imps_divided", lang)
    return translate("class.scoring", lang, scores=scores, imps=imps)


def _contract(e: Entry, lang: str) -> tuple[str, object]:
    """A traveller's contract (with its declarer) and tricks; an adjusted score as typed."""
    if isinstance(e, Played) and e.contract is not None and e.declarer is not None:
        return f"{e.contract} {seat_letter(e.declarer, lang)}", e.tricks
    return e.text(), ""


def _heads(lang: str, *keys: str) -> tuple[str, ...]:
    return tuple(translate(f"class.{k}", lang) for k in keys)


def format_session(results: Results, lang: str = "en") -> str:
    """The printed session in ``lang``: a traveller per board, a scorecard per pair, the
    rankings."""
    m = results.movement
    out: list[str] = []
    title = results.title or translate("class.title", lang)
    out += [title, "=" * len(title), "", _heading(results, lang)]
    for board in results.boards:
        vul = translate(f"analysis.vul_{board_vulnerability(board).pbn}", lang)
        dealer = seat_letter(board_dealer(board), lang)
        out += ["", translate("class.board_line", lang, board=board, dealer=dealer, vulnerable=vul)]
        rows = []
        for row in results.traveller(board):
            e = row.result
            contract, tricks = _contract(e, lang)
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
            _heads(lang, "table", "ns", "ew", "contract", "tricks", "ns_plus", "ew_plus", "mp_ns", "mp_ew", "imp_ns", "imp_ew"),
            rows,
            {4, 5, 6, 7, 8, 9, 10},
        )  # fmt: skip
    for pair in m.pairs:
        if pair == results.sitout:
            continue
        out += ["", translate("class.scorecard", lang, pair=m.label(pair))]
        card_rows = []
        for card in results.scorecard(pair):
            played = card["contract"] is not None
            contract = (
                f"{card['contract']} {seat_letter(Seat.find(card['declarer']), lang)}"
                if played
                else card["text"]
            )
            card_rows.append(
                (
                    card["board"], translate(f"class.{card['direction'].lower()}", lang), card["opponents"], contract,
                    card["tricks"] if played else "",
                    "" if card["points"] is None else _signed(card["points"]),
                    _signed(card["total_points"]), f"{_figure(card['mp'])}/{card['top']}",
                    f"{_figure(card['total_mp'])}/{card['total_top']}", _signed(card["imps"]),
                    _signed(card["total_imps"]),
                )
            )  # fmt: skip
        out += _table(
            _heads(lang, "board", "dir", "against", "contract", "tricks", "score", "total", "mp", "total_mp", "imp", "total_imp"),
            card_rows,
            {0, 4, 5, 6, 7, 8, 9, 10},
        )  # fmt: skip
    for direction in ("NS", "EW") if m.separate_directions else (None,):
        side = "" if direction is None else " " + translate(f"class.{direction.lower()}", lang)
        group = results.ranking(direction, by="matchpoints")
        out += ["", translate("class.ranking_mp", lang, direction=side)]
        out += _table(
            _heads(lang, "rank", "pair", "boards", "mp", "top", "percent", "imp", "points"),
            [
                (r, s.label, s.boards, _figure(s.mp), s.top, f"{s.percent:.2f}", _signed(s.imps), _signed(s.points))
                for r, s in zip(_ranks(group), group, strict=True)
            ],
            {0, 2, 3, 4, 5, 6, 7},
        )  # fmt: skip
        by_imps = results.ranking(direction, by="imps")
        out += ["", translate("class.ranking_imps", lang, direction=side)]
        out += _table(
            _heads(lang, "rank", "pair", "boards", "imp"),
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
