"""Boards for dealing machines: Duplimate's .dup file, checked against the worked example of
Duplimate's document "Convert" (http://www.duplimate.com/DuplimateClub/convert.pdf), and
Dealer4's .dlm file, checked against the real boards published with its layout (the board in
the tests of ``bingingingin/TrickTrace``, ``tests/*.test.ts``, and the one of the BBO Forums
thread "Structure of DLM files", 2013); both read back whatever the deal (Hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from bridgeroom.errors import ParseError
from bridgeroom.formats.dealing import DUP_RECORD, dlm_text, dup_bytes, read_dlm, read_dup
from bridgeroom.i18n import error_text
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


#: TrickTrace's real board (dealt once: ``Duplicates 01=1``); its test reads North's hand,
#: ♠T53 ♥AJ7 ♦AT ♣AQ762, and refuses the checksum 019.
TRICKTRACE = (
    "[DOCUMENT]\nFrom board=1\nTo board=1\nDuplicates 01=1\nBoard 01=fnbkmmincldklcfcofoiefnapm018"
)
#: The four hands of that board, each letter taken apart by hand (``a`` + 4 x the first card's
#: hand + the second's; ``f`` = 5 = East, East: ♠A ♠K; ``n`` = 13 = West, East: ♠Q ♠J; ...).
TRICKTRACE_DEAL = "N:T53.AJ7.AT.AQ762 AKJ9.Q.QJ65.KJT8 872.T9543.K9732. Q64.K862.84.9543"


def test_the_published_dlm_boards_are_read() -> None:
    boards = read_dlm(TRICKTRACE)
    assert boards == {1: Deal.parse(TRICKTRACE_DEAL)}
    # the forum's board, from a file with no Duplicates line (none dealt): checksum 022
    forum = read_dlm("[DOCUMENT]\r\nFrom board=1\r\nTo board=1\r\n"
                     "Board 01=cgcajjjnakpkchipnjhmbmbpbh022\r\n")  # fmt: skip
    assert list(forum) == [1] and forum[1].is_complete


def test_a_dlm_file_is_written_as_the_published_one() -> None:
    """The same board not yet dealt: the same letters, the checksum 018 XOR 1 (one duplicate
    fewer) = 019."""
    text = dlm_text({1: Deal.parse(TRICKTRACE_DEAL)})
    assert text == (
        "[DOCUMENT]\r\nFrom board=1\r\nTo board=1\r\nDuplicates 01=0\r\n"
        "Board 01=fnbkmmincldklcfcofoiefnapm019\r\n"
    )


@settings(max_examples=60)
@given(deals())
def test_a_dlm_file_reads_back_its_boards(deal: Deal) -> None:
    text = dlm_text({b: deal for b in range(1, 13)})
    assert "To board=12" in text and "Board 12=" in text
    assert read_dlm(text) == {b: deal for b in range(1, 13)}


def test_bad_dlm_files_are_refused_with_the_line() -> None:
    with pytest.raises(
        ParseError, match="Line 5: board 1's checksum is 19, its cards give 18"
    ) as e:
        read_dlm(TRICKTRACE.replace("018", "019"))
    assert error_text(e.value, "ru") == (
        "Строка 5: контрольная сумма сдачи 1 19, а по её картам выходит 18."
    )
    with pytest.raises(ParseError, match=r"Line 5: 'fnbk' is not a board of a \.dlm file"):
        read_dlm(TRICKTRACE.replace("fnbkmmincldklcfcofoiefnapm018", "fnbk"))
    # two cards (♠A ♠K) moved from East to West: 26 letters still, East 11 cards, West 15
    bad = "Board 01=" + "p" + "fnbkmmincldklcfcofoiefnapm"[1:]
    letters = bad[9:]
    check = 1 ^ 1
    for c in letters:
        check ^= ord(c) - 96
    with pytest.raises(ParseError, match="board 1 does not give each hand 13 cards"):
        read_dlm(TRICKTRACE.replace("Board 01=fnbkmmincldklcfcofoiefnapm018", bad + f"{check:03d}"))
    with pytest.raises(ParseError, match="no board from 2 to 9"):
        read_dlm(TRICKTRACE.replace("From board=1", "From board=2").replace("=1\nDup", "=9\nDup"))
    deal = Deal.parse(TRICKTRACE_DEAL)
    with pytest.raises(ParseError, match="boards 1 to n with no gap, 99 at most"):
        dlm_text({b: deal for b in range(1, 101)})
    with pytest.raises(ParseError) as e:
        dlm_text({2: deal})
    assert "с 1 по n без пропусков" in error_text(e.value, "ru")
