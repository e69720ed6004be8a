"""A session's results as files: PBN of every board with every table's result (PBN 2.1's
``ScoreTable`` on each board, ``TotalScoreTable`` with the ranking on the first), and the ranking
as CSV.

    >>> from bridgeroom.rules import Deal
    >>> from bridgeroom.sessions import Movement, Played, Results
    >>> m = Movement.make("class", tables=2, boards=1)
    >>> results = Results(m, "contract", "matchpoints", [
    ...     Played.of("contract", 1, 1, 1, 3, "N", "3NT", 9, "SQ"),
    ...     Played.of("contract", 1, 2, 2, 4, "N", "3NT", 8, "H4"),
    ... ])
    >>> print(ranking_csv(results).strip())
    direction,rank,pair,boards,points,mp,top,percent,imps
    NS,1,1NS,1,400,2,2,100.0,10
    NS,2,2NS,1,-50,0,2,0.0,-10
    EW,1,2EW,1,50,2,2,100.0,10
    EW,2,1EW,1,-400,0,2,0.0,-10
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping

from bridgeroom.formats.pbn import PbnGame, dumps
from bridgeroom.rules import Deal, board_dealer, board_vulnerability
from bridgeroom.sessions.results import Results

__all__ = ["ranking_csv", "session_pbn"]

_SCORE_COLUMNS = (
    "Table\\2R;PairId_NS\\4R;PairId_EW\\4R;Contract\\5L;Declarer\\1R;Lead\\3L;Result\\2R;"
    "Score_NS\\5R;MP_NS\\5R;MP_EW\\5R;IMP_NS\\6R;IMP_EW\\6R"
)
_TOTAL_COLUMNS = (
    "Rank\\2R;PairId\\4R;Direction\\2L;TotalScoreMP\\6R;TotalPercentage\\6R;TotalIMP\\7R"
)


def ranking_csv(results: Results) -> str:
    """The ranking (each direction's, or the one of a Howell) as CSV, best first."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["direction", "rank", "pair", "boards", "points", "mp", "top", "percent", "imps"]
    )
    for direction, rows in results.rankings().items():
        for s in rows:
            data = results.standing_dict(s)
            writer.writerow(
                [
                    direction,
                    data["rank"],
                    data["pair"],
                    data["boards"],
                    data["points"],
                    data["mp"],
                    data["top"],
                    data["percent"],
                    data["imps"],
                ]
            )
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
        contract = item["contract"] or "Pass"
        fields = [
            str(item["table"]),
            f'"{item["ns"]}"',
            f'"{item["ew"]}"',
            f'"{contract}"',
            item["declarer"] or "-",
            item["lead"] or "-",
            str(item["tricks"]),
            str(item["ns_score"]),
            *(str(item[key]) for key in ("ns_mp", "ew_mp", "ns_imps", "ew_imps")),
        ]
        rows.append(" ".join(fields))
    return rows


def _total_rows(results: Results) -> list[str]:
    rows = []
    for direction, standings in results.rankings().items():
        for s in standings:
            data = results.standing_dict(s)
            rows.append(
                f'{data["rank"]} "{data["pair"]}" {direction} {data["mp"]} {data["percent"]} '
                f"{data['imps']}"
            )
    return rows
