"""Print kits: sections of cards, tiles, tokens, posters and plain pages, drawn to pages.

A `Kit` is a title, `PrintOptions` and a list of sections:

* `PieceSheet`: same-size pieces (cards, tiles, tokens) imposed on a grid with crop marks,
  and their backs on mirrored back pages (or beside them with `fold`);
* `PosterSection`: one drawing tiled across pages with overlap strips;
* `PageSection`: a plain page (a score pad, a player aid), optionally with a back;
* `CalibrationSection`: the duplex calibration sheet.

`Kit.render(canvas)` draws every page and returns a `Manifest`: every page's role and
label, every piece's page, side and position, and every crop mark, so tests can count
cards per type and check geometry without reading the PDF.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from . import furniture
from .calibration import draw_back as calibration_back, draw_front as calibration_front
from .canvas import Canvas
from .imposition import (Layout, Rect, Segment, Slot, back_rotation, fold_layout,
                         free_bands, grid_layout, printable)
from .ink import Ink
from .paper import PRINT_MARGIN
from .poster import BAND, OVERLAP, PosterPlan, draw_minimap, draw_tile, plan_poster
from .printopts import PrintOptions
from .shapes import shape_ops
from .style import INK, MUTED, Style, stroke

ProgressFn = Callable[[int, int], None]


@dataclass(frozen=True)
class Face:
    """What a piece's draw function is given: its trim size, the bleed it may paint
    beyond each trim edge (left, top, right, bottom), the ink policy and the side."""

    w: float
    h: float
    bleed: tuple[float, float, float, float]
    ink: Ink
    side: str = "front"

    @property
    def paint(self) -> Rect:
        """The paintable area in piece coordinates (trim top-left is 0, 0)."""
        l, t, r, b = self.bleed
        return Rect(-l, -t, self.w + l + r, self.h + t + b)


DrawFn = Callable[[Canvas, Face], None]


@dataclass(frozen=True)
class Piece:
    """One physical piece. `kind` is what the manifest counts (e.g. the card id)."""

    kind: str
    front: DrawFn
    back: DrawFn | None = None
    label: str = ""
    group: str = ""


@dataclass(frozen=True)
class PieceSheet:
    """Pieces of one trim size and shape, imposed together.

    bleed and gap default to the kit's options (for round and hex shapes the gap is at
    least 2 mm). cut_lines draws each outline: `auto` is both sides for round and hex
    shapes and none for rectangles, which get crop marks instead.
    """

    name: str
    pieces: Sequence[Piece]
    w: float
    h: float
    shape: str = "rect"
    bleed: float | None = None
    gap: float | None = None
    pack: str = "grid"
    cut_lines: str = "auto"          # auto | none | front | back | both
    backs: bool = True
    orientation: str = "auto"


@dataclass(frozen=True)
class PosterSection:
    """A w x h mm drawing tiled across pages. draw(cv, ink) draws it with (0, 0) top-left."""

    name: str
    w: float
    h: float
    draw: Callable[[Canvas, Ink], None]
    overlap: float = OVERLAP
    orientation: str = "auto"


@dataclass(frozen=True)
class PageSection:
    """A plain page. draw(cv, ink, area) draws inside `area` (page mm; the printable
    area less a band at the bottom for the label and note). `back` likewise."""

    name: str
    draw: Callable[[Canvas, Ink, Rect], None]
    back: Callable[[Canvas, Ink, Rect], None] | None = None
    landscape: bool = False


@dataclass(frozen=True)
class CalibrationSection:
    """The duplex calibration sheet (front and back); needs duplex long or short."""

    name: str = "Duplex calibration"


Section = PieceSheet | PosterSection | PageSection | CalibrationSection


@dataclass(frozen=True)
class PageRecord:
    number: int            # 1-based page in the document
    sheet: int             # physical sheet of paper (a front and its back share one)
    role: str              # front | back | fold | poster | page | blank | calibration-front | calibration-back
    section: str
    label: str
    width: float
    height: float
    tile: str = ""         # poster tile name, e.g. "A1 of 2×1"


@dataclass(frozen=True)
class Placement:
    section: str
    kind: str
    label: str
    group: str
    index: int             # the piece's index in its section
    page: int
    side: str              # front | back
    slot: int
    x: float               # trim box on the page, mm
    y: float
    w: float
    h: float
    rotation: int          # 0 or 180: how the art is turned in its slot
    shape: str = "rect"

    @property
    def rect(self) -> Rect:
        return Rect(self.x, self.y, self.w, self.h)


@dataclass
class Manifest:
    """What a kit render put where."""

    title: str
    paper: str
    duplex: str
    fold: bool
    back_offset: tuple[float, float]
    pages: list[PageRecord] = field(default_factory=list)
    placements: list[Placement] = field(default_factory=list)
    marks: dict[int, list[Segment]] = field(default_factory=dict)
    furniture: dict[int, list[Rect]] = field(default_factory=dict)
    layouts: dict[str, dict[str, Any]] = field(default_factory=dict)

    def counts(self, section: str | None = None, side: str = "front", by: str = "kind") -> dict[str, int]:
        """How many pieces of each kind (or group) were placed, per side."""
        c = Counter(getattr(p, by) for p in self.placements
                    if p.side == side and (section is None or p.section == section))
        return dict(sorted(c.items()))

    def page(self, number: int) -> PageRecord:
        return self.pages[number - 1]

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready summary (for --json): pages, layouts and counts per section."""
        sections = sorted({p.section for p in self.placements})
        return {
            "title": self.title, "paper": self.paper, "duplex": self.duplex, "fold": self.fold,
            "back_offset": list(self.back_offset), "page_count": len(self.pages),
            "pages": [{"number": p.number, "sheet": p.sheet, "role": p.role, "section": p.section,
                       "label": p.label, **({"tile": p.tile} if p.tile else {})} for p in self.pages],
            "layouts": self.layouts,
            "counts": {s: self.counts(s) for s in sections},
        }


