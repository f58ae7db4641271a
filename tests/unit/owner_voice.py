"""What the knowledge layer learns from one owner turn said alone (no lines before it, no organisation), as the
write path reads it (memcore.knowledge.reading.learn). Shared by the tests that read sentences of an owner's own."""
from datetime import datetime, timezone

from memcore.knowledge.reading import learn

AT = datetime(2026, 3, 2, tzinfo=timezone.utc)


def owner_cards(text: str, owner: str = "Priya") -> list:
    return learn(text, None, at=AT, owner=owner, role="owner", speaker="user", speaker_org=None, previous=[],
                 account_org=None)
