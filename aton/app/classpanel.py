"""The class box (issue 18): start a class or join one, the join code for the room, the
teacher's question and its tally, a student's answer and marks, games between classmates and
the class's progress. It draws a ``ClassLink`` (``classlink.py``) and calls its methods through
the page's guard; it decides nothing.

The page polls the class store with a hidden ``Play`` widget (``ticker``), which the browser
runs by itself twice a second once the page is in a class; its script also writes the page's
address (the teacher's link with its key, a student's with their token), so a reload comes back
to the same place. Names are plain text: every one is escaped where it is written.
"""

from __future__ import annotations

import html
from collections.abc import Callable

from ipywidgets import HTML, Button, Dropdown, HBox, Layout, Play, Text, VBox

from ..i18n import translator
from .classlink import ClassLink
from .classresults import Results
from .classwords import problem_words, question_words, value_words
from .rules_panel import with_rule_links
from .theme import Panel, in_language, player_name

_ = translator("app")

TICK_MS = 500  # how often a page in a class reads the store's counter

#: Starts the ticker once its view is on the page (a ``Play`` counts only from a change made in
#: the browser), and writes the page's class link into its address bar.
STARTER = """
const go=n=>{const t=document.querySelector('.aton-class-ticker');
 const b=t&&t.querySelector('button');
 if(!b){if(n<200){setTimeout(()=>go(n+1),100);}return;}
 const i=b.querySelector('i');if(i&&i.className.indexOf('fa-play')>=0){b.click();}};
go(0);
"""


def _script(address: str) -> str:
    set_address = (f"history.replaceState(null,'',location.pathname+{address!r});"
                   if address else "")
    code = "(()=>{" + STARTER + set_address + "})()"
    return (f'<img src="data:," alt="" style="display:none" '
            f'onerror="{html.escape(code, quote=True)}">')


def _join_line(code: str) -> str:
    """The join address, filled in by the page (the kernel does not know the page's own)."""
    fill = ("this.parentNode.querySelector('.aton-join-address').textContent="
            f"location.origin+location.pathname+'?join={code}'")
    return (f'<span class="aton-join-address">?join={code}</span>'
            f'<img src="data:," alt="" style="display:none" onerror="{html.escape(fill)}">')


