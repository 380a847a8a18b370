"""Requests the rule planner must answer with films: "more comedies please", "more like that", vague asks."""

import pytest
from channels.db import database_sync_to_async

from chatapp.models import Chat, Message
from recs.catalogue import load_catalogue
from recs.memory_services import memory_get
from tests.chatapp.wsutil import say

pytestmark = pytest.mark.django_db(transaction=True)


async def _turn(user, chat, words: str) -> Message:
    await say(user, chat, words)
    return await database_sync_to_async(Message.objects.filter(chat=chat, role="assistant").last)()


@pytest.mark.parametrize(
    ("words", "genre", "liked"),
    [
        ("more tense 90s thrillers please", "Thriller/Suspense", "Thriller/Suspense"),
        ("more comedies please", "Comedy", "Comedy"),
        ("more 80s action", "Action", "Action"),
    ],
)
async def test_it_answers_more_of_a_genre_with_three_fitting_picks_and_remembers_the_leaning(
        alice, words, genre, liked):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    message = await _turn(alice, chat, words)
    assert message.status == "complete" and message.payload["mode"] == "B", message.content
    assert not message.content.startswith("Noted")
    picks = message.payload["picks"]
    assert len(picks) == 3 and all(genre in load_catalogue().tags(load_catalogue().get(p["id"])) for p in picks)
    assert liked in (await database_sync_to_async(memory_get)(user=alice)).liked_genres


@pytest.mark.parametrize(
    ("words", "noted"),
    [("I hate horror", "Noted: you don't like Horror."), ("I love Christopher Nolan", "Noted: you like Christopher Nolan.")],
)
async def test_it_still_notes_a_plain_statement_without_picks(alice, words, noted):
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    message = await _turn(alice, chat, words)
    assert message.content.startswith(noted) and message.payload["mode"] == "A"
    assert not message.payload.get("picks")


async def test_it_answers_more_of_a_genre_with_picks_under_v1_too(alice, settings):
    settings.CHAT_API_VERSION = "v1"
    chat = await database_sync_to_async(Chat.objects.create)(owner=alice)
    message = await _turn(alice, chat, "more comedies please")
    assert message.flow == "v1" and len(message.payload["picks"]) == 3, message.content
    assert not message.content.startswith("Noted")
