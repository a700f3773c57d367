"""What teaches the game, without widgets: the coach, the guided lessons, the scenarios, the
rulebook, How to play and what each card means on each cartouche.

It reads the engine and asks the computer players (the coach searches at a level of
``aton.players``); the app and the command line show what it says.
"""
