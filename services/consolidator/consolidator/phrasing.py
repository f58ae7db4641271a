"""Deterministic wording of a promoted fact: shared predicate + common object words, no LLM.

"I love triceratops" / "Stegosaurus is my favourite" / "I really love dinosaurs"
    -> "likes dinosaurs (triceratops, stegosaurus)"
The head is a category noun the user said (dinosaurs, sports, books ...), else a category
hint the caller derived (the nearest category label to the episodes' embedding centroid), else
the object said most often; the other objects follow in brackets in the order they were said.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Sequence

LIKE_WORDS = frozenset("""love loves loved loving adore adores adored like likes liked enjoy enjoys enjoyed
    favourite favorite favourites favorites best cool coolest awesome great fun cutest prettiest amazing
    fantastic wonderful super prefer prefers preferred""".split())
DISLIKE_WORDS = frozenset("""hate hates hated dislike dislikes disliked yucky gross scared afraid frightens
    frighten scary horrible awful terrible""".split())
NEGATIONS = frozenset("not don't dont doesn't doesnt never no".split())
STOPWORDS = frozenset("""i me my mine we our us you your he she it its they them their this that these those
    a an the and or but so very really much lot lots too also just still always ever is am are was were be been
    being do does did have has had to of in on at for with about from by as than then when what which who
    thing things stuff one ones kind sort most more all some any every day days time today tonight yesterday
    again even want wants play playing go going get got can could would should will shall please yes
    number world whole
    s t m re ve ll d""".split())

# Category nouns: when the user names one, it heads the promoted fact.
CATEGORY_NOUNS: tuple[str, ...] = (
    "dinosaurs", "animals", "pets", "dogs", "cats", "horses", "ponies", "birds", "fish", "sharks", "insects",
    "bugs", "sports", "games", "toys", "books", "stories", "songs", "music", "colours", "colors", "foods",
    "fruits", "vegetables", "sweets", "desserts", "snacks", "cars", "trains", "vehicles", "planes", "rockets",
    "planets", "space", "art", "crafts", "movies", "films", "cartoons", "shows", "superheroes", "princesses",
    "flowers", "plants", "nature", "science", "maths", "numbers", "puzzles", "robots", "monsters", "instruments",
)

_WORD = re.compile(r"[a-z][a-z'\-]*")


def singular(word: str) -> str:
    """A dedupe key: plural and singular of a noun compare equal (no display change)."""
    w = word.lower()
    if len(w) <= 3 or w.endswith(("ss", "us", "is", "ops")):
        return w
    if w.endswith("ies"):
        return w[:-3] + "y"
    if w.endswith(("ses", "xes", "ches", "shes")):
        return w[:-2]
    return w[:-1] if w.endswith("s") else w


_CATEGORY_KEYS = {singular(c): c for c in CATEGORY_NOUNS}


def object_words(text: str) -> list[str]:
    """Content words of a statement, without the preference frame ("I love ...", "... is my favourite")."""
    out = []
    for w in _WORD.findall(text.lower()):
        w = w.strip("'-")
        if not w or w in STOPWORDS or w in LIKE_WORDS or w in DISLIKE_WORDS or w in NEGATIONS:
            continue
        out.append(w)
    return out


def polarity(texts: Sequence[str]) -> str:
    """likes / dislikes from the preference words the texts use (negation flips a like)."""
    like = dislike = 0
    for t in texts:
        words = _WORD.findall(t.lower())
        negated = any(w in NEGATIONS for w in words)
        if any(w in DISLIKE_WORDS for w in words):
            dislike += 1
        elif any(w in LIKE_WORDS for w in words):
            if negated:
                dislike += 1
            else:
                like += 1
    if like == 0 and dislike == 0:
        return ""
    return "dislikes" if dislike > like else "likes"


@dataclass(frozen=True)
class PromotedWording:
    text: str
    predicate: str
    head: str
    objects: tuple[str, ...]  # the bracketed specifics, in the order first said


def word_promoted(texts: Sequence[str], row_predicates: Sequence[str | None] = (), category_hint: str | None = None,
                  max_objects: int = 6) -> PromotedWording:
    """Texts in chronological order -> the promoted fact's wording."""
    preds = Counter(p for p in row_predicates if p in ("likes", "dislikes", "prefers"))
    predicate = polarity(texts) or (preds.most_common(1)[0][0] if preds else "") or "mentions"
    order: list[str] = []
    display: dict[str, str] = {}
    spread: Counter[str] = Counter()
    plural: set[str] = set()
    for t in texts:
        seen_here = set()
        for w in object_words(t):
            k = singular(w)
            if k != w:
                plural.add(k)
            if k not in display:
                display[k] = w
                order.append(k)
            if k not in seen_here:
                spread[k] += 1
                seen_here.add(k)
    # a category heads the fact when said as a category ("dinosaurs"), or in several texts; a lone
    # singular one is usually the frame ("pizza is my favourite food")
    categories = [k for k in order if k in _CATEGORY_KEYS and (k in plural or spread[k] >= 2)]
    if categories:
        head_key = max(categories, key=lambda k: (spread[k], -order.index(k)))
        head = _CATEGORY_KEYS[head_key]
    elif category_hint:
        head_key, head = singular(category_hint), category_hint
    elif order:
        head_key = max(order, key=lambda k: (spread[k], -order.index(k)))
        head = display[head_key]
    else:
        head_key, head = "", "this"
    others = tuple(display[k] for k in order if k != head_key and k not in _CATEGORY_KEYS)[:max_objects]
    text = f"{predicate} {head}" + (f" ({', '.join(others)})" if others else "")
    return PromotedWording(text=text, predicate=predicate, head=head, objects=others)


def named_category(text: str) -> str | None:
    """The category noun a statement names as what it is about ("I love dinosaurs" -> dinosaurs)."""
    for w in object_words(text):
        if singular(w) in _CATEGORY_KEYS:
            return _CATEGORY_KEYS[singular(w)]
    return None
