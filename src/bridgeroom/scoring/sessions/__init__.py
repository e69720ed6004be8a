"""Score sessions: a rubber, a Chicago round, a set of duplicate boards, a three-handed rubber.

Every session answers the :class:`Session` protocol (:mod:`.protocol`): the
dealer and vulnerability of the next deal, record a deal, is it over, the
sheet as data. The forms: :mod:`.rubber` (:class:`Rubber`,
:class:`ThreeHandedRubber` on a pad with a line), :mod:`.chicago`,
:mod:`.boards` (:class:`DuplicateSet`); :mod:`.sheet` holds the pad's columns;
:func:`new_session` makes the session of a score form.

    >>> from bridgeroom.rules import Contract, Side
    >>> rubber = Rubber()
    >>> _ = rubber.record(Side.NS, Contract("4S"), 10)
    >>> rubber.games, rubber.vulnerable(Side.NS)
    ({<Side.NS: 0>: 1, <Side.EW: 1>: 0}, True)
    >>> _ = rubber.record(Side.NS, Contract("3NT"), 9)
    >>> rubber.is_over, rubber.winner, rubber.totals
    (True, <Side.NS: 0>, {<Side.NS: 0>: 920, <Side.EW: 1>: 0})
"""

from bridgeroom.scoring.sessions.boards import BoardResult, DuplicateSet
from bridgeroom.scoring.sessions.chicago import Chicago, ChicagoDeal
from bridgeroom.scoring.sessions.forms import SCORE_FORMS, ScoreForm, new_session
from bridgeroom.scoring.sessions.protocol import (
    BoardRow,
    ColumnSummary,
    Declarer,
    ScoreSummary,
    Session,
    SessionEntry,
)
from bridgeroom.scoring.sessions.rubber import DealEntry, LineSession, Rubber, ThreeHandedRubber
from bridgeroom.scoring.sessions.sheet import ScoreSheet, SheetEntry, is_pass, side_of

__all__ = [
    "SCORE_FORMS",
    "BoardResult",
    "BoardRow",
    "Chicago",
    "ChicagoDeal",
    "ColumnSummary",
    "DealEntry",
    "Declarer",
    "DuplicateSet",
    "LineSession",
    "Rubber",
    "ScoreForm",
    "ScoreSheet",
    "ScoreSummary",
    "Session",
    "SessionEntry",
    "SheetEntry",
    "ThreeHandedRubber",
    "is_pass",
    "new_session",
    "side_of",
]
