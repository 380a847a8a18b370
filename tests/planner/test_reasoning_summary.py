"""The reasoning summary of the Responses API, streamed from the fake OpenAI server through the real SDK."""

import pytest

from chatapp.planner.backends import InputMessage, OpenAIResponsesBackend, PlannerRequest
from chatapp.planner.backends.reasoning import reasoning_model
from tests.fakes.openai_server import text, tool_call


def request(sink, model="gpt-5"):
    return PlannerRequest(
        instructions="You plan movie chats.",
        input=[InputMessage(role="user", text="Something like Heat?")],
        model=model,
        purpose="decide_mode",
        on_reasoning=sink,
    )


def collector():
    pieces: list[str] = []

    async def sink(delta: str) -> None:
        pieces.append(delta)

    return pieces, sink


async def test_it_streams_the_reasoning_summary_parts_to_the_sink(openai_client, fake_openai):
    backend = OpenAIResponsesBackend(openai_client, retry_budget=2.0, reasoning_summary="auto")
    fake_openai.enqueue(
        tool_call("decide_mode", {"mode": "B", "reason": "films"}, reasoning=["Weighing the ask.", "Picks it is."])
    )
    pieces, sink = collector()
    reply = await backend.complete(request(sink))
    assert [c.name for c in reply.tool_calls] == ["decide_mode"]
    assert "".join(pieces) == "\n\nWeighing the ask.\n\nPicks it is."  # each part after a gap of its own
    assert len(pieces) > 3  # streamed as deltas, not whole parts
    [body] = fake_openai.bodies("/responses")
    assert body["reasoning"] == {"effort": "low", "summary": "auto"}


async def test_it_keeps_the_answer_text_apart_from_the_reasoning(openai_client, fake_openai):
    backend = OpenAIResponsesBackend(openai_client, retry_budget=2.0, reasoning_summary="auto")
    fake_openai.enqueue(text("Try Thief (1981).", reasoning=["They like Mann."]))
    pieces, sink = collector()
    answered: list[str] = []

    async def on_text(delta: str) -> None:
        answered.append(delta)

    reply = await backend.complete(request(sink), on_text=on_text)
    assert reply.text == "".join(answered) == "Try Thief (1981)."
    assert "".join(pieces).strip() == "They like Mann."


@pytest.mark.parametrize(("summary", "model"), [("off", "gpt-5"), (None, "gpt-5"), ("auto", "gpt-4.1")])
async def test_it_asks_for_no_summary_when_off_or_the_model_does_not_reason(openai_client, fake_openai, summary, model):
    backend = OpenAIResponsesBackend(openai_client, retry_budget=2.0, reasoning_summary=summary)
    fake_openai.enqueue(tool_call("decide_mode", {"mode": "A", "reason": "chat"}))
    _, sink = collector()
    await backend.complete(request(sink, model=model))
    [body] = fake_openai.bodies("/responses")
    assert "summary" not in body.get("reasoning", {})


@pytest.mark.parametrize(
    ("model", "reasons"),
    [("gpt-5", True), ("gpt-5-mini", True), ("o4-mini", True), ("gpt-5-chat-latest", False), ("gpt-4.1", False)],
)
def test_it_knows_which_models_reason(model, reasons):
    assert reasoning_model(model) is reasons
