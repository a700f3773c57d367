"""The page layout: a board that grows and shrinks with the window, and the projector mode.

The board's size is one CSS variable, ``--aton-board-w``: the largest width that leaves room
for the right-hand column and keeps the board, the legend and the score track inside the
window's height. bqplot draws its squares and labels at a fixed size in pixels, so a small
script in the page (``FIT_SCRIPT``) watches each board's size and sets its ``--aton-k``, the
scale the squares, counters, rings and labels are drawn at (``LAYOUT_CSS``).

Projector mode (the "Projector" toggle in the header, or ``?projector=1`` in the address)
puts the class ``aton-projector`` on the app: type of at least 20 px, the game log hidden,
the board and the explanation still side by side.

Under 760 px wide (a phone, or a laptop zoomed to 200% and more) the page is one column, the
board above the cards, and nothing is cut off or scrolls sideways down to 320 px (WCAG 1.4.10);
the game's set-up and the Lesson menu fold away under one button ("New game, lessons ▾").
"""

from __future__ import annotations

import html

from ipywidgets import HTML, Layout, ToggleButton

from ..i18n import translator
from .board import HEIGHT, MARGIN, PAD, UNIT, WIDTH, X_MAX, X_MIN, Y_MAX, Y_MIN

_ = translator("app")

PROJECTOR_CLASS = "aton-projector"
RATIO = WIDTH / HEIGHT
#: Width and height of the board's figure: the CSS variable, in the figure's own layout.
BOARD_WIDTH = "var(--aton-board-w)"
BOARD_HEIGHT = f"calc(var(--aton-board-w) * {HEIGHT / WIDTH:.4f})"
#: Board labels (square numbers, temple names, ...) are this much larger on a projector, and
#: 20 px at least, as the page's other words there.
PROJECTOR_LABELS = 1.2

# Projector: 20 px type (24 px for what happened and what comes next) in the board's column
# and the right-hand column; the header's set-up row keeps its size, so it stays short.
_TYPE_20 = ("widget-html-content", "widget-label", "widget-button", "widget-toggle-button",
            "widget-dropdown select", "widget-select select", "widget-text input", "aton-meaning", "aton-meaning b",
            "aton-notice", "aton-rule-title", "aton-table", "aton-compact td",
            "aton-compact th", "aton-intro", "aton-hint-text", "aton-rule",
            "aton-rule .aton-rule-link")
_TYPE_24 = ("aton-explain-text", "aton-next", "aton-warn", "aton-verdict", "aton-goal")


def _projector_type() -> str:
    def rule(names: tuple[str, ...], size: int) -> str:
        where = [f".{PROJECTOR_CLASS} {col} .{name}" for name in names
                 for col in (".aton-col", ".aton-left", ".aton-puzzles")]
        return ",\n".join(where) + f" {{ font-size: {size}px; }}"

    columns = (f".{PROJECTOR_CLASS} .aton-col, .{PROJECTOR_CLASS} .aton-left, "
               f".{PROJECTOR_CLASS} .aton-puzzles")
    return "\n".join([columns + " { font-size: 20px; }", rule(_TYPE_20, 20),
                      rule(_TYPE_24, 24)])


