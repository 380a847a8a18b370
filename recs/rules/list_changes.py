"""Reading list changes out of words ("I've seen Fargo and Ronin", "add the first two to my watchlist").

The offline side of propose_list_changes (its tool and ListChange are in recs.flows.tools). Nothing here
changes data: a proposal becomes a diff card that the user approves row by row (recs.services.proposals
applies it).
"""

from __future__ import annotations

import re

from pydantic import ValidationError

from recs.flows.tools import Action, ListChange
from recs.sources.catalogue import load_catalogue

_PRONOUNS = frozenset({"it", "them", "that", "this", "those", "these", "that one", "this one", "one"})
_ORDINALS = {"first": 0, "second": 1, "third": 2, "1st": 0, "2nd": 1, "3rd": 2, "last": -1}
_COUNTS = {"one": 1, "two": 2, "three": 3, "both": 2, "all": 3, "all three": 3}
_PATTERNS: list[tuple[Action, re.Pattern]] = [
    (
        "remove_watchlist",
        re.compile(r"(?:drop|remove|delete|take)\s+(?P<what>.+?)\s+(?:from|off)\s+(?:my\s+)?watch\s?list", re.I),
    ),
    (
        "add_watchlist",
        re.compile(r"(?:add|put|save)\s+(?P<what>.+?)\s+(?:to|on|in)(?:to)?\s+(?:my\s+)?watch\s?list", re.I),
    ),
    (
        "unmark_seen",
        re.compile(
            r"(?:^|[.;!]\s*)(?:i\s+)?(?:have\s*n.?t|haven't|did\s*n.?t|never)\s+(?:actually\s+)?(?:seen|watched|see|watch)\s+(?P<what>.+)",
            re.I,
        ),
    ),
    (
        "unmark_seen",
        re.compile(r"(?:unmark|remove|drop)\s+(?P<what>.+?)\s+(?:as\s+seen|from\s+(?:my\s+)?seen(?:\s+list)?)", re.I),
    ),
    ("mark_seen", re.compile(r"(?:mark)\s+(?P<what>.+?)\s+as\s+(?:seen|watched)", re.I)),
    (  # "add it to seen", "put Heat on my seen list", "add Fargo to the films I've seen"
        "mark_seen",
        re.compile(
            r"(?:add|put|save)\s+(?P<what>.+?)\s+(?:to|on|in)(?:to)?\s+(?:my\s+|the\s+)?(?:seen(?:\s+list)?|watched(?:\s+list)?"
            r"|(?:films?|movies?)\s+i\s*'?\s*(?:ve|have)\s+(?:seen|watched))\b",
            re.I,
        ),
    ),
    (  # "I've seen Heat", "we already saw Mr. & Mrs. Smith", "we've watched it"
        "mark_seen",
        re.compile(
            r"(?:^|[.;!]\s*)(?:i\s*'?\s*ve|i\s+have|i|we\s*'?\s*ve|we\s+have|we)\s+(?:already\s+|just\s+|both\s+)?"
            r"(?:seen|watched|saw)\s+(?P<what>.+)",
            re.I,
        ),
    ),
]
# A rating as said: "4 stars", "4/5", "8/10", "rated it 4", "gave it 5 stars", "7 out of 10".
_RATING = re.compile(
    r"(?:,\s*|\s+)?(?:(?:and\s+)?(?:i\s+)?(?:rated|rate|gave|give)\s+(?:it|them)?\s*)?"
    r"(?P<value>\d+(?:[.,]\d+)?)\s*(?P<scale>/\s*\d+|stars?|★|out\s+of\s+(?:\d+|five|ten))"
    r"|(?:,\s*|\s+)(?:and\s+)?(?:i\s+)?(?:rated|rate|gave|give)\s+(?:it|them)\s+(?P<bare>\d+(?:[.,]\d+)?)\b",
    re.I,
)
# Said about a film, not part of its title: when ("yesterday"), how it went ("and loved it").
_AFTERTHOUGHT = re.compile(
    r"(?:\s*,?\s*(?:and|but)\s+|\s*,\s*|\s+)(?:i\s+|we\s+)?(?:really\s+)?(?:loved|liked|hated|enjoyed|adored|"
    r"disliked|thought|found|rated|it\s+was|it\s*'?\s*s|they\s+were|both|too|please|already|again|twice)\b.*$",
    re.I,
)
_WHEN = re.compile(
    r"(?:\s+(?:yesterday|today|tonight|recently|earlier|finally|once|last\s+(?:night|week|weekend|month|year|time)|"
    r"this\s+(?:morning|afternoon|evening|week|weekend|month|year)|on\s+(?:monday|tuesday|wednesday|thursday|"
    r"friday|saturday|sunday|tv|netflix|dvd|blu-?ray|a\s+plane)|at\s+the\s+(?:cinema|movies)|in\s+(?:the\s+)?"
    r"(?:cinema|theaters?|theatres?)|with\s+(?:my|a|some)\s+\w+|(?:a\s+)?(?:few|couple\s+of)\s+\w+\s+ago|"
    r"\w+\s+(?:days?|weeks?|months?|years?)\s+ago))+\s*$",
    re.I,
)
# A new change starts after "and", a comma or a full stop: "add Fargo to my watchlist and mark Alien as seen".
_NEXT_CHANGE = re.compile(
    r"(\s*(?:[.;!]+|,)\s*(?:and\s+|then\s+|also\s+)*|\s+(?:and|then|also|but)\s+(?:also\s+|then\s+)?)"
    r"(?=(?:please\s+)?(?:add|put|save|drop|remove|delete|take|unmark|mark|i\s*'?\s*ve|i\s+have|we\s*'?\s*ve|we\s+have"
    r"|(?:i|we)\s+(?:already\s+|just\s+|also\s+)?(?:saw|watched|seen|haven|never|did))\b)",
    re.I,
)


