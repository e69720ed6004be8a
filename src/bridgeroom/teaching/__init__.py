"""Teaching mini-bridge: the coach that advises the declarer, and a class's results file.

:mod:`bridgeroom.teaching.coach` says which contract the declarer should name
and why (MB-13, advice, not a rule); :mod:`bridgeroom.teaching.files` reads a
class's results file (CSV or JSON, the pairs named on each line) into the club's
results model (:class:`bridgeroom.sessions.Results`, where several tables that
played the same boards are compared by matchpoints and cross-IMPs) and writes it
back; :mod:`bridgeroom.teaching.report` prints it.

    >>> from bridgeroom.teaching import advise
    >>> from bridgeroom.rules import Hand
    >>> advise(Hand("AKQ.JT9.876.5432"), partner_points=15, dummy_lengths=(5, 3, 3, 2)).contract
    Contract('4S')
"""

from bridgeroom.teaching.coach import Advice, Fit, advise, advise_counts, coach, describe_deal
from bridgeroom.teaching.files import dumps_csv, load, loads
from bridgeroom.teaching.report import format_session

__all__ = [
    "Advice",
    "Fit",
    "advise",
    "advise_counts",
    "coach",
    "describe_deal",
    "dumps_csv",
    "format_session",
    "load",
    "loads",
]
