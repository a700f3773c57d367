"""Looking back, like an analysis board: the move list, and links to any moment of a game.

``MoveList`` lists every step and decision of the game, round by round. A click on one (or
the ◂ ▸ buttons, or the arrow keys in the list) shows the game as it was then, rebuilt from
the game's record (``moment``): the live game is never touched. ``Back to the game`` returns.

A link holds the whole game: ``?game=<record>&step=K`` where ``<record>`` is the record's JSON
(seed, start, decisions, steps), compressed with zlib and written in URL-safe base64
(``encode_game`` / ``decode_game``). A game started from a lesson position keeps the lesson's
name instead of the position, so the link stays short. The app builds a relative link
(``?game=…``); the page itself adds its own address in front (the kernel does not know it).

A click cannot call Python directly (Voilà runs no code sent from the page), so the list's
clicks and keys write the step into a hidden ``Text`` widget, the *bridge*, as the rule links do.
"""

from __future__ import annotations

import base64
import binascii
import html
import json
import zlib
from collections.abc import Callable

from ipywidgets import HTML, Button, FileUpload, HBox, Layout, Text

from ..engine.errors import RuleError
from ..engine.events import Event
from ..engine.game import Game
from ..engine.records import FORMAT, VERSION, replay
from ..i18n import N_, language, plural_translator, translator
from ..teaching import scenarios
from .theme import player_span

_ = translator("app")
_n = plural_translator("app")

MOVE_BRIDGE = "aton-move-bridge"
MAX_LINK = 20_000  # characters of the game= value: a whole game needs about 1,500
MAX_RECORD = 1_000_000  # bytes of JSON it may unpack to (a whole game: about 3,000)
#: Shown above the list while looking back, and in the tooltips of the live game's buttons.
LOOKING = N_("you are looking at an earlier moment: click <b>Back to the game</b> first.")

# The list's clicks and arrow keys: find the entry, send its step through the bridge. The
# time makes a second click on the same entry a change too.
_SEND = ("const a=this.closest('.aton-app')||document;"
         f"const i=a.querySelector('.{MOVE_BRIDGE} input');"
         "if(i){window.atonMoveAt=Date.now();i.value=s+' '+Date.now();"
         "i.dispatchEvent(new Event('input',{bubbles:true}));}")
_ONCLICK = ("const b=event.target.closest('.aton-move');if(!b)return;"
            f"const s=b.dataset.step;{_SEND}")
_ONKEY = ("const k=event.key;const d={ArrowLeft:-1,ArrowUp:-1,ArrowRight:1,ArrowDown:1}[k];"
          "let s=null;const all=[...this.querySelectorAll('.aton-move')];"
          "const c=this.querySelector('.aton-move.current');"
          "const n=c?all.indexOf(c):all.length-1;"
          "if(d){s=all[Math.max(0,Math.min(all.length-1,n+d))].dataset.step;}"
          "else if(k==='Escape'){s='live';}"
          "if(s===null)return;event.preventDefault();"
          f"{_SEND}")
# Run after each redraw: scroll the current entry into view, and keep the keyboard in the
# list when the redraw came from a click or a key there.
_AFTER = ("const l=this.closest('.aton-moves');const c=l&&l.querySelector('.aton-move.current');"
          "if(c){l.scrollTop=Math.max(0,c.offsetTop-l.offsetTop-l.clientHeight/2);"
          "if(Date.now()-(window.atonMoveAt||0)<4000)c.focus({preventScroll:true});}")

CSS = """<style>
.aton-moves { height: 110px; overflow-y: auto; font-size: 14px; line-height: 1.3;
  position: relative; }
.aton-moves .aton-move { display: block; width: 100%; text-align: left; border: 0;
  border-bottom: 1px dotted #e4dccb; background: none; padding: 1px 4px; font: inherit;
  cursor: pointer; color: #222; }
.aton-moves .aton-move:hover { background: #f6f0e2; }
.aton-moves .aton-move.decision { font-weight: bold; }
.aton-moves .aton-move.current { background: #ffe9a8; outline: 2px solid #c08a00; }
.aton-moves .aton-round-head { font-weight: bold; background: #f3ecdd; padding: 1px 4px;
  position: sticky; top: 0; z-index: 1; }
.aton-looking { background: #fff4d6; border: 2px solid #c08a00; border-radius: 6px;
  padding: 4px 8px; }
.aton-share input { width: 100%; font-size: 13px; }
</style>"""


