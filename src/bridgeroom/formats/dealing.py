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

Dealer4's ``.dlm`` file (its maker has not published it; the layout is the one users worked
out, BBO Forums "Structure of DLM files", 2013, and the open reader of
``bingingingin/TrickTrace``, ``src/core/formats.ts``, with a real board in its tests) is text:
a ``[DOCUMENT]`` section, ``From board=``, ``To board=``, then for each board
``Duplicates NN=`` (how many copies have been dealt: 0 in a new file) and ``Board NN=`` with
26 letters and a checksum of three digits. Each letter holds two cards, in the order ♠A ♠K ...
♠2, ♥A ... ♥2, ♦A ... ♦2, ♣A ... ♣2: ``a`` + 4 × the first card's hand + the second's (North 0,
East 1, South 2, West 3; ``a`` both North, ``p`` both West). The checksum is the board's
number XOR its duplicates XOR each letter's place in the alphabet (``a`` 1 ... ``p`` 16). PBN is
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

The board of TrickTrace's test (its North holds ♠T53 ♥AJ7 ♦AT ♣AQ762, dealt once):

    >>> read_dlm("[DOCUMENT]\\nFrom board=1\\nTo board=1\\nDuplicates 01=1\\n"
    ...          "Board 01=fnbkmmincldklcfcofoiefnapm018")[1].hands[Seat.NORTH]
    Hand('T53.AJ7.AT.AQ762')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import reduce

from bridgeroom.errors import ParseError
from bridgeroom.i18n import keyed
from bridgeroom.rules import Card, Deal, Seat

__all__ = ["DLM_BOARDS", "DUP_RECORD", "dlm_text", "dup_bytes", "read_dlm", "read_dup"]

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


#: The boards a ``.dlm`` file numbers (two digits).
DLM_BOARDS = 99
_HANDS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_LINE = re.compile(r"\s*(\w[\w ]*?)\s*=\s*(.*?)\s*")
_BOARD = re.compile(r"([a-p]{26})(\d{3})")


def _dlm_check(board: int, duplicates: int, letters: str) -> int:
    """A ``.dlm`` board's checksum: its number, its duplicates and its letters' places (a 1 to
    p 16), all XORed."""
    return reduce(lambda x, c: x ^ (ord(c) - ord("a") + 1), letters, board ^ duplicates)


def dlm_text(deals: Mapping[int, Deal]) -> str:
    """The boards ``deals`` (board number -> deal, numbered 1 up with no gap, at most 99) as
    a Dealer4 ``.dlm`` file, none of them dealt yet (``Duplicates`` 0); CRLF line ends."""
    numbers = sorted(deals)
    if numbers != list(range(1, len(numbers) + 1)) or len(numbers) > DLM_BOARDS:
        raise keyed(ParseError, "dealing.dlm_boards", most=DLM_BOARDS, boards=str(numbers))
    lines = ["[DOCUMENT]", "From board=1", f"To board={len(numbers)}"]
    for board in numbers:
        deal = deals[board]
        if not deal.is_complete:
            raise keyed(ParseError, "dealing.not_full", board=board)
        hand = {}
        for n in range(1, 53):
            seat = deal.holder(_card(n))
            assert seat is not None  # a full deal: every card has its holder
            hand[n] = _HANDS.index(seat)
        letters = "".join(chr(ord("a") + 4 * hand[n] + hand[n + 1]) for n in range(1, 53, 2))
        lines.append(f"Duplicates {board:02d}=0")
        lines.append(f"Board {board:02d}={letters}{_dlm_check(board, 0, letters):03d}")
    return "\r\n".join(lines) + "\r\n"


def read_dlm(text: str) -> dict[int, Deal]:
    """The boards of a ``.dlm`` file from ``From board`` to ``To board`` (board number ->
    deal). A board line that is not 26 letters ``a``-``p`` and three digits, whose checksum
    is wrong or whose hands are not 13 cards each is refused with its line."""
    values: dict[str, tuple[int, str]] = {}
    for number, raw in enumerate(text.splitlines(), start=1):
        m = _LINE.fullmatch(raw)
        if m:
            values[m.group(1).lower()] = (number, m.group(2))
    first = int(values.get("from board", (0, "1"))[1] or 1)
    last = int(values.get("to board", (0, str(DLM_BOARDS)))[1] or DLM_BOARDS)
    out: dict[int, Deal] = {}
    for key, (line, value) in values.items():
        if not key.startswith("board "):
            continue
        try:
            board = int(key[6:])
        except ValueError:
            raise keyed(ParseError, "dealing.dlm_line", line=line, text=repr(key)) from None
        if not first <= board <= last:
            continue
        m = _BOARD.fullmatch(value)
        if not m:
            raise keyed(ParseError, "dealing.dlm_line", line=line, text=repr(value[:40]))
        letters, check = m.group(1), int(m.group(2))
        dup_value = values.get(f"duplicates {board:02d}", (0, "0"))[1]
        duplicates = int(dup_value) if dup_value.isdigit() else 0
        if _dlm_check(board, duplicates, letters) != check:
            raise keyed(
                ParseError, "dealing.dlm_checksum", line=line, board=board, check=check,
                want=_dlm_check(board, duplicates, letters),
            )  # fmt: skip
        hands: dict[Seat, list[str]] = {seat: [] for seat in _HANDS}
        for i, c in enumerate(letters):
            v = ord(c) - ord("a")
            hands[_HANDS[v // 4]].append(str(_card(2 * i + 1)))
            hands[_HANDS[v % 4]].append(str(_card(2 * i + 2)))
        if any(len(cards) != 13 for cards in hands.values()):
            raise keyed(ParseError, "dealing.dlm_hands", line=line, board=board)
        out[board] = Deal.parse(
            "N:"
            + " ".join(
                ".".join("".join(c[1] for c in hands[seat] if c[0] == s) for s in _SUITS)
                for seat in _HANDS
            )
        )
    if not out:
        raise keyed(ParseError, "dealing.dlm_empty", first=first, last=last)
    return dict(sorted(out.items()))
