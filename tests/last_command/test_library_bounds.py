"""The Last Command's Python API refuses numbers beyond their range (issue #13, item 7): a seed or a game index past
64 bits, a turn cap past 10,000, one line each (``CommandsimError``), never an OverflowError."""
from __future__ import annotations

import pytest

from simcore.errors import CommandsimError
from simcore.games.last_command.setup import Matchup, MatchupError
from simcore.games.last_command.simulate import play_games, replay_game, seed_of_game


def test_the_library_refuses_seeds_and_game_indices_beyond_64_bits():
    with pytest.raises(CommandsimError, match="seed must be between 0 and 9223372036854775807"):
        play_games(2, seed=2**63)
    with pytest.raises(CommandsimError, match="seed must be between 0"):
        replay_game(2**64)
    with pytest.raises(CommandsimError, match="the game index must be between 0"):
        seed_of_game(1, 2**70)
    with pytest.raises(CommandsimError, match="games .* are outside 0"):
        play_games(2, seed=1, first_game=2**63 - 1)
    with pytest.raises(MatchupError, match="max_turns must be between 1 and 10,000"):
        Matchup(max_turns=2**63).validate()
