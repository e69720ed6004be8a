"""BBO LIN files: read and write deals, auctions (with alerts and explanations), play and claims.

A LIN record is a flat list of ``key|value|`` commands; one deal usually
takes one line::

    pn|S,W,N,E|md|3SKH4579QKAD69C58K,S569QAH3D5TJQAC69,S47H8TD248KC347QA,|sv|o|
    mb|p|mb|1H|an|5+ hearts|mb|2H!|...|pc|C9|pc|C3|...|mc|9|

The commands bridgeroom reads:

========  ===================================================================
``pn``    player names, South, West, North, East
``md``    dealer digit (1 S, 2 W, 3 N, 4 E) and the hands S, W, N, E; a
          missing hand (usually East's) is deduced from the other three
``sv``    vulnerability: ``o``/``0`` none, ``n`` NS, ``e`` EW, ``b`` both
``mb``    a call: ``p``, ``d``, ``r``, ``1C`` ... ``7N``; a trailing ``!`` alerts it
``an``    the explanation of the call before it
``pc``    a card played, in the order played
``mc``    a claim: the declarer's total tricks
``ah``    the board's name (``Board 7``); ``qx`` its id (``o7`` open room, ``c7`` closed)
``pg``    a page break of the viewer (not kept: the writer puts one after the
          auction and after each trick, as BBO does)
``rh``    reset heading; ``st`` small text (both written back empty)
========  ===================================================================

Other commands (``nt`` chat, ``sk``, ``vg``...) are kept in order in
:attr:`LinGame.extra` and written back after the header.

    >>> [game] = loads("pn|Sam,Wes,Nat,Eve|md|3S6543H876D876C876,S2H5432D5432C5432,SAKQJHAKQDAKQCAKQ,|sv|n|mb|7N|mb|p|mb|p|mb|p|")
    >>> game.dealer, game.vulnerability, game.players[Seat.NORTH]
    (<Seat.NORTH: 0>, <Vulnerability.NS: 1>, 'Nat')
    >>> game.deal[Seat.SOUTH]
    Hand('6543.876.876.876')
    >>> game.to_state().contract
    Contract('7NTN')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.formats.claims import apply_claim, tricks_won_in_play
from bridgeroom.formats.reading import BadGame, Games
from bridgeroom.i18n import Message, error_texts
from bridgeroom.rules.core import (
    FULL_PACK_MASK,
    Call,
    Card,
    Deal,
    Hand,
    Rank,
    Seat,
    Suit,
    Vulnerability,
)
from bridgeroom.rules.state import ContractBridgeDeal, DealState, Mode, Phase

__all__ = ["LinGame", "dump", "dumps", "iter_games", "load", "loads"]

# LIN lists hands and names from South: S, W, N, E.
_LIN_SEATS = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_DEALER_DIGIT = {"1": Seat.SOUTH, "2": Seat.WEST, "3": Seat.NORTH, "4": Seat.EAST}
_VULNERABILITY = {
    "o": Vulnerability.NONE,
    "0": Vulnerability.NONE,
    "-": Vulnerability.NONE,
    "n": Vulnerability.NS,
    "e": Vulnerability.EW,
    "b": Vulnerability.BOTH,
}
_VULNERABILITY_OUT = {
    Vulnerability.NONE: "o",
    Vulnerability.NS: "n",
    Vulnerability.EW: "e",
    Vulnerability.BOTH: "b",
}
# Commands that start a new deal when the current one already has its hands.
_STARTERS = ("qx", "pn", "md")


@dataclass
class LinGame:
    """One deal of a LIN file.

    ``calls`` are in the order made from the dealer; ``alerts[i]`` tells
    whether call ``i`` was alerted (``!``) and ``explanations[i]`` is its
    ``an`` text. ``play`` is the cards in the order played; ``claim`` the
    declarer's total tricks claimed (``mc``), if any.
    """

    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability = Vulnerability.NONE
    players: dict[Seat, str] = field(default_factory=dict)
    board_name: str | None = None
    board_id: str | None = None
    calls: list[Call] = field(default_factory=list)
    alerts: list[bool] = field(default_factory=list)
    explanations: dict[int, str] = field(default_factory=dict)
    play: list[Card] = field(default_factory=list)
    claim: int | None = None
    extra: list[tuple[str, str]] = field(default_factory=list)
    #: 1-based line of the ``md`` command in the file read.
    line: int | None = field(default=None, compare=False, repr=False)

    @property
    def board(self) -> int | None:
        """The board number, from ``ah|Board 7|`` or ``qx|o7|``."""
        for text in (self.board_name, self.board_id):
            if text:
                digits = "".join(ch for ch in text if ch.isdigit())
                if digits:
                    return int(digits)
        return None

    @property
    def first_line(self) -> int:
        """The line of the ``md`` command in the file read (1 if not read from a file)."""
        return self.line or 1

    # --- replay -----------------------------------------------------------------------

    def to_state(self, mode: Mode | str = Mode.STRICT, *, claim: bool = True) -> DealState:
        """Replay the auction and the play through the agent API (``state.apply``).

        A claim (``mc``) is applied as the engine's :class:`~bridgeroom.rules.state.Claim`
        after the cards played, so the state ends with the claimed result
        (``claim=False``: the state stays in the play). A call or card the rules
        refuse raises :class:`~bridgeroom.errors.ParseError` naming the line; so
        does a claim that the play already contradicts.
        """
        state = ContractBridgeDeal(
            self.deal,
            self.dealer,
            self.vulnerability,
            mode=Mode(mode) if isinstance(mode, str) else mode,
        )
        for i, call in enumerate(self.calls):
            self._apply(state, call, Message("file.call_number", number=i + 1))
        for i, card in enumerate(self.play):
            self._apply(state, card, Message("file.card_number", number=i + 1, trick=i // 4 + 1))
        claimed = self.claimed_tricks(state)
        if claim and claimed is not None and state.phase is Phase.PLAY:
            apply_claim(state, claimed, line=self.line)
        return state

    def _apply(self, state: DealState, action: Call | Card, what: Message) -> None:
        try:
            state.apply(action)
        except BridgeError as err:
            said = {"what": what, "action": action, "error": error_texts(err)}
            raise ParseError(key="file.lin_action", params=said, line=self.line) from err

    def claimed_tricks(self, state: DealState) -> int | None:
        """Tricks the declarer won by the claim (``mc``) after the cards played; ``None`` without a claim."""
        if self.claim is None or state.declarer is None:
            return None
        taken = tricks_won_in_play(state)
        lost = len(state.tricks) - taken
        if not 0 <= self.claim <= 13 or taken > self.claim or lost > 13 - self.claim:
            said = {"claim": self.claim, "taken": taken, "lost": lost}
            raise ParseError(key="file.lin_claim", params=said, line=self.line)
        return self.claim - taken

    @classmethod
    def from_state(
        cls,
        state: DealState,
        *,
        players: Mapping[Seat, str] | None = None,
        board: int | None = None,
        claim: int | None = None,
    ) -> LinGame:
        """A LIN game recording ``state`` (its calls and the cards played so far)."""
        cards: list[Card] = [c for trick in state.tricks for c in trick.cards]
        cards.extend(card for _, card in state.current_trick)
        calls = [call for _, call in state.calls]
        return cls(
            deal=state.deal,
            dealer=state.dealer,
            vulnerability=state.vulnerability,
            players=dict(players or {}),
            board_name=f"Board {board}" if board is not None else None,
            calls=calls,
            alerts=[False] * len(calls),
            play=cards,
            claim=claim,
        )

    # --- writing ----------------------------------------------------------------------

    def to_lin(self) -> str:
        """The deal as one LIN line (without the newline)."""
        parts: list[tuple[str, str]] = []
        if self.board_id is not None:
            parts.append(("qx", self.board_id))
        names = ",".join(self.players.get(seat, "") for seat in _LIN_SEATS)
        parts.append(("pn", names))
        parts.append(("st", ""))
        # As BBO writes it: South, West and North, then an empty East (deduced when read).
        hands = ",".join(_hand_to_lin(self.deal[seat]) for seat in _LIN_SEATS[:3]) + ","
        digit = next(d for d, seat in _DEALER_DIGIT.items() if seat == self.dealer)
        parts.append(("md", digit + hands))
        parts.append(("rh", ""))
        if self.board_name is not None:
            parts.append(("ah", self.board_name))
        parts.append(("sv", _VULNERABILITY_OUT[self.vulnerability]))
        parts.extend(self.extra)
        for i, call in enumerate(self.calls):
            alert = "!" if i < len(self.alerts) and self.alerts[i] else ""
            parts.append(("mb", _call_to_lin(call) + alert))
            if i in self.explanations:
                parts.append(("an", self.explanations[i]))
        if self.play or self.calls:
            parts.append(("pg", ""))
        for i, card in enumerate(self.play):
            parts.append(("pc", str(card)))
            if i % 4 == 3:
                parts.append(("pg", ""))
        if self.claim is not None:
            parts.append(("mc", str(self.claim)))
        return "".join(f"{key}|{value}|" for key, value in parts)

    def __str__(self) -> str:
        return self.to_lin()


def _hand_to_lin(hand: Hand) -> str:
    """``SKH4579QKAD69C58K``: each suit's letter, then its ranks low to high (as BBO writes)."""
    out = []
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        out.append(suit.letter + "".join(c.rank.letter for c in reversed(hand.suit(suit))))
    return "".join(out)


