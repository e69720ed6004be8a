"""The four games registered with OpenSpiel as Python games, for OpenSpiel's algorithms.

Importing this module registers ``bridgeroom_contract``, ``bridgeroom_auction``,
``bridgeroom_three_handed`` and ``bridgeroom_minibridge`` with
``pyspiel.register_game``; load them as any OpenSpiel game::

    >>> import pyspiel
    >>> import bridgeroom.envs.spiel
    >>> game = pyspiel.load_game("bridgeroom_contract", {"board": 3})
    >>> game.num_players(), game.num_distinct_actions(), game.observation_tensor_shape()
    (4, 90, [1224])
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 52)

A state starts with 52 chance actions, one card each, dealt one at a time
clockwise from the dealer's left (CB-3); then the players act with the action
ids of the environments (cards 0-51, calls 52-89, mini-bridge announcements
90-127). The game parameter ``board`` is the deal's number in its session: the
board's dealer and vulnerability (CB-B1, CB-B2; mini-bridge MB-1), the dealer of
that deal of a rubber with nobody vulnerable (auction bridge, AB-5; three-handed
bridge, TH-5). The games are imperfect-information, sequential, zero-sum, with
terminal rewards: the deal's score from each player's side as
:class:`~bridgeroom.envs.table.Table` computes it (duplicate scoring for
contract bridge; in three-handed bridge what the deal adds to each player's
settlement, TH-20).

``observation_tensor`` is the layout of :mod:`bridgeroom.envs.layout`,
``observation_string`` and ``information_state_string`` describe the player's
view (the second with the whole history of calls and cards, so that it has
perfect recall). ``resample_from_infostate`` deals the unseen cards again, as
the robots' layout sampler does: consistent with everything the player saw
(his hand, the dummy once exposed, the cards played and the suits shown out of,
mini-bridge announcements and dummy's lengths), then replays the actions.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import pyspiel

from bridgeroom.envs.actions import action_count, action_id
from bridgeroom.envs.layout import layout_for
from bridgeroom.envs.table import Table
from bridgeroom.games import get_game
from bridgeroom.rules.core import CARDS, Deal, Seat
from bridgeroom.rules.minibridge import Announce, MiniBridgeExtra
from bridgeroom.rules.state import Action, DealState, View

__all__ = ["GAME_NAMES", "SpielGame", "SpielState", "register", "view_string"]

#: The OpenSpiel names of the games, by bridgeroom's.
GAME_NAMES: Final[dict[str, str]] = {
    "contract": "bridgeroom_contract",
    "auction": "bridgeroom_auction",
    "three-handed": "bridgeroom_three_handed",
    "minibridge": "bridgeroom_minibridge",
}
#: The longest auction of four players: 3 passes, then each of the 35 bids followed by
#: pass, pass, double, pass, pass, redouble, pass, pass, pass.
_MAX_AUCTION: Final = 319
#: Bounds of a deal's score: 7NT redoubled and vulnerable down 13 (CB-D5), with room
#: for honors; three-handed rewards sum two differences.
_UTILITY: Final[dict[str, float]] = {
    "contract": 8000.0,
    "auction": 8000.0,
    "three-handed": 32000.0,
    "minibridge": 8000.0,
}


def _game_type(name: str) -> pyspiel.GameType:
    game = get_game(name)
    return pyspiel.GameType(
        short_name=GAME_NAMES[name],
        long_name=f"bridgeroom {game.title()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.players,
        min_num_players=game.players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"board": 1},
    )


def view_string(view: View, history: bool = True) -> str:
    """A player's view as text: his seat, his hand, the dummy when seen, the public
    actions (each by its seat, in order: with ``history``) or where the deal stands."""
    parts = [f"{view.seat.letter} {view.phase.value}"]
    if view.hand is not None:
        parts.append(f"hand {view.hand}")
    if view.dummy is not None and view.dummy_seat is not None:
        parts.append(f"dummy {view.dummy_seat.letter} {view.dummy}")
    if isinstance(view.extra, MiniBridgeExtra) and view.extra.announcements:
        announced = view.extra.announcements
        parts.append("announced " + " ".join(f"{s.letter}{p}" for s, p in announced))
    if history:
        parts.append("calls " + " ".join(f"{s.letter}:{c}" for s, c in view.calls))
        if view.contract is not None:
            parts.append(f"contract {view.contract}")
        cards = [
            f"{s.letter}:{c}" for t in view.tricks for s, c in zip(t.seats, t.cards, strict=True)
        ]
        cards.extend(f"{s.letter}:{c}" for s, c in view.trick)
        parts.append("cards " + " ".join(cards))
    else:
        if view.contract is not None:
            parts.append(f"contract {view.contract}")
        parts.append(f"tricks {view.declarer_tricks}-{view.defender_tricks}")
        parts.append("trick " + " ".join(f"{s.letter}:{c}" for s, c in view.trick))
    return "; ".join(parts)


class SpielGame(pyspiel.Game):  # type: ignore[misc]
    """One of the four games as an OpenSpiel game (see the module text)."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        game = get_game(name)
        self.name = game.name
        info = pyspiel.GameInfo(
            num_distinct_actions=action_count(game.name),
            max_chance_outcomes=52,
            num_players=game.players,
            min_utility=-_UTILITY[game.name],
            max_utility=_UTILITY[game.name],
            utility_sum=0.0,
            max_game_length=_MAX_AUCTION + 52 + 5,
        )
        super().__init__(_game_type(game.name), info, params or {})
        board = self.get_parameters()["board"]
        if not isinstance(board, int) or board < 1 or (board > 16 and game.players == 4):
            raise pyspiel.SpielError(f"board is a deal number 1 to 16, not {board!r} (CB-B1)")
        self.board = board
        self.layout = layout_for(game.deal_class.rules_name)
        table = self.table()
        #: The dealer and vulnerability of the deal (from its number in the session).
        self.dealer = table.session.next_dealer()
        self.vulnerability = table.session.next_vulnerability()

    def table(self) -> Table:
        """A new table whose next deal is this game's board."""
        table = Table(self.name)
        table.skip(self.board - 1)
        return table

    def new_initial_state(self) -> SpielState:
        return SpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> _Observer:
        if params:
            raise ValueError(f"the observers take no parameters: {params}")
        perfect_recall = iig_obs_type is not None and iig_obs_type.perfect_recall
        return _Observer(self, perfect_recall)


