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

from ..calendar_words import MONTH_ALT, WEEKDAY_ALT
from ..extraction.patterns import NAME_WORD
from .answer_frames import frame, question_asked
from .elliptic_questions import asked_in_full, clause_apart, how_long_apart
from .hedged_answers import hedge_apart
from .item_answers import item_by_item
from .listed_answers import as_a_list, without_the_owner
from .session_lines import said_by, text_of
from .short_answers import VERBISH, said_more
from .when_others import when_they_do
from .yes_no_answers import yes_or_no
from .vocabulary import NUMBER_SAID, PETS, RELATIONS

_YES = re.compile(r"^(?:yes|yeah|yep|yup|yea|ya|sure|of course|definitely|i do|i can|i am|i have|she does|he does|"
                  r"it does|they do)\b[\s,.!]*", re.I)
_NO = re.compile(r"^(?:no way|no|nope|nah|not really|i don't|i can't|i'm not|i haven't|she doesn't|he doesn't|"
                 r"it doesn't|they don't)\b[\s,.!]*", re.I)
# an answer that already says who does what: it is a statement of its own
_STATEMENT = re.compile(r"^(?:(?:well|oh|um|so|and|but|actually)\s*,?\s*)?(?:I|I'm|I've|I'll|I'd|my|we|we're|our|"
                        rf"he|she|they|it|it's|there|{NAME_WORD}\s+(?:is|are|was|has|have|lives|works|likes|loves))\b")


# a name said in a sentence of its own: "it's called Tembo Coffee", "we're called The Low Tides", "her name is Duchess"
_NAMED_SO = re.compile(r"^(?:(?:well|oh|um|so|yeah|yes|ok)\s*,?\s*)?(?:(?:it|she|he|they|we)(?:['’]s|\s+is|['’]re|\s+are)\s+called|"
                       r"(?:her|his|its|their|our|the)\s+name(?:['’]s|\s+is))\s+(?P<name>\S.*)$", re.I)


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
    return m.group(1).strip(" ,").rstrip(".!").rstrip(" ,"), m.group(3).strip()  # "Four.": the answer, not its full stop


_WHEN_SAID = re.compile(r"^(?:on|in|at|after|before|every|each|once|twice|most|some|usually|always|sometimes|next|this|last|"
                        r"tomorrow|tonight|today|soon|later|"
                        r"during|from|the|[a-z]+ly)\b|^\d", re.I)
# "What do you like to do?" "go to the park": a verb, liked "to" do
_BASE_VERB = re.compile(r"^(?:go|play|watch|read|draw|paint|ride|swim|bake|cook|make|build|visit|see|sing|dance|run|climb|"
                        r"write|sleep|eat|jump|skate|hang out|help)\b", re.I)
_MONTH = re.compile(r"(?i)^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b(?!\s+\d)")  # "april": in April
_CLOCK_SAID = re.compile(r"^(?:at|around|about|by|after|before|from|between|just|usually|always|never)\b", re.I)
_PREPOSITION = re.compile(r"^(?:in|near|at|on|by|next|outside|just|over|up|down|round|around|behind|with)\b", re.I)


_YES_NO = re.compile(r"^(?:do you|have you got|have you) (have|own|play|do|like|love|speak|support|collect|go to|know) "
                     r"(?:a |an |any |some )?(.+)$", re.I)


def _owned(question: str) -> tuple[str, str] | None:
    """What a yes/no question asks whether the owner has, plays, likes ... ("Do you have any pets?" ->
    ("have", "pets"), "Do you play any instruments?" -> ("play", "instruments"))."""
    m = _YES_NO.match(question_asked(question))
    # "Do you like the story?" asks about the chat or one thing, not the owner's tastes or belongings
    if not m or len(m.group(2).split()) > 4 or re.match(
            r"(?i)^(?:to|it|that|this|these|those|them|him|her|the|your|my|our|his|their|me|us)\b", m.group(2)):
        return None
    verb = m.group(1).lower()
    return ("have" if verb in ("have", "own") else verb), m.group(2).lower()


