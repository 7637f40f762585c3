"""`commandsim tune --game star-realms` (and skirmish): the tuner searches a game's parameter space through its
tuning hook (``simcore.games.registry`` -> ``simcore.tuning_space``), reproducibly from its seed, and
writes a strategy file that the game's loader and sweep accept."""
from __future__ import annotations

import numpy as np
import pytest
from click.testing import CliRunner

import cli
from simcore.games.star_realms.card_data import load_tables
from simcore.games.star_realms.simulate import play_games
from simcore.games.star_realms.players.library import PARAMS, load_spec
from strategies.tuning.tuner import TuneError, TuneOptions, tune

TABLES = load_tables()
SMALL = dict(game="star-realms", start="balanced", pool=("balanced", "combat_first"), generations=2, population=4,
             games=32, final_games=32)
ARGS = ["tune", "--game", "star-realms", "--opponents", "balanced,trade_first", "--generations", "2",
        "--population", "4", "--games", "32", "--final-games", "32", "--seed", "4", "-q"]


def test_same_seed_same_tuned_parameters():
    a = tune(TuneOptions(seed=7, **SMALL), TABLES)
    b = tune(TuneOptions(seed=7, **SMALL), TABLES)
    assert np.array_equal(a.vector, b.vector)
    assert [g.mean_score for g in a.generations] == [g.mean_score for g in b.generations]
    assert {k: m.wins for k, m in a.final.items()} == {k: m.wins for k, m in b.final.items()}
    assert a.start_key == "balanced" and a.final["balanced"].games == SMALL["final_games"]
    other = tune(TuneOptions(seed=8, **SMALL), TABLES)
    assert not np.array_equal(a.vector, other.vector)


def test_cli_tuned_file_loads_and_plays(tmp_path):
    out = tmp_path / "sr.toml"
    r = CliRunner().invoke(cli.main, [*ARGS, "--out", str(out), "--name", "sr-t"])
    assert r.exit_code == 0, r.output
    assert "sr-t vs balanced" in r.output and "95% CI" in r.output
    text = out.read_text()
    assert "tuned by: commandsim tune --game star-realms --strategy balanced" in text
    name, _, vec = load_spec(str(out))
    assert name == "sr-t" and set(PARAMS) <= set(text.split())   # every parameter written
    rec = play_games(8, 1, strategies=(str(out), "balanced"), tables=TABLES, keep_bought=False)
    assert len(rec.games) == 8
    # the same seed through the CLI gives the same file
    again = tmp_path / "sr2.toml"
    assert CliRunner().invoke(cli.main, [*ARGS, "--out", str(again), "--name", "sr-t"]).exit_code == 0
    assert again.read_text() == text
    swept = CliRunner().invoke(cli.main, ["sweep", "--game", "star-realms", "--strategy", str(out), "--games", "8",
                                          "--mode", "standard", "--out", str(tmp_path / "s.csv"), "-q"])
    assert swept.exit_code == 0, swept.output


@pytest.mark.parametrize("args,msg", [(["--params", "w_trade,nope"], "unknown parameter 'nope'"),
                                      (["--opponents", "balanced,aggro"], "unknown Star Realms strategy 'aggro'"),
                                      (["--strategy", "random"], "random strategy"),
                                      (["--factions", "standard,nope"], "unknown Star Realms deck 'nope'"),
                                      (["--variants", "asymmetrical"], "No such option '--variants'")])
def test_cli_bad_option_is_one_line_exit_2(tmp_path, args, msg):
    r = CliRunner().invoke(cli.main, [*ARGS, "--out", str(tmp_path / "t.toml"), *args])
    assert r.exit_code == 2, r.output
    assert msg in r.output and len(r.output.strip().splitlines()) == 1, r.output
    assert not (tmp_path / "t.toml").exists()


def test_unknown_game_is_one_line_exit_2(tmp_path):
    r = CliRunner().invoke(cli.main, ["tune", "--game", "nope", "--out", str(tmp_path / "t.toml")])
    assert r.exit_code == 2 and "unknown game 'nope'" in r.output and len(r.output.strip().splitlines()) == 1
    with pytest.raises(TuneError, match="unknown game"):
        tune(TuneOptions(game="nope"))


def test_skirmish_falls_out_of_the_same_hook(tmp_path):
    """The same design tunes skirmish: its default start (reserve) and pool, a file its loader reads."""
    from simcore.games.skirmish.players.library import load_spec as sk_load_spec
    out = tmp_path / "sk.toml"
    args = ["tune", "--game", "skirmish", "--generations", "2", "--population", "4", "--games", "32",
            "--final-games", "32", "--seed", "2", "-q"]
    r = CliRunner().invoke(cli.main, [*args, "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "reserve-tuned vs reserve" in r.output
    assert sk_load_spec(str(out))[0] == "reserve-tuned"
    again = tmp_path / "sk2.toml"
    assert CliRunner().invoke(cli.main, [*args, "--out", str(again)]).exit_code == 0
    assert again.read_text() == out.read_text()
    bad = CliRunner().invoke(cli.main, [*args, "--out", str(out), "--factions", "line,nope"])
    assert bad.exit_code == 2 and "unknown skirmish force 'nope'" in bad.output
