"""A learned tagger of values over the parse (issue 35, helper tag45): does a per-token tagger, trained on
the tuning halves' labels, find the values the rule readers miss, cleanly enough to add cards?

The bar was set before the work: at a confidence threshold chosen on the leave-one-set-out curve, the added
cards hold a fact the rules missed at least 60% of the time, at least 60 such facts pooled, and knowledge
from no-knowledge turns does not rise. It did not pass (at best 17% of the added cards held a new fact, never more
than 15 new facts pooled): the figures and why are in docs/knowledge.md (2026-12-07, worktree tag45).

Subcommands (tuning halves only: the dev halves of formation-dev..dev12, the calibration half of
three-voices; a check or test half is never read):
  build  every owner turn read as `reading.learn` reads it (its reading, the rule cards, the parse of the
         reading) and each labelled fact aligned to the token span whose Snowball stems
         (formation_scoring.terms) cover one of its value alternatives, tagged BIO with the fact's type;
         written to a pickle (--cache) with the count of facts that could not be aligned.
  loso   leave-one-set-out over the 13 halves: train on 12, tag the 13th, make cards of the tagged spans
         that no rule card already holds, pool; the curve over a confidence threshold (new facts held by an
         added card of an acceptable type, added cards holding no new fact, knowledge from no-knowledge turns).
  curve  the curve again from a LOSO run's saved cards (--tag names the run).
  train  train on all 13 halves and write the weights (--out), pruned; reports the per-turn cost.

  .venv/bin/python tools/research/value_tagger.py build
  .venv/bin/python tools/research/value_tagger.py loso [--epochs 6] [--show 40]
  .venv/bin/python tools/research/value_tagger.py train --out /tmp/value_tagger.json

The tagger is an averaged perceptron, greedy left to right with the previous tag as a feature, over
features of the spaCy parse (shape, lower, lemma, POS, tag, dep, head, the clause's root and subject,
negation and modal in the clause, position, neighbours, whether a rule card already holds the token).
A span's confidence is the smallest margin (best class score minus the runner-up) over its tokens.
"""
from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
import time
from collections import Counter, defaultdict
from datetime import datetime, timedelta, timezone
from pathlib import Path

from memclient.bench.formation_scoring import Fact, Memory, holds, score_conversation, terms
from memcore.knowledge.parse import parse
from memcore.knowledge.reading import as_read, learn
from memcore.retrieval.document_text import render_turn

DATA = Path(__file__).resolve().parents[2] / "services" / "client" / "memclient" / "bench" / "data"
SETS = ("dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "dev8", "dev9", "dev10", "dev11", "dev12",
        "three-voices")
TUNING = ("dev", "calibration")  # the only halves this tool opens
START = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)
FIRST = frozenset("i me my mine myself".split())
WE = frozenset("we us our ours ourselves".split())
CACHE = Path("/tmp/value_tagger_build.pkl")


def _file(name: str) -> Path:
    return DATA / ("three-voices.jsonl" if name == "three-voices" else f"formation-{name}.jsonl")


def _conversations(name: str) -> dict[str, list[dict]]:
    convs: dict[str, list[dict]] = defaultdict(list)
    for line in _file(name).read_text().splitlines():
        turn = json.loads(line)
        if turn["half"] in TUNING:  # never a check or test half
            convs[turn["conversation"]].append(turn)
    return convs


# ---------------------------------------------------------------- build: read, parse, align

def _stems(tok_text: str) -> set[str]:
    return set(terms(tok_text))


def _align(toks: list[tuple], values: tuple[str, ...]) -> tuple[int, int] | None:
    """The shortest token window whose stems cover every content stem of one value alternative."""
    stems = [_stems(t[1]) for t in toks]
    best: tuple[int, int] | None = None
    for v in values:
        need = set(terms(v))
        if not need:
            continue
        for i in range(len(toks)):
            if not stems[i] & need:
                continue
            have: set[str] = set()
            for j in range(i, min(len(toks), i + 25)):
                have |= stems[j] & need
                if have == need:
                    if best is None or j - i < best[1] - best[0]:
                        best = (i, j)
                    break
    return best


