"""The step-by-step Game's helpers for user interfaces: what comes next, who goes first, and the
round number a scoring round belongs to."""

from __future__ import annotations

from helpers import make_position

from aton import Game


def test_upcoming_names_the_next_automatic_step_and_is_none_at_a_decision():
    """A "Next step" button can say what it will do before it is pressed."""
    game = Game.new(1)
    assert game.upcoming == "a new round: each player draws 4 cards (R4)"
    game.advance()
    assert game.pending is not None and game.upcoming is None
    game.decide(False)
    game.decide(game.options()[0])
    game.advance()
    game.decide(False)
    game.decide(game.options()[0])
    assert game.upcoming == "both players turn their cards up (R6)"
    game.step()
    assert game.upcoming == "cartouche 1: the higher card scores (R7)"
    game.step()
    assert game.upcoming == "cartouche 2 decides who goes first (R8)"
    assert game.first is None
    event = game.step()
    assert game.first == event.data["first"]
    assert game.upcoming == f"{game.first} plays cartouches 2, 3 and 4 (R9)"


def test_a_scoring_round_keeps_the_number_of_the_round_that_filled_the_kingdom():
    """R15-R17: the Kingdom is full from the start, so round 5 ends with a scoring round. The
    scoring round belongs to round 5; the number moves on to 6 only when it is over, as the
    position written afterwards shows."""
    position = make_position(round=5, scores=(3, 4), kingdom=(4, 4), red=[2, 2, 1, 1],
                             blue=[3, 3, 1, 1], board={"T1": "rrb", "T2": "b"})
    game = Game.from_position(position, seed=0)
    seen: list[str] = []
    while not game.at_round_start or not seen:
        if game.pending is not None:
            game.decide(game.options()[0])
            continue
        coming = game.upcoming
        event = game.step()
        seen.append(event.type)
        if event.type in ("score", "scoring", "take_back_plan", "take_back", "return"):
            expected = 6 if event.type == "return" else 5
            assert game.round == expected, (coming, event.text)
    assert seen.count("score") == 6 and "return" in seen
    assert game.round == 6 and game.position()["round"] == 6


def test_each_decision_knows_its_event_through_undo_and_clone():
    """``game.decided`` holds, for each decision, the index of the event it made: the move
    list marks decisions from it without replaying the game (records.decision_steps)."""
    from aton.engine import records
    from aton.players import RandomPlayer, play_game

    game = play_game(Game.new(7), {"red": RandomPlayer(1), "blue": RandomPlayer(2)})
    assert len(game.decided) == len(game.decisions)
    for i, decision in zip(game.decided, game.decisions, strict=True):
        event = game.events[i]
        assert event.player == decision.player
    replayed = records.moment(game.record(), len(game.events))
    assert replayed.decided == game.decided
    twin = game.clone()
    assert twin.decided == game.decided and twin.decided is not game.decided
    game.undo()
    assert game.decided == replayed.decided[:-1]
    made = records.decision_steps(game)
    assert sum(made) == len(game.decisions) and len(made) == len(game.events)


def test_a_game_without_a_record_tells_the_same_story_and_refuses_record_and_undo():
    """``record=False`` (what ``play_round`` uses): the same events as a game that keeps its
    record, but no decisions kept, so ``record()`` and ``undo()`` say so and change nothing."""
    import pytest

    from aton.players import GreedyPlayer, RandomPlayer

    position = make_position(round=3, scores=(5, 7), kingdom=(2, 3), red=[4, 3, 2, 1],
                             blue=[4, 4, 1, 2], board={"T1": "rrb", "T3": "b.b"})
    kept, bare = Game.from_position(position, 9), Game.from_position(position, 9, record=False)
    for game in (kept, bare):
        bots = {"red": GreedyPlayer(1), "blue": RandomPlayer(2)}
        while (pending := game.next_decision()) is not None:
            game.decide(bots[pending.player].choose(game.view(pending.player)))
    assert [e.to_dict() for e in bare.events] == [e.to_dict() for e in kept.events]
    assert bare.position() == kept.position()
    assert kept.decisions and not bare.decisions and not bare.decided
    steps = len(bare.events)
    for refused in (bare.record, bare.undo, bare.clone().record):
        with pytest.raises(ValueError, match="record=False"):
            refused()
    assert len(bare.events) == steps and bare.position() == kept.position()
    assert kept.clone().record() == kept.record()


def test_a_game_without_its_story_writes_no_false_record():
    """``story=False`` (a search's copy): no events and no decisions kept, so ``record()`` and
    ``undo()`` refuse, as with ``record=False``, instead of writing a record with no decisions
    that would replay to another game."""
    import pytest

    for game in (Game.new(1, story=False), Game.new(1).clone(story=False)):
        game.decide(game.next_decision() and False)  # red keeps the cards (R5)
        for refused in (game.record, game.undo):
            with pytest.raises(ValueError, match="story=False"):
                refused()
