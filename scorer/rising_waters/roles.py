"""The six roles and the player board they share: Renewable powers (bought, used once),
Perpetual powers (tracks with their upgrade costs), the individual goal and its track, and
each role's red starting-power box."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import templates

POWER_CARDS = ("blues", "church", "family", "farm-animals", "garden", "education")
COST_CARDS = POWER_CARDS + ("job-offer",)


class RoleError(ValueError):
    """The roles template contradicts itself or the rules."""


@dataclass(frozen=True)
class Renewable:
    id: str
    label: str
    icon: str
    boxes: int                          # cubes it can hold: bought and not yet used
    cost: tuple[tuple[str, int], ...]   # (card type, how many)
    text: str


@dataclass(frozen=True)
class Step:
    value: str
    cost: int                           # cards of the track's type to move into this box


@dataclass(frozen=True)
class Perpetual:
    id: str
    label: str
    icon: str
    card: str                           # the Community card that raises it
    start: str
    steps: tuple[Step, ...]
    lost: tuple[str, ...] = ()          # boxes left of the start (pawns only)
    lost_cost: int = 0

    @property
    def boxes(self) -> int:
        return len(self.lost) + 1 + len(self.steps)


@dataclass(frozen=True)
class Role:
    id: str
    name: str
    goal: str
    scoring: str
    power: str                          # the red box


@dataclass(frozen=True)
class Roles:
    width: float
    height: float
    goal_max: int
    renewable: tuple[Renewable, ...]
    perpetual: tuple[Perpetual, ...]
    roles: tuple[Role, ...]

    def role(self, role_id: str) -> Role:
        for r in self.roles:
            if r.id == role_id:
                return r
        raise KeyError(role_id)

    @property
    def cubes(self) -> int:
        """Cubes a player needs: one per Perpetual track, one per Renewable box, goal and red box."""
        return len(self.perpetual) + sum(r.boxes for r in self.renewable) + 2


def _validate(r: Roles) -> None:
    if len(r.roles) != 6:
        raise RoleError(f"there must be 6 roles, not {len(r.roles)}")
    for p in r.perpetual:
        if p.card not in POWER_CARDS:
            raise RoleError(f"track {p.id}: {p.card!r} is not a Power card")
        if any(s.cost < 1 for s in p.steps):
            raise RoleError(f"track {p.id}: every upgrade costs at least one card")
    for x in r.renewable:
        for card, n in x.cost:
            if card not in COST_CARDS or n < 1:
                raise RoleError(f"renewable {x.id}: bad cost {card} x {n}")


@lru_cache(maxsize=None)
def load(name: str = "rising_waters_roles") -> Roles:
    """Load and validate templates/<name>.json."""
    raw = templates.load_raw(name)
    try:
        roles = Roles(
            float(raw["board"]["width"]), float(raw["board"]["height"]), int(raw["goal_track"]["max"]),
            tuple(Renewable(x["id"], x["label"], x["icon"], int(x["boxes"]),
                            tuple((c, int(n)) for c, n in x["cost"]), x["text"]) for x in raw["renewable"]),
            tuple(Perpetual(p["id"], p["label"], p["icon"], p["card"], str(p["start"]),
                            tuple(Step(str(s["value"]), int(s["cost"])) for s in p["steps"]),
                            tuple(str(v) for v in p.get("lost", ())), int(p.get("lost_cost", 0)))
                  for p in raw["perpetual"]),
            tuple(Role(x["id"], x["name"], x["goal"], x["scoring"], x["power"]) for x in raw["roles"]))
    except (KeyError, TypeError, ValueError) as e:
        raise RoleError(f"{name}.json: {e!r}") from e
    _validate(roles)
    return roles
