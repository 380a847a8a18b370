"""Writes for chats, turns and API tokens (HackSoft style: <entity>_<action>(*, ...))."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.utils import timezone

from chatapp import kinds
from chatapp.errors import InvalidInput, NotFound, PayloadTooLarge, TurnInProgress, Unauthorized
from chatapp.models import ApiToken, Chat, Message, PlannerCall
from chatapp.planner.metering import CallRecord
from chatapp.ratelimit import turn_rate_check
from chatapp.running import is_running
from chatapp.selectors import active_turn, chat_get
from chatapp.text import text_clean, title_from_text

TITLE_MAX = 60
TOKEN_NAME_MAX = 80  # ApiToken.name; the account page's field says so too (maxlength)
# A running turn touches its message every TURN_HEARTBEAT_S; one silent for TURN_STALE_AFTER_S lost its process.
INTERRUPTED = "Interrupted: the server running this answer stopped or restarted. Try again."
# The greeting turn of a new chat (it has no user message).
AUTOSTART_TURN = "autostart"


def chat_create(*, user: AbstractBaseUser, kind: str = Chat.Kind.MOVIES, title: str = "") -> Chat:
    """Start an empty chat for the user."""
    kinds.get(kind)  # refuses a kind no app registered
    return Chat.objects.create(owner=user, kind=kind, title=_given_title(title))


def chat_rename(*, user: AbstractBaseUser, chat_id: int, title: str) -> Chat:
    """Give a chat a new title (blank titles are refused)."""
    chat = chat_get(user=user, chat_id=chat_id)
    cleaned = _given_title(title)
    if not cleaned:
        raise InvalidInput("A chat title cannot be empty.", code="empty_title")
    # Not save(): auto_now would bump updated_at, and the chat list orders by it (a rename is not activity).
    Chat.objects.filter(pk=chat.pk).update(title=cleaned)
    chat.title = cleaned
    return chat


def chat_pin(*, user: AbstractBaseUser, chat_id: int, pinned: bool) -> Chat:
    """Pin a chat to the top of the sidebar, or unpin it (pinning again keeps its place)."""
    chat = chat_get(user=user, chat_id=chat_id)
    if pinned == bool(chat.pinned_at):
        return chat
    chat.pinned_at = timezone.now() if pinned else None
    # Not save(): pinning is not activity, updated_at (the date groups) stays.
    Chat.objects.filter(pk=chat.pk).update(pinned_at=chat.pinned_at)
    return chat


def chat_delete(*, user: AbstractBaseUser, chat_id: int) -> None:
    """Delete a chat with its messages."""
    chat = chat_get(user=user, chat_id=chat_id)
    chat.delete()


def message_text_clean(*, text: object) -> str:
    """Validate a user's message: text (see chatapp.text), not empty, not over the configured length."""
    cleaned = text_clean(
        text,
        what="message",
        max_chars=settings.MESSAGE_MAX_CHARS,
        too_long=PayloadTooLarge,
        too_long_message="That message is {n:,} characters; the limit is {limit:,}. Please shorten it.",
    )
    if not cleaned:
        raise InvalidInput("Type a message first.", code="empty_message")
    return cleaned


