"""PBN 2.1 reading and writing, on files written by hand in the layout of the standard's examples.

Every expected value below was worked out by hand from the deal and the rules
(CB-5..CB-10 for the replay, CB-D1..CB-D5 for the scores), never by running
bridgeroom.
"""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given, settings

from bridgeroom.errors import ParseError
from bridgeroom.formats import pbn
from bridgeroom.formats.pbn import PbnAuction, PbnGame, PbnPlay
from bridgeroom.rules import (
    Call,
    Card,
    Contract,
    ContractBridgeDeal,
    Deal,
    Hand,
    Mode,
    Phase,
    Seat,
    Side,
    Vulnerability,
)

from ..strategies import Line, contract_deals, lines, modes

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"

# Game 1: 3NT by North; East leads; three tricks recorded, then North claims the rest.
# Columns of the Play section: E S W N. Trick 1: E leads ST, N wins with SA.
# Trick 2 is led by N (the winner), though its card is in the last column.
GAME1 = """\
% PBN 2.1
% EXPORT
[Event "Hand-made"]
[Site "Test room"]
[Date "2024.01.31"]
[Board "1"]
[West "Wes"]
[North "Nat"]
[East "Eve"]
[South "Sam"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Scoring "IMP"]
[Declarer "N"]
[Contract "3NT"]
[Result "13"]
[Auction "N"]
2C =1= Pass 2D Pass
3NT Pass Pass Pass
[Note "1:Strong, artificial"]
[Play "E"]
ST S3 S2 SA
HJ H6 H2 HA
DJ D6 D2 DA
*
[Score "NS 520"]

"""

# Game 2: 1H by West after three passes and AP; North leads (columns N E S W).
# Trick 2: West ruffs; trick 3 is led by West (last column); trick 5 is unfinished.
GAME2 = """\
% PBN 2.1
% EXPORT
[Event "Hand-made"]
[Site "Test room"]
[Date "2024.01.31"]
[Board "2"]
[West "Wes"]
[North "Nat"]
[East "Eve"]
[South "Sam"]
[Dealer "N"]
[Vulnerable "NS"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Scoring "MP"]
[Declarer "W"]
[Contract "1H"]
[Result "1"]
[Auction "N"]
Pass Pass Pass 1H
AP
[Play "N"]
SA S7 S3 S2
SK S8 S4 H2
HA H9 H6 H3
CA C9 C6 C2
SQ ST -  -
*
[Score "NS 300"]

"""

# Game 3: passed out, East deals.
GAME3 = """\
% PBN 2.1
% EXPORT
[Event "Hand-made"]
[Site "Test room"]
[Date "2024.01.31"]
[Board "3"]
[West "Wes"]
[North "Nat"]
[East "Eve"]
[South "Sam"]
[Dealer "E"]
[Vulnerable "EW"]
[Deal "E:T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ"]
[Scoring "IMP"]
[Declarer ""]
[Contract "Pass"]
[Result ""]
[Auction "E"]
Pass Pass Pass Pass
[Score "NS 0"]

"""


def one(text: str) -> PbnGame:
    games = pbn.loads(text)
    assert len(games) == 1
    return games[0]


# --- reading -------------------------------------------------------------------------


def test_read_mandatory_tags() -> None:
    game = one(GAME1)
    assert game.tags["Event"] == "Hand-made"
    assert game.tags["West"] == "Wes"
    assert game.board == 1
    assert game.dealer is Seat.NORTH
    assert game.vulnerability is Vulnerability.NONE
    assert game.deal == Deal(DEAL)
    assert game.contract == Contract("3NTN")
    assert game.result == 13
    assert game.is_export


def test_read_auction_section_with_note() -> None:
    game = one(GAME1)
    assert game.auction is not None
    assert game.auction.first is Seat.NORTH
    assert game.auction.calls == [Call(c) for c in "2C P 2D P 3NT P P P".split()]
    assert game.auction.annotations == {0: ["=1="]}
    assert game.auction.notes == {1: "Strong, artificial"}


