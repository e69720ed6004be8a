"""Many deals stepped together with NumPy: a batch of observations out, a batch of actions in.

A :class:`VectorEnv` holds ``num_deals`` deals, each at its own table (its own
session and seed, :class:`~bridgeroom.envs.table.Table`: deal ``i`` of a runner
seeded ``s`` is the deal of a single environment reset with seed ``s + i``, and
the deals after it follow as there). The state of every deal lives in NumPy
arrays, one row per deal: the hands (:attr:`~VectorEnv.hands`, ``N x 4 x 52``,
compass seats), the auction (last bid, its bidder, doubled, passes, who first
named each strain for each side), the trick in progress and the tricks won
(:attr:`~VectorEnv.trick`, :attr:`~VectorEnv.won`), the legal-action masks
(``N x actions``) and the observations of the four seats (``N x 4 x size``,
the layout of :mod:`bridgeroom.envs.layout`, block for block the single
environment's). :meth:`~VectorEnv.step` applies one action per deal with array
operations on all the deals in the same phase at once, from the first action of
every deal to its last: the auction of contract and auction bridge (CB-5 to
CB-8) and of three-handed bridge (TH-6 to TH-8), mini-bridge's announcements and
naming (MB-2 to MB-6), the play of every game (CB-9, CB-10; TH-9, TH-10; MB-7).
The rules engine is the judge: :meth:`~VectorEnv.deal` replays a deal's history
there, and the tests compare every row, mask and reward with it.

:meth:`~VectorEnv.step` returns a :class:`Batch`, in the style of pgx's state and
Gymnasium's vector environments: the observation of the player to act in each
deal (``N x size``), its legal mask, the player's number, and for each deal that
just ended its rewards (one per player: the score, or IMPs against par, as the
single environment gives them) and ``done``. A finished deal is replaced at once
by the next deal of its table (auto-reset), whose first observation is in the
same batch.

    >>> import numpy as np
    >>> venv = VectorEnv("contract", 8, seed=1)
    >>> batch = venv.reset()
    >>> batch.observations.shape, batch.masks.shape, batch.players.tolist()
    ((8, 1224), (8, 90), [0, 0, 0, 0, 0, 0, 0, 0])
    >>> rng = np.random.default_rng(1)
    >>> finished = 0
    >>> while finished < 20:
    ...     batch = venv.step(random_actions(batch.masks, rng))
    ...     finished += int(batch.done.sum())
    >>> bool((batch.rewards[batch.done].sum(axis=1) == 0).all())  # zero-sum deals
    True
"""

from __future__ import annotations

import copy
from typing import NamedTuple, cast

import numpy as np

from bridgeroom.envs.actions import action_count, actions
from bridgeroom.envs.layout import layout_for
from bridgeroom.envs.table import Table
from bridgeroom.envs.tracker import Tracker
from bridgeroom.errors import BridgeError, IllegalActionError
from bridgeroom.rules.core import Contract, Deal, Seat, Strain, Vulnerability
from bridgeroom.rules.dealing import board_dealer, board_vulnerability
from bridgeroom.rules.minibridge import choose_declarer
from bridgeroom.rules.state import ContractBridgeDeal, DealState
from bridgeroom.rules.three_handed import ThreeHandedDeal, ThreeHandedResult
from bridgeroom.rules.views import DealResult
from bridgeroom.scoring import get_table

__all__ = ["Batch", "VectorEnv", "random_actions"]

