"""Reading an edit instruction: signed tone axes (negations read first), looks, geometry, non-local asks.

Tone is read as four signed axes plus sharpness: temp (+ warm), sat, contrast, bright, sharp. A term
gives its own direction ("darker" -1 on bright); a negation before it ("less", "reduce", "tone down",
"not so", "too", "de-") or "down" after it ("the brightness down") flips it; "don't make it…",
"not too…", "without…", "keep the…" hold the axis (no change along it). A fault stated ("it came out
dark", "kinda dull", "the colours look faded") or to be fixed ("fix the blur") asks for its opposite, as
does a flat-colour fault the rest of the message asks the opposite of ("faded, make it pop"). What no local op
can do (generative edits; upscale) is read by `generative` and listed to be said plainly; a turn, a
straightening or a mirror by `turns`; looks and geometry asked by name are `styles`' patterns. Pure: no Django.
"""

import functools
import re

from imagelab.rules import casts, gentle, phrasing, toning
from imagelab.rules import tone_words as tw
from imagelab.rules.clauses import CLAUSE_END as _CLAUSE_END
from imagelab.rules.clauses import WINDOW
from imagelab.rules.clauses import before as _before
from imagelab.rules.clauses import clause as _clause
from imagelab.rules.clauses import prefix as _prefix
from imagelab.rules.generative import CANNOT, without_generative
from imagelab.rules.phrasing import HEDGED_STATE, IMPLIED, NAMED, WHY, corrected, percent_degree, translate
from imagelab.rules.scope import aimed_at
from imagelab.rules.styles import GEOMETRY, STYLE_NOT, STYLES
from imagelab.rules.tone_words import GENTLE, STRONG
from imagelab.rules.turns import STRAIGHTEN, mirroring, orientation, rotation
from imagelab.rules.wishes import forgive_typos, read_wishes, tilt_angles

# magenta: white balance's other axis (+ towards magenta, - towards green), which no temperature step reaches
AXES = ("temp", "sat", "contrast", "bright", "sharp", "magenta")

