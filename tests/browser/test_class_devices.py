"""A class on every desk (issue 18) in one real Chromium against a real Voilà: each page in a
browser context of its own, as each device is.

- A teacher and three students: the teacher steps a scoring round, every student's page
  follows within about two seconds, the teacher asks the class, the students answer, the
  teacher sees how many answered (never what) and reveals; each mark and tally is right. The
  right answer is the engine's: the game replayed here (same scenario, seed and decisions).
- Two students play a round against each other, each from their own page, and red's page
  never shows blue's hand before the reveal (R6).
- The same, shorter, in Portuguese (the student's browser set to Portuguese).

Screenshots go to /tmp/shots18/, at 1024×768, 1366×768, 1920×1080 and on the projector;
the controls the moment needs must lie on the screen at each (``OFF_SCREEN``).
"""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from browser_actions import OFF_SCREEN, play_first_cards, unscrolled
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from aton.app.classwords import value_words
from aton.classroom import ClassStore
from aton.engine.game import Game

pytestmark = pytest.mark.browser

NAME, SEED = "14_scoring_winner", 1
STUDENTS = ("Ana", "Bo", "Cy")
FOLLOW_S = 2.5  # the "within about a second", on two shared cores with four pages
SHOTS = Path("/tmp/shots18")
SIZES = ((1024, 768), (1366, 768), (1920, 1080))
LOAD_MS = 120_000  # four pages drawn at once by one chromium on two cores


def drawn(page: Page) -> None:
    expect(page.locator(".aton-board .dot").first).to_be_visible(timeout=LOAD_MS)
    expect(page.locator(".aton-class")).to_be_visible(timeout=30_000)


def class_code(teacher: Page) -> str:
    """The join code, as a screen reader spells it (the page shows a thin space in it)."""
    code = teacher.locator(".aton-class-banner .aton-class-code")
    expect(code).to_be_visible(timeout=LOAD_MS)
    return code.get_attribute("aria-label").replace(" ", "")


def join(page: Page, name: str, said: str = "You: ") -> None:
    drawn(page)
    page.locator(".aton-class-name input").fill(name)
    page.locator(".aton-class-join-button").click()
    expect(page.locator(".aton-class-banner")).to_contain_text(f"{said}{name}", timeout=30_000)


def token_of(page: Page) -> str:
    """A student's token, from the address the page wrote into its address bar."""
    page.wait_for_function("() => location.search.includes('me=')", timeout=30_000)
    return parse_qs(urlparse(page.url).query)["me"][0]


def dom_text(page: Page) -> str:
    """All the text in the page, hidden parts included."""
    return page.evaluate("document.body.textContent")


def followed(teacher: Page, students: list[Page], text: str, steps: int | None = None
             ) -> list[float]:
    """Once the teacher's page shows the step that says ``text`` (the ``steps``-th of the
    game), every student's page shows it too (the same explanation, as many moves listed)
    within FOLLOW_S; the delays."""
    expect(teacher.locator(".aton-explain-text")).to_have_text(text, timeout=30_000)
    shown = time.monotonic()
    delays = []
    for student in students:
        expect(student.locator(".aton-explain-text")).to_have_text(
            text, timeout=FOLLOW_S * 1000 + 500)
        delays.append(time.monotonic() - shown)
    for page in (teacher, *students):
        if steps is not None:
            expect(page.locator(".aton-moves .aton-move")).to_have_count(steps)
    assert max(delays) <= FOLLOW_S, delays
    return delays


def shoot(page: Page, name: str, must_show: list[str], size: tuple[int, int],
          projector: bool = False) -> None:
    """A screenshot at ``size`` (projector mode switched on for it), and everything in
    ``must_show`` on the screen, nothing sideways, no button's words cut."""
    SHOTS.mkdir(exist_ok=True)
    page.set_viewport_size({"width": size[0], "height": size[1]})
    switch = page.get_by_role("button", name="Projector", exact=True)  # as ?projector=1
    if projector:
        switch.click()
        expect(page.locator(".aton-app.aton-projector")).to_have_count(1)
    page.wait_for_timeout(400)  # the page reflows, the board scales
    unscrolled(page)
    page.screenshot(path=str(SHOTS / f"{name}_{size[0]}x{size[1]}{'_projector' * projector}.png"))
    try:
        assert page.evaluate(OFF_SCREEN, must_show) == [], (name, size, projector)
    finally:
        if projector:
            switch.click()
            expect(page.locator(".aton-app.aton-projector")).to_have_count(0)


