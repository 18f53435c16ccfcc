"""The expected printed page: the blank sheet for a sheet id, rendered with the same code
the `sheet` command prints with (reportlab -> PDF -> pypdfium2), in frame pixels."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

import cv2
import numpy as np

from sheets.canvas import Canvas
from sheets.pdf import PdfCanvas
from sheets.raster import pdf_pages
from sheets.sheetid import SheetId

from . import games


@dataclass(frozen=True)
class Expected:
    """The blank page at `pxmm` pixels per mm: RGB in 0..1, its darkness, and masks."""

    pxmm: float
    rgb: np.ndarray        # HxWx3 float32
    dark: np.ndarray       # HxW float32, 1 - luminance
    dark_max: np.ndarray   # darkness dilated by the registration tolerance
    flat: np.ndarray       # bool: no printed edge within the tolerance (colour is comparable)
    paper: np.ndarray      # bool: plain light paper well away from print (for the white estimate)


def render_frame(page: Callable[[Canvas], None], frame_w: float, frame_h: float, pxmm: float) -> np.ndarray:
    """Draw one page function on a page exactly the frame's size and rasterise it (RGB uint8)."""
    cv = PdfCanvas(title="expected")
    cv.begin_page(frame_w, frame_h)
    page(cv)
    cv.end_page()
    img = pdf_pages(cv.finish(), dpi=pxmm * 25.4)[0]
    arr = np.asarray(img)
    want = (round(frame_h * pxmm), round(frame_w * pxmm))
    if arr.shape[:2] != want:
        arr = cv2.resize(arr, (want[1], want[0]), interpolation=cv2.INTER_AREA)
    return arr


def luminance(rgb: np.ndarray) -> np.ndarray:
    return rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114


def page_key(sheet_id: SheetId) -> SheetId:
    """The sheet id whose page stands for this one: every player of a seed shares the
    printed page except the QR code and the player line, which no mark is read from."""
    return replace(sheet_id, player=1)


@lru_cache(maxsize=8)
def _render(sheet_id: SheetId, pxmm: float) -> np.ndarray:
    reader = games.reader(sheet_id.game)
    lay = reader.LAYOUT()
    return render_frame(reader.page(sheet_id), lay.frame_w, lay.frame_h, pxmm)


def tolerance_for(photo_pxmm: float) -> float:
    """How far printed ink may spread in this photo (registration and blur), in mm."""
    return float(np.clip(round((0.3 + 1.2 / max(photo_pxmm, 0.1)) * 10) / 10, 0.4, 0.8))


def expected(sheet_id: SheetId, pxmm: float, tolerance_mm: float = 0.6) -> Expected:
    """The rendered blank page for this sheet id (cached per seed: a game night shares one).

    `tolerance_mm` is how far printed ink may reach in the photo (misregistration and
    blur); within it a mark must be darker than the print to count.
    """
    return _expected(page_key(sheet_id), pxmm, tolerance_mm)


@lru_cache(maxsize=8)
def _page(sheet_id: SheetId, pxmm: float) -> tuple[np.ndarray, np.ndarray]:
    """The rendered page as float RGB and its darkness, shared (read-only) by every tolerance."""
    rgb = _render(page_key(sheet_id), pxmm).astype(np.float32) / 255.0
    dark = 1.0 - luminance(rgb)
    rgb.setflags(write=False)
    dark.setflags(write=False)
    return rgb, dark


@lru_cache(maxsize=16)
def _expected(sheet_id: SheetId, pxmm: float, tolerance_mm: float = 0.6) -> Expected:
    rgb, dark = _page(page_key(sheet_id), pxmm)
    r = max(1, round(tolerance_mm * pxmm))
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    dmax = cv2.dilate(dark, k)
    dmin = cv2.erode(dark, k)
    flat = (dmax - dmin) < 0.04
    paper = dmax < 0.1
    return Expected(pxmm, rgb, dark, dmax, flat, paper)
