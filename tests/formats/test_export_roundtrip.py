"""``bridgeroom export``: every game, scoring and ending, and every score pad, written as PBN and
read back by bridgeroom and by endplay (an independent reader) as the same game, scoring,
deal, contract, result and claim (issue 15, items 1 and 2).

Each match is played through the table layer by people at every place (so that every action
is chosen here: a random legal one from a seeded generator), stored as the terminal stores it
(:class:`~bridgeroom.table.TableRecord`), and exported by the command's own function."""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from endplay.parsers import pbn as endplay_pbn
from endplay.types import Bid, Board, Denom, Player

from bridgeroom.cli.commands.export import export_pbn
from bridgeroom.formats import pbn
from bridgeroom.formats.pads import pad_deal
from bridgeroom.games import get_game
from bridgeroom.rules import (
    Call,
    Card,
    DealState,
    LookAtDummy,
    MiniBridgeDeal,
    Phase,
    Seat,
    ThreeHandedDeal,
)
from bridgeroom.rules.state import Claim
from bridgeroom.store import MatchOptions, Store
from bridgeroom.table import Table, TableRecord

ENDINGS = ("played", "claimed", "passed", "unfinished-auction", "unfinished-play")
FORMS = [
    ("contract", "rubber"),
    ("contract", "chicago"),
    ("contract", "duplicate"),
    ("auction", "auction"),
    ("three-handed", "three-handed-contract"),
    ("three-handed", "three-handed-auction"),
    ("minibridge", "minibridge"),
]
NAMES = ("Ann", "Bob", "Cy", "Dee")


@dataclass
class Played:
    match_id: int
    state: DealState
    ending: str


def new_table(store: Store, game: str, scoring: str, seed: int) -> tuple[Table, TableRecord]:
    """A match of ``game`` with people at every place, stored as the terminal stores it."""
    players = get_game(game).players
    names = NAMES[:players]
    table = Table(
        game,
        scoring=scoring,
        seed=seed,
        people=dict(enumerate(names)),
        names=names if players == 3 else (),
    )
    record = TableRecord.create(
        store,
        table,
        options=MatchOptions(mode=table.mode.value, players=tuple(names) * (players == 3)),
    )
    return table, record


def play_one(store: Store, game: str, scoring: str, ending: str, seed: int) -> Played:
    """One deal of ``game`` ending as ``ending``, by people choosing random legal actions; a
    three-handed player looks at the dummy during the auction (TH-23)."""
    table, record = new_table(store, game, scoring, seed)
    state = play_deal(table, record, ending, random.Random(seed))
    return Played(record.match_id, state, ending)


def play_deal(table: Table, record: TableRecord, ending: str, rng: random.Random) -> DealState:
    """The table's next deal, played to ``ending`` (or left there) and stored action by action."""
    record.write(table, table.deal())
    state = table.state
    assert state is not None
    players = table.num_players
    looked = False

    def act(action: object) -> None:
        player = table.player_to_act()
        assert player is not None
        record.write(table, table.act(player, action))  # type: ignore[arg-type]

    while not state.is_over:
        if ending == "unfinished-auction" and len(state.history) >= 2:
            break
        if ending == "unfinished-play" and len(state.tricks) >= 2 and state.current_trick:
            break
        if ending == "claimed" and state.phase is Phase.PLAY and len(state.tricks) >= 3:
            claimer = table.player_to_act()
            assert claimer is not None
            left = state.tricks_left
            record.write(table, table.request_claim(claimer, rng.randint(0, left)))
            for opponent in table.opponents(claimer):
                record.write(table, table.answer(opponent, True))
            assert state.is_over
            break
        if state.phase is Phase.ANNOUNCE:
            seat = state.to_act
            assert seat is not None
            act(state.parse_action(str(state.hand(seat).hcp)))
            continue
        if state.phase is Phase.AUCTION:
            if players == 3 and not looked and ending in ("played", "claimed") and state.calls:
                player = table.player_to_act()
                assert player is not None
                record.write(table, table.look_at_dummy(player))
                looked = True
                continue
            legal = [a for a in state.legal_actions() if isinstance(a, Call)]
            bids = [c for c in legal if c.is_bid]
            if ending == "passed" or not bids:
                act(Call.PASS)
            elif not state.calls:
                act(rng.choice(bids))  # the dealer opens: the deal has a contract
            elif len(state.calls) < 4 and rng.random() < 0.5:
                act(rng.choice(legal))
            else:
                act(Call.PASS)
            continue
        act(rng.choice(list(state.legal_actions())))
    return state


def endings_for(game: str) -> list[str]:
    """Mini-bridge has no auction to pass out or leave unfinished (MB-6)."""
    if game == "minibridge":
        return ["played", "claimed", "unfinished-play"]
    return list(ENDINGS)


