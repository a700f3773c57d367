"""The strategy lab: tournaments on any executor give the same seeded results, and the
statistics the charts show are right."""

from __future__ import annotations

import re
import threading
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from aton import rules
from aton.app.lab import StrategyLab, serving_a_page
from aton.players import lab


def test_a_tournament_runs_on_a_process_pool_and_matches_one_run_here():
    """Each game has its own seed: the same tournament on a ProcessPoolExecutor, on a thread
    pool and in this process gives the same results, in schedule order."""
    levels = ["random", "greedy", "easy"]
    seen = []
    with ProcessPoolExecutor(max_workers=2) as pool:
        pooled = lab.run_tournament(levels, 4, seed=7, executor=pool,
                                    progress=lambda done, total: seen.append((done, total)))
    here = lab.run_tournament(levels, 4, seed=7, workers=0)
    with ThreadPoolExecutor(max_workers=2) as pool:
        threads = lab.run_tournament(levels, 4, seed=7, executor=pool, batch=1)
    assert pooled.results == here.results == threads.results
    assert len(pooled.results) == 12
    assert seen[0] == (0, 12) and seen[-1] == (12, 12)
    assert [(r.red, r.blue, r.seed) for r in here.results] == lab.schedule(levels, 4, seed=7)


def test_seats_alternate_and_every_game_is_whole():
    """Each pair plays red then blue in turn; every result is a finished game (R18, R19)."""
    t = lab.run_tournament(["random", "greedy"], 6, seed=3, workers=0)
    assert [r.red for r in t.results] == ["random", "greedy"] * 3
    for r in t.results:
        assert r.winner in ("red", "blue", "draw") and r.end in lab.ENDINGS
        assert len(r.cards) == r.rounds  # one reveal (R6) per round played
        if r.end == "points":  # R18: the winner reached 40 on cartouche 1
            assert max(r.scores) >= rules.WIN_POINTS


def test_a_tournament_needs_two_known_players():
    with pytest.raises(ValueError, match="at least two"):
        lab.run_tournament(["greedy"], 2)
    with pytest.raises(ValueError, match="at least two"):
        lab.run_tournament(["greedy", "grandmaster"], 2)


def test_wilson_interval():
    """Known values: 7 wins of 10 -> 0.397..0.892; no games -> the whole range."""
    low, high = lab.wilson(7, 10)
    assert round(low, 3) == 0.397 and round(high, 3) == 0.892
    assert lab.wilson(0, 0) == (0.0, 1.0)
    assert lab.wilson(10, 10)[1] == 1.0


def _result(red, blue, winner, cards=((1, 2, 3, 4), (4, 3, 2, 1)), end="scoring"):
    return lab.GameResult(red, blue, 0, winner, end, 1, (0, 0), (cards,))


def test_ratings_order_the_levels_and_anchor_greedy():
    results = ([_result("greedy", "random", "red")] * 9 + [_result("random", "greedy", "red")]
               + [_result("easy", "greedy", "red")] * 7 + [_result("greedy", "easy", "red")] * 3)
    ratings = lab.elo(results, ["random", "greedy", "easy"])
    assert ratings["greedy"] == 1000
    assert ratings["random"] < ratings["greedy"] < ratings["easy"]
    rates = lab.win_rates(results, ["random", "greedy", "easy"])
    assert rates["random"]["rate"] == 0.1 and rates["easy"]["rate"] == 0.7


def test_cartouche_statistics_follow_the_rules():
    """R7: red's 1 against blue's 4 gives blue 6 points; cartouche 2 cards counted for the
    winner and the loser."""
    results = [_result("greedy", "random", "blue")]
    c1 = lab.cartouche1_points(results)
    assert c1[4] == {"played": 1, "points": 6, "mean": 6.0}
    assert c1[1] == {"played": 1, "points": 0, "mean": 0.0}
    c2 = lab.cartouche2_choices(results)
    assert c2["winner"][3] == 1.0 and c2["loser"][2] == 1.0
    assert lab.endings(results)["scoring"] == 1 and lab.lengths(results) == {1: 1}


def test_the_lab_page_draws_the_statistics():
    """The widget side: the progress bar reaches the end and the charts show the numbers of
    ``aton.players.lab``."""
    page = StrategyLab(["random", "greedy"], games=4, seed=5)
    t = page.run()
    assert page.progress.value == page.progress.max == 4
    assert re.fullmatch(r"4 games played in \d+\.\d s\.", page.status.value)
    data = page.chart_data
    rates = lab.win_rates(t.results, t.levels)
    assert data["win_rate"] == (["random", "greedy"],
                                [round(100 * rates[k]["rate"], 1) for k in t.levels])
    assert data["endings"][1] == list(lab.endings(t.results).values())
    assert sum(data["length"][1]) == 4
    # The game lengths' axis counts every number of rounds, so that bars are not set side by
    # side across a gap (12 rounds, then 15).
    rounds = [int(x) for x in data["length"][0]]
    assert rounds == list(range(rounds[0], rounds[-1] + 1))
    assert dict(zip(rounds, data["length"][1])) == {
        k: lab.lengths(t.results).get(k, 0) for k in rounds}
    # Every tick is labelled, keyed as the browser writes its number (1, not 1.0): the
    # points per round on cartouche 1 with one decimal while a tick falls between points.
    axis = page.c1_fig.axes[1]
    assert set(axis.tick_labels) == {f"{v:g}" for v in axis.tick_values}
    assert StrategyLab(["random", "greedy"]).c1_fig.axes[1].tick_labels == {"0": "0.0",
                                                                            "0.5": "0.5"}
    page.toggles["random"].value = False
    assert page.players_chosen == ["greedy"]
    assert page.run() is None and "at least two" in page.status.value