# ---------------------------------------------------------------------- links


def encode_game(game: Game, scenario: str | None = None) -> str:
    """The game's record as a URL-safe text: JSON, zlib, base64url without padding.

    ``scenario``: the lesson the game started from; its name replaces the position when the
    game really started from it."""
    record = game.record()
    payload = {"seed": record["seed"], "decisions": record["decisions"],
               "steps": record["steps"]}
    if record["start"] is not None:
        if scenario and lesson_start(scenario) == record["start"]:
            payload["scenario"] = scenario
        else:
            payload["start"] = record["start"]
    raw = json.dumps(payload, separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode().rstrip("=")


def decode_game(text: str) -> tuple[dict, str | None]:
    """``encode_game``'s text -> (the game record, the lesson's name or None).

    RuleError (R1) if it is not one: the record itself is checked when it is replayed."""
    if not isinstance(text, str) or len(text) > MAX_LINK:
        raise RuleError("R1", "the link's game= part is too long to be a game")
    try:
        unzip = zlib.decompressobj()
        raw = unzip.decompress(base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)),
                               MAX_RECORD)
        too_big = bool(unzip.unconsumed_tail)
        payload = None if too_big else json.loads(raw)
    except (binascii.Error, ValueError, zlib.error):
        raise RuleError("R1", "the link's game= part is damaged (it may have been cut off "
                        "when it was copied)") from None
    if too_big:
        raise RuleError("R1", "the link's game= part unpacks to more than any game needs")
    if not isinstance(payload, dict):
        raise RuleError("R1", "the link's game= part does not hold a game")
    scenario = payload.get("scenario")
    start = payload.get("start")
    if scenario is not None:
        if not isinstance(scenario, str) or scenario not in scenarios.catalogue():
            raise RuleError("R1", f"the link names a lesson that does not exist: "
                            f"{str(scenario)[:40]!r}")
        start = scenarios.load(scenario)
    record = {"format": FORMAT, "version": VERSION, "seed": payload.get("seed"),
              "start": start, "decisions": payload.get("decisions", []),
              "steps": payload.get("steps")}
    return record, scenario


def lesson_start(name: str) -> dict:
    """Lesson ``name``'s position as a game keeps it (``Game.start``: checked and complete)."""
    return Game.from_position(scenarios.load(name), 0).start


def link_query(game: Game, *, step: int | None = None, scenario: str | None = None,
               opponent: str | None = None, learner: str | None = None,
               lang: str | None = None) -> str:
    """The relative link (``?game=…&step=K&lang=pt``) to ``game`` at step ``step`` (the live
    end when None), in language ``lang`` (default: the language shown now)."""
    parts = [f"game={encode_game(game, scenario)}"]
    if step is not None and step != len(game.events):
        parts.append(f"step={step}")
    if opponent:
        parts.append(f"opponent={opponent}")
    if learner:
        parts.append(f"learner={learner}")
    parts.append(f"lang={lang or language()}")
    return "?" + "&".join(parts)


# ---------------------------------------------------------------------- moments


def _walk(record: dict, stop: int) -> tuple[Game, list[bool]]:
    """Replay ``record`` up to ``stop`` events; also whether each event was a decision."""
    game = replay({**record, "decisions": [], "steps": 0})
    decisions = record["decisions"]
    made: list[bool] = []
    i = 0
    while len(game.events) < stop:
        if game.pending is not None:
            if i >= len(decisions):
                raise RuleError("R1", f"the record has no decision for step {len(made) + 1}")
            game.play(decisions[i])
            i += 1
            made.append(True)
        elif game.over:
            raise RuleError("R1", f"the game ends after {len(made)} steps, not {stop}")
        else:
            game.step()
            made.append(False)
    return game, made


