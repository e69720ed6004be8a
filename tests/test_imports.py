"""The layers of the package (README.md, "Layout"), checked on the source itself.

* ``bridgeroom.rules`` needs only the standard library: its modules import the standard library,
  each other and the error hierarchy ``bridgeroom.errors`` (itself standard library only), and
  importing it loads nothing else.
* No import cycles among bridgeroom's modules at module level. An import inside a function
  is lazy (made when the function runs) and may point anywhere; so may one under
  ``if TYPE_CHECKING:``, which never runs.
* The lower layers (rules, scoring, formats, robots) never import a face (the server, the
  terminal client, the command line), not even lazily; and only the command line starts a face:
  the server and the terminal client do not import each other.
* The table layer (``bridgeroom.table``) sits between them: it never imports a face, and the
  two faces reach the rules only through it and the agent API (the public names of
  ``bridgeroom.rules``, never its modules); what the robots say about a claim or a call
  (``robots.claims``, ``robots.bidding``) reaches the faces through the table too. No face holds
  a rule: no three-handed branch, no count of tricks from 13, no comparison with a game's name,
  no variant extra's class (docs/architecture.md).

Imports are read with :mod:`ast`, so a module is checked without being run.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "bridgeroom"
STDLIB = sys.stdlib_module_names | {"__future__"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(SRC).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


#: Every module of the package, by name.
MODULES: dict[str, Path] = {_module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


@dataclass(frozen=True)
class Import:
    """One import statement's target, as the module it loads."""

    module: str
    line: int
    #: made when the module is imported (not inside a function, not under TYPE_CHECKING)
    eager: bool


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _target(name: str, imported: str | None) -> str:
    """The module ``from name import imported`` loads last: the submodule when ``imported``
    is one, else ``name`` itself."""
    if imported is not None and f"{name}.{imported}" in MODULES:
        return f"{name}.{imported}"
    return name


def imports_of(module: str) -> list[Import]:
    """The imports of ``module``, relative ones resolved."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out: list[Import] = []

    def visit(node: ast.AST, eager: bool) -> None:
        if isinstance(node, ast.Import):
            out.extend(Import(alias.name, node.lineno, eager) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            out.extend(Import(_target(base, a.name), node.lineno, eager) for a in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for child in ast.iter_child_nodes(node):
                visit(child, False)
        elif isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.body:
                visit(child, False)
            for child in node.orelse:
                visit(child, eager)
        else:
            for child in ast.iter_child_nodes(node):
                visit(child, eager)

    visit(ast.parse(path.read_text("utf-8"), str(path)), True)
    return out


def _top(name: str) -> str:
    return name.split(".")[0]


def _inside(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_the_package_is_found() -> None:
    assert {"bridgeroom", "bridgeroom.rules", "bridgeroom.rules.core", "bridgeroom.errors"} <= set(
        MODULES
    )
    assert len(MODULES) > 50


def test_rules_import_only_the_standard_library() -> None:
    """The rules and the errors import the standard library; the one exception is the lazy
    import by which an error renders its refusal from the catalogue (``str(err)``), which
    loads :mod:`bridgeroom.i18n`, itself standard library only (the next test)."""
    allowed = {"bridgeroom.errors"}
    breaches = [
        f"{module}:{imp.line} imports {imp.module}"
        for module in MODULES
        if _inside(module, "bridgeroom.rules") or module in allowed
        for imp in imports_of(module)
        if _top(imp.module) not in STDLIB
        and not _inside(imp.module, "bridgeroom.rules")
        and imp.module not in allowed
        and not (
            module == "bridgeroom.errors"
            and imp.module == "bridgeroom.i18n.message"
            and not imp.eager
        )
    ]
    assert not breaches, breaches


def test_the_catalogues_import_only_the_standard_library_and_the_rules() -> None:
    """What the errors render their refusals with (:mod:`bridgeroom.i18n`) needs nothing but
    the standard library, the rules and the errors."""
    breaches = [
        f"{module}:{imp.line} imports {imp.module}"
        for module in MODULES
        if _inside(module, "bridgeroom.i18n")
        for imp in imports_of(module)
        if _top(imp.module) not in STDLIB
        and not _inside(imp.module, "bridgeroom.rules")
        and not _inside(imp.module, "bridgeroom.i18n")
        and imp.module != "bridgeroom.errors"
    ]
    assert not breaches, breaches


def test_importing_the_rules_loads_nothing_but_the_standard_library() -> None:
    """The same, as Python sees it: a fresh interpreter imports ``bridgeroom.rules`` (and with
    it the package's ``__init__``) and lists what else it loaded."""
    script = (
        "import sys; before = set(sys.modules); import bridgeroom.rules; "
        "print('\\n'.join(sorted(set(sys.modules) - before)))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(SRC)},
    ).stdout.split()
    assert "bridgeroom.rules.core" in loaded
    others = [
        name
        for name in loaded
        if _top(name) not in STDLIB
        and name not in ("bridgeroom", "bridgeroom.errors")
        and not _inside(name, "bridgeroom.rules")
    ]
    assert not others, others


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), and self-imports."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def connect(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                connect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1 or v in graph[v]:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    return found


