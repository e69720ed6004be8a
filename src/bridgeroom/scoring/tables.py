"""Score tables: what one deal is worth, game by game, as small classes.

Every table turns ``(contract, tricks, vulnerable, honors)`` into a
:class:`HandScore`: trick points below the line, what the declarer (side)
scores above it, what the defenders score. The tables differ only in data and
a few hooks:

========================  ==========================================================
``duplicate``             Law 77 (CB-D1..D6): level premiums, no honors
``rubber``                contract bridge rubber scoring (CB-R1..R5): honors, no premiums
``auction``               auction bridge (AB-3..AB-11): 6/7/8/9/10, game 30, slams by tricks
``minibridge``            MB-T1 contract values, no doubles, no overtricks (MB-9..MB-11)
``three-handed-contract`` ``rubber`` per player; ``defenders_above`` is EACH defender's (TH-12..TH-15)
``three-handed-auction``  ``auction`` per player, likewise
========================  ==========================================================

    >>> SCORE_TABLES["duplicate"].score("4H", 10, vulnerable=True).score
    620
    >>> SCORE_TABLES["auction"].score("2S", 9)
    HandScore(below=27, declarer_above=0, defenders_above=0)
    >>> SCORE_TABLES["rubber"].score("3NT", 8, honors=Honors("4-aces-one", "defenders"))
    HandScore(below=0, declarer_above=0, defenders_above=200)
"""

from __future__ import annotations

import abc
import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar, Final

from bridgeroom.errors import ScoringError
from bridgeroom.i18n import Message, Worded, keyed
from bridgeroom.rules import Contract, Deal, Seat, Strain
from bridgeroom.scoring.honors import Honors, HonorsKind, HonorsSide, honors_in_hands

__all__ = [
    "ALIASES",
    "Column",
    "ScoreItem",
    "HandScore",
    "Unfinished",
    "ScoreTable",
    "ContractTable",
    "DuplicateTable",
    "RubberTable",
    "MiniBridgeTable",
    "AuctionTable",
    "ThreeHandedContractTable",
    "ThreeHandedAuctionTable",
    "SCORE_TABLES",
    "get_table",
    "as_contract",
]


class Column(enum.StrEnum):
    """Where a score item is written: below the line (declarer), above for the declarer, above for the defenders."""

    BELOW = "below"
    DECLARER = "declarer"
    DEFENDERS = "defenders"


@dataclass(frozen=True, slots=True)
class ScoreItem(Worded):
    """One line of a hand's score: what it is for (a message of the catalogue's ``score.item``
    section, so that every face writes it in its reader's language), its points, its column.

    >>> item = ScoreItem(Message("score.item.overtricks", over=2, each=30), 60, Column.DECLARER)
    >>> item.what, item.text("ru")
    ('2 overtricks x 30', '2 лишние взятки × 30')
    """

    message: Message
    points: int
    to: Column


@dataclass(frozen=True)
class HandScore:
    """The score of one deal under one table.

    ``below``: trick points credited to the declarer toward game (0 if the
    contract failed); under the duplicate table, the contract's trick score when
    made. ``declarer_above``: everything else the declarer (side) scores.
    ``defenders_above``: what the defenders score; under the three-handed tables
    what EACH defender scores. ``items`` is the breakdown, line by line (not
    compared, not in the repr).

    >>> hand = HandScore(120, 300, 0)
    >>> hand.score, hand.declarer_total
    (420, 420)
    """

    below: int
    declarer_above: int
    defenders_above: int
    items: tuple[ScoreItem, ...] = field(default=(), compare=False, repr=False)

    @property
    def score(self) -> int:
        """``below + declarer_above - defenders_above``: the declaring side's net (duplicate: Law 77 score)."""
        return self.below + self.declarer_above - self.defenders_above

    @property
    def declarer_total(self) -> int:
        """Everything the declarer (side) scores on this deal, below and above."""
        return self.below + self.declarer_above

    @classmethod
    def of(cls, items: list[ScoreItem]) -> HandScore:
        """Sum a breakdown into a score."""
        sums = {Column.BELOW: 0, Column.DECLARER: 0, Column.DEFENDERS: 0}
        for item in items:
            sums[item.to] += item.points
        return cls(sums[Column.BELOW], sums[Column.DECLARER], sums[Column.DEFENDERS], tuple(items))

    def to_dict(self) -> dict[str, int]:
        """The four figures, as the JSON output writes them."""
        return {
            "score": self.score,
            "below": self.below,
            "declarer_above": self.declarer_above,
            "defenders_above": self.defenders_above,
        }


