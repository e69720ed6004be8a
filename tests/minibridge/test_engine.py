"""Mini-bridge engine: boards, announcements, declarer rules, naming, play, revokes (MB-1 to MB-12, MB-A1 to MB-A8).

Every deal below was built by hand; its high-card points are worked out in the
comment above it, and the expected declarers, leaders and trick counts come
from the rules, not from running the engine.
"""

from __future__ import annotations

import pytest

from bridgeroom.errors import (
    BridgeError,
    IllegalActionError,
    IllegalCallError,
    IllegalPlayError,
    ParseError,
    WrongPhaseError,
)
from bridgeroom.rules import (
    EBU_OPTIONS,
    Announce,
    AnnouncementError,
    Call,
    Card,
    Contract,
    CorrectAnnouncement,
    Correction,
    Deal,
    Hand,
    MiniBridgeDeal,
    Mode,
    Phase,
    Seat,
    Side,
    Vulnerability,
    choose_declarer,
    declaring_side,
)

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# N 37 (all aces, kings, queens, SJ), E 3 (three jacks), S 0, W 0.
BIG = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
# Seed example 12-8 against 16-4: N SAKQ HK = 12; E HAQJ DAK CQ = 7+7+2 = 16;
# S SJ DQJ CA = 1+3+4 = 8; W CKJ = 4. Each pair 20.
D_12_16_8_4 = "N:AKQT98.KT98.T98. .AQJ765.AK.QT987 J765..QJ765.A654 432.432.432.KJ32"
# 10-10-10-10: every hand holds one ace, one king, one queen and one jack.
D_10_10_10_10 = "N:AT98.KT98.QT98.J J765.A765.K.QT98 Q432.J.A765.K765 K.Q432.J432.A432"
# 11-9 against 11-9 (pair-wise): N SA HKJ DQ CJ = 4+3+1+2+1 = 11; E SJ HA DKJ CQ = 1+4+3+1+2 = 11;
# S SQ DA CK = 2+4+3 = 9; W SK HQ CA = 3+2+4 = 9.
D_11_11_9_9 = "N:AT98.KJT9.QT98.J J76.A765.KJ.QT98 Q432.8.A765.K765 K5.Q432.432.A432"
# Partners equal: N SAK HKJ DJ = 4+3+3+1+1 = 12; S HA DA CKJ = 4+4+3+1 = 12; E four queens = 8;
# W SJ DK CA = 1+3+4 = 8. NS 24 against EW 16.
D_12_8_12_8 = "N:AKT9.KJT9.JT98.T Q543.Q654.Q54.Q7 876.A87.A76.KJ98 J2.32.K32.A65432"
# N thirteen spades (10); E H5432 DT98 CAKQJT9 (10); S HAKQJT9876 DAKQJ (20); W no honour (0).
# NS 30: S declares, N is dummy, W leads. At spades N's trumps win every trick.
D_SPADES = "N:AKQJT98765432... .5432.T98.AKQJT9 .AKQJT9876.AKQJ. ..765432.8765432"
# N SKQJT HAKQJT DAKQJ = 6+10+10 = 26; E SA and twelve clubs AKQJT9876543 = 4+10 = 14;
# S (C2 the only club) 0; W 0. N declares; at clubs E wins every trick.
D_CLUBS = "N:KQJT.AKQJT.AKQJ. A...AKQJT9876543 9876.9876.T987.2 5432.5432.65432."


def announced(deal: str, dealer: Seat = N, **kw: object) -> MiniBridgeDeal:
    state = MiniBridgeDeal(deal, dealer, **kw)  # type: ignore[arg-type]
    state.announce_all()
    return state


def play_out(state: MiniBridgeDeal) -> None:
    """Play the first legal card until the deal is over."""
    while not state.is_over:
        state.apply(state.legal_actions()[0])


