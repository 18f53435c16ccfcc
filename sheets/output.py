"""Writing user files safely: refuse to overwrite without force, and write atomically."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


class OutputExistsError(FileExistsError):
    """The output file is there already and force was not given."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path} already exists; pass --force to overwrite it")
        self.path = path


def check_writable(paths: list[Path], force: bool) -> None:
    """Raise OutputExistsError for the first existing path unless force."""
    if force:
        return
    for p in paths:
        if p.exists():
            raise OutputExistsError(p)


def write_atomic(path: Path, data: bytes, force: bool = False) -> None:
    """Write bytes to a temporary file beside `path`, then rename it into place."""
    path = Path(path)
    check_writable([path], force)
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        raise FileNotFoundError(f"folder {parent} does not exist; create it first")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def page_paths(path: Path, pages: int) -> list[Path]:
    """File names for a multi-page SVG: out.svg, or out-1.svg, out-2.svg, ..."""
    path = Path(path)
    if pages == 1:
        return [path]
    return [path.with_name(f"{path.stem}-{i}{path.suffix}") for i in range(1, pages + 1)]
