"""Where an environment's deals come from and what each is worth to each player.

A :class:`Table` deals one deal per episode and scores it, for the four games
of :data:`bridgeroom.games.GAMES`. The deals follow one another as in a session
of the score form (a rubber, a Chicago round, a set of duplicate boards, a
three-handed rubber): the session says who deals and what is vulnerable
(CB-4, CB-R3, CB-C1, CB-B1, CB-B2, TH-5, TH-17) and records every finished deal
through the :class:`~bridgeroom.scoring.Session` protocol. A session that is
over is followed by a new one (the deal passing on to the left, CB-4); a set of boards is renewed after 16 boards (a
whole cycle of dealers and vulnerabilities, CB-B1, CB-B2; each board is scored
on its own, so nothing changes but the memory kept).

Each player's reward for a deal (``reward="score"``) is what the deal adds to
his side's total on the session's sheet minus what it adds to the other
side's: the duplicate score of the board from his side, the points of a rubber
deal (honors, and the rubber bonus on the deal that ends a rubber, included),
a Chicago deal with its premium. In three-handed bridge each player scores for
himself (TH-12); his reward is what the deal adds to his settlement against
each other player, ``sum over the others of (his points - theirs)`` (TH-20,
before rounding), so the rewards add up to zero.

``reward="imps"`` scores instead the deal's duplicate score (the mini-bridge
table's in mini-bridge) against the par of the deal, in IMPs (Law 78B): par is
endplay's double-dummy par for the deal's dealer and vulnerability; in
mini-bridge, where the declaring pair is fixed by the points (MB-3), the best
score its declarer can name, double dummy (MB-6). Three-handed bridge has no
par: its players are not two sides.

    >>> table = Table("contract", seed=1)
    >>> state = table.deal()
    >>> state.dealer, state.vulnerability, table.scoring
    (<Seat.NORTH: 0>, <Vulnerability.NONE: 0>, 'duplicate')
    >>> for call in ["1NT", "P", "P", "P"]:
    ...     state.apply(call)
    >>> while not state.is_over:
    ...     state.apply(state.legal_actions()[0])
    >>> result = state.result
    >>> result.contract, result.tricks
    (Contract('1NTN'), 6)
    >>> table.score(state)     # one down, not vulnerable: 50 to East-West (CB-D5)
    (-50.0, 50.0, -50.0, 50.0)
"""

from __future__ import annotations

import random
from typing import Any, Final, Literal

from bridgeroom.errors import BridgeError
from bridgeroom.games import Game, get_game
from bridgeroom.rules import (
    Contract,
    Deal,
    DealState,
    Seat,
    Side,
    Strain,
    Vulnerability,
    board_dealer,
    board_vulnerability,
    deal_cards,
)
from bridgeroom.rules.minibridge import declaring_side
from bridgeroom.rules.three_handed import ThreeHandedTable
from bridgeroom.rules.views import DealResult
from bridgeroom.scoring import (
    BoardResult,
    Chicago,
    DuplicateSet,
    LineSession,
    Session,
    get_table,
    new_session,
)
from bridgeroom.scoring.compare import imps

__all__ = ["REWARDS", "Boards", "Table", "par_score"]

#: The kinds of reward: the deal's score on the session's sheet, or IMPs against par.
REWARDS: Final = ("score", "imps")
RewardKind = Literal["score", "imps"]

#: The score form an environment uses unless told: each deal scored on its own where the
#: game allows it.
DEFAULT_SCORING: Final[dict[str, str]] = {
    "contract": "duplicate",
    "auction": "auction",
    "three-handed": "three-handed-contract",
    "minibridge": "minibridge",
}

_BOARD_SET = 16

#: The sessions a table keeps (those :func:`~bridgeroom.scoring.new_session` makes for the
#: games' score forms): each answers its columns' ``totals`` from its sheet, without building
#: the rows of ``summary()``.
_Sheet = DuplicateSet | LineSession[Any] | Chicago


def par_score(deal: Deal, dealer: Seat, vulnerability: object, rules: str = "contract") -> int:
    """The par score of ``deal`` from North-South's side.

    Contract (and auction) bridge: the double-dummy par (:mod:`bridgeroom.dds`, lazily) for
    the dealer and vulnerability. Mini-bridge: the declaring pair (MB-3) names the contract
    (MB-6), so par is the best mini-bridge score (MB-9 to MB-11) its declarer can name,
    with the double-dummy tricks.
    """

    vul = vulnerability if isinstance(vulnerability, Vulnerability) else Vulnerability.NONE
    if rules == "minibridge":
        from bridgeroom.robots.dds import solver
        from bridgeroom.rules.minibridge import choose_declarer

        counts = [hand.hcp for hand in deal.hands]
        side = declaring_side(counts, dealer)
        declarer = choose_declarer(counts, dealer)
        table = solver().tables([deal.masks])[0]
        scorer = get_table("minibridge")
        vulnerable = vul.is_vulnerable(declarer)
        best = max(
            scorer.score(f"{level}{strain.letter}", table[int(strain)][declarer], vulnerable).score
            for strain in Strain
            for level in range(1, 8)
        )
        return best if side is Side.NS else -best
    from bridgeroom.dds import dd_table, par

    return par(dd_table(deal), dealer, vul).score


