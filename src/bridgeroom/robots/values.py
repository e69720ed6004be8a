"""What a result is worth to a robot: the score form's :meth:`~bridgeroom.scoring.ScoreForm.worth`.

The score form names its score table and what a made game or partscore is worth where that
table scores games only over a rubber or a round; robots take a
:class:`~bridgeroom.scoring.ScoreForm`, never a name.

    >>> value(ScoreForm.DUPLICATE, Contract("4S"), 10, False)
    420
    >>> value(ScoreForm.CHICAGO, Contract("4S"), 10, True)
    620
    >>> value(ScoreForm.THREE_HANDED_AUCTION, Contract("3NT"), 9, False)
    155
"""

from __future__ import annotations

from bridgeroom.rules.core import Contract
from bridgeroom.scoring import ScoreForm

__all__ = ["ScoreForm", "value"]


def value(form: ScoreForm, contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The declaring side's value of ``tricks`` in ``contract`` under score form ``form``.

    In three-handed bridge this is what the declarer gains on each opponent
    (each defender scores the penalty, TH-14).
    """
    return form.worth(contract, tricks, vulnerable)
