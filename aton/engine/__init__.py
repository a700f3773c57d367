"""The rules engine: the board, the cards, the rules R1-R19 and the step-by-step game.

Pure Python, no widgets, no computer players: everything above it (``aton.players``,
``aton.teaching``, ``aton.app`` and the command line) drives ``Game`` and reads its events, its
views and its records. Where each rule lives: ``rules.py`` (R4-R19 as small pure functions),
``scoring.py`` (R16), ``handlers.py`` (each step carried out, in order), ``refusals.py`` (what a
decision may choose), ``game.py`` (the ``Game`` that drives them).
"""
