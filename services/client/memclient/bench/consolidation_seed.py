"""Set-based seeding of N episodic rows + their outbox events (bench and crash test load)."""

SEED_SQL = """
WITH src AS (
    SELECT g, gen_random_uuid() AS mid, ($1::uuid[])[1 + g % $3] AS owner FROM generate_series(0, $2 - 1) g
), ins AS (
    INSERT INTO memory_items (tenant_id, memory_id, owner_id, type, session_id, subject, predicate, value, text,
                              text_hash, search_text, tsv, doc_len, observed_at)
    SELECT current_setting('app.tenant_id')::uuid, mid, owner, 'episodic', 's' || (g / 25)::text,
           CASE WHEN g % 10 = 0 THEN 'child' END, CASE WHEN g % 10 = 0 THEN 'bedtime' END,
           CASE WHEN g % 10 = 0 THEN (g % 7)::text END, 'Event number ' || g || ' happened.', md5(g::text),
           'Event number ' || g, to_tsvector('english', 'Event number ' || g), 3,
           now() - make_interval(secs => $2 - g)
    FROM src RETURNING memory_id
)
INSERT INTO outbox (tenant_id, owner_id, event_type, aggregate_id, payload)
SELECT current_setting('app.tenant_id')::uuid, owner, 'memory.created', mid::text,
       jsonb_build_object('memory_id', mid, 'type', 'episodic', 'session_id', 's' || (g / 25)::text)
FROM src ORDER BY g
"""
