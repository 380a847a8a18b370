"""Parse a free-text film request into hard/soft Constraints, offline and deterministic."""

from __future__ import annotations

import re

from recs.rules import runtime
from recs.rules.about_topic import topic_genre
from recs.rules.audience import find_audience, find_company, find_grown_ups
from recs.rules.born import find_born
from recs.rules.constraints import Constraints
from recs.rules.darker import find_darker, keep_cartoon, settle_darker
from recs.rules.date_night import settle_date_night
from recs.rules.exclude_titles import find_excluded_titles, find_title_word_groups
from recs.rules.franchise_words import settle_franchises
from recs.rules.fuzzy import fix_words_outside_titles
from recs.rules.like import find_director_of, find_like, find_liked_first
from recs.rules.moods import occasions_as_moods, ruled_out_kinds, ruled_out_moods
from recs.rules.named_film import find_named_film, find_unknown_film
from recs.rules.named_people import find_people
from recs.rules.named_titles import find_named_titles
from recs.rules.people import people_index
from recs.rules.relative_era import find_bare_comparative, find_last_years, find_than_decade, find_than_film
from recs.rules.scan import Scanner, prepare
from recs.rules.tone import SCARY_TAG, find_lighter, keep_feel_good, soften_for_likes, spare_young_children
from recs.rules.vocab import (
    ADULT_CONTENT,
    DECADE_WORDS,
    GENRE_PATTERNS,
    MOOD_WORDS,
    NEGATORS,
    OCCASIONS,
    STORY_SOURCES,
    SUBGENRES,
    SUPERHERO_STUDIOS,
    UNSUPPORTED,
    VIOLENT_CONTENT,
)
from recs.sources.catalogue import Catalogue
from recs.sources.franchises import FRANCHISE_PATTERNS

SUPERHERO_TAG = "Super Hero"


def _find_ratings_runtime_quality(scan: Scanner, out: Constraints) -> None:
    find_audience(scan, out)
    for m in scan.find(r"(?:rated )?(?:pg ?13|nc ?17|pg|g|r)(?: rated| rating)?"):  # "an R rating" too
        phrase = m.group().strip()
        if phrase in ("g", "r") and not (scan.negated(m.start()) or "rated" in scan.before(m.start(), 1)):
            continue  # a bare letter is only a rating next to "rated" or a negator
        rating = {"pg 13": "PG-13", "nc 17": "NC-17", "pg": "PG", "g": "G", "r": "R"}[
            re.sub(r"(pg|nc) ?(1[37])", r"\1 \2", re.sub(r"rated|rating", "", phrase)).strip()  # "pg13" is "pg 13"
        ]
        if scan.negated(m.start()):
            out.mpaa_excluded += [rating] + (["NC-17"] if rating == "R" else [])
            out.rating_label = "not rated " + " or ".join(r for r in dict.fromkeys(out.mpaa_excluded) if r != "NC-17")
        elif _at_most(scan, m):  # "PG-13 max", "nothing above PG": that rating or a milder one
            out.mpaa_allowed = _MILDEST_FIRST[: _MILDEST_FIRST.index(rating) + 1]
            out.rating_label = f"rated {rating} or lower"
        else:
            out.mpaa_allowed, out.rating_label = [rating], f"rated {rating}"
    _find_runtime(scan, out)
    find_company(scan, out)  # after the audience (a child's age decides) and before the genres ("date night")
    for m in scan.find(
        r"hidden gems?|underrated|under the radar|lesser known|little known|obscure|"
        r"underseen|under seen|overlooked"
    ):
        out.hidden_gem, out.quality_label = True, m.group().strip()
    for m in scan.find(
        r"highly rated|high rated|well rated|top rated|best|acclaimed|critically acclaimed|"
        r"masterpieces?|classics?|great|excellent|must see|top notch|award winn(?:ing|ers?)|good reviews|"
        r"(?:oscar|academy award)(?: winn(?:ing|ers?)| nominated| worthy)?|oscars"
    ):
        out.min_rating = 7.5
        word = m.group().strip()
        out.quality_label = out.quality_label or ("classic" if word.startswith("classic") else "highly rated")


