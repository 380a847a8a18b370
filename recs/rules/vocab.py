"""Word lists for the rule-based planner: genre synonyms, eras, negators, fillers."""

from __future__ import annotations

from recs.sources.franchises import FRANCHISE_NOUNS

# (regex over normalized text, catalogue tag, noun used in intros). Longest phrases first so
# "romantic comedy" wins over "romantic" and "comedy".
GENRE_PATTERNS: list[tuple[str, str]] = [
    (r"romantic comed(?:y|ies)|rom ?coms?|romcoms?", "Romantic Comedy"),
    (r"(?:black|dark) comed(?:y|ies)", "Black Comedy"),
    (r"science fiction|sci ?fi|scifi|space operas?", "Science Fiction"),
    (r"super ?hero(?:es)?|comic book", "Super Hero"),
    (r"horrors?|scary|scarier|spooky|creepy|frightening|terrifying|slashers?|scares?", "Horror"),
    (r"comed(?:y|ies)|funny|funnier|hilarious|comedic|laughs?|lighthearted|light hearted", "Comedy"),
    (r"thrillers?|tense|suspense|suspenseful|gripping|nail ?biters?|edge of (?:my|your|the) seat", "Thriller/Suspense"),
    (r"animated|animations?|cartoons?", "Animation"),  # hand-tagged: recs/sources/animation.py
    (
        r"kids? (?:movies?|films?)|children s (?:movies?|films?)|kiddie|kiddy|"
        # "a family adventure/comedy": the word before a genre says which audience the film is made for
        r"family(?= (?:adventures?|comed(?:y|ies)|fantas(?:y|ies)|musicals?|dramas?|classics?|flicks?))",
        "Family",
    ),
    (r"documentar(?:y|ies)|docu?s|docos?|docu", "Documentary"),  # "any good docus?", "a docu"
    (r"musicals?|singing|sing ?alongs?|songs", "Musical"),  # "a kids movie without singing": no musicals
    (r"concert (?:films?|movies?)|concerts?", "Music"),
    (r"westerns?|cowboys?", "Western"),
    (r"action", "Action"),
    (r"adventures?|adventurous", "Adventure"),
    (r"dramas?|dramatic", "Drama"),
    (r"romance|romances|romantic|love stor(?:y|ies)", "Romance"),
    (r"fantasy|fantasies|magical", "Fantasy"),
    (
        r"true stor(?:y|ies)|biopics?|(?:based on )?(?:true|real|actual|real life) events|based on real life|"
        r"really happened",
        "True Story",
    ),
    (r"historical|period (?:pieces?|dramas?)", "Historical"),
]

