"""Reading a parsed sentence's tree (parse.Tok tuples): children, subtrees, text, conjoined items. Pure."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable

from .parse import Sentence, Tok

Kids = dict[int, list[Tok]]


def children(s: Sentence) -> Kids:
    out: Kids = defaultdict(list)
    for t in s:
        if t.head != t.i:
            out[t.head].append(t)
    return out


def subtree(kids: Kids, i: int) -> set[int]:
    out, todo = {i}, [i]
    while todo:
        for c in kids.get(todo.pop(), []):
            if c.i not in out:
                out.add(c.i)
                todo.append(c.i)
    return out


def text_of(s: Sentence, idx: Iterable[int]) -> str:
    """The tokens' text in order; a space where a left-out token stood between two words."""
    keep = sorted(set(idx))
    out = []
    for n, i in enumerate(keep):
        gap = n + 1 < len(keep) and keep[n + 1] != i + 1 and not s[i].ws and not s[keep[n + 1]].lower.startswith("'")
        out.append(s[i].text + (" " if gap else s[i].ws if n < len(keep) - 1 else ""))
    return "".join(out).strip(" ,;:-")


def conjuncts(s: Sentence, kids: Kids, o: Tok) -> list[Tok]:
    """An object and the items joined to it ("spiders and big dogs")."""
    out, todo = [o], [o]
    while todo:
        head = todo.pop()
        for c in kids.get(head.i, []):
            negated = any(k.lower in ("not", "never", "n't") for k in kids.get(c.i, []))  # "GitLab, not GitHub"
            # "I like skating and go to the rink": a verb of another form than the item's starts a clause
            finite = c.pos == "VERB" and (c.tag in ("VBP", "VBZ", "VBD") or c.tag == "VB" and head.tag != "VB")
            if c.dep == "conj" and c.pos in ("NOUN", "PROPN", "ADJ", "VERB", "NUM") and not negated and not finite:
                out.append(c)
                todo.append(c)
    return out


def denied_conjuncts(s: Sentence, kids: Kids, items: list[Tok]) -> set[int]:
    """The words of an item joined to the list but denied ("guitar and drums but not piano", "cash, never
    credit"), with the "but" before it: the list's items do not hold it (it is a fact of its own, or none)."""
    out: set[int] = set()
    for item in items:
        for c in kids.get(item.i, []):
            if c.dep == "conj" and any(k.lower in ("not", "never", "n't") for k in kids.get(c.i, [])):
                out |= subtree(kids, c.i)
                out |= {k.i for k in kids.get(item.i, []) if k.dep in ("cc", "punct") and k.i < c.i
                        and not any(k.i < o.i < c.i for o in items if o.i != item.i)}
    return out


def item_tokens(s: Sentence, kids: Kids, item: Tok, items: list[Tok]) -> set[int]:
    own = subtree(kids, item.i)
    for other in items:
        if other.i != item.i and other.i in own:
            own -= subtree(kids, other.i)
    own -= {c.i for c in kids.get(item.i, []) if c.dep in ("cc", "punct", "preconj") or c.lower == "especially"}
    return {i for i in own if not (s[i].dep == "det" and s[i].lower in ("the", "a", "an", "some", "any"))}
