"""Explicit wishes the looks must all honour: typos forgiven, finishes, aspect ratios, highlights, a tilt.

`forgive_typos` maps misspelt look and op words onto the planner's vocabulary (rapidfuzz) before
anything else reads the text. `read_wishes` then takes out the finishes asked for by name (vignette,
grain, a soft look, crushed blacks, kept or recovered highlights, noise asked away), a crop ratio (numbers,
platforms, an orientation: "make it landscape"), a crop shape no op makes (a circle: its square stands in),
and an unmeasured tilt's plausible angles. Pure: no Django.
"""

import re

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from imagelab.rules import gentle

# The words the planner reads; a near miss of one of these is taken to be that word.
VOCABULARY = (
    "warm warmer warmth cool cooler cold colder golden sunny sunset blue bluer icy vivid vibrant colourful "
    "colorful saturated saturation desaturate muted washed pastel punchy punchier pop bold bolder dramatic "
    "contrast contrasty soft softer soften dreamy hazy glow gentle flat bright brighter brighten brightness "
    "light lighter lighten airy exposure dark darker darken moody sharp sharpen sharper sharpness crisp "
    "crisper detail clarity black white monochrome mono grayscale greyscale sepia vintage retro film analog "
    "faded nostalgic polaroid cinematic movie teal matte grain grainy gritty noise vignette vignetting corners "
    "edges crop tighter closer square widescreen panorama straighten straight crooked tilted tilt wonky level "
    "horizon rotate highlights clouds shadows whites blacks protect keep framing dehaze orton crush whiter whiten "
    "denoise lively autumn autumnal cosy cozy wintry clean professional flip mirror mirrored "
    "circle circular oval"
).split()
# Ordinary words a fuzzy match would wrongly turn into a look word ("often" is not "soften").
_ORDINARY = frozenset(
    "often older other there these those their about would could should which where while after again "
    "little photo image picture please thanks great nicer close right left night fight share blur blurry blurred "
    "background remove erase delete replace person people face faces skin teeth object smooth extend expand "
    "colour color colours colors less more mate mates matt landscape portrait horizontal vertical back "
    # real words one or two slips from a look word, as people write them about a photo: "a relaxing mood" is no
    # "moody", "tighten the crop" no "lighten", "tinted" no "tilted", "getting darker" no vignetting
    "mood moods lovely likely fairly fairy hairy alright slight rain rainy gain nose cloudy lighting levels move "
    "matter matters school tighten tightens tightness heighten tinted tiled titled closed closes looser loser "
    "graying greying lack lacks backs blocks border hedges ledges wedges counters cooked hardness drastic dreary "
    "situation contact contest contract project protest retail dental portion kimono olden vantage winery farmer "
    "mounted darks lowlights".split()
)
# A typo is at most two slips (a letter wrong, missing, doubled or two swapped): "getting" is no "vignetting"
_SLIPS = 2
_WORD = re.compile(r"[a-z]{4,}")


def nearest(word: str, vocabulary: list[str], known: frozenset, cutoffs: tuple[int, int] = (86, 80)) -> str:
    """The word of `vocabulary` that `word` was meant to be (rapidfuzz ratio), or `word` itself.

    `cutoffs` are the scores needed for words of up to five letters and for longer ones: short words
    have fewer letters to spare. A known word, or one with a prefix or suffix on one, is left alone.
    """
    if word in known or _AFFIXES.sub("", word) in known:
        return word  # a known word, or one with a prefix or suffix ("oversaturated", "warmish")
    cutoff = cutoffs[0] if len(word) <= 5 else cutoffs[1]
    match = process.extractOne(word, vocabulary, scorer=fuzz.ratio, score_cutoff=cutoff)
    return match[0] if match else word


_KNOWN = frozenset(VOCABULARY) | _ORDINARY
_AFFIXES = re.compile(r"^(?:over|under|de|un)|(?:ish|ly|ness)$")


