"""Card play measured against double dummy: the declarer, the defence and the opening lead.

On each deal a contract is imposed (:func:`~bridgeroom.robots.strength.deals.played_contract`:
the side with more high-card points declares its double-dummy best contract) by a one-bid
auction, so the robots are told to read nothing into the auction (they still read the contract).

* :func:`declarer_deal`: the robot declares against double-dummy-perfect defenders (they see
  every card); the loss is the declarer's double-dummy tricks minus the tricks he took.
* :func:`defence_deal`: robot defenders (each seeing only its own view) against a
  double-dummy-perfect declarer; the loss is the tricks the defence gave away. The opening lead
  is also judged alone: its cost is the defenders' double-dummy tricks after the best lead minus
  those after the robot's lead, and the ``basic`` robot's lead from the same view is judged too,
  so the two leads are compared on the same deals.
* :func:`auction_lead`: four ``basic`` robots bid the deal (the web tables' default), and the
  robot under test makes the opening lead with the real auction to read; the ``basic`` robot's
  lead from the same view is judged with it. An expert on the clock leads a second time without
  it (:data:`LEAD_LAYOUTS` layouts), so the clock's cost is paired on the same deals.

Both lead records carry ``lead_expected`` as well: what the expert's own layouts expected its lead
to cost (:meth:`~bridgeroom.robots.cardplay.CardStats.expected_cost`), so that a lead chosen
badly can be told from a lead chosen well from layouts that describe the deal poorly.

The double-dummy defenders of :func:`declarer_deal` play, of their double-dummy best cards, the one
our carding conventions give (``carding="conventional"``: :func:`dd_card`), as strong defenders
signal when it costs nothing; ``carding="lowest"`` is the yardstick of the eighth session and
before, defenders who play the lowest of equal cards and so false-card at every turn (a jack led
from king-queen-jack, the lower card of a doubleton). A declarer who reads the defenders' cards,
as :mod:`bridgeroom.robots.signals` does, is misled by them.

Each function returns one JSON-able record for one deal. ``budget`` and ``layouts`` say how the
expert thinks (:func:`~bridgeroom.robots.strength.players.robot`).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from bridgeroom.robots.strength.deals import board_conditions, dd_table, deal_at, played_contract
from bridgeroom.rules.core import Card, Contract, Seat

if TYPE_CHECKING:
    from bridgeroom.robots.base import Decision

__all__ = [
    "CARDING",
    "LEAD_LAYOUTS",
    "auction_lead",
    "basic_auction",
    "dd_card",
    "dd_values",
    "declarer_deal",
    "defence_deal",
    "losses_by_reason",
]

#: The layouts of the ``lead`` part's second, clockless expert lead (beside the lead made with the
#: clock), the number the sessions' clockless lead figures used (docs/robots.md).
LEAD_LAYOUTS = 40

#: How double-dummy defenders choose among their equally good cards (:func:`dd_card`).
CARDING = ("conventional", "lowest")


def dd_values(state) -> dict[int, int]:  # type: ignore[no-untyped-def]
    """``{card index: tricks}`` for the hand to play, double dummy (it sees every card): the tricks
    its side takes from the current trick on."""
    from bridgeroom.robots.dds import Position, solver

    hands = tuple(state.hand(s).mask for s in Seat)
    trick = state.current_trick
    leader = trick[0][0] if trick else state.turn
    pos = Position(hands, state.contract.strain, int(leader), tuple(c.index for _, c in trick))
    return solver().solve([pos])[0]


def _check_carding(carding: str) -> None:
    if carding not in CARDING:
        raise ValueError(f"carding is one of {', '.join(CARDING)}, not {carding!r}")


def dd_card(state, carding: str = "lowest") -> Card:  # type: ignore[no-untyped-def]
    """The double-dummy best card for the hand to play. Of equal ones, with ``carding``
    ``"lowest"`` the lowest; with ``"conventional"`` a defender plays the card our conventions
    give when it is among them: the ``basic`` robot's card (the opening lead, attitude and count of
    docs/bidding.md, "Carding"), else on lead the conventional card of a suit with a best card
    (:func:`~bridgeroom.robots.signals.lead_card`), else the lowest. A declarer, who signals
    nothing, always plays the lowest of equal cards."""
    _check_carding(carding)
    result = dd_values(state)
    best = max(result.values())
    equal = sorted(c for c, t in result.items() if t == best)
    if carding == "lowest" or len(equal) == 1 or state.is_declaring(state.turn):
        return Card.from_index(equal[0])
    return _conventional(state, equal)


def _conventional(state, equal: list[int]) -> Card:  # type: ignore[no-untyped-def]
    """Of the defender's double-dummy best cards ``equal`` (indexes, low to high), the one the
    carding conventions give, else the lowest."""
    from bridgeroom.robots.play import basic_card
    from bridgeroom.robots.signals import lead_card
    from bridgeroom.rules.core import SUIT_MASK

    rule = basic_card(state.view(state.to_act)).action
    if isinstance(rule, Card) and rule.index in equal:
        return rule
    if not state.current_trick:
        hand = state.hand(state.turn).mask
        notrump = state.contract.strain.suit is None
        for index in equal:
            card = lead_card(hand & SUIT_MASK[Card.from_index(index).suit], notrump=notrump)
            if card.index in equal:
                return card
    return Card.from_index(equal[0])


def _imposed(index: int, seed: int, contracts: str):  # type: ignore[no-untyped-def]
    from bridgeroom.rules import ContractBridgeDeal

    deal = deal_at(seed, index)
    table = dd_table(deal)
    contract, dd = played_contract(deal, table, index, contracts)
    declarer = contract.declarer
    assert declarer is not None
    _, vul = board_conditions(index)
    state = ContractBridgeDeal(deal, dealer=declarer, vulnerability=vul)
    state.apply(contract.bid)
    for _ in range(3):
        state.apply("P")
    return state, contract, dd


def _robot(  # type: ignore[no-untyped-def]
    level: str, seed: int, budget: float | None, layouts: int | None, *, imposed: bool
):
    from bridgeroom.robots import ExpertRobot
    from bridgeroom.robots.strength.players import robot as make

    robot = make(level, seed, budget=budget, layouts=layouts)
    if imposed and isinstance(robot, ExpertRobot):
        # the contract is imposed by a one-bid auction whose calls show nothing by the system
        robot.use_auction = False
    return robot


def _kind(state) -> str:  # type: ignore[no-untyped-def]
    if state.current_trick:
        return "following"
    return "later leads" if state.tricks else "opening lead"


def _play_out(  # type: ignore[no-untyped-def]
    state,
    robot_side: bool,
    robot,
    by_trick: bool,
    carding: str = "lowest",
    key: Callable[[object, Decision], str] | None = None,
) -> tuple[dict[str, list[int]], list[float]]:
    """Play to the end: the robot for one side, double dummy for the other (its equal cards chosen
    by ``carding``: :func:`dd_card`). Returns the robot's cards' double-dummy costs (when
    ``by_trick``) grouped by ``key`` (of the state before the card and the decision; by default
    the kind of card: opening lead, later leads, following) and the robot's decision times."""
    where: dict[str, list[int]] = {}
    if key is None:
        where = {"opening lead": [], "later leads": [], "following": []}
    times: list[float] = []
    while not state.is_over:
        seat = state.to_act
        ours = state.is_declaring(state.turn)
        if ours == robot_side:
            values = dd_values(state) if by_trick else None
            t0 = time.perf_counter()
            decision = robot.decide(state.view(seat))
            times.append(time.perf_counter() - t0)
            card = decision.action
            if values is not None:
                group = _kind(state) if key is None else key(state, decision)
                where.setdefault(group, []).append(max(values.values()) - values[card.index])
            state.apply(card)
        else:
            state.apply(dd_card(state, carding))
    return where, times


