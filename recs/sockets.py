"""What the movie chat adds to the JSON socket: approving or discarding a diff card, and its JSON."""

from __future__ import annotations

from asgiref.sync import sync_to_async

from chatapp.db import database_sync_to_async
from chatapp.errors import MarqueeError, NotFound
from chatapp.selectors import message_get
from recs.events import ProposalShown, ProposalUpdated
from recs.services.proposals import proposal_announce, proposal_decide_message


async def approve(consumer, content: dict) -> None:
    """Apply the chosen rows of a diff card; every open tab gets proposal.updated."""
    await _decide(consumer, content, decision="apply")


async def discard(consumer, content: dict) -> None:
    """Discard a diff card; every open tab gets proposal.updated."""
    await _decide(consumer, content, decision="discard")


async def _decide(consumer, content: dict, *, decision: str) -> None:
    try:
        message = await database_sync_to_async(proposal_decide_message)(
            user=consumer.scope["user"],
            chat_id=consumer.chat.pk,
            message_id=content.get("message"),
            decision=decision,
            selected=content.get("rows", []),
        )
    except MarqueeError as exc:
        await consumer.refuse(exc.code, exc.message)
        return
    # The same event the HTTP approval sends: this socket gets it too, as its reply.
    await sync_to_async(proposal_announce)(message=message)


async def proposal_json(event: ProposalShown | ProposalUpdated, *, chat) -> dict:
    """The diff card itself, sent along with proposal.shown / proposal.updated."""
    try:
        message = await database_sync_to_async(message_get)(chat=chat, message_id=event.assistant_message_id)
    except NotFound:
        return {"proposal": None}
    return {"proposal": (message.payload or {}).get("proposal")}
