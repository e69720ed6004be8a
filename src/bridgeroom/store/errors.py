"""The store's error: a database that cannot be opened, a record that does not exist, a bad URL."""

from __future__ import annotations

from bridgeroom.errors import BridgeError

__all__ = ["StoreError"]


class StoreError(BridgeError):
    """A database that cannot be opened, a match or deal that does not exist, a bad URL."""
