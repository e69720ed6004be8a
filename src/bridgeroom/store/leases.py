"""Table leases: which server process writes each table, when several share one PostgreSQL
database (issue 41; the table ``table_leases``, schema 0004).

Each table has one writer at a time. A process *claims* a table's lease when it first needs
the table (a new lease, one it holds already, or one past its expiry: a dead process's), renews
all of its leases every second or two while it runs, and deletes a lease when the table leaves
its memory. Every time is the database's own clock (UTC), so the hosts' clocks do not matter.
Besides the tables' leases each process keeps one of its own, ``@`` and its name, so that the
processes alive are known (a table's code never starts with ``@``).

The statements are PostgreSQL's (``INSERT ... ON CONFLICT``, ``make_interval``); they run on a
``psycopg`` asynchronous connection of the server's own, so that renewing a lease never waits
behind the tables' commits.

    >>> process_key("p0123456789abcdef")
    '@p0123456789abcdef'
"""

from __future__ import annotations

from typing import Any

from sqlalchemy.engine import make_url

__all__ = ["LEASE_STATEMENTS", "Leases", "conninfo", "process_key"]

_NOW = "(now() AT TIME ZONE 'UTC')"

#: The statements on ``table_leases``, by name.
LEASE_STATEMENTS = {
    "claim": (
        "INSERT INTO table_leases (code, holder, expires) "
        f"VALUES (%(code)s, %(me)s, {_NOW} + make_interval(secs => %(seconds)s)) "
        "ON CONFLICT (code) DO UPDATE SET holder = EXCLUDED.holder, expires = EXCLUDED.expires "
        f"WHERE table_leases.holder = EXCLUDED.holder OR table_leases.expires < {_NOW} "
        "RETURNING holder"
    ),
    "holder": f"SELECT holder FROM table_leases WHERE code = %(code)s AND expires >= {_NOW}",
    "holders": (
        f"SELECT code, holder FROM table_leases WHERE code = ANY(%(codes)s) AND expires >= {_NOW}"
    ),
    "renew": (
        f"UPDATE table_leases SET expires = {_NOW} + make_interval(secs => %(seconds)s) "
        "WHERE holder = %(me)s RETURNING code"
    ),
    "release": "DELETE FROM table_leases WHERE code = %(code)s AND holder = %(me)s",
    "release_all": "DELETE FROM table_leases WHERE holder = %(me)s",
    "expired": (
        f"SELECT code FROM table_leases WHERE expires < {_NOW} AND code NOT LIKE '@%%' "
        "ORDER BY expires LIMIT %(limit)s"
    ),
    "forget": f"DELETE FROM table_leases WHERE code LIKE '@%%' AND expires < {_NOW}",
    "drop": f"DELETE FROM table_leases WHERE code = %(code)s AND expires < {_NOW}",
    "alive": f"SELECT count(*) FROM table_leases WHERE code LIKE '@%%' AND expires >= {_NOW}",
    "held": "SELECT holder, count(*) FROM table_leases WHERE code NOT LIKE '@%%' GROUP BY holder",
}


def process_key(me: str) -> str:
    """The lease row that says process ``me`` is alive."""
    return "@" + me


def conninfo(url: str) -> str:
    """The libpq address of a store URL (SQLAlchemy's ``postgresql+psycopg://`` form too).

    >>> conninfo("postgresql+psycopg://ann@db.example/bridge?sslmode=require")
    'postgresql://ann@db.example/bridge?sslmode=require'
    """
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


class Leases:
    """The leases of process ``me`` on an open ``psycopg.AsyncConnection`` in autocommit mode
    (``conn``); ``seconds``: how long a lease lasts unless renewed."""

    def __init__(self, conn: Any, me: str, seconds: float) -> None:
        self.conn = conn
        self.me = me
        self.seconds = seconds

    async def _rows(self, name: str, **params: Any) -> list[tuple[Any, ...]]:
        cursor = await self.conn.execute(
            LEASE_STATEMENTS[name], {"me": self.me, "seconds": self.seconds, **params}
        )
        if cursor.description is None:
            return []
        return list(await cursor.fetchall())

    async def claim(self, code: str) -> str | None:
        """Take table ``code``'s lease if it is free, ours or expired; returns its holder now
        (``me`` when taken; ``None`` when another's lease expired between the two looks)."""
        rows = await self._rows("claim", code=code)
        if rows:
            return str(rows[0][0])
        return await self.holder(code)

    async def holder(self, code: str) -> str | None:
        """The process that holds table ``code``'s lease now (``None``: nobody, or expired)."""
        rows = await self._rows("holder", code=code)
        return str(rows[0][0]) if rows else None

    async def holders(self, codes: list[str]) -> dict[str, str]:
        """The holders now of the leases of tables ``codes`` (those held)."""
        if not codes:
            return {}
        return {str(c): str(h) for c, h in await self._rows("holders", codes=codes)}

    async def renew(self) -> set[str]:
        """Renew every lease of this process; returns the codes renewed (its own key too)."""
        return {str(r[0]) for r in await self._rows("renew")}

    async def release(self, code: str) -> None:
        await self._rows("release", code=code)

    async def release_all(self) -> None:
        await self._rows("release_all")

    async def expired(self, limit: int = 1000) -> list[str]:
        """The codes of tables whose writer stopped renewing (oldest first); the keys of dead
        processes are forgotten."""
        await self._rows("forget")
        return [str(r[0]) for r in await self._rows("expired", limit=limit)]

    async def drop(self, code: str) -> None:
        """Forget the expired lease of a table that is no longer played (deleted, abandoned)."""
        await self._rows("drop", code=code)

    async def alive(self) -> int:
        """How many processes renew their own key now."""
        rows = await self._rows("alive")
        return int(rows[0][0]) if rows else 0

    async def held(self) -> dict[str, int]:
        """How many tables each process holds (for monitoring and the tests)."""
        return {str(h): int(n) for h, n in await self._rows("held")}
