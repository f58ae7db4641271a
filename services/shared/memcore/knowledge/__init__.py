"""Knowledge drawn from a conversation turn (issue 35): atomic facts in the seed's slot form.

A turn is kept whole as a record (episodic, what was said); what it teaches is kept as facts
(subject, predicate, value, certainty, type) with a short canonical text that names the person.
Everything here is pure: no I/O, no model beyond the deterministic rules.
"""
from .extract import facts_of_turn
from .models import Fact
from .reading import as_read, learn
from .speaker import SpeakerRole, speaker_role

__all__ = ["Fact", "SpeakerRole", "as_read", "facts_of_turn", "learn", "speaker_role"]
