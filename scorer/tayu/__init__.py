"""Tayu (Ta Yü): tile types, the board template and scoring. Rules: seeds/002 (Spanish)."""
from .score import EdgeCount, score
from .tiles import COPIES, SPOTS, TileType, all_types, canonical, half_turn

__all__ = ["COPIES", "SPOTS", "EdgeCount", "TileType", "all_types", "canonical", "half_turn", "score"]
