"""Writes for message versions: re-run any answer, edit any question, switch between versions.

A turn keeps exactly one user row and one assistant row (the upsert rule); its versions live inside them
(`Message.versions`, a JSON list, oldest first; the live fields are the selected version). An answer's
version records the version of the question it answers (`question`): switching an edited question
switches its answer too, and the turns after it, which belong to that version of the question: turns
after a question that is not on its selected version carry `branch = "<turn key>:<version>"` and are
hidden; selecting that version shows them again.
"""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from chatapp import kinds
from chatapp.errors import InvalidInput, NotFound
from chatapp.models import Chat, Message
from chatapp.selectors import (
    after,
    message_latest_assistant,
    message_versions,
    version_choices,
    version_fields,
)
from chatapp.services import _chat_for_update, _refuse_if_busy, message_text_clean


def turn_rerun(
    *, user: AbstractBaseUser, chat_id: int, flow: str, message_id: int | None = None, new_text: str | None = None
) -> tuple[Message | None, Message, list[dict], bool]:
    """Answer a turn again as a new version of its answer; with `new_text`, as a new version of its question.

    `message_id` is either message of the turn (None: the chat's last turn). Editing a question hides
    the turns after it (they stay the previous version's branch). Returns (user message or None for a
    greeting, the emptied assistant message, every pick any version of this answer showed, whether
    later turns were hidden).
    """
    cleaned = message_text_clean(text=new_text) if new_text is not None else None
    with transaction.atomic():
        chat = _chat_for_update(user=user, chat_id=chat_id)
        kind = kinds.get(chat.kind)
        if not kind.has_versions:
            raise InvalidInput(
                "This chat's answers cannot be regenerated; send a new message instead.", code="cannot_regenerate"
            )
        _refuse_if_busy(chat=chat)
        assistant = _target_answer(chat=chat, message_id=message_id)
        if (assistant.payload or {}).get("rerunnable") is False:  # e.g. an import's preview: no planner wrote it
            raise InvalidInput(
                "This answer was not written by the assistant, so it cannot be answered again.",
                code="cannot_regenerate",
            )
        user_message = chat.messages.filter(turn_key=assistant.turn_key, role=Message.Role.USER).first()
        was_latest = _is_latest(chat=chat, assistant=assistant)
        hidden: list[int] = []
        question = user_message.version if user_message else 0
        if cleaned is not None:
            if user_message is None:
                raise InvalidInput("This greeting has no question to edit.", code="nothing_to_edit")
            hidden = _hide_later(chat=chat, user_message=user_message)
            versions = message_versions(user_message)
            versions[user_message.version]["answer"] = assistant.version  # shown again when switching back
            question = _version_add(user_message, {"content": cleaned, "payload": user_message.payload}, versions)
        # Every film any version of this answer showed stays blocked for the new one (they all left the
        # recommended set), so answering again never brings back an earlier version's films.
        old_picks = _unique_picks(
            [
                p
                for v in message_versions(assistant)
                for p in [
                    *(v.get("payload") or {}).get("replaced_picks", []),
                    *(v.get("payload") or {}).get("picks", []),
                ]
            ]
        )
        _version_add(assistant, _blank_answer(flow), question=question)
        if kind.on_rerun:
            kind.load(kind.on_rerun)(user_message=user_message, assistant=assistant)
        chat.flow = flow
        if not was_latest or hidden:
            _thread_forget(chat)  # the model's thread holds turns this version does not follow
        chat.save()
        _versions_changed(chat=chat, message_ids=[assistant.pk, *hidden])
    return user_message, assistant, old_picks, bool(hidden)


def message_version_select(*, user: AbstractBaseUser, chat_id: int, message_id: object, index: object) -> bool:
    """Show version `index` (1-based, among those one can switch between) of a message; True if turns changed.

    Selecting a question's version selects its answer too and shows that version's later turns.
    """
    with transaction.atomic():
        chat = _chat_for_update(user=user, chat_id=chat_id)
        _refuse_if_busy(chat=chat)
        message = _visible_message(chat=chat, message_id=message_id)
        choices = version_choices(message)
        if isinstance(index, bool) or not isinstance(index, int) or not 1 <= index <= len(choices):
            raise InvalidInput(
                f"That version does not exist (this message has {len(choices)}).", code="invalid_version"
            )
        target = choices[index - 1]
        if target == message.version:
            return False
        if message.role == Message.Role.USER:
            changed = _question_select(chat=chat, user_message=message, target=target)
        else:
            _load(message, message_versions(message), target)
            changed = [message.pk]
        _thread_forget(chat)
        chat.save(update_fields=["last_response_id", "pending_call_ids", "pending_turn_key", "updated_at"])
        _versions_changed(chat=chat, message_ids=changed)
    return message.role == Message.Role.USER


