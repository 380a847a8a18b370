"""Who will watch: children's ages and families become MPAA ratings the picks must have (a promise, never relaxed).

Ages follow the MPAA's own wording: under 13 gets G and PG (PG-13 "may be inappropriate for children under
13"), 13 to 16 adds PG-13 (R "requires an accompanying parent" under 17), 17 and up limits nothing.
"""

from __future__ import annotations

import re

from recs.rules.constraints import Constraints
from recs.rules.scan import Scanner

FAMILY_RATINGS = ["G", "PG"]
TEEN_RATINGS = ["G", "PG", "PG-13"]
_NUMBERS = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen".split()
    )
}
_AGE = r"(\d{1,2}|" + "|".join(_NUMBERS) + r")"
# "my 6 year old", "a 12 year old", "aged 9", "my son is 4", "the kids ( 7 and 10 )" (after prepare()).
AGE_PATTERNS = [
    rf"{_AGE} ?(?:years? olds?|yrs? olds?|yos?)\b",  # "my 7yo" typed as one word too; "12 year olds"
    rf"aged? {_AGE}\b",
    # "the kids are like 12", "my son is about nine": an age said roughly is an age all the same
    rf"(?:son|daughter|kid|kids|child|children|boy|girl|grandkids?|nephew|niece)s? (?:is|are) "
    rf"(?:like |about |around |roughly |nearly |almost |maybe )?{_AGE}(?: and {_AGE})?",
    rf"(?:kids|children|grandkids) , {_AGE} and {_AGE} ,",
    # "for child of 8 years", "a boy of 10": the age said after the child, as many learners of English say it
    rf"(?:son|daughter|kid|child|children|boy|girl|nephew|niece)s? of {_AGE}(?: years?(?: old)?)?\b",
    # "for my daughter, shes 5", "he's nine": the child's age said after them ("she's one of those" is no age)
    rf"(?:she|he)(?: s| is|s) (?!one\b){_AGE}\b(?! (?:of|minutes?|mins?|hours?|hrs?|stars?|times?|films?|movies?)\b)",
    # "im 14 can u recommend a scary movie", "i am only 12": the viewer's own age ("i m 2 hours in" is none)
    rf"(?:i m|im|i am|we re|we are)(?: only| just)? (?!one\b){_AGE}\b"
    r"(?! (?:of|minutes?|mins?|hours?|hrs?|stars?|times?|films?|movies?|percent|episodes?|days?|weeks?)\b)",
]
FAMILY = (
    r"family friendly|family (?:movie |film )?night|(?:the )?whole family|for the family|kid friendly|"
    r"kids friendly|all ages|for (?:the |my |young |little |younger )?(?:kids|children|family|toddlers)|"
    r"with (?:my |the )?(?:kids|children|grandkids|grandchildren|little ones)|grandkids|grandchildren|"
    r"(?:my|our) (?:kids|children|little ones)|younger kids|little ones|toddlers?|family (?:films?|movies?|flicks?)"
)

# Said of the film rather than of who watches ("a feel-good family movie"): the catalogue's family genre too.
FAMILY_GENRE = r"family (?:films?|movies?|flicks?)"

# A child named without an age ("my son loves dinosaurs", "for my daughter"): most such asks are for a child, so
# the picks stay within PG-13 (never R) and the intro says so; an age said anywhere decides instead.
CHILD = (
    r"(?:my|our|his|her) (?:little |young |youngest |eldest |oldest )?(?:sons?|daughters?|boys?|girls?|nephews?|"
    r"nieces?|grandsons?|granddaughters?|stepsons?|stepdaughters?)\b|\bteen(?:age|aged|ager|agers|s)?\b"
)
CHILD_LABEL = "fine for a young viewer (G, PG or PG-13; tell me their age for a closer fit)"