def previous_line(previous: list[str], speaker: str | None) -> str | None:
    """The turn said just before this one, when someone else said it: its text without the speaker
    label and the date the session context renders ("companion: What do you draw? (05 May 2026)")."""
    if not previous or said_by(previous[-1], speaker):
        return None  # nothing said before, or the owner's own previous turn: it frames nothing
    return text_of(previous[-1])


_WH = re.compile(r"(?i)^(?:what|where|who|when|which|how)\b")
# An answer that is itself a question, or says nothing is known: nothing to complete.
_ASKED_BACK = re.compile(r"^(?:who|what|where|when|why|how|which|is|are|do|does|did|can|could|will|would)\b|\?\s*$", re.I)
_NOTHING = re.compile(r"^(?:idk|dunno|i don't know|not sure|no idea|nothing|none|nobody|no one|can't remember)\b", re.I)
# An answer that ends in a colon only announces what comes next ("ok my top 3:", "right, here goes:"): nothing yet
_ANNOUNCED = re.compile(r":\s*$")
# "What did you do today?" "went to the park with Gran": a verb said without its subject, the owner's
_DID_WHAT = re.compile(r"^what (?:did you do|have you (?:been )?(?:doing|up to)|did you get up to)\b", re.I)
_PAST_VERB = re.compile(r"^(?:went|got|had|made|played|did|saw|won|found|built|drew|read|ate|visited|lost|[a-z]{3,}ed)\b",
                        re.I)
# "Have you been to Lagos before?" "once, when I was 4": an experience of the owner's, said with how often
_BEEN_TO = re.compile(r"^(?i:have you (?:ever )?been to) ([A-Z][\w'’-]+(?: [A-Z][\w'’-]+)*)(?: before)?$")
_HOW_OFTEN = re.compile(r"^(?:once|twice|three times|\w+ times|loads of times|lots of times|a few times|loads|lots)\b", re.I)
_NAMED = re.compile(r"^(?:her|his|its|their)\s+names?\s+(?:is|are|'s)\s+", re.I)  # "yes her name is Sparkle"
# a measure asked of a thing ("How high is the veranda?") is answered with a number and its unit ("60 cm", "about 7 metres")
_MEASURE_ASKED = re.compile(r"(?i)^how (?:high|tall|long|wide|deep|big|heavy) (?:is|are)\b")
_A_MEASURE = re.compile(rf"(?i)(?:(?:about|around|nearly|almost|roughly|just over|just under|over|under)\s+)?"
                        rf"(?:{NUMBER_SAID}|[0-9]+(?:[.,][0-9]+)?)(?:\s*[a-z]+\.?){{0,2}}")
_A_SPAN_OF_TIME = re.compile(r"(?i)\b(?:seconds?|minutes?|mins?|hours?|hrs?|days?|nights?|weeks?|months?|years?)\b")
_AGE_ANSWER = re.compile(rf"^(?:(?:nearly|almost|about|around|just|only|roughly)\s+)?{NUMBER_SAID}"
                         r"(?: and a (?:half|quarter|bit))?(?: (?:years?|yrs?)(?: old)?)?$", re.I)
# "fourteen months", "6 weeks old": an age in months or weeks, said of a person or a pet (not of a sourdough starter)
_YOUNG_AGE = re.compile(rf"^(?:(?:nearly|almost|about|around|just|only)\s+)?{NUMBER_SAID} (?:months?|weeks?)(?: old)?$", re.I)
_AGE_TO_COME = re.compile(r"^(\w+)\s+((?:next|this)\s+(?:week|month|year|\w+day)|on my (?:next )?birthday|soon|"
                          rf"in (?:{MONTH_ALT}))$",
                          re.I)
_HOW_MUCH = re.compile(r"^(?:(?:mostly|usually|normally|just|only|always|u+m+|e+r+m+|h+m+|uh+|well|like|oh)[,.]?\s+)+",
                       re.I)  # "mostly Dev and Sam", "umm Maisie"