def test_hand_hcp_worked_by_hand() -> None:
    """MB-2: A 4, K 3, Q 2, J 1 (the counts written beside the deals above)."""
    for deal, counts in [
        (BIG, (37, 3, 0, 0)),
        (D_12_16_8_4, (12, 16, 8, 4)),
        (D_10_10_10_10, (10, 10, 10, 10)),
        (D_11_11_9_9, (11, 11, 9, 9)),
        (D_12_8_12_8, (12, 8, 12, 8)),
        (D_SPADES, (10, 10, 20, 0)),
        (D_CLUBS, (26, 14, 0, 0)),
    ]:
        d = Deal(deal)
        assert d.is_complete
        assert tuple(d[s].hcp for s in Seat) == counts


# --- MB-1: boards, pairs, sorted hands ---------------------------------------


@pytest.mark.parametrize(
    ("board", "dealer", "vul"),
    [
        (1, N, Vulnerability.NONE),
        (2, E, Vulnerability.NS),
        (3, S, Vulnerability.EW),
        (4, W, Vulnerability.BOTH),
        (5, N, Vulnerability.NS),
        (8, W, Vulnerability.NONE),
        (10, E, Vulnerability.BOTH),
        (13, N, Vulnerability.BOTH),
        (16, W, Vulnerability.EW),
        (17, N, Vulnerability.NONE),
    ],
)
def test_mb1_board_sets_dealer_and_vulnerability(
    board: int, dealer: Seat, vul: Vulnerability
) -> None:
    """MB-1, MB-A8: the board fixes dealer and vulnerability by CB-B1/CB-B2."""
    state = MiniBridgeDeal.from_board(board, BIG)
    assert state.board == board
    assert state.dealer == dealer
    assert state.vulnerability == vul
    assert state.to_act == dealer  # the dealer announces first (MB-2)


def test_mb1_board_numbers_start_at_one() -> None:
    """MB-1: boards are numbered from 1."""
    with pytest.raises(BridgeError):
        MiniBridgeDeal.from_board(0, BIG)


def test_mb1_hands_sorted_by_suit_high_to_low() -> None:
    """MB-1: cards are held sorted by suit (S, H, D, C), high to low."""
    state = MiniBridgeDeal(D_12_16_8_4)
    hand = state.view(E).hand
    assert hand is not None
    assert str(hand) == ".AQJ765.AK.QT987"
    assert [str(c) for c in hand] == [
        "HA", "HQ", "HJ", "H7", "H6", "H5", "DA", "DK", "CQ", "CT", "C9", "C8", "C7",
    ]  # fmt: skip


def test_mb1_pairs_are_ns_and_ew() -> None:
    """MB-1: the declaring unit is a pair; dummy is declarer's partner."""
    state = announced(D_12_8_12_8, N)
    assert state.declarer is not None and state.dummy == state.declarer.partner


# --- MB-2: announcements ---------------------------------------------------------


def test_mb2_announcements_go_clockwise_from_dealer() -> None:
    """MB-2: starting with the dealer, each player announces in clockwise order."""
    state = MiniBridgeDeal(D_12_16_8_4, S)  # S 8, W 4, N 12, E 16
    seen = []
    for points in (8, 4, 12, 16):
        seen.append(state.to_act)
        assert state.legal_actions() == [Announce(points)]
        state.apply(Announce(points))
    assert seen == [S, W, N, E]
    assert state.announcements == ((S, 8), (W, 4), (N, 12), (E, 16))
    assert state.announcement_total == 40
    assert state.phase is Phase.NAMING


def test_mb2_strict_mode_rejects_a_wrong_count() -> None:
    """MB-2: strict mode refuses a wrong count with a typed error naming MB-2; state unchanged."""
    state = MiniBridgeDeal(D_12_16_8_4, N)
    with pytest.raises(AnnouncementError) as info:
        state.apply(Announce(11))
    assert info.value.rule == "MB-2"
    # the catalogue's words: the count announced, not the true one (the player counts again)
    assert str(info.value) == (
        "North does not hold 11 high-card points: count again (A 4, K 3, Q 2, J 1) (MB-2)."
    )
    assert isinstance(info.value, IllegalActionError)
    assert state.history == [] and state.announcements == () and state.to_act == N
    state.apply("12")
    assert state.announcements == ((N, 12),)


