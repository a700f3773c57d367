"""Keep the translation catalogs in step with the code (Babel's extract, update and compile).

    python tools/catalogs.py            # extract, update each .po, compile each .mo
    python tools/catalogs.py --check    # change nothing; list what is missing or stale
    python tools/catalogs.py --merge-from theirs.po engine   # after a merge conflict in a .po

For each domain of ``aton.i18n.DOMAINS`` it extracts the English messages from the domain's
files (Python: ``_("…")``, ``N_("…")``, ``_n("…", "…", n)``, ``N_n("…", "…")``; JSON: the
string values of the keys in ``JSON_TEXT_KEYS``), merges them into
``aton/i18n/locale/pt_BR/LC_MESSAGES/<domain>.po`` (new messages come in untranslated, messages
no longer in the code go) and compiles the ``.mo`` the package ships. A translator then fills
the empty ``msgstr`` lines and runs it again.
``--check`` (also run by tests/test_i18n.py) fails when a message is new, gone, untranslated,
fuzzy, or has other placeholders than its English, or when a ``.mo`` is older than its ``.po``.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import sys
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from aton.i18n import CATALOG_LOCALE, DOMAINS, LOCALE_DIR

KEYWORDS = {"_": None, "N_": None, "_n": (1, 2), "N_n": (1, 2)}
#: The keys whose string values in the JSON files (lessons, scenarios) a learner reads.
JSON_TEXT_KEYS = {"title", "goal", "intro", "fail", "text", "success", "description"}
# A fixed date keeps the files' headers from changing at every run (git shows the real history).
STAMP = datetime(2026, 1, 1, tzinfo=timezone.utc)
PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")


def extract_json(fileobj, keywords, comment_tags, options) -> Iterator[tuple]:
    """Babel extraction method for our JSON files: every string under a text key."""
    data = json.load(fileobj)

    def walk(node):
        if isinstance(node, dict):
            for key, value in node.items():
                if key in JSON_TEXT_KEYS and isinstance(value, str) and value.strip():
                    yield 0, None, value, []
                else:
                    yield from walk(value)
        elif isinstance(node, list):
            for item in node:
                yield from walk(item)

    yield from walk(data)


def template(domain: str) -> Catalog:
    """The domain's English messages, extracted from its files."""
    pot = Catalog(project="aton", version="0.1", creation_date=STAMP, revision_date=STAMP,
                  fuzzy=False)
    files = sorted({p for pattern in DOMAINS[domain] for p in ROOT.glob(pattern)})
    for path in files:
        method = extract_json if path.suffix == ".json" else "python"
        rel = path.relative_to(ROOT).as_posix()
        for lineno, message, comments, context in extract_from_file(
                method, str(path), keywords=KEYWORDS, comment_tags=("Translators:",)):
            pot.add(message, locations=[(rel, None)], auto_comments=comments, context=context)
    return pot


def po_path(domain: str, locale: str) -> Path:
    return LOCALE_DIR / locale / "LC_MESSAGES" / f"{domain}.po"


def read(path: Path, locale: str, domain: str) -> Catalog:
    if path.exists():
        with path.open("rb") as f:
            return read_po(f, locale=locale, domain=domain)
    return Catalog(locale=locale, domain=domain, project="aton", creation_date=STAMP,
                   revision_date=STAMP, fuzzy=False)


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def problems(domain: str, locale: str) -> list[str]:
    """What is wrong with one catalog, one line each (empty: it is complete and compiled)."""
    pot = template(domain)
    path = po_path(domain, locale)
    po = read(path, locale, domain)
    found = []
    wanted = {m.id for m in pot if m.id}
    have = {m.id for m in po if m.id}
    found += [f"{path.name}: new message {mid!r}" for mid in wanted - have]
    found += [f"{path.name}: message no longer in the code {mid!r}" for mid in have - wanted]
    for m in po:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        if not all(strs):
            found.append(f"{path.name}: untranslated {ids[0]!r}")
        elif m.fuzzy:
            found.append(f"{path.name}: fuzzy {ids[0]!r}")
        else:
            for s in strs:
                if placeholders(s) != placeholders(ids[0]):
                    found.append(f"{path.name}: placeholders differ in {ids[0]!r} → {s!r}")
    mo = path.with_suffix(".mo")
    if not mo.exists() or mo.read_bytes() != compiled(po):
        found.append(f"{mo.name}: not compiled from {path.name} (run python tools/catalogs.py)")
    return found


def compiled(po: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, po)
    return out.getvalue()


def update(domain: str, locale: str, merge_from: list[Path] = ()) -> Path:
    """Merge the extracted messages into the domain's .po, then compile its .mo. Messages still
    untranslated take their translation from the ``merge_from`` catalogs (other branches')."""
    pot = template(domain)
    path = po_path(domain, locale)
    po = read(path, locale, domain)
    for other_path in merge_from:
        other = read(Path(other_path), locale, domain)
        for m in other:
            mine = po.get(m.id) if m.id else None
            if mine is None and m.id and m.string:
                po[m.id] = m
            elif mine is not None and m.string and not (all(mine.string) if isinstance(
                    mine.string, tuple) else mine.string):
                mine.string = m.string
    po.update(pot, no_fuzzy_matching=True)
    po.obsolete.clear()
    po.creation_date = po.revision_date = STAMP
    po.fuzzy = False
    po.project, po.version, po.copyright_holder = "aton", "0.1", "the Aton project"
    po.msgid_bugs_address = ""
    po.last_translator = po.language_team = "the Aton project"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, po, width=100, include_lineno=False, sort_output=False)
    with path.open("rb") as f:  # compile what was written, exactly
        po = read_po(f, locale=locale, domain=domain)
    path.with_suffix(".mo").write_bytes(compiled(po))
    return path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; report problems")
    parser.add_argument("--merge-from", type=Path, action="append", default=[], metavar="PO",
                        help="take translations missing here from this .po (e.g. another "
                        "branch's, after a merge conflict); needs one domain")
    parser.add_argument("domains", nargs="*", default=list(DOMAINS))
    args = parser.parse_args(argv)
    if args.merge_from and len(args.domains) != 1:
        parser.error("--merge-from needs the one domain it belongs to")
    bad = []
    for domain in args.domains:
        for locale in CATALOG_LOCALE.values():
            if args.check:
                bad += problems(domain, locale)
            else:
                path = update(domain, locale, args.merge_from)
                left = [p for p in problems(domain, locale) if "untranslated" in p]
                print(f"{path.relative_to(ROOT)}: {len(left)} untranslated")
    for line in bad:
        print(line)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
