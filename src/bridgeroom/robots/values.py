"""What a result is worth to a robot: the score form's :meth:`~bridgeroom.scoring.ScoreForm.worth`,
or, where the deal is played at a score that counts games (``View.score``), what the result does
to the rubber or the Chicago round.

The score form names its score table and what a made game or partscore is worth where that
table scores games only over a rubber or a round; robots take a
:class:`~bridgeroom.scoring.ScoreForm`, never a name.

    >>> value(ScoreForm.DUPLICATE, Contract("4S"), 10, False)
    420
    >>> value(ScoreForm.CHICAGO, Contract("4S"), 10, True)
    620
    >>> value(ScoreForm.THREE_HANDED_AUCTION, Contract("3NT"), 9, False)
    155

**At the score** (:func:`value` with ``score`` and the declarer's ``column``) a result is worth
its points on the pad this deal plus the change it makes to the expected bonuses still to come
(the rubber bonus, CB-R4, AB-7, TH-19; Chicago's game premiums, CB-C2). The bonuses to come are
those of a simple race (:func:`rubber_equity`): every later deal goes to either side (to each of
the three players) alike; the side that gets it makes a game outright with chance
:data:`GAME_RATE`, else a part-score of one of :data:`PART_SCORES` trick points, which completes a game
when its part-score below the line reaches the game with it (CB-R2, AB-6, TH-16). From the
tables alone: at one game to none, the next game ends the rubber (700) or leads to game all,
where the game after decides 500 either way: a game at love all is worth
``700 / 2 = 350``; at game all 500. So, with 60 below the line at love all, 2♠ made is the game:

    >>> love_all_60 = ScoreState(("NS", "EW"), below=(60, 0), games=(0, 0))
    >>> def at_60(contract, tricks):
    ...     return value(ScoreForm.RUBBER, Contract(contract), tricks, False, score=love_all_60, column="NS")
    >>> at_60("2S", 8), at_60("2S", 10), at_60("4S", 10), at_60("2S", 7)
    (311, 371, 371, -50)

It is the 60 trick points and the game (350) less what the part-score of 60 was already worth
(99: it completes a game with any later part-score, :func:`rubber_equity`); made with ten
tricks 2♠ scores what 4♠ does (60 below and 60 above the line against 120 below: CB-R1).
"""

from __future__ import annotations

from functools import lru_cache

from bridgeroom.errors import BridgeError
from bridgeroom.rules.core import Contract
from bridgeroom.rules.score import ScoreState
from bridgeroom.scoring import ScoreForm

__all__ = [
    "GAME_RATE",
    "PART_SCORES",
    "ScoreForm",
    "ScoreState",
    "completes_game",
    "game_level",
    "rubber_equity",
    "trick_points",
    "value",
]

#: The chance that a later deal a side (a player) gets is a game bid and made from a clean score.
GAME_RATE = 0.45
#: The trick points of a later part-score, each alike, by the game's points: 1NT or two of a
#: minor, two of a major or three of a minor, 2NT (40, 60, 70 of 100) under contract scoring
#: (CB-D1's trick values); two odd tricks in clubs, in hearts, in notrump (12, 16, 20 of 30)
#: under auction scoring (AB-3).
PART_SCORES: dict[int, tuple[int, ...]] = {100: (40, 60, 70), 30: (12, 16, 20)}
#: Chicago's game premium on a later deal: deal 2 and 3 one side vulnerable (the model does not
#: know which, so their mean), deal 4 both (CB-C1, CB-C2).
_CHICAGO_PREMIUM = {1: 300, 2: 400, 3: 400, 4: 500}
#: A part-score made on deal 4 that completes no game (CB-C2).
_CHICAGO_FOURTH = 100


