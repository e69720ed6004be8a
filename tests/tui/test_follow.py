"""Following the play at the terminal (issue 15, items 3 and 4): one line per trick in the order
played with the leader marked and the winner, a pause between the robots' cards that Enter
skips, the trick in progress in play order, the ``tricks`` history, the three-handed table drawn
as it is played (TH-10), and the ``review`` of a deal (issue 12, item 4); in English and Russian.

The expected lines are written here from the deal the store keeps (its tricks as the engine
played them, CB-10: the cards in the order played, the winner), with the catalogue's words."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from bridgeroom.i18n import LANGUAGES, Messages, card_text
from bridgeroom.rules import Phase, Seat, Trick
from bridgeroom.store import Store
from bridgeroom.tui.table import PlayTable

from .conftest import load_state, screen, spawn

COUNT = {
    "en": r"how many high-card points do you hold\?> ",
    "ru": r"сколько у вас очков за онёры\?> ",
}
NEXT = {
    "en": r"Press Enter for the next deal \(q to stop\)> ",
    "ru": r"Enter — следующая сдача \(q — остановиться\)> ",
}
CARD = {"en": r"your card> ", "ru": r"ваша карта> "}
CALL = {"en": r"your call> ", "ru": r"ваша заявка> "}


def expected_line(trick: Trick, number: int, msgs: Messages) -> str:
    """A completed trick as the terminal must show it: its number, the cards in the order played
    (each by its seat's letter), the leader's marked, and the winner."""
    cards = "  ".join(
        f"{msgs.letter(seat)} {card_text(card, msgs.lang)}"
        + (f" {msgs('screen.lead_mark')}" if i == 0 else "")
        for i, (seat, card) in enumerate(zip(trick.seats, trick.cards, strict=True))
    )
    won = msgs("screen.won_by", seat=msgs.seat(trick.winner))
    return f"{msgs('screen.trick_number', number=number)} {cards} — {won}"


def stored_deal(database: Path, match_id: int) -> PlayTable:
    store = Store(str(database))
    table = PlayTable.resume(store, match_id)
    store.close()
    return table


@pytest.mark.parametrize("lang", LANGUAGES)
def test_as_dummy_the_deal_goes_trick_by_trick(database: Path, lang: str) -> None:
    """Mini-bridge seed 4: North declares, the person (South) is dummy and watches all 13 tricks,
    one line each, then lists them again with 'tricks'."""
    msgs = Messages(lang)
    child = spawn(["play", "minibridge", "--robots", "basic", "--seed", "4"], database, lang)
    child.expect(COUNT[lang])
    state = load_state(database, 1)
    child.sendline(str(state.hand(Seat.SOUTH).hcp))
    child.expect(NEXT[lang])
    shown = screen(child)
    assert msgs("play.watching", declarer=msgs.seat(Seat.NORTH)) in shown
    last = stored_deal(database, 1).last_state
    assert last is not None and last.is_over and last.dummy == Seat.SOUTH
    lines = [expected_line(t, n, msgs) for n, t in enumerate(last.tricks, start=1)]
    assert [line for line in shown.splitlines() if line in lines] == lines
    child.sendline("взятки" if lang == "ru" else "tricks")  # the history, again
    child.expect(NEXT[lang])
    again = screen(child)
    assert [line for line in again.splitlines() if line in lines] == lines
    child.sendline("q")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_pause_between_the_robots_cards_and_enter_skips_it(database: Path, lang: str) -> None:
    """With a pause of 5 s between the robots' cards a deal watched as dummy would take more
    than four minutes; Enter skips to its end at once."""
    msgs = Messages(lang)
    child = spawn(
        ["play", "minibridge", "--robots", "basic", "--seed", "4", "--pause", "5"], database, lang
    )
    child.expect(COUNT[lang])
    state = load_state(database, 1)
    child.sendline(str(state.hand(Seat.SOUTH).hcp))
    child.expect(re.escape(msgs("play.watching_paced", declarer=msgs.seat(Seat.NORTH))))
    child.expect(re.escape(msgs("screen.trick_number", number=1)))  # one card every 5 s
    child.sendline("")
    child.expect(NEXT[lang], timeout=60)
    assert msgs("screen.trick_number", number=13) in screen(child)
    child.sendline("q")
    child.expect(pexpect.EOF)


def middle_cards(text: str) -> list[str]:
    """The cards of the trick in progress as the last table shows them, top to bottom."""
    table = text.rsplit("────", 1)[-1]
    return re.findall(r"\b([NESWСВЮЗ]) ([♠♥♦♣](?:10|[2-9AKQJТКДВ]))(?: \((?:lead|ход)\))?", table)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_trick_in_progress_in_the_order_played(database: Path, lang: str) -> None:
    """Contract seed 1: South opens 7NT and declares; West leads, the person plays dummy's card
    and East follows: the trick in progress shows West (the leader, marked), North, East."""
    msgs = Messages(lang)
    child = spawn(["play", "contract", "--robots", "basic", "--seed", "1"], database, lang)
    child.expect(CALL[lang])
    child.sendline("7бк" if lang == "ru" else "7n")
    while child.expect([CALL[lang], CARD[lang]]) == 0:
        child.sendline("пас" if lang == "ru" else "p")
    state = load_state(database, 1)
    assert state.declarer == Seat.SOUTH and state.turn == Seat.NORTH
    lead = msgs.letter(Seat.WEST)
    assert middle_cards(screen(child)) == [(lead, card_text(state.current_trick[0][1], lang))]
    assert f"{lead} {card_text(state.current_trick[0][1], lang)} {msgs('screen.lead_mark')}" in (
        screen(child)
    )
    legal = [c for c in state.legal_actions()]
    card = legal[0]
    child.sendline(typed(card, lang))
    child.expect(CARD[lang])
    now = load_state(database, 1)
    assert [s for s, _ in now.current_trick] == [Seat.WEST, Seat.NORTH, Seat.EAST]
    assert middle_cards(screen(child)) == [
        (msgs.letter(s), card_text(c, lang)) for s, c in now.current_trick
    ]
    child.sendline("выход" if lang == "ru" else "quit")
    child.expect(pexpect.EOF)


def typed(card: object, lang: str = "ru") -> str:
    """How a person types ``card`` in ``lang``."""
    from bridgeroom.tui.entry import typed_form

    return typed_form(card, lang)  # type: ignore[arg-type]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_th_10_three_handed_dummy_opposite_the_declarer(database: Path, lang: str) -> None:
    """Three-handed seed 3: the person (North, dealer) passes, West declares 2♦ and the person
    defends on West's left. From the opening lead the screen puts the dummy (South's hand)
    opposite the declarer and the two defenders opposite each other, the cards going round it
    clockwise (TH-10): the dummy at the person's left (it plays after him), the other defender
    opposite him, the declarer at his right."""
    msgs = Messages(lang)
    child = spawn(["play", "three-handed", "--robots", "basic", "--seed", "3"], database, lang)
    while child.expect([CALL[lang], CARD[lang]]) == 0:
        child.sendline("пас" if lang == "ru" else "p")
    state = load_state(database, 1)
    me = state.seat_of(0)
    assert state.declarer is not None and state.phase is Phase.PLAY
    assert me == state.left_defender and state.turn == me  # TH-9: he leads
    child.sendline(typed(state.legal_actions()[0], lang))  # the opening lead
    child.expect(CARD[lang])
    state = load_state(database, 1)
    table = screen(child).rsplit("────", 1)[-1]
    names = "|".join(msgs.seat(seat) for seat in Seat)
    by_name = {msgs.seat(seat): seat for seat in Seat}
    placed = [
        [by_name[name] for name in found]
        for line in table.splitlines()
        if (found := re.findall(rf"({names}) \(", line))
    ]
    assert placed == [[state.right_defender], [state.dummy, state.declarer], [me]], placed
    child.sendline("выход" if lang == "ru" else "quit")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_review_after_the_deal(database: Path, lang: str) -> None:
    """Issue 12, item 4: 'review' after a deal shows the contract against double dummy and each
    trick with the cards that cost a trick, in the player's language."""
    child = spawn(["play", "minibridge", "--robots", "basic", "--seed", "4"], database, lang)
    child.expect(COUNT[lang])
    state = load_state(database, 1)
    child.sendline(str(state.hand(Seat.SOUTH).hcp))
    child.expect(NEXT[lang])
    child.sendline("разбор" if lang == "ru" else "review")
    child.expect(NEXT[lang])
    text = screen(child)
    words = {
        "en": ["Review: 1♣ by North", "Double dummy", "Trick 13"],
        "ru": ["Разбор", "1♣", "Взятка 13"],
    }
    for word in words[lang]:
        assert word in text, text
    child.sendline("q")
    child.expect(pexpect.EOF)