_HOW_MUCH_AFTER = re.compile(r"(?:,?\s+(?:mostly|usually|normally|always|sometimes|i think|i guess))+$", re.I)
# a few words, then where: "first Tuesday of the month, at the village hall"
_A_FEW_WORDS_AND_WHERE = re.compile(r"^(?:\S+\s+){0,7}\S+,\s+(?:at|in|on|near|by|from|with)\s+(?:\S+\s+){0,3}\S+$", re.I)
_TOPIC_WORD = re.compile(r"(?i)^(?:(?:the|our|my|a|an|all|any)\s+)?(?:\w+\s+)?(\w{3,})\s+(?!(?:and|or|but)\b)\w+")


# a word in -s after a noun, not after a determiner or a number: "my dad works away" (not "my two sisters")
_S_AFTER_A_WORD = re.compile(r"(?i)\b(?!(?:my|our|his|her|their|the|a|an|and|or|two|three|four|five|six|both|all)\b)"
                             r"[a-z]+(?<!['’]s)\s+([a-z]+s)\b")


# "she's there late", "he is a lawyer", "they work nights": a clause of its own, with its subject and verb
_PRONOUN_CLAUSE = re.compile(r"(?i)\b(?:he|she|they)(?:['’](?:s|re)\b|\s+(?:is|are|was|were|has|have|does|do|works?|goes|go)\b)")
_NAME_OPENING = re.compile(rf"^(?P<name>{NAME_WORD})\s*,")
# a time the answer opens on ("Tuesdays and Thursdays", "most days", "weekends"): when, never what one is
_DAYS = rf"(?:(?:{WEEKDAY_ALT})s?|weekdays|weekends?|days|nights|mornings|evenings|afternoons)"
_TIME_SAID = rf"(?:(?:on|most|some|at|every|each|on\s+the)\s+)?{_DAYS}(?:\s*(?:,|and|&|or)\s*{_DAYS})*"
_TIME_OPENING = re.compile(rf"(?i)^{_TIME_SAID}(?=[\s,.!]|$)")
# the time, then "he"/"she" ("nights mostly, he's a porter"): the time kept, the pronoun named
_TIME_BEFORE = re.compile(rf"(?i)^(?P<time>{_TIME_SAID})(?:\s*,?\s*(?:mostly|usually|often|normally))?\s*[,.]?\s+(?=(?:he|she)\b)")


def _said_as_a_clause(template: str, first: str, answer: str) -> bool:
    """Whether an answer says a clause of its own that no frame should fill: it opens on the very name the frame
    says ("What does Gwen do?" "Gwen, 34, she is a lawyer": not "Gwen is a Gwen, 34"), or it opens on a time before
    a pronoun and its verb ("What do the twins do?" "weekends they're at the pool": no "the twins are a weekends");
    "nurse, she loves it" still fills the frame with "nurse"."""
    opening = _NAME_OPENING.match(first)
    if opening and template.startswith(opening.group("name") + " "):
        return True
    return _TIME_OPENING.match(first) is not None and _PRONOUN_CLAUSE.search(answer) is not None  # "Tuesdays and
    # Thursdays. They're there late": when, then the clause (not "wait till she starts": what one does, then)


def _names_who_was_asked(template: str | None, first: str) -> bool:
    """Whether an answer that opens like a statement ("my ...") only names whom the question asked for, with
    no verb of its own: the doer ("my gran" after "Who takes you to school?", "my big sister, she has a car")
    or the ties ("my mum, my nan and Tui" after "Who do you live with?")."""
    if template is None:
        return False
    if template.startswith("{}"):
        return not VERBISH.search(first.split(",")[0])
    return "{my} " in template and not VERBISH.search(first) and not _said_with_a_verb(first)


def _said_with_a_verb(first: str) -> bool:
    """Whether a list of ties says something of them ("my dad works away a lot") rather than naming them
    ("my mum, my two sisters and my grandparents")."""
    return any(m.group(1)[:-1] not in RELATIONS and m.group(1)[:-1] not in PETS and m.group(1) not in RELATIONS
               for m in _S_AFTER_A_WORD.finditer(first))


