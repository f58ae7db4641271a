""""Terrible with" a food is a dislike, not a weak skill (issue 35; docs/formation-spec.md "Types": a
preference holds likes and dislikes, a skill abilities).

"I'm terrible with anything spicy", "she's hopeless with mushrooms", "I'm not good with chilli": said of
something one eats, "bad with" says what one cannot take, a dislike; said of a subject or a task ("terrible
at maths", "hopeless with names", "rubbish with computers") it stays a weak skill. Only "with" turns the
card (a food after "at", "bad at cooking rice", is a task); the thing is a food when its head word is one
(the list below: dishes, ingredients, tastes) or a taste is said ("anything spicy", "very sweet things").

`as_dislike` turns a weak-skill card the readers made into the owner's dislike when its words say so.
Pure.
"""
from __future__ import annotations

import re
from dataclasses import replace

from .models import Fact

# a taste, said of what one eats ("anything spicy", "hot food", "sweet stuff")
TASTES = frozenset("spicy fizzy hot sweet sour bitter salty greasy oily fatty fried rich creamy fishy garlicky "
                   "peppery tangy bland".split())
# what one eats or drinks, by its head word (singular; a plural "s"/"es" is read too)
FOODS = frozenset("""food foods dish meal meat fish seafood shellfish prawn shrimp crab pork beef lamb chicken
mutton egg cheese milk dairy cream butter yoghurt yogurt gluten wheat bread rice pasta noodle bean lentil nut
peanut chilli chili pepper garlic onion mushroom olive tomato coriander cilantro ginger curry sauce spice
seasoning vinegar mustard mayo mayonnaise ketchup sugar sweet chocolate cake dessert coffee tea alcohol
drink juice soda beer wine spirit booze liver offal tofu broccoli cabbage sprout spinach aubergine eggplant courgette
zucchini avocado banana coconut pineapple fruit vegetable veg veggie kimchi wasabi steak porridge oats cereal
toast burger pizza sandwich soup salad whisky whiskey vodka gin rum martini cocktail latte espresso cappuccino""".split())
_NOT_FOOD_HEADS = frozenset("people person name names number numbers money computer computers kid kids child "
                            "children tool tools hand hands word words technology tech phone phones".split())
_WITH = re.compile(r"(?i)\b(?:with)\s+(?P<v>[^,;.!?]{2,60})")
# the owner's cooking said in the turn: "bad with" a food is then a task ("I cook for the crew, I'm not so good with
# the bread", "I'm a chef but terrible with pastry")
_COOKING = re.compile(r"(?i)\b(?:I|we)\s+(?:\w+\s+)?(?:cook|bake|make|prepare|fry|grill)\b|\bI['’]?m\s+(?:a|the)\s+"
                      r"(?:\w+\s+)?(?:chef|cook|baker)\b|\bmy\s+(?:cooking|baking|kitchen|recipes?)\b|\b(?:to\s+)?(?:cook|bake)\b")


def _head(word: str) -> str:
    low = re.sub(r"[^a-z]", "", word.lower())
    for cut in ("ies", "es", "s"):
        if low.endswith(cut) and len(low) > len(cut) + 2:
            stem = low[: -len(cut)] + ("y" if cut == "ies" else "")
            if stem in FOODS or stem in TASTES:
                return stem
    return low


def is_food(thing: str) -> bool:
    """Whether a thing one is "bad with" is something one eats: a food's head word or a taste in it."""
    words = [w for w in re.findall(r"[A-Za-z]+", thing)]
    if not words or _head(words[-1]) in _NOT_FOOD_HEADS:
        return False
    heads = {_head(w) for w in words}
    return _head(words[-1]) in FOODS or bool(heads & TASTES) and _head(words[-1]) in TASTES | FOODS | {
        "thing", "things", "stuff", "anything", "something", "everything"}


def as_dislike(f: Fact, statement: str) -> Fact:
    """A weak-skill card of a food said with "with" as a dislike; else the card as it was."""
    if f.predicate != "weak_at" or f.type != "skill" or not is_food(f.value):
        return f
    said = next((m for m in _WITH.finditer(statement) if f.value.lower() in m.group("v").lower()), None)
    if said is None or _COOKING.search(statement):
        return f  # "bad at cooking rice", "I cook ... not good with the bread": a task
    if re.match(r"(?i)the\s", said.group("v")) and not set(re.findall(r"[a-z]+", f.value.lower())) & TASTES:
        return f  # "not so good with the bread": a thing one handles, as often as one one eats
    return replace(f, predicate="dislikes", type="preference", text=f"{f.subject} doesn't like {f.value}")


__all__ = ["FOODS", "TASTES", "as_dislike", "is_food"]
