"""'Something like <title>' in a request: catalogue films to rank by similarity, or a title it doesn't know."""

from __future__ import annotations

import re
from collections.abc import Callable

from recs.rules.constraints import Constraints
from recs.rules.scan import Scanner
from recs.rules.series import series_first
from recs.rules.shorthand import spell_out
from recs.rules.shown import PLACE_AFTER
from recs.rules.vocab import GENRE_PATTERNS
from recs.sources.catalogue import Catalogue
from recs.sources.movies import normalize_title

_GENRE_WORDS = """drama dramas comedy comedies thriller thrillers horror western westerns musical musicals
romance romances cartoon cartoons documentary documentaries flick flicks""".split()
# Liking said in the present ("my son loves Finding Nemo", "she's obsessed with Shrek", "he can't stop watching Up").
_SUBJECT = r"(?:i|she|he|they|we|my \w+|our \w+)"
_PRESENT = (
    r"(?:likes?|loves?|enjoys?|adores?|can t stop watching|keeps? watching|"
    r"(?:is|are|am|re|s) (?:obsessed with|really into|into|a (?:big |huge )?fan of))"
)
TRIGGER = (
    rf"{_SUBJECT} (?:really |absolutely )?{_PRESENT}|"
    r"similar to|(?:something|anything|films?|movies?|ones?|stuff|more|others?|picks?)"
    r"(?: else)?(?: just| kind of| a bit| a little)? like|in the (?:vein|style|spirit) of|"
    r"along the lines of|reminds? me of|if i (?:liked|loved|enjoyed)|fans? of|"
    r"(?:i|she|he|they|we|my \w+|our \w+) (?:really )?(?:liked|loved|enjoyed|adored)|same vibe as|(?:^|,) like|"
    # "loved Braveheart, more in that vein": the "I" dropped at the start of a message or clause
    r"(?:^|,) (?:really |absolutely |totally )?(?:liked|loved|enjoyed|adored)|"
    # "a darker version of shrek": the tone word stays outside the match, for recs.rules.darker
    r"(?:(?<=darker )|(?<=grittier )|(?<=edgier )|(?<=grown up )|(?<=adult ))(?:version|take) of|"
    # "a drama like Forrest Gump": the genre word stays outside the match, for the genre parser
    + "(?:"
    + "|".join(f"(?<={w} )" for w in _GENRE_WORDS)
    + ")like"
)
# "I loved the ending" says nothing about a title: only a request for similar films names one we don't know.
# A liking said in the present is a statement too ("my son loves trains" names no film we lack).
_STATEMENT = re.compile(
    rf",? ?(?:i )?(?:really |absolutely |totally )?(?:liked|loved|enjoyed|adored)|{_SUBJECT} .*\b{_PRESENT}"
)
_NOT_TITLES = frozenset({"a", "an", "the", "this", "that", "it", "these", "those", "them", "one", "me"})
# Words that end a title nobody could look up: what follows is the rest of the request.
_ENDS_TITLE = frozenset(
    """
and or but from with without by starring featuring that which only except not no nothing under over
less more please set in for though although because who where made released just yet than only
funnier scarier darker lighter older newer shorter longer better
atm rn lately recently currently tbh lol honestly pls plz plox thx thanks ty cheers
""".split()
)
_NOT_TITLE_START = frozenset({"a", "an", "some", "any", "my", "your", "his", "her", "their", "our"})
# When or how much a film was liked, right after it ("i liked arrival a lot", "loved heat last night"):
# part of the liking, never of the title, and never an era ("recently" is no "recent films").
_VIEWING = re.compile(
    r"^(?:(?:a lot|so much|very much|loads|heaps|too|as well|again|twice|recently|lately|yesterday|today|tonight"
    r"|earlier|finally|(?:last|the other|this|at the) (?:night|week|weekend|day|month|year))\b ?)+"
)
# Everyday words: a lower-case span made only of them is no film ("i liked cool, anything similar?",
# "loved tonight, anything similar"); a short one opening with a determiner neither ("every minute").
EVERYDAY = frozenset(
    """
cool good great nice fun funny awesome amazing brilliant excellent fantastic interesting different fine ok okay
alright perfect lovely wonderful best better favourite favorite fav fave epic sick dope lit solid decent
tonight today yesterday tomorrow weekend night week day lately recently earlier again always
whatever everything anything something nothing everyone everybody someone somebody stuff things thing
lot lots bit much more most all both each every that this these those it them one ones like kind sort way
movie movies film films show shows series watch watching ending plot story music soundtrack cast acting
""".split()
)
_DETERMINERS = frozenset({"every", "each", "all", "this", "that", "these", "those", "both", "whatever", "what"})
_NOT_TITLE_END = frozenset({"film", "films", "movie", "movies", "one", "ones", "stuff", "things", "kind", "sort"})


