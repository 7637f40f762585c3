"""The game contract is true: every registered game and the tiny game implement ``simcore.game.Game``
(``isinstance``, nothing missing); the Protocol and the optional hooks' defaults (``GameDefaults``) declare
exactly the members the shared code uses of a game, read from the code itself; a game's optional hooks are
reached through ``hooks(game)``, with their defaults for a game that has none; the registry refuses a contract
that lacks a member, naming it; and mypy, configured in ``pyproject.toml``, passes and catches a missing
method."""
from __future__ import annotations

import ast
import dataclasses
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

from simcore.errors import CommandsimError
from simcore.game import Game, GameDefaults, SweepSpec, hooks, missing_members
from simcore.games import registry
from tests.conftest import every_game_name, registered_game

ROOT = Path(__file__).resolve().parents[2]
MEMBERS = sorted({*Game.__annotations__, *(n for n, v in vars(Game).items() if callable(v) and not n.startswith("_"))})
HOOKS = sorted(n for n in dir(GameDefaults) if not n.startswith("_"))

game = pytest.fixture(params=every_game_name())(registered_game)   # each registered game and the tiny race


def test_contract_every_game_is_a_game(game):
    assert isinstance(game, Game)
    assert missing_members(game) == []


def test_contract_a_hook_a_game_writes_is_a_hook_it_gets(game):
    """A contract class that writes one of the optional hooks derives from ``GameDefaults`` (else ``hooks``
    would give the default in its place)."""
    written = {n for cls in type(game).__mro__ if cls not in (GameDefaults, object) for n in vars(cls)} & set(HOOKS)
    assert not written or isinstance(game, GameDefaults), written
    assert set(MEMBERS).isdisjoint(HOOKS)


def test_contract_the_registered_games_bring_their_own_hooks():
    for name in registry.names():
        g = registry.get(name)
        assert hooks(g) is g
        assert hooks(g).tuning() is not None and hooks(g).advisor() is not None and hooks(g).finding_sides() is not None


def test_contract_a_game_without_hooks_gets_their_defaults(tiny_game):
    h = hooks(tiny_game)
    assert not isinstance(tiny_game, GameDefaults) and isinstance(h, GameDefaults)
    tables = tiny_game.load_tables()
    assert h.tuning() is None and h.advisor() is None and h.finding_sides() is None and h.rule_choices() == []
    assert h.aliases == () and h.target_forms and h.fixed_seats_note()
    a, b = tiny_game.info.sides[:2]
    assert list(h.impact_sides()) == [(a, b), (b, a)]
    assert list(h.forcible(tables)) == list(tiny_game.bannable(tables))
    assert list(h.can_take(tables, a, tiny_game.info.variants[0])) == list(tiny_game.bannable(tables))
    assert h.tournament_pairs(None, tables, 1) is None
    name = tiny_game.info.default_strategy
    h.check_distinct(name, name)
    with pytest.raises(CommandsimError, match="both named"):    # the tiny race takes a (name, keep) pair too
        h.check_distinct(name, (name, 99))
    order = tiny_game.sweep_cells(SweepSpec(), tables)[0].orders[0]
    strategies = tuple(tiny_game.resolve_strategy(s) for s in order.strategies)
    pool = types.SimpleNamespace(threads=1)
    started = h.start(order.matchup, strategies, 5, 0, 6, tables, pool)()
    played = tiny_game.play(order.matchup, strategies, 5, 0, 6, tables, 1)
    assert (started.winner == played.winner).all() and (started.turns == played.turns).all()


def test_contract_one_seat_modes_are_the_modes_whose_cells_count_one_seat(game):
    """``GameInfo.one_seat_modes`` (what the reports read instead of a mode's name) says which cells count the
    first seat only: exactly those of these modes, each played in one seat order against a level."""
    tables = game.load_tables()
    assert set(game.info.one_seat_modes) <= set(game.info.modes)
    for mode in game.info.modes:
        cells = game.sweep_cells(SweepSpec(modes=(mode,)), tables)
        assert cells and {c.mode for c in cells} == {mode}
        for cell in cells:
            if mode in game.info.one_seat_modes:
                assert cell.seats == (0,) and len(cell.orders) == 1 and cell.difficulty, cell
            else:
                assert cell.seats == (0, 1), cell


