// One member's memories: what was learned (the knowledge layer) grouped by kind, and the turns as
// said (the record layer) apart, collapsed; searchable, each editable, pinnable and forgettable;
// the member's safety rules; export and "forget everything".
import { all, api, post } from "./api.js";
import { act, confirmBelow, day, download, h, notify, page, time } from "./dom.js";
import { household, memberLinks } from "./household.js";
import { saidBy, sureness } from "./words.js";

// Every memory type has its group (docs/knowledge.md); a turn as said is never one of them.
export const GROUPS = [
  ["Safety rules", ["safety"]],
  ["Likes and dislikes", ["preference"]],
  ["Routines", ["routine"]],
  ["How-tos and devices", ["process", "device"]],
  ["Skills", ["skill"]],
  ["People", ["relationship"]],
  ["About them", ["identity"]],
  ["Facts", ["semantic"]],
  ["Moments", ["episodic", "summary"]],
  ["Documents", ["document"]],
];
const RECORDS_SHOWN = 200;  // the newest turns as said; older ones stay searchable

// Flags that keep a memory from the child (row-level security hides it from the child and from what
// the companion is given for the child), each with why.
const HIDDEN_BECAUSE = { restricted: "marked as hidden from the child", parent_only: "for parents only",
                         consent_hidden: "your settings no longer allow it: the companion does not use it" };

export function hiddenFromChild(m) {
  const why = (m.safety_flags || []).filter((f) => f in HIDDEN_BECAUSE).map((f) => HIDDEN_BECAUSE[f]);
  return why.length ? h("span", { class: "badge", title: why.join("; ") }, "Hidden from the child") : null;
}

// Who it came from, how sure, since when; `who` names the household (for "said by").
export function meta(m, who = {}) {
  const bits = [saidBy(m, who.members, who.ownerId), sureness(m.confidence), `since ${day(m.valid_from || m.created_at)}`];
  return h("p", { class: "meta" }, m.pinned ? h("span", { class: "badge" }, "Pinned") : null,
           m.tier === "disputed" ? h("span", { class: "badge warn" }, "Marked wrong") : null,
           m.valid_to ? h("span", { class: "badge warn" }, "Out of date") : null,
           hiddenFromChild(m),
           bits.join(" · "));
}

function memoryItem(m, reload, who) {
  if (m.layer === "record") return recordItem(m, reload, who);
  const text = h("p", { class: "text" }, m.text);
  const li = h("li", { class: "item", "data-memory-id": m.id });
  const edit = h("button", { type: "button", class: "secondary", onclick: () => { notify(""); startEdit(); } }, "Edit");
  const pin = h("button", { type: "button", class: "secondary", onclick: () => act(pin, async () => {
    await api("PATCH", `/v1/memory/${m.id}`, { pinned: !m.pinned, expected_version: m.version });
    await reload();
  }, m.pinned ? "Unpinned." : "Pinned: it will always be kept.") }, m.pinned ? "Unpin" : "Pin");
  const forget = h("button", { type: "button", class: "danger", onclick: () => confirmBelow(buttons,
    "Forget this for good? It is removed everywhere and cannot be brought back.", "Yes, forget it", async () => {
      await api("DELETE", `/v1/memory/${m.id}`);
      notify("Forgotten.");
      await reload();
    }) }, "Forget");
  const mark = h("select", { "aria-label": "Mark this memory" },
    h("option", { value: "" }, "Mark as…"), h("option", { value: "wrong" }, "Wrong: stop using it"),
    h("option", { value: "outdated" }, "Out of date"), h("option", { value: "sensitive" }, "Hide from the child"));
  mark.addEventListener("change", () => {
    if (!mark.value) return;
    act(mark, async () => {
      await post("/v1/memory/feedback", { memory_id: m.id, kind: mark.value });
      await reload();
    }, "Marked.");
  });
  const buttons = h("div", { class: "row" }, edit, pin, forget, mark);
  function startEdit() {
    const area = h("textarea", { "aria-label": "Memory text" }, m.text);
    const save = h("button", { type: "button", onclick: () => act(save, async () => {
      await api("PATCH", `/v1/memory/${m.id}`, { text: area.value.trim(), expected_version: m.version,
                                                  reason: "edited in the portal" });
      await reload();
    }, "Saved.") }, "Save");
    const cancel = h("button", { type: "button", class: "secondary", onclick: () => reload() }, "Cancel");
    li.replaceChildren(area, h("div", { class: "row" }, save, cancel));
    area.focus();
  }
  li.append(text, meta(m, who), buttons);
  return li;
}

// A turn as said: who said it and when; forgetting it forgets what was learned only from it.
function recordItem(m, reload, who) {
  const li = h("li", { class: "item", "data-memory-id": m.id }, h("p", { class: "text" }, m.text),
    h("p", { class: "meta" }, hiddenFromChild(m), `${saidBy(m, who.members, who.ownerId)} · ${time(m.observed_at || m.created_at)}`));
  const forget = h("button", { type: "button", class: "danger", onclick: () => confirmBelow(forget,
    "Forget what was said? What was learned only from it is forgotten with it.", "Yes, forget it", async () => {
      await api("DELETE", `/v1/memory/${m.id}`);
      notify("Forgotten.");
      await reload();
    }) }, "Forget");
  li.append(h("div", { class: "row" }, forget));
  return li;
}

