"""The store's schema: created on a new database, migrated on an older one, and safe when two
programs open a new database at once.

The schema has a version, kept where Alembic keeps it (the table ``alembic_version``); the
migrations are Alembic's, in :mod:`bridgeroom.store.migrations` (``versions/0001_...``: the
schema as it was before versions were kept, then one file per change). :func:`ensure_schema`
runs when a :class:`~bridgeroom.store.Store` opens:

* a database at the current version (:data:`HEAD`) is only read (one query; Alembic is not
  even imported), so a read-only file at the current version opens;
* otherwise it takes the database's write lock (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: a
  transaction-level advisory lock) and, under it, looks again and creates the tables of a new
  database, or stamps a database made before versions were kept as :data:`BASELINE` and
  upgrades it, in that one transaction. A second program opening the same new file waits for
  the lock and then finds the tables made;
* a database of a newer version than this program knows is refused (:class:`StoreError`).

    >>> from sqlalchemy import create_engine
    >>> engine = create_engine("sqlite://")
    >>> ensure_schema(engine)
    >>> with engine.connect() as conn:
    ...     schema_version(conn)
    '0005'
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Column, MetaData, String, Table, inspect, select, text
from sqlalchemy.engine import Connection, Engine

from bridgeroom.store.errors import StoreError
from bridgeroom.store.models import Base

__all__ = ["BASELINE", "HEAD", "ensure_schema", "migrations_dir", "schema_version"]

#: The schema this program writes (the last migration's revision).
HEAD = "0005"
#: The schema of the databases made before the version was kept (bridgeroom 0.1, 2026).
BASELINE = "0001"
#: Alembic's table of the version.
VERSION_TABLE = "alembic_version"

_versions = Table(
    VERSION_TABLE,
    MetaData(),
    Column("version_num", String(32), primary_key=True, nullable=False),
)

#: The key of PostgreSQL's advisory lock taken while the schema is made or migrated.
_PG_LOCK = 0x6272646752

#: The versions this program knows, oldest first.
KNOWN = ("0001", "0002", "0003", "0004", "0005")


def migrations_dir() -> Path:
    """Alembic's script folder of the store's migrations (inside the package)."""
    return Path(__file__).with_name("migrations")


def schema_version(conn: Connection) -> str | None:
    """The schema version of the database on ``conn``: ``None`` when none is kept (a new
    database, or one made before versions were kept)."""
    if not inspect(conn).has_table(VERSION_TABLE):
        return None
    versions = list(conn.execute(select(_versions.c.version_num)).scalars())
    if len(versions) != 1:
        raise StoreError(f"the database keeps {len(versions)} schema versions, not one")
    return str(versions[0])


def _check_known(version: str | None) -> None:
    if version is not None and version not in KNOWN:
        raise StoreError(
            f"the database has schema {version}, newer than this bridgeroom knows "
            f"(up to {HEAD}): use a newer bridgeroom"
        )


@contextmanager
def _locked(engine: Engine) -> Iterator[Connection]:
    """A connection in a transaction that holds the database's write lock; committed at the end
    (rolled back on an error)."""
    with engine.connect() as conn:
        backend = engine.url.get_backend_name()
        if backend == "sqlite":
            # pysqlite opens no transaction before DDL: take the write lock ourselves; the
            # other program waits for it (the busy timeout)
            conn.exec_driver_sql("BEGIN IMMEDIATE")
        elif backend == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _PG_LOCK})
        try:
            yield conn
        except BaseException:
            conn.rollback()
            raise
        conn.commit()


def ensure_schema(engine: Engine) -> None:
    """Create or migrate the store's tables to :data:`HEAD` (see the module's docstring)."""
    with engine.connect() as conn:
        version = schema_version(conn)
    _check_known(version)
    if version == HEAD:
        return
    with _locked(engine) as conn:
        version = schema_version(conn)
        _check_known(version)
        if version == HEAD:
            return
        if version is None and not inspect(conn).has_table("matches"):
            # a new database: the tables as the models define them, at the current version
            # (the migrations test checks that they equal the baseline migrated to HEAD)
            Base.metadata.create_all(conn)
            _versions.create(conn)
            conn.execute(_versions.insert().values(version_num=HEAD))
            return
        _upgrade(conn, stamp=version is None)


def _upgrade(conn: Connection, *, stamp: bool) -> None:
    """Alembic's upgrade to :data:`HEAD` on ``conn`` (in its transaction); ``stamp``: the
    database was made before versions were kept, so it is first marked :data:`BASELINE`."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(migrations_dir()))
    config.attributes["connection"] = conn
    if stamp:
        command.stamp(config, BASELINE)
    command.upgrade(config, HEAD)
