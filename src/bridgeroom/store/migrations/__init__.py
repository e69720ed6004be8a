"""Alembic's migrations of the store's schema (see :mod:`bridgeroom.store.schema`).

``env.py`` runs them on the connection that :func:`~bridgeroom.store.schema.ensure_schema`
gives it; ``versions/`` holds one file per change of the schema, each with its
``upgrade()`` and ``downgrade()``. To change the schema: change the models
(:mod:`bridgeroom.store.models`), add the next file in ``versions/`` (its ``revision``, its
``down_revision`` the last one's), and set :data:`~bridgeroom.store.schema.HEAD` and
:data:`~bridgeroom.store.schema.KNOWN`; ``tests/store/test_schema.py`` checks that the
migrated schema equals the models'.
"""