CASES = [(g, s, e) for g, s in FORMS for e in endings_for(g)]


@pytest.mark.parametrize(("game", "scoring", "ending"), CASES)
def test_export_reads_back_as_the_same_game(
    tmp_path: Path, game: str, scoring: str, ending: str
) -> None:
    store = Store(str(tmp_path / "games.sqlite3"))
    seed = sum(map(ord, game + scoring + ending))
    played = play_one(store, game, scoring, ending, seed)
    text = export_pbn(store, played.match_id)
    store.close()
    state = played.state
    check_bridgeroom(text, state, game, scoring, ending)
    check_endplay(text, state, ending)


def check_bridgeroom(text: str, state: DealState, game: str, scoring: str, ending: str) -> None:
    [read] = pbn.loads(text)
    assert read.variant.name == game and read.scoring_form == scoring
    again = read.to_state()
    assert again.deal == state.deal and again.dealer == state.dealer
    assert again.vulnerability == state.vulnerability
    assert again.contract == state.contract
    assert [a for _, a in again.history] == [a for _, a in state.history]
    assert again.is_over == state.is_over
    if state.is_over:
        assert again.result == state.result
    if game == "three-handed" and ending in ("played", "claimed"):  # TH-23: the look is kept
        assert "look at dummy" in read.tags["AuctionRecord"]
        assert any(isinstance(a, LookAtDummy) for _, a in again.history)
    claimed = any(isinstance(a, Claim) for _, a in state.history)
    assert claimed == (ending == "claimed")
    assert any(isinstance(a, Claim) for _, a in again.history) == claimed


def check_endplay(text: str, state: DealState, ending: str) -> None:
    """endplay reads the deal, the auction, the contract (level, strain, double, declarer), the
    cards played, the tricks and the claim: a claimed or unfinished play ends with ``*``, a
    played-out one does not."""
    [board] = endplay_pbn.loads(text)
    check_endplay_board(board, state, ending)


def check_endplay_board(board: Board, state: DealState, ending: str) -> None:
    for seat in Seat:
        assert board.deal[Player.find(seat.letter)].to_pbn() == str(state.deal[seat])
    assert board.dealer == Player.find(state.dealer.letter)
    # endplay's Auction: the calls in turn, each on the seat that made it, endplay giving the
    # calls to the four seats in turn from the dealer (a three-handed look is in the
    # AuctionRecord only; the three-handed dummy's column holds passes, TH-6); mini-bridge has
    # none, its declarer names the contract (MB-6)
    auction = not isinstance(state, MiniBridgeDeal)
    calls = [(s, a) for s, a in state.history if isinstance(a, Call) and auction]
    theirs = [(state.dealer.offset(i), str(b)) for i, b in enumerate(board.auction)]
    if isinstance(state, ThreeHandedDeal):
        dummy = state.dealer.partner
        assert all(b == str(Bid("P")) for s, b in theirs if s == dummy)
        theirs = [(s, b) for s, b in theirs if s != dummy]
    assert theirs == [(s, str(Bid(str(c)))) for s, c in calls]
    contract = state.contract
    if ending == "passed":
        assert board.contract is not None and board.contract.is_passout()
        return
    if contract is None:
        # The Contract tag is "?" and the Auction ends with '*'; endplay's Board.contract then
        # guesses one from the calls so far, so what it read is the auction, checked above.
        assert not state.is_over and state.phase is not Phase.PLAY
        return
    assert board.contract is not None
    denoms = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C", "nt": "NT"}
    penalties = {"passed": "", "doubled": "X", "redoubled": "XX"}
    assert str(contract.without_declarer()) == (
        f"{board.contract.level}{denoms[board.contract.denom.name]}"
        f"{penalties[board.contract.penalty.name]}"
    )
    assert contract.declarer is not None
    assert board.contract.declarer.abbr == contract.declarer.letter
    check_endplay_play(board, state)
    if ending in ("played", "claimed"):
        assert state.result is not None
        assert board.contract.level + 6 + board.contract.result == state.result.tricks
        assert board.claimed == (ending == "claimed")
    else:
        assert board.claimed  # the play is unfinished: '*'


def check_endplay_play(board: Board, state: DealState) -> None:
    """The cards endplay reads, trick by trick. endplay knows the four-handed order only: for
    a four-handed game it is the order played; in three-handed bridge the dummy plays between
    the defenders (TH-10) wherever its compass seat is, so a trick's cards are compared as a set
    (endplay puts them in compass order), and a card not yet played is endplay's filler."""
    ours = [list(t.cards) for t in state.tricks]
    if state.current_trick:
        ours.append([card for _, card in state.current_trick])
    played = [c for c in board.play if c.suit is not Denom.nt]  # endplay's filler for '-'
    read = [played[i : i + 4] for i in range(0, len(played), 4)]
    assert len(read) == len(ours)
    for mine, theirs in zip(ours, read, strict=True):
        codes = [str(Card.parse(f"{c.suit.abbr}{c.rank.abbr}")) for c in theirs]
        if isinstance(state, ThreeHandedDeal):
            assert sorted(codes) == sorted(map(str, mine))
        else:
            assert codes == list(map(str, mine))


