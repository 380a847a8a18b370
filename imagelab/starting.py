"""Starting an image turn: check the instruction, validate and store the upload, store the messages, begin."""

from __future__ import annotations

import asyncio

from django.conf import settings

from chatapp import services as chat_services
from chatapp import turns
from chatapp.models import Chat, Message
from chatapp.text import text_blank
from chatapp.turns import Turn
from imagelab import services, working
from imagelab.models import ImageJob

DEFAULT_INSTRUCTION = "Make it look its best."


async def submit_turn(
    *, user, chat: Chat, text: str, upload: services.StoredUpload | None, with_job: bool
) -> tuple[Turn, ImageJob | None]:
    """Start an image turn (stores the message, the upload's row and, for the API, the job)."""
    made: dict = {}

    def prepare(user_message: Message, assistant: Message) -> None:
        made["job"] = services.turn_prepare(
            user=user, chat=chat, user_message=user_message, assistant=assistant, upload=upload, with_job=with_job
        )

    try:
        # A photo alone is a fine message; text alone applies to the current image.
        # Blank as the validator sees it (whitespace or invisible characters only), so "\u200b" is no instruction.
        text = text if not text_blank(text) or upload is None else DEFAULT_INSTRUCTION
        turn, _task = await turns.begin(user=user, chat_id=chat.pk, text=text, prepare=prepare, watch=False)
    except BaseException:
        await asyncio.to_thread(services.upload_discard, stored=upload)
        raise
    return turn, made.get("job")


def instruction_check(*, text: str) -> None:
    """Refuse an over-long instruction whole, before any photo is decoded or written (a blank one is fine here)."""
    if not text_blank(text):
        chat_services.message_text_clean(text=text)


async def start_turn(
    *, user, chat: Chat, text: str, data: bytes | None, filename: str = "", with_job: bool, loaded=None
) -> tuple[Turn, ImageJob | None]:
    """Validate the upload (if any; nothing stored on refusal), store it, and start the turn."""
    instruction_check(text=text)
    stored = None
    if data is not None:
        if loaded is None:
            loaded = await asyncio.to_thread(services.upload_validate, data=data, filename=filename)
        # In process, the working image comes from the pixels already in memory, while the files are written.
        image, side = loaded.image, settings.IMAGE_WORKING_SIDE
        early = working.from_pixels(image, side)
        try:
            stored = await asyncio.to_thread(services.upload_store, loaded=loaded, data=data, filename=filename)
        except BaseException:
            if early is not None:
                early.cancel()
            raise
        if early is not None:
            working.put(stored.path, early, side)
    try:
        return await submit_turn(user=user, chat=chat, text=text, upload=stored, with_job=with_job)
    except BaseException:
        if stored is not None:
            working.PREDECODED.pop(stored.path, None)
        raise
