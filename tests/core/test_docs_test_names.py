"""The docs cite tests as their evidence (``docs/reliability.md``'s table, the statistics page): every cited test
file exists and every cited test is defined in it, so a moved or renamed test cannot leave a claim unbacked."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# `tests/x/y.py`, `tests/x/y.py::test_name`, and the `::test_other` that follow it in one cell
CITE = re.compile(r"`(tests/[\w/]+\.py)(?:::(\w+))?`((?:,\s*`::\w+`)*)")


def citations():
    for page in sorted((ROOT / "docs").rglob("*.md")):
        for m in CITE.finditer(page.read_text(encoding="utf-8")):
            names = ([m.group(2)] if m.group(2) else []) + re.findall(r"`::(\w+)`", m.group(3))
            yield page.relative_to(ROOT), m.group(1), names


def test_the_docs_cite_some_tests():
    assert sum(len(names) for _, _, names in citations()) > 20


def test_every_test_the_docs_cite_exists_where_they_say():
    missing = []
    for page, file, names in citations():
        path = ROOT / file
        if not path.is_file():
            missing.append(f"{page}: {file}")
            continue
        text = path.read_text(encoding="utf-8")
        missing += [f"{page}: {file}::{n}" for n in names if not re.search(rf"^\s*(?:async\s+)?def {n}\(", text, re.M)]
    assert not missing, "\n".join(missing)