# Room kept for the rest of the page: beside the board, the right-hand column (wider on a
# projector, where its type is larger); above it, the page's first line and the header;
# below it, the legend and the score track.
LAYOUT_CSS = f"""
<style>
.aton-app {{
  --aton-board-w: max(300px, min(calc(100vw - 500px), calc((100vh - 318px) * {RATIO:.4f})));
}}
@media (max-width: 1199px) {{ .aton-app {{
  --aton-board-w: max(300px, min(calc(100vw - 540px), calc((100vh - 318px) * {RATIO:.4f})));
}} }}
@media (max-height: 799px) {{ .aton-app:not(.{PROJECTOR_CLASS}) .aton-explain .widget-html-content {{
  max-height: 21vh; }}
  /* A guided lesson's box stands above the explanation, and a Watch out line (R18) under it:
     both are set tighter so that the cards and Confirm stay on the screen below them. */
  .aton-app.aton-in-lesson:not(.{PROJECTOR_CLASS}) .aton-explain .widget-html-content {{
    max-height: 14vh; }}
  .aton-app:not(.{PROJECTOR_CLASS}) .aton-warn {{ font-size: 13px; line-height: 1.3;
    padding: 2px 8px; }}
  /* The lesson's hint, set as small, takes the place of its introduction and of the count
     of lessons done while it is open (Hint again brings them back). */
  .aton-app:not(.{PROJECTOR_CLASS}) .aton-tutor .aton-hint-text {{ font-size: 13px;
    line-height: 1.3; padding: 2px 8px; }}
  .aton-app:not(.{PROJECTOR_CLASS}) .aton-tutor.aton-hint-open :is(.aton-intro, .aton-progress) {{
    display: none; }}
  /* So do they while the coach's hint is open, and its reasons scroll sooner: the lesson's
     box above it leaves it less of the screen than a free game does. */
  .aton-app.aton-in-lesson:not(.{PROJECTOR_CLASS}):has(.aton-hint-box .aton-hint-text)
    .aton-tutor :is(.aton-intro, .aton-progress) {{ display: none; }}
  .aton-app.aton-in-lesson:not(.{PROJECTOR_CLASS}) .aton-hint-box {{ max-height: 11vh; }}
  .aton-app.aton-in-lesson:not(.{PROJECTOR_CLASS}) .aton-hint-box .aton-hint-text {{
    font-size: 13px; line-height: 1.3; }}
  .aton-app.aton-in-lesson:not(.{PROJECTOR_CLASS}):has(.aton-hint-box .aton-hint-text)
    .aton-explain .widget-html-content {{ max-height: 10vh; }} }}
.aton-app.{PROJECTOR_CLASS} {{
  --aton-board-w: max(300px, min(calc(100vw - 560px), calc((100vh - 262px) * {RATIO:.4f})));
}}
/* Under 1200 px the projector's board is as wide as the normal one (never smaller). */
@media (max-width: 1199px) {{ .aton-app.{PROJECTOR_CLASS} {{
  --aton-board-w: max(300px, min(calc(100vw - 540px), calc((100vh - 262px) * {RATIO:.4f})));
}} }}
.{PROJECTOR_CLASS} .aton-game-setup {{ display: none !important; }}
/* The set-up's fold button is a phone's alone (under 760 px, below), and not for a page
   that has no set-up to show: a projector's, a student's in a class or in a duel. */
@media (min-width: 760px) {{ .aton-app .aton-setup-toggle {{ display: none !important; }} }}
:is(.{PROJECTOR_CLASS}, .aton-following, .aton-in-duel) .aton-setup-toggle {{
  display: none !important; }}
/* The class reads the board's colours off the board itself: on a projector the colour key
   gives its room to the round map and the score track. */
.{PROJECTOR_CLASS} .aton-legend {{ display: none; }}
.{PROJECTOR_CLASS} .aton-explain .widget-html-content {{ max-height: 20vh; }}
/* On a projector the explanation's "Your turn: put one card on each cartouche" is the
   picker's heading: the picker's own first line gives its room to the cards. */
.{PROJECTOR_CLASS} .aton-col .aton-picker-title {{ display: none; }}
/* The board's column stays on the screen while a taller right-hand column scrolls past it
   (a guided lesson on a projector 768 px high, a scoring round's table): the class never
   loses the board when the teacher scrolls down to the cards. The boxes around the app
   scroll what overflows them, and a box that can scroll would hold the column in place:
   they clip sideways instead (a box that clips does not scroll). */
.jp-OutputArea:has(.aton-app), .jp-OutputArea-child:has(.aton-app),
.jp-OutputArea-output:has(.aton-app), .aton-app, .aton-app > .aton-grid,
.aton-app .aton-left-area {{ overflow-x: clip; overflow-y: visible; }}
.aton-app .aton-left-area > .aton-left {{ position: sticky; top: 0; align-self: start; }}
/* Voila's panels around the app are `contain: strict`, which makes them, not the window,
   what a fixed box is placed in: on a page scrolled down, a rule (or How to play, or the
   class code shown big) opened above the screen, out of sight. The panels that hold the
   app drop that containment, so the drawers open on the screen wherever it is scrolled. */
.lm-BoxPanel:has(.aton-app), .lm-BoxPanel-child:has(.aton-app) {{ contain: none !important; }}
/* A panel set 100% wide keeps ipywidgets' 2 px margin on either side: without this cap it
   overhangs its column by those 4 px, and the column cuts off its right-hand border. */
.aton-app :is(.widget-html, .widget-button) {{
  max-width: calc(100% - 2 * var(--jp-widgets-margin, 2px)); }}
.aton-board path.dot {{ transform: scale(var(--aton-k, 1)); }}
.aton-board text.label {{ transform: scale(var(--aton-k, 1)); }}
/* A button is never narrower than its text: it goes onto the next line instead. */
.aton-app button.widget-button, .aton-app button.widget-toggle-button {{
  min-width: max-content; }}
.aton-app .aton-steps {{ flex-wrap: wrap; }}
.aton-app :is(.aton-steps, .aton-coach) button {{ font-size: 14px; padding: 0 7px; }}
.aton-app .aton-steps {{ gap: 4px; }}
.aton-app .aton-steps > * {{ margin: 0; }}
.aton-app .aton-steps .widget-dropdown > select {{ padding-left: 4px; }}
.aton-in-lesson .aton-explain .aton-heading {{ display: none; }}
/* A table in the right-hand column is never wider than the column: its words wrap. */
.aton-col .aton-table {{ max-width: 100%; }}
.{PROJECTOR_CLASS} .aton-col .aton-table :is(td, th) {{ padding: 1px 3px; }}
/* The map of the round under the board: its steps in one line, the current one lit. */
.aton-map-row {{ font-size: 13px; line-height: 1.75; color: #333; }}
.aton-app .aton-map .aton-map-step {{ font-size: 13px; font-weight: normal; padding: 0 4px;
  border: 1px solid #b9ad95; border-radius: 10px; background: #f6f1e6; color: #222; }}
.aton-app .aton-map .aton-map-step.aton-map-now {{ background: #0b5394; color: #fff;
  border-color: #0b5394; font-weight: bold; }}
.aton-map-arrow {{ color: #555; margin: 0 1px; }}
.aton-map-stage {{ display: inline-block; white-space: nowrap; }}
.aton-app .aton-steps :is(select, .widget-label) {{ font-size: 14px; }}
/* A window under 1280 px wide: the lesson's numbered chips give way (the Lesson menu lists
   the lessons; "Done: 3 of 15" stays), and the lesson's introduction is set smaller (not on
   a projector: its type stays large). */
@media (max-width: 1279px) {{
  .aton-app .aton-progress .aton-chip {{ display: none; }}
  .aton-app:not(.{PROJECTOR_CLASS}) .aton-intro {{ font-size: 13px; line-height: 1.3; }}
  .aton-app:not(.{PROJECTOR_CLASS}) .aton-col .aton-box {{ padding: 4px 8px; }}
  .aton-app:not(.{PROJECTOR_CLASS}) .aton-col .aton-cardbtn {{ height: 40px; }}
  .aton-app:not(.{PROJECTOR_CLASS}) .aton-steps :is(button, select, .widget-label) {{
    font-size: 13px; }}
  /* The header keeps two rows with the Class button in it (Portuguese's longer words too):
     its buttons are padded less, and the Lesson menu starts at 250 px (it lists whole
     titles, and a wider menu would push the row onto a third) and takes what room its row
     has left, up to its chosen entry's width (Controls._size_lesson_menu): at 1024 px wide
     either language's row leaves it room for its first entry whole. */
  .aton-app:not(.{PROJECTOR_CLASS}) .aton-header :is(.widget-button, .widget-toggle-button) {{
    padding: 0 8px; }}
  .aton-app:not(.{PROJECTOR_CLASS}) .aton-header .widget-dropdown.aton-lesson-menu {{
    flex: 1 1 250px !important; min-width: 0;
    margin-left: 8px !important; }}
}}
/* On a screen under 1000 px high the page's first line is kept for screen readers only
   (How to play says the same): the board and the right-hand column get its height. */
@media (max-height: 999px) {{ .aton-page-intro {{ position: absolute; width: 1px; height: 1px;
  overflow: hidden; clip-path: inset(50%); white-space: nowrap; }} }}
/* The explanation never pushes the cards and Confirm off the screen: past a third of the
   window it scrolls, and it opens at its end, where what to do now is said. */
.aton-explain .widget-html-content {{ max-height: 25vh; overflow-y: auto; display: flex;
  flex-direction: column-reverse;
  /* A shade along the top edge says there is more above: the text carries its own cover of
     the box's colour (background-attachment local), which hides the shade until the text's
     top scrolls out of sight. */
  background: linear-gradient(#fffdf8 40%, rgba(255, 253, 248, 0)) center top / 100% 28px
                no-repeat local,
              linear-gradient(rgba(0, 0, 0, 0.22), rgba(0, 0, 0, 0)) center top / 100% 12px
                no-repeat scroll; }}
/* Nor does the coach's hint: its headline first, its reasons scroll past a quarter of the
   window (at 768 px high the cards and Confirm stay on the screen beside it). */
.aton-hint-box {{ max-height: min(260px, 24vh); }}
/* A shade along its bottom edge says more reasons lie below, as the explanation's top does:
   the box paints the hint's colour, and a cover of it at the end of the text (attached to
   the text, background-attachment local) hides the shade once the last line is in sight. */
.aton-hint-box:has(.aton-hint-text) {{
  background: linear-gradient(rgba(255, 244, 214, 0), #fff4d6 50%) center bottom / 100% 36px
                no-repeat local,
              linear-gradient(rgba(0, 0, 0, 0), rgba(0, 0, 0, 0.22)) center bottom / 100% 12px
                no-repeat scroll,
              #fff4d6; }}
.aton-hint-box .aton-hint-text {{ background: transparent; margin-top: 0; }}
.{PROJECTOR_CLASS} .aton-hint-box {{ max-height: min(260px, 20vh); }}
/* A window 1000 px high or more has the room below the cards: there the coach's reasons
   show whole up to a third of its height instead of scrolling in a quarter. */
@media (min-height: 1000px) {{
  .aton-app:not(.{PROJECTOR_CLASS}) .aton-hint-box {{ max-height: 34vh; }} }}
/* The four cartouches share one row; a cartouche's words wrap inside it if they must. */
.aton-app .aton-slots {{ flex-wrap: nowrap; }}
.aton-app .aton-slots > button.widget-button {{ flex: 1 1 0; min-width: 0; min-height: 36px;
  white-space: normal; line-height: 1.2; padding: 2px 4px; }}
{_projector_type()}
/* The game log the explanation points to is hidden. */
.{PROJECTOR_CLASS} .aton-more {{ display: none; }}
/* Words the panels size inline (10-19 px) or as <small> are 20 px on a projector too (the
   board's own words are sized by the board: BoardView.scale_labels). */
.{PROJECTOR_CLASS} :is(.aton-col, .aton-left, .aton-puzzles) :is(small, [style*="font-size:1"],
[style*="font-size: 1"]):not(text) {{ font-size: 20px !important; }}
.{PROJECTOR_CLASS} :is(.aton-col, .aton-left, .aton-puzzles) .aton-rule-link {{
  font-size: max(20px, 0.9em); }}
.{PROJECTOR_CLASS} .aton-steps .widget-dropdown {{ width: 180px !important; }}
.{PROJECTOR_CLASS} :is(.aton-col, .aton-puzzles) .aton-cardbtn {{ font-size: 28px; }}
.{PROJECTOR_CLASS} .aton-col .widget-button, .{PROJECTOR_CLASS} .aton-col .widget-toggle-button {{
  height: auto !important; min-height: 40px; }}
/* A window under 760 px wide (a phone, or a laptop zoomed to 200% and more): one column,
   the board above the cards, as wide as the window leaves it. Nothing is cut off and
   nothing scrolls sideways, down to 320 px (WCAG 1.4.10): the header's title goes above its
   menus, a menu is never wider than the window, the cartouches go two by two, a button's
   words wrap rather than run past its box, and the move list goes above the game log. */
@media (max-width: 759px) {{
  .aton-app, .aton-app.{PROJECTOR_CLASS} {{ --aton-board-w: max(260px, min(calc(100vw - 48px),
                                                calc((100vh - 120px) * {RATIO:.4f}))); }}
  .aton-app > .aton-grid {{ grid-template-columns: minmax(0, 1fr) !important;
    grid-template-rows: repeat(4, auto) !important;
    grid-template-areas: "header" "board" "column" "footer" !important; }}
  /* A student who opens the page to join a class finds the name box first, above the
     board (the right-hand column, whose class box shows while it is open to join). */
  .aton-app:has(.aton-class-joining) > .aton-grid {{
    grid-template-areas: "header" "column" "board" "footer" !important; }}
  .aton-app .aton-header {{ flex-wrap: wrap; }}
  .aton-app .aton-header > .widget-box {{ flex: 1 1 100% !important; }}
  /* The set-up and the Lesson menu fold away under one button (``mod-active`` when open):
     the board starts near the top of a phone's screen, not a third of the way down. */
  .aton-app:has(.aton-setup-toggle:not(.mod-active)) :is(.aton-game-setup,
    .aton-lesson-menu) {{ display: none !important; }}
  /* Open, the Lesson menu has a row of its own with its label above it, so that the free
     game's whole entry shows down to 320 px. */
  .aton-app:not(.{PROJECTOR_CLASS}) .aton-header .widget-dropdown.aton-lesson-menu {{
    flex: 1 1 100% !important; max-width: 100% !important;
    margin-left: var(--jp-widgets-margin) !important;
    flex-direction: column; align-items: stretch; height: auto !important; }}
  .aton-app .aton-header .aton-lesson-menu > .widget-label {{ width: auto; text-align: left; }}
  .aton-app .aton-header .aton-lesson-menu > select {{ flex: 0 0 auto;
    height: var(--jp-widgets-inline-height, 28px); }}
  .aton-app :is(.widget-dropdown, .widget-text) {{ max-width: 100%; min-width: 0; }}
  .aton-app :is(.widget-dropdown, .widget-text) > :is(select, input) {{ min-width: 0; }}
  .aton-app .aton-slots {{ flex-wrap: wrap; }}
  .aton-app .aton-slots > button.widget-button {{ flex: 1 1 40%; }}
  .aton-app button.widget-button {{ min-width: 0; white-space: normal;
    height: auto; min-height: var(--jp-widgets-inline-height, 28px); line-height: 1.3;
    padding-top: 4px; padding-bottom: 4px; }}
  .aton-app .aton-row > button.aton-cardbtn {{ flex: 1 1 0; width: auto !important;
    max-width: 64px; }}
  .aton-app .aton-footer-row {{ flex-direction: column; }}
  .aton-app .aton-puzzle-body {{ flex-direction: column; }}
  .aton-app .aton-puzzle-body > .widget-box {{ flex: 0 0 auto !important; }}
  .aton-app .bqplot.figure:not(.aton-board) {{
    max-width: calc(100% - 2 * var(--jp-widgets-margin, 2px)); }}
  /* A table wider than the window (the cards table, a scoring round's table) scrolls
     sideways in its own box, as WCAG 1.4.10 allows a table: the page itself never does. */
  .aton-app .widget-html-content:has(.aton-table) {{ overflow-x: auto; min-width: 0; }}
  .aton-app .aton-compact :is(td, th) {{ padding: 1px 3px; }}
}}
</style>
"""

