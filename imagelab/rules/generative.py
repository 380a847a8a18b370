"""Requests no local op can honour, read from an instruction: generative edits (remove, add, replace, recolour,
restyle) and edits no op here does at all (upscale, fringing). Each is said plainly, never faked. Pure: no Django.
"""

import re

BW = r"black(?: (?:and|an|&|n|'n'?|n'))?[ -]white"  # "black n white", and "black white" as learners say it
# All the colour taken out of the picture is black and white: "lose the colour", "strip all the colour out",
# "take the colour out"; a cast or tint taken away ("remove the colour cast") is a correction, not this.
DRAINED = (
    r"\b(?:(?:remove|drop|strip|lose|get rid of|take out|drain|suck out|ditch)\s+(?:all\s+(?:of\s+)?)?"
    r"(?:the\s+|its\s+)?|take\s+(?:all\s+)?(?:the\s+|its\s+)?(?=colou?rs?\s+out\b))"
    r"colou?rs?\b(?!\s+(?:cast|tint|balance|fringing|noise|grading))|"
    # saturation taken all the way down: "desaturate it completely", "fully desaturated", "zero saturation"
    r"\b(?:complete(?:ly)?|full(?:y)?|total(?:ly)?|entirely|100%)\s+desaturat\w*|"
    r"\bdesaturat\w*\s+(?:it\s+|the (?:photo|picture|image)\s+)?(?:completely|fully|totally|entirely|all the way)\b|"
    r"\bzero saturation\b"
)

