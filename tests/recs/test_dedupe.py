"""De-duplication: by (source, id), with normalized title + year as backup, and once per chat in the DB."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from chatapp.models import Message
from chatapp.services import chat_create
from recs.models import Recommendation
from recs.selectors import blocked_list
from recs.services.recommendations import recommendation_add, recommendations_add
from recs.sources.dedupe import BlockedIndex
from recs.sources.movies import BlockedItem, Movie

REPEAT = "repeats another pick in this answer"
BLOCKED = "on the blocked list (already recommended, on the watchlist or seen)"

AMELIE_CATALOGUE = Movie(source="catalogue", id="amelie-2001", title="Amelie", year=2001)
AMELIE_TMDB = Movie(source="tmdb", id="194", title="Amélie!", year=2001)
FARGO = Movie(source="catalogue", id="fargo-1996", title="Fargo", year=1996)


def test_it_drops_a_pick_repeating_another_pick_of_the_same_turn():
    index = BlockedIndex()
    assert index.reject_reason(FARGO) is None
    index.add(FARGO)
    assert index.reject_reason(FARGO) == REPEAT


def test_it_calls_the_same_film_under_another_id_a_repeat_too():
    index = BlockedIndex()
    index.add(AMELIE_CATALOGUE)
    assert index.reject_reason(AMELIE_TMDB) == REPEAT


@pytest.mark.parametrize(
    "blocked_title",
    ["Amelie", "AMÉLIE", "amélie!", "  Amélie  "],
)
def test_it_catches_a_blocked_film_with_another_id_by_normalized_title_and_year(blocked_title):
    # Blocked from the catalogue; the TMDB lookup finds the same film under its own id.
    index = BlockedIndex([BlockedItem(source="catalogue", id="amelie-2001", title=blocked_title, year=2001)])
    assert index.reject_reason(AMELIE_TMDB) == BLOCKED


def test_it_keeps_a_same_titled_film_of_another_year():
    index = BlockedIndex([BlockedItem(source="catalogue", id="psycho-1960", title="Psycho", year=1960)])
    remake = Movie(source="catalogue", id="psycho-1998", title="Psycho", year=1998)
    assert index.reject_reason(remake) is None


def test_it_drops_blocked_list_entries_by_source_and_id():
    index = BlockedIndex([BlockedItem(source="tmdb", id="275", title="A title that changed", year=1996)])
    assert index.reject_reason(Movie(source="tmdb", id="275", title="Fargo", year=1996)) == BLOCKED
    assert index.reject_reason(FARGO) is None  # same title, other source and id: not blocked by id
    assert index.reject_reason(Movie(source="catalogue", id="275", title="Other", year=1996)) is None


@pytest.mark.django_db
def test_it_stores_a_recommended_film_once_per_chat_and_blocks_it_afterwards(alice):
    chat = chat_create(user=alice)
    message = Message.objects.create(chat=chat, role=Message.Role.ASSISTANT, turn_key="t1")
    assert recommendation_add(chat_id=chat.pk, message_id=message.pk, movie=FARGO) is True
    # The unique constraint refuses the second insert; the service reports it instead of crashing.
    assert recommendation_add(chat_id=chat.pk, message_id=message.pk, movie=FARGO) is False
    assert Recommendation.objects.filter(chat=chat).count() == 1
    # The transaction is still usable after the refused insert.
    assert recommendation_add(chat_id=chat.pk, message_id=message.pk, movie=AMELIE_TMDB) is True
    other = chat_create(user=alice)
    other_message = Message.objects.create(chat=other, role=Message.Role.ASSISTANT, turn_key="t1")
    assert recommendation_add(chat_id=other.pk, message_id=other_message.pk, movie=FARGO) is True
    # A later turn of the first chat finds both films on its blocked list.
    index = BlockedIndex(blocked_list(user=alice, chat_id=chat.pk))
    assert index.reject_reason(FARGO) == BLOCKED
    assert index.reject_reason(AMELIE_CATALOGUE) == BLOCKED  # same film, catalogue id


@pytest.mark.django_db
def test_it_adds_films_shown_together_in_one_statement_and_one_by_one_after_a_race(alice):
    chat = chat_create(user=alice)
    message = Message.objects.create(chat=chat, role=Message.Role.ASSISTANT, turn_key="t1")
    with CaptureQueriesContext(connection) as ctx:
        assert recommendations_add(chat_id=chat.pk, message_id=message.pk, movies=[FARGO, AMELIE_TMDB]) == [True, True]
    assert sum(q["sql"].startswith("INSERT") for q in ctx.captured_queries) == 1
    # Fargo got there first (another tab switched a version back): the others still go in, Fargo reports False.
    heat = Movie(source="catalogue", id="heat-1995", title="Heat", year=1995)
    added = recommendations_add(chat_id=chat.pk, message_id=message.pk, movies=[heat, FARGO])
    assert added == [True, False]
    assert set(Recommendation.objects.filter(chat=chat).values_list("movie_id", flat=True)) == {
        "fargo-1996",
        "194",
        "heat-1995",
    }
    assert recommendations_add(chat_id=chat.pk, message_id=message.pk, movies=[]) == []
