"""A clue to where someone lives names something of that home (docs/disambiguation-spec.md: a "one
clue" query is resolvable because its allusion fits one namesake's attribute only). "His back
garden" named what any house has and nothing the conversation said of anyone: the child was told
"has a house with a giant trampoline", and of the other namesakes a farm, a village, a house by the
railway bridge, so the query labelled resolvable was not (people-talk child calibration halves: 13
of the 119 asks with no evidence for any candidate were about a back garden). No stack needed."""
import re

import pytest

from memclient.bench import people_talk_households as pt

# What any home has or is: an allusion made of these alone points at no one's home in particular.
ANY_HOME = set("the his her their a an in of back front garden house home door kitchen room bedroom "
               "hallway window roof place".split())


def _words(allusion: str) -> set[str]:
    return set(re.findall(r"[a-z][a-z'-]*", re.sub(r"\{\w+\}", "", allusion.lower())))


@pytest.mark.parametrize("v", pt.VOICES.values(), ids=lambda v: v.name)
def test_every_allusion_to_a_home_names_something_of_that_home(v):
    generic = [a for _, _, allusions in v.places for a in allusions if not _words(a) - ANY_HOME]
    assert not generic, generic