def value(
    form: ScoreForm,
    contract: Contract,
    tricks: int,
    vulnerable: bool,
    *,
    score: ScoreState | None = None,
    column: str | None = None,
) -> int:
    """The declaring side's value of ``tricks`` in ``contract`` under score form ``form``.

    In three-handed bridge this is what the declarer gains on each opponent
    (each defender scores the penalty, TH-14). With ``score`` (the view's
    :class:`~bridgeroom.rules.score.ScoreState`; ``column``: the declarer's) and a form that
    counts games, the value at that score (see the module text), to the nearest point;
    ``vulnerable`` is then the score's own.
    """
    if score is None or form.boards:
        return form.worth(contract, tricks, vulnerable)
    if column is None:
        raise BridgeError("a value at the score needs the declarer's column")
    return _at_score(form, str(contract.without_declarer()), tricks, score, column)


def trick_points(form: ScoreForm, contract: Contract, tricks: int) -> int:
    """The trick points below the line that ``tricks`` in ``contract`` score (CB-R1, AB-4, TH-13).

    >>> trick_points(ScoreForm.RUBBER, Contract("2S"), 9), trick_points(ScoreForm.AUCTION, Contract("2S"), 9)
    (60, 27)
    """
    if tricks < contract.tricks_needed:
        return 0
    return form.table.score(contract.without_declarer(), tricks, False).below


def completes_game(form: ScoreForm, contract: Contract, leg: int) -> bool:
    """Whether ``contract`` made exactly brings a part-score of ``leg`` to a game (CB-R2, AB-6,
    TH-16; auction bridge counts the overtricks too, but not needed here).

    >>> completes_game(ScoreForm.RUBBER, Contract("2S"), 60), completes_game(ScoreForm.RUBBER, Contract("2S"), 30)
    (True, False)
    """
    game = form.table.game_points
    if game is None:
        return False
    return leg + trick_points(form, contract, contract.tricks_needed) >= game


def game_level(form: ScoreForm, strain: object, leg: int = 0) -> int:
    """The lowest level in ``strain`` that makes a game from a part-score of ``leg`` (8 if none;
    boards: the usual 3NT, 4♥/4♠, 5♣/5♦).

    >>> from bridgeroom.rules import Strain
    >>> game_level(ScoreForm.RUBBER, Strain.SPADES), game_level(ScoreForm.RUBBER, Strain.SPADES, 60)
    (4, 2)
    >>> game_level(ScoreForm.AUCTION, Strain.DIAMONDS), game_level(ScoreForm.RUBBER, Strain.CLUBS, 70)
    (5, 2)
    """
    from bridgeroom.rules.core import Strain

    assert isinstance(strain, Strain)
    if form.table.game_points is None:
        leg = 0
        form = ScoreForm.RUBBER
    for level in range(1, 8):
        if completes_game(form, Contract(level, strain), leg):
            return level
    return 8


@lru_cache(maxsize=65536)
def _at_score(form: ScoreForm, contract: str, tricks: int, score: ScoreState, column: str) -> int:
    table = form.table
    game = table.game_points
    assert game is not None
    c = Contract.parse(contract)
    vulnerable = score.is_vulnerable(column) and table.vulnerability
    hand = table.score(c, tricks, vulnerable)
    points = float(hand.score)
    if tricks < c.tricks_needed or hand.below == 0:
        return int(points)
    i = score.columns.index(column)
    legs = list(score.below)
    games = list(score.games)
    if legs[i] + hand.below >= game:
        games[i] += 1
        legs = [0] * len(legs)
        won = True
    else:
        legs[i] += hand.below
        won = False
    if score.deal is not None:  # Chicago: this deal's premium, then the deals still to come
        if won:
            points += 500 if vulnerable else 300
        elif score.deal == 4:
            points += _CHICAGO_FOURTH
        after = _chicago(score.deal + 1, game, legs[0], legs[1])
        before = _chicago(score.deal + 1, game, score.below[0], score.below[1])
        sign = 1 if i == 0 else -1
        return round(points + sign * (after - before))
    after = rubber_equity(form, ScoreState(score.columns, tuple(legs), (0,) * len(legs)), i, games)
    before = rubber_equity(form, score, i, list(score.games))
    return round(points + after - before)


