"""A plan someone has decided for the owner or their people, as it is passed on (issue 35).

"The company will give me a new laptop in March", "apparently they're giving me a second van next year", "my
boss says the school is going to pay for the course", "Nana says the council will resurface our road in June":
a party (an employer, a school, a council, a person) has decided to do something for or to the owner, or on a
date. The spec (docs/formation-spec.md, "relayed plans, settled") keeps such a plan as a card, hearsay when it is
passed on; a forecast nobody decided ("it'll be a cold winter", "Arsenal will win the league", "the grant will be
cut") and the owner's own guess stay small talk. The plan readers (one_off_events.plan_fact) read only the
owner's or their people's own plans ("I'll run the marathon in June"); `decided` reads the others'.

What makes a decision, not a forecast: someone who can decide is the subject (a person, "they", or a body named
with "the"/"my"/"our"/a name, not "it"/"there"), the verb is a deed one decides to do (give, pay, buy, build,
open, close, hire, send ... `DECIDED_DEEDS`) said in the active voice with "will", "going to" or a present
progressive, and the deed is for the owner ("me", "us", "my ...", "our ...") or set for a date ("in March",
"next year", "in 2027"). `decided_deed` gives the same judgement on a parsed clause for the statement check
(statement_mood.relayed_forecast), so what this module reads is not called small talk there. Pure.
"""
from __future__ import annotations

import re

from .models import Fact
from .one_off_events import dated
from .parse import Tok
from .rule_basics import TurnContext
from .statement_basics import EVENT_CERTAINTY, named_text

# the deeds a party decides to do for someone or on a date
DECIDED_DEEDS = frozenset("give pay buy build open close shut send hire switch resurface replace fix repair install "
                          "fund cover sell launch extend renovate demolish upgrade train promote transfer offer lend "
                          "provide donate rebuild reopen expand".split())
_ING = {"giving": "give", "paying": "pay", "buying": "buy", "building": "build", "opening": "open", "closing": "close",
        "shutting": "shut", "sending": "send", "hiring": "hire", "switching": "switch",
        "resurfacing": "resurface", "replacing": "replace", "fixing": "fix", "repairing": "repair",
        "installing": "install", "funding": "fund", "covering": "cover", "selling": "sell", "launching": "launch",
        "extending": "extend", "renovating": "renovate", "demolishing": "demolish", "upgrading": "upgrade",
        "training": "train", "promoting": "promote", "transferring": "transfer", "offering": "offer",
        "lending": "lend", "providing": "provide", "donating": "donate", "rebuilding": "rebuild",
        "reopening": "reopen", "expanding": "expand"}
_CONTRACTED = ((re.compile(r"(?i)\b(they|we|you)['’]re\b"), r"\1 are"), (re.compile(r"(?i)\b(he|she|it)['’]s\b(?=\s+\w+ing\b)"), r"\1 is"),
               (re.compile(r"(?i)(?<=\w)['’]ll\b"), " will"), (re.compile(r"(?i)\bgonna\b"), "going to"))
_REPORT = re.compile(r"(?i)^(?:apparently|supposedly|reportedly)\s*,?\s+|^(?P<who>(?:(?:my|our|the)\s+)?(?:[\w'’-]+\s+){0,2}?)"
                     r"(?:says?|said|told\s+(?:me|us))\s+(?:that\s+)?")
_PARTY = (r"(?P<subj>(?i:they|he|she)|(?i:the|my|our|his|her|their)\s+[A-Za-z-]+(?:\s+[A-Za-z-]+)?|"
          r"[A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,2})")
_DECIDES = re.compile(rf"^{_PARTY}\s+(?:(?i:will|is\s+going\s+to|are\s+going\s+to)\s+(?:(?i:probably|definitely|finally|also)\s+)?"
                      r"(?P<base>[a-z]+)|(?i:is|are)\s+(?:(?i:probably|definitely|finally|also)\s+)?(?P<ing>[a-z]+ing))\b(?P<rest>.*)$")
