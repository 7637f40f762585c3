"""Every signal obeyed within a second or two, in every game (issue #31, items 2 and 6; issue #32, item 8):
a long engine call (a ``search:100000`` game, a first-time compile) runs on an engine thread that a
signal leaves behind, so ``replay``, a ``ladder`` with a search rung, ``tournament`` and ``advise`` stop
at once with 128 + the signal (Ctrl-C 130, SIGTERM 143, SIGHUP 129) and write nothing."""
from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest

from simcore import interrupts
from simcore.blocks import BlockPool, EngineThreads, run_blocks
from simcore.games import registry
from tests.cli_process import start, wait_for

GAMES = registry.names()
LONG_SEARCH = "search:100000"   # in range; one game of it plays for minutes in every game
STOP_WITHIN = 20.0              # seconds: generous on a loaded machine; before the fix a game ran on 90 to 516 s


def engine_threads(pid: int) -> int:
    """How many threads of ``pid`` are engine threads (``interrupts.ENGINE_THREAD``)."""
    n = 0
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            n += (task / "comm").read_text().strip() == interrupts.ENGINE_THREAD
        except (FileNotFoundError, ProcessLookupError):
            pass
    return n


def stopped(args, tmp_path, signum, settle=0.5, **env):
    """Start ``args``, send ``signum`` ``settle`` s after an engine thread first plays, and return
    (exit code, stdout, stderr)."""
    proc = start(args, cwd=tmp_path, **env)
    try:
        wait_for(lambda: engine_threads(proc.pid) > 0, proc, timeout=120)
        time.sleep(settle)   # 0.5 s: well inside the engine call
        proc.send_signal(signum)
        try:
            out, err = proc.communicate(timeout=STOP_WITHIN)
        except subprocess.TimeoutExpired:
            raise AssertionError(f"{' '.join(map(str, args))} ran on more than {STOP_WITHIN:.0f} s after "
                                 f"{signal.Signals(signum).name}") from None
    finally:   # a run that ignored the signal must not outlive the test
        proc.kill()
        proc.wait()
    assert "Traceback" not in err, err
    return proc.returncode, out, err


def said(signum) -> str:
    return "Interrupted" if signum == signal.SIGINT else f"Stopped by {signal.Signals(signum).name}"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
@pytest.mark.parametrize("game", GAMES)
def test_a_signal_stops_a_long_search_replay_at_once(tmp_path, game, signum):
    code, out, err = stopped(["replay", "--game", game, "--seed", "1", "--strategy", LONG_SEARCH], tmp_path, signum)
    assert code == 128 + signum, err
    assert out == ""                                # no half replay on stdout
    assert err.strip().splitlines()[-1] == f"{said(signum)}."


@pytest.mark.parametrize("game", GAMES)
def test_a_signal_stops_a_first_time_compile_at_once(tmp_path, game):
    run = tmp_path / "run"
    run.mkdir()
    code, out, err = stopped(["replay", "--game", game, "--seed", "1"], run, signal.SIGINT,
                             COMMANDSIM_CACHE_DIR=str(tmp_path / "empty-cache"))
    assert code == 130, err
    assert err.strip().splitlines()[0].startswith("Compiling ")
    assert f"{registry.get(game).info.title} engine on first use" in err.strip().splitlines()[0]
    assert err.strip().splitlines()[-1] == "Interrupted."
    assert out == "" and os.listdir(run) == []


@pytest.mark.parametrize("signum, quiet", [(signal.SIGTERM, False), (signal.SIGINT, True)],
                         ids=["SIGTERM-in-the-estimate", "SIGINT-quiet-in-the-run"])
@pytest.mark.parametrize("game", GAMES)
def test_a_signal_stops_a_ladder_with_a_search_rung_at_once_and_writes_nothing(tmp_path, game, signum, quiet):
    # without --quiet the signal lands in the estimate's timed games, with it in the ladder's own
    bottom = registry.get(game).info.rungs[0]
    code, out, err = stopped(["ladder", "--game", game, "--rungs", f"{bottom},{LONG_SEARCH}", "--games", "8",
                              "--out", "o.csv", *(["-q"] if quiet else [])], tmp_path, signum)
    assert code == 128 + signum, err
    assert err.strip().splitlines()[-1].startswith(f"{said(signum)} after 0 of 8 games; nothing written.")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("game", GAMES)
