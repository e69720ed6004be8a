"""Bidding measured against par: robots of one level bid a deal, the contract is scored at its
double-dummy result, and the loss against par is counted in IMPs.

**Four-handed** (contract bridge, duplicate scoring): four robots of the level bid; the final
contract is scored for North-South with the declarer's double-dummy tricks (the deal's DDS
table); par is endplay's par score of the same table, dealer and vulnerability. Both sides are
robots of the same level, so every difference from par is a loss of the robots: the loss is
``imps(|table - par|)``, a passed-out deal scoring 0.

**Three-handed** (TH-6 to TH-14, the ``three-handed-contract`` table, nobody vulnerable): each
live player may declare with the dummy against the other two (the defender on his left leading,
TH-9), so each has his own double-dummy table (:func:`three_handed_tables`). A contract's worth to
its declarer is ``v`` (:func:`bridgeroom.robots.values.value`: the score, with the value of a
game as duplicate gives it); settling each pair (TH-20), the declarer gains ``2v`` and each
defender loses ``v`` (a failed contract: ``v < 0``). Par is the result of the bidding game played
with every card seen (:func:`three_handed_par`): the three players call in turn (TH-6), a bid
must outrank the last, two passes after a bid end the auction (three at the start pass the deal
out, TH-7), a contract that fails double dummy is doubled, and each player makes the call that
is best for himself given the best calls of the others afterwards (backward induction; ties go
to the pass, then the cheaper bid). The loss is the points the players who did worse than par
lost between them, half the sum of ``|table - par|`` over the three players, in IMPs; with two
sides instead of three players this is exactly the four-handed loss.

    >>> from bridgeroom.rules import Contract
    >>> settlement(Contract("4SN"), 10, (Seat.NORTH, Seat.EAST, Seat.WEST))
    (840, -420, -420)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from bridgeroom.robots.strength.deals import Table, board_conditions, dd_table, deal_at, par_score
from bridgeroom.rules.core import Call, Contract, Deal, Seat, Strain, Vulnerability
from bridgeroom.scoring import ScoreForm

__all__ = [
    "BiddingResult",
    "bid_four_handed",
    "bid_three_handed",
    "four_handed_loss",
    "settlement",
    "three_handed_par",
    "three_handed_tables",
    "THREE_TABLE",
]

#: The score table of the three-handed measure.
THREE_TABLE = ScoreForm.THREE_HANDED_CONTRACT


@dataclass(frozen=True)
class BiddingResult:
    """One deal bid by robots: the contract (``None``: passed out), its double-dummy tricks, the
    table's and par's results (North-South's score, or the three players' settlements), and
    the loss in IMPs."""

    index: int
    contract: Contract | None
    tricks: int
    table: tuple[int, ...]
    par: tuple[int, ...]
    loss: int
    seconds: float

    def to_json(self) -> dict[str, object]:
        return {
            "deal": self.index,
            "contract": str(self.contract) if self.contract is not None else "pass",
            "tricks": self.tricks,
            "table": list(self.table),
            "par": list(self.par),
            "loss_imps": self.loss,
            "seconds": round(self.seconds, 3),
        }


def _imps(points: int) -> int:
    from bridgeroom.scoring.compare import imps

    return imps(points)


def _ns_score(
    contract: Contract | None, table: Table, vulnerability: Vulnerability
) -> tuple[int, int]:
    """North-South's duplicate score of ``contract`` at its double-dummy result, and the tricks."""
    from bridgeroom.scoring import score_duplicate

    if contract is None:
        return 0, 0
    declarer = contract.declarer
    assert declarer is not None
    tricks = table[int(contract.strain)][declarer]
    points = score_duplicate(contract, tricks, vulnerability.is_vulnerable(declarer)).score
    return (points if declarer in (Seat.NORTH, Seat.SOUTH) else -points), tricks


def four_handed_loss(
    contract: Contract | None, table: Table, dealer: Seat, vulnerability: Vulnerability
) -> tuple[int, int, int, int]:
    """``(loss in IMPs, table score, par score, tricks)`` of a four-handed contract (NS view)."""
    score, tricks = _ns_score(contract, table, vulnerability)
    par = par_score(table, dealer, vulnerability)
    return abs(_imps(score - par)), score, par, tricks


def bid_four_handed(
    level: str,
    index: int,
    seed: int,
    *,
    budget: float | None = None,
    layouts: int | None = None,
) -> BiddingResult:
    """Four robots of ``level`` bid deal ``index`` of the set ``seed`` (contract bridge)."""
    import time

    from bridgeroom.robots.strength.players import robot
    from bridgeroom.rules import ContractBridgeDeal, Phase

    deal = deal_at(seed, index)
    dealer, vul = board_conditions(index)
    state = ContractBridgeDeal(deal, dealer=dealer, vulnerability=vul)
    robots = {
        s: robot(level, seed * 7 + index * 4 + s, budget=budget, layouts=layouts) for s in Seat
    }
    t0 = time.perf_counter()
    while state.phase is Phase.AUCTION:
        seat = state.to_act
        assert seat is not None
        state.apply(robots[seat].decide(state.view(seat)).action)
    seconds = time.perf_counter() - t0
    contract = state.contract
    loss, score, par, tricks = four_handed_loss(contract, dd_table(deal), dealer, vul)
    return BiddingResult(index, contract, tricks, (score,), (par,), loss, seconds)


# --- three-handed ---------------------------------------------------------------------------


def _live(dealer: Seat) -> tuple[Seat, Seat, Seat]:
    """The three live seats in calling order: dealer, his left, his right (TH-6)."""
    return (dealer, dealer.lho, dealer.rho)


