"""The playground in a real browser: `pathtext serve` driven through headless Chromium with Selenium.

Run by `make test` (scripts/test-browser) with Debian's /usr/bin/python3, chromium, chromium-driver and
python3-selenium. PATHTEXT_BIN names the binary (default .build/debug/pathtext); PLAYGROUND_SCREENSHOT, when set,
is where the page's screenshot is saved (README's picture comes from here).
"""
import json
import math
import os
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from serving import BINARY, serving

ARABIC = "مرحبا بالعالم"


@pytest.fixture(scope="module")
def server():
    with serving([], "/api/fonts") as base:
        yield base


@pytest.fixture(scope="module")
def browser(server):
    options = webdriver.ChromeOptions()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1300,1400", "--disable-dev-shm-usage"]:
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    driver.get(server + "/")
    yield driver
    driver.quit()


def post(base, path, body):
    request = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def wait_idle(driver, condition="true"):
    WebDriverWait(driver, 20).until(lambda d: d.execute_script(
        f"return window.playground && window.playground.state && window.playground.idle() && ({condition});"))
    time.sleep(0.2)
    WebDriverWait(driver, 20).until(lambda d: d.execute_script("return window.playground.idle();"))


def placements(driver):
    return driver.execute_script("return window.playground.placements;")


def glyph_ids(p):
    return [(g["glyph"], g["cluster"], g["font"]) for label in p["labels"] for g in label["glyphs"]]


def test_arabic_is_joined_and_equals_the_api(browser, server):
    wait_idle(browser)
    text = browser.find_element(By.ID, "text")
    text.clear()
    text.send_keys(ARABIC)
    wait_idle(browser, f"window.playground.state.scene.labels[0].text === {json.dumps(ARABIC)}")
    shown = placements(browser)
    label = browser.execute_script("return window.playground.currentLabel();")
    assert label["text"] == ARABIC
    direct = post(server, "/api/layout", label)
    assert glyph_ids(shown) == glyph_ids(direct)
    for a, b in zip(shown["labels"][0]["glyphs"], direct["labels"][0]["glyphs"]):
        assert abs(a["x"] - b["x"]) < 1e-6 and abs(a["y"] - b["y"]) < 1e-6 and abs(a["angle"] - b["angle"]) < 1e-6
    # Joined: most letters take contextual forms, not the glyph each letter has on its own.
    letters = [c for c in ARABIC if c != " "]
    alone = set()
    for c in letters:
        one = dict(label, text=c)
        alone.add(post(server, "/api/layout", one)["labels"][0]["glyphs"][0]["glyph"])
    used = [g["glyph"] for g in shown["labels"][0]["glyphs"]]
    contextual = [g for g in used if g not in alone]
    assert len(contextual) >= len(letters) // 2, (used, alone)
    assert all(g["font"] == "NotoSansArabic-Regular.ttf" for g in shown["labels"][0]["glyphs"] if g["glyph"] != 3)
    # The table under the picture lists every glyph.
    rows = browser.find_elements(By.CSS_SELECTOR, "#glyphs tbody tr")
    assert len(rows) == len(used)


def test_dragging_a_control_point_moves_the_label(browser):
    wait_idle(browser)
    before = placements(browser)["labels"][0]["glyphs"]
    path_before = browser.execute_script("return window.playground.currentLabel().path;")
    handle = browser.find_element(By.CSS_SELECTOR, "circle.handle.control")
    ActionChains(browser).click_and_hold(handle).move_by_offset(0, 60).move_by_offset(0, 60).release().perform()
    wait_idle(browser, f"window.playground.currentLabel().path !== {json.dumps(path_before)}")
    after = placements(browser)["labels"][0]["glyphs"]
    moved = max(math.hypot(a["x"] - b["x"], a["y"] - b["y"]) for a, b in zip(before, after))
    assert moved > 5, moved


def dial_offset(browser, minutes, radius=290):
    """The offset from the overlay's centre of the point at `minutes` on the 24-hour dial (0 at the top, clockwise)."""
    state = browser.execute_script("return window.playground.state;")
    cx, cy = state["sleep"]["center"]
    width, height = state["scene"]["width"], state["scene"]["height"]
    angle = minutes / 1440 * 2 * math.pi
    x, y = cx + radius * math.sin(angle), cy - radius * math.cos(angle)
    return round(x - width / 2), round(y - height / 2)


