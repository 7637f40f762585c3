"""Codes of the actions a policy returns to the engine (Card Phase and Market Phase)."""
# card actions: (hand index, A_*, system)
A_PLAY_SYSTEM = 0
A_PLAY_CREW = 1
A_DISCARD = 2
A_CLEAR_CREW = 3
# market actions: (M_*, arg)
M_STOP = 0
M_BUY_SYSTEM = 1   # arg = 2 * system + slot
M_BUY_CREW = 2     # arg = expertise
M_REFRESH = 3      # arg = set (0..2 System type, 3 Crew)