def test_contract_the_reports_read_one_seat_modes_from_the_contract(tiny_game, monkeypatch):
    from reports.report_games import one_seat
    modes = ["duel", "solo", *tiny_game.info.modes]
    assert one_seat(modes).tolist() == [False, True] + [False] * len(tiny_game.info.modes)
    monkeypatch.setattr(type(tiny_game), "info", dataclasses.replace(tiny_game.info, one_seat_modes=tiny_game.info.modes))
    assert one_seat(modes).tolist() == [False, True] + [True] * len(tiny_game.info.modes)


def test_contract_the_registry_refuses_a_game_missing_a_member(tiny_game, monkeypatch):
    partial = types.SimpleNamespace(**{m: getattr(tiny_game, m) for m in MEMBERS if m != "replay"})
    module = types.ModuleType("tests._no_replay")
    module.GAME = partial
    monkeypatch.setitem(sys.modules, module.__name__, module)
    assert not isinstance(partial, Game)
    with pytest.raises(CommandsimError, match=r"tests._no_replay: .*missing replay$"):
        registry.load(module.__name__)


# ---- the contract declares exactly what the shared code uses of a game

SHARED = [ROOT / "cli.py", ROOT / "api.py", *(ROOT / "reports").rglob("*.py"), *(ROOT / "strategies").rglob("*.py"),
          *(ROOT / "benchmarks").rglob("*.py"), ROOT / "simcore/games/registry.py",
          *(p for p in (ROOT / "simcore").glob("*.py"))]


def _a_game(node: ast.AST) -> bool:
    """``registry.get(...)``, ``registry.load(...)`` or ``hooks(...)``: an expression that is a game."""
    if not isinstance(node, ast.Call):
        return False
    f = node.func
    return ((isinstance(f, ast.Name) and f.id == "hooks")
            or (isinstance(f, ast.Attribute) and f.attr in ("get", "load") and isinstance(f.value, ast.Name)
                and f.value.id == "registry"))


def _is_game(annotation: ast.AST | None) -> bool:
    return annotation is not None and "Game" in ast.unparse(annotation).strip("'\"").split(" | ")


def _used_members(path: Path) -> set[str]:
    """The attributes the code of ``path`` reads of a game: of a parameter annotated ``Game`` (or ``Game | ...``),
    of a name bound to a game, of ``self.<field>`` where the class annotates that field ``Game`` (a command's
    plan), or of an expression that is one."""
    tree = ast.parse(path.read_text())
    fields = {}    # method -> the fields of its class annotated Game
    for cls in ast.walk(tree):
        if isinstance(cls, ast.ClassDef):
            own = {n.target.id for n in cls.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
                   and _is_game(n.annotation)}
            fields.update({fn: own for fn in cls.body if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef))})
    out = set()
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        names = {a.arg for a in [*fn.args.args, *fn.args.kwonlyargs] if _is_game(a.annotation)}
        names |= {t.id for n in ast.walk(fn) if isinstance(n, ast.Assign) and _a_game(n.value)
                  for t in n.targets if isinstance(t, ast.Name)}
        own = fields.get(fn, set())

        def a_game(node: ast.AST) -> bool:
            return ((isinstance(node, ast.Name) and node.id in names) or _a_game(node)
                    or (isinstance(node, ast.Attribute) and node.attr in own and isinstance(node.value, ast.Name)
                        and node.value.id == "self"))
        out |= {n.attr for n in ast.walk(fn) if isinstance(n, ast.Attribute) and a_game(n.value)}
    return out


def test_contract_declares_exactly_what_the_shared_code_uses():
    used = set().union(*(_used_members(p) for p in SHARED))
    assert used - {*MEMBERS, *HOOKS} == set(), "used of a game, declared nowhere"
    assert {*MEMBERS, *HOOKS} - used == set(), "declared, used nowhere"


def test_contract_the_reader_of_uses_sees_through_names_and_hooks(tmp_path):
    path = tmp_path / "probe.py"
    path.write_text("def f(game: Game, other):\n    game.info; other.x\n"
                    "def g(name):\n    g = registry.get(name)\n    g.play\n    hooks(g).tuning()\n"
                    "class Plan:\n    game: Game\n    other: int\n"
                    "    def run(self):\n        self.game.replay; self.other.real\n")
    assert _used_members(path) == {"info", "play", "tuning", "replay"}


# ---- what the games' contracts share is written once

def _definitions(path: Path) -> list[tuple[str, list[ast.stmt]]]:
    """Each function of a contract module (module level or a method): its name and its body, no docstring."""
    return [(node.name, [n for n in node.body if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))])
            for node in ast.walk(ast.parse(path.read_text())) if isinstance(node, ast.FunctionDef)]