def test_mb2_announce_all_gives_the_true_counts() -> None:
    """MB-2: the engine can announce for the players."""
    state = MiniBridgeDeal(D_11_11_9_9, E)
    state.announce_all()
    assert state.announcements == ((E, 11), (S, 9), (W, 9), (N, 11))
    assert [a for _, a in state.history] == [Announce(11), Announce(9), Announce(9), Announce(11)]


def test_mb2_impossible_counts_are_errors() -> None:
    """MB-2: a hand holds 0 to 37 high-card points."""
    with pytest.raises(AnnouncementError):
        Announce(38)
    with pytest.raises(AnnouncementError):
        Announce(-1)
    state = MiniBridgeDeal(BIG, N, mode="table")
    with pytest.raises(BridgeError):
        state.apply("41")
    assert state.history == []


def test_mb2_table_mode_records_a_wrong_count_until_corrected() -> None:
    """MB-2: in table mode a wrong count is recorded; the contract waits for the correction."""
    state = MiniBridgeDeal(D_12_16_8_4, N, mode=Mode.TABLE)
    for text in ("12", "15", "8", "4"):  # E says 15 instead of 16
        state.apply(text)
    assert state.announcements == ((N, 12), (E, 15), (S, 8), (W, 4))
    assert state.announcement_total == 39  # not 40: the table knows something is wrong
    assert state.phase is Phase.ANNOUNCE
    assert state.wrong_announcements() == [E]
    assert state.to_act == E
    assert state.legal_actions() == [CorrectAnnouncement(E, 16)]
    assert state.table_actions(E) == [CorrectAnnouncement(E, 16)]
    assert all(state.table_actions(seat) == [] for seat in (N, S, W))  # only E corrects his own
    with pytest.raises(WrongPhaseError) as info:
        state.apply("3NT")  # no contract before the counts are right
    assert info.value.rule == "MB-2"
    with pytest.raises(AnnouncementError):
        state.apply(CorrectAnnouncement(E, 14))  # a correction must be right
    state.apply("16")  # a bare number from a seat that announced is its correction
    assert state.history[-1] == (E, CorrectAnnouncement(E, 16))
    assert state.announcements == ((N, 12), (E, 16), (S, 8), (W, 4))
    assert state.phase is Phase.NAMING and state.declarer == E


def test_mb2_wrong_counts_totalling_40_are_still_corrected() -> None:
    """MB-2: two errors that cancel in the total are corrected too, in order from the dealer."""
    state = MiniBridgeDeal(D_10_10_10_10, N, mode=Mode.TABLE)
    for text in ("11", "9", "10", "10"):
        state.apply(text)
    assert state.announcement_total == 40
    assert state.wrong_announcements() == [N, E]
    assert state.to_act == N
    state.apply(CorrectAnnouncement(N, 10))
    assert state.to_act == E and state.phase is Phase.ANNOUNCE
    state.apply("correct 10")
    assert state.phase is Phase.NAMING and state.declarer == N


def test_mb2_correction_out_of_turn_during_announcements() -> None:
    """MB-2: a player may correct his count before the others have finished."""
    state = MiniBridgeDeal(D_12_16_8_4, N, mode=Mode.TABLE)
    state.apply("13")
    state.apply("16")
    state.apply(CorrectAnnouncement(N, 12), N)  # S is to announce; N corrects
    assert state.to_act == S
    assert state.announcements == ((N, 12), (E, 16))
    assert state.history[-1] == (N, CorrectAnnouncement(N, 12))
    state.apply("8")
    state.apply("4")
    assert state.phase is Phase.NAMING
    # the record replays, corrections included
    copy = MiniBridgeDeal(D_12_16_8_4, N, mode=Mode.TABLE)
    copy.replay(state.history)
    assert copy.announcements == state.announcements and copy.phase is Phase.NAMING
    state.undo()
    assert state.to_act == W and state.phase is Phase.ANNOUNCE


