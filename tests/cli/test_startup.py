"""What a command loads when it starts: the parser imports only the command typed.

Each start runs in a fresh interpreter and reports the modules it loaded; the score pad and
the score calculator must not load the store (SQLAlchemy), the server (FastAPI), Rich, NumPy,
endplay, Dask or the plotting and PDF libraries. (Times are measured by bench/startup.py, not
asserted here.)
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys

import pytest

from bridgeroom.cli import commands
from bridgeroom.cli.commands import COMMANDS
from bridgeroom.cli.main import build_parser

HEAVY = (
    "sqlalchemy",
    "numpy",
    "endplay",
    "fastapi",
    "starlette",
    "pydantic",
    "uvicorn",
    "rich",
    "bridgeroom.store",
    "bridgeroom.server",
    "bridgeroom.robots",
    "bridgeroom.tui",
    "dask",
    "distributed",
    "matplotlib",
    "fpdf",
    "bridgeroom.analysis",
)

PROBE = """
import contextlib, io, json, sys
from bridgeroom.cli.main import main
out = io.StringIO()
with contextlib.redirect_stdout(out):
    try:
        code = main(sys.argv[1:])
    except SystemExit as exit:
        code = exit.code
print(json.dumps({"code": code, "out": out.getvalue(), "modules": sorted(sys.modules)}))
"""


def start(*argv: str, stdin: str = "") -> tuple[int, str, set[str]]:
    proc = subprocess.run(
        [sys.executable, "-c", PROBE, *argv],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    report = json.loads(proc.stdout)
    return report["code"], report["out"], set(report["modules"])


def heavy(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_help_imports_no_command() -> None:
    code, out, modules = start("--help")
    assert code == 0
    assert all(f"    {name}" in out for name in COMMANDS)
    assert heavy(modules) == []
    assert not [m for m in modules if m.startswith("bridgeroom.cli.commands.")]


def test_score_loads_only_the_score_tables() -> None:
    """CB-D1: 4S made exactly, not vulnerable: 120 + 300 = 420."""
    code, out, modules = start("score", "duplicate", "4S", "10")
    assert code == 0 and out.rstrip().endswith("score +420")
    assert heavy(modules) == []
    loaded = {m for m in modules if m.startswith("bridgeroom.cli.commands.")}
    assert loaded == {"bridgeroom.cli.commands.score"}


def test_rubber_loads_no_store() -> None:
    """CB-R2, CB-R4: games in 4S and 3NT win the rubber for NS, 700 (two games to none)."""
    stdin = '{"declarer": "NS", "contract": "4S", "tricks": 10}\nNS 3NT 9\n'
    code, out, modules = start("rubber", "rubber", "--jsonl", stdin=stdin)
    assert code == 0
    final = json.loads(out.splitlines()[-1])
    assert final["winner"] == "NS" and final["rubber_bonus"] == {"to": "NS", "points": 700}
    assert heavy(modules) == []


@pytest.mark.parametrize(
    "name",
    ["play", "pad", "history", "resume", "export", "serve", "analyse", "handrecord", "review"],
)
def test_help_of_a_command_loads_nothing_it_runs_with(name: str) -> None:
    code, out, modules = start(name, "--help")
    assert code == 0 and out.startswith(f"usage: bridgeroom {name}")
    assert heavy(modules) == []


def test_every_command_module_is_in_the_table() -> None:
    """A command module left out of COMMANDS could never be run."""
    modules = {m.name for m in pkgutil.iter_modules(commands.__path__)}
    assert modules == {name.replace("-", "_") for name in COMMANDS}


def test_every_command_configures(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    for name in COMMANDS:
        with pytest.raises(SystemExit) as exit:
            parser.parse_args([name, "--help"])
        assert exit.value.code == 0
        assert capsys.readouterr().out.startswith(f"usage: bridgeroom {name}")
