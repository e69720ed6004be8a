"""Expert robots at a table of every score form: the table hands its score form to its robots as
a typed :class:`~bridgeroom.scoring.ScoreForm`, and a robot that has solved enough layouts to
weigh contracts weighs them by that form's score table, whatever the form.

The robots think without the clock (``time_budget=inf``): each call solves its whole sample of
layouts, so the contracts are weighed on any machine, however loaded (issue 36: a Chicago table
raised ``unknown game 'chicago'`` only once a call had solved enough layouts, and a loaded
machine hid it).
"""

from __future__ import annotations

import math

import pytest

from bridgeroom.games import GAMES
from bridgeroom.robots import ExpertRobot, Robot, make_robot
from bridgeroom.robots.auction import MIN_LAYOUTS
from bridgeroom.rules import Contract, ContractBridgeDeal, Deal, Seat
from bridgeroom.scoring import SCORE_FORMS, ScoreForm, score
from bridgeroom.table import Acted, Table

#: Every game with every score form it is played with.
TABLES = [(name, form) for name, game in GAMES.items() for form in game.scorings]

#: The reasons a robot gives for a choice it made by weighing contracts on solved layouts.
WEIGHED = {
    "robot.auction.keep",
    "robot.auction.better",
    "robot.three.option",
    "robot.three.nothing_worth",
    "robot.minibridge.expert",
}


def test_every_score_form_is_at_some_table() -> None:
    assert sorted({form for _, form in TABLES}) == sorted(SCORE_FORMS)


def _thinking_robot(level: str, *, seed: int | None, scoring: ScoreForm | None) -> Robot:
    """The table's expert without the clock: a call solves its four layouts (enough to weigh
    contracts, :data:`bridgeroom.robots.auction.MIN_LAYOUTS`), a card its one layout (too few:
    the rules' card, unless the layout shows a better one)."""
    assert level == "expert"
    return ExpertRobot(
        seed=seed, scoring=scoring, time_budget=math.inf, samples=1, call_samples=MIN_LAYOUTS
    )


@pytest.mark.parametrize(("game", "form"), TABLES)
def test_expert_robots_play_a_whole_deal_at_every_score_form(game: str, form: str) -> None:
    players = GAMES[game].players
    table = Table(
        game,
        scoring=form,
        seed=36,
        robots=dict.fromkeys(range(players), "expert"),
        robot_factory=_thinking_robot,
    )
    state = table.deal()[0].state
    reasons: list[str] = []
    while not state.is_over:
        turn = table.robot_turn()
        assert turn is not None, "a robot is always to act at a table of robots"
        assert turn.robot.scoring is ScoreForm(form)
        decision = turn.decide()
        assert decision.action in turn.view.legal  # the robot's own choice, before the table
        reasons.append(decision.why.key)
        events = table.play_robot(turn, decision)
        assert isinstance(events[0], Acted)
    assert table.match.recorded, "the finished deal is scored into the session"
    assert WEIGHED & set(reasons), f"no contract was weighed: {sorted(set(reasons))}"


def test_chicago_weighs_a_game_by_the_deals_vulnerability() -> None:
    """The issue's case: an expert at a Chicago table weighs contracts (it raised
    ``ScoringError: unknown game 'chicago'``), by the rubber table with a game's 300/500 (CB-C2)."""
    robot = make_robot("expert", scoring="chicago", seed=1, time_budget=math.inf)
    assert isinstance(robot, ExpertRobot) and robot.scoring is ScoreForm.CHICAGO
    state = ContractBridgeDeal(
        Deal("N:AK2.KQ3.Q432.Q32 Q963.T74.K96.K96 J85.A962.J85.J85 T74.J85.AT7.AT74"),
        dealer=Seat.NORTH,
    )
    for call in ["1NT", "P"]:
        state.apply(call)
    decision = robot.decide(state.view(Seat.SOUTH))
    assert decision.why.key in WEIGHED, decision
    # CB-C2: 4S made exactly is 120 below and a game premium of 300, 500 vulnerable.
    four_spades = Contract("4S")
    assert score("rubber", four_spades, 10).score == 120
    assert ScoreForm.CHICAGO.worth(four_spades, 10, vulnerable=False) == 120 + 300
    assert ScoreForm.CHICAGO.worth(four_spades, 10, vulnerable=True) == 120 + 500


@pytest.mark.parametrize("text", ["chicago", "Chicago", " CHICAGO "])
def test_make_robot_reads_the_names_people_type(text: str) -> None:
    assert make_robot("basic", scoring=text).scoring is ScoreForm.CHICAGO  # type: ignore[attr-defined]


def test_a_robot_takes_a_score_form_never_a_name() -> None:
    from bridgeroom.errors import BridgeError

    with pytest.raises(BridgeError, match="ScoreForm"):
        ExpertRobot(scoring="chicago")  # type: ignore[arg-type]