def shoot_all(page: Page, name: str, must_show: list[str]) -> None:
    for size in SIZES:
        shoot(page, name, must_show, size)
    shoot(page, name, must_show, (1366, 768), projector=True)
    page.set_viewport_size({"width": 1366, "height": 768})


#: The big code for the back of the room: on one line, a fifth of the screen high or more, and
#: clear of its Close button ("" when so).
BIG_CODE = """() => {
  const code = document.querySelector('.aton-class-code-big');
  const close = document.querySelector('.aton-class-big-close');
  const a = code.getBoundingClientRect(), b = close.getBoundingClientRect();
  const size = parseFloat(getComputedStyle(code).fontSize);
  if (a.height > 1.6 * size) return `on ${Math.round(a.height / size)} lines`;
  if (size < 0.2 * innerHeight) return `${size}px high on a ${innerHeight}px screen`;
  const apart = a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;
  return apart ? '' : 'Close covers the code';
}"""
TEACHER_ASKING = [".aton-class-banner .aton-class-code", ".aton-class-q", ".aton-class-reveal",
                  ".aton-explain-text", ".aton-next"]
STUDENT_ASKED = [".aton-class-banner", ".aton-class-q", ".aton-class-red input",
                 ".aton-class-blue input", ".aton-class-send"]


