"""Sheet ids: compact, strict, never a path or code."""
from __future__ import annotations

import pytest

from sheets.sheetid import SheetId, SheetIdError


def test_round_trip():
    sid = SheetId("raging-waters", 1, "game-night", 2, "letter", "blank")
    assert sid.encode() == "HW1:rw:1:game-night:2:lt:b"
    assert SheetId.parse(sid.encode()) == sid


@pytest.mark.parametrize("text", [
    "", "HW1:rw:1:seed:1:a4", "HW2:rw:1:seed:1:a4:r", "HW1:xx:1:seed:1:a4:r", "HW1:rw:0:seed:1:a4:r",
    "HW1:rw:1:../etc/passwd:1:a4:r", "HW1:rw:1:seed:0:a4:r", "HW1:rw:1:seed:1:a3:r", "HW1:rw:1:seed:1:a4:x",
    "HW1:rw:1:" + "s" * 25 + ":1:a4:r", "HW1:rw:1:seed:1:a4:r\x00", "__import__('os')", "x" * 500,
])
def test_garbage_is_rejected(text):
    with pytest.raises(SheetIdError):
        SheetId.parse(text)


def test_fields_are_validated_on_construction():
    with pytest.raises(SheetIdError):
        SheetId("chess", 1, "s", 1, "a4")
    with pytest.raises(SheetIdError):
        SheetId("raging-waters", 1, "has space", 1, "a4")
