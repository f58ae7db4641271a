"""The project's one stemmer (memcore.stemming) stems as the database's BM25 does: for every word of
a list of tricky English forms and the 20,000 most frequent English words, Python's stem equals
Postgres' `ts_lexize('english_stem', word)` (stop words, which Postgres drops, aside)."""
import psycopg
from wordfreq import top_n_list

from memcore.stemming import stem

TRICKY = """family families class classes dress dresses kiss kisses glass glasses bus buses box boxes
pony ponies movie movies story stories spider spiders baby babies city cities toy toys day days
bake baked baking bakes stop stopped stopping hop hoped hopping run running swim swimming
generate generic general generous communism communal community arsenal past universe universal later
emergency organ organise organisation skis skies dying lying tying idly gently ugly early only singly
sky news howe atlas cosmos bias andes inning outing canning herring earring proceed exceed succeed
happily happiness relational conditional rational valenci hesitanci digitizer conformabli radicalli
differentli vileli analogousli vietnamization predication operator feudalism decisiveness hopefulness
callousness formaliti sensitiviti sensibiliti triplicate formative formalize electriciti electrical
hopeful goodness revival allowance inference airliner gyroscopic adjustable defensible irritant
replacement adjustment dependent adoption homologou communism activate angulariti homologous effective
bowdlerize dinosaur dinosaurs triceratops stegosaurus horse horses pepper sweetcorn peas spider
grandmother grandmothers teacher teachers manager managers swimming lessons violin piano football
allergic allergy allergies peanut peanuts birthday birthdays holiday holidays added adding adds ebbed
ebbing egged egging erred erring offed offing evening organic organise university geologist lateral paste""".split()


def test_python_stems_every_word_as_postgres_english_stem(stack_env):
    words = sorted({w for w in TRICKY + top_n_list("en", 20000) if w.isascii() and w.isalpha()})
    with psycopg.connect(stack_env["DATABASE_URL"]) as conn:
        rows = conn.execute("SELECT w, ts_lexize('english_stem', w) FROM unnest(%s::text[]) AS w", (words,)).fetchall()
    postgres = {w: lexemes[0] for w, lexemes in rows if lexemes}  # an empty array: a stop word
    assert len(postgres) > 18000
    differ = {w: (stem(w), pg) for w, pg in postgres.items() if stem(w) != pg}
    assert not differ, differ


def test_singular_and_plural_meet_where_the_old_stemmers_kept_them_apart(stack_env):
    pairs = [("family", "families"), ("class", "classes"), ("dress", "dresses"), ("kiss", "kisses")]
    with psycopg.connect(stack_env["DATABASE_URL"]) as conn:
        for one, many in pairs:
            assert stem(one) == stem(many), (one, many)
            vector = conn.execute("SELECT to_tsvector('english', %s)::text", (many,)).fetchone()[0]
            assert vector == f"'{stem(one)}':1"