# "I watched Alien, recommend something like it" asks for films; it is not a list change.
_ASKS_FOR_FILMS = re.compile(
    r"\?|\brecommend|\bsuggest|\bsomething like\b|\bwhat (?:else|should)\b|\bmore like\b|\bany ideas\b", re.I
)


def parse_list_changes(text: str, *, last_picks: list[dict]) -> list[ListChange]:
    """Read list changes from words; ordinals ("the first two") refer to the last picks shown."""
    return read_list_changes(text, last_picks=last_picks)[0]


def read_list_changes(text: str, *, last_picks: list[dict]) -> tuple[list[ListChange], list[str]]:
    """The changes asked for, one clause at a time, and notes on what was left out (a rating of 7 stars).

    Ratings come only from numbers the user gave: "loved it" proposes no rating (the card must not
    invent one), and a rating outside 1-5 stars is dropped with a note rather than guessed.
    """
    if _ASKS_FOR_FILMS.search(text or ""):
        return [], []
    changes: list[ListChange] = []
    notes: list[str] = []
    said_before = ""
    for clause in _clauses(text or ""):
        # "we'll watch the second one, add it to seen": "it" is the pick an earlier clause named by its place
        found, said = _clause_changes(clause, last_picks, said_before)
        changes += [c for c in found if c not in changes]
        notes += said
        said_before += " " + clause
    return changes[:10], notes


_PLACE = re.compile(r"\b(?:the\s+)?(first|second|third|1st|2nd|3rd|last)\s+(?:one|pick|film|movie)\b", re.I)


def _named_before(text: str, last_picks: list[dict]) -> list[dict]:
    """The one pick earlier words named by its place ("the second one"), for an "it" that follows; else []."""
    places = {_ORDINALS[m.lower()] for m in _PLACE.findall(text)}
    if len(places) != 1:
        return []
    index = places.pop()
    return [last_picks[index]] if -len(last_picks) <= index < len(last_picks) else []


_SINGULAR = frozenset({"it", "that", "this", "that one", "this one", "that film", "that movie", "this film"})
_SAID_AS = {
    "add_watchlist": "add the first one to my watchlist",
    "remove_watchlist": "drop the first one from my watchlist",
    "mark_seen": "I've seen the first one",
    "unmark_seen": "I haven't seen the first one",
}


# "every film", "everything", "all my films", "the whole list": a whole list, which no message empties or fills
_WHOLE_LIST = re.compile(
    r"(?:every (?:single )?(?:film|movie|one|title)|everything|all (?:(?:of )?(?:the|my) )?(?:films|movies|titles)"
    r"|the (?:whole|entire) (?:list|watch ?list|thing)|all of it)(?: on it| in it| there)?"
)
WHOLE_LIST = (
    "I don't change a whole list from one message. Name the films (“drop Alien and Heat from my watchlist”), "
    "or remove them on the **Lists** page, where each has its own button."
)


def which_one(text: str, *, last_picks: list[dict]) -> str | None:
    """A list change said of "it" while several picks are shown ("add it to my watchlist"): which film, asked back
    with the picks by place; None when the text asks no such change."""
    if _ASKS_FOR_FILMS.search(text or ""):
        return None
    for clause in _clauses(text or ""):
        found = _match(clause)
        what = (found[1].groupdict().get("what") or "") if found else ""
        if found and _WHOLE_LIST.fullmatch(what.lower().strip(" .!?")):  # "remove every film from my watchlist"
            return WHOLE_LIST
        if len(last_picks) < 2:
            continue
        if found and what.lower().strip(" .!?") in _SINGULAR:
            shown = "; ".join(f"{i}. **{p['title']}** ({p.get('year')})" for i, p in enumerate(last_picks, 1))
            return f"Which one? The picks just shown are {shown}. Say it by place (“{_SAID_AS[found[0]]}”) or by title."
    return None