def _alike_by_nature(body: list[ast.stmt]) -> bool:
    """A body two games may well write alike: a constant returned (``return ()``), or a hook handing over to the
    game's own module (``from .skill import sides`` then ``return sides()``: the same words, two modules)."""
    if len(body) == 1 and isinstance(body[0], ast.Return) and isinstance(body[0].value, (ast.Constant, ast.Tuple,
                                                                                          ast.List)):
        return all(isinstance(e, ast.Constant) for e in getattr(body[0].value, "elts", []))
    if len(body) != 2 or not isinstance(body[0], ast.ImportFrom) or body[0].level != 1 or len(body[0].names) != 1:
        return False
    call = body[1].value if isinstance(body[1], ast.Return) else None
    return (isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and call.func.id == body[0].names[0].name
            and all(isinstance(a, ast.Name) for a in call.args) and not call.keywords)


def test_contract_no_code_written_word_for_word_in_two_games_contracts():
    """Star Realms' and the skirmish's contracts wrote four strategy methods word for word (now
    ``simcore.strategy_files.FileStrategies``), and two a helper reading ``--cards`` (now
    ``simcore.card_files.card_paths``); a hook returning its default is ``GameDefaults``'s. Two contract
    modules may write alike only what is so by nature (``_alike_by_nature``); a game's own package named in its
    code (``strategies.star_realms.library``) reads as any game's."""
    seen: dict[str, list[str]] = {}
    for path in sorted((ROOT / "simcore/games").glob("*/contract.py")):
        for name, body in _definitions(path):
            if not _alike_by_nature(body):
                code = ast.dump(ast.Module(body=body, type_ignores=[])).replace(path.parent.name, "<game>")
                seen.setdefault(code, []).append(f"{path.parent.name}.{name}")
    assert [where for where in seen.values() if len(where) > 1] == []


def test_contract_the_reader_of_alike_code_tells_a_hook_from_shared_code():
    def body(text):
        return ast.parse(text).body
    assert _alike_by_nature(body("from .skill import sides\nreturn sides()"))
    assert _alike_by_nature(body("return ()")) and _alike_by_nature(body("return []"))
    assert not _alike_by_nature(body("from .players.library import resolve\nreturn resolve(name)[0]"))
    assert not _alike_by_nature(body("from .players.library import FILES\nreturn FILES.resolved(name)"))
    assert not _alike_by_nature(body("return [cards] if isinstance(cards, (str, Path)) else list(cards or ())"))


def test_contract_file_strategies_are_inherited_not_rewritten():
    from simcore.strategy_files import FileStrategies
    members = {n for n in vars(FileStrategies) if not n.startswith("_") and callable(vars(FileStrategies)[n])}
    assert members == {"strategy_listing", "strategy_lines", "check_strategy", "resolve_strategy"}
    users = [registry.get(n) for n in registry.names() if isinstance(registry.get(n), FileStrategies)]
    assert len(users) >= 2
    for g in users:
        assert not members & set(vars(type(g))), type(g).__name__
        assert g.check_strategy(g.info.default_strategy) and g.strategy_listing().rows


# ---- the type checker

@pytest.mark.skipif(shutil.which("mypy") is None and subprocess.run([sys.executable, "-m", "mypy", "--version"],
                                                                  capture_output=True).returncode,
                    reason="mypy is not installed (pip install '.[test]')")
def test_contract_mypy_passes_and_catches_a_missing_method(tmp_path):
    mypy = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")]
    ok = subprocess.run(mypy, cwd=ROOT, capture_output=True, text=True)
    assert ok.returncode == 0, ok.stdout
    # a contract class with every member but one, annotated as every contract annotates its GAME
    body = [f"    def {m}(self, *args, **kw): ..." for m in MEMBERS if m not in ("info", "module", "replay")]
    probe = tmp_path / "probe_contract.py"
    probe.write_text("from simcore.game import Game, GameInfo\n\n\nclass Probe:\n    info: GameInfo\n"
                     "    module = __name__\n" + "\n".join(body) + "\n\n\nGAME: Game = Probe()\n")
    failed = subprocess.run([*mypy, str(probe)], cwd=ROOT, capture_output=True, text=True)
    assert failed.returncode == 1 and "replay" in failed.stdout, failed.stdout
    probe.write_text(probe.read_text().replace("class Probe:\n", "class Probe:\n    def replay(self, *a, **k): ...\n"))
    assert subprocess.run([*mypy, str(probe)], cwd=ROOT, capture_output=True, text=True).returncode == 0
