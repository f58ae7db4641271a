// Who said something and how sure the companion is, in a parent's words. Pure: no page, no network.
//
// A turn's speaker is a label the orchestrator chose ("user", "assistant", "Mia", "parent"); the
// portal names the member behind it: a member's own name as is, the owner's name for the words that
// stand for the owner without naming them, "the companion" for the assistant's side (the same
// lists as memcore/knowledge/speaker.py), and any other label (someone not in the household) as said.

const ASSISTANT = new Set(["assistant", "companion", "bot", "ai", "system", "model", "agent", "chatbot", "llm",
                           "gpt", "tool"]);
const OWNER = new Set(["user", "human", "me", "child", "kid", "owner", "customer"]);
const SOURCE_WORDS = { user: "said in conversation", parent: "added by a parent", system: "worked out by the companion",
                       sensor: "from a device", import: "imported" };

// "said by Mia": m is a memory ({speaker, source}), members the household's ({user_id, display_name,
// role}), ownerId whose memory it is.
export function saidBy(m, members, ownerId) {
  const label = (m.speaker || "").trim();
  if (!label) return SOURCE_WORDS[m.source] || m.source;
  return `said by ${speakerName(label, members || [], ownerId)}`;
}

function speakerName(label, members, ownerId) {
  const word = label.toLowerCase();
  const named = members.find((x) => (x.display_name || "").trim().toLowerCase() === word);
  if (named) return named.display_name;
  if (ASSISTANT.has(word)) return "the companion";
  const owner = members.find((x) => x.user_id === ownerId);
  if (OWNER.has(word)) return owner ? owner.display_name : "them";
  if (word === "parent") {
    if (owner && owner.role === "parent") return owner.display_name;
    const parents = members.filter((x) => x.role === "parent");
    return parents.length === 1 ? parents[0].display_name : "a parent";
  }
  return label;
}

// How sure, in words: a plain statement is 0.8, a hedged one ("I think") 0.55, hearsay 0.5, and
// repetition raises it (docs/knowledge.md).
export function sureness(confidence) {
  const c = Math.round((confidence ?? 1) * 100) / 100;  // stored as a 4-byte float: 0.7 reads 0.69999
  if (c >= 0.9) return "sure";
  if (c >= 0.7) return "fairly sure";
  if (c >= 0.45) return "not sure";
  return "only a guess";
}
