"""The Dealer language (Hans van Staveren's deal generator's scripts), read and run by bridgeroom.

* :mod:`~bridgeroom.analysis.dealer.parser` reads scripts (:func:`loads`,
  :func:`load`) into a :class:`Script` of nodes that know their line;
* :mod:`~bridgeroom.analysis.dealer.evaluate` evaluates conditions over
  batches of deals with NumPy (:class:`Condition`);
* :mod:`~bridgeroom.analysis.dealer.actions` runs the actions (``printall``,
  ``print``, ``average``, ``frequency``, ...) over the deals produced.

A construct bridgeroom does not evaluate is an :class:`UnsupportedError` naming
it and its line, never a silent approximation.

    >>> script = loads("condition hcp(north) >= 20\\naction printall")
    >>> Condition(script).expr.op
    '>='
"""

from bridgeroom.analysis.dealer.evaluate import Condition, Context, Tables
from bridgeroom.analysis.dealer.lexer import DealerError, UnsupportedError
from bridgeroom.analysis.dealer.parser import load, loads, parse_expression
from bridgeroom.analysis.dealer.syntax import Script

__all__ = [
    "Condition",
    "Context",
    "DealerError",
    "Script",
    "Tables",
    "UnsupportedError",
    "load",
    "loads",
    "parse_expression",
]