def _said_of_the_topic(asked: str, first: str) -> bool:
    """An answer that opens on what the question asked about and goes on with its own verb ("When's the test?"
    "the theory test is 14 May"; "And parts - where do you get them?" "Parts come from ...")."""
    m = _TOPIC_WORD.match(first)
    return m is not None and re.search(rf"(?i)\b{re.escape(m.group(1))}\b", asked) is not None and (
        VERBISH.search(first) is not None or re.search(rf"(?i)\b{re.escape(m.group(1))}\s+\w+s?\s+(?:from|to|in|at|on|with)\b", first) is not None)


_THING = re.compile(r"^(?:a|an|one|two|three|four|five|six|\d+|some|lots of|loads of)\s+\S", re.I)


def _one(thing: str) -> str:
    return thing[:-1] if thing.endswith("s") and not thing.endswith("ss") else thing


# the thing first and the yes after it: "Do you like fish?" "fish cakes yes."
_YES_AFTER = re.compile(r"^(?!(?:no|not|nah|nope|never|i|it|that|this)\b)(?P<thing>[^.,!?]{2,40}?)[,\s]+(?:yes|yeah|yep|yup)\b[\s,.!]*", re.I)


def _what_is_owned(verb: str, thing: str, text: str) -> str | None:
    """An answer to "Do you have (any) X?": "yes, a hamster called Nibbles" -> "I have a hamster called
    Nibbles."; "yes her name is Sparkle" -> "My X is called Sparkle."; a bare yes or a no stays as said."""
    rest = text
    yes = _YES.match(text) or _YES_AFTER.match(text)
    if yes:
        rest = text[yes.end():].strip() if yes.re is _YES else f"{yes.group('thing')}. {text[yes.end():]}".strip()
    elif _NO.match(text):
        return None
    if not rest or _STATEMENT.match(rest):
        return None if not yes or not rest else rest
    named = _NAMED.match(rest)
    if named and " or " not in thing and verb == "have":
        return f"My {_one(thing)} is called {rest[named.end():]}"
    first, after = _first_part(rest)
    named_tie = re.match(rf"^({NAME_WORD})(?:\s*,\s*(.*))?$", first) if yes and verb == "have" else None
    if named_tie and _one(thing) in RELATIONS | PETS and named_tie.group(1) not in ("I", "Yes", "Yeah", "No"):
        more = " ".join(x for x in ((named_tie.group(2) or "").strip(), after) if x)  # "Do you have a brother?" "yes, Tama, he's 12"
        said = f"My {_one(thing)} is called {named_tie.group(1)}." if _one(thing) in PETS else f"My {_one(thing)} is {named_tie.group(1)}."
        return f"{said} {more[:1].upper()}{more[1:]}".strip()
    counted = re.match(rf"(?i)^({NUMBER_SAID}|\d+)\s*[,:]\s*(\S.*)$", first)
    if counted and verb == "have" and " or " not in thing:  # "Do you have kids?" "two, a boy and a girl"
        return f"I have {counted.group(1)} {thing}, {counted.group(2)}. {after}".strip()
    if _THING.match(rest) or (yes and verb != "have" and first and len(first.split()) <= 6 and not VERBISH.search(first)):
        return f"I {verb} {first}. {after}".strip()  # "yes, the violin" after "Do you play any instruments?"
    return None


_YOUR_ONE = re.compile(r"\byour\s+(\w+)\b(?!\s+(?:and|or)\b)", re.I)
_A_NAME = re.compile(r"(?<=\s)[A-Z][a-z'’-]+\b(?:\s+[A-Z][a-z'’-]+\b)?")  # a name said inside a question
# "What does your ama do?", "what does your dada do for work?": asked what one person does, whatever the word for them
_WHAT_ONE_DOES = re.compile(r"^what\s+does\s+your\s+(\w+)\s+do\b", re.I)
# an answer that opens on a name and an age, then says more: "Dylan, 19, he's a student" (the tie asked of is named)
_NAMED_AGED_FIRST = re.compile(r"^[A-Z][a-z'’-]+(?:\s+[A-Z][a-z'’-]+)?,\s*\d{1,2}\s*,\s*\S")
_PRONOUN_FIRST = re.compile(r"^(?:(?:yes|yeah|yep|no|nope|nah)[,.!]?\s+)?(he|she)(?=\s|'s\b)", re.I)