_MILDEST_FIRST = ["G", "PG", "PG-13", "R", "NC-17"]
_CEILING_AFTER = re.compile(
    r"^ (?:max(?:imum)?|tops|at most|or (?:lower|below|less|under|milder)|and (?:under|below))\b"
)
_CEILING_BEFORE = re.compile(r"\b(?:above|higher than|up to|at most|max(?:imum)?(?: of)?|no more than|worse than) $")


def _at_most(scan: Scanner, match: re.Match) -> bool:
    """Whether a rating is said as a ceiling: "PG-13 max", "pg or lower", "nothing above PG", "up to PG-13"."""
    return bool(_CEILING_AFTER.match(scan.text[match.end() :]) or _CEILING_BEFORE.search(scan.text[: match.start()]))


_BRIDGE = frozenset({"anything", "something", "films", "movies", "too", "very", "so", "overly"})


def _find_runtime(scan: Scanner, out: Constraints) -> None:
    def negated(start: int) -> bool:  # only a negator right before it ("nothing over 2 hours")
        words = scan.before(start, 2)
        return bool(words) and (
            words[-1] in NEGATORS or (len(words) == 2 and words[0] in NEGATORS and words[1] in _BRIDGE)
        )

    limits = [limit for m in scan.find(runtime.APPROX) for limit in runtime.approx_limits(m)]
    limits += [runtime.explicit_limit(m, negated(m.start())) for m in scan.find(runtime.EXPLICIT)]
    limits += [runtime.vague_limit(m.group(), negated(m.start())) for m in scan.find(runtime.VAGUE_SHORT)]
    limits += [runtime.vague_limit(m.group(), negated(m.start())) for m in scan.find(runtime.VAGUE_LONG)]
    high, low = runtime.strictest(limits, "max"), runtime.strictest(limits, "min")
    if high and low and not low.explicit and high.explicit and low.minutes >= high.minutes:
        low = None  # "an epic under 2 hours": the number the user typed wins over a vague word
    if high and low and not high.explicit and low.explicit and high.minutes <= low.minutes:
        high = None
    if high:
        out.max_runtime, out.max_runtime_strict = high.minutes, high.strict
    if low:
        out.min_runtime, out.min_runtime_strict = low.minutes, low.strict
    labels = list(dict.fromkeys(runtime.say_limit(limit) for limit in (low, high) if limit))
    out.runtime_label = " and ".join(labels) or None


_WHOSE = frozenset({"their", "his", "her", "my", "our", "your"})
_PEOPLE_AFTER = r" (?:kids|children|teens|teenagers|viewers|audiences?|crowd|folks|people|relatives|siblings)\b"