class _Deal:
    """Holds a state's deal; OpenSpiel clones a Python state by deep-copying its attributes,
    and this copies the deal with :meth:`~bridgeroom.rules.state.DealState.clone`."""

    __slots__ = ("deal",)

    def __init__(self, deal: DealState | None = None) -> None:
        self.deal = deal

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deal:
        return _Deal(None if self.deal is None else self.deal.clone())


class SpielState(pyspiel.State):  # type: ignore[misc]
    """A deal in progress, as an OpenSpiel state: 52 chance cards, then the deal."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self._masks = [0, 0, 0, 0]
        self._dealt = 0
        self._box = _Deal()
        self._returns: list[float] | None = None

    @property
    def _game(self) -> SpielGame:
        game = self.get_game()
        assert isinstance(game, SpielGame)
        return game

    @property
    def _deal(self) -> DealState | None:
        return self._box.deal

    # --- who acts ---------------------------------------------------------------

    def current_player(self) -> int:
        deal = self._deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if deal.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        player = deal.player_at(deal.to_act)  # type: ignore[arg-type]
        assert player is not None
        return player

    def is_terminal(self) -> bool:
        return self._deal is not None and self._deal.is_over

    @property
    def deal(self) -> DealState | None:
        """The deal once the cards are dealt (the whole truth: for judging)."""
        return self._deal

    def _legal_actions(self, player: int) -> list[int]:
        deal = self._deal
        assert deal is not None
        return sorted(action_id(action) for action in deal.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        dealt = self._masks[0] | self._masks[1] | self._masks[2] | self._masks[3]
        left = [i for i in range(52) if not dealt >> i & 1]
        p = 1.0 / len(left)
        return [(i, p) for i in left]

    # --- actions ------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        if self._deal is None:
            seat = (self._game.dealer + 1 + self._dealt) & 3  # CB-3: one at a time, clockwise
            bit = 1 << action
            if (self._masks[0] | self._masks[1] | self._masks[2] | self._masks[3]) & bit:
                raise pyspiel.SpielError(f"{CARDS[action]} is dealt already")
            self._masks[seat] |= bit
            self._dealt += 1
            if self._dealt == 52:
                self._box.deal = self._game.table().deal(Deal.from_masks(self._masks))
            return
        self._deal.apply(self._action(action))

    def _action(self, action: int) -> Action:
        deal = self._deal
        assert deal is not None
        if 90 <= action < 128 and deal.rules_name == "minibridge":
            return Announce(action - 90)
        return deal.action_from_id(action)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {CARDS[action]}"
        if 90 <= action < 128:
            return str(Announce(action - 90))
        if action < 52:
            return str(CARDS[action])
        from bridgeroom.rules.core import CALLS

        return str(CALLS[action - 52])

    # --- the end ------------------------------------------------------------------

    def returns(self) -> list[float]:
        deal = self._deal
        if deal is None or not deal.is_over:
            return [0.0] * self._game.num_players()
        if self._returns is None:
            self._returns = list(self._game.table().score(deal))
        return list(self._returns)

    def __str__(self) -> str:
        if self._deal is None:
            return f"dealing: {self._dealt} cards"
        from bridgeroom.envs.render import text

        return text(self._deal)

    # --- resampling -------------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state the player cannot tell from this one: the cards he has not seen dealt
        again consistently with everything he saw (the robots' layout sampler), then the
        same actions. ``probability_sampler()`` gives the randomness (numbers in [0, 1))."""
        from bridgeroom.robots.public import knowledge, played_masks
        from bridgeroom.robots.sampler import sample

        deal = self._deal
        if deal is None:
            raise pyspiel.SpielError("the cards are not dealt yet: nothing to resample")
        view = deal.view(deal.seat_of(player_id))
        seed = int(probability_sampler() * 2**53)
        layouts = sample(knowledge(view), 1, np.random.default_rng(seed))
        if layouts.count < 1:
            raise pyspiel.SpielError("no layout agrees with the player's view")
        remaining = layouts.hands(0)
        played = played_masks(view)
        original = [remaining[s] | played[s] for s in Seat]
        game = self._game
        state = SpielState(game)
        hands = [list(CARDS[i] for i in range(52) if original[s] >> i & 1) for s in range(4)]
        for k in range(52):
            seat = (game.dealer + 1 + k) & 3
            state.apply_action(hands[seat][k // 4].index)
        for _seat, action in deal.history:
            state.apply_action(action_id(action))
        return state


class _Observer:
    """OpenSpiel's observer protocol: a tensor (the layout; empty with perfect recall,
    which only the strings provide) and strings of a player's view."""

    def __init__(self, game: SpielGame, perfect_recall: bool) -> None:
        self.layout = game.layout
        self.perfect_recall = perfect_recall
        size = 0 if perfect_recall else self.layout.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: SpielState, player: int) -> View | None:
        deal = state.deal
        return None if deal is None else deal.view(deal.seat_of(player))

    def set_from(self, state: SpielState, player: int) -> None:
        if self.perfect_recall:
            return
        view = self._view(state, player)
        if view is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.layout.encode(view)

    def string_from(self, state: SpielState, player: int) -> str:
        view = self._view(state, player)
        if view is None:
            return "dealing"
        return view_string(view, history=self.perfect_recall)


class ContractGame(SpielGame):
    """``bridgeroom_contract``: contract bridge, one deal scored as a duplicate board."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("contract", params)


class AuctionGame(SpielGame):
    """``bridgeroom_auction``: auction bridge, one deal of a rubber (AB-)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("auction", params)


class ThreeHandedGame(SpielGame):
    """``bridgeroom_three_handed``: three-handed bridge, one deal of a rubber (TH-)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("three-handed", params)


class MiniBridgeGame(SpielGame):
    """``bridgeroom_minibridge``: mini-bridge, one board (MB-)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__("minibridge", params)


_CLASSES: Final[dict[str, type[SpielGame]]] = {
    "contract": ContractGame,
    "auction": AuctionGame,
    "three-handed": ThreeHandedGame,
    "minibridge": MiniBridgeGame,
}


def register() -> None:
    """Register the four games with OpenSpiel (once; importing this module does it)."""
    known = set(pyspiel.registered_names())
    for name, short in GAME_NAMES.items():
        if short not in known:
            pyspiel.register_game(_game_type(name), _CLASSES[name])


register()