def test_mb2_only_wrong_counts_are_corrected() -> None:
    """MB-2: there is nothing to correct in a right count, and strict mode has no corrections."""
    table = MiniBridgeDeal(D_12_16_8_4, N, mode=Mode.TABLE)
    table.apply("12")
    with pytest.raises(AnnouncementError):
        table.apply(CorrectAnnouncement(N, 12), N)
    with pytest.raises(IllegalActionError) as info:
        table.apply(Announce(12), N)  # N has announced already; it is E's turn
    assert info.value.rule == "MB-2"
    strict = MiniBridgeDeal(D_12_16_8_4, N)
    strict.apply("12")
    with pytest.raises(AnnouncementError):
        strict.apply(CorrectAnnouncement(N, 12), N)
    assert len(strict.history) == 1 and len(table.history) == 1


def test_mb2_announcements_are_public() -> None:
    """MB-2: every seat's view shows the counts announced so far."""
    state = MiniBridgeDeal(D_11_11_9_9, N)
    state.apply("11")
    state.apply("11")
    for seat in Seat:
        assert state.view(seat).extra.announcements == ((N, 11), (E, 11))


def test_mb2_announcing_after_announcements_is_a_phase_error() -> None:
    """MB-2: the announcements are over once the contract is to be named."""
    state = announced(BIG)
    with pytest.raises(WrongPhaseError):
        state.apply(Announce(37))


# --- MB-3 / MB-A2: the declaring pair --------------------------------------------------


def test_mb3_more_points_declare() -> None:
    """MB-3: the pair with more HCP declares (NS 24 against EW 16)."""
    for dealer in Seat:
        assert declaring_side([12, 8, 12, 8], dealer) is Side.NS
    assert declaring_side([0, 21, 0, 19], N) is Side.EW
    assert announced(D_12_8_12_8, E).declarer in (N, S)


@pytest.mark.parametrize("dealer", list(Seat))
def test_mb3_seed_example_12_8_against_16_4(dealer: Seat) -> None:
    """MB-3 (seed): 12-8 against 16-4 at 20-20: the 16-4 pair declares, whoever deals."""
    assert declaring_side([12, 16, 8, 4], dealer) is Side.EW
    state = announced(D_12_16_8_4, dealer)
    assert state.declarer == E and state.dummy == W
    assert state.phase is Phase.NAMING


@pytest.mark.parametrize("dealer", list(Seat))
def test_mb3_seed_example_10_10_10_10(dealer: Seat) -> None:
    """MB-3, MB-4 (seed): 10-10-10-10: the dealer's pair declares and the dealer is declarer."""
    assert declaring_side([10, 10, 10, 10], dealer) is dealer.side
    state = announced(D_10_10_10_10, dealer)
    assert state.declarer == dealer and state.dummy == dealer.partner


@pytest.mark.parametrize(
    ("dealer", "side", "declarer"),
    [(N, Side.NS, N), (E, Side.EW, E), (S, Side.NS, N), (W, Side.EW, E)],
)
def test_mb3_seed_example_11_9_11_9(dealer: Seat, side: Side, declarer: Seat) -> None:
    """MB-3, MB-A2 (seed): 11-9 against 11-9: equal maxima, the dealer's pair declares;
    within it the 11 is declarer (MB-4), even when the dealer holds the 9."""
    assert declaring_side([11, 11, 9, 9], dealer) is side
    assert announced(D_11_11_9_9, dealer).declarer == declarer


def test_mb3_20_20_further_cases_worked_by_hand() -> None:
    """MB-3: more cases worked by hand (counts N, E, S, W)."""
    assert declaring_side([13, 10, 7, 10], W) is Side.NS  # 13 beats 10
    assert declaring_side([5, 15, 15, 5], N) is Side.NS  # 15 = 15, dealer N
    assert declaring_side([5, 15, 15, 5], E) is Side.EW  # 15 = 15, dealer E
    assert declaring_side([20, 20, 0, 0], S) is Side.NS  # 20 = 20, dealer S
    assert declaring_side([0, 1, 20, 19], N) is Side.NS  # 20-20; 20 beats 19
    assert declaring_side([0, 2, 19, 19], N) is Side.EW  # EW 21 beats NS 19


