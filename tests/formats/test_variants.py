"""bridgeroom's PBN extensions: three-handed bridge, auction bridge, mini-bridge.

Expected values are worked by hand from docs/rules.md (TH-, AB-, MB- rules named in
each test) and the deal below.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.errors import ParseError
from bridgeroom.formats import pbn
from bridgeroom.formats.pbn import PbnGame
from bridgeroom.rules import (
    Contract,
    ContractBridgeDeal,
    Deal,
    DealState,
    Mode,
    Phase,
    Seat,
)
from bridgeroom.rules.minibridge import (
    EBU_OPTIONS,
    Announce,
    CorrectAnnouncement,
    MiniBridgeDeal,
)
from bridgeroom.rules.three_handed import (
    CancelBid,
    CancelDouble,
    DoubleOf,
    LookAtDummy,
    ThreeHandedDeal,
)

from ..strategies import Line, contract_deals, lines, minibridge_deals, three_handed_deals

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def one(text: str) -> PbnGame:
    [game] = pbn.loads(text)
    return game


# --- three-handed bridge ------------------------------------------------------------

# Ann deals at North, Bob sits East, Cy West; the dummy is South, opposite the dealer (TH-4).
# Auction (TH-6, TH-7): Ann 1S, Bob 2C, Cy Pass, Ann Pass: two passes close it; Bob declares.
# The Auction section gives each compass seat its column from the dealer, as four-seat readers
# read it: North 1S, East 2C, South (the dummy, who does not call) Pass, West Pass, North Pass.
# TH-9: the defender on the declarer's left, Cy (West), leads. TH-10: the order of play is
# declarer -> left defender -> dummy -> right defender, so from West: W, S, N, E.
# Trick 1: Cy S2, dummy S3, Ann SA, Bob S7: Ann wins and leads HA; Bob HJ, Cy H2, dummy H6.
THREE = """\
[Event "Three at home"]
[Site "?"]
[Date "????.??.??"]
[Board "?"]
[West "Cy"]
[North "Ann"]
[East "Bob"]
[South "Dummy"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Scoring "three-handed-contract"]
[Declarer "E"]
[Contract "2C"]
[Result "?"]
[Auction "N"]
1S 2C Pass Pass
Pass
[Play "W"]
S2 SA S7 S3
H2 HA HJ H6
*
[Variant "three-handed"]
[Players "Ann,Bob,Cy"]
[DummySeat "S"]
[Pack "1"]
"""


def three_handed_state() -> ThreeHandedDeal:
    state = ThreeHandedDeal(Deal(DEAL), Seat.NORTH, players=("Ann", "Bob", "Cy"))
    for action in "1S 2C P P S2 S3 SA S7 HA HJ H2 H6".split():
        state.apply(action)
    return state


def test_th_10_three_handed_deal_written_by_hand() -> None:
    """TH-4, TH-6, TH-7, TH-9, TH-10: the record above, cards in compass seat columns."""
    game = PbnGame.from_state(
        three_handed_state(), Event="Three at home", Scoring="three-handed-contract"
    )
    assert game.to_pbn() == THREE


def test_th_10_three_handed_deal_read_and_replayed() -> None:
    game = one(THREE)
    assert game.variant.name == "three-handed"
    state = game.to_state()
    assert isinstance(state, ThreeHandedDeal)
    assert state.player_names == ("Ann", "Bob", "Cy")
    assert state.contract == Contract("2CE")
    assert [t.seats for t in state.tricks] == [
        (Seat.WEST, Seat.SOUTH, Seat.NORTH, Seat.EAST),
        (Seat.NORTH, Seat.EAST, Seat.WEST, Seat.SOUTH),
    ]
    assert state.history == three_handed_state().history
    assert pbn.dumps(game) == "% PBN 2.1\n% EXPORT\n" + THREE + "\n"


def test_th_6_an_auction_of_three_calls_a_row_reads_as_the_players_calls() -> None:
    """The form bridgeroom wrote before: rows of three calls, the players' alone (dealer, LHO,
    RHO, TH-6); it reads as the same deal."""
    old = THREE.replace("1S 2C Pass Pass\nPass\n", "1S 2C Pass\nPass\n")
    assert one(old).to_state().history == one(THREE).to_state().history


def test_th_6_a_call_in_the_dummy_column_is_refused() -> None:
    """The dummy does not call (TH-6): a bid in its column is an error naming its line."""
    text = THREE.replace("1S 2C Pass Pass\nPass\n", "1S 2C 3C Pass\nPass\n")
    with pytest.raises(ParseError) as info:
        one(text).to_state()
    assert "TH-6" in str(info.value)
    assert info.value.line == THREE.splitlines().index("1S 2C Pass Pass") + 1


def test_th_7_all_pass_after_a_bid_is_two_passes() -> None:
    """TH-7: AP after Ann's 1NT is Bob's and Cy's pass, which close the auction."""
    text = THREE.split("[Auction")[0].replace('"2C"', '"1NT"').replace('"E"]', '"N"]', 1)
    text += '[Auction "N"]\n1NT AP\n[Variant "three-handed"]\n[Players "Ann,Bob,Cy"]\n'
    state = one(text).to_state()
    assert [str(c) for _, c in state.calls] == ["1NT", "P", "P"]
    assert state.contract == Contract("1NTN")
    assert state.to_act is Seat.EAST  # TH-9: Bob, on the declarer's left, leads