def _call_to_lin(call: Call) -> str:
    if call.is_pass:
        return "p"
    if call.is_double:
        return "d"
    if call.is_redouble:
        return "r"
    assert call.strain is not None
    return f"{call.level}{'N' if call.strain.letter == 'NT' else call.strain.letter}"


def _parse_hand(text: str, line: int) -> Hand:
    """A LIN hand: suit letters, each followed by its ranks (``10`` or ``T`` for the ten)."""
    mask = 0
    suit: Suit | None = None
    i = 0
    text = text.strip()
    while i < len(text):
        ch = text[i]
        up = ch.upper()
        if up in "SHDC":
            suit = Suit.find(up)
            i += 1
            continue
        if suit is None:
            raise ParseError(key="file.lin_rank_first", params={"text": repr(text)}, line=line)
        if text.startswith("10", i):
            rank, i = Rank.TEN, i + 2
        else:
            try:
                rank = Rank.find(up)
            except ParseError:
                said: dict[str, object] = {"text": repr(text), "char": repr(ch)}
                raise ParseError(key="file.lin_rank", params=said, line=line) from None
            i += 1
        bit = Card(suit, rank).mask
        if mask & bit:
            said = {"text": repr(text), "card": Card(suit, rank)}
            raise ParseError(key="file.lin_twice", params=said, line=line)
        mask |= bit
    return Hand(mask)


