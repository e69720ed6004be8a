"""Simulations: every figure comes from the double-dummy results of endplay, deal by deal, and the
scores of the scoring tables; the same figures on one Dask worker or two."""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import pytest

from bridgeroom.analysis.batch import Batch
from bridgeroom.analysis.generate import generate
from bridgeroom.analysis.hands import DealBatch
from bridgeroom.analysis.leads import layouts_in_chunks, lead_knowledge, simulate_lead
from bridgeroom.analysis.simulate import (
    ContractJob,
    ContractTally,
    Interval,
    SimulationError,
    parse_contract,
    simulate_contracts,
    solve_contracts,
)
from bridgeroom.cli.main import main
from bridgeroom.rules import Card, Contract, Hand, Seat, Vulnerability
from bridgeroom.scoring.compare import imps

NT = "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332 - 5xxx - x5xx)"
SOUTH = "KQ872.K94.Q73.82"


def endplay_deal(masks: np.ndarray) -> object:
    from endplay.types import Deal as EndplayDeal

    return EndplayDeal(DealBatch(masks.reshape(1, 4)).deal().to_pbn())


def endplay_tricks(masks: np.ndarray, contract: Contract) -> int:
    from endplay.dds import calc_dd_table
    from endplay.types import Denom, Player

    table = calc_dd_table(endplay_deal(masks))  # type: ignore[arg-type]
    denom = {0: Denom.clubs, 1: Denom.diamonds, 2: Denom.hearts, 3: Denom.spades, 4: Denom.nt}
    return int(table[denom[int(contract.strain)], Player.find(contract.declarer.letter)])  # type: ignore[union-attr]


def endplay_score(contract: Contract, tricks: int, vul: str) -> int:
    from endplay.types import Contract as EndplayContract
    from endplay.types import Vul

    c = EndplayContract(f"{contract.level}{'N' if contract.strain == 4 else contract.strain.letter}"
                        f"{contract.declarer.letter}")  # type: ignore[union-attr]  # fmt: skip
    c.result = tricks - contract.level - 6
    return int(c.score(Vul.find(vul)))


def test_contract_figures_equal_endplay_deal_by_deal() -> None:
    """Tricks by endplay's double-dummy table, scores by endplay's scorer, IMPs by the WBF scale
    (Law 78B), matchpoints 2/1/0: the tallies add up to the same figures."""
    contracts = [parse_contract("3NT:N"), parse_contract("4S:S"), parse_contract("4S:N")]
    condition = f"predeal south SKQ872, HK94, DQ73, C82\n{NT}"
    result = simulate_contracts(condition, contracts, n=10, seed=4, vulnerability="NS")
    deals = generate(condition, 10, seed=4)  # the same deals (same job, same seed)
    assert result.n == 10 and (deals.masks[:, 2] == np.uint64(Hand(SOUTH).mask)).all()
    tricks = np.array([[endplay_tricks(m, c) for c in contracts] for m in deals.masks])
    scores = np.array([[endplay_score(c, t, "NS") for c, t in zip(contracts, row, strict=True)]
                       for row in tricks])  # fmt: skip
    for i in range(3):
        assert result.tally.tricks[i].tolist() == np.bincount(tricks[:, i], minlength=14).tolist()
        assert result.tally.score[i] == scores[:, i].sum()
        assert result.score(i).value == pytest.approx(scores[:, i].mean())
        need = contracts[i].level + 6
        assert result.makes(i).value == pytest.approx((tricks[:, i] >= need).mean())
    for i, j in result.pairs():
        diff = scores[:, i] - scores[:, j]
        assert result.tally.imps[i, j] == sum(imps(int(d)) for d in diff)
        assert result.matchpoints(i, j).value == pytest.approx(
            ((diff > 0) + 0.5 * (diff == 0)).mean()
        )
        assert result.imps(j, i).value == pytest.approx(-result.imps(i, j).value)


