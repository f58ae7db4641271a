"""Intent gating: does this turn need memory at all?

Pure acknowledgements, thanks, greetings, goodbyes, laughter and emoji need no
retrieval ("thanks!", "ok", "lol", "good night"). Everything else does. Only
set lookups and one regex: a few microseconds per call, no model.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

# Words that, alone or together, carry no request for knowledge.
_PHATIC_WORDS = frozenset(
    """
    ok okay okey k kk alright allright right sure yes yeah yep yup ya no nope nah fine cool nice
    great awesome perfect lovely sweet neat wow whoa oh ah aha ahh ooh hmm hm mm mmm uh um huh
    thanks thank thx ty tysm cheers appreciated appreciate it much so very you a lot ton tons
    lol lmao rofl haha hahaha hehe heh lolol xd omg
    hi hello hey hiya howdy yo morning evening afternoon good night nite gn bye goodbye cya see ya
    later soon take care sleep well sweet dreams
    got gotcha understood noted roger will do sounds agreed indeed exactly true totally absolutely
    definitely makes sense that's that is it all for now too me welcome np problem worries
    the all and x xx xxx xo xoxo
    """.split()
)
_PHATIC_PHRASES = frozenset(
    {
        "how are you", "how are you doing", "how's it going", "hows it going", "what's up", "whats up",
        "sup", "how have you been", "good to see you", "nice to see you", "nice to meet you",
        "no problem", "no worries", "you're welcome", "youre welcome", "my pleasure", "same here",
        "me too", "talk to you later", "see you later", "see you soon", "have a good day",
        "have a nice day", "have a good night", "good night", "good morning", "good evening",
        # farewells that name when the chat goes on: "see you tomorrow" says nothing about tomorrow
        "see you tomorrow", "see ya tomorrow", "see you tonight", "see you then", "see you next time",
        "talk tomorrow", "talk to you tomorrow", "speak tomorrow", "speak soon", "catch you later",
        "catch you tomorrow", "see you in a bit", "back in a bit", "gotta go", "got to go", "have to go",
    }
)
_STRETCHED = re.compile(r"([a-z])\1{2,}")  # chat spelling: "byeee", "thaaanks", "okkk"
_TOKEN = re.compile(r"[a-z']+")
_MAX_PHATIC_TOKENS = 12


@dataclass(frozen=True)
class MemoryNeed:
    needed: bool
    reason: str

    def __bool__(self) -> bool:
        return self.needed


def _strip_phrases(text: str) -> str:
    padded = f" {text} "
    for phrase in _PHATIC_PHRASES:
        key = f" {phrase} "
        if key in padded:
            padded = padded.replace(key, " ")
    return padded


@lru_cache(maxsize=1024)
def memory_need(text: str) -> MemoryNeed:
    """Decide whether a turn needs memory, with the reason. Remembered for the last texts (a pure
    function of the text): a statement's parts are judged again by the knowledge readers."""
    if not text or not text.strip():
        return MemoryNeed(False, "empty")
    lowered = text.lower().replace("’", "'")
    tokens = _TOKEN.findall(lowered)
    if not tokens:
        return MemoryNeed(False, "emoji or punctuation only")
    if len(tokens) > _MAX_PHATIC_TOKENS:
        return MemoryNeed(True, "substantive turn")
    if any(c.isdigit() for c in lowered):
        return MemoryNeed(True, "contains numbers")
    remaining = _TOKEN.findall(_strip_phrases(" ".join(_unstretched(t) for t in tokens)))
    leftover = [t for t in remaining if t not in _PHATIC_WORDS]
    if not leftover:
        return MemoryNeed(False, "acknowledgement, thanks or greeting")
    return MemoryNeed(True, f"content words: {' '.join(leftover[:3])}")


def _unstretched(token: str) -> str:
    """A word typed with a letter held down, as it is spelt: the phatic word it is with the run cut to
    two letters ("coool" -> "cool") or to one ("byeee" -> "bye"); else the word as typed."""
    if not _STRETCHED.search(token):
        return token
    two, one = _STRETCHED.sub(r"\1\1", token), _STRETCHED.sub(r"\1", token)
    return two if two in _PHATIC_WORDS else one if one in _PHATIC_WORDS else token


def needs_memory(text: str) -> bool:
    return memory_need(text).needed