def _find_years(scan: Scanner, out: Constraints) -> None:
    decades: list[tuple[int, int, str]] = []

    def set_range(lo: int | None, hi: int | None, label: str, start: int, vague: bool = False) -> None:
        if scan.negated(start):
            out.exclude_years.append((lo or 1870, hi or 2100))
        elif not (vague and (out.year_min or out.year_max)):  # "recent, from 2003": the year typed wins
            out.year_min, out.year_max, out.era = lo, hi, label

    for m in scan.find(
        r"(?:between|from) ((?:19|20)\d\d) (?:and|to|through|until) ((?:19|20)\d\d)|((?:19|20)\d\d) (?:to|through|until)? ?((?:19|20)\d\d)"
    ):
        lo, hi = sorted(int(y) for y in (m.group(1) or m.group(3), m.group(2) or m.group(4)))
        set_range(lo, hi, f"{lo}–{hi}", m.start())
    for m in scan.find(
        r"(?:(early|mid|late) )?(?:(19|20)(\d)0|(\d)0) ?s|(?:(early|mid|late) )?(?:the )?("
        + "|".join(DECADE_WORDS)
        + ")"
    ):
        part = m.group(1) or m.group(5)
        if m.group(6):
            base = DECADE_WORDS[m.group(6)]
        elif m.group(2):
            base = int(m.group(2) + m.group(3) + "0")
        else:
            digit = int(m.group(4))
            base = 2000 + digit * 10 if digit <= 1 else 1900 + digit * 10
        lo, hi = {"early": (0, 3), "mid": (3, 6), "late": (6, 9)}.get(part, (0, 9))
        label = (
            f"{part + ' ' if part else ''}{str(base)[2:]}s" if base < 2000 else f"{part + ' ' if part else ''}{base}s"
        )
        if scan.before(m.start(), 2)[-2:-1] == ["in"] and scan.before(m.start(), 1)[0] in _WHOSE:
            continue  # "my parents are in their 60s": an age, not an era
        if not scan.negated(m.start()) and (base + lo, base + hi, label) not in decades:  # "80s 80s" is one
            decades.append((base + lo, base + hi, label))
        set_range(base + lo, base + hi, label, m.start())
    if len(decades) > 1:  # "90s or 2000s": both decades
        out.year_min, out.year_max = min(d[0] for d in decades), max(d[1] for d in decades)
        out.era = " or ".join(d[2] for d in decades)
    for m in scan.find(
        r"(after|since|starting(?: from| in)?|post|newer than) (?:the )?(?:year )?((?:19|20)\d\d)|(?:from )?((?:19|20)\d\d) "
        r"(?:or later|and later|onwards?|or newer|and up|forwards?|and after|on(?= *(?:,|$)))"
    ):  # a bare "from 1994" is that year (below); "from 1994 on/onwards" is a range
        year = int(m.group(2) or m.group(3))
        lo = year + 1 if m.group(1) in ("after", "newer than", "post") else year
        set_range(lo, None, f"after {year}" if lo > year else f"{year} or later", m.start())
    for m in scan.find(
        r"(before|until|pre|older than|up to) (?:the )?(?:year )?((?:19|20)\d\d)|((?:19|20)\d\d) (?:or earlier|and earlier|or older)"
    ):
        year = int(m.group(2) or m.group(3))
        hi = year - 1 if m.group(1) in ("before", "pre", "older than") else year
        set_range(None, hi, f"before {hi + 1}", m.start())
    for m in scan.find(r"(?:in|from|released in|a|of) (?:the )?(?:year )?((?:19|20)\d\d)"):
        year = int(m.group(1))
        set_range(year, year, f"from {year}", m.start())
    # "this century", "the 20th century": the catalogue's films from 2000 on, or before it
    for m in scan.find(r"(?:this|the 21st|21st) century|(?:last|the 20th|20th) century"):
        lo, hi = (2000, None) if "21" in m.group() or "this" in m.group() else (None, 1999)
        set_range(lo, hi, "from this century (2000 on)" if lo else "from the 20th century", m.start())
    # "a comedy of 80 years", "from the 90 years", "years 70": decades as French, Spanish or Italian say them
    for m in scan.find(r"(?:(?:of|from|in) the |(?:of|from) )([2-9])0 years(?! old)|(?:the )?years ([2-9])0"):
        base = 1900 + 10 * int(m.group(1) or m.group(2))
        set_range(base, base + 9, f"{str(base)[2:]}s", m.start())
    # The catalogue records no colour or sound, but its black-and-white and silent films are its older ones.
    for pattern, last, label in _OLD_STYLES:
        for m in scan.find(pattern):
            set_range(None, last, label, m.start(), vague=True)
    # "recently" dates a film only with its release ("recently released", "came out lately"); "I recently
    # watched Fargo" says when it was seen
    for m in scan.find(
        r"recent|new (?:films?|movies?|releases?)|newer|modern|latest|"
        r"(?:recently|lately) (?:released|made|out)|(?:released|made|came out|out) (?:recently|lately)"
    ):
        set_range(2005, None, "recent (2005+)", m.start(), vague=True)
    for m in scan.find(r"old|older|oldies|vintage|golden age"):
        if scan.before(m.start(), 1) in (["year"], ["years"]) or re.match(_PEOPLE_AFTER, scan.text[m.end() :]):
            continue  # "my 8 year old", "for older kids": a viewer's age, not an era
        if scan.before(m.start(), 1) in (["re"], ["were"], ["im"], ["m"], ["am"], ["are"], ["getting"]):
            continue  # "nothing too long tho, we're old lol": the viewers are old, not the film
        set_range(None, 1979, "older (pre-1980)", m.start(), vague=True)


def _find_bare_year(scan: Scanner, out: Constraints) -> None:
    """A year said as a clause of its own dates the request ("a film from the year i was born, 1987", "1994"),
    after any film named with its year had its say ("heat, 1995" is that film)."""
    for m in re.finditer(r"(?:^ ?|, )((?:19|20)\d\d)(?= ,| ?$)", scan.text):
        start = m.start(1)
        if not (out.year_min or out.year_max) and scan._free(start, start + 4):
            scan.claimed.append((start, start + 4))
            out.year_min = out.year_max = int(m.group(1))
            out.era = f"from {m.group(1)}"


