"""Movie-chat pages: the lists page, its memory panel, and the diff card's Apply/Discard."""

import pytest
from django.test import Client

from recs.models import WatchlistItem
from recs.services.lists import list_add
from recs.sources.movies import Movie

pytestmark = pytest.mark.django_db


def _film(slug: str, title: str, year: int | None, genres=()) -> Movie:
    return Movie(source="catalogue", id=slug, title=title, year=year, genres=list(genres))


def _client(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _order(page: str, *titles: str) -> list[str]:
    return sorted(titles, key=page.index)


def test_it_sorts_unrated_and_undated_films_last_on_the_lists_page(alice):
    list_add(user=alice, list_name="seen", movie=_film("u", "Unratedfilm", 1990))
    list_add(user=alice, list_name="seen", movie=_film("t", "Threestarfilm", 1991), rating=3)
    list_add(user=alice, list_name="seen", movie=_film("f", "Fivestarfilm", 1992), rating=5)
    list_add(user=alice, list_name="watchlist", movie=_film("n", "Undatedfilm", None))
    list_add(user=alice, list_name="watchlist", movie=_film("o", "Oldfilm", 1950))
    list_add(user=alice, list_name="watchlist", movie=_film("w", "Newfilm", 2005))
    client = _client(alice)
    by_rating = client.get("/lists/?sort=rating").content.decode()
    assert _order(by_rating, "Unratedfilm", "Threestarfilm", "Fivestarfilm") == [
        "Fivestarfilm",
        "Threestarfilm",
        "Unratedfilm",
    ]
    by_year = client.get("/lists/?sort=year").content.decode()
    assert _order(by_year, "Undatedfilm", "Oldfilm", "Newfilm") == ["Newfilm", "Oldfilm", "Undatedfilm"]


def _section(page: str, section_id: str) -> str:
    start = page.index(f'id="{section_id}"')
    return page[start : page.index("</section>", start)]


def test_it_updates_the_count_and_shows_the_empty_state_when_a_row_is_removed(alice):
    fargo, _ = list_add(user=alice, list_name="watchlist", movie=_film("fargo-1996", "Fargo", 1996))
    ronin, _ = list_add(user=alice, list_name="watchlist", movie=_film("ronin-1998", "Ronin", 1998))
    client = _client(alice)
    htmx = {"HX-Request": "true"}
    first = client.post(f"/lists/watchlist/{fargo.pk}/remove/", {"sort": "title"}, headers=htmx).content.decode()
    assert 'Watchlist <span class="muted">(1)</span>' in first
    assert "Ronin" in first and "Fargo" not in first and "Nothing yet" not in first
    last = client.post(f"/lists/watchlist/{ronin.pk}/remove/", headers=htmx).content.decode()
    assert "(0)" in last and "Nothing yet" in last and "<html" not in last


def test_it_confirms_forgetting_inside_the_memory_card_and_scrolls_to_it(alice):
    from recs.services.memory import memory_learn

    memory_learn(user=alice, text="I hate horror")
    client = _client(alice)
    response = client.post("/memory/reset/")
    assert response.status_code == 302 and response.url == "/lists/#memory"
    page = client.get(response.url).content.decode()
    assert "forgotten what I learned" in _section(page, "memory")
    assert page.count("forgotten what I learned") == 1  # not repeated at the top of the page
    assert "forgotten what I learned" not in client.get("/lists/").content.decode()  # shown once
    toggled = client.post("/memory/autostart/", {})
    assert toggled.url == "/lists/#memory"
    assert "New chats will start empty." in _section(client.get(toggled.url).content.decode(), "memory")


def test_it_says_that_leanings_from_the_lists_remain_after_a_reset(alice):
    list_add(user=alice, list_name="watchlist", movie=_film("fargo-1996", "Fargo", 1996, ["Thriller/Suspense"]))
    client = _client(alice)
    client.post("/memory/reset/")
    memory = _section(client.get("/lists/").content.decode(), "memory")
    assert "Likes: Thriller/Suspense." in memory and "from your lists" in memory


def _row(i: int, action: str, slug: str, title: str, year: int, *, status="ready", rating=None) -> dict:
    movie = {
        "source": "catalogue",
        "id": slug,
        "media_type": "movie",
        "title": title,
        "year": year,
        "genres": [],
        "director": None,
    }
    return {
        "i": i,
        "action": action,
        "label": action,
        "title": title,
        "year": year,
        "rating": rating,
        "status": status,
        "note": "",
        "movie": movie if status == "ready" else None,
    }


def _chat_with_picks_and_proposal(user, rows: list[dict]):
    from chatapp.models import Chat, Message

    chat = Chat.objects.create(owner=user)
    picks = [
        {
            "index": i,
            "source": "catalogue",
            "id": slug,
            "media_type": "movie",
            "title": title,
            "year": year,
            "genres": [],
            "reason": "r",
        }
        for i, (slug, title, year) in enumerate([("se7en-1995", "Se7en", 1995), ("fargo-1996", "Fargo", 1996)])
    ]
    Message.objects.create(chat=chat, role="assistant", turn_key="t0", status="complete", payload={"picks": picks})
    Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key="t1",
        status="complete",
        payload={"proposal": {"state": "pending", "rows": rows}},
    )
    return chat