# (pattern, {axis: direction}) — a term's own meaning, before any negation around it.
_TERMS = [
    (r"warm(?:er|th|ing|ed|ness)?|golden|sunn?y|sunset|yellow(?:er|ish)?|orange|red(?:der|dish)?", {"temp": 1}),
    # seasons and moods that name a colour temperature: "make it feel like autumn", "cosy", "wintry"
    (r"autumn(?:al|y)?|cos(?:y|ier)|coz(?:y|ier)", {"temp": 1}),
    (
        r"cool(?:er|ing|ness)?|cold(?:er)?|blu(?:e|er|ish|ey)|cyan(?:ish)?|turquoise|aqua|icy|wint(?:er|ry|ery)",
        {"temp": -1},
    ),
    (r"magenta(?:ish|y)?|pink(?:er|ish|y)?|purpl(?:e|er|ish|ey)|violet", {"magenta": 1}),
    (r"green(?:er|ish|y)?", {"magenta": -1}),
    # garish and neon colour is too much of it: "the greens look too neon", "it's garish" (stated: turned round)
    (r"saturat(?:ed|ion|e)?|vivid|vibran(?:t|ce|cy)|colou?rful|rich(?:er)?|neon|garish|gaudy", {"sat": 1}),
    # only with "more", "less", "too much"…: "fix the colours" says no direction; "the reds are too much" is colour
    (r"colou?rs?|reds|greens|blues|yellows|oranges|purples|pinks", {"sat": 1}),
    (r"muted|pastel|pal(?:e|er)|gr[ae]y(?:ish|er)?", {"sat": -1}),  # "it's too grey" asks colour back
    # faded colours are both paler and flatter: "the colours look faded" asks for both back
    (r"wash(?:ed|es|ing)?[- ]out|fad(?:ed|ing)", {"sat": -1, "contrast": -1}),  # "don't wash out the colours"
    (r"punch(?:y|ier)?|pop(?:py|s)?|bold(?:er)?|dramatic|drama|livel(?:y|ier)|alive", {"contrast": 1, "sat": 1}),
    # a dull photo is flat and grey: "it came out so dull", "less muddy"
    (r"dull(?:er)?|drab|lifeless|lacklust(?:er|re)|bland|muddy|meh|boring|blah", {"contrast": -1, "sat": -1}),
    # murky and dingy are dark and flat: "the whites look a bit dingy" asks them lighter and clearer
    (r"murky|dingy|grubby", {"contrast": -1, "bright": -1}),
    (r"contrast(?:y)?|harsh(?:er)?", {"contrast": 1}),  # harsh light is too much contrast: "less harsh"
    # haze is low contrast, so "dehaze", "less hazy" and "cut the haze" read as more contrast
    (r"soft(?:er|en)?|flat(?:ter)?|dreamy|ethereal|haz(?:e|y|ier|iness)", {"contrast": -1}),
    # the Orton glow: a soft, bright, saturated bloom (a slight blur stands in for the blurred overlay)
    (r"orton", {"sharp": -1, "bright": 1, "sat": 1}),
    (
        r"bright(?:er|en|ness)?|light(?:er|en)|airy|high[- ]key|expos(?:ure|ed)|lift(?:ed)?|open(?:ed|ing)? up|whit(?:er|en)",
        {"bright": 1},
    ),
    (r"dark(?:er|en|ness)?|low[- ]key|dim(?:mer)?", {"bright": -1}),
    (r"sharp(?:en(?:ing|ed|s)?|er|ness)?|crisp(?:er)?|detail(?:s|ed)?|clarity|(?:un|de)-?blur(?:red)?", {"sharp": 1}),
    # blur as such ("blur it a little"); as a fault ("it's blurry", "fix the blur") it is turned round (tw.DEFECT)
    (r"blurr?(?:y|ed|iness)?", {"sharp": -1}),
    *NAMED,
]
_TERM = re.compile(r"\b(de-?|over-?|under-?)?(" + "|".join(f"(?:{p})" for p, _ in _TERMS) + r")\b")
# Words ending the text just before a term that reverse it, or hold its axis.
_REVERSE = re.compile(
    r"\b(?:less|lower|lowered|reduce[sd]?|reducing|decrease[sd]?|minus|tone(?:d)? down|tone it down|"
    r"dial (?:back|down)|dial it (?:back|down)|turn down|turn it down|bring down|cut(?: through)?|clear (?:up|away)|remove|kill|"
    r"get rid(?: of)?|fewer|not (?:quite |nearly )?(?:so|as|that)|too|too much|overly|over|undo|(?:take|get|pull|suck) (?:out|away)|lose|drop|"
    r"ease (?:off|up)(?: on)?|back off(?: on)?|pull back(?: on)?|half as|"
    # a complaint about the tone, or its making stopped: "i hate the yellow", "stop making it so dark"
    r"(?:hate|dislike|(?:don'?t|do not) like|can'?t stand|not a fan of)(?: how| the way)?|"  # "i dont like how dark it is"
    r"stop (?:making|letting|going)(?: it| them)?(?: so| this| that)?)$"
)
# "don't touch the saturation", "leave the colours (alone)" hold an axis as surely as "keep the colours".
_HOLD = re.compile(
    r"\b(?:not too|(?:don'?t|do not|without|never|avoid)(?: making| make| let| letting| go| going| touch(?:ing)?|"
    r" chang(?:e|ing)| alter(?:ing)?| adjust(?:ing)?| mess(?:ing)? with| play(?:ing)? with)?(?: it| them| the \w+)?"
    r"(?: look| looking| seem| feel| get| go| end up)?(?: too| any| so| much| even)?|no|keep|keeping|leave|leaving|not|"
    r"no more|no further|neither|nor|stay|stays|staying|remain|remains)$"  # "the shadows should stay cool"
)
# A term said to be how the photo is now ("the faces look orange"), then turned down later in the message
# ("can you tone that down"): the term is the complaint, so it is reversed. "make it look warmer" is no state.
_STATE_HEAD = re.compile(
    r"\b(?:looks?|looking|seems?|seeming|is|are|'s|its|feels?|feeling|came out|comes? out|turned out|went|gone|got|has|have)"
    r"(?: (?:a bit|kinda|kind of|really|very|quite|rather|fairly|pretty|slightly|so|all|way too|too))*$"
)
# "keep it punchy" asks for the quality (+1), where "keep the contrast" holds the axis
# ... as does "keep some warmth": some of it is asked for, not the amount there is now
_KEEP_IT = re.compile(
    r"\bkeep(?:ing)?\s+(?:it|them|things|everything|the (?:photo|picture|image|shot))\s+"
    r"(?:(?:nice(?: and)?|a bit|quite|fairly|really|very|pretty|still)\s+)*$|"
    r"\bkeep(?:ing)?\s+(?:some|a (?:bit|little|touch|hint) of|a little)\s+(?:of\s+)?(?:the\s+)?$"
)
# ... read on the clause as written ("it's a bit dark", whose "it's a bit" are fillers), unless asked made so
_STATED = re.compile(r"^(?!.*\b(?:make|makes|making|made|want|let|get|have|turn)\b).*" + _STATE_HEAD.pattern)
_PRAISED = re.compile(r"\blov(?:e|ing) (?:it|that|this|how)\b|\blooks? (?:great|amazing|perfect|lovely)\b|\bperfect\b")