def _sums(where: dict[str, list[int]]) -> dict[str, int]:
    """The tricks lost by kind of card, from :func:`_play_out`'s costs."""
    return {kind: sum(costs) for kind, costs in where.items()}


def losses_by_reason(
    level: str,
    index: int,
    seed: int,
    *,
    side: str = "defence",
    contracts: str = "stronger",
    budget: float | None = None,
    layouts: int | None = None,
) -> dict[str, tuple[int, int]]:
    """The robot's side of deal ``index`` (``side``: ``defence`` or ``declarer``) played against
    double dummy as :func:`defence_deal` and :func:`declarer_deal` play it (the double-dummy
    defenders signal by the conventions, a double-dummy declarer plays the lowest of equal
    cards): ``{reason key: (tricks lost, cards)}``, each robot card's double-dummy cost counted
    under the catalogue key of the reason the robot gave for it."""
    if side not in ("defence", "declarer"):
        raise ValueError(f"side is defence or declarer, not {side!r}")
    declaring = side == "declarer"
    state, _, _ = _imposed(index, seed, contracts)
    robot = _robot(level, seed + index, budget, layouts, imposed=True)
    carding = "conventional" if declaring else "lowest"
    where, _ = _play_out(state, declaring, robot, True, carding, key=lambda _, d: d.why.key)
    return {reason: (sum(costs), len(costs)) for reason, costs in where.items()}


