"""The small things of issue 15 (items 8 to 11), typed at the terminal in English and Russian:
Ctrl-C saves and says how to go on, a long line is refused without being echoed, each refusal
says what is really wrong, a look at the dummy is asked first, the prompt between deals takes
only what it offers, the pad's examples and refusals fit the pad, a new pad is offered when a
rubber ends, and auction bridge shows no vulnerability (AB-5)."""

from __future__ import annotations

import re
from pathlib import Path

import pexpect
import pytest

from bridgeroom.i18n import LANGUAGES, Messages, card_text
from bridgeroom.rules import Call, LookAtDummy, Phase, Seat
from bridgeroom.store import Store

from .conftest import load_state, screen, spawn
from .test_follow import CALL, CARD, COUNT, NEXT

QUIT = {"en": "quit", "ru": "выход"}
SAVED = {
    "en": "Saved. Continue with: bridgeroom resume",
    "ru": "Сохранено. Продолжить: bridgeroom resume",
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ctrl_c_saves_and_says_how_to_resume(database: Path, lang: str) -> None:
    """Item 8: Ctrl-C at a prompt ends with the same words as quit, and exit status 130."""
    child = spawn(["play", "contract", "--robots", "basic", "--seed", "1"], database, lang)
    child.expect(CALL[lang])
    child.sendintr()
    child.expect(SAVED[lang] + " 1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_long_line_is_refused_and_not_echoed(database: Path, lang: str) -> None:
    """Item 9: a line of thousands of characters is refused in one short sentence."""
    child = spawn(["play", "contract", "--robots", "basic", "--seed", "1"], database, lang)
    child.expect(CALL[lang])
    child.sendline("x" * 3000)
    child.expect(CALL[lang])
    refusal = {"en": r"That line is \d+ characters long", "ru": r"В строке \d+ знак"}[lang]
    lines = [line for line in screen(child).splitlines() if re.search(refusal, line)]
    assert len(lines) == 1 and "xxxxxxxxxx" not in lines[0], lines
    child.sendline(QUIT[lang])
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_mb_6_a_card_at_the_naming_is_refused_as_such(database: Path, lang: str) -> None:
    """Item 9: mini-bridge has no auction; a card typed when the declarer names the contract
    is told to name the contract first (MB-6). Seed 13: South declares."""
    child = spawn(["play", "minibridge", "--robots", "basic", "--seed", "13"], database, lang)
    child.expect(COUNT[lang])
    state = load_state(database, 1)
    child.sendline(str(state.hand(Seat.SOUTH).hcp))
    child.expect({"en": r"name the contract> ", "ru": r"назначьте контракт> "}[lang])
    child.sendline({"en": "8s", "ru": "8п"}[lang])
    child.expect({"en": r"name the contract> ", "ru": r"назначьте контракт> "}[lang])
    said = {
        "en": "'8s' is a card: name the contract first, e.g. 3n or 4s (MB-6).",
        "ru": "'8п' — это карта: сначала назначьте контракт, например 3бк или 4п (MB-6).",
    }
    assert said[lang] in screen(child)
    child.sendline(QUIT[lang])
    child.expect(pexpect.EOF)


def declare_seven_notrump(database: Path, lang: str) -> pexpect.spawn:
    """Contract seed 1: South opens 7NT and declares; West leads; the person is to play
    dummy's (North's) card."""
    child = spawn(["play", "contract", "--robots", "basic", "--seed", "1"], database, lang)
    child.expect(CALL[lang])
    child.sendline({"en": "7n", "ru": "7бк"}[lang])
    while child.expect([CALL[lang], CARD[lang]]) == 0:
        child.sendline({"en": "p", "ru": "пас"}[lang])
    return child


@pytest.mark.parametrize("lang", LANGUAGES)
def test_cb_9_a_card_of_the_hand_not_to_play_says_whose_turn(database: Path, lang: str) -> None:
    """Item 9: the declarer types a card of his own hand when dummy is to play: the refusal
    says it is dummy's turn (not "you do not hold it"), and 'claim 20' says how many tricks
    are left."""
    child = declare_seven_notrump(database, lang)
    state = load_state(database, 1)
    assert state.turn == Seat.NORTH and state.declarer == Seat.SOUTH
    own = max(state.hand(Seat.SOUTH))
    typed = own.suit.letter.lower() + own.rank.letter.lower()
    if lang == "ru":
        from bridgeroom.tui.entry import typed_form

        typed = typed_form(own, "ru")
    child.sendline(typed)
    child.expect(CARD[lang])
    said = {
        "en": f"Dummy (North) plays now: {card_text(own, 'en')} is in your own hand.",
        "ru": f"Сейчас ходит болван (Север): {card_text(own, 'ru')} — карта из вашей руки.",
    }
    assert said[lang] in screen(child)
    child.sendline({"en": "claim 20", "ru": "претензия 20"}[lang])
    child.expect(CARD[lang])
    left = {
        "en": "Only 13 tricks remain: claim at most 13, not 20.",
        "ru": "Взяток осталось: 13. Можно заявить не больше 13, а не 20.",
    }
    assert left[lang] in screen(child)
    child.sendline(QUIT[lang])
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_th_23_a_look_at_the_dummy_is_asked_first(database: Path, lang: str) -> None:
    """Item 9: 'look' says what it costs (TH-23) and waits for a yes; a no changes nothing."""
    child = spawn(["play", "three-handed", "--robots", "basic", "--seed", "3"], database, lang)
    child.expect(CALL[lang])
    child.sendline({"en": "look", "ru": "заглянуть"}[lang])
    child.expect({"en": "Type yes to look> ", "ru": "Наберите «да», чтобы заглянуть> "}[lang])
    child.sendline({"en": "no", "ru": "нет"}[lang])
    child.expect(CALL[lang])
    assert {"en": "You did not look", "ru": "Вы не стали заглядывать"}[lang] in screen(child)
    state = load_state(database, 1)
    assert not any(isinstance(a, LookAtDummy) for _, a in state.history)
    child.sendline(QUIT[lang])
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_prompt_between_deals_takes_only_what_it_offers(database: Path, lang: str) -> None:
    """Item 9: any text at "Press Enter" no longer starts the next deal."""
    child = spawn(["play", "minibridge", "--robots", "basic", "--seed", "4"], database, lang)
    child.expect(COUNT[lang])
    child.sendline(str(load_state(database, 1).hand(Seat.SOUTH).hcp))
    child.expect(NEXT[lang])
    child.sendline("xyz")
    child.expect(NEXT[lang])
    assert {"en": "'xyz' is not an entry here", "ru": "'xyz' здесь не подходит"}[lang] in screen(
        child
    )
    assert len(Store(str(database)).get_match(1).deals) == 1  # no next deal was dealt
    child.sendline("")  # Enter: the next deal
    child.expect(COUNT[lang])
    assert len(Store(str(database)).get_match(1).deals) == 2
    child.sendline(QUIT[lang])
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ab_5_auction_bridge_shows_no_vulnerability(database: Path, lang: str) -> None:
    """Item 11: AB-5, auction bridge has no vulnerability: the screen does not show one."""
    child = spawn(["play", "auction", "--robots", "basic", "--seed", "5"], database, lang)
    child.expect(CALL[lang])
    text = screen(child)
    assert {"en": "Dealer: North", "ru": "Сдаёт: Север"}[lang] in text
    assert {"en": "Vulnerable", "ru": "В зоне"}[lang] not in text
    child.sendline(QUIT[lang])
    child.expect(pexpect.EOF)


#: A robot opponent's call (the person sits South: East and West), with what it means; his
#: partner North's calls are explained to the opponents, not to him.
ROBOT_CALL = re.compile(
    r"^(?:East|West|Восток|Запад) \((?:Robot|Робот) .\): (\S+)(?: — (.*))?$", re.M
)
PARTNER_CALL = re.compile(r"^(?:North|Север) \((?:Robot|Робот) .\): (\S+)(?: — (.*))?$", re.M)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_robots_pass_is_not_placing_the_contract(database: Path, lang: str) -> None:
    """Item 11: a robot's pass after its partner's last bid was told as 'natural: placing the
    contract'. Contract seed 5: the person (South) opens 1♥ and rebids 1NT; every call of a
    robot opponent comes with what it means in its side's system, and no pass says it places
    the contract; his partner's calls come without (they are explained to the opponents)."""
    msgs = Messages(lang)
    child = spawn(["play", "contract", "--robots", "basic", "--seed", "5"], database, lang)
    child.expect(CALL[lang])
    child.sendline("1h" if lang == "en" else "1ч")
    child.expect(CALL[lang])
    child.sendline("1n" if lang == "en" else "1бк")
    child.expect(CARD[lang])
    text = screen(child).replace("\r", "")
    calls = ROBOT_CALL.findall(text)
    partner = PARTNER_CALL.findall(text)
    assert partner and not any(meaning for _, meaning in partner), partner
    passes = [meaning for call, meaning in calls if call == msgs.call(Call.PASS)]
    assert len(passes) >= 2, calls  # the opponents' passes that end the auction at least
    assert all(meaning for _, meaning in calls), calls
    placing = msgs("robot.meaning.natural")
    assert placing not in passes and msgs("robot.meaning.nothing_more") in passes, passes
    child.sendline(QUIT[lang])
    child.expect(pexpect.EOF)


PAD_PROMPT = {"en": r"deal \d+> ", "ru": r"сдача \d+> "}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_th_pad_examples_and_an_impossible_undertrick(database: Path, lang: str) -> None:
    """Item 9: the three-handed pad's examples use its players, not NS; 'Bob 2H -9' says that
    2♥ goes at most 8 down (it needs 8 tricks), not 'not -1'."""
    names = {"en": "Ann,Bob,Cy", "ru": "Аня,Боря,Вика"}[lang]
    first, second = names.split(",")[:2]
    child = spawn(["pad", "three-handed-contract", "--players", names], database, lang)
    child.expect(PAD_PROMPT[lang])
    intro = screen(child)
    assert f"{first} 4" in intro and f"{second} 2" in intro and "NS" not in intro
    child.sendline("4S")
    child.expect(PAD_PROMPT[lang])
    example = {"en": f"(e.g. {first} 4S 10)", "ru": f"(например {first} 4п 10)"}
    assert example[lang] in screen(child)
    child.sendline(f"{second} 2H -9")
    child.expect(PAD_PROMPT[lang])
    said = {
        "en": "2♥ needs 8 tricks: it goes at most 8 down, not 9.",
        "ru": "В 2♥ нужно 8 взяток: без 8 — самое большее, а не без 9.",
    }
    assert said[lang] in screen(child)
    child.sendline(QUIT[lang])
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_new_pad_is_offered_when_the_rubber_ends(database: Path, lang: str) -> None:
    """Item 10: the pad no longer exits when the rubber ends; Enter starts a new one with the
    same players, and the finished one is kept as finished; a line typed at that prompt is
    refused (not taken for 'stop', item 9), and q stops."""
    child = spawn(["pad", "rubber"], database, lang)
    for line in ("NS 4S 10", "NS 3NT 9"):
        child.expect(PAD_PROMPT[lang])
        child.sendline(line)
    again = {"en": r"a new score pad .*> ", "ru": r"новая запись счёта .*> "}[lang]
    child.expect(again)
    child.sendline("NS 2S 8")  # a deal typed too soon is refused, not taken for q or Enter
    child.expect(again)
    assert Messages(lang)("pad.again_refused", text="'NS 2S 8'") in screen(child)
    child.sendline("")
    for line in ("NS 2S 8", "NS 4S 10", "EW 1NT 7", "NS 3NT 9"):  # game, then the rubber
        child.expect(PAD_PROMPT[lang])
        child.sendline(line)
    child.expect(again)
    child.sendline("q")
    child.expect(Messages(lang)("pad.finished", id=2))  # finished: nothing to continue
    child.expect(pexpect.EOF)
    store = Store(str(database))
    first, second = store.get_match(1), store.get_match(2)
    assert first.status == "finished" and len(first.entries) == 2
    assert second.kind == "pad" and second.status == "finished"
    assert [e.contract for e in second.entries] == ["2S", "4S", "1NT", "3NT"]
    assert [m.id for m in store.list_matches()] == [2, 1]  # q started no third pad


@pytest.mark.parametrize("lang", LANGUAGES)
def test_ctrl_c_in_the_pad(database: Path, lang: str) -> None:
    child = spawn(["pad", "rubber"], database, lang)
    child.expect(PAD_PROMPT[lang])
    child.sendintr()
    child.expect(SAVED[lang] + " 1")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_the_state_is_untouched_by_the_refusals(database: Path) -> None:
    """The refusals change nothing: after them the deal is where it was (the log has the
    auction and the lead only)."""
    child = declare_seven_notrump(database, "en")
    before = load_state(database, 1).history
    for line in ("sa", "claim 20", "zz", "x" * 100):
        child.sendline(line)
        child.expect(CARD["en"])
    assert load_state(database, 1).history == before
    assert load_state(database, 1).phase is Phase.PLAY
    child.sendline("quit")
    child.expect(pexpect.EOF)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_that_is_not_there_is_said_in_the_persons_language(
    database: Path, lang: str
) -> None:
    """``resume 9`` and ``export 9`` of a game that does not exist: one line in the person's
    language naming it and where the list is (exit 2), not the store's English words."""
    want = Messages(lang)("store.no_match", match="9")
    for command in ("resume", "export"):
        child = spawn([command, "9"], database, lang)
        child.expect(pexpect.EOF)
        child.close()
        text = " ".join(screen(child).split())
        assert child.exitstatus == 2 and want in text and "Traceback" not in text, text