def test_sigterm_and_sighup_stop_a_tournament_with_their_own_exit_code(tmp_path, game, signum):
    code, out, err = stopped(["tournament", "--game", game, "--games", "400000", "--out", "t.csv"], tmp_path, signum)
    assert code == 128 + signum, err
    assert err.strip().splitlines()[-1].startswith(f"{said(signum)} after ")
    assert err.strip().endswith("; nothing written.")
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("signum, quiet", [(signal.SIGTERM, False), (signal.SIGHUP, True)],
                         ids=["SIGTERM-in-the-estimate", "SIGHUP-quiet-in-the-run"])
@pytest.mark.parametrize("game", GAMES)
def test_sigterm_and_sighup_stop_advise_with_their_own_exit_code(tmp_path, game, signum, quiet):
    # without --quiet the first engine thread plays the estimate's games: the signal lands there at once
    code, out, err = stopped(["advise", "--game", game, "--target", "first player = 50%", "--allow-stated",
                              "--screen-games", "200000", "--test-games", "200000",
                              "--out", "a.csv", *(["-q"] if quiet else [])], tmp_path, signum,
                             settle=0.5 if quiet else 0.0)
    assert code == 128 + signum, err
    assert err.strip().splitlines()[-1] == f"{said(signum)}; nothing written."
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("signum, quiet", [(signal.SIGTERM, False), (signal.SIGHUP, True)],
                         ids=["SIGTERM-in-the-estimate", "SIGHUP-quiet-in-the-run"])
@pytest.mark.parametrize("game", GAMES)
def test_a_signal_stops_tune_before_its_strategy_file_is_written(tmp_path, game, signum, quiet):
    code, out, err = stopped(["tune", "--game", game, "--generations", "50", "--population", "64",
                              "--games", "4000", "--out", "t.toml", *(["-q"] if quiet else [])], tmp_path, signum,
                             settle=0.5 if quiet else 0.0)
    assert code == 128 + signum, err
    assert err.strip().splitlines()[-1] == f"{said(signum)}; nothing written."
    assert os.listdir(tmp_path) == []


# ---- the engine threads themselves (in this process)

def test_stoppable_outside_a_signal_block_is_a_plain_call():
    assert interrupts.stoppable(lambda a, b: threading.current_thread().name, 1, 2) == threading.main_thread().name


def test_stoppable_runs_on_an_engine_thread_and_returns_or_raises_what_it_did():
    with interrupts.signals_as_interrupts():
        assert interrupts.stoppable(lambda: threading.current_thread().name) == "engine call"
        with pytest.raises(ZeroDivisionError):
            interrupts.stoppable(lambda: 1 / 0)


def test_a_signal_leaves_a_busy_engine_thread_behind_at_once():
    release = threading.Event()
    with interrupts.signals_as_interrupts():
        threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGTERM)).start()
        began = time.monotonic()
        with pytest.raises(interrupts.Interrupted) as caught:
            interrupts.stoppable(release.wait, 60)
        assert time.monotonic() - began < 10
    assert interrupts.exit_code(caught.value) == 143
    assert [t.name for t in interrupts.stranded()] == ["engine call"]
    release.set()


def test_a_block_pool_stopped_by_a_signal_does_not_wait_for_its_blocks():
    release = threading.Event()
    played = []
    with interrupts.signals_as_interrupts():
        threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT)).start()
        with pytest.raises(KeyboardInterrupt):
            with BlockPool(2) as pool:
                pool.submit(lambda lo, hi: (release.wait(60), played.append((lo, hi))), 8, min_block=1).wait()
    assert played == []              # the main thread did not wait for the blocks begun
    release.set()


def test_engine_threads_play_every_block_once_as_a_thread_pool_does():
    out = []
    lock = threading.Lock()

    def play(lo, hi):
        with lock:
            out.extend(range(lo, hi))
    run_blocks(play, 10_000, threads=3)
    assert sorted(out) == list(range(10_000))
    with EngineThreads(2) as pool:
        assert [f.result() for f in [pool.submit(pow, 2, k) for k in range(5)]] == [1, 2, 4, 8, 16]


