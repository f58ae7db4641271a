"""The text a turn's facts are drawn from (issue 35): the turn as said, read as ordinary English
(chat_text) and, when it answers a question put to the owner, completed by that question (answers).
The record keeps the turn as it was said; only the extractor reads this.

`learn` is the whole deterministic path from a turn to its facts, used by the write path and by the
model extractor's fallback alike: read the turn, extract its statements (again only when the reading
differs from what was said), draw the facts.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime

from ..extraction.models import SPEAKER, ExtractedStatement
from .answers import complete, previous_line
from .asked_about import tie_answered
from .chat_text import for_reading, sentence_case
from .extract import facts_of_turn
from .help_asked import without_the_request
from .how_asked import how_told
from .how_shown import shown
from .consequences_said import consequences_apart
from .fiction_frames import without_fiction
from .make_believe import without_make_believe
from .retractions import without_retracted
from .grumbles import without_grumbles
from .wild_visitors import without_wild_doings
from .awaited_events import without_awaited
from .carried_facts import carried
from .things_alive import without_things_alive
from .habits_ended import habits_ended
from .ended_states import current_only
from .states_ended_said import states_ended
from .switches import switched
from .figures_of_speech import without_figures
from .kin_said_bare import kin_marked, with_my
from .laughing import not_laughed_off
from .spelling import respelt
from .steps_named_before import named_before
from .learner_english import articles_back
from .lapses import without_lapses
from .listed_answers import as_a_list, question_before_announced
from .lowercase_names import typed_lowercase, with_names
from .lowercase_ties import common_names_after_ties
from .names_asked import names_asked
from .fears_when import fears_when
from .names_said import names_said
from .now_said import now_said
from .paired_items import pairs_as_lists
from .parse import Sentence, parse, parse_once
from .verb_lists import verb_lists_apart
from .posts_taken import posts_apart
from .pronoun_values import named_in_question
from .mentions import earlier_mention
from .models import Fact
from .relative_clauses import relatives_apart
from .asides_said import asides_apart
from .self_corrections import corrected
from .skill_levels import levels_said
from .reported import reports_read
from ..extraction.confiding import without_confiding
from .speaker import SpeakerRole
from .subjectless import with_subject
from .they_and_it import they_and_it
from .things_asked_for import without_things_asked_for
from .tie_adverbs import without_tie_adverbs
from .times_after import date_joined
from .times_framing import framed_doings, frames_a_doing


def as_read(text: str, previous: Sequence[str] | None = None, speaker: str | None = None, team: bool = False,
            parser: Callable[[list[str]], list[Sentence] | None] = parse) -> str:
    asked = previous_line(list(previous or []), speaker)
    if as_a_list(text) is not None and not (asked or "").rstrip().endswith("?"):  # "ok my top 3:" ... "1. ... 2. ..."
        asked = previous_line([q], speaker) if (q := question_before_announced(previous or [], speaker)) else asked
    read = respelt(corrected(for_reading(text)))  # "fee is 35 - no wait, 40": what was taken back is not read
    read = without_confiding(read)  # "don't tell anyone but I'm scared of the dark": what it says (extraction/confiding.py)
    read = now_said(read)  # "I used to hate mushrooms but now I love them": the present written out (now_said.py)
    read = without_tie_adverbs(read)  # "Ingrid is still my boss": "Ingrid is my boss" (tie_adverbs.py)
    read = names_said(read)  # "my brother's girlfriend's name is Chloe": "... girlfriend is Chloe" (names_said.py)
    read = pairs_as_lists(read, parser)  # "both Hindi and Tamil", "peanuts as well as shellfish": a list (paired_items.py)
    read = verb_lists_apart(read)  # "I like peas, hate carrots and maybe broccoli": one sentence each (verb_lists.py)
    read = consequences_apart(read)  # "I'm a nurse so I work shifts": ", so I work shifts" (consequences_said.py)
    if typed_lowercase(text):  # "my brother zaid", "his name is nibbles": the names a lower-case turn says, once respelt
        read = names_asked(common_names_after_ties(with_names(read), parser), asked)  # ("my friend james": lowercase_ties.py)  # and those the question just said ("How is Biscuit?" "biscuit died")
    if not team:  # "apparently papa works on a ship": "apparently my papa works ..." (kin_said_bare.py)
        read = with_my(read, kin_marked([*(previous or []), text]))
    read = date_joined(read)  # "our cat died. on monday.": the event's date
    read = carried(read, parser)  # "can you suggest a cake for my daughter, she's coeliac": the statement apart (carried_facts.py)
    read = they_and_it(tie_answered(asked, read), asked, previous or [], speaker, parser)  # ("Who's Nadia?" "my cousin")  # "Ama and Kwesi ... they run a pharmacy" (they_and_it.py)
    # "Leo plays the cello, his mum says": the report first, as the readers take it; a learner's "I am cook": "I am a cook"
    read = articles_back(reports_read(read))
    return sentence_case(with_subject(complete(for_reading(asked) if asked else None, asides_apart(relatives_apart(read)), team)))  # asides: asides_said.py


def learn(text: str, statements: list[ExtractedStatement] | None, *, at: datetime, owner: str, role: SpeakerRole,
          speaker: str = SPEAKER, speaker_org: str | None = None, previous: Sequence[str] = (),
          account_org: str | None = None) -> list[Fact]:
    """The facts a turn teaches. `statements`: the extraction of `text` when the caller has it;
    `speaker_org`: the organisation the owner's turns named; `account_org`: an organisation
    account's name, whom "we" means while no turn has named one (a turn that does wins)."""
    from ..extraction.pipeline import extract  # spaCy: loaded with the first turn, not on import

    if role not in ("owner", "guardian"):
        return []
    turn_parse = parse_once()  # every text of the turn parsed once, whichever step asks (as_read, the readers, the passes)
    reading = as_read(text, previous, speaker, team=account_org is not None, parser=turn_parse)
    if statements is None or reading != text:
        statements = [s for s in extract(reading, speaker=speaker, at=at).statements if s.text.strip()]
    facts = facts_of_turn(reading, statements, owner=owner, role=role, speaker=speaker, speaker_org=speaker_org,
                          earlier=earlier_mention(previous, speaker, owner, text=text), account_org=account_org,
                          kin_words=kin_marked([*previous, text]), parser=turn_parse)  # "my eje (grandma)" ... "eje weaves carpets"
    asked = previous_line(list(previous), speaker)
    facts = how_told(asked, reading, facts, owner, speaker_org or account_org)  # "How is the ikat made?" "first the threads are boiled, ..."
    facts = named_before(reading, previous, speaker, facts, owner, speaker_org or account_org)  # "The steps:" "1. ... 2. ... 3. ..."
    facts = shown(reading, facts, owner, speaker_org or account_org)  # "Want to know how to tie a bowline? You make a loop, then ..."
    facts = levels_said(reading, facts, owner)  # "I'm learning Korean. Still B1"
    if account_org is None and frames_a_doing(text):  # "Tuesdays she's there late, so I cook": the owner cooks then (as typed:
        # the reading splits the days off)
        facts = framed_doings(facts, respelt(text), owner)
    facts = named_in_question(facts, reading, asked, owner, turn_parse)  # "And Praline?" "I walk her before work": Praline
    facts = not_laughed_off(facts, text, owner)  # "lol my cat just knocked my coffee over": a joke (laughing.py)
    facts = without_figures(facts, owner)  # "my dad is going to kill me": a figure of speech (figures_of_speech.py)
    facts = without_things_alive(facts, owner)  # "the chargers walk off on their own": a thing as if alive (things_alive.py)
    facts = without_lapses(facts)  # "we lose track every season": a complaint, not a habit (lapses.py)
    facts = without_things_asked_for(facts)  # "a weekly plan please": a request (things_asked_for.py)
    facts = without_fiction(facts, text)  # "in the book, Harry lives under the stairs": a story (fiction_frames.py)
    facts = without_make_believe(facts, text, owner)  # "I'm a tiger now, rawr!", "my dragon breathes fire": play (make_believe.py)
    facts = without_retracted(facts, text, owner)  # "the dog ate my homework, just kidding": taken back (retractions.py)
    facts = without_grumbles(facts)  # "nobody listens to the announcements anyway": a grumble, no rule (grumbles.py)
    facts = without_wild_doings(facts, owner, speaker_org or account_org)  # "the gulls follow the boat" (wild_visitors.py)
    facts = without_awaited(facts, [st.text for st in statements] or [reading], owner, turn_parse)  # "when we win the cup ..."
    if role == "owner" and account_org is None:  # "I get scared when it's thundering" (fears_when.py)
        facts = fears_when(facts, reading, owner)
    facts = current_only(facts, reading)  # "I'm no longer scared of the dark": not a fear now (ended_states.py)
    if account_org is None:  # "I'm not a student any more": the past (states_ended_said.py)
        facts = switched(states_ended(facts, reading, owner), reading, owner)  # "I switched from nights to days" (switches.py)
    if role == "owner":  # "I don't chew betel anymore", "I quit piano": what stopped (habits_ended.py)
        facts = habits_ended(facts, reading, owner, account_org)
    return posts_apart(without_the_request(facts, owner, asked))  # "starts Monday as receptionist": two (posts_taken.py)  # "How can I help?" "I want to ..."