class Table:
    """Deals for an environment, one per episode, and the rewards of each finished deal.

    ``game`` is ``contract``, ``auction``, ``three-handed`` or ``minibridge``;
    ``scoring`` one of the game's score forms (default: duplicate for contract bridge,
    else the game's own); ``reward`` ``score`` or ``imps`` (see the module text);
    ``seed`` makes the deals reproducible.
    """

    def __init__(
        self,
        game: str | Game,
        *,
        scoring: str | None = None,
        reward: str = "score",
        seed: int | None = None,
    ) -> None:
        self.game = game if isinstance(game, Game) else get_game(game)
        self.scoring: str = self.game.score_form(scoring or DEFAULT_SCORING[self.game.name]).value
        if reward not in REWARDS:
            raise BridgeError(f"the reward is 'score' or 'imps' (against par), not {reward!r}")
        if reward == "imps" and self.game.players == 3:
            raise BridgeError(
                "three-handed bridge has no par to score IMPs against: each player plays for "
                "himself (TH-12); use reward='score'"
            )
        self.reward: RewardKind = "imps" if reward == "imps" else "score"
        #: The players' names: ``player_0`` ... in their order around the table.
        self.players: tuple[str, ...] = tuple(f"player_{i}" for i in range(self.game.players))
        self.seed(seed)

    def seed(self, seed: int | None) -> None:
        """Start again: a new session, deals drawn from ``seed`` (``None``: from the system)."""
        self._rng = random.Random(seed)
        self._last_dealer = Seat.WEST
        self._new_session()
        self._seating = (
            ThreeHandedTable((self.players[0], self.players[1], self.players[2]), self.players[0])
            if self.game.players == 3
            else None
        )

    def _new_session(self, first_dealer: Seat = Seat.NORTH) -> None:
        session = new_session(self.scoring, players=self.players, first_dealer=first_dealer)
        assert isinstance(session, DuplicateSet | LineSession | Chicago)  # every score form's
        self.session: Session = session
        self._sheet: _Sheet = session
        self._deals = 0
        self._totals: dict[Any, int] = dict(session.totals)

    def skip(self, deals: int) -> None:
        """Make the next deal the session's deal number ``deals + 1``, with its dealer and
        vulnerability: a set of boards starts at board ``deals + 1`` (CB-B1, CB-B2); a rubber
        records ``deals`` passed-out deals before it (CB-7, TH-7). A Chicago round deals a
        passed-out deal again (CB-C1): nothing to skip there."""
        if deals and self.scoring == "chicago":
            raise BridgeError("a Chicago round deals a passed-out deal again (CB-C1)")
        if deals and isinstance(self.session, DuplicateSet):
            # A set of boards starts at the board asked for, with nothing recorded before it
            # (a mini-bridge board is never passed out, MB-6).
            boards = new_session(self.scoring, players=self.players, board_order=(deals + 1,))
            assert isinstance(boards, DuplicateSet)
            self.session = self._sheet = boards
            self._deals = deals
            self._totals = dict(self._sheet.totals)
            return
        for _ in range(deals):
            self.session.record_deal(None, None)
            self._deals += 1
            if self._seating is not None:
                self._seating = self._seating.next()
        self._totals = dict(self._sheet.totals)

    # --- dealing --------------------------------------------------------------

    def deal(self, cards: Deal | str | None = None) -> DealState:
        """The next deal: its dealer and vulnerability from the session, its cards shuffled
        and dealt (CB-3) unless ``cards`` are given."""
        if self.session.is_over:
            self._new_session(self._last_dealer.lho)  # CB-4: the deal keeps passing left
        elif self._deals >= _BOARD_SET and self.scoring in ("duplicate", "minibridge"):
            self._new_session()
        session = self.session
        dealer = session.next_dealer()
        vulnerability = session.next_vulnerability()
        deal = (
            deal_cards(dealer, self._rng)
            if cards is None
            else cards
            if isinstance(cards, Deal)
            else Deal.parse(cards)
        )
        self._last_dealer = dealer
        if self._seating is not None:
            vulnerable = [p for p in self.players if session.vulnerable(p)]
            return self._seating.start(deal, vulnerable=vulnerable)
        # A four-handed game's deal (three-handed bridge is seated above, TH-5).
        return self.game.deal_class(deal, dealer, vulnerability, board=self._deals + 1)

    def cards(self, dealer: Seat) -> Deal:
        """The next deal's cards for ``dealer``, shuffled and dealt (CB-3) from the table's
        generator, without its session: for a runner that keeps the boards' order itself
        (:mod:`bridgeroom.envs.vector`). ``deal()`` draws the same cards from the same
        generator state.

        >>> Table("contract", seed=1).cards(Seat.NORTH) == Table("contract", seed=1).deal().deal
        True
        """
        return deal_cards(dealer, self._rng)

    # --- scoring --------------------------------------------------------------

    def score(self, state: DealState) -> tuple[float, ...]:
        """Record the finished ``state`` in the session and return each player's reward, by
        player number (see the module text)."""
        result = state.result
        if result is None:
            raise BridgeError("the deal is not over yet: it is scored at its end")
        return self.score_result(result, state.rules_name)

    def score_result(self, result: DealResult, rules: str) -> tuple[float, ...]:
        """:meth:`score` of a deal given by its result and its rules' name (``contract``,
        ``minibridge``...): for a deal stepped outside the engine (:mod:`bridgeroom.envs.vector`,
        the environments' contract-bridge steps)."""
        session = self.session
        entry = session.record_result(result)
        self._deals += 1
        if self._seating is not None:
            self._seating = self._seating.next()  # TH-5: the deal passes to the left
        if self.reward == "imps":
            return self._imps(result, rules)
        if isinstance(entry, BoardResult):
            # a board adds its score to one side's total: North-South's gain over East-West's
            # is the board's score from North-South's side
            ns = entry.ns_score
        else:
            before = self._totals
            after = self._totals = dict(self._sheet.totals)
            gained = {column: after[column] - before.get(column, 0) for column in after}
            if self.game.players == 3:
                points = [gained[name] for name in self.players]
                total = sum(points)
                return tuple(float(3 * p - total) for p in points)
            ns = gained[Side.NS] - gained[Side.EW]
        return (float(ns), float(-ns), float(ns), float(-ns))  # N E S W: partners alike

    def _imps(self, result: DealResult, rules: str) -> tuple[float, ...]:
        if result.contract is None:
            ns_score = 0
        else:
            table = get_table("minibridge" if rules == "minibridge" else "duplicate")
            declarer = result.contract.declarer
            assert declarer is not None
            points = table.score(
                result.contract, result.tricks, result.vulnerability.is_vulnerable(declarer)
            ).score
            ns_score = points if declarer.side is Side.NS else -points
        par = par_score(result.deal, result.dealer, result.vulnerability, rules)
        ns = imps(ns_score - par)
        return tuple(float(ns if Seat(i).side is Side.NS else -ns) for i in range(4))


