"""An answer read with the question it answers (issue 35).

In a chat the owner often answers in a few words: asked "What food do you love?", they say "pizza
and my mum's lasagne"; asked "Who is your teacher?", "Mrs Okafor. She's really kind". Alone, those
words teach nothing (no one is said to love anything); with the question they are a full statement.
`complete` rewrites such an answer into the statement it means, in the owner's own first person, so
that the same fact families read it. The question itself is never knowledge: only what the owner
says, completed by the frame of what they were asked, is.

What is completed, and why only that:
- a question to the owner ("you", "your") about the owner's world, whose frame says what the answer's
  words are: "What X do you VERB?", "What do you VERB?", "What's your (favourite) X?", "Who is your X?",
  "What's your X called?", "Where do you live / work?", "How old are you?";
- a yes or a no is never completed: "Do you like living there?" "yes" is small talk to a note-taker
  (both labelled sets agree), and the assistant's own words would become the owner's knowledge;
- an answer that is a statement of its own ("I like drawing") is left as it is: it needs no frame.
Anything else (a question to someone else, an acknowledgement, a question back) is left alone.
"""
from __future__ import annotations

import re

from .session_lines import said_by, text_of

_YES = re.compile(r"^(?:yes|yeah|yep|yup|yea|ya|sure|of course|definitely|i do|i can|i am|i have|she does|he does|"
                  r"it does|they do)\b[\s,.!]*", re.I)
_NO = re.compile(r"^(?:no way|no|nope|nah|not really|i don't|i can't|i'm not|i haven't|she doesn't|he doesn't|"
                 r"it doesn't|they don't)\b[\s,.!]*", re.I)
# an answer that already says who does what: it is a statement of its own
_STATEMENT = re.compile(r"^(?:(?:well|oh|um|so|and|but|actually)\s*,?\s*)?(?:I|I'm|I've|I'll|I'd|my|we|we're|our|"
                        r"he|she|they|it|it's|there|[A-Z][a-z]+\s+(?:is|are|was|has|have|lives|works|likes|loves))\b")


def _last_question(line: str) -> str | None:
    """The last sentence of the line when it is a question."""
    sentences = re.findall(r"[^.!?]*[?]", line)
    if not sentences or not line.rstrip().endswith("?"):
        return None
    return str(sentences[-1]).strip()


def _first_part(answer: str) -> tuple[str, str]:
    """The answer's first fragment and the rest ("Mrs Okafor. She's kind" -> "Mrs Okafor", "She's kind")."""
    m = re.match(r"^(.*?)([.!?]\s+|$)(.*)$", answer.strip(), re.S)
    assert m is not None
    return m.group(1).strip(" ,"), m.group(3).strip()


def _frame(question: str) -> tuple[str, str] | None:
    """(kind, statement template with {} for the answer) for a question to the owner, else None."""
    q = question.rstrip("?").strip()
    q = re.sub(r"^(?:so|and|ok|okay|oh|well|hey|hi)\b[,!]?\s*", "", q, flags=re.I)
    rules: list[tuple[str, str, str]] = [
        (r"^(?:what|which)(?:'s| is) your favou?rite (\w+(?: \w+)?)$", "wh", "My favourite {0} is {{}}."),
        (r"^(?:what|which) (?:are|were) your favou?rite (\w+(?: \w+)?)$", "wh", "My favourite {0} are {{}}."),
        (r"^who(?:'s| is) your (\w+(?: \w+)?)$", "wh", "My {0} is {{}}."),
        (r"^who are your (\w+(?: \w+)?)$", "wh", "My {0} are {{}}."),
        (r"^what(?:'s| is) your (\w+(?: \w+)?)(?:'s)? (?:called|name)$", "wh", "My {0} is called {{}}."),
        (r"^what(?:'s| is) your name$", "wh", "My name is {{}}."),
        (r"^what(?:'s| is| are) (his|her|their) names?$", "wh", "{0} name is {{}}."),  # the tie said before, named
        (r"^how old are you$", "wh", "I am {{}}."),
        (r"^where do you (live|work|study|go to school)$", "wh", "I {0} in {{}}."),
        (r"^(?:what|which) (\w+(?: \w+)?) do you (\w+)$", "wh", "I {1} {{}}."),
        (r"^what do you (?:like|love|enjoy) (?:doing|to do)$", "wh", "I like {{}}."),
        (r"^what do you (\w+)$", "wh", "I {0} {{}}."),
    ]
    for pattern, kind, template in rules:
        m = re.match(pattern, q, re.I)
        if not m:
            continue
        groups = [g.replace("your ", "my ") for g in m.groups()]
        if kind == "wh" and re.match(r"^(?:what|which) (\w+(?: \w+)?) do you", q, re.I) and groups[-1] in (
                "mean", "think", "want", "need", "say"):
            return None  # "What do you mean?": not a question about the owner's world
        if kind == "wh" and pattern.startswith("^what do you (\\w+)") and groups[0].lower() in (
                "mean", "think", "want", "need", "say", "do", "reckon", "know"):
            return None
        return kind, template.format(*groups)
    return None


def previous_line(previous: list[str], speaker: str | None) -> str | None:
    """The turn said just before this one, when someone else said it: its text without the speaker
    label and the date the session context renders ("companion: What do you draw? (05 May 2026)")."""
    if not previous or said_by(previous[-1], speaker):
        return None  # nothing said before, or the owner's own previous turn: it frames nothing
    return text_of(previous[-1])


def complete(question_line: str | None, answer: str) -> str:
    """The answer as the statement it means, or the answer unchanged when no frame applies."""
    if not question_line or not answer.strip():
        return answer
    question = _last_question(question_line)
    if question is None:
        return answer
    framed = _frame(question)
    if framed is None:
        return answer
    _, template = framed
    text = answer.strip()
    if _STATEMENT.match(text) or _YES.match(text) or _NO.match(text):
        return answer
    first, rest = _first_part(text)
    if not first or len(first.split()) > 8:
        return answer
    return f"{template.replace('{}', first)} {rest}".strip()