def test_th_7_three_passes_pass_the_deal_out() -> None:
    text = (
        f'[Variant "three-handed"]\n[Dealer "E"]\n[Deal "{DEAL}"]\n[Auction "E"]\nPass Pass Pass\n'
    )
    state = one(text).to_state()
    assert state.phase is Phase.DONE and state.contract is None
    assert PbnGame.from_state(state).tags["Contract"] == "Pass"


def test_th_4_dummy_seat_must_be_opposite_the_dealer() -> None:
    text = f'[Variant "three-handed"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[DummySeat "E"]\n'
    with pytest.raises(ParseError) as info:
        one(text).to_state()
    assert info.value.line == 4
    assert "TH-4" in str(info.value)


def test_th_1_players_and_pack_tags_are_checked() -> None:
    base = f'[Variant "three-handed"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n'
    with pytest.raises(ParseError) as info:
        one(base + '[Players "Ann,Bob"]\n').to_state()
    assert info.value.line == 4
    with pytest.raises(ParseError) as info:
        one(base + '[Pack "3"]\n').to_state()
    assert info.value.line == 4
    with pytest.raises(ParseError):
        one(base + '[Players "Ann,Ann,Cy"]\n').to_state()


def test_th_17_vulnerable_players_and_pack_round_trip() -> None:
    state = ThreeHandedDeal(
        Deal(DEAL), Seat.EAST, players=("Ann", "Bob", "Cy"), pack=2, vulnerable=["Cy"]
    )
    game = PbnGame.from_state(state)
    assert game.tags["Pack"] == "2"
    assert game.tags["VulnerablePlayers"] == "Cy"
    assert game.tags["DummySeat"] == "W"
    again = one(pbn.dumps(game)).to_state()
    assert isinstance(again, ThreeHandedDeal)
    assert (again.pack, again.vulnerable, again.dealer) == (2, frozenset({"Cy"}), Seat.EAST)


def test_three_handed_marked_by_its_scoring_alone() -> None:
    game = one(f'[Scoring "three-handed-auction"]\n[Dealer "S"]\n[Deal "{DEAL}"]\n')
    assert game.variant.name == "three-handed"
    assert isinstance(game.to_state(), ThreeHandedDeal)


def test_th_21_to_th_23_irregularities_and_rectifications_read_back() -> None:
    """TH-23 a look at the dummy, TH-22 an insufficient bid cancelled, TH-21 an improper double
    cancelled: the AuctionRecord tag keeps every action of the auction by its seat; the Auction
    section holds the calls that stand (what any PBN reader reads), and the replay in table
    mode gives the same state."""
    state = ThreeHandedDeal(Deal(DEAL), players=("Ann", "Bob", "Cy"), mode=Mode.TABLE)
    state.apply("1S")  # North
    state.apply("2C")  # East
    state.apply(DoubleOf(0))  # West doubles 1S, not the last bid: improper (TH-21) ...
    state.apply(CancelDouble(), Seat.NORTH)  # ... cancelled by North, now protected
    state.apply(LookAtDummy(), Seat.WEST)  # West looks: barred, his calls are passes (TH-23)
    for call in ("P", "2S", "1H"):  # East's 1H is insufficient (TH-22) ...
        state.apply(call)
    state.apply(CancelBid(), Seat.WEST)  # ... cancelled by West
    for call in ("3H", "P", "P"):
        state.apply(call)
    assert state.contract == Contract("3HE")
    game = PbnGame.from_state(state)
    record = game.tags["AuctionRecord"]
    assert record.startswith("N 1S; E 2C; W X of call 0; N cancel double; W look at dummy; W P")
    assert "E 1H; W cancel bid; E 3H" in record
    assert game.auction is not None
    # North 1S, East 2C, (South, the dummy), West P, North 2S, East 3H, (South), West P, North P
    assert [str(c) for c in game.auction.calls] == "1S 2C P P 2S 3H P P P".split()
    players = game.variant.read_auction(game)
    assert players is not None
    assert [str(c) for c in players.calls] == ["1S", "2C", "P", "2S", "3H", "P", "P"]
    again = one(pbn.dumps(game)).to_state()  # strict by default: the record asks for table mode
    assert again.history == state.history and again.contract == state.contract
    assert again.barred == frozenset({Seat.WEST}) and again.protected == frozenset({Seat.NORTH})