# (wording, last year, how the intro says it): a style that dates a film ("black-and-white", "b&w", "silent era").
_OLD_STYLES = [
    (r"black and white|b and w|b w|monochrome", 1959, "from the black-and-white era (before 1960)"),
    (r"silent (?:films?|movies?|era|pictures?)|silents", 1929, "from the silent era (before 1930)"),
]
OLD_STYLE_LABELS = frozenset(label for _, _, label in _OLD_STYLES)
_BASE_FORMS = {"funnier": "funny", "scarier": "scary"}


def _find_genres(scan: Scanner, out: Constraints) -> None:
    ruled: list[tuple[str, str]] = []  # moods ruled out ("nothing sad"), as (word, tag)
    for pattern, tag in OCCASIONS + SUBGENRES:  # "a good cry" -> drama, said in the intro
        for m in scan.find(pattern):
            if scan.negated(m.start()):
                out.exclude_genres.append(tag)
                ruled.append((m.group().strip(), tag))
            else:
                out.genres.append(tag)
                if m.group().strip() != tag.lower():  # "war → war" would say nothing
                    out.mood_notes.append((m.group().strip(), tag))
    for pattern, source, label in STORY_SOURCES:
        for m in scan.find(pattern):
            if not scan.negated(m.start()):
                out.story_sources.append(source)
                out.story_label = label
    hits = [(m.start(), m, tag) for pattern, tag in GENRE_PATTERNS + FRANCHISE_PATTERNS for m in scan.find(pattern)]
    asked: dict[str, str] = {}  # tag -> the first word that asked for it
    for _, m, tag in sorted(hits, key=lambda h: h[0]):  # keep the user's word order
        word = _BASE_FORMS.get(m.group().strip(), m.group().strip())
        if scan.negated(m.start()):
            out.exclude_genres.append(tag)
            ruled.append((word, tag))
            continue
        asked.setdefault(tag, word)
        out.genres.append(tag)
        (out.moods if word in MOOD_WORDS else out.genre_words).append(word)
    settle_franchises(out)
    occasions_as_moods(out)
    ruled_out_kinds(out, asked, ruled)  # first: "scary for halloween, not a slasher" keeps halloween's horror
    ruled_out_moods(out, ruled)
    settle_date_night(scan, out)  # "date night but she hates romcoms": no romance relaxed away


def _find_unsupported(scan: Scanner, out: Constraints, raw: str) -> None:
    """Words asking for what the catalogue doesn't record (country, TV series, plot topics), as typed."""
    hits = [(m.start(), m.group(), kind) for pattern, kind in UNSUPPORTED for m in scan.find(pattern)]
    for start, found, kind in sorted(hits):
        if re.fullmatch(ADULT_CONTENT, found.strip()) and scan.negated(start):
            _exclude_adult_ratings(out)  # "they hate swearing": the R rating is what records it
            continue
        said = found.strip()
        if kind == "about" and not set(scan.before(start, 1)) & (_FILMISH | {"nothing"}):  # "nothing about war"
            continue  # "how about a comedy", "what about tonight": no story's topic
        if kind == "about" and topic_genre(said, out, scan.negated(start)):  # "true story about war": a war film
            continue
        if re.fullmatch(SUPERHERO_STUDIOS, said) and scan.negated(start) and SUPERHERO_TAG not in out.genres:
            out.exclude_genres.append(SUPERHERO_TAG)  # "not another marvel film": none of its kind
            continue
        if re.fullmatch(VIOLENT_CONTENT, said) and (scan.negated(start) or _toned_down(scan, start) or "non" in said):
            gore = said in ("gory", "gore", "bloody", "blood")
            _exclude_adult_ratings(out, f"not rated R (my only guide to {'gore' if gore else 'violence'})")
            continue
        typed = re.search(r"(?<!\w)" + r"[\W_]*".join(map(re.escape, found.split())) + r"(?!\w)", raw, re.I)
        out.unsupported.append((typed.group() if typed else found, kind))


# Words for a film a topic follows ("a documentary about music", "something about chess").
_FILMISH = frozenset(
    """film films movie movies flick flicks documentary documentaries doc docs docu docus drama dramas comedy
comedies thriller thrillers story stories something anything one ones biopic biopics picture pictures western
westerns musical musicals horror horrors cartoon cartoons animation""".split()
)


