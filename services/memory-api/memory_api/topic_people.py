"""The people of a topic a turn turns to (issue 37), read from the owner's memories: the I/O both
paths need to build the one model of a conversation (memcore.entities.conversation_people). When a
turn moves the conversation to a topic that is not itself a person or an organisation it names
("Let's get to the harbour podcast."), the people the owner's memories about it are linked to join
the turn, after what it names: the topic's people are whom its pronouns mean."""
from __future__ import annotations

from uuid import UUID

from memcore.entities import turn_roles
from memcore.entities.conversation_people import TurnMention
from memcore.entities.tracking import topic_phrase
from memcore.knowledge.parse import parse
from memcore.textnorm import norm_name

from .store import topic_repo


def names_the_topic(phrase: str, named: list[tuple[str, str]]) -> bool:
    """Does the turn name the topic itself as a person or an organisation ("Let's talk about Peter",
    "Back to Westbank")? `named`: (type, the words that named it) of what the turn names."""
    words = set(norm_name(phrase).split())
    return any(kind in ("person", "org") and words & set(norm_name(said).split()) for kind, said in named)


async def topic_people(conn, owner_id: UUID, text: str, named: list[tuple[str, str]],
                       mentions: list[TurnMention]) -> list[TurnMention]:
    """The people of the topic `text` turns to (said=False), after its words; none when the turn does
    not change the topic or names it as a person or an organisation (`names_the_topic`)."""
    phrase = topic_phrase(text)
    if not phrase or names_the_topic(phrase, named):
        return []
    keys = {m.key for m in mentions}
    rows = await topic_repo.people_of_topic(conn, owner_id, phrase)
    if not rows:  # no person linked to what was said of it: whom those sentences say it belongs to
        return [TurnMention(f"name:{norm_name(n)}", n, "person", len(text) + i, said=False)
                for i, n in enumerate(topic_owners(await topic_repo.texts_about(conn, owner_id, phrase), phrase))
                if f"name:{norm_name(n)}" not in keys]
    return [TurnMention(str(r["entity_id"]), r["canonical_name"], r["type"], len(text) + i, said=False)
            for i, r in enumerate(rows) if str(r["entity_id"]) not in keys]


def topic_owners(texts: list[str], phrase: str) -> list[str]:
    """The names the texts say the topic belongs to ("Ilse is running the charity quiz." -> Ilse),
    read from their parse (turn_roles); none without the parser."""
    sentences = parse(texts) if texts else None
    return turn_roles.topic_owners(sentences, phrase) if sentences else []
