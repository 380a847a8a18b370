"""The conversation as a model reads it: what the user said this turn, and the turns before it."""

from __future__ import annotations

from chatapp.db import database_sync_to_async
from chatapp.models import Chat, Message
from chatapp.planner.backends.base import InputItem, InputMessage
from chatapp.selectors import recent_history
from chatapp.turns import Turn
from recs.flows import prompts
from recs.selectors import chat_read


def model_text(turn: Turn) -> str:
    """What the model is told the user said (a greeting turn has no text of its own)."""
    text = turn.text or prompts.AUTOSTART_REQUEST
    if turn.payload.get("regenerated"):
        text += "\n\n(Answer this again, differently: the previous answer's films are now blocked.)"
    return text


async def history_items(turn: Turn, *, limit: int | None = 10, max_chars: int | None = 1200) -> list[InputItem]:
    """The chat's messages before this turn (the last `limit`, each cut to `max_chars`; None: no cap)."""
    messages = await database_sync_to_async(_recent)(chat_id=turn.chat_id, limit=limit, exclude_turn=turn.turn_key)
    return history_input(messages, max_chars=max_chars)


def recent_messages(*, chat: Chat, turn: Turn, limit: int | None = 10) -> list[Message]:
    """The messages history_items() reads, for a flow that reads them in a database hop of its own."""
    return recent_history(chat=chat, limit=limit, exclude_turn=turn.turn_key)


def history_input(messages: list[Message], *, max_chars: int | None = 1200) -> list[InputItem]:
    """Messages as the model reads them (each cut to `max_chars`; None: no cap)."""
    return [InputMessage(role=m.role, text=_compact(m)[:max_chars]) for m in messages]


def _recent(*, chat_id: int, limit: int | None, exclude_turn: str) -> list[Message]:
    # The chat and its history in one database hop.
    return recent_history(chat=chat_read(chat_id=chat_id), limit=limit, exclude_turn=exclude_turn)


def _compact(message: Message) -> str:
    # Picks are named, never their movie-source payloads.
    if message.role == Message.Role.ASSISTANT and message.payload.get("picks"):
        shown = ", ".join(f"{p['title']} ({p.get('year')})" for p in message.payload["picks"])
        return f"{message.content}\nRecommended: {shown}"
    return message.content
