"""Rebuild the lesson notebooks from their Markdown sources and run them, keeping the outputs.

The lessons are written in MyST Markdown, one file per lesson and language
(``notebooks/en/0N_*.md``, ``notebooks/pt/0N_*.md``): prose in Markdown, code in
``{code-cell} ipython3`` cells. Each is paired with the notebook beside it (same name,
``.ipynb``), which this script writes from the Markdown and executes so that it keeps its
outputs (nbval compares them strictly) and its widgets' state; a board is drawn as an image
of embedded SVG (``aton.show``), which every front end shows without running the notebook::

    python notebooks/build.py                # every lesson in every language
    python notebooks/build.py pt/03 en       # only sources whose path (under notebooks/) starts so
    python notebooks/build.py --no-execute   # write the notebooks without running them
    python notebooks/build.py --check        # exit 1 if a notebook's cells differ from its .md

Run it with the package importable (``pip install -e .``, or ``PYTHONPATH=.`` from the
repository root): the notebooks' kernel imports ``aton`` from there. A lesson whose hidden
``check`` cell fails (a sentence that the engine no longer makes true) stops the build with the
sentence named.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import jupytext
import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

HERE = Path(__file__).resolve().parent
LANGUAGES = ("en", "pt")
KERNEL = {"name": "python3", "display_name": "Python 3", "language": "python"}
#: Metadata the run adds to a cell, which the Markdown does not hold.
RUN_METADATA = {"execution", "collapsed", "scrolled", "editable", "deletable"}
#: Where a notebook keeps its widgets' state (``nb.metadata.widgets``).
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def sources() -> list[Path]:
    """Every lesson source, in language then lesson order."""
    return [md for lang in LANGUAGES for md in sorted((HERE / lang).glob("[0-9][0-9]_*.md"))]


def notebook_from(md: Path) -> nbformat.NotebookNode:
    """The notebook a Markdown lesson describes, without outputs, with stable cell ids."""
    nb = jupytext.read(md)
    prefix = f"{md.parent.name}{md.name[:2]}"  # "pt03"
    for k, cell in enumerate(nb.cells):  # stable ids keep rebuilds diff-free
        cell.id = f"lesson{prefix}-{k:02d}"
    nb.metadata["kernelspec"] = KERNEL
    nb.metadata["language_info"] = {"name": "python"}
    # What Voilà's page says about itself: its browser tab's title (nbconvert reads "title"),
    # and its language, for <html lang> and the words shown while it gets ready (the "aton"
    # page template, aton/server/voila_template).
    nb.metadata["title"] = title(nb)
    nb.metadata["aton"] = {"language": md.parent.name}
    # The pairing, so that Jupyter with jupytext opens and saves both files together.
    nb.metadata["jupytext"] = {"formats": "ipynb,md:myst"}
    return nb


def title(nb: nbformat.NotebookNode) -> str:
    """The lesson's own title: its first heading ("Lesson 3 · The scoring round …")."""
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            for line in cell.source.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    raise ValueError("a lesson starts with a '# ' heading, its title")


def execute(nb: nbformat.NotebookNode, folder: Path) -> None:
    """Run the notebook in a fresh kernel, from its own folder, keeping its outputs and the
    state of its widgets (the notebook's ``widgets`` metadata), so that a front end that does
    not run it (nbviewer, JupyterLab before the kernel starts) still draws them."""
    client = NotebookClient(nb, timeout=120, kernel_name="python3", record_timing=False,
                            store_widget_state=True,
                            resources={"metadata": {"path": str(folder)}})
    client.execute()
    for cell in nb.cells:  # one print may arrive in pieces; join them so rebuilds are diff-free
        if cell.cell_type == "code":
            cell.outputs = _joined_streams(cell.outputs)


def stable_widget_ids(nb: nbformat.NotebookNode, prefix: str) -> nbformat.NotebookNode:
    """The notebook with its widgets' random model ids replaced by ids made from ``prefix``
    and the order the widgets were made in, so that a rebuild of an unchanged lesson writes
    the very same file (a teacher's change shows alone in the diff)."""
    state = nb.metadata.get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})
    if not state:
        return nb
    text = nbformat.writes(nb)
    for k, model_id in enumerate(list(state)):
        stable = hashlib.md5(f"{prefix}-{k}".encode(), usedforsecurity=False).hexdigest()
        text = text.replace(model_id, stable)
    return nbformat.reads(text, as_version=4)


def _joined_streams(outputs: list) -> list:
    joined: list = []
    for out in outputs:
        last = joined[-1] if joined else None
        if (out.output_type == "stream" and last is not None and last.output_type == "stream"
                and last.name == out.name):
            last.text += out.text
        else:
            joined.append(out)
    return joined


def _cells(nb: nbformat.NotebookNode) -> list[tuple]:
    return [(c.cell_type, c.source,
             {k: v for k, v in c.metadata.items() if k not in RUN_METADATA}) for c in nb.cells]


def differences(md: Path) -> list[str]:
    """How the notebook paired with ``md`` differs from it (empty when they are in sync)."""
    ipynb = md.with_suffix(".ipynb")
    if not ipynb.exists():
        return [f"{ipynb.name} is missing"]
    source, built = notebook_from(md), nbformat.read(ipynb, as_version=4)
    want, have = _cells(source), _cells(built)
    found = [f"{ipynb.name}'s metadata {key} is {built.metadata.get(key)!r}, not "
             f"{source.metadata[key]!r}" for key in ("title", "aton")
             if built.metadata.get(key) != source.metadata[key]]
    if len(want) != len(have):
        found.append(f"{md.name} has {len(want)} cells, {ipynb.name} {len(have)}")
    for k, (w, h) in enumerate(zip(want, have)):
        if w != h:
            found.append(f"cell {k} differs: {w[1][:60]!r} in the .md, {h[1][:60]!r} in the .ipynb")
            break
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("only", nargs="*", help="build only sources whose path starts so (pt/03)")
    parser.add_argument("--no-execute", action="store_true", help="write without outputs")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; list the notebooks out of sync with their .md")
    args = parser.parse_args(argv)
    chosen = [md for md in sources()
              if not args.only
              or any(md.relative_to(HERE).as_posix().startswith(p) for p in args.only)]
    if not chosen:
        parser.error(f"no lesson source matches {args.only}")
    stale = 0
    for md in chosen:
        name = md.relative_to(HERE.parent).as_posix()
        if args.check:
            for line in differences(md):
                stale += 1
                print(f"{name}: {line}")
            continue
        nb = notebook_from(md)
        if not args.no_execute:
            try:
                execute(nb, md.parent)
            except CellExecutionError as error:
                # A failed check names its false sentence in the AssertionError's message.
                print(f"{name}: a cell failed, {md.with_suffix('.ipynb').name} left as it was:"
                      f"\n{error.ename}: {error.evalue}", file=sys.stderr)
                return 1
        nb = stable_widget_ids(nb, f"{md.parent.name}{md.name[:2]}")
        nbformat.write(nb, md.with_suffix(".ipynb"))
        print("wrote", md.with_suffix(".ipynb").relative_to(HERE.parent).as_posix())
    if args.check and stale:
        print("rebuild them with: python notebooks/build.py")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