def test_sleep_handle_dragged_across_midnight(browser):
    browser.find_element(By.CSS_SELECTOR, "[data-preset=sleep]").click()
    wait_idle(browser, "window.playground.state.mode === 'sleep' && !!window.playground.state.sleep.center")
    assert browser.find_element(By.ID, "sleep-duration").text == "8 h", browser.execute_script("return document.getElementById('sleep-info').outerHTML")
    overlay = browser.find_element(By.ID, "overlay")
    handle = browser.find_element(By.ID, "sleep-bedtime")
    chain = ActionChains(browser).click_and_hold(handle)
    for minutes in [23 * 60 + 20, 23 * 60 + 40, 0, 20, 40, 60]:   # 23:00 → 01:00, across midnight
        x, y = dial_offset(browser, minutes)
        chain.move_to_element_with_offset(overlay, x, y).pause(0.15)
    chain.release().perform()
    wait_idle(browser, "Math.abs(window.playground.state.sleep.bedtime - 60) < 3")
    assert browser.find_element(By.ID, "sleep-duration").text == "6 h"
    assert browser.find_element(By.ID, "sleep-times").text == "01:00 – 07:00"


def test_figure_eight_handle_keeps_to_its_branch(browser, server):
    browser.find_element(By.CSS_SELECTOR, "[data-preset=figure8]").click()
    wait_idle(browser, "window.playground.state.mode === 'figure8'")
    start = browser.execute_script("return window.playground.state.drag.distance;")
    overlay = browser.find_element(By.ID, "overlay")
    handle = browser.find_element(By.ID, "drag-handle")
    targets = [(round(620 - 440 * i / 12), round(380 - 170 * i / 12)) for i in range(1, 13)]
    chain = ActionChains(browser).click_and_hold(handle)
    for x, y in targets:   # towards the crossing and on to the upper-left lobe
        chain.move_to_element_with_offset(overlay, x - 400, y - 300).pause(0.15)
    chain.release().perform()
    wait_idle(browser)
    end = browser.execute_script("return window.playground.state.drag.distance;")
    # The library's own drag from the same start through the same pointer positions keeps to its branch
    # through the crossing; the page's handle ends where it does (the page sends fewer, coalesced moves).
    path = browser.execute_script("return window.playground.state.scene.shapes[0].d;")
    expected = post(server, "/api/drag", {"path": path, "from": start, "to": [list(t) for t in targets]})["steps"][-1]
    assert abs(end - expected["distance"]) < 20, (end, expected)
    # The handle travelled: it went through the crossing rather than stopping at it.
    assert abs(end - start) > 100


def catalog(server):
    with urllib.request.urlopen(server + "/api/options", timeout=10) as response:
        return json.loads(response.read())


def test_every_catalog_option_has_a_control_in_its_group(browser, server):
    browser.find_element(By.CSS_SELECTOR, "[data-preset=label]").click()
    wait_idle(browser, "window.playground.state.mode === 'label'")
    options = catalog(server)
    assert len(options["label"]) >= 38
    titles = {g["id"]: g["title"] for g in options["groups"]}
    for row in options["label"]:
        controls = browser.find_elements(By.CSS_SELECTOR, '#controls [data-key="%s"]' % row["key"])
        assert len(controls) == 1, row["key"]
        if row["key"] in ("text", "path"):
            continue
        group = controls[0].find_element(By.XPATH, "ancestor::details")
        assert group.get_attribute("data-group") == row["group"], row["key"]
        assert group.find_element(By.TAG_NAME, "summary").get_attribute("textContent") == titles[row["group"]]
    # Every group of the catalog is on the page, in order.
    shown = [d.get_attribute("data-group") for d in browser.find_elements(By.CSS_SELECTOR, "#options > details")]
    assert shown == [g["id"] for g in options["groups"]]


