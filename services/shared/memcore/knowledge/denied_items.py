"""An item denied beside the one a verb affirms, said as its own negated clause (issue 35).

"I like tea, not coffee", "I also like drawing but not football", "my grandma Aigul loves borscht, not
olives", "we eat fish but not meat", "Kemal drinks chai but never coffee": the second item is a fact of
its own with the opposite polarity (a dislike, a food one does not take). The fact readers understand a
negated clause with its own subject and verb ("but I don't like coffee"), not an object that borrows
them; read as it was said, the denied item was lost or, worse, read as liked ("I like football, not
rugby" -> likes rugby). This module writes the denied item out as that clause, before the readers see
the text (spelling.respelt calls it).

Only the verbs whose negation the readers turn into a card are written out: liking (like, love, enjoy,
adore: "don't like") and eating or drinking ("don't eat", "never drink"). Left as said: a denied time or
manner ("I swim every day but not on Sundays", "I like it, but not that much", "not gonna lie"), a
denied item with a verb of its own ("not when it rains", "not that it matters"), a subject that is no
one in particular ("everyone loves pizza, not salad") and any clause already negated.
"""
from __future__ import annotations

import re

from ..calendar_words import WEEKDAY
from ..extraction.patterns import NAME_WORD

# the verbs written out, as the negated clause says them
_SAID_AS = {"like": "like", "love": "like", "enjoy": "like", "adore": "like", "eat": "eat", "drink": "drink"}
_VERB = r"(?P<verb>(?:like|love|enjoy|adore|eat|drink)s?)"
# who: a pronoun, someone's tie ("my brother", "my big sister Dilnoza") or a name ("Kemal", "Ana Lucia")
_WHO = (rf"(?P<who>(?i:I|we|they|he|she)|(?i:my|our|his|her|their)\s+[a-z]+(?:[- ][a-z]+)?(?:\s+{NAME_WORD}){{0,2}}"
        rf"|{NAME_WORD}(?:\s+{NAME_WORD})?)")
_SOFT = r"(?:(?i:also|really|only|mostly|usually|just|still|actually|absolutely|totally|do|does|quite|kinda|honestly)\s+){0,2}"
_CONTRAST = re.compile(
    rf"(?P<lead>^|[.!?;:,]\s*|\b(?i:and|but|so|think|guess|reckon|says|said)\s+){_WHO}\s+{_SOFT}{_VERB}\s+"
    r"(?P<what>(?:(?!\b(?i:not|never|but|don't|doesn't|didn't)\b)[^.!?;])+?)"
    r"(?:\s*,\s*(?i:but\s+)?|\s+(?i:but)\s+)(?P<neg>(?i:not|never))\s+(?P<other>[^.!?;,]+)"
    r"(?P<more>\s*,\s*(?i:and|or|plus)\s+(?=[^.!?;,])(?!(?i:I|we|he|she|they|it|you|my|our|his|her|their)\b))?")
# a denied item that is a time, a manner, a degree or a clause of its own: left as said
_NOT_AN_ITEM = re.compile(
    rf"(?i)^(?:much|many|really|always|often|too|a\s+lot|lots|that|this|it|them|him|her|me|you|us|very|so|all|"
    rf"every|each|when|if|while|unless|anymore|any\s?more|now|yet|as|on|at|in|for|with|after|before|during|by|"
    rf"since|until|till|because|today|tonight|tomorrow|sure|gonna|going|kidding|joking|lying|bad|great|good|"
    rf"quite|just|only|even|ever|enough|everyone|everything|anything|anyone|any|least|likely|necessarily|"
    rf"exactly|again|either|the\s+same|lately|recently|mornings?|evenings?|nights?|weekends?|weekdays?|"
    rf"{WEEKDAY}s?)\b")
# a verb inside the denied part: a clause ("not what I expected", "not because it's bad"), no item
_HAS_VERB = re.compile(r"(?i)\b(?:is|are|was|were|am|be|been|do|does|did|have|has|had|can|could|will|would|should|"
                       r"[a-z]+n['’]t|i|you|he|she|we|they)\b|['’](?:s|re|m|ll|d|ve)\b")
# what ends the item, the rest said after it: "not coffee because it keeps me up"
_ITEM_END = re.compile(r"(?i)\s+(?:because|cos|since|though|although|as|so|anymore|any\s+more|either|at\s+all|"
                       r"lol|haha|tbh|really|ever|and\s+(?:I|we|he|she|they|it)\b)\b")
_NO_ONE = frozenset("everyone everybody nobody no anyone anybody someone somebody people most all each".split())
_SINGULAR_PRONOUN = frozenset(("he", "she"))


def _again(who: str) -> tuple[str, str]:
    """How the negated clause names the subject again, and the separator before it: a pronoun or a name
    is said as it was ("but Kemal doesn't"); a tie without a name starts a sentence of its own ("My
    brother doesn't like ..."), since "but my brother" mid-sentence reads as the liked thing."""
    words = who.split()
    if words[0].lower() in ("my", "our", "his", "her", "their"):
        named = [w for w in words[2:] if w[:1].isupper()]
        if named:
            return " ".join(named), ", but "
        return who[:1].upper() + who[1:], ". "
    return (who.lower() if who.lower() in ("we", "they", "he", "she") else who), ", but "


def _written_out(m: re.Match[str]) -> str:
    who, verb, other = m.group("who"), m.group("verb"), m.group("other")
    if who.split()[0].lower() in _NO_ONE or _NOT_AN_ITEM.match(other.strip()):
        return m.group(0)
    cut = _ITEM_END.search(other)
    item, rest = (other[:cut.start()], other[cut.start():]) if cut else (other, "")
    item = item.strip()
    if not item or len(item.split()) > 5 or _HAS_VERB.search(item) or not re.search(r"[A-Za-z]", item):
        return m.group(0)
    base = _SAID_AS[verb.lower().removesuffix("s")]
    again, joined = _again(who)
    one = again.lower() in _SINGULAR_PRONOUN or (again.lower() not in ("i", "we", "they") and again[:1].isupper())
    if m.group("neg").lower() == "never":
        negated = f"never {base}s" if one else f"never {base}"
    else:
        negated = f"doesn't {base}" if one else f"don't {base}"
    said = m.group(0)[:m.start("what") - m.start()] + m.group("what").rstrip(" ,")
    if m.group("more") and not rest:  # "I like football, not rugby, and swimming": the list goes on, liked
        first = who[:1].upper() + who[1:]
        return f"{said}. {again[:1].upper() + again[1:]} {negated} {item}. {first} {verb} "
    hedge = re.search(r"(?i)\b(I\s+(?:think|guess|reckon))\s*$", m.string[:m.end("lead")])
    if hedge and joined == ", but ":  # "I think I like tea, not coffee": the doubt covers both
        return f"{said}{joined}{hedge.group(1)} {again} {negated} {item}{rest}"
    return f"{said}{joined}{again} {negated} {item}{rest}"


def denied_apart(text: str) -> str:
    """The text with each item denied beside an affirmed one ("I like tea, not coffee") written out as
    its own negated clause ("I like tea, but I don't like coffee"); any other text as it was."""
    if not re.search(r"(?i)\b(?:not|never)\b", text):
        return text
    return _CONTRAST.sub(_written_out, text)


__all__ = ["denied_apart"]