def _md(value: str) -> dict[str, object]:
    """An ``md|`` command's value, as a refusal names it."""
    return {"command": "md", "text": value, "seats": "S W N E"}


def _parse_md(value: str, line: int) -> tuple[Seat, Deal]:
    value = value.strip()
    if not value or value[0] not in _DEALER_DIGIT:
        raise ParseError(key="file.lin_dealer", params=_md(value), line=line)
    dealer = _DEALER_DIGIT[value[0]]
    texts = value[1:].split(",")
    if len(texts) > 4:
        raise ParseError(key="file.lin_hands", params=_md(value), line=line)
    texts += [""] * (4 - len(texts))
    hands = [_parse_hand(text, line) for text in texts]
    sizes = [len(hand) for hand in hands]
    if sizes.count(0) == 1 and sorted(sizes)[1:] == [13, 13, 13]:
        seen = 0
        for hand in hands:
            seen |= hand.mask
        hands[sizes.index(0)] = Hand(FULL_PACK_MASK & ~seen)
    by_seat = [Hand(0)] * 4
    for seat, hand in zip(_LIN_SEATS, hands, strict=True):
        by_seat[seat] = hand
    try:
        deal = Deal(by_seat)
    except ParseError as err:
        said = {**_md(value), "error": error_texts(err)}
        raise ParseError(key="file.lin_deal", params=said, line=line) from None
    if not deal.is_complete:
        raise ParseError(key="file.lin_not_deal", params=_md(value), line=line)
    return dealer, deal


