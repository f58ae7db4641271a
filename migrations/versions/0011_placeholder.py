"""Placeholder (filled in by the work that owns it).

Revision ID: 0011
Revises: 0010
"""
revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
