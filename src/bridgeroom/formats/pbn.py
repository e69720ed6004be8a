"""PBN 2.1 (Portable Bridge Notation): read and write deals, auctions and play.

The interface follows endplay's and the standard library's ``json``:
:func:`loads` / :func:`load` read text or a file into a list of
:class:`PbnGame`, :func:`dumps` / :func:`dump` write them back::

    >>> text = '''[Event "Club night"]
    ... [Board "1"]
    ... [Dealer "N"]
    ... [Vulnerable "None"]
    ... [Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
    ... [Declarer "N"]
    ... [Contract "7NT"]
    ... [Result "13"]
    ... [Auction "N"]
    ... 7NT Pass Pass Pass
    ... '''
    >>> [game] = loads(text)
    >>> game.contract, game.result, game.tags["Event"]
    (Contract('7NTN'), 13, 'Club night')
    >>> state = game.to_state()
    >>> state.contract, state.to_act
    (Contract('7NTN'), <Seat.EAST: 1>)

A game is kept as its tags (strings, in file order), its Auction and Play
sections and the data lines of other sections (``...Table`` tags); typed
views (:attr:`PbnGame.deal`, :attr:`PbnGame.contract`, ...) parse the tags
on demand. :meth:`PbnGame.to_state` replays the auction and the play through
the agent API of :mod:`bridgeroom.rules` (``state.apply``), so a file whose
play is illegal is refused with the line of the offending card;
:meth:`PbnGame.from_state` writes a deal in progress or finished.

The Play section lists the cards in *seat columns*, not in the order played:
column 1 is the opening leader's seat, then the seats clockwise, one row per
trick. To replay, each trick is played from the seat that won the previous
trick; the engine says whose turn it is and the card is taken from that
seat's column.

Games of the other members of the family (three-handed bridge, auction
bridge, mini-bridge) are written with a few extra tags (see
``docs/formats.md``); the variant of a game is found from its tags through
a small registry (:func:`register_variant`), never by ``if`` chains here.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import IO, Any, ClassVar

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.rules.core import CARDS, Call, Card, Contract, Deal, Hand, Seat, Side, Vulnerability
from bridgeroom.rules.state import ActionInput, ContractBridgeDeal, DealState, Mode, Phase

__all__ = [
    "DUPLICATE_SCORINGS",
    "MANDATORY_TAGS",
    "UNKNOWN",
    "PbnAuction",
    "PbnGame",
    "PbnPlay",
    "PbnVariant",
    "dump",
    "dumps",
    "load",
    "loads",
    "register_variant",
    "variant_of_game",
    "variant_of_state",
]

#: The tags every exported game carries, in the order of export format (PBN 2.1, 3.2).
MANDATORY_TAGS: tuple[str, ...] = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)

#: Value of a tag whose value is not known.
UNKNOWN = "?"

#: ``Scoring`` tag values (first item, lower case) under which ``Score`` is the duplicate score.
DUPLICATE_SCORINGS: frozenset[str] = frozenset(
    {"mp", "matchpoints", "imp", "imps", "bam", "butler", "duplicate", "cross-imps", "crossimps"}
)

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_NOTE_REF = re.compile(r"=(\d+)=")
_NOTE_TAG = re.compile(r"\s*(\d+)\s*:(.*)", re.S)
_SUFFIX = re.compile(r"^(.*?)([!?]{1,2})$")
_TAG_PAIR = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_UNESCAPE = re.compile(r'\\(["\\])')
#: Card tokens as PBN writes them (``SA``, ``H7``), for a fast lookup.
_CARD_TOKENS: dict[str, Card] = {str(card): card for card in CARDS}


# --- the sections ------------------------------------------------------------------


@dataclass
class PbnAuction:
    """The Auction section: the calls from the dealer (``first``), clockwise.

    ``calls`` holds ``None`` for PBN's ``-`` (a call not made). ``all_pass``
    is PBN's ``AP`` after the last call: the remaining players pass. ``end``
    is ``"*"`` when the section was closed explicitly. ``annotations[i]``
    are the tokens written after call ``i`` (note references ``=1=``,
    suffixes ``!``/``?``, NAGs ``$n``, irregularities ``^x``); index
    ``len(calls)`` annotates the ``AP``. ``notes`` are the ``Note`` tags that
    follow the section, by number.

    >>> auction = PbnAuction(Seat.SOUTH, [Call("1NT")], all_pass=True)
    >>> auction.tokens()
    ['1NT', 'AP']
    """

    first: Seat
    calls: list[Call | None] = field(default_factory=list)
    all_pass: bool = False
    end: str = ""
    annotations: dict[int, list[str]] = field(default_factory=dict)
    notes: dict[int, str] = field(default_factory=dict)
    #: 1-based line of each call in the file read (empty for a built section).
    lines: list[int] = field(default_factory=list, compare=False, repr=False)
    #: 1-based line of the ``Auction`` tag.
    line: int | None = field(default=None, compare=False, repr=False)

    def tokens(self) -> list[str]:
        """The calls as PBN tokens, ``AP`` included, without annotations."""
        out = ["-" if call is None else _call_token(call) for call in self.calls]
        if self.all_pass:
            out.append("AP")
        return out

    def rows(self, columns: int = 4) -> list[str]:
        """The section's lines: ``columns`` calls a row (one per player), the first the dealer's."""
        cells: list[list[str]] = []
        for i, token in enumerate(self.tokens()):
            cells.append([token, *self.annotations.get(i, [])])
        rows = [
            " ".join(" ".join(cell) for cell in cells[i : i + columns])
            for i in range(0, len(cells), columns)
        ]
        if self.end:
            rows.append(self.end)
        return rows


@dataclass
class PbnPlay:
    """The Play section: one row per trick, columns by seat from the opening leader.

    ``tricks[k][i]`` is the card that seat ``leader.offset(i)`` played to
    trick ``k`` (``None``: PBN's ``-``, not played). The cards of a row are
    **not** in the order played: the trick was led by the winner of the
    previous one. ``end`` is ``"*"`` when the section ends with PBN's ``*``
    (the play was not recorded to the end, e.g. after a claim).

    >>> play = PbnPlay(Seat.WEST, [(Card("DQ"), Card("D3"), Card("D4"), Card("D2"))], end="*")
    >>> play.rows()
    ['DQ D3 D4 D2', '*']
    """

    leader: Seat
    tricks: list[tuple[Card | None, Card | None, Card | None, Card | None]] = field(
        default_factory=list
    )
    end: str = ""
    annotations: dict[tuple[int, int], list[str]] = field(default_factory=dict)
    notes: dict[int, str] = field(default_factory=dict)
    lines: list[int] = field(default_factory=list, compare=False, repr=False)
    line: int | None = field(default=None, compare=False, repr=False)

    def seat_of_column(self, column: int) -> Seat:
        return self.leader.offset(column)

    def rows(self) -> list[str]:
        out = []
        for k, trick in enumerate(self.tricks):
            cells = []
            for i, card in enumerate(trick):
                cell = [str(card) if card is not None else "- ", *self.annotations.get((k, i), [])]
                cells.append(" ".join(cell))
            out.append(" ".join(cells).rstrip())
        if self.end:
            out.append(self.end)
        return out

    @property
    def cards_played(self) -> int:
        return sum(card is not None for trick in self.tricks for card in trick)


def _call_token(call: Call) -> str:
    return "Pass" if call.is_pass else str(call)


# --- the game ----------------------------------------------------------------------


@dataclass
class PbnGame:
    """One game (deal) of a PBN file.

    ``tags`` maps every tag name to its value (strings, in file order; the
    Auction and Play tags live in their sections, the ``Note`` tags in the
    section they follow). ``data`` holds the lines of the other sections
    (the ``...Table`` tags), by tag name.

    >>> game = PbnGame({"Deal": "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 -"})
    >>> game.deal[Seat.WEST]  # the fourth hand is deduced
    Hand('2.5432.5432.5432')
    """

    tags: dict[str, str] = field(default_factory=dict)
    auction: PbnAuction | None = None
    play: PbnPlay | None = None
    data: dict[str, list[str]] = field(default_factory=dict)
    #: Notes that follow no Auction or Play section.
    notes: dict[int, str] = field(default_factory=dict)
    #: 1-based line of each tag in the file read.
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    # --- typed views of the tags ---------------------------------------------------

    def _value(self, name: str) -> str | None:
        """The tag's value, or ``None`` when absent, empty or unknown (``?``)."""
        value = self.tags.get(name)
        if value is None:
            return None
        value = value.strip()
        if value in ("", UNKNOWN):
            return None
        return value

    def _error(self, name: str, message: str) -> ParseError:
        return ParseError(message, line=self.lines.get(name))

    @property
    def deal(self) -> Deal | None:
        """The four hands (``Deal`` tag); a single missing hand is deduced from the other three."""
        value = self._value("Deal")
        if value is None:
            return None
        try:
            return _parse_deal(value)
        except ParseError as err:
            raise self._error("Deal", f"bad Deal tag {value!r}: {err}") from None

    @property
    def dealer(self) -> Seat | None:
        """The ``Dealer`` tag, else the first seat of the Auction section."""
        value = self._value("Dealer")
        if value is None:
            return self.auction.first if self.auction is not None else None
        try:
            return Seat.find(value)
        except ParseError:
            raise self._error("Dealer", f"bad Dealer tag {value!r} (N, E, S or W)") from None

    @property
    def vulnerability(self) -> Vulnerability | None:
        value = self.tags.get("Vulnerable")
        if value is None or value.strip() == UNKNOWN:
            return None
        try:
            return Vulnerability.find(value)
        except ParseError:
            raise self._error(
                "Vulnerable", f"bad Vulnerable tag {value!r} (None, NS, EW or All)"
            ) from None

    @property
    def board(self) -> int | None:
        value = self._value("Board")
        if value is None:
            return None
        try:
            return int(value)
        except ValueError:
            raise self._error("Board", f"bad Board tag {value!r} (a number)") from None

    @property
    def passed_out(self) -> bool:
        """Whether the ``Contract`` tag says ``Pass``."""
        value = self._value("Contract")
        return value is not None and value.upper() == "PASS"

    @property
    def contract(self) -> Contract | None:
        """The contract with its declarer (``Contract`` and ``Declarer`` tags); ``None``: passed out or unknown."""
        value = self._value("Contract")
        if value is None or value.upper() == "PASS":
            return None
        try:
            contract = Contract.parse(value)
        except ParseError:
            raise self._error(
                "Contract", f"bad Contract tag {value!r} (e.g. 4H, 3NTX, Pass)"
            ) from None
        if contract.declarer is not None:
            return contract
        declarer = self._value("Declarer")
        if declarer is not None:
            try:
                seat = Seat.find(declarer.lstrip("^"))
            except ParseError:
                raise self._error(
                    "Declarer", f"bad Declarer tag {declarer!r} (N, E, S or W)"
                ) from None
            contract = Contract(contract.level, contract.strain, contract.doubled, seat)
        return contract

    @property
    def result(self) -> int | None:
        """Tricks won by the declarer (``Result`` tag), claimed tricks included."""
        value = self._value("Result")
        if value is None:
            return None
        try:
            tricks = int(value)
        except ValueError:
            raise self._error("Result", f"bad Result tag {value!r} (tricks 0 to 13)") from None
        if not 0 <= tricks <= 13:
            raise self._error("Result", f"bad Result tag {value!r} (tricks 0 to 13)")
        return tricks

    def score(self, side: Side | str) -> int | None:
        """The ``Score`` tag seen from ``side``: ``NS 420`` gives NS 420 and EW -420.

        A bare number is the declaring side's score.

        >>> PbnGame({"Score": "NS -50"}).score("EW")
        50
        """
        who = side if isinstance(side, Side) else Side.find(side)
        value = self._value("Score")
        if value is None:
            return None
        parts = value.split()
        try:
            if len(parts) == 1:
                contract = self.contract
                if contract is None or contract.declarer is None:
                    return 0 if self.passed_out and int(parts[0]) == 0 else None
                points = int(parts[0])
                return points if contract.declarer.side == who else -points
            if len(parts) % 2:
                raise ValueError(value)
            scores = {Side.find(parts[i]): int(parts[i + 1]) for i in range(0, len(parts), 2)}
        except (ValueError, ParseError):
            raise self._error("Score", f"bad Score tag {value!r} (e.g. 'NS 420')") from None
        if who in scores:
            return scores[who]
        return -scores[who.opponents]

    @property
    def variant(self) -> PbnVariant:
        """The game of the family this deal belongs to (from its tags)."""
        return variant_of_game(self)

    # --- replay ----------------------------------------------------------------------

    def to_state(self, mode: Mode | str = Mode.STRICT) -> DealState:
        """Replay the deal through the agent API: a new state after the recorded actions.

        The contract phase (the auction; mini-bridge's announcements and named
        contract) and the play are applied with ``state.apply``. Trailing
        ``-`` calls and cards (not made) and ``*`` stop the replay: the state
        is then unfinished. A call or card the rules refuse, or a recorded
        contract or result that the replay contradicts, raises
        :class:`~bridgeroom.errors.ParseError` naming the line.
        """
        variant = self.variant
        state = variant.new_state(self, Mode(mode) if isinstance(mode, str) else mode)
        variant.replay_contract_phase(self, state)
        self._check_contract(state)
        self._replay_play(state)
        self.claimed_tricks(state)
        return state

    def _check_contract(self, state: DealState) -> None:
        """The replayed contract must be the one the Contract and Declarer tags record."""
        played = state.contract
        if played is None:
            if state.phase is Phase.DONE and self.contract is not None:
                raise self._error("Contract", f"the auction was passed out, not {self.contract}")
            declarer = self._value("Declarer")
            if (
                state.declarer is not None
                and declarer is not None
                and Seat.find(declarer.lstrip("^")) != state.declarer
            ):
                raise self._error(
                    "Declarer",
                    f"the Declarer tag says {declarer} but the replay gives {state.declarer}",
                )
            return
        if self.passed_out:
            raise self._error(
                "Contract", f"the Contract tag says Pass but the auction gives {played}"
            )
        recorded = self.contract
        if recorded is None:
            return
        if recorded.without_declarer() != played.without_declarer():
            raise self._error(
                "Contract",
                f"the Contract tag says {recorded.without_declarer()} but the auction "
                f"gives {played.without_declarer()}",
            )
        if recorded.declarer is not None and recorded.declarer != played.declarer:
            raise self._error(
                "Declarer",
                f"the Declarer tag says {recorded.declarer} but the auction gives {played.declarer}",
            )

    def _replay_play(self, state: DealState) -> None:
        play = self.play
        if play is None or not play.tricks:
            return
        if state.phase is not Phase.PLAY:
            raise ParseError(
                "the Play section needs a finished auction with a contract "
                f"(the deal is in the {state.phase.value} phase)",
                line=play.line,
            )
        if state.turn != play.leader:
            raise ParseError(
                f"the Play tag names {play.leader} as opening leader but {state.turn} leads",
                line=play.line,
            )
        stopped = False
        for k, trick in enumerate(play.tricks):
            line = play.lines[k] if k < len(play.lines) else play.line
            missing = [i for i, card in enumerate(trick) if card is None]
            if stopped and len(missing) < 4:
                raise ParseError(f"trick {k + 1} follows a trick that was not finished", line=line)
            if len(missing) == 4:
                stopped = True
                continue
            for _ in range(4 - len(missing)):
                seat = state.turn
                if seat is None:
                    raise ParseError(f"trick {k + 1}: the deal is already over", line=line)
                column = (seat - play.leader) & 3
                card = trick[column]
                if card is None:
                    raise ParseError(
                        f"trick {k + 1}: {seat} plays no card ('-') but a later seat does",
                        line=line,
                    )
                try:
                    state.apply(card)
                except BridgeError as err:
                    raise ParseError(
                        f"trick {k + 1}: {seat} plays {card}: {err}", line=line
                    ) from err
            if missing:
                stopped = True

    def claimed_tricks(self, state: DealState) -> int | None:
        """Tricks the declarer won after the last card recorded (a claim), by the ``Result`` tag.

        ``None`` when there is no result or no contract. The tricks won in the
        recorded play may not exceed the Result for either side; a finished
        play must give exactly the Result.
        """
        recorded = self.result
        if recorded is None or state.contract is None or state.declarer is None:
            return None
        if state.phase is Phase.DONE:
            result = state.result
            assert result is not None
            if result.tricks != recorded:
                raise self._error(
                    "Result",
                    f"the Result tag says {recorded} tricks but the play gives {result.tricks}",
                )
            return 0
        if state.phase is not Phase.PLAY:
            return None
        taken = state.declarer_tricks_taken()
        lost = len(state.tricks) - taken
        if taken > recorded or lost > 13 - recorded:
            raise self._error(
                "Result",
                f"the Result tag says {recorded} tricks but the declarer has already won "
                f"{taken} and lost {lost}",
            )
        return recorded - taken

    # --- from a state ----------------------------------------------------------------

    @classmethod
    def from_state(cls, state: DealState, **tags: str) -> PbnGame:
        """A game recording ``state``: its deal, auction (or announcements) and play so far.

        ``tags`` add or replace tags (``Event="Club night"``, ``Board="7"``,
        ``Scoring="IMP"``...). Unknown mandatory tags are written ``?``.
        """
        variant = variant_of_state(state)
        values: dict[str, str] = {name: UNKNOWN for name in MANDATORY_TAGS}
        values["Date"] = "????.??.??"
        values["Dealer"] = state.dealer.letter
        values["Vulnerable"] = state.vulnerability.pbn
        values["Deal"] = state.deal.to_pbn(state.dealer)
        values.update(_contract_tags(state))
        values.update(variant.state_tags(state))
        values.update({name: str(value) for name, value in tags.items()})
        if "Score" not in values:
            score = variant.score_tag(state, values.get("Scoring", ""))
            if score is not None:
                values["Score"] = score
        game = cls(values)
        game.auction = variant.state_auction(state)
        game.play = _state_play(state)
        return game

    # --- writing ------------------------------------------------------------------------

    def to_pbn(self) -> str:
        """The game as PBN lines (mandatory tags first, then the sections, then the rest)."""
        out: list[str] = []
        for name in MANDATORY_TAGS:
            if name in self.tags:
                out.append(_tag(name, self.tags[name]))
        if self.notes:
            out.extend(_tag("Note", f"{n}:{text}") for n, text in sorted(self.notes.items()))
        if self.auction is not None:
            out.append(_tag("Auction", self.auction.first.letter))
            out.extend(self.auction.rows(_auction_columns(self)))
            out.extend(_tag("Note", f"{n}:{t}") for n, t in sorted(self.auction.notes.items()))
        if self.play is not None:
            out.append(_tag("Play", self.play.leader.letter))
            out.extend(self.play.rows())
            out.extend(_tag("Note", f"{n}:{t}") for n, t in sorted(self.play.notes.items()))
        for name, value in self.tags.items():
            if name in MANDATORY_TAGS:
                continue
            out.append(_tag(name, value))
            out.extend(self.data.get(name, []))
        return "\n".join(out) + "\n"

    def __str__(self) -> str:
        return self.to_pbn()

    @property
    def is_export(self) -> bool:
        """Whether the game carries all mandatory tags (export format)."""
        return all(name in self.tags for name in MANDATORY_TAGS)


def _contract_tags(state: DealState) -> dict[str, str]:
    """Declarer, Contract and Result of a state (PBN: ``""`` when passed out, ``?`` not yet known)."""
    if state.contract is None:
        if state.phase is Phase.DONE:
            return {"Declarer": "", "Contract": "Pass", "Result": ""}
        known = state.declarer.letter if state.declarer is not None else UNKNOWN
        return {"Declarer": known, "Contract": UNKNOWN, "Result": UNKNOWN}
    declarer = state.contract.declarer
    out = {
        "Declarer": declarer.letter if declarer is not None else UNKNOWN,
        "Contract": str(state.contract.without_declarer()),
        "Result": UNKNOWN,
    }
    result = state.result
    if result is not None:
        out["Result"] = str(result.tricks)
    return out


def _state_play(state: DealState) -> PbnPlay | None:
    """The Play section of a state: seat columns from the opening leader, ``*`` if unfinished."""
    tricks = list(state.tricks)
    current = state.current_trick
    if not tricks and not current:
        return None
    leader = tricks[0].leader if tricks else current[0][0]
    rows: list[tuple[Card | None, Card | None, Card | None, Card | None]] = []
    played: list[list[tuple[Seat, Card]]] = [
        list(zip(t.seats, t.cards, strict=True)) for t in tricks
    ]
    if current:
        played.append(current)
    for trick in played:
        cells: list[Card | None] = [None, None, None, None]
        for seat, card in trick:
            cells[(seat - leader) & 3] = card
        rows.append((cells[0], cells[1], cells[2], cells[3]))
    return PbnPlay(leader, rows, end="" if state.phase is Phase.DONE else "*")


def _escape(value: str, *, table: bool = False) -> str:
    r"""Escape a tag value: ``"`` as ``\"`` and ``\`` as ``\\``.

    The column definitions of a ``...Table`` tag (``Result\2R``) are written as the
    standard writes them: a backslash is doubled only where a reader would misread it.
    """
    out = []
    for i, ch in enumerate(value):
        if ch == '"':
            out.append('\\"')
        elif ch == "\\" and (not table or i + 1 == len(value) or value[i + 1] in '"\\'):
            out.append("\\\\")
        else:
            out.append(ch)
    return "".join(out)


def _tag(name: str, value: str) -> str:
    return f'[{name} "{_escape(value, table=_is_table(name))}"]'


def _is_table(name: str) -> bool:
    return name.endswith("Table") and name != "Table"


def _parse_deal(text: str) -> Deal:
    """A PBN Deal value; one hand given as ``-`` is deduced from the other three."""
    deal = Deal.parse(text)
    sizes = [len(hand) for hand in deal.hands]
    if sizes.count(0) == 1 and sorted(sizes)[1:] == [13, 13, 13]:
        seen = 0
        for hand in deal.hands:
            seen |= hand.mask
        missing = sizes.index(0)
        hands = list(deal.hands)
        hands[missing] = Hand(((1 << 52) - 1) & ~seen)
        return Deal(hands)
    return deal


# --- variants -------------------------------------------------------------------------


class PbnVariant:
    """How one game of the family is written in PBN: a small class of data and hooks.

    Subclasses are registered with :func:`register_variant`; this base class is
    contract bridge, the default. ``name`` names the variant; a game is of this
    variant when its ``Variant`` tag is ``variant_tag``, or, without a Variant
    tag, when the first item of its ``Scoring`` tag is one of ``scorings``.
    ``rules_names`` are the ``DealState.rules_name`` values whose states this
    variant writes. ``auction_columns`` is the number of calls a row of the
    Auction section holds (one per player calling).
    """

    name: ClassVar[str] = "contract"
    variant_tag: ClassVar[str | None] = None
    scorings: ClassVar[tuple[str, ...]] = ()
    rules_names: ClassVar[tuple[str, ...]] = ("contract",)
    auction_columns: ClassVar[int] = 4

    def matches(self, game: PbnGame) -> bool:
        """Whether ``game`` is of this variant (from its ``Variant`` and ``Scoring`` tags)."""
        variant = (game.tags.get("Variant") or "").strip().lower()
        if variant:
            return variant == self.variant_tag
        scoring = (game.tags.get("Scoring") or "").split(";")[0].strip().lower()
        return scoring in self.scorings

    def state_class(self) -> type[DealState]:
        return ContractBridgeDeal

    def state_options(self, game: PbnGame) -> dict[str, Any]:
        """Keyword arguments of the state's constructor that come from the variant's tags."""
        return {}

    def new_state(self, game: PbnGame, mode: Mode) -> DealState:
        """A fresh state for the game's deal, dealer and vulnerability (and the variant's tags)."""
        deal = game.deal
        if deal is None:
            raise game._error("Deal", "a game to replay needs its Deal tag")
        if not deal.is_complete:
            raise game._error("Deal", f"a game to replay needs the four hands: {deal}")
        dealer = game.dealer
        if dealer is None:
            raise game._error("Dealer", "a game to replay needs its Dealer tag")
        vulnerability = game.vulnerability
        options = self.state_options(game)
        try:
            return self.state_class()(
                deal,
                dealer,
                vulnerability if vulnerability is not None else Vulnerability.NONE,
                mode=mode,
                **options,
            )
        except ParseError:
            raise
        except BridgeError as err:
            line = game.lines.get("Variant", game.lines.get("Deal"))
            raise ParseError(f"the {self.name} deal cannot be set up: {err}", line=line) from err

    def replay_contract_phase(self, game: PbnGame, state: DealState) -> None:
        """Apply the Auction section's calls (``AP``: passes until the auction ends)."""
        auction = game.auction
        if auction is None:
            return
        if auction.first != state.dealer:
            raise ParseError(
                f"the Auction starts with {auction.first} but the dealer is {state.dealer}",
                line=auction.line,
            )
        stopped_at: int | None = None
        for i, call in enumerate(auction.calls):
            line = auction.lines[i] if i < len(auction.lines) else auction.line
            if call is None:
                stopped_at = i if stopped_at is None else stopped_at
                continue
            if stopped_at is not None:
                raise ParseError(
                    f"call {i + 1} ({call}) follows a call not made ('-'); it cannot be replayed",
                    line=line,
                )
            _apply(state, call, f"call {i + 1}", line)
        if auction.all_pass and stopped_at is None:
            line = auction.lines[-1] if auction.lines else auction.line
            while state.phase is Phase.AUCTION:
                _apply(state, Call.PASS, "AP", line)

    def state_tags(self, state: DealState) -> dict[str, str]:
        """Extra tags that mark a state of this variant (none for contract bridge)."""
        return {}

    def score_tag(self, state: DealState, scoring: str) -> str | None:
        """The ``Score`` tag of a finished deal under ``scoring`` (the Scoring tag), if this
        variant knows it: contract bridge writes the duplicate score (CB-D1..CB-D6) of the
        declaring side when the Scoring tag names a duplicate scoring (IMP, MP, BAM...)."""
        if scoring.split(";")[0].strip().lower() not in DUPLICATE_SCORINGS:
            return None
        result = state.result
        if result is None:
            return None
        if result.contract is None or result.contract.declarer is None:
            return "NS 0"
        from bridgeroom.scoring import score_duplicate

        declarer = result.contract.declarer
        vulnerable = state.vulnerability.is_vulnerable(declarer)
        points = score_duplicate(result.contract, result.tricks, vulnerable).score
        return f"{declarer.side} {points}"

    def state_auction(self, state: DealState) -> PbnAuction | None:
        """The Auction section of a state: every call so far, ``*`` if the auction is unfinished."""
        if not state.calls:
            return None
        calls: list[Call | None] = [call for _, call in state.calls]
        end = "*" if state.phase is Phase.AUCTION else ""
        return PbnAuction(state.dealer, calls, end=end)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r}>"