@functools.lru_cache(maxsize=16)
def _praised(text: str) -> bool:
    """Whether the message praises the photo anywhere ("love it"): read once a message, not once a term."""
    return _PRAISED.search(text) is not None


_MADE_TO = re.compile(r"\b(?:make|makes|making|made|want|let|get|have)\b(?:\s+\w+){0,3}\s+(?:to\s+)?look$")
_TURN_DOWN_LATER = re.compile(
    r"\b(?:tone|dial|turn|bring|calm|take)\s+(?:that|it|this|them|those)\s+(?:down|back|out)\b|"
    r"\b(?:fix|correct|reduce|neutrali[sz]e)\s+(?:that|this|it)\b|\bless of (?:that|it)\b|"
    # the colour itself put right: "it looks kinda blue, fix the white balance"
    r"\b(?:fix|correct|neutrali[sz]e|balance)\s+(?:the\s+)?(?:white balance|wb|colou?r balance|colou?r cast|cast|tint)\b|"
    # the colour asked back to normal: "everything came out yellow, make it look more natural"
    r"\b(?:more\s+)?(?:natural|neutral|normal|realistic|true to life|accurate)\b"
)
# ... or a bare "fix" closing the message: "the picture is very yellow, please fix"
_FIX_CLOSING = re.compile(r"\b(?:fix|correct)(?:\s+(?:pls|plz|please))?\W*$")


def _turned_down_later(text: str, end: int) -> re.Match | None:
    """The words after a term, within WINDOW characters of it, that turn the tone named down or put it right
    ("the faces look orange, can you tone that down"); a bare "fix" only as the message's close, when that is near.

    Why bounded: read to the message's end for every term, a long message cost the square of its length."""
    stop = len(text) if len(text) <= end + WINDOW else max(text.rfind(" ", end, end + WINDOW), end)  # at a word's end
    later = _TURN_DOWN_LATER.search(text, end, stop)
    if later is None and stop == len(text):
        later = _FIX_CLOSING.search(text, end)
    return later


# A fault joined by "and" to a tone just said to be how the photo is shares that state: "everything looks kind of
# yellow and dim" complains of both ("dim" read alone after "and" asked it darker)
_STATED_BEFORE_AND = re.compile(
    r"^(?!.*\b(?:make|makes|making|made|want|let|get|have|turn)\b).*"
    + _STATE_HEAD.pattern[:-1]
    + r"\s+[a-z]+\s+(?:and|&)\s+(?:(?:a bit|a little|a tad|kinda|slightly|quite|very|really|so|too|way too)\s+)*$"
)
_DOWN_AFTER = re.compile(  # ("less" before another tone word is that word's: "more warmth less contrast")
    rf"\s+down\b|\s+(?:lower|less)\b(?!\s+(?:the\s+)?{_TERM.pattern})|\s+(?:is |are |r |looks? |seems? |feels? )?"
    r"(?:way |much |a bit |slightly )?too (?:high|strong|much|intense|heavy|harsh|hot|bright|loud)\b"
)


def _term_axes(word: str) -> dict:
    """The axes a matched term moves on its own."""
    for pattern, axes in _TERMS:
        if re.fullmatch(pattern, word):
            return axes
    return {}


