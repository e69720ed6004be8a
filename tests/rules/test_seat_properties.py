"""The seat questions of every game, on random legal action sequences drawn by Hypothesis itself
(so that a failure shrinks to its shortest sequence): who sits where (CB-2, TH-4, TH-5), who
declares (CB-9, TH-8, TH-10), how many tricks are left (CB-10), the table actions of each seat,
and what a three-handed view shows of the dummy (TH-4, TH-10, TH-23)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.rules import (
    Call,
    ContractBridgeDeal,
    CorrectAnnouncement,
    DealState,
    LookAtDummy,
    MiniBridgeDeal,
    Mode,
    Phase,
    Seat,
    ThreeHandedDeal,
    ThreeHandedTable,
    deal_cards,
)

seeds = st.integers(min_value=0, max_value=2**32 - 1)
modes = st.sampled_from([Mode.STRICT, Mode.TABLE])


def check_players(state: DealState) -> None:
    """CB-2, TH-4, TH-5: each player sits at one seat and each live seat holds one player;
    ``seat_of`` and ``player_at`` are each other's inverse. Nobody plays the three-handed dummy."""
    seats = [state.seat_of(player) for player in range(state.num_players)]
    assert len(set(seats)) == state.num_players
    for player, seat in enumerate(seats):
        assert state.player_at(seat) == player
    for seat in Seat:
        player = state.player_at(seat)
        if player is None:
            assert isinstance(state, ThreeHandedDeal) and seat == state.dealer.partner
        else:
            assert state.seat_of(player) == seat
            if not isinstance(state, ThreeHandedDeal):
                assert player == int(seat)  # the four-handed games: player i sits at Seat(i)


def check_declaring(state: DealState) -> None:
    """CB-9, TH-8, TH-10: the declaring side is the declarer and the dummy, and no seat is
    before the declarer is known; in the four-handed games it is the declarer's partnership."""
    declarer = state.declarer
    for seat in Seat:
        declaring = state.is_declaring(seat)
        if declarer is None:
            assert not declaring
        elif isinstance(state, ThreeHandedDeal):
            assert declaring == (seat in (declarer, state.dealer.partner))
        else:
            assert declaring == (seat.side == declarer.side)


def check_views(state: DealState) -> None:
    """Every view answers the seat questions as the state does, and names its game."""
    for seat in Seat:
        view = state.view(seat)
        assert view.game == state.rules_name
        assert view.tricks_left == state.tricks_left
        assert all(view.is_declaring(s) == state.is_declaring(s) for s in Seat)


def check_table_actions(state: DealState) -> None:
    """One signature everywhere: strict mode offers no table action; the four-handed revoke
    corrections are the seat to act's (CB-V1); mini-bridge corrections are each player's own (MB-2)."""
    for seat in Seat:
        actions = state.table_actions(seat)
        others = type(state) is ContractBridgeDeal and seat != state.to_act
        if state.mode is Mode.STRICT or state.is_over or others:
            assert actions == []
        elif isinstance(state, MiniBridgeDeal):
            assert all(isinstance(a, CorrectAnnouncement) and a.seat == seat for a in actions)


def check_around_table(state: DealState) -> None:
    """CB-10, TH-4, TH-10: the seats round the table form one clockwise circle, the same from
    every seat. Four-handed: the compass, partners opposite. Three-handed: the compass until the
    opening lead (the dummy's hand opposite the dealer, TH-4); then the dummy opposite the
    declarer, the defenders opposite each other (TH-10)."""
    circle = state.around_table(Seat.NORTH)
    assert sorted(circle) == list(Seat)
    for i, seat in enumerate(circle):
        assert state.around_table(seat) == circle[i:] + circle[:i]
    lead_made = bool(state.tricks or state.current_trick) or state.is_over
    if isinstance(state, ThreeHandedDeal) and state.declarer is not None and lead_made:
        declarer = state.declarer
        _, left, across, right = state.around_table(declarer)
        assert across == state.dealer.partner == state.dummy
        assert (left, right) == (state.left_defender, state.right_defender)
    else:
        assert all(state.around_table(seat)[2] == seat.partner for seat in Seat)
        assert all(state.around_table(seat)[1] == seat.lho for seat in Seat)