@dataclass(frozen=True, slots=True)
class Unfinished:
    """Bonuses when a rubber is abandoned before its end (CB-R6).

    ``game``: to a side (player) that has won the only game of the rubber;
    ``partscore``: to each side (player) with a partscore in the unfinished game.
    """

    game: int = 300
    partscore: int = 100


#: Contracts as the score tables read them, for a refusal.
_EXAMPLES: Final = "4H, 3NTX, 6SXX"


def as_contract(contract: Contract | str) -> Contract:
    """A :class:`Contract`, parsed from text if need be (``4H``, ``3NTX``, ``6SXX``)."""
    if isinstance(contract, Contract):
        return contract
    if isinstance(contract, str):
        return Contract.parse(contract)
    raise keyed(ScoringError, "score.error.not_contract", text=repr(contract), examples=_EXAMPLES)


def _check_tricks(tricks: object) -> int:
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise keyed(ScoringError, "score.error.tricks", text=repr(tricks), rule="CB-1, CB-11")
    return tricks


class ScoreTable(abc.ABC):
    """The hand scoring of one game. Subclasses set the data and override the hooks.

    ``score`` checks the input, then calls ``_made`` or ``_defeated`` and
    ``_tricks_premiums``, and adds honors.
    """

    name: ClassVar[str] = ""
    rules: ClassVar[str] = ""
    game_points: ClassVar[int | None] = None
    """Trick points below the line that make a game; ``None``: each deal stands alone."""
    vulnerability: ClassVar[bool] = True
    vulnerability_rule: ClassVar[str] = ""
    doubling: ClassVar[bool] = True
    doubling_rule: ClassVar[str] = ""
    passing_out: ClassVar[bool] = True
    """Whether a deal may be passed out (not in mini-bridge: the declarer names a contract)."""
    passing_out_rule: ClassVar[str] = ""
    honors_points: ClassVar[Mapping[HonorsKind, int]] = MappingProxyType({})
    honors_majority: ClassVar[bool] = False
    honors_rule: ClassVar[str] = ""
    three_handed: ClassVar[bool] = False
    unfinished: ClassVar[Unfinished | None] = None
    options: ClassVar[tuple[str, ...]] = ()

    def score(
        self,
        contract: Contract | str,
        tricks: int,
        vulnerable: bool = False,
        honors: Honors | None = None,
    ) -> HandScore:
        """Score one deal. ``tricks`` is the declarer's tricks (0 to 13)."""
        c = as_contract(contract)
        t = _check_tricks(tricks)
        self.check(c, vulnerable, honors)
        items: list[ScoreItem] = []
        need = c.level + 6
        if t >= need:
            self._made(c, t, bool(vulnerable), items)
        else:
            self._defeated(c, need - t, bool(vulnerable), items)
        self._tricks_premiums(c, t, items)
        if honors is not None:
            to = Column.DECLARER if honors.side is HonorsSide.DECLARER else Column.DEFENDERS
            items.append(
                ScoreItem(
                    _item("honors", kind=honors.kind.message), self.honors_points[honors.kind], to
                )
            )
        return HandScore.of(items)

    def check(self, contract: Contract, vulnerable: bool, honors: Honors | None) -> None:
        """Raise :class:`ScoringError` for input this table cannot score."""
        if not isinstance(vulnerable, bool):
            raise keyed(
                ScoringError,
                "score.error.vulnerable",
                field="vulnerable",
                true="true",
                false="false",
                text=repr(vulnerable),
            )
        table = self.message
        if vulnerable and not self.vulnerability:
            raise keyed(
                ScoringError,
                "score.error.no_vulnerability",
                table=table,
                rule=self.vulnerability_rule,
                contract=str(contract),
            )
        if contract.doubled and not self.doubling:
            raise keyed(
                ScoringError,
                "score.error.no_doubles",
                table=table,
                rule=self.doubling_rule,
                contract=str(contract),
            )
        if honors is None:
            return
        if not isinstance(honors, Honors):
            raise keyed(ScoringError, "score.error.not_honors", text=repr(honors))
        kind = honors.kind.value
        if not self.honors_points:
            raise keyed(
                ScoringError,
                "score.error.no_honors",
                table=table,
                rule=self.honors_rule,
                kind=honors.kind.message,
            )
        if honors.kind not in self.honors_points:
            kinds = ", ".join(k.value for k in self.honors_points)
            raise keyed(
                ScoringError,
                "score.error.honors_kind",
                kind=kind,
                table=table,
                rule=self.honors_rule,
                kinds=kinds,
            )
        if honors.kind.notrump != (contract.strain is Strain.NOTRUMP):
            need = (
                "score.error.honors_notrump" if honors.kind.notrump else "score.error.honors_trump"
            )
            raise keyed(
                ScoringError, need, kind=kind, contract=str(contract), rule=self.honors_rule
            )

    @abc.abstractmethod
    def _made(
        self, contract: Contract, tricks: int, vulnerable: bool, out: list[ScoreItem]
    ) -> None:
        """Append the items of a made contract (``tricks`` >= level + 6)."""

    @abc.abstractmethod
    def _defeated(
        self, contract: Contract, down: int, vulnerable: bool, out: list[ScoreItem]
    ) -> None:
        """Append the items of a contract defeated by ``down`` tricks."""

    def _tricks_premiums(  # noqa: B027 - an optional hook, empty for most tables
        self, contract: Contract, tricks: int, out: list[ScoreItem]
    ) -> None:
        """Premiums for tricks won whatever the contract (auction slams, AB-10). None by default."""

    def rubber_bonus(self, opponents_won_a_game: bool) -> int:
        """The rubber bonus to the winner of two games."""
        raise keyed(ScoringError, "score.error.no_rubbers", table=self.message)

    def honors_of(
        self, deal: Deal, strain: Strain, declarer: Seat, *, dummy: Seat | None = None
    ) -> Honors | None:
        """The honors that score on ``deal`` under this table (``None`` if none, or if it scores no honors)."""
        if not self.honors_points:
            return None
        return honors_in_hands(deal, strain, declarer, dummy=dummy, majority=self.honors_majority)

    @property
    def message(self) -> Message:
        """The table's name for people, in every language (the catalogue's ``score.table``)."""
        return Message(f"score.table.{self.name}")

    @property
    def title(self) -> str:
        """The table's name for people, in English: ``'auction bridge scoring'``."""
        return self.message.render("en")

    def with_options(self, **options: Any) -> ScoreTable:
        """This table with options set (``minibridge``: ``overtricks=True``)."""
        unknown = sorted(set(options) - set(self.options))
        if unknown:
            allowed = ", ".join(self.options) or "none"
            raise keyed(
                ScoringError,
                "score.error.no_option",
                name=self.name,
                option=unknown[0],
                options=allowed,
            )
        return type(self)(**options)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class ContractTable(ScoreTable):
    """Contract bridge trick values (CB-12) and undertricks (CB-D5); premiums per subclass."""

    partscore_premium: ClassVar[int | None] = None
    game_premium: ClassVar[tuple[int, int] | None] = None

    @staticmethod
    def trick_score(contract: Contract) -> int:
        """Trick points of the odd tricks bid (CB-12, CB-13), doubled x2, redoubled x4.

        >>> ContractTable.trick_score(Contract("3NT")), ContractTable.trick_score(Contract("2SX"))
        (100, 120)
        """
        level = contract.level
        if contract.strain.is_minor:
            points = 20 * level
        elif contract.strain is Strain.NOTRUMP:
            points = 30 * level + 10
        else:
            points = 30 * level
        return points * (1, 2, 4)[contract.doubled]

    def _made(
        self, contract: Contract, tricks: int, vulnerable: bool, out: list[ScoreItem]
    ) -> None:
        below = self.trick_score(contract)
        out.append(
            ScoreItem(
                _item("trick_score", level=contract.level, **_strain(contract)), below, Column.BELOW
            )
        )
        if self.game_premium is not None and below >= 100:
            out.append(
                ScoreItem(_item("game_premium"), self.game_premium[vulnerable], Column.DECLARER)
            )
        elif self.partscore_premium is not None and below < 100:
            out.append(
                ScoreItem(_item("partscore_premium"), self.partscore_premium, Column.DECLARER)
            )
        if contract.level == 6:
            out.append(ScoreItem(_item("small_slam"), (500, 750)[vulnerable], Column.DECLARER))
        elif contract.level == 7:
            out.append(ScoreItem(_item("grand_slam"), (1000, 1500)[vulnerable], Column.DECLARER))
        if contract.doubled:
            out.append(
                ScoreItem(
                    _item("insult_redoubled" if contract.doubled == 2 else "insult_doubled"),
                    50 * contract.doubled,
                    Column.DECLARER,
                )
            )
        over = tricks - contract.level - 6
        if over:
            self._overtricks(contract, over, vulnerable, out)

    def _overtricks(
        self, contract: Contract, over: int, vulnerable: bool, out: list[ScoreItem]
    ) -> None:
        """CB-D4: undoubled at trick value; doubled 100/200, redoubled 200/400 each."""
        if contract.doubled:
            each = (100, 200)[vulnerable] * contract.doubled
        else:
            each = 20 if contract.strain.is_minor else 30
        out.append(
            ScoreItem(_item("overtricks", over=over, each=each), over * each, Column.DECLARER)
        )

    def _defeated(
        self, contract: Contract, down: int, vulnerable: bool, out: list[ScoreItem]
    ) -> None:
        """CB-D5: 50/100 each undoubled; doubled 100,200,200,300.. NV, 200,300.. V; redoubled twice that."""
        if not contract.doubled:
            points = down * (100 if vulnerable else 50)
        elif vulnerable:
            points = (200 + 300 * (down - 1)) * contract.doubled
        else:
            points = (100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)) * contract.doubled
        out.append(ScoreItem(_item("undertricks", down=down), points, Column.DEFENDERS))

    def rubber_bonus(self, opponents_won_a_game: bool) -> int:
        """CB-R4 / TH-19: 700 if the other side (no other player) has won a game, else 500."""
        if self.game_points is None:
            return super().rubber_bonus(opponents_won_a_game)
        return 500 if opponents_won_a_game else 700