def test_a_teacher_steps_a_scoring_round_and_three_students_predict_it(
        devices, voila_server: str) -> None:
    teacher = devices(f"{voila_server}?class=new&scenario={NAME}&seed={SEED}&lang=en")
    drawn(teacher)
    code = class_code(teacher)
    students = [devices(f"{voila_server}?join={code}") for _ in STUDENTS]
    for student, name in zip(students, STUDENTS):
        join(student, name)
        expect(student.locator(".aton-class-code-input")).to_have_count(0)
    expect(teacher.locator(".aton-class-who")).to_contain_text(
        "3 in the class: " + ", ".join(STUDENTS), timeout=10_000)
    expect(teacher.locator(".aton-app.aton-following")).to_have_count(0)
    for student in students:  # a follower's page has no steps, no set-up, no coach
        expect(student.locator(".aton-app.aton-following")).to_have_count(1)
        expect(student.locator(".aton-steps")).to_be_hidden()
    delays = followed(teacher, students, teacher.locator(".aton-explain-text").inner_text())

    # The teacher plays: the cards as drawn, one step, then on to the next decision, which
    # stops before the first line of the scoring round (R16). The engine replays it.
    local = play_first_cards(teacher, NAME, SEED)
    delays += followed(teacher, students, local.game.events[-1].text, len(local.game.events))
    teacher.get_by_role("button", name="Next step").first.click()
    local.step()
    delays += followed(teacher, students, local.game.events[-1].text, len(local.game.events))
    teacher.get_by_role("button", name="To my next decision ▸▸").click()
    local.run_to_decision()
    delays += followed(teacher, students, local.game.events[-1].text, len(local.game.events))
    assert local.game.coming is not None and local.game.coming.kind == "score"
    line = local.game.clone().step()  # the line the class is asked about
    truth = {"red": line.data["points"]["red"], "blue": line.data["points"]["blue"]}

    expect(teacher.locator(".aton-class-predicts")).to_be_visible()  # the one-screen quiz
    for student in students:  # a follower's page answers in the class box, not there
        expect(student.locator(".aton-class-predicts")).to_be_hidden()
    teacher.locator(".aton-class-ask").click()
    asked = teacher.locator(".aton-class-q")
    expect(asked).to_contain_text("0 of 3 have answered")
    guesses = [truth, {**truth, "red": truth["red"] + 1}, {**truth, "blue": truth["blue"] + 2}]
    for student, guess in zip(students, guesses):
        expect(student.locator(".aton-class-red input")).to_be_visible(timeout=FOLLOW_S * 1000)
        student.locator(".aton-class-red input").fill(str(guess["red"]))
        student.locator(".aton-class-blue input").fill(str(guess["blue"]))
        student.locator(".aton-class-send").click()
        expect(student.locator(".aton-class-q")).to_contain_text(
            f"Sent: {value_words(guess)}.")
    expect(asked).to_contain_text("3 of 3 have answered", timeout=FOLLOW_S * 1000)
    for page in (teacher, *students):  # nothing of the answer, nor of the guesses, is out
        text = dom_text(page)
        assert line.text not in text
        if page is teacher:
            assert not any(value_words(g) in text for g in guesses)
    shoot_all(teacher, "teacher_asking", TEACHER_ASKING)
    shoot_all(students[0], "student_asked", STUDENT_ASKED)
    teacher.locator(".aton-class-big").click()
    overlay = teacher.locator(".aton-class-overlay")
    expect(overlay).to_be_visible()
    for size in SIZES:
        shoot(teacher, "teacher_code_big", [".aton-class-code-big", ".aton-class-big-close"],
              size)
        assert teacher.evaluate(BIG_CODE) == "", size
    teacher.locator(".aton-class-big-close").click()
    expect(overlay).to_be_hidden()
    teacher.set_viewport_size({"width": 1366, "height": 768})

    teacher.locator(".aton-class-reveal").click()
    results = teacher.locator(".aton-class-results")
    expect(results).to_contain_text("1 of 3 got it right.")
    expect(results).to_contain_text(f"The answer: {value_words(truth)}.")
    expect(results).to_contain_text(line.text)
    chart = teacher.locator(".aton-class .bqplot")
    expect(chart).to_be_visible()
    expect(chart.locator(".bar")).to_have_count(6)  # 3 guesses, right and wrong stacked
    local.step()
    assert local.game.events[-1].to_dict() == line.to_dict()
    delays += followed(teacher, students, line.text, len(local.game.events))
    right, wrong = students[0], students[1:]
    expect(right.locator(".aton-right")).to_have_text("✓ Right!", timeout=FOLLOW_S * 1000)
    expect(right.locator(".aton-class-tally")).to_have_text("This round: 1 right, 0 wrong.")
    for student, guess in zip(wrong, guesses[1:]):
        expect(student.locator(".aton-wrong")).to_have_text(
            f"✗ Not this time: you said {value_words(guess)}.", timeout=FOLLOW_S * 1000)
        expect(student.locator(".aton-class-tally")).to_have_text(
            "This round: 0 right, 1 wrong.")
        expect(student.locator(".aton-right")).to_have_count(0)
    for student in students:
        expect(student.locator(".aton-class-q")).to_contain_text(
            f"The answer: {value_words(truth)}.")
    shoot_all(teacher, "teacher_revealed", [".aton-class-results", ".aton-class .bqplot",
                                            ".aton-explain-text", ".aton-next"])
    shoot_all(right, "student_revealed", [".aton-class-q", ".aton-right", ".aton-class-tally"])
    print(f"students followed the teacher in {max(delays):.2f} s at most "
          f"(median {sorted(delays)[len(delays) // 2]:.2f} s, {len(delays)} steps × pages)")


def play_on(page: Page, *, cards_too: bool = True) -> str:
    """One move of a page playing a classmate: its cards as drawn on the cartouches (by
    clicks; not when ``cards_too`` is false), a board choice by the keyboard's square list,
    else on to its next decision. Returns what it did ("" when the page waits for the
    classmate, or when its cards are up and not to be played)."""
    cards = page.locator(".aton-cardbtn:not([disabled])")
    if cards.count() == 4 and cards.first.is_visible():
        if not cards_too:
            return ""
        for c in range(4):
            page.locator(".aton-cardbtn").nth(c).click()
            page.locator(".aton-slots button").nth(c).click()
        page.locator(".aton-picker-confirm").click()
        return "cards"
    if page.locator(".aton-chooser").first.is_visible():
        try:
            page.locator(".aton-square-list select").select_option(index=0, timeout=3000)
            page.locator(".aton-chooser button").first.click(timeout=3000)
        except PlaywrightError:  # drawn again meanwhile (the classmate's move): next time
            return ""
        return "square"
    run = page.locator(".aton-steps button").nth(1)
    if run.is_visible() and run.is_enabled():
        try:
            run.click(timeout=2000)
        except PlaywrightError:  # greyed meanwhile: the classmate's move came in first
            return ""
        return "run"
    return ""


