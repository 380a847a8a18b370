"""List services: add/remove/rate, the blocked list they feed, and pick-card buttons."""

import pytest
from django.test import Client

from chatapp.errors import InvalidInput, NotFound
from chatapp.models import Chat, Message
from recs.models import SeenItem, WatchlistItem
from recs.selectors import blocked_list, list_marks
from recs.services.lists import list_add, list_remove, pick_to_list, seen_rate
from recs.sources.movies import Movie

pytestmark = pytest.mark.django_db

FARGO = Movie(source="catalogue", id="fargo-1996", title="Fargo", year=1996, genres=["Thriller/Suspense"])
SE7EN = Movie(source="catalogue", id="se7en-1995", title="Se7en", year=1995)


def _chat_with_pick(user) -> tuple[Chat, Message]:
    chat = Chat.objects.create(owner=user)
    message = Message.objects.create(
        chat=chat,
        role="assistant",
        turn_key="t1",
        status="complete",
        payload={
            "picks": [
                {
                    "index": 0,
                    **{
                        k: v
                        for k, v in FARGO.model_dump().items()
                        if k in ("source", "id", "media_type", "title", "year", "genres", "director")
                    },
                    "reason": "r",
                }
            ]
        },
    )
    return chat, message


def test_it_adds_once_and_updates_the_rating_of_a_seen_film(alice):
    _, created = list_add(user=alice, list_name="seen", movie=FARGO, rating=3)
    _, again = list_add(user=alice, list_name="seen", movie=FARGO, rating="5")
    assert created and not again
    assert SeenItem.objects.get(user=alice).rating == 5


@pytest.mark.parametrize("bad", [0, 6, "abc", 2.5, "-1"])
def test_it_refuses_ratings_outside_one_to_five(alice, bad):
    with pytest.raises(InvalidInput):
        list_add(user=alice, list_name="seen", movie=FARGO, rating=bad)
    assert not SeenItem.objects.exists()


def test_it_says_clearly_when_removing_a_film_that_is_not_on_the_list(alice):
    with pytest.raises(NotFound, match="not on your watchlist"):
        list_remove(user=alice, list_name="watchlist", source="catalogue", movie_id="fargo-1996")


def test_it_blocks_watchlist_seen_and_recommended_films(alice):
    chat = Chat.objects.create(owner=alice)
    list_add(user=alice, list_name="watchlist", movie=FARGO)
    list_add(user=alice, list_name="seen", movie=SE7EN, rating=4)
    keys = {b.key for b in blocked_list(user=alice, chat_id=chat.pk)}
    assert keys == {("catalogue", "fargo-1996"), ("catalogue", "se7en-1995")}


def test_it_marks_cards_from_both_lists_with_the_rating_and_only_the_users_own(alice, bob):
    list_add(user=alice, list_name="watchlist", movie=FARGO)
    list_add(user=alice, list_name="seen", movie=FARGO)  # on both lists, not rated
    list_add(user=alice, list_name="seen", movie=SE7EN, rating=4)
    list_add(user=bob, list_name="watchlist", movie=SE7EN)
    keys = [("catalogue", "fargo-1996"), ("catalogue", "se7en-1995"), ("catalogue", "heat-1995")]
    assert list_marks(user=alice, keys=keys) == {
        "catalogue:fargo-1996": {"watchlist": True, "seen": True},
        "catalogue:se7en-1995": {"seen": 4},
    }
    assert list_marks(user=bob, keys=keys) == {"catalogue:se7en-1995": {"watchlist": True}}
    assert list_marks(user=alice, keys=[]) == {}


def test_it_puts_a_pick_on_a_list_from_its_card_only_for_the_owner(alice, bob):
    chat, _ = _chat_with_pick(alice)
    pick_to_list(user=alice, chat_id=chat.pk, turn_key="t1", index=0, list_name="watchlist")
    assert WatchlistItem.objects.filter(user=alice, movie_id="fargo-1996").exists()
    with pytest.raises(NotFound):
        pick_to_list(user=bob, chat_id=chat.pk, turn_key="t1", index=0, list_name="watchlist")
    with pytest.raises(NotFound):
        pick_to_list(user=alice, chat_id=chat.pk, turn_key="t1", index=7, list_name="watchlist")
    assert list_marks(user=alice, keys=[("catalogue", "fargo-1996")]) == {"catalogue:fargo-1996": {"watchlist": True}}


