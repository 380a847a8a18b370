"""How people put an edit beyond the plain tone words: named moods and aesthetics, corrections, a why-complaint,
and common edit words in other languages mixed into an English (or wholly foreign) message.

`intent` reads its tone terms with these added; `translate` runs before anything else reads the text. Pure: no Django.
"""

import re

from imagelab.rules.looks import ASKED, STRONGEST
from imagelab.rules.wishes import VOCABULARY

_GENTLE, _STRONG = 0.5, 1.6  # `intent.GENTLE` and `STRONG`: a tone said a little ("a touch warmer"), a lot

_MOODY = r"mood(?:y|ier|iest|iness)"
# day for night, as film crews fake it: "make it look like night", "a nighttime vibe", "turn it into night"
_NIGHT = (
    r"day[- ]for[- ]night|(?:look(?:ing)?|feel(?:ing)?|seem) like (?:it'?s |it was |it is )?(?:at )?(?:mid)?night(?:[- ]?time)?|"
    r"(?:mid)?night(?:[- ]?time)? (?:look|vibes?|feel|mood|grade|effect|style|aesthetic|version)|"
    r"(?:make|turn|change) (?:it|this|the (?:photo|picture|image|shot|scene)|day) (?:in)?to (?:mid)?night(?:[- ]?time)?|"
    r"make it (?:mid)?night(?:[- ]?time)?"
)
_WES = r"wes[- ]?anderson(?:[- ]?(?:esque|ish|style))?|grand budapest"
# food made to look good to eat: "tasty food photo", "make it look delicious", "more appetising"
_TASTY = (
    r"tast(?:y|ier)|delicious|appeti[sz]ing|mouth[- ]?watering|yumm(?:y|ier)|scrumptious|"
    r"food(?:ie)?[- ]?(?:photo(?:graphy)?|pic|shot|blog(?:ger)?|porn|styling)"
)
_WARM_FILM = r"kodak gold|gold (?:100|200|400)|ultramax|colou?r ?plus|portra"
_TUNGSTEN_FILM = r"cinestill|800 ?t|tungsten film"
_CHEERFUL = r"cheer(?:ful|ier|y)|joyful|joyous|upbeat|uplifting|happier"
_SOMBRE = r"melanchol(?:y|ic)|somb(?:re|er)|bleak|sadder"
# Moods, seasons, film stocks and named aesthetics that imply tones (pattern, {axis: direction}).
NAMED = [
    # a moody picture is low-key: darker, deeper contrast and a little less colour (the cinematic Moody Low-Key's
    # own recipe); "moody but not too dark" keeps the rest when its darkness is refused
    (_MOODY, {"bright": -1, "contrast": 1, "sat": -1}),
    (_NIGHT, {"bright": -1, "temp": -1, "sat": -1}),  # a dark, blue, drained grade
    (_WES, {"temp": 1, "sat": 1, "bright": 1, "contrast": -1}),  # warm, light, soft pastels, still colourful
    (_TASTY, {"temp": 1, "sat": 1, "bright": 1, "sharp": 1}),  # warm, rich, a little brighter, crisp
    # summer light is warm and bright: "make it feel like summer", "summery"
    (r"summ(?:er|ery|ertime|ier)", {"temp": 1, "bright": 1}),
    # slide films known for dense, saturated colour ("fuji velvia vibes", "kodachrome look"); film noir is hard-lit
    (r"velvia|kodachrome|ektachrome", {"sat": 1, "contrast": 1}),
    (r"noir", {"contrast": 1}),
    # neon magenta and cyan: "cyberpunk neon look", "vaporwave aesthetic"
    (r"cyberpunk|synthwave|vaporwave", {"magenta": 1, "temp": -1, "sat": 1, "contrast": 1}),
    (r"matrix", {"magenta": -1, "contrast": 1}),  # the film's green cast
    (r"cottagecore", {"temp": 1, "contrast": -1}),  # warm, soft country light
    (
        r"gloom(?:y|ier)|drear(?:y|ier)",
        {"bright": -1, "sat": -1},
    ),  # dark and grey: "kinda gloomy"; "it's gloomy" is a fault
    (r"rain(?:y|ier)|drizzl(?:e|y)|overcast", {"temp": -1, "sat": -1}),  # a rainy day is cool and grey
    (r"romantic", {"temp": 1, "contrast": -1}),  # warm and soft
    (r"spooky|eerie|creepy|haunted|halloween", {"bright": -1, "temp": -1, "sat": -1, "contrast": 1}),
    (r"grung(?:y|e)", {"contrast": 1, "sat": -1}),  # gritty and drained (its grain is a finish)
    # consumer colour film is warm ("kodak gold", "portra vibes"); tungsten-balanced film is cool ("cinestill 800t")
    (_WARM_FILM, {"temp": 1}),
    (_TUNGSTEN_FILM, {"temp": -1}),
    # a cheerful photo is bright, warm and colourful; a melancholy one dim, cool and drained
    (_CHEERFUL, {"bright": 1, "temp": 1, "sat": 1}),
    (_SOMBRE, {"bright": -1, "temp": -1, "sat": -1}),
]
# A limit said outright ("moody but not too dark") or a tone said plainly ("moody and warm") wins over what these
# only imply.
# A named mood's word for plan labels ("Moody Rich Film"): the tones it implies are its, not a direction asked.
MOOD_WORDS = [
    (_MOODY, "Moody"),
    (_NIGHT, "Night"),
    (r"gloom(?:y|ier)|drear(?:y|ier)", "Gloomy"),
    (r"spooky|eerie|creepy|haunted|halloween", "Spooky"),
    (r"romantic", "Romantic"),
    (r"summ(?:er|ery|ertime|ier)", "Summery"),
    (r"cyberpunk|synthwave|vaporwave", "Neon"),
    (r"grung(?:y|e)", "Grungy"),
    (r"cottagecore", "Cottage"),
    (_CHEERFUL, "Cheerful"),
    (_SOMBRE, "Melancholy"),
]


