"""A session's boards: dealt from its seed, read from a PBN file or made by the deal generator
from a practice set; their hand records (double-dummy tables and par) and the mini-bridge coach's
advice on each, for the teacher.

    >>> boards = seeded_boards(7, 2)
    >>> len(boards), boards == seeded_boards(7, 2)
    (2, True)
    >>> [a["board"] for a in coach_advice(boards, "en")]
    [1, 2]
"""

from __future__ import annotations

from typing import Any

from bridgeroom.errors import BridgeError
from bridgeroom.formats.pbn import loads as pbn_loads
from bridgeroom.games import get_game
from bridgeroom.i18n import Message, error_texts
from bridgeroom.rules import (
    Deal,
    Seat,
    board_dealer,
    board_vulnerability,
    choose_declarer,
    deal_cards,
    make_rng,
)
from bridgeroom.table import TableError
from bridgeroom.teaching.coach import advise

__all__ = [
    "bad_request",
    "coach_advice",
    "hand_records",
    "pbn_boards",
    "practice_boards",
    "seeded_boards",
]


def bad_request(reason: str | BridgeError | Message) -> TableError:
    """The refusal of a session's bad input (422, in every language): ``reason`` is an error of
    the layers below (said in each language as it says itself), a message of the catalogue, or
    a text (input no form of ours sends)."""
    said: object = reason[:500] if isinstance(reason, str) else reason
    if isinstance(reason, BridgeError):
        said = error_texts(reason)
    return TableError("server.bad_request", reason=said)


def bad_field(field: str, reason: BridgeError) -> TableError:
    """The refusal of a result's field (``"contract"``) that the layers below refused."""
    return bad_request(Message("cards.field", field=field, reason=error_texts(reason)))


def seeded_boards(seed: int, boards: int) -> list[str]:
    """``boards`` deals shuffled from ``seed`` (CB-3), each with its board's dealer (CB-B1)."""
    return [
        deal_cards(board_dealer(b), make_rng(f"{seed}:board:{b}")).to_pbn()
        for b in range(1, boards + 1)
    ]


def practice_boards(name: str, boards: int, seed: int) -> list[str]:
    """``boards`` deals of a practice set (the deal generator; numpy is loaded on first use, so
    the server calls this on a thread)."""
    from bridgeroom.analysis.generate import generate
    from bridgeroom.analysis.practice import practice_set

    try:
        deals = generate(practice_set(name).script, boards, seed=seed)
    except BridgeError as err:
        raise bad_request(err) from None
    if len(deals) < boards:
        raise bad_request(
            f"the practice set {name!r} gave {len(deals)} deals of {boards} in its tries"
        )
    return [d.to_pbn() for d in deals]


def pbn_boards(text: str, boards: int) -> list[str]:
    """The first ``boards`` deals of a PBN file, as PBN deal strings."""
    try:
        games = pbn_loads(text)
    except BridgeError as err:
        raise bad_request(f"the PBN file cannot be read: {err}") from None
    deals = [g.deal for g in games if g.deal is not None]
    if len(deals) < boards:
        raise bad_request(f"the PBN file has {len(deals)} deals, the session {boards} boards")
    return [d.to_pbn() for d in deals[:boards]]


def hand_records(
    deals: list[str], boards: tuple[int, ...], game: str = "contract"
) -> list[dict[str, Any]]:
    """Boards ``boards`` (numbers into ``deals``) with their double-dummy tables and par
    (:mod:`bridgeroom.dds`, endplay imported on first use: the server calls this on a thread,
    and the process's DDS threads stay as they are), each with its diagram
    (:func:`bridgeroom.svg.deal`, as the Review panel draws it) and its par line in every
    language. A mini-bridge session's boards show their best mini-bridge contract instead
    (:func:`bridgeroom.analysis.handrecord.record_line`; ``par`` is then that contract)."""
    from bridgeroom import svg
    from bridgeroom.analysis.dd import BoardAnalysis, solve_boards
    from bridgeroom.analysis.handrecord import record_line
    from bridgeroom.analysis.minibridge import best_minibridge
    from bridgeroom.i18n import LANGUAGES

    hands = [Deal.parse(deals[b - 1]) for b in boards]
    solved = solve_boards(
        [(d, board_dealer(b), board_vulnerability(b)) for d, b in zip(hands, boards, strict=True)]
    )
    out = []
    for b, d, (table, par) in zip(boards, hands, solved, strict=True):
        board = BoardAnalysis(d, board_dealer(b), board_vulnerability(b), table, par, b)
        if not get_game(game).variant.auction:  # mini-bridge: the contract is named (MB-4)
            par = best_minibridge(d, board.dealer, board.vulnerability, table)
        lines = {lang: record_line(board, lang, game) for lang in LANGUAGES}
        out.append(
            {
                "board": b,
                "dealer": board.dealer.letter,
                "vulnerability": board.vulnerability.pbn,
                "deal": d.to_pbn(),
                "dd": table.to_json(),
                "par": par.to_json(),
                "par_text": lines,
                "svg": {
                    lang: svg.deal(
                        d,
                        board=b,
                        dealer=board.dealer,
                        vulnerability=board.vulnerability,
                        table=table,
                        par=lines[lang],
                        lang=lang,
                    )
                    for lang in LANGUAGES
                },
            }
        )
    return out


def coach_advice(deals: list[str], lang: str) -> list[dict[str, Any]]:
    """The coach's advice on each mini-bridge board, for the teacher (MB-3, MB-4, MB-13): who
    declares from the four counts, and the contract the coach would name."""
    out = []
    for board, text in enumerate(deals, start=1):
        deal = Deal.parse(text)
        counts = [deal[seat].hcp for seat in Seat]
        declarer = choose_declarer(counts, board_dealer(board))
        advice = advise(
            deal[declarer],
            counts[declarer.partner],
            deal[declarer.partner].lengths,
            declarer=declarer,
            lang=lang,
        )
        out.append(
            {
                "board": board,
                "counts": counts,
                "declarer": declarer.letter,
                "contract": str(advice.contract.without_declarer()),
                "reason": advice.reason,
            }
        )
    return out