# "more like that", "something similar", "any more like these?": the films just shown are the references.
_REFERS_BACK = re.compile(
    r"\b(?:(?:more|something|anything|films?|movies?|ones?|others?|stuff|picks?)(?: else)?"
    r"(?: just| kind of| a bit| a little)? like (?:that|this|those|these|them|the last (?:ones?|picks?|few))\b"
    r"|(?:something|anything|more|ones?|films?|movies?|picks?)(?: else)? (?:similar|along those lines)\b(?! to\b)"
    r"|similar (?:ones|films|movies|picks)\b(?! to\b)|more of (?:that|those|these|the same)\b|(?:the )?same again\b"
    # "like those but newer", "similar to those", "same kinda thing", "in the same vein": the picks shown
    r"|^(?:(?:ok(?:ay)?|yeah|nice|cool|great)\W+)?(?:just )?like (?:that|those|these|them)\b"
    r"|similar to (?:that|this|those|these|them)\b(?! \w+ (?:with|by|from|where)\b)"
    r"|same (?:kind|kinda|sort|sorta|type)(?: of)? (?:thing|stuff|vibe|films?|movies?)\b|(?:in )?the same vein\b"
    # "seen all of those already": the kind was right, the films were not new
    r"|\b(?:seen|watched) (?:all of |all |both of )?(?:those|them|these|all three)\b"
    # "ok but less violent", "any of those but for kids": the picks shown, changed
    r"|^(?:(?:ok(?:ay)?|yeah|yes|hmm+|nice|cool|good|great|fine)\W+)?(?:(?:those|these|them)(?: ones)? )?but\b|\b(?:any|one|some|either) of (?:those|them|these)\b"
    r"|^(?:the )?same(?: thing| again)?\b(?! (?:director|actor|person|guy|year|decade)\b)"
    # "newer ones pls", "any shorter ones?": the picks shown, changed ("ones" stands for them)
    r"|\b(?:newer|older|more recent|shorter|longer|darker|lighter|funnier|scarier|cheaper|better) ones\b(?! (?:with|by|from|about)\b)"
    # "loved those, what else ya got", "liked it. anything else?": the picks shown were liked, more are asked for
    r"|\b(?:loved|liked|enjoyed|adored) (?:those|them|these|it|that one|all three)\b[^?]{0,40}?\b(?:what|anything) else"
    r"(?: (?:ya|you|u) got| is there| do (?:you|u) have)?[\s?!.]*$)",
    re.IGNORECASE,
)


def refers_back(text: str) -> bool:
    """True when a request asks for films like the ones just shown, without naming any."""
    # spelt out: "lo mismo pero más reciente" is "the same but newer", "smth like those" is "something like those"
    return bool(_REFERS_BACK.search(" ".join(spell_out(text or "").replace("’", "'").split())))