# Comfort viewing: a comedy, but never a black one (parse prefers films without it).
FEEL_GOOD = (
    r"feel ?good|uplifting|heart ?warming|cheer (?:me|us|her|him|them) up|cosy|cozy|"
    r"comfort (?:films?|movies?|watch(?:es)?|viewing)|(?<=thing )(?:light|chill)|easy (?:to )?watch(?:ing)?|breezy"
)
# A twist is on record for no film: alone it reads as a thriller, beside a named genre it is noted as unchecked.
TWISTS = r"twisty|(?:(?:big|plot|surprise|shock) |(?<=with )a )?twists?(?: endings?| at the end)|(?:big|plot|surprise|shock) twists?|(?<=with )a (?:good |great |big |real )?twist"
# Moods and occasions read as a genre, and said so in the intro ("good cry → drama"). Scanned before the
# genre words, longest phrases first.
# An evening out as a couple: read as romance.
DATE = r"date night|date nite|(?:first|1st) date|date (?:movies?|films?|flicks?)|(?:for|on) a date|anniversary"
OCCASIONS: list[tuple[str, str]] = [
    (
        # "laugh till i cry" is laughing hard, no drama
        r"(?:a )?good cry|(?<!til i )(?<!till i )(?<!until i )(?<!til we )(?<!till we )cry|crying|sob|sobbing|bawl(?:ing)?|weep(?:ing|y)?|tear ?jerkers?|weepies?|sad|sadder|"
        r"heartbreaking|emotional|poignant|serious|thought provoking",
        "Drama",
    ),
    (r"halloween|nightmare fuel", "Horror"),
    # Comfort viewing is feel-good viewing: cosy films are light ones, read as comedy and said so.
    (FEEL_GOOD + r"|a laugh|need to laugh|light and funny", "Comedy"),
    # "Mind-bending" asks for the reality-twisting kind of film, which the catalogue files as sci-fi.
    (r"mind bending|mind benders?|mind melting|trippy", "Science Fiction"),
    (r"set in (?:outer )?space|outer space|space (?:films?|movies?|travel|adventures?|flicks?)", "Science Fiction"),
    (TWISTS, "Thriller/Suspense"),
    # Spectacle asked for by what's on screen ("loads of explosions"): the catalogue files it as action.
    (r"explosions?|things blowing up|blowing (?:stuff|things) up|car chases?|shoot ?(?:em|them) ?ups?", "Action"),
    # unless romance is ruled out: rules/date_night.py
    (DATE + r"|valentine s(?: day)?|valentines(?: day)?", "Romance"),
]
# Kinds of film the catalogue files under a genre of its own, and said so in the intro ("mystery → thriller").
# Unlike a mood, a kind beside a named genre narrows it: "true story war films" are true stories and period films.
SUBGENRES: list[tuple[str, str]] = [
    # "a creature feature", "monster movies": films built around a monster, which the catalogue files as horror.
    (r"creature features?|monster (?:movies?|films?|flicks?)", "Horror"),
    # The catalogue has no crime or mystery genre: its whodunnits, noirs and detective stories are thrillers.
    (r"(?:film |neo ?)?noir(?: ish)?|mysteries|mystery|whodunn?its?|detectives?|crime", "Thriller/Suspense"),
    # War films are tagged by hand (recs/sources/war.py): the data has no war genre. The noun after "war" is
    # left unmatched, so the intro says "Three war true stories", not "Three war films true stories".
    (
        r"war(?= (?:films?|movies?|dramas?|epics?|stories|story|flicks?|ones?)\b)|wartime|world war (?:i|ii|one|two|1|2)"
        r"|ww ?(?:ii|i|1|2)|ww(?= (?:films?|movies?|flicks?)\b)",
        "War",
    ),
    (r"coming of age", "Drama"),
]
# The story's source, as the catalogue records it ("Source"): (regex, source, how the intro says it).
_BASED = r"(?:based (?:on|off)|adapted from|adaptations? of|from)"
STORY_SOURCES: list[tuple[str, str, str]] = [
    (
        rf"{_BASED} (?:a |the )?(?:book|novel|short story)s?|(?:book|novel) adaptations?",
        "Based on Book/Short Story",
        "based on a book",
    ),
    (
        rf"{_BASED} (?:a |the )?(?:comic(?: book)?|graphic novel)s?|comic(?: book)? adaptations?",
        "Based on Comic/Graphic Novel",
        "based on a comic",
    ),
    (rf"{_BASED} (?:a |the )?(?:stage )?plays?|stage adaptations?", "Based on Play", "based on a play"),
    # "video game movies": the catalogue records the games it adapts, so the source is the filter.
    (
        rf"{_BASED} (?:a |the )?(?:video ?)?games?|(?:video ?)?game adaptations?|video ?game (?:films?|movies?)",
        "Based on Game",
        "based on a video game",
    ),
    (r"remakes?|remade", "Remake", "remade from an earlier film"),
    (
        rf"{_BASED} (?:a |the )?(?:tv|television) (?:shows?|series|sitcoms?)|{_BASED} (?:a |the )?sitcoms?",
        "Based on TV",
        "based on a TV show",
    ),
    (
        rf"{_BASED} (?:a |the )?(?:fairy ?tales?|legends?|myths?|folk ?tales?)|fairy ?tales?",
        "Traditional/Legend/Fairytale",
        "from a fairy tale or legend",
    ),
]