#: The phase each deal is in: the auction (contract rules, three-handed bridge), the play,
#: mini-bridge's announcements and its naming of the contract.
AUCTION, PLAY, ANNOUNCE, NAMING = 1, 2, 3, 4
_R = np.arange(4)
#: The card ids of each suit, as a mask over the 52 cards.
_SUIT_MASK = np.repeat(np.eye(4, dtype=np.int8), 13, axis=1)
_BIDS = np.arange(3, 38)
_BIT = np.arange(52, dtype=np.uint64)
#: The vulnerable seats N E S W of each :class:`Vulnerability` (CB-B2).
_VULNERABLE = np.array(
    [[vul.is_vulnerable(seat) for seat in Seat] for vul in Vulnerability], np.int8
)
#: The legal calls before any bid: pass and the 35 bids.
_OPENING = np.zeros(90, np.int8)
_OPENING[52] = 1
_OPENING[55:90] = 1
_COMPASS = tuple(Seat)
_VULNERABILITIES = tuple(Vulnerability)
_STRAINS = tuple(Strain)
#: ``_ONE_HOT[x]``: a 4-entry seat block of each of the four rows naming compass seat ``x``.
_ONE_HOT = np.array(
    [[[(x - row) & 3 == k for k in range(4)] for row in range(4)] for x in range(4)], np.int8
)
_SIDE_SIGN = np.array([1, -1, 1, -1])
#: The high-card points of each card (MB-2): jack 1, queen 2, king 3, ace 4.
_HCP = np.array([max(0, c % 13 - 8) for c in range(52)], np.int64)
#: The phase block's cells (``PHASE_INDEX``): announce, auction, naming, play, done.
_PHASE_ANNOUNCE, _PHASE_AUCTION, _PHASE_NAMING, _PHASE_PLAY = 0, 1, 2, 3
#: ``_CARD_PLACE[row, seat]``: where a card of ``seat`` goes in a 4 x 52 block of ``row``.
_CARD_PLACE = 52 * ((_R[None, :] - _R[:, None]) & 3)
_DONE_PHASE = np.array([0, 0, 0, 0, 1], np.int8)
#: The longest history of a deal: 4 announcements, 319 calls, 52 cards.
_HISTORY = 384
#: A set of duplicate boards: the dealer and the vulnerability of boards 1-16 (CB-B1, CB-B2),
#: by the boards scored before (0-15).
_BOARDS = 16
_BOARD_DEALER = np.array([int(board_dealer(b)) for b in range(1, _BOARDS + 1)], np.int64)
_BOARD_VULNERABILITY = np.array(
    [int(board_vulnerability(b)) for b in range(1, _BOARDS + 1)], np.int64
)
#: ``_POPCOUNT[b]``: the set bits of byte ``b``; ``_SELECT[b, j]``: the place (0 the highest
#: bit, as ``np.packbits`` packs) of the ``j``-th set bit of ``b``.
_POPCOUNT = np.array([bin(b).count("1") for b in range(256)], np.int64)
_SELECT = np.zeros((256, 8), np.int64)
for _b in range(256):
    _places = [j for j in range(8) if _b & (0x80 >> j)]
    _SELECT[_b, : len(_places)] = _places
_SCORES: list[np.ndarray] = []


def duplicate_scores() -> np.ndarray:
    """The declarer's duplicate score (CB-D1 to CB-D5) of every contract and result, from
    the rules' score table: ``[level 1-7, strain C D H S NT, undoubled/doubled/redoubled,
    vulnerable, tricks 0-13]`` (level 0 unused), computed once.

    >>> duplicate_scores()[3, 4, 0, 0, 9], duplicate_scores()[4, 3, 1, 1, 8]   # 3NT made, 4SX two down
    (np.int64(400), np.int64(-500))
    """
    if not _SCORES:
        table = get_table("duplicate")
        scores = np.zeros((8, 5, 3, 2, 14), np.int64)
        for level in range(1, 8):
            for strain in Strain:
                for doubled in range(3):
                    contract = Contract(level, strain, doubled, Seat.NORTH)
                    for vulnerable in (0, 1):
                        for tricks in range(14):
                            score = table.score(contract, tricks, bool(vulnerable)).score
                            scores[level, int(strain), doubled, vulnerable, tricks] = score
        _SCORES.append(scores)
    return _SCORES[0]


