"""The ``bridgeroom`` command. Each subcommand lives in :mod:`bridgeroom.cli.commands`."""