def set_control(browser, key, text):
    """Types `text` into the control of `key` the way a user's edit arrives (an input event; change for path data)."""
    browser.execute_script("""
        const input = document.querySelector('#controls [data-key="' + arguments[0] + '"]');
        if (input.tagName === "DETAILS") return;
        const details = input.closest("details"); if (details) details.open = true;
        input.value = arguments[1];
        input.dispatchEvent(new Event("input", { bubbles: true }));
        input.dispatchEvent(new Event("change", { bubbles: true }));""", key, text)


def test_setting_each_control_sets_its_key_in_the_request(browser, server):
    browser.find_element(By.CSS_SELECTOR, "[data-preset=label]").click()
    wait_idle(browser, "window.playground.state.mode === 'label'")
    original = browser.execute_script("return JSON.parse(JSON.stringify(window.playground.currentLabel()));")
    for row in catalog(server)["label"]:
        sample = row["sample"]
        text = browser.execute_script("return window.playground.textFromValue(arguments[0]);", sample)
        set_control(browser, row["key"], text)
        wait_idle(browser)
        request = browser.execute_script("return window.playground.request;")
        assert request.get(row["key"]) == sample, (row["key"], text, request)
        # Back to the label as it was (the default for an option: an empty control).
        set_control(browser, row["key"], "" if row["key"] not in original else
                    browser.execute_script("return window.playground.textFromValue(arguments[0]);", original[row["key"]]))
        wait_idle(browser)
        request = browser.execute_script("return window.playground.request;")
        assert request.get(row["key"]) == original.get(row["key"]), row["key"]
    # Some samples make the label invalid on its own (runs beside text, a shape the scene does not have): the
    # page showed the server's 400 replies; they are not the page's errors.
    browser.get_log("browser")
    # A halo set from its control reaches the picture: the PNG changes.
    before = browser.execute_script("return document.getElementById('picture').src;")
    set_control(browser, "haloWidth", "6")
    wait_idle(browser, "window.playground.request.haloWidth === 6")
    assert browser.execute_script("return document.getElementById('picture').src;") != before


def test_api_layout_equals_the_cli(server):
    request = {"text": "AVATAR مرحبا", "path": "M 0 100 C 100 0 300 0 400 100", "size": 40, "align": "center"}
    cli = subprocess.run([BINARY, "layout", "--text", request["text"], "--path", request["path"], "--size", "40",
                          "--align", "center"], capture_output=True, check=True).stdout
    assert post(server, "/api/layout", request) == json.loads(cli)


def test_api_errors_are_400_with_a_message(server):
    for path, body, needle in [("/api/layout", {"text": "A", "path": "M 0 0 L 10 0", "align": "middle-ish"}, "align"),
                               ("/api/layout", {"text": "A", "path": "M 0 0 Q"}, "path"),
                               ("/api/layout", {"text": "A", "path": "M 0 0 L 9 0", "font": ["/etc/passwd"]}, "font"),
                               ("/api/render?format=gif", {"width": 10, "height": 10}, "format")]:
        request = urllib.request.Request(server + path, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
        with pytest.raises(urllib.error.HTTPError) as failure:
            urllib.request.urlopen(request, timeout=10)
        assert failure.value.code == 400
        assert needle in json.loads(failure.value.read())["error"]
    big = urllib.request.Request(server + "/api/layout", data=b"x" * (2 << 20), method="POST",
                                 headers={"Content-Type": "application/json"})
    with pytest.raises(urllib.error.HTTPError) as failure:
        urllib.request.urlopen(big, timeout=10)
    assert failure.value.code == 413


def test_no_console_errors_and_screenshot(browser):
    browser.find_element(By.CSS_SELECTOR, "[data-preset=label]").click()
    wait_idle(browser, "window.playground.state.mode === 'label'")
    text = browser.find_element(By.ID, "text")
    text.clear()
    text.send_keys("Hello مرحبا नमस्ते on a curve")
    browser.find_element(By.ID, "show-ink").click()
    wait_idle(browser)
    errors = [e for e in browser.get_log("browser") if e["level"] == "SEVERE"]
    assert errors == []
    shot = os.environ.get("PLAYGROUND_SCREENSHOT")
    if shot:
        browser.save_screenshot(shot)
