"""Files written by other programs (tests/data/endplay): every board loads, replays legally
through the engine, ends in the recorded result and scores the recorded Score.

The recorded Result and Score are the expected values (they come from the files'
authors, not from bridgeroom); endplay's own parsers are a second, independent
reading of the same files.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bridgeroom.formats import lin, pbn
from bridgeroom.rules import Card, Phase, Seat
from bridgeroom.scoring import score_duplicate


def read_pbn(folder: Path, name: str) -> list[pbn.PbnGame]:
    with open(folder / name, encoding="utf-8") as fp:
        return pbn.load(fp)


def read_lin(folder: Path) -> list[lin.LinGame]:
    with open(folder / "example1.lin", encoding="utf-8") as fp:
        return lin.load(fp)


@pytest.mark.parametrize(("name", "count"), [("example1.pbn", 2), ("example2.pbn", 299)])
def test_every_pbn_board_loads(endplay_files: Path, name: str, count: int) -> None:
    games = read_pbn(endplay_files, name)
    assert len(games) == count
    assert all(game.deal is not None and game.deal.is_complete for game in games)


@pytest.mark.parametrize("name", ["example1.pbn", "example2.pbn"])
def test_cb_10_every_pbn_board_replays_to_its_recorded_result(
    endplay_files: Path, name: str
) -> None:
    """CB-5..CB-10: the auction and play of each board are legal; the tricks already played
    never exceed the Result for either side, and the rest of the Result is the claim."""
    for game in read_pbn(endplay_files, name):
        state = game.to_state(claim=False)
        if game.auction is None:
            # Boards not played at that table: no auction, Contract "Pass", nothing to replay.
            assert state.phase is Phase.AUCTION and not state.calls
            assert game.passed_out and game.tags["Result"] == ""
            continue
        if game.passed_out:
            assert state.phase is Phase.DONE and state.contract is None
            continue
        recorded = game.result
        assert recorded is not None
        taken = state.declarer_tricks_taken()
        lost = len(state.tricks) - taken
        assert taken <= recorded and lost <= 13 - recorded
        claimed = game.claimed_tricks(state)
        if state.phase is Phase.DONE:
            assert claimed == 0 and state.result is not None and state.result.tricks == recorded
        else:
            assert claimed == recorded - taken


@pytest.mark.parametrize("name", ["example1.pbn", "example2.pbn"])
def test_cb_d1_every_pbn_contract_scores_the_recorded_score(endplay_files: Path, name: str) -> None:
    """CB-D1..CB-D6: the Law 77 score of each contract and Result is the recorded Score
    (written from NS's viewpoint, e.g. "NS -50", whoever declared)."""
    checked = 0
    for game in read_pbn(endplay_files, name):
        contract = game.contract
        if contract is None:
            assert game.score("NS") in (None, 0)
            continue
        assert contract.declarer is not None and game.result is not None
        vulnerability = game.vulnerability
        assert vulnerability is not None
        points = score_duplicate(
            contract, game.result, vulnerability.is_vulnerable(contract.declarer)
        ).score
        assert game.score(contract.declarer.side) == points, game.tags["Board"]
        checked += 1
    assert checked == {"example1.pbn": 2, "example2.pbn": 278}[name]


def test_example2_oddities(endplay_files: Path) -> None:
    """What docs/formats.md reports about example2.pbn."""
    games = read_pbn(endplay_files, "example2.pbn")
    not_played = [g for g in games if g.auction is None]
    assert len(not_played) == 20
    assert all(g.passed_out and g.play is None and "Score" not in g.tags for g in not_played)
    passed_out = [g for g in games if g.auction is not None and g.passed_out]
    assert len(passed_out) == 1 and passed_out[0].score("NS") == 0
    assert sum(g.play is None for g in games) == 21
    assert {g.tags["Scoring"] for g in games} == {"IMP"}
    example1 = read_pbn(endplay_files, "example1.pbn")
    assert {g.tags["Scoring"] for g in example1} == {"?"}


@pytest.mark.parametrize("name", ["example1.pbn", "example2.pbn"])
def test_pbn_corpus_round_trip(endplay_files: Path, name: str) -> None:
    games = read_pbn(endplay_files, name)
    text = pbn.dumps(games)
    assert pbn.loads(text) == games
    # The writer's layout is the files' own, but for trailing blanks and backslashes:
    # example2.pbn writes a backslash in a Note sometimes escaped ("2\\\\3"), sometimes
    # not ("2\\3"); bridgeroom reads both as one backslash and always escapes it.
    original = (endplay_files / name).read_text(encoding="utf-8")

    def norm(lines: str) -> list[str]:
        return [line.rstrip().replace("\\\\", "\\") for line in lines.splitlines()]

    assert norm(text) == norm(original)


def test_pbn_corpus_agrees_with_endplay(endplay_files: Path) -> None:
    """endplay's PBN parser reads the same deals, auctions and order of play."""
    from endplay.parsers import pbn as endplay_pbn

    with open(endplay_files / "example2.pbn", encoding="utf-8") as fp:
        boards = endplay_pbn.load(fp)
    games = read_pbn(endplay_files, "example2.pbn")
    assert len(boards) == len(games)
    for board, game in zip(boards, games, strict=True):
        assert game.deal is not None
        assert board.deal.to_pbn() == game.deal.to_pbn(Seat.NORTH)
        state = game.to_state()
        calls = [_endplay_call(bid) for bid in board.auction]
        assert calls == [str(call) for _, call in state.calls]
        played = [c for trick in state.tricks for c in trick.cards]
        played += [c for _, c in state.current_trick]
        assert [_endplay_card(card) for card in board.play] == played


_DENOM = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S", "nt": "NT"}


def _endplay_call(bid: object) -> str:
    level = getattr(bid, "level", None)
    if level is not None:
        return f"{level}{_DENOM[bid.denom.name]}"  # type: ignore[attr-defined]
    return {"passed": "P", "doubled": "X", "redoubled": "XX"}[bid.penalty.name]  # type: ignore[attr-defined]


def _endplay_card(card: object) -> Card:
    return Card(_DENOM[card.suit.name] + card.rank.name[1:])  # type: ignore[attr-defined]


# --- LIN ------------------------------------------------------------------------------


def test_every_lin_board_loads(endplay_files: Path) -> None:
    games = read_lin(endplay_files)
    assert [g.board for g in games] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert all(len(g.players) == 4 for g in games)


def test_cb_10_every_lin_board_replays(endplay_files: Path) -> None:
    """CB-5..CB-10: every auction and play is legal; boards 3 and 7 end in a claim (mc)."""
    for game in read_lin(endplay_files):
        state = game.to_state(claim=False)
        assert state.contract is not None
        if game.claim is None:
            assert state.phase is Phase.DONE
        else:
            assert state.phase is Phase.PLAY
            claimed = game.claimed_tricks(state)
            assert claimed is not None
            assert state.declarer_tricks_taken() + claimed == game.claim
    claims = {g.board: g.claim for g in read_lin(endplay_files) if g.claim is not None}
    assert claims == {3: 9, 7: 11}


def test_lin_corpus_round_trip_is_exact(endplay_files: Path) -> None:
    text = (endplay_files / "example1.lin").read_text(encoding="utf-8")
    games = lin.loads(text)
    assert lin.dumps(games) == text
    assert lin.loads(lin.dumps(games)) == games


def test_lin_corpus_agrees_with_endplay(endplay_files: Path) -> None:
    from endplay.parsers import lin as endplay_lin

    with open(endplay_files / "example1.lin", encoding="utf-8") as fp:
        boards = endplay_lin.load(fp)
    games = read_lin(endplay_files)
    for board, game in zip(boards, games, strict=True):
        assert board.deal.to_pbn() == game.deal.to_pbn(Seat.NORTH)
        assert [_endplay_call(bid) for bid in board.auction] == [str(c) for c in game.calls]
        assert [_endplay_card(card) for card in board.play] == game.play


def test_lin_to_pbn_through_the_engine(endplay_files: Path) -> None:
    """A LIN deal replayed and written as PBN reads back to the same record."""
    for game in read_lin(endplay_files):
        state = game.to_state()
        record = pbn.PbnGame.from_state(state, Board=str(game.board))
        [again] = pbn.loads(pbn.dumps(record))
        assert again.to_state().history == state.history