def _auction_columns(game: PbnGame) -> int:
    """Calls per row of the game's Auction section (4 for a game of unknown variant)."""
    try:
        return game.variant.auction_columns
    except ParseError:
        return 4


def _apply(
    state: DealState, action: ActionInput, what: str, line: int | None, seat: Seat | None = None
) -> None:
    """``state.apply(action, seat)``; a refusal becomes a ParseError naming ``line``."""
    try:
        state.apply(action, seat)
    except BridgeError as err:
        raise ParseError(f"{what} ({action}): {err}", line=line) from err


_VARIANTS: list[PbnVariant] = []
_DEFAULT = PbnVariant()


def register_variant(variant: PbnVariant) -> PbnVariant:
    """Add a variant; later registrations are tried first. Returns it (usable as a decorator on an instance)."""
    _VARIANTS.insert(0, variant)
    return variant


def variant_of_game(game: PbnGame) -> PbnVariant:
    """The registered variant whose tags ``game`` carries (contract bridge if none)."""
    for variant in _VARIANTS:
        if variant.matches(game):
            return variant
    value = game.tags.get("Variant")
    if value is not None and value.strip():
        raise game._error("Variant", f"unknown Variant tag {value!r}")
    return _DEFAULT


def variant_of_state(state: DealState) -> PbnVariant:
    """The registered variant that writes states of ``type(state)``."""
    for variant in _VARIANTS:
        if state.rules_name in variant.rules_names and isinstance(state, variant.state_class()):
            return variant
    return _DEFAULT