# Swearing and sex are what an R rating is mostly for: "no swearing" becomes "not rated R" (parse), while
# said without a negator they are noted as content the catalogue doesn't record.
# Crude humour is the same worry said of a comedy ("nothing rude", "no crude jokes", "not too raunchy").
ADULT_CONTENT = (
    r"swearing|swear words|cursing|profanity|bad language|strong language|nudity|sex scenes?|sex|"
    r"rude|crude|raunchy|smutty|dirty jokes|explicit|vulgar|filthy|offensive|inappropriate"
)
# Violence and gore likewise: the R rating is the catalogue's only record of them ("less bloody", "nothing gory").
VIOLENT_CONTENT = r"non ?violent|violence|violent|gory|gore|bloody|blood|brutal|graphic(?! novels?)"
# Studios that make only superhero films: "not another marvel film" rules out the catalogue's superhero genre.
SUPERHERO_STUDIOS = r"marvel|mcu|dc comics|dceu"
# Words that ask for something the catalogue has no data for: (regex over normalized text, kind). The
# parser notes them so the intro can say they weren't applied, instead of silently dropping them.
UNSUPPORTED: list[tuple[str, str]] = [
    (r"tv series|tv shows?|television|mini ?series|series|sitcoms?|episodes?|k ?dramas?|shows", "medium"),
    (r"pixar|disney|studio ghibli|ghibli|dreamworks|" + SUPERHERO_STUDIOS + "|a24", "studio"),
    (
        r"anime|manga|stop motion|claymation|hand drawn|cgi|found footage",
        "style",
    ),
    (
        r"heists?|zombies?|supernatural|paranormal|occult|demons?|possession|exorcisms?|vampires?|werewol(?:f|ves)|ghosts?|haunted|mecha|robots?|dinosaurs?|sharks?|"
        r"time travel|martial arts|kung fu|samurai|ninjas?|spy|spies|espionage|"
        r"sports?|boxing|football|soccer|baseball|basketball|christmas|"
        r"courtroom|mafia|gangsters?|mobsters?|cops?|police|serial killers?|"
        r"road trips?|road (?:films?|movies?)|disasters?|pirates?|dragons?|witch(?:es)?|"
        r"post apocalyptic|apocalyptic|dystopian|dystopias?|cyberpunk|outer space|space|prison|revenge|survival",
        "topic",
    ),
    (
        r"wholesome|mind blowing|slow burn|quirky|bittersweet|inspiring|inspirational|relaxing|(?:happy|sad) ending",
        "mood",
    ),
    (VIOLENT_CONTENT + "|" + ADULT_CONTENT, "content"),
    # Where a story takes place ("a crime film set in new york", "set in paris"): the catalogue has no places.
    # Times and space are understood elsewhere ("set in the 1920s", "set in space").
    (
        r"set in (?:(?:new|los|san|las|hong|rio|south|north|east|west|the) )?"
        r"(?!the\b|space\b|outer\b|future\b|past\b|\d)[a-z]+",
        "setting",
    ),
    (r"netflix|hulu|prime video|amazon prime|disney plus|hbo max|streaming", "streaming"),
    (
        r"bollywood|tollywood|nollywood|south korean?|korean?|korea|japanese|japan|chinese|china|hong kong|"
        r"taiwan(?:ese)?|indian?|hindi|tamil|telugu|bengali|french|france|italian|italy|spanish|spain|mexican|"
        r"mexico|german|germany|british|britain|uk|irish|ireland|scottish|scandinavian|nordic|swedish|sweden|"
        r"danish|denmark|norwegian|norway|finnish|icelandic|russian|russia|soviet|polish|czech|hungarian|greek|"
        r"turkish|iranian|iran|persian|israeli|arabic|egyptian|nigerian|african|thai|thailand|vietnamese|"
        r"filipino|indonesian|brazilian|brazil|argentin(?:e|ian|a)|latin american|australian|canadian|european|"
        r"asian|foreign(?: language)?|non english|subtitled|subtitles|dubbed|world cinema",
        "country",
    ),
    # What a story is about ("a film about chess", "movies about grief"): the catalogue has no plots (parse keeps
    # it only after a word for a film, so "how about a comedy" is no topic). Last, so a known topic is its own.
    (
        r"about (?:a |an |the |some )?(?!\d|an? (?:hour|hr)s?\b|it\b|this\b|that\b|them\b|those\b|these\b)[a-z]+",
        "about",
    ),
]
# What the catalogue doesn't record, by kind, in the order an intro names them.
UNSUPPORTED_SAY = {
    "studio": ["studio"],
    "style": ["animation style"],
    "topic": ["sub-genres", "topics"],
    "mood": ["mood"],
    "content": ["what a film shows (violence, gore)"],
    "setting": ["where a story is set"],
    "twist": ["plot twists"],
    "about": ["what a film is about"],
    "streaming": ["where films stream"],
    "country": ["country", "language"],
}

