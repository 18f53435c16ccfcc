"""Re-Wilding docs stay true: the sheet schema matches the template and examples, and every
test the rulings cite exists."""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import jsonschema

from scorer.re_wilding.template import load

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "schemas" / "re-wilding-sheet.schema.json").read_text())


def test_the_schema_accepts_every_state_id_and_the_example():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    t = load()
    jsonschema.validate({"game": "re-wilding", "version": t.version, "filled": list(t.ids), "crossed": []}, SCHEMA)
    jsonschema.validate(json.loads((ROOT / "examples" / "re-wilding" / "finished.json").read_text()), SCHEMA)
    pattern = re.compile(SCHEMA["$defs"]["id"]["pattern"])
    assert not [i for i in ["sq-6-1-plant-1", "ab-fly-1", "cal-11-plus", "sel-save-die-1"] if pattern.match(i)]


def test_every_test_the_rulings_cite_exists():
    text = (ROOT / "docs" / "rulings.md").read_text()
    section = text[text.index("## Re-Wilding"):]
    section = section[:section.index("\n## ", 5)] if "\n## " in section[5:] else section
    names: dict[str, set[str]] = {}
    for path in (ROOT / "tests").glob("test_re_wilding_*.py"):
        tree = ast.parse(path.read_text())
        names[path.name] = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}
    cited = 0
    for row in section.splitlines():
        if not row.startswith("| RE"):
            continue
        default = "test_re_wilding_rules.py"
        for ref in re.findall(r"`([^`]*::test_\w+)`", row):
            file, name = ref.split("::")
            file = Path(file).name if file else default
            assert name in names.get(file, set()), f"{row[:6]} cites {ref}, which does not exist"
            cited += 1
    assert cited >= 40
