"""API input/output schemas and the functions that build them from models."""

from datetime import datetime

from ninja import Schema

from chatapp.models import Chat, Message


class ErrorOut(Schema):
    code: str
    message: str


# The error answers every endpoint may give ({code, message}).
ERRORS = {status: ErrorOut for status in (400, 401, 404, 409, 413, 429, 502)}


class ChatIn(Schema):
    title: str = ""


class ChatOut(Schema):
    id: int
    title: str
    created_at: datetime


class MessageIn(Schema):
    text: str


class PickOut(Schema):
    source: str
    id: str
    title: str
    year: int | None = None
    reason: str = ""
    genres: list[str] = []
    runtime: int | None = None
    overview: str = ""
    poster_url: str | None = None


class DroppedOut(Schema):
    title: str
    year: int | None = None
    reason: str


class AssistantMessageOut(Schema):
    id: int
    turn_key: str
    status: str
    mode: str | None = None
    content: str
    picks: list[PickOut]
    dropped: list[DroppedOut]
    planner_source: str
    flow: str
    timings: dict[str, float]
    error: str = ""
    proposal: dict | None = None


class UserMessageOut(Schema):
    id: int
    text: str


class TurnOut(Schema):
    user_message: UserMessageOut
    assistant_message: AssistantMessageOut


class MessageOut(Schema):
    id: int
    role: str
    turn_key: str
    status: str
    content: str
    created_at: datetime
    payload: dict
    proposal: dict | None = None


class ChatDetailOut(ChatOut):
    updated_at: datetime
    kind: str
    messages: list[MessageOut]


def assistant_message_out(message: Message) -> dict:
    """The API shape of an assistant message (same for HTTP and the JSON websocket)."""
    payload = message.payload or {}
    return {
        "id": message.pk,
        "turn_key": message.turn_key,
        "status": message.status,
        "mode": payload.get("mode"),
        "content": message.content,
        "picks": [PickOut(**p).model_dump() for p in payload.get("picks", [])],
        "dropped": [DroppedOut(**d).model_dump() for d in payload.get("dropped", [])],
        "planner_source": message.planner_source,
        "flow": message.flow,
        "timings": message.timings or {},
        "error": message.error,
        # A proposed list change (diff card) waiting for POST …/messages/{id}/proposal, or its outcome.
        "proposal": payload.get("proposal"),
    }


def chat_detail_out(chat: Chat, messages) -> dict:
    """A chat with its messages."""
    return {
        "id": chat.pk,
        "title": chat.title,
        "created_at": chat.created_at,
        "updated_at": chat.updated_at,
        "kind": chat.kind,
        "messages": [
            {
                "id": m.pk,
                "role": m.role,
                "turn_key": m.turn_key,
                "status": m.status,
                "content": m.content,
                "created_at": m.created_at,
                "payload": m.payload,
                "proposal": (m.payload or {}).get("proposal"),
            }
            for m in messages
        ],
    }
