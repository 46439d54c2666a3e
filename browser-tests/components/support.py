"""Paths and helpers shared by the component tests and their fixtures."""

import math
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
ASSETS = REPO / "Sources" / "RecoverWeb" / "Assets" / "study"
FIXTURES = HERE / "fixtures"

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; "
    "img-src 'self' data: blob:; media-src 'self' blob:; frame-ancestors 'none'"
)


def quaternion(alpha, beta, gamma):
    """Euler (intrinsic Z-X'-Y'', degrees) to quaternion, as in shared/BROWSER.md."""
    a, b, g = (math.radians(v) / 2 for v in (alpha, beta, gamma))
    sa, ca, sb, cb, sg, cg = math.sin(a), math.cos(a), math.sin(b), math.cos(b), math.sin(g), math.cos(g)
    return {
        "x": sb * cg * ca - cb * sg * sa,
        "y": cb * sg * ca + sb * cg * sa,
        "z": cb * cg * sa + sb * sg * ca,
        "w": cb * cg * ca - sb * sg * sa,
    }


def set_beta(driver, beta):
    """Sets the emulated device attitude to a pitch of `beta` degrees (alpha = gamma = 0)."""
    driver.execute_cdp_cmd(
        "Emulation.setSensorOverrideReadings",
        {"type": "relative-orientation", "reading": {"quaternion": quaternion(0, beta, 0)}},
    )
