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
                    Auction rows of three calls, from the dealer (TH-6)
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
from bridgeroom.formats.pbn import UNKNOWN, PbnAuction, PbnGame, PbnVariant, register_variant
from bridgeroom.formats.pbn.variant import apply_recorded
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

    def scoring_form(self, game: PbnGame) -> str | None:
        """Auction bridge has one score form: a game of this variant is scored ``auction``."""
        return "auction"


class ThreeHandedVariant(PbnVariant):
    """Three-handed bridge (TH-1 to TH-11): three named players, a dummy opposite the dealer."""

    name: ClassVar[str] = "three-handed"
    variant_tag: ClassVar[str | None] = "three-handed"
    scorings: ClassVar[tuple[str, ...]] = ("three-handed-contract", "three-handed-auction")
    rules_names: ClassVar[tuple[str, ...]] = ("three-handed",)
    auction_columns: ClassVar[int] = 3
    scoring_forms: ClassVar[dict[str, dict[str, str]]] = {
        form: {"Variant": "three-handed", "Scoring": form}
        for form in ("three-handed-contract", "three-handed-auction")
    }

    def state_class(self) -> type[DealState]:
        from bridgeroom.rules.three_handed import ThreeHandedDeal

        return ThreeHandedDeal

    def state_options(self, game: PbnGame) -> dict[str, Any]:
        """``players``, ``pack`` and ``vulnerable`` from the Players, Pack and VulnerablePlayers tags."""
        options: dict[str, object] = {}
        players = game.tags.get("Players", "").strip()
        if players and players != UNKNOWN:
            names = [name.strip() for name in players.split(",")]
            if len(names) != 3:
                raise game._error(
                    "Players", f"Players names three players, A,B,C: {players!r} (TH-1)"
                )
            options["players"] = names
        pack = game.tags.get("Pack", "").strip()
        if pack and pack != UNKNOWN:
            if pack not in ("1", "2"):
                raise game._error("Pack", f"Pack is 1 or 2: {pack!r} (TH-1)")
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
                raise game._error("DummySeat", f"DummySeat is a seat: {dummy!r}") from None
            if seat != dealer.partner:
                raise game._error(
                    "DummySeat",
                    f"the dummy is the hand opposite the dealer {dealer}: {dealer.partner}, "
                    f"not {seat} (TH-4)",
                )
        return options

    def new_state(self, game: PbnGame, mode: Mode) -> DealState:
        """A deal recorded with its irregularities (an ``AuctionRecord`` tag) was played in
        table mode, where they can be made and rectified (TH-21..TH-23): it is replayed so."""
        if game.tags.get(AUCTION_RECORD, "").strip() not in ("", UNKNOWN):
            mode = Mode.TABLE
        return super().new_state(game, mode)

    def replay_contract_phase(self, game: PbnGame, state: DealState) -> None:
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
                raise ParseError(
                    f"{AUCTION_RECORD} item {i + 1} ({word}): {err}", line=line
                ) from err
            apply_recorded(state, action, f"{AUCTION_RECORD} item {i + 1}", line, seat)
        auction = game.auction
        if auction is not None:
            recorded = [c for c in auction.calls if c is not None]
            made = [call for _, call in state.calls]
            if auction.all_pass:
                made = made[: len(recorded)]
            if recorded != made:
                raise ParseError(
                    f"the Auction section ({' '.join(map(str, recorded))}) is not the auction "
                    f"the {AUCTION_RECORD} leaves ({' '.join(map(str, made))})",
                    line=auction.line,
                )

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
        return super().state_auction(state)


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


def _parse_record(game: PbnGame) -> list[tuple[Seat, str]] | None:
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
            raise game._error(
                AUCTION_RECORD,
                f"{AUCTION_RECORD} items are 'SEAT ACTION' separated by ';' (e.g. 'N 1S; E look "
                f"at dummy'): {part.strip()!r}",
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

    def state_options(self, game: PbnGame) -> dict[str, Any]:
        """``options`` from the VariantOptions tag, ``board`` from the Board tag."""
        from bridgeroom.rules.minibridge import MiniBridgeOptions

        words = [w.strip().lower() for w in game.tags.get("VariantOptions", "").split(",")]
        flags: dict[str, bool] = {}
        for word in filter(None, words):
            if word not in _OPTION_WORDS:
                raise game._error(
                    "VariantOptions",
                    f"unknown mini-bridge option {word!r} (open-dummy, overtricks)",
                )
            flags[_OPTION_WORDS[word]] = True
        return {"options": MiniBridgeOptions(**flags), "board": game.board}

    def replay_contract_phase(self, game: PbnGame, state: DealState) -> None:
        """The announcements (MB-2), their corrections, then the named contract (MB-6).

        Without an Announcements tag, a game whose contract or play is recorded
        has each player announce his true count (as strict mode would).
        """
        if game.auction is not None:
            raise ParseError(
                "a mini-bridge deal has no auction: the declarer names the contract (MB-6)",
                line=game.auction.line,
            )
        line = game.lines.get("Announcements")
        items = _parse_announcements(game)
        if items is None:
            if game.contract is None and game.play is None:
                return
            mini = _mini(state)
            try:
                mini.announce_all()
            except BridgeError as err:
                raise ParseError(f"announcements: {err}", line=line) from err
        else:
            from bridgeroom.rules.minibridge import Announce, CorrectAnnouncement

            for seat, points, _ in items:
                if state.to_act != seat:
                    raise ParseError(
                        f"announcements go from the dealer clockwise: {state.to_act} is to "
                        f"announce, not {seat} (MB-2)",
                        line=line,
                    )
                apply_recorded(state, Announce(points), f"{seat}'s announcement", line)
            for seat, _, corrected in items:
                if corrected is not None:
                    apply_recorded(
                        state,
                        CorrectAnnouncement(seat, corrected),
                        f"{seat}'s correction",
                        line,
                        seat,
                    )
        contract = game.contract
        if contract is None or state.phase is not Phase.NAMING:
            return
        line = game.lines.get("Contract")
        if contract.doubled or contract.declarer not in (None, state.declarer):
            # The engine refuses it with the rule broken (MB-6: no doubles, MB-4: the declarer).
            apply_recorded(state, contract, "the named contract", line)
        apply_recorded(state, contract.bid, "the named contract", line)

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


def _parse_announcements(game: PbnGame) -> list[tuple[Seat, int, int | None]] | None:
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
            raise game._error(
                "Announcements",
                f"announcements are 'SEAT POINTS' separated by ';' (e.g. 'N 12; E 8'): {part.strip()!r}",
            ) from None
    return items


register_variant(AuctionBridgeVariant())
register_variant(ThreeHandedVariant())
register_variant(MiniBridgeVariant())
