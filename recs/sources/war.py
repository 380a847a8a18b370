"""War films in the embedded catalogue: the vega data has no war genre (it files them as historical, drama or
action, or under nothing at all), so "a ww2 film" would get The Godfather. These are the catalogue's films set
in a war and about fighting or living through it (hand-picked by title and year), tagged "War"."""

from __future__ import annotations

WAR_TAG = "War"
# Catalogue ids (title-year): combat, home front and aftermath-of-battle films; epics merely set in a war-torn
# past (Gladiator, Troy) are period films, not war films.
WAR_FILM_IDS = frozenset(
    """
    saving-private-ryan-1998 apocalypse-now-1979 platoon-1986 the-thin-red-line-1998 black-hawk-down-2001
    letters-from-iwo-jima-2006 the-hurt-locker-2009 schindler-s-list-1993 patton-1970 the-great-escape-1963
    the-bridge-on-the-river-kwai-1957 glory-1989 inglourious-basterds-2009 enemy-at-the-gates-2001
    we-were-soldiers-2002 flags-of-our-fathers-2006 jarhead-2005 three-kings-1999 pearl-harbor-2001
    tora-tora-tora-1970 the-deer-hunter-1978 born-on-the-fourth-of-july-1989 good-morning-vietnam-1987
    downfall-2005 the-longest-day-1962 a-bridge-too-far-1977 valkyrie-2008 defiance-2008 the-english-patient-1996
    cold-mountain-2003 gettysburg-1993 master-and-commander-the-far-side-of-the-world-2003 m-a-s-h-1970
    catch-22-1970 rescue-dawn-2007 tears-of-the-sun-2003 behind-enemy-lines-2001 windtalkers-2002 hart-s-war-2002
    the-pianist-2002 courage-under-fire-1996 green-zone-2010 the-boy-in-the-striped-pyjamas-2008 flyboys-2006
    u-571-2000 gallipoli-1981 sands-of-iwo-jima-1948 from-here-to-eternity-1953 the-patriot-2000
    gods-and-generals-2003 the-great-raid-2005 braveheart-1995 atonement-2007
    """.split()
)


def war_tags(movie_id: str) -> frozenset[str]:
    """{"War"} for a catalogue film about a war, else nothing."""
    return frozenset({WAR_TAG}) if movie_id in WAR_FILM_IDS else frozenset()
