"""Issue 38, item 22: a mini-bridge board's hand record shows its best mini-bridge contract by
double dummy, not contract bridge's par. The pair with more points declares (MB-3), its member
with more points is the declarer (MB-4); a made contract scores its MB-T1 value and nothing for
overtricks (MB-9), a failed one 50 or 100 a trick (MB-10, MB-T2). The tricks come from endplay's
double-dummy table (the oracle); the best contracts are worked by hand from those tables."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from endplay.dds import calc_dd_table
from endplay.types import Deal as EndplayDeal
from endplay.types import Denom, Player

from bridgeroom.analysis.dd import DDTable, Par, ParContract
from bridgeroom.analysis.minibridge import best_minibridge, best_minibridge_text
from bridgeroom.cli.main import main
from bridgeroom.rules import Contract, Deal, Seat, Strain, Vulnerability
from bridgeroom.server.session_boards import hand_records

#: N 11, E 7, S 8, W 14 points: East-West declare with 21 (MB-3), West with 14 (MB-4).
#: Contract bridge's par is North-South's 5♥ (+450), which mini-bridge never reaches.
PART = "N:AJ83.KQJ5.9.8652 K762.4.KT74.JT73 QT9.T9832.AQ853. 54.A76.J62.AKQ94"
#: N 22, E 10, S 8, W 0: North declares (MB-3, MB-4) and takes 12 tricks at no trump.
SLAM = "N:AKQJ2.K52.AQ3.K4 T98.QJT9.KJ.QJT9 7643.A87.T98.A82 5.643.76542.7653"

_DENOMS = {
    Strain.CLUBS: Denom.clubs,
    Strain.DIAMONDS: Denom.diamonds,
    Strain.HEARTS: Denom.hearts,
    Strain.SPADES: Denom.spades,
    Strain.NOTRUMP: Denom.nt,
}


def endplay_table(pbn: str) -> DDTable:
    """The double-dummy table as endplay computes it (not through bridgeroom's DDS module)."""
    table = calc_dd_table(EndplayDeal(pbn))
    return DDTable(
        tuple(
            tuple(table[_DENOMS[strain], Player(int(seat))] for strain in Strain) for seat in Seat
        )
    )


def test_the_declaring_pair_plays_its_best_mini_bridge_contract_not_par() -> None:
    """West takes 9 tricks in clubs, 6 in diamonds and no trump, 4 in spades, 2 in hearts.
    3♣ makes: 110 (MB-T1; 4♣ one down is -50, MB-10, and 1♣ or 2♣ score 70 or 90, the
    overtricks nothing, MB-9); every other strain fails at the one level. Best: 3♣ by West,
    +110 to East-West, -110 from North-South's side."""
    table = endplay_table(PART)
    tricks = {strain: table[Seat.WEST, strain] for strain in Strain}
    assert tricks == {
        Strain.CLUBS: 9,
        Strain.DIAMONDS: 6,
        Strain.HEARTS: 2,
        Strain.SPADES: 4,
        Strain.NOTRUMP: 6,
    }
    best = best_minibridge(Deal.parse(PART), Seat.NORTH, Vulnerability.NONE, table)
    assert best == Par(-110, (ParContract(Contract("3CW"), 0),))
    assert best_minibridge_text(best, "en") == (
        "Best mini-bridge contract (double dummy), declarer W: 3♣, +110"
    )
    assert best_minibridge_text(best, "ru") == (
        "Лучший контракт мини-бриджа (в открытую), разыгрывает З: 3♣, +110"
    )


def test_a_vulnerable_slam_takes_the_vulnerable_contract_value() -> None:
    """North takes 12 tricks at no trump and in spades, vulnerable (board 2: North-South):
    6NT is worth 1440 and 6♠ 1430 (MB-T1), 7NT one down -100 (MB-T2): 6NT by North."""
    table = endplay_table(SLAM)
    assert table[Seat.NORTH, Strain.NOTRUMP] == 12 and table[Seat.NORTH, Strain.SPADES] == 12
    best = best_minibridge(Deal.parse(SLAM), Seat.EAST, Vulnerability.NS, table)
    assert best == Par(1440, (ParContract(Contract("6NTN"), 0),))


def test_when_every_contract_fails_each_least_loss_is_named() -> None:
    """A table of 6 tricks in every strain for the declarer: every one-level contract is one
    down, 50 to the defenders not vulnerable (MB-10, MB-T2); all five are named."""
    six = DDTable(((6,) * 5,) * 4)
    deal = Deal.parse(SLAM)  # North declares (MB-3, MB-4)
    best = best_minibridge(deal, Seat.NORTH, Vulnerability.NONE, six)
    assert best.score == -50
    assert [str(c.contract) for c in best.contracts] == ["1CN", "1DN", "1HN", "1SN", "1NTN"]
    assert best_minibridge_text(best, "en") == (
        "Best mini-bridge contract (double dummy), declarer N: 1♣ -1, 1♦ -1, 1♥ -1, 1♠ -1, "
        "1NT -1, -50"
    )


def run_cli(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_handrecord_shows_a_mini_bridge_board_its_best_contract(tmp_path: Path) -> None:
    """``bridgeroom handrecord``: a ``[Variant "minibridge"]`` board shows its best mini-bridge
    contract; the same deal as a contract bridge board shows par (+450: 5♥ N/S, endplay)."""
    head = '[Event "Club"]\n[Board "{b}"]\n[Dealer "N"]\n[Vulnerable "None"]\n'
    mini = head.format(b=1) + f'[Variant "minibridge"]\n[Deal "{PART}"]\n'
    contract = head.format(b=2) + f'[Deal "{PART}"]\n'
    source = tmp_path / "club.pbn"
    source.write_text(mini + "\n" + contract, encoding="utf-8")
    out = tmp_path / "records.html"
    code, _, err = run_cli("handrecord", str(source), "-o", str(out), "--lang", "en")
    assert code == 0, err
    page = out.read_text(encoding="utf-8")
    assert page.count("Best mini-bridge contract") == 1
    assert "Best mini-bridge contract (double dummy), declarer W: 3♣, +110" in page
    assert page.count("Par +450: 5♥ N/S") == 1


def test_a_mini_bridge_session_s_hand_record_shows_the_best_contract() -> None:
    """The server's hand record of a mini-bridge session (board 1: dealer North, nobody
    vulnerable): the line under each board, in every language, and on its diagram."""
    [record] = hand_records([PART], (1,), "minibridge")
    assert record["par_text"]["en"] == (
        "Best mini-bridge contract (double dummy), declarer W: 3♣, +110"
    )
    assert record["par_text"]["ru"].startswith("Лучший контракт мини-бриджа")
    assert "Best mini-bridge contract" in record["svg"]["en"]
    assert record["par"]["score"] == -110
    [contract] = hand_records([PART], (1,), "contract")
    assert contract["par_text"]["en"] == "Par +450: 5♥ N/S"