# --- reading ---------------------------------------------------------------------------


class _Reader:
    """A line-by-line PBN reader: tags, sections, comments, ``%`` lines, games split by empty lines."""

    def __init__(self) -> None:
        self.games: list[PbnGame] = []
        self.game: PbnGame | None = None
        self.section: str | None = None  # "auction", "play", "data", "notes" or None
        self.section_tag: str | None = None
        self.last_section: PbnAuction | PbnPlay | None = None
        self.in_comment = False
        self.previous: dict[str, str] = {}
        self.play_tokens: list[tuple[str, int]] = []

    # The current game, created on its first tag.
    def _current(self) -> PbnGame:
        if self.game is None:
            self.game = PbnGame()
        return self.game

    def feed(self, lines: Iterable[str]) -> list[PbnGame]:
        number = 0
        for number, raw in enumerate(lines, start=1):
            line = raw.rstrip("\r\n")
            if number == 1 and line.startswith("\ufeff"):
                line = line[1:]
            if self.in_comment:
                end = line.find("}")
                if end < 0:
                    continue
                self.in_comment = False
                line = line[end + 1 :]
                if not line.strip():
                    continue  # the rest of a comment's last line is not an empty line
            elif line.startswith("%"):
                continue
            if not line.strip():
                self._end_game(number)
                continue
            self._line(line, number)
        if self.in_comment:
            raise ParseError("a comment '{' is never closed", line=number)
        self._end_game(number + 1)
        return self.games

    def _line(self, line: str, number: int) -> None:
        pos = 0
        n = len(line)
        while pos < n:
            ch = line[pos]
            if ch.isspace():
                pos += 1
            elif ch == ";":
                return
            elif ch == "{":
                end = line.find("}", pos + 1)
                if end < 0:
                    self.in_comment = True
                    return
                pos = end + 1
            elif ch == "[":
                pos = self._tag(line, pos, number)
            else:
                if self.section == "data":
                    assert self.game is not None and self.section_tag is not None
                    self.game.data.setdefault(self.section_tag, []).append(line[pos:].strip())
                    return
                end = pos
                while end < n and not line[end].isspace() and line[end] not in "[{;":
                    end += 1
                self._token(line[pos:end], number)
                pos = end

    def _tag(self, line: str, pos: int, number: int) -> int:
        fast = _TAG_PAIR.match(line, pos)
        if fast is not None:
            raw = fast.group(2)
            value = _UNESCAPE.sub(r"\1", raw) if "\\" in raw else raw
            self._add_tag(fast.group(1), value, number)
            return fast.end()
        # The slow path finds what is wrong with the tag, for the message.
        start = pos + 1
        while start < len(line) and line[start].isspace():
            start += 1
        match = _TAG_NAME.match(line, start)
        if match is None:
            raise ParseError(f'a tag is [Name "value"]: {line.strip()!r}', line=number)
        name = match.group(0)
        i = match.end()
        while i < len(line) and line[i].isspace():
            i += 1
        if i >= len(line) or line[i] != '"':
            raise ParseError(
                f"tag {name}: the value must be in double quotes: {line.strip()!r}", line=number
            )
        i += 1
        chars: list[str] = []
        while True:
            if i >= len(line):
                raise ParseError(f"tag {name}: the value's closing quote is missing", line=number)
            ch = line[i]
            if ch == "\\" and i + 1 < len(line) and line[i + 1] in '"\\':
                chars.append(line[i + 1])
                i += 2
                continue
            if ch == '"':
                i += 1
                break
            chars.append(ch)
            i += 1
        while i < len(line) and line[i].isspace():
            i += 1
        if i >= len(line) or line[i] != "]":
            raise ParseError(f"tag {name}: ']' expected after the value", line=number)
        self._add_tag(name, "".join(chars), number)
        return i + 1

    def _add_tag(self, name: str, value: str, number: int) -> None:
        self._close_section()
        game = self._current()
        if value == "#" and name not in ("Note",):
            if name not in self.previous:
                raise ParseError(
                    f"tag {name} is '#' (as in the previous game) but no previous game has it",
                    line=number,
                )
            value = self.previous[name]
        elif value.startswith("##"):
            value = value[1:]
        if name == "Note":
            self._note(value, number)
            return
        if name == "Auction":
            if game.auction is not None:
                raise ParseError("a second Auction section in one game", line=number)
            game.auction = PbnAuction(_seat(value, name, number), line=number)
            game.lines[name] = number
            self.section, self.last_section = "auction", game.auction
            self.previous[name] = value
            return
        if name == "Play":
            if game.play is not None:
                raise ParseError("a second Play section in one game", line=number)
            game.play = PbnPlay(_seat(value, name, number), line=number)
            game.lines[name] = number
            self.section, self.last_section = "play", game.play
            self.play_tokens = []
            self.previous[name] = value
            return
        if name in game.tags:
            raise ParseError(f"tag {name} appears twice in one game", line=number)
        _check_tag(name, value, number)
        game.tags[name] = value
        game.lines[name] = number
        self.previous[name] = value
        self.last_section = None
        if _is_table(name):
            self.section, self.section_tag = "data", name
            game.data[name] = []
        else:
            self.section = None

    def _note(self, value: str, number: int) -> None:
        match = _NOTE_TAG.match(value)
        if match is None:
            raise ParseError(f"a Note tag is 'number:text': {value!r}", line=number)
        key, text = int(match.group(1)), match.group(2)
        game = self._current()
        target = self.last_section.notes if self.last_section is not None else game.notes
        if key in target:
            raise ParseError(f"note {key} appears twice", line=number)
        target[key] = text
        self.section = None

    def _token(self, token: str, number: int) -> None:
        game = self.game
        if self.section == "auction":
            assert game is not None and game.auction is not None
            self._auction_token(game.auction, token, number)
        elif self.section == "play":
            assert game is not None and game.play is not None
            self._play_token(game.play, token, number)
        else:
            raise ParseError(
                f"unexpected text {token!r} (not in an Auction, Play or Table section)", line=number
            )

    def _auction_token(self, auction: PbnAuction, token: str, number: int) -> None:
        if auction.end:
            raise ParseError(
                f"text after the end of the Auction section ('*'): {token!r}", line=number
            )
        if _is_annotation(token):
            if not auction.calls and not auction.all_pass:
                raise ParseError(f"annotation {token!r} before any call", line=number)
            index = len(auction.calls)
            if not auction.all_pass:
                index -= 1
            auction.annotations.setdefault(index, []).append(token)
            return
        if token == "*":
            auction.end = "*"
            return
        if auction.all_pass:
            raise ParseError(f"call {token!r} after AP (all pass)", line=number)
        if token.upper() == "AP":
            auction.all_pass = True
            return
        suffix = None
        match = _SUFFIX.match(token)
        if match is not None and match.group(1):
            token, suffix = match.group(1), match.group(2)
        if token == "-":
            auction.calls.append(None)
        else:
            try:
                auction.calls.append(Call.parse(token))
            except ParseError:
                raise ParseError(
                    f"not a call in the Auction section: {token!r}", line=number
                ) from None
        auction.lines.append(number)
        if suffix:
            auction.annotations.setdefault(len(auction.calls) - 1, []).append(suffix)

    def _play_token(self, play: PbnPlay, token: str, number: int) -> None:
        if play.end:
            raise ParseError(
                f"text after the end of the Play section ('*'): {token!r}", line=number
            )
        if _is_annotation(token):
            if not self.play_tokens:
                raise ParseError(f"annotation {token!r} before any card", line=number)
            count = len(self.play_tokens) - 1
            play.annotations.setdefault((count // 4, count % 4), []).append(token)
            return
        if token == "*":
            play.end = "*"
            return
        suffix = None
        match = _SUFFIX.match(token)
        if match is not None and match.group(1):
            token, suffix = match.group(1), match.group(2)
        if token != "-" and token not in _CARD_TOKENS:
            try:
                if len(token) > 3:
                    raise ParseError(token)
                token = str(Card.parse(token))
            except ParseError:
                raise ParseError(
                    f"not a card in the Play section: {token!r}", line=number
                ) from None
        self.play_tokens.append((token, number))
        if suffix:
            count = len(self.play_tokens) - 1
            play.annotations.setdefault((count // 4, count % 4), []).append(suffix)

    def _close_section(self) -> None:
        """Turn the Play section's token stream into tricks of four (the last one padded with ``-``)."""
        if self.section == "play" and self.game is not None and self.game.play is not None:
            play = self.game.play
            tokens = self.play_tokens
            for start in range(0, len(tokens), 4):
                group = tokens[start : start + 4]
                cells: list[Card | None] = [None if t == "-" else _CARD_TOKENS[t] for t, _ in group]
                cells += [None] * (4 - len(cells))
                play.tricks.append((cells[0], cells[1], cells[2], cells[3]))
                play.lines.append(group[0][1])
            self.play_tokens = []
            _check_play_cards(play)
        self.section = None

    def _end_game(self, number: int) -> None:
        self._close_section()
        game = self.game
        if game is None:
            return
        if game.tags or game.auction is not None or game.play is not None:
            _check_game(game)
            self.games.append(game)
        self.game = None
        self.last_section = None


def _is_annotation(token: str) -> bool:
    return (
        bool(_NOTE_REF.fullmatch(token))
        or token[0] in "$^"
        or (token[0] in "!?" and set(token) <= set("!?"))
    )


def _seat(value: str, name: str, number: int) -> Seat:
    try:
        return Seat.find(value)
    except ParseError:
        raise ParseError(f"tag {name}: not a seat {value!r} (N, E, S or W)", line=number) from None


def _check_tag(name: str, value: str, number: int) -> None:
    """Check the values of the tags bridgeroom reads, so that a bad one is reported with its line."""
    game = PbnGame({name: value}, lines={name: number})
    if name == "Deal":
        _ = game.deal
    elif name == "Dealer":
        _ = game.dealer
    elif name == "Vulnerable":
        _ = game.vulnerability
    elif name == "Contract":
        _ = game.contract
    elif name == "Result":
        _ = game.result
    elif name == "Declarer":
        stripped = value.strip().lstrip("^")
        if stripped not in ("", UNKNOWN):
            _seat(stripped, name, number)


def _check_play_cards(play: PbnPlay) -> None:
    """No card may appear twice in a Play section."""
    seen: dict[Card, int] = {}
    for k, trick in enumerate(play.tricks):
        for card in trick:
            if card is None:
                continue
            if card in seen:
                line = play.lines[k] if k < len(play.lines) else play.line
                raise ParseError(f"card {card} is played twice", line=line)
            seen[card] = k


def _check_game(game: PbnGame) -> None:
    """Cross-checks that need several tags: the Auction's first seat and the Deal."""
    dealer_value = game._value("Dealer")
    if game.auction is not None and dealer_value is not None:
        dealer = game.dealer
        if dealer != game.auction.first:
            raise ParseError(
                f"the Auction tag names {game.auction.first} but the Dealer tag {dealer}",
                line=game.auction.line,
            )
    deal = game.deal
    if deal is not None and game.play is not None:
        for k, trick in enumerate(game.play.tricks):
            for i, card in enumerate(trick):
                seat = game.play.seat_of_column(i)
                if card is not None and deal.is_complete and card not in deal[seat]:
                    line = game.play.lines[k] if k < len(game.play.lines) else game.play.line
                    raise ParseError(f"{seat} plays {card}, which is not in its hand", line=line)


def loads(text: str) -> list[PbnGame]:
    """Read the games of a PBN text.

    >>> [g.board for g in loads('[Board "1"]\\n\\n[Board "2"]\\n')]
    [1, 2]
    """
    return _Reader().feed(io.StringIO(text))


def load(fp: IO[str]) -> list[PbnGame]:
    """Read the games of a PBN file opened as text."""
    return _Reader().feed(fp)


def _iter_text(games: Iterable[PbnGame]) -> Iterator[str]:
    items = list(games)
    export = all(game.is_export for game in items)
    yield "% PBN 2.1\n"
    yield "% EXPORT\n" if export else "% IMPORT\n"
    for game in items:
        yield game.to_pbn()
        yield "\n"  # every game ends with an empty line, as exported files do


def dumps(games: Iterable[PbnGame] | PbnGame) -> str:
    """Write games as PBN 2.1 text (``% EXPORT`` when all carry the mandatory tags)."""
    return "".join(_iter_text([games] if isinstance(games, PbnGame) else games))


def dump(games: Iterable[PbnGame] | PbnGame, fp: IO[str]) -> None:
    """Write games as PBN 2.1 to a file opened as text."""
    fp.write(dumps(games))
