"""Entered Raging Waters sheets: validation errors and the JSON Schema."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import jsonschema
import pytest

from scorer.errors import SheetError
from scorer.raging_waters import score
from scorer.raging_waters.sheet_json import dump_sheet, load_sheet
from tests.rw_helpers import state, with_berms

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "raging-waters" / "finished.json"
SCHEMA = ROOT / "docs" / "schemas" / "raging-waters-sheet.schema.json"


def _sheet():
    return dump_sheet(with_berms(state(), 0, [("W2", "E2")]))


def test_round_trip():
    st = with_berms(state(), 0, [("W2", "E2")])
    again = load_sheet(dump_sheet(st))
    assert again.maps[0].berms == (("W2", "E2"),) and score(again).total == score(st).total


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["subdivisions"]["aquaterra"]["berms"].extend([["W2", "S1"], ["W2", "N1"]]),
     "pile W2 is used 3 times"),
    (lambda d: d["subdivisions"]["aquaterra"].update(houses=[[4, 4], [6, 6], [2, 2]], swamps=[[6, 3]],
                                                     berms=[["N4", "S1"]]),
     "through the house at column 4, row 4"),
    (lambda d: d["subdivisions"]["aquaterra"]["berms"].append(["W2", "Q7"]), "unknown pile 'Q7'"),
    (lambda d: d["subdivisions"]["aquaterra"]["berms"].append(["E2", "W2"]), "joined twice"),
    (lambda d: d["subdivisions"]["aquaterra"]["berms"].append(["N1", "N2"]), "north edge"),
    (lambda d: d["subdivisions"]["boglandia"]["berms"].append(["N1", "S1"]), "neither completed nor left"),
    (lambda d: d.update(backhoes_crossed=4), "backhoes_crossed"),
    (lambda d: d["subdivisions"]["delta"].update(houses=[[1, 1]]), "Delta has 6 houses"),
    (lambda d: d["subdivisions"]["aquaterra"].update(houses=[[0, 7], [1, 1], [2, 2]]), "off the 6x6 lattice"),
    (lambda d: d.update(version=9), "version 9 is unknown"),
    (lambda d: d["subdivisions"].pop("delta"), "'delta' is missing"),
    (lambda d: d.update(colour="red"), "unknown field"),
])
def test_contradictory_or_malformed_sheets_are_rejected(mutate, message):
    d = _sheet()
    mutate(d)
    with pytest.raises(SheetError, match=message):
        load_sheet(d)


def test_completed_subdivision_cannot_also_be_left():
    d = dump_sheet(with_berms(state(), 0, [("W2", "E2"), ("N1", "E4")]))
    d["subdivisions"]["aquaterra"]["left"] = True
    with pytest.raises(SheetError, match="can't also be left"):
        load_sheet(d)


def test_example_sheets_match_the_schema_and_load():
    schema = json.loads(SCHEMA.read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    for path in sorted((ROOT / "examples" / "raging-waters").glob("*.json")):
        data = json.loads(path.read_text())
        jsonschema.validate(data, schema)
        load_sheet(data)


def test_schema_rejects_what_the_loader_rejects_by_shape():
    schema = json.loads(SCHEMA.read_text())
    bad = copy.deepcopy(json.loads(EXAMPLE.read_text()))
    bad["subdivisions"]["aquaterra"]["berms"].append(["N1"])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)
