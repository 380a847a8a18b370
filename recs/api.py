"""The movie chat's JSON API (mounted on the one NinjaAPI at /api/): deciding a proposed list change."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from ninja import Path, Router, Schema
from pydantic import Field

from chatapp.schemas import Id, InSchema, JsonInt, errors
from recs.services.proposals import proposal_announce, proposal_decide_message

router = Router(tags=["chats"])


class ProposalDecisionIn(InSchema):
    decision: Literal["apply", "discard"]
    rows: list[Annotated[JsonInt, Field(ge=0)]] = Field([], description="The row numbers (`i`) to apply.")


class ProposalOut(Schema):
    assistant_message_id: int
    turn_key: str
    proposal: dict[str, Any] = Field(description="The diff card: {state, rows: [{i, action, title, …}], applicable}")


@router.post(
    "/chats/{chat_id}/messages/{message_id}/proposal", response={200: ProposalOut, **errors(400, 403, 404, 409, 413)}
)
def decide_proposal(request, chat_id: Path[Id], message_id: Path[Id], body: ProposalDecisionIn):
    """Apply the chosen rows of an assistant message's proposed list change, or discard it."""
    message = proposal_decide_message(
        user=request.auth, chat_id=chat_id, message_id=message_id, decision=body.decision, selected=body.rows
    )
    # The same event the page and the JSON socket send: every open tab updates its card.
    proposal_announce(message=message)
    return {"assistant_message_id": message.pk, "turn_key": message.turn_key, "proposal": message.payload["proposal"]}