def turn_start(
    *,
    user: AbstractBaseUser,
    chat_id: int,
    text: str,
    flow: str,
    turn_key: str | None = None,
    prepare: Callable[[Message, Message], object] | None = None,
) -> tuple[Message, Message]:
    """Store the user's message and a pending assistant placeholder, refusing if a turn is running.

    A new turn inserts both rows; starting a turn again with its `turn_key` (a retried or duplicated
    run) upserts them on (chat, turn key, role) and resets them in place, so a turn never has two answers.
    `prepare(user_message, assistant)` runs in the same transaction (the image lab stores the attachment
    and the job there); if it raises, nothing is kept.
    """
    cleaned = message_text_clean(text=text)
    key = _turn_key_clean(turn_key)
    with transaction.atomic():
        chat = _chat_for_update(user=user, chat_id=chat_id)
        _refuse_if_busy(chat=chat)
        rerun = turn_key is not None and chat.messages.filter(turn_key=key).exists()
        if rerun and not kinds.get(chat.kind).can_regenerate:
            # An image turn owns a job and its files; redoing it in place would rewrite a finished job.
            raise InvalidInput(
                "Only movie turns can be run again; send a new instruction instead.", code="cannot_rerun"
            )
        if turn_key is None:  # a new turn (every send): both rows in one insert, nothing to reset
            # Message sends no save signals and has no save() of its own: bulk_create stores what create() would.
            user_message, assistant = Message.objects.bulk_create(
                [
                    Message(chat=chat, role=Message.Role.USER, turn_key=key, content=cleaned, flow=flow),
                    Message(
                        chat=chat, role=Message.Role.ASSISTANT, turn_key=key, status=Message.Status.PENDING, flow=flow
                    ),
                ]
            )
        else:
            user_message = _message_upsert(chat=chat, role=Message.Role.USER, turn_key=key, content=cleaned, flow=flow)
            assistant = _assistant_reset(chat=chat, turn_key=key, flow=flow)
        if not chat.title:
            chat.title = title_from_text(cleaned, max_chars=TITLE_MAX)
        chat.flow = flow
        chat.save(update_fields=["title", "flow", "updated_at"])
        if prepare is not None:
            prepare(user_message, assistant)
    return user_message, assistant


def assistant_message_upsert(*, chat: Chat, turn_key: str, **fields) -> Message:
    """Create or update the one assistant message of a turn (INSERT … ON CONFLICT DO UPDATE)."""
    return _message_upsert(chat=chat, role=Message.Role.ASSISTANT, turn_key=turn_key, **fields)


def _message_upsert(*, chat: Chat, role: str, turn_key: str, **fields) -> Message:
    # One statement, so two connections writing the same turn at once still leave one row.
    row = Message(chat=chat, role=role, turn_key=turn_key, **fields)
    update_fields = sorted(set(fields) | {"updated_at"})
    Message.objects.bulk_create(
        [row],
        update_conflicts=True,
        unique_fields=["chat", "turn_key", "role"],
        update_fields=update_fields,
    )
    return Message.objects.get(chat=chat, turn_key=turn_key, role=role)


def _assistant_reset(*, chat: Chat, turn_key: str, flow: str) -> Message:
    """The turn's assistant row, new or emptied, pending; the films it showed leave the recommended set."""
    assistant = assistant_message_upsert(
        chat=chat,
        turn_key=turn_key,
        content="",
        status=Message.Status.PENDING,
        payload={},
        step_log=[],
        timings={},
        error="",
        planner_source="",
        flow=flow,
    )
    assistant.recommendations.all().delete()
    return assistant


def _turn_key_clean(turn_key: str | None) -> str:
    if turn_key is None:
        return Message.new_turn_key()
    if not Message.is_turn_key(turn_key) or turn_key == AUTOSTART_TURN:
        raise InvalidInput("That turn key cannot be used.", code="invalid_turn_key")
    return turn_key


def message_save_progress(*, message_id: int, **fields) -> bool:
    """Persist what a running turn has produced so far (content, payload, status…); False if not stored."""
    fields["updated_at"] = timezone.now()
    rows = Message.objects.filter(pk=message_id)
    if fields.get("status") != Message.Status.STOPPED:
        # A Stop from another process may have closed it already: a late save never revives a stopped answer.
        rows = rows.exclude(status=Message.Status.STOPPED)
    return rows.update(**fields) > 0


def planner_calls_store(
    *, user_id: int, chat_id: int, message_id: int, turn_key: str, records: list[CallRecord]
) -> None:
    """Store a turn's planner calls with their usage and cost (what quotas and the account page add up)."""

    def calls(chat_id: int | None, message_id: int | None) -> list[PlannerCall]:
        return [
            _planner_call(r, user_id=user_id, chat_id=chat_id, message_id=message_id, turn_key=turn_key)
            for r in records
        ]

    try:
        with transaction.atomic():
            PlannerCall.objects.bulk_create(calls(chat_id, message_id))
    except IntegrityError:
        # The chat (or the answer) was deleted while the turn ran: the calls were still made and paid for, so
        # they are kept for the quota as a deleted chat's are (no chat, no message), never lost to the foreign key.
        chat_id = chat_id if Chat.objects.filter(pk=chat_id).exists() else None
        message_id = message_id if Message.objects.filter(pk=message_id, chat_id=chat_id).exists() else None
        PlannerCall.objects.bulk_create(calls(chat_id, message_id))