def _item(name: str, /, **params: object) -> Message:
    """The score line ``name`` of the catalogue's ``score.item`` section."""
    return Message(f"score.item.{name}", **params)


def _strain(contract: Contract) -> dict[str, object]:
    """A contract's strain and doubling as a score line writes them (``H doubled``)."""
    how = ("", _item("doubled"), _item("redoubled"))[contract.doubled]
    return {"strain": contract.strain, "how": how}


_CONTRACT_HONORS: Final = MappingProxyType(
    {HonorsKind.FOUR_ONE: 100, HonorsKind.FIVE_ONE: 150, HonorsKind.FOUR_ACES_ONE: 150}
)
_AUCTION_HONORS: Final = MappingProxyType(
    {
        HonorsKind.THREE: 30,
        HonorsKind.FOUR: 40,
        HonorsKind.FIVE: 50,
        HonorsKind.FOUR_ONE: 80,
        HonorsKind.FOUR_ONE_FIFTH_PARTNER: 90,
        HonorsKind.FIVE_ONE: 100,
        HonorsKind.THREE_ACES: 30,
        HonorsKind.FOUR_ACES: 40,
        HonorsKind.FOUR_ACES_ONE: 100,
    }
)


class DuplicateTable(ContractTable):
    """Law 77 (CB-D1..CB-D6): trick score + 50 partscore or 300/500 game, slams, insult, overtricks.

    >>> DuplicateTable().score("3NT", 10, vulnerable=False)
    HandScore(below=100, declarer_above=330, defenders_above=0)
    >>> DuplicateTable().score("4SX", 7, vulnerable=True).score
    -800
    """

    name = "duplicate"
    rules = "CB-D1..CB-D6"
    partscore_premium = 50
    game_premium = (300, 500)
    honors_rule = "CB-R5"


