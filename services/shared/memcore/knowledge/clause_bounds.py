"""Where a fact's value must end: at the start of another clause of the parse (issue 35).

The regex families cut a statement into clauses by a few connectives, so a value can run on into
the next clause: "Lena is in Year 9 and Ivy just started nursery" gave Lena the value "in Year 9 and
Ivy just started nursery", "I'm rubbish at cooking tbh, learning a few basics" the value "cooking
learning a few basics". The dependency parse knows where each clause starts (a verb joined by "and"
with a subject of its own, a subordinate "when ..." clause, a participle set off by a
comma); a value, and the line that states it, end before it. Processes and rules are kept whole (their steps and
conditions are the fact), and so is a team member's duty ("edits every newsletter before it goes
out"). Pure: token tuples and facts in, facts out."""
from __future__ import annotations

import re

from .clause_parts import quoted
from .models import Fact
from .parse import Sentence, Tok
from .run_on_comments import run_on_starts
from .tree import Kids, children, subtree

# Not a ccomp (what is said or reported is the value) nor a relative clause (it may sit inside the
# subject of what the value says: "surrounding ourselves with things that bring us joy is important").
_CLAUSE_DEPS = ("conj", "advcl", "parataxis")
_WH = frozenset("why what how where who whom whose which whether".split())
# A rule and a duty are kept as said (an allergy is not: "allergic to eggs, which makes parties tricky")
_KEPT_WHOLE = frozenset("rule must_avoid must must_not role".split())
_LINKS = frozenset("and but or so , ; - because when while as since although though which who that".split())
_WORD = re.compile(r"[\w'’]+|[,;]")


def clause_starts(s: Sentence, kids: Kids) -> list[tuple[str, str]]:
    """The first two words of each clause that starts inside another: its connective ("and", "when",
    a comma) when one leads it, else its own first words."""
    out = []
    titles = quoted(s)  # "'The Moth Who Wanted Snow'" is a name, not a clause
    for t in s:
        if t.i in titles or t.pos not in ("VERB", "AUX") or t.i < t.head or not (
                (t.dep in _CLAUSE_DEPS and _own_clause(s, kids, t)) or _comment(s, kids, t)):
            continue
        first = min(subtree(kids, t.i))
        before = first - 1
        if before > t.head and (s[before].dep in ("cc", "punct") and s[before].lower in _LINKS):
            first = before
        if first + 1 < len(s) and first > t.head:
            out.append((s[first].lower, s[first + 1].lower))
    return out + _spliced(s, kids) + run_on_starts(s, kids)


def _spliced(s: Sentence, kids: Kids) -> list[tuple[str, str]]:
    """Where a clause joined to the one before by a comma alone starts ("we go to the market on Saturdays, Pieter
    buys cheese there", "I play chess at the library, it's free"): the small model hangs the first clause on the
    second's verb as if it were reported, so the second starts at the comma after the first; it has a subject of
    its own, another than the first's ("I stay with my aunt in the week, then I take the boat home" goes on about
    the same one: two habits of hers, which routine_split.py parts)."""
    out = []
    for t in s:
        said = [c for c in kids.get(t.i, []) if c.dep == "ccomp" and c.i < t.i]
        subject = next((c.lower for c in kids.get(t.i, []) if c.dep in ("nsubj", "nsubjpass", "expl")), None)
        if not said or t.pos not in ("VERB", "AUX") or subject is None or subject == next(
                (c.lower for c in kids.get(said[0].i, []) if c.dep in ("nsubj", "nsubjpass")), None):
            continue
        comma = max(subtree(kids, said[0].i)) + 1
        if comma + 1 < len(s) and s[comma].text == "," and comma < t.i:
            out.append((",", s[comma + 1].lower))
    return out


def _comment(s: Sentence, kids: Kids, t: Tok) -> bool:
    """A relative clause set off by a comma with "which" ("allergic to cats, which is a shame"): a comment
    on what was said, not part of it (a restrictive one, "things that bring us joy", stays)."""
    first = min(subtree(kids, t.i))
    return t.dep == "relcl" and s[first].lower == "which" and first > 0 and s[first - 1].text == ","


