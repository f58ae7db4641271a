"""What one wants to be (issue 35): "I'd love to be a vet one day", "she hopes to become a nurse", "when I grow up
I want to be a pilot", "Luka wants to be a pilot too". A wish, a hope or a plan whose object is to be or to become
someone of a kind (a job's word, occupation.is_job, or a noun with "a"/"an") is a preference, said with "would" too:
"I'd love to" is how a wish is said, not a condition (statement_check.WISHED_TO_BE). Pure: parse.Tok tuples in, facts out."""
from __future__ import annotations

from .models import Fact
from .occupation import is_job
from .parse import Sentence, Tok
from .tree import Kids

_WISHING = frozenset("want wish hope love like plan dream aim intend".split())
# the word as said too: the small model lemmatises "hopes" as "hop"
_WISHING_SAID = frozenset(f for w in _WISHING for f in (w, w + "s", w + "es", w + "d", w + "ed", w + "ing", w[:-1] + "ing"))
_BEING = frozenset(("be", "become"))


def wants_to_be(s: Sentence, kids: Kids, p: Tok, who: str, neg: bool) -> list[Fact] | None:
    """The one fact a clause says of what `who` wants to be, or None when it says no such thing."""
    if neg or p.lemma not in _WISHING and p.lower not in _WISHING_SAID:
        return None
    to_be = next((c for c in kids.get(p.i, []) if c.dep == "xcomp" and c.lemma in _BEING), None)
    if to_be is None:
        return None
    what = next((c for c in kids.get(to_be.i, []) if c.dep in ("attr", "dobj", "acomp") and (
        c.pos == "NOUN" or c.pos == "ADJ" and is_job([c.lower], False))), None)  # the model tags "paramedic" an adjective at times
    if what is None:
        return None
    mine = kids.get(what.i, [])
    words = [c.lower for c in mine if c.dep in ("amod", "compound") and c.i < what.i] + [what.lower]
    article = next((c.lower for c in mine if c.dep == "det"), None)
    if not is_job(words, False) and article not in ("a", "an"):
        return None  # "I'd love to be home by six", "I want to be the one who ...": no kind of person
    job = " ".join(words)
    return [Fact(who, "wants_to_be", job, "preference", 0.8, f"{who} wants to be {'an' if job[:1] in 'aeiou' else 'a'} {job}")]


__all__ = ["wants_to_be"]
