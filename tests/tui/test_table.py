"""The table without a screen: undo, claims, the record; the entries; the message catalogue."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bridgeroom.i18n import (
    LANGUAGES,
    MessageError,
    call_text,
    card_text,
    catalogue,
    detect_language,
    translate,
)
from bridgeroom.rules import Call, Card, ContractBridgeDeal, Deal, Seat, ThreeHandedDeal
from bridgeroom.rules.state import Phase
from bridgeroom.store import Store
from bridgeroom.tui.entry import Entry, EntryError, read_entry
from bridgeroom.tui.table import PlayTable, TableError

# North holds every top card but the club ace, which East holds.
DEAL = Deal("N:AKQJ.AKQ.AKQ.KQJ T987.JT9.JT9.AT9 6543.876.876.876 2.5432.5432.5432")


@pytest.fixture
def table(tmp_path: Path) -> PlayTable:
    store = Store(str(tmp_path / "t.sqlite3"))
    table = PlayTable.new(store, "contract", seat=Seat.NORTH, robots="random", seed=1)
    table.next_deal(DEAL)
    return table


def test_undo_before_a_robot_acted_and_not_after(table: PlayTable) -> None:
    """Undo takes back my last action only while no robot has acted on it; the log keeps the undo
    ('undo 0': the deal keeps none of its actions)."""
    table.act(Call("1C"))
    assert table.undo() == Call("1C")
    assert table.state is not None and table.state.history == []
    table.act(Call("7NT"))
    table.robots_act()
    with pytest.raises(TableError) as err:
        table.undo()
    assert err.value.key == "error.robot_acted"
    actions = [a.action for a in table.store.get_match(table.id).deals[0].actions]
    assert actions[:3] == ["1C", "undo 0", "7NT"]


def finish_the_trick(table: PlayTable) -> int:
    """North plays his lowest legal card (and the dummy's) until the trick is over; the robots
    play theirs. Returns the tricks North's side may still claim: all those left, but the club
    ace's while East still holds it."""
    state = table.state
    assert state is not None
    played = len(state.tricks)
    while len(state.tricks) == played:
        if table.human_to_act():
            table.act(state.legal_actions()[0])
        table.robots_act()
    ace_out = Card("CA") in state.hand(Seat.EAST)
    return state.tricks_left - (1 if ace_out else 0)


def test_claims_are_accepted_when_right_double_dummy(table: PlayTable) -> None:
    """East's club ace is a sure trick: North cannot claim all 13 tricks; he claims again once
    the trick is played (one claim per trick), the tricks that are his, and it is accepted."""
    table.act(Call("7NT"))
    table.robots_act()  # East may double; then the lead
    while table.state is not None and table.state.phase is Phase.AUCTION:
        table.act(Call("P"))
        table.robots_act()
    state = table.state
    assert state is not None and state.phase is Phase.PLAY and table.human_to_act()
    accepted, n = table.claim(None)
    assert (accepted, n) == (False, 13)
    with pytest.raises(TableError) as err:
        table.claim(12)
    assert err.value.key == "table.one_claim_per_trick"
    right = finish_the_trick(table)
    accepted, n = table.claim(right)
    assert (accepted, n) == (True, right)
    last = table.last_state
    assert last is not None and last.result is not None and last.result.tricks == 12
    record = table.store.get_match(table.id).deals[0]
    assert record.actions[-1].action == f"claim {right}" and record.result is not None
    assert [a.action for a in record.actions].count("face") == 2  # each claim faced his hand


def test_basic_robots_judge_a_claim_from_their_own_view(tmp_path: Path) -> None:
    """Robots that judge claims (basic, expert) check them over the layouts they cannot see, with
    the claimer's hand faced (Law 68): East sees his own club ace and refuses 13, accepts 12."""
    store = Store(str(tmp_path / "t.sqlite3"))
    table = PlayTable.new(store, "contract", seat=Seat.NORTH, robots="basic", seed=1)
    table.next_deal(DEAL)
    table.act(Call("7NT"))
    table.robots_act()
    while table.state is not None and table.state.phase is Phase.AUCTION:
        table.act(Call("P"))
        table.robots_act()
    assert table.state is not None and table.state.phase is Phase.PLAY and table.human_to_act()
    assert table.claim(None) == (False, 13)
    right = finish_the_trick(table)
    assert table.claim(right) == (True, right)
    last = table.last_state
    assert last is not None and last.result is not None and last.result.tricks == 12


def test_claim_only_in_play(table: PlayTable) -> None:
    with pytest.raises(TableError) as err:
        table.claim(None)
    assert err.value.key == "error.claim_in_play"


def test_cb_5_cb_6_entries_checked_as_typed() -> None:
    state = ContractBridgeDeal(DEAL)
    assert read_entry("1n", state, "en") == Entry("action", Call("1NT"))
    assert read_entry("пас", state, "ru") == Entry("action", Call("P"))
    # the rules' refusal, in their words (CB-6): North is to call, with no bid to double
    with pytest.raises(
        EntryError, match=r"North may not double: there is no bid to double \(CB-6\)"
    ):
        read_entry("x", state, "en")
    state.apply("2C")
    with pytest.raises(EntryError, match=r"1♥ is not enough: the last bid is 2♣ \(CB-5\)"):
        read_entry("1h", state, "en")
    assert read_entry("claim 3", state, "en") == Entry("claim", 3)
    with pytest.raises(EntryError, match="after it"):
        read_entry("undo now", state, "en")


def test_th_11_a_revoke_typed_in_table_mode_is_the_rules_to_judge() -> None:
    """The terminal asks the rules: in table mode a revoke is played and penalised once
    established (CB-V1, CB-V2, TH-11), so the typed H6 is accepted with spades in hand; in
    strict mode the same card is refused (CB-10)."""
    deal = "N:AKQJ.5432.543.32 T987.876.876.654 6543.AKQ.AKQ.AKQ 2.JT9.JT92.JT987"
    for mode in ("table", "strict"):
        state = ThreeHandedDeal(deal, Seat.NORTH, mode=mode, players=("Ann", "Bob", "Cy"))
        for action in ["P", "P", "1NT", "P", "P", "SA", "S3"]:
            state.apply(action)
        assert state.turn == Seat.EAST and Card("ST") in state.hand(Seat.EAST)
        if mode == "table":
            assert read_entry("h6", state, "en") == Entry("action", Card("H6"))
        else:
            with pytest.raises(EntryError, match=r"East must follow suit in spades.*\(CB-10\)"):
                read_entry("h6", state, "en")


def test_cb_10_follow_suit_and_rank_alone() -> None:
    state = ContractBridgeDeal(DEAL)
    for call in ["7NT", "P", "P", "P", "CA"]:
        state.apply(call)
    # South (dummy) must follow in clubs: '6' is the club six
    assert read_entry("6", state, "en") == Entry("action", Card("C6"))
    with pytest.raises(
        EntryError, match=r"South must follow suit in clubs: ♠6 is not allowed \(CB-10\)"
    ):
        read_entry("s6", state, "en")
    with pytest.raises(EntryError, match="Юг: нужно ходить в масть — трефы; ♠6 нельзя"):
        read_entry("п6", state, "ru")


def test_both_catalogues_have_the_same_keys_and_placeholders() -> None:
    en, ru = catalogue("en"), catalogue("ru")
    assert set(en) == set(ru)
    for key in en:
        assert set(re.findall(r"\{(\w+)", en[key])) == set(re.findall(r"\{(\w+)", ru[key])), key


def test_russian_card_letters_and_calls() -> None:
    """Т К Д В for A K Q J; suit names; БК for no trump."""
    assert [card_text(Card(c), "ru") for c in ("SA", "HK", "DQ", "CJ", "ST")] == [
        "♠Т",
        "♥К",
        "♦Д",
        "♣В",
        "♠10",
    ]
    assert [translate(f"suit.{s}", "ru") for s in "SHDC"] == ["пики", "червы", "бубны", "трефы"]
    assert [call_text(Call(c), "ru") for c in ("P", "X", "XX", "3NT")] == [
        "пас",
        "контра",
        "реконтра",
        "3БК",
    ]


def test_language_from_option_variable_or_locale() -> None:
    assert detect_language("ru", {"LANG": "en_US.UTF-8"}) == "ru"
    assert detect_language(None, {"BRIDGEROOM_LANG": "ru", "LANG": "en_US"}) == "ru"
    assert detect_language(None, {"LC_ALL": "ru_RU.UTF-8"}) == "ru"
    assert detect_language(None, {}) == "en"
    assert set(LANGUAGES) == {"en", "ru"}
    with pytest.raises(MessageError):
        detect_language("de")
    with pytest.raises(MessageError, match="no message"):
        translate("play.nothing", "en")


def test_a_resumed_seeded_match_deals_on_as_it_would_have(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "r.sqlite3"))
    table = PlayTable.new(store, "contract", seat=Seat.SOUTH, robots="random", seed=4)
    table.next_deal()
    while table.state is not None:
        table.robots_act()
        if table.state is not None:
            table.act(table.state.legal_actions()[0])
    second = table.next_deal()
    resumed = PlayTable.resume(store, table.id)
    assert resumed.state is not None and resumed.state.deal == second.deal
    assert [s.deal for s in resumed.match.deals] == [s.deal for s in table.match.deals]