def test_mb_a2_no_redeal_at_20_20() -> None:
    """MB-A2: a 20-20 deal is always played (EBU/NBB would redeal)."""
    state = announced(D_10_10_10_10, S)
    assert state.phase is Phase.NAMING
    state.apply("1NT")
    assert state.phase is Phase.PLAY


def test_mb3_bad_counts() -> None:
    """MB-2/MB-3: the counts must be four and total 40."""
    with pytest.raises(AnnouncementError):
        declaring_side([10, 10, 10], N)
    with pytest.raises(AnnouncementError):
        declaring_side([10, 10, 10, 11], N)
    with pytest.raises(AnnouncementError):
        choose_declarer([41, 0, 0, -1], N)


# --- MB-4: the declarer ---------------------------------------------------------------


def test_mb4_stronger_partner_declares() -> None:
    """MB-4: the member of the declaring pair with more HCP."""
    assert choose_declarer([12, 16, 8, 4], N) == E
    assert choose_declarer([8, 4, 12, 16], N) == W
    assert choose_declarer([9, 3, 16, 12], E) == S


@pytest.mark.parametrize(("dealer", "declarer"), [(N, N), (E, S), (S, S), (W, N)])
def test_mb4_equal_partners_first_clockwise_from_dealer(dealer: Seat, declarer: Seat) -> None:
    """MB-4: partners equal (12 and 12): the first of them clockwise from the dealer
    (the dealer himself if he is one of them)."""
    assert choose_declarer([12, 8, 12, 8], dealer) == declarer
    state = announced(D_12_8_12_8, dealer)
    assert state.declarer == declarer and state.dummy == declarer.partner


# --- MB-5 / MB-A1: face-down dummy ----------------------------------------------------------


def test_mb5_dummy_lengths_public_cards_hidden() -> None:
    """MB-5, MB-A1: before the lead every seat sees dummy's suit lengths (S, H, D, C), and no one,
    the declarer included, sees a dummy card."""
    state = announced(D_12_8_12_8, N)  # N declares, S dummy: S 876.A87.A76.KJ98
    assert state.declarer == N and state.dummy == S
    for seat in (N, E, W):
        view = state.view(seat)
        assert view.dummy is None
        assert view.dummy_seat == S
        assert view.extra.dummy_lengths == (3, 3, 3, 4)
        assert view.hand is not None and not view.hand.mask & Deal(D_12_8_12_8)[S].mask
    state.apply("2C")
    assert state.view(N).dummy is None and state.view(E).dummy is None  # named, not led
    assert state.view(W).extra.dummy_lengths == (3, 3, 3, 4)


def test_mb5_dummy_lengths_follow_the_declarer() -> None:
    """MB-5: the lengths shown are dummy's; S declares when the dealer is E, so dummy is N."""
    state = announced(D_12_8_12_8, E)
    assert state.dummy == N
    assert state.view(E).extra.dummy_lengths == (4, 4, 4, 1)


# --- MB-6: naming the contract ------------------------------------------------------------


def test_mb6_any_contract_level_1_to_7_any_strain() -> None:
    """MB-6: the declarer may name any of the 35 contracts; no pass, no double."""
    state = announced(D_12_16_8_4, N)
    assert state.to_act == E
    legal = state.legal_actions()
    assert len(legal) == 35
    assert legal[0] == Call("1C") and legal[-1] == Call("7NT")
    assert Call("P") not in legal and Call("X") not in legal


@pytest.mark.parametrize("text", ["1C", "3NT", "4♥", "7NT", "5БК", "6s"])
def test_mb6_contract_parses_as_a_bid(text: str) -> None:
    """MB-6: ``apply("3NT")`` names the contract; tricks needed = level + 6."""
    state = announced(D_12_16_8_4, N)
    state.apply(text)
    bid = Call.parse(text)
    assert state.contract == Contract(bid.level, bid.strain, 0, E)
    assert state.contract is not None and state.contract.tricks_needed == bid.level + 6
    assert state.history[-1] == (E, bid)
    assert state.phase is Phase.PLAY


