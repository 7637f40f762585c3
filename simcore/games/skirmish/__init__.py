"""A skirmish game's command resolution (seed 003, "Using and Resolving Commands"), the third game on the core.

Commands are data (``cards/commands.toml``) compiled to int32 tables, a small reference skirmish on a range
track gives them something to act on (``cards/forces.toml``), and a jitted loop plays seeded battles through
the seed's eight steps (``protocol``). Its policies live in ``players/``.
"""