# How a tag reads in an intro ("Three tense 90s thrillers") and in a reason ("a thriller").
GENRE_NOUNS: dict[str, tuple[str, str]] = {
    "Romantic Comedy": ("romantic comedy", "romantic comedies"),
    "Black Comedy": ("black comedy", "black comedies"),
    "Science Fiction": ("sci-fi film", "sci-fi films"),
    "Super Hero": ("superhero film", "superhero films"),
    "Horror": ("horror film", "horror films"),
    "Comedy": ("comedy", "comedies"),
    "Thriller/Suspense": ("thriller", "thrillers"),
    "Family": ("family film", "family films"),
    "Animation": ("animation", "animated films"),  # "no animation", "Three animated films"
    "Documentary": ("documentary", "documentaries"),
    "Musical": ("musical", "musicals"),
    "Music": ("concert film", "concert films"),
    "Western": ("western", "westerns"),
    "Action": ("action film", "action films"),
    "Adventure": ("adventure", "adventures"),
    "Drama": ("drama", "dramas"),
    "Romance": ("romance", "romances"),
    "Fantasy": ("fantasy film", "fantasy films"),
    "True Story": ("true story", "true stories"),
    "Historical": ("period film", "period films"),
    "War": ("war film", "war films"),
    "Concert/Performance": ("concert film", "concert films"),
} | FRANCHISE_NOUNS

# Mood words are adjectives: "tense" reads "Three tense 90s films", not "Three tense thrillers".
MOOD_WORDS = frozenset(
    {
        "tense",
        "suspenseful",
        "gripping",
        "scary",
        "spooky",
        "creepy",
        "frightening",
        "terrifying",
        "scarier",
        "funny",
        "funnier",
        "hilarious",
        "comedic",
        "lighthearted",
        "light hearted",
        "romantic",
        "dramatic",
        "adventurous",
        "magical",
        "animated",
    }
)

DECADE_WORDS = {
    "twenties": 1920,
    "thirties": 1930,
    "forties": 1940,
    "fifties": 1950,
    "sixties": 1960,
    "seventies": 1970,
    "eighties": 1980,
    "nineties": 1990,
    "noughties": 2000,
    "aughts": 2000,
}
NUMBER_WORDS = {
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "an": 1,
    "a": 1,
    "seventy": 70,
    "eighty": 80,
    "ninety": 90,
    "a hundred": 100,
    "hundred": 100,
}