def _planner_call(r: CallRecord, *, user_id: int, chat_id: int | None, message_id: int | None, turn_key: str):
    return PlannerCall(
        user_id=user_id,
        chat_id=chat_id,
        message_id=message_id,
        turn_key=turn_key,
        request_id=r.request_id,
        response_id=(r.response_id or "")[:200],
        backend=r.backend[:20],
        model=r.model[:100],
        purpose=r.purpose[:60],
        metered=r.metered,
        **(r.usage.model_dump() if r.usage else {}),
        cost=r.cost,
        ms=r.ms,
        status=r.status,
    )


def chat_thread_update(
    *, chat_id: int, last_response_id: str, pending_call_ids: list[str], pending_turn_key: str = ""
) -> None:
    """Move the chat's Responses API thread head after a turn (and say which turn left calls open).

    The id is the service's own: one longer than its column would be refused by the database, and a cut one would
    name no response, so the chat keeps no thread (the next turn starts a fresh one with a replay).
    """
    if len(last_response_id) > Chat._meta.get_field("last_response_id").max_length:
        last_response_id, pending_call_ids = "", []
    Chat.objects.filter(pk=chat_id).update(
        last_response_id=last_response_id,
        pending_call_ids=pending_call_ids,
        pending_turn_key=pending_turn_key if pending_call_ids else "",
        updated_at=timezone.now(),
    )


def api_token_create(*, user: AbstractBaseUser, name: str = "API token") -> tuple[ApiToken, str]:
    """Create a token; the raw key is returned once and only its hash is stored."""
    label = _token_name(name) or "API token"
    key = ApiToken.generate_key()
    token = ApiToken.objects.create(user=user, name=label, key_prefix=key[:10], key_hash=ApiToken.hash_key(key))
    return token, key


def _token_name(name: object) -> str:
    """A token's name as typed: one line, checked like any text people type (NUL fails on PostgreSQL), not cut."""
    return text_clean(
        name or "",
        what="token name",
        one_line=True,
        max_chars=TOKEN_NAME_MAX,
        too_long_code="name_too_long",
        too_long_message="A token name can be at most {limit} characters (this one has {n}).",
    )


def api_token_revoke(*, user: AbstractBaseUser, token_id: int) -> ApiToken:
    """Revoke one of the user's tokens."""
    token = ApiToken.objects.filter(pk=token_id, user=user).first()
    if token is None:
        raise NotFound("That token does not exist.", code="token_not_found")
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def api_token_revoke_all(*, user: AbstractBaseUser) -> int:
    """Revoke every token the user still has (their password changed); how many were."""
    return ApiToken.objects.filter(user=user, revoked_at__isnull=True).update(revoked_at=timezone.now())


TOKEN_REVOKED_MESSAGE = (
    "This API token has been revoked (on the Account page, or because the account's password changed since it "
    "was created). Create a new token on the Account page."
)


def api_token_authenticate(*, key: str) -> AbstractBaseUser | None:
    """The active user behind a bearer key, or None; a revoked key is refused in words (Unauthorized)."""
    found = api_token_authenticate_with_id(key=key)
    return found[0] if found is not None else None


def api_token_authenticate_with_id(*, key: str) -> tuple[AbstractBaseUser, int] | None:
    """(the active user behind a bearer key, the token's id), or None; a revoked key raises Unauthorized."""
    if not key or not key.startswith(ApiToken.PREFIX):
        return None
    token = ApiToken.objects.select_related("user").filter(key_hash=ApiToken.hash_key(key)).first()
    if token is not None and token.revoked_at is not None:
        raise Unauthorized(TOKEN_REVOKED_MESSAGE)
    if token is None or not token.user.is_active:
        return None
    ApiToken.objects.filter(pk=token.pk).update(last_used_at=timezone.now())
    return token.user, token.pk


