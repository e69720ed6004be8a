"""Dealer scripts: read with their lines, evaluated over batches, and checked against endplay.

The scripts below are our own equivalents of the examples of the Dealer
distribution and manual (a strong notrump, the manual's 1♣-2♦ example with its
predeal, a weak two, Michaels, slam controls, alternative counts, specific
cards, the ``?:`` selection): on the same deals, our vectorised evaluation
accepts exactly the deals endplay's own Dealer interpreter
(``endplay.dealer.constraint.ConstraintInterpreter``) accepts.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgeroom.analysis.dealer import Condition, DealerError, UnsupportedError, loads
from bridgeroom.analysis.dealer.actions import Actions
from bridgeroom.analysis.dealer.evaluate import Context
from bridgeroom.analysis.dealer.parser import parse_expression
from bridgeroom.analysis.generate import generate
from bridgeroom.analysis.hands import DealBatch
from bridgeroom.robots.sampler import Knowledge, deal
from bridgeroom.rules import Hand, Seat

SCRIPTS = {
    "strong-notrump": """
        # the manual's first example: a strong balanced North
        condition shape(north, any 4333 + any 4423) and hcp(north)>=19
        action printall
    """,
    "west-one-club": """
        generate   10000
        produce    25
        vulnerable ew
        dealer     west
        predeal    south SAQ542, HKJ87, D32, CAK
        west1n = shape(west, any 4333 + any 4432 + any 5332 - 5xxx - x5xx) &&
                 hcp(west)>14 && hcp(west)<18
        west1h = hearts(west)>= 5
        west1s = spades(west)>= 5
        west1d = diamonds(west)>clubs(west) || ((diamonds(west)==clubs(west))==4)
        west1c = (not west1n) && hcp(west)>10 && clubs(west)>=3
                 && (not west1h) && (not west1s) && (not west1d)
        north2d = (hcp(north)>5 && hcp(north)<12) &&
                  shape(north, xx6x + xx7x - any 4xxx - any 5xxx)
        condition  west1c && north2d
        action     printall
    """,
    "weak-two": """
        dealer east
        weak = hcp(east) >= 5 && hcp(east) <= 10
        six = shape(east, 6xxx + x6xx - any 0xxx - 64xx - 46xx)
        condition weak && six /* no void, no four-card side major */
    """,
    "michaels": """
        opening = hcp(east) >= 12 && (clubs(east) >= 4 || diamonds(east) >= 4)
        majors = shape(south, 55xx + 65xx + 56xx)  // five-five or better
        condition opening && majors && hcp(south) >= 7 && hcp(south) <= 16
    """,
    "slam-controls": """
        points = hcp(north) + hcp(south)
        condition points >= 30 && controls(north) + controls(south) >= 9
                  && losers(north) + losers(south) <= 11 && loser(north, spades) <= 1
    """,
    "alternative-counts": """
        altcount 9 3, 2, 1
        condition c13(north) >= 6 && aces(south) + kings(south) >= 3
                  || top3(west, hearts) == 3 || tens(east) + jacks(east) >= 4
    """,
    "cards": """
        condition (hascard(west, AS) || hascard(west, KS)) && !hascard(east, TC)
                  && hcp(west, spades) >= 4 && control(west, hearts) >= 1
    """,
    "selection": """
        minornorth = clubs(north) > diamonds(north) ? hcp(north, clubs) : hcp(north, diamonds)
        condition minornorth >= 5 && (hcp(north) >= 12 ? spades(north) >= 4 : hearts(north) > 2)
    """,
}


def endplay_accepts(text: str, masks: np.ndarray) -> list[bool]:
    """endplay's own evaluation of a script's condition, deal by deal."""
    from endplay.dealer.constraint import ConstraintInterpreter
    from endplay.parsers.dealer import DealerParser
    from endplay.types import Deal as EndplayDeal

    tree = DealerParser().parse_string(text)
    interp = ConstraintInterpreter()
    condition = None
    for node in tree.children:
        if node.value == "define":
            interp.set_env(node.first_child.value, node.last_child)
        elif node.value == "altcount":
            interp.set_env(f"pt{node.first_child.value}", [c.value for c in node.children[1:]])
        elif node.value == "condition":
            condition = node.first_child
    assert condition is not None
    out = []
    for row in masks:
        d = DealBatch(row.reshape(1, 4)).deal()
        out.append(bool(interp.evaluate(condition, EndplayDeal(d.to_pbn()))))
    return out


@pytest.mark.parametrize("name", sorted(SCRIPTS))
def test_scripts_accept_what_endplay_accepts(name: str) -> None:
    text = SCRIPTS[name]
    script = loads(text)
    random_deals = generate(None, 600, predeal=script.predeal, seed=len(name)).masks
    kept = generate(script, 150, seed=len(text)).masks
    masks = np.concatenate([random_deals, kept])
    ours = Condition(script)(DealBatch(masks)).tolist()
    assert ours == endplay_accepts(text, masks)
    assert all(ours[len(random_deals) :])  # the generator's deals meet the condition
    assert sum(ours[: len(random_deals)]) > 0 or name in ("west-one-club", "michaels")


def test_inputs_of_a_script() -> None:
    script = loads(SCRIPTS["west-one-club"])
    assert (script.generate, script.produce, script.dealer) == (10000, 25, Seat.WEST)
    assert str(script.vulnerable) == "EW"
    assert Hand(script.predeal[Seat.SOUTH]) == Hand("AQ542.KJ87.32.AK")
    assert [name for name, _ in script.variables] == [
        "west1n", "west1h", "west1s", "west1d", "west1c", "north2d",
    ]  # fmt: skip


def test_errors_name_the_line_and_the_construct() -> None:
    cases = {
        "condition hcp(north) > 10\ncondition rnd(5) > 2": (2, "rnd", UnsupportedError),
        "\n\ncondition quality(north, spades) > 100": (3, "quality", UnsupportedError),
        "condition cccc(south) > 1200": (1, "cccc", UnsupportedError),
        "x = 3\ncondition y > 2": (2, "y", DealerError),
        "condition hcp(north) >\n": (2, None, DealerError),
        "condition shape(north, 43x)": (1, "43x", DealerError),
        "predeal north SAK, HQ\npredeal south SA": (2, "SA", DealerError),
        "condition hascard(north, SA)": (1, "SA", DealerError),
        "hcp = 4": (1, "hcp", DealerError),
        "condition hcp(north) > 3 /* unclosed": (1, None, DealerError),
        "action printall, printbridge": (1, "printbridge", DealerError),
        "condition ltc(north) < 7": (1, "ltc", UnsupportedError),
        "condition hcp(northwest) > 1": (1, "northwest", DealerError),
        "condition spades(north) @ 3": (1, "@", DealerError),
        "altcount 12 1, 2": (1, "altcount", DealerError),
        "condition foo(north) > 1": (1, "foo", DealerError),
    }
    for text, (line, construct, kind) in cases.items():
        with pytest.raises(kind) as caught:
            loads(text)
        assert caught.value.line == line, text
        if construct is not None:
            assert caught.value.construct == construct, text
            assert construct in str(caught.value), text
        assert str(caught.value).startswith(f"line {line}: "), text


def test_a_second_condition_replaces_the_first_with_a_warning() -> None:
    script = loads("condition hcp(north) > 30\ncondition hcp(south) > 30")
    [warning] = script.warnings
    assert "line 2" in warning.render("en") and "line 1" in warning.render("en")
    assert "строка 2" in warning.render("ru") and "строки 1" in warning.render("ru")


def test_comments_of_all_three_kinds() -> None:
    script = loads(
        "# a comment\ncondition hcp(north) >= 10 // trailing\n/* a\nblock */ action printall"
    )
    assert script.condition is not None and len(script.actions) == 1


def values(expr: str, masks: np.ndarray) -> list[int]:
    condition = Condition(None)
    return condition.value(parse_expression(expr), Context(DealBatch(masks))).tolist()


def test_arithmetic_is_c_arithmetic() -> None:
    """Division truncates toward zero and the remainder keeps the dividend's sign, as in C
    (the Dealer program is C); endplay evaluates with Python's operators instead."""
    masks = deal(
        Knowledge(Seat.NORTH, (0, 0, 0, 0), (13, 13, 13, 13)), 2000, np.random.default_rng(9)
    )
    north = DealBatch(masks)["N"].hcp.tolist()
    quotient = [int((h - 20) / 3) for h in north]  # truncation toward zero
    remainder = [(h - 20) - 3 * q for h, q in zip(north, quotient, strict=True)]
    assert values("(hcp(north) - 20) / 3", masks) == quotient
    assert values("(hcp(north) - 20) % 3", masks) == remainder
    assert values("-hcp(north) + 2 * 3", masks) == [6 - h for h in north]
    assert values("hcp(north) > 10 && hcp(north) < 14", masks) == [int(10 < h < 14) for h in north]
    with pytest.raises(DealerError, match="division by zero"):
        values("hcp(north) / (spades(north) - spades(north))", masks)


