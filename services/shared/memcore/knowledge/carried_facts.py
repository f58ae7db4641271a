"""Facts carried by the owner's questions and requests (issue 35; formation-spec, "What is not knowledge"):
a question or a request teaches nothing, but one that carries a fact is labelled with that fact. Two shapes
carry one, and each is read here as the statement it means, so the readers see it as any other:

- a statement said on the back of the question or the request, in the same sentence ("can you suggest a
  cake for my daughter, she's gluten free", "draft a rota for next week - Bilal only works mornings", "what
  should I get my mum, she loves gardening?"): the sentence is cut where the statement starts, so the
  statement stands as a sentence of its own (the question's "?" goes back to the question) and the
  question's people are the ones its "he"/"she" means, as in two sentences;
- a tie named with its name inside the question or the request ("write a birthday message for my nephew
  Ifeanyi", "is it normal that my cat Ziggy sleeps all day?"): that the owner has a nephew called Ifeanyi
  is true whatever is asked, and is said as a statement of its own ("My nephew is Ifeanyi.").

A question or a request that only names things teaches nothing and is left as it is: "write a poem about
my dog" (no name), "can you tell me about pandas?", "what do vegans eat?"; a hypothetical ("if I had a
horse I'd call it Star") is no question. Pure: text (and its parse) in, text out.
"""
from __future__ import annotations

import re
from collections.abc import Callable

from .parse import Sentence
from .statement_check import ASSERTION, Part, act_of, parts
from .vocabulary import PETS, RELATIONS

_ASKING = ("question", "request")
# a clause that opens on its own subject: a pronoun, a name, "my/our ..." (what a statement said after a comma starts with)
_OWN_SUBJECT = re.compile(r"^(?:(?:and|but|so|oh|also|btw)\s+)?(?:I|I'm|I've|I'd|I'll|we|we're|we've|he|he's|she|she's|"
                          r"shes|hes|they|they're|my|our|(?-i:[A-Z][\w'’-]+))\b", re.I)
# what opens a question itself, so a part that starts so and ends in "?" asks ("do you know it?", "is he ok?")
_ASKS = re.compile(r"(?i)^(?:what|who|whom|whose|where|when|why|how|which|is|are|was|were|am|do|does|did|can|could|"
                   r"would|will|shall|should|have|has|may|might|isn't|aren't|don't|doesn't|didn't|right|any)\b")
# a question's word order at a part's head: a wh-word and an auxiliary ("what should I", "how do we"), or an
# auxiliary and its subject ("is it", "can you", "do I")
_QUESTION_ORDER = re.compile(r"(?i)^(?:(?:so|and|but|ok|oh|well)\s+)?(?:(?:what|who|where|when|why|how|which)(?:\s+\w+)?\s+"
                             r"(?:should|shall|can|could|do|does|did|would|will|is|are|must)\s+\w|"
                             r"(?:is|are|can|could|should|shall|do|does|would|will)\s+(?:I|we|you|it|he|she|they|my|our)\b)")
# what one asks an assistant to make, said first as a bare command ("make a rota ...", "draw up the shifts ...")
_MADE_FOR_ME = re.compile(r"(?i)^(?:please\s+|pls\s+)?(?:make|draft|write|draw\s+up|plan|put\s+together|create|prepare|"
                          r"design|suggest|recommend|compose|translate|summari[sz]e)\s+(?:me\s+|us\s+)?(?:a|an|the|some|"
                          r"\w+\s+(?:ideas|options|tips))\b")
# a request that holds the fact itself, its date or its thing ("remind me Thursday, I have the dentist at 3", "note
# that ..., she ..."): read whole, as said
_KEEPS_ITS_FACT = re.compile(r"(?i)^(?:(?:can|could|would|will)\s+you\s+|please\s+|pls\s+)?(?:remind|note|add|put|book|"
                             r"schedule|save|remember|log|record|mark|set)\b")
