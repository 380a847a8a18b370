"""Mode A's list changes: a proposed change becomes a diff card the user must approve."""

from __future__ import annotations

import logging

from chatapp.db import database_sync_to_async
from chatapp.planner.backends.base import ToolCall
from chatapp.planner.tools import ToolArgumentsError
from chatapp.turns import Turn
from recs.events import ProposalShown
from recs.flows.tools import PROPOSE_LIST_CHANGES_TOOL
from recs.selectors import user_read
from recs.services.proposals import proposal_intro, proposal_resolve, user_lists_snapshot
from recs.sources.movies import MovieSource

log = logging.getLogger("marquee.flow")
NOT_UNDERSTOOD = "I couldn't work out which films you meant. Could you name them, with their years?"


async def present_proposal(turn: Turn, call: ToolCall, *, source: MovieSource) -> None:
    """Validate the proposed changes, resolve each to a real film, and show the diff card."""
    try:
        args = PROPOSE_LIST_CHANGES_TOOL.parse(call.arguments)
    except ToolArgumentsError as exc:
        # Untrusted model output: record why, keep the turn alive, change nothing.
        turn.steplog.record("propose_list_changes", status="error", error=exc.reason)
        if not turn.content:
            await turn.stream_text(NOT_UNDERSTOOD)
        return
    user = await database_sync_to_async(user_read)(user_id=turn.owner_id)
    lists = await database_sync_to_async(user_lists_snapshot)(user=user)
    with turn.steplog.step(
        "propose_list_changes", args={"changes": len(args.changes)}, label="t_lookups_total"
    ) as step:
        proposal = await proposal_resolve(user_lists=lists, changes=args.changes, source=source)
        ready = sum(1 for r in proposal["rows"] if r["status"] == "ready")
        step.result = f"{ready} of {len(proposal['rows'])} resolved"
    turn.payload["proposal"] = proposal
    if not turn.content:
        await turn.stream_text(proposal_intro(proposal=proposal))
    await turn.save()
    await turn.emit(ProposalShown(chat_id=turn.chat_id, turn_key=turn.turn_key, assistant_message_id=turn.message_id))