def test_the_cycle_finder_finds_cycles() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
    assert _cycles({"a": {"a"}}) == [["a"]]


def test_relative_imports_are_resolved() -> None:
    """A ``from . import x`` in a package's ``__init__`` names the package's submodule."""
    resolved = {
        imp.module
        for module in MODULES
        for imp in imports_of(module)
        if _top(imp.module) == "bridgeroom"
    }
    assert resolved <= set(MODULES), resolved - set(MODULES)


def test_no_import_cycles_at_module_level() -> None:
    graph = {
        module: {
            imp.module
            for imp in imports_of(module)
            if imp.eager and imp.module in MODULES and imp.module != module
        }
        for module in MODULES
    }
    cycles = _cycles(graph)
    assert not cycles, "\n".join(" <-> ".join(cycle) for cycle in cycles)


def _private_imports(module: str) -> list[str]:
    """The private names (``_name``, not dunder) ``module`` imports from another of our modules."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"), str(path))):
        if not isinstance(node, ast.ImportFrom):
            continue
        base = node.module or ""
        if node.level:
            anchor = package.split(".")
            anchor = anchor[: len(anchor) - node.level + 1]
            base = ".".join([*anchor, base] if base else anchor)
        if _top(base) != "bridgeroom" or base == module:
            continue
        out.extend(
            f"{module}:{node.lineno} imports {base}.{alias.name}"
            for alias in node.names
            if alias.name.startswith("_") and not alias.name.startswith("__")
        )
    return out


def test_no_private_name_is_imported_from_another_module() -> None:
    """A name with a leading underscore is its module's own: another module that needs it asks
    for a public name (issue 36: fifteen such imports)."""
    breaches = [b for module in MODULES for b in _private_imports(module)]
    assert not breaches, breaches


def test_the_private_import_check_sees_one(tmp_path: Path) -> None:
    module = "bridgeroom._probe_private"
    path = PACKAGE / "_probe_private.py"
    MODULES[module] = tmp_path / "probe.py"
    try:
        MODULES[module].write_text("from bridgeroom.rules.state import _CLOCKWISE, Phase\n")
        assert _private_imports(module) == [f"{module}:1 imports bridgeroom.rules.state._CLOCKWISE"]
    finally:
        del MODULES[module]
    assert not path.exists()


FACES = ("bridgeroom.server", "bridgeroom.tui", "bridgeroom.cli")
LOWER = ("bridgeroom.rules", "bridgeroom.scoring", "bridgeroom.formats", "bridgeroom.robots")


@pytest.mark.parametrize("layer", LOWER)
def test_the_lower_layers_never_import_a_face(layer: str) -> None:
    breaches = [
        f"{module}:{imp.line} imports {imp.module}"
        for module in MODULES
        if _inside(module, layer)
        for imp in imports_of(module)
        if any(_inside(imp.module, face) for face in FACES)
    ]
    assert not breaches, breaches


@pytest.mark.parametrize("face", FACES)
def test_only_the_command_line_imports_a_face(face: str) -> None:
    starters = ("bridgeroom.cli", "bridgeroom.__main__")
    breaches = [
        f"{module}:{imp.line} imports {imp.module}"
        for module in MODULES
        if not _inside(module, face) and not any(_inside(module, s) for s in starters)
        for imp in imports_of(module)
        if _inside(imp.module, face)
    ]
    assert not breaches, breaches


def test_the_table_layer_never_imports_a_face() -> None:
    breaches = [
        f"{module}:{imp.line} imports {imp.module}"
        for module in MODULES
        if _inside(module, "bridgeroom.table")
        for imp in imports_of(module)
        if any(_inside(imp.module, face) for face in FACES)
    ]
    assert "bridgeroom.table" in MODULES and not breaches, breaches


TWO_FACES = ("bridgeroom.server", "bridgeroom.tui")


@pytest.mark.parametrize("face", TWO_FACES)
def test_the_faces_reach_the_rules_through_the_table_and_the_agent_api(face: str) -> None:
    """A face imports ``bridgeroom.rules`` itself (its public names), never one of its modules,
    and leaves the robots' judgement of claims and their system's meanings to the table."""
    through_table = ("bridgeroom.robots.claims", "bridgeroom.robots.bidding")
    breaches = [
        f"{module}:{imp.line} imports {imp.module}"
        for module in MODULES
        if _inside(module, face)
        for imp in imports_of(module)
        if (_inside(imp.module, "bridgeroom.rules") and imp.module != "bridgeroom.rules")
        or any(_inside(imp.module, inner) for inner in through_table)
    ]
    assert not breaches, breaches
    assert any(
        _inside(imp.module, "bridgeroom.table")
        for module in MODULES
        if _inside(module, face)
        for imp in imports_of(module)
    ), f"{face} does not play through the table layer"


@pytest.mark.parametrize("face", TWO_FACES)
def test_no_face_holds_a_rule(face: str) -> None:
    """No three-handed branch (a name or attribute ``three_handed``, ``players == 3``) and no
    count of tricks or cards from 13 in a face: it asks the table or the deal."""
    breaches = []
    for module, path in MODULES.items():
        if not _inside(module, face):
            continue
        tree = ast.parse(path.read_text("utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Name) and node.id == "three_handed":
                breaches.append(f"{module}:{node.lineno} names three_handed")
            elif isinstance(node, ast.Attribute) and node.attr == "three_handed":
                breaches.append(f"{module}:{node.lineno} asks .three_handed")
            elif (
                isinstance(node, ast.BinOp)
                and isinstance(node.op, ast.Sub)
                and isinstance(node.left, ast.Constant)
                and node.left.value == 13
            ):
                breaches.append(f"{module}:{node.lineno} counts from 13")
            elif (
                isinstance(node, ast.Compare)
                and isinstance(node.left, ast.Attribute)
                and node.left.attr == "players"
                and any(isinstance(c, ast.Constant) and c.value == 3 for c in node.comparators)
            ):
                breaches.append(f"{module}:{node.lineno} branches on three players")
    assert not breaches, breaches


def _game_names() -> set[str]:
    """The games' and score forms' names: what a face would compare to tell a game."""
    from bridgeroom.games import GAMES
    from bridgeroom.rules import DealState
    from bridgeroom.scoring import SCORE_FORMS

    def classes(cls: type[DealState]) -> list[type[DealState]]:
        return [cls, *(c for sub in cls.__subclasses__() for c in classes(sub))]

    return set(GAMES) | {cls.rules_name for cls in classes(DealState)} | set(SCORE_FORMS)


def _extra_classes() -> set[str]:
    import bridgeroom.rules  # noqa: F401  (the variants' modules define the subclasses)
    from bridgeroom.rules import ViewExtra

    return {cls.__name__ for cls in ViewExtra.__subclasses__()}


def test_the_variant_check_knows_the_games_and_their_extras() -> None:
    assert {"contract", "auction", "three-handed", "minibridge", "chicago"} <= _game_names()
    assert {"ThreeHandedExtra", "MiniBridgeExtra"} <= _extra_classes()


def _variant_breaches(tree: ast.AST, games: set[str], extras: set[str]) -> list[tuple[int, str]]:
    """Where ``tree`` names a variant extra's class or compares a value (a name, an attribute,
    an item, a call's result) with a game's or score form's name, alone or in a collection."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and node.id in extras:
            out.append((node.lineno, f"names {node.id}"))
        elif isinstance(node, ast.alias) and node.name in extras:
            out.append((0, f"imports {node.name}"))
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            values = (ast.Name, ast.Attribute, ast.Subscript, ast.Call)
            named = [o for o in operands if isinstance(o, values)]
            constants = [o for o in operands if isinstance(o, ast.Constant)] + [
                e
                for o in operands
                if isinstance(o, (ast.Tuple, ast.List, ast.Set))
                for e in o.elts
                if isinstance(e, ast.Constant)
            ]
            if named and any(c.value in games for c in constants):
                out.append((node.lineno, "compares with a game's name"))
    return out


