"""What a team's account learns from one of its members' turns: the turn read by the deterministic
extraction, then by the knowledge layer as an organisation account's owner says it (account_org).
Shared by the team-voice tests (test_knowledge_team_*.py)."""
from datetime import datetime, timezone

from memcore.extraction.pipeline import extract
from memcore.knowledge import facts_of_turn

AT = datetime(2026, 3, 2, 18, 0, tzinfo=timezone.utc)


def team_facts(text: str, org: str, owner: str = "Ada") -> list:
    statements = extract(text, speaker=owner, at=AT).statements
    return facts_of_turn(text, statements, owner=owner, role="owner", speaker=owner, account_org=org)