# an answer that opens on "they", and a yes/no question asked of many by its subject: "Do the residents like
# the garden?", "Do your twins eat fish?" (a plural noun, or a word that is one)
_THEY_FIRST = re.compile(r"^(?:(?:yes|yeah|yep|no|nope|nah|oh)[,.!]?\s+)?they(?=\s+(?!(?:do|don['’]t|did|didn['’]t|are|aren['’]t|were|will|would|can)\b)[a-z])",
                         re.I)
_ASKED_OF_MANY = re.compile(r"^(?:do|did|are|were)\s+(?P<who>(?:your|the)\s+(?:[a-z-]+\s+)?(?:[a-z-]+[^s\W]s|children|people|staff|kids|"
                            r"men|women|grandchildren|twins))\s+(?!(?:and|or)\b)[a-z]+", re.I)


# what "your X" in "What does your X do?" is when it is no person: a thing that does something ("your app", "your shop")
_NOT_ONE = frozenset("app shop company business team job work machine car dog cat phone code school club project".split())


def _their_pronoun_named(question: str, answer: str) -> str:
    """An answer that opens on "he"/"she" about the one person the question named, with "your" or by name
    ("Does your gran live near you?" "yes she lives next door") says it of them: "My gran lives next door"."""
    asked = question_asked(question)
    people = {f"My {m.group(1).lower()}" for m in _YOUR_ONE.finditer(asked) if m.group(1).lower() in RELATIONS}
    if not people and (doing := _WHAT_ONE_DOES.match(asked)) is not None and doing.group(1).lower() not in _NOT_ONE:
        people = {f"My {doing.group(1).lower()}"}  # the word the question says them by, a tie in any tongue
    names = set(_A_NAME.findall(asked)) - {"I"}  # "What does Elias do?" "he's a welder": he is Elias
    if len(people) == 1 and not names and _NAMED_AGED_FIRST.match(answer):
        return f"{people.pop()} {answer}"  # "What does your son do?" "Dylan, 19, he's a student": "My son Dylan, 19, ..."
    when = _TIME_BEFORE.match(answer)
    if when and (named := _their_pronoun_named(question, answer[when.end():])) != answer[when.end():]:
        return f"{when.group('time')} {named[:1].lower()}{named[1:]}"  # "Tuesdays and Thursdays she's there late": "... my husband is there late"
    first = _PRONOUN_FIRST.match(answer)
    they = _THEY_FIRST.match(answer)
    asked_of = _ASKED_OF_MANY.match(asked)
    if they and asked_of:
        who = re.sub(r"(?i)^your\b", "My", asked_of.group("who"))
        return f"{who[:1].upper()}{who[1:]}{answer[they.end():]}"  # "Do the children like the menu?" "they love the pasta"
    if len(people | names) != 1 or not first:
        return answer
    rest = answer[first.end():]
    return f"{(people | names).pop()}{' is' + rest[2:] if rest.startswith(chr(39) + 's') else rest}"


def _of_someone(asked: str) -> bool:
    """Whether "how old ..." asks the age of a person or a pet: you, he, a name, "your sister", "your dog"."""
    m = re.match(r"(?i)^how old (?:is|are) (?:your |my )?(\S+)", asked)
    whom = m.group(1) if m else ""
    return whom[:1].isupper() or whom.lower() in ("you", "he", "she", "they") or whom.lower().rstrip("s") in RELATIONS | PETS


# what the owner says of themself even in a team's chat ("Where do you live?" "I live ..."); other "I" frames
# are the team's "we" there ("How many members do you have?" "about 40": "We have about 40 members")
_OWN_VERBS = frozenset("am like love enjoy prefer live work study go turn feel".split())