class RubberTable(ContractTable):
    """Contract rubber scoring (CB-R1..CB-R5): no level premiums; honors 100/150; game 100; rubber 700/500.

    >>> RubberTable().score("4H", 11, vulnerable=False, honors=Honors("5-one", "declarer"))
    HandScore(below=120, declarer_above=180, defenders_above=0)
    """

    name = "rubber"
    rules = "CB-R1..CB-R6"
    game_points = 100
    honors_points = _CONTRACT_HONORS
    honors_rule = "CB-R5"
    unfinished: ClassVar[Unfinished | None] = Unfinished(300, 100)


class MiniBridgeTable(DuplicateTable):
    """Mini-bridge (MB-9..MB-11): the contract value of MB-T1, no doubles, no honors, no overtricks.

    ``overtricks=True`` scores overtricks at trick value, the EBU variant (MB-A6).

    >>> MiniBridgeTable().score("4S", 11, vulnerable=False).score
    420
    >>> MiniBridgeTable(overtricks=True).score("4S", 11, vulnerable=False).score
    450
    """

    name = "minibridge"
    rules = "MB-6, MB-9..MB-11"
    doubling = False
    doubling_rule = "MB-6"
    passing_out = False
    passing_out_rule = "MB-6"
    honors_rule = "MB-9"
    options = ("overtricks",)

    def __init__(self, *, overtricks: bool = False) -> None:
        self.overtricks = bool(overtricks)

    def _overtricks(
        self, contract: Contract, over: int, vulnerable: bool, out: list[ScoreItem]
    ) -> None:
        if self.overtricks:
            super()._overtricks(contract, over, vulnerable, out)

    def __repr__(self) -> str:
        return (
            f"MiniBridgeTable(overtricks={self.overtricks})"
            if self.overtricks
            else "MiniBridgeTable()"
        )