def find_like(
    scan: Scanner, catalogue: Catalogue, out: Constraints, *, raw: str, parse: Callable[[str, Catalogue], Constraints]
) -> None:
    """Fill like_ids with the films named after "like"/"similar to", and unknown_likes with titles not found."""
    similar = bool(_SIMILAR_ASK.search(scan.text))
    for match in list(re.finditer(r"(?:" + TRIGGER + r") ", scan.text)):
        if PLACE_AFTER.match(scan.text, match.end()):
            continue  # "like the second": a pick just shown (rank.py), no title we lack
        tokens = scan.text[match.end() :].split(",")[0].split()[:16]
        offset = match.end()
        while tokens:  # "like Heat and Se7en": a list of titles joined by and/or
            found = title_prefix(tokens, catalogue)
            if found and _kind_of_film(tokens, found[1], catalogue, parse):
                break  # "like black and white films": films of that kind, not the film "Black and White"
            if found:
                movie, used = found
                out.like_ids.append(movie.id)
                scan.claimed.append((_after_viewer(match), offset + len(" ".join(tokens[:used]))))
            else:
                used = next((i for i, t in enumerate(tokens) if t in _ENDS_TITLE or _is_year(t)), len(tokens))
                used = _before_viewing(tokens, used)
                span = tokens[:used]
                said = match.group().strip()
                if _STATEMENT.fullmatch(said) and not (similar and _film_like(span, raw, scan.text)):
                    span = []  # "my son loves trains": a liking, not a film we lack
                if _DURATION.match(" ".join(span)):
                    span = []  # "for a long flight, like 3 hours": a runtime said roughly, no title
                if unknown_title(span, catalogue, parse) and not _everyday(span, raw):
                    out.unknown_likes.append(as_typed(span, raw))
                    scan.claimed.append((offset, offset + len(" ".join(span))))
                if used < len(tokens) and _is_year(tokens[used]):
                    used += 1  # "like Heat 1995": the year belongs to the title, not to the request
            _claim_viewing(scan, tokens, used, offset)
            offset += len(" ".join(tokens[: used + 1])) + 1
            if used >= len(tokens) or tokens[used] not in ("and", "or"):
                break
            tokens = tokens[used + 1 :]


_DURATION = re.compile(r"(?:\d+(?:\.\d+)?|an?|one|two|three|four|half an?) (?:hours?|hrs?|h|minutes?|mins?)\b")
_FILM_NOUNS = frozenset({"film", "films", "movie", "movies", "flick", "flicks", "pictures"})


def _kind_of_film(tokens: list[str], used: int, catalogue: Catalogue, parse) -> bool:
    """A title's words that read as a request, then a word for films: a kind of film, not that film."""
    if used >= len(tokens) or tokens[used] not in _FILM_NOUNS:
        return False
    kind = parse(" ".join(tokens[: used + 1]), catalogue)  # "war films", "black and white films"
    return bool(kind.genres or kind.year_min or kind.year_max or kind.story_sources)


def _after_viewer(match: re.Match) -> int:
    """Where a liking's claim starts: after the viewer who likes the film ("my kids loved Home Alone"), whose
    words stay free to say who will watch."""
    viewer = re.match(r"(?:my|our) \w+ ", match.group())
    return match.start() + (viewer.end() if viewer else 0)


# A liked film named first, the ask after it: "The Big Lebowski is my all time fave, anything in that vein",
# "Toy Story is my 4 year old's favourite", "we watched Fargo last night and loved it, what else has that feel".
_TITLE_STARTS = re.compile(r"(?:^|,|\b(?:watched|saw|seen|rewatched|finished)) ")
_LIKED_AFTER = re.compile(
    r"^ (?:is|was|s|has been|remains) (?:(?:my|our|his|her|their|the|a)\b[a-z0-9 ]{0,30}? )?(?:all time |absolute |"
    r"total |new )?(?:fav(?:e|s)?|favou?rites?|favorites?)\b"
    r"|^(?: [a-z]+){0,4} and (?:i |we |she |he |they |my \w+ )?(?:really |absolutely |totally )?"
    r"(?:loved|liked|enjoyed|adored) it\b"
)
# The ask that makes a liked film a reference: "anything similar", "in that vein", "what else has that feel".
_SIMILAR_ASK = re.compile(
    r"\b(?:similar|in (?:that|the same) (?:vein|style|spirit)|(?:that|same) (?:feel|vibe|kind|sort|style)|"
    r"along (?:those|the same) lines|like (?:it|that|this)|more of (?:that|the same)|else (?:like|has))\b"
)


