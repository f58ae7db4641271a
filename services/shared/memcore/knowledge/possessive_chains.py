"""A person named through another, read with the right head (issue 35): "my son Kwame's wife is Abena", "my
cousin Dara's husband Finn is a firefighter", "my manager Ayodele's manager is Grete".

In "my son Kwame's wife" the phrase is about the wife: "son" is Kwame's tie to the owner, Kwame holds the wife.
The small model often keeps the first tie as the head of the phrase and hangs the second on it as an apposition
("wife" appos of "son"), or makes both nouns subjects of the same verb; the readers then write "Abena is Sam's
son" and give the wife's job or age to the son. What this module sets right, and nothing else:

- a tie word (kin or a post: vocabulary.RELATIONS, lexicon.ROLE_WORDS; "sister-in-law") stands right before a name;
- the name carries a possessive "'s" and possesses the noun after it (the parser got that much right);
- that noun hangs on the tie word as its apposition, or shares the tie word's verb and relation.

Then the possessed noun takes the tie word's place in the sentence, the tie word becomes a word of the name (a
compound, as the model parses "my uncle Bola's son Tayo" when it gets it right), and what followed the possessed
noun that had been hung on the tie word ("Finn", a relative clause) hangs on the possessed noun. A name with no
tie word before it ("Priya's husband Dev") and a possessive without a name ("my sister's husband") are left as
parsed. Pure: token tuples in, token tuples out.
"""
from __future__ import annotations

from typing import Any

from ..extraction.lexicon import ROLE_WORDS
from .vocabulary import RELATIONS

# parse.py reads its sentences through chains_read, so its token types are not imported here (no import cycle):
# a token is parse.Tok (a NamedTuple with i, pos, dep, head, ...), a sentence a tuple of them
Tok = Any
Sentence = tuple[Any, ...]

_TIES = RELATIONS | ROLE_WORDS
_POSSESSIVE = ("'s", "’s", "'", "’")


def _tie_word(t: Tok) -> bool:
    return t.pos == "NOUN" and (t.lower in _TIES or t.lemma in _TIES)


def _first_of_name(s: Sentence, name: Tok) -> int:
    """Where a name starts: its title and first names ("Mrs Kowalski", "Anne Marie"), the words before it hung on it."""
    first: int = name.i
    while first > 0 and s[first - 1].pos == "PROPN" and s[first - 1].head in (name.i, first) \
            and s[first - 1].dep in ("compound", "flat"):
        first -= 1
    return first


def _lost_head(s: Sentence) -> list[tuple[Tok, Tok, Tok]]:
    """(tie word, name, possessed noun) for each chain whose head the parser lost."""
    found = []
    for name in s:
        if name.pos != "PROPN" or name.dep != "poss" or name.i + 1 >= len(s) or s[name.i + 1].lower not in _POSSESSIVE:
            continue
        owned = s[name.head]
        first = _first_of_name(s, name)
        if owned.i <= name.i or owned.pos != "NOUN" or first == 0:
            continue
        tie = s[first - 1]
        if tie.lower == "law" and first >= 5 and [t.lower for t in s[first - 4:first - 1]] == ["-", "in", "-"]:
            tie = s[first - 5]  # "my sister-in-law Ngozi's son", which the parser splits
        if not _tie_word(tie) or tie.head == name.i:
            continue  # no tie word before the name, or already read as a word of the name
        hung = owned.dep == "appos" and owned.head == tie.i
        beside = owned.head == tie.head and owned.dep == tie.dep and tie.head != tie.i
        if hung or beside:
            found.append((tie, name, owned))
    return found


def chains_read(s: Sentence) -> Sentence:
    """The sentence with each possessive chain headed by what the name possesses (see the module's doc)."""
    if not any(t.dep == "poss" and t.pos == "PROPN" for t in s):
        return s
    out = list(s)
    for tie, name, owned in _lost_head(s):
        root = tie.head == tie.i
        out[owned.i] = out[owned.i]._replace(dep="ROOT" if root else tie.dep, head=owned.i if root else tie.head)
        out[tie.i] = out[tie.i]._replace(dep="compound", head=name.i)
        for t in s:  # what was hung on the tie word after the possessed noun ("... husband Finn", "... , who ...")
            if t.head == tie.i and t.i > owned.i:
                out[t.i] = out[t.i]._replace(head=owned.i)
    return tuple(out)


__all__ = ["chains_read"]
