"""Alembic's environment: run the migrations on the connection given in the configuration's
attributes, inside its transaction (which holds the database's write lock:
:func:`bridgeroom.store.schema.ensure_schema`)."""

from __future__ import annotations

from alembic import context


def run() -> None:
    connection = context.config.attributes.get("connection")
    if connection is None:
        raise RuntimeError(
            "bridgeroom's migrations run when a Store opens the database "
            "(bridgeroom.store.schema.ensure_schema), not from alembic's command line"
        )
    # batch mode: SQLite changes a table by copying it
    context.configure(connection=connection, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


# Alembic sets its context up before it runs this file; importing it otherwise (a doctest
# collector) does nothing.
if getattr(context, "_proxy", None) is not None:
    run()