_FOR_KIDS = (
    r"(?:for|aimed at|made for|meant for) (?:the |young |little |small )?(?:kids|children|family|families|little ones)"
)
_KIDS_FILMS = (
    r"(?:a |an |any )?(?:family|kids?|childrens?|children s|kiddie|kiddy)(?: s)? "
    r"(?:films?|movies?|flicks?|stuff|ones?|fare|cartoons?)|kiddie|kiddy|(?:kids?|family|child) friendly"
)
# Grown-up viewing rules out the children's ratings ("like Shrek but for grown ups").
ADULTS = (
    r"for (?:the |a |an )?(?:grown ?ups?|adults?)|adults? only|"
    # "a grown up version of finding nemo": "version of" names the film (recs.rules.like), the rest is an audience
    r"(?:grown ?up|adult|r rated)(?= (?:version|take) of)|grown ?up (?:films?|movies?|version)|"
    r"not (?:for|aimed at) (?:the )?kids|no kids (?:films?|movies?|stuff)"
    # "a musical but not a kids one": no film called Kids, a film not made for children
    r"|not (?:a |any )?(?:kids?|childrens?)(?: s)? (?:one|ones|films?|movies?|stuff|flicks?|version)"
    r"|(?:adult|grown ?up|mature)(?= (?:animation|animated|cartoons?)\b)"  # "adult animation": not the kids' kind
    # "nothing for kids", "not a family film", "no kiddie stuff", "nothing childish": children's films ruled out
    rf"|(?:not|no|nothing)(?: too| so| really)? (?:{_FOR_KIDS}|{_KIDS_FILMS}|childish)"
)
ADULTS_LABEL = "for grown-ups (not G or PG)"
# "nothing animated or for kids", "neither a cartoon nor a family film": a children's film ruled out beside
# something else ruled out, by the same negator (only the children's words are claimed: the rest is a genre's)
_ALSO_NOT_KIDS = re.compile(
    rf"(?<![a-z])(?:no|not|nothing|without|neither)(?: [a-z]+){{1,4}} (?:or|nor|and)(?: not| no)? "
    rf"(?P<kids>{_FOR_KIDS}|{_KIDS_FILMS}|childish)(?![a-z])"
)


def find_grown_ups(scan: Scanner, out: Constraints) -> None:
    """Rule out the children's ratings for grown-up viewing; scanned before titles ("not a kids one")."""
    also = [m.span("kids") for m in _ALSO_NOT_KIDS.finditer(scan.text) if scan._free(*m.span("kids"))]
    scan.claimed += also
    if scan.find(ADULTS) or also:
        out.mpaa_excluded += [r for r in ("G", "PG") if r not in out.mpaa_excluded]
        out.rating_label = ADULTS_LABEL
        out.unwelcome.append("Family")  # a kids' film rated PG-13 (Small Soldiers) is still made for children


# A grown-up relative as company ("date night with my mum", "watching with my gran"): a crowd-pleaser for them.
COMPANY = (
    r"(?:with|and|for|me and) (?:my |our )?(?P<who>mum|mom|mam|mother|dad|father|parents|folks|gran|granny|grandma|"
    r"grandmother|nan|nana|nanna|grandad|granddad|grandpa|grandfather|grandparents|in laws|mother in law|"
    r"father in law|aunt|auntie|aunty|uncle)s?"
)
# An evening named for romance is no romance with a relative there: its words are claimed so no genre reads them.
_EVENING = r"date night|movie night|film night"


def find_company(scan: Scanner, out: Constraints) -> None:
    """A relative as company: well-loved films, none rated R (soft), and "date night" no longer romance."""
    found = scan.find(COMPANY)
    if not found:
        return
    scan.find(_EVENING)
    out.min_rating = out.min_rating or 7.5
    out.quality_label = out.quality_label or "crowd-pleasing"
    if not out.mpaa_allowed and not out.mpaa_excluded:  # a child's age, said too, decides instead
        out.mpaa_allowed = list(TEEN_RATINGS)
        out.rating_label = f"to watch with your {found[0]['who']} (G, PG or PG-13)"


def _age(word: str) -> int:
    return int(word) if word.isdigit() else _NUMBERS[word]


def find_audience(scan: Scanner, out: Constraints) -> None:
    """Set the ratings a named audience allows: the youngest age named decides."""
    find_grown_ups(scan, out)  # scanned first, so "not for kids" is not read as "for kids"
    if out.rating_label == ADULTS_LABEL:
        return
    ages = [_age(a) for pattern in AGE_PATTERNS for m in scan.find(pattern) for a in m.groups() if a]
    family_said = scan.find(FAMILY)
    family = bool(family_said)
    if any(re.fullmatch(FAMILY_GENRE, m.group().strip()) for m in family_said):
        out.genres.append("Family")  # "a family movie" names the genre as well as the audience
    youngest = min(ages, default=None)
    if youngest is not None and youngest >= 17:
        return
    if youngest is not None and youngest >= 13:
        out.mpaa_allowed, out.mpaa_hard = list(TEEN_RATINGS), True
        out.rating_label = f"fine for a {youngest}-year-old (G, PG or PG-13)"
    elif youngest is not None or family:
        out.mpaa_allowed, out.mpaa_hard, out.rating_label = list(FAMILY_RATINGS), True, "family-friendly"
    elif scan.find(CHILD):
        out.mpaa_allowed, out.mpaa_hard, out.rating_label = list(TEEN_RATINGS), True, CHILD_LABEL
