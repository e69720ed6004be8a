"""The README's and the docs' command-line examples run as written, so they cannot rot.

A ```console block holds commands after ``$ `` and the exact output that
follows each one. The commands run as ``python -m bridgeroom`` in a temporary
folder with a temporary database; the folder holds copies of the corpora of
``tests/data/endplay`` (``example1.pbn``, ``example2.pbn``, ``example1.lin``) for
the examples that read files.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def examples() -> list[tuple[str, str, str]]:
    found = []
    for path in DOCS:
        lines = path.read_text(encoding="utf-8").splitlines()
        in_block = False
        command: str | None = None
        output: list[str] = []
        for line in lines:
            if line.strip() == "```console":
                in_block, command, output = True, None, []
                continue
            if in_block and line.strip() == "```":
                if command is not None:
                    found.append((path.name, command, "\n".join(output)))
                in_block = False
                continue
            if in_block:
                if line.startswith("$ "):
                    if command is not None:
                        found.append((path.name, command, "\n".join(output)))
                    command, output = line[2:], []
                else:
                    output.append(line)
    return found


EXAMPLES = examples()


def test_the_docs_have_console_examples() -> None:
    assert any(name == "README.md" for name, _, _ in EXAMPLES)


@pytest.mark.parametrize(("doc", "command", "expected"), EXAMPLES, ids=[c for _, c, _ in EXAMPLES])
def test_console_example(doc: str, command: str, expected: str, tmp_path: Path) -> None:
    argv = shlex.split(command)
    assert argv[0] == "bridgeroom", f"{doc}: examples run the bridgeroom command: {command}"
    env = dict(
        os.environ, BRIDGEROOM_DATABASE=f"sqlite:///{tmp_path / 'db.sqlite3'}", COLUMNS="100"
    )
    for corpus in (ROOT / "tests" / "data" / "endplay").iterdir():
        shutil.copy(corpus, tmp_path / corpus.name)
    done = subprocess.run(
        [sys.executable, "-m", "bridgeroom", *argv[1:]],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=120,
        check=False,
    )
    out = (done.stdout + done.stderr).rstrip("\n")
    assert out == expected.rstrip("\n"), f"{doc}: {command}"