# "our new colour, pomegranate red", "my new puppy called Biscuit": a new thing of the owner's and its name
_NEW_THING = re.compile(r"(?i)\b(my|our)\s+new\s+([a-z]+(?:\s+[a-z]+)?)(?:\s*,\s*|\s+(?:called|named)\s+)"
                        r"([\w'’-]+(?:\s+[\w'’-]+){0,3}?)\s*(?=[,.?!]|$)")
_NOT_A_NAME = re.compile(r"(?i)^(?:my|our|his|her|their|the|a|an|and|or|but|which|that|who|for|to|in|on|at|with|please|pls|"
                         r"thanks|so|because|it|this|please)\b")
_SIZES = r"(?:(?:little|big|baby|older|younger|elder|eldest|youngest|oldest|twin|new|old|step|half)[ -])?"
_TIE_WORDS = "|".join(sorted((re.escape(w) for w in RELATIONS | PETS if " " not in w), key=len, reverse=True))
# "my nephew Ifeanyi", "my little sister Ama", "my cat Ziggy", "my bff Wanyu": a tie and its name, in the owner's words
_TIE_NAMED = re.compile(rf"(?i:\bmy\s+{_SIZES}({_TIE_WORDS}))\s+((?-i:[A-Z][a-zà-öø-ÿ'’-]+))(?![\w'’-])")
# words that follow "my dog" and are no name even with a capital: "my mum Tuesday", "my cat I mean"
_NOT_NAMES = frozenset("I I'm I'd I've I'll Monday Tuesday Wednesday Thursday Friday Saturday Sunday Christmas".split())
# what a turn that asks or requests shows before it is parsed: a "?", "can you", "help me", a command's verb first
_MAY_ASK = re.compile(r"(?i)\?|\b(?:can|could|would|will)\s+you\b|\b(?:help|remind|tell|give|show|let)\s+me\b|\bplease\b|"
                      r"(?:^|[.!]\s+)(?:write|draft|make|suggest|recommend|plan|find|create|list|explain|translate|prepare|"
                      r"put|send|check|book|add|design|do|draw|compose|summari[sz]e)\b")
# a name said inside a question ("tips for Xero", "phrases in Portuguese", "my Honda Fit"), not its first word
_NAME_RUN = re.compile(r"(?<![\w'’])(?-i:[A-Z][\w'’-]+)(?:\s+(?-i:[A-Z][\w'’-]+))*")
_OWNED_THING = re.compile(r"\b(?:my|our)\s+(?:(?-i:[A-Z][\w'’-]+)\s+)*(?-i:[A-Z][\w'’-]+)")
# "it" as the object of a doing or after a preposition ("switched to it", "I'm learning it", "I drive it"); not the
# "it" of the chat ("I don't get it", "I mean it", "explain it") nor a subject ("it is", "it's")
_IT_OBJECT = re.compile(r"(?i)\b((?!(?:get|got|getting|mean|meant|explain|say|said|know|knew|see|saw|do|did|done|"
                        r"repeat|read|understand|need|want|check|send|make|made|have|had|like|love|hate)\s)[a-z]+\s+)it\b"
                        r"(?!['’]s|\s+(?:is|was|has|will|would|can|does|did)\b)")
# "there" of a place the question named: where one lives or works, where one goes
_THERE_IN = re.compile(r"(?i)\b(live|lives|lived|living|work|works|worked|working|stay|stays|study|studies|studied|"
                       r"grew\s+up|was\s+born|were\s+born|teach|teaches|taught)\s+there\b")
_THERE_TO = re.compile(r"(?i)\b(go|goes|went|going|travel|travels|travelled|move|moves|moved|moving|fly|flies|flew|"
                       r"drive|drives|drove)\s+there\b")
_OPENER = re.compile(r"(?i)^\s*(?:what|who|whom|whose|where|when|why|how|which|is|are|was|were|am|do|does|did|can|could|"
                     r"would|will|shall|should|have|has|may|might|any|please|help|tell|give|show|write|draft|make|"
                     r"suggest|recommend|plan|find|create|list|explain|translate|prepare|draw|design|compose|so|and|ok|hey)\b\s*")