_BUT = re.compile(r"^ ?,? but\b")
# "i watched fargo recently, more like that": a film just seen, then the ask, is the reference, unless it was
# disliked ("watched Fargo and hated it, anything else?")
_WATCHED = re.compile(r"\b(?:watched|saw|seen|rewatched|finished|binged) $")
_DISLIKED = re.compile(r"\b(?:hated|disliked|didn t like|did not like|couldn t stand|boring|awful|terrible|meh)\b")


def _watched_then_asked(text: str, start: int, end: int) -> bool:
    """Was the film at start..end named right after a viewing verb, with no dislike in its clause?"""
    clause = text[end:].split(",")[0]
    return bool(_WATCHED.search(text[:start])) and not _DISLIKED.search(clause)


# The same liking after a title we don't have: where its words end ("get out", "heat last night").
_LIKED_TAIL = re.compile(
    r" (?:and (?:i |we |she |he |they |my \w+ )?(?:really |absolutely |totally )?(?:loved|liked|enjoyed|adored) it"
    r"|(?:is|was|s|has been|remains) (?:(?:my|our|his|her|their) )?(?:all time |absolute |total |new )?"
    r"(?:fav(?:e|s)?|favou?rites?|favorites?))\b"
)


def find_liked_first(
    scan: Scanner, catalogue: Catalogue, out: Constraints, *, raw: str, parse: Callable[[str, Catalogue], Constraints]
) -> None:
    """Add a film said to be liked before the request asks for similar ones, when no "like X" named one;
    a title we don't have, said the same way, is named as unknown ("just watched get out and loved it")."""
    if out.like_ids or out.unknown_likes:
        return
    find_marked_like(scan, catalogue, out, parse=parse)
    if out.like_ids:
        return
    ask = bool(_SIMILAR_ASK.search(scan.text))
    starts = [m.end() for m in _TITLE_STARTS.finditer(scan.text)]
    for start in starts:
        tokens = scan.text[start:].split(",")[0].split()[:12]
        found = title_prefix(tokens, catalogue)
        if not found or any(re.fullmatch(p, " ".join(tokens[: found[1]])) for p, _ in GENRE_PATTERNS):
            continue
        end = start + len(" ".join(tokens[: found[1]]))
        liked = ask and (_LIKED_AFTER.match(scan.text[end:]) or _watched_then_asked(scan.text, start, end))
        # "Se7en but less dark", "inception but funnier": a film opening the request, then how to differ
        # from it ("kids but nothing scary" is an audience: a title that reads as a request is no film)
        liked = liked or (
            start == starts[0] and _BUT.match(scan.text[end:]) and _opens(tokens[: found[1]], catalogue, parse)
        )
        if liked and scan._free(start, end):
            scan.claimed.append((start, end))
            out.like_ids.append(found[0].id)
    if not ask:
        return
    for start in reversed(starts if not out.like_ids else []):  # the latest start: the fewest words
        clause = scan.text[start:].split(",")[0]
        tail = _LIKED_TAIL.search(clause)
        tokens = clause[: tail.start()].split() if tail else []
        span = tokens[: _before_viewing(tokens, len(tokens))]
        if not span:
            continue
        end = start + len(" ".join(span))
        titled = unknown_title(span, catalogue, parse) and not _everyday(span, raw)
        if titled and scan._free(start, end) and _film_like(span, raw, scan.text):
            scan.claimed.append((start, end))
            out.unknown_likes.append(as_typed(span, raw))
            _claim_viewing(scan, tokens, len(span), start)
        return  # only the words right before the liking: "we watched the news" is no title