def three_handed_tables(deal: Deal, dealer: Seat) -> dict[Seat, dict[int, int]]:
    """For each live player: his double-dummy tricks with the dummy in each strain, the defender
    on his left leading (TH-9, TH-10)."""
    from bridgeroom.robots.contracts import order_for
    from bridgeroom.robots.dds import solver

    dummy = dealer.partner
    masks = deal.masks
    rearranged = []
    for declarer in _live(dealer):
        left = next(s for s in (declarer.lho, declarer.lho.lho) if s != dummy)
        order = order_for(declarer, dummy, left)
        rearranged.append(tuple(masks[s] for s in order))
    tables = solver().tables(rearranged)  # type: ignore[arg-type]
    return {
        declarer: {int(st): tables[i][int(st)][0] for st in Strain}
        for i, declarer in enumerate(_live(dealer))
    }


def settlement(
    contract: Contract | None, tricks: int, players: Sequence[Seat]
) -> tuple[int, int, int]:
    """The three players' net settlements (TH-13, TH-14, TH-20) of ``contract`` at ``tricks``:
    the declarer ``2v``, each defender ``-v``, ``v`` the contract's value (:data:`THREE_TABLE`)."""
    from bridgeroom.robots.values import value

    if contract is None:
        return (0, 0, 0)
    v = value(THREE_TABLE, contract, tricks, False)
    out = [-v, -v, -v]
    out[list(players).index(contract.declarer)] = 2 * v  # type: ignore[arg-type]
    return (out[0], out[1], out[2])


@lru_cache(maxsize=1)
def _bids() -> tuple[Call, ...]:
    return tuple(Call.bid(level, strain) for level in range(1, 8) for strain in Strain)


def three_handed_par(
    tables: dict[Seat, dict[int, int]], dealer: Seat
) -> tuple[Contract | None, tuple[int, int, int]]:
    """The par contract of a three-handed deal and the players' settlements (module text).

    ``tables`` are :func:`three_handed_tables`; the settlements are in calling order (dealer, his
    left, his right).

    >>> t = {s: {st: 6 for st in range(5)} for s in Seat}
    >>> three_handed_par(t, Seat.NORTH)          # nobody makes seven tricks: passed out
    (None, (0, 0, 0))
    >>> t[Seat.EAST] = {0: 6, 1: 6, 2: 6, 3: 10, 4: 6}
    >>> three_handed_par(t, Seat.NORTH)          # East makes 4♠; outbidding him costs more
    (Contract('4SE'), (-420, 840, -420))
    """
    players = _live(dealer)
    bids = _bids()
    n = len(bids)
    # an outcome: the settlements and the final bid (index, player), or (-1, -1) passed out
    Outcome = tuple[tuple[int, int, int], int, int]

    def final(b: int, x: int) -> Outcome:
        call = bids[b]
        assert call.strain is not None
        seat = players[x]
        tricks = tables[seat][int(call.strain)]
        doubled = 1 if tricks < call.level + 6 else 0
        contract = Contract(call.level, call.strain, doubled, seat)
        return settlement(contract, tricks, players), b, x

    def better(t: int, options: Sequence[Outcome], start: Outcome) -> Outcome:
        best = start
        for o in options:
            if o[0][t] > best[0][t]:
                best = o
        return best

    # w1[b][x]: bid b by player x, the next player to call; w2[b][x]: the one after, one pass made
    w1: list[list[Outcome]] = [[((0, 0, 0), -1, -1)] * 3 for _ in range(n)]
    w2: list[list[Outcome]] = [[((0, 0, 0), -1, -1)] * 3 for _ in range(n)]
    for b in range(n - 1, -1, -1):
        for x in range(3):
            t = (x + 2) % 3
            w2[b][x] = better(t, [w1[c][t] for c in range(b + 1, n)], final(b, x))
        for x in range(3):
            t = (x + 1) % 3
            w1[b][x] = better(t, [w1[c][t] for c in range(b + 1, n)], w2[b][x])
    # the opening round: passes until somebody bids; three passes pass the deal out
    outcome: Outcome = ((0, 0, 0), -1, -1)
    for t in (2, 1, 0):
        outcome = better(t, [w1[c][t] for c in range(n)], outcome)
    vec, b, x = outcome
    if b < 0:
        return None, vec
    call = bids[b]
    assert call.strain is not None
    tricks = tables[players[x]][int(call.strain)]
    return Contract(call.level, call.strain, int(tricks < call.level + 6), players[x]), vec


def bid_three_handed(
    level: str,
    index: int,
    seed: int,
    *,
    budget: float | None = None,
    layouts: int | None = None,
) -> BiddingResult:
    """Three robots of ``level`` bid deal ``index`` of the set ``seed`` (three-handed bridge)."""
    import time

    from bridgeroom.robots.strength.players import robot
    from bridgeroom.rules import Phase, ThreeHandedDeal

    deal = deal_at(seed, index)
    dealer, _ = board_conditions(index)
    state = ThreeHandedDeal(deal, dealer=dealer)
    robots = {
        s: robot(level, seed * 7 + index * 4 + s, budget=budget, layouts=layouts) for s in Seat
    }
    t0 = time.perf_counter()
    while state.phase is Phase.AUCTION:
        seat = state.to_act
        assert seat is not None
        state.apply(robots[seat].decide(state.view(seat)).action)
    seconds = time.perf_counter() - t0
    tables = three_handed_tables(deal, dealer)
    players = _live(dealer)
    _, par = three_handed_par(tables, dealer)
    contract = state.contract
    tricks = (
        tables[contract.declarer][int(contract.strain)]
        if contract is not None and contract.declarer is not None
        else 0
    )
    table = settlement(contract, tricks, players)
    lost = sum(abs(a - b) for a, b in zip(table, par, strict=True)) // 2
    return BiddingResult(index, contract, tricks, table, par, abs(_imps(lost)), seconds)
