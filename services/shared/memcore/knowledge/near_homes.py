"""Where someone lives, said by how near it is rather than by a place's name (issue 35).

"My best friend lives next door", "my nan lives over the road", "Oskar lives opposite", "they live just up the
hill", "he lives upstairs", "she lives two doors down": where one lives is as much a fact as "lives in Leeds",
but no town is named, so the readers that want a place after "in"/"at" (who_one_is.home_work_origin) say
nothing. `near_home` reads the words of nearness that hang on a verb of living and gives them as said ("next
door", "across the road from the school"), so the card keeps the words the owner used.

Only a verb of living (verb_classes.RESIDE) is read, and only words that say where: an adverb of place
("upstairs", "nearby", "opposite"), "next door", so many doors or streets away or down, or a preposition of
direction with its object ("across the road", "round the corner", "down the lane"). "lives with her mum", "lives
for football", "lives up to the hype" and "lives on toast" say none of it. Pure.
"""
from __future__ import annotations

from .parse import Sentence, Tok
from .tree import Kids, subtree, text_of

# adverbs that say where one lives by how near: "he lives upstairs", "they live nearby"
_WHERE_ADVERBS = frozenset("upstairs downstairs nearby opposite close".split())
# prepositions of direction whose object says where: "across the road", "round the corner", "up the hill"
_DIRECTIONS = frozenset("across down up round around over along behind beside opposite past".split())
# what the object of a direction may not be: a person or what one lives for ("up to the hype", "over the moon")
_NOT_WHERE = frozenset("hype expectations moon top".split())
# so far away: "two doors down", "three streets away", "a few houses along"
_SPANS = frozenset("door doors house houses street streets road roads mile miles minutes minute floor floors".split())
_AWAY = frozenset("down up away along over".split())
_FROM = frozenset("from to of".split())  # "across the road from us", "next door to the bakery", "south of the river"


def _door(s: Sentence, kids: Kids, t: Tok) -> bool:
    """"next door" as the parse reads it: "door" with "next" before it, or "next" with "door" after it."""
    if t.lower == "door":
        return any(k.lower == "next" for k in kids.get(t.i, []))
    return t.lower == "next" and t.i + 1 < len(s) and s[t.i + 1].lower == "door"


def _direction(kids: Kids, t: Tok) -> bool:
    """A preposition of direction with a common noun for its object ("across the road"), not a person's or a
    feeling's ("up to the hype", "over the moon")."""
    if t.lower not in _DIRECTIONS:
        return False
    objects = [k for k in kids.get(t.i, []) if k.dep in ("pobj", "dobj")]
    return any(o.pos == "NOUN" and o.lower not in _NOT_WHERE for o in objects)


def _span(kids: Kids, t: Tok) -> bool:
    """So many doors, streets or miles away: a counted span with "down"/"away" said beside it."""
    return t.lower in _SPANS and any(k.dep == "nummod" or k.lower in ("a", "few") for k in kids.get(t.i, []))


def near_home(s: Sentence, kids: Kids, verb: Tok) -> str | None:
    """The words of nearness under a verb of living ("next door", "over the road", "two doors down"), as said;
    None when the verb says no such thing."""
    after = [k for k in kids.get(verb.i, []) if k.i > verb.i]
    for n, k in enumerate(after):
        if k.lower in _WHERE_ADVERBS and k.dep == "advmod" or _door(s, kids, k) or _direction(kids, k) or _span(kids, k):
            idx = set(subtree(kids, k.i))
            for more in after[n + 1:]:  # "... from us", "... down": what goes on saying where
                if more.lower in _FROM and more.dep == "prep" or more.lower in _AWAY and more.dep == "advmod":
                    idx |= set(subtree(kids, more.i))
                else:
                    break
            words = text_of(s, sorted(i for i in idx if s[i].pos != "PUNCT"))
            return words.strip() or None
    return None


__all__ = ["near_home"]
