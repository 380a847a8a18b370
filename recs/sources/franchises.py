"""Characters, comic publishers and animation studios in the embedded catalogue: the vega data records none,
and many of their films don't carry the name ("The Dark Knight" is a Batman film, "Goldfinger" a James Bond
one), so "a nolan film that's not batman" would still get The Dark Knight. These are the catalogue's films of each (hand-picked by title
and year), tagged with its name like a genre, so "no batman" rules them all out and "marvel movies" finds them."""

from __future__ import annotations

_BATMAN = """batman-1989 batman-returns-1992 batman-forever-1995 batman-and-robin-1997 batman-begins-2005
    the-dark-knight-2008 batman-the-movie-2001"""
_SUPERMAN = (
    "superman-1978 superman-ii-1981 superman-iii-1983 superman-iv-the-quest-for-peace-1987 superman-returns-2006"
)
_SPIDER_MAN = "spider-man-2002 spider-man-2-2004 spider-man-3-2007"
_X_MEN = "x-men-2000 x2-2003 x-men-the-last-stand-2006 x-men-origins-wolverine-2009"
# Eon's series and Connery's own return (Never Say Never Again); the 1967 Casino Royale spoof is left out.
_BOND = """dr-no-1963 from-russia-with-love-1964 goldfinger-1964 thunderball-1965 you-only-live-twice-1967
    on-her-majesty-s-secret-service-1969 diamonds-are-forever-1971 live-and-let-die-1973
    the-man-with-the-golden-gun-1974 the-spy-who-loved-me-1977 moonraker-1979 for-your-eyes-only-1981
    octopussy-1983 never-say-never-again-1983 a-view-to-a-kill-1985 the-living-daylights-1987 goldeneye-1995
    tomorrow-never-dies-1997 the-world-is-not-enough-1999 die-another-day-2002 casino-royale-2006
    quantum-of-solace-2008"""
# Films of Marvel's and DC's own comics (their imprints' creator-owned books, such as Kick-Ass, are not counted).
_MARVEL = f"""{_SPIDER_MAN} {_X_MEN} hulk-2003 the-incredible-hulk-2008 iron-man-2008 iron-man-2-2010
    fantastic-four-2005 fantastic-four-rise-of-the-silver-surfer-2007 daredevil-2003 elektra-2005
    ghost-rider-2007 the-punisher-2004 punisher-war-zone-2008 blade-1998 blade-2-2002 blade-trinity-2004
    howard-the-duck-1986"""
_DC = f"""{_BATMAN} {_SUPERMAN} catwoman-2004 constantine-2005 jonah-hex-2010 watchmen-2009 v-for-vendetta-2006
    steel-1997 the-losers-2010"""
# Feature animation studios whose names say only their own films ("dreamworks" and "disney" also released
# live action, so they stay unrecorded).
_PIXAR = """toy-story-1995 a-bug-s-life-1998 toy-story-2-1999 monsters-inc-2001 finding-nemo-2003 the-incredibles-2004
    cars-2006 ratatouille-2007 wall-e-2008 up-2009 toy-story-3-2010"""
_GHIBLI = "mononoke-hime-1999 spirited-away-2002 gake-no-ue-no-ponyo-2009"
# Japanese animated features ("anime" names a style, the one the catalogue's animated films can be told by).
_ANIME = f"""{_GHIBLI} akira-2001 metropolis-2002 pokemon-2000-2000 pokemon-3-the-movie-2001 digimon-the-movie-2000
    yu-gi-oh-2004"""

# tag -> the films carrying it
FRANCHISE_FILM_IDS: dict[str, frozenset[str]] = {
    "Batman": frozenset(_BATMAN.split()),
    "Superman": frozenset(_SUPERMAN.split()),
    "Spider-Man": frozenset(_SPIDER_MAN.split()),
    "X-Men": frozenset(_X_MEN.split()),
    "James Bond": frozenset(_BOND.split()),
    "Marvel": frozenset(_MARVEL.split()),
    "DC": frozenset(_DC.split()),
    "Pixar": frozenset(_PIXAR.split()),
    "Studio Ghibli": frozenset(_GHIBLI.split()),
    "Anime": frozenset(_ANIME.split()),
}

# (regex over the prepared request, tag): how people name them. "bond" alone only before a word for films or
# ruled out ("sean connery, no bond"), so "a film about a mother's bond" names no spy.
FRANCHISE_PATTERNS: list[tuple[str, str]] = [
    (r"bat ?man|the caped crusader|bruce wayne", "Batman"),
    (r"super ?man|man of steel", "Superman"),
    (r"spider ?man|spidey", "Spider-Man"),
    (r"x ?men|wolverine", "X-Men"),
    (
        r"james bond|007|double o seven|bond(?= (?:films?|movies?|flicks?|ones))|(?<=no )bond|(?<=not )bond",
        "James Bond",
    ),
    (r"marvel(?: comics)?|mcu", "Marvel"),
    (r"(?<!washington )dc(?: comics)?|dceu", "DC"),  # "set in washington dc" is no comic
    (r"pixar", "Pixar"),
    (r"(?:studio )?ghibli", "Studio Ghibli"),
    (r"animes?|japanese animation", "Anime"),
]

# How each reads in an intro and a reason ("Three Batman films", "a Bond film").
FRANCHISE_NOUNS: dict[str, tuple[str, str]] = (
    {
        tag: (f"{tag} film", f"{tag} films")
        for tag in ("Batman", "Superman", "Spider-Man", "X-Men", "Marvel", "DC", "Pixar", "Studio Ghibli")
    }
    | {"Anime": ("anime film", "anime films")}
    | {"James Bond": ("James Bond film", "James Bond films")}
)

_TAGS_OF: dict[str, frozenset[str]] = {}
for _tag, _ids in FRANCHISE_FILM_IDS.items():
    for _id in _ids:
        _TAGS_OF[_id] = _TAGS_OF.get(_id, frozenset()) | {_tag}


def franchise_tags(movie_id: str) -> frozenset[str]:
    """The character and publisher tags of a catalogue film ({"Batman", "DC"}), else nothing."""
    return _TAGS_OF.get(movie_id, frozenset())
