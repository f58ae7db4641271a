"""A turn dictated as a voice message, read as written English (issue 35).

Speech-to-text gives "so um basically I work at the plant like I'm a process operator on the furnaces and
we do twelve hour shifts": no stops, hesitations ("um", "erm"), "like" as a pause, and several sentences
run into one. The parser then reads one long sentence whose clauses hang off the wrong heads, and most
of what was said is lost. `spoken_apart` gives the turn closer to how it would have been typed:

- hesitations ("um", "uh", "erm", "hmm") say nothing and go;
- "like" said as a pause goes: before a number ("like 8", "like two streets away"), and between two
  clauses, before "I"/"she"/"we" ... that open the second ("at the plant like I'm a ..."); a liking
  ("I like it", "she'd like a dog"), a likeness ("looks like her mum", "feels like 50") stays;
- "haha"/"yeah" between two clauses is where one sentence ends ("she hides in her room haha she loves ...").
Only a turn that reads as dictated is rewritten (it hesitates, or runs 16 words without a mark); a typed
sentence keeps its own shape. Cutting a run-on turn before each pronoun that seems to open a clause was
tried and dropped: without a parse it cut "if I win the lottery. I'm buying a boat" (a hypothetical made
a fact) and "apparently next year. they're giving me" (the hedge and the time lost), and the dictated
turns of the tenth set's tuning half gained nothing from it (docs/knowledge-log.md).
Pure regex work; the stored turn stays as it was said.
"""
from __future__ import annotations

import re

_HESITATION = re.compile(r"(?i)(?:,\s*)?(?<![\w'])(?:u+m+|u+h+m*|e+r+m+|h+m+)(?![\w'])(?:\s*,)?")
# "like" as a pause: before a number or an amount ("like 8", "like two streets away", "like three and a half")
_LIKE_BEFORE_A_NUMBER = re.compile(
    r"(?i)(?<!\blooks )(?<!\blook )(?<!\bfeels )(?<!\bfeel )(?<!\bsounds )(?<!\bseems )(?<!\bmore )(?<!\bsomething )"
    r"(?<![\w'])like\s+(?=(?:\d|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty|a\s+(?:few|couple|dozen|hundred)|"
    r"half|every|all)\b)")
# ... and between two clauses: "at the plant like I'm a process operator", "she hates it like she hides"
# (a pronoun: before "the" or "my" "like" is as often the verb: "the kids like the new coach")
_OPENS_A_CLAUSE = r"(?:I|I'm|I've|I'd|I'll|she|he|we|they|she's|he's|we're|they're|it's|there's)"
_LIKE_BETWEEN = re.compile(rf"(?<![\w'])(?<!\bI )(?<!\byou )(?<!\bwe )(?<!\bthey )(?<!\bwould )(?<!'d )(?<!\bdo )"
                           rf"(?<!\bdon't )(?<!\bdidn't )(?<!\bjust )(?<!\blooks )(?<!\bfeels )(?<!\bsounds )"
                           rf"(?<!\bseems )(?<!\blook )(?<!\bfeel )(?<!\bsound )(?<!\bseem )(?<!\bis )(?<!\bwas )"
                           rf"(?<!\bmore )(?<!\bnothing )(?<!\bsomething )(?<!'s )(?<!'re )(?<!\bbe )(?<!\bwere )(?<!\bare )like\s+(?={_OPENS_A_CLAUSE}\b)")
_LIKE_OPENING = re.compile(r"(?i)(^|[.!?]\s+)like,?\s+")  # "like nine years I think": a pause before it all
# "yeah"/"haha" between two clauses said without a stop: where one sentence ends ("she hides in her room haha she
# loves water polo"); after a joining word it is only a pause ("so yeah we both do shifts")
_LEADS_ON = frozenset("and but or so because cos cuz if when while that than as until till since then like".split())
_STRETCH = 16  # words said without a mark that make a turn read as dictated
_TURN_TAKING = re.compile(r"(?i)(?<![\w'])(\w+)\s+(?:haha+|hehe+|yeah|yep|ok|okay)\s+(?=(?:I|I'm|she|he|we|they|it's|my|our)\b)")


def dictated(text: str) -> bool:
    """Whether a turn reads as dictated: it hesitates ("um", "erm"), or runs a long stretch of words with
    no mark at all (a typed turn that long has its commas, dashes or stops)."""
    return _HESITATION.search(text) is not None or any(
        len(part.split()) >= _STRETCH for part in re.split(r"[.!?;,:()\-–—]", text))


def spoken_apart(text: str) -> str:
    """The turn as typed: hesitations and pauses gone, a "haha" or "yeah" between two clauses a stop; a
    turn that does not read as dictated is left as it is."""
    if not dictated(text):
        return text
    out = _HESITATION.sub("", text)
    out = _LIKE_OPENING.sub(r"\1", out)
    out = _LIKE_BEFORE_A_NUMBER.sub("", out)
    out = _LIKE_BETWEEN.sub("", out)
    out = re.sub(r"\s{2,}", " ", out).strip()
    out = re.sub(r"^[,\s]+|\s+(?=[,.!?])", "", out)
    out = _TURN_TAKING.sub(lambda m: m.group(1) + (" " if m.group(1).lower() in _LEADS_ON else ". "), out)
    return out or text


__all__ = ["dictated", "spoken_apart"]
