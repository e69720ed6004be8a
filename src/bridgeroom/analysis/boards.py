"""Generated deals written as numbered boards: PBN, LIN or a plain-text diagram, for every game.

A board's number fixes its dealer and vulnerability (CB-B1, CB-B2; mini-bridge
boards too, MB-1, MB-A8) unless a script says otherwise (Dealer's ``dealer``
and ``vulnerable``). Each board is written through the game's own deal state
and the format modules (:meth:`bridgeroom.formats.pbn.PbnGame.from_state`), so
a mini-bridge board carries its ``Variant`` tag and a three-handed board its
players and dummy seat, and every file reads back::

    >>> import io
    >>> from bridgeroom.rules import deal_cards
    >>> out = io.StringIO()
    >>> writer = BoardWriter(out, "pbn", game="minibridge")
    >>> writer.board(6, deal_cards(seed=1))
    >>> from bridgeroom.formats import pbn
    >>> [game] = pbn.loads(out.getvalue())
    >>> game.board, game.dealer, game.vulnerability, game.tags["Variant"]
    (6, <Seat.EAST: 1>, <Vulnerability.EW: 2>, 'minibridge')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TextIO

from bridgeroom.errors import BridgeError
from bridgeroom.i18n import keyed, rank_text, seat_letter, seat_name, translate
from bridgeroom.rules.core import Deal, Hand, Seat, Suit, Vulnerability
from bridgeroom.rules.dealing import board_dealer, board_vulnerability
from bridgeroom.rules.state import DealState

__all__ = ["FORMATS", "GAMES", "BoardWriter", "board_state", "text_diagram"]

#: Output formats of generated boards.
FORMATS = ("pbn", "lin", "text")
#: The games boards are dealt for (``bridgeroom.games`` names).
GAMES = ("contract", "auction", "minibridge", "three-handed")
ALL_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def board_state(
    number: int,
    deal: Deal,
    game: str = "contract",
    *,
    dealer: Seat | None = None,
    vulnerability: Vulnerability | None = None,
) -> DealState:
    """The deal state of board ``number`` of ``game`` (its dealer and vulnerability by number,
    CB-B1/B2, unless given)."""
    who = board_dealer(number) if dealer is None else dealer
    vul = board_vulnerability(number) if vulnerability is None else vulnerability
    if game in ("contract", "auction"):
        from bridgeroom.rules.state import ContractBridgeDeal

        return ContractBridgeDeal(deal, who, vul)
    if game == "minibridge":
        from bridgeroom.rules.minibridge import MiniBridgeDeal

        return MiniBridgeDeal(deal, who, vul, board=number)
    if game == "three-handed":
        from bridgeroom.rules.three_handed import ThreeHandedDeal

        # three-handed players are vulnerable one by one (TH-17), not by board
        return ThreeHandedDeal(deal, who)
    raise BridgeError(f"no game {game!r}; boards are dealt for {', '.join(GAMES)}")


def _hidden(deal: Deal, seats: Sequence[Seat], first: Seat) -> str:
    """A PBN deal string showing only ``seats`` (``-`` for the others)."""
    return f"{first.letter}:" + " ".join(
        str(deal[first.offset(i)]) if first.offset(i) in seats else "-" for i in range(4)
    )


def text_diagram(deal: Deal, seats: Sequence[Seat] = ALL_SEATS, lang: str = "en") -> list[str]:
    """Four hands side by side under their seats' names, North, East, South, West, a suit a line,
    spades first (as Dealer's ``printall``); hands not in ``seats`` are left blank.

    >>> print("\\n".join(text_diagram(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))))
    North               East                South               West
    A K Q J             T 9 8 7             6 5 4 3             2
    A K Q               J T 9               8 7 6               5 4 3 2
    A K Q               J T 9               8 7 6               5 4 3 2
    A K Q               J T 9               8 7 6               5 4 3 2

    In Russian, with the Russian seats and rank letters (Т К Д В, 10):

    >>> print(text_diagram(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"), lang="ru")[1])
    Т К Д В             10 9 8 7            6 5 4 3             2
    """
    names = [seat_name(seat, lang) if seat in seats else "" for seat in ALL_SEATS]
    lines = ["".join(f"{name:<20}" for name in names[:3]) + names[3]]
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        cells = []
        for seat in ALL_SEATS:
            if seat in seats:
                cards = [
                    c.rank.letter if lang == "en" else rank_text(c.rank, lang)
                    for c in Hand(deal[seat].mask).suit(suit)
                ]
                cells.append(" ".join(cards) or "-")
            else:
                cells.append("")
        lines.append("".join(f"{cell:<20}" for cell in cells[:3]) + cells[3])
    return [line.rstrip() for line in lines]


class BoardWriter:
    """Writes boards to ``out`` in ``fmt`` (``pbn``, ``lin`` or ``text``) for ``game``.

    ``comment`` lines (statistics, a script's ``printes``) go in as the format
    allows: PBN commentary lines (``%``), plain lines in text; LIN has no
    comments, so they are refused there (:class:`BridgeError`) before anything
    is written, by :meth:`check_comments`.
    """

    def __init__(
        self,
        out: TextIO,
        fmt: str = "pbn",
        *,
        game: str = "contract",
        event: str | None = None,
        dealer: Seat | None = None,
        vulnerability: Vulnerability | None = None,
        lang: str = "en",
    ) -> None:
        if fmt not in FORMATS:
            raise BridgeError(f"no format {fmt!r}; boards are written as {', '.join(FORMATS)}")
        if game not in GAMES:
            raise BridgeError(f"no game {game!r}; boards are dealt for {', '.join(GAMES)}")
        self.out = out
        self.fmt = fmt
        self.game = game
        self.event = event
        self.dealer = dealer
        self.vulnerability = vulnerability
        self.lang = lang
        self.count = 0

    def check_comments(self) -> None:
        if self.fmt == "lin":
            raise keyed(
                BridgeError, "deal.no_lin_comments", lin="LIN", pbn="PBN", printes="printes"
            )

    def board(
        self,
        number: int,
        deal: Deal,
        *,
        seats: Sequence[Seat] = ALL_SEATS,
        notes: Iterable[str] = (),
    ) -> None:
        """Write board ``number``, showing ``seats`` only, followed by ``notes``."""
        state = board_state(
            number, deal, self.game, dealer=self.dealer, vulnerability=self.vulnerability
        )
        notes = list(notes)
        if self.fmt == "pbn":
            from bridgeroom.formats import pbn

            tags = {"Event": self.event or "?", "Site": "?"}
            if self.game == "auction":
                tags["Scoring"] = "auction"
            game = pbn.PbnGame.from_state(state, board=number, tags=tags)
            if tuple(seats) != ALL_SEATS and set(seats) != set(ALL_SEATS):
                game.tags["Deal"] = _hidden(deal, seats, state.dealer)
            if self.count:
                self.out.write("\n")
            self.out.write(game.to_pbn())
            self.comment(notes)
        elif self.fmt == "lin":
            from bridgeroom.formats import lin

            if notes:
                self.check_comments()
            record = lin.LinGame.from_state(state, board=number)
            if set(seats) != set(ALL_SEATS):
                missing = [s for s in ALL_SEATS if s not in seats]
                raise keyed(
                    BridgeError,
                    "deal.lin_hands",
                    lin="LIN",
                    pbn="PBN",
                    seats=", ".join(s.name.lower() for s in missing),
                )
            self.out.write(record.to_lin() + "\n")
        else:
            from bridgeroom.analysis.text import vul_text

            header = "  ".join(
                [
                    translate("analysis.board", self.lang, board=number),
                    translate(
                        "analysis.dealer", self.lang, seat=seat_letter(state.dealer, self.lang)
                    ),
                    translate(
                        "analysis.vulnerable",
                        self.lang,
                        vul=vul_text(state.vulnerability, self.lang),
                    ),
                ]
            )
            if self.count:
                self.out.write("\n")
            diagram = text_diagram(deal, seats, self.lang)
            self.out.write(header + "\n" + "\n".join(diagram) + "\n")
            self.comment(notes)
        self.count += 1

    def comment(self, lines: Iterable[str]) -> None:
        lines = list(lines)
        if not lines:
            return
        if self.fmt == "lin":
            self.check_comments()
        prefix = "% " if self.fmt == "pbn" else ""
        for line in lines:
            self.out.write((prefix + line).rstrip() + "\n")
