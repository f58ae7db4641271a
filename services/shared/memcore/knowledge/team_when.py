"""When a colleague works, said after their post or duty with a comma (issue 35): "Nerea does payroll,
Tuesdays and Thursdays only", "the head chef is Marco, weekends", "Sam covers reception, 9 to 5". The
piece after the comma has no words but days, parts of the day and clock times: it is when the person
of the clause before works, a routine of theirs, and the post or duty stays a card of its own (without
it, the days went to the organisation as a rule of its own, or stayed inside the duty's value).
The same for a place of the team's named with no verb and its hours after it ("Ticket office at the
pier, open 7:15 to 19:30"), and who staffs it ("..., staffed by Dinis and Marisa"): the place's hours
and a post each, not "open" as a thing; a post and a name after "and the" that open a clause of their
own ("..., and the owner, Ivan Petrov, does the payroll": not the clause before's), and the thing a
verbless figure is about ("breakfast 7-10"). Pure: `when_only` and `ends_on_a_name` read a piece's
text, the others its parse (parse.Tok tuples).
"""
from __future__ import annotations

import re

from ..extraction.patterns import NAME
from .models import Fact
from .parse import Sentence, Tok
from .post_words import role_card
from .rule_basics import TurnContext
from .tree import children, subtree, text_of
from .team_words import DAY_WORD

# the words a piece that says only when may hold: days (one, a range, a list), parts of the day, clock
# times and ranges, "only", "every", "till close"
_PART = r"(?:mornings?|afternoons?|evenings?|nights?|lunchtimes?|weekdays?|weekends?)"
_HOUR = r"(?:\d{1,2}(?:[.:]\d\d)?\s*(?:am|pm)?|noon|midday|midnight|close|closing)"
_WHEN_WORD = re.compile(rf"(?i)\b(?:{DAY_WORD}|{_PART}|{_HOUR}|every|each|only|and|to|till|until|from|on|at|in|the|"
                        r"day|days|shifts?|mostly|usually|just)\b|[-–&/,]")


def when_only(text: str) -> bool:
    """Whether a piece says only when ("Tuesdays and Thursdays only", "nights", "mornings, 9 to 1"),
    with at least one day, part of the day or clock time in it."""
    if not re.search(rf"(?i)\b(?:{DAY_WORD}|{_PART})\b|\d", text):
        return False
    return not _WHEN_WORD.sub(" ", text).strip(" .!")


def named_person(s: Sentence) -> str | None:
    """The colleague a clause is about, by name: its subject ("Nerea does payroll") or, in "X is
    <Name>", the name ("the head chef is Marco"); None for a pronoun or a thing."""
    kids = children(s)
    root = next((t for t in s if t.dep == "ROOT"), None)
    if root is None:
        return None
    subj = next((c for c in kids.get(root.i, []) if c.dep in ("nsubj", "nsubjpass")), None)
    name: Tok | None = None
    if subj is not None and subj.pos == "PROPN" and subj.text[:1].isupper():
        name = subj
    elif root.lemma == "be":
        name = next((c for c in kids.get(root.i, []) if c.dep == "attr" and c.pos == "PROPN" and c.text[:1].isupper()), None)
    if name is None:
        return None
    words = [i for i in subtree(kids, name.i) if s[i].pos == "PROPN" and s[i].text[:1].isupper()]
    return text_of(s, words) if words and words == list(range(words[0], words[-1] + 1)) else None


def named_place(s: Sentence) -> str | None:
    """A thing of the team's named with no verb ("Ticket office at Horta pier", "the shop"), whose hours
    may follow: its words before any preposition, without a determiner."""
    words = [t for t in s if not (t.i == 0 and t.lower in ("the", "our"))]
    head = []
    for t in words:
        if t.pos == "ADP" or t.pos == "PUNCT":
            break
        head.append(t)
    if not head or len(head) > 3 or not all(t.pos in ("NOUN", "PROPN", "ADJ") for t in head) or head[-1].pos == "ADJ":
        return None
    return "".join(t.text + t.ws for t in head).strip()


def post_before_a_name(s: Sentence, after: list[Sentence]) -> bool:
    """"the owner" followed by a name alone and then a verb: the subject of a clause of its own."""
    return bool(s) and s[0].lower in ("the", "our") and len(s) <= 4 and all(t.pos in ("DET", "ADJ", "NOUN") for t in s) \
        and len(after) == 2 and all(t.pos == "PROPN" for t in after[0]) and bool(after[1]) and after[1][0].tag in ("VBZ", "VBD")


_NAMED_LAST = re.compile(rf"(?:^|,\s*){NAME}$")


def ends_on_a_name(text: str) -> bool:
    """A piece that ends on a name said after a comma ("the owner, Ivan"), before the verb of its clause."""
    return bool(_NAMED_LAST.search(text))


# Words that open a piece without being its thing: "yeah 24/7", "mostly tourists".
_FILLER = frozenset("yeah yep yes ok okay mostly about around roughly usually also and but so then just only right".split())


def fragment_thing(s: Sentence) -> str | None:
    """The thing a verbless figure is about: the plain words before its first figure or preposition
    ("check out by 11", "breakfast 7-10"), none when they are a filler or a phrase with a determiner."""
    words: list[Tok] = []
    for t in s:
        if t.pos in ("NUM", "ADP", "SYM") and t.dep != "prt" or t.text[:1] in "£$€" or t.text[:1].isdigit():
            break
        words.append(t)
    if not words or len(words) > 3 or any(t.pos in ("DET", "PRON", "AUX") for t in words):
        return None
    said = "".join(t.text + t.ws for t in words).strip()
    if any(t.pos == "SCONJ" for t in words) or when_only(said):
        return None  # "because by noon it's too hot": a reason; "mornings only, 7 till 11": when, no thing named
    if words[0].lower in _FILLER:
        return None
    return said  # as typed: "Drop-off", not "Drop - off"


# what a place of the team's is, said of it with no verb before its hours: "open 7:15 to 19:30"
STATES_OPEN = frozenset("open opens closed closes shut staffed".split())
_STAFFED = frozenset("staff man run manage cover crew".split())


def out_of_team(thing: str, ctx: TurnContext) -> bool:
    return thing in (ctx.org, ctx.owner)


def staffed_by(s: Sentence, thing: str, ctx: TurnContext) -> list[Fact]:
    """Who staffs a place of the team's, said with no subject after it: "staffed by Dinis and Marisa"
    (the place is the one named before): a post each, the place's."""
    if not s or s[0].tag != "VBN" or s[0].lemma.lower() not in _STAFFED:
        return []
    kids = children(s)
    agent = next((c for c in kids.get(0, []) if c.dep == "agent"), None)
    first = next((c for c in kids.get(agent.i, []) if c.dep == "pobj"), None) if agent is not None else None
    if first is None or first.pos != "PROPN":
        return []
    names = [first] + [t for t in s if t.dep == "conj" and t.pos == "PROPN" and t.head in (first.i, *(c.i for c in s if c.dep == "conj"))]
    post = thing[:1].lower() + thing[1:] if not thing[1:2].isupper() else thing
    return [role_card(n.text, post, ctx, f"{n.text} staffs the {post}") for n in names if n.text not in (ctx.org, ctx.owner)]


__all__ = ["STATES_OPEN", "ends_on_a_name", "fragment_thing", "named_person", "named_place", "out_of_team", "post_before_a_name", "staffed_by",
           "when_only"]
