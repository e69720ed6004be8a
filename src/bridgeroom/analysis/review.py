"""The review of a played deal: every card against double dummy, as BBO's hand viewer shows it.

:func:`review` takes a finished deal of any game of the family (contract,
auction, three-handed, mini-bridge) and returns a :class:`DealReview`: the
double-dummy result of the final contract (from the opening lead) and the par,
then trick by trick each card played, with the tricks its side could still take
before it (``best``) and after it (``tricks``): a card whose ``cost`` is above
zero gave the other side that many tricks against double dummy. The cards that
would have kept the best are listed. A claim is checked the same way. Robots'
reasons, when the caller has them, ride along with their cards.

The positions are solved by DDS in one batch per deal, through the robots' one
solver (:mod:`bridgeroom.robots.dds`); three-handed bridge's dummy plays
opposite the declarer (TH-10) there, as in the robots' own search.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for action in "7NT P P P".split():
    ...     state.apply(action)
    >>> state.apply("claim 0")          # East, on lead, concedes every trick
    >>> r = review(state)
    >>> r.dd_tricks, r.result, r.claim
    (13, 13, ClaimReview(seat=<Seat.EAST: 1>, tricks=0, best=0))

The result is made of dataclasses, and :meth:`DealReview.to_json` gives a
JSON-able dictionary for a web page; messages render in English or Russian.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from bridgeroom.analysis.dd import DDTable, Par
from bridgeroom.errors import BridgeError
from bridgeroom.games import get_game
from bridgeroom.i18n import Message
from bridgeroom.rules.core import Card, Contract, Deal, Seat, Side, Vulnerability
from bridgeroom.rules.state import Claim, DealState, Phase

__all__ = [
    "CardReview",
    "ClaimReview",
    "DealReview",
    "StoredDeal",
    "TrickReview",
    "review",
    "robot_reasons",
    "stored_deals",
]


def _render(reason: object, lang: str) -> str | None:
    if reason is None:
        return None
    if isinstance(reason, Message):
        return reason.render(lang)
    explain = getattr(reason, "explain", None)
    if callable(explain):
        return str(explain(lang))
    return str(reason)


@dataclass(frozen=True)
class CardReview:
    """One card played, against double dummy.

    ``seat`` holds the card (the dummy's cards are the dummy's, chosen by the
    declarer); ``best`` is the most tricks ``seat``'s side could take from this
    trick on, double dummy, before the card; ``tricks`` what it can take after
    it; ``cost = best - tricks``. ``keep`` are the cards that keep ``best``
    (empty for a forced card, which cannot cost). ``declarer_tricks`` is the
    declarer's total at the end with best play from here on. ``index`` is the
    card's place in the deal's history; ``reason`` a robot's explanation.
    """

    index: int
    trick: int
    seat: Seat
    card: Card
    best: int
    tricks: int
    keep: tuple[Card, ...] = ()
    declarer_tricks: int = 0
    reason: object = None

    @property
    def cost(self) -> int:
        return self.best - self.tricks

    @property
    def forced(self) -> bool:
        return not self.keep

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "index": self.index,
            "trick": self.trick,
            "seat": self.seat.letter,
            "card": str(self.card),
            "best": self.best,
            "tricks": self.tricks,
            "cost": self.cost,
            "keep": [str(c) for c in self.keep],
            "declarer_tricks": self.declarer_tricks,
            "reason": _render(self.reason, lang),
        }


@dataclass(frozen=True)
class TrickReview:
    """A trick: its cards in the order played and who won it."""

    number: int
    leader: Seat
    cards: tuple[CardReview, ...]
    winner: Seat | None

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "number": self.number,
            "leader": self.leader.letter,
            "winner": self.winner.letter if self.winner is not None else None,
            "cards": [c.to_json(lang) for c in self.cards],
        }


@dataclass(frozen=True)
class ClaimReview:
    """An agreed claim: ``seat`` claimed ``tricks`` of the remaining ones for its side; double
    dummy that side could take ``best``; ``cost`` is what the claim gave away (0 or more)."""

    seat: Seat
    tricks: int
    best: int

    @property
    def cost(self) -> int:
        return max(0, self.best - self.tricks)

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat.letter, "tricks": self.tricks, "best": self.best,
                "cost": self.cost}  # fmt: skip


@dataclass(frozen=True)
class DealReview:
    """The review of one finished deal (see the module's description)."""

    game: str
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    contract: Contract | None
    result: int | None
    dd_tricks: int | None
    par: Par | None
    table: DDTable | None
    tricks: tuple[TrickReview, ...] = ()
    claim: ClaimReview | None = None
    sides: tuple[Side, ...] = field(default=(Side.NS, Side.EW))
    dummy: Seat | None = None

    @property
    def cards(self) -> list[CardReview]:
        return [c for t in self.tricks for c in t.cards]

    def costly(self) -> list[CardReview]:
        """The cards that cost their side tricks, in the order played."""
        return [c for c in self.cards if c.cost > 0]

    def lost(self, side: Side) -> int:
        """Tricks ``side`` gave away against double dummy (its cards and its claim)."""
        total = sum(c.cost for c in self.cards if c.seat.side is side)
        if self.claim is not None and self.claim.seat.side is side:
            total += self.claim.cost
        return total

    def declaring(self, seat: Seat) -> bool:
        """Whether ``seat`` is the declarer or the dummy."""
        return self.contract is not None and seat in (self.contract.declarer, self.dummy)

    def lost_by(self, declaring: bool) -> int:
        """Tricks the declarer (with the dummy) or the defenders gave away against double dummy:
        the sides of a three-handed deal, where the dummy need not sit opposite the declarer
        (TH-4, TH-10) and each defender plays for himself beside the other."""
        total = sum(c.cost for c in self.cards if self.declaring(c.seat) is declaring)
        if self.claim is not None and self.declaring(self.claim.seat) is declaring:
            total += self.claim.cost
        return total

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        """A JSON-able dictionary (reasons rendered in ``lang``); ``lost`` is by side, or for a
        three-handed deal by the declarer and the defenders."""
        return {
            "game": self.game,
            "deal": self.deal.to_pbn(),
            "dealer": self.dealer.letter,
            "vulnerable": self.vulnerability.pbn,
            "contract": str(self.contract) if self.contract is not None else None,
            "result": self.result,
            "dd_tricks": self.dd_tricks,
            "par": self.par.to_json() if self.par is not None else None,
            "dd": self.table.to_json() if self.table is not None else None,
            "tricks": [t.to_json(lang) for t in self.tricks],
            "claim": self.claim.to_json() if self.claim is not None else None,
            "lost": (
                {"declarer": self.lost_by(True), "defenders": self.lost_by(False)}
                if not get_game(self.game).variant.four_handed
                else {str(side): self.lost(side) for side in Side}
            ),
        }


def review(
    state: DealState,
    *,
    reasons: Mapping[int, object] | None = None,
    threads: int | None = None,
) -> DealReview:
    """The review of the finished deal ``state``.

    ``reasons`` maps an index of ``state.history`` to a robot's explanation of
    that action (a :class:`~bridgeroom.i18n.Message`, a
    :class:`~bridgeroom.robots.Decision` or text). ``threads`` sets the DDS
    threads of the process if nothing has used DDS in it yet (default: DDS's own choice).
    """
    if state.phase is not Phase.DONE:
        raise BridgeError("only a finished deal can be reviewed")
    from bridgeroom.analysis.dd import solve_boards
    from bridgeroom.robots.cardplay import dds_seats, positions_for
    from bridgeroom.robots.dds import solver

    dds = solver(threads)  # the count is set once: the first user in the process decides
    reasons = reasons or {}
    replay = state.clone()
    replay.replay([])
    positions: list[Any] = []
    moments: list[tuple[int, int, Seat, Card, int, int, tuple[Card, ...]]] = []
    # (claimer, tricks claimed for its side, position, seat to play then)
    claim_at: tuple[Seat, int, int, Seat] | None = None
    for index, (actor, action) in enumerate(state.history):
        if replay.phase is Phase.PLAY and (type(action) is Card or type(action) is Claim):
            view = replay.view(replay.declarer) if replay.declarer is not None else None
            assert view is not None
            hands = tuple(replay.hand(s).mask for s in Seat)
            layout = (hands[0], hands[1], hands[2], hands[3])
            seat = replay.turn
            assert seat is not None
            legal = tuple(a for a in replay.legal_actions() if type(a) is Card)
            position = len(positions)
            positions.extend(positions_for(view, [layout], dds_seats(view)))
            done = len(replay.tricks)
            declarer_won = replay.declarer_tricks_taken()
            if isinstance(action, Claim):
                claim_at = (actor, action.tricks, position, seat)
            elif isinstance(action, Card):
                moments.append((index, position, seat, action, done, declarer_won, legal))
        replay.apply(action, actor)
    solved = dds.solve(positions)

    declarer = state.declarer
    dummy = state.dummy

    def declaring(seat: Seat) -> bool:
        return seat in (declarer, dummy)

    cards: list[CardReview] = []
    for index, position, seat, card, done, declarer_won, legal in moments:
        scores = solved[position]
        best = max(scores.values()) if scores else 0
        tricks = scores.get(card.index, best)
        keep = tuple(c for c in legal if scores.get(c.index) == best) if len(legal) > 1 else ()
        left = 13 - done
        mine = tricks if declaring(seat) else left - tricks
        cards.append(
            CardReview(
                index,
                done + 1,
                seat,
                card,
                best,
                tricks,
                keep,
                declarer_won + mine,
                reasons.get(index),
            )
        )
    tricks_out: list[TrickReview] = []
    played = list(state.tricks)
    for number in range(1, (len(cards) + 3) // 4 + 1):
        mine_cards = tuple(c for c in cards if c.trick == number)
        if not mine_cards:
            continue
        winner = played[number - 1].winner if number - 1 < len(played) else None
        tricks_out.append(TrickReview(number, mine_cards[0].seat, mine_cards, winner))

    dd_tricks: int | None = None
    if state.contract is not None and positions:
        opening = solved[0]
        leader_best = max(opening.values()) if opening else 0
        dd_tricks = 13 - leader_best
    claim: ClaimReview | None = None
    if claim_at is not None:
        actor, claimed, position, to_play = claim_at
        scores = solved[position]
        best_to_play = max(scores.values()) if scores else 0
        left = 13 - len(state.tricks)
        best = best_to_play if declaring(to_play) == declaring(actor) else left - best_to_play
        claim = ClaimReview(actor, claimed, best)

    par: Par | None = None
    table: DDTable | None = None
    if state.variant.four_handed:
        [(table, par)] = solve_boards([(state.deal, state.dealer, state.vulnerability)])
    result = state.result
    return DealReview(
        game=state.rules_name,
        deal=state.deal,
        dealer=state.dealer,
        vulnerability=state.vulnerability,
        contract=state.contract,
        result=result.tricks if result is not None and result.contract is not None else None,
        dd_tricks=dd_tricks,
        par=par,
        table=table,
        tricks=tuple(tricks_out),
        claim=claim,
        dummy=dummy,
    )


# --- stored games ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class StoredDeal:
    """A deal of a stored match, rebuilt from its log: its number, its state, and the robot level
    that chose each seat's actions (``None`` for a person)."""

    number: int
    state: DealState
    levels: dict[Seat, str | None]


def stored_deals(store: Any, match_id: int | str) -> list[StoredDeal]:
    """Every deal of a stored match, rebuilt by replaying its log through the rules
    (:func:`bridgeroom.store.replay`), with the match's dealing and scoring (:class:`~bridgeroom.
    games.Match`) so that each deal's dealer, vulnerability and three-handed seating are its own."""
    from bridgeroom.games import Match, get_game
    from bridgeroom.rules.core import Deal as Cards
    from bridgeroom.store import replay

    record = store.get_match(match_id)
    if record.kind != "play":
        raise BridgeError(f"match {record.id} is a score pad: it has no cards to review")
    info = get_game(record.game)
    options = record.options
    players = options.players if info.players == 3 else ()
    match = Match(info.name, scoring=record.scoring, players=players,
                  mode=options.mode or "strict")  # fmt: skip
    by_position = {s.position: s.robot_level for s in record.seats}
    out: list[StoredDeal] = []
    for deal in record.deals:
        state = match.start_deal(
            Cards.parse(deal.cards), Seat.find(deal.dealer), Vulnerability.find(deal.vulnerability)
        )
        replay(state, deal.actions)
        if info.players == 3:
            names = list(players)
            levels: dict[Seat, str | None] = {}
            for seat in Seat:
                name = state.player_at(seat)
                levels[seat] = by_position.get(names.index(name)) if name in names else None
        else:
            levels = {seat: by_position.get(int(seat)) for seat in Seat}
        if deal.is_over and state.phase is Phase.DONE:
            match.record(state)
        out.append(StoredDeal(deal.number, state, levels))
    return out


def robot_reasons(deal: StoredDeal) -> dict[int, object]:
    """The reasons of the ``basic`` robots for the cards they played, asked again (their play is
    a rule, the same for the same view); a card a robot would not play again gets none. The
    ``expert``'s reasons come from sampled layouts: only the table that recorded them has them."""
    from bridgeroom.robots import make_robot

    robot = make_robot("basic")
    state = deal.state
    replay = state.clone()
    replay.replay([])
    out: dict[int, object] = {}
    for index, (actor, action) in enumerate(state.history):
        robot_turn = deal.levels.get(actor) == "basic" and replay.to_act == actor
        if replay.phase is Phase.PLAY and isinstance(action, Card) and robot_turn:
            decision = robot.decide(replay.view(actor))
            if decision.action == action:
                out[index] = decision.message
        replay.apply(action, actor)
    return out
