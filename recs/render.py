"""Movie-chat messages and events → HTML fragments (templates/recs/chat.html)."""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

from chatapp import render as chat_render
from chatapp.db import database_sync_to_async
from chatapp.errors import NotFound
from chatapp.models import Message
from chatapp.selectors import message_get
from recs import selectors
from recs.events import (
    IntroShown,
    ModeDecided,
    PickDropped,
    PickResolved,
    ProposalShown,
    ProposalUpdated,
)
from recs.services.proposals import proposal_touched_cards

PAGE = "recs/chat.html"
PICK_ACTIONS = f"{PAGE}#pick_actions"
PROPOSAL = f"{PAGE}#proposal"


def _partial(name: str, context: dict) -> str:
    return render_to_string(f"{PAGE}#{name}", context)


def message_html(message: Message, *, swap: str | None = None) -> str:
    """A whole movie message with its cards' list marks (reads the DB: call off the event loop)."""
    # Context processors do not run here: pass what the templates need.
    context = {
        "m": message,
        "swap": swap,
        "MESSAGE_MAX_CHARS": settings.MESSAGE_MAX_CHARS,
        **selectors.pick_marks_context(message),
    }
    return _partial("message", context)


def mode_decided_html(event: ModeDecided, **_) -> str:
    """What the answer is doing now: finding films (B) or writing (A)."""
    return chat_render.status_html(turn_key=event.turn_key, text="Finding films…" if event.mode == "B" else "Writing…")


def intro_shown_html(event: IntroShown, **_) -> str:
    """The plan's intro, and one loading slot per planned pick."""
    return _partial("intro", {"turn_key": event.turn_key, "intro": event.intro, "slots": range(event.planned)})


def pick_resolved_html(event: PickResolved, **_) -> str:
    """A pick card arriving live (it animates) in place of its slot."""
    pick = {"index": event.index, **event.pick.model_dump()}
    return _partial(
        "pick_card",
        {"m": {"turn_key": event.turn_key, "chat_id": event.chat_id}, "pick": pick, "swap": "outerHTML", "fresh": True},
    )


def pick_dropped_html(event: PickDropped, **_) -> str:
    """The slot goes away; the finished message lists what was skipped and why."""
    return _partial("pick_removed", {"turn_key": event.turn_key, "index": event.index})


async def proposal_shown_html(event: ProposalShown, *, chat, **_) -> str:
    """A new diff card, right after the message text."""
    message = await _message(chat, event.assistant_message_id)
    return _partial("proposal_after_text", {"m": message}) if message is not None else ""


async def proposal_updated_html(event: ProposalUpdated, *, chat, user) -> str:
    """The card swapped in place, and every pick card whose film the diff changed (in every tab)."""
    message = await _message(chat, event.assistant_message_id)
    if message is None:
        return ""
    card = _partial("proposal", {"m": message, "swap": "outerHTML"})
    return card + await database_sync_to_async(pick_actions_oob_html)(user=user, message=message)


async def _message(chat, message_id: int) -> Message | None:
    try:
        return await database_sync_to_async(message_get)(chat=chat, message_id=message_id)
    except NotFound:  # deleted meanwhile: nothing to show
        return None


def pick_actions_oob_html(*, user, message: Message) -> str:
    """The buttons of every pick card showing a film the diff changed, for out-of-band swaps."""
    cards = proposal_touched_cards(message=message)
    marks = selectors.list_marks(user=user, keys=[(pick["source"], pick["id"]) for _, pick in cards])
    # Joined template output: already escaped.
    return mark_safe(
        "".join(
            render_to_string(PICK_ACTIONS, {"m": m, "pick": pick, "marks": marks, "swap": "outerHTML"})
            for m, pick in cards
        )
    )
