"""`tune --out` writes its strategy file as every other output is written (reports.files): the folder is
made when missing, so the documented `commandsim tune ... --out out/tuned.toml` runs in a fresh folder
with no `out/` yet, in every game that has a tuner; and a failed write leaves nothing behind and names
its path once."""
from __future__ import annotations

import tomllib

import pytest

from simcore.games import registry
from tests.conftest import invoke

TUNED_GAMES = [name for name in registry.names() if registry.has_tuning(name)]


@pytest.mark.parametrize("name", TUNED_GAMES)
def test_tune_makes_the_folder_of_its_out_file(name, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    pool = list(registry.tuning(name).default_pool)[:2]
    result = invoke("tune", "--game", name, "--generations", 1, "--population", 2, "--games", 4 * len(pool),
                    "--final-games", 4, "--opponents", ",".join(pool), "--out", "out/new/tuned.toml", "-q")
    assert result.exit_code == 0, result.output
    written = tmp_path / "out" / "new" / "tuned.toml"
    assert tomllib.loads(written.read_text())["kind"] == "heuristic"
    assert [p.name for p in written.parent.iterdir()] == ["tuned.toml"]      # no temporary file left


def test_a_failed_strategy_write_removes_the_folders_it_made_and_names_its_path_once(tmp_path, monkeypatch):
    import reports.files as files
    from simcore.errors import OutputFileError
    from simcore.tuning_space import write_atomic

    def full(self, data):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.Path, "write_bytes", full)
    target = tmp_path / "new" / "deeper" / "tuned.toml"
    with pytest.raises(OutputFileError) as caught:
        write_atomic(target, 'name = "x"\n')
    assert str(caught.value).count("cannot write") == 1 and "tuned.toml: No space left on device" in str(caught.value)
    assert list(tmp_path.iterdir()) == []