# A film named, then a word saying "of that kind": "harry potter type films", "shaun of the dead vibes",
# "a star wars style adventure", "lord of the rings-esque", "something die hard ish".
_MARKER = re.compile(r" (?:type|types|style|kind|sort|vibes?|esque|ish|feel|inspired|energy)(?![a-z0-9])")


def find_marked_like(
    scan: Scanner, catalogue: Catalogue, out: Constraints, *, parse: Callable[[str, Catalogue], Constraints]
) -> None:
    """Add the catalogue film whose title ends right before a similarity marker; the longest title wins,
    and words the parser reads as a request ("a horror type film", "that kind") name no film."""
    for match in list(_MARKER.finditer(scan.text)):
        clause = scan.text[: match.start()].split(",")[-1]
        words = clause.split()
        for size in range(min(len(words), 8), 0, -1):
            span = words[len(words) - size :]
            found = title_prefix(span, catalogue)
            if not found or found[1] != size or span[0] in _NOT_TITLE_START or _everyday(span, " ".join(span)):
                continue
            start = match.start() - len(" ".join(span))
            if not parse(" ".join(span), catalogue).is_empty() or not scan._free(start, match.end()):
                break
            scan.claimed.append((start, match.end()))
            out.like_ids.append(found[0].id)
            break


# "by the guy who directed Jaws", "from the director of Alien": that film's director, asked for by a film.
DIRECTOR_OF = (
    r"\b(?:by|from) (?:the )?(?:same )?(?:guy|person|man|woman|bloke|dude|lady|one|people|director|filmmaker)s? "
    r"(?:who|that) (?:directed|made|did)|\b(?:by|from) (?:the )?(?:same )?director (?:of|behind|who did|as)"
    # "what other movies did the director of memento make", "what else has the director of jaws done"
    r"|\b(?:films?|movies?|else) (?:did|has|have) (?:the )?director (?:of|behind)"
)


def find_director_of(scan: Scanner, catalogue: Catalogue, out: Constraints) -> None:
    """Add the director of each film named after DIRECTOR_OF ("anything by the guy who directed Jaws")."""
    for match in list(re.finditer(DIRECTOR_OF + " ", scan.text)):
        tokens = scan.text[match.end() :].split(",")[0].split()[:16]
        found = title_prefix(tokens, catalogue)
        if found and found[0].director and scan._free(match.start(), match.end()):
            scan.claimed.append((match.start(), match.end() + len(" ".join(tokens[: found[1]]))))
            (out.exclude_directors if scan.negated(match.start()) else out.directors).append(found[0].director)
            if re.search(r"\b(?:other|else)\b", scan.text[: match.end()]):  # "what other films did…": not it
                out.exclude_ids.append(found[0].id)
                out.exclude_titles.append(found[0].title)


def title_prefix(tokens: list[str], catalogue: Catalogue):
    """The longest token prefix that is exactly a catalogue title (optionally + a year), or names a series
    the catalogue has only in parts ("the lord of the rings": its first part)."""
    for size in range(len(tokens), 0, -1):
        span = " ".join(tokens[:size])
        if span in _NOT_TITLES:
            continue
        hits = catalogue.by_title(span)
        if tokens[0] in ("a", "an"):  # "like a good heist movie" is no "Good": keep the article when it's said
            hits = [m for m in hits if normalize_title(m.title).startswith(tokens[0] + " ")]
        has_year = size < len(tokens) and _is_year(tokens[size])
        if hits and has_year:
            year = int(tokens[size])
            hits = [m for m in hits if m.year and abs(m.year - year) <= 1] or hits
        if hits:
            return max(hits, key=lambda m: (m.votes or 0, m.id)), size + (1 if has_year else 0)
        first = series_first(span, catalogue) if size > 1 else None
        if first:
            return first, size
    return None


