"""A pick like a film it shares only a period with says so ("also a period film"), not a bare rating."""

from recs.rules.rank import plan_picks


def test_it_names_a_shared_period_as_the_link_when_nothing_else_is_shared(cat):
    plan = plan_picks("we just finished the godfather, anything in a similar vein?", cat, blocked=[])
    assert plan.picks and all("The Godfather" in p.reason for p in plan.picks)
    shawshank = [p for p in plan.picks if p.title == "The Shawshank Redemption"]
    assert not shawshank or "also a period film" in shawshank[0].reason
