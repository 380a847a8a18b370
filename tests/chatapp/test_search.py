"""Search over chat titles and message text: words as prefixes, only the user's own chats, clear refusals."""

from datetime import timedelta

import pytest
from django.utils import timezone

from chatapp import search_index, selectors
from chatapp.errors import InvalidInput
from chatapp.models import Chat, Message
from chatapp.search_text import Part, query_words, snippet_parts
from tests.support.api import api_for

pytestmark = pytest.mark.django_db


def _chat(owner, title="", **messages):
    chat = Chat.objects.create(owner=owner, title=title)
    for turn, text in messages.items():
        Message.objects.create(chat=chat, role="user", turn_key=turn, content=text)
    return chat


def test_it_finds_a_message_by_the_start_of_its_words_and_highlights_them(alice):
    chat = _chat(alice, "Friday", t1="A tense nineties thriller please", t2="Something funny")
    hits = selectors.search(user=alice, q="THRILL nine")
    assert [(h.chat_id, h.anchor, h.role) for h in hits] == [(chat.pk, "msg-t1-user", "user")]
    assert [p.text for p in hits[0].parts if p.hit] == ["nineties", "thriller"]


def test_it_finds_a_chat_by_its_title(alice):
    chat = _chat(alice, "Heist movies for Friday")
    hits = selectors.search(user=alice, q="heist")
    assert [(h.chat_id, h.message_id) for h in hits] == [(chat.pk, None)]
    assert Part("Heist", hit=True) in hits[0].parts


def test_it_never_shows_bob_alices_hits(alice, bob):
    _chat(alice, "Alice's secret heist", t1="heist in the snow")
    assert selectors.search(user=bob, q="heist") == []
    assert len(selectors.search(user=alice, q="heist")) == 2


def test_it_keeps_the_index_in_step_with_edits_and_deletes(alice):
    chat = _chat(alice, t1="an old word")
    Message.objects.filter(chat=chat).update(content="a brand new phrase")
    assert selectors.search(user=alice, q="old") == []
    assert len(selectors.search(user=alice, q="phrase")) == 1
    chat.delete()
    assert selectors.search(user=alice, q="phrase") == []


def test_it_heals_sqlite_triggers_a_table_rebuild_dropped(alice):
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("SQLite's triggers only")
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TRIGGER {search_index.FTS_TABLE}_ai")
    _chat(alice, t1="written while the trigger was gone")
    search_index.on_post_migrate(sender=None)
    assert len(selectors.search(user=alice, q="trigger gone")) == 1
    _chat(alice, t2="written after the healing")
    assert len(selectors.search(user=alice, q="healing")) == 1


def test_it_lists_newest_messages_first_and_stops_at_the_limit(alice):
    _chat(alice, **{f"t{i}": f"popcorn number {i}" for i in range(5)})
    hits = selectors.search(user=alice, q="popcorn", limit=3)
    assert [h.anchor for h in hits] == ["msg-t4-user", "msg-t3-user", "msg-t2-user"]


def test_it_refuses_blank_long_and_unstorable_queries():
    for q, code in [
        ("   ", "empty_query"),
        ("x" * 201, "query_too_long"),
        ("a\x00b", "invalid_text"),
        (None, "invalid_search"),
    ]:
        with pytest.raises(InvalidInput) as refused:
            query_words(q)
        assert refused.value.code == code


def test_it_treats_punctuation_only_as_nothing_to_find(alice):
    _chat(alice, t1="!!!")
    assert query_words("!!! ???") == []
    assert selectors.search(user=alice, q="!!!") == []


def test_it_cuts_a_long_message_around_its_first_hit():
    text = "word " * 100 + "the needle here " + "tail " * 100
    parts = snippet_parts(text, ["needle"])
    assert parts[0].text == "…" and parts[-1].text == "…"
    assert [p.text for p in parts if p.hit] == ["needle"]
    assert sum(len(p.text) for p in parts) < 200


def test_it_answers_the_api_with_hits_and_urls_at_the_message(alice, bob):
    chat = _chat(alice, t1="Looking for a heist film")
    body = api_for(alice).get("/api/search", {"q": "heist"}).json()
    assert [h["url"] for h in body] == [f"/chats/{chat.pk}/#msg-t1-user"]
    assert body[0]["role"] == "user" and {"text": "heist", "hit": True} in body[0]["snippet"]
    assert api_for(bob).get("/api/search", {"q": "heist"}).json() == []