def _own_clause(s: Sentence, kids: Kids, t: Tok) -> bool:
    """A clause of its own: with its own subject or subordinator, or a participle set off by a comma;
    not an infinitive of purpose ("coming to stay on the 3rd"), nor a second verb of the same subject."""
    mine = kids.get(t.i, [])
    if any(c.dep == "aux" and c.lower == "to" for c in mine) or any(c.lower in _WH for c in mine):
        return False  # "to stay on the 3rd", "and why I started": part of what is said
    if t.tag == "VBG":  # ", learning a few basics" (set off by a comma), not "a safe and loving home"
        first = min(subtree(kids, t.i))
        return first > 0 and s[first - 1].text == ","
    return any(c.dep in ("nsubj", "nsubjpass", "expl", "mark") for c in mine)  # a subject or a "when" of its own


_CONTRACTED = re.compile(r"(?i)(?:n['’]t|['’](?:s|re|m|ll|d|ve))$")  # "it's" as the parse's "it" ("'s" apart)


def _cut(words: list[str], starts: list[tuple[str, str]]) -> int | None:
    for k in range(1, len(words) - 1):
        if (words[k].lower(), _CONTRACTED.sub("", words[k + 1].lower())) in starts:
            return k
    return None


def trimmed(f: Fact, s: Sentence) -> Fact:
    """The fact with its value (and its line) ended where the parse starts another clause."""
    if f.type == "process" or f.predicate in _KEPT_WHOLE:
        return f
    starts = clause_starts(s, children(s))
    words = _WORD.findall(f.value)
    if len(f.value.split()) < 3:  # a short value ends by itself; its line may run on ("cats, which is a shame as ...")
        return Fact(f.subject, f.predicate, f.value, f.type, f.certainty, _line(f.text, words[0], starts)) if starts and words else f
    k = _cut(words, starts) if starts else None
    if k is None:
        return f
    kept = words[:k]
    while kept and kept[-1].lower() in _LINKS:
        kept = kept[:-1]
    if not kept:
        return f
    cut_at = _end_of(f.value, kept)
    moved = _time_moved(f.value[cut_at:], s, (words[k].lower(), _CONTRACTED.sub("", words[k + 1].lower())))
    line = _line(f.text, words[0], starts)
    line += moved if moved and moved.strip().lower() not in line.lower() else ""
    return Fact(f.subject, f.predicate, f.value[:cut_at].rstrip(" ,;-") + moved, f.type, f.certainty, line)


_AT_THE_END = re.compile(r"(?i)\b(?:every|each|on)\s+[a-z]+(?:\s+[a-z]+)?$")


def _time_moved(tail: str, s: Sentence, start: tuple[str, str]) -> str:
    """A time the statement said before the clause that is cut ("Every friday we go to nani's house ..., it's the
    best"), which a reader put at the end of the value: it stays with the value (" every friday"), else ""."""
    when = _AT_THE_END.search(tail.strip(" .!"))
    at = next((t.i for t in s[:-1] if (t.lower, _CONTRACTED.sub("", s[t.i + 1].lower)) == start), None)
    if when is None or at is None or when.group(0).lower() not in " ".join(t.lower for t in s[:at]):
        return ""
    return f" {when.group(0)}"


def _line(text: str, first: str, starts: list[tuple[str, str]]) -> str:
    """The line ended at the same clause start, found after the value's first word."""
    words = _WORD.findall(text)
    at = next((n for n, w in enumerate(words) if w.lower() == first.lower()), None)
    if at is None:  # the line says the value's verb with its ending ("go" as "goes", "walk" as "walks")
        at = next((n for n, w in enumerate(words) if len(first) > 1 and w.lower().startswith(first.lower())), None)
    if at is None:
        return text
    k = _cut(words[at:], starts)
    if k is None:
        return text
    kept = words[:at + k]
    while kept and kept[-1].lower() in _LINKS:
        kept = kept[:-1]
    return text[:_end_of(text, kept)].rstrip(" ,;-") if kept else text


def _end_of(value: str, kept: list[str]) -> int:
    """Where the last kept word ends in the value's text."""
    at = 0
    for w in kept:
        at = value.index(w, at) + len(w)
    return at


__all__ = ["clause_starts", "trimmed"]
