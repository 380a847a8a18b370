"""Colour SSIM of same-size previews as scikit-image computes it, with each preview's half made once. Pure.

The quality guard compares each preview with every earlier one and again after each revision; scikit-image's
`structural_similarity` filters both pictures five times a call, four of them on one picture only.
"""

from __future__ import annotations

import cv2
import numpy as np

C1, C2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2  # SSIM's constants (scikit-image's K1, K2; data range 255)
WINDOW = 7  # SSIM's window (scikit-image's default without Gaussian weights)
COV_NORM = WINDOW**2 / (WINDOW**2 - 1)  # sample covariance, as scikit-image's `use_sample_covariance`


def box(planes: np.ndarray) -> np.ndarray:
    """Each (h, w) plane's WINDOW x WINDOW means, bit for bit what scipy's `uniform_filter(size=(1, 7, 7))` gives.

    scipy filters each axis in turn (rows of 7 down, then across), each pass summed in double and stored as
    float32; OpenCV's box filter does the same in two 1-D passes with the same reflected border, ~1.9x faster
    (the guard filters ~45 times a job with revisions). Equal to scipy's (and so scikit-image's) on every test.
    """
    c, h, w = planes.shape
    down = np.empty_like(planes)
    for i in range(c):
        cv2.boxFilter(planes[i], -1, (1, WINDOW), dst=down[i], borderType=cv2.BORDER_REFLECT)
    # across: the planes stacked as one tall picture (a horizontal pass never mixes rows)
    return cv2.boxFilter(down.reshape(c * h, w), -1, (WINDOW, 1), borderType=cv2.BORDER_REFLECT).reshape(c, h, w)


class Windows:
    """A preview's SSIM windows at COMPARE_SIDE, per channel: what its half of every SSIM needs, made once.

    scikit-image's `structural_similarity` filters both pictures five times a call (means, squares, product);
    four of those depend on one picture only. The guard compares each preview with every earlier one and again
    after each revision (~30 pairs a job), so each preview's own filters are made once here and a pair costs
    one filter (the product) and the arithmetic: the same float32 operations, the same figure (tested equal to
    scikit-image's), at a fraction of the cost (bench/README.md, "Guard: measurements made once").
    """

    def __init__(self, pixels: np.ndarray):
        self.planes = np.ascontiguousarray(pixels.transpose(2, 0, 1))  # (3, h, w) float32
        cut = (slice(None), slice(3, -3), slice(3, -3))  # SSIM's mean leaves out the filter's edge
        ux = box(self.planes)
        uxx = box(self.planes * self.planes)
        # contiguous copies of the cropped windows: every pair's arithmetic runs ~30 % faster than on views
        self.mean = np.ascontiguousarray(ux[cut])
        self.square = self.mean**2
        self.var = np.ascontiguousarray((COV_NORM * (uxx - ux * ux))[cut])
        self.cut = cut


def ssim(a: Windows, b: Windows) -> float:
    """Colour SSIM of two same-size previews: each channel's as scikit-image computes it, averaged."""
    uxy = box(a.planes * b.planes)[a.cut]
    both = a.mean * b.mean
    # scikit-image's S = (2 ux uy + C1)(2 vxy + C2) / ((ux^2 + uy^2 + C1)(vx + vy + C2)), the same float32
    # operations in place (fewer temporaries)
    vxy = uxy - both
    vxy *= COV_NORM
    vxy *= 2
    vxy += C2
    both *= 2
    both += C1
    both *= vxy
    den = a.square + b.square
    den += C1
    b2 = a.var + b.var
    b2 += C2
    den *= b2
    both /= den
    return float(np.mean([channel.mean(dtype=np.float64) for channel in both]))
