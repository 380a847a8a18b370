"""Import a Letterboxd export into the lists: a preview diff card (the proposals flow) that the user approves.

The import becomes a movie chat ("Letterboxd import") whose answer holds the diff card: one row per film,
matched to the movie source, checked against the lists (a film already there is not offered again, so a
re-import applies nothing twice), unmatched rows listed. Nothing changes until rows are ticked and applied.
"""

from __future__ import annotations

from collections import defaultdict

from asgiref.sync import async_to_sync
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from pydantic import ValidationError
from rapidfuzz import fuzz, process

from chatapp.errors import MarqueeError
from chatapp.models import Chat, Message
from chatapp.services import chat_create
from recs.flows.tools import ListChange
from recs.letterboxd import Entry, ImportRejected, read_files, stars_to_rating
from recs.services.proposals import ACTION_LABELS, proposal_resolve, user_lists_snapshot
from recs.sources.active import get_movie_source
from recs.sources.catalogue import core_title
from recs.sources.movies import Movie, MovieSource, normalize_title

MAX_FILES = 4
FUZZY_MIN = 90  # rapidfuzz token_sort_ratio for a same-year title the source's lookup missed ("Se7en")
NAMES_LISTED = 15
RESEMBLES_MIN = 50


class ImportRefused(MarqueeError):
    """A Letterboxd file refused whole: nothing is stored."""


class FuzzyTitleSource:
    """The movie source's own lookup, then a rapidfuzz match among same-year candidates ("Se7en" ↔ "Seven").

    On the embedded catalogue the candidates are every film of that year (indexed once: a Letterboxd
    history misses the 3,200-film catalogue often, and its title search is ~30 ms a miss); on TMDB they are
    its search results for the title.
    """

    def __init__(self, source: MovieSource):
        self.source = source
        self.name = source.name
        catalogue = getattr(source, "catalogue", None)
        self._by_year: dict[int, list[Movie]] | None = None
        self._cores: dict[int, list[str]] = defaultdict(list)  # the lookup's folded titles, by year
        if catalogue is not None:
            self._by_year = defaultdict(list)
            for movie in catalogue.movies:
                if movie.year is not None:
                    self._by_year[movie.year].append(movie)
                    self._cores[movie.year].append(core_title(normalize_title(movie.title)))

    async def lookup(self, *, title: str, year: int | None) -> Movie | None:
        """The source's match, else the closest same-year candidate spelt nearly the same."""
        if self._by_year is not None and year is not None and not self._resembles_any(title, year):
            return None  # the catalogue's own lookup (difflib over every title, ~20 ms) could not match either
        movie = await self.source.lookup(title=title, year=year)
        if movie is not None or year is None:
            return movie
        if self._by_year is not None:
            candidates = self._by_year.get(year, [])
        else:
            candidates = [c for c in await self.source.search(query=title, year=year, limit=5) if c.year == year]
        best = process.extractOne(
            normalize_title(title),
            [normalize_title(c.title) for c in candidates],
            scorer=fuzz.token_sort_ratio,
            score_cutoff=FUZZY_MIN,
        )
        return candidates[best[2]] if best is not None else None

    def _resembles_any(self, title: str, year: int) -> bool:
        """Some catalogue film of year ±1 (the lookup's window) is at least half alike (Indel ratio ≥ 50).

        The catalogue's lookup needs a title equal, ≥ 0.88 alike by difflib (never above this ratio), or
        sounding the same, so below 50 it finds nothing: skip it."""
        core = core_title(normalize_title(title))
        cores = [c for y in (year - 1, year, year + 1) for c in self._cores.get(y, [])]
        return process.extractOne(core, cores, scorer=fuzz.ratio, score_cutoff=RESEMBLES_MIN) is not None

    async def search(self, *, query: str, year: int | None = None, limit: int = 5) -> list[Movie]:
        """The source's search."""
        return await self.source.search(query=query, year=year, limit=limit)


def uploads_read(*, uploads: list) -> list[tuple[str, bytes]]:
    """The uploaded files' names and bytes; too many or too big is refused before reading."""
    if len(uploads) > MAX_FILES:
        raise ImportRefused(f"At most {MAX_FILES} files at once.", code="too_many_files")
    limit = settings.LETTERBOXD_IMPORT_MAX_BYTES
    for upload in uploads:
        if upload.size > limit:
            raise ImportRefused(
                f"{upload.name} is too big: at most {limit // 1024:,} kB per file.",
                code="import_too_large",
                status=413,
            )
    return [(upload.name or "upload.csv", upload.read()) for upload in uploads]


