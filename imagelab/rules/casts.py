"""Colour casts in an edit instruction: a hue said as a fault of the photo, a hue that is only a thing's colour,
and the green-magenta correction.

A hue named as how the photo is ("everything looks green", "the skin came out orange", "there's a pinkish cast",
"the red cast from the lamp is too much") is a complaint: the edit goes the other way. A hue before a thing ("the
red car", "her yellow dress") is that thing's colour, not a cast asked for. Yellow, orange, red and blue casts
are the temperature axis; green and magenta are white balance's other axis, which no temperature step reaches:
a `tint` blend towards the opposite colour corrects them, at five strengths (the cast was not measured).
`keep_mid_grey` gives back what a look's tint blends do to mid-grey when its brightness is to stay ("don't make it
darker"). Pure: no Django.
"""

import functools
import math
import re

# Colour names, with their -ish, -y and -er forms: the words that can name a cast ("warm" and "golden" cannot).
HUE = re.compile(r"(?:yellow|orange|red|blu|green|magenta|pink|purpl|violet|cyan)[a-z]*")
# A cast named as a noun: "a green cast", "a pinkish tinge", "the red colour cast".
_CAST_NOUN = re.compile(r"[\s-]+(?:colou?r\s+)?(?:cast|tinge|tint|hue|shift|overtone|undertone)s?\b")
_ALWAYS_FAULT = re.compile(r"[\s-]+(?:colou?r\s+)?(?:cast|tinge|overtone|undertone)s?\b")
# Words before a cast noun that ask for it: "give it a golden tint", "with a pink tint", "add a subtle rose hue".
_ADDING = re.compile(
    r"\b(?:add|adding|give|giving|with|want|apply|put|some|more|bit of|touch of|hint of|like|prefer|try)\b"
    r"(?:\s+(?:it|a|an|some|the|nice|subtle|slight|soft|light|faint|gentle|little|bit|of))*\s*$"
)
# Words before it that say the cast is there: "there's a", "has a sickly", "the", "fix the", "get rid of this".
_PRESENT = re.compile(
    r"(?:\b(?:there'?s|there is|there are|has|have|had|got|gets|getting|is|are|was|were|the|this|that|fix|correct|"
    r"neutrali[sz]e|kill|lose)\b)(?:\s+[a-z]+){0,2}\s*$"
)
# The photo, or a surface whose colour a cast shows on, said to be a hue: "everything looks green", "its very
# yellow", "the skin came out orange", "the whites are pinkish". "The sky is blue" is a description, not a cast.
_SUBJECT = (
    r"(?:it|its|everything|everything'?s|all|this|that|photo|picture|image|shot|pic|photograph|thing|colou?rs|tones|"
    r"skin|faces?|whites|snow|walls?|light|lighting|white balance|result|edit|version|one)"
)
_HEDGES = (
    r"(?:\s+(?:a bit|a little|kinda|kind of|sort of|really|very|quite|rather|slightly|so|all|way|too|super|pretty|"
    r"weirdly|strangely|totally|completely|way too|much too|a lot|somewhat|definitely|still|now))*"
)
_STATED = re.compile(
    rf"\b{_SUBJECT}\s*(?:'s|\s(?:looks?|looked|looking|seems?|seemed|is|are|was|were|feels?|came out|comes? out|"
    rf"turned out|turns out|went|has gone|have gone|gone|got|appears?)){_HEDGES}\s*$|^\s*its{_HEDGES}\s*$|"
    # "its" run on mid-clause with a hedge after it ("fix the white balance its all yellow"): no possessive is hedged
    rf"\bits{_HEDGES[:-1]}+\s*$|"
    # asked the other way round: "why is it so pink", "why does everything look green"
    rf"\b(?:is|are|was|were|does|do|did)\s+(?:the\s+|my\s+)?{_SUBJECT}(?:\s+(?:look|seem|appear|come out|turn out))?"
    rf"{_HEDGES}\s*$"
)
# A hue right after a fixing verb is the cast to fix: "fix the yellow from the bulbs", "correct the green".
_FIXING = re.compile(
    r"\b(?:fix|correct|neutrali[sz]e|balance out|sort out|deal with|counter(?:act)?|compensate for)"
    r"(?:\s+(?:the|this|that|all the|some of the|that ugly|the ugly|the weird|that weird))?\s*$"
)
# A hue said with praise is the look described, not a cast: "it's so pink and dreamy, love it".
_PRAISE = re.compile(r"\b(?:love|loving|loved|gorgeous|beautiful|lovely|perfect|amazing|stunning)\b")
_MADE = re.compile(r"\b(?:make|makes|making|made|want|let|get|have|turn|turns)\b(?:\s+\S+){0,3}\s*$")
# A hue between a determiner and a thing: "the red car", "her yellow dress", "a blue sky". A look noun after it
# ("a golden glow", "blue tones", "a pink tint") keeps it a colour asked for.
_LOOK_NOUNS = (
    r"(?:cast|tinge|tint|hue|shift|overtone|undertone|tones?|colou?rs?|hues|light|lighting|glow|look|vibe|feel|"
    r"feeling|filter|grade|grading|hour|wash|haze|mood|effect|style|palette|shadows|highlights|and|or|but|please|"
    r"pls|plz|instead|ish|one|ones|to|into|than|then|too|enough|as|with|in|for|on|now|again|it|yet|at|of|from|by|"
    # a verb or a degree word: "the blue is too strong", "the red looks off", "the green a bit more"
    r"is|are|was|were|be|been|looks?|seems?|feels?|gets?|got|has|have|had|needs?|should|could|can|will|would|"
    r"more|less|much|bit|little|so|very|really|just|a|an|the|channel|channels|levels?|parts?|areas?|bits)"
)
_DETERMINER = re.compile(
    r"\b(?:the|his|her|their|my|your|our|a|an|that|this|those|these|its)(?:\s+(?:big|small|little|old|bright|dark|"
    r"light|pale|deep|shiny|faded|vintage|new))?\s+$"
)
_THING_AFTER = re.compile(rf"\s+(?!{_LOOK_NOUNS}\b)[a-z]{{2,}}\b")

