"""Assistant chats: the second retrieval benchmark (issue 17; spec in docs/assistant-chats-spec.md).

Users tell their assistant about themselves in the first person, in several styles (plain,
texting, inside a request, spread over two turns, with a pronoun), between unrelated requests and
small talk, over six sessions; later they ask what they said. It is reported and never tuned on.

    from memclient.bench import assistant_chats
    result = assistant_chats.run(api_url, admin_token, Path("results/assistant-chats.json"))
    assistant_chats.print_result(result)
"""
from __future__ import annotations

import random
import re
import time
from collections import defaultdict
from datetime import datetime, timedelta, timezone
from pathlib import Path
from statistics import mean

from tqdm import tqdm

from ..client import MemoryClient, create_tenant
from . import assistant_chats_facts as facts
from .metrics import ndcg_at, recall_at, summary_ms, write_result

SEED = 2026
USERS = 24
SESSIONS = 6
MODES = ("bm25", "vector", "rrf", "full")
QUESTION_KINDS = ("direct", "paraphrase", "temporal", "multi-hop", "update")

REQUESTS = ["Can you give me a quick pancake recipe?", "What's a good word for 'very tired'?",
            "Help me word an email declining a meeting.", "How many grams are in a cup of flour?",
            "Can you explain what an index fund is?", "Write me a short poem about Mondays.",
            "What's the difference between affect and effect?", "Suggest a film for a rainy evening.",
            "How do I get red wine out of a carpet?", "Can you summarise the plot of Hamlet in two lines?",
            "What time zone is Chicago in?", "Give me three ideas for a team quiz round.",
            "How long should I boil an egg for a runny yolk?", "What's a polite way to chase an unpaid invoice?",
            "Can you convert 72 Fahrenheit to Celsius?", "Recommend a podcast about history.",
            "How do I make my houseplants stop drooping?", "What's a good stretch for a stiff neck?"]
SMALL_TALK = ["Morning!", "Right, back again.", "Thanks, that's really helpful.", "Ha, fair enough.",
              "Busy day today.", "ok cool", "That's all for now, thanks.", "Hmm, let me think about that.",
              "Sorry, got distracted.", "Nice one."]
REPLIES = ["That sounds lovely! How's it going so far?", "Good to know, I'll keep that in mind.",
           "Oh, exciting! Tell me more whenever you like.", "Got it. Anything else I can help with?",
           "Here you go. Let me know if you'd like any changes.", "Happy to help. Shall I go on?",
           "Of course. Here's a simple version to start with.", "Noted! What would you like to do next?",
           "That makes sense. Is there anything you'd like me to plan around it?",
           "Sure thing, here are a few options to consider."]

_WORD = re.compile(r"[a-z0-9]+")
_STOP = frozenset("""a an the i i'm im me my we we're our you your it it's its is are was were be been am do does did
    to of in on at for with and or but so if as by from up now then than that this these those what what's whats when
    where which who whos who's how why can could would should will shall there here about again tell told say said
    any anything some just really very too not no lol btw""".split())


def stems(text: str) -> set[str]:
    """Content word stems (crude: lower case, stopwords out, common endings cut)."""
    out = set()
    for w in _WORD.findall(text.lower().replace("'", "")):
        if w in _STOP:
            continue
        for end in ("ing", "ed", "es", "s"):
            if len(w) > len(end) + 2 and w.endswith(end):
                w = w[: -len(end)]
                break
        out.add(w)
    return out


def _answered(rng: random.Random, said: tuple[str, ...], tag: str) -> list[tuple]:
    """The user's turn or turns, each followed by an assistant reply that repeats nothing."""
    return [turn for text in said for turn in (("user", text, tag), ("assistant", rng.choice(REPLIES), None))]


