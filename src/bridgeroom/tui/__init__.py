"""The terminal client: play any game of the family against robots, keep a score pad.

``bridgeroom play GAME`` and ``bridgeroom pad GAME`` (see ``docs/terminal.md``).
The pieces: :mod:`bridgeroom.tui.entry` reads what a person types (calls and
cards in short forms, commands in English or Russian);
:mod:`bridgeroom.tui.table` is the table without a screen (the match, the
robots, the record in the store); :mod:`bridgeroom.tui.screen` draws it with
Rich; :mod:`bridgeroom.tui.app` and :mod:`bridgeroom.tui.pad` are the loops;
:mod:`bridgeroom.tui.pacing` paces the robots (Enter skips);
:mod:`bridgeroom.tui.reviews` computes a deal's review in a worker process;
:mod:`bridgeroom.tui.saving` says what a failed write to the store means.
"""