def test_th_22_an_irregular_bid_that_stood_has_no_auction_section() -> None:
    """TH-22: a bid out of turn that both opponents called over stands; the calls that stand
    are not in turn, so only the AuctionRecord holds the auction."""
    state = ThreeHandedDeal(Deal(DEAL), players=("Ann", "Bob", "Cy"), mode=Mode.TABLE)
    state.apply("1S")
    state.apply("2C", Seat.WEST)  # out of turn: East was to call
    for call in ("P", "P"):  # North and East call over it: it stands
        state.apply(call)
    assert state.contract == Contract("2CW")
    game = PbnGame.from_state(state)
    assert game.auction is None and "W 2C" in game.tags["AuctionRecord"]
    again = one(pbn.dumps(game)).to_state()
    assert again.history == state.history and again.contract == state.contract


def test_a_bad_auction_record_is_refused_with_its_line() -> None:
    text = (
        f'[Variant "three-handed"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[AuctionRecord "N 1S; E peek"]\n'
    )
    with pytest.raises(ParseError) as info:
        one(text).to_state()
    assert info.value.line == 4 and "AuctionRecord item 2" in str(info.value)
    disagreeing = (
        f'[Variant "three-handed"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n'
        '[AuctionRecord "N 1S; E P; W P"]\n[Auction "N"]\n1H Pass Pass\n'
    )
    with pytest.raises(ParseError, match="is not the auction"):
        one(disagreeing).to_state()


# --- auction bridge -------------------------------------------------------------------


def test_ab_1_auction_bridge_is_marked_by_its_scoring() -> None:
    """AB-1: dealt, bid and played as contract bridge; the Scoring tag says which game it is."""
    state = ContractBridgeDeal(Deal(DEAL))
    for action in "1H P P P".split():
        state.apply(action)
    game = PbnGame.from_state(state, Scoring="auction")
    assert "Score" not in game.tags  # a rubber-style score has no single-number Score
    [again] = pbn.loads(pbn.dumps(game))
    assert again.variant.name == "auction"
    replayed = again.to_state()
    assert type(replayed) is ContractBridgeDeal
    assert replayed.contract == Contract("1HN")
    assert one(f'[Variant "auction"]\n[Deal "{DEAL}"]\n').variant.name == "auction"


def test_unknown_variant_is_refused_with_its_line() -> None:
    game = one(f'[Deal "{DEAL}"]\n[Variant "bezique"]\n')
    with pytest.raises(ParseError) as info:
        game.to_state()
    assert info.value.line == 2


# --- mini-bridge ----------------------------------------------------------------------

# Board 1: North deals, nobody vulnerable (CB-B1, CB-B2). HCP: N 37, E 3 (three jacks), S 0, W 0.
# MB-3: NS (37) declares; MB-4: North, the stronger. North names 3NT (MB-6); East leads (MB-7).
MINI = """\
[Event "?"]
[Site "?"]
[Date "????.??.??"]
[Board "1"]
[West "?"]
[North "?"]
[East "?"]
[South "?"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Scoring "minibridge"]
[Declarer "N"]
[Contract "3NT"]
[Result "?"]
[Play "E"]
S7 S3 S2 SA
*
[Variant "minibridge"]
[Announcements "N 37; E 3; S 0; W 0"]
"""


def mini_state(**kwargs: object) -> MiniBridgeDeal:
    return MiniBridgeDeal.from_board(1, Deal(DEAL), **kwargs)  # type: ignore[arg-type]


def test_mb_6_minibridge_deal_written_by_hand() -> None:
    """MB-2..MB-7: announcements, no Auction section, the named contract, the play."""
    state = mini_state()
    state.announce_all()
    for action in "3NT S7 S3 S2 SA".split():
        state.apply(action)
    game = PbnGame.from_state(state)
    assert game.auction is None
    assert game.to_pbn() == MINI


def test_mb_4_minibridge_deal_read_and_replayed() -> None:
    game = one(MINI)
    assert game.variant.name == "minibridge"
    state = game.to_state()
    assert isinstance(state, MiniBridgeDeal)
    assert state.board == 1
    assert state.announcements == (
        (Seat.NORTH, 37),
        (Seat.EAST, 3),
        (Seat.SOUTH, 0),
        (Seat.WEST, 0),
    )
    assert state.declarer is Seat.NORTH and state.dummy is Seat.SOUTH
    assert state.contract == Contract("3NTN")
    assert state.tricks[0].winner is Seat.NORTH