def build(args: argparse.Namespace) -> None:
    turns_out: list[dict] = []
    unaligned = Counter()
    aligned = Counter()
    t0 = time.time()
    for name in SETS:
        convs = _conversations(name)
        for conv, turns in convs.items():
            owner, org, lines = turns[0]["owner"], turns[0]["org"], []
            known = None
            for t in turns:
                if t["speaker_role"] == "owner":
                    prev = lines[-2:]
                    at = START + timedelta(minutes=t["seq"])
                    t1 = time.perf_counter()
                    facts = learn(t["text"], None, at=at, owner=owner, role="owner", speaker=t["speaker"],
                                  speaker_org=known if org else None, previous=prev, account_org=org)
                    learn_ms = (time.perf_counter() - t1) * 1000
                    reading = as_read(t["text"], prev, t["speaker"], team=org is not None)
                    sent = (parse([reading]) or [()])[0]
                    toks = [tuple(x) for x in sent]
                    labels = t.get("facts", [])
                    spans = []
                    for f in labels:
                        values = tuple(f["value"] if isinstance(f["value"], list) else [f["value"]])
                        span = _align(toks, values)
                        (aligned if span else unaligned)[name] += 1
                        spans.append(span)
                    turns_out.append({
                        "set": name, "conv": conv, "seq": t["seq"], "kind": t["kind"], "owner": owner, "org": org,
                        "text": t["text"], "reading": reading, "toks": toks, "labels": labels, "spans": spans,
                        "rules": [f.__dict__ for f in facts], "learn_ms": learn_ms})
                    for f in facts:
                        if f.subject == owner and f.predicate in ("organisation", "works_for", "runs"):
                            known = f.value
                lines.append(render_turn(t["text"], t["speaker"], None))
        print(f"  {name}: {sum(1 for x in turns_out if x['set'] == name)} owner turns, aligned {aligned[name]}, "
              f"unaligned {unaligned[name]}  ({time.time() - t0:.0f} s)", file=sys.stderr, flush=True)
    # every turn of each conversation, for the scorer (kinds of the assistant's turns too)
    allturns: dict[str, list[dict]] = {}
    for name in SETS:
        for conv, turns in _conversations(name).items():
            allturns[conv] = [{"seq": t["seq"], "kind": t["kind"], "facts": t.get("facts", [])} for t in turns]
    args.cache.write_bytes(pickle.dumps({"turns": turns_out, "all": allturns}))
    print(f"facts aligned {sum(aligned.values())}, unaligned {sum(unaligned.values())}; wrote {args.cache}")


# ---------------------------------------------------------------- features

def _shape(text: str) -> str:
    out = []
    for c in text[:6]:
        s = "X" if c.isupper() else "x" if c.islower() else "d" if c.isdigit() else c
        if not out or out[-1] != s:
            out.append(s)
    return "".join(out)


def _clause_head(toks: list[tuple], i: int) -> int:
    """The verb (or root) of the clause the token is in: up the heads to a token with a subject or a root."""
    kids = _children(toks)
    seen = 0
    while seen < 40:
        seen += 1
        t = toks[i]
        if any(toks[k][6] in ("nsubj", "nsubjpass", "expl") for k in kids[i]) or t[7] == i:
            return i
        if t[6] in ("ccomp", "advcl", "relcl", "xcomp", "acl") and t[4] in ("VERB", "AUX"):
            return i
        i = t[7]
    return i


_KIDS: dict[int, list[list[int]]] = {}


def _children(toks: list[tuple]) -> list[list[int]]:
    key = id(toks)
    got = _KIDS.get(key)
    if got is None or len(got) != len(toks):
        got = [[] for _ in toks]
        for t in toks:
            if t[7] != t[0]:
                got[t[7]].append(t[0])
        _KIDS.clear()
        _KIDS[key] = got
    return got


def _subject_of(toks: list[tuple], head: int) -> int | None:
    for k in _children(toks)[head]:
        if toks[k][6] in ("nsubj", "nsubjpass"):
            return k
    return None


def _subject_kind(toks: list[tuple], s: int | None) -> str:
    if s is None:
        return "none"
    t = toks[s]
    if t[2] in FIRST:
        return "first"
    if t[2] in WE:
        return "we"
    if t[2] in ("you", "your"):
        return "you"
    if t[4] == "PROPN":
        return "name"
    if any(toks[k][2] in FIRST | WE for k in _children(toks)[s] if toks[k][6] == "poss"):
        return "my-noun"
    if t[4] == "PRON":
        return "pron"
    return "noun"