def forgive_typos(text: str, keep: re.Pattern | None = None) -> str:
    """Lower-cased text with misspelt look and op words replaced by the words meant ("vignete" → "vignette")."""
    # a word the caller reads as it is ("winter" is a cool tone) is no misspelling of a near one ("whiter")
    return _WORD.sub(lambda m: m.group(0) if keep and keep.fullmatch(m.group(0)) else _meant(m.group(0)), text)


def _meant(word: str) -> str:
    """The vocabulary word a misspelt `word` was meant to be, or `word` itself (no more than `_SLIPS` away)."""
    meant = nearest(word, VOCABULARY, _KNOWN)
    return meant if OSA.distance(word, meant) <= _SLIPS else word


# Film cameras and stocks by name: their look is film grain ("like a 90s disposable camera", "shot on portra").
ANALOGUE = (
    r"\bdisposable(?: camera)?\b|\bpoint[- ]and[- ]shoot\b|\blomo\w*|\bholga\b|\binstax\b|\bkodak\b|"
    r"\bfuji ?film\b|\bportra\b|\bektar\b|\btri-?x\b|\bcinestill\b|"
    r"\bvhs\b|\bcamcorder\b|\bvsco\b|\bfuji\b|\bvelvia\b|\bprovia\b|\bsuperia\b|\bektachrome\b|\bkodachrome\b|\bilford\b|\bhp ?5\b|\bt-?max\b"
)
_NEGATED = re.compile(
    r"\b(?:no|not|without|remove|less|reduce|never|nor|barely|hardly|too|too much|so much|way too|cut(?: through)?|clear (?:up|away)|(?:don'?t|do not|nor|never) (?:add|want|put|use)|get rid of|minus|"
    # a finish taken away in slang: "lose the vignette", "ditch the grain", "kill the vignetting"
    r"lose|drop|ditch|kill|scrap|nix|undo|revert|take (?:out|off|away|back)|tone down|dial (?:back|down)|ease (?:off|up)(?: on)?)"
    r"\W+(?:of\W+)?(?:\w+\W+)?$"  # "less of the vignette"
)
FINISHES = {
    "vignette": r"\bvignett?(?:e|es|ing)\b|\b(?:darken|darker|dark|shade|burn)(?:ed)?\s+(?:the\s+)?(?:corners|edges)\b"
    r"|\b(?:corners|edges)\s+(?:a bit\s+)?dark(?:er|ened)?\b",
    # "add some noise" in an edit is grain; "fix the noise" is not, so only adding words count.
    # real film has grain: "make it look like film", "shot on film", "35mm" (a "film look" is cinematic instead)
    "grain": r"\bgrain(?:y|s|ier|iest)?\b|\bgritty\b|\bgrung(?:y|e)\b|\bnoisy film\b|\b(?:like|on|real|analog(?:ue)?) film\b|\b35 ?mm\b|"
    r"\bfilm (?:stock|emulation|camera)\b|\b(?:retro|vintage|faded|old|old[- ]school|analog(?:ue)?|expired) film\b|"
    r"\b(?:add(?:ing)?|with|more|some) (?:some |a bit of |a little |film )?noise\b|\bnews ?(?:paper|print)\b|"
    + ANALOGUE,
    # a matte look is lifted blacks ("more matte", "matte finish", "lifted blacks"); "Matt" alone is a name
    "matte": r"\bmatte\b|\bmatt (?:look|finish|effect)\b|\b(?:lifted|faded|milky|washed) blacks\b|"
    r"\b(?:(?:lift|rais)(?:e|ed|ing|s)?|fad(?:e|ed|es|ing))\s+(?:the\s+|my\s+)?blacks\b",  # "lift the blacks a little"
    "soft": r"\bsoft(?:er|en|ly)?\b|\bdream(?:y|ier|like)\b|\bromantic\b|\bhaz(?:y|e)\b|\bglow(?:y|ing)?\b|\bethereal\b|\borton\b",
    # deeper blacks by a raised black point: "crush the blacks", "inkier blacks", "clip the shadows a bit"
    "crush": r"\bcrush(?:ed|ing)?\s+(?:the\s+|my\s+|those\s+)?(?:blacks|shadows|darks)\b|"
    r"\b(?:deep(?:er|en)?|rich(?:er)?|ink(?:y|ier)|dens(?:e|er)|true|solid|darker)\s+blacks\b|"
    r"\bclip\s+(?:the\s+)?(?:blacks|shadows)\b|\bblacks\s+(?:crushed|deeper|darker|richer)\b",
}
HIGHLIGHTS = (
    r"\b(?:keep|keeping|protect|preserve|save|hold|retain|(?:don'?t|do not|without|no|not)\s+(?:blow|blowing|blown|clip|"
    r"clipping|clipped|lose|losing|burn|burning))(?:\s+out)?\s+(?:the\s+|my\s+|any\s+|those\s+)?(?:bright\s+|white\s+)?"
    r"(?:clouds?|highlights?|whites?|skies|sky|bright (?:parts|areas|bits))\b|"
    # the bright part named before the verb: "don't let the sky blow out", "keep the clouds from clipping"
    r"\b(?:(?:don'?t|do not|never|without) let(?:ting)?|keep(?:ing)?|stop(?:ping)?)\s+(?:the\s+|my\s+|any\s+)?"
    r"(?:bright\s+|white\s+)?(?:clouds?|highlights?|whites?|skies|sky)\s+(?:from\s+)?(?:get(?:ting)?\s+)?"
    r"(?:blow|blowing|blown|clip|clipping|clipped|burn|burning|burnt)\b(?:\s+out)?|"
    # highlights won back: "recover the highlights", "highlight recovery", "pull the highlights down"
    r"\b(?:recover(?:ing)?|rescu(?:e|ing)|tam(?:e|ing)|restor(?:e|ing))\s+(?:the\s+|my\s+|some\s+)?(?:bright\s+)?"
    r"(?:clouds?|highlights?|whites?|skies|sky)\b|\bhighlights?\s+recovery\b|"
    r"\b(?:pull|bring|tone|dial)(?:ing)?\s+(?:the\s+)?(?:highlights?|whites)\s+(?:down|back)\b|"
    r"\b(?:drop|lower|reduce|darken|tame)\s+(?:the\s+)?(?:highlights?|whites)\b|"
    r"\b(?:pull|bring|tone|dial)(?:ing)?\s+(?:down|back)\s+(?:the\s+)?(?:highlights?|whites)\b"
)
# Noise asked away. There is no noise reduction here: a slight blur smooths it (and detail with it), said so.
DENOISE = (
    r"\bde-?nois\w*|\bnoise reduction\b|\b(?:reduce|remove|less|fix|kill|clean(?: up)?|cut|lower|smooth(?: out)?|"
    r"get rid of|minimi[sz]e)\s+(?:the\s+|some\s+|that\s+|all\s+(?:the\s+|that\s+)?)?(?:noise|noisiness)\b|\bless noisy\b|"
    # a stated excess is a complaint, turned round: "too much noise 😭", "so noisy", "way too grainy ugh"
    r"\b(?<!not )(?:too|so|way too|very|really|super)(?: much| many)?\s+(?:noise|noisy|grain|grainy|speckles|speckly)\b|"
    r"\b(?:full of|covered in)\s+(?:noise|grain|speckles)\b|\b(?:lots of|a lot of)\s+(?:noise|speckles)\b|"
    # lots of grain said to be there is a complaint; asked for it is a finish ("b&w, high contrast, lots of grain")
    r"\b(?:there'?s|there is|has|have|got|it'?s|its|is|are)\s+(?:(?:so|still|just|way)\s+)?(?:lots of|a lot of)\s+grain\b|"
    # noise said of the photo, or asked cleaned: "it's noisy, clean it up", "the photo looks a bit noisy"
    r"\b(?:it'?s|its|it is|looks?|is|are|came out|seems?)\s+(?:(?:a bit|a little|kinda|quite|really|very|so|pretty|slightly|"
    r"super)\s+)?noisy\b|\bnois(?:e|y)\b[^.!?]{0,20}\b(?:fix|clean)(?: it| that| this)?(?: up)?\b|\b(?:noise|grain) (?:is|looks) (?:(?:really|so|pretty|very|super|kinda|quite)\s+)?"
    r"(?:awful|terrible|bad|horrible|distracting|ugly|annoying)|"
    # a kind of noise named: "too much digital noise", "reduce colour noise", "high iso noise, fix"
    r"\b(?:reduce|remove|less|fix|kill|cut|lower|smooth(?: out)?|get rid of|too much|so much|lots of|a lot of)\s+(?:the\s+)?"
    r"(?:digital|colou?r|chroma|luminance|high[- ]iso|iso|sensor|low[- ]light)\s+noise\b|\bspeckl(?:ed|y)\b|"
    # the photo's own grain asked away or complained of: "less grain", "get rid of the grain", "it's really grainy",
    # "the grain is too strong" (on a chosen plan with a grain step, `focus` weakens that step instead)
    r"\bde-?grain\w*|\b(?:reduce|remove|less|fewer|fix|kill|clean(?: up)?|cut|lower|smooth(?: out)?|get rid of|"
    r"minimi[sz]e|lose|ditch|tone down|take out)\s+(?:the\s+|some\s+|that\s+|this\s+|all\s+(?:the\s+|that\s+)?)?"
    r"(?:(?:film|digital|colou?r)\s+)?(?:grain(?:iness)?|speckles?|speckling|specks?)\b|\bless (?:grainy|speckly)\b|"
    r"\b(?:it'?s|its|it is|looks?|is|are|came out|seems?)\s+(?:(?:a bit|a little|kinda|quite|really|very|so|pretty|"
    r"slightly|super)\s+)?(?:grainy|speckly)\b|"
    # ... or joined by "and" to another fault said so: "the photo is a bit dark and grainy"
    r"\b(?:it'?s|its|it is|looks?|is|are|came out|seems?)\s+(?:(?:a bit|a little|kinda|quite|really|very|so|pretty|"
    r"slightly|super|all|too|way too)\s+)*[a-z]+\s+(?:and|&)\s+(?:grainy|noisy|speckly)\b|"
    r"\b(?:grain|noise)(?:'s|\s+is|\s+looks)?\s+(?:(?:way\s+|much\s+|a bit\s+)?too\s+(?:strong|much|heavy|harsh|visible)|"
    r"(?:a bit|a little|kinda|bit) much)\b"
)
# An overexposed photo ("it's overexposed", "the sky is blown out", "way too bright") is put right by darkening it
# evenly with its highlights won back: whites kept below clipping, and no vignette that darkens only its edges.
OVEREXPOSED = (
    r"\bover-?\s?expos\w*|\bburn(?:t|ed) out\b|(?<!\bnot )(?<!n't )\btoo (?:bright|light|white)\b|"
    r"\b(?:reduce|remove|less|cut|tame|fix|kill|too much|get rid of)\s+(?:the\s+|that\s+|some\s+)?glare\b|"
    r"\bblown(?:[- ]out\b|\s+(?:highlights?|whites?|sky|skies|clouds?)\b)|"
    # "the sky is blown", but not "mind blown" or "blown away"
    r"\b(?!mind\b)[a-z]+\s+(?:is|are|was|looks?|got|gets?|getting|been)\s+(?:\w+\s+)?blown\b(?!\s+away)"
)
# Crushed shadows complained of: "make the shadows less crushed", "uncrush the blacks", "the blacks are too crushed"
UNCRUSH = (
    r"\b(?:shadows|blacks|darks)\s+(?:are\s+|look\s+|looking\s+)?(?:less|not so|not as|too|way too|so)\s+crush(?:ed)?\b|"
    r"\b(?:less|un-?)crush(?:ed)?\s+(?:the\s+)?(?:shadows|blacks|darks)\b|\bun-?crush\b"
)
# Detail asked back in the shadows: "more shadow detail", "bring out the detail in the shadows"
SHADOW_DETAIL = (
    r"\b(?:(?:more|bring out(?: the)?|recover(?: the)?|show(?: the)?)\s+)?shadows?\s+detail(?:s)?\b|"
    r"\b(?:more|bring out(?: the)?|recover(?: the)?|show(?: the)?|see(?: the)?|see)\s+(?:some\s+)?details?\s+in\s+"
    r"(?:the\s+)?(?:shadows|darks|dark (?:parts|areas|bits))\b"
)
# A sky made more dramatic keeps its clouds: its drama is depth and contrast, never blown whites.
SKY_DRAMA = (
    r"\b(?:sky|skies|clouds)\s+(?:look\s+)?(?:(?:a bit|a little|a lot|more|much|way|so|even|really)\s+)*"
    r"(?:dramatic|moody|moodier|darker|deeper|richer|punchier|pop|stormy|stormier|brooding|intense)\b|"
    r"\b(?:dramatic|moody|moodier|stormy|stormier|brooding|deeper|darker)\s+(?:sky|skies|clouds)\b"
)
# Lifting or darkening only the shadows leaves the highlights as they are.
SHADOWS_ONLY = (
    r"\b(?:only|just)\s+(?:the\s+)?(?:shadows|darks|dark (?:parts|areas|bits))\b|\b(?:shadows|darks) only\b|"
    r"\b(?:brighten|lift|open up|raise)\s+(?:the\s+)?(?:shadows|darks|dark (?:parts|areas|bits))\b"
)
# An orientation asked of the whole photo: "make it portrait", "turn this into a landscape", "switch to landscape".
# A determiner right before the word ("make this portrait warmer") names the picture's subject instead.
_TURN_VERB = r"\b(?:make|turn|change|switch|convert|flip|crop|reframe|put|have|get|want|need|prefer|like)"
_TURN_OBJECT = r"(?:it|this(?=\s+(?:to|into|as|in)\b)|the (?:photo|picture|image|pic|shot)|this (?:photo|picture|image|pic|shot|one))"
_FRAME_NOUNS = r"(?:orientation|format|crop(?:ped)?|aspect|ratio|framing|frame|version|layout)\b"


