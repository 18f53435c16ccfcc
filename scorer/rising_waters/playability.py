"""Does the map play? Which land each water group touches, and what rain would threaten.

    python -m scorer.rising_waters.playability            # the report and the checks

The checks pin the design goals: at the start (every water level at 1 in Fall, 1926, at 2
in Spring, 1927) no land is below its water, so nothing floods without rain; heavy rain on
an area's dotted group (start + 3) threatens several land groups. Flooding needs a water
level *above* the land, so a group is threatened when its elevation is below the level.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass

from .floodmap import FloodMap, load

START_LEVEL = {"fall1926": 1, "spring1927": 2}
RAIN = {"light": 1, "medium": 2, "heavy": 3}


@dataclass(frozen=True)
class Threat:
    """Land groups below a water level on one water group, in clockwise order."""

    water: str
    level: int
    land: tuple[tuple[str, int], ...]   # (group id, elevation)


def touching(m: FloodMap) -> dict[str, list[tuple[str, int]]]:
    """For each water group (resolution order), its land groups clockwise from north."""
    return {g.id: [(n.id, int(n.elevation or 0)) for n in m.land_neighbours(g.id)] for g in m.water_groups()}


def threatened(m: FloodMap, water: str, level: int) -> Threat:
    """Land groups touching `water` whose elevation is below `level`."""
    land = tuple((gid, e) for gid, e in touching(m)[water] if e < level)
    return Threat(water, level, land)


def start_floods(m: FloodMap, version: str) -> list[Threat]:
    """Threats at the start of a version, before any rain: should all be empty."""
    level = START_LEVEL[version]
    return [t for g in m.water_groups() if (t := threatened(m, g.id, level)).land]


def rain_threat(m: FloodMap, version: str, area: str, rain: str = "heavy") -> Threat:
    """What one rain card on an area's dotted group threatens."""
    first = m.area(area).groups[0]
    return threatened(m, first, START_LEVEL[version] + RAIN[rain])


def report(m: FloodMap) -> str:
    """A plain-text report of the map's water and land, and the playability checks."""
    out = ["Water groups in resolution order, with the land they touch (clockwise from north):"]
    for g in m.water_groups():
        land = ", ".join(f"{gid} ({e})" for gid, e in touching(m)[g.id])
        tag = " dotted" if g.dotted else ""
        down = g.downstream or "none: the south end" if g.kind == "river" else g.downstream or "none"
        out.append(f"  {g.id:<4} {g.area}{tag}, {len(g.hexes)} hex{'es' if len(g.hexes) > 1 else ''}, "
                   f"downstream {down}")
        out.append(f"       land: {land or 'none'}")
    out.append("")
    for version, level in START_LEVEL.items():
        floods = start_floods(m, version)
        out.append(f"{version}: water starts at {level}; land below it at the start: "
                   f"{sum(len(t.land) for t in floods)} group(s)")
        for a in m.areas:
            for rain in RAIN:
                t = rain_threat(m, version, a.id, rain)
                names = ", ".join(f"{gid} ({e})" for gid, e in t.land) or "nothing"
                out.append(f"  {rain:<6} rain at {a.name:<15} (level {t.level} on {t.water}): {names}")
    lows = sorted(g.id for g in m.land_groups() if g.elevation == min(x.elevation or 9 for x in m.land_groups()))
    out.append("")
    out.append(f"Lowest land groups: {', '.join(lows)}")
    return "\n".join(out)


def main() -> int:
    print(report(load()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
