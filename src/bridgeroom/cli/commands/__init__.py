"""Subcommands of ``bridgeroom``.

Each module here defines ``register(subparsers)``, which adds its parser and
sets ``func`` (a callable taking the parsed arguments and returning the exit
code). Modules must keep heavy imports (endplay, the server, Rich) inside the
functions that need them, so that ``bridgeroom --help`` starts fast.
"""
