"""A person's title keys a name the same with or without its point ("Mrs. Okoro" and "Mrs Okoro").

`entities.norm_names` holds the normalised names an entity is found by (memcore.textnorm.norm_name).
The normal form now drops the point after a title before a name (Mr, Mrs, Ms, Mx, Dr, Prof, Fr, Rev,
Capt, Sgt), so that a knowledge card naming "Mrs Okoro" and the turn's record naming "Mrs. Okoro"
link to one person instead of two. This revision re-keys the names already stored the same way; two
entities that now share a key stay two rows (the merge proposals decide, as for any alike pair).
Downgrade is a no-op: the old keys are not needed by the old code to find the new ones' people by
their other names, and a point cannot be put back where it was not known to have been.

Revision ID: 0031
Revises: 0030
"""
from alembic import op

revision = "0031"
down_revision = "0030"
branch_labels = None
depends_on = None

# the same titles as memcore.textnorm.TITLES_WITH_POINTS; \m is the start of a word in Postgres' regexes
_TITLE_POINT = r"\m(mr|mrs|ms|mx|dr|prof|fr|rev|capt|sgt)\.(?=\s)"


def upgrade() -> None:
    op.execute(f"""UPDATE entities
                   SET norm_names = ARRAY(SELECT DISTINCT regexp_replace(n, '{_TITLE_POINT}', '\\1', 'g')
                                          FROM unnest(norm_names) n)
                   WHERE EXISTS (SELECT 1 FROM unnest(norm_names) n WHERE n ~ '{_TITLE_POINT}')""")


def downgrade() -> None:
    pass
