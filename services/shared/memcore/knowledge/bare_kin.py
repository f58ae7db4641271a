"""A person named by the family's own lower-case word for them, which the turn says is kin (issue 35).

"meme is my grandfather he is seventy six", "bubu is my granny", "hii-baa is my great grandma": children write
the word the family calls someone in lower case, so no name pattern reads it. When the word is the subject of
"is/was my <tie>", it is the person's name in this turn: the tie's card is "meme is Kinzang's grandfather", and a
"he"/"she" after it is meme. Not a pronoun, a determiner or an English kin word ("mum is my best friend" names
no one), and not the tie said of a thing ("home is my grandad's"). Pure regex work.
"""
from __future__ import annotations

import re

from ..extraction.lexicon import SENTENCE_OPENERS, TIME_WORDS
from .vocabulary import EMPTY_OBJECTS, KIN_OTHER_TONGUES, RELATION_PHRASES, RELATIONS

_TIES = "|".join(re.escape(w) for w in sorted((*RELATION_PHRASES, *RELATIONS), key=len, reverse=True))
# the word, where a sentence, a clause or a list item starts; then "is my (great) grandfather"
BARE_KIN_IS = re.compile(
    rf"(?:^|(?<=[.!?;,:]\s)|(?<=\band\s)|(?<=\bbut\s))(?P<name>[a-zà-ÿ]{{2,}}(?:-[a-zà-ÿ]+)?)\s+(?:is|was)\s+"
    rf"(?:(?:also|really|actually)\s+)?(?:my|our)\s+(?P<rel>(?:(?:great|great-|big|little|older|younger|best|old)\s*)?(?:{_TIES}))\b(?!['’]s|-)")
_NOT_A_NAME = frozenset("""everyone everybody someone somebody nobody noone anyone anybody mine yours ours one who what which
whoever he she they it this that there here home life family""".split())
_ENGLISH_KIN = RELATIONS - KIN_OTHER_TONGUES


def _a_name(word: str) -> bool:
    low = word.lower()
    return not (low in SENTENCE_OPENERS or low in _NOT_A_NAME or low in EMPTY_OBJECTS or low in TIME_WORDS
                or low in _ENGLISH_KIN)


def bare_kin_named(text: str) -> list[tuple[str, str]]:
    """(word, tie) for each lower-case word the text says is the owner's kin: [("meme", "grandfather")]."""
    return [(m.group("name"), m.group("rel").lower()) for m in BARE_KIN_IS.finditer(text) if _a_name(m.group("name"))]