_SEATS = tuple(Seat)
_STRAINS = tuple(Strain)


class Boards:
    """Duplicate boards 1-16 played again and again (their dealers and vulnerabilities,
    CB-B1, CB-B2), each scored on its own by the duplicate score table (CB-D1 to CB-D5)
    without a session's sheet: what a :class:`Table` of duplicate scoring with the score as
    the reward gives, for an environment that steps contract bridge's deals itself and
    deals their cards with :meth:`Table.cards`. A board moves on when it is scored (passed
    out included, CB-7), not when a deal is abandoned.

        >>> boards = Boards()
        >>> boards.dealer, boards.vulnerability
        (<Seat.NORTH: 0>, <Vulnerability.NONE: 0>)
        >>> boards.score(3, 4, 0, 2, 10)     # board 1: 3NT by South, ten tricks (CB-D1 to CB-D4)
        430
        >>> boards.dealer, boards.vulnerability                # board 2
        (<Seat.EAST: 1>, <Vulnerability.NS: 1>)
        >>> boards.score(4, 3, 1, 1, 8)      # 4SX by East, not vulnerable, two down (CB-D5)
        300
        >>> boards.score(0, 0, 0, -1, 0)     # board 3 passed out
        0
    """

    def __init__(self) -> None:
        self._cells = [
            (board_dealer(board), board_vulnerability(board)) for board in range(1, _BOARD_SET + 1)
        ]
        self._scores: dict[tuple[int, int, int, bool, int], int] = {}
        self.restart()

    def restart(self) -> None:
        """Back to board 1."""
        self.board = 1
        self.dealer, self.vulnerability = self._cells[0]

    def score(self, level: int, strain: int, doubled: int, declarer: int, tricks: int) -> int:
        """The score of the board being played from North-South's side, for ``level`` of
        ``strain`` (0 clubs ... 4 notrump), ``doubled`` (0-2), by ``declarer`` (0-3; -1: passed
        out), who took ``tricks``; the next board is dealt next."""
        vulnerability = self.vulnerability
        board = self.board % _BOARD_SET
        self.board = board + 1
        self.dealer, self.vulnerability = self._cells[board]
        if declarer < 0:
            return 0
        vulnerable = vulnerability.is_vulnerable(_SEATS[declarer])
        key = (level, strain, doubled, vulnerable, tricks)
        points = self._scores.get(key)
        if points is None:
            contract = Contract(level, _STRAINS[strain], doubled, _SEATS[declarer])
            points = self._scores[key] = (
                get_table("duplicate").score(contract, tricks, vulnerable).score
            )
        return points if declarer & 1 == 0 else -points
