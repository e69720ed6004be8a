"""Seat tokens: a secret per seat, of which the store keeps only the hash.

>>> token = new_token()
>>> len(hash_token(token)), hash_token(token) == hash_token(token)
(64, True)
"""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["hash_token", "new_token"]


def new_token() -> str:
    """A new random seat token (URL-safe, 256 bits)."""
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    """The SHA-256 hex digest stored for a seat token (tokens are random, so no salt is needed).

    >>> hash_token("abc")[:16]
    'ba7816bf8f01cfea'
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
