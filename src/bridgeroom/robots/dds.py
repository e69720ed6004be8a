"""The robots' names for the process's one DDS service, :mod:`bridgeroom.dds` (which alone
imports endplay's solver)."""

from __future__ import annotations

from bridgeroom.dds import BATCH, Position, Solver, dds_denomination, solver, tricks_left

__all__ = ["Position", "Solver", "solver", "BATCH", "dds_denomination", "tricks_left"]