def _is_year(token: str) -> bool:
    return bool(re.fullmatch(r"(?:19|20)\d\d", token))


def _before_viewing(tokens: list[str], used: int) -> int:
    """Where an unknown title ends when a viewing phrase follows it inside the span ("arrival a lot")."""
    for i in range(1, used):
        if _VIEWING.fullmatch(" ".join(tokens[i:used])):
            return i
    return used


def _claim_viewing(scan: Scanner, tokens: list[str], used: int, offset: int) -> None:
    """Claim the viewing phrase right after a liked title, so no era reads it ("loved heat recently")."""
    start = offset + len(" ".join(tokens[:used])) + (1 if used else 0)
    found = _VIEWING.match(" ".join(tokens[used:]))
    end = start + len(found.group().rstrip()) if found else start
    if end > start and scan._free(start, end):
        scan.claimed.append((start, end))


def _opens(span: list[str], catalogue: Catalogue, parse) -> bool:
    """A catalogue title opening "<title> but …" is the film to differ from unless it reads as a request
    ("horror but not gory") or, said in one word, as a bare plural or an everyday word ("kids but …")."""
    if not parse(" ".join(span), catalogue).is_empty():
        return False
    if len(span) > 1 or not span[0].isalpha():
        return True  # a capital opening the message says nothing: "Kids but nothing scary" is an audience too
    return not (re.fullmatch(r"[a-z]+[^s]s", span[0]) or span[0] in EVERYDAY)


def _everyday(span: list[str], raw: str) -> bool:
    """A span typed in lower case that only everyday words make up, or a short one after a determiner."""
    if _typed(span, raw)[:1].isupper():
        return False  # "I loved Tonight": capitalised like a title
    return all(w in EVERYDAY for w in span) or (len(span) <= 2 and span[0] in _DETERMINERS)


def unknown_title(span: list[str], catalogue: Catalogue, parse) -> bool:
    """A span reads as a film title we don't have: a similarity request, 1-6 words, no constraint words."""
    if not span or len(span) > 6:
        return False
    if " ".join(span) in _NOT_TITLES or span[0] in _NOT_TITLE_START or span[-1] in _NOT_TITLE_END:
        return False
    return parse(" ".join(span), catalogue).is_empty()  # "like a 90s thriller" describes films


# "she's obsessed with Frozen, anything similar": a liking said as a statement names a film when the message
# asks for similar films and the thing liked is capitalised like a title, or the ask says "similar" outright.
_SIMILAR_WORD = re.compile(r"\bsimilar\b")


def _film_like(span: list[str], raw: str, text: str) -> bool:
    """True when the liked span of a statement reads as a film: typed with a capital, or a bare name asked
    "similar" to ("loved the ending, anything similar" names no film)."""
    if not span or _typed(span, raw)[:1].isupper():
        return bool(span)
    if len(span) == 1 and re.fullmatch(r"[a-z]+[^s]s", span[0]):  # "loves horses": a bare plural names a topic
        return False
    return bool(_SIMILAR_WORD.search(text)) and span[0] not in _NOT_TITLE_START | {"the", "this", "that", "it"}


def as_typed(tokens: list[str], raw: str) -> str:
    """The title as the user wrote it ("Heat", "La Haine"), else the folded words in title case."""
    text = _typed(tokens, raw)
    return text if any(ch.isupper() for ch in text) else text.title()


def _typed(tokens: list[str], raw: str) -> str:
    """The words as the user wrote them, else the folded words."""
    pattern = r"(?<!\w)" + r"[\W_]+".join(re.escape(t) for t in tokens) + r"(?!\w)"
    found = re.search(pattern, raw, flags=re.IGNORECASE)
    return found.group() if found else " ".join(tokens)