# The green-magenta correction: a mid-grey colour blended at five strengths (the tint op's opacity), so the
# picture's overall brightness stays; (colour if the look ends warm, if cool, strength, words, words).
_MAGENTA, _GREEN = "#E040E0", "#40B040"
STRENGTHS = (0.06, 0.08, 0.10, 0.07, 0.12)


@functools.lru_cache(maxsize=16)
def _praised(text: str) -> bool:
    """Whether the message praises the look anywhere: read once a message, not once a hue."""
    return _PRAISE.search(text) is not None


def is_colour(word: str) -> bool:
    """Whether a tone term names a colour (a hue, or one no cast is called by: "turquoise", "golden")."""
    return is_hue(word) or re.fullmatch(r"turquoise|aqua|teal|golden|gold|amber|orange", word) is not None


def is_hue(word: str) -> bool:
    """Whether a tone term is a colour name (which can name a cast)."""
    return HUE.fullmatch(word) is not None


def complaint(text: str, start: int, end: int, clause_head: str) -> bool:
    """Whether the hue at text[start:end] is said as a fault of the photo (a cast to take away).

    `clause_head` is the clause text right before the hue (its own words, fillers kept)."""
    head = clause_head.rstrip()
    noun = _CAST_NOUN.match(text, end)
    if noun and not _ADDING.search(head):
        return _ALWAYS_FAULT.match(text, end) is not None or _PRESENT.search(head) is not None
    if _FIXING.search(head):
        return True
    stated = _STATED.search(head)
    return stated is not None and not _MADE.search(head[: stated.start()]) and not _praised(text)


# A thing other than the photo said to be a colour is its colour described ("the sky is blue", "her dress is red"),
# no cast and no colour asked for: the faces, skin, whites and the photo itself are `_SUBJECT`s, where a cast shows.
_DESCRIBED = re.compile(
    rf"\b(?:the|his|her|their|my|your|our)\s+(?!{_SUBJECT}\b)[a-z]+\s+(?:is|are|was|were|looks?|seems?){_HEDGES}\s*$"
)


def describes_a_thing(clause_head: str) -> bool:
    """Whether the hue after `clause_head` is said of a thing in the picture, other than the photo ("the sky is")."""
    m = _DESCRIBED.search(clause_head.rstrip())  # ("the sky is too blue" is a complaint still)
    return m is not None and re.search(r"\btoo\b", m.group(0)) is None