# Requests no local op can honour: said plainly, never faked. Each swallows the rest of its clause,
# so "replace the sky with a sunset" is not also read as "warmer". (pattern, why, what was asked for)
_LOCAL_NOUNS = (
    r"warm\w*|cool\w*|contrast|saturation|colou?r\w*|punch|pop|vignette|sharp\w*|clarity|tint|"
    r"bright\w*|light|film|mood\w*|drama|detail|vibrance|glow|exposure|depth|"
    # looks and finishes are local too ("add a vintage look", "add some noise"); the look's own word, never
    # "look" or "effect", which would let "add a snow effect" through
    rf"grain\w*|noise|vintage|retro|sepia|matte|fade\w*|haze|filter|{BW}|monochrome|mono|gr[ae]y[- ]?scale|"
    r"portrait|landscape|square"  # a shape: "put it in portrait"
)
_REST = r"(?:(?!\b(?:and|but|then|also|plus)\b)[^,.;!?])*"
_HUES = r"(?:reds?|blues?|greens?|yellows?|oranges?|pinks?|purples?)"
# Colour drained from all but one hue: "remove the colour but keep the red", "b&w except the red dress".
_DRAIN = rf"(?:(?:remove|drop|strip|lose|get rid of|take out|no|without)\s+(?:all\s+)?(?:the\s+)?colou?rs?|{BW}|b&w|mono\w*|gr[ae]y\w*|desaturat\w*)"
_SELECTIVE = (
    r"\b(?:colou?r splash|selective colou?r|spot colou?r)\b"
    + _REST
    + rf"|\b{_DRAIN}[^.;!?]*?\b(?:but|except|apart from|save|other than|only)\b[^.;!?]*?\b{_HUES}\b"
    + _REST
    + rf"|\b(?:keep|leave)\s+(?:only\s+|just\s+)?(?:the\s+)?{_HUES}\b[^.;!?]*?\b{_DRAIN}"
    + _REST
)
# Recolouring one thing: "change her shirt from red to blue", "change the colour of the car", "paint the wall green".
# A colour named for the whole picture ("make it blue", "turn the photo black and white") is a local grade.
_COLOUR = (
    r"(?:red|blue|green|yellow|orange|pink|purple|violet|brown|black|white|gr[ae]y|gold|silver|teal|navy|beige|"
    r"turquoise|maroon|magenta|cyan|lime|blonde?|brunette|ginger)"
)
_WHOLE_THING = (
    r"(?:photos?|images?|pictures?|pics?|shots?|whole|thing|rest|everything|colou?rs?|tones?|shadows|highlights|"
    r"blacks|whites|midtones|one|version|variation|edit|overall|lighting|light|sky|background|bg|into|to|and|"
    rf"{_COLOUR})\b"
)
_DETS = r"(?:the|his|her|their|my|that|this|those|these)"
_PEOPLE_OF = r"(?:my|his|her|their|our|your|the (?:bride's|groom's|baby's|kid's|model's) )\s*"
_HEDGE = r"(?:more|less|much|way|so|even|too|very|bit|little|slightly|lot|look|looks|a)\b"
# A thing named with its present colour is still one thing ("the red car"): the colour is taken whole (possessive),
# so the word after it decides whether the thing is the whole picture.
_NOW = rf"(?:{_COLOUR}\s+(?=(?!{_HEDGE})[a-z]))?+"
_THING = rf"{_DETS}\s+{_NOW}(?!{_WHOLE_THING}|{_HEDGE})[a-z]+(?:-[a-z]+)?"
# The colour it should become, as said: "blue", "a deep blue", "bright red".
_NEW = (
    r"(?:(?:a|an)\s+)?(?:(?:deep|dark|light|bright|pale|royal|baby|hot|sky|pastel|rich|vivid|bold|nice|different)\s+)?"
)
_RECOLOUR = (
    rf"\b(?:change|switch|turn|make|swap|alter)\b[^,.;!?]*?\bfrom\s+{_COLOUR}\s+(?:to|into)\s+{_COLOUR}\b"
    + _REST
    + rf"|\b(?:change|switch|alter|swap)\s+(?:the\s+)?colou?rs?\s+of\s+(?!(?:{_DETS}\s+)?{_NOW}{_WHOLE_THING}|it\b)\w"
    + _REST
    + rf"|\b(?:make|turn|paint|dye|recolou?r)\s+{_THING}(?:'s)?"
    rf"(?:\s+(?!{_WHOLE_THING}|{_HEDGE})[a-z]+)?\s+(?:(?:to|into)\s+|looks?\s+)?{_NEW}{_COLOUR}\b"
    r"(?!\s*(?:and|&|n|'n'?)[ -]?white)"
    + _REST
    # "change the red car to blue", "turn the car into a blue one", "swap the jacket's colour for black"
    + rf"|\b(?:change|switch|turn|swap)\s+{_THING}(?:(?:'s)?\s+colou?r)?\s+(?:to|into|for)\s+{_NEW}{_COLOUR}\b"
    + _REST
    # a thing's colour to another, said short: "blue jacket to red please"
    + rf"|\b{_COLOUR}\s+(?!{_WHOLE_THING}|{_HEDGE})[a-z]+\s+(?:to|into|->|→)\s+{_NEW}{_COLOUR}\b"
    + _REST
    # a thing wished another colour: "can the car be blue", "what if the door was red", "i'd like the dress in green"
    + rf"|\b(?:can|could|should|would|if)\s+{_THING}\s+(?:be|was|were|become|turn|go)\s+{_NEW}{_COLOUR}\b"
    + _REST
    + rf"|\b(?:want|like|prefer|need|love)\s+{_THING}\s+(?:in\s+|to be\s+)?{_NEW}{_COLOUR}\b"
    + _REST
    # "i want the car blue instead of red"
    + rf"|\b{_THING}\s+(?:in\s+)?{_NEW}{_COLOUR}\s+instead\s+of\b"
    + _REST
)
GENERATIVE = [
    (_RECOLOUR, "recolouring one thing needs that thing found first", "recolour one thing in the picture"),
    (
        _SELECTIVE,
        "keeping one colour while the rest turns grey needs that colour's areas found first",
        "keep one colour and turn the rest grey",
    ),
    (
        r"\bblur(?:red|ry)?\s+(?:out\s+)?(?:the |its |a )?(?:back ?ground|bg)"
        + _REST
        + r"|\bbokeh\b"
        + _REST
        + r"|\bbackground\s+(?:blur|blurr?y|blurred|out of focus|soft(?:er)?)"
        + _REST
        + r"|\b(?:shallow|less) depth of field"
        + _REST,
        "blurring only the background needs the subject separated from it",
        "blur the background",
    ),
    (
        r"\bblur(?:red)?\s+(?:out\s+)?(?:the |his |her |their |a |that )?(?:faces?|plates?|licen[cs]e|person|people|"
        r"text|logo|sign)" + _REST,
        "blurring one part of the picture needs that part found first",
        "blur just one part of the picture",
    ),
    # before "remove": "remove my wrinkles" retouches a face, it frames nothing out
    (
        rf"\b(?:whiten\w*|smooth\w*|soften)\s+(?:the |{_PEOPLE_OF})?(?:teeth|skin|face|complexion)"
        + _REST
        # the verb taken with it, or "remove" would read the rest as an object to fill ("remove my wrinkles")
        + rf"|\b(?:(?:remove|erase|delete|get rid of|fix|hide|reduce|lose|clean up)\s+(?:(?:the|all|of|any|those|"
        rf"these|some)\s+|{_PEOPLE_OF})*)?"
        r"(?:retouch\w*|airbrush\w*|blemish\w*|wrinkles?|acne|pimples?|zits?|dark circles|eye bags|"
        r"double chin|crow'?s feet)\b"
        + _REST
        # "make me look younger", "can you make her look thinner", "make us look less tired"
        + r"|\bmake\s+(?:me|him|her|them|us|my \w+|his \w+|her \w+)\s+(?:look\s+)?(?:(?:a bit|a little|a lot|much|way|"
        r"more|less|so)\s+)*(?:younger|older|thinner|slimmer|skinnier|fatter|taller|shorter|prettier|handsomer|"
        r"more handsome|less tired|happier|tanned|tanner|fresher|smile|smiling)\b"
        + _REST
        + rf"|\b(?:slim|thin|tan)\s+(?:down\s+)?(?:me|him|her|them|{_PEOPLE_OF}(?:face|waist|arms?|legs?|body))\b"
        + _REST
        + rf"|\bopen\s+{_PEOPLE_OF}eyes\b"
        + _REST,
        "retouching a face or skin needs it found first",
        "retouch faces or skin",
    ),
    (
        # "remove the colour" drains it (local), as "remove the speckles" smooths noise: only things in the picture
        # need generative fill
        r"\b(?:remove|erase|delete|get rid of)\b(?!\s+(?:all (?:of )?)?(?:the |any |that |this |a |some )?(?:(?:colou?r|red|blue|green|"
        r"yellow|orange|magenta|pink|purple|violet|cyan|warm|cool|weird|ugly|strange|slight|heavy|strong|"
        r"empty|dead|negative|extra|blank|wasted)\w* )*"
        r"(?:colou?rs?\b|cast|tint|tinge|noise|grain|speckl\w*|specks?\b|vignette|saturation|contrast|warmth|blue|yellow|green|magenta|pink|"
        # space at the edges is cropped away, not filled: "crop to remove the empty space on top"
        r"purple|haze|darkness|brightness|space|borders?|margins?))" + _REST,
        "removing an object needs generative fill",
        "remove things from the picture",
    ),
    (
        r"\b(?:add|insert|put)\s+(?!(?:\w+\s+){0,3}?(?:" + _LOCAL_NOUNS + r")\b)" + _REST,
        "adding things to the picture needs a generative edit",
        "add things to the picture",
    ),
    (
        r"\b(?:replace|swap|change)\s+(?:the\s+)?(?:sky|background|bg)"
        + _REST
        # "make the sky more dramatic" grades the sky there is (the whole photo, said), where "make the sky blue" changes it
        + r"|\bmake the (?:sky|background)(?!\s+(?:look\s+)?(?:(?:a bit|a little|a lot|more|less|much|way|so|even|really)\s+)*"
        r"(?:dramatic|moody|moodier|darker|deeper|richer|punchier|pop|stand out|stormy|stormier|brooding|intense|"
        # ... as does a comparative: "make the sky bluer", "more blue", "a bit brighter" (a grey sky made blue is new)
        r"(?:more|less)\s+[a-z]+|[a-z]+er)\b)" + _REST,
        "changing one part of the scene needs a generative edit",
        "change the sky or the background",
    ),
    # red eyes are a few pixels to find and recolour: no grade of the whole picture stands in, so it is answered plainly
    (r"\bred[- ]?eyes?\b" + _REST, "fixing red-eye needs the eyes found first", "fix red-eye"),
    (
        r"\b(?:extend|outpaint|uncrop|expand)\b" + _REST,
        "extending the picture beyond its edges needs generative fill",
        "extend the picture past its edges",
    ),
    (
        r"\b(?:in the style of|(?:like|as|into) an? (?:oil )?(?:painting|cartoon|anime|sketch|watercolou?r|drawing|"
        r"comic|caricature)|cartoon(?:ify|i[sz]e)|anime style|pixar|ghibli|van gogh|colou?ri[sz]e)" + _REST,
        "a painted or colourised style is a generative edit",
        "repaint it in another style or colourise it",
    ),
]