def test_tallies_add_up_chunk_by_chunk() -> None:
    deals = generate(NT, 12, seed=7).masks
    job = ContractJob((parse_contract("3NT:N"), parse_contract("2S:E")), Vulnerability.BOTH)
    whole = solve_contracts(job, deals)
    parts = solve_contracts(job, deals[:5]) + solve_contracts(job, deals[5:])
    for name in ("tricks", "score", "score_sq", "imps", "imps_sq", "mp", "mp_sq"):
        assert (getattr(whole, name) == getattr(parts, name)).all()
    assert whole.n == parts.n == 12
    assert (solve_contracts(job, deals[:0]).tricks == ContractTally.empty(2).tricks).all()


def test_minibridge_and_three_handed_scoring() -> None:
    """MB-9/MB-11: a made mini-bridge 3NT scores its contract value, 400 not vulnerable, whatever
    the overtricks; MB-10: 50 an undertrick. The three-handed table scores honors (TH-15)."""
    result = simulate_contracts(NT, ["3NT:N"], n=8, seed=3, game="minibridge")
    counts = result.tally.tricks[0]
    expected = sum(int(c) * (400 if t >= 9 else -50 * (9 - t)) for t, c in enumerate(counts))
    assert result.table == "minibridge" and result.tally.score[0] == expected
    three = simulate_contracts("hcp(north) >= 18", ["4S:N"], n=6, seed=3, game="three-handed")
    assert three.table == "three-handed-contract" and three.n == 6
    with pytest.raises(Exception, match="no vulnerability"):
        simulate_contracts(NT, ["3NT:N"], n=2, seed=3, game="auction", vulnerability="all")


def test_lead_figures_equal_endplay_solve_board() -> None:
    from endplay.dds import solve_board
    from endplay.types import Denom, Player

    hand = "KQ72.A84.T963.J5"
    condition = "hcp(south) >= 15 && hearts(south) >= 5 && hcp(north) >= 6 && hearts(north) >= 3"
    result = simulate_lead(hand, "4H:S", 10, condition=condition, seed=6)
    assert result.leader is Seat.WEST and result.n == 10 and result.needed == 4
    predeal = {"W": hand}
    deals = generate(condition, 10, seed=6, predeal=predeal)
    counts = np.zeros((52, 14), dtype=int)
    for masks in deals.masks:
        board = endplay_deal(masks)
        board.first = Player.west  # type: ignore[attr-defined]
        board.trump = Denom.hearts  # type: ignore[attr-defined]
        for card, tricks in solve_board(board):  # type: ignore[arg-type]
            ours = Card.parse(f"{card.suit.abbr}{card.rank.abbr}")
            counts[ours.index, tricks] += 1
    assert (result.tally.tricks == counts).all()
    best = result.cards()[0]
    for card in result.cards():
        assert result.tricks(card).value <= result.tricks(best).value
        assert result.beats(card).value == pytest.approx(counts[card.index, 4:].sum() / 10)
    assert result.versus(best, best).value == 0


def test_the_auction_is_read_as_the_robots_read_it() -> None:
    """1NT (15-17, balanced, by the robots' system) - 3NT: the layouts give North that hand."""
    hand = Hand("KQ72.A84.T963.J5")
    k, contract, notes = lead_knowledge(hand, None, auction="1NT P 3NT P P P", dealer=Seat.NORTH)
    assert contract == Contract.parse("3NTN") and k.viewer is Seat.EAST
    assert k.inferred[Seat.NORTH].hcp == (15, 17) and k.inferred[Seat.NORTH].balanced
    assert any(note.render("en").startswith("North: 15-17 HCP") for note in notes)
    assert any(note.render("ru").startswith("Север: 15–17 оч.") for note in notes)
    layouts = np.concatenate([m for m, _ in layouts_in_chunks(k, None, 200, seed=3)])
    assert (layouts[:, 1] == np.uint64(hand.mask)).all()
    north = DealBatch(layouts)["N"]
    inside = ((north.hcp >= 15) & (north.hcp <= 17) & north.is_balanced()).mean()
    assert inside > 0.8  # soft limits, as the robots use them: most layouts keep them
    with pytest.raises(SimulationError, match="not 4♥ by South"):
        lead_knowledge(hand, Contract.parse("4HS"), auction="1NT P 3NT P P P", dealer=Seat.NORTH)
    with pytest.raises(SimulationError, match="does not end"):
        lead_knowledge(hand, None, auction="1NT P 3NT", dealer=Seat.NORTH)
    with pytest.raises(SimulationError, match="dealer"):
        lead_knowledge(hand, None, auction="1NT P 3NT P P P")


