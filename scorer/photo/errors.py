"""The one error a photo can end in: it cannot be read (exit code 2 with a hint)."""
from __future__ import annotations

from ..errors import HighwaterError


class UnreadablePhoto(HighwaterError):
    """The photo cannot be scored; the message is one line saying what to do."""
