"""A person keeping lists, approving a proposed change, and regenerating an answer, in Chromium."""

import pytest
from playwright.sync_api import expect

from tests.support.browser import SHOTS, new_movie_chat, send, shoot, sign_up

pytestmark = pytest.mark.browser

ASK = "a tense 90s thriller, nothing with Tom Cruise"


def _three_cards(page):
    cards = page.locator(".card-pick")
    expect(cards).to_have_count(3)
    expect(page.locator("#send-button")).to_be_visible()
    return [cards.nth(i).locator(".pick-title").inner_text().split(" (")[0] for i in range(3)]


def test_it_adds_a_pick_to_the_watchlist_from_its_card(page, live_server_url):
    sign_up(page, live_server_url, prefix="lists")
    new_movie_chat(page)
    send(page, ASK)
    titles = _three_cards(page)
    first = page.locator(".card-pick").nth(0)
    first.get_by_role("button", name="+ Watchlist").click()
    expect(first.locator(".chip")).to_have_text("✓ On watchlist")  # the card updates in place
    second = page.locator(".card-pick").nth(1)
    second.locator("select[name=rating]").select_option("4")
    second.get_by_role("button", name="Seen it").click()
    expect(second.locator(".chip")).to_have_text("✓ Seen · 4★")
    page.reload()
    expect(page.locator(".card-pick").nth(0).locator(".chip")).to_have_text("✓ On watchlist")
    page.goto(live_server_url + "/lists/")
    expect(page.locator("#watchlist")).to_contain_text(titles[0])
    expect(page.locator("#seen")).to_contain_text(titles[1])
    shoot(page, "lists-page", at="top")
    # On a phone the page fits the screen: nothing to scroll sideways.
    page.set_viewport_size({"width": 375, "height": 812})
    page.reload()
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth"), page.evaluate(
        "() => [document.documentElement.scrollWidth, window.innerWidth]"
    )
    shoot(page, "lists-phone", at="top")
    # Removing the last row updates the count and shows the empty state at once.
    page.locator("#watchlist").get_by_role("button", name=f"Remove {titles[0]}").click()
    expect(page.locator("#watchlist h2")).to_have_text("Watchlist (0)")
    expect(page.locator("#watchlist")).to_contain_text("Nothing yet")


def test_it_confirms_forgetting_where_the_person_is_looking(page, live_server_url):
    sign_up(page, live_server_url, prefix="forget")
    page.set_viewport_size({"width": 375, "height": 640})
    page.goto(live_server_url + "/lists/")
    page.locator("#memory").get_by_role("button", name="Forget all this").click()
    page.wait_for_url("**/lists/#memory")
    notice = page.locator("#memory [role=status]")
    expect(notice).to_contain_text("forgotten what I learned")
    expect(notice).to_be_in_viewport()
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "memory-forgotten.png"))  # where the redirect left the person


def test_it_changes_lists_only_after_the_diff_is_approved(page, live_server_url):
    sign_up(page, live_server_url, prefix="approve")
    new_movie_chat(page)
    send(page, ASK)
    titles = _three_cards(page)
    send(page, "add the first two to my watchlist")
    card = page.locator("form.proposal")
    expect(card).to_be_visible()
    expect(card.locator("tr")).to_have_count(2)
    expect(card).to_contain_text(titles[0])
    expect(page.locator("#send-button")).to_be_visible()
    shoot(page, "proposal-pending")
    # Nothing has changed yet.
    lists = page.context.new_page()
    lists.goto(live_server_url + "/lists/")
    expect(lists.locator("#watchlist")).to_contain_text("Nothing yet")
    # Nothing ticked: the card says so and stays pending.
    card.locator("input[type=checkbox]").nth(0).uncheck()
    card.locator("input[type=checkbox]").nth(1).uncheck()
    card.get_by_role("button", name="Apply selected").click()
    expect(card.get_by_role("alert")).to_contain_text("Nothing selected")
    expect(card.get_by_role("button", name="Apply selected")).to_be_visible()
    # The card comes back as the person left it: nothing ticked (not every row ticked again).
    expect(card.locator("input[type=checkbox]:checked")).to_have_count(0)
    # Tick the first row and apply only it.
    card.locator("input[type=checkbox]").nth(0).check()
    card.get_by_role("button", name="Apply selected").click()
    expect(page.locator("form.proposal")).to_contain_text("Applied.")
    expect(page.locator("form.proposal")).to_contain_text("not selected")
    # The pick cards above follow the applied change without a reload.
    expect(page.locator(".card-pick").nth(0).locator(".chip")).to_have_text("✓ On watchlist")
    expect(page.locator(".card-pick").nth(1).get_by_role("button", name="+ Watchlist")).to_be_visible()
    lists.reload()
    expect(lists.locator("#watchlist")).to_contain_text(titles[0])
    expect(lists.locator("#watchlist")).not_to_contain_text(titles[1])
    page.reload()
    expect(page.locator("form.proposal")).to_contain_text("Applied.")  # the state survives a reload
    expect(page.get_by_role("button", name="Apply selected")).to_have_count(0)


def test_it_regenerates_the_last_answer_in_place_with_new_picks(page, live_server_url):
    sign_up(page, live_server_url, prefix="regen")
    new_movie_chat(page)
    send(page, ASK)
    before = _three_cards(page)
    page.get_by_role("button", name="↻ Regenerate").click()
    # The answer is replaced in place: wait until its first card is no longer the old one.
    page.wait_for_function(
        """first => { const t = document.querySelector('.card-pick .pick-title');
                      return t && !t.textContent.startsWith(first); }""",
        arg=before[0],
    )
    expect(page.locator(".msg.assistant")).to_have_attribute("data-status", "complete")
    after = _three_cards(page)
    assert not set(before) & set(after), (before, after)
    expect(page.locator(".msg")).to_have_count(2)  # the same turn, updated in place
    page.reload()
    assert _three_cards(page) == after
