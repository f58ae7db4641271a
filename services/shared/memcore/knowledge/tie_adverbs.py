"""A post or a tie said with an adverb between the copula and the tie (issue 35): "Ingrid is still my boss",
"Ravi is now our treasurer", "Kwame is now my line manager", "Rose is still my neighbour", "Tariq is now head of
finance", "she's currently our acting chair".

The tie readers read "NAME is my TIE" and "NAME is (the) POST" with at most "also", "actually" or "really" between;
"still", "now", "currently" and their like say only that the tie holds at present, which every card says anyway,
so the card was lost ("Ingrid is still my boss" gave nothing) or took the adverb into its value ("Tariq | role |
now our treasurer"). The reading is written without the adverb ("Ingrid is my boss") so the readers read it as
any tie. Only before "my"/"our"/"your"/"his"/"her"/"their", "a"/"an"/"the" or "head of": an adverb before
anything else stays ("she is still in Lima", "he's now at home", "it's now closed").

Pure string work on the reading.
"""
from __future__ import annotations

import re

# an adverb that says only that a tie or post holds now
_NOW_WORDS = r"(?:still|now|also|currently|actually|really|officially|technically|basically|just)"
_TIE_AFTER = re.compile(
    rf"\b(?P<be>is|are|was|['’]s|['’]re)\s+(?:{_NOW_WORDS}\s+){{1,2}}(?=(?:my|our|his|her|their|the|a|an)\s+[a-z]|head\s+of\s)",
    re.IGNORECASE)
# before "a"/"an"/"the" the adverb is dropped only after a name or "he"/"she" ("Wanjiru is now a nurse": her job now;
# "it's just a cold", "the shop is now a café": no one's post)
_PERSON_BEFORE = re.compile(r"(?:\b(?!(?:It|This|That|There|Here|What|Which|Who|Everything|Nothing)\b)[A-Z][\w-]*|\b(?i:he|she))\s*$")


def without_tie_adverbs(text: str) -> str:
    """The reading with "still"/"now"/... dropped between a person's copula and the tie or post said after it."""
    def plain(m: re.Match[str]) -> str:
        article = re.match(r"(?i)(?:a|an|the)\s", text[m.end():]) is not None
        if article and not _PERSON_BEFORE.search(text[:m.start()].rstrip("'’")):
            return m.group(0)
        return f"{m.group('be')} "
    return _TIE_AFTER.sub(plain, text)


__all__ = ["without_tie_adverbs"]
