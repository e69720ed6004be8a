"""The PBN extensions of bridgeroom: three-handed bridge, auction bridge and mini-bridge.

PBN 2.1 lets a file carry tags of its own. Each game of the family is a small
:class:`~bridgeroom.formats.pbn.PbnVariant` registered here (importing
:mod:`bridgeroom.formats` registers them); ``docs/formats.md`` describes the
tags:

==================  ===========================================================
three-handed        ``[Variant "three-handed"]``, ``[Players "A,B,C"]`` (the
                    dealer, his left-, his right-hand player),
                    ``[DummySeat "S"]`` (opposite the dealer, TH-4),
                    ``[Pack "1"]`` (TH-1), ``[VulnerablePlayers "A"]`` (TH-17);
                    Auction rows of four calls by compass seat from the dealer,
                    a pass in the dummy's column (TH-6), as four-seat readers
                    such as endplay read them
auction bridge      ``[Scoring "auction"]`` (or ``[Variant "auction"]``):
                    dealt, bid and played as contract bridge (AB-1)
mini-bridge         ``[Variant "minibridge"]``,
                    ``[Announcements "N 12; E 8; S 10; W 10"]`` (MB-2; a wrong
                    count corrected in table mode is ``E 9/8``), no Auction
                    section, the named contract in Contract and Declarer (MB-6),
                    ``[VariantOptions "open-dummy,overtricks"]`` for the EBU
                    options (MB-A1, MB-A6)
==================  ===========================================================

    >>> from bridgeroom.formats import pbn
    >>> from bridgeroom.rules import Deal
    >>> from bridgeroom.rules.minibridge import MiniBridgeDeal
    >>> state = MiniBridgeDeal.from_board(1, Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> state.announce_all(); state.apply("3NT")
    >>> game = pbn.PbnGame.from_state(state)
    >>> game.tags["Variant"], game.tags["Announcements"], game.tags["Contract"]
    ('minibridge', 'N 37; E 3; S 0; W 0', '3NT')
    >>> pbn.loads(pbn.dumps(game))[0].to_state().contract
    Contract('3NTN')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.formats.pbn import UNKNOWN, PbnAuction, PbnVariant, register_variant
from bridgeroom.formats.pbn.tagged import TaggedGame
from bridgeroom.formats.pbn.variant import replay_action
from bridgeroom.i18n import Message, error_texts
from bridgeroom.rules.core import Call, Card, Seat
from bridgeroom.rules.state import Action, Claim, DealState, Mode, Phase

if TYPE_CHECKING:
    from bridgeroom.rules.minibridge import MiniBridgeDeal, MiniBridgeOptions
    from bridgeroom.rules.three_handed import ThreeHandedDeal

__all__ = ["AUCTION_RECORD", "AuctionBridgeVariant", "MiniBridgeVariant", "ThreeHandedVariant"]


class AuctionBridgeVariant(PbnVariant):
    """Auction bridge: dealt, bid and played as contract bridge (AB-1), marked by its scoring.

    A contract-bridge state written with ``Scoring="auction"`` reads back as this variant.
    """

    name: ClassVar[str] = "auction"
    variant_tag: ClassVar[str | None] = "auction"
    scorings: ClassVar[tuple[str, ...]] = ("auction",)
    rules_names: ClassVar[tuple[str, ...]] = ()
    #: A rubber (PBN's Scoring) of auction bridge (the Variant tag: the auction table, AB-1).
    scoring_forms: ClassVar[dict[str, dict[str, str]]] = {
        "auction": {"Variant": "auction", "Scoring": "Rubber"}
    }

    def scoring_form(self, game: TaggedGame) -> str | None:
        """Auction bridge has one score form: a game of this variant is scored ``auction``."""
        return "auction"


class ThreeHandedVariant(PbnVariant):
    """Three-handed bridge (TH-1 to TH-11): three named players, a dummy opposite the dealer."""

    name: ClassVar[str] = "three-handed"
    variant_tag: ClassVar[str | None] = "three-handed"
    scorings: ClassVar[tuple[str, ...]] = ("three-handed-contract", "three-handed-auction")
    rules_names: ClassVar[tuple[str, ...]] = ("three-handed",)
    scoring_forms: ClassVar[dict[str, dict[str, str]]] = {
        form: {"Variant": "three-handed", "Scoring": form}
        for form in ("three-handed-contract", "three-handed-auction")
    }

    def state_class(self) -> type[DealState]:
        from bridgeroom.rules.three_handed import ThreeHandedDeal

        return ThreeHandedDeal

    def state_options(self, game: TaggedGame) -> dict[str, Any]:
        """``players``, ``pack`` and ``vulnerable`` from the Players, Pack and VulnerablePlayers tags."""
        options: dict[str, object] = {}
        players = game.tags.get("Players", "").strip()
        if players and players != UNKNOWN:
            names = [name.strip() for name in players.split(",")]
            if len(names) != 3:
                raise game.tag_error(
                    "Players",
                    "players_tag",
                    tag="Players",
                    example="A,B,C",
                    text=repr(players),
                    rule="TH-1",
                )
            options["players"] = names
        pack = game.tags.get("Pack", "").strip()
        if pack and pack != UNKNOWN:
            if pack not in ("1", "2"):
                raise game.tag_error("Pack", "pack_tag", tag="Pack", text=repr(pack), rule="TH-1")
            options["pack"] = int(pack)
        vulnerable = game.tags.get("VulnerablePlayers", "").strip()
        if vulnerable and vulnerable != UNKNOWN:
            options["vulnerable"] = [name.strip() for name in vulnerable.split(",") if name.strip()]
        dummy = game.tags.get("DummySeat", "").strip()
        dealer = game.dealer
        if dummy and dummy != UNKNOWN and dealer is not None:
            try:
                seat = Seat.find(dummy)
            except ParseError:
                raise game.tag_error(
                    "DummySeat", "dummy_seat_tag", tag="DummySeat", text=repr(dummy)
                ) from None
            if seat != dealer.partner:
                raise game.tag_error(
                    "DummySeat",
                    "dummy_opposite",
                    dealer=dealer,
                    opposite=dealer.partner,
                    seat=seat,
                    rule="TH-4",
                )
        return options

    def new_state(self, game: TaggedGame, mode: Mode) -> DealState:
        """A deal recorded with its irregularities (an ``AuctionRecord`` tag) was played in
        table mode, where they can be made and rectified (TH-21..TH-23): it is replayed so."""
        if game.tags.get(AUCTION_RECORD, "").strip() not in ("", UNKNOWN):
            mode = Mode.TABLE
        return super().new_state(game, mode)

    def replay_contract_phase(self, game: TaggedGame, state: DealState) -> None:
        """The auction: from the ``AuctionRecord`` tag when the deal had irregularities (every
        action of the auction in order, each by its seat: calls, out of turn too, a look at
        the dummy, cancellations), checked against the Auction section; else the Auction
        section's calls in turn."""
        record = _parse_record(game)
        if record is None:
            super().replay_contract_phase(game, state)
            return
        line = game.lines.get(AUCTION_RECORD)
        for i, (seat, word) in enumerate(record):
            try:
                action = state.parse_action(word)
            except BridgeError as err:
                said = {"record": AUCTION_RECORD, "number": i + 1, "word": word}
                raise ParseError(
                    key="file.record_item", params={**said, "error": error_texts(err)}, line=line
                ) from err
            what = Message("file.item_number", record=AUCTION_RECORD, number=i + 1)
            replay_action(state, action, what, line, seat)
        auction = self.read_auction(game)
        if auction is not None:
            recorded = [c for c in auction.calls if c is not None]
            made = [call for _, call in state.calls]
            if auction.all_pass:
                made = made[: len(recorded)]
            if recorded != made:
                said = {
                    "auction": "Auction",
                    "recorded": " ".join(map(str, recorded)),
                    "record": AUCTION_RECORD,
                    "made": " ".join(map(str, made)),
                }
                raise ParseError(key="file.record_auction", params=said, line=auction.line)

    def state_tags(self, state: DealState) -> dict[str, str]:
        three = _three_handed(state)
        names = three.player_names
        for name in names:
            if "," in name:
                raise BridgeError(
                    f"a player's name in the Players tag may not hold a comma: {name!r}"
                )
        tags = {
            "Variant": self.name,
            "Players": ",".join(names),
            "DummySeat": three.dummy_seat.letter,
            "Pack": str(three.pack),
        }
        if three.vulnerable:
            tags["VulnerablePlayers"] = ",".join(n for n in names if n in three.vulnerable)
        for seat in Seat:
            tags[seat.name.title()] = three.name_at(seat) or "Dummy"
        if _irregular(state):
            tags[AUCTION_RECORD] = "; ".join(f"{s.letter} {a}" for s, a in _auction_part(state))
        return tags

    def state_auction(self, state: DealState) -> PbnAuction | None:
        """The calls that stand, in turn from the dealer (the Auction section every PBN reader
        reads); with irregularities, the whole auction is also in the ``AuctionRecord`` tag,
        and when the calls that stand are not in turn (an irregular bid that stood, TH-22)
        they have no Auction section."""
        if not _in_turn(state):
            return None
        auction = super().state_auction(state)
        if auction is None:
            return None
        return _four_seats(auction, state.dealer.partner, finished=state.phase is not Phase.AUCTION)

    def read_auction(self, game: TaggedGame) -> PbnAuction | None:
        """The players' calls (TH-6) from the Auction section: written four calls a row, a
        column for each compass seat from the dealer, the dummy's column passes (how bridgeroom
        writes them, and how a four-seat program such as endplay reads and writes them); a
        section whose rows hold three calls at most is the players' calls alone (how bridgeroom
        wrote them before)."""
        auction = game.auction
        if auction is None or not _by_compass_seat(auction):
            return auction
        dummy = auction.first.partner
        calls: list[Call | None] = []
        lines: list[int] = []
        for i, call in enumerate(auction.calls):
            line = auction.lines[i] if i < len(auction.lines) else auction.line
            if auction.first.offset(i) != dummy:
                calls.append(call)
                if line is not None:
                    lines.append(line)
            elif call is not None and call != Call.PASS:
                said = {"number": i + 1, "call": call, "dummy": dummy, "rule": "TH-6"}
                raise ParseError(key="file.dummy_column", params=said, line=line)
        return PbnAuction(
            auction.first,
            calls,
            all_pass=auction.all_pass,
            end=auction.end,
            notes=auction.notes,
            lines=lines,
            line=auction.line,
        )