def test_mb_9_finished_minibridge_deal_scores_the_contract_value() -> None:
    """MB-9, MB-T1: 3NT made with 13 tricks, not vulnerable, scores 400: no overtricks."""
    state = mini_state()
    state.announce_all()
    state.apply("3NT")
    while state.phase is Phase.PLAY:
        state.apply(state.legal_actions()[0])
    game = PbnGame.from_state(state)
    assert game.tags["Result"] == "13"
    assert game.tags["Score"] == "NS 400"
    assert one(pbn.dumps(game).split("% EXPORT\n")[1]).to_state().result == state.result


def test_mb_a6_ebu_options_round_trip_and_score_overtricks() -> None:
    """MB-A6 (EBU option): 3NT+4 not vulnerable = 400 + 4 x 30 = 520."""
    state = mini_state(options=EBU_OPTIONS)
    state.announce_all()
    state.apply("3NT")
    while state.phase is Phase.PLAY:
        state.apply(state.legal_actions()[0])
    game = PbnGame.from_state(state)
    assert game.tags["VariantOptions"] == "open-dummy,overtricks"
    assert game.tags["Score"] == "NS 520"
    again = one(pbn.dumps(game).split("% EXPORT\n")[1]).to_state()
    assert isinstance(again, MiniBridgeDeal)
    assert again.options == EBU_OPTIONS


def test_mb_2_wrong_count_corrected_in_table_mode() -> None:
    """MB-2: East announces 9 holding 3 and corrects it; strict mode refuses the record."""
    state = mini_state(mode=Mode.TABLE)
    for points in (37, 9, 0, 0):
        state.apply(Announce(points))
    state.apply(CorrectAnnouncement(Seat.EAST, 3), Seat.EAST)
    game = PbnGame.from_state(state)
    assert game.tags["Announcements"] == "N 37; E 9/3; S 0; W 0"
    assert game.tags["Declarer"] == "N" and game.tags["Contract"] == "?"
    [again] = pbn.loads(pbn.dumps(game))
    replayed = again.to_state(mode="table")
    assert replayed.phase is Phase.NAMING and replayed.declarer is Seat.NORTH
    with pytest.raises(ParseError) as info:
        again.to_state()
    assert "MB-2" in str(info.value)
    assert info.value.line == again.lines["Announcements"]


def test_mb_2_announcements_follow_the_dealer() -> None:
    text = MINI.replace("N 37; E 3; S 0; W 0", "E 3; N 37; S 0; W 0")
    with pytest.raises(ParseError, match="MB-2"):
        one(text).to_state()


def test_mb_6_without_announcements_the_true_counts_are_announced() -> None:
    text = MINI.replace('[Announcements "N 37; E 3; S 0; W 0"]\n', "")
    state = one(text).to_state()
    assert state.contract == Contract("3NTN")


def test_mb_4_declarer_tag_must_be_the_rules_declarer() -> None:
    """MB-4: North, not East, declares; the Contract line is named."""
    text = MINI.replace('[Declarer "N"]', '[Declarer "E"]').replace(
        '[Play "E"]\nS7 S3 S2 SA\n*\n', ""
    )
    assert "Announcements" in text and "Play" not in text
    with pytest.raises(ParseError) as info:
        one(text).to_state()
    assert "MB-4" in str(info.value)
    assert info.value.line == 14


def test_mb_6_minibridge_has_no_auction() -> None:
    text = f'[Variant "minibridge"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[Auction "N"]\n1NT AP\n'
    with pytest.raises(ParseError) as info:
        one(text).to_state()
    assert info.value.line == 4


def test_unknown_minibridge_option() -> None:
    with pytest.raises(ParseError) as info:
        one(MINI + '[VariantOptions "lilies"]\n').to_state()
    assert info.value.line == 21


def test_bad_announcements_tag() -> None:
    with pytest.raises(ParseError) as info:
        one(MINI.replace("N 37; E 3", "N thirty; E 3")).to_state()
    assert info.value.line == 20


def test_variants_are_chosen_from_states() -> None:
    assert pbn.variant_of_state(mini_state()).name == "minibridge"
    assert pbn.variant_of_state(three_handed_state()).name == "three-handed"
    assert pbn.variant_of_state(ContractBridgeDeal(Deal(DEAL))).name == "contract"


# --- every variant round-trips --------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    lines(
        st.one_of(
            contract_deals(),
            three_handed_deals(packs=st.integers(1, 2)),
            minibridge_deals(),
        ),
        steps=70,
    )
)
def test_random_states_of_every_variant_round_trip(line: Line[DealState]) -> None:
    """Written, read back and replayed, a state of any variant has the same record."""
    state = line.final()
    game = PbnGame.from_state(state)
    [again] = pbn.loads(pbn.dumps(game))
    assert again == game
    replayed = again.to_state()
    assert type(replayed) is type(state)
    assert replayed.history == state.history
    assert replayed.result == state.result