def test_intervals() -> None:
    """The Wilson score interval for 8 successes in 10 at 95% is 0.490 to 0.943 (Wilson 1927;
    Newcombe 1998, table I)."""
    share = Interval.share(8, 10)
    assert (round(share.low, 3), round(share.high, 3)) == (0.490, 0.943)
    mean = Interval.mean(10.0, 30.0, 4)  # values 1, 2, 3, 4: mean 2.5, sample sd 1.291
    assert mean.value == 2.5
    assert mean.high - mean.value == pytest.approx(1.96 * math.sqrt(5 / 3) / 2)


def test_the_same_figures_on_a_dask_cluster(dask_cluster: object) -> None:
    address = dask_cluster.address  # type: ignore[attr-defined]
    here = simulate_contracts(NT, ["3NT:N", "4S:N"], n=25, seed=12)
    lead_here = simulate_lead("KQ72.A84.T963.J5", "4H:S", 12, seed=5)
    with Batch(scheduler=address) as batch:
        there = simulate_contracts(NT, ["3NT:N", "4S:N"], n=25, seed=12, batch=batch)
        lead_there = simulate_lead("KQ72.A84.T963.J5", "4H:S", 12, seed=5, batch=batch)
    assert json.dumps(here.to_dict()) == json.dumps(there.to_dict())
    assert json.dumps(lead_here.to_dict()) == json.dumps(lead_there.to_dict())


def test_the_command(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    plot = tmp_path / "contracts.png"
    args = ["simulate", "-c", NT, "--predeal", f"S:{SOUTH}", "--contracts", "3NT:N", "4S:S",
            "-n", "6", "--seed", "2", "--workers", "0"]  # fmt: skip
    assert main([*args, "--json", "--plot", str(plot)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deals"] == 6 and [c["contract"] for c in data["contracts"]] == ["3NTN", "4SS"]
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(args) == 0
    table = capsys.readouterr().out
    assert "3NT N" in table and "4♠ S" in table and "IMPs" in table
    svg = tmp_path / "lead.svg"
    lead = ["simulate", "--hand", "KQ72.A84.T963.J5", "--auction", "1H P 2H P 4H P P P",
            "--dealer", "S", "-n", "4", "--seed", "1", "--workers", "0", "--plot", str(svg)]  # fmt: skip
    assert main(lead) == 0
    out = capsys.readouterr().out
    assert "Opening lead by West against 4♥ S" in out and "note: South:" in out
    assert svg.read_text().lstrip().startswith("<?xml")
    for bad, message in (
        (["--contracts", "3NT"], "needs its declarer"),
        (["--lead", "4H:S"], "needs the leader's --hand"),
        (["--contracts", "3NT:N", "--lead", "4H:S"], "ask for --contracts"),
        (["--hand", "AKQ.-.-.-", "--lead", "4H:S"], "13 cards"),
        (["--contracts", "3NT:N", "--plot", str(tmp_path / "x.pdf")], ".png or .svg"),
    ):
        assert main(["simulate", "-n", "2", "--workers", "0", *bad]) == 2
        assert message in capsys.readouterr().err, bad
