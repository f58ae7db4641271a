"""A confidence: words that ask the listener to keep the turn to themselves, said before what it says ("don't tell
anyone but I'm scared of the dark", "between you and me, I'm thinking of quitting", "promise you won't tell? I
have a crush on Tomasz", "don't laugh but I still sleep with a nightlight") or after it ("I'm scared of spiders,
don't tell anyone", "(dont tell my sister)").

It asks about this very turn, so it sets no standing rule ("never tell anyone ..." is not a boundary the owner keeps),
and what follows it is what the turn teaches. A request not to tell someone a thing named in it ("don't tell Leo
about the party", "never tell him the ending") is no lead-in: nothing follows it. Pure regular expressions."""
from __future__ import annotations

import re

# whom not to tell: "anyone", "mum", "my brother", "Leila", "the others"
_WHOM = (r"(?:any\s*(?:one|body)|any1|no\s*(?:one|body)|(?:my|our)\s+[a-z]+|the\s+(?:others|kids|teachers?|boss|team|class|grown-?ups)|"
         r"mum|mom|mummy|mommy|dad|daddy|(?-i:[A-Z][a-z]+))")
_NOT = r"(?:don['’]?t|dont|do\s+not|never|pls\s+don['’]?t|please\s+don['’]?t|please\s+dont)"
_LEAD_IN = (
    rf"{_NOT}\s+tell\s+{_WHOM}(?:\s+(?:this|that|yet))?(?:\s*,\s*|\s+)but|"  # "don't tell anyone but ..."
    rf"{_NOT}\s+tell\s+{_WHOM}(?:\s+(?:this|that|yet))?\s*[,:!.]|"  # "please don't tell my brother, I'm ..."
    r"(?:(?:you\s+)?promise|pinky\s+promise)\s+(?:you\s+won['’]?t|not\s+to|u\s+wont|you\s+wont)\s+tell(?:\s+anyone)?\s*[,?!.:]|"
    r"(?:just\s+)?between\s+(?:you|u)\s+and\s+me\s*[,:!.]?|"
    r"(?:it['’]?s|its|this\s+is)\s+a\s+secret(?:\s*,\s*|\s+)but|"
    r"(?:can|could)\s+(?:you|u)\s+keep\s+a\s+secret\s*\??|"
    r"keep\s+(?:this|it)\s+(?:to\s+yourself|between\s+us|a\s+secret|secret)(?:\s*,\s*|\s+)(?:but|ok(?:ay)?\s*[,?]?)|"
    rf"{_NOT}\s+laugh(?:\s+at\s+me)?(?:\s*,\s*|\s+)but|"
    r"(?:i['’]?ve|ive|i\s+have)\s+never\s+told\s+anyone\s+(?:this\s+)?(?:before\s+)?(?:\s*,\s*|\s+)?but"
)
CONFIDING = re.compile(rf"^\s*(?:(?:ok(?:ay)?|so|and|oh|um|erm)\s*,?\s+)*(?:{_LEAD_IN})\s*", re.I)


# the same said after what it asks to keep: "I'm scared of spiders, don't tell anyone", "Helicopters, a bit, but don't
# tell anyone.", "I still sleep with my teddy (dont tell my brother)"; here "her", "him", "them" are whom not to tell too
_AFTER = re.compile(rf"(?:\s*[,;-]\s*|\s+)(?:(?:but|and|so|just)\s+)?{_NOT}\s+tell\s+(?:{_WHOM}|(?i:her|him|them))"
                    r"(?:\s+(?i:ok|okay|lol|haha|pls|please|yet))*\s*[.!?]*\s*$"
                    rf"|\s*\(\s*(?:(?i:but)\s+)?{_NOT}\s+tell\s+[^()]{{1,30}}\)\s*[.!?]*\s*$", re.I)


_BARE = re.compile(r"(?i)^\s*(?:(?:please|pls|ok|okay|and|so|but|just|oh|um)[\s,.!]*)+$")  # "please don't tell Leo": the request alone


def without_confiding(text: str) -> str:
    """The turn without what asks the listener to keep it to themselves, before or after what it says ("don't tell
    anyone but I'm scared of the dark", "I'm scared of spiders, don't tell anyone"): what it says, or the turn as it
    was when nothing else is said."""
    rest = confided(text) or text
    m = _AFTER.search(rest)
    if m and re.search(r"[A-Za-z]", rest[:m.start()]) and not _BARE.match(rest[:m.start()]):
        rest = rest[:m.start()].rstrip(" ,;-") + ("." if rest[:m.start()].rstrip()[-1:] not in ".!?" else "")
    return rest


def confided(text: str) -> str | None:
    """What the turn says after a confidence's lead-in, or None when it has none (or nothing follows it)."""
    m = CONFIDING.match(text)
    if m is None:
        return None
    rest = text[m.end():].strip()
    return rest if re.search(r"[A-Za-z]", rest) else None


__all__ = ["CONFIDING", "confided", "without_confiding"]