def _parse_call(value: str, line: int) -> tuple[Call, bool]:
    text = value.strip()
    alert = text.endswith("!")
    text = text.rstrip("!").strip()
    key = text.upper()
    try:
        if key in ("P", "PASS"):
            call = Call.PASS
        elif key in ("D", "X", "DBL"):
            call = Call.DOUBLE
        elif key in ("R", "XX", "RDBL"):
            call = Call.REDOUBLE
        else:
            call = Call.parse(key)
    except ParseError:
        said = {"command": "mb", "text": value}
        raise ParseError(key="file.lin_call", params=said, line=line) from None
    return call, alert


class _Builder:
    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.fields: dict[str, object] = {}
        self.calls: list[Call] = []
        self.alerts: list[bool] = []
        self.explanations: dict[int, str] = {}
        self.play: list[Card] = []
        self.extra: list[tuple[str, str]] = []
        self.has_deal = False
        self.started = False

    def add(self, key: str, value: str, line: int) -> None:
        self.started = True
        f = self.fields
        if key == "pn":
            names = value.split(",")
            f["players"] = {
                seat: name for seat, name in zip(_LIN_SEATS, names, strict=False) if name
            }
        elif key == "md":
            f["dealer"], f["deal"] = _parse_md(value, line)
            f["line"] = line
            self.has_deal = True
        elif key == "sv":
            vul = _VULNERABILITY.get(value.strip().lower())
            if vul is None:
                said = {"command": key, "text": value, "values": "o, n, e, b"}
                raise ParseError(key="file.lin_vulnerability", params=said, line=line)
            f["vulnerability"] = vul
        elif key == "ah":
            f["board_name"] = value
        elif key == "qx":
            f["board_id"] = value
        elif key == "mb":
            call, alert = _parse_call(value, line)
            self.calls.append(call)
            self.alerts.append(alert)
        elif key == "an":
            if not self.calls:
                said = {"command": key, "text": value}
                raise ParseError(key="file.lin_explanation", params=said, line=line)
            self.explanations[len(self.calls) - 1] = value
        elif key == "pc":
            try:
                card = Card.parse(value.strip().upper())
            except ParseError:
                said = {"command": key, "text": value}
                raise ParseError(key="file.lin_card", params=said, line=line) from None
            self.play.append(card)
        elif key == "mc":
            try:
                f["claim"] = int(value)
            except ValueError:
                said = {"command": key, "text": value}
                raise ParseError(key="file.lin_claim_number", params=said, line=line) from None
        elif key in ("pg", "rh"):
            pass
        else:
            self.extra.append((key, value))

    def finish(self, line: int) -> LinGame | None:
        if not self.started:
            return None
        if not self.has_deal:
            if not self.calls and not self.play and "claim" not in self.fields:
                self.reset()
                return None
            raise ParseError(key="file.lin_no_deal", params={"command": "md"}, line=line)
        f = self.fields
        game = LinGame(
            deal=f["deal"],  # type: ignore[arg-type]
            dealer=f["dealer"],  # type: ignore[arg-type]
            vulnerability=f.get("vulnerability", Vulnerability.NONE),  # type: ignore[arg-type]
            players=f.get("players", {}),  # type: ignore[arg-type]
            board_name=f.get("board_name"),  # type: ignore[arg-type]
            board_id=f.get("board_id"),  # type: ignore[arg-type]
            calls=self.calls,
            alerts=self.alerts,
            explanations=self.explanations,
            play=self.play,
            claim=f.get("claim"),  # type: ignore[arg-type]
            extra=[item for item in self.extra if item[0] != "st"],
            line=f.get("line"),  # type: ignore[arg-type]
        )
        self.reset()
        return game


