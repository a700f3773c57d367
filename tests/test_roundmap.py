"""The map of a round lights the step the game is at (R4-R17), from public facts only."""

from __future__ import annotations

import random

import aton
from aton.app.roundmap import STAGES, RoundMap, round_stage

ORDER = [key for key, _words, _rule in STAGES]


def test_a_round_walks_the_map_in_order():
    """Deal, cards, reveal, cartouche 1, order, first player's then the other's 2-3-4, end."""
    game = aton.Game.new(seed=4)
    rng = random.Random(4)
    seen: list[str] = []
    while game.round == 1 or game.phase == "deal":
        stage = round_stage(game)
        if not seen or seen[-1] != stage:
            seen.append(stage)
        if game.pending is not None:
            game.decide(rng.choice(game.options()))
        else:
            game.step()
        if game.round == 2:
            break
    steps = [s for s in seen if s is not None]
    assert steps[:5] == ["deal", "cards", "reveal", "points", "order"]
    assert [ORDER.index(s) for s in steps] == sorted(ORDER.index(s) for s in steps)
    assert "first" in steps and "second" in steps and steps[-1] in ("end", "deal")


def test_the_map_is_a_row_of_rule_buttons_with_the_current_one_lit():
    m = RoundMap()
    m.show("order")
    html = m.widget.value
    assert html.count('class="aton-rule-link aton-map-step') == len(STAGES)
    assert html.count("aton-map-now") == 1 and 'data-rule="R8" aria-current="step"' in html
    # Each step but the last carries its arrow with it, so a wrapped row never begins with one.
    stages = html.split('<span class="aton-map-stage">')[1:]
    assert len(stages) == len(STAGES)
    assert all(stage.count("aton-map-step") == 1 for stage in stages)
    assert [stage.count("aton-map-arrow") for stage in stages] == [1] * (len(STAGES) - 1) + [0]
    for _key, _words, rule in STAGES:
        assert f'data-rule="{rule}"' in html


def test_the_map_in_portuguese():
    m = RoundMap()
    m.speaks = lambda: "pt"
    m.show("scoring")
    assert "Contagem" in m.widget.value and "Quem começa" in m.widget.value
