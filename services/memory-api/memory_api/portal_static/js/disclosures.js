// What the companion was given from a member's memory (the decision logs, in plain words).
import { get } from "./api.js";
import { h, page, time } from "./dom.js";
import { household, memberLinks } from "./household.js";

const PATH_WORDS = { safety: "a safety rule", entity: "about someone mentioned", hybrid: "matched the question",
                     process: "a how-to", conversation: "from this conversation", profile: "about someone mentioned",
                     hot: "said just now" };

// A context line without its bullet and its citation ("- Mia loves horses (since: ...) [memory:<id>]").
const plainLine = (text) => text.replace(/^\s*[-•]\s+/, "").replace(/\s*\[memory:[\w-]+\]\s*$/, "");

// One line as it reached the companion; a line forgotten since says so (its words are gone).
function usedLine(u) {
  const how = h("span", { class: "muted" }, ` (${PATH_WORDS[u.path] || u.path || "used"})`);
  if (u.forgotten || u.text === null || u.text === undefined) {
    return h("li", { class: "forgotten" }, h("em", {}, "Forgotten since: its words are no longer kept"), how);
  }
  return h("li", {}, plainLine(u.text), how, u.as_given === false ? h("span", { class: "muted" }, " (as it reads now)") : null);
}

export async function disclosuresPage(id) {
  const name = await household.name(id);
  const { items } = await get(`/v1/users/${id}/disclosures`, { limit: 50 });
  const entries = items.map((d) => h("li", { class: "item" },
    h("p", { class: "meta" }, `${time(d.at)} · used ${d.used.length + d.not_shown} thing${d.used.length + d.not_shown === 1 ? "" : "s"}`,
      d.held_back ? `, left out ${d.held_back}` : ""),
    d.question ? h("p", { class: "question" }, "Asked: ", h("q", {}, d.question)) : null,
    h("ul", {}, d.used.map(usedLine)),
    d.not_shown ? h("p", { class: "muted" }, `${d.not_shown} more are not shown here.`) : null));
  page(`What the companion used about ${name} today`, memberLinks(id),
       h("p", {}, "Each time the companion answered, it was given a few things it remembers, as they read then. "
                  + "Here they are, with the question when it was kept."),
       entries.length ? h("ul", { class: "items" }, entries) : h("p", {}, "Nothing was used in the last day."));
}