def _four_seats(auction: PbnAuction, dummy: Seat, *, finished: bool) -> PbnAuction:
    """The players' calls with a pass at each of the dummy's turns, so that a four-seat reader
    gives each call to the seat that made it; a finished auction ends with three passes after
    its last bid, as four seats end one (CB-7: a pass by the dummy after two players' passes
    when its turn comes next)."""
    calls: list[Call | None] = []
    seat = auction.first
    for call in auction.calls:
        if seat == dummy:
            calls.append(Call.PASS)
            seat = seat.lho
        calls.append(call)
        seat = seat.lho
    if finished and seat == dummy:
        calls.append(Call.PASS)
    return PbnAuction(auction.first, calls, end=auction.end)


def _by_compass_seat(auction: PbnAuction) -> bool:
    """Whether a three-handed Auction section is written by compass seat (a row holds four
    calls) rather than by player (rows of three); one built in memory is by compass seat."""
    if not auction.lines:
        return len(auction.calls) > 3
    per_row: dict[int, int] = {}
    for line in auction.lines:
        per_row[line] = per_row.get(line, 0) + 1
    return max(per_row.values(), default=0) >= 4


#: The tag of a three-handed auction with its irregularities and their rectifications.
AUCTION_RECORD = "AuctionRecord"


def _in_turn(state: DealState) -> bool:
    """Whether the calls that stand were made in turn from the dealer."""
    order = state.auction_seats()
    return all(seat == order[i % len(order)] for i, (seat, _) in enumerate(state.calls))


