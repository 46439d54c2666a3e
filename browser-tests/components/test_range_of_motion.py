"""Range-of-motion capture with emulated orientation sensors (the guided sequence and Stop), and the manual
fallback."""

import json
import math
import random
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from .support import quaternion, set_beta


def find(driver, selector):
    return driver.find_element(By.CSS_SELECTOR, selector)


def open_with_sensor(driver, site):
    """rom.html with sensors granted and an emulated orientation sensor at a pitch of 30 degrees."""
    driver.execute_cdp_cmd("Browser.grantPermissions", {"origin": site, "permissions": ["sensors"]})
    driver.execute_cdp_cmd("Emulation.setSensorOverrideEnabled", {"enabled": True, "type": "relative-orientation"})
    set_beta(driver, 30)
    driver.get(f"{site}/rom.html")
    return driver


def phase(driver):
    return find(driver, "[data-rom]").get_attribute("data-rom-phase") or ""


def test_guided_sequence_stops_by_itself_once_the_leg_is_still(component_driver, component_site, component_axe, component_page_problems, component_posted):
    driver = open_with_sensor(component_driver, component_site)
    assert not find(driver, "[data-rom-manual]").is_displayed()
    assert not find(driver, "[data-rom-finish]").is_displayed()
    assert not find(driver, "button[data-gated]").is_enabled()
    assert component_axe() == []

    find(driver, "[data-rom-start]").click()
    WebDriverWait(driver, 5).until(lambda d: phase(d) == "countdown")
    assert find(driver, "[data-rom-finish]").is_displayed() and not find(driver, "[data-rom-start]").is_displayed()
    assert not find(driver, "[data-rom-by-hand]").is_displayed()
    readout = find(driver, "[data-rom-readout]")
    WebDriverWait(driver, 5).until(lambda d: readout.text == "Knee angle: 60°")  # start = 90 - 30
    WebDriverWait(driver, 6).until(lambda d: phase(d) == "straighten")
    for beta in range(35, 106, 5):
        set_beta(driver, beta)
        time.sleep(0.05)
    WebDriverWait(driver, 6).until(lambda d: phase(d) == "bend")
    for beta in range(100, 39, -5):
        set_beta(driver, beta)
        time.sleep(0.05)
    WebDriverWait(driver, 6).until(lambda d: phase(d) == "done")
    assert find(driver, "[data-rom-phase-line]").text == "Done. You can look at the screen now."
    assert readout.text == "Range of motion: 75°"
    assert not find(driver, "[data-rom-finish]").is_displayed() and find(driver, "[data-rom-again]").is_displayed()
    samples = json.loads(find(driver, "[data-rom-samples]").get_attribute("value"))
    assert abs(samples[0][1] - 30) < 0.5 and abs(max(s[1] for s in samples) - 105) < 0.5
    assert component_page_problems() == []
    find(driver, "button[data-gated]").click()
    assert json.loads(component_posted()["range.samples"][0]) == samples


def test_stop_ends_the_measurement_with_the_samples_so_far(component_driver, component_site, component_axe, component_page_problems, component_posted):
    driver = open_with_sensor(component_driver, component_site)
    find(driver, "[data-rom-start]").click()
    WebDriverWait(driver, 5).until(lambda d: find(d, "[data-rom-finish]").is_displayed())
    readout = find(driver, "[data-rom-readout]")
    WebDriverWait(driver, 5).until(lambda d: readout.text == "Knee angle: 60°")  # start = 90 - 30
    for beta in list(range(30, 106, 5)) + list(range(100, 39, -5)):
        set_beta(driver, beta)
        time.sleep(0.05)
    # The throttled read-out ends on the latest angle: 60 - (40 - 30) once the last reading arrived.
    WebDriverWait(driver, 5).until(lambda d: readout.text == "Knee angle: 50°")
    find(driver, "[data-rom-finish]").click()

    samples = json.loads(find(driver, "[data-rom-samples]").get_attribute("value"))
    assert len(samples) >= 20
    assert all(len(sample) == 4 for sample in samples)
    betas = [sample[1] for sample in samples]
    assert abs(betas[0] - 30) < 0.5
    assert abs(max(betas) - 105) < 0.5
    assert abs(betas[-1] - 40) < 0.5
    times = [sample[3] for sample in samples]
    assert times[0] == 0 and times == sorted(times)
    assert find(driver, "[data-rom-readout]").text == "Range of motion: 75°"
    assert find(driver, "[data-rom-readout]").get_attribute("aria-live") == "polite"
    assert find(driver, "[data-rom-phase-line]").text == "Stopped."
    assert not find(driver, "[data-rom-manual]").is_displayed()
    assert component_page_problems() == []

    find(driver, "button[data-gated]").click()
    posted = component_posted()
    assert json.loads(posted["range.samples"][0]) == samples
    assert posted["range.manualAngle"] == [""]