def check_all(state: DealState) -> None:
    check_around_table(state)
    check_players(state)
    check_declaring(state)
    assert state.tricks_left + len(state.tricks) == 13  # CB-10: thirteen tricks
    check_views(state)
    check_table_actions(state)


def play(data: st.DataObject, state: DealState) -> None:
    """Draw legal actions (passes favoured in the auction, so that deals are played) to the end,
    checking the seat questions before every action."""
    while not state.is_over:
        check_all(state)
        legal = list(state.legal_actions())
        if state.phase is Phase.AUCTION and Call.PASS in legal and data.draw(st.booleans()):
            action = Call.PASS
        else:
            action = data.draw(st.sampled_from(legal))
        seat, trick, phase = state.turn, len(state.tricks), state.phase
        state.apply(action)
        if phase is state.phase is Phase.PLAY and len(state.tricks) == trick and seat is not None:
            # CB-10, TH-10: the next card of the trick comes from the seat at the left
            assert state.turn == state.around_table(seat)[1]
    check_all(state)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), seed=seeds, dealer=st.sampled_from(list(Seat)), mode=modes)
def test_cb_2_cb_9_contract_bridge_seat_questions(
    data: st.DataObject, seed: int, dealer: Seat, mode: Mode
) -> None:
    play(data, ContractBridgeDeal(deal_cards(dealer, seed=seed), dealer, mode=mode))


@settings(max_examples=60, deadline=None)
@given(data=st.data(), seed=seeds, board=st.integers(1, 16), mode=modes)
def test_mb_3_mb_4_minibridge_seat_questions(
    data: st.DataObject, seed: int, board: int, mode: Mode
) -> None:
    state = MiniBridgeDeal.from_board(board, deal_cards(Seat.NORTH, seed=seed), mode=mode)
    assert state.board == board and state.pack is None
    play(data, state)


@settings(max_examples=60, deadline=None)
@given(data=st.data(), seed=seeds, number=st.integers(1, 12), mode=modes)
def test_th_5_three_handed_players_keep_their_order_as_the_seats_turn(
    data: st.DataObject, seed: int, number: int, mode: Mode
) -> None:
    """TH-5: player i is the i-th player around the table whatever the deal; his seat turns."""
    players = ("Ann", "Bob", "Cy")
    dealer = players[(number - 1) % 3]
    state = ThreeHandedTable(players, dealer, number).deal(seed=seed, mode=mode)
    assert state.names == players and state.pack == (1 if number % 2 else 2)
    assert state.seat_of(players.index(dealer)) == state.dealer
    for player, name in enumerate(players):
        assert state.name_at(state.seat_of(player)) == name == state.name_of(player)
    play(data, state)


@settings(max_examples=80, deadline=None)
@given(data=st.data(), seed=seeds, dealer=st.sampled_from(list(Seat)))
def test_th_23_views_show_the_dummy_before_the_lead_only_to_who_looked(
    data: st.DataObject, seed: int, dealer: Seat
) -> None:
    """TH-4, TH-10: no view shows the dummy before the opening lead, but that of a player who
    looked at it during the auction (TH-23), which shows it whole; every view after the lead."""
    state = ThreeHandedDeal(deal_cards(dealer, seed=seed), dealer, mode=Mode.TABLE)
    dummy = state.dealer.partner
    while not state.is_over:
        lead_made = bool(state.tricks or state.current_trick)
        for seat in Seat:
            shown = state.view(seat).dummy
            if lead_made or seat in state.barred:
                assert shown == state.hand(dummy)
            else:
                assert shown is None
        if state.phase is Phase.AUCTION and data.draw(st.integers(0, 9)) == 0:
            looker = data.draw(st.sampled_from(state.auction_seats()))
            if LookAtDummy() in state.table_actions(looker):
                state.apply(LookAtDummy(), looker)
                assert looker in state.barred
                continue
        legal = list(state.legal_actions())
        if state.phase is Phase.AUCTION and data.draw(st.booleans()):
            state.apply(Call.PASS)
        else:
            state.apply(data.draw(st.sampled_from(legal)))