def _auction_part(state: DealState) -> list[tuple[Seat, Action]]:
    """The actions of the deal before its first card (a claim before the lead left out)."""
    out = []
    for seat, action in state.history:
        if type(action) is Card:
            break
        if not isinstance(action, Claim):
            out.append((seat, action))
    return out


def _irregular(state: DealState) -> bool:
    """Whether the auction holds more than calls in turn: an irregularity, a rectification or
    a look at the dummy (TH-21..TH-23, table mode)."""
    auction = [a for _, a in _auction_part(state)]
    return any(type(a) is not Call for a in auction) or not _in_turn(state)


def _parse_record(game: TaggedGame) -> list[tuple[Seat, str]] | None:
    """The ``AuctionRecord`` tag as ``(seat, action text)``; ``None`` if absent."""
    value = game.tags.get(AUCTION_RECORD, "").strip()
    if not value or value == UNKNOWN:
        return None
    items: list[tuple[Seat, str]] = []
    for part in value.split(";"):
        seat_text, _, word = part.strip().partition(" ")
        try:
            if not word.strip():
                raise ValueError(part)
            items.append((Seat.find(seat_text), word.strip()))
        except (ValueError, ParseError):
            raise game.tag_error(
                AUCTION_RECORD,
                "record_form",
                record=AUCTION_RECORD,
                example="N 1S; E look at dummy",
                text=repr(part.strip()),
            ) from None
    return items


