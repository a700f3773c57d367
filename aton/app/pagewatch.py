"""The page's own watch (issue 17, items 3 and 4): what the browser must do by itself, because
the kernel cannot, or is gone.

- **Files too large are refused before they are sent.** A 20 MB file read by the file button
  would be sent whole to the kernel and close the page's websocket. A click on the button
  (``UPLOAD_CLASS``) opens the page's own file chooser first; a file over the limit (the
  engine's, ``files.MAX_BYTES``: the kernel would refuse it too, R1) is refused in the page
  with the limit said, and only a file within it is handed to the widget, which reads it.
- **The file button says what it does, and no count.** The widget writes how many files it
  holds after its words ("Open a game record (0)"), which a learner cannot make sense of; the
  script takes the count off whenever the widget redraws the button.
- **The page says its language** (``<html lang>``), whenever the app's language changes.
- **A lost kernel is said.** When the page's kernel dies or restarts (``kill -9``, out of
  memory), Voilà's page stays as it was and no click is answered. The script watches the
  kernel connection of Voilà's widget manager (``window.jupyterapp._widgetManager.kernel``,
  Voilà 0.5's front end) and, on ``dead``, ``restarting``, ``autorestarting`` or a lost
  connection, covers the top of the page with a notice and a button that reloads the page at
  the game's link (kept in a hidden box after every action, as Copy link makes it, without
  what is still face down, R6), so the learner comes back to the same moment.

The sentences are the kernel's, in the page's language, written into the page beforehand
(``relabel``): when they are needed the kernel may not be there to write them.
"""

from __future__ import annotations

import html

from ipywidgets import HTML, Layout, Text

from ..engine.files import LIMIT_TEXT, MAX_BYTES
from ..i18n import translator
from .theme import Panel, in_language

_ = translator("app")

UPLOAD_CLASS = "aton-upload"  # the file button the size check guards
WATCH_CLASS = "aton-watch"  # the element holding the sentences and the limit
RETURN_CLASS = "aton-return-link"  # the hidden box holding the game's link

#: Installed once per page (a redraw or a second app does not add listeners): the size check
#: on the file button's clicks (capture phase, before the widget's own listener), and the
#: kernel watch. ``{…}`` placeholders in the sentences are filled here.
SCRIPT = """
const w=window;if(w.atonWatch){return;}w.atonWatch=1;
const last=()=>{const a=document.querySelectorAll('.aton-watch');return a[a.length-1];};
const esc=s=>String(s).replace(/[&<>"']/g,c=>'&#'+c.charCodeAt(0)+';');
document.addEventListener('click',ev=>{
 const b=ev.target.closest&&ev.target.closest('.aton-upload');
 if(!b||w.atonPassing){return;}
 ev.stopPropagation();ev.preventDefault();
 const app=b.closest('.aton-app')||document;const box=app.querySelector('.aton-watch')||last();
 if(!box){return;}
 const i=document.createElement('input');i.type='file';i.accept='.json';
 i.addEventListener('change',()=>{
  const f=i.files&&i.files[0];if(!f){return;}
  const say=box.querySelector('.aton-watch-notice');
  if(f.size>Number(box.dataset.limit)){
   const mb=new Intl.NumberFormat(box.dataset.lang,{maximumFractionDigits:1}).format(
    f.size/1e6)+' MB';
   say.innerHTML=box.dataset.tooBig.replace('{name}',esc(f.name)).replace('{size}',mb);
   say.style.display='';return;}
  say.style.display='none';say.innerHTML='';
  const p=HTMLInputElement.prototype,c=p.click;
  p.click=function(){if(this.type==='file'){this.files=i.files;
   this.dispatchEvent(new Event('change'));}else{c.call(this);}};
  w.atonPassing=1;try{b.click();}finally{p.click=c;w.atonPassing=0;}
 });
 i.click();
},true);
const lost=()=>{
 if(w.atonLost){return;}const box=last();if(!box){return;}w.atonLost=1;
 const d=document.createElement('div');d.className='aton-kernel-lost';
 d.setAttribute('role','alert');
 d.style.cssText='position:fixed;top:0;left:0;right:0;z-index:10000;background:#8b0000;'
  +'color:#fff;padding:12px 16px;font-size:16px;line-height:1.4;';
 d.innerHTML=box.dataset.lost+' ';
 const r=document.createElement('button');r.type='button';r.className='aton-reload';
 r.textContent=box.dataset.reload;r.style.cssText='font-size:16px;margin-left:8px;';
 r.onclick=()=>{const q=document.querySelector('.aton-return-link input');
  if(q&&q.value){location.href=location.origin+location.pathname+q.value;}
  else{location.reload();}};
 d.appendChild(r);document.body.appendChild(d);r.focus();};
const watch=n=>{
 const a=w.jupyterapp,m=a&&a._widgetManager,k=m&&(m.kernel||m._kernel);
 if(!k||!k.statusChanged){if(n<100){setTimeout(()=>watch(n+1),200);}return;}
 k.statusChanged.connect((_k,s)=>{
  if(s==='dead'||s==='restarting'||s==='autorestarting'){lost();}});
 k.connectionStatusChanged.connect((_k,s)=>{if(s==='disconnected'){lost();}});
 if(k.status==='dead'||k.connectionStatus==='disconnected'){lost();}};
watch(0);
const plain=()=>document.querySelectorAll('.aton-upload').forEach(b=>{
 const t=b.lastChild;
 if(t&&t.nodeType===3&&/ \\(\\d+\\)$/.test(t.data)){t.data=t.data.replace(/ \\(\\d+\\)$/,'');}});
new MutationObserver(plain).observe(document.body,{childList:true,subtree:true});plain();
"""


