"""Checks on finished PDFs for tests and benchmarks: qpdf's structural check and fonts.

Needs pikepdf (a dev dependency), which wraps the same checks as `qpdf --check`.
"""
from __future__ import annotations

import io
from dataclasses import dataclass


def qpdf_problems(pdf: bytes) -> list[str]:
    """What `qpdf --check` reports for the document (an empty list when it is clean)."""
    import pikepdf
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return [str(p) for p in doc.check_pdf_syntax()]


@dataclass(frozen=True)
class FontInfo:
    name: str
    subtype: str
    embedded: bool


def fonts(pdf: bytes) -> list[FontInfo]:
    """Every font the pages use, with whether its program is embedded in the file."""
    import pikepdf
    seen: dict[str, FontInfo] = {}
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            res = page.obj.get("/Resources", {})
            for _, font in (res.get("/Font", {}) or {}).items():
                name = str(font.get("/BaseFont", "?"))
                desc = font.get("/FontDescriptor")
                if desc is None and "/DescendantFonts" in font:
                    desc = font["/DescendantFonts"][0].get("/FontDescriptor")
                embedded = desc is not None and any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
                seen[name] = FontInfo(name, str(font.get("/Subtype", "?")), embedded)
    return sorted(seen.values(), key=lambda f: f.name)