def test_it_updates_the_pick_cards_a_diff_changed_in_the_apply_response(alice):
    list_add(user=alice, list_name="watchlist", movie=_film("fargo-1996", "Fargo", 1996))
    chat = _chat_with_picks_and_proposal(
        alice,
        [
            _row(0, "add_watchlist", "se7en-1995", "Se7en", 1995),
            _row(1, "remove_watchlist", "fargo-1996", "Fargo", 1996),
            _row(2, "mark_seen", "se7en-1995", "Se7en", 1995, rating=4),
        ],
    )
    response = _client(alice).post(
        f"/chats/{chat.pk}/turns/t1/proposal/",
        {"decision": "apply", "rows": ["0", "1", "2"]},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()
    assert response.status_code == 200 and "Applied." in html
    se7en = html[html.index('id="pick-actions-t0-0"') - 60 :]
    assert 'hx-swap-oob="outerHTML"' in se7en[:120] and "✓ On watchlist" in se7en and "✓ Seen · 4★" in se7en
    fargo = html[html.index('id="pick-actions-t0-1"') - 60 :]
    assert 'hx-swap-oob="outerHTML"' in fargo[:120] and "+ Watchlist" in fargo  # off the watchlist again


@pytest.mark.parametrize("rows", [[], ["99"], ["1"]])
def test_it_refuses_an_empty_selection_and_keeps_the_card_pending(alice, rows):
    from chatapp.models import Message

    chat = _chat_with_picks_and_proposal(
        alice,
        [
            _row(0, "add_watchlist", "se7en-1995", "Se7en", 1995),
            _row(1, "mark_seen", "nope", "No Such Film", 2001, status="unresolved"),
        ],
    )
    client = _client(alice)
    url = f"/chats/{chat.pk}/turns/t1/proposal/"
    response = client.post(url, {"decision": "apply", "rows": rows}, headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200 and "Nothing selected" in html and "Apply selected" in html
    assert "Applied." not in html
    assert client.post(url, {"decision": "apply", "rows": rows}).status_code == 400  # without htmx: plain refusal
    proposal = Message.objects.get(chat=chat, turn_key="t1").payload["proposal"]
    assert proposal["state"] == "pending" and [r["status"] for r in proposal["rows"]] == ["ready", "unresolved"]
    assert not WatchlistItem.objects.exists()


def test_it_keeps_the_lists_sort_on_a_rated_row(alice):
    fargo, _ = list_add(user=alice, list_name="seen", movie=_film("fargo-1996", "Fargo", 1996))
    client = _client(alice)
    row = client.post(
        f"/lists/seen/{fargo.pk}/rate/", {"rating": "4", "sort": "title"}, headers={"HX-Request": "true"}
    ).content.decode()
    # The row's Remove button and its rating form send the page's sort back, not an empty one.
    assert """hx-vals='{"sort": "title"}'""" in row
    assert '<input type="hidden" name="sort" value="title">' in row
    page = client.post(f"/lists/seen/{fargo.pk}/rate/", {"rating": "5", "sort": "year"})
    assert page.status_code == 302 and page["Location"] == "/lists/?sort=year"


def test_it_returns_a_refused_card_with_the_boxes_as_the_user_left_them(alice):
    chat = _chat_with_picks_and_proposal(
        alice,
        [
            _row(0, "add_watchlist", "se7en-1995", "Se7en", 1995),
            _row(1, "add_watchlist", "fargo-1996", "Fargo", 1996),
        ],
    )
    response = _client(alice).post(
        f"/chats/{chat.pk}/turns/t1/proposal/", {"decision": "apply"}, headers={"HX-Request": "true"}
    )
    html = response.content.decode()
    assert "Nothing selected" in html
    boxes = [line for line in html.splitlines() if 'type="checkbox"' in line]
    # Nothing was ticked, so nothing comes back ticked (the notice would contradict the card).
    assert len(boxes) == 2 and not any("checked" in box for box in boxes)
    assert "disabled" not in "".join(boxes)  # still the user's to tick


def test_it_labels_what_was_told_apart_from_what_comes_from_the_lists_after_a_reset(alice):
    from recs.services.memory import memory_learn

    memory_learn(user=alice, text="I hate horror")
    list_add(user=alice, list_name="watchlist", movie=_film("fargo-1996", "Fargo", 1996, ["Thriller/Suspense"]))
    client = _client(alice)
    client.post("/memory/reset/")
    memory = _section(client.get("/lists/").content.decode(), "memory")
    told, reads = memory.index("What you told me in chats"), memory.index("What the planner reads")
    # "Nothing yet" is about the chats; the leanings shown below it are said to come from the lists.
    assert told < memory.index("Nothing yet") < reads < memory.index("Likes: Thriller/Suspense.")
    assert "comes from your lists only" in memory[reads:]
    assert "Horror" not in memory

    memory_learn(user=alice, text="I love Christopher Nolan")
    memory = _section(client.get("/lists/").content.decode(), "memory")
    assert "Nothing yet" not in memory and "Christopher Nolan" in memory
    assert "what you told me with leanings from your lists" in memory


def test_it_shows_recently_shown_films_under_their_own_heading_above_what_you_told_me(alice):
    from recs.services.memory import memory_learn, memory_record_results

    memory_record_results(user_id=alice.pk, picks=[{"title": "Se7en", "year": 1995}])
    memory = _section(_client(alice).get("/lists/").content.decode(), "memory")
    recent, told = memory.index("Recently shown"), memory.index("What you told me in chats")
    # Films shown are not something the person said: they come first, under their own heading.
    assert recent < memory.index("Se7en (1995)") < told
    assert "Nothing yet" in memory[told:]  # nothing was told yet

    memory_learn(user=alice, text="I hate horror")
    memory = _section(_client(alice).get("/lists/").content.decode(), "memory")
    assert memory.index("Se7en (1995)") < memory.index("What you told me in chats") < memory.index("Horror")


@pytest.mark.parametrize("chat_id", [str(2**63), "9" * 30])
@pytest.mark.parametrize("action", ["picks/0/watchlist/", "proposal/"])
def test_it_answers_a_chat_id_past_the_database_integer_with_404_not_an_overflow(alice, chat_id, action):
    # The chat id went into a foreign-key filter: "Python int too large to convert to SQLite INTEGER" (a 500;
    # PostgreSQL: out of range). An address whose id no row can have is no address of ours.
    turn_key = "a" * 32
    response = _client(alice).post(f"/chats/{chat_id}/turns/{turn_key}/{action}", {"decision": "apply", "rows": "0"})
    assert response.status_code == 404
    assert not WatchlistItem.objects.exists()
