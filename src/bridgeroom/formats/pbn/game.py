"""One game of a PBN file: its tags, typed views of them, its replay and its writing.

>>> game = PbnGame({"Deal": "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 -"})
>>> game.deal[Seat.WEST]  # the fourth hand is deduced
Hand('2.5432.5432.5432')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.formats.claims import apply_claim, ended_by_claim, tricks_won_in_play
from bridgeroom.formats.pbn.sections import (
    MANDATORY_TAGS,
    UNKNOWN,
    PbnAuction,
    PbnPlay,
    tag_line,
)
from bridgeroom.formats.pbn.variant import PbnVariant, variant_of_game, variant_of_state
from bridgeroom.i18n import Message, error_texts
from bridgeroom.rules.core import Card, Contract, Deal, Hand, Seat, Side, Vulnerability
from bridgeroom.rules.state import DealState, Mode, Phase

__all__ = ["PbnGame"]

#: The tag of each seat's player.
_SEAT_TAGS = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}

#: ``4SR``: a redouble written R (PBN writes XX).
_REDOUBLE_R = re.compile(r"(?<=[CDHSNTcdhsnt])[Rr](?=[NESWnesw]?$)")

#: The seats as a tag writes them, for a refusal.
_SEATS = "N, E, S, W"


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
    #: The board's tags this record left out and took from the board's previous record.
    inherited: set[str] = field(default_factory=set, compare=False, repr=False)

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

    def tag_error(self, name: str, key: str, /, **params: object) -> ParseError:
        """A :class:`~bridgeroom.errors.ParseError` saying the message ``file.<key>`` of the
        catalogue at the line of tag ``name``."""
        return ParseError(key=f"file.{key}", params=params, line=self.lines.get(name))

    def bad_tag(self, name: str, value: str, expected: object) -> ParseError:
        """Tag ``name`` holds ``value``, not what it should (``expected``: the values it takes, or
        a message saying what they are)."""
        return self.tag_error(name, "bad_tag", tag=name, text=repr(value), expected=expected)

    @property
    def deal(self) -> Deal | None:
        """The four hands (``Deal`` tag); a single missing hand is deduced from the other three."""
        value = self._value("Deal")
        if value is None:
            return None
        try:
            return _parse_deal(value)
        except ParseError as err:
            raise self.tag_error(
                "Deal", "bad_deal", tag="Deal", text=repr(value), error=error_texts(err)
            ) from None

    @property
    def dealer(self) -> Seat | None:
        """The ``Dealer`` tag, else the first seat of the Auction section."""
        value = self._value("Dealer")
        if value is None:
            return self.auction.first if self.auction is not None else None
        try:
            return Seat.find(value)
        except ParseError:
            raise self.bad_tag("Dealer", value, _SEATS) from None

    @property
    def vulnerability(self) -> Vulnerability | None:
        value = self.tags.get("Vulnerable")
        if value is None or value.strip() == UNKNOWN:
            return None
        try:
            return Vulnerability.find(value)
        except ParseError:
            raise self.bad_tag("Vulnerable", value, "None, NS, EW, All") from None

    @property
    def board(self) -> int | None:
        value = self._value("Board")
        if value is None:
            return None
        try:
            return int(value)
        except ValueError:
            raise self.bad_tag("Board", value, Message("file.expected_board")) from None

    @property
    def board_name(self) -> str | None:
        """The ``Board`` tag as written (``None`` when absent, empty or ``?``)."""
        return self._value("Board")

    @property
    def players(self) -> dict[Seat, str]:
        """The players' names by seat, from the ``North``, ``East``, ``South`` and ``West`` tags
        (a name left out or ``?`` is not listed).

        >>> PbnGame({"North": "Ann", "South": "?"}).players
        {<Seat.NORTH: 0>: 'Ann'}
        """
        names = {seat: self._value(_SEAT_TAGS[seat]) for seat in Seat}
        return {seat: name for seat, name in names.items() if name is not None}

    @property
    def first_line(self) -> int:
        """The line of the ``Deal`` tag in the file read (else of the first tag; 1 if not read)."""
        return self.lines.get("Deal") or min(self.lines.values(), default=1)

    @property
    def passed_out(self) -> bool:
        """Whether the ``Contract`` tag says ``Pass``."""
        value = self._value("Contract")
        return value is not None and value.upper() == "PASS"

    @property
    def contract(self) -> Contract | None:
        """The contract with its declarer (``Contract`` and ``Declarer`` tags); ``None``: passed out or unknown.

        A redouble written ``R`` (a common mistake of real files) reads as ``XX``.

        >>> PbnGame({"Contract": "4SR", "Declarer": "E"}).contract
        Contract('4SXXE')
        """
        value = self._value("Contract")
        if value is None or value.upper() == "PASS":
            return None
        try:
            contract = Contract.parse(_REDOUBLE_R.sub("XX", value))
        except ParseError:
            raise self.bad_tag(
                "Contract", value, Message("file.expected_contract", examples="4H, 3NTX, Pass")
            ) from None
        if contract.declarer is not None:
            return contract
        declarer = self._value("Declarer")
        if declarer is not None:
            try:
                seat = Seat.find(declarer.lstrip("^"))
            except ParseError:
                raise self.bad_tag("Declarer", declarer, _SEATS) from None
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
            raise self.bad_tag("Result", value, Message("file.expected_result")) from None
        if not 0 <= tricks <= 13:
            raise self.bad_tag("Result", value, Message("file.expected_result"))
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
            raise self.tag_error("Score", f"bad Score tag {value!r} (e.g. 'NS 420')") from None
        if who in scores:
            return scores[who]
        return -scores[who.opponents]

    @property
    def variant(self) -> PbnVariant:
        """The game of the family this deal belongs to (from its tags)."""
        return variant_of_game(self)

    @property
    def scoring_form(self) -> str | None:
        """bridgeroom's score form the tags name (``rubber``, ``chicago``, ``duplicate``,
        ``auction``, ``three-handed-contract``...), ``None`` if they name none.

        >>> PbnGame({"Scoring": "Rubber"}).scoring_form, PbnGame({"Variant": "auction"}).scoring_form
        ('rubber', 'auction')
        """
        return self.variant.scoring_form(self)

    # --- replay ----------------------------------------------------------------------

    def to_state(self, mode: Mode | str = Mode.STRICT, *, claim: bool = True) -> DealState:
        """Replay the deal through the agent API: a new state after the recorded actions.

        The contract phase (the auction; mini-bridge's announcements and named
        contract) and the play are applied with ``state.apply``. Trailing
        ``-`` calls and cards (not made) and ``*`` stop the replay. When the
        ``Result`` tag records the end of a deal whose play stops early, the rest
        is a claim: with ``claim`` (the default) it is applied as the engine's
        :class:`~bridgeroom.rules.state.Claim`, so the state is finished with the
        recorded result (and ``from_state`` writes it back); ``claim=False``
        leaves the state in the play. A call or card the rules refuse, or a
        recorded contract or result that the replay contradicts, raises
        :class:`~bridgeroom.errors.ParseError` naming the line.
        """
        variant = self.variant
        state = variant.new_state(self, Mode(mode) if isinstance(mode, str) else mode)
        variant.replay_contract_phase(self, state)
        self._check_contract(state)
        self._replay_play(state)
        claimed = self.claimed_tricks(state)
        if claim and claimed is not None and state.phase is Phase.PLAY:
            apply_claim(state, claimed, line=self.lines.get("Result"))
        return state

    def _check_contract(self, state: DealState) -> None:
        """The replayed contract must be the one the Contract and Declarer tags record."""
        played = state.contract
        if played is None:
            if state.phase is Phase.DONE and self.contract is not None:
                raise self.tag_error("Contract", f"the auction was passed out, not {self.contract}")
            declarer = self._value("Declarer")
            if (
                state.declarer is not None
                and declarer is not None
                and Seat.find(declarer.lstrip("^")) != state.declarer
            ):
                raise self.tag_error(
                    "Declarer",
                    f"the Declarer tag says {declarer} but the replay gives {state.declarer}",
                )
            return
        if self.passed_out:
            raise self.tag_error(
                "Contract", f"the Contract tag says Pass but the auction gives {played}"
            )
        recorded = self.contract
        if recorded is None:
            return
        if recorded.without_declarer() != played.without_declarer():
            raise self.tag_error(
                "Contract",
                f"the Contract tag says {recorded.without_declarer()} but the auction "
                f"gives {played.without_declarer()}",
            )
        if recorded.declarer is not None and recorded.declarer != played.declarer:
            raise self.tag_error(
                "Declarer",
                f"the Declarer tag says {recorded.declarer} but the auction gives {played.declarer}",
            )

    def _replay_play(self, state: DealState) -> None:
        play = self.play
        if play is None or not play.tricks:
            return
        if state.phase is not Phase.PLAY:
            raise ParseError(
                key="file.play_needs_contract",
                params={"play": "Play", "phase": state.phase},
                line=play.line,
            )
        if state.turn != play.leader:
            said = {"play": "Play", "named": play.leader, "seat": state.turn}
            raise ParseError(key="file.play_leader", params=said, line=play.line)
        stopped = False
        for k, trick in enumerate(play.tricks):
            line = play.lines[k] if k < len(play.lines) else play.line
            missing = [i for i, card in enumerate(trick) if card is None]
            if stopped and len(missing) < 4:
                said = {"trick": k + 1}
                raise ParseError(key="file.trick_after_unfinished", params=said, line=line)
            if len(missing) == 4:
                stopped = True
                continue
            for _ in range(4 - len(missing)):
                seat = state.turn
                if seat is None:
                    raise ParseError(key="file.trick_over", params={"trick": k + 1}, line=line)
                column = (seat - play.leader) & 3
                card = trick[column]
                if card is None:
                    said = {"trick": k + 1, "seat": seat}
                    raise ParseError(key="file.trick_gap", params=said, line=line)
                try:
                    state.apply(card)
                except BridgeError as err:
                    said = {"trick": k + 1, "seat": seat, "card": card, "error": error_texts(err)}
                    raise ParseError(key="file.trick_card", params=said, line=line) from err
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
                raise self.tag_error(
                    "Result",
                    f"the Result tag says {recorded} tricks but the play gives {result.tricks}",
                )
            return recorded - tricks_won_in_play(state) if ended_by_claim(state) else 0
        if state.phase is not Phase.PLAY:
            return None
        taken = state.declarer_tricks_taken()
        lost = len(state.tricks) - taken
        if taken > recorded or lost > 13 - recorded:
            raise self.tag_error(
                "Result",
                f"the Result tag says {recorded} tricks but the declarer has already won "
                f"{taken} and lost {lost}",
            )
        return recorded - taken

    # --- from a state ----------------------------------------------------------------

    @classmethod
    def from_state(
        cls,
        state: DealState,
        *,
        players: Mapping[Seat, str] | None = None,
        board: int | None = None,
        tags: Mapping[str, str] | None = None,
        **more: str,
    ) -> PbnGame:
        """A game recording ``state``: its deal, auction (or announcements) and play so far.

        ``players`` (names by seat) and ``board`` are written as their tags (``North``...,
        ``Board``); ``tags`` (a mapping) and keywords add or replace tags (``Event="Club
        night"``, ``Scoring="IMP"``...). Unknown mandatory tags are written ``?``.
        """
        tags = {
            **{_SEAT_TAGS[seat]: name for seat, name in (players or {}).items()},
            **({"Board": str(board)} if board is not None else {}),
            **(tags or {}),
            **more,
        }
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
                out.append(tag_line(name, self.tags[name]))
        if self.notes:
            out.extend(tag_line("Note", f"{n}:{text}") for n, text in sorted(self.notes.items()))
        if self.auction is not None:
            out.append(tag_line("Auction", self.auction.first.letter))
            out.extend(self.auction.rows(_auction_columns(self)))
            out.extend(tag_line("Note", f"{n}:{t}") for n, t in sorted(self.auction.notes.items()))
        if self.play is not None:
            out.append(tag_line("Play", self.play.leader.letter))
            out.extend(self.play.rows())
            out.extend(tag_line("Note", f"{n}:{t}") for n, t in sorted(self.play.notes.items()))
        for name, value in self.tags.items():
            if name in MANDATORY_TAGS:
                continue
            out.append(tag_line(name, value))
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
    finished = state.phase is Phase.DONE and not ended_by_claim(state)
    return PbnPlay(leader, rows, end="" if finished else "*")


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


def _auction_columns(game: PbnGame) -> int:
    """Calls per row of the game's Auction section (4 for a game of unknown variant)."""
    try:
        return game.variant.auction_columns
    except ParseError:
        return 4