def complete(question_line: str | None, answer: str, team: bool = False) -> str:
    """The answer as the statement it means, or the answer unchanged when no frame applies. `team`: the
    owner speaks for a team, whose "you" is "we"."""
    if not question_line or not answer.strip():
        return answer
    question = _last_question(question_line)
    question = asked_in_full(question) if question else None  # "And your role?": "What's your role?" (elliptic_questions.py)
    text = _their_pronoun_named(question, answer.strip()) if question else answer.strip()
    if text != answer.strip():
        return text  # "What does your mum do?" "she's a nurse": the statement, with whom "she" means
    if question is None or _ASKED_BACK.search(text) or _NOTHING.match(text) or _ANNOUNCED.search(text):
        return answer
    if (by_item := item_by_item(question_asked(question), text)) is not None:
        return by_item  # "Do you eat eggs and dairy?" "eggs yes, dairy no" (item_answers.py)
    owned = _owned(question)
    if (yes_no := yes_or_no(question_asked(question), text, team)) is not None and not (owned and _what_is_owned(*owned, text)):
        return yes_no  # "Do you get seasick?" "yes!!": "I get seasick." (yes_no_answers.py); "yes, salmon": what is liked
    template = frame(question, team) or when_they_do(question_asked(question), team)  # "When does he come back?" (when_others.py)
    if template is not None and template.endswith("called {}.") and (named := _NAMED_SO.match(text)):
        text = named.group("name")  # "What's the band called?" "we're called The Low Tides": the name
    if template is not None and (apart := hedge_apart(text)) is not None:  # "I think 80", "april i think" (hedged_answers.py)
        filled = complete(question_line, apart[0], team)
        return filled if filled.strip() == apart[0] else filled.rstrip().rstrip(".") + apart[1] + "."  # "My gran is 80, I think."
    listed = as_a_list(text) if template is not None else None
    if listed is not None:
        text = listed  # "1. volleyball 2. anime": the list it is (listed_answers.py), not "1"
    said_first = _first_part(text)[0]
    if _STATEMENT.match(text) and not _names_who_was_asked(template, said_first):
        return answer  # "I like drawing": a statement of its own
    doer_asked = template is not None and template.startswith("{}")
    ties_asked = template is not None and "{my} " in template and _names_who_was_asked(template, said_first)
    if template is not None and not doer_asked and not ties_asked and _said_as_a_clause(template, said_first, text):
        return answer
    if said := said_more(question_asked(question), text):
        return said  # "Does Kai work nights?" "no, days"; "How old are the girls?" "Nine. Esi and Abena."
    if template is None:
        owned = _owned(question)
        if owned:
            return _what_is_owned(*owned, text) or answer
        if _DID_WHAT.match(question_asked(question)) and _PAST_VERB.match(text):
            return f"I {text}"
        been = _BEEN_TO.match(question_asked(question))
        if been and (said := _YES.sub("", text).strip(" ,.!")) and not _NO.match(text) and (
                _YES.match(text) or _HOW_OFTEN.match(text)):
            return f"I went to {been.group(1)} {said}"  # "Have you been to Lagos?" "once when I was little"
        return answer
    if _YES.match(text) and template.startswith(("I am allergic", "I have {}")) and _YES.sub("", text).strip(" ,.!"):
        text = _YES.sub("", text).strip()  # "Do you have any allergies?" "yes, penicillin"
    elif _YES.match(text) and _WH.match(question_asked(question)) and _YES.sub("", text).strip(" ,.!"):
        text = _YES.sub("", text).strip()  # "Where do you live?" "yes. itoman, okinawa": no yes was asked for
    elif _YES.match(text) or _NO.match(text):
        return answer
    first, rest = _first_part(text)
    first, how_long = how_long_apart(first)  # "treasurer, for three years now": the role, then how long
    first, clause = clause_apart(first) if ", {}" not in template else (first, "")  # "Herat, but I grew up in Tehran":
    # where from, then the clause ("What happens if ...?" asks for a clause: the answer is read whole)
    rest = " ".join(x for x in (how_long, clause, rest) if x)
    if doer_asked and VERBISH.search(first.split(",")[0]):
        return answer  # "Who runs the club?" "chairman is Desroy, ...": a statement of its own
    if doer_asked and "," in first:  # "my big sister, she has a car": the doer, then what is said of her
        first, more = first.split(",", 1)
        rest = f"{more.strip()}. {rest}".strip(" .")
    first = _HOW_MUCH.sub("", first)
    if doer_asked:
        first = _HOW_MUCH_AFTER.sub("", first)  # "Grandad mostly": the one who does it
    first = re.sub(r"^(the\s+\w+(?:\s+\w+)?)\s+ones?$", r"\1", first, flags=re.I)  # "the hammerhead one"
    if not first or len(first.split()) > (16 if ties_asked or listed else 8) and not _A_FEW_WORDS_AND_WHERE.match(first) \
            and not template.startswith(("if ", "when ")):
        return answer  # a clause is what "What happens if ...?" asks for; other answers are a few words (and where)
    if _said_of_the_topic(question_asked(question), first):
        return answer  # "When's the test?" "the theory test is 14 May": a statement of its own
    if re.match(r"(?i)^how many\b", question_asked(question)) and (count := re.match(
            rf"(?i)^(?:(?:about|around|roughly|nearly|almost|over|under|just over|just under)\s+)?{NUMBER_SAID}(?=\s*(?:,|$))", first)):
        first, rest = count.group(0), (first[count.end():].strip(" ,") + ". " + rest).strip(" .")  # "three, all girls"
    if team and template.startswith("I ") and template.split()[1].strip("{}") not in _OWN_VERBS:
        template = "We " + template[2:]  # "When do you meet?" in a team's chat: "We meet on ..."
    if "{my} " in template:  # "mum, dad and my little brother": each tie the owner's
        first = without_the_owner(first) or first  # "mum, dad, me and grandad": the owner is none of them
        first = re.sub(r"(?i)(^|,\s*|\band\s+)(?!(?:my|the|a|an|our|his|her)\b)(?=(\w+)\b)",
                       lambda m: m.group(1) + ("my " if m.group(2).lower() in RELATIONS else ""), first)
        template = template.replace("{my} ", "")
    if template == "I am in {}." and re.match(r"^[0-9A-Z]{1,3}$", first):
        template = "I am in class {}."  # "What class are you in?" "4B"
    to_come = _AGE_TO_COME.match(first)
    if to_come and question_asked(question).lower() == "how old are you":
        return f"I turn {to_come.group(1)} {to_come.group(2)}. {rest}".strip()  # "eleven next week": an age to come
    asked = question_asked(question)
    if re.match(rf"(?i)^{NUMBER_SAID}\b", first) and not first[:1].isdigit():
        first = first[:1].lower() + first[1:]  # "Fourteen months": a count, not a name
    if re.match(r"^how old (?:is|are)\b", asked, re.I) and not _AGE_ANSWER.match(first) and not (
            _YOUNG_AGE.match(first) and _of_someone(asked)):
        return answer  # "How old is your starter?" "about a month": no age
    if _MEASURE_ASKED.match(asked) and (not _A_MEASURE.fullmatch(first) or _A_SPAN_OF_TIME.search(first)):
        return answer  # "How tall is your son now?" "taller than me!": no measure; "How long are the tours?" "five
        # days": how long something lasts, not a measure of a thing
    template = template.replace("{in} ", "" if _PREPOSITION.match(first) else "in ")
    template = template.replace("{on} ", "" if _WHEN_SAID.match(first) else "in " if _MONTH.match(first) else "on ")
    template = template.replace("{at} ", "" if _CLOCK_SAID.match(first) else "at ")
    template = template.replace("{to} ", "to " if _BASE_VERB.match(first) else "")
    if "{a} " in template and (re.match(r"(?i)^(?:a|an|the)\b", first) or re.match(r"^[A-Z][a-z-]+(?:,?\s+[a-z]|$)", first)):
        first = first[:1].lower() + first[1:]  # "A border collie", "Midwife, at the Royal": as in a sentence
    template = template.replace("{a} ", "" if re.match(r"(?i)^(?:a|an|the)\b", first) else "an " if first[:1].lower() in "aeiou" else "a ")
    said = template.replace("{}", first)
    return f"{said[:1].upper()}{said[1:]} {rest}".strip()  # "my gran takes me to school": a sentence's first word