_NEXT = re.compile(r"(?i),\s+(?=(?:he|she|they|it|we|I)(?:['’]|\s))|[.;]\s+")  # where the next clause starts
_NO_PARTY = frozenset("it there that this what weather rain snow i we".split())
_MINE = re.compile(r"(?i)\b(?:me|us|my|our)\b")
_OURS = re.compile(r"(?i)\b(?:us|our)\b")


def _deed(base: str | None, ing: str | None) -> str | None:
    if base:
        return base.lower() if base.lower() in DECIDED_DEEDS else None
    return _ING.get((ing or "").lower())


def decided(clause: str, ctx: TurnContext) -> list[Fact]:
    """A plan a party has decided, for the owner or on a date: an episodic `plan` card of the owner's (or the
    team's, for "us"/"our"), or of the party's own when it is done for nobody of the owner's ("the port will buy
    a new pilot boat in 2027": the port's). Nothing for a forecast, a passive, or a deed without its object."""
    text = _NEXT.split(clause.strip().rstrip(".!?"), maxsplit=1)[0]  # "..., he's thrilled": the plan ends there
    for rx, repl in _CONTRACTED:
        text = rx.sub(repl, text)
    report = _REPORT.match(text)
    teller = (report.group("who") or "").strip() if report else ""
    text = text[report.end():] if report else text
    m = _DECIDES.match(text)
    if not m or m.group("subj").split()[0].lower() in _NO_PARTY:
        return []
    deed = _deed(m.group("base"), m.group("ing"))
    rest = m.group("rest").strip(" ,")
    if deed is None or len(rest.split()) < 2 or re.match(r"(?i)(?:it|them|that|this)\b", rest) and len(rest.split()) < 4:
        return []  # "they'll fix it": what is fixed was said before
    mine = _MINE.search(rest) is not None
    if not mine and not dated(text, one_off=True):
        return []  # "they're building flats": no one's plan, no date
    if re.match(r"(?i)(?:he|she)$", m.group("subj")) and not ctx.last_person:
        return []
    said = named_text(text, ctx)
    if mine:
        who = (ctx.org or ctx.owner) if _OURS.search(rest) and not re.search(r"(?i)\b(?:me|my)\b", rest) else ctx.owner
    else:
        subj = m.group("subj")
        if subj.lower() == "they" and not teller:
            return []  # "they'll open a new line in May": who "they" are was not said
        # done for nobody of the owner's: the plan of whoever decided it ("the council will close the bridge in
        # March" is the council's, no plan of the owner's; "the harbour board says they'll ...": the board's)
        who = (ctx.last_person or ctx.owner) if subj.lower() in ("he", "she") else teller if subj.lower() == "they" else subj
    return [Fact(who, "plan", said, "episodic", EVENT_CERTAINTY, said)]


def decided_deed(said: Tok, toks: list[Tok]) -> bool:
    """A parsed clause ("the council will resurface our road", under "Nana says") that tells a party's decision:
    its verb `said` a deed one decides, in the active voice, its subject someone who can decide, done for the
    owner's people or set for a date. The statement check reads it as told, not as a forecast."""
    if said.lemma not in DECIDED_DEEDS:
        return False
    inner = [t for t in toks if t.head == said.i and t.i != said.i]
    subject = next((t for t in inner if t.dep == "nsubj"), None)
    if subject is None or subject.lower in _NO_PARTY or any(t.dep == "auxpass" for t in inner):
        return False
    below, todo = set(), [said.i]
    while todo:
        i = todo.pop()
        for t in toks:
            if t.head == i and t.i != i and t.i not in below and t.i != subject.i:
                below.add(t.i)
                todo.append(t.i)
    words = [t for t in toks if t.i in below]
    return any(t.lower in ("me", "us", "my", "our") for t in words) or dated(" ".join(t.text for t in words), one_off=True)


__all__ = ["DECIDED_DEEDS", "decided", "decided_deed"]