def test_read_play_section_in_seat_columns() -> None:
    game = one(GAME1)
    assert game.play is not None
    assert game.play.leader is Seat.EAST
    assert game.play.end == "*"
    # Row 2 as written: E HJ, S H6, W H2, N HA (not the order played).
    assert game.play.tricks[1] == (Card("HJ"), Card("H6"), Card("H2"), Card("HA"))


def test_cb_10_replay_orders_each_trick_from_the_previous_winner() -> None:
    """CB-10: the winner of a trick leads to the next; PBN lists cards by seat column."""
    state = one(GAME1).to_state(claim=False)
    assert state.contract == Contract("3NTN")
    assert state.phase is Phase.PLAY
    assert [t.leader for t in state.tricks] == [Seat.EAST, Seat.NORTH, Seat.NORTH]
    assert state.tricks[1].cards == (Card("HA"), Card("HJ"), Card("H6"), Card("H2"))
    assert state.tricks[2].cards == (Card("DA"), Card("DJ"), Card("D6"), Card("D2"))
    assert state.to_act is Seat.NORTH
    assert state.declarer_tricks_taken() == 3


def test_claim_after_the_last_card_recorded() -> None:
    """Result 13 with 3 tricks played: the claim is the other 10."""
    game = one(GAME1)
    state = game.to_state()
    assert game.claimed_tricks(state) == 10


def test_cb_10_replay_with_a_ruff_and_a_trick_led_from_the_last_column() -> None:
    """CB-10: West ruffs trick 2 (void in spades) and leads trick 3; trick 5 is unfinished."""
    game = one(GAME2)
    state = game.to_state(claim=False)
    assert state.contract == Contract("1HW")
    assert state.dummy is Seat.EAST
    assert [t.winner for t in state.tricks] == [Seat.NORTH, Seat.WEST, Seat.NORTH, Seat.NORTH]
    assert state.tricks[2].leader is Seat.WEST
    assert state.tricks[2].cards == (Card("H3"), Card("HA"), Card("H9"), Card("H6"))
    assert state.current_trick == [(Seat.NORTH, Card("SQ")), (Seat.EAST, Card("ST"))]
    assert state.turn is Seat.SOUTH
    assert game.claimed_tricks(state) == 0


def test_ap_means_all_pass() -> None:
    """AP after 1H: the three other players pass and the auction ends (CB-7)."""
    game = one(GAME2)
    assert game.auction is not None
    assert game.auction.all_pass
    state = game.to_state()
    assert [str(c) for _, c in state.calls] == ["P", "P", "P", "1H", "P", "P", "P"]


def test_cb_7_passed_out_deal() -> None:
    """CB-7: four passes pass the deal out."""
    game = one(GAME3)
    assert game.passed_out
    assert game.contract is None
    state = game.to_state()
    assert state.phase is Phase.DONE
    assert state.contract is None
    assert game.score("NS") == 0


def test_score_tag_from_either_side() -> None:
    game = one(GAME2)
    assert game.score(Side.NS) == 300
    assert game.score(Side.EW) == -300
    assert PbnGame({"Score": "NS 120 EW -120"}).score("EW") == -120


def test_cb_d5_recorded_scores_agree_with_the_duplicate_table() -> None:
    """CB-D1/CB-D4: 3NT+4 NV = 100 + 120 + 300 = 520; CB-D5: 1H down 6 NV undoubled = 300."""
    from bridgeroom.scoring import score_duplicate

    assert score_duplicate("3NT", 13, vulnerable=False).score == one(GAME1).score("NS")
    assert score_duplicate("1H", 1, vulnerable=False).score == one(GAME2).score("EW")


def test_several_games_comments_and_escape_lines() -> None:
    text = (
        "% PBN 2.1\n"
        "% Creator: by hand\n"
        '[Event "First"] ; a comment to the end of the line\n'
        "{ a comment\n\nover several lines, with an empty one }\n"
        '[Board "1"]\n'
        "\n"
        '[Event "#"]\n'
        '[Board "2"] { a comment on the tag }\n'
    )
    games = pbn.loads(text)
    assert [g.tags for g in games] == [
        {"Event": "First", "Board": "1"},
        {"Event": "First", "Board": "2"},
    ]


