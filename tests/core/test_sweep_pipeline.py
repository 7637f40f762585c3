"""Every game's sweep plays its next chunk while Python reduces the last (``LocalRunner.map``): the game's
``start`` hook queues its games on the engine threads and returns at once, and the records it then gives are
``play``'s. A game without one (``GameDefaults.start``) plays the chunk first, its engine idle while the chunk is
reduced: Star Realms and the skirmish did, until issue 52."""
import threading

import numpy as np
import pytest

from simcore.bench import bench_order
from simcore.blocks import BlockPool
from simcore.game import hooks
from simcore.games import registry


@pytest.mark.parametrize("name", registry.names())
def test_start_queues_the_games_behind_the_engine_threads_work(name):
    game = registry.get(name)
    tables = game.load_tables([])
    order = bench_order(game, None, game.info.default_strategy, tables)
    strategies = tuple(game.resolve_strategy(s) for s in order.strategies)
    expected = game.play(order.matchup, strategies, 5, 40, 24, tables, 1, keep_bought=True)
    gate = threading.Event()
    with BlockPool(1) as pool:
        busy = pool.submit(lambda lo, hi: gate.wait(60), 1)      # the engine thread is playing another chunk
        records = hooks(game).start(order.matchup, strategies, 5, 40, 24, tables, pool, keep_bought=True)
        got = []
        waiter = threading.Thread(target=lambda: got.append(records()), daemon=True)
        waiter.start()
        waiter.join(0.5)
        assert waiter.is_alive(), "the chunk was played before start returned, not queued"
        gate.set()
        busy.wait()
        waiter.join(60)
    assert got, "the queued chunk never came back"
    assert np.array_equal(got[0].winner, expected.winner) and np.array_equal(got[0].turns, expected.turns)
    assert got[0].games.equals(expected.games)