def token_features(toks: list[tuple], held: set[str]) -> list[list[str]]:
    """Per token, its feature strings (the previous tag is added while decoding)."""
    kids = _children(toks)
    n = len(toks)
    sent_end = ["" for _ in toks]
    last = ""
    for t in reversed(toks):  # the punctuation that ends the token's sentence
        if t[1] in ("?", "!", "."):
            last = t[1]
        sent_end[t[0]] = last
    out = []
    for t in toks:
        i, text, lower, lemma, pos, tag, dep, head = t[:8]
        h = toks[head]
        c = _clause_head(toks, i)
        ct = toks[c]
        subj = _subject_of(toks, c)
        neg = any(toks[k][6] == "neg" for k in kids[c])
        modal = next((toks[k][2] for k in kids[c] if toks[k][5] == "MD"), "")
        st = _stems(text)
        f = [
            "b", f"w={lower}", f"l={lemma}", f"p={pos}", f"t={tag}", f"d={dep}", f"sh={_shape(text)}",
            f"suf={lower[-3:]}", f"hl={h[3]}", f"hp={h[4]}", f"hd={h[6]}", f"d|hp={dep}|{h[4]}",
            f"d|hl={dep}|{h[3]}", f"cl={ct[3]}", f"cp={ct[4]}", f"cd={ct[6]}", f"subj={_subject_kind(toks, subj)}",
            f"subj|cl={_subject_kind(toks, subj)}|{ct[3]}", f"neg={neg}", f"md={modal}", f"end={sent_end[i]}",
            f"pos0={min(i, 5)}", f"first_in={i == 0}", f"held={bool(st & held) if st else 'stop'}",
            f"held|p={bool(st & held) if st else 'stop'}|{pos}", f"stop={not st}",
            f"isroot={c == i}", f"nkids={min(len(kids[i]), 3)}",
        ]
        for off in (-2, -1, 1, 2):
            j = i + off
            if 0 <= j < n:
                f.append(f"l{off}={toks[j][3]}")
                f.append(f"p{off}={toks[j][4]}")
            else:
                f.append(f"l{off}=<>")
        f.append(f"p-1|p={toks[i - 1][4] if i else '<>'}|{pos}")
        out.append(f)
    return out


# ---------------------------------------------------------------- averaged perceptron

class Perceptron:
    def __init__(self, classes: list[str]) -> None:
        self.classes = classes
        self.w: dict[str, dict[str, float]] = {}
        self._tot: dict[tuple[str, str], float] = defaultdict(float)
        self._ts: dict[tuple[str, str], int] = defaultdict(int)
        self.i = 0

    def scores(self, feats: list[str]) -> dict[str, float]:
        s = dict.fromkeys(self.classes, 0.0)
        for f in feats:
            ws = self.w.get(f)
            if ws:
                for c, v in ws.items():
                    s[c] += v
        return s

    def update(self, truth: str, guess: str, feats: list[str]) -> None:
        self.i += 1
        if truth == guess:
            return
        for f in feats:
            ws = self.w.setdefault(f, {})
            for c, d in ((truth, 1.0), (guess, -1.0)):
                k = (f, c)
                v = ws.get(c, 0.0)
                self._tot[k] += (self.i - self._ts[k]) * v
                self._ts[k] = self.i
                ws[c] = v + d

    def average(self) -> None:
        for f, ws in self.w.items():
            for c, v in list(ws.items()):
                k = (f, c)
                tot = self._tot[k] + (self.i - self._ts[k]) * v
                avg = round(tot / max(self.i, 1), 3)
                if avg:
                    ws[c] = avg
                else:
                    del ws[c]
        self.w = {f: ws for f, ws in self.w.items() if ws}


def _allowed(prev: str, c: str) -> bool:
    return not c.startswith("I-") or prev[2:] == c[2:] and prev != "O"


def decode(model: Perceptron, feats: list[list[str]]) -> list[tuple[str, float]]:
    prev = "O"
    out = []
    for f in feats:
        s = model.scores(f + [f"prev={prev}", f"prev={prev}|{f[4]}"])
        ranked = sorted(((v, c) for c, v in s.items() if _allowed(prev, c)), reverse=True)
        best = ranked[0]
        margin = best[0] - (ranked[1][0] if len(ranked) > 1 else 0.0)
        out.append((best[1], margin))
        prev = best[1]
    return out