def test_mb6_contract_object_accepted() -> None:
    """MB-6: a Contract object names the contract too, if undoubled and by the declarer."""
    state = announced(D_12_16_8_4, N)
    with pytest.raises(IllegalCallError):
        state.apply(Contract("4HX"))
    with pytest.raises(IllegalCallError):
        state.apply(Contract("4HN"))
    state.apply(Contract("4HE"))
    assert state.contract == Contract("4HE")


@pytest.mark.parametrize("text", ["P", "X", "XX"])
def test_mb6_no_pass_and_no_doubles(text: str) -> None:
    """MB-6: there is no auction: no pass, double or redouble."""
    state = announced(D_12_16_8_4, N)
    with pytest.raises(IllegalCallError) as info:
        state.apply(text)
    assert info.value.rule == "MB-6"
    assert state.phase is Phase.NAMING and state.contract is None


def test_mb6_only_the_declarer_names() -> None:
    """MB-6: the declarer, and no one else, names the contract."""
    state = announced(D_12_16_8_4, N)
    with pytest.raises(IllegalActionError) as info:
        state.apply("3NT", W)
    assert info.value.rule == "MB-6"
    assert state.contract is None


def test_mb6_no_card_before_the_contract() -> None:
    """MB-6, MB-7: play starts once the contract is named."""
    state = announced(D_12_16_8_4, N)
    with pytest.raises(WrongPhaseError):
        state.apply(Card("HA"))


# --- MB-7: the lead, dummy turned face up, declarer plays dummy -----------------------------


@pytest.mark.parametrize(
    ("deal", "dealer", "declarer", "leader"),
    [
        (D_12_16_8_4, N, E, S),
        (D_10_10_10_10, W, W, N),
        (D_12_8_12_8, E, S, W),
        (D_SPADES, N, S, W),
    ],
)
def test_mb7_declarers_left_hand_opponent_leads(
    deal: str, dealer: Seat, declarer: Seat, leader: Seat
) -> None:
    """MB-7: the player on the declarer's left leads, with any card."""
    state = announced(deal, dealer)
    assert state.declarer == declarer
    state.apply("1NT")
    assert state.to_act == leader
    assert len(state.legal_actions()) == 13


def test_mb7_dummy_face_up_after_the_lead_and_played_by_declarer() -> None:
    """MB-7: dummy is turned face up after the opening lead; dummy plays the cards declarer names."""
    state = announced(D_12_16_8_4, N)  # E declares, W dummy, S leads
    state.apply("3NT")
    for seat in Seat:
        assert state.view(seat).dummy is None
    state.apply("SJ")  # S leads
    for seat in (N, E, S):
        assert state.view(seat).dummy == Hand("432.432.432.KJ32")
    assert state.turn == W and state.to_act == E  # dummy's card, declarer decides
    assert set(state.view(E).legal) == {Card("S4"), Card("S3"), Card("S2")}
    with pytest.raises(IllegalActionError):
        state.apply("S4", W)  # dummy does not act for himself
    state.apply("S4")
    assert state.history[-1] == (E, Card("S4"))
    assert state.to_act == N


# --- MB-8: play as in bridge -------------------------------------------------------------


def test_mb8_follow_suit_and_highest_card_wins() -> None:
    """MB-8 (CB-10): follow suit; the highest card of the suit led wins at notrump."""
    state = announced(BIG)  # N declares, S dummy, E leads
    state.apply("1NT")
    state.apply("S7")
    with pytest.raises(IllegalPlayError):
        state.apply("H8")  # S holds spades
    state.apply("S3")
    state.apply("S2")
    state.apply("SA")
    assert state.tricks[-1].winner == N
    assert state.to_act == N
    assert state.view(E).declarer_tricks == 1 and state.view(E).defender_tricks == 0