def declarer_deal(
    level: str,
    index: int,
    seed: int,
    *,
    contracts: str = "stronger",
    budget: float | None = None,
    layouts: int | None = None,
    by_trick: bool = False,
    carding: str = "conventional",
) -> dict[str, object]:
    """The robot declares deal ``index`` against double-dummy defenders, who choose among their
    equal cards by ``carding`` (:func:`dd_card`)."""
    _check_carding(carding)
    state, contract, dd = _imposed(index, seed, contracts)
    robot = _robot(level, seed + index, budget, layouts, imposed=True)
    t0 = time.perf_counter()
    where, times = _play_out(state, True, robot, by_trick, carding)
    tricks = state.result.tricks
    return {
        "deal": index,
        "contract": str(contract),
        "dd": dd,
        "tricks": tricks,
        "loss": dd - tricks,
        "carding": carding,
        "by_kind": _sums(where) if by_trick else None,
        "seconds": round(time.perf_counter() - t0, 3),
        "decisions": len(times),
    }


def _expected_cost(robot: object, lead: object) -> float | None:
    """What the robot's own layouts expect its ``lead`` to cost against the best lead
    (:meth:`~bridgeroom.robots.cardplay.CardStats.expected_cost`), from the layouts it weighed
    for that lead (``ExpertRobot.last_stats``). ``None`` for a robot that does not sample
    layouts, or a lead made without them (the only card, or equal cards)."""
    from bridgeroom.robots import ExpertRobot

    if not isinstance(robot, ExpertRobot) or robot.last_stats is None:
        return None
    assert isinstance(lead, Card)
    stats = robot.last_stats
    return round(stats.expected_cost(stats.cards.index(lead.index)), 3)


def _lead_cost(card: object, values: dict[int, int]) -> int:
    """The tricks a lead costs its side against the best lead, double dummy."""
    assert isinstance(card, Card)
    return max(values.values()) - values[card.index]


def defence_deal(
    level: str,
    index: int,
    seed: int,
    *,
    contracts: str = "stronger",
    budget: float | None = None,
    layouts: int | None = None,
    by_trick: bool = False,
) -> dict[str, object]:
    """Robot defenders on deal ``index`` against a double-dummy declarer; the opening lead judged
    alone as well (the robot's and the ``basic`` robot's from the same view)."""
    from bridgeroom.robots.play import basic_card

    state, contract, dd = _imposed(index, seed, contracts)
    robot = _robot(level, seed + index, budget, layouts, imposed=True)
    leader = state.to_act
    assert leader is not None
    values = dd_values(state)
    view = state.view(leader)
    basic = basic_card(view).action
    t0 = time.perf_counter()
    lead = robot.decide(view).action
    lead_seconds = time.perf_counter() - t0
    expected = _expected_cost(robot, lead)
    t1 = time.perf_counter()
    state.apply(lead)
    where, times = _play_out(state, False, robot, by_trick)
    tricks = state.result.tricks
    return {
        "deal": index,
        "contract": str(contract),
        "dd": dd,
        "tricks": tricks,
        "loss": tricks - dd,
        "lead": str(lead),
        "lead_cost": _lead_cost(lead, values),
        "basic_lead": str(basic),
        "basic_lead_cost": _lead_cost(basic, values),
        "lead_expected": expected,
        "lead_seconds": round(lead_seconds, 3),
        "by_kind": _sums(where) if by_trick else None,
        "seconds": round(lead_seconds + time.perf_counter() - t1, 3),
        "decisions": len(times) + 1,
    }


