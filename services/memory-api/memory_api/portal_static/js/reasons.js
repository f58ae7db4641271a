// Why the policy held something, in a parent's words. The policy reports reasons as short codes
// ("PII redacted: ADDRESS, PHONE", "memory type 'relationship' goes to parent review", and the same
// prefixed with a field, "subject: PII redacted: PHONE"); plainReason maps one code to a sentence.
// Pure: no page, no network (the review page keeps the codes in a title attribute).

const PII = { PHONE: "a phone number", EMAIL: "an email address", ADDRESS: "a home address", SSN: "an ID number",
              CARD: "a card number", DOB: "a birth date", IBAN: "a bank account", IP: "an internet address" };
const KINDS = { preference: "likes and dislikes", process: "routines and how-tos", skill: "skills",
                relationship: "people they know", identity: "things about who they are", semantic: "facts",
                episodic: "moments", device: "devices", document: "documents", summary: "summaries",
                safety: "safety rules" };
const TOPICS = { violence: "violence", self_harm: "self-harm", drugs: "drugs", gambling: "gambling",
                 adult: "adult themes", profanity: "rude words" };
// The fields memory-api's write gate checks beside the text; their reasons come prefixed "field: ".
const FIELDS = { subject: "who it is about", predicate: "its wording", value: "its value", speaker: "the speaker's name",
                 image_caption: "a picture's caption", title: "its title", reason: "the reason given", tags: "a label",
                 value_json: "its details", emotion: "the feeling noted", session_id: "the conversation's name",
                 project_id: "the project's name", origin_ref: "where it came from", retention_policy: "how long it is kept",
                 source_uri: "where it came from" };
// Reasons about what a text says (a field's own); the others are about the whole memory (its type,
// the member's settings) and say the same whichever field repeats them.
const ABOUT_CONTENT = /^(PII |age-sensitive|profanity|do-not-learn)/;

const list = (words) => words.length < 2 ? words.join("")
  : `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
const each = (csv, names) => list(csv.split(",").map((s) => s.trim()).filter(Boolean).map((s) => names[s] || s.toLowerCase()));

const RULES = [
  [/^PII redacted: (.+)$/, (m) => `It had ${each(m[1], PII)} in it, blanked out before it reached you`],
  [/^PII not kept by policy: (.+)$/, (m) => `It had ${each(m[1], PII)} in it, which your settings say not to keep`],
  [/^memory type '(\w+)' goes to parent review$/, (m) => `You asked to check new ${KINDS[m[1]] || m[1]} before they are kept`],
  [/^age-sensitive content \((.+)\) held for parent review$/, (m) => `It may not suit their age (${each(m[1], TOPICS)})`],
  [/^profanity in a child household$/, () => "It has rude words"],
  [/^memory is off$/, () => "Memory is turned off for them"],
  [/^category '(\w+)' is turned off$/, (m) => `Your settings turn off remembering ${KINDS[m[1]] || m[1]}`],
  [/^do-not-learn topic: (.+)$/, (m) => `It is about a topic you asked never to learn about (${m[1]})`],
  [/^a safety rule not set by a parent goes to parent review$/, () => "A safety rule they mentioned waits for you to approve it"],
];

export function plainReason(code) {
  const field = /^(\w+): (.+)$/.exec(code);
  if (field && FIELDS[field[1]]) {
    return ABOUT_CONTENT.test(field[2]) ? `${plainReason(field[2])} (in ${FIELDS[field[1]]})` : plainReason(field[2]);
  }
  for (const [pattern, words] of RULES) {
    const m = pattern.exec(code);
    if (m) return words(m);
  }
  return "Your household's settings asked for a check";
}

// Every reason of an item, each once, joined into one sentence-like line.
export function plainReasons(codes) {
  const texts = [...new Set((codes || []).map(plainReason))];
  return texts.length ? `${texts.join("; ")}.` : "No reason was given.";
}
