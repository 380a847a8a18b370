"""The socket reads JSON as the API does: `NaN` and a property named twice are refused in words, nothing stored."""

import pytest

from chatapp.models import Message
from tests.support.ws import json_socket as _json_socket

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize(
    ("frame", "words"),
    [
        # {"action": "stop", "action": "send"} sent the text: the last "action" won, unseen by anything reading first.
        (
            '{"action": "stop", "action": "send", "text": "hi"}',
            'That message names "action" more than once in one object; send each once.',
        ),
        (
            '{"action": "version", "message": NaN, "index": 1}',
            "That message is not valid JSON: NaN is not a JSON number.",
        ),
        (
            '{"action": "regenerate", "message": ' + "9" * 5000 + "}",
            "That message has a number too long to read (over 4,300 digits).",
        ),
    ],
)
async def test_it_refuses_json_the_standard_does_not_allow_on_the_socket_in_words(alice, frame, words):
    chat, comm = await _json_socket(alice)
    await comm.send_to(text_data=frame)
    answer = await comm.receive_json_from(timeout=5)
    assert (answer["type"], answer["code"], answer["message"]) == ("turn.refused", "bad_frame", words)
    await comm.send_json_to({"action": "nope"})
    assert (await comm.receive_json_from(timeout=5))["code"] == "unknown_action"  # still open
    assert not await Message.objects.filter(chat=chat).aexists()
    await comm.disconnect()
