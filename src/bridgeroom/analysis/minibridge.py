"""The best mini-bridge contract of a board, by double dummy: what a mini-bridge hand record shows
instead of contract bridge's par.

Mini-bridge has no auction and no doubles: the pair with more points declares (MB-3), its member
with more points is the declarer (MB-4) and names any contract (MB-6). A made contract scores its
value of table MB-T1 and nothing for overtricks (MB-9); a failed one 50 or 100 a trick to the
defenders (MB-10). The best contract is the one its declarer scores most with, each strain's
tricks taken from the board's double-dummy table (the declarer plays it, his left-hand opponent
leads, MB-7). Every contract reaching that score is named.

    >>> from bridgeroom.rules import Deal, Seat, Vulnerability
    >>> deal = Deal.parse("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> table = DDTable.from_json(
    ...     {s: dict.fromkeys(("C", "D", "H", "S", "NT"), 13 if s in "NS" else 0) for s in "NESW"}
    ... )
    >>> best = best_minibridge(deal, Seat.NORTH, Vulnerability.NONE, table)
    >>> best.score, [str(c) for c in best.contracts]
    (1520, ['7NTN'])
    >>> best_minibridge_text(best, "en")
    'Best mini-bridge contract (double dummy), declarer N: 7NT, +1520'
"""

from __future__ import annotations

from bridgeroom.analysis.dd import DDTable, Par, ParContract
from bridgeroom.analysis.text import strain_heading
from bridgeroom.i18n import Message, seat_letter
from bridgeroom.rules import Contract, Deal, Seat, Side, Strain, Vulnerability
from bridgeroom.rules.minibridge import choose_declarer
from bridgeroom.scoring import get_table

__all__ = ["best_minibridge", "best_minibridge_text"]


def best_minibridge(deal: Deal, dealer: Seat, vulnerability: Vulnerability, table: DDTable) -> Par:
    """The best mini-bridge contracts of ``deal`` for its declarer (MB-3, MB-4), with
    ``table``'s tricks: a :class:`~bridgeroom.analysis.dd.Par` whose score is from
    North-South's side (as par's is) and whose contracts are those reaching it, each with its
    tricks over (0) or under (-) it."""
    declarer = choose_declarer([deal[seat].hcp for seat in Seat], dealer)
    vulnerable = vulnerability.is_vulnerable(declarer)
    scorer = get_table("minibridge")
    scored: list[tuple[int, ParContract]] = []
    for strain in Strain:
        tricks = table[declarer, strain]
        for level in range(1, 8):
            contract = Contract(level, strain, 0, declarer)
            points = scorer.score(contract, tricks, vulnerable).score
            scored.append((points, ParContract(contract, min(0, tricks - level - 6))))
    best = max(points for points, _ in scored)
    sign = 1 if declarer.side is Side.NS else -1
    return Par(sign * best, tuple(c for points, c in scored if points == best))


def best_minibridge_text(best: Par, lang: str = "en") -> str:
    """``Best mini-bridge contract (double dummy) for S: 4♥, +420`` in ``lang``; the score is
    the declarer's (his pair's), not North-South's."""
    declarer = best.contracts[0].contract.declarer
    assert declarer is not None
    contracts = ", ".join(
        f"{c.contract.level}{strain_heading(c.contract.strain, lang)}"
        + (f" {c.overtricks:+d}" if c.overtricks else "")
        for c in best.contracts
    )
    score = best.score if declarer.side is Side.NS else -best.score
    return Message(
        "analysis.minibridge_best",
        declarer=seat_letter(declarer, lang),
        contracts=contracts,
        score=score,
    ).render(lang)