MISSED = [False]  # --missed: the targets are only the facts the rules missed (learn what the rules miss)


def gold_tags(turn: dict) -> list[str]:
    tags = ["O"] * len(turn["toks"])
    order = sorted((s[1] - s[0], n) for n, s in enumerate(turn["spans"]) if s and not (MISSED[0] and turn["found"][n]))
    for _, n in order:
        a, b = turn["spans"][n]
        if any(tags[k] != "O" for k in range(a, b + 1)):
            continue
        typ = turn["labels"][n]["type"]
        tags[a] = f"B-{typ}"
        for k in range(a + 1, b + 1):
            tags[k] = f"I-{typ}"
    return tags


def held_stems(turn: dict) -> set[str]:
    out: set[str] = set()
    for f in turn["rules"]:
        out |= set(terms(" ".join((f["subject"], f["value"], f["text"]))))
    return out


TYPES = ("episodic", "identity", "preference", "process", "relationship", "routine", "safety", "semantic", "skill")


HELD = [True]  # --no-held: leave out whether a rule card holds the token (the tagger then does not learn the rules)


def featurise(turn: dict) -> list[list[str]]:
    if "_feats" not in turn:
        feats = token_features(turn["toks"], held_stems(turn))
        turn["_feats"] = feats if HELD[0] else [[f for f in x if not f.startswith("held")] for x in feats]
    return turn["_feats"]


def train(turns: list[dict], epochs: int, seed: int = 7) -> Perceptron:
    classes = ["O"] + [f"{p}-{x}" for x in TYPES for p in ("B", "I")]
    model = Perceptron(classes)
    data = [(featurise(t), gold_tags(t)) for t in turns if t["toks"]]
    rng = random.Random(seed)
    for ep in range(epochs):
        rng.shuffle(data)
        wrong = total = 0
        for feats, gold in data:
            prev = "O"
            for f, g in zip(feats, gold):
                full = f + [f"prev={prev}", f"prev={prev}|{f[4]}"]
                s = model.scores(full)
                guess = max(((v, c) for c, v in s.items() if _allowed(prev, c)))[1]
                model.update(g, guess, full)
                wrong += guess != g
                total += 1
                prev = g  # teacher forcing: the true previous tag
        print(f"    epoch {ep + 1}: token errors {wrong}/{total}", file=sys.stderr, flush=True)
    model.average()
    return model


# ---------------------------------------------------------------- spans to cards

def spans_of(tags: list[tuple[str, float]]) -> list[tuple[int, int, str, float]]:
    out = []
    i = 0
    while i < len(tags):
        c, m = tags[i]
        if c.startswith("B-"):
            j, conf = i, m
            while j + 1 < len(tags) and tags[j + 1][0] == f"I-{c[2:]}":
                j += 1
                conf = min(conf, tags[j][1])
            out.append((i, j, c[2:], conf))
            i = j + 1
        else:
            i += 1
    return out


def _name(toks: list[tuple], k: int) -> str:
    kids = _children(toks)
    parts = sorted([x for x in kids[k] if toks[x][6] == "compound" and toks[x][4] == "PROPN"] + [k])
    return " ".join(toks[x][1] for x in parts)


def card_of(turn: dict, a: int, b: int, typ: str) -> dict | None:
    """A card of a tagged span: its clause's subject, the words that govern it, the span."""
    toks = turn["toks"]
    owner, org = turn["owner"], turn["org"]
    inside = set(range(a, b + 1))
    head = next((k for k in inside if toks[k][7] not in inside or toks[k][7] == k), a)
    c = _clause_head(toks, head)
    s = _subject_of(toks, c)
    subject = owner
    if s is not None:
        st = toks[s]
        if st[2] in WE and org:
            subject = org
        elif st[4] == "PROPN":
            subject = _name(toks, s)
        elif st[2] in FIRST or st[2] in WE:
            subject = owner
        elif st[2] in ("you", "your") or st[4] == "PRON":  # the assistant, or a "she" the span does not resolve
            return None
        else:  # "my sister": the subject a rule card of the turn gave the noun, else the owner
            subject = next((r["subject"] for r in turn["rules"] if st[1].lower() in r["text"].lower()
                            and r["subject"] != owner), owner)
    # the chain from the clause's verb down to the span's head, kept tight
    chain = []
    k = head
    for _ in range(12):
        if k == c or toks[k][7] == k:
            break
        k = toks[k][7]
        if k not in inside:
            chain.append(k)
    neg = [k for k in _children(toks)[c] if toks[k][6] == "neg"]
    words = sorted(set(chain) | set(neg) | ({c} if c not in inside else set()))
    governing = " ".join(toks[k][1] for k in words if k < a or k > b)
    value = "".join(toks[k][1] + toks[k][8] for k in range(a, b + 1)).strip()
    text = " ".join(x for x in (subject, governing, value) if x)
    return {"subject": subject, "predicate": "noted", "value": value, "type": typ, "certainty": 0.7, "text": text}


