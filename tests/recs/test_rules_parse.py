"""parse_constraints: every kind of constraint the offline planner understands."""

import pytest

from recs.rules.rank import plan_picks
from recs.rules.taste import parse_profile
from recs.sources.catalogue import load_catalogue
from tests.support.movie_rules import parse


@pytest.mark.parametrize(
    ("text", "tag"),
    [
        ("something scary", "Horror"),
        ("a horror film", "Horror"),
        ("something funny", "Comedy"),
        ("a romcom", "Romantic Comedy"),
        ("a rom-com", "Romantic Comedy"),
        ("a thriller", "Thriller/Suspense"),
        ("something tense", "Thriller/Suspense"),
        ("full of suspense", "Thriller/Suspense"),
        ("sci-fi", "Science Fiction"),
        ("science fiction", "Science Fiction"),
        ("an animated film", "Animation"),
        ("a cartoon", "Animation"),
        ("a documentary", "Documentary"),
        ("a musical", "Musical"),
        ("a western", "Western"),
        ("some action", "Action"),
        ("an adventure", "Adventure"),
        ("a drama", "Drama"),
        ("a black comedy", "Black Comedy"),
        ("a superhero movie", "Super Hero"),
    ],
)
def test_it_parses_genres_and_synonyms(text, tag):
    assert parse(text).genres == [tag]


def test_it_keeps_mood_words_apart_from_genre_nouns():
    cons = parse("a tense thriller")
    assert cons.genres == ["Thriller/Suspense"]
    assert cons.moods == ["tense"] and cons.genre_words == ["thriller"]


@pytest.mark.parametrize(
    ("text", "lo", "hi", "label"),
    [
        ("90s", 1990, 1999, "90s"),
        ("from the 1990s", 1990, 1999, "90s"),
        ("the eighties", 1980, 1989, "80s"),
        ("early 2000s", 2000, 2003, "early 2000s"),
        ("late 70s", 1976, 1979, "late 70s"),
    ],
)
def test_it_parses_decades(text, lo, hi, label):
    cons = parse(text)
    assert (cons.year_min, cons.year_max, cons.era) == (lo, hi, label)


@pytest.mark.parametrize(
    ("text", "lo", "hi"),
    [
        ("after 2005", 2006, None),
        ("before 1980", None, 1979),
        ("between 1990 and 1995", 1990, 1995),
        ("from 2000", 2000, 2000),
        ("a drama from 1994", 1994, 1994),
        ("films from 1997 please", 1997, 1997),
        ("since 1994", 1994, None),
        ("starting from 1994", 1994, None),
        ("from 1994 on", 1994, None),
        ("from 1994 onwards", 1994, None),
        ("from 1994 onward, please", 1994, None),
        ("1994 and later", 1994, None),
        ("2000 or later", 2000, None),
        ("from 1990 to 1995", 1990, 1995),
        ("released in 1994", 1994, 1994),
    ],
)
def test_it_parses_year_ranges(text, lo, hi):
    cons = parse(text)
    assert (cons.year_min, cons.year_max) == (lo, hi)


@pytest.mark.parametrize(
    ("text", "director"),
    [
        ("by Christopher Nolan", "Christopher Nolan"),
        ("directed by Christopher Nolan", "Christopher Nolan"),
        ("a Spielberg film", "Steven Spielberg"),
        ("Nolan's movies", "Christopher Nolan"),
        ("something by Tarantino", "Quentin Tarantino"),
    ],
)
def test_it_parses_directors_by_full_name_or_unambiguous_surname(text, director):
    assert parse(text).directors == [director]


def test_it_maps_brothers_to_every_director_with_that_surname():
    assert parse("something by the Coen Brothers").directors == ["Joel Coen"]
    assert parse("something by the Coen Brothers").unknown_people == []


def test_it_ignores_ambiguous_or_everyday_surnames():
    assert parse("a Scott film").directors == []  # Ridley or Tony
    assert parse("a story film").directors == []  # not Tim Story


def test_it_parses_family_ratings():
    for text in ("family friendly", "something for kids", "ok for my 8 year old"):
        cons = parse(text)
        assert cons.mpaa_allowed == ["G", "PG"] and cons.rating_label == "family-friendly"


def test_it_parses_rating_negation_and_positive_rating():
    assert parse("not R").mpaa_excluded == ["R", "NC-17"]
    assert parse("nothing R-rated").mpaa_excluded == ["R", "NC-17"]
    assert parse("rated PG-13").mpaa_allowed == ["PG-13"]
    assert parse("not R, not PG-13").rating_label == "not rated R or PG-13"