MATCH = ("played", "passed", "claimed", "played", "claimed", "played", "unfinished-play")


@pytest.mark.parametrize(("game", "scoring"), FORMS)
def test_a_whole_match_exports_deal_by_deal(tmp_path: Path, game: str, scoring: str) -> None:
    """A match of several deals (played, passed out, claimed; the last one left in the play,
    or fewer if the match ends first): every deal is written with its board, dealer and
    vulnerability as the match dealt it (the dealer passing on, CB-4, TH-5, or dealing again
    after a Chicago pass-out, CB-C1; the vulnerability of the score form; none in auction
    bridge, AB-5), and read back by bridgeroom and endplay as that deal."""
    store = Store(str(tmp_path / "match.sqlite3"))
    seed = sum(map(ord, game + scoring))
    table, record = new_table(store, game, scoring, seed)
    rng = random.Random(seed)
    endings = [e for e in MATCH if e in endings_for(game)]
    played: list[str] = []
    for ending in endings:
        if table.over:
            break
        play_deal(table, record, ending, rng)
        played.append(ending)
    text = export_pbn(store, record.match_id)
    store.close()
    deals = table.match.deals
    assert len(deals) == len(played) >= 2
    games = pbn.loads(text)
    boards = endplay_pbn.loads(text)
    assert len(games) == len(boards) == len(deals)
    for number, (read, board, state, ending) in enumerate(
        zip(games, boards, deals, played, strict=True), start=1
    ):
        assert read.tags["Board"] == str(state.board or number)
        if game == "auction":
            assert str(state.vulnerability) == "None" and board.vul.name == "none"  # AB-5
        check_bridgeroom(pbn.dumps([read]), state, game, scoring, ending)
        check_endplay_board(board, state, ending)


PADS = {
    "rubber": [
        ("NS", "4S", 10, None),
        (None, None, 0, None),
        ("EW", "3NTX", 7, "4-aces-one declarer"),
    ],
    "chicago": [("NS", "4S", 10, "4-one defenders"), ("EW", "2H", 8, None)],
    "auction": [("NS", "2S", 8, "4-one declarer"), ("EW", "1NT", 6, None)],
    "three-handed-contract": [
        ("Ann", "4S", 10, None),
        ("Bob", "3NT", 8, None),
        (None, None, 0, None),
    ],
    "three-handed-auction": [("Cy", "2H", 8, None)],
    "duplicate": [("N", "3NT", 9, None), ("E", "4SX", 9, None), (None, None, 0, None)],
    "minibridge": [("S", "3NT", 10, None), ("W", "2H", 7, None)],
}


@pytest.mark.parametrize("form", list(PADS))
def test_pads_export_and_read_back(tmp_path: Path, form: str) -> None:
    """A score pad's deals: contract, result, declarer (side, seat or player) and honors, the
    game and the scoring; the session's dealer and vulnerability; endplay reads each contract
    and result."""
    from bridgeroom.tui.pad import PAD_GAMES

    pad = PAD_GAMES[form]
    players = ["Ann", "Bob", "Cy"] if pad.declarer_kind == "player" else []
    store = Store(str(tmp_path / "pads.sqlite3"))
    seats = [(n, None) for n in players] or [("NS", None), ("EW", None)]
    record = store.create_match(
        "pad", pad.game, pad.name, seats=seats, options=MatchOptions(players=tuple(players))
    )
    for declarer, contract, tricks, honors in PADS[form]:
        store.add_pad_entry(
            record.id, declarer=declarer, contract=contract, tricks=tricks, honors=honors
        )
    text = export_pbn(store, record.id)
    store.close()
    games = pbn.loads(text)
    assert [(d.declarer, d.contract, d.tricks, d.honors) for d in map(pad_deal, games)] == [
        (d, c, t if c else 0, h) for d, c, t, h in PADS[form]
    ]
    for game in games:
        assert game.variant.name == pad.game and game.scoring_form == pad.name
    assert games[0].dealer == Seat.NORTH  # the first deal's dealer (CB-4, CB-B1, TH-5)
    boards = endplay_pbn.loads(text)
    for board, (_, contract, tricks, _) in zip(boards, PADS[form], strict=True):
        if contract is None:
            assert board.contract.is_passout()
        else:
            assert board.contract.level + 6 + board.contract.result == tricks