class ClassPanel(Panel):
    """The class box of one page: ``button`` (in the set-up row), ``widget`` (the box) and
    ``ticker``. ``guard(fn)`` runs a click as an action of the page; ``redraw()`` draws the
    page after a poll that changed something."""

    def __init__(self, link: ClassLink, guard: Callable, redraw: Callable[[], None]) -> None:
        self.link, self.guard, self.redraw = link, guard, redraw
        self.opened = False
        self.warning: Callable[[], str] | None = None  # what the last click got wrong
        self.invited = False  # opened by a class's join link: a student's page, not a teacher's
        self.button = Button(icon="users", layout=Layout(width="auto"))  # not 148 px: the header
        self.button.add_class("aton-class-button")
        self.button.on_click(self.act(lambda: self.toggle()))
        self.ticker = Play(value=0, min=0, max=10**9, step=1, interval=TICK_MS, repeat=True,
                           layout=Layout(display="none"))
        self.ticker.add_class("aton-class-ticker")
        self.ticker.observe(self._tick, "value")
        self.script = HTML(layout=Layout(display="none"))
        self.banner = HTML(layout=Layout(width="100%"))
        self.notice = HTML(layout=Layout(width="100%"))
        self.start = Button(button_style="primary")
        self.start.on_click(self.act(lambda: self.link.start_class()))
        self.code = Text(layout=Layout(width="auto"), style={"description_width": "auto"})
        self.name = Text(layout=Layout(width="auto"), style={"description_width": "auto"})
        self.join = Button(button_style="primary")
        self.join.on_click(self.act(lambda: self._join()))
        self.join_row = HBox([self.code, self.name, self.join], layout=Layout(align_items="center"))
        self.join_row.add_class("aton-row")
        # The teacher's controls.
        self.ask = Button(button_style="info")
        self.ask.on_click(self.act(lambda: self.link.ask()))
        self.reveal = Button(button_style="success")
        self.reveal.on_click(self.act(lambda: self.link.reveal()))
        self.big = Button(icon="expand")
        self.big.on_click(self.act(lambda: self._show_big(True)))
        self.students = Button(icon="list")
        self.students.on_click(self.act(lambda: self._toggle_progress()))
        self.end = Button(button_style="danger")
        self.end.on_click(self.act(lambda: self.link.end_class()))
        self.red_pick = Dropdown(layout=Layout(width="10em"))
        self.blue_pick = Dropdown(layout=Layout(width="10em"))
        self.pair = Button()
        self.pair.on_click(self.act(lambda: self._pair()))
        self.out = Results(link)  # the teacher's marks, chart and progress table
        self.progress = self.out.progress
        self.progress_open = False
        self.big_code = HTML()
        self.big_close = Button(icon="times")
        self.big_close.on_click(self.act(lambda: self._show_big(False)))
        self.overlay = VBox([self.big_close, self.big_code], layout=Layout(display="none"))
        self.overlay.add_class("aton-class-overlay")
        # A student's controls.
        self.question = HTML(layout=Layout(width="100%"))
        # The box's width is the label's and the input's together: "Red" / "Vermelho" first,
        # then room for three digits (the front end's fixed label width would cover them).
        self.red_guess = Text(layout=Layout(width="auto"), style={"description_width": "auto"})
        self.blue_guess = Text(layout=Layout(width="auto"), style={"description_width": "auto"})
        self.first_red = Button()
        self.first_red.on_click(self.act(lambda: self._send({"first": "red"})))
        self.first_blue = Button()
        self.first_blue.on_click(self.act(lambda: self._send({"first": "blue"})))
        self.send = Button(button_style="primary")
        self.send.on_click(self.act(lambda: self._send_points()))
        self.back = Button(icon="arrow-left", button_style="info")
        self.back.on_click(self.act(lambda: self._back()))
        self.alone = Button()
        self.alone.on_click(self.act(lambda: self.link.play_alone()))
        self.mate = Dropdown(layout=Layout(width="auto"), style={"description_width": "auto"})
        self.challenge = Button()
        self.challenge.on_click(self.act(lambda: self._challenge()))
        self.teacher_row, self.student_row = _row_box([]), _row_box([])
        self.pair_row = _row_box([self.red_pick, self.blue_pick, self.pair])
        self.points_box = _row_box([self.red_guess, self.blue_guess, self.send])
        self.typed_for: int | None = None  # the question the boxes' guesses were typed for
        self.order_box = _row_box([self.first_red, self.first_blue])
        self.challenges = Offers(link, self.act, lambda: self.speaks())
        self.offers = self.challenges.widget

        # Names the tests (and a teacher's own scripts) find the controls by.
        self.start.add_class("aton-class-start")
        self.code.add_class("aton-class-code-input")
        self.name.add_class("aton-class-name")
        self.join.add_class("aton-class-join-button")
        self.ask.add_class("aton-class-ask")
        self.reveal.add_class("aton-class-reveal")
        self.big.add_class("aton-class-big")
        self.students.add_class("aton-class-students")
        self.end.add_class("aton-class-end")
        self.pair.add_class("aton-class-pair")
        self.red_guess.add_class("aton-class-red")
        self.blue_guess.add_class("aton-class-blue")
        self.first_red.add_class("aton-class-first-red")
        self.first_blue.add_class("aton-class-first-blue")
        self.send.add_class("aton-class-send")
        self.back.add_class("aton-class-back")
        self.alone.add_class("aton-class-alone")
        self.mate.add_class("aton-class-mate")
        self.challenge.add_class("aton-class-challenge")
        self.progress.add_class("aton-class-progress")
        self.big_close.add_class("aton-class-big-close")
        self.widget = VBox(layout=Layout(width="100%", display="none"))
        self.widget.add_class("aton-box")
        self.widget.add_class("aton-class")
        self.relabel()

    # ------------------------------------------------------------------ words

    @in_language
    def relabel(self) -> None:
        self.button.description = _("Class")
        self.button.tooltip = _("Start a class as its teacher, or join one with its code")
        self.start.description = _("Start a class (I am the teacher)")
        self.code.placeholder = _("class code")
        self.code.description_allow_html = False
        self.name.placeholder = _("your first name")
        self.join.description = _("Join the class")
        # A label on the screen, not only a placeholder that goes as one types (WCAG 3.3.2).
        for widget, label in ((self.code, _("Class code")), (self.name, _("Your first name"))):
            widget.tooltip = label
            widget.description = label
        self.big.description = _("Show the code big")
        self.big_close.description = _("Close")
        self.students.description = _("Students and progress")
        self.end.description = _("End the class")
        self.end.tooltip = _("Students can no longer join or answer; the page leaves the class")
        self.pair.description = _("Pair them")
        self.pair.tooltip = _("The two students chosen play each other, each on their device")
        self.send.description = _("Send my answer")
        self.red_guess.placeholder = self.blue_guess.placeholder = _("points")
        self.red_guess.tooltip = _("Red's points")
        self.blue_guess.tooltip = _("Blue's points")
        self.first_red.description = _("Red goes first")
        self.first_blue.description = _("Blue goes first")
        self.back.description = _("Back to the teacher")
        self.alone.description = _("Play on my own")
        self.alone.tooltip = _("A game or a guided lesson of your own; the teacher's questions "
                               "still come")
        self.mate.description = _("Classmate")  # a select's name (WCAG 4.1.2)
        self.challenge.description = _("Challenge")
        self.challenge.tooltip = _("Play the classmate chosen, each on your own device")
        self.show()

    # ------------------------------------------------------------------ actions

    def act(self, action: Callable[[], object]) -> Callable:
        """A click on the box, as an action of the page: the box's last warning goes (a
        poll of the store leaves it, so thirty classmates answering do not wipe it)."""
        def clicked(_button=None) -> None:
            self.warning = None
            action()
        return self.guard(clicked)

    def _warn(self, words: Callable[[], str]) -> None:
        """A click the box cannot take: said until the next click (the store's last refusal
        gives way to it)."""
        self.link.problem = None
        self.warning = words

    def toggle(self) -> None:
        self.opened = not self.opened or self.link.in_class
        self.show()

    def open_address(self, asked: dict[str, str]) -> None:
        """The class part of the page's address: ``class=new`` starts a class, ``class=CODE``
        with ``key=`` takes it back (the teacher's link), ``join=CODE`` opens the box with the
        code typed in, and with ``me=`` rejoins (a student's page reloaded). What the store
        refuses is said in the box, which stays open."""
        self.opened = True
        if asked.get("class") == "new":
            self.link.start_class()
        elif asked.get("class"):
            self.code.value = asked["class"][:12]
            self.link.take_back(asked["class"], asked.get("key", ""))
        elif asked.get("join"):
            self.code.value = asked["join"][:12]
            self.invited = True
            if asked.get("me"):
                self.link.rejoin(asked["join"], asked["me"])
            else:  # the code is checked now, so a wrong one is said before a name is typed
                self.link.check_code(asked["join"])

    def _join(self) -> None:
        if self.link.join(self.code.value, self.name.value):
            self.name.value = ""
            self.invited = False  # in the class: leaving it later offers both ways again

    def _back(self) -> None:
        self.link.back_to_teacher()

    def _send_points(self) -> None:
        guesses = {}
        for player, box in (("red", self.red_guess), ("blue", self.blue_guess)):
            text = box.value.strip()
            if not text.isdigit() or len(text) > 3:
                self._warn(lambda p=player: _(
                    "Nothing was sent: type {player}'s points as a whole number (0, 1, 2 …)."
                ).format(player=player_name(p)))
                return
            guesses[player] = int(text)
        self._send(guesses)

    def _send(self, value: dict) -> None:
        self.link.send(value)

    def _challenge(self) -> None:
        if self.mate.value is not None:
            self.link.challenge(self.mate.value)

    def _pair(self) -> None:
        red, blue = self.red_pick.value, self.blue_pick.value
        if red is None or blue is None or red == blue:
            self._warn(lambda: _("Choose two different students to pair."))
            return
        self.link.pair(red, blue)

    def _toggle_progress(self) -> None:
        self.progress_open = not self.progress_open

    def _show_big(self, on: bool) -> None:
        self.overlay.layout.display = "" if on else "none"

    def _tick(self, _change: dict) -> None:
        if self.link.in_class and self.guard(self.link.tick, new_action=False, draw=False)():
            # Only the class box changed (an answer counted, a mark): only the box is drawn
            # again, which thirty pages on a shared server can afford at once.
            if self.link.moved:
                self.redraw()
            else:
                self.guard(self.show, new_action=False, draw=False)()

    # ------------------------------------------------------------------ drawing

    @in_language
    def show(self) -> None:
        """Draw the box from the link (after every action of the page)."""
        link = self.link
        self.widget.layout.display = "" if (self.opened or link.in_class) else "none"
        # Open to start or join a class: on a phone the box goes above the board (layout.py).
        (self.widget.add_class if self.opened and not link.in_class
         else self.widget.remove_class)("aton-class-joining")
        self.script.value = _script(link.address()) if link.in_class else ""
        self.notice.value = (problem_words(link.problem) if link.problem is not None
                             else _warning(self.warning()) if self.warning is not None else "")
        if link.wait:
            self.notice.value = '<div class="aton-warn" role="alert">' + _(
                "Too many codes that open no class were tried from this page: wait {n} s, "
                "then try again.").format(n=link.wait) + "</div>"
        if not link.in_class and self.invited:  # the class's link: only the name is missing
            self.banner.value = "<div class='aton-class-intro'>" + _(
                "<b>Join your class.</b> Type your first name and press <b>Join the "
                "class</b>: your page then follows the teacher's game.") + "</div>"
            self.widget.children = [self.banner, self.join_row, self.notice]
            return
        if not link.in_class:
            self.banner.value = "<div class='aton-class-intro'>" + _(
                "<b>A class on every desk.</b> The teacher starts a class and shows its code; "
                "each student opens this page, presses <b>Class</b> and types the code and a "
                "first name. The students' pages then follow the teacher's game.") + "</div>"
            self.widget.children = [self.banner, self.start, self.join_row, self.notice]
            return
        if link.teacher:
            self._show_teacher()
        else:
            self._show_student()

    def _code_html(self, size: str = "") -> str:
        code = html.escape(self.link.code or "")
        shown = f"{code[:3]}&thinsp;{code[3:]}"
        return f'<span class="aton-class-code{size}" aria-label="{" ".join(code)}">{shown}</span>'

    def _show_teacher(self) -> None:
        link = self.link
        names = [s.name for s in link.roster]
        who = (", ".join(html.escape(n) for n in names) if names
               else _("nobody has joined yet"))
        self.banner.value = (
            "<div class='aton-class-banner'>" + _("Join code") + " " + self._code_html()
            + " <span class='aton-class-who'>" + _("{n} in the class: {names}").format(
                n=len(names), names=who) + "</span><br><span class='aton-class-join'>"
            + _("Students open {address} (or press <b>Class</b> and type the code).").format(
                address=_join_line(html.escape(link.code)))
            + " <span class='aton-class-private'>" + _(
                "This page's address is your teacher's link: keep it to yourself, it takes "
                "the class back.") + "</span></span></div>")
        # Who has joined stays in sight while the room copies the code (the poll redraws it).
        self.big_code.value = ("<div class='aton-class-bigcode'>" + self._code_html("-big")
                               + "<div>" + _join_line(html.escape(link.code)) + "</div>"
                               + "<div class='aton-class-count' aria-live='polite'>"
                               + _("{n} in the class: {names}").format(n=len(names), names=who)
                               + "</div></div>")
        row = [self.big, self.students, self.end]
        what = link.askable()
        parts = [self.banner]
        if link.asking:
            self.reveal.description = _("Reveal")
            self.question.value = with_rule_links("<div class='aton-class-q'>" + question_words(
                link.question.kind, link.question.prompt.get("line")) + " " + _(
                "<b>{n} of {total}</b> have answered.").format(
                n=link.answered, total=len(names)) + "</div>")
            parts.append(self.question)
            row.insert(0, self.reveal)  # in the row of the other controls: the box stays short
        else:
            if what is not None:
                self.ask.description = _("Ask the class")
                self.ask.tooltip = question_words(*what, plain=True)
                row.insert(0, self.ask)
            if link.question is not None and link.question.status == "revealed" and link.marks:
                self.out.results_for()
                parts.append(self.out.row)
        self.teacher_row.children = row
        parts.append(self.teacher_row)
        if self.progress_open:
            self.out.show_progress()
            parts.append(self.progress)
            options = [(s.name, s.id) for s in link.roster]
            if tuple(self.red_pick.options) != tuple(options):  # a redraw keeps the pair chosen
                red, blue = self.red_pick.value, self.blue_pick.value
                self.red_pick.options = self.blue_pick.options = options
                ids = [i for _name, i in options]
                self.red_pick.value = red if red in ids else (ids[0] if ids else None)
                rest = [i for i in ids if i != self.red_pick.value]  # two students, ready
                self.blue_pick.value = blue if blue in rest else (rest[0] if rest else None)
            self.red_pick.description, self.blue_pick.description = _("Red"), _("Blue")
            if len(options) >= 2:
                parts.append(self.pair_row)
        parts += [self.notice, self.overlay]
        self.widget.children = parts

    def _show_student(self) -> None:
        link = self.link
        where = {"follow": _("following the teacher"), "own": _("playing on your own"),
                 "duel": _("playing a classmate")}[link.mode]
        self.banner.value = (
            "<div class='aton-class-banner'>" + _("Class") + " " + self._code_html()
            + " · " + _("You: <b>{name}</b>").format(name=html.escape(link.name or ""))
            + f" · {where}" + "</div>")
        row = []
        if link.mode != "follow" or link.looking_alone:
            row.append(self.back)
        if link.mode == "follow":
            row.append(self.alone)
        parts = [self.banner]
        parts += self._student_question()
        mates = [(m.name, m.id) for m in link.classmates if m.name != link.name]
        if mates and link.mode != "duel":
            if tuple(self.mate.options) != tuple(mates):  # a redraw keeps the one chosen
                chosen = self.mate.value
                self.mate.options = mates
                ids = [m[1] for m in mates]
                self.mate.value = chosen if chosen in ids else ids[0]
            row += [self.mate, self.challenge]
        self.student_row.children = row
        parts.append(self.student_row)
        parts.append(self.challenges.show())
        parts.append(self.notice)
        self.widget.children = parts

    def _student_question(self) -> list:
        link, question = self.link, self.link.question
        right, wrong = link.tally
        tally = (" <span class='aton-class-tally'>" + _(
            "This round: {right} right, {wrong} wrong.").format(right=right, wrong=wrong)
            + "</span>") if right or wrong else ""
        if question is None or question.status == "closed":  # none yet, or moved on from
            return []
        asked = question_words(question.kind, question.prompt.get("line"))
        if question.status == "open":
            said = ""
            if link.mine is not None:
                said = " " + _("Sent: {answer}. You can change it until the teacher "
                               "reveals.").format(answer=value_words(link.mine.value))
            self.question.value = with_rule_links(f"<div class='aton-class-q'>{asked}{said}</div>")
            if question.id != self.typed_for:  # a new question: no guess of the last one in it
                self.typed_for = question.id
                self.red_guess.value = self.blue_guess.value = ""
            if question.kind == "order":
                return [self.question, self.order_box]
            self.red_guess.description, self.blue_guess.description = _("Red"), _("Blue")
            return [self.question, self.points_box]
        mine = link.mine
        truth = question.truth or {}
        if mine is None or mine.right is None:
            mark = _("You did not answer this one.") if truth else ""
        elif mine.right:
            mark = "<b class='aton-right'>✓ " + _("Right!") + "</b>"
        else:
            mark = "<b class='aton-wrong'>✗ " + _("Not this time: you said {said}.").format(
                said=value_words(mine.value)) + "</b>"
        answer = _("The answer: {answer}.").format(answer=value_words(truth)) if truth else ""
        self.question.value = with_rule_links(
            f"<div class='aton-class-q'>{asked} {answer} {mark}{tally}</div>")
        return [self.question]


