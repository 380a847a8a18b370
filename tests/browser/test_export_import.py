"""Export a chat (Markdown and JSON that parse back) and import a Letterboxd export with a preview, in Chromium."""

import json

import pytest
from markdown_it import MarkdownIt
from playwright.sync_api import expect

from tests.support.browser import new_movie_chat, send, shoot, sign_up
from tests.support.letterboxd import csv_bytes, export_zip

pytestmark = pytest.mark.browser


def _download(page, name: str) -> tuple[str, str]:
    """Open the Export menu, pick `name`; (suggested file name, text) of the download."""
    if page.locator("#export-menu[open]").count() == 0:
        page.locator("#export-menu summary").click()
    with page.expect_download() as info:
        page.locator("#export-menu").get_by_role("menuitem", name=name).click()
    download = info.value
    with open(download.path(), encoding="utf-8") as f:
        return download.suggested_filename, f.read()


def test_it_exports_a_chat_that_parses_back(page, live_server_url):
    sign_up(page, live_server_url, prefix="export")
    chat_id = new_movie_chat(page)
    send(page, "a tense 90s thriller")
    cards = page.locator(".card-pick")
    expect(cards).to_have_count(3)
    expect(page.locator("#send-button")).to_be_visible()
    titles = [cards.nth(i).locator(".pick-title").inner_text().split(" (")[0] for i in range(3)]

    page.locator("#export-menu summary").click()
    expect(page.locator(".export-options")).to_be_visible()
    shoot(page, "export-menu", at="top")
    page.locator("#export-menu summary").click()  # closed again

    name, text = _download(page, "JSON (.json, with picks)")
    record = json.loads(text)
    assert name.endswith(f"-{chat_id}.json") and record["format"] == "marquee.chat"
    user, answer = record["messages"]
    assert user["text"] == "a tense 90s thriller"
    assert [p["title"] for p in answer["picks"]] == titles

    # On a phone the open menu stays on screen: nothing to scroll sideways.
    page.set_viewport_size({"width": 375, "height": 812})
    if page.locator("#export-menu[open]").count() == 0:
        page.locator("#export-menu summary").click()
    expect(page.locator(".export-options")).to_be_in_viewport(ratio=1)
    assert page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    shoot(page, "export-menu-phone", at="top")

    name, text = _download(page, "Markdown (.md)")
    assert name.endswith(f"-{chat_id}.md")
    tokens = MarkdownIt().parse(text)
    headings = [tokens[i + 1].content for i, t in enumerate(tokens) if t.type == "heading_open"]
    assert headings[1].startswith("You · ") and headings[2].startswith("Marquee · ") and headings[3] == "Picks"
    assert all(f"**{title}**" in text for title in titles)


def test_it_previews_a_letterboxd_import_lists_the_unmatched_and_applies_it(page, live_server_url, tmp_path):
    sign_up(page, live_server_url, prefix="letterboxd")
    export = tmp_path / "letterboxd-export.zip"
    export.write_bytes(export_zip())
    page.goto(live_server_url + "/lists/")
    page.get_by_label("Letterboxd files (.csv or .zip)").set_input_files(str(export))
    page.get_by_role("button", name="Preview import").click()
    page.wait_for_url("**/chats/*/#proposal-import")

    card = page.locator("form.proposal")
    expect(card.locator("tr")).to_have_count(6)
    expect(card.locator("tr.row-unresolved")).to_have_count(2)
    expect(card.locator("tr.row-unresolved").first).to_contain_text("⚠ no such film found")
    expect(page.locator(".msg.assistant .text")).to_contain_text("Not matched")
    expect(page.locator(".msg.assistant .text")).to_contain_text("Zzyzx Nowhere (2031)")
    expect(card.locator("tr.row-ready")).to_contain_text(["Fargo (1996) · 5★", "Alien (1979) · 1★"])
    shoot(page, "letterboxd-preview", at="top")

    card.get_by_role("button", name="Apply selected").click()
    expect(page.locator("form.proposal")).to_contain_text("Applied.")
    shoot(page, "letterboxd-applied", at="top")

    page.goto(live_server_url + "/lists/")
    expect(page.locator("#seen h2")).to_have_text("Seen (3)")
    expect(page.locator("#watchlist h2")).to_have_text("Watchlist (1)")
    expect(page.get_by_label("Rating of Fargo")).to_have_value("5")
    expect(page.get_by_label("Rating of Alien")).to_have_value("1")
    shoot(page, "letterboxd-lists", at="top")

    # The same export again: every film is already there, nothing to apply.
    page.get_by_label("Letterboxd files (.csv or .zip)").set_input_files(str(export))
    page.get_by_role("button", name="Preview import").click()
    page.wait_for_url("**/chats/*/#proposal-import")
    expect(page.locator(".msg.assistant .text")).to_contain_text("Nothing new to apply.")
    expect(page.locator("form.proposal").get_by_role("button", name="Apply selected")).to_have_count(0)


def test_it_says_why_a_file_cannot_be_imported(page, live_server_url, tmp_path):
    sign_up(page, live_server_url, prefix="badimport")
    wrong = tmp_path / "watched.csv"
    wrong.write_bytes(b"Title;Jahr\nFargo;1996\n")
    page.goto(live_server_url + "/lists/")
    page.get_by_label("Letterboxd files (.csv or .zip)").set_input_files(str(wrong))
    page.get_by_role("button", name="Preview import").click()
    expect(page.locator("#import-error")).to_contain_text("watched.csv has the wrong columns")
    page.locator("#import-error").scroll_into_view_if_needed()
    page.screenshot(path="/tmp/marquee-shots/letterboxd-error.png")
    # …and the CSV download of an empty list is still a CSV with its header.
    with page.expect_download() as info:
        page.get_by_role("link", name="Watchlist", exact=True).click()
    assert open(info.value.path(), encoding="utf-8").read().startswith("Date,Name,Year,Genres")
    assert csv_bytes([])  # the helper's header matches what the import expects
