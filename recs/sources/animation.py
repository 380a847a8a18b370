"""Animated films in the embedded catalogue: the vega data records no animation (it files cartoons under Kids
Fiction beside live-action family films such as Elf, or under Fantasy, Historical Fiction, Super Hero or nothing),
so "an animated film for adults" got The Nutty Professor. These are the catalogue's animated features, drawn,
computer-animated, stop-motion or motion-capture (hand-picked by title and year), tagged "Animation"; films mixing
live action with cartoons (Who Framed Roger Rabbit, Space Jam) are left out."""

from __future__ import annotations

ANIMATION_TAG = "Animation"
ANIMATED_FILM_IDS = frozenset(
    """
    snow-white-and-the-seven-dwarfs-1937 fantasia-1940 cinderella-1950 peter-pan-1953 heavy-metal-1981
    the-land-before-time-1988 beauty-and-the-beast-1991 aladdin-1992 the-lion-king-1994 pocahontas-1995
    toy-story-1995 the-princess-and-the-cobbler-1995 the-hunchback-of-notre-dame-1996
    beavis-and-butt-head-do-america-1996 hercules-1997 anastasia-1997 cats-don-t-dance-1997 mulan-1998
    a-bug-s-life-1998 antz-1998 the-prince-of-egypt-1998 quest-for-camelot-1998 the-rugrats-movie-1998
    tarzan-1999 toy-story-2-1999 the-iron-giant-1999 mononoke-hime-1999 south-park-bigger-longer-and-uncut-1999
    doug-s-1st-movie-1999 dinosaur-2000 chicken-run-2000 titan-a-e-2000 the-emperor-s-new-groove-2000
    the-road-to-el-dorado-2000 fantasia-2000-imax-2000 fantasia-2000-theatrical-release-2000
    the-tigger-movie-2000 rugrats-in-paris-2000 digimon-the-movie-2000 pokemon-2000-2000 shrek-2001
    monsters-inc-2001 atlantis-the-lost-empire-2001 final-fantasy-the-spirits-within-2001
    jimmy-neutron-boy-genius-2001 recess-school-s-out-2001 pokemon-3-the-movie-2001 akira-2001
    lilo-and-stitch-2002 ice-age-2002 spirited-away-2002 treasure-planet-2002 spirit-stallion-of-the-cimarron-2002
    metropolis-2002 hey-arnold-the-movie-2002 the-wild-thornberrys-2002 peter-pan-return-to-neverland-2002
    jonah-a-veggietales-movie-2002 finding-nemo-2003 sinbad-legend-of-the-seven-seas-2003 the-jungle-book-2-2003
    rugrats-go-wild-2003 les-triplettes-de-belleville-2003 the-incredibles-2004 shrek-2-2004 shark-tale-2004
    the-polar-express-2004 home-on-the-range-2004 spongebob-squarepants-2004 teacher-s-pet-the-movie-2004
    yu-gi-oh-2004 madagascar-2005 robots-2005 chicken-little-2005 the-corpse-bride-2005 hoodwinked-2005
    wallace-and-gromit-the-curse-of-the-were-rabbit-2005 valiant-2005 doogal-2005 pooh-s-heffalump-movie-2005
    cars-2006 happy-feet-2006 ice-age-the-meltdown-2006 monster-house-2006 open-season-2006 flushed-away-2006
    the-ant-bully-2006 barnyard-the-original-party-animals-2006 the-wild-2006 curious-george-2006
    a-scanner-darkly-2006 ratatouille-2007 shrek-the-third-2007 the-simpsons-movie-2007 surf-s-up-2007
    bee-movie-2007 beowulf-2007 tmnt-2007 happily-n-ever-after-2007 wall-e-2008 bolt-2008
    madagascar-escape-2-africa-2008 horton-hears-a-who-2008 waltz-with-bashir-2008 the-tale-of-despereaux-2008
    star-wars-the-clone-wars-2008 igor-2008 space-chimps-2008 fly-me-to-the-moon-2008 delgo-2008 up-2009
    coraline-2009 the-fantastic-mr-fox-2009 cloudy-with-a-chance-of-meatballs-2009 monsters-vs-aliens-2009
    ice-age-dawn-of-the-dinosaurs-2009 the-princess-and-the-frog-2009 gake-no-ue-no-ponyo-2009 9-2009
    astro-boy-2009 planet-51-2009 disney-s-a-christmas-carol-2009 foodfight-2009 toy-story-3-2010
    how-to-train-your-dragon-2010 despicable-me-2010 alpha-and-omega-3d-2010
    """.split()
)


def animation_tags(movie_id: str) -> frozenset[str]:
    """{"Animation"} for an animated catalogue film, else nothing."""
    return frozenset({ANIMATION_TAG}) if movie_id in ANIMATED_FILM_IDS else frozenset()
