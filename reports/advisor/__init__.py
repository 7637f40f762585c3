"""The balance advisor (``commandsim advise``): targets, the screen and its sequential test, the search
over sets of card edits, and the run that ties them together (``advise.advise``)."""