def _exclude_adult_ratings(out: Constraints, label: str = "not rated R (no strong language or sex)") -> None:
    """Rule out R and NC-17 (and unrated films, which can't be promised clean) for "no swearing/nudity"."""
    out.mpaa_excluded += [r for r in ("R", "NC-17") if r not in out.mpaa_excluded]
    out.rating_label = out.rating_label or label


# "a bit less bloody", "not as violent", "non violent", "toned down gore": less of it, read like "no".
_TONED_DOWN = frozenset({"less", "lower", "milder", "non", "minimal", "minimum", "little", "low", "as"})


def _toned_down(scan: Scanner, start: int) -> bool:
    """True when the word before a content word asks for less of it."""
    return any(word in _TONED_DOWN for word in scan.before(start, 1))


def shouted(text: str) -> str:
    """The text in lower case when it is typed in capitals, else as typed."""
    letters = [ch for ch in text or "" if ch.isalpha()]
    # "I WANT A SCARY MOVIE": capitals say nothing of titles or names when every word has them
    capitals = sum(ch.isupper() for ch in letters)
    return (text or "").lower() if len(letters) >= 8 and capitals > 0.8 * len(letters) else text


def parse_constraints(text: str, catalogue: Catalogue) -> Constraints:
    """Understand genres, eras, people, ratings, runtime, quality, similarity and negations."""
    out = Constraints()
    text = shouted(text)
    scan = Scanner(fix_words_outside_titles(prepare(text), catalogue))
    find_like(scan, catalogue, out, raw=text or "", parse=parse_constraints)
    find_liked_first(scan, catalogue, out, raw=text or "", parse=parse_constraints)
    find_director_of(scan, catalogue, out)
    find_grown_ups(scan, out)  # before the titles: "not a kids one" rules out no film called Kids
    find_excluded_titles(scan, catalogue, out, parse_constraints)
    find_born(scan, out)  # "before i was born (1985)": 1984 and earlier, never 1985 itself
    find_than_film(scan, catalogue, out)  # before the eras: "older than Inception" is no pre-1980
    find_than_decade(scan, out)  # "nothing older than the 90s": from 1990 on, not the 90s
    find_last_years(scan, out)  # before the eras too: "the last 20 years" is no 20s
    find_lighter(scan, catalogue, out)  # before the genres: "less sad" is no drama
    find_darker(scan, catalogue, out)  # "like toy story but darker": read from the rating
    find_named_film(scan, catalogue, out)  # "fargo 1996"
    find_named_titles(scan, catalogue, out, text or "", people_index(catalogue))
    find_bare_comparative(scan, catalogue, out)  # "The Godfather but older": older than the liked film
    find_people(scan, people_index(catalogue), out, text or "")
    _find_ratings_runtime_quality(scan, out)
    _find_years(scan, out)
    find_unknown_film(scan, catalogue, out, text or "", people_index(catalogue), parse_constraints)  # "heat 1995"
    _find_bare_year(scan, out)
    _find_genres(scan, out)
    keep_cartoon(catalogue, out)  # "like Up but for adults": animated films
    settle_darker(out)  # "something darker", no film named: a thriller
    find_title_word_groups(scan, catalogue, out, parse_constraints)  # once audiences and genres took theirs
    _find_unsupported(scan, out, text or "")
    soften_for_likes(out, horror_asked=SCARY_TAG in out.genres)
    liked = [m for m in (catalogue.get(i) for i in out.like_ids) if m]
    spare_young_children(out, SCARY_TAG in out.genres, any(SCARY_TAG in catalogue.tags(m) for m in liked))
    keep_feel_good(out)
    for name in (
        "genres",
        "exclude_genres",
        "avoid_genres",
        "directors",
        "exclude_directors",
        "people",
        "exclude_people",
        "unknown_people",
        "unknown_likes",
        "unknown_films",
        "mpaa_excluded",
        "moods",
        "genre_words",
        "like_ids",
        "exclude_ids",
        "exclude_titles",
        "unsupported",
        "mood_notes",
        "story_sources",
    ):
        setattr(out, name, list(dict.fromkeys(getattr(out, name))))  # de-dupe, keep order
    return out