def _clauses(text: str) -> list[str]:
    """Split where a new change starts; a piece that says no change on its own stays with the one before."""
    parts = _NEXT_CHANGE.split(text)
    pieces, joins = parts[0::2], parts[1::2]
    merged = [pieces[0]]
    for join, piece in zip(joins, pieces[1:], strict=True):
        if _match(piece) and _match(merged[-1]):
            merged.append(piece)
        else:  # "add Fargo and Take Shelter to my watchlist": a title that starts like a verb
            merged[-1] += join + piece
    return merged


def _match(clause: str) -> tuple[Action, re.Match] | None:
    for action, pattern in _PATTERNS:
        match = pattern.search(clause)
        if match:
            return action, match
    return None


def _clause_changes(clause: str, last_picks: list[dict], said_before: str = "") -> tuple[list[ListChange], list[str]]:
    found = _match(clause)
    if not found:
        return [], []
    action, match = found
    # "we'll watch the second one, add it to seen": "it" is the pick the words before named by its place
    last_picks = _named_before(said_before + " " + clause[: match.start()], last_picks) or last_picks
    if action == "mark_seen":
        return _seen_changes(clause, match, last_picks)
    changes = _changes(action, [(title, year, None) for title, year in _titles(match.group("what"), last_picks)])
    return changes, []


def _changes(action: Action, films: list[tuple[str, int | None, int | None]]) -> list[ListChange]:
    changes = []
    for title, year, rating in films[:10]:
        try:
            changes.append(ListChange(action=action, title=title, year=year, rating=rating))
        except ValidationError:  # an impossible year or an overlong "title": not a film to change
            continue
    return changes


def _titles(text: str, last_picks: list[dict]) -> list[tuple[str, int | None]]:
    """The films named in a stretch of words, without what was said about them ("yesterday", "loved it")."""
    text = re.sub(r"\(\s*\)", "", text)
    text = re.sub(r"^[\s,.;:)\]-]*(?:(?:and|&)\s+)?", "", text).rstrip(" (,[-")
    text = _WHEN.sub("", _AFTERTHOUGHT.sub("", text.strip(" .!?,"))).strip(" ,")
    return _refs(text, last_picks) if text else []


# "Ronin and Alien, both 4 stars", "rated them 4": a rating said to be for every film just named.
_SPREAD_BEFORE = re.compile(r"\b(?:both|each|all(?:\s+(?:three|of\s+them))?)\W*$", re.I)
_SPREAD_IN = re.compile(r"\b(?:them|both|each)\b", re.I)


def _seen_changes(clause: str, match: re.Match, last_picks: list[dict]) -> tuple[list[ListChange], list[str]]:
    """Seen films, each with the rating that follows it ("Alien (5 stars) and Psycho (4 stars)").

    A rating set off after several films ("Ronin and Alien, 4 stars") could be for either or both: it
    is left out with a note rather than spread or guessed; "both 4 stars" or "rated them 4" is for all.
    """
    text = clause[match.start("what") :]
    end = match.end("what") - match.start("what")  # the titles end here; a rating may follow ("give it 5 stars")
    films: list[tuple[str, int | None, int | None]] = []
    notes: list[str] = []
    start = 0
    for stars in _RATING.finditer(text):
        named = _titles(text[start : max(start, min(stars.start(), end))], last_picks)
        said, rating = stars.group().strip(" ,"), _stars(stars)
        detached = stars.group().lstrip().startswith(",") or re.search(r"\b(?:rated|rate|gave|give)\b", said, re.I)
        spread = bool(_SPREAD_BEFORE.search(text[start : stars.start()]) or _SPREAD_IN.search(said))
        rated = named if spread or (detached and len(named) > 1) else named[-1:]
        if rating is None and rated:
            notes.append(_out_of_range(said, [t for t, _ in rated]))
        elif len(rated) > 1 and not spread:
            rated = []
            alternatives = " or ".join(f"“{t}”" for t, _ in named)
            notes.append(
                f"I couldn't tell which film “{said}” is for ({alternatives}), so I left it out: "
                "you can rate them on the Lists page once they're applied."
            )
        films += [(t, y, rating if (t, y) in rated else None) for t, y in named]
        start = stars.end()
    films += [(t, y, None) for t, y in _titles(text[start:end], last_picks)] if start < end else []
    return _changes("mark_seen", films), notes