def added_cards(model: Perceptron, turn: dict) -> list[tuple[dict, float]]:
    """The cards the tagger adds to a turn, with their confidences: none on a turn the rules gave nothing."""
    if not turn["rules"] or not turn["toks"]:
        return []
    rule_terms = [set(terms(" ".join((f["subject"], f["value"], f["text"])))) for f in turn["rules"]]
    tags = decode(model, featurise(turn))
    out = []
    for a, b, typ, conf in spans_of(tags):
        value = " ".join(turn["toks"][k][1] for k in range(a, b + 1))
        need = set(terms(value))
        if not need or any(need <= r for r in rule_terms):
            continue
        card = card_of(turn, a, b, typ)
        if card:
            out.append((card, conf))
    return out


# ---------------------------------------------------------------- measure

def _memories(turn: dict, facts: list[dict], tag: str) -> list[Memory]:
    return [Memory(id=f"{turn['conv']}-{turn['seq']}-{tag}{n}", type=f["type"], text=f["text"], subject=f["subject"],
                   predicate=f["predicate"], value=f["value"], confidence=f["certainty"], seqs=(turn["seq"],))
            for n, f in enumerate(facts)]


def measure(turns: list[dict], allturns: dict, added: dict[tuple[str, int], list[tuple[dict, float]]],
            threshold: float, show: int = 0) -> dict:
    by_conv: dict[str, list[dict]] = defaultdict(list)
    for t in turns:
        by_conv[t["conv"]].append(t)
    new = added_n = added_new = added_none = nk_before = nk_after = 0
    shown = 0
    for conv, ts in by_conv.items():
        owner, org = ts[0]["owner"], ts[0]["org"]
        base = [m for t in ts for m in _memories(t, t["rules"], "r")]
        extra = [m for t in ts for m in _memories(t, [c for c, conf in added.get((conv, t["seq"]), []) if conf >= threshold], "x")]
        if not extra:  # nothing added: nothing changes
            continue
        s0 = score_conversation(allturns[conv], base, owner, org)
        s1 = score_conversation(allturns[conv], base + extra, owner, org)
        was = {(r["seq"], r["predicate"], r["value"]) for r in s0["facts"] if r["found"]}
        gained = [r for r in s1["facts"] if r["found"] and (r["seq"], r["predicate"], r["value"]) not in was]
        new += len(gained)
        nk_before += sum(s0["from_no_knowledge_turns"].values())
        nk_after += sum(s1["from_no_knowledge_turns"].values())
        # an added card holds a new fact when, alone beside the rules, it makes one found
        labels = {t["seq"]: [Fact.from_label(f) for f in t["facts"]] for t in allturns[conv]}
        rows = {m["id"]: m for m in s1["memories"]}
        kinds = {t["seq"]: t["kind"] for t in allturns[conv]}
        for m in extra:
            added_n += 1
            seq = m.seqs[0]
            sibs = labels.get(seq, [])
            hit = kinds[seq] == "knowledge" and any(
                holds(m, f, sibs) and m.type in f.types_ok and (seq, f.predicate, f.values[0]) not in was for f in sibs)
            added_new += hit
            added_none += not rows[m.id]["correct"]
            if show and shown < show:
                shown += 1
                txt = next(t["text"] for t in ts if t["seq"] == seq)
                print(f"  {'NEW ' if hit else ('old ' if rows[m.id]['correct'] else 'BAD ')}[{kinds[seq]}] {m.type} "
                      f"{m.subject} | {m.value} || {m.text}    <- {txt[:110]}")
    return {"threshold": threshold, "added": added_n, "added_new": added_new, "added_no_fact": added_none,
            "new_facts": new, "share_new": round(added_new / added_n, 3) if added_n else None,
            "no_knowledge_rise": nk_after - nk_before}


