"""The app's router (``static/app.js``): a screen's modules are fetched the first time one of its
addresses is shown, and an address left before its screen's modules arrived draws nothing."""

from __future__ import annotations

from playwright.sync_api import Page, expect

GAME_SCREEN = "/js/game/screen.js"


def fetched(page: Page, ending: str) -> bool:
    found: bool = page.evaluate("(ending) => performance.getEntriesByType('resource')"
                                ".some((entry) => new URL(entry.name).pathname.endsWith(ending))", ending)
    return found


def test_the_home_page_fetches_no_module_of_the_game_screen(page: Page) -> None:
    page.goto("/")
    page.wait_for_function("() => window.bola8 && window.bola8.ready")
    assert fetched(page, "/js/home.js") and not fetched(page, GAME_SCREEN)


def test_an_address_left_before_its_screen_arrived_draws_nothing_over_the_next(page: Page) -> None:
    page.goto("/")
    page.wait_for_function("() => window.bola8 && window.bola8.ready")
    # a game's address (whose screen's modules this page never fetched), left at once for the home page
    page.evaluate("""async () => {
        location.hash = '#/game/g_none';
        await new Promise((done) => setTimeout(done, 0));
        location.hash = '#/';
    }""")
    page.wait_for_function("() => window.bola8.ready && document.body.dataset.screen === 'home'")
    expect(page.get_by_test_id("new-start")).to_be_visible()
    # the game screen's modules arrive after the home page is drawn (the import the router began, at the
    # address app.js has under its version): the game that does not exist is not asked for and its
    # error is not drawn over the home page
    page.evaluate(f"() => import(new URL('.{GAME_SCREEN}', document.querySelector('script[type=module]').src))")
    page.wait_for_timeout(300)
    assert fetched(page, GAME_SCREEN)
    expect(page.get_by_test_id("screen-error")).to_have_count(0)
    expect(page.get_by_test_id("new-start")).to_be_visible()
