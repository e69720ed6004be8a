"""The deal generator: uniform deals, predealt cards kept, conditions met, seeds that make the
same deals again in any number of chunks and on any number of Dask workers."""

from __future__ import annotations

import math

import numpy as np
import pytest

from bridgeroom.analysis.batch import Batch
from bridgeroom.analysis.generate import (
    CHUNK,
    GenerationError,
    Job,
    Predicate,
    deal_chunk,
    generate,
    merge_predeals,
    parse_predeal,
    run,
)
from bridgeroom.analysis.hands import DealBatch
from bridgeroom.errors import ParseError
from bridgeroom.robots.sampler import HandLimits, Knowledge, deal
from bridgeroom.rules import Hand, Seat

NT = "hcp(north) >= 15 && hcp(north) <= 17 && shape(north, any 4333 + any 4432 + any 5332)"


def hypergeometric(k: int) -> float:
    """The chance that a hand holds exactly ``k`` cards of a suit."""
    return math.comb(13, k) * math.comb(39, 13 - k) / math.comb(52, 13)


def test_sampler_deal_is_uniform() -> None:
    """Each card is equally likely in each hand, and suit lengths follow the hypergeometric law
    (a 5-card suit in 12.5% of hands, a void in 1.3%), within four standard errors."""
    n = 200_000
    masks = deal(
        Knowledge(Seat.NORTH, (0, 0, 0, 0), (13, 13, 13, 13)), n, np.random.default_rng(11)
    )
    whole = masks[:, 0] | masks[:, 1] | masks[:, 2] | masks[:, 3]
    assert (whole == np.uint64((1 << 52) - 1)).all()
    batch = DealBatch(masks)
    for seat in Seat:
        assert (batch[seat].lengths.sum(axis=1) == 13).all()
    for card in (0, 12, 30, 51):
        holders = [(masks[:, s] >> np.uint64(card) & np.uint64(1)).mean() for s in range(4)]
        se = math.sqrt(0.25 * 0.75 / n)
        assert all(abs(p - 0.25) < 4 * se for p in holders)
    spades = batch["W"].length("S")
    for k in (0, 3, 5, 7):
        p = hypergeometric(k)
        se = math.sqrt(p * (1 - p) / n)
        assert abs((spades == k).mean() - p) < 4 * se


def test_dealing_some_seats_then_the_rest_is_a_uniform_deal() -> None:
    """deal(seats=...) then complete(): each hand holds each card a quarter of the time and
    spade lengths follow the hypergeometric law, for the seats dealt first and the others."""
    from bridgeroom.robots.sampler import complete

    n = 100_000
    k = Knowledge(Seat.NORTH, (0, 0, 0, 0), (13, 13, 13, 13))
    first = deal(k, n, np.random.default_rng(12), seats=[Seat.NORTH, Seat.WEST])
    assert (first[:, 1] == 0).all() and (first[:, 2] == 0).all()
    masks = complete(k, first, np.random.default_rng(13))
    assert (masks[:, [0, 3]] == first[:, [0, 3]]).all()
    assert (
        (masks[:, 0] | masks[:, 1] | masks[:, 2] | masks[:, 3]) == np.uint64((1 << 52) - 1)
    ).all()
    batch = DealBatch(masks)
    for seat in Seat:
        assert (batch[seat].lengths.sum(axis=1) == 13).all()
        for card in (0, 51):
            p = (masks[:, seat] >> np.uint64(card) & np.uint64(1)).mean()
            assert abs(p - 0.25) < 4 * math.sqrt(0.25 * 0.75 / n)
        spades = batch[seat].length("S")
        for length in (2, 4, 6):
            p = hypergeometric(length)
            assert abs((spades == length).mean() - p) < 4 * math.sqrt(p * (1 - p) / n)