def test_a_signal_while_an_engine_thread_starts_leaves_no_thread_waiting_for_work(monkeypatch):
    """Ctrl-C landing in ``Thread.start`` (which waits for the new thread): the thread runs, and the pool's shutdown
    still tells it to stop (an api call interrupted during impact's many short engine calls kept one for ever)."""
    started = threading.Thread.start

    def start_then_interrupt(self):
        started(self)
        if self.name.startswith("engine"):
            raise KeyboardInterrupt
    monkeypatch.setattr(threading.Thread, "start", start_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        with EngineThreads(2) as pool:
            pool.submit(pow, 2, 3)
    monkeypatch.undo()
    deadline = time.monotonic() + 10
    while any(t.name.startswith("engine_") and t.is_alive() for t in threading.enumerate()):
        assert time.monotonic() < deadline, "an engine thread waits for work for ever"
        time.sleep(0.05)


def test_every_stopped_command_exits_with_its_signals_code_not_a_fixed_130():
    # issue #31 item 6: tournament and advise once ended every stop with Exit(130), SIGTERM and SIGHUP too
    import re
    text = (Path(__file__).resolve().parents[2] / "cli.py").read_text()
    assert not re.search(r"Exit\(\s*1[23]\d\s*\)", text)
    handlers = re.findall(r"except KeyboardInterrupt as exc:.*?raise click\.exceptions\.Exit\((.*?)\) from", text, re.S)
    assert handlers and set(handlers) == {"exit_code(exc)"}


# ---- every command x every signal (issue #31 item 6), in the default game

COMMANDS = {
    "sweep": ["sweep", "--games", "2000000", "--out", "o.csv"],
    "compare": ["compare", "--games", "2000000", "--out", "c.csv"],
    "tournament": ["tournament", "--games", "400000", "--out", "t.csv"],
    "tournament-search": ["tournament", "--strategies", f"{registry.get(registry.DEFAULT_GAME).info.rungs[1]},"
                                                        f"{LONG_SEARCH}", "--games", "8", "--out", "t.csv"],
    "ladder": ["ladder", "--rungs", f"random,{LONG_SEARCH}", "--games", "8", "--out", "l.csv", "-q"],
    "metagame": ["metagame", "--games", "100000", "--out", "m.csv"],
    "tune": ["tune", "--games", "400000", "--out", "t.toml"],
    "advise": ["advise", "--target", "first player = 50%", "--screen-games", "200000", "--test-games", "200000",
               "--out", "a.csv"],
}


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_every_command_stops_on_every_signal_with_128_plus_n_and_writes_nothing(tmp_path, command, signum):
    code, out, err = stopped(COMMANDS[command], tmp_path, signum)
    assert code == 128 + signum, err
    assert err.strip().splitlines()[-1].startswith(said(signum))
    assert os.listdir(tmp_path) == []


def test_the_commands_stop_through_one_interrupt_wrapper():
    """cli.py handles a stop once (``_nothing_written``, and the command group's catch-all for a command that
    writes nothing), not in a block of its own per command."""
    text = (Path(__file__).resolve().parents[2] / "cli.py").read_text()
    assert text.count("except KeyboardInterrupt") == 2
    assert text.count("with _nothing_written(") >= 9


def test_the_interrupt_wrapper_says_what_was_done_when_the_signal_came(capsys):
    import click

    import cli
    done = []
    with pytest.raises(click.exceptions.Exit) as stopped:
        with cli._nothing_written(lambda: f" after {len(done)} of 160 games"):
            done.extend(range(20))
            raise KeyboardInterrupt
    assert stopped.value.exit_code == 130
    assert capsys.readouterr().err == "\nInterrupted after 20 of 160 games; nothing written.\n"
    with pytest.raises(click.exceptions.Exit) as stopped:
        with cli._nothing_written():
            raise interrupts.Interrupted(signal.SIGTERM)
    assert stopped.value.exit_code == 143
    assert capsys.readouterr().err == "\nStopped by SIGTERM; nothing written.\n"
