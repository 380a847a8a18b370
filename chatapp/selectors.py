"""Reads for chats and messages; every read is scoped to its owner."""

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Q, QuerySet

from chatapp.errors import NotFound
from chatapp.models import ApiToken, Chat, Message

# What one version of a message holds, besides its created_at (and an answer's `question`: the version of
# the question it answers).
ASSISTANT_VERSION_FIELDS = ("content", "payload", "status", "error", "planner_source", "flow", "step_log", "timings")
USER_VERSION_FIELDS = ("content", "payload")


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
    """The chat's history in order (turns of an edited question's other versions stay hidden)."""
    return chat.messages.filter(branch="").order_by("created_at", "id")


def message_get(*, chat: Chat, message_id: int) -> Message:
    """One message of a chat."""
    try:
        return chat.messages.get(pk=message_id)
    except (Message.DoesNotExist, ValueError, TypeError):
        raise NotFound("That message does not exist.", code="message_not_found") from None


def message_latest_assistant(*, chat: Chat) -> Message | None:
    """The chat's newest assistant message, if any."""
    return chat.messages.filter(role=Message.Role.ASSISTANT, branch="").order_by("-created_at", "-id").first()


def turn_messages(*, chat: Chat, turn_key: str) -> tuple[Message | None, Message | None]:
    """The (user, assistant) pair of one turn; either may be missing."""
    by_role = {m.role: m for m in chat.messages.filter(turn_key=turn_key)}
    return by_role.get(Message.Role.USER), by_role.get(Message.Role.ASSISTANT)


def active_turn(*, chat: Chat) -> Message | None:
    """The assistant message still being produced in this chat, if any."""
    return chat.messages.filter(role=Message.Role.ASSISTANT, status__in=Message.ACTIVE_STATUSES).first()


def message_is_active(*, message_id: int) -> bool:
    """Whether the assistant message is still being produced (pending or streaming)."""
    return Message.objects.filter(pk=message_id, status__in=Message.ACTIVE_STATUSES).exists()


def chats_with_stale_turn(*, stale_before) -> list[Chat]:
    """Chats whose answer in progress has not been touched (no heartbeat) since `stale_before`."""
    ids = Message.objects.filter(
        role=Message.Role.ASSISTANT, status__in=Message.ACTIVE_STATUSES, updated_at__lt=stale_before
    ).values("chat_id")
    return list(Chat.objects.filter(pk__in=ids))


def recent_history(*, chat: Chat, limit: int | None = 12, exclude_turn: str | None = None) -> list[Message]:
    """The last shown messages with text, oldest first (all when `limit` is None); before `exclude_turn` if given."""
    qs = chat.messages.filter(branch="").exclude(content="")
    if exclude_turn:
        # A re-run older turn sees the conversation as it was when it was first asked, not the turns after it.
        first = chat.messages.filter(turn_key=exclude_turn).order_by("created_at", "id").first()
        qs = qs.exclude(turn_key=exclude_turn)
        if first is not None:
            qs = qs.filter(before(first))
    if limit is None:
        return list(qs.order_by("created_at", "id"))
    return list(reversed(qs.order_by("-created_at", "-id")[:limit]))


def api_token_list(*, user: AbstractBaseUser) -> QuerySet[ApiToken]:
    """The user's tokens, revoked ones included (shown as revoked)."""
    return ApiToken.objects.filter(user=user)


def before(message: Message) -> Q:
    """Messages stored before this one (by time, then id)."""
    return Q(created_at__lt=message.created_at) | Q(created_at=message.created_at, id__lt=message.pk)


def after(message: Message) -> Q:
    """Messages stored after this one (by time, then id)."""
    return Q(created_at__gt=message.created_at) | Q(created_at=message.created_at, id__gt=message.pk)


def message_versions(message: Message) -> list[dict]:
    """Every version of a message, oldest first; the selected one as it is now (its live fields)."""
    live = version_fields(message)
    if not message.versions:
        return [{**live, "created_at": message.created_at.isoformat(), "question": 0}]
    versions = [dict(v) for v in message.versions]
    versions[message.version] = {**versions[message.version], **live}
    return versions


def version_fields(message: Message) -> dict:
    """The fields a version of this message holds (an answer's are more than a question's)."""
    names = ASSISTANT_VERSION_FIELDS if message.role == Message.Role.ASSISTANT else USER_VERSION_FIELDS
    return {name: getattr(message, name) for name in names}


def version_choices(message: Message, *, question: int | None = None) -> list[int]:
    """Indexes of the versions one can switch between: a question's every version; an answer's under its question."""
    versions = message_versions(message)
    if message.role == Message.Role.USER:
        return list(range(len(versions)))
    if question is None:
        question = versions[message.version].get("question", 0)
    return [i for i, v in enumerate(versions) if v.get("question", 0) == question]


def version_info(message: Message) -> dict:
    """`{index, count}` of the selected version among those one can switch between (1-based)."""
    choices = version_choices(message)
    index = choices.index(message.version) + 1 if message.version in choices else len(choices)
    return {"index": index, "count": len(choices)}
