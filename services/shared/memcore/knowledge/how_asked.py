"""A how-to told because it was asked (issue 35, docs/formation-spec.md "process"): asked "How is the
ikat made?", "How do you make it?", "How does that game work?" or "What happens to all the fish?", the
owner's answer tells the steps ("you roll the dough thin, oil each layer, then bake it") without saying
what they are steps of. The question names the thing; the answer, told in the present as two steps or
more, is its process: one card, the thing as subject, the steps as said. Pure regex work on the question
and the answer (the turn is not parsed again).

What is not read: an answer told in the past ("we bought it at the market"), one that asks back or does
not know, a single step; and, asked how something *works* (a rota, bookings, visits: often a timetable
or the team's rules), an answer whose steps are not said as someone doing them ("you hit the ball ...",
"first ..., then ...", numbered or bulleted steps)."""
from __future__ import annotations

import re

from ..extraction.lexicon import IRREGULAR_PAST
from .answer_frames import question_asked
from .models import Fact
from .person import about
from .statement_basics import PROCESS_CERTAINTY
from .steps import handed_on

# what a thing is made by, said as a participle ("How are the puppets made?") or a verb ("How do you make it?")
_MADE = ("made|built|done|grown|woven|cooked|baked|brewed|prepared|produced|cured|dyed|spun|sewn|knitted|carved|"
         "smoked|dried|harvested|caught|processed|fixed|repaired|tied|played|mixed|planted|picked")
_MAKE = ("make|build|do|grow|weave|cook|bake|brew|prepare|produce|cure|dye|spin|sew|knit|carve|smoke|dry|harvest|"
         "catch|process|fix|repair|tie|play|mix|plant|pick")
_ASKED = (
    re.compile(rf"(?i)^how (?:is|are|was|were) (?P<thing>.+?) (?:usually |normally |actually )?(?:{_MADE})$"),
    re.compile(rf"(?i)^how (?:does|do|did) (?P<thing>.+?) (?:get|gets) (?:{_MADE})$"),
    re.compile(rf"(?i)^how (?:do|does|did) (?:you|he|she|they|we|your \w+|[A-Z][\w'’-]*|[a-z]+) (?:usually |normally |actually )?"
               rf"(?:{_MAKE}) (?P<thing>.+)$"),
    re.compile(r"(?i)^what happens (?:to|with) (?P<thing>.+)$"),
)
_WORKS = re.compile(r"(?i)^how (?:does|do) (?P<thing>.+?) work$")
# in a team's chat, how its people or things go about something: "How do new members join?", "How do orders come in?"
_GO_ABOUT = re.compile(r"(?i)^how (?:does|do) (?P<thing>(?!(?:you|i|we|they|he|she|it|that|this)\b)(?:(?:the|new|our|your|a|an)\s+)?"
                       r"[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?\s+(?!(?:do|does|did|have|has|be|mean|say|feel|look|know|think)\b)"
                       r"[a-z]+(?:\s+(?:in|up|on|out|back|off|over))?"
                       r"(?:\s+(?:through|into|across|along|from|to)\s+(?:(?:the|a|an|our)\s+)?[a-z][\w'’-]*)?)$")  # "go through the tannery"
# how the owner or the team does a thing of any doing: "How do you clean the nets?", "How do you board the ship?" (the
# doing is the thing: "cleaning the nets"); not what one feels, thinks or gets by ("How do you find it?", "How do you get
# to work?", "How do you spend your days?": no how-to). Read as a how-it-works question: the steps must be said as done.
_DOING = re.compile(r"(?i)^how (?:do|does) (?:you|we|you\s+guys) (?:usually |normally |actually )?(?P<verb>(?!(?:feel|find|like|know|"
                    r"think|mean|say|see|cope|manage|spend|deal|handle|get|go|come|travel|keep|stay|relax|wind|unwind|feel|want|"
                    r"do|make|pronounce|spell|say|call|afford|fit|juggle|balance|choose|decide|rate|compare)\b)[a-z]{3,}) "
                    r"(?P<object>(?:(?:the|a|an|your|our|their|his|her)\s+)?[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?)$")
# in a team's chat, a question that asks how the work goes on, or for its steps, naming no thing: "And from there?",
# "Then what?", "What are the steps?", "What about the process from pond to plate?" (the thing is the team's work)
_GOES_ON = re.compile(r"(?i)^(?:(?:and|so)\s+)?(?:from\s+there|then(?:\s+what)?|what\s+(?:then|next)|after\s+that|"
                      r"what\s+happens\s+(?:next|then|after\s+that)|what\s+comes\s+next)$")
_STEPS_ASKED = re.compile(r"(?i)^(?:what|how)\s+(?:about|are|is|'s|does)\s+the\s+(?:steps?|process|procedure|method)\b"
                          r"(?:\s+(?:(?:for|of)\s+(?:the\s+)?(?P<thing>[a-z][\w'’-]*(?:\s+[a-z][\w'’-]*)?)|from\s+.+))?$")
