"""The deals of an environment and their rewards, against the score tables of docs/rules.md."""

from __future__ import annotations

import pytest

from bridgeroom.envs.table import Table, par_score
from bridgeroom.errors import BridgeError
from bridgeroom.rules import Deal, Seat, Side, Vulnerability, board_dealer, board_vulnerability

#: North holds every high card: in notrump North wins every trick, whatever is played.
STRONG = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def _play(table: Table, calls: list[str], cards: str = STRONG) -> tuple[float, ...]:
    state = table.deal(cards)
    for call in calls:
        state.apply(call)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    return table.score(state)


def test_boards_follow_their_numbers_and_are_renewed_after_sixteen() -> None:
    """CB-B1, CB-B2: board n's dealer and vulnerability."""
    table = Table("contract", seed=3)
    for number in range(1, 21):
        state = table.deal()
        board = (number - 1) % 16 + 1
        assert (state.dealer, state.vulnerability) == (
            board_dealer(board),
            board_vulnerability(board),
        )
        for _ in range(4):
            state.apply("P")
        assert table.score(state) == (0.0, 0.0, 0.0, 0.0)  # CB-7: passed out, no score


def test_chicago_pays_the_game_premium_on_the_deal() -> None:
    """Deal 1 of a Chicago round, nobody vulnerable: 3NT+4 is 100 below and 120 above
    (CB-12, CB-R1), and the game premium of 300 (CB-C2): 520 to North-South."""
    table = Table("contract", scoring="chicago", seed=1)
    assert _play(table, ["3NT", "P", "P", "P"]) == (520.0, -520.0, 520.0, -520.0)


def test_a_rubber_ends_with_its_bonus_and_a_new_one_starts() -> None:
    """7NT made twice wins the rubber in two games: the second deal carries the rubber bonus of
    700 (CB-R4). The first: 220 below + 1000 grand slam not vulnerable (CB-R2) + 150 four aces
    (CB-R5) = 1370; the second, vulnerable: 220 + 1500 + 150 + 700 = 2570."""
    table = Table("contract", scoring="rubber", seed=1)
    first = _play(table, ["7NT", "P", "P", "P"])
    # the second deal: East deals (CB-4), so North bids after East's pass
    second = _play(table, ["P", "7NT", "P", "P", "P"])
    assert first[0] == 1370.0 and second[0] == 2570.0
    state = table.deal(STRONG)
    assert state.dealer is Seat.SOUTH and state.vulnerability is Vulnerability.NONE


def test_three_handed_rewards_are_each_players_settlement() -> None:
    """North deals and declares 7NT with the dummy South (TH-4): 220 below, 1000 for the grand
    slam and 150 for the four aces in his hand (TH-13, TH-15) are his alone; the defenders score
    nothing. Settled pair by pair (TH-20): North gains 1370 from each, each defender loses 1370."""
    table = Table("three-handed", seed=1)
    assert _play(table, ["7NT", "P", "P"]) == (2740.0, -1370.0, -1370.0)


def test_minibridge_scores_the_contract_value() -> None:
    """Board 1: North announces 37 and declares (MB-3, MB-4); 3NT made with 13 tricks scores its
    contract value only, 100 + 300 (MB-9, MB-11): 400."""
    table = Table("minibridge", seed=1)
    state = table.deal(STRONG)
    state.announce_all()
    state.apply("3NT")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert table.score(state) == (400.0, -400.0, 400.0, -400.0)


def test_par_and_imps() -> None:
    """Par of the strong deal is 7NT by North-South, 1520 (endplay); in mini-bridge the
    declarer's best naming is 7NT with 13 tricks: 220 + 300 + 1000 = 1520 (MB-11)."""
    deal = Deal(STRONG)
    assert par_score(deal, Seat.NORTH, Vulnerability.NONE) == 1520
    assert par_score(deal, Seat.NORTH, Vulnerability.NONE, "minibridge") == 1520
    table = Table("minibridge", reward="imps", seed=1)
    state = table.deal(STRONG)
    state.announce_all()
    state.apply("3NT")
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    # 400 against 1520: 1120 short, 15 IMPs (WBF scale: 1100-1290)
    assert table.score(state) == (-15.0, 15.0, -15.0, 15.0)


def test_skip_brings_the_session_to_a_deal_number() -> None:
    table = Table("contract")
    table.skip(5)
    state = table.deal()
    assert (state.dealer, state.vulnerability) == (board_dealer(6), board_vulnerability(6))
    three = Table("three-handed")
    three.skip(2)
    assert three.deal().dealer is Seat.SOUTH  # TH-5: the third deal, dealt from South
    with pytest.raises(BridgeError, match="CB-C1"):
        Table("contract", scoring="chicago").skip(1)


@pytest.mark.parametrize(
    ("game", "scoring"),
    [
        ("contract", "duplicate"),
        ("contract", "rubber"),
        ("contract", "chicago"),
        ("auction", "auction"),
        ("three-handed", "three-handed-contract"),
        ("three-handed", "three-handed-auction"),
        ("minibridge", "minibridge"),
    ],
)
def test_rewards_are_what_each_deal_adds_to_the_sheet(game: str, scoring: str) -> None:
    """The rewards (read from the session's running totals) against the sheet itself: what
    each deal adds to ``summary().totals``, side against side (CB-R4, CB-C2, CB-D5) or each
    three-handed player against the others (TH-20), over sessions that end and start again."""
    import random

    table = Table(game, scoring=scoring, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        state = table.deal()
        session = table.session
        before = dict(session.summary().totals)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        rewards = table.score(state)
        after = dict(session.summary().totals)
        gained = {column: after[column] - before.get(column, 0) for column in after}
        if game == "three-handed":
            points = [gained[name] for name in table.players]
            assert rewards == tuple(float(3 * p - sum(points)) for p in points)
        else:
            ns = gained[Side.NS] - gained[Side.EW]
            assert rewards == (float(ns), float(-ns), float(ns), float(-ns))


def test_bad_tables_are_refused() -> None:
    with pytest.raises(BridgeError, match="no game"):
        Table("whist")
    with pytest.raises(BridgeError, match="scored as"):
        Table("auction", scoring="duplicate")
    with pytest.raises(BridgeError, match="'score' or 'imps'"):
        Table("contract", reward="money")
    with pytest.raises(BridgeError, match="not over"):
        table = Table("contract")
        table.score(table.deal())