def _modifier(text: str, m: re.Match) -> int | None:
    """+1 (as said), -1 (negated), 0 (hold the axis) or None (no direction) for the term matched by `m`."""
    prefix = (m.group(1) or "").rstrip("-")
    if prefix in ("over", "under") and tw.LIMIT.search(_before(text, m.start())):
        return None  # "more colour but not oversaturated" bounds the ask; it asks for no less colour
    if prefix in ("de", "over"):
        return -1
    if prefix == "under":
        return 1
    head = _before(text, m.start())
    if tw.PLACE.match(text, m.end()) and re.search(
        r"(?:\b(?:the|those|these|in|on)\s+|^\W*)$", _clause(text, m.start())
    ):
        return None  # a part of the photo named by its tone ("the speckles in the dark areas"), no tone asked
    if tw.ENOUGH_AFTER.match(text, m.end()):  # "not bright enough" asks for more; "warm enough" for no change
        return 1 if re.search(r"(?:\bnot|n't)$", head) else 0
    if _KEEP_IT.search(_prefix(text, m.start())) and not tw.NEEDS_MODIFIER.fullmatch(m.group(2)):
        return 1
    if _HOLD.search(head):
        return 0
    raw = _clause(text, m.start()).rstrip()  # the clause as written, fillers kept
    if WHY.search(head) or (HEDGED_STATE.search(raw) and not _praised(text)):  # "why so dark?", "a bit warm"
        return -1
    if tw.DEFECT.fullmatch(m.group(2)) and (
        tw.FIX_HEAD.search(head)
        or (_STATE_HEAD.search(head) and not _MADE_TO.search(head))
        or (_STATED.search(raw) and not _praised(text))  # "it's a bit dark"
        or (tw.FAULT_ALONE.fullmatch(m.group(2)) and tw.HEDGES_ONLY.match(head))
        or _STATED_BEFORE_AND.search(_clause(text, m.start(), r"[,.;:!?]"))  # "looks yellow and dim"
    ):
        return -1
    if _STATE_HEAD.search(head) and not _MADE_TO.search(head) and _turned_down_later(text, m.end()):
        return -1
    if _REVERSE.search(head) or _DOWN_AFTER.match(text, m.end()):
        return -1
    if tw.NEEDS_MODIFIER.fullmatch(m.group(2)) and not (
        tw.INTENSIFY.search(head) or tw.STRONGER_AFTER.match(text, m.end())
    ):
        return None
    return 1


def _hue_sign(text: str, m: re.Match) -> str | None:
    """ "fault" for a colour name said as a cast of the photo ("it looks green"), None for a thing's own colour
    ("the red car"), "" when neither (the term is read as any other)."""
    if m.group(1) or _HOLD.search(_before(text, m.start())):
        return ""
    clause = _clause(text, m.start())
    if not casts.is_hue(m.group(2)):  # a colour no cast is named by, a thing's: "the sea turquoise", "her golden hair"
        described = casts.said_bare(text, m.start(), m.end(), clause, m.group(2)) or casts.describes_a_thing(clause)
        return None if casts.is_colour(m.group(2)) and (described or casts.names_a_thing(text, m.end(), clause)) else ""
    if casts.complaint(text, m.start(), m.end(), clause) or _STATED_BEFORE_AND.search(
        _clause(text, m.start(), r"[,.;:!?]")
    ):  # "it's underexposed and a bit blue"
        return "fault"
    bare = casts.said_bare(text, m.start(), m.end(), clause, m.group(2))  # "the sky is blue and the grass green"
    if bare is not None:
        return "fault" if bare == "fault" else None
    return None if casts.names_a_thing(text, m.end(), clause) or casts.describes_a_thing(clause) else ""


def _complained(text: str, start: int) -> bool:
    """Whether the tone word at `start` is a fault to undo ("the colours look faded"), not a look to give."""
    return any(m.start(2) == start and sign == -1 for m, sign, _axes in _read_terms(text))


def _style(pattern: str, text: str) -> bool:
    """Whether a look is asked for: named at least once without a negation right before it, nor as a fault."""
    return any(
        not STYLE_NOT.search(_before(text, m.start())) and not _complained(text, m.start())
        for m in re.finditer(pattern, text)
    )


# A flat-colour fault said plainly while the rest of the message asks its opposite is the complaint, not a look
# ("faded, make it pop", "dull - more contrast please"); with nothing against it, it is the look ("faded and grainy").
_FLAT_FAULT = re.compile(
    r"flat(?:ter)?|dull(?:er)?|drab|lifeless|lacklust(?:er|re)|bland|muddy|meh|boring|blah|washed[- ]out|fad(?:ed|ing)|muted|pal(?:e|er)|"
    r"gr[ae]y(?:ish)?"  # "flat and grey, needs more punch"
)