@pytest.mark.parametrize(
    ("text", "max_runtime", "min_runtime"),
    [
        ("under two hours", 120, None),
        ("less than 100 minutes", 100, None),
        ("under an hour and a half", 90, None),
        ("90 minutes or less", 90, None),
        ("something short", 100, None),
        ("not too long", 120, None),
        ("over 2 hours", None, 120),
        ("a long epic", None, 140),
    ],
)
def test_it_parses_runtime(text, max_runtime, min_runtime):
    cons = parse(text)
    assert (cons.max_runtime, cons.min_runtime) == (max_runtime, min_runtime)


@pytest.mark.parametrize(
    ("text", "limit", "strict"),
    [
        ("under 90 minutes", 90, True),
        ("less than 100 minutes", 100, True),
        ("at most 90 minutes", 90, False),
        ("90 minutes or less", 90, False),
        ("no more than 90 minutes", 90, False),
        ("nothing over two hours", 120, False),
        ("give me something not too long, under 90 minutes", 90, True),
        ("under 90 minutes, not too long", 90, True),
        ("something short, at most 95 minutes", 95, False),
        ("under two hours, at most 100 minutes", 100, False),
    ],
)
def test_it_reads_the_strictest_explicit_runtime_limit(text, limit, strict):
    cons = parse(text)
    assert (cons.max_runtime, cons.max_runtime_strict, cons.min_runtime) == (limit, strict, None)


def test_it_reads_over_as_strict_and_at_least_as_inclusive():
    assert (parse("over 2 hours").min_runtime, parse("over 2 hours").min_runtime_strict) == (120, True)
    assert (parse("at least 2 hours").min_runtime, parse("at least 2 hours").min_runtime_strict) == (120, False)
    assert parse("an epic under 2 hours").min_runtime is None


def test_it_parses_quality_and_hidden_gems():
    assert parse("something highly rated").min_rating == 7.5
    gem = parse("a hidden gem")
    assert gem.hidden_gem and gem.quality_label == "hidden gem"
    assert parse("underrated comedies").hidden_gem


def test_it_resolves_like_titles_in_the_catalogue(cat):
    assert parse("something like The Matrix").like_ids == ["the-matrix-1999"]
    assert parse("movies similar to Crash 2005").like_ids == ["crash-2005"]
    assert parse("I loved Heat and Se7en").like_ids == ["se7en-1995"]  # Heat isn't in the catalogue
    assert parse("like Toy Story or Shrek").like_ids == ["toy-story-1995", "shrek-2001"]


def test_it_does_not_read_genres_inside_a_like_title():
    cons = parse("something like Scary Movie")
    assert cons.like_ids and "Horror" not in cons.genres


@pytest.mark.parametrize(
    ("text", "field", "value"),
    [
        ("no horror", "exclude_genres", ["Horror"]),
        ("not a comedy", "exclude_genres", ["Comedy"]),
        ("without romance", "exclude_genres", ["Romance"]),
        ("I don't want anything scary", "exclude_genres", ["Horror"]),
        ("no horror or musicals", "exclude_genres", ["Horror", "Musical"]),
        ("nothing by Michael Bay", "exclude_directors", ["Michael Bay"]),
        ("nothing with Tom Cruise", "exclude_people", ["Tom Cruise"]),
        ("nothing from the 80s", "exclude_years", [(1980, 1989)]),
    ],
)
def test_it_parses_each_negation_kind(text, field, value):
    assert getattr(parse(text), field) == value


def test_it_scopes_negation_to_its_own_clause():
    cons = parse("a comedy, no horror")
    assert cons.genres == ["Comedy"] and cons.exclude_genres == ["Horror"]
    cons = parse("no horror but a comedy")
    assert cons.genres == ["Comedy"] and cons.exclude_genres == ["Horror"]


def test_it_parses_cast_from_the_curated_table():
    assert parse("with Tom Hanks").people == ["Tom Hanks"]
    assert parse("starring Meryl Streep").people == ["Meryl Streep"]


def test_it_treats_actor_directors_by_wording():
    assert parse("directed by Clint Eastwood").directors == ["Clint Eastwood"]
    assert parse("directed by Clint Eastwood").people == []
    assert parse("with Clint Eastwood").people == ["Clint Eastwood"]
    assert parse("with Clint Eastwood").directors == []


def test_it_reports_people_it_cannot_check():
    cons = parse("nothing with Keira Knightley please")
    assert cons.unknown_people == ["Keira Knightley"] and cons.exclude_people == []


def test_it_ignores_unknown_words_without_crashing():
    assert parse("blorp zindle quux ???").is_empty()
    assert parse("").is_empty()
    assert "genres=['Horror']" in parse("horror").describe()
    assert parse("").describe() == "no constraints"


def test_it_reads_a_profile_as_likes_and_dislikes(cat):
    taste = parse_profile("Likes: Sci-Fi, Thriller. Dislikes: Horror, Musical.", cat)
    assert taste.genres == ["Science Fiction", "Thriller/Suspense"]
    assert taste.exclude_genres == ["Horror", "Musical"]