def _question_select(*, chat: Chat, user_message: Message, target: int) -> list[int]:
    """Switch a question to another version: its answer follows, later turns swap branches."""
    versions = message_versions(user_message)
    answer = chat.messages.filter(turn_key=user_message.turn_key, role=Message.Role.ASSISTANT).first()
    if answer is not None:  # remembered, so coming back to this question shows the answer last chosen
        versions[user_message.version]["answer"] = answer.version
    hidden = _hide_later(chat=chat, user_message=user_message)
    shown_rows = chat.messages.filter(branch=_branch(user_message.turn_key, target))
    shown = list(shown_rows.values_list("pk", flat=True))
    shown_rows.update(branch="")
    _load(user_message, versions, target)
    if answer is None:
        return [*hidden, *shown]
    choices = version_choices(answer, question=target)
    remembered = versions[target].get("answer")
    pick = remembered if remembered in choices else (choices[-1] if choices else None)
    if pick is not None and pick != answer.version:
        _load(answer, message_versions(answer), pick)
    return [*hidden, *shown, answer.pk]


def _target_answer(*, chat: Chat, message_id: object) -> Message:
    if message_id is None:
        last = chat.messages.filter(branch="").order_by("-created_at", "-id").first()
        if last is None or last.role != Message.Role.ASSISTANT:
            raise InvalidInput("There is no answer to regenerate yet.", code="nothing_to_regenerate")
        return last
    message = _visible_message(chat=chat, message_id=message_id)
    if message.role == Message.Role.ASSISTANT:
        return message
    answer = chat.messages.filter(turn_key=message.turn_key, role=Message.Role.ASSISTANT).first()
    if answer is None:
        raise InvalidInput("There is no answer to regenerate yet.", code="nothing_to_regenerate")
    return answer


def _visible_message(*, chat: Chat, message_id: object) -> Message:
    if isinstance(message_id, bool) or not isinstance(message_id, int) or not 0 < message_id < 2**63:
        raise NotFound("That message does not exist.", code="message_not_found")
    message = chat.messages.filter(pk=message_id, branch="").first()
    if message is None:  # another chat's, or in a hidden branch: select the version that shows it first
        raise NotFound("That message does not exist.", code="message_not_found")
    return message


def _is_latest(*, chat: Chat, assistant: Message) -> bool:
    latest = message_latest_assistant(chat=chat)
    return latest is not None and latest.pk == assistant.pk


def _branch(turn_key: str, version: int) -> str:
    return f"{turn_key}:{version}"


def _hide_later(*, chat: Chat, user_message: Message) -> list[int]:
    """Hide the shown turns after a question: they belong to its current version."""
    later = chat.messages.filter(branch="").filter(after(user_message)).exclude(turn_key=user_message.turn_key)
    ids = list(later.values_list("pk", flat=True))
    Message.objects.filter(pk__in=ids).update(branch=_branch(user_message.turn_key, user_message.version))
    return ids


def _blank_answer(flow: str) -> dict:
    return {
        "content": "",
        "payload": {},
        "status": Message.Status.PENDING,
        "error": "",
        "planner_source": "",
        "flow": flow,
        "step_log": [],
        "timings": {},
    }


def _version_add(
    message: Message, fields: dict, versions: list[dict] | None = None, *, question: int | None = None
) -> int:
    """Append a version made of `fields` to the message's (or the given) versions and select it; its index."""
    versions = message_versions(message) if versions is None else versions
    entry = {**fields, "created_at": timezone.now().isoformat()}
    if question is not None:
        entry["question"] = question
    versions.append(entry)
    _load(message, versions, len(versions) - 1)
    return len(versions) - 1


def _load(message: Message, versions: list[dict], index: int) -> None:
    """Make `versions[index]` the live fields of the message and store the list."""
    names = list(version_fields(message))
    for name in names:
        setattr(message, name, versions[index].get(name, getattr(message, name)))
    message.versions, message.version = versions, index
    message.save(update_fields=[*names, "versions", "version", "updated_at"])


def _thread_forget(chat: Chat) -> None:
    # The next turn starts a fresh Responses thread with a replay of what is shown now.
    chat.last_response_id, chat.pending_call_ids, chat.pending_turn_key = "", [], ""


def _versions_changed(*, chat: Chat, message_ids: list[int]) -> None:
    """The kind brings what it keeps per message in line (the movie chat's recommended set)."""
    kind = kinds.get(chat.kind)
    if kind.on_versions_changed and message_ids:
        kind.load(kind.on_versions_changed)(message_ids=message_ids)


def _unique_picks(picks: list[dict]) -> list[dict]:
    seen: set[tuple] = set()
    unique = []
    for pick in picks:
        key = (pick.get("source"), pick.get("id"))
        if key not in seen:
            seen.add(key)
            unique.append(pick)
    return unique
