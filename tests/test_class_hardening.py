"""A class when things go wrong, and when someone tries what they may not (issue 18, fault and
security tests), without a browser: pages built in-process from their addresses as Voilà builds
them, sharing a class store of the test's own.

Faults: a student's page rebuilt from its link mid-question keeps its answer; the teacher's page
rebuilt from its link has the class back; students in other processes answering at once are all
counted; a store that can no longer be written says so and loses nothing.
Security (item 7): only the teacher's key moves the class; forged codes and hostile names.
"""

from __future__ import annotations

import multiprocessing
import subprocess

import pytest
from class_pages import (
    box_of,
    class_store,  # noqa: F401 - the fixture
    link_of,
    rejoined,
    student,
    teacher,
    tick,
)
from helpers import plain
from test_classquiz import NAME, SEED, play_to_scoring

from aton.app import build_app
from aton.app.classlink import truth_of
from aton.classroom import ClassStore, StoreError

pytestmark = pytest.mark.usefixtures("class_store")

ASKED = "how many points do red and blue score for Temple 1 (R16)?"


def asking_class(*names: str):
    """A teacher at the first scoring line (R16), its question open; the students joined."""
    t = teacher(scenario=NAME, seed=SEED)
    pupils = [student(link_of(t).code, name) for name in names]
    play_to_scoring(t)
    box_of(t).ask.click()
    tick(*pupils)
    return t, pupils


def send_points(pupil, red: int, blue: int) -> None:
    box = box_of(pupil)
    box.red_guess.value, box.blue_guess.value = str(red), str(blue)
    box.send.click()


# ---------------------------------------------------------------------- faults


def test_a_students_page_rebuilt_from_its_link_mid_question_keeps_its_answer():
    t, (ana,) = asking_class("Ana")
    send_points(ana, 2, 1)
    link = link_of(ana)
    assert link.address() == f"?join={link.code}&me={link.token}&lang=en"
    again = rejoined(link.code, link.token)  # the reload: the page's own address
    assert link_of(again).name == "Ana" and link_of(again).role == "student"
    said = plain(box_of(again).question.value)
    assert ASKED in said and "Sent: red 2, blue 1." in said
    tick(t)
    assert "1 of 1 have answered" in plain(box_of(t).question.value)


def test_the_teachers_page_rebuilt_from_its_link_has_the_roster_and_the_open_question():
    t, (ana, bo) = asking_class("Ana", "Bo")
    send_points(ana, 0, 0)
    code, key = link_of(t).code, link_of(t).key
    again = teacher(f"class={code}&key={key}")  # the link holds no game: the store has it
    assert link_of(again).teacher and link_of(again).code == code
    banner = plain(box_of(again).banner.value)
    assert "2 in the class: Ana, Bo" in banner
    assert f"{ASKED} 1 of 2 have answered." in plain(box_of(again).question.value)
    assert box_of(again).reveal in box_of(again).teacher_row.children
    assert again.game.record() == t.game.record()  # the game where the class saw it
    truth = truth_of("line", again.game.clone().step())
    box_of(again).reveal.click()
    assert again.error_message == ""
    right = int(truth == {"red": 0, "blue": 0})  # Ana said 0 and 0
    assert plain(box_of(again).out.results.value).startswith(f"{right} of 1 got it right")
    tick(ana, bo)
    assert "The answer:" in plain(box_of(ana).question.value)
    assert "You did not answer this one." in plain(box_of(bo).question.value)


def answer_in_a_process(code: str, name: str, red: int, barrier) -> str:
    """A student's page in a process of its own: joins, waits for the others, answers."""
    page = build_app(query=f"join={code}", how_to_play=False, deal_seed=2, seed=9)
    box = box_of(page)
    box.name.value = name
    box.join.click()
    tick(page)
    barrier.wait(timeout=120)  # everyone sends at once
    send_points(page, red, 0)
    problem = link_of(page).problem
    return "" if problem is None else problem.reason


def test_students_in_separate_processes_answering_at_once_are_all_counted():
    t = teacher(scenario=NAME, seed=SEED)
    play_to_scoring(t)
    box_of(t).ask.click()
    names = ["Ana", "Bo", "Cy", "Di"]
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Manager().Barrier(len(names))
    with ctx.Pool(len(names)) as pool:
        problems = pool.starmap(answer_in_a_process,
                                [(link_of(t).code, n, k, barrier) for k, n in enumerate(names)])
    assert problems == [""] * len(names)
    tick(t)
    assert f"{len(names)} of {len(names)} have answered" in plain(box_of(t).question.value)
    box_of(t).reveal.click()
    assert sorted((m.student, m.value["red"]) for m in link_of(t).marks) == [
        (n, k) for k, n in enumerate(names)]


def immutable(paths, on: bool) -> None:
    """chattr +i / -i: the files can no longer be written, by root too (chmod does not stop
    root, and these tests run as root here)."""
    subprocess.run(["chattr", "+i" if on else "-i", *map(str, paths)], check=True,
                   capture_output=True)