def named_mood(text: str) -> tuple[str, dict] | None:
    """(label word, implied axes) of the first named mood in the lower-cased text, or None."""
    text = _MOOD_ASKED.sub(r"\1 moodiness", text)
    for pattern, word in MOOD_WORDS:
        if re.search(rf"\b(?:{pattern})\b", text):
            return word, next(axes for p, axes in NAMED if p == pattern)
    return None


IMPLIED = re.compile("|".join(p for p, _axes in NAMED))
# How far a named look goes on its lesser axes (or further on its main one), unless a tone said plainly says so
_DEGREES = [
    (_MOODY, {"sat": _GENTLE}),
    (_NIGHT, {"bright": _STRONG}),
    (_WES, {"sat": _GENTLE, "bright": _GENTLE}),
    (_TASTY, {"bright": _GENTLE}),
]


def implied_degrees(word: str) -> dict:
    """{axis: how far} a named look's term implies along its axes (empty for most)."""
    return next((degrees for p, degrees in _DEGREES if re.fullmatch(p, word)), {})


# A wish taken back and said again: "cooler. no wait, warmer", "darker, I mean brighter", "warm - actually cool"
_CORRECTION = re.compile(r"\b(?:no,? wait|wait,? no|scratch that|on second thoughts?|i mean|or rather|actually)\b")


def corrected(read: list, text: str) -> list:
    """The terms read, less what a later correction says again: an axis named after "no wait" is read from there."""
    marks = [m.end() for m in _CORRECTION.finditer(text)]
    if not marks:
        return read
    later = {axis for m, _s, axes in read if m.start() >= marks[-1] for axis in axes}
    kept = []
    for m, sign, axes in read:
        if m.start() < marks[-1]:
            axes = {a: d for a, d in axes.items() if a not in later}
        if axes:
            kept.append((m, sign, axes))
    return kept