def test_tag_value_escapes() -> None:
    game = one(
        '[Event "The \\"Big\\" one \\\\ here"]\n[OptimumResultTable "Declarer;Result\\2R"]\n'
    )
    assert game.tags["Event"] == 'The "Big" one \\ here'
    assert game.tags["OptimumResultTable"] == "Declarer;Result\\2R"
    assert one(game.to_pbn()) == game
    # A backslash is written doubled, except in the column definitions of a Table tag,
    # which the standard writes as they are ("Result\\2R").
    assert '[Event "The \\"Big\\" one \\\\ here"]' in game.to_pbn()
    assert '[OptimumResultTable "Declarer;Result\\2R"]' in game.to_pbn()
    assert one('[Event "ends with \\\\"]\n').tags["Event"] == "ends with \\"


def test_supplemental_tags_and_tables_are_kept_and_written_back() -> None:
    text = (
        GAME3.rstrip("\n")
        + '\n[HomeTeam "Reds"]\n[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT  7\nS  S  6\n'
    )
    game = one(text)
    assert game.tags["HomeTeam"] == "Reds"
    assert game.data["OptimumResultTable"] == ["N NT  7", "S  S  6"]
    out = game.to_pbn()
    assert out.endswith(
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]\nN NT  7\nS  S  6\n'
    )
    assert pbn.dumps(game) == text + "\n"


def test_missing_fourth_hand_is_deduced() -> None:
    game = one('[Deal "W:2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ - 6543.876.876.876"]\n')
    assert game.deal is not None
    assert game.deal[Seat.EAST] == Hand("T987.JT9.JT9.JT9")


def test_unfinished_auction_and_no_play() -> None:
    text = '[Dealer "S"]\n[Deal "' + DEAL + '"]\n[Auction "S"]\n1C Pass 1H -\n*\n'
    game = one(text)
    assert game.auction is not None
    assert game.auction.calls == [Call("1C"), Call("P"), Call("1H"), None]
    state = game.to_state()
    assert state.phase is Phase.AUCTION
    # S 1C, W Pass, N 1H; the '-' is East's call, not made: East is to call.
    assert state.to_act is Seat.EAST
    assert len(state.calls) == 3


def test_suffix_annotations_and_nags() -> None:
    text = '[Dealer "N"]\n[Deal "' + DEAL + '"]\n[Auction "N"]\n1NT! $1 Pass 3NT? Pass\nAP\n'
    game = one(text)
    assert game.auction is not None
    assert game.auction.annotations == {0: ["!", "$1"], 2: ["?"]}
    assert game.to_state().contract == Contract("3NTN")


# --- writing ---------------------------------------------------------------------------


@pytest.mark.parametrize("text", [GAME1, GAME2, GAME3])
def test_round_trip_is_exact_on_export_files(text: str) -> None:
    games = pbn.loads(text)
    assert pbn.dumps(games) == text
    assert pbn.loads(pbn.dumps(games)) == games


def test_several_games_round_trip() -> None:
    text = GAME1 + GAME2.split("% EXPORT\n", 1)[1] + GAME3.split("% EXPORT\n", 1)[1]
    games = pbn.loads(text)
    assert [g.board for g in games] == [1, 2, 3]
    assert pbn.dumps(games) == text
    out = io.StringIO()
    pbn.dump(games, out)
    assert pbn.load(io.StringIO(out.getvalue())) == games


def test_import_files_are_written_as_import() -> None:
    assert pbn.dumps(pbn.loads('[Board "4"]\n')) == '% PBN 2.1\n% IMPORT\n[Board "4"]\n\n'


