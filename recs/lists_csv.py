"""The lists as CSV files, in Letterboxd's columns (Date, Name, Year, Rating…) so they import back here too."""

from __future__ import annotations

import csv
import io

from django.contrib.auth.models import AbstractBaseUser

from recs import selectors
from recs.letterboxd import FORMULA_START
from recs.services.lists import unknown_list

CSV_LISTS = ("watchlist", "seen", "ratings", "recommended")


def list_csv(*, user: AbstractBaseUser, list_name: str) -> tuple[str, str]:
    """(file name, CSV text) of one list: watchlist, seen, ratings (seen films with stars) or recommended."""
    if list_name not in CSV_LISTS:
        raise unknown_list(list_name)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    if list_name == "recommended":
        writer.writerow(["Date", "Name", "Year", "Chat", "Source", "Id"])
        for r in selectors.recommended_for_user(user=user):
            writer.writerow(
                [
                    r.created_at.date().isoformat(),
                    _safe(r.title),
                    r.year or "",
                    _safe(str(r.chat)),
                    r.source,
                    r.movie_id,
                ]
            )
    else:
        rated = list_name != "watchlist"
        writer.writerow(["Date", "Name", "Year", *(["Rating"] if rated else []), "Genres", "Director", "Source", "Id"])
        items = selectors.list_items(user=user, list_name="watchlist" if list_name == "watchlist" else "seen")
        for item in items:
            if list_name == "ratings" and not item.rating:
                continue
            writer.writerow(
                [
                    item.added_at.date().isoformat(),
                    _safe(item.title),
                    item.year or "",
                    *([item.rating or ""] if rated else []),
                    _safe(", ".join(item.genres or [])),
                    _safe(item.director),
                    item.source,
                    item.movie_id,
                ]
            )
    return f"marquee-{list_name}.csv", out.getvalue()


def _safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (the import strips the apostrophe again)."""
    return "'" + text if text[:1] in FORMULA_START and text else text