def _read_terms(text: str) -> list[tuple[re.Match, int | str, dict]]:
    """Each tone term with its sign (+1, -1, 0 held, "fault" for a cast complained of) and the axes it moves."""
    read, plain = [], []
    for m in _TERM.finditer(text):
        sign = _hue_sign(text, m)
        sign = _modifier(text, m) if sign == "" else sign
        if sign is None:
            continue
        axes = _term_axes(m.group(2))
        if sign == 0 and tw.NEEDS_MODIFIER.fullmatch(m.group(2)):  # "don't touch the colours": no cast either
            axes = {**axes, "temp": 1}
        (plain if sign == 1 and not m.group(1) and _FLAT_FAULT.fullmatch(m.group(2)) else read).append((m, sign, axes))
    rest = {a: sum(s * axes.get(a, 0) for _m, s, axes in read if isinstance(s, int)) for a in AXES}
    for m, _sign, axes in plain:  # ... or is asked fixed after it: "it's faded, fix it"
        later = _turned_down_later(text, m.end())
        # "... and keep the faces looking natural" keeps something as it is; it puts nothing right
        later = later and not re.search(r"\bkeep(?:ing)?\b[^,.;]*$", _prefix(text, later.start()))
        opposed = any(rest[a] * d < 0 for a, d in axes.items()) or later
        read.append((m, -1 if opposed else 1, axes))
    return read


def tone_axes(text: str) -> tuple[dict, set]:
    """({axis: -1/0/+1}, axes to hold) read from lower-cased text."""
    axes, hold, _limited = _tones(text)
    return axes, hold


def _tones(text: str) -> tuple[dict, set, set]:
    """`tone_axes`, and the axes a limit is said on while the rest moves them: "warm golden light but not orange",
    "cool it down, don't make it blue" (the move asked, kept short of the tone refused)."""
    sums = dict.fromkeys(AXES, 0)
    hold: set = set()
    faults: dict = {}  # a cast complained of sets its axis, whatever else the message says along it
    read = corrected(_read_terms(text), text)
    held = {axis for _m, sign, axes in read if sign == 0 for axis in axes}
    plain = held | {axis for m, sign, axes in read if sign != 0 and not IMPLIED.fullmatch(m.group(2)) for axis in axes}
    for m, sign, axes in read:
        if sign == "fault":
            faults.update({axis: -direction for axis, direction in axes.items()})
            continue
        for axis, direction in axes.items():
            if sign == 0:
                hold.add(axis)
            elif axis in plain and IMPLIED.fullmatch(m.group(2)):
                continue  # a mood only implies this axis, said held or plainly: "moodier, but not too dark"
            sums[axis] += sign * direction
    # a cast put right while the rest keeps some of its way: "cut the yellow tint but keep it warm-ish"
    kept = {a for a, d in faults.items() if sums[a] * d < 0}
    sums.update(faults)
    moved = {a for a, v in sums.items() if v}
    limited = {a for m, sign, axes in read if sign == 0 and not tw.NEEDS_MODIFIER.fullmatch(m.group(2)) for a in axes}
    limited |= kept
    return {a: (v > 0) - (v < 0) for a, v in sums.items()}, hold - moved, limited & moved


def tone_degrees(text: str) -> dict:
    """{axis: how far} for tones asked a little (GENTLE) or a lot (STRONG); axes said plainly are left out."""
    out: dict = {}
    plain = {a for m in _TERM.finditer(text) if not IMPLIED.fullmatch(m.group(2)) for a in _term_axes(m.group(2))}
    end, carried = -1, None  # where the last term ended, and the degree said before it
    for m in _TERM.finditer(text):
        clause = _clause(text, m.start())
        before = tw.DEGREE_BEFORE.search(clause)
        said = before or tw.DEGREE_AFTER.match(text, m.end())
        if said is None and carried is not None and tw.JOINED.fullmatch(text, end, m.start()):
            said = before = carried  # one degree for the terms listed after it: "way more contrast and saturation"
        end, carried = m.end(), before
        if m.group(1) and m.group(1).startswith("over") and tw.LIMIT.search(_before(text, m.start())):
            out.update(dict.fromkeys(_term_axes(m.group(2)), GENTLE))  # "more vibrant but not oversaturated"
            continue
        whole = clause + re.split(_CLAUSE_END, text[m.start() : m.start() + WINDOW])[0]  # the term's clause, both sides
        if (share := percent_degree(whole, _term_axes(m.group(2)))) is not None:  # "20% brighter"
            out.update(dict.fromkeys(_term_axes(m.group(2)), share))
        elif said:
            out.update(dict.fromkeys(_term_axes(m.group(2)), STRONG if said.group(2) else GENTLE))
        elif tw.NOT_TOO.search(clause):  # a limit on an axis something else moves: "moody but not too dark"
            out.update(dict.fromkeys(_term_axes(m.group(2)), GENTLE))
        else:  # a named look's own reach on its axes no plain word names: "moody" is only a little less colourful
            out.update(
                {a: d for a, d in phrasing.implied_degrees(m.group(2)).items() if a not in plain and a not in out}
            )
    return out


