"""Helpers for the photo tests: render a printed page and photograph it with a fixed shot."""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from benchmarks.photogen.camera import Shot, photograph
from sheets.sheetid import SheetId

PXMM = 6.0
STRAIGHT = Shot(megapixels=2.0, tilt_deg=12.0, rotation_deg=8.0, fill=0.88, blur=0.4, noise=2.0, quality=88,
                shadow=False, exif_rotate=0, landscape=False)


@lru_cache(maxsize=8)
def page(sid: SheetId, qr_payload: str | None = None) -> np.ndarray:
    """The printed page (paper size) as RGB, optionally with another QR payload printed."""
    from scorer.cli.raging_waters import build_pdf_or_svg
    from scorer.photo import games
    from sheets.marks import qr_code
    from sheets.raster import pdf_pages
    reader = games.reader("raging-waters")
    draw = reader.page(sid)

    def with_qr(cv):
        draw(cv)
        if qr_payload is not None:
            x, y, w, _ = reader.LAYOUT().qr
            qr_code(cv, x, y, w, qr_payload)

    pdf = build_pdf_or_svg("pdf", sid.paper, [with_qr])
    return np.asarray(pdf_pages(pdf, dpi=PXMM * 25.4)[0])


def photo(sid: SheetId, shot: Shot = STRAIGHT, seed: int = 1, qr_payload: str | None = None,
          occlude: list[tuple[float, float, float]] | None = None) -> tuple[bytes, np.ndarray]:
    """JPEG bytes of the blank printed page and H (page mm -> photo px)."""
    rng = np.random.default_rng(seed)
    jpeg, H, _ = photograph(page(sid, qr_payload), PXMM, shot, rng, occlude)
    return jpeg, H