def _three_handed(state: DealState) -> ThreeHandedDeal:
    from bridgeroom.rules.three_handed import ThreeHandedDeal

    assert isinstance(state, ThreeHandedDeal)
    return state


# --- mini-bridge ----------------------------------------------------------------------

_OPTION_WORDS = {"open-dummy": "open_dummy", "overtricks": "overtricks"}


class MiniBridgeVariant(PbnVariant):
    """Mini-bridge (MB-1 to MB-8): announcements, then the declarer names the contract; no auction."""

    name: ClassVar[str] = "minibridge"
    variant_tag: ClassVar[str | None] = "minibridge"
    scorings: ClassVar[tuple[str, ...]] = ("minibridge",)
    rules_names: ClassVar[tuple[str, ...]] = ("minibridge",)
    scoring_forms: ClassVar[dict[str, dict[str, str]]] = {
        "minibridge": {"Variant": "minibridge", "Scoring": "minibridge"}
    }

    def state_class(self) -> type[DealState]:
        from bridgeroom.rules.minibridge import MiniBridgeDeal

        return MiniBridgeDeal

    def state_options(self, game: TaggedGame) -> dict[str, Any]:
        """``options`` from the VariantOptions tag, ``board`` from the Board tag."""
        from bridgeroom.rules.minibridge import MiniBridgeOptions

        words = [w.strip().lower() for w in game.tags.get("VariantOptions", "").split(",")]
        flags: dict[str, bool] = {}
        for word in filter(None, words):
            if word not in _OPTION_WORDS:
                raise game.tag_error(
                    "VariantOptions",
                    "mini_option",
                    text=repr(word),
                    options="open-dummy, overtricks",
                )
            flags[_OPTION_WORDS[word]] = True
        return {"options": MiniBridgeOptions(**flags), "board": game.board}

    def replay_contract_phase(self, game: TaggedGame, state: DealState) -> None:
        """The announcements (MB-2), their corrections, then the named contract (MB-6).

        Without an Announcements tag, a game whose contract or play is recorded
        has each player announce his true count (as strict mode would).
        """
        if game.auction is not None:
            said: dict[str, object] = {"rule": "MB-6"}
            raise ParseError(key="file.mini_no_auction", params=said, line=game.auction.line)
        line = game.lines.get("Announcements")
        items = _parse_announcements(game)
        if items is None:
            if game.contract is None and game.play is None:
                return
            mini = _mini(state)
            try:
                mini.announce_all()
            except BridgeError as err:
                said = {"error": error_texts(err)}
                raise ParseError(key="file.announcements", params=said, line=line) from err
        else:
            from bridgeroom.rules.minibridge import Announce, CorrectAnnouncement

            for seat, points, _ in items:
                if state.to_act != seat:
                    said = {"seat": state.to_act, "other": seat, "rule": "MB-2"}
                    raise ParseError(key="file.announce_order", params=said, line=line)
                what = Message("file.what_announcement", seat=seat)
                replay_action(state, Announce(points), what, line)
            for seat, _, corrected in items:
                if corrected is not None:
                    replay_action(
                        state,
                        CorrectAnnouncement(seat, corrected),
                        Message("file.what_correction", seat=seat),
                        line,
                        seat,
                    )
        contract = game.contract
        if contract is None or state.phase is not Phase.NAMING:
            return
        line = game.lines.get("Contract")
        if contract.doubled or contract.declarer not in (None, state.declarer):
            # The engine refuses it with the rule broken (MB-6: no doubles, MB-4: the declarer).
            replay_action(state, contract, Message("file.what_contract"), line)
        replay_action(state, contract.bid, Message("file.what_contract"), line)

    def state_tags(self, state: DealState) -> dict[str, str]:
        mini = _mini(state)
        tags = {"Variant": self.name, "Scoring": "minibridge"}
        if mini.board is not None:
            tags["Board"] = str(mini.board)
        announced = _announcements_of(state)
        if announced:
            tags["Announcements"] = "; ".join(announced)
        words = _option_words(mini.options)
        if words:
            tags["VariantOptions"] = ",".join(words)
        if state.contract is None and state.declarer is not None:
            tags["Declarer"] = state.declarer.letter
        return tags

    def state_auction(self, state: DealState) -> PbnAuction | None:
        return None

    def score_tag(self, state: DealState, scoring: str) -> str | None:
        """The declaring pair's mini-bridge score (MB-9 to MB-11, tables MB-T1 and MB-T2)."""
        if scoring.split(";")[0].strip().lower() != "minibridge":
            return None
        result = state.result
        if result is None or result.contract is None or result.contract.declarer is None:
            return None
        from bridgeroom.scoring import score_minibridge

        declarer = result.contract.declarer
        points = score_minibridge(
            result.contract,
            result.tricks,
            state.vulnerability.is_vulnerable(declarer),
            overtricks=_mini(state).options.overtricks,
        ).score
        return f"{declarer.side} {points}"