// The turns as said, in their own section, closed until a parent opens it.
function saidSection(records, render) {
  if (!records.length) return null;
  const more = records.length >= RECORDS_SHOWN ? " (the newest; search finds older ones)" : "";
  return h("details", { class: "said" }, h("summary", {}, `What was said (${records.length})`),
    h("p", { class: "muted" }, `The conversations as they were said${more}. What the companion learned from them is above.`),
    h("ul", { class: "items" }, records.map(render)));
}

export function grouped(memories, render, groups = GROUPS) {
  return groups.map(([title, types]) => {
    const mine = memories.filter((m) => types.includes(m.type));
    if (!mine.length) return null;
    return h("section", { "aria-label": title }, h("h2", {}, `${title} (${mine.length})`),
             h("ul", { class: "items" }, mine.map(render)));
  });
}

export async function memoriesPage(id) {
  const name = await household.name(id);
  const who = { members: await household.load(), ownerId: id };
  const list = h("div", {});
  const reload = async () => {
    const [facts, records] = await Promise.all([all("/v1/memory/list", { owner_id: id, layer: "knowledge" }),
      all("/v1/memory/list", { owner_id: id, layer: "record", limit: RECORDS_SHOWN }, RECORDS_SHOWN)]);
    const render = (m) => memoryItem(m, reload, who);
    const sections = [...grouped(facts, render), saidSection(records, render)].filter(Boolean);
    list.replaceChildren(...(sections.length ? sections : [h("p", {}, `Nothing is remembered about ${name} yet.`)]));
  };
  const q = h("input", { type: "search", id: "search", placeholder: "e.g. dinosaurs" });
  const go = h("button", { type: "submit" }, "Search");
  const results = h("div", { "aria-live": "polite" });
  const search = h("form", { role: "search", onsubmit: (ev) => {
    ev.preventDefault();
    if (!q.value.trim()) { results.replaceChildren(); return; }
    act(go, async () => {
      const r = await post("/v1/memory/retrieve", { query: q.value.trim(), owner_id: id, k: 10 });
      const items = r.items.map((x) => x.memory || x);
      results.replaceChildren(h("h2", {}, `Found ${items.length}`),
        h("ul", { class: "items" }, items.map((m) => memoryItem(m, async () => { await reload(); go.click(); }, who))));
    });
  } }, h("label", { for: "search" }, `Search what is known about ${name}`), h("div", { class: "row" }, q, go));
  const exportBtn = h("button", { type: "button", class: "secondary", onclick: () => act(exportBtn, async () => {
    download(`memories-${name.replace(/\W+/g, "-").toLowerCase()}.json`, await post(`/v1/users/${id}/export`));
  }, "Export downloaded.") }, "Download everything (export)");
  const forgetAll = h("button", { type: "button", class: "danger", onclick: () => confirmBelow(forgetAll,
    `Forget everything about ${name}? All memories, people, history and copies are removed for good.`,
    "Yes, forget everything", async () => {
      const r = await post(`/v1/users/${id}/forget?reason=portal`);
      notify(r.verified ? `Everything about ${name} was forgotten, and checked.` : "Forgetting was requested.");
      await reload();
    }) }, `Forget everything about ${name}`);
  page(`What the companion knows about ${name}`, memberLinks(id), search, results, list,
       h("h2", {}, "Everything at once"), h("div", { class: "row" }, exportBtn, forgetAll));
  await reload();
}

export async function safetyPage(id) {
  const name = await household.name(id);
  const who = { members: await household.load(), ownerId: id };
  const list = h("ul", { class: "items" });
  const reload = async () => {
    const rules = await all("/v1/memory/list", { owner_id: id, type: "safety", layer: "knowledge" });
    list.replaceChildren(...(rules.length ? rules.map((m) => memoryItem(m, reload, who))
                                          : [h("li", {}, "No safety rules yet.")]));
  };
  const text = h("textarea", { id: "rule", required: true, placeholder: "e.g. No scary stories at bedtime." });
  const add = h("button", { type: "submit" }, "Add rule");
  const form = h("form", { onsubmit: (ev) => {
    ev.preventDefault();
    act(add, async () => {
      const r = await post("/v1/memory/candidates", { owner_id: id, items: [{ text: text.value.trim(), type: "safety",
                                                                              source: "parent", pinned: true }] });
      const item = r.items[0];
      if (!item.memory) throw new Error(`The rule was not stored: ${(item.reasons || []).join(", ") || item.decision}`);
      text.value = "";
      await reload();
    }, "Rule added. The companion will always be given it first.");
  } }, h("label", { for: "rule" }, `A new rule for ${name}`), text, h("div", { class: "row" }, add));
  page(`Safety rules for ${name}`, memberLinks(id),
       h("p", {}, "Safety rules always reach the companion, before anything else. Only a parent can change them."),
       form, h("h2", {}, "Rules"), list);
  await reload();
}
