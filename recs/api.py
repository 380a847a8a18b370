"""The movie chat's JSON API (mounted on the one NinjaAPI at /api/): deciding a proposed list change, the lists
as CSV, and a Letterboxd import (its preview is a proposal, decided like any other)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from django.http import HttpResponse
from django.utils.http import content_disposition_header
from ninja import File, Path, Router, Schema, Status
from ninja.files import UploadedFile
from pydantic import Field

from chatapp.schemas import Id, InSchema, JsonInt, errors
from recs.lists_csv import CSV_LISTS, list_csv
from recs.services import imports
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


class ImportOut(Schema):
    chat_id: int = Field(description="The new 'Letterboxd import' chat holding the preview")
    assistant_message_id: int = Field(description="Decide it with POST /api/chats/{chat_id}/messages/{id}/proposal")
    turn_key: str
    proposal: dict[str, Any] = Field(description="The diff card: {state, rows: [{i, action, title, …}], applicable}")


IMPORT_EXTRA = {
    "requestBody": {
        "content": {
            "multipart/form-data": {
                "encoding": {"files": {"contentType": "text/csv, application/zip, application/octet-stream"}}
            }
        }
    }
}


@router.post("/lists/import", response={201: ImportOut, **errors(400, 403, 413)}, openapi_extra=IMPORT_EXTRA)
def import_letterboxd(request, files: File[list[UploadedFile]]):
    """Preview a Letterboxd import (watched/watchlist/ratings CSVs or the export .zip): nothing applies yet."""
    message = imports.letterboxd_import(user=request.auth, files=imports.uploads_read(uploads=files))
    return Status(
        201,
        {
            "chat_id": message.chat_id,
            "assistant_message_id": message.pk,
            "turn_key": message.turn_key,
            "proposal": message.payload["proposal"],
        },
    )


CSV_CONTENT = {
    "responses": {
        200: {"description": "The list (attachment)", "content": {"text/csv": {"schema": {"type": "string"}}}}
    }
}


@router.get("/lists/{list_name}.csv", response={200: None, **errors(400)}, openapi_extra=CSV_CONTENT)
def download_list(request, list_name: Path[Literal[CSV_LISTS]]):  # type: ignore[valid-type]
    """One list as CSV in Letterboxd's columns: watchlist, seen, ratings or recommended."""
    filename, text = list_csv(user=request.auth, list_name=list_name)
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = content_disposition_header(as_attachment=True, filename=filename)
    return response