def test_two_students_play_a_round_against_each_other(devices, voila_server: str) -> None:
    teacher = devices(f"{voila_server}?class=new&seed=3&lang=en")
    drawn(teacher)
    code = class_code(teacher)
    red, blue = (devices(f"{voila_server}?join={code}&lang=en") for _ in range(2))
    join(red, "Ana")
    join(blue, "Bo")
    mate = red.locator(".aton-class-mate select")
    expect(mate.locator("option")).to_have_count(1, timeout=FOLLOW_S * 1000)
    mate.select_option(label="Bo")
    red.locator(".aton-class-challenge").click()
    expect(red.locator(".aton-class")).to_contain_text("Waiting for Bo to accept")
    expect(blue.locator(".aton-class")).to_contain_text("Ana challenges you to a game.",
                                                        timeout=FOLLOW_S * 1000)
    blue.locator(".aton-class").get_by_role("button", name="Accept").click()
    for page, other in ((red, "Bo"), (blue, "Ana")):  # the challenger's page goes in by itself
        expect(page.locator(".aton-class-banner")).to_contain_text(
            "playing a classmate", timeout=FOLLOW_S * 1000)
        expect(page.locator(".aton-explain")).to_contain_text(f"Your game against {other}")
        expect(page.locator(".aton-app.aton-following")).to_have_count(0)
    # The game as the engine deals it (the seed from the class store): each hand.
    duel = next(d for d in ClassStore().duels(code, token_of(red)) if d.blue == "Bo")
    game = Game.from_position(duel.start, duel.seed) if duel.start else Game.new(duel.seed)
    while not game.view("blue").hand:
        game.step()
    hands = {p: tuple(game.view(p).hand) for p in ("red", "blue")}
    blue_said = f"Your hand: {', '.join(str(c) for c in hands['blue'])}"

    def hidden_from_red() -> None:
        """R6: nothing on red's page tells blue's cards before the reveal."""
        text = dom_text(red)
        if hands["blue"] != hands["red"]:
            assert blue_said not in text
        shown = red.evaluate("""() => [...document.querySelectorAll('.aton-table tr')]
            .filter(r => r.cells.length && r.cells[0].textContent.trim().startsWith('blue'))
            .map(r => r.querySelectorAll('.aton-card').length)""")
        assert not any(shown), shown  # blue's cartouches: "—" or "face down", no card

    # Red chooses first (R6: each picker holds its own hand only), then blue.
    expect(red.locator(".aton-cardbtn")).to_have_text([str(c) for c in hands["red"]])
    hidden_from_red()
    assert play_on(red) == "cards"
    expect(red.locator(".aton-cardbtn:not([disabled])")).to_have_count(0, timeout=15_000)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:  # blue's page steps on to its own choice, once red's
        if blue.locator(".aton-cardbtn:not([disabled])").count() == 4:  # cards reach it
            break
        # Not blue's cards: they may come up between the count above and this move.
        play_on(blue, cards_too=False) or blue.wait_for_timeout(300)
    stored = len(ClassStore().duel_moves(code, token_of(red), duel.id))
    expect(blue.locator(".aton-cardbtn:not([disabled])"),
           f"{stored} moves stored; blue's page: {dom_text(blue)[-600:]}").to_have_count(4)
    expect(blue.locator(".aton-cardbtn")).to_have_text([str(c) for c in hands["blue"]])
    assert play_on(blue) == "cards"
    red.wait_for_function("""() => [...document.querySelectorAll('.aton-table tr')].some(
        r => r.cells.length && r.cells[0].textContent.trim().startsWith('blue')
             && r.querySelector('.aton-facedown') && /face down/.test(r.textContent))""",
                          timeout=10_000)  # blue's choice has reached red's page, face down
    hidden_from_red()
    SHOTS.mkdir(exist_ok=True)
    unscrolled(red)
    red.screenshot(path=str(SHOTS / "student_duel_before_reveal_1366x768.png"))
    assert red.evaluate(OFF_SCREEN, [".aton-class-banner", ".aton-steps button",
                                     ".aton-next"]) == []
    done = {"red": False, "blue": False}
    deadline = time.monotonic() + 240
    while not all(done.values()) and time.monotonic() < deadline:
        for page, player in ((red, "red"), (blue, "blue")):
            if done[player]:
                continue
            if page.locator(".aton-moves .aton-round-head", has_text="Round 2").count():
                done[player] = True  # the move list has begun round 2: this page stops
            else:  # after a move the page answers before it is looked at again
                page.wait_for_timeout(700 if play_on(page) else 300)
    assert done == {"red": True, "blue": True}
    for page in (red, blue):
        expect(page.locator(".aton-explain-text").last).to_contain_text("Round 2 begins")
    expect(red.locator(".aton-cardbtn:not([disabled])")).to_have_count(4, timeout=15_000)
    expect(blue.locator(".aton-cardbtn:not([disabled])")).to_have_count(0)  # red chooses first
    red.screenshot(path=str(SHOTS / "student_duel_round2_1366x768.png"))
    blue.screenshot(path=str(SHOTS / "student_duel_round2_blue_1366x768.png"))