@pytest.mark.parametrize("face", FACES)
def test_no_face_branches_on_a_game_name_or_a_variant_extra(face: str) -> None:
    """A face asks the variant's flags (``state.variant``, ``View.variant``, ``Game.variant``)
    and the view's typed items (``View.announcements``, ``View.peeked``...), never which game
    or score form it is: no comparison of a name, attribute, item or call with a game's or a
    score form's name, no variant extra's class."""
    games, extras = _game_names(), _extra_classes()
    breaches = [
        f"{module}:{line} {what}"
        for module, path in MODULES.items()
        if _inside(module, face)
        for line, what in _variant_breaches(
            ast.parse(path.read_text("utf-8"), str(path)), games, extras
        )
    ]
    assert not breaches, breaches


@pytest.mark.parametrize(
    "code",
    [
        'if self.table.match.game.name == "minibridge": pass',
        'if options["game"] == "minibridge": pass',
        'key = "a" if self.pad.name == "chicago" else "b"',
        'if get_game(name).name in ("contract", "auction"): pass',
        "from bridgeroom.rules import MiniBridgeExtra",
    ],
)
def test_the_variant_check_sees_a_breach(code: str) -> None:
    assert _variant_breaches(ast.parse(code), _game_names(), _extra_classes())


def test_the_variant_check_passes_a_flag() -> None:
    code = 'if not get_game(options["game"]).variant.auction and phase == "play": pass'
    assert not _variant_breaches(ast.parse(code), _game_names(), _extra_classes())


