"""The process's one DDS service, :mod:`bridgeroom.dds` (issue 37).

Expected values come from endplay (the oracle), called directly here; the service is the only
module under ``src`` that imports endplay's solver.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bridgeroom.dds as dds
from bridgeroom.dds import DDTable, Par, ParContract, dd_table, dd_tables, par, solver
from bridgeroom.robots import make_robot
from bridgeroom.rules import ContractBridgeDeal, Seat, Strain, Vulnerability
from bridgeroom.rules.dealing import deal_cards

TOP = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
SRC = Path(__file__).resolve().parents[1] / "src" / "bridgeroom"


def _imports(path: Path) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
    return out


def test_only_the_service_imports_endplays_solver() -> None:
    importers = sorted(
        str(p.relative_to(SRC))
        for p in SRC.rglob("*.py")
        if any(m.startswith(("endplay.dds", "endplay._dds")) for m in _imports(p))
    )
    assert importers == ["dds.py"]


def _endplay_deal(deal: object) -> object:
    from endplay.types import Deal as EndplayDeal

    return EndplayDeal(str(deal.to_pbn()))  # type: ignore[attr-defined]


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32 - 1), st.sampled_from(list(Seat)), st.sampled_from(list(Vulnerability)))
def test_table_and_par_agree_with_endplay(seed: int, dealer: Seat, vul: Vulnerability) -> None:
    from endplay.dds import calc_dd_table
    from endplay.dds import par as endplay_par
    from endplay.types import Player, Vul

    deal = deal_cards(rng=random.Random(seed))
    oracle = calc_dd_table(_endplay_deal(deal)).to_list()  # [denom S H D C NT][player N E S W]
    table = dd_table(deal)
    denom = {Strain.SPADES: 0, Strain.HEARTS: 1, Strain.DIAMONDS: 2, Strain.CLUBS: 3}
    denom[Strain.NOTRUMP] = 4
    for seat in Seat:
        for strain in Strain:
            assert table[seat, strain] == oracle[denom[strain]][int(seat)]
    vuls = {Vulnerability.NONE: Vul.none, Vulnerability.NS: Vul.ns}
    vuls |= {Vulnerability.EW: Vul.ew, Vulnerability.BOTH: Vul.both}
    expected = endplay_par(_endplay_deal(deal), vuls[vul], Player(int(dealer)))
    got = par(table, dealer, vul)
    assert got.score == expected.score
    strains = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)
    doubled = {1: 0, 2: 1, 4: 2}  # endplay's Penalty: passed, doubled, redoubled
    assert [
        (c.contract.level, c.contract.strain, c.contract.doubled, c.contract.declarer, c.overtricks)
        for c in got.contracts
    ] == [
        (c.level, strains[c.denom], doubled[c.penalty], Seat(int(c.declarer)), c.result)
        for c in expected
    ]
    # the repr pastes back
    assert eval(repr(got), vars(dds)) == got


def test_par_repr_pastes_back() -> None:
    p = Par(-100, (ParContract("5HXN-1"), ParContract("5HXS-1")))
    assert repr(p) == "Par(-100, (ParContract('5HXN-1'), ParContract('5HXS-1')))"
    assert eval(repr(p), vars(dds)) == p
    with pytest.raises(ValueError, match="par contract"):
        ParContract("4H")


def test_tables_of_a_batch_equal_those_one_by_one() -> None:
    rng = random.Random(37)
    deals = [deal_cards(rng=rng) for _ in range(41)]  # more than one DDS batch of 40
    tables = dd_tables(deals)
    assert len(tables) == 41 and all(isinstance(t, DDTable) for t in tables)
    assert [tables[i] for i in (0, 39, 40)] == [dd_table(deals[i]) for i in (0, 39, 40)]


def test_the_thread_count_is_set_once() -> None:
    s = solver()
    before = s.threads
    assert solver(threads=before + 3) is s and s.threads == before


def test_dds_called_at_once_after_each_expert_decision_in_the_same_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """200 expert decisions at a short budget (opening leads and cards of the first tricks), each
    followed at once by a solve through endplay itself, as an embedding program does: the process
    survives and endplay's answers are right (an abandoned batch once crashed it: issue 37). The
    decisions did solve layouts (their DDS batches are counted), so the test is not vacuous."""
    batches = 0
    run = dds.Solver._run

    def counted(self: dds.Solver, *args: object) -> object:
        nonlocal batches
        batches += 1
        return run(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(dds.Solver, "_run", counted)
    from endplay.dds import solve_board
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

    rng = random.Random(2037)
    for i in range(200):
        state = ContractBridgeDeal(deal_cards(rng=rng))
        for call in ["1NT", "P", "P", "P"]:
            state.apply(call)
        for _ in range(i % 3):  # a lead, a second card or a third
            state.apply(rng.choice(list(state.legal_actions())))
        robot = make_robot("expert", seed=i, time_budget=0.25)
        decision = robot.decide(state.view(state.to_act))
        assert decision.action in state.legal_actions()
        # at once, endplay's own solve: East leads against North's 7NT and takes nothing
        board = EndplayDeal(TOP)
        board.trump = Denom.nt
        board.first = Player.east
        solved = list(solve_board(board))
        assert len(solved) == 13 and {tricks for _, tricks in solved} == {0}
    assert batches > 0