def test_score_and_imps_follow_the_scoring_tables() -> None:
    from bridgeroom.scoring import score_duplicate
    from bridgeroom.scoring.compare import imps

    masks = deal(
        Knowledge(Seat.NORTH, (0, 0, 0, 0), (13, 13, 13, 13)), 500, np.random.default_rng(4)
    )
    tricks = [min(13, h // 2) for h in DealBatch(masks)["N"].hcp.tolist()]
    expected = [score_duplicate("4S", t, True).score for t in tricks]
    assert values("score(vul, x4S, hcp(north) / 2 > 13 ? 13 : hcp(north) / 2)", masks) == expected
    assert values("imps(score(nv, x3N, 9) - hcp(north) * 20)", masks) == [
        imps(400 - 20 * h) for h in DealBatch(masks)["N"].hcp.tolist()
    ]


def test_tricks_are_solved_only_where_needed() -> None:
    """``&&`` evaluates its right side only on the deals its left side lets through, so the
    double-dummy solver sees only those; the tricks equal endplay's double-dummy table."""
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

    import bridgeroom.robots.dds as dds

    masks = deal(
        Knowledge(Seat.NORTH, (0, 0, 0, 0), (13, 13, 13, 13)), 3000, np.random.default_rng(1)
    )
    batch = DealBatch(masks)
    strong = batch["N"].hcp >= 21
    solved: list[int] = []
    real = dds.Solver.tables

    def counting(
        self: dds.Solver, deals: list[tuple[int, int, int, int]], strains: object
    ) -> object:
        solved.extend(range(len(deals)))
        return real(self, deals, strains)  # type: ignore[arg-type]

    dds.Solver.tables = counting  # type: ignore[assignment,method-assign]
    try:
        result = Condition(parse_expression("hcp(north) >= 21 && tricks(north, notrump) >= 9"))(
            Context(batch)
        )
    finally:
        dds.Solver.tables = real  # type: ignore[method-assign]
    assert len(solved) == int(strong.sum())
    for i in np.flatnonzero(strong)[:6]:
        table = calc_dd_table(EndplayDeal(batch.deal(int(i)).to_pbn()))
        assert bool(result[i]) == (table[Denom.nt, Player.north] >= 9)
    assert not result[~strong].any()


def test_actions_collect_statistics_and_notes() -> None:
    script = loads(
        'action printoneline hcp(north), printes "n=", hcp(north), \\n, '
        'average "mean" hcp(north), frequency "2d" (spades(north), 2, 5, hearts(north), 2, 5)'
    )
    actions = Actions(script)
    masks = deal(
        Knowledge(Seat.NORTH, (0, 0, 0, 0), (13, 13, 13, 13)), 400, np.random.default_rng(3)
    )
    ctx = Context(DealBatch(masks))
    table = np.stack([Condition(None).value(e, ctx) for e in actions.values], axis=1)
    actions.add(table)
    north = DealBatch(masks)["N"]
    assert actions.notes(table[0]) == [f"printoneline: {north.hcp[0]}", f"n={north.hcp[0]}"]
    summary = actions.summary()
    assert summary[0] == f"mean: {north.hcp.mean():.2f}"
    sums = summary[-1].split()
    assert sums[0] == "Sum" and int(sums[-1]) == 400
    hearts = north.length("H")  # the Sum row adds each column: the second expression's values
    assert [int(x) for x in sums[1:-1]] == [
        int((hearts < 2).sum()),
        *(int((hearts == v).sum()) for v in range(2, 6)),
        int((hearts > 5).sum()),
    ]


# --- random expressions, drawn by Hypothesis, against endplay -----------------------------------

COMPASSES = ("north", "east", "south", "west")
SUITS = ("spades", "hearts", "diamonds", "clubs")


def numbers() -> st.SearchStrategy[str]:
    compass = st.sampled_from(COMPASSES)
    suit = st.sampled_from(SUITS)
    leaf = st.one_of(
        st.integers(0, 20).map(str),
        compass.map(lambda c: f"hcp({c})"),
        st.tuples(compass, suit).map(lambda cs: f"hcp({cs[0]}, {cs[1]})"),
        st.tuples(suit, compass).map(lambda sc: f"{sc[0]}({sc[1]})"),
        compass.map(lambda c: f"controls({c})"),
        st.tuples(compass, suit).map(lambda cs: f"losers({cs[0]}, {cs[1]})"),
        compass.map(lambda c: f"losers({c})"),
        st.tuples(st.sampled_from(("aces", "kings", "top3", "c13", "tens")), compass).map(
            lambda fc: f"{fc[0]}({fc[1]})"
        ),
    )
    return st.recursive(
        leaf,
        lambda inner: st.tuples(inner, st.sampled_from(("+", "-", "*")), inner).map(
            lambda t: f"({t[0]} {t[1]} {t[2]})"
        ),
        max_leaves=2,
    )


def conditions() -> st.SearchStrategy[str]:
    """Truth values: comparisons, hascard and shape, joined by &&, || and !, and ?:."""
    compass = st.sampled_from(COMPASSES)
    leaf = st.one_of(
        st.tuples(numbers(), st.sampled_from(("<", "<=", ">", ">=", "==", "!=")), numbers()).map(
            lambda t: f"{t[0]} {t[1]} {t[2]}"
        ),
        st.tuples(compass, st.sampled_from(("AS", "KH", "TC", "2D", "QS"))).map(
            lambda cc: f"hascard({cc[0]}, {cc[1]})"
        ),
        st.tuples(
            compass,
            st.sampled_from(
                ("any 4333 + any 4432", "5xxx - 55xx", "any 0xxx", "x5xx + xx6x", "any 5431")
            ),
        ).map(lambda cp: f"shape({cp[0]}, {cp[1]})"),
    )

    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(inner, st.sampled_from(("&&", "||", "and", "or")), inner).map(
                lambda t: f"({t[0]} {t[1]} {t[2]})"
            ),
            inner.map(lambda e: f"!({e})"),
            st.tuples(inner, numbers(), numbers()).map(lambda t: f"({t[0]} ? {t[1]} : {t[2]}) > 8"),
        )

    # endplay's parser (pyparsing's infixNotation) takes seconds for deeply nested expressions
    return st.recursive(leaf, extend, max_leaves=3)


RANDOM_DEALS = deal(
    Knowledge(Seat.NORTH, (0, 0, 0, 0), (13, 13, 13, 13)), 30, np.random.default_rng(77)
)


@settings(max_examples=15, deadline=None)
@given(conditions())
def test_random_conditions_evaluate_as_endplay_does(text: str) -> None:
    """Drawn conditions accept the same deals as endplay's interpreter. (Numbers only meet
    '&&', '||' and '!' through comparisons, and there is no '/' or '%': there endplay follows
    Python, where 0 || 2 is 2 and -7 % 3 is 2, and bridgeroom C, as Dealer does.)"""
    from endplay.dealer.constraint import ConstraintInterpreter
    from endplay.types import Deal as EndplayDeal

    ours = values(text, RANDOM_DEALS)
    interp = ConstraintInterpreter()
    node = interp.parse(text)
    theirs = [
        int(interp.evaluate(node, EndplayDeal(DealBatch(row.reshape(1, 4)).deal().to_pbn())))
        for row in RANDOM_DEALS
    ]
    assert ours == theirs, text
