"""Boards for dealing machines: Duplimate's ``.dup`` file (paired with its reader).

The layout is Duplimate's own, in its document "Convert" (Jannersten Förlag,
http://www.duplimate.com/DuplimateClub/convert.pdf; the summary in the hand_record_utility
project's DESIGN.md agrees). Each board is a record of 156 bytes, the records one after
another, nothing between them:

* bytes 1-78, the **BRI** part: North's, East's and South's cards as 13 two-digit numbers each,
  ``01`` the ace of spades to ``52`` the two of clubs (spades, hearts, diamonds, clubs; ace
  down to two); West holds the other 13;
* bytes 79-146, the **DGE** part: the four hands sorted, North, East, South, West, 17 bytes
  each: the four suit symbols of the DOS code page (``0x06`` ♠, ``0x03`` ♥, ``0x04`` ♦,
  ``0x05`` ♣), each followed by its cards (``AKQJT98765432``);
* bytes 147-156: "random hands?" (``Y``/``N``), "backwards counting?" (``Y``/``N``), the
  lowest board of the set (3 bytes), the copies of each board (2 bytes) and the highest board
  (3 bytes), each left-aligned and padded with spaces: ``YN1  1 32 `` for a set of 32.

Dealer4's ``.dlm`` is not written: its boards carry a checksum whose rule its maker has not
published, and a machine refuses a board whose checksum is wrong. PBN is
:func:`bridgeroom.formats.pbn.dumps`'s.

The example of "Convert" (its North holds ♠J987 ♥JT7643 ♦A4 ♣Q):

    >>> deal = Deal.parse("N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76")
    >>> record = dup_bytes({1: deal})
    >>> len(record), record[:26]
    (156, b'04060708171821222425273742')
    >>> record[78:95]
    b'\\x06J987\\x03JT7643\\x04A4\\x05Q'
    >>> record[146:]
    b'YN1  1 1  '
    >>> read_dup(record) == [deal]
    True
"""

from __future__ import annotations

from collections.abc import Mapping

from bridgeroom.errors import ParseError
from bridgeroom.rules import Card, Deal, Seat

__all__ = ["DUP_RECORD", "dup_bytes", "read_dup"]

#: The bytes of one board in a ``.dup`` file.
DUP_RECORD = 156
#: The suits in Duplimate's order, and their symbols in the DOS code page (CP437).
_SUITS = "SHDC"
_SYMBOLS = {"S": 0x06, "H": 0x03, "D": 0x04, "C": 0x05}
_RANKS = "AKQJT98765432"


def _number(card: Card) -> int:
    """Duplimate's number of a card: 1 (♠A) to 52 (♣2)."""
    text = str(card)
    return _SUITS.index(text[0]) * 13 + _RANKS.index(text[1]) + 1


def _card(number: int) -> Card:
    suit, rank = divmod(number - 1, 13)
    return Card.parse(_SUITS[suit] + _RANKS[rank])


def dup_bytes(deals: Mapping[int, Deal], *, copies: int = 1) -> bytes:
    """The boards ``deals`` (board number -> deal, numbered 1 up with no gap) as a ``.dup``
    file; ``copies``: how many copies of each board the machine deals."""
    numbers = sorted(deals)
    if numbers != list(range(1, len(numbers) + 1)):
        raise ParseError(f"a .dup file holds boards 1 to n with no gap, not {numbers}")
    if not 1 <= copies <= 99:
        raise ParseError(f"a .dup file asks 1 to 99 copies of each board, not {copies}")
    tail = f"YN{1:<3}{copies:<2}{len(numbers):<3}".encode("ascii")
    out = bytearray()
    for board in numbers:
        deal = deals[board]
        if not deal.is_complete:
            raise ParseError(f"board {board} is not a full deal: a machine deals 52 cards")
        hands: dict[Seat, list[int]] = {seat: [] for seat in Seat}
        for n in range(1, 53):
            seat = deal.holder(_card(n))
            assert seat is not None  # a full deal: every card has its holder
            hands[seat].append(n)
        for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH):
            out += "".join(f"{n:02d}" for n in hands[seat]).encode("ascii")
        for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST):
            for suit in _SUITS:
                out.append(_SYMBOLS[suit])
                out += "".join(
                    _RANKS[(n - 1) % 13] for n in hands[seat] if _SUITS[(n - 1) // 13] == suit
                ).encode("ascii")
        out += tail
    return bytes(out)


def read_dup(data: bytes) -> list[Deal]:
    """The boards of a ``.dup`` file, in order (from its BRI parts; a record whose BRI part
    is not 39 different cards is refused, naming the board)."""
    if len(data) % DUP_RECORD:
        raise ParseError(
            f"a .dup file is records of {DUP_RECORD} bytes; this one has {len(data)} bytes"
        )
    deals = []
    for i in range(len(data) // DUP_RECORD):
        bri = data[i * DUP_RECORD : i * DUP_RECORD + 78].decode("ascii", errors="replace")
        try:
            numbers = [int(bri[k : k + 2]) for k in range(0, 78, 2)]
        except ValueError:
            raise ParseError(f"board {i + 1}: the BRI part is digits, not {bri!r}") from None
        if len(set(numbers)) != 39 or not all(1 <= n <= 52 for n in numbers):
            raise ParseError(f"board {i + 1}: the BRI part is 39 different cards 01-52")
        holder = {
            n: seat for k, seat in enumerate(Seat) if k < 3 for n in numbers[13 * k : 13 * k + 13]
        }
        hands: dict[Seat, list[str]] = {seat: [] for seat in Seat}
        for n in range(1, 53):
            hands[holder.get(n, Seat.WEST)].append(str(_card(n)))
        text = " ".join(
            ".".join("".join(c[1] for c in hands[seat] if c[0] == s) for s in _SUITS)
            for seat in Seat
        )
        deals.append(Deal.parse("N:" + text))
    return deals
