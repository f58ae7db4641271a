"""The fact rules, one family a function: each takes one clause (lead-ins stripped, contractions
expanded) and the turn's context, and returns the facts the clause states. Pure regex work.

Why rules and not a parser: a turn must be answered in milliseconds with no model (MISSION
decision 7); the optional model-based extractor improves on these off the hot path."""
from __future__ import annotations

from .appointments import occasion
from .boundaries import boundaries
from .fronted_objects import fronted_objects
from .health import conditions
from .house_rules import house_rule
from .identity_rules import identity, possessions
from .others_rules import about_others, business
from .preference_rules import preferences
from .relationship_rules import relationships
from .routine_rules import events, routines
from .shift_work import shifts
from .skill_rules import skills
from .what_is_there import there_is
from .counts_done import count_done

FAMILIES = (business, identity, relationships, routines, shifts, preferences, skills, about_others, possessions, events, boundaries, conditions, occasion,
            house_rule, fronted_objects, there_is, count_done)
