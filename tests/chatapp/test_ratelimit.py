"""chatapp.ratelimit: turns are counted per minute, and a turn refused before anything was stored gives its count back."""

import pytest

from chatapp import ratelimit, services, turns
from chatapp.db import database_sync_to_async
from chatapp.errors import InvalidInput, NotFound
from chatapp.models import Message

pytestmark = pytest.mark.django_db(transaction=True)
db = database_sync_to_async


async def test_it_gives_back_the_count_of_a_turn_refused_before_it_was_stored(alice, settings, one_minute):
    settings.TURNS_PER_MINUTE = 1
    chat = await db(services.chat_create)(user=alice)
    for _ in range(3):  # a blank message and an edit of a message that does not exist, each refused
        with pytest.raises(InvalidInput):
            await turns.begin(user=alice, chat_id=chat.pk, text="   ", watch=False)
        with pytest.raises(NotFound):
            await turns.regenerate(user=alice, chat_id=chat.pk, message_id=10**9, new_text="hi", watch=False)
    assert not await Message.objects.filter(chat=chat).aexists()  # nothing stored
    assert await db(ratelimit.turn_rate_check)(user_id=alice.pk)  # the minute's one turn is still there
    assert not await db(ratelimit.turn_rate_check)(user_id=alice.pk)  # and it is counted


async def test_it_gives_back_nothing_past_an_expired_window():
    await db(ratelimit.turn_rate_refund)(key="turns:0:123")  # no such window: no error, nothing set
    from django.core.cache import cache

    assert cache.get("turns:0:123") is None