def test_from_state_unfinished_play_in_seat_columns() -> None:
    """7NT by N; E leads S7; N wins and leads HA; E follows HJ: the Play rows are E S W N."""
    state = ContractBridgeDeal(Deal(DEAL))
    for action in "7NT P P P S7 S3 S2 SA HA HJ".split():
        state.apply(action)
    game = PbnGame.from_state(state, Event="Test", Board="5")
    expected = """\
[Event "Test"]
[Site "?"]
[Date "????.??.??"]
[Board "5"]
[West "?"]
[North "?"]
[East "?"]
[South "?"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Scoring "?"]
[Declarer "N"]
[Contract "7NT"]
[Result "?"]
[Auction "N"]
7NT Pass Pass Pass
[Play "E"]
S7 S3 S2 SA
HJ -  -  HA
*
"""
    assert game.to_pbn() == expected
    again = one(game.to_pbn()).to_state()
    assert again.history == state.history


def test_cb_d1_from_state_finished_writes_result_and_duplicate_score() -> None:
    """7NT by N making 13 tricks, NS vulnerable: 220 + 500 + 1500 = 2220 (CB-D1, CB-D2)."""
    state = ContractBridgeDeal(Deal(DEAL), Seat.NORTH, Vulnerability.NS)
    state.apply("7NT")
    for _ in range(3):
        state.apply("P")
    while state.phase is Phase.PLAY:
        state.apply(state.legal_actions()[0])
    game = PbnGame.from_state(state, Scoring="IMP")
    assert game.tags["Result"] == "13"
    assert game.tags["Score"] == "NS 2220"
    assert game.play is not None
    assert game.play.end == ""
    assert len(game.play.tricks) == 13
    assert one(pbn.dumps(game)).to_state().result == state.result


def test_from_state_passed_out_and_fresh() -> None:
    state = ContractBridgeDeal(Deal(DEAL), Seat.WEST)
    fresh = PbnGame.from_state(state)
    assert fresh.auction is None
    assert fresh.tags["Contract"] == "?"
    for _ in range(4):
        state.apply("P")
    game = PbnGame.from_state(state)
    assert (game.tags["Contract"], game.tags["Declarer"], game.tags["Result"]) == ("Pass", "", "")
    assert game.auction is not None
    assert game.auction.rows() == ["Pass Pass Pass Pass"]


def test_built_sections_write_rows() -> None:
    auction = PbnAuction(Seat.EAST, [Call("1S"), Call("X"), Call("XX")], all_pass=True)
    assert auction.rows() == ["1S X XX AP"]
    play = PbnPlay(Seat.SOUTH, [(Card("C2"), None, None, None)], end="*")
    assert play.rows() == ["C2 -  -  -", "*"]


@settings(max_examples=60, deadline=None)
@given(lines(contract_deals(modes), steps=100))
def test_random_states_round_trip(line: Line[ContractBridgeDeal]) -> None:
    """Any state, finished or not, written and read back replays to the same record."""
    state = line.final()
    game = PbnGame.from_state(state, Scoring="MP")
    [again] = pbn.loads(pbn.dumps(game))
    assert again == game
    replayed = again.to_state(mode=state.mode)
    assert replayed.history == state.history
    assert replayed.phase is state.phase


# --- malformed files --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('[Event "x"]\n[Deal "N:AKQ"]\n', 2),
        ('[Event "x"]\n[Site "no closing quote]\n', 2),
        ('[Event "x"]\n[Site noquotes]\n', 2),
        ('[Event "x"]\nstray text\n', 2),
        ('[Event "x"]\n[Event "y"]\n', 2),
        ('[Dealer "Q"]\n', 1),
        ('[Vulnerable "Some"]\n', 1),
        ('[Contract "8NT"]\n', 1),
        ('[Result "14"]\n', 1),
        ('[Declarer "X"]\n', 1),
        ('[Event "x"]\n{ never closed\n', 2),
        ('[Auction "N"]\n1C 1Z\n', 2),
        ('[Auction "N"]\nAP 1C\n', 2),
        ('[Dealer "N"]\n[Auction "E"]\nPass\n', 2),
        ('[Deal "' + DEAL + '"]\n[Play "E"]\nST S3 S2 SA\nS9 S4 S2 SK\n', 4),
        ('[Deal "' + DEAL + '"]\n[Play "E"]\nST S3 S2 SA\nHA H6 H2 HJ\n', 4),
        ('[Play "E"]\nST S3 XX SA\n', 2),
        ('[Auction "N"]\n1C\n[Note "one"]\n', 3),
        ('[Auction "N"]\n1C\n*\nPass\n', 4),
    ],
)
def test_malformed_file_names_the_line(text: str, line: int) -> None:
    """The mistake's line, and its reason in each language (a Russian reader reads Russian)."""
    from bridgeroom.i18n import error_text

    with pytest.raises(ParseError) as info:
        pbn.loads(text)
    assert info.value.line == line
    assert f"line {line}:" in str(info.value)
    russian = error_text(info.value, "ru")
    assert russian.startswith(f"строка {line}: ") and info.value.key is not None
    assert re.search("[а-яё]{4}", russian.removeprefix(f"строка {line}: ")), russian


