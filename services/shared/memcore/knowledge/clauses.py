"""A statement cut into its clauses ("I hate peas but I like sweetcorn" -> two), each read on its own
by the fact families (extract.facts_of_turn): boundaries where a new subject starts, contractions
spelt out, a subject shared by verbs joined with "and", list items kept with their verb."""
from __future__ import annotations

import re

from ..extraction.patterns import NAME_WORD
from .rule_basics import NEW_VERBS
from .vocabulary import RELATIONS

# A verb said of one person (a name before it): "and Giulia does ...", "and Omar likes ..." start a clause
_THIRD_PERSON = ("is", "was", "has", "had", "does", "did", "can", "will", "goes", "went", "plays", "likes", "loves", "hates",
                 "works", "lives", "wants", "needs", "takes", "makes", "gets", "got", "teaches", "studies", "drives", "speaks",
                 "sings", "cooks", "reads", "eats", "drinks", "sleeps", "helps", "runs", "rides", "wears", "uses", "keeps")
# Clause boundaries: "but", ";", and "and"/"so" when a new subject follows; ", so" before a ban or a
# request ("I'm lactose intolerant, so no milk please": the consequence is not the condition's value).
_CLAUSE = re.compile(r"\s*;\s*|(?<=[a-z]{3}[.!?])\s+|\s*,\s*(?:and\s+)?then\s+(?=(?:I|we|he|she|they|my|our|the)\b)|\s*,?\s+but\s+|\s*,\s*(?:and|so)\s+(?=(?:I|I'm|I’m|we|he|she|they|my|our|[A-Z][a-z]+)\b)"
                     r"|\s+and\s+(?:then\s+)?(?=(?:I|I'm|I’m|we|he|she|they|my|our)\b)|\s+so\s+(?=(?:I|we|he|she|they)\s+(?!can|could|would|might|may)\w)|\s*,\s*(?=(?:I|I'm|I’m|my|we|our)\b)|\s*,\s*(?=(?:sometimes|usually|often|normally|occasionally|mostly|also|now|(?:on|at|in|every)\s+[A-Za-z]+)\s+(?:I|we|he|she|they|my|our)\s)"
                     r"|\s*,?\s*so\s+(?=(?:no|not|never|please|don['’]t|do\s+not|stop|quit)\b)|\s*,\s*(?=especially\b)|\s*,\s*(?=(?:he|she|they)\s+(?!said|says)[a-z]+)"
                     rf"|\s+and\s+(?=[A-Z][a-z]+\s+(?:{'|'.join(_THIRD_PERSON)})\b)")  # "Sofia plays violin and Giulia does gymnastics"
_CONTRACTIONS = ((re.compile(r"\bI['’]m\b"), "I am"), (re.compile(r"\b([Ww]e)['’]re\b"), r"\1 are"),
                 (re.compile(r"\b(I|[Ww]e|[Tt]hey)['’]ve\b"), r"\1 have"),
                 (re.compile(r"\b([Hh]e|[Ss]he)['’]s\s+(?=(?:a|an|the|my|our|in|from|scared|afraid|into|allergic|"
                             r"good|great|learning|obsessed|terrified|frightened|not)\b)"), r"\1 is "),
                 (re.compile(r"\b([Tt]hey)['’]re\b"), r"\1 are"),
                 (re.compile(r"\b(I|[Ww]e|[Hh]e|[Ss]he|[Tt]hey)['’]ll\b"), r"\1 will"),
                 (re.compile(rf"\b({NAME_WORD})['’]s\s+(?=(?:better|good|great|brilliant|terrible|bad|rubbish|hopeless)\s+at\b|"
                             r"(?:our|the|a|an|not|off|away|on\s+leave|on\s+holiday)\s)"), r"\1 is "))  # "Cal's better at"


def clauses(statement: str) -> list[str]:
    text = statement.strip()
    # "with my mum and my nani": one company, not a new clause
    text = re.sub(r"\b(with\s+(?:my|our)\s+[a-z]+)\s+and\s+(?=(?:my|our)\b)", r"\1 plus ", text)
    for rx, repl in _CONTRACTIONS:
        text = rx.sub(repl, text)
    parts = [p.strip(" ,.!") for p in _CLAUSE.split(text)]
    parts = [q for p in parts for q in _shared_subject(p)]
    merged: list[str] = []
    for p in parts:  # "I love pizza and my mum's lasagne": "my mum's lasagne" is an item, not a clause
        if merged and _POSSESSED.match(p) and not _VERB.search(p):
            # "Tamsin, my niece, she is 23": a name alone, then its tie, is one person (an apposition), not two
            merged[-1] = f"{merged[-1]}, {p}" if _NAME_ALONE.match(merged[-1]) and _TIED.match(p) else f"{merged[-1]} and {p}"
        else:
            merged.append(p)
    parts = merged
    out: list[str] = []
    for p in parts:
        if not p:
            continue
        if p.lower().startswith("especially ") and out:
            # "I love horses, especially ponies": the special one shares the verb before it
            head = re.match(r"^(.*?\b(?:love|loves|like|likes|adore|adores|enjoy|enjoys|hate|hates|"
                            r"scared\s+of|afraid\s+of|into))\b", out[-1], re.I)
            if head:
                out.append(f"{head.group(1)} {p[len('especially '):]}")
            continue
        out.append(p)
    return out


_SHARED = re.compile(rf"\s+and\s+(?:then\s+|also\s+)?(?=(?:{'|'.join(NEW_VERBS)})\s)")
_SUBJECT = re.compile(rf"^(?:I|we|he|she|they|(?:my|our)\s+[a-z]+(?:\s+(?-i:{NAME_WORD}))?)\s+"
                      r"(?:(?:can|could|will|usually|always|often|also|sometimes)\s+)?(?=[a-z])", re.I)
_NAME_ALONE = re.compile(rf"^(?:{NAME_WORD})(?:\s+{NAME_WORD})?$")
_TIED = re.compile(rf"^(?:my|our)\s+(?:[a-z]+\s+)?(?:{'|'.join(sorted(RELATIONS, key=len, reverse=True))})$", re.I)
_POSSESSED = re.compile(r"^(?:my|our)\s+[\w'’ -]+$", re.I)
_VERB = re.compile(r"\b(?:is|are|was|were|am|has|have|had|does|do|did|can|will|could|would|[a-z]{2,}s|[a-z]{2,}ed)\b")


def _shared_subject(part: str) -> list[str]:
    """"I like swimming and go to the pool on Saturdays": two clauses, the second with the first's
    subject (the verbs after "and" are a closed list: an item of a list is no verb)."""
    pieces = _SHARED.split(part)
    subject = _SUBJECT.match(pieces[0])
    if len(pieces) == 1 or not subject:
        return [part]
    return [pieces[0]] + [f"{subject.group(0)}{p}" for p in pieces[1:]]