def test_mb8_trump_wins() -> None:
    """MB-8 (CB-10): a trump beats the suit led."""
    state = announced(D_SPADES)  # S declares, N dummy, W leads
    state.apply("7S")
    state.apply("D7")  # W
    state.apply("S2")  # N (dummy) ruffs: void in diamonds
    state.apply("D8")  # E
    state.apply("DA")  # S
    assert state.tricks[0].winner == N
    assert state.to_act == S  # dummy won: declarer leads from dummy


def test_mb8_tricks_are_counted_at_the_end() -> None:
    """MB-8: the deal ends after 13 tricks; at spades N's 13 trumps take them all."""
    state = announced(D_SPADES)
    state.apply("7S")
    play_out(state)
    assert state.phase is Phase.DONE
    result = state.result
    assert result is not None
    assert result.tricks == 13 and result.contract == Contract("7SS")
    assert state.view(W).deal == Deal(D_SPADES)  # all cards shown when the deal is over


# --- MB-12 / MB-A5: revokes in table mode ------------------------------------------------------


def test_mb12_strict_mode_refuses_a_revoke() -> None:
    """MB-12 in strict mode: failing to follow suit is refused (CB-10)."""
    state = announced(D_10_10_10_10)
    state.apply("1NT")
    state.apply("HA")  # E leads
    state.apply("HJ")  # S
    with pytest.raises(IllegalPlayError):
        state.apply("C2")  # W holds hearts


def test_mb12_defending_line_revokes_loses_one_trick() -> None:
    """MB-12: the defenders revoked and won a trick: one trick goes to the declaring line."""
    state = announced(D_10_10_10_10, N, mode=Mode.TABLE)  # N declares 1NT, E leads
    state.apply("1NT")
    state.apply("HA")
    state.apply("HJ")
    state.apply("C2")  # W revokes (holds Q432 of hearts)
    state.apply("H8")
    assert state.tricks[0].winner == E  # the defenders keep at least this trick
    assert len(state.revokes) == 1 and state.revokes[0].seat == W
    play_out(state)
    result = state.result
    assert result is not None
    assert result.adjustment == 1
    assert result.tricks == result.tricks_taken + 1


def test_mb_a5_one_trick_whatever_the_number_of_revokes() -> None:
    """MB-A5: the declaring line revoked twice and won tricks: it loses one trick, not two."""
    state = announced(BIG, N, mode=Mode.TABLE)  # N declares, S dummy, E leads
    state.apply("1NT")
    state.apply("S7")
    state.apply("H6")  # dummy S revokes (holds spades)
    state.apply("S2")
    state.apply("SA")
    state.apply("SK")
    state.apply("S8")
    state.apply("D6")  # dummy S revokes again
    state.apply("H2")  # W is void in spades now
    assert [t.winner for t in state.tricks] == [N, N]
    play_out(state)
    result = state.result
    assert result is not None
    assert len(state.revokes) == 2
    assert result.adjustment == -1
    assert result.tricks == result.tricks_taken - 1


def test_mb_a5_both_lines_revoke_cancel() -> None:
    """MB-A5: both lines revoked: the transfers cancel."""
    state = announced(BIG, N, mode=Mode.TABLE)
    state.apply("1NT")
    state.apply("S7")
    state.apply("H6")  # S (declaring line) revokes
    state.apply("H2")  # W (defending line) revokes: holds S2
    state.apply("SA")
    play_out(state)
    result = state.result
    assert result is not None
    assert {r.seat for r in state.revokes} == {S, W}
    assert result.adjustment == 0 and result.tricks == result.tricks_taken


def test_mb_a5_defenders_with_no_trick_cannot_lose_one() -> None:
    """MB-A5: the defenders revoked but won no trick: nothing to transfer (7S by S takes all 13)."""
    state = announced(D_SPADES, N, mode=Mode.TABLE)
    state.apply("7S")
    state.apply("D7")  # W leads
    state.apply("S2")  # N ruffs
    state.apply("C9")  # E revokes: holds T98 of diamonds
    state.apply("DA")
    play_out(state)
    result = state.result
    assert result is not None
    assert result.tricks_taken == 13 and result.adjustment == 0 and result.tricks == 13