# Edits no op here does, local or generative: said plainly, never "I'm not sure what to change".
CANNOT = [
    (
        r"\b(?:upscal\w*|upsampl\w*|super[- ]?res\w*|(?:increase|raise|boost|higher) (?:the )?resolution)\b",
        "upscale it",
    ),
    (r"\bchromatic aberration|\b(?:purple |green |colou?r )?fringing\b", "remove chromatic aberration"),
]


# "get rid of it" pointing back at a fault named before it ("there's a pink cast, get rid of it", "too much noise,
# remove that") takes that fault away: it is no object to remove, so it reads as "fix it".
_BACK_REFERENCE = re.compile(
    r"(\b(?:cast|tinge|tint|noise|grain|haze|glare|vignett\w*|colou?r|too (?:much )?(?:yellow|orange|red|blu|green|"
    r"magenta|pink|purpl|cyan|warm|cool|cold|bright|dark|saturat|contrast|nois|grain|haz)\w*)\b[^.;!?]*?)"
    r"\b(?:remove|erase|delete|get rid of|lose|kill)\s+(?:it|that|this|them)\b"
)


def without_generative(text: str) -> tuple[str, list[str], list[str]]:
    """The text with every non-local request cut out, the reasons those need a generative edit, and what
    each asked for in the person's terms."""
    reasons, asks = [], []
    text = _BACK_REFERENCE.sub(r"\1fix it", text)
    for pattern, why, ask in GENERATIVE:
        if re.search(pattern, text):
            reasons.append(why)
            asks.append(ask)
            text = re.sub(pattern, " ", text)
    return text, reasons, asks