def _mini(state: DealState) -> MiniBridgeDeal:
    from bridgeroom.rules.minibridge import MiniBridgeDeal

    assert isinstance(state, MiniBridgeDeal)
    return state


def _option_words(options: MiniBridgeOptions) -> list[str]:
    return [word for word, attr in _OPTION_WORDS.items() if getattr(options, attr)]


def _announcements_of(state: DealState) -> list[str]:
    """``N 12``, or ``E 9/8`` for a count announced wrong and corrected, from the dealer."""
    from bridgeroom.rules.minibridge import Announce, CorrectAnnouncement

    first: dict[Seat, int] = {}
    corrected: dict[Seat, int] = {}
    order: list[Seat] = []
    for seat, action in state.history:
        if type(action) is Announce:
            first[seat] = action.points
            order.append(seat)
        elif type(action) is CorrectAnnouncement:
            corrected[action.seat] = action.points
    out = []
    for seat in order:
        item = f"{seat.letter} {first[seat]}"
        if seat in corrected:
            item += f"/{corrected[seat]}"
        out.append(item)
    return out


def _parse_announcements(game: TaggedGame) -> list[tuple[Seat, int, int | None]] | None:
    """The Announcements tag as ``(seat, points, corrected points or None)``; ``None`` if absent."""
    value = game.tags.get("Announcements", "").strip()
    if not value or value == UNKNOWN:
        return None
    items: list[tuple[Seat, int, int | None]] = []
    for part in value.split(";"):
        words = part.split()
        try:
            if len(words) != 2:
                raise ValueError(part)
            seat = Seat.find(words[0])
            points, _, fixed = words[1].partition("/")
            items.append((seat, int(points), int(fixed) if fixed else None))
        except (ValueError, ParseError):
            raise game.tag_error(
                "Announcements", "announcements_form", example="N 12; E 8", text=repr(part.strip())
            ) from None
    return items


register_variant(AuctionBridgeVariant())
register_variant(ThreeHandedVariant())
register_variant(MiniBridgeVariant())
