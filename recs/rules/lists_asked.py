"""Questions about the person's own lists, answered from them: "what's on my watchlist?", "what have I seen?",
"how many films are on my watchlist", "is Fargo on my watchlist?", "have I seen Heat?".

The lists come with the turn (`MovieContext.lists`: {"watchlist": [{title, year}], "seen": [{title, year,
rating}]}, oldest first). A request to change a list ("add Fargo to my watchlist") is not a question and is
read before this. Pure: the caller passes the lists; titles are matched with rapidfuzz, typos forgiven.
"""

from __future__ import annotations

import re

from rapidfuzz import fuzz

from recs.rules.titles import resolve
from recs.sources.catalogue import Catalogue
from recs.sources.movies import normalize_title

SHOWN_AT_MOST = 15  # a longer list is summed up and pointed at the Lists page
_WATCH = r"(?:watch ?list|watch-list|to-?watch list|list to watch)"
_SEEN = r"(?:seen list|seen films|watched list|films i(?:'ve| have) (?:seen|watched)|movies i(?:'ve| have) (?:seen|watched))"
_SHOW = re.compile(
    rf"^(?:(?:so|ok|okay|and|hey)\W+)?(?:what(?:'s| is| are| do i have|s)?|show(?: me)?|list|read(?: me)?|tell me"
    rf"|which (?:films|movies)(?: are| do i have)?|can (?:i|you) see|remind me (?:of|what'?s))\b"
    rf"(?: (?:on|in|are on|are in|is on|is in))?(?: (?:all|the))? ?(?:films |movies |titles |things )?"
    rf"(?:on |in )?my (?P<list>{_WATCH}|{_SEEN})\W*$"
)
_SEEN_ALL = re.compile(
    r"^(?:so |ok |and )?what (?:films |movies )?(?:have i|did i|i(?:'ve| have)) (?:seen|watched)\W*$"
)
_COUNT = re.compile(
    rf"^(?:so |ok |and )?how (?:many|much) (?:films|movies|titles|things)? ?(?:are|is|do i have)? ?(?:there )?"
    rf"(?:on|in) my (?P<list>{_WATCH}|{_SEEN})\W*$"
)
_ON_LIST = re.compile(rf"^(?:is|are|was) (?P<title>.+?) (?:on|in) my (?P<list>{_WATCH}|{_SEEN})\W*$")
_HAVE_SEEN = re.compile(r"^(?:have|did) i (?:seen|see|watched|watch|already seen|already watched) (?P<title>.+?)\W*$")


def _which(name: str) -> str:
    return "watchlist" if re.fullmatch(_WATCH, name) else "seen"


def _line(item: dict) -> str:
    rating = f" — {'★' * item['rating']}" if item.get("rating") else ""
    year = f" ({item['year']})" if item.get("year") else ""
    return f"- **{item['title']}**{year}{rating}"


def _listed(which: str, items: list[dict]) -> str:
    """The list itself, newest additions first, up to SHOWN_AT_MOST."""
    name = "watchlist" if which == "watchlist" else "seen list"
    if not items:
        how = "Press “+ Watchlist” on a pick" if which == "watchlist" else "Press “Seen it” on a pick"
        return f"Your {name} is empty. {how}, or tell me (“add Fargo to my {name}”)."
    newest = list(reversed(items))
    head = f"Your {name} has {len(items)} film{'s' if len(items) != 1 else ''}"
    lines = [_line(item) for item in newest[:SHOWN_AT_MOST]]
    more = len(items) - SHOWN_AT_MOST
    tail = f"\n\n…and {more} more: the Lists page has them all." if more > 0 else ""
    return f"{head}, newest first:\n\n" + "\n".join(lines) + tail


def _exact(title: str, year: int | None, item: dict) -> bool:
    same_year = not (year and item.get("year")) or abs(year - item["year"]) <= 1
    return normalize_title(title) == normalize_title(item["title"]) and same_year


def _same(said: str, title: str) -> bool:
    a, b = normalize_title(said), normalize_title(title)
    return a == b or (min(len(a), len(b)) >= 4 and fuzz.ratio(a, b) >= 88)


def _membership(said: str, which: str, items: list[dict], catalogue: Catalogue | None) -> str:
    """Whether a named film is on the list, in words: the film the catalogue knows by that name ("aliens" is
    Aliens, not Alien), else a title on the list that reads the same, typos forgiven."""
    said = said.strip(" \"'“”‘’*_")
    films = resolve(said, catalogue)[1] if catalogue is not None else []
    if films:
        found = [i for i in items if any(_exact(m.title, m.year, i) for m in films)]
    else:
        found = [i for i in items if _same(said, i["title"])]
    name = "your watchlist" if which == "watchlist" else "your seen list"
    if found:
        item = found[-1]
        year = f" ({item['year']})" if item.get("year") else ""
        rated = f", rated {'★' * item['rating']}" if item.get("rating") else ""
        return f"Yes: **{item['title']}**{year} is on {name}{rated}."
    return f"No: nothing called “{said.strip()}” is on {name}."


def lists_answer(text: str, lists: dict[str, list[dict]] | None, catalogue: Catalogue | None = None) -> str | None:
    """The answer to a question about the person's watchlist or seen list, or None when the text asks none;
    `catalogue` tells which film a name means."""
    if lists is None:
        return None
    said = " ".join((text or "").replace("’", "'").split())
    low = said.lower()
    if len(low) != len(said):  # a letter whose lower case is longer: titles are said in lower case
        said = low
    if found := _SHOW.match(low):
        which = _which(found["list"])
        return _listed(which, lists.get(which, []))
    if _SEEN_ALL.match(low):
        return _listed("seen", lists.get("seen", []))
    if found := _COUNT.match(low):
        which = _which(found["list"])
        n = len(lists.get(which, []))
        return f"{n} film{'s' if n != 1 else ''} on your {'watchlist' if which == 'watchlist' else 'seen list'}."
    if found := _ON_LIST.match(low):
        which = _which(found["list"])
        return _membership(said[found.start("title") : found.end("title")], which, lists.get(which, []), catalogue)
    if found := _HAVE_SEEN.match(low):
        return _membership(said[found.start("title") : found.end("title")], "seen", lists.get("seen", []), catalogue)
    return None