_SENTENCES = re.compile(r"(?<=[.!?])\s+")


def _sentences(text: str) -> list[str]:
    return [s for s in _SENTENCES.split(text.strip()) if s.strip()]


def _located(sentence: str, mine: list[Part]) -> list[tuple[int, int]] | None:
    """Where each part's text starts and ends in the sentence, in order; None when a part is not found."""
    out, at = [], 0
    for p in mine:
        start = sentence.find(p.text, at)
        if start < 0:
            return None
        out.append((start, start + len(p.text)))
        at = start + len(p.text)
    return out


def _said_after(p: Part, last: bool) -> bool:
    """Whether a part that follows a question or a request states something of its own: an assertion that opens
    on its own subject, or, the last part of a sentence that ends in "?", one that would be an assertion
    without its "?" ("what should I get my mum, she loves gardening?": the "?" is the whole sentence's)."""
    said = p.text.strip()
    if not _OWN_SUBJECT.match(said):
        return False
    if p.act == ASSERTION:
        return True
    return p.act == "question" and last and said.endswith("?") and not _ASKS.match(said) \
        and act_of(said.rstrip("?! ")) == ASSERTION


def _acts(sentence: str, s: Sentence | None) -> list[Part]:
    """The sentence's parts; a first part that asks the assistant to make something is a request though the parse
    took its verb for a statement's ("make a rota for the weekend - ..."); a part in a question's word order ("what should I get my mum", "is it ok") asks when
    the sentence ends in "?", though the parse hangs it under the statement that follows ("..., she loves gardening?")."""
    mine = parts(sentence, s)
    if mine and mine[0].act == ASSERTION and _MADE_FOR_ME.match(mine[0].text.strip()):
        mine = [Part(mine[0].text, "request", mine[0].condition), *mine[1:]]
    if not sentence.rstrip().endswith("?"):
        return mine
    return [Part(p.text, "question", p.condition) if p.act == ASSERTION and _QUESTION_ORDER.match(p.text.strip()) else p
            for p in mine]


def _with_verb(sentence: str, s: Sentence | None, start: int, end: int, text: str) -> bool:
    """Whether the part says a verb of its own ("she loves gardening", not the list "my landlord and my sister"): by
    the parse when there is one, else by a verb's shape."""
    if s is None:
        return bool(re.search(r"(?i)['’](?:s|re|m|ve|ll|d)\b|\b(?:is|are|was|were|am|has|have|had|does|do|did|can|"
                              r"could|will|would|should|must)\b|\b\w+(?:s|ed)\b", text))
    spans, at = [], 0
    for t in s:
        found = sentence.find(t.text, at)
        if found < 0:
            return True  # the parse's text is not this text: trust the part
        at = found + len(t.text)
        spans.append((found, t))
    return any(start <= found < end and t.pos in ("VERB", "AUX") for found, t in spans)


def _cut_sentence(sentence: str, mine: list[Part], s: Sentence | None = None) -> str:
    """The sentence with a statement said on the back of a question or a request made a sentence of its own."""
    if len(mine) < 2 or not any(p.act in _ASKING for p in mine[:-1]):
        return sentence
    spans = _located(sentence, mine)
    if spans is None:
        return sentence
    out, last_end = "", 0
    for n, (p, (start, end)) in enumerate(zip(mine, spans)):
        before = mine[n - 1] if n else None
        last = n == len(mine) - 1
        if before is not None and before.act in _ASKING and _said_after(p, last) and not _KEEPS_ITS_FACT.match(before.text) \
                and _with_verb(sentence, s, start, end, p.text):
            head = out.rstrip(" ,;-–—")
            mark = "?" if before.act == "question" else "."
            out = head if head.endswith(("?", ".", "!")) else head + mark
            said = p.text.strip()
            if p.act == "question":
                said = said.rstrip("?! ") + "."
            out += " " + said[:1].upper() + said[1:]
            last_end = end
            continue
        out += sentence[last_end:end]
        last_end = end
    return out + sentence[last_end:]


