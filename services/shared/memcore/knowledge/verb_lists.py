"""A list of verb phrases under one subject, each with its own polarity or certainty, said as one sentence
each (issue 35, one card one fact).

"I like peas, hate carrots and maybe broccoli", "I love jazz, can't stand opera and maybe like blues", "I can
swim, can't skate and maybe can ride a bike", "we sell coffee, don't sell alcohol" say several facts of one
subject, with the subject said once. A list reader takes everything after the first verb as its object
("likes | don't like pears") or stops at the first comma; the hedge of one item ("maybe") is not the other
items' (docs/formation-spec.md, "Several facts in a turn": "I hate peas but I like sweetcorn" is two, with
opposite polarity). The reading says each item as a sentence of its own with the subject said again: "I
like peas. I hate carrots. Maybe I hate broccoli." An item without its own verb that carries a hedge
("and maybe broccoli") takes the verb said just before it.

Only a sentence that opens on "I" or "we" and a verb of liking or ability (or a modal or
"don't" before a verb) is read so, and only items that open on such a verb group (after "and", "but" or a
comma) are said apart (a "they" or "she" said again would lose whom the turn's reading
resolves it to, so others' lists are left to the clause readers): "I like swimming and go to the pool on Saturdays", "I live in Leeds and work in
Bradford" and plain lists of things ("I like peas, carrots and broccoli") are left to the readers as before.
Pure string work on the text the extractor reads (reading.as_read).
"""
from __future__ import annotations

import re

_ADVERB = (r"(?:really|also|definitely|totally|absolutely|probably|maybe|perhaps|kind\s+of|sort\s+of|quite|actually|"
           r"honestly|truly|still|even|just|totally)")
_HEDGE = re.compile(r"(?i)^(?P<hedge>maybe|perhaps|probably|possibly)\s+(?P<rest>\S.*)$")
_LIKING = (r"(?:like|love|hate|adore|enjoy|detest|dislike|loathe|prefer|can['’]?t\s+stand|cannot\s+stand|"
           r"don['’]?t\s+mind|do\s+not\s+mind)s?")
_AUX = (r"(?:do\s+not|does\s+not|don['’]?t|doesn['’]?t|can\s+not|cannot|can['’]?t|can|could|won['’]?t|will|never|"
        r"would\s+never)")
# what a modal or "don't" leads in chat rather than in a fact ("don't worry", "can you ...")
_CHAT = r"(?!(?:you|i|we|he|she|they|it|me|be|worry|wait|remember|forget|know|think|believe|say|tell|ask|care|bother|panic|judge|get)\b)"
_GROUP = rf"(?:{_ADVERB}\s+)*(?:{_LIKING}|{_AUX}\s+(?:{_ADVERB}\s+)*{_CHAT}[a-z]+)"
_VERB_GROUP = re.compile(rf"(?i)^(?P<group>{_GROUP})(?:\s+(?P<obj>\S.*))?$")
_OPENING = re.compile(rf"(?i)^(?P<lead>(?:(?:oh|well|yes|yeah|so|and|hmm)[,!]?\s+)*)(?P<subj>I|we)\s+(?P<first>{_GROUP}\b.*)$")
_JOINS = re.compile(r"\s*,\s*(?:and|but)\s+|\s*,\s*|\s+(?:and|but)\s+")
_SENTENCE = re.compile(r"[^.!?]+(?:[.!?]+|$)")
_PLAIN_VERB = re.compile(rf"(?i)^(?:{_ADVERB}\s+)*(?P<verb>{_LIKING}|{_AUX}\s+[a-z]+)")


def _verb_only(group: str) -> str:
    """The verb of a group without its adverbs ("maybe like" -> "like", "really can't stand" -> "can't stand")."""
    m = _PLAIN_VERB.match(group)
    return m.group("verb") if m else group


def _apart(sentence: str) -> str:
    body = sentence.rstrip(" .!?")
    stop = sentence[len(body):].strip() or "."
    m = _OPENING.match(body)
    if m is None:
        return sentence
    subj, items = m.group("subj"), _JOINS.split(m.group("first"))
    if len(items) < 2:
        return sentence
    said = [items[0]]
    first = _VERB_GROUP.match(items[0])
    verb = _verb_only(first.group("group")) if first else None
    apart = False
    for item in items[1:]:
        if (g := _VERB_GROUP.match(item)) and (item.split()[0].lower() not in ("also",) or len(item.split()) > 2):
            said.append(item)
            verb, apart = _verb_only(g.group("group")), True
            continue
        h = _HEDGE.match(item)
        if h and verb and apart and not _VERB_GROUP.match(h.group("rest")):
            said.append(f"{h.group('hedge')} {verb} {h.group('rest')}")  # "and maybe broccoli": the verb before it
            continue
        said[-1] = f"{said[-1]}{', ' if apart else ' and '}{item}" if said else item  # a plain item of the same list
    if not apart:
        return sentence
    out = []
    for i, item in enumerate(said):
        h = _HEDGE.match(item)
        who = subj if subj == "I" else subj.lower()
        if i == 0:
            out.append(f"{m.group('lead')}{subj} {item}")
        elif h:
            out.append(f"{h.group('hedge').capitalize()} {who} {h.group('rest')}")
        else:
            out.append(f"{who[:1].upper()}{who[1:]} {item}")
    return " ".join(f"{s}{stop if i == len(out) - 1 else '.'}" for i, s in enumerate(out))


def verb_lists_apart(text: str) -> str:
    """The text with each list of verb phrases under one subject said as one sentence per verb phrase."""
    if not re.search(r"(?i),|\s(?:and|but)\s", text):
        return text
    said = [s.strip() for s in _SENTENCE.findall(text) if s.strip()]
    read = [_apart(s) for s in said]
    return text if read == said else " ".join(read)


__all__ = ["verb_lists_apart"]