@dataclass(frozen=True)
class _Plan:
    role: str
    section: str
    page_w: float
    page_h: float
    draw: Callable[[Canvas, "_Ctx"], None]
    label: str
    tile: str = ""
    new_sheet: bool = True


@dataclass
class _Ctx:
    number: int
    total: int
    manifest: Manifest
    core: str = ""

    @property
    def label(self) -> str:
        """The printed page label: the plan's label and 'page n/N'."""
        return f"{self.core} · page {self.number}/{self.total}" if self.core else ""


@dataclass
class Kit:
    """A printable kit: sections rendered in order with the same print options."""

    title: str
    options: PrintOptions = field(default_factory=PrintOptions)
    sections: list[Section] = field(default_factory=list)

    def add(self, *sections: Section) -> "Kit":
        """Append sections; returns the kit for chaining."""
        self.sections.extend(sections)
        return self

    # -- planning -------------------------------------------------------------------
    def _plans(self, manifest: Manifest) -> list[_Plan]:
        plans: list[_Plan] = []
        for sec in self.sections:
            if isinstance(sec, PieceSheet):
                plans += self._piece_plans(sec, manifest)
            elif isinstance(sec, PosterSection):
                plans += self._poster_plans(sec)
            elif isinstance(sec, PageSection):
                plans += self._page_plans(sec)
            elif isinstance(sec, CalibrationSection):
                plans += self._calibration_plans(sec)
            else:
                raise TypeError(f"not a kit section: {sec!r}")
        return plans

    def _blank_after(self, plans: list[_Plan], front: _Plan) -> None:
        """Keep front/back pairs aligned in a duplex job: a one-sided page gets a blank back."""
        if self.options.duplex in ("long", "short") and not self.options.fold:
            plans.append(_Plan("blank", front.section, front.page_w, front.page_h,
                               _draw_blank, "", new_sheet=False))

    def layout_for(self, sec: PieceSheet) -> Layout:
        """The page layout a piece sheet gets with this kit's options."""
        o = self.options
        rect = sec.shape == "rect"
        gap = sec.gap if sec.gap is not None else (o.gap if rect else max(o.gap, 2.0))
        bleed = sec.bleed if sec.bleed is not None else (o.bleed if rect else 1.0)
        n = len(sec.pieces)
        if o.fold and sec.backs and any(p.back is not None for p in sec.pieces):  # nothing to fold without backs
            return fold_layout(o.paper, sec.w, sec.h, bleed=bleed, gap=gap, shape=sec.shape,
                               marks=o.crop_marks, max_count=n)
        orientation = sec.orientation
        if orientation == "auto" and o.duplex != "none" and sec.backs:
            # Duplex pages stay portrait so "long edge" means the same on every printer
            # (drivers rotate landscape pages differently); landscape only if it must.
            try:
                return grid_layout(o.paper, sec.w, sec.h, bleed=bleed, gap=gap, shape=sec.shape,
                                   pack=sec.pack, marks=o.crop_marks, orientation="portrait", max_count=n)
            except ValueError:
                pass
        return grid_layout(o.paper, sec.w, sec.h, bleed=bleed, gap=gap, shape=sec.shape, pack=sec.pack,
                           marks=o.crop_marks, orientation=orientation, max_count=n)

    def _piece_plans(self, sec: PieceSheet, manifest: Manifest) -> list[_Plan]:
        o = self.options
        lay = self.layout_for(sec)
        per = lay.per_page
        chunks = [list(range(i, min(i + per, len(sec.pieces)))) for i in range(0, len(sec.pieces), per)]
        with_backs = sec.backs and o.backs and any(p.back is not None for p in sec.pieces)
        manifest.layouts[sec.name] = {
            "cols": lay.cols, "rows": lay.rows, "per_page": per, "sheets": len(chunks),
            "landscape": lay.landscape, "trim": [sec.w, sec.h], "gap": lay.gap, "shape": sec.shape,
            "fold": lay.fold_x is not None}
        plans: list[_Plan] = []
        n = len(chunks)
        for k, chunk in enumerate(chunks, 1):
            core = f"{self.title} · {sec.name} · sheet {k}/{n}"
            if lay.fold_x is not None:
                plans.append(_Plan("fold", sec.name, lay.page_w, lay.page_h,
                                   _piece_page(self, sec, lay, chunk, "fold", with_backs),
                                   f"{core} · fold on the centre line, glue, then cut"))
                continue
            plans.append(_Plan("front", sec.name, lay.page_w, lay.page_h,
                               _piece_page(self, sec, lay, chunk, "front", with_backs), f"{core} · front"))
            if with_backs:
                plans.append(_Plan("back", sec.name, lay.page_w, lay.page_h,
                                   _piece_page(self, sec, lay, chunk, "back", with_backs),
                                   f"{core} · back ({o.duplex}-edge flip)", new_sheet=False))
            else:
                self._blank_after(plans, plans[-1])
        return plans

    def _poster_plans(self, sec: PosterSection) -> list[_Plan]:
        plan = plan_poster(self.options.paper, sec.w, sec.h, overlap=sec.overlap, orientation=sec.orientation)
        plans: list[_Plan] = []
        for tile in plan.tiles:
            name = f"{tile.name} of {plan.grid}"
            plans.append(_Plan("poster", sec.name, plan.page_w, plan.page_h,
                               _poster_page(self, sec, plan, tile), f"{self.title} · {sec.name} · {name}",
                               tile=name))
            self._blank_after(plans, plans[-1])
        return plans

    def _page_plans(self, sec: PageSection) -> list[_Plan]:
        p = self.options.paper.landscape if sec.landscape else self.options.paper
        plans = [_Plan("page", sec.name, p.width, p.height, _plain_page(self, sec, sec.draw),
                       f"{self.title} · {sec.name}")]
        if sec.back is not None and self.options.backs and not self.options.fold:
            plans.append(_Plan("back", sec.name, p.width, p.height, _plain_page(self, sec, sec.back),
                               f"{self.title} · {sec.name} · back", new_sheet=False))
        else:
            self._blank_after(plans, plans[-1])
        return plans

    def _calibration_plans(self, sec: CalibrationSection) -> list[_Plan]:
        o = self.options
        if o.fold or o.duplex not in ("long", "short"):
            raise ValueError("the calibration sheet needs --duplex long or short (and no --fold)")
        p = o.paper
        def front_page(cv: Canvas, ctx: _Ctx) -> None:
            calibration_front(cv, p.width, p.height, o.duplex, o.back_offset, self.title)
            _band_furniture(cv, ctx, p.width, p.height)

        def back_page(cv: Canvas, ctx: _Ctx) -> None:
            calibration_back(cv, p.width, p.height, o.duplex, o.back_offset)
            _band_furniture(cv, ctx, p.width, p.height)
        front = _Plan("calibration-front", sec.name, p.width, p.height, front_page,
                      f"{self.title} · {sec.name} · front")
        back = _Plan("calibration-back", sec.name, p.width, p.height, back_page,
                     f"{self.title} · {sec.name} · back", new_sheet=False)
        return [front, back]

    def page_count(self) -> int:
        """How many pages render() will draw, without drawing them."""
        o = self.options
        return len(self._plans(Manifest(self.title, o.paper.name, o.duplex, o.fold, o.back_offset)))

    # -- rendering ------------------------------------------------------------------
    def render(self, cv: Canvas, progress: ProgressFn | None = None) -> Manifest:
        """Draw every page on `cv` and return the manifest. `progress(done, total)` is
        called after each page."""
        o = self.options
        manifest = Manifest(self.title, o.paper.name, o.duplex, o.fold, o.back_offset)
        plans = self._plans(manifest)
        sheet = 0
        for i, plan in enumerate(plans, 1):
            sheet += 1 if plan.new_sheet or o.duplex == "none" or o.fold else 0
            ctx = _Ctx(i, len(plans), manifest, plan.label)
            cv.begin_page(plan.page_w, plan.page_h)
            plan.draw(cv, ctx)
            cv.end_page()
            manifest.pages.append(PageRecord(i, sheet, plan.role, plan.section, ctx.label,
                                             plan.page_w, plan.page_h, plan.tile))
            if progress is not None:
                progress(i, len(plans))
        return manifest

    def pdf(self, progress: ProgressFn | None = None) -> tuple[bytes, Manifest]:
        """Render to a PDF; returns (bytes, manifest)."""
        from .pdf import PdfCanvas
        cv = PdfCanvas(title=self.title, subject="Print at 100 % / actual size")
        manifest = self.render(cv, progress)
        return cv.finish(), manifest