def _turned(words: str) -> str:
    """A pattern for an orientation (`words`) asked by a verb: "make it portrait", "switch to landscape"."""
    verb = rf"{_TURN_VERB}\w*\s+(?:{_TURN_OBJECT}\s+)?(?:(?:to|into|as|in)\s+)?(?:an?\s+)?(?:{words})\b"
    alone = rf"^\W*(?:in\s+)?(?:{words})(?:\s+(?:please|pls|plz|thanks|orientation|mode))?\W*$"
    return rf"(?:{verb}|{alone})"


def _banner(site: str) -> str:
    """A pattern for a site's header image, named either way round: "twitter header", "a banner for my linkedin"."""
    shape = r"(?:header|banner|cover)(?:\s+(?:photo|pic|picture|image))?"
    return rf"\b(?:{site})\s+{shape}\b|\b{shape}\s+(?:for|on)\s+(?:my\s+|the\s+|a\s+)?(?:{site})\b"


_RATIO = re.compile(r"\b(\d{1,2})\s*(?::|x|×|by)\s*(\d{1,2})\b")
# a story, reel or short is a full-height phone screen, whatever app it is for ("crop it for my insta story")
_RATIO_WORDS = [
    (
        r"\b(?:insta(?:gram)?|ig|fb|facebook|whatsapp|snapchat|for (?:my|a|the)|as (?:a|my))\s+stor(?:y|ies)\b|"
        # the story's shape named: "story format for instagram", "story size"
        r"\bstor(?:y|ies)\s+(?:format|size|ratio|crop|shape|dimensions?)\b|"
        r"\b(?:reels?|tiktok|shorts|phone wallpaper|lock ?screen)\b",
        9 / 16,
    ),
    # profile pictures, avatars and cover art are square ("pfp for discord", "my whatsapp dp", "spotify playlist cover")
    (
        r"\bsquare\b|\b(?:pfp|dp|avatar|profile (?:pic|picture|photo|image))s?\b|\bdisplay (?:pic|picture)\b|"
        r"\b(?:spotify|playlist|album|podcast|mixtape|ep)\s+(?:cover|art|artwork)\b|\b(?:us|american) passport\b",
        1.0,
    ),
    # a passport or visa photo is 35 × 45 mm in most countries (a US one is 2 × 2 in: square, above)
    (r"\b(?:passport|visa|id card|id)\s+(?:photo|pic|picture|shot|size)\b|\bfor (?:my|a|the) passport\b", 35 / 45),
    # an Instagram post is square unless said to be portrait (4:5, as any "portrait crop") or landscape (1.91:1)
    (
        r"^(?=[\s\S]*\b(?:portrait|vertical|upright)\b)(?=[\s\S]*\b(?:crop\w*|insta(?:gram)?|ig|posts?|feed|format|orientation)\b)"
        r"|" + _turned("portrait|vertical") + r"(?!\s+(?:look|style|light\w*|blur|effect|mode|shot))",
        4 / 5,
    ),
    (r"^(?=[\s\S]*\b(?:landscape|horizontal)\b)(?=[\s\S]*\b(?:insta(?:gram)?|ig)\b)", 1.91),
    # the platforms' own banner and post shapes
    (r"\bpinterest\b|\bpins?\b", 2 / 3),
    (_banner(r"twitter|x"), 3.0),
    (_banner(r"linked ?in"), 4.0),
    (_banner(r"facebook|fb"), 820 / 312),
    (
        r"\byoutube\b|\byt (?:thumbnail|banner)\b|\b(?:desktop|laptop|monitor|computer) (?:wallpaper|background)\b",
        16 / 9,
    ),
    (
        r"\ba[3-6]\s+(?:print|paper|poster|sheet|size|page)\b|\b(?:print|poster)\w*\s+(?:it\s+|this\s+)?(?:on\s+|at\s+|as\s+)?a[3-6]\b",
        2**-0.5,
    ),
    # "an instagram filter vibe" names a look, not the post's square frame
    (r"\b(?:instagram|insta|(?:the|for) gram)\b(?!\s+(?:filters?|look|vibes?|style|aesthetic|preset|edit))", 1.0),
    # a landscape frame asked with no platform is the classic 3:2 print ("make it landscape", "landscape format");
    # "this landscape photo" names what the picture shows, not its shape
    (_turned("landscape|horizontal") + r"|\b(?:landscape|horizontal) " + _FRAME_NOUNS, 3 / 2),
    (r"\bwide ?screen\b", 16 / 9),
    (r"\bcinema\w* ?scope\b|\banamorphic\b|\bletter ?box(?:ed)?\b", 2.39),
    (r"\bpanoram", 3.0),
    (r"\b(?:banner|header (?:image|photo|pic))\b", 3.0),  # a banner for no site named: the common 3:1
]
# Shapes no crop makes: every crop here is a rectangle and no op masks one out. (pattern, what was asked, the ratio
# that stands in: a circle is cut from the square it fits in; an oval or rounded corners from the frame as it is)
_SHAPE_OBJECT = (
    r"(?:(?:it|this|the (?:photo|picture|image|pic|shot))\s+)?(?:out\s+)?(?:(?:in|into|to|as|like)\s+)?(?:an?\s+)?"
)
SHAPES = [
    (
        rf"\b(?:crop|cut|make|shape|trim|mask|frame)\w*\s+{_SHAPE_OBJECT}(?:circle|circular|round)\b(?!\s+(?:up|off|down|of)\b)|"
        r"\b(?:circle|circular|round)\s+(?:crop|shape|frame|mask|cut[- ]?out|avatar|profile|pfp|icon)",
        "crop it to a circle",
        1.0,
    ),
    (
        rf"\b(?:crop|cut|make|shape|trim|mask|frame)\w*\s+{_SHAPE_OBJECT}(?:oval|ellipse|elliptical)\b|"
        r"\b(?:oval|ellipse|elliptical)\s+(?:crop|shape|frame|mask|cut[- ]?out)",
        "crop it to an oval",
        None,
    ),
    (r"\b(?:round(?:ed)?|curved)\s+(?:the\s+|its\s+)?corners\b", "round its corners", None),
]
_TILT_SIGN = [
    (r"\b(?:lean|leans|leaning|tilt|tilts|tilted|slopes?|sloping|down)\s+(?:to\s+)?(?:the\s+)?left\b", 1.0),
    (r"\b(?:lean|leans|leaning|tilt|tilts|tilted|slopes?|sloping|down)\s+(?:to\s+)?(?:the\s+)?right\b", -1.0),
]
# Five plausible corrections for a tilt nobody measured: both ways when the direction is unknown.
TILTS = (1.0, -1.0, 2.0, -2.0, 3.0)
ONE_WAY = (1.0, 2.0, 3.0, 1.5, 2.5)