# "why is it so dark?", "why did you make it this grey": the tone named is the complaint, asked undone
WHY = re.compile(r"\bwhy\b(?:\s+[\w']+){0,5}?\s+(?:so|too|this|that|such)$|\bwhy\s+so$")

# Any tone said, mildly, to be how the photo is now is a complaint: "it looks a bit warm", "it's slightly bright"
# (a look described plainly, "it looks warm and golden", or asked for, "make it look a bit warm", is not)
HEDGED_STATE = re.compile(
    r"^(?!.*\b(?:make|makes|making|made|want|wanted|let|get|have|turn|keep|like)\b).*"
    r"\b(?:it'?s|its|it is|looks?|looking|seems?|is|are|feels?|came out|comes out|turned out)\s+"
    r"(?:(?:a bit|a little|a tad|slightly|kinda|kind of|sort of|sorta|somewhat|rather|already|quite|pretty|fairly|"
    r"really|very)\s*)+$"  # ("it's already quite warm": said to be so already)
)

# Edit words in French, Spanish, German, Italian and Portuguese, as the English the rules read. Whole phrases
# first ("noir et blanc" is black and white, not film noir).
_FOREIGN = [
    (r"noir et blanc|blanco y negro|schwarz[- ]?wei(?:ß|ss)|bianco e nero|preto e branco", "black and white"),
    (r"w(?:ä|ae)rmer|chaude?|c(?:á|a)lid[oa]|cald[oa]|quente", "warmer"),
    (r"k(?:ä|ae)lter|k(?:ü|ue)hler|froide?|fr(?:í|i)[oa]|fredd[oa]", "cooler"),
    (r"heller|lumineu(?:x|se)|brillante|luminos[oa]|chiar[oa]", "brighter"),
    (r"brillo|luminosit(?:é|e|à|a)d?|helligkeit", "brightness"),  # the noun: "más brillo", "plus de luminosité"
    (r"dunkler|sombre|fonc(?:é|e)e?|oscur[oa]|scur[oa]|escur[oa]", "darker"),
    (r"kontrast|contraste|contrasto", "contrast"),
    (r"contrast(?:é|e)e?s?|contrastad[oa]s?|kontrastreich(?:er)?", "contrasty"),
    (r"satur(?:é|e)e?s?|saturad[oa]s?|saturat[oa]|ges(?:ä|ae)ttigt(?:er)?", "saturated"),
    (r"saturaci(?:ó|o)n|s(?:ä|ae)ttigung|saturazione|satura(?:ç|c)(?:ã|a)o", "saturation"),
    (r"nitidez|sch(?:ä|ae)rfe|nettet(?:é|e)", "sharpness"),
    (r"m(?:á|a)s n(?:í|i)tid[oa]|sch(?:ä|ae)rfer|plus nette?|pi(?:ù|u) nitid[oa]", "sharper"),
    (r"colou?res|couleurs|farben|colori|cores", "colours"),
    (r"vivos|vivas|vif|vive|vifs|vives|lebendiger|vivaci|vivid[oa]s?", "vivid"),
    (r"weicher|plus doux|plus douce|m(?:á|a)s suave|pi(?:ù|u) morbid[oa]", "softer"),
    # limits and degrees: "pas trop", "no demasiado", "nicht zu", "un peu plus", "beaucoup plus"
    (r"pas trop|no demasiado|no tan|nicht zu|non troppo|n(?:ã|a)o muito", "not too"),
    (r"demasiado|trop|zu|troppo", "too"),
    (r"un peu plus", "a bit more"),
    (r"beaucoup plus|viel mehr|mucho m(?:á|a)s|molto pi(?:ù|u)|muito mais", "much more"),
    (
        r"plus(?= (?:de |d'|chaud|froid|lumineu|clair|sombre|fonc|contrast|satur|net|doux|douce|vif|vive|color|color))",
        "more",
    ),
    (r"un poco|un peu|un po'?|ein bisschen|ein wenig|bisschen|etwas|um pouco", "a bit"),
    (r"mucho|beaucoup|viel|molto|muito", "much"),
    (r"und|et(?= \w)|(?<=\w )y(?= \w)", "and"),
    (r"aber|pero|mais(?= \w)|ma(?= (?:non|pas|nicht|no)\b)", "but"),
    (r"moins|menos|weniger|meno", "less"),
    (r"m(?:á|a)s(?= \w)|mehr|pi(?:ù|u)", "more"),  # (not "mais": French for "but")
    (r"recadrer|rogner|recortar|zuschneiden|ritagliare", "crop"),
    (r"carr(?:é|e)e?|cuadrad[oa]|quadratisch|quadrat[oa]", "square"),
]
_FOREIGN_RE = [(re.compile(rf"(?<!\w)(?:{p})(?!\w)"), word) for p, word in _FOREIGN]
# English words for a glow that the rest reads as "glow" ("add bloom" is no object added): flowers "in bloom" aside
_FOREIGN_RE += [(re.compile(r"(?<!\bin )(?<!\bfull )\bbloom(?:y|ing)?\b|\bradiance\b"), "glow")]


