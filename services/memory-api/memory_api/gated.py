"""What the write gate hands out: the only thing the store's write functions accept.

`Gated` is the verdict on one item (its decision, its redacted fields, the text and type it was
checked as). A `GatedBatch` is the verdicts of one gate call, sealed: it can only be built with the
seal the write gate takes once, when it is imported (`write_gate._SEAL`, see `issue_seal`); built
any other way it raises `TypeError`. `store/memory_repo.insert_memories` and
`write_pipeline.commit_prepared` take a `GatedBatch`, and the insert refuses a row whose text and
type are not ones the batch lets through, so a reader of `store/` can see that nothing ungated is
written (mypy rejects an ungated call; tests/api/test_gate_types.py shows both).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Sequence, overload

from memcore.policy.contract import HouseholdPolicy, WriteDecision

KEPT = ("allow", "redact")  # decisions whose item is stored (drop: never; hold: the review queue)
_seal: object | None = None


def issue_seal() -> object:
    """The one seal that builds a `GatedBatch`: taken once, by the write gate at import. A second
    taker (anything but the gate) is refused, so a batch cannot be forged by asking for the seal."""
    global _seal
    if _seal is not None:
        raise RuntimeError("the write gate already holds the seal of GatedBatch")
    _seal = object()
    return _seal


class UngatedWrite(RuntimeError):
    """A row the write gate did not let through was about to be stored."""


def require_gated(gated: object, rows: Iterable[tuple[str, str]]) -> None:
    """Raises UngatedWrite unless `gated` is the gate's batch and lets every (text, type) through."""
    if not isinstance(gated, GatedBatch):
        raise UngatedWrite("memories are stored only from the write gate's GatedBatch")
    rows = list(rows)
    ungated = [r for r in rows if not gated.admits(*r)]
    if ungated:
        raise UngatedWrite(f"{len(ungated)} of {len(rows)} memories are not among what the write gate let through")


@dataclass
class Gated:
    """The verdict on one item: the text's decision merged with every field's (strongest outcome,
    all reasons, union of PII types and flags), the fields with every string redacted, and the text
    and type the item was checked as."""

    decision: WriteDecision
    fields: dict[str, Any]
    checked_text: str = ""
    checked_type: str | None = None

    @property
    def text(self) -> str | None:
        return self.decision.redacted_text

    @property
    def stored_text(self) -> str:
        """The text stored for a kept item: the redacted text, or the text itself when nothing was redacted."""
        return self.decision.redacted_text if self.decision.redacted_text is not None else self.checked_text

    @property
    def pii_types(self) -> list[str]:
        return sorted({p.type for p in self.decision.pii})


@dataclass(frozen=True, init=False)
class GatedBatch(Sequence[Gated]):
    """The verdicts of one gate call, in the order of its items, with the policy they applied."""

    verdicts: tuple[Gated, ...]
    policy: HouseholdPolicy
    _admitted: frozenset[tuple[str, str | None]] = field(repr=False)

    def __init__(self, verdicts: Sequence[Gated], policy: HouseholdPolicy, *, seal: object) -> None:
        if seal is None or seal is not _seal:
            raise TypeError("a GatedBatch is made only by the write gate (memory_api.write_gate.gate)")
        object.__setattr__(self, "verdicts", tuple(verdicts))
        object.__setattr__(self, "policy", policy)
        object.__setattr__(self, "_admitted", frozenset(
            (g.stored_text, g.checked_type) for g in self.verdicts if g.decision.decision in KEPT))

    def __len__(self) -> int:
        return len(self.verdicts)

    def __iter__(self) -> Iterator[Gated]:
        return iter(self.verdicts)

    @overload
    def __getitem__(self, index: int) -> Gated: ...

    @overload
    def __getitem__(self, index: slice) -> GatedBatch: ...

    def __getitem__(self, index: int | slice) -> Gated | GatedBatch:
        if isinstance(index, slice):  # part of a sealed batch is sealed too
            return GatedBatch(self.verdicts[index], self.policy, seal=_seal)
        return self.verdicts[index]

    @property
    def decisions(self) -> list[WriteDecision]:
        return [g.decision for g in self.verdicts]

    def admits(self, text: str, memory_type: str) -> bool:
        """Whether a memory of this text and type is one the gate let through in this batch."""
        return (text, memory_type) in self._admitted

    def covers(self, items: Sequence[tuple[str, str | None]]) -> bool:
        """Whether the batch holds the verdicts of exactly these (text, type) items, in order."""
        return [(g.checked_text, g.checked_type) for g in self.verdicts] == list(items)