# Plot area in pixels at scale 1 (bqplot keeps a fixed padding around the marks and the
# figure's margin; the rest of the figure is the drawing).
_DRAW_W = (X_MAX - X_MIN) * UNIT
_DRAW_H = (Y_MAX - Y_MIN) * UNIT
_EDGE = 2 * (PAD + MARGIN)

# Runs in the page (an image that cannot load calls ``onerror``: the one way an HTML widget
# can start a script). It watches each board figure of the app (the game's, and the puzzles'
# once they are drawn) and sets its --aton-k to the drawing's scale, the same way bqplot sizes
# the figure: the largest box of the board's proportions. A hidden board (no size) keeps its
# scale until it is shown again.
_FIT_JS = (
    "const a=this.closest('.aton-app')||document;"
    "const fit=f=>{f.dataset.atonFit='1';"
    "const set=()=>{const r=f.getBoundingClientRect();let w=r.width,h=r.height;"
    f"if(w/h>{RATIO:.5f})w=h*{RATIO:.5f};else h=w/{RATIO:.5f};"
    f"const k=Math.min((w-{_EDGE:.2f})/{_DRAW_W:.2f},(h-{_EDGE:.2f})/{_DRAW_H:.2f});"
    "if(k>0)f.style.setProperty('--aton-k',k.toFixed(4));};"
    "set();new ResizeObserver(set).observe(f);};"
    "const scan=()=>a.querySelectorAll('.aton-board:not([data-aton-fit])').forEach(fit);"
    "scan();new MutationObserver(scan).observe(a,{childList:true,subtree:true});"
)
FIT_SCRIPT = (f'<img src="data:," alt="" style="display:none" class="aton-fit" '
              f'onerror="{_FIT_JS}">')


