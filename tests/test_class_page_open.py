"""The class box as a page opened into a class draws it (issue 18): How to play stays closed
so it covers nothing of the box, and the Challenge menu names and keeps the classmate chosen.
In-process (no browser); the class store is the test run's temporary one (conftest)."""

from __future__ import annotations

from aton.app import build_app


def joined(code: str, name: str):
    page = build_app(seed=9, deal_seed=2, query=f"join={code}")
    page.page.classroom.name.value = name
    page.page.classroom.join.click()
    assert page.page.class_link.role == "student", page.page.class_link.problem
    return page


def test_a_page_opened_into_a_class_keeps_how_to_play_closed() -> None:
    assert build_app(seed=3, deal_seed=0).how_to.is_open  # a newcomer's first page opens it
    teacher = build_app(seed=3, deal_seed=0, query="class=new")
    assert teacher.page.class_link.teacher and not teacher.how_to.is_open
    student = build_app(seed=3, deal_seed=0, query=f"join={teacher.page.class_link.code}")
    assert student.page.classroom.code.value == teacher.page.class_link.code  # typed in
    assert not student.how_to.is_open  # its Join button stays uncovered
    student.controls.how_to.click()
    assert student.how_to.is_open  # the header's button still opens it


def test_the_challenge_menu_has_a_name_and_keeps_the_classmate_chosen() -> None:
    teacher = build_app(seed=3, deal_seed=0, query="class=new")
    code = teacher.page.class_link.code
    ana, bo, cy = (joined(code, n) for n in ("Ana", "Bo", "Cy"))
    box = ana.page.classroom
    box._tick(None)
    ids = {name: sid for name, sid in box.mate.options}
    assert list(ids) == ["Bo", "Cy"] and box.mate.description == "Classmate"
    assert box.mate.value == ids["Bo"]  # one is chosen: Challenge always has someone
    box.mate.value = ids["Cy"]
    box.show()
    assert box.mate.value == ids["Cy"]  # a redraw keeps the choice
    box.challenge.click()
    cy.page.classroom._tick(None)
    assert any(d.red == "Ana" and d.blue == "Cy" for d in cy.page.class_link.duels)
    assert not any(d.blue == "Bo" for d in bo.page.class_link.duels)
