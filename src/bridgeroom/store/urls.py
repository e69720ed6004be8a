"""Where the database lives: the user's data folder, database URLs, and URLs fit for messages."""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from bridgeroom.store.errors import StoreError

__all__ = ["data_dir", "database_url", "normalize_url", "safe_url"]


def data_dir(environ: Mapping[str, str] | None = None, platform: str = sys.platform) -> Path:
    """The user's data folder for bridgeroom.

    Linux and others: ``$XDG_DATA_HOME/bridgeroom`` (default ``~/.local/share/bridgeroom``);
    macOS: ``~/Library/Application Support/bridgeroom``; Windows: ``%APPDATA%\\bridgeroom``.

    >>> data_dir({"XDG_DATA_HOME": "/data", "HOME": "/home/ann"}, "linux").as_posix()
    '/data/bridgeroom'
    >>> data_dir({"HOME": "/home/ann"}, "linux").as_posix()
    '/home/ann/.local/share/bridgeroom'
    """
    env = os.environ if environ is None else environ
    home = Path(env.get("HOME") or Path.home())
    if platform.startswith("win"):
        base = Path(env.get("APPDATA") or home / "AppData" / "Roaming")
    elif platform == "darwin":
        base = home / "Library" / "Application Support"
    else:
        base = Path(env.get("XDG_DATA_HOME") or home / ".local" / "share")
    return base / "bridgeroom"


def normalize_url(url: str) -> str:
    """A database URL SQLAlchemy can open.

    A plain file path means an SQLite file; ``postgres://`` and ``postgresql://``
    use the psycopg (version 3) driver; a URL naming its driver is kept.

    >>> normalize_url("/tmp/games.sqlite3")
    'sqlite:////tmp/games.sqlite3'
    >>> normalize_url("postgresql://ann:secret@db.example/bridge")
    'postgresql+psycopg://ann:secret@db.example/bridge'
    >>> normalize_url("postgres://db.example/bridge")
    'postgresql+psycopg://db.example/bridge'
    >>> normalize_url("postgresql+psycopg2://db.example/bridge")
    'postgresql+psycopg2://db.example/bridge'
    """
    text = url.strip()
    if not text:
        raise StoreError("the database URL is empty")
    if "://" not in text:
        return "sqlite:///" + str(Path(text).expanduser().resolve())
    scheme, rest = text.split("://", 1)
    if scheme.lower() in ("postgres", "postgresql"):
        text = f"postgresql+psycopg://{rest}"
    try:
        parsed = make_url(text)
    except ArgumentError as err:
        raise StoreError(f"not a database URL: {url!r} ({err})") from None
    if parsed.get_backend_name() not in ("sqlite", "postgresql"):
        raise StoreError(
            f"bridgeroom stores games in SQLite or PostgreSQL, not {parsed.get_backend_name()!r}: {url!r}"
        )
    return text


def database_url(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The database to use: ``explicit`` (``--database``), else ``BRIDGEROOM_DATABASE``,
    else the SQLite file ``bridgeroom.sqlite3`` in :func:`data_dir`.

    >>> database_url(None, {"BRIDGEROOM_DATABASE": "postgresql://h/b"})
    'postgresql+psycopg://h/b'
    >>> database_url(None, {"XDG_DATA_HOME": "/d", "HOME": "/h"}).endswith("/d/bridgeroom/bridgeroom.sqlite3")
    True
    """
    env = os.environ if environ is None else environ
    if explicit:
        return normalize_url(explicit)
    if env.get("BRIDGEROOM_DATABASE"):
        return normalize_url(env["BRIDGEROOM_DATABASE"])
    return "sqlite:///" + str(data_dir(env) / "bridgeroom.sqlite3")


def safe_url(url: str) -> str:
    """The URL with its password hidden, for messages.

    >>> safe_url("postgresql+psycopg://ann:secret@h/b")
    'postgresql+psycopg://ann:***@h/b'
    """
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return url
