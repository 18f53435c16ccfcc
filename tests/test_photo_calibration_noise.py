"""PH216: the calibration strip's noise is the spread about a plane, not a light ramp's."""
from __future__ import annotations

import numpy as np

from scorer.photo.normalise import DARK_FLOOR, patch_noise


def test_a_shadows_ramp_across_the_white_patch_is_not_noise():
    # judge raging-waters-2830039 (1.8 MP): a cast shadow's edge across the white patch
    # spread its darkness from -0.06 to 0.10 (std 0.052); 4 x that raised the ink threshold
    # to 0.21, past a grey pencil line's darkness, and 17 drawn marks read empty with confidence
    rng = np.random.default_rng(7)
    noise = rng.normal(0.0, 0.01, (10, 10))
    ramp = np.linspace(0.10, -0.06, 10)[None, :] + np.linspace(0.0, 0.03, 10)[:, None]
    patch = (ramp + noise).astype(np.float32)
    assert np.std(patch) > 0.04                       # the plain spread: the ramp, mostly
    assert abs(patch_noise(patch) - 0.01) < 0.003     # about the plane: the noise
    assert 4 * patch_noise(patch) < DARK_FLOOR        # the floor holds the threshold


def test_noise_on_a_flat_patch_is_measured_as_before():
    rng = np.random.default_rng(8)
    patch = rng.normal(0.0, 0.02, (10, 10)).astype(np.float32)
    assert abs(patch_noise(patch) - float(np.std(patch))) < 0.002
