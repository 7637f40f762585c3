"""One parser for every count and name a user types (issue 46 item 2, issue 44 item 6), over every command
that takes one, in every game and the tiny race: counts are ASCII digits (a '²', a '３' or a '1_000' is one
line naming the option, never a ValueError traceback), in range, and a misspelt name is answered with the
names it could be and the closest one. Every refusal comes before any game is played (nothing compiles)."""
from __future__ import annotations

import click
import pytest

import cli
from simcore.counts import CountError, parse_count, parse_prefixed
from simcore.games import registry
from simcore.names import closest, unknown
from tests.conftest import every_game_name, invoke, registered_game

game = pytest.fixture(params=every_game_name())(registered_game)

NOT_ASCII = ["²", "３", "٣", "1_000", " 7", "7 ", "+7", "0x10", "1e3", ""]


def one_line(*args, option: str | None = None, text: str = "") -> str:
    result = invoke(*args)
    lines = result.output.strip().splitlines()
    assert result.exit_code == 2, (args, result.output)
    assert len(lines) == 1 and lines[0].startswith("Error: "), (args, result.output)
    assert "Traceback" not in result.output and not isinstance(result.exception, (ValueError, TypeError,
                                                                                   RecursionError, OSError))
    if option:
        assert f"'{option}'" in lines[0], (args, lines[0])
    assert text in lines[0], (args, lines[0])
    return lines[0]


def game_commands(game):
    """(argument words, command) of every command that takes --game, the game's own commands (solo) too."""
    for name, command in cli.main.commands.items():
        if isinstance(command, click.Group):
            for sub_name, sub in command.commands.items():
                if isinstance(sub, cli.GameCommand):
                    yield [name, sub_name], sub
        elif isinstance(command, cli.GameCommand):
            if command.fixed_game in (None, game.info.name):
                yield [name], command


def required(words) -> list[str]:
    """What a command needs besides the option under test to reach its options' conversion."""
    return {"replay": ["--seed", "1"], "show": ["x"], "validate": ["x.toml"]}.get(words[-1], [])


def game_flag(command, game) -> list[str]:
    return [] if command.fixed_game else ["--game", game.info.name]


def test_every_integer_option_of_every_command_reads_through_the_one_parser(game):
    seen = 0
    for words, command in game_commands(game):
        for p in command.build(game):
            if isinstance(p, click.Option) and isinstance(p.type, click.IntRange):
                assert isinstance(p.type, cli.Count), (words, p.opts)
                seen += 1
            assert p.type is not click.INT, (words, p.opts)
    assert seen >= 20


def test_a_count_in_other_than_ascii_digits_is_one_line_naming_its_option_in_every_command(game):
    for words, command in game_commands(game):
        for p in command.build(game):
            if not (isinstance(p, click.Option) and isinstance(p.type, cli.Count)):
                continue
            flag = p.opts[0]
            for value in NOT_ASCII:
                before = required(words) if flag != "--seed" else []
                one_line(*words, *game_flag(command, game), *before, flag, value, option=flag,
                         text=f"expected a whole number in ASCII digits (0-9), got {value!r}")


def test_a_count_beyond_any_range_is_one_line_naming_its_option(game):
    huge = "9" * 5000        # more digits than int() reads (4,300) without a ValueError of its own
    for words, command in game_commands(game):
        for p in command.build(game):
            if isinstance(p, click.Option) and isinstance(p.type, cli.Count):
                before = required(words) if p.opts[0] != "--seed" else []
                one_line(*words, *game_flag(command, game), *before, p.opts[0], huge, option=p.opts[0])


def test_a_number_of_any_float_option_in_other_than_ascii_digits_is_one_line(game):
    seen = 0
    for words, command in game_commands(game):
        for p in command.build(game):
            if isinstance(p, click.Option) and isinstance(p.type, cli.FiniteFloatRange):
                seen += 1
                for value in ("١", "０.５", "2²"):
                    one_line(*words, *game_flag(command, game), *required(words), f"{p.opts[0]}={value}",
                             option=p.opts[0], text="ASCII digits")
    assert seen >= 4


def test_a_percentage_of_an_advisor_target_is_in_ascii_digits():
    one_line("advise", "--target", "first player = ٥٠%", text="expected a percentage between 0 and 100")
    one_line("advise", "--ladder", "65,55,٤٥,35", text="expected a percentage between 0 and 100")


STRATEGY_OPTIONS = {"sweep": ["--strategy", "--opponent-strategy"], "compare": ["--strategy", "--opponent-strategy"],
                    "replay": ["--strategy", "--opponent-strategy"], "impact": ["--strategy", "--opponent-strategy"],
                    "bench": ["--strategy"], "tournament": ["--strategies"], "ladder": ["--rungs"],
                    "metagame": ["--strategies", "--opponent-strategies"],
                    "tune": ["--strategy", "--opponents"]}