def turn_close_orphaned(*, user: AbstractBaseUser, chat_id: int) -> Message | None:
    """Stop an answer no process in reach is running (Stop after a crash): it ends as "stopped"."""
    chat = chat_get(user=user, chat_id=chat_id)
    running = active_turn(chat=chat)
    if running is None or is_running(chat.pk):
        return None
    return _turn_close(message=running, status=Message.Status.STOPPED)


def message_heartbeat(*, message_id: int) -> None:
    """Show that the turn writing this message is alive (its process has not died)."""
    Message.objects.filter(pk=message_id, status__in=Message.ACTIVE_STATUSES).update(updated_at=timezone.now())


def turn_close_stale(*, chat: Chat) -> Message | None:
    """Close the chat's answer whose process died (no heartbeat for TURN_STALE_AFTER_S) as interrupted."""
    running = active_turn(chat=chat)
    if running is None or is_running(chat.pk):
        return None
    if timezone.now() - running.updated_at <= timedelta(seconds=settings.TURN_STALE_AFTER_S):
        return None
    return _turn_close(message=running, status=Message.Status.INTERRUPTED, error=INTERRUPTED, code="interrupted")


def _turn_close(*, message: Message, status: str, error: str = "", code: str = "") -> Message | None:
    """End a turn nobody runs any more; its kind closes what it owns (an image job) in the same transaction.

    None if it ended meanwhile (a late finish stored "complete"): an ended answer is never closed again.
    """
    payload = {**(message.payload or {}), "error_code": code} if code else message.payload
    with transaction.atomic():
        closed = Message.objects.filter(pk=message.pk, status__in=Message.ACTIVE_STATUSES).update(
            status=status, error=error, payload=payload, updated_at=timezone.now()
        )
        if not closed:
            return None
        kind = kinds.get(message.chat.kind)
        if kind.on_turn_closed:
            kind.load(kind.on_turn_closed)(message_id=message.pk, status=status, error=error)
    message.refresh_from_db()
    return message


def _chat_for_update(*, user: AbstractBaseUser, chat_id: int) -> Chat:
    try:
        # The row lock serialises two turn starts on PostgreSQL; SQLite's
        # IMMEDIATE transactions already serialise writers.
        return Chat.objects.select_for_update().get(pk=chat_id, owner=user)
    except (Chat.DoesNotExist, ValueError, TypeError):
        raise NotFound("That chat does not exist.", code="chat_not_found") from None


def _refuse_if_busy(*, chat: Chat) -> None:
    if active_turn(chat=chat) is None or turn_close_stale(chat=chat) is not None:
        return
    raise TurnInProgress(
        "The assistant is still answering your last message. Wait for it to finish or press Stop.",
    )


def _given_title(title: str) -> str:
    """A title the user typed, whitespace collapsed; one over TITLE_MAX is refused, never silently cut."""
    return text_clean(
        title or "",
        one_line=True,
        what="chat title",
        max_chars=TITLE_MAX,
        too_long_code="title_too_long",
        too_long_message="A chat title can be at most {limit} characters (this one has {n}).",
    )


def turn_start_autostart(*, user: AbstractBaseUser, chat_id: int, flow: str) -> Message | None:
    """Open a new chat's greeting turn (no user text); None if the chat has messages or over the rate limit."""
    with transaction.atomic():
        chat = _chat_for_update(user=user, chat_id=chat_id)
        if chat.messages.exists():
            return None
        # A greeting is a planner call like any other turn (and may cost money): same rate limit,
        # counted only here, once the chat is known to be empty, so reconnects and reloads cost nothing.
        if not turn_rate_check(user_id=user.pk):
            return None
        # The unique (chat, turn_key, role) constraint also stops two tabs starting it twice.
        assistant = Message.objects.create(
            chat=chat, role=Message.Role.ASSISTANT, turn_key=AUTOSTART_TURN, status=Message.Status.PENDING, flow=flow
        )
        chat.flow = flow
        chat.save(update_fields=["flow", "updated_at"])
    return assistant
