"""Skirmish players: which command to give, which response to declare (``policy``), read from strategy files
(``library``: ``builtin/*.toml`` or a designer's own), and the tuning space."""
