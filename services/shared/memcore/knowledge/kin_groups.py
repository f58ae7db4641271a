"""Children said as a group with their names after them (issue 35): "our twins Bryn and Lowri", "we have
two boys, Cai and Emrys, both 8", "my husband Iwan and the girls, Seren and Mali, both 11". Pure: parse.Tok
tuples in, words out; ties.py makes the cards.

- The tie each name has: a boy is a son, twins and triplets are children ("one of Tova's twins"), not a
  twin sibling, which one says in the singular ("my twin Bryn") or with the kin word ("my twin sisters").
- Whose they are when no "my" is said: the person they are listed with ("my husband Iwan and the girls":
  the owner's girls).
- An age said once for them all after the names ("..., both 8", "..., all three 6"): each name's age.
"""
from __future__ import annotations

from .parse import Sentence, Tok
from .tree import Kids
from .vocabulary import NUMBER_WORDS

# a plural word for children and the tie each child has
GROUP_KIN = {"kid": "child", "child": "child", "boy": "son", "girl": "daughter", "son": "son", "daughter": "daughter",
             "twin": "child", "triplet": "child", "grandkid": "grandchild", "grandchild": "grandchild",
             "grandson": "grandson", "granddaughter": "granddaughter"}
_BIRTHS = frozenset({"twin", "triplet"})  # said of children born together: the word is kept in the line
_ALL = frozenset({"both", "all", "each"})


def kin_line(name: str, holder_said: str, t: Tok, words: list[str]) -> tuple[str, str]:
    """The tie's predicate and line for one named child: ("child", "Bryn is one of Tova's twins"),
    ("son", "Cai is Tova's son")."""
    if t.lemma in _BIRTHS:
        return "child", f"{name} is one of {holder_said} {t.lower}"
    kin = " ".join([*words, GROUP_KIN[t.lemma]])
    return kin.replace(" ", "_"), f"{name} is {holder_said} {kin}"


def listed_with(s: Sentence, t: Tok) -> Tok | None:
    """The tie a group word is listed after ("my husband Iwan and the girls": "husband"), through the name
    said beside it; None when the group is not listed after anyone."""
    if t.dep != "conj":
        return None
    head = s[t.head]
    return s[head.head] if head.dep == "appos" and head.pos == "PROPN" else head


def shared_age(s: Sentence, kids: Kids, last: Tok) -> str | None:
    """The age said once for the names ending at `last`: ", both 8", "all three 6", "both 11 now"."""
    i = last.i + 1
    if i < len(s) and s[i].text == ",":
        i += 1
    if i >= len(s) or s[i].lower not in _ALL:
        return None
    i += 1
    if i + 1 < len(s) and s[i].lower in NUMBER_WORDS and s[i + 1].pos == "NUM":
        i += 1  # "all three 6"
    if i < len(s) and s[i].pos == "NUM" and (s[i].text.isdigit() or s[i].lower in NUMBER_WORDS):
        n = s[i].text if s[i].text.isdigit() else str(NUMBER_WORDS[s[i].lower])
        unit = s[i + 1].lower if i + 1 < len(s) else ""
        if unit in ("of", "day", "days", "week", "weeks") or not 0 < int(n) < 120:
            return None  # "both of them", "all 3 weeks"
        return f"{n} months" if unit in ("month", "months") else n
    return None


__all__ = ["GROUP_KIN", "kin_line", "listed_with", "shared_age"]