class AuctionTable(ScoreTable):
    """Auction bridge (AB-3..AB-11): every odd trick of a made contract goes below at 6/7/8/9/10.

    >>> AuctionTable().score("1NT", 10)
    HandScore(below=40, declarer_above=0, defenders_above=0)
    >>> AuctionTable().score("2HX", 9)
    HandScore(below=48, declarer_above=100, defenders_above=0)
    """

    name = "auction"
    rules = "AB-3..AB-11"
    game_points = 30
    vulnerability = False
    vulnerability_rule = "AB-5"
    honors_points = _AUCTION_HONORS
    honors_majority = True
    honors_rule = "AB-9"
    trick_values: ClassVar[Mapping[Strain, int]] = MappingProxyType(
        {
            Strain.CLUBS: 6,
            Strain.DIAMONDS: 7,
            Strain.HEARTS: 8,
            Strain.SPADES: 9,
            Strain.NOTRUMP: 10,
        }
    )

    def _made(
        self, contract: Contract, tricks: int, vulnerable: bool, out: list[ScoreItem]
    ) -> None:
        odd = tricks - 6
        each = self.trick_values[contract.strain] * (1, 2, 4)[contract.doubled]
        out.append(
            ScoreItem(
                _item("odd_tricks", odd=odd, each=each, **_strain(contract)),
                odd * each,
                Column.BELOW,
            )
        )
        if contract.doubled:
            unit = 50 * contract.doubled
            over = tricks - contract.level - 6
            how = "redoubled" if contract.doubled == 2 else "doubled"
            out.append(ScoreItem(_item(f"{how}_made"), unit, Column.DECLARER))
            if over:
                out.append(
                    ScoreItem(
                        _item(f"{how}_overtricks", over=over, each=unit),
                        over * unit,
                        Column.DECLARER,
                    )
                )

    def _defeated(
        self, contract: Contract, down: int, vulnerable: bool, out: list[ScoreItem]
    ) -> None:
        each = 50 * (1, 2, 4)[contract.doubled]
        out.append(
            ScoreItem(
                _item("undertricks_each", down=down, each=each), down * each, Column.DEFENDERS
            )
        )

    def _tricks_premiums(self, contract: Contract, tricks: int, out: list[ScoreItem]) -> None:
        """AB-10: 12 tricks 50, 13 tricks 100, to whichever side took them."""
        if tricks == 13:
            out.append(ScoreItem(_item("grand_slam_tricks"), 100, Column.DECLARER))
        elif tricks == 12:
            out.append(ScoreItem(_item("small_slam_tricks"), 50, Column.DECLARER))
        elif tricks == 0:
            out.append(ScoreItem(_item("grand_slam_tricks"), 100, Column.DEFENDERS))
        elif tricks == 1:
            out.append(ScoreItem(_item("small_slam_tricks"), 50, Column.DEFENDERS))

    def rubber_bonus(self, opponents_won_a_game: bool) -> int:
        """AB-7 / TH-19: 250."""
        return 250


