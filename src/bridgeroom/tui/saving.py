"""When the store cannot write: a full disk, a read-only database, a database gone.

The terminal writes every action the moment it is taken. When the database refuses the
write (SQLite says ``database or disk is full`` or ``attempt to write a readonly database``;
the file system ``No space left on device``), :func:`saving` turns the database's error
into a :class:`SaveError`, which says in the player's language what happened and how to
go on; the terminal keeps what was not written and writes it when the store takes it
again (:meth:`bridgeroom.tui.table.PlayTable.flush`).

    >>> err = classify(OSError(28, "No space left on device"))
    >>> err.kind, err.render("ru")
    ('full', 'Диск заполнен: игру не удалось сохранить.')
    >>> classify(ValueError("not a store error")) is None
    True
"""

from __future__ import annotations

import errno
from collections.abc import Iterator
from contextlib import contextmanager

from bridgeroom.errors import BridgeError
from bridgeroom.i18n import translate

__all__ = ["SaveError", "classify", "saving"]

#: What the database says, by kind of failure (SQLite's messages; PostgreSQL's).
_SIGNS = {
    "full": ("database or disk is full", "no space left", "disk full", "could not extend file"),
    "read_only": ("readonly database", "read-only", "read only"),
    "gone": (
        "unable to open database",
        "disk i/o error",
        "no such table",
        "connection refused",
        "server closed the connection",
        "could not connect",
    ),
}
_ERRNO = {errno.ENOSPC: "full", errno.EDQUOT: "full", errno.EROFS: "read_only", errno.EIO: "gone"}


class SaveError(BridgeError):
    """The store did not write: ``kind`` is ``full`` (no space), ``read_only`` (the database
    or its disk takes no writes) or ``gone`` (it cannot be reached); ``detail`` is what the
    database said."""

    def __init__(self, kind: str, detail: str) -> None:
        self.kind = kind
        self.detail = detail
        super().__init__(f"{translate(f'save.{kind}', 'en')} ({detail})")

    def render(self, lang: str) -> str:
        """What happened, in ``lang``."""
        return translate(f"save.{self.kind}", lang)


def classify(err: BaseException) -> SaveError | None:
    """The :class:`SaveError` a database's or a file system's error means, or ``None`` when it
    is not a failure to write."""
    if isinstance(err, SaveError):
        return err
    if isinstance(err, OSError) and err.errno in _ERRNO:
        return SaveError(_ERRNO[err.errno], str(err))
    if not _from_database(err):
        return None
    text = str(err).lower()
    for kind, signs in _SIGNS.items():
        if any(sign in text for sign in signs):
            return SaveError(kind, _first_line(str(err)))
    return SaveError("gone", _first_line(str(err)))


def _from_database(err: BaseException) -> bool:
    from sqlalchemy.exc import SQLAlchemyError

    from bridgeroom.store import StoreError

    if isinstance(err, SQLAlchemyError):
        return True
    if isinstance(err, StoreError):  # the store's own words around the database's error
        text = str(err).lower()
        return any(sign in text for signs in _SIGNS.values() for sign in signs)
    return False


def _first_line(text: str) -> str:
    line = text.strip().splitlines()[0] if text.strip() else text
    return line[:200]


@contextmanager
def saving() -> Iterator[None]:
    """Run a write to the store; a failure to write comes out as a :class:`SaveError`."""
    try:
        yield
    except Exception as err:
        found = classify(err)
        if found is None or found is err:
            raise
        raise found from err
