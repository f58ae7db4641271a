"""Would a learned type beat the rules' (issue 35)? Leave-one-set-out, offline over reading.learn: every
memory that holds a labelled fact (all sets and halves but the clean check halves of dev6 and dev7) is typed
by a vote of its k nearest neighbours (MiniLM embeddings of the memory texts) from the other sets, and, with
`share`, the rule's type is overridden only when the vote is that strong. Prints the share of memories typed
acceptably by the rules, by the kNN, and by the combination.

  .venv/bin/python tools/research/knn_type_check.py
"""
import sys
sys.path.insert(0, str(__import__("pathlib").Path(__file__).resolve().parent))
from collections import Counter
import numpy as np
import formation_misses as fm
from memclient.bench.formation_scoring import Fact as Label, holds, owner_aliases
from memcore.embedding import make_embedder

SETS = ["dev", "dev2", "dev3", "dev4", "dev5", "dev6", "dev7", "three-voices"]
rows = []  # (set, text, rule_type, types_ok, primary)
for name in SETS:
    halves = {"dev", "calibration", "check", "test"}
    convs = fm._conversations([name], halves)
    for turns in convs.values():
        if name in ("dev6", "dev7") and turns[0]["half"] == "check":
            continue
        memories, by_turn = fm._read(turns)
        for t in turns:
            labels = [Label.from_label(f) for f in t.get("facts", [])]
            for m in by_turn.get(t["seq"], []):
                m.prepare(owner_aliases(turns[0]["owner"], turns[0]["org"]))
                hit = [lab for lab in labels if holds(m, lab, labels)]
                if hit:
                    rows.append((name, m.text, m.type, tuple(hit[0].types_ok), hit[0].type))
print("examples", len(rows), Counter(r[4] for r in rows))
emb = make_embedder("local")
V = np.asarray(emb.embed([r[1] for r in rows]))
V = V / np.linalg.norm(V, axis=1, keepdims=True)
sets = np.array([r[0] for r in rows])
for k in (5, 9, 15):
    for share in (0.6, 0.7, 0.8, 1.01):
        res = Counter()
        for i, r in enumerate(rows):
            mask = sets != r[0]
            sims = V[mask] @ V[i]
            idx = np.argsort(-sims)[:k]
            others = [rows[j] for j in np.nonzero(mask)[0][idx]]
            votes = Counter(o[4] for o in others)
            top, n = votes.most_common(1)[0]
            knn_ok = top in r[3]
            rule_ok = r[2] in r[3]
            combo = top if (n / k >= share and top != r[2]) else r[2]
            res["rule"] += rule_ok
            res["knn"] += knn_ok
            res["combo"] += combo in r[3]
            res["n"] += 1
        print(f"k={k} share={share}: rule {res['rule']/res['n']:.3f} knn {res['knn']/res['n']:.3f} combo {res['combo']/res['n']:.3f}")
