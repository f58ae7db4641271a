"""A person's second statement said without its subject after a comma (issue 35): "He is 79, lives in Dili with his
son Rui", "she is a nurse, works nights at the Royal". Read as two sentences, "He is 79. He lives in Dili ...", so the
age and where he lives are each their own card of whom "he" means, not one card "is 79, lives in ...". Only after
"he"/"she" with "is" and a short complement, before a verb of a closed class said in -s (lives, works, has, ...); a
comma before any other word ("she is 8, nearly 9", "he is tall, like his dad") stays. Pure regex work.
"""
from __future__ import annotations

import re

_VERBS = ("lives|works|has|teaches|studies|drives|plays|speaks|loves|likes|hates|goes|runs|owns|cooks|sells|makes|"
          "walks|comes|wants|needs|takes|helps|looks")
_CARRIED = re.compile(rf"(?<![\w'])(?P<subj>[Hh]e|[Ss]he)(?P<said>\s+(?:is|was)\s+[^,.;!?]{{1,40}}),\s+(?=(?:{_VERBS})\b)")


def carried_subjects(text: str) -> str:
    """The text with the subject said again before a verb a comma left without one."""
    if "," not in text or not ("he " in text or "He " in text):
        return text
    return _CARRIED.sub(lambda m: f"{m.group('subj')}{m.group('said')}. {m.group('subj').capitalize()} ", text)