# A hesitation between a word and what it modifies: "a bit less... idk, harsh?", "more, um, contrast"
_HESITATION = re.compile(
    r"\s*(?:\.{2,}|…)\s*(?:(?:idk|um+|uh+|erm+|hmm+|like|you know|i guess|i dunno|dunno)\b\s*[,.]*\s*)?|"
    r",\s*(?:um+|uh+|erm+|like|you know)\s*,\s*"
)


_TAKEN_OUT = re.compile(r"\b(take|get|pull|suck|drain)\s+((?:all\s+)?(?:the|that|this|some)\s+)?([a-z]+)\s+out\b")
_MOOD_ASKED = re.compile(r"\b(more|some|add|added|adding|(?:bit|lot|lots|touch|hint) of)\s+mood\b")


# Words said with their "g" dropped: "it's lookin kinda washed out", "it's gettin too dark"
_G_DROPPED = re.compile(r"\b(look|mak|gett|go|tryn?|feel|seem|com|turn|lett|keep|kill|want)in'?(?=\s|$|[,.!?])")


def translate(text: str) -> str:
    """Lower-cased text with foreign edit words in English ("plus chaud" → "plus warmer"), hesitations taken out."""
    text = _G_DROPPED.sub(r"\1ing", text)
    for pattern, word in _FOREIGN_RE:
        text = pattern.sub(word, text)
    text = re.sub(r"[a-z]*([a-z])\1{2,}[a-z]*", _undrawn, text)  # drawn-out letters: "POPPPP", "warmerrrr"
    # "more mood", "add some mood" ("a relaxing mood" is another mood)
    text = _MOOD_ASKED.sub(r"\1 moodiness", text)
    text = _TAKEN_OUT.sub(r"\1 out \2\3", text)  # "take the yellow out": "take out the yellow"
    return _HESITATION.sub(" ", text)


def _undrawn(m: re.Match) -> str:
    """A word with a letter drawn out, as meant: the run kept single when that is a known word ("pop"), else double."""
    single, double = re.sub(r"([a-z])\1{2,}", r"\1", m.group(0)), re.sub(r"([a-z])\1{2,}", r"\1\1", m.group(0))
    return single if single in VOCABULARY else double


# A share said in numbers: "20% brighter", "bump the saturation by 10 percent", "reduce contrast by 50%"
_PERCENT = re.compile(r"(?<![\d.])(\d{1,3})\s*(?:%|percent\b|per cent\b)")


def percent_degree(clause: str, axes: dict) -> float | None:
    """How far a tone step said in percent goes, as a share of the usual step on its first axis (None if unsaid)."""
    m = _PERCENT.search(clause)
    if m is None or not axes:
        return None
    axis = next(iter(axes))
    if axis not in STRONGEST:  # sharpness and tint have no percent scale here
        return None
    share = int(m.group(1)) / 100 / ASKED[axis]
    # (never past the strongest step, nor so small it is no step at all)
    return round(min(max(share, 0.2), STRONGEST[axis] / ASKED[axis]), 3)