_POINTING = frozenset("it them that this those these".split())
_DETERMINERS = re.compile(r"(?i)^(?:(?:all|the|a|an|that|those|this|these|your|his|her|their|our|my|its)\s+)+")
# whom a pronoun in the question points back to, in the line before it: "I've never heard of te ano! How does it work?"
_HEARD_OF = re.compile(r"(?i)\b(?:heard of|about|never tried|never seen)\s+(?P<thing>[^.!?,]{2,40}?)\s*[.!?]")
_NOT_AN_ANSWER = re.compile(r"(?i)^(?:idk|dunno|i\s+don['’]?t\s+know|not\s+sure|no\s+idea|no\b|nope|it\s+depends)\b|\?")
_PIECES = re.compile(r"\s*(?:[,;:•]|[.!](?=\s|$)|\s[-–—]\s|\b(?:and\s+)?then\b|\band\b|(?:^|\s)\(?\d{1,2}[.)])\s*", re.I)
# steps said as someone doing them: the generic "you" or "we", an order word before a step, numbers or bullets
_DONE_BY_SOMEONE = re.compile(r"(?i)(?:^|[,.;]\s*|\bthen\s+)(?:you|we)\s+[a-z]+|\bfirst\b|\b(?:then|after\s+that|next)\s+(?![0-9]|"
                              r"(?:one|two|three|four|five|six|seven|eight|nine|ten)\b)[a-z]+|•")
_NUMBERED = re.compile(r"(?:^|\s)\(?\d{1,2}[.)]\s+(?=[A-Za-z])")
_PAST = re.compile(r"(?i)\b(?:was|were|did|had|went|got|came|used\s+to|yesterday|last\s+(?:week|year|month|time))\b")
_DOER_VERB = re.compile(r"(?i)\b(?:I|we|he|she|they|you)\s+(?:just\s+|then\s+|first\s+)?([a-z]+)\b")
_SAME_IN_THE_PAST = frozenset("hit hurt shut".split())  # "you hit the ball": the present too


def _told_past(text: str) -> bool:
    """"we bought it at the market", "I went with Dad": a day told, no how-to ("it is made" is the present)."""
    return bool(_PAST.search(text)) or any(
        verb.lower() in IRREGULAR_PAST - _SAME_IN_THE_PAST or verb.lower().endswith("ed") for verb in _DOER_VERB.findall(text))


def _gerund(verb: str) -> str:
    """"clean": "cleaning", "board": "boarding", "prune": "pruning", "tie": "tying", "trim": "trimming"."""
    if verb.endswith("ie"):
        return verb[:-2] + "ying"
    if verb.endswith("e") and not verb.endswith("ee"):
        return verb[:-1] + "ing"
    if re.fullmatch(r"[^aeiou]*[aeiou][bdgmnprt]", verb):  # one short syllable: its last letter doubled
        return verb + verb[-1] + "ing"
    return verb + "ing"


def _thing(question: str, line: str, team: bool) -> tuple[str, bool] | None:
    """What a how-question asks the steps of, and whether it asks how something works or goes (then the steps
    must be said as done by someone); None for no how-question."""
    q = re.sub(r"\s*,.*$", "", question_asked(question))  # "how does a denture get made, roughly"
    if team and (_GOES_ON.match(q) or _STEPS_ASKED.match(q)):  # (the team's own work: no thing of its own)
        steps_of = _STEPS_ASKED.match(q)
        return (steps_of.group("thing") or "") if steps_of else "", steps_of is None
    works = _WORKS.match(q) or (_GO_ABOUT.match(q) if team else None)
    m = works or next((m for p in _ASKED if (m := p.match(q))), None)
    doing = _DOING.match(q) if not m else None
    if doing and doing.group("object").split()[-1].lower() not in _POINTING:
        return f"{_gerund(doing.group('verb').lower())} {doing.group('object')}", True
    if not m:
        return None
    thing = m.group("thing").strip()
    if thing.lower() in _POINTING:
        before = line[:line.rfind(question)] if question in line else ""
        heard = _HEARD_OF.search(before)
        said = [s.strip() for s in re.split(r"(?<=[.!?])\s+", before.strip()) if s.strip()]
        if heard:
            thing = heard.group("thing")
        elif said and len(said[-1].split()) <= 3 and said[-1].endswith("!"):  # "Homemade byrek! How do you make it?"
            thing = said[-1].rstrip("!")
        else:
            return None
    thing = _DETERMINERS.sub("", thing).strip()
    if not thing or thing.lower() in _POINTING or thing.split()[0].lower() in ("you", "i", "we") or len(thing.split()) > 5:
        return None
    return thing, works is not None


def _told_as_steps(answer: str, works: bool) -> bool:
    text = answer.strip()
    if _NOT_AN_ANSWER.search(text) or _told_past(text) or len(text.split()) < 6:
        return False
    pieces = [p for p in _PIECES.split(text) if len(p.split()) >= 2]
    if len(pieces) < 2:
        return False
    return not works or bool(_DONE_BY_SOMEONE.search(text)) or len(_NUMBERED.findall(text)) >= 2


_A_STEP_SAID = re.compile(r"(?i),|\b(?:then|first|next|if|when|you|we)\b|•")


