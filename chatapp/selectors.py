"""Reads for chats and messages; every read is scoped to its owner."""

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet

from chatapp.errors import NotFound
from chatapp.models import ApiToken, Chat, Message


def chat_list(*, user: AbstractBaseUser, kind: str | None = None) -> QuerySet[Chat]:
    """The user's chats, most recently active first."""
    chats = Chat.objects.filter(owner=user)
    if kind:
        chats = chats.filter(kind=kind)
    return chats.order_by("-updated_at", "-id")


def chat_get(*, user: AbstractBaseUser, chat_id: int) -> Chat:
    """One of the user's chats; another user's chat does not exist for them."""
    try:
        return Chat.objects.get(pk=chat_id, owner=user)
    except (Chat.DoesNotExist, ValueError, TypeError):
        raise NotFound("That chat does not exist.", code="chat_not_found") from None


def message_list(*, chat: Chat) -> QuerySet[Message]:
    """The chat's history in order."""
    return chat.messages.order_by("created_at", "id")


def message_get(*, chat: Chat, message_id: int) -> Message:
    """One message of a chat."""
    try:
        return chat.messages.get(pk=message_id)
    except (Message.DoesNotExist, ValueError, TypeError):
        raise NotFound("That message does not exist.", code="message_not_found") from None


def message_latest_assistant(*, chat: Chat) -> Message | None:
    """The chat's newest assistant message, if any."""
    return chat.messages.filter(role=Message.Role.ASSISTANT).order_by("-created_at", "-id").first()


def turn_messages(*, chat: Chat, turn_key: str) -> tuple[Message | None, Message | None]:
    """The (user, assistant) pair of one turn; either may be missing."""
    by_role = {m.role: m for m in chat.messages.filter(turn_key=turn_key)}
    return by_role.get(Message.Role.USER), by_role.get(Message.Role.ASSISTANT)


def active_turn(*, chat: Chat) -> Message | None:
    """The assistant message still being produced in this chat, if any."""
    return chat.messages.filter(role=Message.Role.ASSISTANT, status__in=Message.ACTIVE_STATUSES).first()


def recent_history(*, chat: Chat, limit: int | None = 12, exclude_turn: str | None = None) -> list[Message]:
    """The last messages with text, oldest first (all of them when `limit` is None)."""
    qs = chat.messages.exclude(content="")
    if exclude_turn:
        qs = qs.exclude(turn_key=exclude_turn)
    if limit is None:
        return list(qs.order_by("created_at", "id"))
    return list(reversed(qs.order_by("-created_at", "-id")[:limit]))


def api_token_list(*, user: AbstractBaseUser) -> QuerySet[ApiToken]:
    """The user's tokens, revoked ones included (shown as revoked)."""
    return ApiToken.objects.filter(user=user)