#: The optional dependencies of the learning environments (the ``envs`` extra).
ENVS_ONLY = ("pettingzoo", "gymnasium", "pyspiel", "open_spiel")


def test_only_the_environments_import_their_optional_dependencies() -> None:
    """PettingZoo, Gymnasium and OpenSpiel are imported by ``bridgeroom.envs`` alone, not even
    lazily elsewhere: the core installs and runs without the ``envs`` extra."""
    breaches = [
        f"{module}:{imp.line} imports {imp.module}"
        for module in MODULES
        if not _inside(module, "bridgeroom.envs")
        for imp in imports_of(module)
        if _top(imp.module) in ENVS_ONLY
    ]
    assert not breaches, breaches


def test_importing_the_core_loads_none_of_the_environments_dependencies() -> None:
    """A fresh interpreter imports the package's layers and its command line and lists what
    it loaded: none of the ``envs`` extra."""
    script = (
        "import sys; import bridgeroom, bridgeroom.rules, bridgeroom.scoring, "
        "bridgeroom.robots, bridgeroom.games, bridgeroom.formats, bridgeroom.cli.main; "
        "print('\\n'.join(sorted(sys.modules)))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(SRC)},
    ).stdout.split()
    assert "bridgeroom.robots" in loaded
    assert not [name for name in loaded if _top(name) in ENVS_ONLY]


@pytest.mark.parametrize(
    ("lower", "upper"),
    [
        ("bridgeroom.formats.pbn.variant", "bridgeroom.formats.pbn.game"),
        ("bridgeroom.server.session_rooms", "bridgeroom.server.sessions"),
    ],
)
def test_these_modules_import_one_way_even_for_typing(lower: str, upper: str) -> None:
    """A PBN variant reads a game through the TaggedGame protocol; a room of three-handed tables
    is handed a SessionHost: neither imports the module that uses it, not even for its types
    or inside a function."""
    assert upper not in {imp.module for imp in imports_of(lower)}
    assert lower in {imp.module for imp in imports_of(upper)}
