"""The store's errors: a database that cannot be opened, a record that does not exist, a bad
URL (:class:`StoreError`); and a database that cannot write now, a full disk, a read-only file,
a lost connection (:class:`StoreUnavailable`), after which nothing was written.

    >>> failure_reason("(sqlite3.OperationalError) database or disk is full")
    'full'
    >>> failure_reason("(sqlite3.OperationalError) attempt to write a readonly database")
    'read_only'
"""

from __future__ import annotations

from sqlalchemy.exc import DBAPIError, OperationalError, SQLAlchemyError

from bridgeroom.errors import BridgeError

__all__ = ["MatchNotFound", "StoreError", "StoreUnavailable", "failure", "failure_reason"]


class StoreError(BridgeError):
    """A database that cannot be opened, a match or deal that does not exist, a bad URL."""


class MatchNotFound(StoreError):
    """No match (game or score pad) of that number or code; its catalogue message names it.

    >>> from bridgeroom.i18n import error_text
    >>> err = MatchNotFound("99", "sqlite:///games.sqlite3")
    >>> str(err), error_text(err, "en")
    ("no match '99' in sqlite:///games.sqlite3", "There is no game or score pad 99: 'bridgeroom history' lists them.")
    """

    def __init__(self, match: object, where: str) -> None:
        super().__init__(f"no match {match!r} in {where}")
        self._keyed("store.no_match", {"match": str(match)})


class StoreUnavailable(StoreError):
    """The database cannot write now (its transaction was rolled back: nothing was written).

    ``reason``: ``full`` (no space left), ``read_only`` (a read-only file or database), or
    ``unavailable`` (a lost connection, a locked or failing database). It may pass: a server
    waits and tries again.
    """

    def __init__(self, message: str, reason: str = "unavailable") -> None:
        super().__init__(message)
        self.reason = reason


def failure_reason(text: str) -> str:
    """Why a database could not write, from its error's text: ``full``, ``read_only`` or
    ``unavailable``."""
    low = text.lower()
    if "full" in low or "no space" in low or "diskfull" in low:
        return "full"
    if "readonly" in low or "read-only" in low or "read only" in low:
        return "read_only"
    return "unavailable"


#: What the database says when it cannot write for now (SQLite, PostgreSQL), as opposed to a
#: request it refuses (a missing table, a constraint): the text of its error, in lower case.
_PASSING = (
    "full",
    "no space",
    "readonly",
    "read-only",
    "read only",
    "locked",
    "busy",
    "disk i/o",
    "unable to open",
    "connection",
    "server closed",
    "terminat",
    "timeout",
    "could not connect",
    "shutting down",
)


def failure(err: SQLAlchemyError, what: str) -> StoreError:
    """The store's error for a database error while doing ``what`` (``cannot store deal 3``):
    :class:`StoreUnavailable` when the database cannot write now (a full disk, a read-only
    file, a lock held too long, a lost connection), else :class:`StoreError`."""
    detail = str(getattr(err, "orig", None) or err).strip().splitlines()[0]
    invalidated = isinstance(err, DBAPIError) and err.connection_invalidated
    passing = isinstance(err, OperationalError) and any(p in detail.lower() for p in _PASSING)
    if invalidated or passing:
        return StoreUnavailable(f"{what}: {detail}", failure_reason(detail))
    return StoreError(f"{what}: {detail}")