# -- page drawers ---------------------------------------------------------------------

def _draw_blank(cv: Canvas, ctx: _Ctx) -> None:
    """Nothing but a faint note, so a stray blank page explains itself."""
    prev = ctx.manifest.pages[-1] if ctx.manifest.pages else None
    w = prev.width if prev else 210.0
    h = prev.height if prev else 297.0
    cv.text(w / 2, h - PRINT_MARGIN - 2, f"Back of page {ctx.number - 1}: left blank for double-sided printing",
            size=2.0, font="cond", anchor="middle", fill=MUTED)


def _face(slot: Slot, ink: Ink, side: str, rotation: int) -> Face:
    t, p = slot.trim, slot.paint
    bleed = (t.x - p.x, t.y - p.y, p.right - t.right, p.bottom - t.bottom)
    if rotation == 180:
        bleed = (bleed[2], bleed[3], bleed[0], bleed[1])
    return Face(t.w, t.h, tuple(max(0.0, b) for b in bleed), ink, side)  # type: ignore[arg-type]


def draw_piece(cv: Canvas, draw: DrawFn, slot: Slot, shape: str, ink: Ink, side: str, rotation: int = 0) -> None:
    """Draw one piece in its slot, clipped to its paint area and turned if asked."""
    t = slot.trim
    cv.save()
    if shape == "rect":
        cv.clip_rect(slot.paint.x, slot.paint.y, slot.paint.w, slot.paint.h)
    else:
        cv.clip(shape_ops(shape, t, grow=t.x - slot.paint.x))
    cv.translate(t.x, t.y)
    if rotation == 180:
        cv.translate(t.w, t.h)
        cv.rotate(180)
    draw(cv, _face(slot, ink, side, rotation))
    cv.restore()