# Finishes listed before this one under the same "no": "don't add any grain or vignette", "no grain, matte or vignette"
_LISTED = re.compile(
    r"(?:\b(?:film\s+)?(?:grain\w*|vignett\w*|matte|noise|blur|filters?|effects?)\s*(?:,\s*(?:or\s+|nor\s+|and\s+)?|\s+(?:or|nor|and)\s+))+$"
)


def _finish(pattern: str, text: str) -> int:
    """+1 asked for, -1 asked against ("no grain", "no grain or vignette"), 0 not mentioned."""
    m = re.search(pattern, text)
    if m is None:
        return 0
    head = _LISTED.sub("", text[: m.start()])
    return (
        -1 if _NEGATED.search(text[: m.start()]) or _NEGATED.search(head) or _TOO_MUCH_AFTER.match(text, m.end()) else 1
    )


# A finish said to be too much after its name: "the vignette is too strong", "grain's way too heavy", "vignette overdone"
_TOO_MUCH_AFTER = re.compile(
    r"\s*(?:is|are|'s|looks?|seems?|feels?)?\s*(?:now\s+)?(?:(?:way|a bit|a little|kinda|bit|much)\s+)?"
    r"(?:too\s+(?:strong|much|heavy|dark|harsh|intense|obvious|noticeable|thick)|overdone|over the top|"
    r"(?:a bit|a little|bit|kinda|way) much)\b"  # "the vignette is a bit much"
)


