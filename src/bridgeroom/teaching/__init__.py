"""Teaching mini-bridge: the coach that advises the declarer, and a class session of several tables.

:mod:`bridgeroom.teaching.coach` says which contract the declarer should name
and why (MB-13, advice, not a rule); :mod:`bridgeroom.teaching.session` scores
a class session, where several tables play the same boards and are compared
as a duplicate club compares them (matchpoints and cross-IMPs);
:mod:`bridgeroom.teaching.files` reads and writes its results file and
:mod:`bridgeroom.teaching.report` prints it.

    >>> from bridgeroom.teaching import advise
    >>> from bridgeroom.rules import Hand
    >>> advise(Hand("AKQ.JT9.876.5432"), partner_points=15, dummy_lengths=(5, 3, 3, 2)).contract
    Contract('4S')
"""

from bridgeroom.teaching.coach import Advice, Fit, advise, advise_counts, coach, describe_deal
from bridgeroom.teaching.files import dumps_csv, load, loads
from bridgeroom.teaching.report import format_session
from bridgeroom.teaching.session import ClassSession, SessionResult

__all__ = [
    "Advice",
    "ClassSession",
    "Fit",
    "SessionResult",
    "advise",
    "advise_counts",
    "coach",
    "describe_deal",
    "dumps_csv",
    "format_session",
    "load",
    "loads",
]
