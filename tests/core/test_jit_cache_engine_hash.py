"""simcore.jit_cache.engine_hash: what a cluster's workers must share with the client (simcore.cluster)."""
from simcore import jit_cache


def test_jit_cache_engine_hash_covers_every_games_jitted_sources(tmp_path, monkeypatch):
    # a cluster's workers must share it with the client: a worker with other Star Realms (or Last Command)
    # code would otherwise play its chunks differently and go unnoticed
    monkeypatch.setattr(jit_cache, "_ROOT", tmp_path)
    files = ("simcore/jit.py", "simcore/games/last_command/rules.py", "simcore/games/last_command/players/policy.py",
             "simcore/games/star_realms/rules.py", "simcore/games/star_realms/players/policy.py")
    for rel in files:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x = 1\n")
    for rel in files:
        before = jit_cache.engine_hash()
        (tmp_path / rel).write_text((tmp_path / rel).read_text() + "y = 2\n")
        assert jit_cache.engine_hash() != before, rel


def test_every_core_file_of_jitted_code_keys_the_game_cache():
    # the core's jitted functions are inlined into each game's engine, and numba checks only the entry's own
    # file: a core file left out of the key ran the engine compiled before its edit (simcore/ismcts.py did)
    root = jit_cache._ROOT
    jitted = {f"simcore/{p.name}" for p in (root / "simcore").glob("*.py")
              if "@hot" in p.read_text(encoding="utf-8") or "@njit" in p.read_text(encoding="utf-8")}
    assert {"simcore/ismcts.py", "simcore/search.py"} <= jitted
    assert jitted <= set(jit_cache._JITTED)