CUT_LINE = stroke(INK, 0.18)


def _piece_page(kit: Kit, sec: PieceSheet, lay: Layout, chunk: list[int], role: str,
                with_backs: bool) -> Callable[[Canvas, _Ctx], None]:
    o = kit.options
    ink = o.ink
    cut = sec.cut_lines if sec.cut_lines != "auto" else ("none" if sec.shape == "rect" else "both")

    def draw(cv: Canvas, ctx: _Ctx) -> None:
        placements = ctx.manifest.placements
        sides = []
        if role in ("front", "fold"):
            sides.append(("front", lay.slots, 0))
        if role == "back":
            sides.append(("back", lay.back_slots(o.duplex, o.back_offset),
                          back_rotation(lay.page_w, lay.page_h, o.duplex)))
        if role == "fold" and with_backs:
            sides.append(("back", lay.back_slots_fold, 0))
        for side, slots, rot in sides:
            for slot, idx in zip(slots, chunk):
                piece = sec.pieces[idx]
                fn = piece.front if side == "front" else piece.back
                if fn is not None:
                    draw_piece(cv, fn, slot, sec.shape, ink, side, rot)
                if cut in ("both", side):
                    cv.path(shape_ops(sec.shape, slot.trim), CUT_LINE)
                t = slot.trim
                placements.append(Placement(sec.name, piece.kind, piece.label, piece.group, idx, ctx.number,
                                            side, slot.index, round(t.x, 3), round(t.y, 3), t.w, t.h, rot,
                                            sec.shape))
        marks: list[Segment] = list(lay.marks) if role in ("front", "fold") else []
        mark_style = stroke(INK, 0.2, cap="butt")
        for x1, y1, x2, y2 in marks:
            cv.line(x1, y1, x2, y2, mark_style)
        ctx.manifest.marks[ctx.number] = marks
        if role == "back":
            band_lay = replace(lay, slots=lay.back_slots(o.duplex, o.back_offset), marks=())
        else:
            band_lay = lay
        if role == "fold":
            _fold_line(cv, lay)
        label = ctx.label
        bands = free_bands(band_lay, furniture.DEPTH)
        ctx.manifest.furniture[ctx.number] = furniture.place(cv, bands, label)
    return draw