def _ratio(text: str) -> float | None:
    """Width / height of an asked crop: numbers win over words ("4:5 for insta" is 4:5)."""
    m = _RATIO.search(text)
    if (
        m
        and int(m.group(1))
        and int(m.group(2))
        and (
            ":" in m.group(0)
            or re.search(r"crop|ratio|aspect|\bprint|\bframe\b|\bformat\b", text)
            or re.search(_turned(r"\d"), text[: m.start() + 1])  # "make it 16 by 9", "turn it into a 4x5"
        )
    ):
        return int(m.group(1)) / int(m.group(2))
    return next((r for p, r in _RATIO_WORDS if re.search(p, text)), None)


# A small turn asked one way ("turn it clockwise a bit", "rotate slightly to the left"): that way only.
_ASKED_WAY = [
    (
        r"\b(?:rotat|turn|spin)\w*\b[^.;!?]*?\b(?:counter[- ]?clockwise|anti[- ]?clockwise|ccw|(?:to )?(?:the )?left)\b",
        -1.0,
    ),
    (r"\b(?:rotat|turn|spin)\w*\b[^.;!?]*?\b(?:clockwise|cw|(?:to )?(?:the )?right)\b", 1.0),
]


def tilt_angles(text: str) -> tuple[float, ...]:
    """Five clockwise angles to try for a tilt given without a number."""
    sign = next((s for p, s in _TILT_SIGN if re.search(p, text)), None)
    if sign is None and re.search(r"\b(?:a (?:bit|little|touch|tad|hair)|slightly|a few degrees)\b", text):
        sign = next((s for p, s in _ASKED_WAY if re.search(p, text)), None)
    return TILTS if sign is None else tuple(sign * a for a in ONE_WAY)