def user(rng: random.Random, uid: int) -> dict:
    """One user's sessions (turns with uids) and questions (with gold turn uids)."""
    sessions: list[list[list[tuple]]] = [[] for _ in range(SESSIONS)]  # blocks of (speaker, text, fact tag)
    pending: list[tuple[str, list[str], list[str], str]] = []  # (kind, phrasings, gold tags, style)
    used: set[str] = set()
    chosen = rng.sample(facts.BUILDERS, 6)
    built = [b(rng) for b in chosen]
    rel_fact, _ = facts.relative(rng, used)
    built.append(rel_fact)
    styles: dict[str, int] = defaultdict(int)
    for n, fact in enumerate(built):
        style = rng.choice(facts.STYLES)
        styles[style] += 1
        tag = f"f{n}"
        block = _answered(rng, fact.statements[style], tag)
        sessions[rng.randrange(SESSIONS)].append(block)
        for kind, qs in fact.questions.items():
            pending.append((kind, qs, [tag], style))
    # a relative named in one session, their city said with the name alone in a later one
    first, second, hop_qs = facts.relative_two_sessions(rng, used)
    a = rng.randrange(SESSIONS - 1)
    sessions[a].append(_answered(rng, (first,), "hop1"))
    sessions[rng.randrange(a + 1, SESSIONS)].append(_answered(rng, (second,), "hop2"))
    pending.append(("multi-hop", hop_qs, ["hop1", "hop2"], "plain"))
    # where they live, then a move two or more sessions later
    home, update, update_qs = facts.move(rng)
    style = rng.choice(facts.STYLES)
    early = rng.randrange(SESSIONS - 2)
    sessions[early].append(_answered(rng, home.statements[style], "home"))
    sessions[rng.randrange(early + 2, SESSIONS)].append(_answered(rng, (update,), "moved"))
    pending.append(("update", update_qs, ["moved"], "plain"))
    # fillers: requests and small talk, each answered, until every session has 12-24 turns
    pool: list[str] = []  # each filler once before any repeats
    for blocks in sessions:
        want = rng.randint(12, 24)
        while sum(len(b) for b in blocks) < want:
            if not pool:
                pool = rng.sample(REQUESTS + SMALL_TALK, len(REQUESTS) + len(SMALL_TALK))
            text = pool.pop()
            blocks.insert(rng.randrange(len(blocks) + 1), [("user", text, None), ("assistant", rng.choice(REPLIES), None)])
    turns, by_tag = [], defaultdict(list)
    start = datetime(2025, 1, 6, 8, 0, tzinfo=timezone.utc) + timedelta(hours=uid * 7)
    for s, blocks in enumerate(sessions):
        at = start + timedelta(days=26 * s + rng.randint(0, 4))
        n = 0
        for block in blocks:
            for speaker, text, tag in block:
                t = {"uid": f"u{uid}-s{s}-t{n}", "session": s, "speaker": speaker, "text": text,
                     "at": (at + timedelta(minutes=n)).isoformat()}
                turns.append(t)
                if tag:
                    by_tag[tag].append(t)
                n += 1
    questions = []
    for kind, qs, tags, style in pending:
        gold = [t for tag in tags for t in by_tag[tag]]
        question = rng.choice(qs)
        if kind in ("direct", "paraphrase"):  # by what it shares with what was said, not by intent
            kind = "direct" if stems(question) & set().union(*(stems(t["text"]) for t in gold)) else "paraphrase"
        questions.append({"user": uid, "kind": kind, "style": style, "question": question,
                          "gold": [t["uid"] for t in gold]})
    return {"id": uid, "turns": turns, "questions": questions, "styles": dict(styles)}


def generate(users: int = USERS, seed: int = SEED) -> list[dict]:
    rng = random.Random(seed)
    return [user(rng, i) for i in range(users)]


def _scores(rows: list[dict], key: str) -> dict:
    groups: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        groups[r[key]].append(r)
    return {g: {"n": len(rs), **{m: round(mean(r[m] for r in rs), 4) for m in ("r5", "r10", "ndcg10")}}
            for g, rs in sorted(groups.items())}


def run(api_url: str, admin_token: str, out: Path | None = None, users: int = USERS, seed: int = SEED) -> dict:
    started = time.perf_counter()
    data = generate(users, seed)
    clients = []
    for u in data:
        tenant = create_tenant(api_url, admin_token, f"assistant-chats-{u['id']}", [("me", "user")])
        clients.append(MemoryClient(api_url, tenant["users"][0]["token"], timeout=120))
    with tqdm(total=sum(len(u["turns"]) for u in data), desc=f"ingest {users} users", unit="turn") as bar:
        for client, u in zip(clients, data):
            for t in u["turns"]:
                client.add_turn(f"u{u['id']}-s{t['session']}", t["speaker"], t["text"], at=t["at"], origin_ref=t["uid"])
                bar.update(1)
    rows: dict[str, list[dict]] = {m: [] for m in MODES}
    full_ms: list[float] = []
    with tqdm(total=sum(len(u["questions"]) for u in data), desc="questions", unit="q") as bar:
        for client, u in zip(clients, data):
            for q in u["questions"]:
                gold = set(q["gold"])
                for mode in MODES:
                    t0 = time.perf_counter()
                    body = client._call("POST", "/v1/memory/retrieve",
                                        json={"query": q["question"], "k": 10, "mode": mode, "filters": {"types": None}})
                    if mode == "full":
                        full_ms.append((time.perf_counter() - t0) * 1000)
                    ranked = [i["memory"]["origin_ref"] or "" for i in body["items"] if i["memory"]["type"] != "summary"]
                    rows[mode].append({"kind": q["kind"], "style": q["style"], "r5": recall_at(ranked, gold, 5),
                                       "r10": recall_at(ranked, gold, 10), "ndcg10": ndcg_at(ranked, gold, 10)})
                bar.update(1)
    for c in clients:
        c.close()
    result = {
        "benchmark": "assistant-chats", "seed": seed, "users": len(data),
        "turns": sum(len(u["turns"]) for u in data), "questions": len(rows["full"]),
        "modes": {m: {"all": _scores([{**r, "all": "all"} for r in rs], "all")["all"],
                      "by_kind": _scores(rs, "kind"), "by_style": _scores(rs, "style")} for m, rs in rows.items()},
        "retrieve_ms_full": summary_ms(full_ms),
        "seconds": round(time.perf_counter() - started, 1),
    }
    write_result(out, result)
    return result


def print_result(result: dict) -> None:
    print(f"assistant-chats: {result['users']} users, {result['turns']} turns, {result['questions']} questions")
    for mode, m in result["modes"].items():
        print(f"  {mode:6} R@10 {m['all']['r10']}  R@5 {m['all']['r5']}  nDCG@10 {m['all']['ndcg10']}")
    full = result["modes"]["full"]
    for group in ("by_kind", "by_style"):
        print("  full " + group.replace("_", " ") + ": " +
              ", ".join(f"{k} {v['r10']} (n {v['n']})" for k, v in full[group].items()))
    print(f"  retrieve full (ms): {result['retrieve_ms_full']}")
