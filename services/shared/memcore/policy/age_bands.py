"""What a household's age band changes (seed 001: under 8, 8-12, teen, adult), in one table.

The band sets the defaults of a new policy (what a household did not set itself) and two write
rules the household does not set:

- `pii_default`: the action for a PII type the policy does not name. An under-8's companion keeps
  no trace of a phone number or address at all (drop); older children's are redacted.
- `review_new_types`: memory types a child's own words put in the parent's review queue first.
  For the youngest, who they talk about (relationship) and who they are (identity) are a parent's
  to see before the companion learns them; from 8 on, nothing by default.
- `hold_age_sensitive`: age-sensitive content (violence, self-harm, adult themes) a child says is
  held for a parent; a teen's is stored, flagged, and (the read gate's rule for flagged memories)
  seen by the teen who said it and by parents, not by other children.
- `drop_profanity`: a child's profanity is not learned; a teen's is stored with its flag.

Adult households are untouched by all four. A policy stored before keeps what it stored: the band
changes defaults, never what a parent chose.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BandRules:
    pii_default: str
    review_new_types: tuple[str, ...]
    hold_age_sensitive: bool
    drop_profanity: bool


BANDS: dict[str, BandRules] = {
    "under_8": BandRules("drop", ("relationship", "identity"), hold_age_sensitive=True, drop_profanity=True),
    "8_12": BandRules("redact", (), hold_age_sensitive=True, drop_profanity=True),
    "13_17": BandRules("redact", (), hold_age_sensitive=False, drop_profanity=False),
    "adult": BandRules("redact", (), hold_age_sensitive=False, drop_profanity=False),
}


def rules_for(age_band: str) -> BandRules:
    return BANDS.get(age_band, BANDS["adult"])


def band_defaults(age_band: str, pii_types: tuple[str, ...]) -> dict:
    """The policy fields a band sets when the household leaves them out."""
    rules = rules_for(age_band)
    return {"pii_rules": {t: rules.pii_default for t in pii_types},
            "review_new_types": list(rules.review_new_types)}


CHILD_BANDS: tuple[str, ...] = ("under_8", "8_12", "13_17")
STRICTEST_BAND = "under_8"  # what a child stored without a band was given (migration 0022)


def child_band_missing(role: str | None, age_band: str | None) -> str | None:
    """Why a member cannot be a child with this band (a child always has one of CHILD_BANDS), if so."""
    if role == "child" and age_band not in CHILD_BANDS:
        return f"a child needs its age band ({', '.join(CHILD_BANDS)}); '{age_band or 'none'}' is not one"
    return None
