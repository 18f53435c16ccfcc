"""A game's "mark map": every place a player can write, with its id, kind and geometry.

Kinds and geometry (all in frame mm):
- ``line``: a ruler line between two points, ``(x0, y0, x1, y1)`` (Raging Waters berms);
- ``box``: a printed box a player ticks, fills or crosses, ``(x, y, w, h)``;
- ``dot``: a hand-drawn dot at a point, ``(x, y)`` (houses on blank sheets);
- ``cell``: a square a player shades, ``(x, y, w, h)`` (swamps on blank sheets);
- ``outline``: a printed closed outline a player colours or crosses, a polygon
  ``((x, y), ...)`` (Re-Wilding plants and wildlife).

`states` lists what the mark can read as; the first is the empty state.
"""
from __future__ import annotations

from dataclasses import dataclass, field

EMPTY, MARKED, COLOURED, CROSSED, FILLED = "empty", "marked", "coloured", "crossed", "filled"


def bbox(pts) -> tuple[float, float, float, float]:
    """The bounding box (x, y, w, h) of a polygon's points, in frame mm."""
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


@dataclass(frozen=True)
class Mark:
    """One place to read."""

    id: str
    kind: str
    geom: tuple
    states: tuple[str, ...] = (EMPTY, MARKED)
    group: str = ""
    label: str = ""  # how a player would name it, e.g. "berm N1-E2 in Aquaterra"
    box: tuple | None = None   # outlines: the printed icon's box (x, y, w, h), where a cross goes
    icon: str = ""             # outlines: the icon's name (e.g. "snake")

    @property
    def name(self) -> str:
        return self.label or self.id


@dataclass
class Reading:
    """What a mark was read as, how sure the reader is, and the evidence it used."""

    mark: Mark
    state: str
    confidence: float          # calibrated probability that `state` is right
    unsure: bool = False
    alternative: str | None = None   # the runner-up state when unsure
    evidence: dict = field(default_factory=dict)

    @property
    def why(self) -> str | None:
        """Why the rules (rulings PH54, PH60), a shadow (PH19, PH70), a smear (PH112), a faint
        line along print (PH184) or a bare inside (PH160) doubt a reading the photo alone was
        sure of; None where only the photo's own evidence is unsure."""
        ev = self.evidence
        if "rule_broken" in ev:
            return str(ev["rule_broken"])
        if "order_broken" in ev:
            return f"the rules can't have it with {ev['order_broken']} as read"
        if self.shadowed:
            return "a shadow lies across it and may be all that darkens it"
        if self.smeared:
            return "it darkens smoothly from one side: ink run in from beside it may be all that darkens it"
        if "faint_along_print" in ev:
            return "no line shows, but a faint one may run along the print under it"
        if "bare_inside" in ev:
            return "its inside is nearly white: the outline's own print, blurred or shaded, may be all that darkens it"
        return None

    @property
    def shadowed(self) -> bool:
        """Whether a shadow (a stripe, PH19, an edge, PH70, its tip, PH139, PH140, PH175, PH189,
        or its depth or edge over a thin outline, PH173, PH180) doubts the reading."""
        return any(k in self.evidence for k in ("shadow", "shadow_edge", "shadow_beside", "deep_shade", "edge_span",
                                                "even_tip"))

    @property
    def smeared(self) -> bool:
        """Whether ink run in from beside a box may be all that darkens it (PH112)."""
        return "smear" in self.evidence

    @property
    def overruled(self) -> str | None:
        """What the photo alone read, where the game's rules settled the mark otherwise (the
        settles' evidence `read_as`, with their reason `ruled_out`); else None."""
        return self.evidence.get("read_as")

    def to_dict(self) -> dict:
        d = {"id": self.mark.id, "kind": self.mark.kind, "state": self.state,
             "confidence": round(self.confidence, 4), "unsure": self.unsure}
        if self.unsure and self.alternative:
            d["or"] = self.alternative
        if self.unsure and self.why:
            d["why"] = self.why
        if self.overruled:
            d["read_as"] = self.overruled
            d["ruled"] = str(self.evidence.get("ruled_out", ""))
        return d