_MADE = re.compile(r"\b(?:make|makes|making|made|want|let|get|have)\b(?:\s+\w+){0,3}\s+(?:to\s+)?$")


def read_wishes(text: str) -> tuple[str, dict]:
    """(the text without the highlight, corner and black-point wishes, {vignette, grain, matte, soft, crush: -1/0/+1,
    highlights, overexposed: bool, ratio, shape: a crop shape no op makes or None, and `gentle.read`'s looks})."""
    uncrushed = re.search(UNCRUSH, text) is not None
    text = re.sub(UNCRUSH, " lift the shadows ", text)  # crushed shadows given back are lifted shadows
    uncrushed |= re.search(SHADOW_DETAIL, text) is not None
    text = re.sub(SHADOW_DETAIL, " lift the shadows ", text)  # ... as is detail asked back in them
    wishes = {name: _finish(p, text) for name, p in FINISHES.items()}
    wishes["crush"] = -1 if uncrushed else wishes["crush"]
    wishes["overexposed"] = re.search(OVEREXPOSED, text) is not None
    wishes["highlights"] = any(re.search(p, text) for p in (HIGHLIGHTS, SHADOWS_ONLY, OVEREXPOSED, SKY_DRAMA))
    # ("make it look grainy" asks for grain: a look asked for is no noise said to be there)
    said = [
        m.group(0)
        for m in re.finditer(DENOISE, text)
        if not (m.group(0).startswith("look") and _MADE.search(text[: m.start()]))
    ]
    wishes["denoise"] = bool(said)
    grainy = _finish(FINISHES["grain"], re.sub(DENOISE, " ", text)) if said else 0
    if grainy > 0 and not any("nois" in m for m in said):
        # less grain in a grainy look asked ("vintage film look but less grain") is the look's, not the photo's noise
        wishes.update(denoise=False, grain=-1)
    elif said and wishes["grain"] > 0:  # "it's really grainy" complains of grain: none is added
        wishes["grain"] = grainy or -1
    wishes.update(gentle.read(text))  # looks asked by their effect: "less busy"
    # "keep the bright clouds" spares something and "darken the corners" is a vignette: neither is a
    # brightness wish for the whole picture, so both are cut before tones are read.
    text = re.sub(HIGHLIGHTS, " ", text)
    text = re.sub(FINISHES["vignette"], " vignette ", text)
    text = re.sub(FINISHES["crush"], " ", text)  # "darker blacks" sets the black point, not the exposure
    text = re.sub(FINISHES["matte"], " matte ", text)  # "lift the blacks" raises the black point, not the exposure
    wishes["ratio"] = _ratio(text)
    wishes["shape"], stand_in = next(((name, r) for p, name, r in SHAPES if re.search(p, text)), (None, None))
    if wishes["ratio"] is None:
        wishes["ratio"] = stand_in
    return text, wishes
