"""A fear of a happening, said "I get scared when X" (issue 35).

"I get scared when it's thundering", "I'm always terrified when Ayodele drives on the motorway": a fear whose
object is a happening, not a thing. The readers read a fear from "scared of", so these turns gave nothing, or a
routine ("am always terrified"). The card keeps the happening as the value ("thundering"). (A liking or dislike of
a happening, "I don't like it when people shout", is preference_rules._LIKE_WHEN's.) A card another reader made of
the happening alone is the fear's: "I feel nervous when I have to read out loud" is no rule to read out loud, and "I'm
always terrified when ..." no habit.

Only the owner's own statements ("I ..."): a question, "if ...", and a line that already gave a card holding the
happening's words are left alone. Pure: the turn's text as read and its cards in, cards out.
"""
from __future__ import annotations

import re

from .models import Fact
from .person import about
from ..stemming import stem
from .vocabulary import content_words

_OPENER = r"(?:(?:and|but|so|also|well|honestly|oh|really|i\s+think)\s*,?\s+)*"
_ADVERB = r"(?:(?:really|just|so|actually|totally|absolutely|kind\s+of|kinda|a\s+bit|a\s+little|quite|always|still)\s+)*"
_HAPPENING = r"(?P<what>[^,.;!?]{3,80}?)(?=\s*(?:[,.;!?]|$|\s+(?:but|and\s+then|so|because|cos|lol)\b))"
_FEAR = re.compile(
    rf"(?i)^{_OPENER}I(?:['’]m|\s+am|\s+get|\s+feel|\s+got|\s+always\s+get)\s+{_ADVERB}"
    rf"(?:scared|afraid|frightened|terrified|nervous|anxious|panicky|freaked\s+out|worried|uneasy|jumpy|on\s+edge)\s+when(?:ever)?\s+{_HAPPENING}")
_PRONOUNS = frozenset("i me my we us our you your he him his she her they them their it its".split())
_BE = frozenset({"am", "is", "are", "get", "feel", "when", "whenev"})  # (stems)
_CLAUSE_CUT = re.compile(r"(?<=[.!?])\s+|\s*;\s*")
_I_HAVE_TO = re.compile(r"(?i)^I\s+(?:have\s+to|['’]ve\s+got\s+to|have\s+got\s+to|need\s+to|must)\s+")
_IT_IS = re.compile(r"(?i)^(?:it['’]s|it\s+is|there['’]s|there\s+is)\s+")


def fears_when(cards: list[Fact], text: str, owner: str) -> list[Fact]:
    """The turn's cards, with a fear of a happening each "scared when X" says that no card holds yet."""
    if not re.search(r"(?i)\bwhen", text):
        return cards
    out = list(cards)
    for clause in _CLAUSE_CUT.split(text):
        clause = clause.strip()
        if not clause or clause.endswith("?"):
            continue
        fear = _FEAR.match(clause)
        if not fear:
            continue
        what = fear.group("what")
        what = _IT_IS.sub("", what.strip())
        what = _I_HAVE_TO.sub("having to ", what)  # "when I have to read out loud": having to read out loud
        what = re.sub(r"^(The|A|An|My|Our|His|Her|Their)\b", lambda m: m.group(1).lower(), what)  # (a reading's capital)
        words = _stems(what)
        feeling = fear.group(0)[:fear.start("what")]  # "I'm always terrified when "
        # a habit read from the feeling alone ("routine | am always terrified") is the feeling's, not a routine; a
        # rule read from the happening ("... when I have to read out loud": "rule | read out loud") is the fear's too
        said = _stems(feeling) | words | _BE | _stems(owner)
        out = [f for f in out if not (f.type in ("routine", "safety") and f.subject == owner and _stems(f.value) <= said)]
        if not words or any(2 * len(words & _stems(f"{f.value} {f.text}")) >= len(words) for f in out
                            if f.subject == owner and f.predicate != "event"):
            continue  # a card of the turn holds the happening already ("likes | Zara goes swimming")
        out.append(Fact(owner, "fears", what, "preference", 0.8, about(clause.rstrip(".!"), owner)))
    return out


def _stems(text: str) -> set[str]:
    """The stems of a text's content words, pronouns out ("we go swimming" and "Zara goes swimming" share "go")."""
    return {stem(w) for w in content_words(text) if w not in _PRONOUNS}