def basic_auction(seed: int, index: int):  # type: ignore[no-untyped-def]
    """Deal ``index`` of ``seed`` (:func:`~bridgeroom.robots.strength.deals.board_conditions`)
    bid by four ``basic`` robots, at the opening lead (a ``ContractBridgeDeal``); ``None`` for a
    deal passed out."""
    from bridgeroom.robots import make_robot
    from bridgeroom.rules import ContractBridgeDeal, Phase

    dealer, vul = board_conditions(index)
    state = ContractBridgeDeal(deal_at(seed, index), dealer=dealer, vulnerability=vul)
    bidder = make_robot("basic")
    while state.phase is Phase.AUCTION:
        seat = state.to_act
        assert seat is not None
        state.apply(bidder.decide(state.view(seat)).action)
    return state if state.contract is not None else None


def auction_lead(
    level: str,
    index: int,
    seed: int,
    *,
    budget: float | None = None,
    layouts: int | None = None,
) -> dict[str, object] | None:
    """``basic`` robots bid deal ``index``; the robot of ``level`` leads with the auction to read.
    ``None`` for a deal passed out."""
    from bridgeroom.robots.play import basic_card

    state = basic_auction(seed, index)
    if state is None:
        return None
    leader = state.to_act
    assert leader is not None
    values = dd_values(state)
    view = state.view(leader)
    robot = _robot(level, seed + index, budget, layouts, imposed=False)
    t0 = time.perf_counter()
    decision = robot.decide(view)
    seconds = time.perf_counter() - t0
    lead = decision.action
    basic = basic_card(view).action
    expected = _expected_cost(robot, lead)
    contract: Contract = state.contract
    record: dict[str, object] = {
        "deal": index,
        "contract": str(contract),
        "auction": " ".join(str(c) for _, c in state.calls),
        "lead": str(lead),
        "lead_cost": _lead_cost(lead, values),
        "basic_lead": str(basic),
        "basic_lead_cost": _lead_cost(basic, values),
        "lead_expected": expected,
        "seconds": round(seconds, 3),
        "budget": _budget(robot),
        "lead_budget": _budget(robot, "lead"),
        "lead_layouts": dict(decision.why.params).get("n", 0 if _budget(robot) else None),
        "lead_reason": decision.why.key,
    }
    if layouts is None and record["budget"] is not None:
        # the same lead without the clock: what the clock costs it, on the same deals
        calm = _robot(level, seed + index, None, LEAD_LAYOUTS, imposed=False)
        quiet = calm.decide(view).action
        record["noclock_lead"] = str(quiet)
        record["noclock_lead_cost"] = _lead_cost(quiet, values)
    return record


def _budget(robot: object, kind: str = "card") -> float | None:
    """The expert ``robot``'s seconds for a decision of ``kind``: ``card`` (the time after which
    its opening lead goes on only until its layouts are enough) or ``lead`` (the most an opening
    lead may take). ``None``: no clock, or a robot that does not sample layouts."""
    from bridgeroom.robots import ExpertRobot

    if not isinstance(robot, ExpertRobot) or robot.time_budget == float("inf"):
        return None
    return robot.lead_budget if kind == "lead" else robot.budget_for(kind)


Player = Callable[..., dict[str, object] | None]