class Freezer:
    """Makes the class store's files immutable (``freeze``) and writable again (``thaw``)."""

    def __init__(self, path) -> None:
        self.path, self.frozen = path, []

    def freeze(self) -> None:
        self.frozen = sorted(self.path.parent.glob(self.path.name + "*"))  # -wal, -shm too
        try:
            immutable(self.frozen, True)
        except (OSError, subprocess.CalledProcessError) as error:
            pytest.skip(f"chattr +i does not work here: {error}")

    def thaw(self) -> None:
        if self.frozen:
            immutable(self.frozen, False)
            self.frozen = []


@pytest.fixture
def frozen_store(class_store):  # noqa: F811 - the fixture imported above
    freezer = Freezer(class_store)
    yield freezer
    freezer.thaw()


@pytest.mark.parametrize("reconnects", [True, False], ids=["new-connection", "open-connection"])
def test_a_store_that_cannot_be_written_says_so_and_loses_nothing(frozen_store, reconnects):
    """The store's files made immutable mid-question. A page that connects afresh (its
    connections let go, as a new kernel's or a reloaded page's are) is told the store is
    read-only; a page writing on a connection it held gets SQLite's I/O error, told as the
    store not answering. Either way the guess stays typed, and nothing earlier is lost."""
    t, (ana, bo) = asking_class("Ana", "Bo")
    send_points(bo, 4, 4)
    frozen_store.freeze()
    if reconnects:
        link_of(ana).store.close()
    send_points(ana, 3, 1)
    notice = plain(box_of(ana).notice.value)
    assert "nothing was saved; what you typed is still here" in notice
    if reconnects:
        assert "The class store cannot be written on this server" in notice
    assert (box_of(ana).red_guess.value, box_of(ana).blue_guess.value) == ("3", "1")
    assert link_of(ana).mine is None and ana.error_message == ""
    tick(t)
    assert "1 of 2 have answered" in plain(box_of(t).question.value)  # Bo's, read back


def test_the_store_writable_again_takes_the_answer_typed(frozen_store):
    _t, (ana,) = asking_class("Ana")
    frozen_store.freeze()
    link_of(ana).store.close()
    send_points(ana, 3, 1)
    assert "cannot be written" in plain(box_of(ana).notice.value)
    frozen_store.thaw()
    box_of(ana).send.click()  # the same boxes, sent again
    assert box_of(ana).notice.value == ""
    assert "Sent: red 3, blue 1." in plain(box_of(ana).question.value)


# ---------------------------------------------------------------------- who may do what


def test_a_students_page_cannot_move_the_class_or_reveal():
    t, (ana,) = asking_class("Ana")
    store, code = ClassStore(), link_of(t).code
    moment = store.moment(code)
    mine = link_of(ana)
    assert mine.key is None
    mine.publish()
    mine.ask()
    mine.reveal()
    assert store.moment(code) == moment and store.question(code).status == "open"
    for key in ("forged-key", mine.token, "", None):
        for call, args in ((store.publish, ({"record": {}},)),
                           (store.open_question, ("line", {}, 1)),
                           (store.reveal, (link_of(t).question.id, {})),
                           (store.marks, (link_of(t).question.id,)),
                           (store.students, ()), (store.progress, ()), (store.end_class, ())):
            with pytest.raises(StoreError) as refused:
                call(code, key, *args)
            assert refused.value.reason == "wrong-key", (call.__name__, key)
    assert store.moment(code) == moment and store.question(code).status == "open"
    forged = teacher(f"class={code}&key=forged-key")
    assert not link_of(forged).in_class
    assert "This teacher's link is not this class's" in plain(box_of(forged).notice.value)


@pytest.mark.parametrize("code, said", [
    ("ZZZZZZ", "There is no class with this code."),
    ("<script>", "A class code is 6 letters and digits"),
    ("A" * 10_000, "A class code is 6 letters and digits")])
def test_a_forged_or_guessed_code_is_said_in_the_box(code, said):
    teacher()  # a class exists, and it is not this one
    page = build_app(query=f"join={code}", how_to_play=False)
    box = box_of(page)
    assert said in plain(box.notice.value)
    assert box.widget.layout.display == "" and not link_of(page).in_class
    assert len(box.code.value) <= 12
    box.name.value = "Ana"
    box.join.click()
    assert said in plain(box.notice.value) and not link_of(page).in_class


def test_a_script_for_a_name_is_shown_escaped_and_a_huge_name_refused():
    t = teacher()
    hostile = "<script>alert(1)</script>"
    pupil = student(link_of(t).code, hostile)
    assert link_of(pupil).name == hostile
    tick(t)
    for page in (t, pupil):
        banner = box_of(page).banner.value
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in banner and "<script>" not in banner
    huge = student(link_of(t).code, "A" * 10_000)
    assert not link_of(huge).in_class
    assert "Type a first name of 1 to 30 letters" in plain(box_of(huge).notice.value)
    tick(t)
    assert "1 in the class" in plain(box_of(t).banner.value)
