"""Star Realms (Core Set with the Alliance Command Deck), the second game on commandsim's core.

Everything this game owns lives in this folder: card data (``cards/``), loading and compiling
it (``card_data``), the state layout, the opcode interpreter, the rules, blocks of games, the
scenario harness and the replay log. Its decision policies are in ``players/``.
Nothing here is imported unless Star Realms is played, so The Last Command's start-up does not grow.
"""