@pytest.mark.parametrize(
    ("text", "unknown", "like_titles"),
    [
        ("something like Heat", ["Heat"], []),
        ("something like heat but funnier", ["Heat"], []),
        ("like Fargo and Heat", ["Heat"], ["Fargo"]),
        ("something like La Haine, under 2 hours", ["La Haine"], []),
        ("something like the 90s", [], []),
        ("something like that", [], []),
        ("I loved the ending", [], []),
        ("something like a good heist movie", [], []),
        ("something like A Beautiful Mind", [], ["A Beautiful Mind"]),
    ],
)
def test_it_keeps_like_titles_it_does_not_know(cat, text, unknown, like_titles):
    cons = parse(text)
    assert cons.unknown_likes == unknown
    assert [cat.get(i).title for i in cons.like_ids] == like_titles


def test_it_reads_a_genre_word_before_like_as_both_genre_and_reference():
    cons = parse("a drama like Forrest Gump, thx")
    assert cons.genres == ["Drama"] and len(cons.like_ids) == 1


@pytest.mark.parametrize(
    "text", ["romcom for date night with my mum, nothing rude", "a comedy, no crude jokes", "not too raunchy, a romcom"]
)
def test_it_reads_crude_humour_ruled_out_as_no_r_rating(text):
    assert parse(text).mpaa_excluded == ["R", "NC-17"]


def test_it_notes_crude_humour_asked_for_as_content_it_cannot_judge():
    assert parse("a rude comedy").unsupported == [("rude", "content")]


@pytest.mark.parametrize("text", ["not another marvel film, something grown up", "no marvel stuff, an action film"])
def test_it_reads_a_superhero_studio_ruled_out_as_no_superhero_films(text):
    cons = parse(text)
    assert "Super Hero" in cons.exclude_genres and not cons.unsupported


def test_it_keeps_superhero_films_when_asked_for_beside_a_studio_ruled_out():
    cons = parse("a superhero movie that isnt marvel")
    assert cons.genres == ["Super Hero"] and cons.exclude_genres == ["Marvel"]  # its films are on record now


@pytest.mark.parametrize(
    ("text", "said"), [("a crime film set in new york", "set in new york"), ("a romance set in paris", "set in paris")]
)
def test_it_notes_where_a_story_is_set_as_unjudged(text, said):
    assert parse(text).unsupported == [(said, "setting")]


@pytest.mark.parametrize("text", ["a film set in the 1920s", "something set in space", "set in the future"])
def test_it_reads_no_place_in_a_time_or_space_setting(text):
    assert not [kind for _, kind in parse(text).unsupported if kind == "setting"]


@pytest.mark.parametrize("text", ["a feel good movie to cheer me up", "a cozy christmas film", "something uplifting"])
def test_it_ranks_black_comedies_last_for_a_feel_good_wish(text):
    cons = parse(text)
    assert cons.unwelcome == ["Black Comedy"] and cons.avoid_genres == []


def test_it_keeps_black_comedy_when_a_feel_good_one_is_asked_for():
    assert parse("a feel good black comedy").unwelcome == []


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("a documentary about music", "about music"),
        ("a film about chess", "about chess"),
        ("movies about grief", "about grief"),
    ],
)
def test_it_names_a_topic_it_cannot_check(text, said):
    assert (said, "about") in parse(text).unsupported
    intro = plan_picks(text, load_catalogue(), blocked=[]).intro
    assert f"“{said}” isn't taken into account" in intro


@pytest.mark.parametrize("text", ["how about a comedy", "what about a western", "a comedy about 2 hours long"])
def test_it_reads_no_topic_where_about_opens_no_story(text):
    assert not [u for u in parse(text).unsupported if u[1] == "about"]


def test_it_keeps_a_topic_it_knows_as_its_own():
    assert parse("a film about zombies").unsupported == [("zombies", "topic")]


@pytest.mark.parametrize("text", ["sci fi with a twist ending", "a horror with a big twist", "a twisty thriller"])
def test_it_claims_no_twist_unchecked_beside_a_named_genre(text):
    intro = plan_picks(text, load_catalogue(), blocked=[]).intro
    assert "plot twists" in intro and not intro.lower().split("account. ")[1].count("twist")


def test_it_still_reads_a_twist_alone_as_a_thriller():
    assert parse("something with a twist ending").genres == ["Thriller/Suspense"]


def test_it_reads_nothing_graphic_as_violence_but_a_graphic_novel_as_none():
    assert parse("war films but nothing too graphic").mpaa_excluded[:1] == ["R"]
    assert not parse("a graphic novel adaptation").unsupported


@pytest.mark.parametrize("text", ["something light, had a rough day", "something easy to watch", "something chill"])
def test_it_reads_a_light_watch_as_comedy(text):
    assert parse(text).genres == ["Comedy"]


def test_it_reads_a_good_twist_as_a_thriller():
    assert parse("heist movie w/ a good twist").genres == ["Thriller/Suspense"]