class Batch(NamedTuple):
    """What a :class:`VectorEnv` returns: per deal, the acting player's observation, mask and
    number; the rewards of the deals that ended at this step (by player; zeros elsewhere)
    and which ended."""

    observations: np.ndarray
    masks: np.ndarray
    players: np.ndarray
    rewards: np.ndarray
    done: np.ndarray


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of ``masks`` (a row with no legal action
    gets 0): the ``k``-th legal action of each row, ``k`` drawn below the row's count, found
    in the masks packed as bits.

    >>> random_actions(np.array([[0, 1, 1], [1, 0, 0], [0, 0, 0]], np.int8), np.random.default_rng(0)).tolist()[1:]
    [0, 0]
    """
    n = masks.shape[0]
    packed = np.packbits(masks, axis=1)
    count = _POPCOUNT[packed]
    upto = count.cumsum(axis=1)
    k = (rng.random(n) * upto[:, -1]).astype(np.int64)
    byte = np.minimum((upto <= k[:, None]).sum(axis=1), packed.shape[1] - 1)
    rows = np.arange(n)
    before = upto[rows, byte] - count[rows, byte]
    chosen = byte * 8 + _SELECT[packed[rows, byte], np.clip(k - before, 0, 7)]
    picked: np.ndarray = np.where(upto[:, -1] > 0, chosen, 0)
    return picked


class VectorEnv:
    """``num_deals`` deals of ``game`` stepped together (see the module text).

    ``scoring`` and ``reward`` are the single environment's (:class:`Table`); ``seed``: deal
    ``i``'s table is seeded ``seed + i``.
    """

    def __init__(
        self,
        game: str = "contract",
        num_deals: int = 64,
        *,
        scoring: str | None = None,
        reward: str = "score",
        seed: int | None = None,
    ) -> None:
        if isinstance(num_deals, bool) or not isinstance(num_deals, int) or num_deals < 1:
            raise BridgeError(f"a vector of deals holds at least one deal, not {num_deals!r}")
        self.tables = [
            Table(game, scoring=scoring, reward=reward, seed=None if seed is None else seed + i)
            for i in range(num_deals)
        ]
        n = self.num_deals = num_deals
        first = self.tables[0]
        self.game = first.game.name
        self.num_players = first.game.players
        self.rules = first.game.deal_class.rules_name
        #: The auction is stepped by the arrays where the deal follows contract bridge's rules.
        self._array_auction = first.game.deal_class is ContractBridgeDeal
        #: Mini-bridge's announcements and naming are stepped by the arrays too: the whole deal.
        self._minibridge = self.rules == "minibridge"
        #: Three-handed bridge's auction too (TH-6 to TH-8): each player calls for himself,
        #: nobody for the dummy, the dealer's partner (TH-4).
        self._three = self.num_players == 3
        self._callers = 3 if self._three else 4
        self._team = 3 if self._three else 1  # seats of one team: the same side, or himself
        self._dealer = np.zeros(n, np.int64)
        #: The player number of each compass seat (-1: nobody's, the three-handed dummy).
        self._seat_player_base = np.broadcast_to(_R, (n, 4)).copy()
        self._hcp = np.zeros((n, 4), np.int64)  # mini-bridge: each seat's points
        self._announced = np.zeros(n, np.int64)  # mini-bridge: the announcements made
        self.layout = layout = layout_for(self.rules)
        self.num_actions = action_count(self.game)
        self._actions = actions(self.game)
        self._trackers = [Tracker(layout) for _ in range(n)]
        self._states: list[DealState] = [cast(DealState, None)] * n
        #: Duplicate boards scored for their score (contract bridge's default): the runner
        #: keeps the boards' order and scores the deals itself, with array operations; the
        #: tables only shuffle and deal the cards (``Table.cards``).
        self._boards = (
            self._array_auction and first.scoring == "duplicate" and first.reward == "score"
        )
        self._board = np.zeros(n, np.int64)  # boards scored in the set (0-15)
        self._dealt: list[tuple[Deal, Seat, Vulnerability] | None] = [None] * n
        self._seats: list[tuple[Seat, ...]] = [()] * n
        self._ar = np.arange(n)
        size = layout.size
        self._start = {b.name: b.start for b in layout.blocks}
        #: The observations of the four compass seats of every deal (``N x 4 x size``).
        self.obs = np.zeros((n, 4, size), np.int8)
        self._flat = self.obs.reshape(-1)  # the same memory, for scattered writes
        #: The legal-action mask of the player to act in every deal.
        self.masks = np.zeros((n, self.num_actions), np.int8)
        #: The cards each compass seat still holds (``N x 4 x 52``).
        self.hands = np.zeros((n, 4, 52), np.int8)
        #: The card each seat has played to the trick in progress (valid for the cards played).
        self.trick = np.zeros((n, 4), np.int64)
        #: Tricks won by the declaring side and by the defenders.
        self.won = np.zeros((n, 2), np.int64)
        self.mode = np.zeros(n, np.int8)
        self.turn = np.zeros(n, np.int64)  # the compass seat whose call or card is due
        self._row = np.zeros(n, np.int64)  # the seat of the player to act (the declarer for dummy)
        self._player = np.zeros(n, np.int64)
        # the auction
        self._last_bid = np.zeros(n, np.int64)  # call index 3..37, 0: none yet
        self._last_bidder = np.zeros(n, np.int64)
        self._doubled = np.zeros(n, np.int64)
        self._passes = np.zeros(n, np.int64)
        self._first = np.full((n, 2, 5), -1, np.int64)  # [side, strain]: who named it first
        # the play
        self._declarer = np.zeros(n, np.int64)
        self._dummy = np.zeros(n, np.int64)
        self._trump = np.zeros(n, np.int64)  # 0-3 a suit, 4 notrump
        self._level = np.zeros(n, np.int64)
        self._declaring = np.zeros((n, 4), bool)
        self._seat_player = np.zeros((n, 4), np.int64)  # who plays each seat's cards
        self._actor = np.zeros((n, 4), np.int64)  # whose row acts for each seat
        self._next = np.zeros((n, 4), np.int64)  # the seat that plays after each (TH-10)
        self._led = np.zeros(n, np.int64)
        self._last_trick = np.zeros((n, 4), np.int64)  # the last trick's cards by seat
        self._cards = np.zeros(n, np.int64)
        # the history, for rebuilding a deal in the engine (judging, tests, results)
        self._history = np.zeros((n, _HISTORY), np.int16)
        self._length = np.zeros(n, np.int64)

    # --- the deals ---------------------------------------------------------------

    def reset(self, seed: int | None = None) -> Batch:
        """Deal a new deal at every table (``seed``: new sessions from ``seed``, ``seed + 1``...)."""
        if seed is not None:
            for i, table in enumerate(self.tables):
                table.seed(seed + i)
            self._board[:] = 0
        self._begin(list(range(self.num_deals)))
        n = self.num_deals
        return self._batch(np.zeros((n, self.num_players)), np.zeros(n, bool))

    def redeal(self, deals: list[int]) -> Batch:
        """Abandon the deals ``deals`` where they stand (not scored, nothing recorded) and deal
        their tables' next deals: for training on one phase, such as the auction alone."""
        if any(not 0 <= i < self.num_deals for i in deals):
            raise BridgeError(f"the deals are 0 to {self.num_deals - 1}, not {deals!r}")
        if deals:
            self._begin(sorted(set(deals)))
        n = self.num_deals
        return self._batch(np.zeros((n, self.num_players)), np.zeros(n, bool))

    def deal(self, i: int) -> DealState:
        """Deal ``i`` as the rules engine holds it now, rebuilt from its history (the whole
        truth: for judging and tests, not for agents; slower than a step)."""
        state: DealState
        if self._boards:
            dealt = self._dealt[i]
            if dealt is None:
                raise BridgeError("no deals yet: call reset() first")
            state = ContractBridgeDeal(*dealt)
        else:
            state = self._states[i]
            if state is None:
                raise BridgeError("no deals yet: call reset() first")
            state = copy.deepcopy(state)
        for a in self._history[i, : self._length[i]].tolist():
            state.apply(self._actions[a])
        return state

    def observe(self, i: int, player: int) -> np.ndarray:
        """The observation of ``player`` in deal ``i`` now (a copy)."""
        seats = self._seats[i]
        if not 0 <= player < len(seats):
            raise BridgeError(f"the players are 0 to {len(seats) - 1}, not {player!r}")
        obs: np.ndarray = self.obs[i, seats[player]].copy()
        return obs

    def _begin(self, deals: list[int]) -> None:
        """Deal the next deal at the tables ``deals`` into their rows."""
        states = self._states
        masks = np.zeros((len(deals), 4), np.uint64)
        d = np.array(deals, np.int64)
        if self._boards:
            board = self._board[d]
            dealer = _BOARD_DEALER[board]
            vulnerability = _BOARD_VULNERABILITY[board]
            tables, dealt = self.tables, self._dealt
            for k, (i, seat, vul) in enumerate(
                zip(deals, dealer.tolist(), vulnerability.tolist(), strict=True)
            ):
                cards = tables[i].cards(_COMPASS[seat])
                dealt[i] = (cards, _COMPASS[seat], _VULNERABILITIES[vul])
                masks[k] = cards.masks  # the hands as dealt
        else:
            for k, i in enumerate(deals):
                state = states[i] = self.tables[i].deal()
                masks[k] = state.deal.masks  # the hands as dealt
        self.hands[d] = (masks[:, :, None] >> _BIT) & 1
        self._length[d] = 0
        if self._three:  # the rows as the tracker writes them from the views; the auction here
            for i in deals:
                state = states[i]
                seats = self._seats[i] = tuple(state.seat_of(p) for p in range(self.num_players))
                tracker = self._trackers[i]
                tracker.start(state, seats)
                self.obs[i] = tracker.rows
                self._seat_player_base[i] = [
                    -1 if (p := state.player_at(seat)) is None else p for seat in Seat
                ]
            dealer = np.array([int(states[i].dealer) for i in deals], np.int64)
            self._dealer[d] = dealer
            self._open_auction(d, dealer)
            return
        # contract bridge's rules and mini-bridge: the rows at the start of a deal, as Tracker
        # writes them
        if not self._boards:
            dealer = np.array([int(states[i].dealer) for i in deals], np.int64)
            vulnerability = np.array([int(states[i].vulnerability) for i in deals], np.int64)
        vulnerable = _VULNERABLE[vulnerability]
        for i in deals:
            self._seats[i] = _COMPASS
        obs = self.obs
        st = self._start
        obs[d] = 0
        obs[d, :, st["phase"] + (_PHASE_ANNOUNCE if self._minibridge else _PHASE_AUCTION)] = 1
        col = d[:, None]
        obs[col, _R, st["dealer"] + ((dealer[:, None] - _R) & 3)] = 1
        rel = st["vulnerable"] + ((_R[None, :] - _R[:, None]) & 3)  # [row, seat]
        obs[d[:, None, None], _R[:, None], rel] = vulnerable[:, None, :]
        hand = st["hand"]
        obs[d, :, hand : hand + 52] = self.hands[d]
        if self._minibridge:  # the dealer announces first (MB-2)
            self.mode[d] = ANNOUNCE
            self._hcp[d] = self.hands[d] @ _HCP
            self._announced[d] = 0
            self.turn[d] = self._row[d] = self._player[d] = dealer
            self._mark_turn(d)
            self._announce_masks(d)
            return
        self._dealer[d] = dealer
        self._open_auction(d, dealer)

    def _open_auction(self, d: np.ndarray, dealer: np.ndarray) -> None:
        """The auctions of deals ``d`` begin: the dealer calls first (CB-5, TH-6)."""
        self.mode[d] = AUCTION
        self._last_bid[d] = self._last_bidder[d] = self._doubled[d] = self._passes[d] = 0
        self._first[d] = -1
        self.turn[d] = self._row[d] = dealer
        self._player[d] = self._seat_player_base[d, dealer]
        self._mark_turn(d)
        self.masks[d] = _OPENING

    # --- a step ------------------------------------------------------------------

    def step(self, actions: np.ndarray | list[int]) -> Batch:
        """Apply one action id per deal (by its player to act); see :class:`Batch`. An action
        that is not legal raises :class:`IllegalActionError` naming its deal, and no deal
        moves."""
        a = np.asarray(actions)
        n = self.num_deals
        if a.shape != (n,) or not (a.dtype.kind in "iu" or a.size == 0):
            raise IllegalActionError(
                f"one action id per deal: an array of {n} integers, not {a.shape} of {a.dtype}",
                action=actions,
            )
        a = a.astype(np.int64, copy=False)
        bad = (a < 0) | (a >= self.num_actions)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            raise IllegalActionError(
                f"no action has id {int(a[i])} (deal {i}); the ids are 0 to {self.num_actions - 1}",
                action=int(a[i]),
            )
        illegal = self.masks[self._ar, a] == 0
        if illegal.any():
            i = int(np.flatnonzero(illegal)[0])
            raise IllegalActionError(
                f"deal {i}: {self._actions[a[i]]} (id {int(a[i])}) is not a legal action of "
                f"player_{int(self._player[i])} now",
                action=int(a[i]),
            )
        self._history[self._ar, np.minimum(self._length, _HISTORY - 1)] = a
        self._length += 1
        mode = self.mode
        auction = np.flatnonzero(mode == AUCTION)
        play = np.flatnonzero(mode == PLAY)
        ended: list[int] = []
        if self._minibridge:
            announce = np.flatnonzero(mode == ANNOUNCE)
            naming = np.flatnonzero(mode == NAMING)
            if announce.size:
                self._announce(announce, a[announce] - 90)
            if naming.size:
                self._name(naming, a[naming] - 52)
        if auction.size:
            ended.extend(self._auction(auction, a[auction] - 52))
        if play.size:
            ended.extend(self._play(play, a[play]))
        rewards = np.zeros((n, self.num_players))
        done = np.zeros(n, bool)
        if ended:
            if self._boards:
                e = np.array(ended, np.int64)
                rewards[e] = self._board_scores(e)
                done[e] = True
            else:
                for i in ended:
                    rewards[i] = self._score(i)
                    done[i] = True
            self._begin(ended)
        return self._batch(rewards, done)

    def _batch(self, rewards: np.ndarray, done: np.ndarray) -> Batch:
        rows = self.obs.reshape(-1, self.layout.size).take(self._ar * 4 + self._row, axis=0)
        return Batch(rows, self.masks.copy(), self._player.copy(), rewards, done)

    # --- the auction (contract bridge's rules) -------------------------------------

    def _auction(self, idx: np.ndarray, k: np.ndarray) -> list[int]:
        """Calls ``k`` (0 pass, 1 double, 2 redouble, 3.. the bids) in the deals ``idx``; the
        deals whose auction ended (a contract or passed out) go on to the play or end."""
        obs = self.obs
        auction = self._start["auction"]
        s = self.turn[idx]
        rel = (s[:, None] - _R) & 3
        last = self._last_bid
        bid = k >= 3
        if bid.any():
            d, kb, sb = idx[bid], k[bid], s[bid]
            obs[d[:, None], _R, auction + 4 + (kb[:, None] - 3) * 12 + rel[bid]] = 1
            side, strain = sb & 1, (kb - 3) % 5
            new = self._first[d, side, strain] < 0
            self._first[d[new], side[new], strain[new]] = sb[new]
            last[d] = kb
            self._last_bidder[d] = sb
            self._doubled[d] = 0
            self._passes[d] = 0
        dbl = (k == 1) | (k == 2)
        if dbl.any():
            d, kd = idx[dbl], k[dbl]
            cells = auction + 4 + (last[d] - 3) * 12 + 4 * kd
            obs[d[:, None], _R, cells[:, None] + rel[dbl]] = 1
            self._doubled[d] = kd
            self._passes[d] = 0
        passed = k == 0
        if passed.any():
            d = idx[passed]
            opening = last[d] == 0  # the passes before any bid are written (CB-7)
            obs[d[opening][:, None], _R, auction + rel[passed][opening]] = 1
            self._passes[d] += 1
        after = (s + 1) & 3
        if self._three:  # nobody calls for the dummy, the dealer's partner (TH-6)
            after = np.where(after == (self._dealer[idx] + 2) & 3, (after + 1) & 3, after)
        self.turn[idx] = after
        passes = self._passes[idx]
        lb = last[idx]
        callers = self._callers
        # CB-8, TH-7: a bid followed by a pass from each other caller; CB-7, TH-7: all pass
        contract = (passes == callers - 1) & (lb > 0)
        passed_out = passes == callers
        if contract.any():
            self._open_play(idx[contract])
        going = ~(contract | passed_out)
        if going.any():
            d = idx[going]
            self._auction_masks(d)
            self._mark_turn(d)
            turn = self.turn[d]
            self._row[d] = turn
            self._player[d] = self._seat_player_base[d, turn]
        ended: list[int] = idx[passed_out].tolist()
        return ended

    def _auction_masks(self, d: np.ndarray) -> None:
        """The legal calls (CB-6): pass; a double of the opponents' undoubled last bid; a
        redouble of their double of ours; any bid above the last. Three-handed bridge: each
        bids for himself, so anyone else's bid may be doubled and only its bidder redoubles
        (TH-6)."""
        t = self.turn[d]
        lb = self._last_bid[d]
        doubled = self._doubled[d]
        theirs = ((self._last_bidder[d] - t) & self._team) != 0
        rows = np.zeros((d.size, self.num_actions), np.int8)
        rows[:, 52] = 1
        rows[:, 53] = (lb > 0) & (doubled == 0) & theirs
        rows[:, 54] = (doubled == 1) & ~theirs
        rows[:, 55:90] = lb[:, None] < _BIDS
        self.masks[d] = rows

    # --- mini-bridge's announcements and naming (MB-2 to MB-6) -----------------------

    def _announce_masks(self, d: np.ndarray) -> None:
        """The one legal announcement of the seat due in deals ``d``: his true count (MB-2)."""
        self.masks[d] = 0
        self.masks[d, 90 + self._hcp[d, self.turn[d]]] = 1

    def _announce(self, idx: np.ndarray, points: np.ndarray) -> None:
        """The announcements ``points`` in the deals ``idx``, by the seats due; after the
        fourth, the declarer is known (MB-3, MB-4) and names the contract."""
        s = self.turn[idx]
        cells = self._start["announced"] + 38 * ((s[:, None] - _R) & 3) + points[:, None]
        self.obs[idx[:, None], _R, cells] = 1
        count = self._announced[idx] = self._announced[idx] + 1
        self.turn[idx] = (s + 1) & 3
        named = count == 4
        if named.any():
            self._open_naming(idx[named])
        going = idx[~named]
        if going.size:
            self._announce_masks(going)
            self._mark_turn(going)
            self._row[going] = self._player[going] = self.turn[going]

    def _open_naming(self, d: np.ndarray) -> None:
        """Every seat has announced: the declarer (MB-3, MB-4, by the rules' own function), his
        partner the dummy, whose suit lengths become public (MB-5); the declarer names."""
        states = self._states
        declarer = np.array(
            [
                int(choose_declarer(counts, states[i].dealer))
                for i, counts in zip(d.tolist(), self._hcp[d].tolist(), strict=True)
            ],
            np.int64,
        )
        dummy = (declarer + 2) & 3
        self._declarer[d] = declarer
        self._dummy[d] = dummy
        self.mode[d] = NAMING
        self.turn[d] = self._row[d] = self._player[d] = declarer
        obs = self.obs
        st = self._start
        phase = st["phase"]
        obs[d, :, phase : phase + 5] = 0
        obs[d, :, phase + _PHASE_NAMING] = 1
        col = d[:, None]
        obs[col, _R, st["dummy_seat"] + ((dummy[:, None] - _R) & 3)] = 1
        obs[col, _R, st["declarer"] + ((declarer[:, None] - _R) & 3)] = 1
        lengths = self.hands[d, dummy].reshape(-1, 4, 13).sum(axis=2)  # clubs first
        cells = st["dummy_lengths"] + 14 * _R + lengths  # [deal, suit]
        obs[d[:, None, None], _R[None, :, None], cells[:, None, :]] = 1
        self._mark_turn(d)
        self.masks[d] = 0
        self.masks[d, 55:90] = 1  # any contract, no pass, no double (MB-6)

    def _name(self, idx: np.ndarray, k: np.ndarray) -> None:
        """The declarers of deals ``idx`` name the bids ``k`` (3.. the bids) as contracts,
        undoubled (MB-6); the player on his left leads (MB-7)."""
        self._last_bid[idx] = k
        self._doubled[idx] = 0
        self._open_play(idx, self._declarer[idx])

    def _open_play(self, d: np.ndarray, declarer: np.ndarray | None = None) -> None:
        """The auction of deals ``d`` ended in a contract: the declarer is the first of the
        side to name the strain (CB-8), the dummy his partner, the opening lead from the
        declarer's left (CB-9); the contract and the seats become public. Mini-bridge: the
        ``declarer`` named it (MB-6, MB-7)."""
        lb = self._last_bid[d]
        strain = (lb - 3) % 5
        level = (lb - 3) // 5 + 1
        rows = np.arange(d.size)
        if self._three:  # the highest bidder declares with the dealer's partner's hand (TH-8)
            declarer = self._last_bidder[d]
            dummy = (self._dealer[d] + 2) & 3
            # TH-9, TH-10: declarer, left defender, dummy, right defender
            left = (declarer + 1) & 3
            left = np.where(left == dummy, (left + 1) & 3, left)
            right = 6 - declarer - dummy - left
            order = np.zeros((d.size, 4), np.int64)
            order[rows, declarer] = left
            order[rows, left] = dummy
            order[rows, dummy] = right
            order[rows, right] = declarer
            self._next[d] = order
            self._declaring[d] = (declarer[:, None] == _R) | (dummy[:, None] == _R)
        else:
            if declarer is None:
                declarer = self._first[d, self._last_bidder[d] & 1, strain]
            dummy = (declarer + 2) & 3
            self._next[d] = (_R + 1) & 3  # clockwise (CB-10)
            self._declaring[d] = ((_R - declarer[:, None]) & 1) == 0
        self._declarer[d] = declarer
        self._dummy[d] = dummy
        self._trump[d] = strain
        self._level[d] = level
        self.turn[d] = self._next[d, declarer]  # the declarer's left leads (CB-9, TH-9)
        actor = np.broadcast_to(_R, (d.size, 4)).copy()
        actor[rows, dummy] = declarer
        self._actor[d] = actor
        seat_player = self._seat_player_base[d]
        seat_player[rows, dummy] = seat_player[rows, declarer]
        self._seat_player[d] = seat_player
        self._cards[d] = 0
        self.won[d] = 0
        self.mode[d] = PLAY
        obs = self.obs
        st = self._start
        obs[d, :, st["phase"] : st["phase"] + 5] = 0
        obs[d, :, st["phase"] + 3] = 1
        col = d[:, None]
        obs[col, _R, st["dummy_seat"] + ((dummy[:, None] - _R) & 3)] = 1
        obs[col, _R, st["declarer"] + ((declarer[:, None] - _R) & 3)] = 1
        c = st["contract"]
        obs[d, :, c : c + 15] = 0
        obs[col, _R, (c + level - 1)[:, None]] = 1
        obs[col, _R, (c + 7 + strain)[:, None]] = 1
        obs[col, _R, (c + 12 + self._doubled[d])[:, None]] = 1
        obs[d, :, st["declarer_tricks"]] = 1
        obs[d, :, st["defender_tricks"]] = 1
        obs[col, _R, st["leader"] + ((self.turn[d][:, None] - _R) & 3)] = 1
        self.masks[d, 52:] = 0
        self._play_ready(d)

    # --- the play (every game) ------------------------------------------------------

    def _play(self, idx: np.ndarray, c: np.ndarray) -> list[int]:
        """Cards ``c`` played in the deals ``idx`` by the seats due (the dummy's by the
        declarer); tricks closed, won (CB-10) and counted; the deals whose last trick closed
        end."""
        flat = self._flat
        st = self._start
        size = self.layout.size
        s = self.turn[idx]
        n = self._cards[idx]
        rows = (idx * 4)[:, None] + _R  # the four rows of each deal, flat
        base = rows * size
        self.hands[idx, s, c] = 0
        card = base + 52 * ((s[:, None] - _R) & 3) + c[:, None]
        flat[card + st["played"]] = 1
        flat[card + st["trick"]] = 1
        flat[(idx * 4 + s) * size + st["hand"] + c] = 0
        from_dummy = s == self._dummy[idx]
        if from_dummy.any():
            flat[base[from_dummy] + (st["dummy"] + c[from_dummy])[:, None]] = 0
        lead = (n & 3) == 0
        self._led[idx[lead]] = c[lead] // 13
        self.trick[idx, s] = c
        n = n + 1
        self._cards[idx] = n
        opening = n == 1  # the dummy is faced after the opening lead (CB-9, TH-10, MB-7)
        if opening.any():
            d = idx[opening]
            dummy_block = st["dummy"]
            self.obs[d, :, dummy_block : dummy_block + 52] = self.hands[d, self._dummy[d]][
                :, None, :
            ]
        self.turn[idx] = self._next[idx, s]
        closed = (n & 3) == 0
        ended: list[int] = []
        if closed.any():
            ended = self._close_tricks(idx[closed], n[closed] == 52)
            going = idx[~closed | (n != 52)]
        else:
            going = idx
        if going.size:
            self._play_ready(going)
        return ended

    def _close_tricks(self, q: np.ndarray, last: np.ndarray) -> list[int]:
        """The tricks of deals ``q`` are complete: the highest trump wins, else the highest
        card of the suit led (CB-10); the winner leads next."""
        obs = self.obs
        flat = self._flat
        st = self._start
        cards = self.trick[q]
        suits = cards // 13
        key = (
            cards % 13
            + 13 * (suits == self._led[q][:, None])
            + 26 * (suits == self._trump[q][:, None])
        )
        winner = key.argmax(axis=1)
        # the trick moves to the last trick's block: its sixteen cells (four cards in four
        # rows) cleared there and set here, and the cells of the trick before cleared
        base = ((q * 4)[:, None] + _R) * self.layout.size
        cells = base[:, :, None] + _CARD_PLACE + cards[:, None, :]  # [deal, row, seat]
        flat[cells + st["trick"]] = 0
        lt = st["last_trick"]
        flat[base[:, :, None] + _CARD_PLACE + self._last_trick[q][:, None, :] + lt] = 0
        flat[cells + lt] = 1
        self._last_trick[q] = cards
        side = np.where(self._declaring[q, winner], 0, 1)
        had = self.won[q, side]
        count = (
            base
            + (np.where(side == 0, st["declarer_tricks"], st["defender_tricks"]) + had)[:, None]
        )
        flat[count] = 0
        flat[count + 1] = 1
        self.won[q, side] = had + 1
        leader = st["leader"]
        obs[q, :, leader : leader + 4] = _ONE_HOT[winner]
        self.turn[q] = winner
        done = q[last]
        if done.size:
            phase = st["phase"]
            obs[done, :, phase : phase + 5] = _DONE_PHASE
            obs[done, :, leader : leader + 4] = 0
            turn = st["turn"]
            obs[done, :, turn : turn + 4] = 0
        ended: list[int] = done.tolist()
        return ended

    def _play_ready(self, d: np.ndarray) -> None:
        """The masks (follow suit when able, CB-10), the turn blocks and the players to act of
        the deals ``d`` in the play."""
        turn = self.turn[d]
        hand = self.hands[d, turn]
        following = (self._cards[d] & 3) != 0
        suit = _SUIT_MASK[self._led[d]]
        follow = hand & suit
        has = follow.any(axis=1) & following
        self.masks[d, :52] = np.where(has[:, None], follow, hand)
        self._mark_turn(d)
        self._row[d] = self._actor[d, turn]
        self._player[d] = self._seat_player[d, turn]

    def _mark_turn(self, d: np.ndarray) -> None:
        turn = self._start["turn"]
        self.obs[d, :, turn : turn + 4] = _ONE_HOT[self.turn[d]]

    # --- the end of a deal ------------------------------------------------------------

    def _board_scores(self, e: np.ndarray) -> np.ndarray:
        """The rewards of the finished boards ``e`` (N E S W): each board's duplicate score
        from North-South's side, and its opposite for East-West (0 when passed out, CB-7);
        the boards' set moves on (16 boards, CB-B1, CB-B2)."""
        board = self._board[e]
        declarer = self._declarer[e]
        vulnerable = _VULNERABLE[_BOARD_VULNERABILITY[board], declarer]
        points = duplicate_scores()[
            self._level[e], self._trump[e], self._doubled[e], vulnerable, self.won[e, 0]
        ]
        ns = np.where(self.mode[e] == PLAY, np.where(declarer & 1 == 0, points, -points), 0)
        self._board[e] = (board + 1) % _BOARDS
        rewards: np.ndarray = ns[:, None] * _SIDE_SIGN
        return rewards

    def _score(self, i: int) -> tuple[float, ...]:
        """The rewards of the finished deal ``i`` from its table (which records it)."""
        table = self.tables[i]
        state = self._states[i]
        result: DealResult
        if self.mode[i] == AUCTION:  # passed out (CB-7, TH-7)
            contract = None
            tricks = 0
        else:
            contract = Contract(
                int(self._level[i]),
                _STRAINS[self._trump[i]],
                int(self._doubled[i]),
                _COMPASS[self._declarer[i]],
            )
            tricks = int(self.won[i, 0])
        if isinstance(state, ThreeHandedDeal):  # the players and the pack (TH-12 to TH-20)
            result = ThreeHandedResult(
                state.deal,
                state.dealer,
                state.vulnerability,
                contract,
                tricks,
                tricks,
                players=state.player_names,
                pack=state.pack,
                vulnerable=state.vulnerable,
            )
        else:
            result = DealResult(
                state.deal, state.dealer, state.vulnerability, contract, tricks, tricks
            )
        return table.score_result(result, state.rules_name)
