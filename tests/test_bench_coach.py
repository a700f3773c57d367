"""The coach's judge (bench/bench_coach.py, issue 19, item 3) on a tiny budget: it finds every
kind of decision, from the deciding player's own view only (R6), the same for a seed, and
judges the coach's choice against a search of its own."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench" / "bench_coach.py"


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_coach", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


def test_the_decisions_cover_every_kind_from_the_deciders_own_view(bench):
    quotas = {kind: 2 for kind in bench.QUOTAS}
    found, games = bench.decisions(quotas, seed=3)
    assert sorted(kind for kind, _where, _view in found) == sorted(
        kind for kind, n in quotas.items() for _ in range(n))
    assert games >= 1
    for kind, _where, view in found:
        assert view.pending.kind == kind and view.pending.player == view.player
        assert len(view.options()) > 1
    again, _games = bench.decisions(quotas, seed=3)
    assert [w for _k, w, _v in again] == [w for _k, w, _v in found]


def test_a_decision_judged_compares_the_coachs_choice_with_the_judges_best(bench):
    found, _games = bench.decisions({"place": 1}, seed=1)
    kind, where, view = found[0]
    judged = bench.judge(found[0], budget=200)
    assert judged.kind == kind == "place" and judged.where == where
    assert judged.coach in view.options() and judged.best in view.options()
    assert judged.same == (judged.coach == judged.best)
    assert judged.given_up == (0.0 if judged.same else judged.best_worth - judged.coach_worth)