def _out_of_range(said: str, titles: list[str]) -> str:
    named = " and ".join(f"“{t}”" for t in titles)
    them, applied = ("it", "it's") if len(titles) == 1 else ("them", "they're")
    return (
        f"Ratings go from 1 to 5 stars, so I left “{said}” out for {named}: "
        f"you can rate {them} on the Lists page once {applied} applied."
    )


def _stars(found: re.Match) -> int | None:
    """1-5 whole stars as given, else None: "7 stars", "8/10" or "4.5" are not guessed into stars."""
    value = (found.group("value") or found.group("bare") or "").replace(",", ".")
    scale = re.sub(r"\s+", " ", (found.group("scale") or "").lower())
    if scale.startswith(("/", "out of")) and re.sub(r"^(?:/|out of) ?", "", scale) not in ("5", "five"):
        return None
    if not re.fullmatch(r"\d+", value) or not 1 <= int(value) <= 5:
        return None
    return int(value)


def _refs(what: str, last_picks: list[dict]) -> list[tuple[str, int | None]]:
    if last_picks and re.fullmatch(_ALL_SHOWN, what.lower().strip(" .!")):  # "both of them": before "both" is cut
        return _ordinal_refs(what.strip(" .!"), last_picks) or []
    cleaned = re.sub(r"\b(?:and\s+)?(?:rated|it was|they were|both|too|please|already)\b.*$", "", what, flags=re.I)
    cleaned = re.sub(r"^(?:the\s+)?(?:movies?|films?)\s+", "", cleaned.strip(), flags=re.I)
    if _WHOLE_LIST.fullmatch(cleaned.lower().strip(" .!?")):  # a whole list is no film's title (`which_one`)
        return []
    ordinal = _ordinal_refs(cleaned, last_picks)
    if ordinal is not None:
        return ordinal
    if " and " in cleaned.lower() or "&" in cleaned:  # "Mr and Mrs Smith" is one film, "Fargo and Ronin" two
        whole = cleaned.strip(" .,'\"")
        if load_catalogue().by_title(whole):
            return [(whole, None)]
    parts = [p.strip(" .,'\"") for p in re.split(r",|\s+and\s+|\s*&\s*", cleaned) if p.strip(" .,'\"")]
    out = []
    for part in parts:
        year_match = re.search(r"\(?\b(1[89]\d\d|20\d\d)\)?$", part)
        year = int(year_match.group(1)) if year_match else None
        title = part[: year_match.start()].strip(" (") if year_match else part
        if title and title.lower() not in _PRONOUNS:  # "I've seen it" without one pick to point at
            out.append((title, year))
    return out


_ALL_SHOWN = (
    r"(?:all\s+(?:of\s+)?(?:three|3|two|2|them|those|these|em|'em)|both(?:\s+of\s+(?:them|those|these))?|them all"
    r"|those all|all|those|these|them|(?:those|these|the)\s+(?:three|two|3|2)(?:\s+of\s+them)?"
    r"|every\s+(?:single\s+)?one(?:\s+of\s+(?:them|those|these))?)(?:\s+(?:of them|picks|films|movies|ones))?"
)


def _ordinal_refs(text: str, last_picks: list[dict]) -> list[tuple[str, int | None]] | None:
    t = text.lower().strip()
    picks = [(p["title"], p.get("year")) for p in last_picks]
    if not picks:
        return None
    m = re.fullmatch(r"(?:the\s+)?(first|last)\s+(one|two|three|\d)(?:\s+(?:ones|of them|picks|films|movies))?", t)
    if m:
        n = _COUNTS.get(m.group(2)) or int(m.group(2))
        return picks[:n] if m.group(1) == "first" else picks[-n:]
    # "all of those", "those three", "both of them", "them": every pick shown
    if re.fullmatch(_ALL_SHOWN, t):
        return picks if not t.startswith("both") or len(picks) == 2 else None  # "both" of three: which two?
    words = re.findall(r"first|second|third|1st|2nd|3rd|last", t)
    if words and re.fullmatch(r"(?:the\s+|one|ones|and|,|\s|first|second|third|1st|2nd|3rd|last|pick|film|movie)+", t):
        chosen = []
        for w in words:
            i = _ORDINALS[w]
            if -len(picks) <= i < len(picks) and picks[i] not in chosen:
                chosen.append(picks[i])
        return chosen
    if t in ("it", "that one", "this one", "that", "that film", "that movie") and len(picks) == 1:
        return picks
    return None
