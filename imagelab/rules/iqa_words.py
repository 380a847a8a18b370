"""What quality questions say: distortion words, metrics, comparisons, and the shapes of asking and ordering.

The vocabulary `iqa` reads a message with (text lower-cased and folded there first). Pure: no Django.
"""

import re

# "which", as typed in a hurry: "whcih one is sharpest", "wich is noisier", "whihc has the least noise"
WHICH = r"(?:wh?ich|whcih|wihch|whihc|whic|whch|wchih)"
HUES = r"(?:blue|yellow|green|orange|magenta|red|purple|pink|cyan)"
HEDGE = r"(?:a bit|a little|slightly|kinda|kind of|sort of|rather|quite|very|really|too|so|way|all)"
# a hue said to be how it looks, or to have grown: "looks a bit green", "look more magenta", "got greener"
HUE_STATE = (
    rf"(?:look|looks|looking|seem|seems|is|are|got|gets|getting|turned|went|gone)"
    rf"(?: (?:{HEDGE}|more|much more|even more|less|any))* (?:{HUES}|(?:blu|green|yellow|pink|orang|purpl)er)|"
    # asked the other way round: "why is it so pink", "is everything a bit green"
    # a numbered variation is a photo too: "why is #4 so yellow", "is number 2 a bit green"
    rf"(?:is|are|was|were) (?:it|this|that|everything|they|#\d|(?:number|no\.?|variation|version|option|v) ?\d)"
    rf"(?: {HEDGE})* {HUES}"
)
# Colours said to be off, or asked whether they are right.
_SAID_OFF = (
    r"(?:are |is |look |looks |looked |seem |seems |feel |feels )?(?:a bit |slightly |very |so )?"
    r"(?:off|wrong|weird|strange|unnatural|funny|accurate|natural|true to life|realistic|right)"
)
# Distortion words and synonyms -> our distortion names (matched on the text with inflections folded, see _fold).
# Each match is masked before the next pattern looks, so "over exposed" never also reads as bare "exposed".
WORDS = [
    (
        # "tack sharp" is one word for sharp, so "tack" is never the subject
        r"motion[- ]blurr?(?:ed|y)?|blurr?y|blurred|blur|soft|out of focus|unfocused|not sharp|in focus|"
        r"(?:tack|razor|pin|critically)[- ]sharp|sharp|focus(?:s?ed)?|fuzzy|smeared|smudgy|"
        r"smudged|crisp|crispy|shaky|camera shake|shake|jittery|"
        # detail smoothed away, as heavy noise reduction leaves it: "did the denoise make it mushy?"
        r"mushy|mush|smeary|waxy|"
        # focus jargon: "tack sharp or missed?", "is focus nailed", "front-focused", "the focus missed"
        r"misfocus\w*|missed focus|focus missed|(?:front|back)[- ]focus\w*|"
        # text too soft to read: "is the text on the sign readable?"
        r"readable|unreadable|legible|illegible",
        "blur",
    ),
    # its good word asks after it too: "is it crisp and clean?" (`iqa_polarity` answers it the right way round)
    (r"noisy|noise|grainy|grain|speckled|speckles|speckle|specks|speckly|clean|(?:noise|grain)[- ]free", "noise"),
    (
        r"over[- ]?exposed|overexposure|blown[- ]?out|blown highlights|blown|blow(?:s|ing)? out|blew out|too bright|"
        # the thing between, which stays readable as the subject: "did number 2 blow the sky out?"
        r"(?:blow(?:s|ing)?|blew)(?= (?:the |my |her |his |its |their )?[a-z]+ out\b)|"
        r"burnt out|burned out|clipped highlights|clipping|clipped|washed[- ]out highlights|burnt|burned|"
        r"(?:highlights|whites|brights)(?: \w+){0,2} clipped|"
        # a part said to have gone white: "the sky looks totally white" (never "black and white")
        r"(?:totally|completely|pure|all|solid|just|gone|turned|blank) white(?! (?:and|&|n)\b)|"
        # the exposure said to be high: "is the exposure too high?"
        r"(?:exposure|brightness)(?: (?:is|looks|seems|a bit|way|far|much|slightly))* too high|"
        # "the highlights are washed out" is blown highlights; washed out on its own is flat (below)
        r"(?:highlights|whites)(?: \w+){0,3} washed[- ]out|"
        # detail asked after in the brights: "is there highlight detail?", "do the whites hold detail?"
        r"highlight detail|detail in the (?:highlights|whites)|"
        r"(?:highlights|whites) (?:still )?(?:have|has|hold|keep|show) (?:any |some )?detail",
        "overexposure",
    ),
    (
        r"under[- ]?exposed|underexposure|too dark|dark|dim|murky|crushed|crushed shadows|blocked up|"
        r"(?:totally|completely|pure|solid|pitch|just|gone) black(?! (?:and|&|n)\b)|"
        r"(?:exposure|brightness)(?: (?:is|looks|seems|a bit|way|far|much|slightly))* too low|"
        # detail asked after in the darks: "do the blacks have detail?", "is there shadow detail?"
        r"shadow detail|detail in the (?:shadows|blacks|darks)|"
        r"(?:blacks|shadows|darks) (?:still )?(?:have|has|hold|keep|show) (?:any |some )?detail",
        "underexposure",
    ),
    (
        r"jpe?g|blocky|blocks|compression|compressed|artefacts|artifacts|pixelat\w*|pixelly|pixely|macroblocking|"
        # steps in a smooth gradient come from too few levels, as in a compressed file: "banding in the sky"
        r"band(?:ing|ed)|posteri[sz](?:ed|ation)|stair[- ]?stepp(?:ed|ing)",
        "jpeg",
    ),
    (
        r"washed[- ]out|low contrast|flat|dull|hazy|haze|foggy|muddy|lifeless|faded|milky|contrast|"
        # too much of it: "is it too harsh?", "too punchy?" (`iqa_polarity`); never the light's "lighting too harsh"
        r"(?<!lighting )(?<!light )(?<!lighting is )(?<!light is )(?:too |overly |over[- ]?)(?:harsh|punchy|punched|contrasty)",
        "low_contrast",
    ),
    (
        r"colou?r cast|cast|tint|tinted|tinge|tinged|white balance|colou?r balance|"
        rf"too (?:{HUES}|warm|cool|cold)|too much {HUES}|(?:a|an) {HUES} (?:hue|cast|tone|shift)|"
        r"(?:blu|green|yellow|orang|magent|redd|purpl|pink)e?[- ]?ish|"
        # a hue said to be how it looks is a cast: "faces look orange", "does the lake look a bit green"
        rf"{HUE_STATE}|"
        # "the colours is strange" (a learner's agreement) as much as "the colours look off"
        rf"colou?rs? {_SAID_OFF}|"
        # skin tones are its colours: "do the skin tones look natural?" (the skin stays the subject)
        rf"tones? (?:look |looks |seem |seems |are |is )(?:a bit |slightly |very |so )?(?:off|wrong|weird|strange|"
        r"unnatural|funny|accurate|natural|true to life|realistic|right)|"
        # where, in between, stays readable as the subject: "is the colour of her dress off?", "... on number 3 off?"
        rf"colou?rs?(?= (?:on|in|of) (?:the|this|that|my|her|his|their|number|no\.?|#)[a-z0-9' ]{{0,25}}? {_SAID_OFF})",
        "colour_cast",
    ),
    # "unsharp" (never the edit, "unsharp mask") and "noicy" (too short for the typo matcher) in English; the main
    # faults as Spanish, Portuguese, French, German and Italian speakers ask ("la foto está borrosa?", "c'est flou?")
    (
        r"unsharp(?! mask)|borros[oa]|desenfocad[oa]|desfocad[oa]|flou|floue|unscharf|verschwommen|sfocat[oa]|"
        r"scharf|n[ií]tid[oa]|(?:est|pas|bien|assez) nett?e?",  # by the good word: "ist es scharf?", "c'est net ?"
        "blur",
    ),
    (
        r"noicy|noizy|ruido|granulad[oa]|granulos[oa]|bruit|bruitée?|granuleu(?:x|se)|verrauscht|rauschen|rumore",
        "noise",
    ),
    (
        r"oscur[oa]|subexpuest[oa]|sous[- ]?expos[ée]e?|unterbelichtet|zu dunkel|scur[oa]|sottoespost[oa]|sombres?",
        "underexposure",
    ),
    (r"quemad[oa]|sobreexpuest[oa]|surexpos[ée]e?|überbelichtet|zu hell|sovraespost[oa]", "overexposure"),
    # Exposure in general: both ways, unless a word above already said which.
    (r"exposure|exposed|lighting|brightness", ("overexposure", "underexposure")),
]
# Grown better or worse since the source (a comparison with it): "did it get any better?", "has it improved?",
# "did the edit make it worse?"; not "can you improve it?" (an order)
GROWN = (
    r"\b(?:got|gotten|get|gets|getting|become|became|grown|grew)\s+(?:any\s+|much\s+|a lot\s+|a bit\s+)?"
    r"(?:worse|better)\b|\b(?:improved|worsened)\b|"
    r"\b(?:did|does|do|has|have) (?:it|this|that|they|the \w+|my \w+|v\d+|number \d+|\w+ \d+) (?:really |actually )?"
    r"(?:improve|worsen)\b"
)
# Whether an edit made it better, no fault named (a comparison with its source): "is 2 an improvement?", "was the edit
# an upgrade?", "is it better now?", "better or worse?"; never advice ("is it better to crop?") or two variations.
IMPROVEMENT = (
    r"\b(?:an?|any|real|big|much of an?) (?:improvement|upgrade|downgrade|step (?:up|down|back(?:wards?)?))\b|"
    r"\bbetter or worse\b|\bworse or better\b|\b(?:is|was|are|were|'s) (?:it|this|that|they|#?[1-5]|(?:number|variation|"
    r"version|v) ?[1-5]|the (?:\w+ )?(?:one|edit|result|version|variation))(?: (?:now|really|actually|any|much|even))* "
    r"(?:better|worse)\b(?! (?:to|if|for|as|th[ae]n (?:#|number |variation )?[1-5])\b)|"
    r"^\W*(?:(?:so|and|ok|okay|hmm+)\W+)?(?:any |an? )?(?:improvement|upgrade)\b|"  # "improvement or not?"
    # "did I make it better?", "did the edit help?", "was the edit worth it?"
    r"\b(?:did|does|has|have) (?:it|this|that|i|we|you|u|the \w+|my \w+|#?[1-5]) (?:really |actually )?(?:make|made) "
    r"(?:it|this|that|things) (?:any )?(?:better|worse)\b|\b(?:did|has|have) (?:it|this|that|the \w+|my \w+) "
    r"(?:really |actually )?help(?:ed)?\W*$|\b(?:edit\w*|changes|filter|grade|processing) (?:was |were )?worth it\b"
)
# Editing named as a thing: "the sharpening", "the upscale", "my edit".
EDITING = r"(?:edit|editing|edits|changes|filter|grade|processing|sharpening|denois\w*|upscal\w*|resiz\w*|retouch\w*)"
# What an edit did asks to compare with its source: "did my edit wreck it?", "how much did the edit degrade it?",
# "is that tint from the edit?"
EDITED = (
    rf"\b(?:{EDITING}|version|variation|it|this|that|you|u|i) (?:\w+ )?(?:wreck\w*|ruin\w*|damag\w*|degrad\w*|"
    r"spoil\w*|harm\w*|butcher\w*|destroy\w*|mess\w* (?:it |this |that )?up)\b|"
    rf"\b(?:from|by|because of|after|due to|since) (?:the|my|your|that|this|an?) {EDITING}\b"
)
REFERENCE = (
    r"compar\w* (?:it |this |that )?(?:with|to|against)|than (?:the|its) (?:original|upload|first|source)|"
    # chat shorthand: "vs the og", "noisier than b4"
    r"\b(?:the|its|my|vs\.?|versus|against|than|to|with|from) (?:first |initial |very first |earlier )?"
    r"(?:original|upload|source|og|input)\b|before|\bb4\b|unedited|"
    r"changed?|"
    r"differ\w*|similar|"
    # grown better or worse since the source: "has the noise gotten worse?", "did it get any better"
    r"\b(?:got|gotten|get|gets|getting|become|became|grown|grew)\s+(?:any\s+|much\s+|a lot\s+|a bit\s+)?"
    r"(?:worse|better)\b|"
    # the source in other words: "the raw one", "the untouched file", "what I sent you", "the one I uploaded"
    # (whole words: "raw" is in "drawing" and "straw")
    r"\b(?:raw|unprocessed|untouched|unretouched|sooc|straight out of (?:the )?camera)\b|"
    r"\b(?:what|the (?:one|file|photo|pic|picture|image|version)|one) (?:i|we) (?:sent|uploaded|gave|posted|shared)\b|"
    # "did the edit make it noisier?" asks what the edit did: a comparison with its source
    rf"(?:{EDITING}|version|variation) (?:make|made|makes|add|added|introduce\w*|cause\w*|leave|left)|{EDITED}|"
    # or took something away: "did the edit fix the cast?", "has the denoise removed the grain?"
    rf"(?:{EDITING}|version|variation) (?:fix|fixed|fixes|remov\w*|reduc\w*|clean\w*|get rid|got rid|kill\w*)\b|"
    # a variation said to have added or lost something: "did the last version add noise?", "has it lost detail?"
    r"\b(?:version|variation|variant|option|result|one|filter|grade|it|this|that|you|u) "
    r"(?:add|added|adds|introduce\w*|lose|lost|loses|ruin\w*|kill\w*|degrade\w*)\b|"
    # the asker lost something in the edit: "did I lose any sharpness in the 3rd?"
    r"\b(?:did|have|has) (?:i|we) (?:lose|lost)\b|" + GROWN + "|" + IMPROVEMENT
)
# Text is lower-cased, so "ΔE" arrives as "δe".
METRICS = {
    "ssim|structural similarity": "SSIM",
    "psnr|peak signal[- ]to[- ]noise(?: ratio)?": "PSNR",
    # "ΔE2000", "delta e 00": the formula's year is part of the name
    r"(?:delta[- ]?e|[δΔ]e)(?:[- ]?(?:2000|00|76))?|de2000|ciede2000|colou?r difference": "DeltaE2000",
}
# Whether the photo is fit to print: "is it ok to print?", "good enough for printing", "print ready?"
PRINT_READY = (
    r"(?:ok|okay|fine|good|ready|fit|sharp enough|good enough|alright) (?:to|for) (?:a )?print(?:ing|ed|s)?\b|"
    r"print[- ]?ready|printable"
)
QUALITY = (
    r"quality|good enough|look (?:ok|okay|good|fine|right)|how (?:good|bad) is|any (?:problems|issues|flaws)|"
    # the photo judged as a whole: "honestly is this photo any good", "is it a decent shot?"
    r"\bany good\b|(?:a|any) (?:good|decent|bad) (?:photo|picture|pic|shot|image)\b|"
    r"what'?s wrong|(?:problems|issues|flaws) with|"
    # a mark asked for: "rate this photo out of 10", "score it", "on a scale of 1 to 5" ("grade" is a colour grade)
    r"(?:rate|score|mark) (?:it|this|that|the|my)|out of (?:5|10|100|five|ten|a hundred)|on a scale|"
    # slang for a poor camera: "looks like it was taken on a potato", "potato quality"
    r"(?:on|with|by) a potato|potato[- ]?(?:quality|cam\w*)|"
    # fit for print, asked of the photo ("is it ok to print?"); how big it prints is the size answer's
    rf"{PRINT_READY}|"
    # edited too far, no fault named: every figure looked at ("does it look overprocessed?")
    r"over[- ]?(?:processed|edited|cooked|done)|too (?:heavily |much )?(?:processed|edited)"
)
# A figure asked for as an order ("can u give me the psnr vs the unedited one"): a question, not an edit.
MEASURE_ASK = re.compile(
    r"\b(?:give|show|tell|get|send) (?:me|us) (?:the |a |an |its |some |your )?(?:ssim|psnr|delta[- ]?e|[δΔ]e|"
    r"scores?|ratings?|figures?|numbers?|readings?|quality|metrics?|measurements?|verdict)\b"
    # a mark given to the photo: "give this photo a quality score", "give it a rating out of 10" ("grade" is a look)
    r"|\b(?:give|assign) (?:it|this|that|(?:the|this|that|my) \w+) (?:a|an|its) (?:\w+ )?(?:score|rating|mark)s?\b"
)
COMPARE = (
    GROWN + "|" + EDITED + "|" + IMPROVEMENT + "|"
    r"how (?:much|different|close|similar|far)|differ|similar|changed|compar\w*|vs\.?|versus|against|than|"
    r"(?:closer|closest|nearer|nearest|further|furthest) (?:to|from)|most like"
)
# A question: ends with "?" or opens like one (or asks for an assessment).
ASKS = (
    # a "?" anywhere ("too dark? 🤔"), an inverted question after a greeting ("hiya quick one is the pic soft"),
    # "how good is" after a lead-in ("on a scale of 1 to 10 how good is this photo")
    r"\?|\b(?:is|are|does|do|did) (?:the|this|that|it|my|these|those|there)\b|\bhow \w+ (?:is|are|does|do|did)\b|"
    # doubt said asks too: "I can't tell if the highlights are clipped", "not sure whether it's soft"
    r"\b(?:can'?t tell|cannot tell|not sure|unsure|wonder(?:ing)?|no idea) (?:if|whether)\b|"
    # a tag asks too: "the whites aren't clipping are they", "blown highlights or nah"
    r"\b(?:is|are|isn'?t|aren'?t|was|wasn'?t|does|doesn'?t|do|don'?t|did|didn'?t) (?:it|they|there|that|this)\W*$|"
    r"\bor (?:nah|not|no|nope)\b\W*$|"
    # "which" after a lead-in: "out of the five which has the most noise"
    rf"\b{WHICH} (?:one|ones|of (?:them|these|those|the)|variation|version|is|has|have|looks?)\b|"
    # a numbered variation asked about: "compared to the og is #2 darker"
    r"\b(?:is|are|does|do|did) (?:#|number |no\.? ?|variation |version |v)\d\b|"
    # chat shorthand opens one too: "r the highlights clipped", "iz it blurry", "wat's the psnr"
    rf"^(?:is|are|r|iz|does|do|did|how|how'?s|hows|why|was|were|has|have|wh?at'?s?|wot'?s?|wut'?s?|{WHICH}|any|tell me|"
    r"check|"
    r"measure|rate|assess|evaluate|judge|review|analy[sz]e|score|compare|"
    # a terse check named by its subject: "noise check", "focus check pls", "quick exposure test"
    r"(?:[a-z]+ )?[a-z]+ (?:check|test)(?: (?:on|of|for) [\w# ]+?)?(?: (?:pls|plz|please))?[.!]*$|"
    r"(?:can|could|would) (?:you|u) (?:please )?(?:tell|check|measure|rate|assess|evaluate|judge|see|confirm|compare))\b"
)
# How-to and capability questions ask what to do, not what the photo is like ("how do I make it sharper?").
HOW_TO = re.compile(
    r"\b(?:how|what) (?:do|can|could|should|would) (?:i|we|you|u) (?:do|make|fix|get|improve|use|reduce|remove|avoid|"
    r"prevent|edit|change|correct)\b|\bwhat (?:else )?can (?:you|u) do\b"
)
# A request to change the photo, however politely it opens ("could you make it less dark?").
EDIT_VERBS = (
    r"make|fix|add|remove|reduce|increase|decrease|crop|rotate|straighten|sharpen|blur|brighten|darken|lighten|"
    r"boost|lower|raise|correct|adjust|denoise|enhance|clean|turn|give|apply|change|convert|warm|cool|desaturate|"
    r"saturate|tone|edit|try|recover|bring|lift|deepen|soften|clear|get rid"
)
EDIT = re.compile(
    rf"^(?:(?:ok|okay|thanks|now|and|then|also|so|hey|hi)[,!.]?\s+)*"
    rf"(?:(?:can|could|would|will) you\s+|please\s+|pls\s+|i(?:'d| would) like you to\s+|i want you to\s+|let'?s\s+)*"
    rf"(?:please\s+)?(?!blur[- ]effect\b)(?:{EDIT_VERBS})\b|\b(?:possible|able) to (?:{EDIT_VERBS})\b"
    # a request after the question still asks for an edit: "the sky is blown out, can you recover it?"
    # (after another verb too: "can you check and fix the noise?")
    rf"|\b(?:can|could|would|will) (?:you|u)\s+(?:please\s+|pls\s+)?(?:[a-z]+\s+(?:it\s+)?and\s+)?(?:{EDIT_VERBS})\b"
    # an order opening a later clause: "it's too dark, brighten it", "its soft pls sharpen" (not blur in a list of
    # faults: "check #1 for noise, blur and blown highlights")
    rf"|(?:[,.;!?]|\b(?:so|pls|plz|please))\s+(?:(?:so|and|then|now|just|pls|please)\s+)*"
    rf"(?!blur\s*(?:and|or|,|\?|$))(?:{EDIT_VERBS})\b"
    # a suggestion to do something: "how about making it sharper", "what about adding some grain"
    r"|\b(?:how|what) about (?:we |you |u )?(?:just )?(?!lighting\b)[a-z]{3,}ing\b"
)
# A statement of how the photo is asks to check it ("i think its blurry", "the whites are clipping"): a state
# verb right before a distortion word (masked to "|" by _scan), so "a vintage look with grain" is no statement.
STATE = r"looks?|looking|seems?|appears?|is|are|r|was|were|its|it'?s|that'?s|have|has|got|came out|comes out"
STATED = re.compile(rf"\b(?:{STATE})(?:\s+(?:{HEDGE}|much|too much|lots of|a lot of|some|such))*\s+\|")
# The state verb can be inside the matched phrase itself ("the colours look off"): read on the unmasked text.
STATED_OFF = re.compile(rf"\b(?:{STATE})(?:\s+{HEDGE})*\s+(?:off|wrong|weird|strange|unnatural)\b")
# The viewer's own eyes or screen are never what the question is about ("or is it just my screen").
VIEWER = re.compile(
    r"\b(?:or (?:is it |is that |it'?s |that'?s )?)?just (?:me|my \w+)\b|\bor (?:is it|is that|it'?s) (?:me|my \w+)\b|"
    # the device it is seen on: "can't tell on my phone", "looks fine on my laptop"
    r"\b(?:on|with|from|in) (?:my|this|the) (?:phone|screen|monitor|laptop|display|tablet|ipad|iphone|tv|computer)\b"
)
# A bare subject opening a statement ("faces look orange"), when it is not a pronoun.
# A greeting or filler before it is no subject: "yo is this blurry af", "ok so is it soft".
_FILLER = (
    r"(?:yo|hey|hi|hiya|ok|okay|so|hmm+|um+|uh+|lol|bruh|omg|wait|well|ngl|honestly|also|and|but|"
    # chat slang opening a statement: "lowkey looks kinda dark", "bro is this pic blurry"
    r"lowkey|highkey|bro|bros|dude|tbh|imo|idk|fr|srsly|welp)"
)
SUBJECT = re.compile(
    rf"^(?:{_FILLER}[,!.]*\s+)*(?!{_FILLER}\b)([a-z]+) (?:look|looks|seem|seems|is|are|appear|appears|have|has)\b"
)
# A statement with an order in it ("its blurry sharpen it") or praise ("dark and moody, love it") asks nothing.
NOT_ASKING = re.compile(
    rf"\b(?:{EDIT_VERBS}) (?:it|this|that|them|the|up)\b|\b(?:love|like|loving|perfect|great|gorgeous|awesome)\b"
)
# Faults asked about that no measurement here covers: answered plainly, never measured as something else.
UNMEASURED = [
    (r"chromatic aberration|\bca\b|(?:purple|green|colou?r) fringing|fringing|fringes", "chromatic aberration"),
    (r"over[- ]?sharpen\w*|halos?|haloing|crunchy", "oversharpening"),
    (r"over[- ]?saturat\w*|too saturated|neon", "oversaturation"),
    (r"moir[eé]", "moiré"),
    (
        r"(?:sensor )?dust spots?|sensor dust|dust (?:on|in) (?:the |my )?(?:sensor|lens)|hot pixels?|dead pixels?",
        "dust spots and hot pixels",
    ),
    # "is the photo distorted?" (warped lines, not a fault measured here)
    (
        r"lens distortion|barrel distortion|pincushion|keystone|converging (?:lines|verticals)|distort(?:ed|ion)\b",
        "lens distortion",
    ),
    (r"(?:lens )?flares?|ghosting", "lens flare"),
    (r"band(?:ing|ed)|posteri[sz](?:ed|ation)|stair[- ]?stepp(?:ed|ing)", "banding"),  # JPEG's figure is not it
    # why it is soft, not measured (the blur is): "is it blurry because of motion or focus?", "camera shake or focus?"
    (
        r"(?:because of|due to|caused by|from) (?:the |camera |subject )?(?:motion|movement|shake|moving|focus(?:ing)?"
        r"|misfocus|missed focus)\b|(?:motion|movement|shake|moving)(?: blur)? or (?:a |the )?(?:missed |bad |mis)?"
        r"focus|(?:missed |bad |mis)?focus(?: error| issue| problem)? or (?:the |camera |subject )?(?:motion|movement|shake)"
        r"|what caused (?:the |this |that )?blur|(?:why|how come) (?:is|does) (?:it|this|the \w+) (?:look )?(?:so )?blurr?y",
        "whether the blur comes from motion or from focus",
    ),
    # or from the lens: "is it blurry from the lens?", "is that lens softness?"
    (
        r"(?:because of|due to|caused by|from|by) (?:(?:the|my|a|this|that|cheap|kit|old) ){0,3}(?:lens|optics)\b|"
        r"lens (?:soft\w*|blur\w*)|soft lens",
        "whether the blur comes from the lens",
    ),
    # darkened corners: measured when asked as parts compared ("are the corners darker than the centre?")
    (r"vignett\w*", "vignetting"),
    # a tilt: "is it crooked?", "is the horizon level?", "is the building leaning?" (never "straight out of camera")
    (
        r"crooked|wonky|lopsided|askew|skew(?:ed|iff)\b|schief\b|torcid[oa]\b|tordue?\b|stort[oa]\b|slant(?:ed|ing)?\b|leaning\b(?! tower)|tilt(?:ed|ing|s)?\b(?![- ]?shift)|"
        # said after another fault: "is the horizon sharp and straight?"
        r"(?:and|or|but) (?:perfectly |properly |dead )?(?:level|straight)\b(?! (?:out|from|off|away|to|after|up)\b)|"
        r"(?:not|un|out of|off) ?level\b|(?:horizon|horizons|lines?|verticals|buildings?|walls?|it|picture|photo|"
        r"image|pic|shot|frame)(?: (?:is|are|look|looks|seem|seems|a bit|slightly|perfectly|properly|dead))* "
        r"(?:level|straight)\b(?! (?:out|from|off)\b)|(?:level|straight) (?:horizon|lines?|verticals)\b",
        "whether the horizon or lines are straight",
    ),
]
# Parts of a scene long enough to be misspelt ("backround", "forground"): a question's subject is read as the
# nearest of these (rapidfuzz), never a quality word.
SCENE_WORDS = (
    "background foreground building mountain horizon reflection portrait subject landscape skyline waterfall "
    "sunset sunrise flower clouds windows person people animal vehicle street bridge forest garden beach ocean "
    "eyelashes eyebrows jewellery jewelry necklace"
).split()
# Whether an edit would help asks how the photo is now ("would it look better brighter?", "does it need
# sharpening?", "should I brighten it?"): in that frame each fix is read as the fault it would fix.
ADVICE = re.compile(
    r"\bwould (?:it|this|that|the \w+|#\d) (?:look|be) better\b|"
    r"\bwould (?:it|this|that|[a-z]+ing (?:it|this|the \w+)) help\b|"
    r"\b(?:does|do|did) (?:it|this|that|the \w+|you think (?:it|this|that|the \w+)) needs?\b|"
    r"\b(?:it|this|that|photo|picture|image|pic|shot) needs? (?:more |less |some |a bit of |any )?[a-z]+ing\b|"
    r"\b(?:could|can) (?:it|this|that|the \w+) use\b|\bworth [a-z]+ing\b|"
    r"\bshould (?:i|we|you|u) (?:\w+ )?(?:brighten|darken|lighten|sharpen|denoise|add|warm|cool|fix|correct)\w*\b"
)
FIXES = [
    (r"brighten\w*|brighter|lighten\w*|lighter|more exposure", "too dark"),
    (r"darken\w*|darker|less exposure", "too bright"),
    (r"sharpen\w*|sharper", "blurry"),
    (r"denois\w*|noise reduction|less noisy", "noisy"),
    (r"more contrast|punchier|more punch", "low contrast"),
    (r"warm(?:ing|er|ed)?(?: up)?|cool(?:ing|er|ed)?(?: down)?|white[- ]balanc\w*|colou?r correct\w*", "colour cast"),
]