def _steps_only(answer: str) -> str:
    """The answer without the remarks said after its last step ("..., then he bends it. i help with the string",
    "... then woven. one piece takes 2 months"): a sentence with no comma, order word or doer is no step."""
    sentences = [s for s in re.split(r"(?<=[.!])\s+", re.sub(r"\s+", " ", answer.strip())) if s.strip()]
    while len(sentences) > 1 and not _A_STEP_SAID.search(sentences[-1]):
        sentences.pop()
    return " ".join(sentences).rstrip(".!")


def _steps_on(answer: str) -> str:
    """Asked how the work goes on, the answer from its first sentence of two steps or more: a sentence of one
    piece before it ("Then what?" "the pods are picked in May. then drying, then sorting, then ...") is a fact
    of its own, left to the readers' card."""
    sentences = [s for s in re.split(r"(?<=[.!])\s+", re.sub(r"\s+", " ", answer.strip())) if s.strip()]
    while len(sentences) > 1 and len([p for p in _PIECES.split(sentences[0]) if len(p.split()) >= 2]) < 2:
        sentences.pop(0)
    return " ".join(sentences)


# the kinds of card a step's clause is misread as ("the other team must catch it": no rule; "the cocoons unwound": no fact)
# how often a how-to is done, said before its steps: "every 2 months we ...", "once a year, you ..." (a routine of its own)
_HOW_OFTEN = re.compile(r"(?i)^(?P<when>(?:every|each|once|twice)\b[^,]{0,30}?)\s*,?\s+(?=(?:we|you|I|they|the)\s)")
ROUTINE_CERTAINTY = 0.8
_FRAGMENT_KINDS = frozenset(("semantic", "safety", "routine", "skill", "episodic"))


def _words(text: str) -> set[str]:
    return {w for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 2}


def _process_card(question_line: str | None, answer: str, facts: list[Fact], owner: str,
                  team: str | None) -> tuple[list[Fact], str] | None:
    if not question_line or any(f.type == "process" for f in facts):
        return None
    asked = re.findall(r"[^.!?]*\?", question_line)
    if not asked or not question_line.rstrip().endswith("?"):
        return None
    found = _thing(asked[-1].strip(), question_line, team is not None)
    if found is None or not _told_as_steps(answer, found[1]):
        return None
    if not found[0] and len([p for p in _PIECES.split(answer) if len(p.split()) >= 2]) < 3:
        return None  # ("Then what?" "we close at 6, and at 4 on Saturdays": hours, not steps; steps asked on: three)
    thing = found[0]
    steps = handed_on(_steps_only(answer if thing else _steps_on(answer)))[0]  # (", then Frank assigns it next morning
    # at 7.30": Frank's habit, no step)
    how_often = _HOW_OFTEN.match(steps) if thing else None  # "every 2 months we pull the lines, ...": when, then how
    said = about(steps[how_often.end():] if how_often else steps, owner, team)  # "I pour it in plaster": the owner pours it
    told = f"{thing[:1].upper() + thing[1:]}: {said}"
    if how_often:
        when = how_often.group("when")
        return [Fact(team or thing, "process", thing if team else said, "process", PROCESS_CERTAINTY,
                     f"{team}: {told}" if team else told),
                Fact(team or thing, "routine", f"{thing}: {when}" if team else when, "routine", ROUTINE_CERTAINTY,
                     f"{team + ': ' if team else ''}{thing[:1].upper() + thing[1:]}: {when}")], steps
    if team and not thing:  # "And from there?" "scan it, Ana designs the crown, then ...": the team's steps
        return [Fact(team, "process", said, "process", PROCESS_CERTAINTY, f"{team}: {said}")], steps
    if team:  # a team's how-to is the team's, under the thing's name: "Oydin Ikat: Ikat: first the threads ..."
        return [Fact(team, "process", thing, "process", PROCESS_CERTAINTY, f"{team}: {told}")], steps
    return [Fact(thing, "process", said, "process", PROCESS_CERTAINTY, told)], steps


def how_told(question_line: str | None, answer: str, facts: list[Fact], owner: str, team: str | None = None) -> list[Fact]:
    """The turn's facts with the process card of an answer to a how-question in place of the cards its steps were
    misread as (as they were when the turn's readers made a process card already, when the line before asked no
    such question, or when the answer tells no steps). `team`: whose how-to a team member's answer tells."""
    made = _process_card(question_line, answer, facts, owner, team)
    if made is None:
        return facts
    cards, steps = made
    return in_place_of_steps(facts, cards[0], steps) + cards[1:]


def in_place_of_steps(facts: list[Fact], card: Fact, steps: str) -> list[Fact]:
    """The facts with `card` in place of the cards the steps' clauses were misread as (semantic, safety,
    routine, skill, episodic cards whose value words all stand in the steps)."""
    in_steps = _words(steps)
    return [f for f in facts if not (f.type in _FRAGMENT_KINDS and _words(f.value) and _words(f.value) <= in_steps)] + [card]


told_as_steps = _told_as_steps  # (how_shown.py: steps the owner announces in their own turn)
steps_only = _steps_only

__all__ = ["how_told", "in_place_of_steps", "steps_only", "told_as_steps"]