def test_the_lab_page_shows_before_its_games_are_played(monkeypatch):
    """``start`` (what the notebook and the Run button call) returns while the tournament is
    still being played: the page and its empty charts show at once, then fill."""
    import aton.app.lab as page_module

    gate = threading.Event()
    real = lab.run_tournament

    def held(*args, **kwargs):
        assert gate.wait(30)
        return real(*args, **kwargs)

    monkeypatch.setattr(page_module.lab, "run_tournament", held)
    page = StrategyLab(["random", "greedy"], games=2, seed=5)
    page.start()
    assert page.status.value == "Playing…" and page.button.disabled
    assert page.tournament is None and page.chart_data["win_rate"][1] == [0, 0]
    gate.set()
    t = page.wait()
    assert t is page.tournament and len(t.results) == 2 and not page.button.disabled
    assert page.progress.value == page.progress.max == 2


def test_a_voila_page_is_told_not_to_wait(monkeypatch):
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    assert not serving_a_page()
    monkeypatch.setenv("VOILA_KERNEL_ID", "k")
    assert serving_a_page()


class _BrokenExecutor:
    """An executor whose every task fails, like a cluster that lost its workers."""

    def submit(self, fn, *args, **kwargs):
        raise RuntimeError("no workers left")

    def map(self, fn, *iterables, **kwargs):
        raise RuntimeError("no workers left")


def test_a_failed_tournament_is_reported_and_the_page_stays_usable(monkeypatch):
    """The Output catches the error (as in a kernel); the page says so, Run works again, and the
    previous results are kept."""
    from ipywidgets import Output

    monkeypatch.setattr(Output, "__exit__", lambda self, *exc: True)  # a kernel's behaviour
    page = StrategyLab(["random", "greedy"], games=2, seed=5)
    played = page.run()
    shown = (page.summary.value, page.chart_data)
    assert played is not None and len(played.results) == 2
    page.executor = _BrokenExecutor()
    assert page.run() is None
    assert "failed" in page.status.value and not page.button.disabled
    assert page.tournament is played and (page.summary.value, page.chart_data) == shown
    page.executor = None  # the workers are back: Run plays again
    assert page.run().results == played.results


def test_a_stopped_tournament_keeps_the_games_that_ended():
    """Once ``stop`` is set, no game starts: in this process, a stop before the first game
    plays none; on an executor, a stop after the first batch keeps that batch alone."""
    stop = threading.Event()
    stop.set()
    t = lab.run_tournament(["random", "greedy"], 6, seed=3, workers=0, stop=stop)
    assert t.results == [] and not t.complete
    stop.clear()

    def after_the_first_batch(done, total):
        if done:
            stop.set()

    with ThreadPoolExecutor(1) as pool:
        t = lab.run_tournament(["random", "greedy"], 6, seed=3, executor=pool, batch=2,
                               progress=after_the_first_batch, stop=stop)
    whole = lab.run_tournament(["random", "greedy"], 6, seed=3, workers=0)
    assert not t.complete and whole.complete and len(whole.results) == 6
    assert 2 <= len(t.results) < 6 and all(r in whole.results for r in t.results)


def test_the_stop_button_ends_a_long_tournament_and_shows_what_was_played(monkeypatch):
    """Stop, pressed while a batch of games is being played, ends the tournament at once:
    the games already played are drawn, and Run works again."""
    played_once, release = threading.Event(), threading.Event()
    real = lab._play_many

    def second_batch_waits(chunk):
        if played_once.is_set():
            release.wait(30)  # a long game, still under way when Stop is pressed
        played_once.set()
        return real(chunk)

    def shown(n):  # the progress bar has counted n games
        for _ in range(300):
            if page.progress.value == n:
                return True
            time.sleep(0.01)
        return False

    monkeypatch.setattr(lab, "_play_many", second_batch_waits)
    with ThreadPoolExecutor(1) as pool:
        page = StrategyLab(["random", "greedy"], games=10, seed=5, executor=pool)
        assert page.stop_button.disabled  # nothing to stop yet
        page.start()
        assert not page.stop_button.disabled and page.button.disabled
        assert played_once.wait(30) and shown(2)
        page.stop_button.click()
        t = page.wait()
        release.set()
    assert not t.complete and len(t.results) == 2
    assert page.status.value.startswith("Stopped: 2 games of 10 played in ")
    assert sum(page.chart_data["length"][1]) == 2  # the two games are drawn
    assert "<td>—</td>" not in page.summary.value  # both players played them
    # A player that never got to play shows no rate, interval or rating.
    page.show(lab.Tournament(["random", "greedy", "expert"], 10, 5, t.results, 1.0, False))
    assert "<tr><td>expert</td><td>0</td><td>—</td><td>—</td><td>—</td></tr>" in (
        page.summary.value)
    assert not page.button.disabled and page.stop_button.disabled