def _ties_named(mine: list[Part]) -> list[tuple[str, str]]:
    """The ties named with their names in the sentence's questions and requests ("nephew", "Ifeanyi")."""
    out = []
    for p in mine:
        if p.act in _ASKING:
            out += [(m.group(1).lower(), m.group(2)) for m in _TIE_NAMED.finditer(p.text) if m.group(2) not in _NOT_NAMES]
    return out


def _new_things_named(mine: list[Part]) -> list[str]:
    """What is new to the owner or the team, named in a question or a request ("a post about our new colour,
    pomegranate red" -> "Our new colour is pomegranate red.")."""
    out = []
    for p in mine:
        if p.act in _ASKING:
            out += [f"{m.group(1)[:1].upper()}{m.group(1)[1:].lower()} new {m.group(2)} is {m.group(3).strip()}."
                    for m in _NEW_THING.finditer(p.text) if not _NOT_A_NAME.match(m.group(3))]
    return out


def carried(text: str, parser: Callable[[list[str]], list[Sentence] | None] | None = None) -> str:
    """The turn with the facts its questions and requests carry said as statements; unchanged when it has none."""
    if not _MAY_ASK.search(text):
        return text
    said = _sentences(text)
    parsed = parser(said) if parser is not None else None
    trees: list[Sentence | None] = list(parsed) if parsed and len(parsed) == len(said) else [None] * len(said)
    out, ties, asserted, named, news = [], [], [], [], []
    before: Part | None = None
    for sentence, tree in zip(said, trees):
        mine = _acts(sentence, tree)
        cut = _cut_sentence(sentence, mine, tree)
        for p in mine:
            if p.act == ASSERTION and before is not None and before.act in _ASKING and (thing := _one_thing(before.text)):
                now = _IT_OBJECT.sub(lambda m: m.group(1) + thing, p.text)
                if not thing.lower().startswith(("my ", "our ")):  # "do you know Kumasi? my uncle lives there": in Kumasi
                    now = _THERE_IN.sub(lambda m: f"{m.group(1)} in {thing}", _THERE_TO.sub(lambda m: f"{m.group(1)} to {thing}", now))
                named.append((p.text, now))
            before = p
        out.append(cut)
        ties += [t for t in _ties_named(mine) if t not in ties]
        news += [t for t in _new_things_named(mine) if t not in news]
        asserted += [p.text for p in mine if p.act == ASSERTION]
    told = " ".join(out)
    for was, now in named:  # "Any tips for Xero? We switched to it last month": to Xero
        told = told.replace(was, now, 1)
    added = [f"My {tie} is called {name}." if tie in PETS else f"My {tie} is {name}." for tie, name in ties
             if not any(name in a and re.search(rf"(?i)\b{re.escape(tie)}\b", a) for a in asserted)]  # said as a statement too
    added += news
    if added and not told.rstrip().endswith((".", "!", "?")):
        told = told.rstrip() + "."
    return " ".join([told, *added]) if added else (told if told != " ".join(said) else text)


def _one_thing(asked: str) -> str | None:
    """The one thing a question or a request names, by its name or as the owner's ("Xero", "Portuguese", "my Honda
    Fit"); None when it names none or several."""
    owned = [m.group(0) for m in _OWNED_THING.finditer(asked)]
    first = _OPENER.match(asked)
    after_first = asked[first.end():] if first else asked  # "Is", "Any", "Can": a question's first word has its capital anyway
    names = [m.group(0) for m in _NAME_RUN.finditer(after_first) if m.group(0) not in _NOT_NAMES
             and not any(m.group(0) in o for o in owned)]
    found = list(dict.fromkeys(owned + names))
    return found[0] if len(found) == 1 else None


__all__ = ["carried"]
