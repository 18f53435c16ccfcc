"""Rising Waters (Scout Blum): a co-operative game of the 1927 Mississippi flood.

This package holds the game's data as the referee sees it: the hex map (`floodmap`),
the decks (`decks`), the player boards and roles (`roles`), the two versions
(`versions`) and the map's playability report (`playability`). Rulings: docs/rulings.md.
"""