def moment(record: dict, step: int) -> Game:
    """A new game as it stood after ``step`` events of ``record`` (the record's game itself is
    not touched). RuleError if the record does not reach that step."""
    return _walk(record, step)[0]


def decision_steps(game: Game) -> list[bool]:
    """For each event of ``game``: True if a player decided it, False for an automatic step."""
    return _walk(game.record(), len(game.events))[1]


# ---------------------------------------------------------------------- the widgets


class MoveList:
    """The move list, its ◂ ▸ / Back to the game buttons, and the share box (link, record).

    The app places ``bar``, ``share``, ``list`` and the hidden ``bridge``. ``step`` is the
    moment shown: None while the live game is shown."""

    def __init__(self) -> None:
        self.step: int | None = None
        self.total = 0
        self._entries: list[str] = []
        self._rounds: list[int] = []  # the round each entry belongs to
        self.list = HTML(layout=Layout(width="100%"))
        self.bridge = Text(value="", layout=Layout(display="none"))
        self.bridge.add_class(MOVE_BRIDGE)
        self.earlier = Button(description="◂", tooltip=_("One step earlier (← in the list)"),
                              layout=Layout(width="44px"))
        self.later = Button(description="▸", tooltip=_("One step later (→ in the list)"),
                            layout=Layout(width="44px"))
        self.back = Button(description=_("Back to the game"), button_style="warning",
                           tooltip=_("Leave the earlier moment and go on with the game (Esc)"),
                           layout=Layout(width="auto"))
        self.copy = Button(description=_("Copy link"), tooltip=_("A link to this game at the "
                           "moment shown, to send or to open later"),
                           layout=Layout(width="auto"))
        self.upload = FileUpload(accept=".json", multiple=False,
                                 description=_("Open a game record"),
                                 layout=Layout(width="auto", flex="0 0 auto"))
        self.where = HTML()
        self.earlier.add_class("aton-hist-earlier")
        self.later.add_class("aton-hist-later")
        self.back.add_class("aton-hist-back")
        self.copy.add_class("aton-hist-copy")
        self.bar = HBox([self.earlier, self.later, self.back, self.where, self.copy,
                         self.upload],
                        layout=Layout(align_items="center", flex_flow="row wrap"))
        self.share = HTML(layout=Layout(display="none", width="100%"))
        self.share.add_class("aton-share")
        self._show_buttons()

    # -------------------------------------------------------------- content

    def reset(self, game: Game) -> None:
        """List ``game``'s events again (a new game, an undo, a link opened)."""
        self._entries, self._rounds = [], []
        self.sync(game)

    def sync(self, game: Game) -> None:
        """Add the events the game made since the last call, and show the live end."""
        events = game.events
        if len(self._entries) > len(events):
            self._entries, self._rounds = [], []
        if len(self._entries) < len(events):
            made = decision_steps(game)
            rnd = self._rounds[-1] if self._rounds else 0
            for k in range(len(self._entries), len(events)):
                event = events[k]
                if event.type == "round":
                    rnd = event.data.get("round", rnd + 1)
                self._entries.append(self._entry(k + 1, event, made[k]))
                self._rounds.append(rnd)
        self.total = len(events)
        self.step = None
        self.hide_share()  # its link was to a moment that is no longer shown
        self._render()

    def look_at(self, step: int) -> None:
        self.step = step
        self.hide_share()
        self._render()

    @staticmethod
    def _entry(k: int, event: Event, decided: bool) -> str:
        rule = f"{html.escape(event.rule)} · " if event.rule else ""
        who = ""
        if decided and event.player:
            who = _("{player} decides:").format(player=player_span(event.player)) + " "
        cls = "aton-move decision" if decided else "aton-move"
        title = _("See the game after step {step}").format(step=k)
        return (f'<button type="button" class="{cls}" data-step="{k}" '
                f'title="{title}">{k}. {who}{rule}'
                f"{html.escape(event.text)}</button>")

    def _render(self) -> None:
        current = self.step if self.step is not None else self.total
        parts, last_round = [], None
        for k, (entry, rnd) in enumerate(zip(self._entries, self._rounds, strict=True), 1):
            if rnd != last_round:
                head = _("Round {round}").format(round=rnd) if rnd else _("The start")
                parts.append(f'<div class="aton-round-head">{head}</div>')
                last_round = rnd
            if k == current:
                entry = entry.replace('class="aton-move', 'class="aton-move current', 1)
            parts.append(entry)
        if not parts:
            parts.append('<div style="color:#666">' + _("No steps yet.") + "</div>")
        label = html.escape(_("Move list: click a step to see that moment; arrow keys step "
                              "through"), quote=True)
        self.list.value = (
            f'{CSS}<div class="aton-moves" tabindex="0" onclick="{_ONCLICK}" '
            f'onkeydown="{_ONKEY}" aria-label="{label}">{"".join(parts)}'
            f'<img src="data:," alt="" style="display:none" onerror="{_AFTER}"></div>')
        self._show_buttons()

    def _show_buttons(self) -> None:
        looking = self.step is not None
        current = self.step if looking else self.total
        self.earlier.disabled = current <= 0
        self.later.disabled = not looking
        self.back.layout.display = "" if looking else "none"
        if looking:
            self.where.value = ('<span class="aton-looking">'
                                + _("Looking back at step {step} of {total}: nothing is "
                                    "undone.").format(step=current, total=self.total)
                                + "</span>")
        else:
            self.where.value = ('<span style="color:#666">'
                                + _n("<b>Move list</b> ({n} step): click one to see that "
                                     "moment", "<b>Move list</b> ({n} steps): click one to see "
                                     "that moment", self.total).format(n=self.total)
                                + "</span>")

    # -------------------------------------------------------------- the share box

    def show_share(self, query: str, record_json: str, filename: str) -> None:
        """The link (a read-only box, selected on click, and a Copy button) and the record."""
        q = html.escape(query, quote=True)
        data = base64.b64encode(record_json.encode()).decode()
        fill = ("const b=this.closest('.aton-share');const i=b.querySelector('input');"
                "i.value=location.origin+location.pathname+i.dataset.query;")
        copied = json.dumps(_("Copied ✓"))
        press = json.dumps(_("Press Ctrl+C (⌘+C) to copy"))
        copy = (fill + "i.select();const m=b.querySelector('.aton-copied');"
                f"const ok=()=>{{m.textContent={copied};}};"
                f"const no=()=>{{m.textContent={press};}};"
                "if(navigator.clipboard){navigator.clipboard.writeText(i.value).then(ok,no);}"
                "else{try{document.execCommand('copy')?ok():no();}catch(e){no();}}")
        link_label = html.escape(_("Link to this moment"), quote=True)
        self.share.value = (
            '<div class="aton-box">'
            + _("<b>Link to this moment</b> (it holds the whole game: the seed, every decision "
                "and the step shown):")
            + f'<input readonly type="text" data-query="{q}" value="{q}" '
            f'onfocus="this.select()" onclick="this.select()" aria-label="{link_label}">'
            f'<button type="button" class="aton-copy-link" onclick="{html.escape(copy)}">'
            + _("Copy to clipboard") + '</button> <span class="aton-copied"></span> · '
            f'<a download="{html.escape(filename)}" '
            f'href="data:application/json;base64,{data}">' + _("Download the game record")
            + "</a> " + _("(open it again with <b>Open a game record</b>)")
            + f'<img src="data:," alt="" style="display:none" onerror="{html.escape(fill)}">'
            "</div>")
        self.share.layout.display = ""

    def hide_share(self) -> None:
        self.share.layout.display = "none"

    # -------------------------------------------------------------- callbacks

    def on_pick(self, callback: Callable[[int | None], None]) -> None:
        """``callback(step)`` when a list entry is clicked or an arrow key pressed in the list
        (``None``: Esc, back to the game)."""
        def from_page(change: dict) -> None:
            text = change["new"].split(" ", 1)[0]
            if text == "live":
                callback(None)
            elif text.isdigit():
                callback(int(text))
        self.bridge.observe(from_page, "value")


__all__ = ["MoveList", "decision_steps", "decode_game", "encode_game", "lesson_start", "link_query",
           "moment"]