@pytest.mark.parametrize("turn_key", ["%00", "t1%00", "x" * 300])
def test_it_answers_404_to_a_turn_key_in_the_address_that_is_none_without_asking_the_database(alice, turn_key):
    from django.db import connection

    chat, _ = _chat_with_pick(alice)
    client = Client()
    client.force_login(alice)
    sent = []

    def record(execute, sql, params, many, context):
        sent.extend(str(p) for p in params or ())
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        picked = client.post(f"/chats/{chat.pk}/turns/{turn_key}/picks/0/watchlist/")
        decided = client.post(f"/chats/{chat.pk}/turns/{turn_key}/proposal/", {"decision": "discard"})
    assert (picked.status_code, decided.status_code) == (404, 404)
    # PostgreSQL refuses a NUL in a text parameter (a 500): such a key is no turn key, never sent to it.
    assert not any("\x00" in p or len(p) > 64 for p in sent)
    assert not WatchlistItem.objects.exists()


def test_it_updates_the_card_in_place_when_a_button_is_pressed(alice):
    chat, _ = _chat_with_pick(alice)
    client = Client()
    client.force_login(alice)
    url = f"/chats/{chat.pk}/turns/t1/picks/0/seen/"
    response = client.post(url, {"rating": "4"}, headers={"HX-Request": "true"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "✓ Seen · 4★" in html and 'id="pick-actions-t1-0"' in html and "<html" not in html
    assert client.post(url, {"rating": "9"}).status_code == 400
    page = client.get(f"/chats/{chat.pk}/").content.decode()
    assert "✓ Seen · 4★" in page  # the page shows list state after a reload


def test_it_shows_sorts_rates_and_removes_on_the_lists_page(alice, bob):
    list_add(user=alice, list_name="watchlist", movie=FARGO)
    seen, _ = list_add(user=alice, list_name="seen", movie=SE7EN)
    client = Client()
    client.force_login(alice)
    page = client.get("/lists/?sort=title").content.decode()
    assert "Fargo" in page and "Se7en" in page and "What I know about you" in page
    assert (
        client.post(f"/lists/seen/{seen.pk}/rate/", {"rating": "2"}, headers={"HX-Request": "true"}).status_code == 200
    )
    seen_rate(user=alice, item_id=seen.pk, rating="")
    assert SeenItem.objects.get(pk=seen.pk).rating is None
    other = Client()
    other.force_login(bob)
    assert other.post(f"/lists/seen/{seen.pk}/remove/").status_code == 404
    assert client.post(f"/lists/seen/{seen.pk}/remove/", headers={"HX-Request": "true"}).status_code == 200
    assert not SeenItem.objects.filter(pk=seen.pk).exists()


def test_it_keeps_a_source_title_or_director_longer_than_its_column_to_what_the_column_holds(alice):
    # A film source's data is untrusted: a 1,000-character TMDB title went whole into a 300-character column
    # (PostgreSQL refuses the write: "+ Watchlist" and the turn that recorded the pick failed with a 500).
    from recs.models import Recommendation
    from recs.services.recommendations import recommendations_add

    long = Movie(source="tmdb", id="603", title="T" * 1000, year=1999, director="D" * 500)
    item, _created = list_add(user=alice, list_name="seen", movie=long, rating=4)
    chat, message = _chat_with_pick(alice)
    assert recommendations_add(chat_id=chat.pk, message_id=message.pk, movies=[long]) == [True]
    for row in (SeenItem.objects.get(pk=item.pk), Recommendation.objects.get(chat=chat)):
        columns = {f.name: f.max_length for f in type(row)._meta.fields if f.max_length}
        for name, limit in columns.items():
            assert len(getattr(row, name)) <= limit, (type(row).__name__, name)
        assert row.title == "T" * 300


def test_it_keeps_nul_and_lone_surrogates_of_a_source_film_out_of_what_it_stores(alice):
    # TMDB's JSON can spell "\u0000" and a lone "\ud800" in any string: PostgreSQL refuses both (a NUL in a
    # varchar or jsonb, a surrogate in any UTF-8 text), so '+ Watchlist' and the turn storing the pick failed.
    from recs.models import Recommendation
    from recs.services.recommendations import recommendations_add

    odd = Movie(
        source="tmdb",
        id="603",
        title="The\x00 Matrix\ud800",
        year=1999,
        director="Lana\x00 Wachowski",
        genres=["Sci\x00-Fi", "Action\udc80"],
        overview="Neo\x00 wakes\ud83d.",
        poster_url="https://image.tmdb.org/t/p/w342/a\x00.jpg",
    )
    assert (odd.title, odd.director, odd.genres) == ("The Matrix\ufffd", "Lana Wachowski", ["Sci-Fi", "Action\ufffd"])
    assert odd.overview == "Neo wakes\ufffd." and "\x00" not in odd.poster_url
    item, _created = list_add(user=alice, list_name="seen", movie=odd, rating=4)
    chat, message = _chat_with_pick(alice)
    assert recommendations_add(chat_id=chat.pk, message_id=message.pk, movies=[odd]) == [True]
    for row in (SeenItem.objects.get(pk=item.pk), Recommendation.objects.get(chat=chat)):
        assert row.title == "The Matrix\ufffd"