# The keyboard (WCAG 2.1.1, 2.4.3), once a page, in the page as the fitting script is:
# - Escape closes the open drawer (a rule, then How to play), unless a list used it already.
# - A drawer opened by a key takes the focus on its Close button, and gives it back to the
#   control that opened it when it closes.
# - After Enter or Space, a control that went away or was greyed by what it did (Confirm,
#   To my next decision, a square placed) hands the focus on instead of dropping it to the
#   page's start: the cards, else the list of squares, else the first step button that works.
# - Next lesson stays on screen when its lesson opens: the focus goes on to the new lesson's
#   cards, so that a second Enter does not skip the lesson just opened.
# - Font Awesome's icons are hidden from screen readers (their glyphs are no words).
# - The app is the page's main landmark (WCAG 1.3.1): Voilà's page has none of its own.
# - How to play, open over the first screen, has the focus when the page is ready, so that
#   the keyboard meets it first and not the controls under it: Enter or Escape closes it and
#   the focus goes on to the cards.
_KEYS_JS = (
    "if(window.atonKeys)return;window.atonKeys=1;let at=0,last=null,opener=null,was=[],lesson=null;"
    "const ok=e=>e&&e.isConnected&&!e.disabled&&e.offsetParent!==null;"
    "const open=()=>[...document.querySelectorAll('.aton-app .aton-drawer')]"
    ".filter(d=>getComputedStyle(d).display!=='none');"
    "const top=o=>o.find(d=>d.classList.contains('aton-rule-drawer'))||o[0];"
    "const close=d=>d&&d.querySelector('.aton-drawer-close');"
    "document.addEventListener('focusin',e=>{if(e.target.closest('.aton-app'))last=e.target;});"
    "const head=()=>{const h=document.querySelector('.aton-app .aton-lesson-head');"
    "return h&&h.offsetParent!==null?h.textContent:'';};"
    "document.addEventListener('keydown',e=>{"
    "if(e.key==='Enter'||e.key===' '){at=Date.now();"
    "if(e.target.closest&&e.target.closest('.aton-next-lesson'))lesson=head();}"
    "if(e.key==='Escape'&&!e.defaultPrevented){const c=close(top(open()));"
    "if(c){at=Date.now();e.preventDefault();c.click();}}});"
    # The page's start (the header) only when nothing else came within 2.5 s: the step
    # buttons are greyed for a moment while the game moves on after Confirm.
    "const next=late=>{const a=document.querySelector('.aton-app');if(!a)return null;"
    "for(const s of ['.aton-cardbtn','.aton-chooser select','.aton-puzzle-next',"
    "'.aton-steps button','.aton-end button',...(late?['.aton-header button']:[])]){"
    "const f=[...a.querySelectorAll(s)].find(ok);if(f)return f;}return null;};"
    # Focus moved by the page is scrolled into view, as a Tab would (WCAG 2.4.7).
    "const go=t=>{t.focus({preventScroll:true});t.scrollIntoView({block:'nearest'});};"
    # A drawer opening or closing is seen as it happens (a poll could miss a close and an
    # open in quick succession); a focus dropped is looked for a few times a second.
    "const drawers=()=>{const o=open(),keyed=Date.now()-at<4000;"
    "if(keyed&&o.some(d=>!was.includes(d))){opener=document.activeElement;"
    "const c=close(top(o));if(ok(c))go(c);}"
    "else if(keyed&&was.some(d=>!o.includes(d))&&ok(opener)){go(opener);opener=null;}"
    "was=o;};"
    "new MutationObserver(drawers).observe(document.body,"
    "{attributes:true,attributeFilter:['style'],subtree:true});"
    "let greeted=false;"
    "setInterval(()=>{"
    "if(!greeted){const h=document.querySelector('.aton-app .aton-howto');"
    "const c=h&&getComputedStyle(h).display!=='none'&&close(h);"
    "if(ok(c)&&document.querySelector('.aton-app .aton-cardbtn')){greeted=true;"
    "if(document.activeElement===document.body)go(c);}}"
    "document.querySelectorAll('.aton-app i.fa:not([aria-hidden])')"
    ".forEach(i=>i.setAttribute('aria-hidden','true'));"
    "document.querySelectorAll('.aton-app:not([role])')"
    ".forEach(a=>a.setAttribute('role','main'));"
    "const f=document.activeElement;"
    "if(lesson!==null&&Date.now()-at<4000){if(head()!==lesson){lesson=null;const t=next();"
    "if(ok(t)){go(t);return;}}}else lesson=null;"
    "if(Date.now()-at<4000&&(!f||f===document.body||!ok(f))){const o=open();"
    "const t=ok(last)?last:(o.length?close(top(o)):next(Date.now()-at>2500));"
    "if(ok(t))go(t);}"
    "},150);"
)
KEYS_SCRIPT = (f'<img src="data:," alt="" style="display:none" class="aton-keys" '
               f'onerror="{html.escape("(()=>{" + _KEYS_JS + "})()", quote=True)}">')


def style_widget() -> HTML:
    """The layout's style sheet, the board-fitting script and the keyboard's, in one hidden
    HTML widget."""
    widget = HTML(LAYOUT_CSS + FIT_SCRIPT + KEYS_SCRIPT,
                  layout=Layout(width="0", height="0", overflow="hidden"))
    widget.add_class("aton-layout")
    return widget


def projector_toggle(on: bool = False) -> ToggleButton:
    """The header's "Projector" toggle (its words: ``label_projector``)."""
    toggle = ToggleButton(value=on, layout=Layout(width="auto"))
    label_projector(toggle)
    return toggle


def label_projector(toggle: ToggleButton) -> None:
    """The Projector toggle's words, in the current language."""
    toggle.description = _("Projector")
    toggle.tooltip = _("Large type for a class: hides the game log and keeps the board beside "
                       "the explanation (or add ?projector=1 to the page address)")


__all__ = ["BOARD_HEIGHT", "BOARD_WIDTH", "FIT_SCRIPT", "LAYOUT_CSS", "PROJECTOR_CLASS",
           "PROJECTOR_LABELS", "label_projector", "projector_toggle", "style_widget"]
