"""One synthetic sample: a sheet played by the bot, filled in by hand, photographed."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from functools import lru_cache

import numpy as np

from scorer.photo.markmap import MARKED
from sheets.paper import PAPERS
from sheets.sheetid import SheetId

from . import pens
from .camera import Shot, photograph, random_shot
from .pens import Page

RENDER_PXMM = 10.0
PLAYERS = 4


@dataclass
class Sample:
    """A photo and its exact ground truth."""

    jpeg: bytes
    sheet_id: SheetId
    truth: dict                 # mark id -> state (every mark of the mark map)
    sheet: dict                 # the sheet JSON the marks mean
    score: int
    shot: Shot
    H: np.ndarray               # frame mm -> upright photo px
    size: tuple[int, int]
    notes: dict = field(default_factory=dict)

    def meta(self) -> dict:
        return {"sheet_id": self.sheet_id.encode(), "score": self.score, "shot": asdict(self.shot),
                "size": list(self.size), "truth": self.truth, "sheet": self.sheet}


@lru_cache(maxsize=8)
def _page_raster(sid: SheetId, pxmm: float) -> np.ndarray:
    """The printed page (whole paper) as RGB uint8."""
    from scorer.cli.raging_waters import build_pdf_or_svg
    from scorer.photo import games
    from sheets.raster import pdf_pages
    reader = games.reader(sid.game)
    pdf = build_pdf_or_svg("pdf", sid.paper, [reader.page(sid)])
    return np.asarray(pdf_pages(pdf, dpi=pxmm * 25.4)[0])


def make_sample(seed: int, game: str = "raging-waters", mp: tuple[float, float] = (1.0, 12.0),
                max_tilt: float = 40.0, setup: str | None = None, occlude: str | None = None,
                shot: Shot | None = None, hand: str = "typical") -> Sample:
    """Generate sample number `seed` (deterministic). `hand` is how the player draws
    (Raging Waters ruler lines: "typical" or "sloppy", see fill_raging_waters.MISS)."""
    rng = np.random.default_rng([seed, 4242])
    if game == "raging-waters":
        from . import fill_raging_waters as filler
    else:
        from . import fill_re_wilding as filler
    # a game night: four players share a seed, a paper size and a setup
    night = np.random.default_rng([seed // PLAYERS, 77])
    setup = setup or ("blank" if night.random() < 0.25 and game == "raging-waters" else "rolled")
    if game == "re-wilding":
        setup = "blank"  # its sheet ids always say blank (ruling RE22)
    paper = "letter" if night.random() < 0.3 else "a4"
    from scorer.photo import games
    lay = games.reader(game).LAYOUT()
    sid = SheetId(game, lay.version, f"night{seed // PLAYERS}", seed % PLAYERS + 1, paper, setup)
    page = Page(_page_raster(sid, RENDER_PXMM), RENDER_PXMM, rng)
    p = PAPERS[paper]
    ox, oy = (p.width - lay.frame_w) / 2, (p.height - lay.frame_h) / 2
    truth, sheet, score = filler.fill(page, sid, (ox, oy), rng, hand)
    shot = shot or random_shot(rng, mp, max_tilt)
    discs = None
    if occlude:
        x, y, w, h = lay.marker_box({"tl": 0, "tr": 1, "br": 2, "bl": 3}[occlude])
        discs = [(ox + x + w / 2 + rng.uniform(-2, 2), oy + y + h / 2 + rng.uniform(-2, 2), 11.0)]
    jpeg, Hpage, size = photograph(page.uint8(), RENDER_PXMM, shot, rng, discs)
    H = Hpage @ np.array([[1, 0, ox], [0, 1, oy], [0, 0, 1]])
    return Sample(jpeg, sid, truth, sheet, score, shot, H, size)


def all_states(marks, marked: set[str]) -> dict[str, str]:
    return {m.id: (MARKED if m.id in marked else m.states[0]) for m in marks}


PEN_CHOICES = (pens.PENCIL, pens.BALLPOINT_BLUE, pens.BALLPOINT_BLACK, pens.FELT_BLACK)
