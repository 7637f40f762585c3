"""Strategy files: loading, inheritance, clear errors naming file and field, the CLI's
`strategies list` / `strategies show`, and parameter vectors accepted by the engine API."""
from __future__ import annotations

import numpy as np
import pytest

from simcore.games.last_command.setup import Matchup
from simcore.games.last_command.simulate import play_games
from simcore.games.last_command.players import params as P
from simcore.games.last_command.players.library import (StrategyError, builtin_names, load_params, load_spec, resolve,
                                                        strategy_toml, write_strategy)
from simcore.games.last_command.players.param_info import PARAMS, TUNABLE, check_complete
from tests.conftest import invoke

BUILTINS = ("aggro", "balanced", "defensive", "engine", "random")


def write(tmp_path, text: str, name: str = "s.toml") -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


def test_builtins_are_listed_and_load():
    assert set(BUILTINS) <= set(builtin_names())
    for name in builtin_names():
        spec = load_spec(name)
        assert spec.name == name and spec.description


def test_every_parameter_is_described_and_indexed():
    check_complete()
    assert len(PARAMS) == P.N_PARAMS - 1


def test_balanced_sets_every_parameter_and_others_inherit_from_it():
    balanced = load_spec("balanced")
    assert set(balanced.set_here) == set(TUNABLE)     # all but what only a search strategy sets
    aggro = load_spec("aggro")
    assert aggro.bases == ("balanced",)
    for name, info in PARAMS.items():
        if name not in aggro.set_here:
            assert aggro.vector[info.index] == balanced.vector[info.index], name


def test_a_file_overrides_its_base(tmp_path):
    path = write(tmp_path, 'name = "mine"\nbase = "aggro"\n[params]\nw_draw = 2.5\n')
    name, vec = load_params(path)
    aggro = load_params("aggro")[1]
    assert name == "mine"
    assert vec[P.P_W_DRAW] == 2.5
    assert vec[P.P_W_DAMAGE] == aggro[P.P_W_DAMAGE]
    assert vec[P.P_KIND] == P.KIND_HEURISTIC


@pytest.mark.parametrize("text,field", [
    ('[params]\nw_dammage = 1\n', "params.w_dammage"),
    ('[params]\nw_damage = "high"\n', "params.w_damage"),
    ('[params]\nw_damage = true\n', "params.w_damage"),
    ('[params]\ncrew_share = 1.5\n', "params.crew_share"),
    ('[params]\nw_damage = nan\n', "params.w_damage"),
    ('[params]\nw_damage = -1\n', "params.w_damage"),
    ('kind = "clever"\n', "kind"),
    ('name = 3\n', "name"),
    ('paramz = 1\n', "paramz"),
    ('params = 3\n', "params"),
    ('base = "nope"\n', "base"),
    ('kind = "random"\n[params]\nw_damage = 1\n', "params"),
])
def test_malformed_strategy_names_file_and_field(tmp_path, text, field):
    path = write(tmp_path, text)
    with pytest.raises(StrategyError) as err:
        load_params(path)
    msg = str(err.value)
    assert "s.toml" in msg and f"field '{field}'" in msg


def test_malformed_toml_names_the_file(tmp_path):
    path = write(tmp_path, "[params\nw_damage = 1\n")
    with pytest.raises(StrategyError, match=r"s\.toml:1: malformed TOML"):
        load_params(path)


def test_missing_file_and_unknown_name(tmp_path):
    with pytest.raises(StrategyError, match="no such strategy file"):
        load_params(str(tmp_path / "absent.toml"))
    with pytest.raises(StrategyError, match="unknown strategy 'agro'.*aggro"):
        load_params("agro")


def test_bases_that_start_from_each_other_are_an_error(tmp_path):
    a = tmp_path / "a.toml"
    b = tmp_path / "b.toml"
    a.write_text(f'base = "{b}"\n')
    b.write_text(f'base = "{a}"\n')
    with pytest.raises(StrategyError, match="field 'base'"):
        load_params(str(a))


def test_written_strategy_reads_back(tmp_path):
    vec = load_params("engine")[1].copy()
    vec[P.P_W_DAMAGE] = 1.234567
    path = tmp_path / "out.toml"
    write_strategy(path, "engine-2", vec, "a test", ("made by a test",))
    name, back = load_params(str(path))
    assert name == "engine-2"
    assert np.allclose(back, vec, atol=1e-6)
    assert strategy_toml("r", load_params("random")[1]).count("[params]") == 0


def test_vectors_are_checked():
    with pytest.raises(StrategyError, match="parameters"):
        resolve(np.zeros(3))
    with pytest.raises(StrategyError, match="finite"):
        resolve(np.full(P.N_PARAMS, np.nan))


def test_play_games_accepts_a_parameter_vector_like_a_name():
    vec = load_params("aggro")[1]
    by_name = play_games(40, seed=5, matchup=Matchup(), strategies=("aggro", "balanced")).games
    by_vector = play_games(40, seed=5, matchup=Matchup(), strategies=(vec, "balanced")).games
    assert (by_name["winner"] == by_vector["winner"]).all()
    assert (by_name["turns"] == by_vector["turns"]).all()
    assert by_vector["first_strategy"].iloc[0] == "vector"


def test_play_games_reads_each_strategy_file_once(tmp_path, monkeypatch):
    """A batch's set-up reads each seat's strategy once (its name, compiled row and search budget
    come from that one reading): three readings per seat were most of a small batch's cost."""
    from tests.strategy_reads import count_strategy_reads
    path = write(tmp_path, 'name = "mine"\nbase = "aggro"\n')
    reads = count_strategy_reads(monkeypatch)
    rec = play_games(8, seed=5, matchup=Matchup(), strategies=(path, "balanced"))
    assert sorted(reads) == sorted([path, "balanced"])
    assert tuple(rec.strategies) == ("mine", "balanced")


# ---------------------------------------------------------------- CLI

run = invoke   # tests/conftest.py: the CLI in this process


def test_cli_strategies_list():
    r = run("strategies", "list")
    assert r.exit_code == 0, r.output
    for name in BUILTINS:
        assert name in r.output


def test_cli_strategies_show_builtin_and_file(tmp_path):
    r = run("strategies", "show", "aggro")
    assert r.exit_code == 0, r.output
    assert "w_damage" in r.output and "file" in r.output and "balanced" in r.output
    path = write(tmp_path, 'name = "mine"\n[params]\nw_draw = 2.5\n')
    r = run("strategies", "show", path)
    assert r.exit_code == 0, r.output
    line = next(x for x in r.output.splitlines() if x.startswith("w_draw"))
    assert "2.5" in line and "file" in line
    assert "every choice is uniform" in run("strategies", "show", "random").output


@pytest.mark.parametrize("args", [("strategies", "show", "{path}"),
                                  ("replay", "--seed", "1", "--strategy", "{path}"),
                                  ("replay", "--seed", "1", "--opponent-strategy", "{path}")])
def test_cli_malformed_strategy_exits_2_naming_file_and_field(tmp_path, args):
    path = write(tmp_path, '[params]\nw_damage = "lots"\n', "bad.toml")
    r = run(*(a.format(path=path) for a in args))
    assert r.exit_code == 2, r.output
    assert "bad.toml" in r.output and "field 'params.w_damage'" in r.output
    assert "Traceback" not in r.output


def test_cli_unknown_strategy_exits_2():
    r = run("strategies", "show", "nope")
    assert r.exit_code == 2 and "unknown strategy 'nope'" in r.output