# Rewrites applied before scanning so negation is one token.
NEGATION_REWRITES = [
    (
        r"\b(?:i |we )?(?:don t|do not|dont|doesn t|doesnt|does not|won t|wont|wouldn t|wouldnt|would not) "
        r"(?:want|like|need|care for|feel like)\b",
        "not",
    ),
    (
        r"\b(?:isn t|aren t|isnt|arent|wasnt|werent|not into|no more|none|hate|hates|dislike|dislikes|skip|avoid|except|excluding)\b",
        "not",
    ),
    (r"\banything but\b|\bbut not\b|\bother than\b|\brather than\b|\binstead of\b", "not"),
    # Dislikes said as a feeling ("I can't stand soppy romance", "sick of superhero films").
    (
        r"\b(?:can t|cannot|can not|couldn t) (?:stand|bear|stomach|do|handle|deal with)\b"
        r"|\b(?:not a fan of|no fan of|not big on|sick of|tired of|fed up with|bored of|bored with)\b",
        "not",
    ),
]
NEGATORS = frozenset({"no", "not", "nothing", "without", "never", "neither", "nor", "minus"})
# Words that may sit between a negator and what it negates ("nothing with Tom Cruise").
FILLER = frozenset(
    {
        "a",
        "an",
        "the",
        "any",
        "anything",
        "something",
        "too",
        "much",
        "more",
        "another",  # "not another marvel film", "not yet another horror"
        "yet",
        "by",
        "with",
        "starring",
        "featuring",
        "films",
        "movies",
        "film",
        "movie",
        "rated",
        "from",
        "in",
        "of",
        "set",
        "s",
        "really",
        "very",
        "particularly",
        "overly",
        "kind",
        "sort",
        "type",
        "stuff",
        "directed",
        "made",
        "or",
        "nor",
        "one",
        "ones",
        "please",
        "thanks",
        "so",
        "that",
        "is",
        "are",
        "pretty",
        "super",
        "at",
        "all",
        "involving",
        "about",
        # Scornful words before a disliked genre ("no soppy romance", "nothing cheesy or gory").
        "soppy",
        "sappy",
        "mushy",
        "cheesy",
        "corny",
        "slushy",
        "silly",
        "dumb",
        "boring",
    }
)

# A complaint about the picks or the assistant ("these suggestions are rubbish"): apologise, don't recommend.
COMPLAINT = (
    r"\b(?:suggestions?|recommendations?|recs|picks|choices|results|options|these|those|they|you|u|ur|this(?: app)?)"
    r"(?: (?:are|were|is|was|re|s)|'re|'s)?(?: all)?(?: (?:look|looks|seem|seems|sound|sounds))? "
    r"(?:all |so |really |pretty |absolutely |totally |just |kinda )*"
    r"(?:rubbish|terrible|awful|crap|crappy|bad|useless|garbage|trash|shit|shite|pants|dire|lame|naff|"
    r"worthless|unhelpful|not helpful|no help|not good|wrong|boring|dull|meh)\b|\b(?:you|u|this app|it) (?:suck|sucks|stinks?)\b"
    # "hmm not feeling any of those": the picks missed, said as a mood
    r"|\bnot (?:feeling|into|loving) (?:any of )?(?:those|these|them|that|this|it)\b"
)
GREETINGS = (
    r"^(?:hi|hello|hey|hiya|howdy|yo|good (?:morning|afternoon|evening)|greetings"
    # small talk that opens a chat ("how are you today?", "what's up"): greeted back, not "I don't know"
    r"|how (?:are|r) (?:you|u|ya)|how(?:'s| is) it going|what'?s up|wh?assup|sup)\b"
)
THANKS = r"\b(?:thanks|thank you|thx|cheers|ta|much appreciated)\b"
# Asking what the assistant is for ("what can you do", "what can u help me with", "how can you help").
HELP_ASK = (
    r"\bwhat (?:can|do|could) (?:you|u) (?:do|help(?: me)?(?: with)?|offer)\b|^help\b|\bhow does this work\b"
    r"|\bwho are (?:you|u)\b|\bhow (?:can|could) (?:you|u) help\b|\bwhat are (?:you|u) (?:for|able to do)\b"
    r"|^are (?:you|u) (?:a |an )?(?:bot|robot|ai|human|real|person|chatgpt)\b"
)
# Question words typed in a hurry ("wen did Jaws come out"): too short for the fuzzy corrector.
# The apostrophe left out ("hows Jaws rated", "whats its runtime") reads like it was typed.
QUESTION_TYPOS = {
    "wen": "when",
    "whn": "when",
    "wat": "what",
    "wut": "what",
    "wht": "what",
    "hw": "how",
    "yeer": "year",
    "yr": "year",
    "yaer": "year",
    "yera": "year",
    "hwo": "who",
    "hows": "how's",
    "whats": "what's",
    "whos": "who's",
    "wheres": "where's",
    "kinda": "kind of",
    "sorta": "sort of",
}