#: Run on every relabel (before SCRIPT's once-only guard): the page's language on ``<html
#: lang>``, so that a screen reader reads it in its own voice (WCAG 2.1, 3.1.1). Voilà's page
#: template (``aton/server/voila_template``) sets it before the kernel answers; this follows
#: the kernel's choice and the Language menu.
LANGUAGE = "document.documentElement.lang='{lang}';"


class PageWatch(Panel):
    """The size check of the file button and the kernel watch: ``widget`` (the sentences, and
    where a refused file is said) and ``link`` (hidden: the game's link, ``remember``)."""

    def __init__(self, limit: int = MAX_BYTES, limit_text: str = LIMIT_TEXT) -> None:
        self.limit, self.limit_text = limit, limit_text
        self.widget = HTML(layout=Layout(width="100%"))
        self.link = Text(value="", layout=Layout(display="none"))
        self.link.add_class(RETURN_CLASS)
        self.relabel()

    @in_language
    def relabel(self) -> None:
        lang = "pt-BR" if (self.speaks() or "").startswith("pt") else "en"
        too_big = _("<b>{name} was not opened</b> — R1: the file is {size}, and a game "
                    "record is at most {limit} (a whole game is a few KB), so it was not "
                    "sent. The game goes on as it was.").replace("{limit}", self.limit_text)
        lost = _("<b>The page lost its kernel</b> (the program that plays the game stopped "
                 "or restarted), so it no longer answers clicks. Reload it: the game comes "
                 "back at the moment it was at.")
        facts = {"limit": self.limit, "lang": lang, "too-big": too_big, "lost": lost,
                 "reload": _("Reload the game")}
        script = LANGUAGE.format(lang=lang) + "(()=>{" + SCRIPT + "})()"
        data = " ".join(f'data-{k}="{html.escape(str(v), quote=True)}"' for k, v in facts.items())
        self.widget.value = (
            f'<div class="{WATCH_CLASS}" {data}>'
            '<div class="aton-watch-notice" role="alert" style="display:none;background:#fff4d6;'
            'border:2px solid #c08a00;border-radius:6px;padding:4px 8px"></div>'
            f'<img src="data:," alt="" style="display:none" '
            f'onerror="{html.escape(script, quote=True)}"></div>')

    def remember(self, query: str) -> None:
        """The game's link (``?game=…``) that the lost-kernel notice reloads."""
        if self.link.value != query:
            self.link.value = query


__all__ = ["RETURN_CLASS", "UPLOAD_CLASS", "WATCH_CLASS", "PageWatch"]