def test_a_class_in_portuguese_joins_and_answers_a_question(devices, voila_server: str,
                                                            portuguese) -> None:
    """The engine's replay speaks Portuguese too (the ``portuguese`` fixture), as the pages."""
    teacher = devices(f"{voila_server}?class=new&scenario={NAME}&seed={SEED}&lang=pt")
    drawn(teacher)
    code = class_code(teacher)
    student = devices(f"{voila_server}?join={code}", locale="pt-BR")  # Accept-Language: pt
    join(student, "Bia", said="Você: ")
    expect(teacher.locator(".aton-class-who")).to_contain_text("Bia", timeout=10_000)
    local = play_first_cards(teacher, NAME, SEED)
    teacher.locator(".aton-steps button").nth(1).click()  # Até a minha próxima decisão
    local.run_to_decision()
    followed(teacher, [student], local.game.events[-1].text, len(local.game.events))
    line = local.game.clone().step()
    truth = {"red": line.data["points"]["red"], "blue": line.data["points"]["blue"]}
    teacher.locator(".aton-class-ask").click()
    expect(teacher.locator(".aton-class-q")).to_contain_text("0 de 1 já responderam")
    expect(student.locator(".aton-class-red input")).to_be_visible(timeout=FOLLOW_S * 1000)
    student.locator(".aton-class-red input").fill(str(truth["red"]))
    student.locator(".aton-class-blue input").fill(str(truth["blue"]))
    student.locator(".aton-class-send").click()
    expect(teacher.locator(".aton-class-q")).to_contain_text("1 de 1 já responderam",
                                                             timeout=FOLLOW_S * 1000)
    shoot(student, "student_asked_pt", STUDENT_ASKED, (1366, 768))
    teacher.locator(".aton-class-reveal").click()
    expect(teacher.locator(".aton-class-results")).to_contain_text("1 de 1 acertaram.")
    expect(teacher.locator(".aton-class-results")).to_contain_text(
        f"A resposta: vermelho {truth['red']}, azul {truth['blue']}.")
    expect(student.locator(".aton-right")).to_have_text("✓ Certo!", timeout=FOLLOW_S * 1000)
    expect(student.locator(".aton-class-tally")).to_have_text("Nesta rodada: 1 certas, 0 erradas.")
    shoot(teacher, "teacher_revealed_pt", [".aton-class-results", ".aton-class .bqplot"],
          (1366, 768))
    shoot(student, "student_revealed_pt", [".aton-class-q", ".aton-right"], (1366, 768))
