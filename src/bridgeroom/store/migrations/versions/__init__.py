"""The migrations of the store's schema, one file per version (Alembic's revisions)."""