def test_a_condition_on_one_hand_leaves_the_others_uniform() -> None:
    """Judging North alone and dealing the rest for the deals kept gives the law of judging
    whole deals: the other hands' points average (40 - North's) / 3 either way."""
    from bridgeroom.analysis.dealer.evaluate import Condition
    from bridgeroom.analysis.dealer.parser import parse_expression

    class Whole(Condition):
        @property
        def seats(self) -> None:  # type: ignore[override]
            return None  # judge whole deals

    expr = parse_expression("hcp(north) >= 18 && spades(north) >= 5")
    assert Condition(expr).seats == {0}
    one = generate(Condition(expr), 6000, seed=3)
    whole = generate(Whole(expr), 6000, seed=4)
    for deals in (one, whole):
        b = deals.batch
        rest = (40 - b["N"].hcp) / 3
        for seat in ("E", "S", "W"):
            diff = b[seat].hcp - rest
            assert abs(diff.mean()) < 4 * diff.std() / math.sqrt(len(diff))
        assert (b["N"].hcp >= 18).all()
    gap = one.batch["S"].length("S").mean() - whole.batch["S"].length("S").mean()
    spread = math.sqrt(2 / 6000) * one.batch["S"].length("S").std()
    assert abs(gap) < 4 * spread


def test_sampler_deal_keeps_known_and_played_cards() -> None:
    north = Hand("AKQJ.AKQ.AKQ.AKQ").mask
    played = Hand("T98.-.-.-").mask
    k = Knowledge(Seat.NORTH, (north, 0, 0, 0), (0, 10, 13, 13), (0, played, 0, 0))
    masks = deal(k, 500, np.random.default_rng(2))
    assert (masks[:, 0] == np.uint64(north)).all()
    assert (masks[:, 1] & np.uint64(played) == 0).all()
    assert {int(m).bit_count() for m in masks[:, 1]} == {10}
    with pytest.raises(ValueError, match="voids or limits"):
        deal(Knowledge(Seat.NORTH, (0, 0, 0, 0), (13, 13, 13, 13), voids=(1, 0, 0, 0)), 5,
             np.random.default_rng(1))  # fmt: skip
    with pytest.raises(ValueError, match="voids or limits"):
        limited = Knowledge.open_hands(Seat.NORTH, {}, inferred={Seat.EAST: HandLimits(hcp=(5, 9))})
        deal(limited, 5, np.random.default_rng(1))


def test_conditions_are_met_and_seeds_repeat() -> None:
    deals = generate(NT, 300, seed=5)
    assert len(deals) == 300 and deals.seed == 5
    north = deals.batch["N"]
    assert ((north.hcp >= 15) & (north.hcp <= 17) & north.is_balanced()).all()
    again = generate(NT, 300, seed=5)
    assert (again.masks == deals.masks).all()
    assert not (generate(NT, 300, seed=6).masks == deals.masks).all()
    # a longer run starts with the same deals
    assert (generate(NT, 500, seed=5).masks[:300] == deals.masks).all()


def test_chunks_are_independent_of_who_deals_them() -> None:
    job = Job()
    first = deal_chunk(job, 3, seed=9)
    assert first.tried == CHUNK and len(first.masks) == CHUNK
    assert (deal_chunk(job, 3, seed=9).masks == first.masks).all()
    assert not (deal_chunk(job, 4, seed=9).masks == first.masks).all()
    chunks = list(run(job, CHUNK * 2 + 10, seed=9))
    assert [c.index for c in chunks] == [0, 1, 2]
    assert (chunks[2].masks == deal_chunk(job, 2, seed=9).masks[:10]).all()


def test_predeal_is_kept() -> None:
    given = merge_predeals(parse_predeal("S:KQ872.K94.Q73.82"), parse_predeal("north SA, HA"))
    deals = generate("hcp(north) >= 12", 200, seed=3, predeal=given)
    south = Hand("KQ872.K94.Q73.82").mask
    assert (deals.masks[:, 2] == np.uint64(south)).all()
    ace_bits = np.uint64(Hand("A.A.-.-").mask)
    assert (deals.masks[:, 0] & ace_bits == ace_bits).all()
    assert (deals.batch["N"].hcp >= 12).all()
    mapped = generate(None, 3, seed=3, predeal={"W": "AKQJT98765432.-.-.-"})
    assert all(d[Seat.WEST] == Hand("AKQJT98765432.-.-.-") for d in mapped)


