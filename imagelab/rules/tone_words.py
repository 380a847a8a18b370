"""The words the instruction reader (`intent`) looks for around a tone term: faults said of the photo, fixes and
intensifiers, limits, and how far a tone is asked to move. Patterns only. Pure: no Django.
"""

import re

# Terms that name a fault: said to be how the photo is ("it came out dark", "the photo looks flat") or to be
# fixed ("fix the blur"), they ask for the opposite. Other terms stated are a look described, not a complaint.
DEFECT = re.compile(
    r"flat(?:ter)?|dull(?:er)?|drab|lifeless|lacklust(?:er|re)|bland|muddy|meh|boring|blah|murky|dingy|grubby|washed[- ]out|fad(?:ed|ing)|"
    r"muted|pal(?:e|er)|blurr?(?:y|ed|iness)?|"
    r"haz(?:e|y|ier|iness)|dark(?:er)?|dim(?:mer)?|harsh(?:er)?|gloom(?:y|ier)|gr[ae]y(?:ish|er)?|neon|garish|gaudy"
)
# A fault said on its own at a clause's start is a complaint too ("kinda dull, can u make it pop"); "dark" and
# "hazy" there are as often a look asked for ("dark and moody", "hazy dreamy look"), so they are not read so.
FAULT_ALONE = re.compile(
    r"flat|dull|drab|lifeless|lacklust(?:er|re)|bland|muddy|meh|boring|blah|murky|dingy|grubby|blurr?y|garish|gaudy|harsh(?:er)?"
)
HEDGES_ONLY = re.compile(
    r"^(?:\s*\b(?:so|too|way|kinda|kind of|sort of|sorta|a bit|bit|a little|a tad|slightly|somewhat|really|very|quite|"
    r"pretty|rather|super|still))*\s*$"
)
# ... and faults to be undone: "restore the faded colours", "boost the dull tones"
FIX_HEAD = re.compile(
    r"\b(?:fix|correct|repair|sort out|clean up|help with|deal with|do something about|restore|revive|rescue|"
    r"bring back|boost|liven up|perk up)$"
)
INTENSIFY = re.compile(
    r"\b(?:more|richer|stronger|deeper|boost|increase|bump up|enhance|intensify|bring back|restore|revive)$"
)
# ... or said after it: "make colour more strong", "colours stronger"
STRONGER_AFTER = re.compile(
    r"\s+(?:more\s+|a bit\s+|much\s+)?(?:strong(?:er)?|rich(?:er)?|intense|deep(?:er)?|vivid)\b"
    r"|\s+back\b(?!\s+to\b)"  # "bring the colour back"
)
PLACE = re.compile(r"\s+(?:areas?|parts?|bits|regions?|patches|spots)\b")
ENOUGH_AFTER = re.compile(r"\s+enough\b")
# Words before an over- or under- term that make it a limit, not a direction: "not oversaturated", "don't overexpose"
LIMIT = re.compile(
    r"(?:\b(?:not|no|without|never|nor|avoid(?:ing)?)|n't(?: (?:make|let|go|get))?)(?: (?:be|look|looking|get|getting|too|so))*$"
)
NEEDS_MODIFIER = re.compile(r"colou?rs?|reds|greens|blues|yellows|oranges|purples|pinks")

# How far a tone is asked to move, said around its word: "a touch warmer", "way more contrast", "warm it up a bit".
# ("touch" only with its article: "don't touch the contrast" is no degree; "a notch" or "a hair" is a small step)
GENTLE_WORDS = (
    r"(?:a\s+)?(?:tad|smidge(?:n|on)?|hint|tiny bit|little bit|wee bit|teeny bit|bit|little|lil(?:\s+bit)?|notch|hair|fraction)"
    r"(?:\s+of)?|a\s+touch(?:\s+of)?|slightly|subtly|barely|marginally|gently|mildly|ever so slightly"
)
STRONG_WORDS = (
    r"way|much|a lot|lots|loads|very|super|heaps|massively|hugely|far|significantly|dramatically|extremely|really"
)
# ("way too bright" says how bad the fault is, not how far to go: the usual correction)
DEGREE_BEFORE = re.compile(rf"\b(?<!too )(?:({GENTLE_WORDS})|({STRONG_WORDS}))\s+(?:(?:more|less)\s+)?(?:the\s+)?$")
DEGREE_AFTER = re.compile(
    r"\s*(?:(?:it|them|things|this|up|down|out|back)\s+|(?:the|her|his|their|my|your|our|its)\s+(?:[a-z]+'s\s+)?"
    r"(?:[a-z]+\s+)?[a-z]+\s+(?=a\s|slightly|just|only))*(?:just\s+|only\s+)?"
    r"(?:(a\s+(?:touch|tad|smidge|tiny bit|little bit|bit|little|lil(?:\s+bit)?|notch|hair)|slightly)|(a lot|lots|loads|heaps|massively))\b"
    # a limit said after it, in the next clause too: "bump up the saturation, not too much tho", "but don't overdo it"
    r"|(?:\s*,\s*|\s+)(?:(?:it|them|this|up|down|out|back)\s+)*(?:but\s+|just\s+)?((?:not|nothing) (?:too much|too far|too strong|overboard|crazy|over the top)|"
    r"(?:don'?t|do not) overdo (?:it|that)|go easy|(?:like,?\s+)?(?:subtly|subtle|gently|lightly)|"
    r"not too(?=\s*(?:$|[,.;!?]|\b(?:and|but|pls|plz|please|thanks|tho|though)\b)))\b"  # "warmer but not too"
)
GENTLE, STRONG = 0.5, 1.6
JOINED = re.compile(r"\s*(?:,\s*(?:and\s+|&\s+)?|(?:and|&)\s+)(?:the\s+|more\s+|less\s+)?")
NOT_TOO = re.compile(r"\bnot (?:too|overly)\s+(?:the\s+)?$")