def test_without_a_sensor_the_manual_angle_field_appears(component_driver, component_site, component_axe, component_posted):
    driver = component_driver
    driver.execute_cdp_cmd(
        "Emulation.setSensorOverrideEnabled",
        {"enabled": True, "type": "relative-orientation", "metadata": {"available": False}},
    )
    driver.get(f"{component_site}/rom.html")
    find(driver, "[data-rom-start]").click()
    WebDriverWait(driver, 6).until(lambda d: find(d, "[data-rom-manual]").is_displayed())
    assert "No motion data arrived" in find(driver, "[data-rom-message]").text
    assert driver.switch_to.active_element == find(driver, "[data-rom-manual-input]")
    assert find(driver, "[data-rom-samples]").get_attribute("value") == ""
    assert not find(driver, "[data-rom-finish]").is_displayed()
    assert find(driver, "[data-rom-start]").is_displayed()
    assert not find(driver, "button[data-gated]").is_enabled()
    assert component_axe() == []

    find(driver, "[data-rom-manual-input]").send_keys("85")
    assert find(driver, "button[data-gated]").is_enabled()
    find(driver, "button[data-gated]").click()
    posted = component_posted()
    assert posted["range.manualAngle"] == ["85"]
    assert posted["range.samples"] == [""]


def test_denied_motion_access_falls_back_at_once(component_open):
    driver = component_open("rom.html")
    driver.execute_script("DeviceOrientationEvent.requestPermission = async () => 'denied';")
    find(driver, "[data-rom-start]").click()
    WebDriverWait(driver, 2).until(lambda d: find(d, "[data-rom-manual]").is_displayed())
    assert "not allowed" in find(driver, "[data-rom-message]").text


def test_knee_angle_formula_matches_the_reference(component_open):
    driver = component_open("rom.html")
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "import('/assets/study/js/range-of-motion.js').then(m => {"
        "  const t = new m.KneeAngleTracker();"
        "  const angles = [30, 60, 105, 70, 40].map(b => t.add(0, b, 0));"
        "  const q = m.quaternionFromEuler(20, 35, -10);"
        "  const back = m.multiply(q, m.inverse(q));"
        "  done({angles, result: t.result(), back, folded: m.portraitAngle(m.quaternionFromEuler(0, 135, 0))});"
        "});"
    )
    assert [round(a, 6) for a in result["angles"]] == [60, 30, -15, 20, 50]
    assert {k: round(v, 6) for k, v in result["result"].items()} == {
        "start": 60, "finish": 50, "minimum": -15, "maximum": 60, "range": 75,
    }
    assert abs(result["back"]["w"] - 1) < 1e-12 and abs(result["back"]["x"]) < 1e-12
    assert round(result["folded"], 6) == -225  # 90 < a <= 180 becomes |a| - 360


def reference_result(samples):
    """shared/REFERENCE.md "Knee range of motion", written independently of the module."""

    def mul(p, q):
        px, py, pz, pw = p
        qx, qy, qz, qw = q
        return (
            pw * qx + px * qw + py * qz - pz * qy,
            pw * qy - px * qz + py * qw + pz * qx,
            pw * qz + px * qy - py * qx + pz * qw,
            pw * qw - px * qx - py * qy - pz * qz,
        )

    def angle(q):
        x, y, z, w = q
        a = math.degrees(math.atan2(2 * (x * w + y * z), 1 - 2 * (x * x + z * z)))
        return abs(a) - 360 if 90 < a <= 180 else a

    quats = [tuple(quaternion(*s).values()) for s in samples]
    ref = quats[0]
    inv = (-ref[0], -ref[1], -ref[2], ref[3])
    angles = [angle(mul(q, inv)) for q in quats]
    start = 90 - angle(ref)
    min_a, max_a = min([0] + angles), max([0] + angles)
    minimum, maximum = start - max_a, start - min_a
    return {"start": start, "finish": start - angles[-1], "minimum": minimum, "maximum": maximum, "range": abs(maximum - minimum)}


def test_knee_angle_module_agrees_with_an_independent_implementation(component_open):
    rng = random.Random(7)
    samples = [(rng.uniform(0, 360), rng.uniform(-80, 170), rng.uniform(-90, 90)) for _ in range(60)]
    driver = component_open("rom.html")
    result = driver.execute_async_script(
        "const [samples, done] = arguments;"
        "import('/assets/study/js/range-of-motion.js').then(m => {"
        "  const t = new m.KneeAngleTracker(); for (const s of samples) t.add(...s); done(t.result());"
        "});",
        samples,
    )
    expected = reference_result(samples)
    assert result.keys() == expected.keys()
    for key, value in expected.items():
        assert abs(result[key] - value) < 1e-9, key
