"""Highwater's print side: draw templates to PDF and SVG behind one small canvas interface.

Coordinates everywhere in this package are millimetres with the origin at the top-left
of the page and y growing downwards, like SVG and like a photo. The PDF backend flips.
"""