def read_intent(instruction: str) -> dict:
    """Signed tone axes, looks, finishes, geometry, rotation and the non-local requests of an instruction."""
    text = forgive_typos(translate(instruction.lower().replace("’", "'")), keep=_TERM)
    text, toned = toning.read(text)  # "make the shadows bluer", "add some blue to the shadows": the shadows' colour
    local, generative, asks = without_generative(text)
    local, orient, way = orientation(local)  # "rotate it to landscape": a quarter turn, settled on the photo's shape
    local, flip = mirroring(local)  # its way's words taken out: "flip it vertically" asks no portrait crop
    local, wishes = read_wishes(local)
    axes, hold, limited = _tones(local)
    for axis, direction in toning.balance(toned).items():  # a colour asked of the highlights is the white balance
        if not axes[axis] and axis not in hold:
            axes[axis] = direction
    if wishes["denoise"] and not axes["sharp"] and "sharp" not in hold:
        axes["sharp"] = -1  # the closest local op to noise reduction is a slight blur (the planner says so)
    intent = {**axes, "hold": sorted(hold), "generative": generative, "generative_asks": asks, **wishes}
    intent.update(orient=orient, orient_way=way, quarters=None, said=[], flip=flip)
    intent["degree"] = tone_degrees(local)
    for axis in limited:  # "warm golden hour but not orange": warmer, short of orange
        intent["degree"].setdefault(axis, GENTLE)
    intent["shade"] = toned["shade"]
    # a white balance against the shadows' own colour is gentle, or its pull on the shadows would drown theirs; with
    # none said, a faint one their way, which shows in the shadows most ("make the shadows bluer": a little cooler)
    for axis, direction in toning.balance({"highlight": toned["shade"]}).items():
        if axes[axis] == -direction:
            intent["degree"].setdefault(axis, GENTLE)
        elif axis == "temp" and not axes[axis] and axis not in hold:
            intent[axis] = direction
            intent["degree"][axis] = toning.ALONG
    intent["cannot"] = [what for pattern, what in CANNOT if re.search(pattern, local)]
    intent["cannot"] += [wishes["shape"]] if wishes["shape"] else []  # a round crop: said, its square cropped
    intent["aimed"] = aimed_at(local)  # a thing named as the edit's target: the whole photo changes (said)
    intent.update({k: _style(p, local) for k, p in STYLES.items()})
    gentle.temper(intent)  # a calm mood asked of a named look calms that look
    intent.update({k: re.search(p, local) is not None for k, p in GEOMETRY.items()})
    intent["rotate"] = rotation(local)
    # "it's sideways, rotate it" asks the quarter turn, not a straightening
    intent["straighten"] = intent["rotate"] is None and not orient and re.search(STRAIGHTEN, local) is not None
    intent["tilts"] = tilt_angles(local) if intent["straighten"] else None
    if intent["ratio"] is None and intent["square"]:
        intent["ratio"] = 1.0
    if intent["keep_framing"]:
        intent["crop"] = intent["square"] = False
        intent["ratio"] = None
    intent["square"] = intent["ratio"] == 1.0
    return intent


# Looks, geometry and finishes asked for by name: each is a local edit on its own.
_LOCAL_KEYS = tuple(
    "bw sepia vintage cinematic clean crop square vignette grain matte soft crush calm glow shade".split()
)


def has_local_request(intent: dict) -> bool:
    """Whether the instruction asks for anything the local ops can do."""
    return (
        any(intent[a] for a in AXES)
        or bool(intent["hold"])
        or intent["rotate"] is not None
        or intent["orient"] is not None
        or intent["flip"] is not None
        or intent["straighten"]
        or intent["highlights"]
        or intent["ratio"] is not None
        or any(intent[k] for k in _LOCAL_KEYS)
    )
