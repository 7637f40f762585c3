"""Imports run one way and in no circle (issue 48): the tree's files stand on floors, the core (``simcore/``
outside its game folders, the registry included) <- each game (``simcore/games/<game>/``, and the tiny game
``tests/tiny_game/``) <- ``strategies/`` and ``reports/`` <- ``cli.py`` <- ``api.py``, and no file imports one
on a higher floor; and no file reaches itself again through the files it imports. Every import counts, those
inside a function too (a lazy import is still a way back up, or round). ``test_layout_split.py`` checks the
crossings between games; this file checks the floors and the circles."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOPS = ("simcore", "strategies", "reports", "cli", "api", "tests/tiny_game")
FLOORS = ("core", "game", "strategies/reports", "cli", "api")


def module_files(root: Path) -> dict[str, Path]:
    """Every module of the floors, by its dotted name."""
    out = {}
    for top in TOPS:
        files = [root / f"{top}.py"] if (root / f"{top}.py").is_file() else sorted((root / top).rglob("*.py"))
        for path in files:
            parts = list(path.relative_to(root).with_suffix("").parts)
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


def imported(module: str, path: Path, known) -> set[str]:
    """The modules of ``known`` that ``module`` (at ``path``) imports, relative imports resolved. ``from pkg
    import a, b`` is an import of the modules ``pkg.a`` and ``pkg.b`` when both are modules, else of ``pkg``
    too (a name its ``__init__`` defines)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[:len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            subs = {f"{target}.{a.name}" for a in node.names} & set(known)
            out |= subs if len(subs) == len(node.names) else subs | {target}
    return {name for name in out if name in known and name != module}


def import_graph(root: Path = ROOT) -> dict[str, set[str]]:
    files = module_files(root)
    return {module: imported(module, path, files) for module, path in files.items()}


def floor(module: str) -> int:
    parts = module.split(".")
    if parts[:2] == ["tests", "tiny_game"]:
        return 1
    if parts[0] == "simcore":
        return 1 if parts[:2] == ["simcore", "games"] and len(parts) > 2 and parts[2] != "registry" else 0
    return {"strategies": 2, "reports": 2, "cli": 3, "api": 4}[parts[0]]


def upward(graph: dict[str, set[str]]) -> list[str]:
    return sorted(f"{a} ({FLOORS[floor(a)]}) imports {b} ({FLOORS[floor(b)]})"
                  for a, targets in graph.items() for b in targets if floor(b) > floor(a))


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one file (Tarjan's algorithm, iterative)."""
    index, low, on_stack, stack, out = {}, {}, set(), [], []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        out.append(sorted(group))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph[child]))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return sorted(out)


@pytest.fixture(scope="module")
def graph():
    return import_graph()


def test_floors_no_file_imports_one_on_a_higher_floor(graph):
    assert {"simcore.game", "simcore.games.registry", "reports.sweep", "cli"} <= set(graph)
    assert upward(graph) == []


def test_floors_no_circle_of_imports_between_files(graph):
    assert circles(graph) == []


def test_floors_the_core_imports_no_game(graph):
    """The registry names each game's contract as text (``importlib``): no core file imports a game's module."""
    assert not [(a, b) for a, targets in graph.items() if floor(a) == 0 for b in targets if floor(b) == 1]


def test_floors_the_reader_sees_a_lazy_import_up_and_a_circle(tmp_path):
    """The check itself, on a made-up tree: a game file importing ``reports`` inside a function, the core
    importing ``api``, and three files of one folder that import each other round (one of them lazily)."""
    files = {"simcore/__init__.py": "", "simcore/games/__init__.py": "", "simcore/games/g/__init__.py": "",
             "simcore/games/g/batch.py": "from .search import play\n",
             "simcore/games/g/search.py": "from . import tree\n",
             "simcore/games/g/tree.py": "def f():\n    from .batch import run\n    from reports.sweep import x\n",
             "simcore/games/g/rules.py": "from simcore import errors\nfrom ..registry import get\n",
             "simcore/games/registry.py": "", "simcore/errors.py": "def g():\n    import api\n",
             "reports/__init__.py": "", "reports/sweep.py": "from simcore.games.g import rules\n",
             "cli.py": "import reports.sweep\n", "api.py": ""}
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    g = import_graph(tmp_path)
    assert g["simcore.games.g.rules"] == {"simcore.errors", "simcore.games.registry"}   # `from simcore import errors`
    assert upward(g) == ["simcore.errors (core) imports api (api)",
                         "simcore.games.g.tree (game) imports reports.sweep (strategies/reports)"]
    assert circles(g) == [["simcore.games.g.batch", "simcore.games.g.search", "simcore.games.g.tree"]]


def test_floors_the_core_tests_import_no_game():
    """``tests/core`` tests the core and every game through the contract; a test of one game's own modules lives
    in ``tests/<game>/``."""
    games = {p.parent.name for p in (ROOT / "simcore/games").glob("*/contract.py")}
    found = []
    for path in sorted((ROOT / "tests/core").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            found += [f"{path.name}: {n}" for n in names if n.split(".")[:2] == ["simcore", "games"]
                      and len(n.split(".")) > 2 and n.split(".")[2] in games]
    assert found == []
