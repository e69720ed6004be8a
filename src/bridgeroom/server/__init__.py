"""The web server: tables where people and robots play together, in the browser.

``bridgeroom serve`` runs :func:`create_app` under uvicorn. The server is
authoritative: the rules engine checks every action, each connection receives
only its own seat's view, and every action is committed to the store before it
is sent to anyone, so a restarted server resumes every table where it stood.
See ``docs/server.md``.
"""

from bridgeroom.server.app import create_app

__all__ = ["create_app"]
