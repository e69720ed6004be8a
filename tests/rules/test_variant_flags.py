"""The variants' flags live on the deal-state classes (as python-chess keeps them on the board
class) and come with every view; a view answers the variants' items in every game."""

from __future__ import annotations

import pytest

from bridgeroom.games import GAMES
from bridgeroom.rules import (
    ContractBridgeDeal,
    Deal,
    DealState,
    MiniBridgeDeal,
    Seat,
    ThreeHandedDeal,
    Variant,
    deal_cards,
)

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


@pytest.mark.parametrize(
    ("cls", "players", "auction", "partnership", "dummy_in_auction", "announcements"),
    [
        (ContractBridgeDeal, 4, True, True, False, False),  # CB-5, CB-9
        (ThreeHandedDeal, 3, True, False, True, False),  # TH-1, TH-6, TH-23
        (MiniBridgeDeal, 4, False, False, False, True),  # MB-2, MB-6
    ],
)
def test_each_deal_class_carries_its_flags(
    cls: type[DealState],
    players: int,
    auction: bool,
    partnership: bool,
    dummy_in_auction: bool,
    announcements: bool,
) -> None:
    v = cls.variant
    assert (v.players, v.auction, v.partnership_auction) == (players, auction, partnership)
    assert (v.dummy_in_auction, v.announcements) == (dummy_in_auction, announcements)
    assert v.four_handed is (players == 4) and cls.num_players == players
    assert v.vulnerable_by_player is (cls is ThreeHandedDeal)  # TH-17


def test_auction_bridge_is_four_handed_with_a_partnership_auction() -> None:
    """AB-1: auction bridge is played by contract bridge's rules."""
    assert GAMES["auction"].variant is Variant.CONTRACT and GAMES["auction"].players == 4


@pytest.mark.parametrize("cls", [ContractBridgeDeal, ThreeHandedDeal, MiniBridgeDeal])
def test_a_view_carries_its_deal_class_flags(cls: type[DealState]) -> None:
    state = cls(deal_cards(seed=3))
    assert state.view(Seat.NORTH).variant is cls.variant


def test_a_mini_bridge_view_answers_its_announcements_and_a_contract_view_has_none() -> None:
    state = MiniBridgeDeal.from_board(1, DEAL)  # North deals board 1 (CB-B1)
    state.apply("37")  # MB-2: North announces 37 points
    assert state.view(Seat.EAST).announcements == ((Seat.NORTH, 37),)
    contract = ContractBridgeDeal(Deal(DEAL))
    view = contract.view(Seat.EAST)
    assert view.announcements == () and view.dummy_lengths is None and not view.peeked


def test_th_23_a_player_who_looked_at_the_dummy_has_peeked_until_the_lead() -> None:
    from bridgeroom.rules import LookAtDummy

    state = ThreeHandedDeal(DEAL, dealer=Seat.NORTH, players=("Ann", "Bob", "Cy"), mode="table")
    seat = state.to_act
    assert seat is not None and not state.view(seat).peeked
    state.apply(LookAtDummy())
    assert state.view(seat).peeked
    assert not any(state.view(s).peeked for s in state.auction_seats() if s != seat)


def test_th_17_vulnerability_is_by_player_in_three_handed_bridge_and_by_side_elsewhere() -> None:
    three = ThreeHandedDeal(DEAL, players=("Ann", "Bob", "Cy"), vulnerable=["Cy", "Ann"])
    assert three.vulnerable_players == ("Ann", "Cy")
    assert ContractBridgeDeal(Deal(DEAL), vulnerability="All").vulnerable_players == ()


def test_a_spectator_reads_the_variants_items_as_a_player_does() -> None:
    """A spectator's PublicView answers the typed items every seat shows alike (MB-2's
    announcements, TH-17's vulnerable players), so no face reads them by name."""
    from bridgeroom.rules import PublicView

    mini = MiniBridgeDeal.from_board(1, DEAL)
    mini.apply("37")  # MB-2: North announces 37 points
    public = PublicView.of([mini.view(s) for s in Seat])
    assert public.announcements == ((Seat.NORTH, 37),) and public.dummy_lengths is None
    three = ThreeHandedDeal(DEAL, players=("Ann", "Bob", "Cy"), vulnerable=["Cy", "Ann"])
    seats = [s for s in Seat if three.view(s).hand is not None]
    public = PublicView.of([three.view(s) for s in seats])
    assert public.vulnerable_players == ("Ann", "Cy") and public.announcements == ()
    contract = PublicView.of([ContractBridgeDeal(Deal(DEAL)).view(s) for s in Seat])
    assert contract.vulnerable_players == () and contract.dummy_lengths is None