NOT_RERUNNABLE = {"rerunnable": False}  # chatapp.versions refuses Regenerate/Edit on such a turn


def letterboxd_import(*, user: AbstractBaseUser, files: list[tuple[str, bytes]]) -> Message:
    """Read the files, match every film, and store the preview as a new chat's diff card (nothing applied).

    Returns the answer holding the card (its chat is the new "Letterboxd import" chat)."""
    try:
        entries = read_files(
            files, max_bytes=settings.LETTERBOXD_IMPORT_MAX_BYTES, max_rows=settings.LETTERBOXD_IMPORT_MAX_ROWS
        )
    except ImportRejected as exc:
        raise ImportRefused(exc.message, code=exc.code, status=exc.status) from None
    changes, refused = _changes(entries)
    source = FuzzyTitleSource(get_movie_source())
    proposal = async_to_sync(proposal_resolve)(
        user_lists=user_lists_snapshot(user=user), changes=changes, source=source
    )
    rows = proposal["rows"] + refused
    for i, row in enumerate(rows):
        row["i"] = i
    proposal.update(rows=rows, applicable=sum(1 for r in rows if r["status"] == "ready"))
    names = ", ".join(dict.fromkeys(name for name, _ in files))
    with transaction.atomic():
        chat = chat_create(user=user, kind=Chat.Kind.MOVIES, title="Letterboxd import")
        # Not the planner's turn: answering it again would re-plan "Import …" and bury the card.
        Message.objects.create(
            chat=chat, role=Message.Role.USER, turn_key="import", content=f"Import {names}", payload=NOT_RERUNNABLE
        )
        return Message.objects.create(
            chat=chat,
            role=Message.Role.ASSISTANT,
            turn_key="import",
            content=import_summary(proposal=proposal),
            payload={
                "mode": "A",
                "proposal": proposal,
                "import": {"files": names, "entries": len(entries)},
                **NOT_RERUNNABLE,
            },
        )


def _changes(entries: list[Entry]) -> tuple[list[ListChange], list[dict]]:
    """One change per film and list (a film in watched.csv and ratings.csv is one "mark seen" with its rating)."""
    changes: dict[tuple[str, str, int | None], ListChange] = {}
    refused: list[dict] = []
    for entry in entries:
        action = "add_watchlist" if entry.kind == "watchlist" else "mark_seen"
        rating = stars_to_rating(entry.stars) if entry.stars is not None and action == "mark_seen" else None
        if entry.problem:
            refused.append(_refused_row(entry, action, f"{entry.file} line {entry.line}: {entry.problem}"))
            continue
        key = (action, normalize_title(entry.name), entry.year)
        held = changes.get(key)
        if held is not None and (rating is None or held.rating is not None):
            continue
        try:
            changes[key] = ListChange(action=action, title=entry.name, year=entry.year, rating=rating)
        except ValidationError:
            refused.append(
                _refused_row(entry, action, f"{entry.file} line {entry.line}: not a film this app can store")
            )
    return list(changes.values()), refused


def _refused_row(entry: Entry, action: str, note: str) -> dict:
    return {
        "i": 0,
        "action": action,
        "label": ACTION_LABELS[action],
        "title": entry.name or "(no name)",
        "year": entry.year,
        "rating": None,
        "movie": None,
        "status": "unresolved",
        "note": note,
    }


def import_summary(*, proposal: dict) -> str:
    """The words above the import's diff card: what was found, what is new, what could not be matched."""
    rows = proposal["rows"]
    count = {s: sum(1 for r in rows if r["status"] == s) for s in ("ready", "already", "unresolved")}
    lines = [
        f"Your Letterboxd files list {len(rows)} film{'s' if len(rows) != 1 else ''}: "
        f"{count['ready']} to apply, {count['already']} already on your lists, {count['unresolved']} not matched.",
        "Ratings are Letterboxd's half stars rounded to whole stars (halves round up: 3½ → 4★, ½ → 1★).",
    ]
    unmatched = [r for r in rows if r["status"] == "unresolved"]
    if unmatched:
        shown = ", ".join(r["title"] + (f" ({r['year']})" if r.get("year") else "") for r in unmatched[:NAMES_LISTED])
        more = f" and {len(unmatched) - NAMES_LISTED} more" if len(unmatched) > NAMES_LISTED else ""
        lines.append(f"**Not matched** (left out, marked ⚠ below): {shown}{more}.")
    lines.append("Tick what to apply:" if count["ready"] else "Nothing new to apply.")
    return "\n\n".join(lines)