def test_cb_5_insufficient_bid_in_the_file_is_refused_with_its_line() -> None:
    """CB-5: 1S over 1NT is insufficient; the file parses, the replay names line 3."""
    game = one('[Dealer "N"]\n[Deal "' + DEAL + '"]\n[Auction "N"]\n1NT 1S\n')
    with pytest.raises(ParseError) as info:
        game.to_state()
    assert info.value.line == 4
    assert "CB-5" in str(info.value)


def test_cb_10_revoke_refused_in_strict_mode_accepted_in_table_mode() -> None:
    """CB-10 / CB-V1: West discards a heart on a spade lead while holding S2."""
    text = (
        '[Dealer "N"]\n[Deal "' + DEAL + '"]\n[Contract "7NT"]\n[Declarer "N"]\n'
        '[Auction "N"]\n7NT Pass Pass Pass\n[Play "E"]\nST S3 H5 SA\n*\n'
    )
    game = one(text)
    with pytest.raises(ParseError) as info:
        game.to_state()
    assert info.value.line == 8
    assert "CB-10" in str(info.value)
    state = game.to_state(mode="table")
    assert len(state.revokes) == 1


def test_contract_tag_contradicting_the_auction() -> None:
    text = '[Dealer "N"]\n[Deal "' + DEAL + '"]\n[Contract "4S"]\n[Auction "N"]\n1NT AP\n'
    with pytest.raises(ParseError) as info:
        one(text).to_state()
    assert info.value.line == 3


def test_result_tag_contradicting_the_play() -> None:
    """North has won 3 tricks, so a Result of 2 is impossible."""
    text = GAME1.replace('[Result "13"]', '[Result "2"]')
    with pytest.raises(ParseError) as info:
        one(text).to_state()
    assert info.value.line == 17


def test_play_without_an_auction_cannot_be_replayed() -> None:
    text = '[Dealer "N"]\n[Deal "' + DEAL + '"]\n[Play "E"]\nST S3 S2 SA\n'
    with pytest.raises(ParseError) as info:
        one(text).to_state()
    assert info.value.line == 3


def test_errors_are_bridge_errors() -> None:
    from bridgeroom.errors import BridgeError

    with pytest.raises(BridgeError):
        pbn.loads("[Event")


def test_cb_v2_established_revoke_round_trips_in_table_mode() -> None:
    """CB-V1/CB-V2: West discards H5 on a spade holding S2; East-West play on, so it is
    established. The record reads back only in table mode, to the same result."""
    state = ContractBridgeDeal(Deal(DEAL), mode=Mode.TABLE)
    for action in "7NT P P P ST S3 H5 SA".split():
        state.apply(action)
    while state.phase is Phase.PLAY:
        state.apply(state.legal_actions()[0])
    assert state.revokes and state.revokes[0].established
    [game] = pbn.loads(pbn.dumps(PbnGame.from_state(state)))
    assert game.play is not None
    assert game.play.tricks[0] == (Card("ST"), Card("S3"), Card("H5"), Card("SA"))
    with pytest.raises(ParseError):
        game.to_state()
    replayed = game.to_state(mode=Mode.TABLE)
    assert replayed.history == state.history
    assert replayed.result == state.result