@pytest.mark.parametrize("name", ["search:²", "ismcts:３", "search:1_000", "search:", "ismcts:0", "search:100001",
                                  "search:5:", "ismcts:" + "9" * 5000])
def test_a_search_budget_in_a_strategy_name_is_read_by_the_one_parser_in_every_command(game, name):
    for command, flags in STRATEGY_OPTIONS.items():
        for flag in flags:
            words = [command, *(["--seed", "1"] if command == "replay" else [])]
            value = f"balanced,{name}" if flag in ("--strategies", "--rungs", "--opponents",
                                                   "--opponent-strategies") else name
            line = one_line(*words, "--game", game.info.name, flag, value)
            assert name[:7] in line or "is not available for --game" in line, line


def test_the_parser_itself():
    assert parse_count("20000", "--games", 1, 10**9) == 20000
    assert parse_count(7, "n", 0, 7) == 7
    for bad in ("²", "３", "1_000", " 1", "", "1.0", True, 1.5, None):
        with pytest.raises(CountError, match="--games: expected a whole number"):
            parse_count(bad, "--games", 1, 10)
    with pytest.raises(CountError, match="from 1 to 10, got 11"):
        parse_count("11", "--games", 1, 10)
    with pytest.raises(CountError, match="got a number of 60 digits"):
        parse_count("9" * 60, "--games", 1, 10)
    assert parse_prefixed("search:12:tuned", "search:", 1, 100, "bad") == (12, "tuned")
    assert parse_prefixed("random", "search:", 1, 100, "bad") is None


# ---- names: did you mean

def misspelt(name: str) -> str:
    """``name`` with its second letter dropped (``sunder`` -> ``snder``), as a typo would."""
    return name[0] + name[2:] if len(name) > 3 else name + "x"


def test_a_misspelt_side_is_answered_with_the_closest_in_every_command(game):
    info = game.info
    side = info.sides[-1]
    wrong = misspelt(side)
    for command in ("sweep", "replay", "compare"):
        words = [command, *(["--seed", "1"] if command == "replay" else [])]
        value = f"{info.sides[0]},{wrong}"
        line = one_line(*words, "--game", info.name, info.side.flag, value)
        assert f"did you mean '{side}'" in line or f"or '{side}'" in line, line


def test_a_misspelt_mode_variant_strategy_or_game_is_answered_with_the_closest(game):
    info = game.info
    if len(info.modes) > 1:
        line = one_line("replay", "--game", info.name, "--seed", 1, "--mode", misspelt(info.modes[-1]),
                        option="--mode")
        assert "did you mean" in line, line
    if len(info.variants) > 1:
        line = one_line("sweep", "--game", info.name, "--variants", misspelt(info.variants[-1]))
        assert f"'{info.variants[-1]}'" in line.split("did you mean", 1)[1], line
    strategy = info.default_strategy
    line = one_line("sweep", "--game", info.name, "--strategy", misspelt(strategy), option="--strategy")
    assert f"did you mean '{strategy}'" in line, line
    line = one_line("sweep", "--game", misspelt(info.name), option="--game")
    assert "did you mean" in line and info.name in line.split("did you mean", 1)[1], line


def test_a_misspelt_difficulty_and_solo_level_are_answered_with_the_closest():
    one_line("sweep", "--mode", "solo", "--difficulties", "easy,hrad", option="--difficulties",
             text="(did you mean 'hard'?)")
    one_line("tournament", "--strategies", "balanced,ai:insnae", option="--strategies",
             text="(did you mean 'insane'?)")


def test_the_message_lists_the_names_and_suggests_the_closest_first():
    assert unknown("faction", "sundr", ["federation", "sunder"]) == \
        "unknown faction 'sundr': expected one of federation, sunder (did you mean 'sunder'?)"
    assert closest("fed", ["federation", "sunder"]) == ["federation"]          # a beginning is enough
    assert closest("zzz", ["federation", "sunder"]) == []
    assert registry.names()   # the games are named as any name is


def test_a_name_is_matched_whatever_its_case_and_the_answer_keeps_the_known_spelling():
    assert closest("RAILGN", ["Railgun", "Repair Bot"]) == ["Railgun"]


@pytest.mark.parametrize("args", [["sweep", "--strategy", "search:\r"], ["sweep", "--factions", "federation,s\nun"],
                                  ["sweep", "--scheduler", "local:\x1e0"], ["sweep", "--games", "1\u2028"],
                                  ["cards", "validate", "two\nlines.toml"]])
def test_a_message_quoting_a_line_break_the_user_typed_stays_one_line(args):
    line = one_line(*args)
    assert "\\" in line, line      # the character is shown escaped
