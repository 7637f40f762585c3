"""The columns of the additive count tables both reductions build: the pandas one over per-game records
(``aggregate``) and the numpy one over a chunk's engine arrays (``chunk_counts``). Apart from both so that
``aggregate`` can use ``chunk_counts.seed_sums`` without the two files importing each other."""

# a perspective: the named faction's side of a cell, in one seat
PERSPECTIVE_KEYS = ["faction", "opponent_faction", "variant", "opponent_variant", "strategy", "opponent_strategy",
                    "seat"]
COUNT_COLUMNS = ["games", "wins", "losses", "draws", "turns"]
# a perspective's seeds: what ``chunk_counts.seed_sums`` adds up
PAIR_KEYS = PERSPECTIVE_KEYS[:-1]
PAIR_COLUMNS = ["seeds", "wins_sq", "first_wins_sq"]
CARD_COUNT_COLUMNS = ["times_bought", "games_bought", "wins_when_bought", "seat_games", "seat_wins"]