def test_robot_calls_come_with_their_system_meaning(tmp_path: Path) -> None:
    """Law 20F: what the robots' calls mean in their system is told at the table (docs/bidding.md);
    a random robot's calls follow no system and carry no meaning."""
    for level in ("basic", "random"):
        store = Store(str(tmp_path / f"{level}.sqlite3"))
        table = PlayTable.new(store, "contract", seat=Seat.SOUTH, robots=level, seed=4)
        table.next_deal()
        events = table.robots_act()
        calls = [e for e in events if isinstance(e.action, Call)]
        assert calls  # South is not the dealer on the first deal, so robots call first
        for event in calls:
            if level == "random":
                assert event.meaning is None
            else:
                assert event.meaning is not None and event.meaning.render("ru")
        store.close()


def test_a_hint_never_rests_on_too_few_layouts(tmp_path: Path) -> None:
    """Issue 15, item 5: a three-handed hint was '4♥ ... makes in 100% of 1 layouts' on an
    8-point hand. The hint's expert thinks longer than at the table; its reason names how many
    layouts it rests on, never fewer than the robots' floor, or says they were too few and gives
    its cheaper estimate."""
    from bridgeroom.robots.three_handed import MIN_LAYOUTS

    store = Store(str(tmp_path / "h.sqlite3"))
    table = PlayTable.new(store, "three-handed", robots="basic", seed=3)
    table.next_deal()
    table.robots_act()
    reason = table.hint().why.render("en")
    counted = re.search(r"of (\d+) layouts", reason)
    if counted is not None:
        assert int(counted.group(1)) >= MIN_LAYOUTS, reason
    else:
        assert "too few to judge" in reason, reason
    store.close()
