"""The fake OpenAI server itself: images, empty queue, recorded requests."""

import base64

import pytest
from openai import InternalServerError

from tests.fakes.openai_server import PNG_1X1, FakeOpenAIServer, image


async def test_it_serves_image_edits_as_b64_png(fake_openai, openai_client):
    fake_openai.enqueue(image())
    result = await openai_client.images.edit(
        model="gpt-image-1", image=("in.png", PNG_1X1, "image/png"), prompt="make it noir"
    )
    assert base64.b64decode(result.data[0].b64_json) == PNG_1X1
    [sent] = fake_openai.requests
    assert sent.path == "/v1/images/edits"
    assert sent.body["prompt"] == "make it noir" and sent.body["model"] == "gpt-image-1"
    assert sent.body["image"]["filename"] == "in.png" and sent.body["image"]["size"] == len(PNG_1X1)


async def test_it_answers_500_when_nothing_is_queued(fake_openai, openai_client):
    with pytest.raises(InternalServerError, match="no reply queued for POST /v1/responses"):
        await openai_client.responses.create(model="m", input="hi")


async def test_it_returns_plain_json_when_not_streaming(fake_openai, openai_client):
    fake_openai.enqueue(FakeOpenAIServer.tool_call("decide_mode", {"mode": "A"}, call_id="c1"))
    response = await openai_client.responses.create(model="m", input="hi")
    [call] = response.output
    assert (call.type, call.call_id, call.arguments) == ("function_call", "c1", '{"mode": "A"}')
    assert fake_openai.bodies("/responses") == [{"model": "m", "input": "hi"}]


async def test_it_answers_from_the_responder_when_nothing_is_queued(fake_openai, openai_client):
    fake_openai.enqueue(FakeOpenAIServer.tool_call("decide_mode", {"mode": "A"}, call_id="queued"))
    fake_openai.respond_with(lambda request: FakeOpenAIServer.tool_call("echo", {"said": request.body["input"]}))

    first = await openai_client.responses.create(model="m", input="one")
    second = await openai_client.responses.create(model="m", input="two")

    assert first.output[0].call_id == "queued"  # the queue goes first
    assert (second.output[0].name, second.output[0].arguments) == ("echo", '{"said": "two"}')