class ThreeHandedContractTable(RubberTable):
    """Three-handed bridge, contract scoring (TH-12..TH-19): the rubber table per player.

    ``defenders_above`` is what EACH of the two defenders scores (TH-14, TH-15).

    >>> ThreeHandedContractTable().score("4S", 8, vulnerable=True)
    HandScore(below=0, declarer_above=0, defenders_above=200)
    """

    name = "three-handed-contract"
    rules = "TH-12..TH-19 with CB-R1..CB-R5"
    three_handed = True
    honors_rule = "CB-R5, TH-15"
    unfinished = None


class ThreeHandedAuctionTable(AuctionTable):
    """Three-handed bridge, auction scoring (TH-12..TH-19): the auction table per player.

    >>> ThreeHandedAuctionTable().score("3NT", 13)
    HandScore(below=70, declarer_above=100, defenders_above=0)
    """

    name = "three-handed-auction"
    rules = "TH-12..TH-19 with AB-3..AB-11"
    three_handed = True
    honors_rule = "AB-9, TH-15"


SCORE_TABLES: Final[Mapping[str, ScoreTable]] = MappingProxyType(
    {
        table.name: table
        for table in (
            DuplicateTable(),
            RubberTable(),
            AuctionTable(),
            MiniBridgeTable(),
            ThreeHandedContractTable(),
            ThreeHandedAuctionTable(),
        )
    }
)
"""The score tables by game name."""

#: Names people type for a score table, and the table each means.
ALIASES: Final = MappingProxyType({"contract": "rubber"})


def get_table(game: str | ScoreTable) -> ScoreTable:
    """The table of a game name in :data:`SCORE_TABLES` (``contract`` means ``rubber``).

    >>> get_table("three-handed-auction")
    ThreeHandedAuctionTable()
    """
    if isinstance(game, ScoreTable):
        return game
    if not isinstance(game, str):
        raise keyed(ScoringError, "score.error.not_game", text=repr(game))
    key = game.strip().lower()
    table = SCORE_TABLES.get(ALIASES.get(key, key))
    if table is None:
        names = ", ".join(SCORE_TABLES)
        raise keyed(ScoringError, "score.error.unknown_game", text=game, names=names)
    return table
