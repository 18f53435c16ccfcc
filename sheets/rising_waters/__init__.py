"""Rising Waters print kit: the main board (a poster), player boards, decks and tokens.

`board.draw_board` draws the whole main board in board millimetres; the shared poster
machinery tiles it across pages. Colours and shared glyphs live in `palette` and `icons`.
"""