def _fold_line(cv: Canvas, lay: Layout) -> None:
    assert lay.fold_x is not None
    area = printable(lay.page_w, lay.page_h)
    x = lay.fold_x
    cv.line(x, area.y, x, area.bottom, Style(stroke=MUTED, width=0.25, dash=(3.0, 1.0, 0.6, 1.0), cap="butt"))
    for y in (area.y + area.h * 0.25, area.y + area.h * 0.75):
        with cv.transformed(x + 1.2, y, rotate=90):
            cv.text(0, 0, "fold", size=2.0, font="cond", anchor="middle", fill=MUTED)


def _poster_page(kit: Kit, sec: PosterSection, plan: PosterPlan, tile) -> Callable[[Canvas, _Ctx], None]:
    ink = kit.options.ink

    def draw(cv: Canvas, ctx: _Ctx) -> None:
        draw_tile(cv, plan, tile, lambda c: sec.draw(c, ink))
        area = printable(plan.page_w, plan.page_h)
        y = area.bottom - BAND / 2 + 0.9
        label = ctx.label
        mw = draw_minimap(cv, area.x, area.bottom - BAND / 2 - plan.rows * 1.0, plan, tile)
        note_len = furniture.note_length(50)
        text, size = furniture.fit_label(label, area.w - mw - note_len - 8)
        cv.text(area.x + mw + 2.5, y, text, size=size, font=furniture.FONT, fill=INK)
        furniture.draw_note(cv, area.right - note_len, y, 50)
        ctx.manifest.marks[ctx.number] = []
        ctx.manifest.furniture[ctx.number] = [Rect(area.x, area.bottom - BAND, area.w, BAND)]
    return draw


def _plain_page(kit: Kit, sec: PageSection, fn: Callable[[Canvas, Ink, Rect], None]) -> Callable[[Canvas, _Ctx], None]:
    ink = kit.options.ink

    def draw(cv: Canvas, ctx: _Ctx) -> None:
        paper = kit.options.paper.landscape if sec.landscape else kit.options.paper
        area = printable(paper.width, paper.height)
        body = Rect(area.x, area.y, area.w, area.h - BAND)
        fn(cv, ink, body)
        _band_furniture(cv, ctx, paper.width, paper.height)
    return draw


def _band_furniture(cv: Canvas, ctx: _Ctx, page_w: float, page_h: float) -> None:
    """The page label and the print note in the band at the bottom of the printable area."""
    area = printable(page_w, page_h)
    y = area.bottom - BAND / 2 + 0.9
    note_len = furniture.note_length(50)
    text, size = furniture.fit_label(ctx.label, area.w - note_len - 6)
    cv.text(area.x, y, text, size=size, font=furniture.FONT, fill=INK)
    furniture.draw_note(cv, area.right - note_len, y, 50)
    ctx.manifest.marks[ctx.number] = []
    ctx.manifest.furniture[ctx.number] = [Rect(area.x, area.bottom - BAND, area.w, BAND)]
