"""Writing user files: atomic, and never over a user's file without force."""
from __future__ import annotations

import os

import pytest

from sheets.output import OutputExistsError, page_paths, write_atomic


def test_refuses_to_overwrite_and_leaves_no_temp_files(tmp_path):
    p = tmp_path / "a.pdf"
    p.write_bytes(b"mine")
    with pytest.raises(OutputExistsError, match="--force"):
        write_atomic(p, b"new")
    assert p.read_bytes() == b"mine"
    write_atomic(p, b"new", force=True)
    assert p.read_bytes() == b"new"
    assert os.listdir(tmp_path) == ["a.pdf"]


def test_missing_folder_is_reported(tmp_path):
    with pytest.raises(FileNotFoundError, match="does not exist"):
        write_atomic(tmp_path / "nope" / "a.pdf", b"x")


def test_page_paths():
    assert [p.name for p in page_paths("out.svg", 1)] == ["out.svg"]
    assert [p.name for p in page_paths("out.svg", 3)] == ["out-1.svg", "out-2.svg", "out-3.svg"]
