"""What a question ranking the variations says: the property it ranks by, the shapes of asking which one, a pair
of numbers compared, a superlative ("which one is warmest?", "sharpest to softest", "is 3 sharper than 4?").

Split from `iqa_words` (the fault words); read by `iqa`, `iqa_variations` and `iqa_picked`. Pure: no Django.
"""

import re

from imagelab.rules.iqa_words import WHICH

# In a question ranking the variations ("which one is warmest?"), what each word ranks them by, on the folded text
# ("brightest" arrives as "bright", "punchiest" as "punchy"): (pattern, the distortion the plan names or None, the
# figure `iqa_answer.ranking` orders them by). Only read in a ranking: "brighter please" stays an edit. Brightness
# is the mean-luminance figure of both exposures, warmth the yellow-blue axis of the cast, "best" the fewest faults.
RANKED = [
    (r"bright|brightness|light(?:er|est|ness)?", "overexposure", "overexposure"),
    (r"dark|darkness|dim", "underexposure", "underexposure"),
    (r"crisp(?:er|est|ness)?|detailed|(?:most|more|least|less|best|finest) detail", "blur", "blur"),
    (r"clean(?:er|est)?", "noise", "noise"),
    # yellow-blue is the warmth axis (b*), green-magenta the tint axis (a*): "the most yellow", "greenest"
    (
        r"warm(?:er|est|th)?|cool(?:er|est)?|cold(?:er|est)?|(?:most|more|least|less) (?:yellow|blue)|yellow(?:er|est)|"
        r"bluer|bluest",
        "colour_cast",
        "warmth",
    ),
    (r"(?:most|more|least|less) (?:green|magenta|pink)|green(?:er|est)|pink(?:er|est)", "colour_cast", "tint"),
    (
        r"neutral|(?:natural|accurate|true|truest|realistic|correct) (?:colou?rs?|white balance)|white balance",
        "colour_cast",
        "colour_cast",
    ),
    (r"contrast\w*|punchy|pops?|popping|poppy", "low_contrast", "low_contrast"),
    (
        r"colou?rful(?:ness)?|vivid(?:er|est|ness)?|saturated|saturation|vibrant|muted|"
        r"(?:most|more|least|less|richest|richer|strongest|stronger) colou?rs?",
        None,
        "colourfulness",
    ),
    (r"best|worst|better|worse|nicest|nicer|prettiest|finest|greatest|best[- ]looking", None, "problems"),
]
RANK_NAMES = {key: name for _pattern, name, key in RANKED}
RANKED_WORDS = r"\b(?:" + "|".join(pattern for pattern, _name, _key in RANKED) + r")\b"
# An order after a ranking ("which one should I make brighter?") asks what to change, not which one is.
RANK_ORDER = re.compile(r"\b(?:make|makes|making|turn|turns|turning|get|gets|getting|keep|leave|go|use)\b")
# A ranking said as an order, a span or of them all: "rank them by sharpness", "sharpest to softest", "noise check
# on all five", "are any of them blurry?".
ORDERED = (
    r"\b(?:rank|order|sort)\w* (?:them|these|those|all|the (?:variations|versions|five|results|options))\b(?! out)|"
    r"(?:^|\bfrom )(?:the )?[a-z]{3,}est to (?:the )?[a-z]{3,}est\b|\ball (?:five|5|of them|the variations)\b|"
    # whether any is: "are any of the five blurry?", "is any variation noisy?"
    r"\bany (?:of (?:them|these|the (?:five|5|variations|versions|results))|variations?|versions?)\b"
)
# A ranking asks which ("which one", "which of them"), or is a superlative alone ("the brightest one?"): "the
# brightest one but warmer?" picks a variation to edit.
RANK_WHICH = re.compile(
    rf"{ORDERED}|"
    rf"\b{WHICH}\b|^(?:(?:so|ok|okay|and|hmm+|um+)\W+)*(?:the )?(?:(?:most|least) [a-z]+|[a-z]{{3,}}est)"
    r"(?: (?:one|variation|version|variant|option|of (?:the|them|these|those|all)(?: \w+)?))?\W*$"
)
# Two bare numbers compared ("which is brighter, 2 or 3?", "is 2 or #5 warmer?", "is 3 sharper than 4?"), never a count ("1 or 2 stops"),
# and only in a comparison (COMPARING).
PAIR = re.compile(
    # or one set against the other: "is 3 sharper than 4?", "is 2 more colourful than 5", "then" typed for "than"
    r"\b([1-5])\s*(?:or|vs\.?|versus|(?:[a-z]{3,}er|(?:more|less) [a-z]+) th[ae]n)\s*(?:#|number\s*)?([1-5])\b(?!\s*(?:stops?|%|px|pixels?|points?|stars?|out)\b)"
)
COMPARING = re.compile(rf"\b{WHICH}\b|\b(?:more|less|most|least)\b|\b[a-z]{{3,}}(?:er|est)\b")
# A superlative, said either way ("the most dramatic", "the moodiest"); never a noun ending in -est ("the forest").
SUPERLATIVE = r"(?:(?:least|most) [a-z]+|(?!(?:for|inter|harv|contest)est\b)[a-z]{3,}est)"
# Asking which of the variations is best or worst at something: "which one is sharpest?", "the noisiest one?"
RANKS = re.compile(
    rf"{ORDERED}|"
    rf"\b{WHICH} (?:one|ones|of (?:the|them|these|those|my)\b|variation|version|variant|option|result|column|is|has|"
    rf"looks?|seems?|came out|'s)|\b(?:the )?{SUPERLATIVE}"
    r" (?:one|variation|version|variant|option|of (?:the|them|these|those|all))\b"
)
