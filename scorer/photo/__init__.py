"""Photo scoring: read a phone photo of a finished sheet into a referee state.

Stages, one module each: `load` (decode, EXIF, limits), `register` (ArUco + RANSAC,
fallback, refinement on printed features, QR), `expected` (the rendered blank page),
`normalise` (paper-white division, calibration patches, ink evidence), `marks` (area
marks: boxes, dots, cells, outlines), `berms` (ruler lines), `decide` (calibrated
confidences), `overlay`, and `pipeline` which runs them. Per-game "mark maps" live in
`scorer/photo/games/`.
"""