# ... or said with no verb, its "is" left to a clause before it: "the sky is blue and the grass green", "the sea
# turquoise, the sand white". A comparative ("the grass greener") is asked for; one of the `_SUBJECT`s said so ("the
# whites yellow, the skin orange") is a cast complained of, as with its verb.
_VERB = (
    r"(?:is|are|was|were|be|been|looks?|looked|seems?|seemed|feels?|gets?|got|goes|went|turns?|turned|came|comes|"
    r"has|have|had|appears?|should|must|could|would|can|will|needs?|make|makes|made|stays?|remains?)"
)
_BARE_THING = re.compile(
    rf"^\W*(?:(?:and|&|while|whereas|with)\s+)?(?:the|his|her|their|my|your|our)\s+((?:(?!{_VERB}\b)[a-z]+\s+)?"
    rf"(?!{_VERB}\b)[a-z]+?)(?:'s)?\s+$"
)
_CLAUSE_CLOSE = re.compile(r"\s*(?:$|[,.;:!?)]|\b(?:and|but|while|whereas|so|though|tho)\b)")


# A thing said to be its colour right before ("her dress is red and the wall yellow"): the gapped clause after it
# describes too, where a wall or snow has its own colour (skin, faces and whites said so are still a cast).
_DESCRIBED_BEFORE = re.compile(
    rf"\b(?:the|his|her|their|my|your|our)\s+(?!{_SUBJECT}\b)[a-z]+\s+(?:is|are|was|were|looks?|seems?)\s+"
    r"[a-z]+\s*(?:,\s*(?:and)?|and|&)\s*$"
)
_OWN_COLOUR = re.compile(r"walls?|snow|light|lighting")


def said_bare(text: str, start: int, end: int, clause_head: str, word: str) -> str | None:
    """ "fault" for a hue said of the photo's surface with no verb ("the whites yellow"), "thing" for one said of a
    thing in it ("... and the grass green"), None when the hue is not said so (a comparative, a clause going on)."""
    m = _BARE_THING.search(clause_head)
    if m is None or word.endswith("er") or not _CLAUSE_CLOSE.match(text, end):
        return None
    thing = m.group(1).split()[-1]
    if not re.fullmatch(_SUBJECT, thing):
        return "thing"
    head = start - len(clause_head)  # where the clause starts: what was said right before it
    gapped = _OWN_COLOUR.fullmatch(thing) and _DESCRIBED_BEFORE.search(text[max(0, head - 120) : head])
    return "thing" if gapped else "fault"


def names_a_thing(text: str, end: int, clause_head: str) -> bool:
    """Whether the hue ending at `end` is a thing's own colour ("the red car"), not a colour asked for."""
    return _DETERMINER.search(clause_head) is not None and _THING_AFTER.match(text, end) is not None


def lean(color: str) -> float:
    """How far a #RRGGBB colour pulls green (> 0) or magenta (< 0): green less the mean of red and blue."""
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return g - (r + b) / 2


def correct(finish: dict, direction: int, i: int) -> None:
    """Put the asked green-magenta shift into a look's finish (`direction` +1 towards magenta, -1 towards green) at
    slot `i`'s strength; a tint or lift of the slot's own that pulls the other way goes."""
    for key in ("tint", "lift"):
        if key in finish and any(lean(c) * direction > 20 for c in finish[key][:2]):
            finish.pop(key)
    color, words = (
        (_MAGENTA, "a magenta shift against a green cast")
        if direction > 0
        else (
            _GREEN,
            "a green shift against a magenta cast",
        )
    )
    finish["cast"] = (color, color, STRENGTHS[i % len(STRENGTHS)], words, words)


def keep_mid_grey(finish: dict, warm_side: bool) -> None:
    """A levels gamma (`keep_gamma`) that puts mid-grey back where the look's tint blends, in step order (tint, lift,
    cast), and its own black and white points would move it: "don't make it darker" keeps the picture's middle."""
    mid = 127.5
    for key in ("shade", "cast", "lift", "tint"):  # backwards through the blends: the grey each must start from
        if key in finish:
            color, s = finish[key][0 if warm_side else 1], finish[key][2]
            r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
            mid = (mid - s * (0.299 * r + 0.587 * g + 0.114 * b)) / (1.0 - s)
    mid = min(max(mid, 1.0), 254.0)
    black, white = (0, 255) if "mid_gamma" in finish else finish.get("clip", (0, 255))
    if (black, white) != (0, 255):  # a raised black point darkens the whole picture ("moody but not too dark": Deep
        # Contrast's 14 took a grey ramp's mean to 120.5): the gamma that keeps the ramp's mean at `mid`, as
        # (white - black) / (1 + 1 / gamma) + (255 - white) = mid solves it
        inverse = (white - black) / max(mid - 255.0 + white, 1.0) - 1.0
        finish["keep_gamma"] = round(1.0 / max(inverse, 0.1), 3)
    elif abs(mid - 127.5) > 0.5:
        finish["keep_gamma"] = round(math.log(0.5) / math.log(mid / 255.0), 3)
