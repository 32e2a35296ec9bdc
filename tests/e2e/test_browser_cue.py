"""The stroke controls' cue chooser in Chromium: the stroke the page sends names the chosen cue."""

from __future__ import annotations

from playwright.sync_api import Page


def test_the_practice_table_sends_the_chosen_cue_and_elevation(page: Page) -> None:
    page.goto("/#/practice")
    page.wait_for_function("() => window.bola8 && window.bola8.ready")
    page.get_by_test_id("practice-table").wait_for()
    cue = page.get_by_test_id("cue")
    assert cue.locator("option").evaluate_all("os => os.map(o => o.value)") == ["playing", "break", "jump"]
    with page.expect_request(lambda r: "/api/practice/shot" in r.url) as sent:
        page.get_by_test_id("shoot").click()
    assert "cue" not in sent.value.post_data_json["strike"]              # the playing cue is the default
    page.wait_for_function("() => !document.querySelector('[data-testid=shoot]:disabled')")
    page.get_by_test_id("undo").click()
    cue.select_option("jump")
    page.get_by_test_id("elevation").fill("45")
    with page.expect_response(lambda r: "/api/practice/shot" in r.url) as answered:
        page.get_by_test_id("shoot").click()
    strike = answered.value.request.post_data_json["strike"]
    assert strike["cue"] == "jump" and strike["theta"] == 45
    assert answered.value.status == 200