def _load(args: argparse.Namespace) -> dict:
    """The build, each turn's labels marked with whether the rule cards alone find them."""
    data = pickle.loads(args.cache.read_bytes())
    by_conv: dict[str, list[dict]] = defaultdict(list)
    for t in data["turns"]:
        by_conv[t["conv"]].append(t)
    for conv, ts in by_conv.items():
        base = [m for t in ts for m in _memories(t, t["rules"], "r")]
        s0 = score_conversation(data["all"][conv], base, ts[0]["owner"], ts[0]["org"])
        found = {(r["seq"], r["predicate"], r["value"]) for r in s0["facts"] if r["found"]}
        for t in ts:
            t["found"] = [(t["seq"], f["predicate"], (f["value"] if isinstance(f["value"], list) else [f["value"]])[0])
                          in found for f in t["labels"]]
    return data


def loso(args: argparse.Namespace) -> None:
    data = _load(args)
    turns, allturns = data["turns"], data["all"]
    added: dict[tuple[str, int], list[tuple[dict, float]]] = {}
    for name in SETS:
        t0 = time.time()
        model = train([t for t in turns if t["set"] != name], args.epochs)
        held_out = [t for t in turns if t["set"] == name]
        for t in held_out:
            added[(t["conv"], t["seq"])] = added_cards(model, t)
        print(f"  fold {name}: {sum(len(added[(t['conv'], t['seq'])]) for t in held_out)} candidate cards "
              f"({time.time() - t0:.0f} s)", file=sys.stderr, flush=True)
    Path(args.cache.with_suffix(f".loso{args.tag}.pkl")).write_bytes(pickle.dumps(added))
    report(turns, allturns, added, args.show)


def report(turns: list[dict], allturns: dict, added: dict, show: int) -> None:
    confs = sorted(c for v in added.values() for _, c in v)
    print(f"candidate cards {len(confs)}")
    for q in (0.0, 0.25, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95):
        th = confs[int(q * (len(confs) - 1))] if confs and q else -1e9
        print(json.dumps(measure(turns, allturns, added, th) | {"quantile": q}))
    if show:
        measure(turns, allturns, added, -1e9, show)


def curve(args: argparse.Namespace) -> None:
    data = _load(args)
    added = pickle.loads(args.cache.with_suffix(f".loso{args.tag}.pkl").read_bytes())
    report(data["turns"], data["all"], added, args.show)


def train_all(args: argparse.Namespace) -> None:
    data = _load(args)
    turns = data["turns"]
    model = train(turns, args.epochs)
    weights = {f: ws for f, ws in model.w.items() if max(abs(v) for v in ws.values()) >= args.prune}
    args.out.write_text(json.dumps({"classes": model.classes, "w": weights}, sort_keys=True))
    times = []
    for t in turns:
        t.pop("_feats", None)  # the features counted in the cost
        t0 = time.perf_counter()
        added_cards(model, t)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    print(f"features {len(weights)}, {args.out.stat().st_size / 1e6:.2f} MB; tagging ms per turn p50 "
          f"{times[len(times) // 2]:.2f} p95 {times[int(len(times) * 0.95)]:.2f} (the parse aside)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("command", choices=("build", "loso", "curve", "train"))
    ap.add_argument("--cache", type=Path, default=CACHE)
    ap.add_argument("--epochs", type=int, default=6)
    ap.add_argument("--show", type=int, default=0, help="print this many added cards (tuning halves only)")
    ap.add_argument("--out", type=Path, default=Path("/tmp/value_tagger.json"))
    ap.add_argument("--prune", type=float, default=0.05)
    ap.add_argument("--no-held", action="store_true", help="no feature of what the rule cards hold")
    ap.add_argument("--missed", action="store_true", help="train on the facts the rules missed only")
    ap.add_argument("--tag", default="", help="a name for this run's LOSO cards (beside the cache)")
    args = ap.parse_args(argv)
    HELD[0] = not args.no_held
    MISSED[0] = args.missed
    {"build": build, "loso": loso, "curve": curve, "train": train_all}[args.command](args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
