"""Entity logic without I/O: living profiles, write-time matching, disambiguation by context,
conversation tracking and relation queries (seed 000)."""