def rubber_equity(
    form: ScoreForm, score: ScoreState, i: int, games: list[int] | None = None
) -> float:
    """Column ``i``'s expected rubber bonus to come, less the mean of the others' (what it gains
    on each opponent), in the race of the module text. ``games`` overrides the score's games
    (a count of 2 is a rubber won).

    The first game at love all is worth 350 under the contract table (CB-R4), 125 under the
    auction table (AB-7), 2600/9 to one of three players (TH-19: at 1-0-0 he wins 700 a third
    of the time; else it is 1-1-0, where a third of the time he wins 500, and a third it is game
    all round, worth 500/3 to each):

        >>> love = ScoreState(("NS", "EW"), (0, 0), (0, 0))
        >>> rubber_equity(ScoreForm.RUBBER, love, 0, [1, 0]), rubber_equity(ScoreForm.AUCTION, love, 0, [1, 0])
        (350.0, 125.0)
        >>> three = ScoreState(("A", "B", "C"), (0, 0, 0), (0, 0, 0))
        >>> round(rubber_equity(ScoreForm.THREE_HANDED_CONTRACT, three, 0, [1, 0, 0]) * 9)
        2600
    """
    table = form.table
    game = table.game_points
    if game is None:
        raise BridgeError(f"the {form} score counts no games, so no rubber")
    g = tuple(score.games if games is None else games)
    bonuses = _race(table.name, game, g, score.below)
    others = [b for k, b in enumerate(bonuses) if k != i]
    return round(bonuses[i] - sum(others) / len(others), 6)


def _bonus(table: str, games: tuple[int, ...], winner: int) -> float:
    if "auction" in table:
        return 250.0  # AB-7, TH-19
    return 700.0 if all(g == 0 for k, g in enumerate(games) if k != winner) else 500.0  # CB-R4


@lru_cache(maxsize=65536)
def _race(
    table: str, game: int, games: tuple[int, ...], legs: tuple[int, ...]
) -> tuple[float, ...]:
    """Each column's expected rubber bonus from ``games`` and ``legs`` on (the race)."""
    n = len(games)
    for k, g in enumerate(games):
        if g >= 2:
            out = [0.0] * n
            out[k] = _bonus(table, tuple(x if j != k else 0 for j, x in enumerate(games)), k)
            return tuple(out)
    parts = PART_SCORES.get(game, (game * 3 // 5,))
    total = [0.0] * n
    for k in range(n):
        won = list(games)
        won[k] += 1
        outcomes = [(GAME_RATE, _race(table, game, tuple(won), (0,) * n))]
        for part in parts:
            p = (1 - GAME_RATE) / len(parts)
            if legs[k] + part >= game:
                outcomes.append((p, outcomes[0][1]))
            else:
                more = list(legs)
                more[k] += part
                outcomes.append((p, _race(table, game, games, tuple(more))))
        for p, res in outcomes:
            for j in range(n):
                total[j] += p * res[j] / n
    return tuple(total)


@lru_cache(maxsize=4096)
def _chicago(number: int, game: int, ns: int, ew: int) -> float:
    """NS's expected Chicago premiums to come less EW's, from deal ``number`` on (the race)."""
    if number > 4:
        return 0.0
    parts = PART_SCORES.get(game, (60,))
    premium = _CHICAGO_PREMIUM[number]
    total = 0.0
    for sign, leg in ((1, ns), (-1, ew)):
        game_next = sign * premium + _chicago(number + 1, game, 0, 0)
        total += 0.5 * GAME_RATE * game_next
        for part in parts:
            p = 0.5 * (1 - GAME_RATE) / len(parts)
            if leg + part >= game:
                total += p * game_next
            else:
                legs = (ns + part, ew) if sign == 1 else (ns, ew + part)
                fourth = sign * _CHICAGO_FOURTH if number == 4 else 0
                total += p * (fourth + _chicago(number + 1, game, *legs))
    return total