def _commands(text: str) -> Iterator[tuple[str, str, int] | ParseError]:
    """``(key, value, line)`` for each ``key|value|`` command; newlines between commands are
    ignored. A piece of text that is not a command gives a ParseError (yielded, not raised),
    and reading goes on at the next line."""
    pos = 0
    line = 1
    n = len(text)
    while pos < n:
        while pos < n and text[pos] in " \t\r\n":
            if text[pos] == "\n":
                line += 1
            pos += 1
        if pos >= n:
            return
        bar = text.find("|", pos)
        problem: tuple[str, dict[str, object]] | None = None
        if bar < 0:
            problem = "file.lin_form", {"text": repr(text[pos : pos + 20])}
        else:
            key = text[pos:bar].strip().lower()
            if not key.isalnum() or len(key) > 3:
                problem = "file.lin_not_command", {"text": repr(text[pos : bar + 1][:20])}
            else:
                end = text.find("|", bar + 1)
                if end < 0:
                    problem = "file.lin_unclosed", {"command": key}
        if problem is not None:
            yield ParseError(key=problem[0], params=problem[1], line=line)
            newline = text.find("\n", pos)
            pos = n if newline < 0 else newline
            continue
        value = text[bar + 1 : end]
        yield key, value.replace("\r", "").replace("\n", ""), line
        line += value.count("\n")
        pos = end + 1


def iter_games(text: str, *, strict: bool = False) -> Iterator[LinGame | BadGame]:
    """The deals of a LIN text, each as a :class:`LinGame` or, when it cannot be read, a
    :class:`~bridgeroom.formats.reading.BadGame` (``strict=True``: raise instead). A new deal
    starts at ``qx``, ``pn`` or ``md`` once the current one has its hands; after a bad deal,
    reading goes on at the next of those commands.

    >>> [type(g).__name__ for g in iter_games("md|3SAKQJ,,,|mb|9Z|\\nmd|3S6543H876D876C876,S2H5432D5432C5432,SAKQJHAKQDAKQCAKQ,|")]
    ['BadGame', 'LinGame']
    """
    builder = _Builder()
    line = 1
    skipping = False

    def bad(err: ParseError, at: int) -> BadGame:
        if strict:
            raise err
        board = builder.fields.get("board_name")
        first = builder.fields.get("line")
        builder.reset()
        return BadGame.from_error(
            err,
            line=at,
            board=str(board) if board is not None else None,
            first_line=first if isinstance(first, int) else None,
        )

    for item in _commands(text):
        if isinstance(item, ParseError):
            yield bad(item, item.line or line)
            skipping = True
            continue
        key, value, line = item
        if skipping:
            if key not in _STARTERS:
                continue
            skipping = False
        if key in _STARTERS and builder.has_deal:
            try:
                game = builder.finish(line)
            except ParseError as err:
                yield bad(err, line)
                game = None
            if game is not None:
                yield game
        try:
            builder.add(key, value, line)
        except ParseError as err:
            yield bad(err, line)
            skipping = True
    if not skipping:
        try:
            game = builder.finish(line)
        except ParseError as err:
            yield bad(err, line)
            game = None
        if game is not None:
            yield game


def loads(text: str, *, strict: bool = True) -> Games[LinGame]:
    """Read the deals of a LIN text. ``strict`` (the default) raises the first error;
    ``strict=False`` lists the deals that cannot be read in the result's ``errors``."""
    games: Games[LinGame] = Games()
    for item in iter_games(text, strict=strict):
        if isinstance(item, BadGame):
            games.errors.append(item)
        else:
            games.append(item)
    return games


def load(fp: IO[str], *, strict: bool = True) -> Games[LinGame]:
    """Read the deals of a LIN file opened as text (read whole: LIN files are small)."""
    return loads(fp.read(), strict=strict)


def dumps(games: Iterable[LinGame] | LinGame) -> str:
    """Write deals as LIN, one line each."""
    items = [games] if isinstance(games, LinGame) else list(games)
    return "".join(game.to_lin() + "\n" for game in items)


def dump(games: Iterable[LinGame] | LinGame, fp: IO[str]) -> None:
    """Write deals as LIN to a file opened as text."""
    fp.write(dumps(games))