def test_it_refuses_bad_api_queries_with_a_clear_400(alice):
    api = api_for(alice)
    for params, code in [({}, "validation_error"), ({"q": ""}, "empty_query"), ({"q": "y" * 201}, "query_too_long")]:
        answer = api.get("/api/search", params)
        assert answer.status_code == 400 and answer.json()["code"] == code, params


def test_it_needs_a_login_for_the_api(client):
    assert client.get("/api/search", {"q": "x"}).status_code == 401


def test_it_serves_highlighted_hits_to_the_page_and_nothing_for_an_empty_box(alice, client):
    chat = _chat(alice, t1="a heist <b>film</b>")
    client.force_login(alice)
    page = client.get("/search/", {"q": "heist"}, headers={"HX-Request": "true"})
    html = page.content.decode()
    assert page.status_code == 200 and f'href="/chats/{chat.pk}/#msg-t1-user"' in html
    # Never markup from a message (SQLite shows it escaped; PostgreSQL's headline parser drops tags).
    assert "<mark>heist</mark>" in html and "<b>" not in html and "film" in html
    assert client.get("/search/", {"q": " "}, headers={"HX-Request": "true"}).content == b""
    refused = client.get("/search/", {"q": "z" * 300}, headers={"HX-Request": "true"})
    assert refused.status_code == 400 and "at most 200" in refused.content.decode()


def test_it_serves_a_whole_page_of_hits_where_the_form_lands_without_htmx(alice, client):
    chat = _chat(alice, t1="a heist film")
    client.force_login(alice)
    page = client.get("/search/", {"q": "heist"})
    html = page.content.decode()
    assert (
        page.status_code == 200
        and "<title>Search: \u2068heist\u2069 · Marquee</title>" in html
        and '<html lang="en"' in html
    )
    assert f'href="/chats/{chat.pk}/#msg-t1-user"' in html and 'value="heist"' in html
    empty = client.get("/search/", {"q": " "})
    assert empty.status_code == 200 and "<h1>Search</h1>" in empty.content.decode()
    refused = client.get("/search/", {"q": "z" * 300})
    assert (
        refused.status_code == 400 and "at most 200" in refused.content.decode() and "<main" in refused.content.decode()
    )


def test_it_groups_the_sidebar_by_date_with_pinned_chats_on_top(alice):
    now = timezone.now()
    ages = {"today": 0, "yesterday": 1, "week": 5, "month": 20, "old": 80}
    chats = {name: _chat(alice, name) for name in ages}
    for name, days in ages.items():
        Chat.objects.filter(pk=chats[name].pk).update(updated_at=now - timedelta(days=days))
    Chat.objects.filter(pk=chats["week"].pk).update(pinned_at=now)
    groups = selectors.chat_sidebar_groups(user=alice, now=now)
    labels = [g.label for g in groups]
    assert labels[:5] == [
        "Pinned",
        "Today",
        "Yesterday",
        "Previous 30 days",
        (now - timedelta(days=80)).strftime("%B %Y"),
    ]
    assert [c.title for c in groups[0].chats] == ["week"]


def test_it_labels_dates_by_age():
    from datetime import date

    today = date(2026, 11, 24)
    label = selectors.date_group_label
    assert [label(today - timedelta(days=d), today) for d in (0, 1, 2, 7, 8, 30)] == [
        "Today",
        "Yesterday",
        "Previous 7 days",
        "Previous 7 days",
        "Previous 30 days",
        "Previous 30 days",
    ]
    assert label(date(2026, 3, 2), today) == "March 2026"


def test_it_never_finds_a_turn_hidden_behind_an_edited_question(alice):
    chat = _chat(alice, t1="a heist in the snow", t2="a heist on a train")
    Message.objects.filter(chat=chat, turn_key="t2").update(branch="t1:0")  # the previous version's later turn
    hits = selectors.search(user=alice, q="heist")
    assert [h.anchor for h in hits] == ["msg-t1-user"]
