"""The conflict rules of facts (pure): in memcore.knowledge.conflict_rules, since the write path
decides with them too whether an exact repeat reinforces its row (memcore.knowledge.repeats)."""
from memcore.knowledge.conflict_rules import (FACT_TYPES, HYSTERESIS, MULTI_VALUED, Fact, Outcome, conflicts,
                                              last_said, resolve, same_subject, slot)

__all__ = ["FACT_TYPES", "HYSTERESIS", "MULTI_VALUED", "Fact", "Outcome", "conflicts", "last_said", "resolve",
           "same_subject", "slot"]