class Offers:
    """A student's challenges and games against classmates, one row each; a row is kept
    while it says the same, so that a poll's redraw makes no widget. ``act(fn)`` makes a
    click an action of the page; ``speaks()`` is the page's language."""

    def __init__(self, link: ClassLink, act: Callable, speaks: Callable[[], str]) -> None:
        self.link, self.act, self.speaks = link, act, speaks
        self.widget = VBox()
        self.rows: dict[tuple, HBox | HTML] = {}

    def show(self) -> VBox:
        link = self.link
        rows = {}
        for duel in link.duels:
            mine = link.colour_in(duel)
            other = html.escape(duel.blue if mine == "red" else duel.red)
            if duel.status == "offered" and mine == "blue":
                key = (duel.id, "offer", self.speaks())
                rows[key] = self.rows.get(key) or self._row(
                    _("<b>{name}</b> challenges you to a game.").format(name=other),
                    (_("Accept"), "success", lambda d=duel.id: self.link.accept(d)),
                    (_("Decline"), "", lambda d=duel.id: self.link.decline(d)))
            elif duel.status == "offered":
                key = (duel.id, "wait", self.speaks())
                rows[key] = self.rows.get(key) or HTML(_(
                    "Waiting for <b>{name}</b> to accept your challenge.").format(name=other))
            elif duel.status == "playing" and (link.duel is None or link.duel.id != duel.id):
                key = (duel.id, "play", self.speaks())
                rows[key] = self.rows.get(key) or self._row(
                    _("Your game against <b>{name}</b> is on.").format(name=other),
                    (_("Play"), "success", lambda d=duel.id: self.link.enter_duel(d)))
        for key, row in self.rows.items():
            if key not in rows:
                _close(row)
        self.rows = rows
        self.widget.children = list(rows.values())
        return self.widget

    def _row(self, words: str, *buttons: tuple) -> HBox:
        made = []
        for label, style, action in buttons:
            button = Button(description=label, button_style=style)
            button.on_click(self.act(action))
            made.append(button)
        return _row_box([HTML(words), *made])


def _warning(words: str) -> str:
    return f'<div class="aton-warn" role="alert">{words}</div>'


def _row_box(children: list) -> HBox:
    row = HBox(children, layout=Layout(align_items="center"))
    row.add_class("aton-row")
    return row


def _close(widget) -> None:
    for child in getattr(widget, "children", ()):
        child.close()
    widget.close()


__all__ = ["TICK_MS", "ClassPanel"]
