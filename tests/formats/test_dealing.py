"""Boards for dealing machines: Duplimate's .dup file, checked against the worked example of
Duplimate's document "Convert" (http://www.duplimate.com/DuplimateClub/convert.pdf), and read
back whatever the deal (Hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from bridgeroom.errors import ParseError
from bridgeroom.formats.dealing import DUP_RECORD, dup_bytes, read_dup
from bridgeroom.rules import Deal

from ..strategies import deals

#: "Convert"'s example: the BRI numbers of North, East and South (in the machine's random
#: order), and the DGE part with the DOS suit symbols (06 spades, 03 hearts, 04 diamonds,
#: 05 clubs) of all four hands.
BRI = {
    "N": "18043727240822422106250717",
    "E": "51503215164929412640314645",
    "S": "43351128302039140152133403",
}
DGE = "♠J987♥JT7643♦A4♣Q ♠♥KQ2♦QT9♣AK98543 ♠AQ42♥A8♦KJ762♣J2 ♠KT653♥95♦853♣T76"
SYMBOLS = {"♠": b"\x06", "♥": b"\x03", "♦": b"\x04", "♣": b"\x05"}


def numbers(text: str) -> set[int]:
    return {int(text[i : i + 2]) for i in range(0, len(text), 2)}


def test_the_worked_example_of_duplimates_convert() -> None:
    deal = Deal.parse("N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76")
    record = dup_bytes({1: deal})
    assert len(record) == DUP_RECORD
    bri = record[:78].decode("ascii")
    assert [numbers(bri[k : k + 26]) for k in (0, 26, 52)] == [numbers(BRI[s]) for s in "NES"]
    dge = b"".join(SYMBOLS.get(c, c.encode()) for c in DGE.replace(" ", ""))
    assert record[78:146] == dge
    # "If you have sets of 32, the last 10 bytes should read: YN1**1*32*" (* a space)
    assert dup_bytes({b: deal for b in range(1, 33)})[-10:] == b"YN1  1 32 "


@settings(max_examples=60)
@given(deals())
def test_a_dup_file_reads_back_its_boards(deal: Deal) -> None:
    data = dup_bytes({1: deal, 2: deal}, copies=4)
    assert len(data) == 2 * DUP_RECORD and data[-10:] == b"YN1  4 2  "
    assert read_dup(data) == [deal, deal]


def test_bad_dup_files_are_refused_with_the_reason() -> None:
    deal = Deal.parse("N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76")
    with pytest.raises(ParseError, match="records of 156 bytes"):
        read_dup(b"0102")
    broken = b"01" * 39 + dup_bytes({1: deal})[78:]
    with pytest.raises(ParseError, match="board 1: the BRI part is 39 different cards"):
        read_dup(broken)
    with pytest.raises(ParseError, match="boards 1 to n with no gap"):
        dup_bytes({2: deal})
