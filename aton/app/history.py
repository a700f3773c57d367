"""Looking back, like an analysis board: the move list, and the share box of links.

``MoveList`` lists every step and decision of the game, round by round, as the person at the
screen may read them. A click on one (or the ◂ ▸ buttons, or the arrow keys in the list) shows
the game as it was then, rebuilt from the game's record (``aton.engine.records.moment``): the
live game is never touched. ``Back to the game`` returns.

A link holds the whole game (``aton.engine.records.encode_game``): ``?game=<record>&step=K``.
The app builds a relative link (``aton.app.address.link_query``); the page itself adds its own
address in front (the kernel does not know it).

A click cannot call Python directly (Voilà runs no code sent from the page), so the list's
clicks and keys write the step into a hidden ``Text`` widget, the *bridge*, as the rule links do.
"""

from __future__ import annotations

import base64
import html
import json
from collections.abc import Callable

from ipywidgets import HTML, Button, FileUpload, HBox, Layout, Text

from ..engine.events import Event
from ..i18n import plural_translator, translator
from .pagewatch import UPLOAD_CLASS, PageWatch
from .theme import Panel, in_language, player_span

_ = translator("app")
_n = plural_translator("app")

MOVE_BRIDGE = "aton-move-bridge"

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


# ---------------------------------------------------------------------- the widgets


class MoveList(Panel):
    """The move list, its ◂ ▸ / Back to the game buttons, and the share box (link, record).

    The app places ``bar``, ``share``, ``list`` and the hidden ``bridge``, and draws it with
    ``show(events, decided, step)``. ``step`` is the moment shown: None while the live game is
    shown."""

    def __init__(self) -> None:
        self.step: int | None = None
        self.events: list[Event] = []
        self.decided: list[bool] = []
        self._entries: list[str] = []  # each event's entry, written once
        self._share: tuple | None = None  # what the share box shows, to write it again
        self.list = HTML(layout=Layout(width="100%"))
        self.bridge = Text(value="", layout=Layout(display="none"))
        self.bridge.add_class(MOVE_BRIDGE)
        self.earlier = Button(description="◂", layout=Layout(width="44px"))
        self.later = Button(description="▸", layout=Layout(width="44px"))
        self.back = Button(button_style="warning", layout=Layout(width="auto"))
        self.copy = Button(layout=Layout(width="auto"))
        self.upload = FileUpload(accept=".json", multiple=False,
                                 layout=Layout(width="auto", flex="0 0 auto"))
        self.upload.add_class(UPLOAD_CLASS)  # a file over 1 MB is refused in the page
        self.watch = PageWatch()
        self.watch.speaks = lambda: self.speaks()  # the page's language, whenever it is set
        self.where = HTML()
        self.earlier.add_class("aton-hist-earlier")
        self.later.add_class("aton-hist-later")
        self.back.add_class("aton-hist-back")
        self.copy.add_class("aton-hist-copy")
        self.bar = HBox([self.earlier, self.later, self.back, self.where, self.copy,
                         self.upload, self.watch.widget, self.watch.link],
                        layout=Layout(align_items="center", flex_flow="row wrap"))
        self.share = HTML(layout=Layout(display="none", width="100%"))
        self.share.add_class("aton-share")
        self.relabel()

    @property
    def total(self) -> int:
        return len(self.events)

    @in_language
    def relabel(self) -> None:
        self._entries = [self._entry(k, e, d) for k, (e, d) in
                         enumerate(zip(self.events, self.decided, strict=True), 1)]
        self.earlier.tooltip = _("One step earlier (← in the list)")
        self.later.tooltip = _("One step later (→ in the list)")
        self.back.description = _("Back to the game")
        self.back.tooltip = _("Leave the earlier moment and go on with the game (Esc)")
        self.copy.description = _("Copy link")
        self.copy.tooltip = _("A link to this game at the moment shown, to send or to open "
                              "later")
        self.upload.description = _("Open a game record")
        self.watch.relabel()
        self._render()
        if self._share is not None:
            self.show_share(*self._share)

    # -------------------------------------------------------------- content

    @in_language
    def show(self, events: list[Event], decided: list[bool], step: int | None) -> None:
        """List ``events`` (as the person at the screen may read them; ``decided``: whether a
        player decided each one), the moment ``step`` marked (None: the live end)."""
        if step != self.step or len(events) != len(self.events):
            self.hide_share()  # its link was to a moment that is no longer shown
        same = 0  # an entry is written once: only what changed since the last call is
        for k, (old, new) in enumerate(zip(self.events, events)):
            if old is not new or self.decided[k] != decided[k]:
                break
            same += 1
        self._entries = self._entries[:same] + [
            self._entry(k, e, d) for k, (e, d) in enumerate(
                zip(events[same:], decided[same:], strict=True), same + 1)]
        self.events, self.decided, self.step = list(events), list(decided), step
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
        parts, last_round, rnd = [], None, 0
        for k, (event, entry) in enumerate(zip(self.events, self._entries, strict=True), 1):
            if event.type == "round":
                rnd = event.data.get("round", rnd + 1)
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
            self.where.value = ('<h2 class="aton-head">'
                                + _n("<b>Move list</b> ({n} step): click one to see that "
                                     "moment", "<b>Move list</b> ({n} steps): click one to see "
                                     "that moment", self.total).format(n=self.total)
                                + "</h2>")

    # -------------------------------------------------------------- the share box

    @in_language
    def show_share(self, query: str, record_json: str, filename: str,
                   left_out: int | None = None) -> None:
        """The link (a read-only box, selected on click, and a Copy button) and the record.
        ``left_out``: the round whose cards, still face down, the link and the record leave
        out (R6), said plainly; None when they hold the whole game."""
        self._share = (query, record_json, filename, left_out)
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
        secret = ""
        if left_out is not None:
            secret = ('<div class="aton-notice">' + _(
                "The cards of round {round} are still face down, so this link and this record "
                "stop before anyone chose them: nobody's cards or exchange are in them "
                "(R5, R6).").format(round=left_out) + "</div>")
        self.share.value = (
            '<div class="aton-box">' + secret
            + (_("<b>Link to this moment</b> (it holds the whole game: the seed, every "
                 "decision and the step shown):") if left_out is None else _(
                "<b>Link to this moment</b> (it holds the seed and every decision made before "
                "the cards of round {round} were chosen):").format(round=left_out))
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
        self._share = None
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


__all__ = ["MoveList"]
