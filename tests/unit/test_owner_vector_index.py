"""The rule for which owners get a vector index of their own."""
import uuid

from memcore.retrieval.owner_vector_index import index_name, owner_of, plan

A, B, C, D = (uuid.UUID(int=i) for i in (1, 2, 3, 4))


def test_the_name_holds_the_owner_and_fits_postgres():
    owner = uuid.uuid4()
    name = index_name(owner)
    assert len(name) <= 63 and owner_of(name) == owner
    assert owner_of("memory_items_embedding") is None
    assert owner_of("memory_items_embedding_owner_not-hex") is None


def test_large_owners_with_a_small_share_are_indexed_largest_first():
    rows = {A: 60_000, B: 120_000, C: 49_999, D: 770_000}
    chosen = plan(rows, set(), min_rows=50_000, max_builds=5)
    # D holds 77% of the table: the table's own index already serves it; C is below the line
    assert chosen.build == [B, A] and chosen.drop == []


def test_builds_per_run_are_bounded_and_the_rest_wait_for_the_next_run():
    rows = {A: 60_000, B: 120_000, C: 90_000, D: 800_000}
    first = plan(rows, set(), min_rows=50_000, max_builds=2)
    assert first.build == [B, C]
    assert plan(rows, set(first.build), min_rows=50_000, max_builds=2).build == [A]


def test_an_owner_keeps_its_index_until_it_falls_below_half_the_line():
    indexed = {A, B, C}
    chosen = plan({A: 30_000, B: 24_999, D: 900_000}, indexed, min_rows=50_000)
    assert chosen.drop == sorted([B, C])  # C has no rows left (deleted, forgotten)
    assert A not in chosen.build and A not in chosen.drop


def test_the_share_is_of_the_whole_table_when_only_some_owners_are_counted():
    # one tenant's owners counted (memctl owner-indexes --tenant): A alone would be 100% of them
    assert plan({A: 100_000}, set(), min_rows=50_000).build == []
    assert plan({A: 100_000}, set(), table_rows=1_000_000, min_rows=50_000).build == [A]


def test_zero_turns_the_feature_off_and_drops_every_index():
    chosen = plan({A: 500_000, B: 500_000}, {A}, min_rows=0)
    assert chosen.build == [] and chosen.drop == [A]