def test_mb_a5_declarers_with_no_trick_cannot_lose_one() -> None:
    """MB-A5: the declaring line revoked but won no trick (at clubs E wins all 13)."""
    state = announced(D_CLUBS, N, mode=Mode.TABLE)  # N declares 1C, E leads
    assert state.declarer == N
    state.apply("1C")
    state.apply("C3")  # E leads a trump
    state.apply("H6")  # S revokes: holds C2
    state.apply(state.legal_actions()[0])  # W
    state.apply(state.legal_actions()[0])  # N
    play_out(state)
    result = state.result
    assert result is not None
    assert result.tricks_taken == 0 and result.adjustment == 0 and result.tricks == 0


def test_mb_a5_revokes_are_not_corrected() -> None:
    """MB-A5: a mini-bridge revoke is found at the end; no correction is offered or accepted."""
    state = announced(D_10_10_10_10, N, mode=Mode.TABLE)
    state.apply("1NT")
    state.apply("HA")
    state.apply("HJ")
    state.apply("C2")
    assert all(state.table_actions(seat) == [] for seat in Seat)
    with pytest.raises(IllegalActionError) as info:
        state.apply(Correction(Card("H2")))
    assert info.value.rule == "MB-A5"


# --- MB-A1 option: the EBU's open dummy -------------------------------------------------------


def test_mb_a1_ebu_option_dummy_face_up_before_the_contract() -> None:
    """MB-A1 option: with the EBU options dummy is face up as soon as the declarer is known."""
    state = MiniBridgeDeal.from_board(1, D_12_16_8_4, options=EBU_OPTIONS)
    state.announce_all()
    assert state.phase is Phase.NAMING
    for seat in (N, E, S):
        assert state.view(seat).dummy == Hand("432.432.432.KJ32")
    assert state.options.overtricks is True


def test_default_options_are_the_seeds() -> None:
    """MB-A1, MB-A6: the EBU practices are options, off by default."""
    state = MiniBridgeDeal(BIG)
    assert state.options.open_dummy is False and state.options.overtricks is False


# --- agent API ------------------------------------------------------------------------------


def test_action_ids_round_trip() -> None:
    """Every action has an integer id that maps back to it."""
    state = MiniBridgeDeal(BIG, mode=Mode.TABLE)
    actions: list[object] = [Announce(p) for p in range(38)]
    actions += [CorrectAnnouncement(s, p) for s in Seat for p in range(38)]
    actions += [Card("SA"), Call("3NT")]
    ids = [state.action_id(a) for a in actions]
    assert len(set(ids)) == len(ids)
    assert max(ids) < state.num_action_ids
    assert [state.action_from_id(i) for i in ids] == actions
    state.apply(state.action_id(Announce(37)))
    assert state.announcements == ((N, 37),)


def test_clone_is_independent() -> None:
    """A clone can be changed without touching the original."""
    state = MiniBridgeDeal(BIG, mode=Mode.TABLE)
    state.apply("30")
    copy = state.clone()
    copy.apply("3")
    copy.apply(CorrectAnnouncement(N, 37), N)
    assert state.announcements == ((N, 30),)
    assert copy.announcements == ((N, 37), (E, 3))


def test_parse_errors_are_typed() -> None:
    """Bad text raises a ParseError naming the input."""
    state = MiniBridgeDeal(BIG)
    with pytest.raises(ParseError, match="xyz"):
        state.apply("xyz")
    with pytest.raises(ParseError):
        CorrectAnnouncement.parse("correct 5")
    assert CorrectAnnouncement.parse("correct w 5") == CorrectAnnouncement(W, 5)
    assert Announce.parse("12 HCP") == Announce(12)


def test_repr_pastes_back() -> None:
    """The repr names the class, the deal, dealer, vulnerability and board."""
    state = MiniBridgeDeal.from_board(7, BIG)
    text = repr(state).split(" #")[0]
    again = eval(text, {"MiniBridgeDeal": MiniBridgeDeal})
    assert again.deal == state.deal and again.board == 7
    assert (again.dealer, again.vulnerability) == (S, Vulnerability.BOTH)
