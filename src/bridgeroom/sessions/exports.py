"""A session's results as files: PBN of every board with every table's result (PBN 2.1's
``ScoreTable`` on each board, ``TotalScoreTable`` with the ranking and the players on the
first), the ranking and the travellers as CSV. (USEBIO XML: :mod:`bridgeroom.sessions.usebio`;
the results page and PDF: :mod:`bridgeroom.sessions.report`.)

An adjusted score is written as the director gave it (``A+/A-``, ``30% 4S N = + 70% 4S N
-1``, ``NS 4S N = / EW 4S N -1``, :func:`~bridgeroom.sessions.results.parse_entry`'s
notation) in the ``Contract`` column, its score as North-South's (a weighted score's mean).

    >>> from bridgeroom.rules import Deal
    >>> from bridgeroom.sessions import Movement, Played, Results
    >>> m = Movement.make("class", tables=2, boards=1)
    >>> results = Results(m, "contract", "matchpoints", [
    ...     Played.of("contract", 1, 1, 1, 3, "N", "3NT", 9, "SQ"),
    ...     Played.of("contract", 1, 2, 2, 4, "N", "3NT", 8, "H4"),
    ... ])
    >>> print(ranking_csv(results).strip())
    direction,rank,pair,boards,points,mp,top,percent,imps,vp,players
    NS,1,1NS,1,400,2,2,100.0,10,,
    NS,2,2NS,1,-50,0,2,0.0,-10,,
    EW,1,2EW,1,50,2,2,100.0,10,,
    EW,2,1EW,1,-400,0,2,0.0,-10,,
    >>> print(travellers_csv(results).splitlines()[1])
    1,1,1NS,1EW,played,3NT,N,SQ,9,=,400,2,0,10,-10,3NT N =
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping

from bridgeroom.formats.pbn import PbnGame, dumps
from bridgeroom.rules import Deal, board_dealer, board_vulnerability
from bridgeroom.sessions.results import Results, Standing

__all__ = ["ranking_csv", "session_pbn", "travellers_csv"]

_SCORE_COLUMNS = (
    "Table\\2R;PairId_NS\\4R;PairId_EW\\4R;Contract\\5L;Declarer\\1R;Lead\\3L;Result\\2R;"
    "Score_NS\\5R;MP_NS\\5R;MP_EW\\5R;IMP_NS\\6R;IMP_EW\\6R"
)
_TOTAL_COLUMNS = (
    "Rank\\2R;PairId\\4R;Direction\\2L;TotalScoreMP\\6R;TotalPercentage\\6R;TotalIMP\\7R;"
    "TotalVP\\6R;Names\\40L"
)


def _players(results: Results, s: Standing) -> str:
    return " & ".join(str(p) for p in s.players)


def ranking_csv(results: Results) -> str:
    """The ranking (each direction's, the one of a Howell, or the teams') as CSV, best first;
    ``players`` are ``Name #number & Name #number``."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["direction", "rank", "pair", "boards", "points", "mp", "top", "percent", "imps", "vp",
         "players"]
    )  # fmt: skip
    for direction, rows in results.rankings().items():
        for s in rows:
            data = results.standing_dict(s)
            writer.writerow(
                [
                    direction,
                    *(data[k] for k in ("rank", "pair", "boards", "points", "mp", "top")),
                    data["percent"],
                    data["imps"],
                    "" if data["vp"] is None else data["vp"],
                    _players(results, s),
                ]
            )
    return out.getvalue()


def travellers_csv(results: Results) -> str:
    """Every board's traveller as CSV, one line a table: its entry's kind (``played``,
    ``assigned``, ``weighted``, ``split``, ``artificial``, ``not played``), contract,
    declarer, lead, tricks, result, North-South's score, both sides' matchpoints and IMPs, and
    the entry as typed."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["board", "table", "ns", "ew", "kind", "contract", "declarer", "lead", "tricks",
         "result", "ns_score", "ns_mp", "ew_mp", "ns_imps", "ew_imps", "entry"]
    )  # fmt: skip
    for board in results.boards:
        for item in results.board_dict(board)["results"]:
            writer.writerow(
                [
                    board,
                    *(item[k] for k in ("table", "ns", "ew", "kind")),
                    *("" if item[k] is None else item[k] for k in
                      ("contract", "declarer", "lead", "tricks", "result", "ns_score")),
                    *(item[k] for k in ("ns_mp", "ew_mp", "ns_imps", "ew_imps")),
                    item["text"],
                ]
            )  # fmt: skip
    return out.getvalue()


def session_pbn(
    results: Results, deals: Mapping[int, Deal], *, event: str = "", boards: object = None
) -> str:
    """PBN of the boards in ``deals`` (board number -> cards): each board's tags and hands, its
    ``ScoreTable`` (every table's result, from North-South's side, with matchpoints and IMPs);
    the first board also carries the ``TotalScoreTable`` of the ranking."""
    games = []
    for i, board in enumerate(sorted(deals)):
        tags = {
            "Event": event or "bridgeroom session",
            "Site": "bridgeroom",
            "Date": "?",
            "Board": str(board),
            "West": "?",
            "North": "?",
            "East": "?",
            "South": "?",
            "Dealer": board_dealer(board).letter,
            "Vulnerable": board_vulnerability(board).pbn,
            "Deal": deals[board].to_pbn(),
            "Scoring": {"matchpoints": "MP", "imps": "IMP"}.get(results.scoring, "Total"),
            "Declarer": "?",
            "Contract": "?",
            "Result": "?",
            "ScoreTable": _SCORE_COLUMNS,
        }
        data = {"ScoreTable": _score_rows(results, board)}
        if i == 0:
            tags["TotalScoreTable"] = _TOTAL_COLUMNS
            data["TotalScoreTable"] = _total_rows(results)
        games.append(PbnGame(tags, data=data))
    return dumps(games) if games else ""


def _score_rows(results: Results, board: int) -> list[str]:
    rows = []
    for item in results.board_dict(board)["results"]:
        played = item["kind"] in ("played", "assigned")
        contract = (item["contract"] or "Pass") if played else item["text"]
        fields = [
            str(item["table"]),
            f'"{item["ns"]}"',
            f'"{item["ew"]}"',
            f'"{contract}"',
            (item["declarer"] or "-") if played else "-",
            (item["lead"] or "-") if played else "-",
            str(item["tricks"]) if played else "-",
            "-" if item["ns_score"] is None else str(item["ns_score"]),
            *(str(item[key]) for key in ("ns_mp", "ew_mp", "ns_imps", "ew_imps")),
        ]
        rows.append(" ".join(fields))
    return rows


def _total_rows(results: Results) -> list[str]:
    rows = []
    for direction, standings in results.rankings().items():
        for s in standings:
            data = results.standing_dict(s)
            names = _players(results, s).replace('"', "'")
            vp = "-" if data["vp"] is None else data["vp"]
            rows.append(
                f'{data["rank"]} "{data["pair"]}" {direction} {data["mp"]} {data["percent"]} '
                f'{data["imps"]} {vp} "{names}"'
            )
    return rows
