"""The sidebar: search hit → the chat opens at that message, highlighted; pinning; the theme toggle (painted
by the server on the next page, no flash); the drawer at phone width."""

import re

import pytest
from playwright.sync_api import expect

from tests.support.browser import SHOTS, new_movie_chat, send, sign_up

pytestmark = pytest.mark.browser

PHONE_375 = {"width": 375, "height": 812}
NO_SIDEWAYS_SCROLL = "() => document.documentElement.scrollWidth <= innerWidth"


def shot(page, name: str) -> None:
    """The viewport as the person sees it (looked at by hand: both themes, desktop and phone)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def chat_with_answers(page, asks) -> int:
    chat_id = new_movie_chat(page)
    for n, ask in enumerate(asks, start=1):
        send(page, ask)
        expect(page.locator(".msg.assistant[data-status=complete]")).to_have_count(n)
    return chat_id


def in_viewport(locator) -> bool:
    return locator.evaluate(
        "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight; }"
    )


def test_it_opens_a_search_hit_at_its_message_and_highlights_it(page, live_server_url):
    sign_up(page, live_server_url, prefix="searcher")
    chat_id = chat_with_answers(page, ["a film with penguins please", "a warm family comedy", "a slow sci-fi film"])
    first = page.locator(".msg.user").first
    first_id = first.get_attribute("id")
    page.goto(live_server_url + "/")  # from another page, as after a while

    page.get_by_label("Search your chats and messages").fill("pengu")
    hit = page.locator("#search-results .hit").filter(has_text="You:")
    expect(hit).to_have_count(1)
    expect(hit.locator("mark")).to_have_text("penguins")
    expect(page.locator("#sidebar-chats")).to_be_hidden()  # hits replace the chat groups meanwhile
    shot(page, "sidebar-search-hits-light")

    hit.click()
    page.wait_for_url(re.compile(rf"/chats/{chat_id}/#{first_id}$"))
    target = page.locator(f"#{first_id}")
    expect(target).to_have_class(re.compile(r"\bsearch-hit\b"))
    page.wait_for_selector("body[data-ws=open]", state="attached")
    page.wait_for_timeout(400)  # the socket's greeting re-renders the history: the hit stays in view
    assert in_viewport(target.locator(".bubble")), "the chat opened elsewhere than at the hit"
    expect(target).to_have_class(re.compile(r"\bsearch-hit\b"))
    shot(page, "sidebar-search-hit-opened-light")

    # An emptied box brings the chats back.
    page.get_by_label("Search your chats and messages").fill("")
    expect(page.locator("#sidebar-chats")).to_be_visible()
    expect(page.locator(f"#side-chat-{chat_id}")).to_have_class(re.compile(r"\bcurrent\b"))


def test_it_pins_a_chat_from_the_sidebar_and_unpins_it_from_the_list(page, live_server_url):
    sign_up(page, live_server_url, prefix="pinner")
    older = new_movie_chat(page)
    send(page, "a heist film")
    expect(page.locator(".msg.assistant[data-status=complete]")).to_have_count(1)

    expect(page.locator(f"#side-chat-{older} .side-title")).to_have_text("a heist film")  # named live
    page.goto(live_server_url + "/")
    newer = new_movie_chat(page)
    rows = page.locator("#sidebar-chats .side-chat")
    expect(rows.first).to_have_id(f"side-chat-{newer}")

    page.locator(f"#side-chat-{older}").hover()
    page.locator(f"#side-chat-{older}").get_by_role("button", name=re.compile("^Pin")).click()
    expect(page.locator(".chat-group").first.locator(".group-label")).to_have_text("Pinned")
    expect(rows.first).to_have_id(f"side-chat-{older}")
    expect(page.locator(f"#side-chat-{newer}")).to_have_class(re.compile(r"\bcurrent\b"))  # still the open chat
    shot(page, "sidebar-pinned-light")

    page.goto(live_server_url + "/")
    row = page.locator(f"#chat-row-{older}")
    row.get_by_label("Chat actions").click()
    row.get_by_role("button", name="Unpin").click()
    expect(page.locator(f"#chat-row-{older} .pin-form button")).to_have_text("Pin")  # in the closed ⋯ menu
    expect(page.locator(f"#chat-row-{older} .pinned-mark")).to_have_count(0)
    expect(page.locator(".group-label", has_text="Pinned")).to_have_count(0)  # the sidebar, out of band


def test_it_toggles_the_theme_and_the_server_paints_it_on_the_next_page(new_page, live_server_url):
    page = new_page()
    page.emulate_media(color_scheme="dark")
    sign_up(page, live_server_url, prefix="themer")
    chat_with_answers(page, ["a tense 90s thriller"])
    html = page.locator("html")
    expect(html).not_to_have_attribute("data-theme", re.compile("."))  # following the system (dark)
    shot(page, "sidebar-chat-dark")
    page.get_by_label("Search your chats and messages").fill("thrill")
    expect(page.locator("#search-results mark").first).to_be_visible()
    shot(page, "sidebar-search-hits-dark")
    page.get_by_label("Search your chats and messages").fill("")

    page.locator("#theme-toggle").click()
    expect(html).to_have_attribute("data-theme", "light")
    page.reload()
    expect(html).to_have_attribute("data-theme", "light")  # in the server's HTML: no flash of dark
    assert 'data-theme="light"' in page.request.get(page.url).text()
    page.wait_for_selector("body[data-ws=open]", state="attached")
    shot(page, "sidebar-chat-light-chosen")

    page.locator("#theme-toggle").click()  # back to dark, which is the system's: follows the system again
    expect(html).not_to_have_attribute("data-theme", re.compile("."))
    assert "data-theme" not in page.request.get(page.url).text().split("<head>")[0]


def test_it_opens_the_sidebar_as_a_drawer_at_phone_width(new_page, live_server_url):
    page = new_page(PHONE_375)
    sign_up(page, live_server_url, prefix="drawer")
    chat_id = chat_with_answers(page, ["a tense 90s thriller"])
    sidebar = page.locator("#sidebar")
    expect(sidebar).to_be_hidden()
    page.wait_for_function(NO_SIDEWAYS_SCROLL)
    shot(page, "sidebar-phone-closed-light")

    page.get_by_role("button", name="Sidebar").click()
    expect(sidebar).to_be_visible()
    expect(page.get_by_role("button", name="Sidebar")).to_have_attribute("aria-expanded", "true")
    page.wait_for_timeout(350)  # the slide-in
    box = sidebar.bounding_box()
    assert box["x"] >= 0 and box["width"] <= 375
    shot(page, "sidebar-phone-drawer-light")
    page.keyboard.press("Escape")
    expect(sidebar).to_be_hidden()

    page.get_by_role("button", name="Sidebar").click()
    page.locator("#sidebar-backdrop").click(position={"x": 360, "y": 400})
    expect(sidebar).to_be_hidden()
    page.get_by_role("button", name="Sidebar").click()
    page.locator(f"#side-chat-{chat_id} a").click()
    page.wait_for_url(f"**/chats/{chat_id}/")
    expect(sidebar).to_be_hidden()
    page.wait_for_function(NO_SIDEWAYS_SCROLL)


def test_it_collapses_the_sidebar_on_a_wide_screen_and_remembers_it(page, live_server_url):
    sign_up(page, live_server_url, prefix="collapser")
    sidebar = page.locator("#sidebar")
    expect(sidebar).to_be_visible()
    page.get_by_role("button", name="Sidebar").click()
    expect(sidebar).to_be_hidden()
    page.reload()
    expect(sidebar).to_be_hidden()
    expect(page.get_by_role("button", name="Sidebar")).to_have_attribute("aria-expanded", "false")
    page.get_by_role("button", name="Sidebar").click()
    expect(sidebar).to_be_visible()