def test_bad_predeals_are_refused() -> None:
    with pytest.raises(GenerationError, match="twice"):
        merge_predeals(parse_predeal("N:A.-.-.-"), parse_predeal("S:A.-.-.-"))
    with pytest.raises(ParseError):
        parse_predeal("N:AKQ.ZZ.-.-")
    with pytest.raises(ParseError):
        parse_predeal("north SX")
    with pytest.raises(GenerationError, match="more than 13"):
        merge_predeals(parse_predeal("N:AKQJT98765432.-.-.-"), parse_predeal("north H2"))


def test_predicates_vectorised_or_deal_by_deal_give_the_same_deals() -> None:
    fast = generate(lambda d: (d["N"].hcp >= 15) & (d["N"].hcp <= 17) & d["N"].is_balanced(), 50,
                    seed=8)  # fmt: skip
    # Python's chained comparison and 'and' cannot take arrays: the predicate runs deal by deal
    slow_predicate = Predicate(lambda d: 15 <= d["N"].hcp <= 17 and d["N"].is_balanced())
    slow = generate(slow_predicate, 50, seed=8)
    assert slow_predicate.vectorized is False
    assert (fast.masks == slow.masks).all()
    north = generate(NT, 50, seed=8).batch["N"]  # North only is judged, the rest dealt after
    assert ((north.hcp >= 15) & (north.hcp <= 17) & north.is_balanced()).all()
    with pytest.raises(GenerationError, match="one truth value per deal"):
        generate(Predicate(lambda d: bool(d["N"].hcp.max() > 3), vectorized=True), 1, seed=1)


def test_max_tries_stops_a_condition_too_rare_to_meet() -> None:
    """A condition that can be met but almost never is stops at ``max_tries``; one that can
    never be met (a hand holds at most 37 high-card points) is refused before any deal."""
    deals = generate("hcp(north) >= 37", 5, seed=1, max_tries=70_000)
    assert len(deals) == 0 and deals.tried == 70_000
    with pytest.raises(GenerationError, match="can never be met"):
        generate("hcp(north) > 37", 5, seed=1, max_tries=70_000)
    script = "generate 40000\ncondition hcp(north) + hcp(south) == 40"
    assert generate(script, 5, seed=1).tried == 40_000


def test_a_seeded_run_is_the_same_on_a_dask_cluster(dask_cluster: object) -> None:
    """Two real ``dask worker`` processes deal the chunks: the same deals as here."""
    address = dask_cluster.address  # type: ignore[attr-defined]
    rare = "shape(north, any 0xxx) && hcp(north) >= 20"
    here = generate(rare, 40, seed=21)
    with Batch(scheduler=address) as batch:
        there = generate(rare, 40, seed=21, batch=batch)
        predicate = generate(lambda d: (d["S"].hcp >= 20) & (d["N"].length("S") >= 6), 10, seed=2,
                             batch=batch)  # fmt: skip
    assert (here.masks == there.masks).all() and here.tried == there.tried
    south = predicate.batch["S"]
    assert (south.hcp >= 20).all() and (predicate.batch["N"].length("S") >= 6).all()


def test_auto_map_moves_long_work_to_a_batch() -> None:
    """The first item runs here; the rest goes to the batch ``start`` makes when it would take
    longer than the threshold, and stays here when it would not."""
    from bridgeroom.analysis.scale import auto_map

    started: list[Batch] = []

    def start() -> Batch:
        started.append(Batch(workers=0))
        return started[-1]

    def square(x: int) -> int:
        return x * x

    long = auto_map(square, iter(range(6)), batch=None, start=start, remaining=lambda r, s: 99.0)
    assert list(long) == [0, 1, 4, 9, 16, 25] and len(started) == 1
    short = auto_map(square, iter(range(6)), batch=None, start=start, remaining=lambda r, s: 0.1)
    assert list(short) == [0, 1, 4, 9, 16, 25] and len(started) == 1
    with Batch(workers=0) as batch:
        assert list(auto_map(square, iter(range(3)), batch=batch)) == [0, 1, 4]
