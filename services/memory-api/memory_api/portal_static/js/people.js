// The people and things the companion knows about a member: merge two that are one, split one that is two.
import { all, get, post } from "./api.js";
import { act, h, notify, page } from "./dom.js";
import { household, memberLinks } from "./household.js";

const TYPE_WORDS = { person: "Person", org: "Organisation", place: "Place", project: "Project", system: "System",
                     process: "How-to", concept: "Thing" };

export async function peoplePage(id) {
  const name = await household.name(id);
  const body = h("div", {});
  const reload = async () => {
    const [entities, proposals] = await Promise.all([
      all("/v1/entities", { owner_id: id }),
      get("/v1/entities/merge-proposals", { owner_id: id, limit: 50 }).then((r) => r.items).catch(() => []),
    ]);
    const chosen = new Set();
    const merge = h("button", { type: "button", disabled: true, onclick: () => act(merge, async () => {
      const [into, ...sources] = [...chosen];
      await post("/v1/entities/merge", { into, sources, owner_id: id });
      await reload();
    }, "Merged: they are now one.") }, "These are the same: merge");
    const rows = entities.map((e) => {
      const box = h("input", { type: "checkbox", "aria-label": `Choose ${e.name}`, onchange: () => {
        box.checked ? chosen.add(e.id) : chosen.delete(e.id);
        merge.disabled = chosen.size < 2;
      } });
      const li = h("li", { class: "item" },
        h("label", { class: "check" }, box, h("strong", {}, e.name), ` · ${TYPE_WORDS[e.type] || e.type}`),
        e.aliases.length ? h("p", { class: "meta" }, `Also called ${e.aliases.join(", ")}`) : null,
        e.description ? h("p", { class: "meta" }, e.description) : null,
        h("p", { class: "meta" }, `${e.memory_count} memor${e.memory_count === 1 ? "y" : "ies"}`));
      const split = h("button", { type: "button", class: "secondary", onclick: () => act(split,
        () => splitForm(li, e, id, reload)) }, "This is two people or things: split");
      li.append(h("div", { class: "row" }, split));
      return li;
    });
    body.replaceChildren(
      proposals.length ? h("section", {}, h("h2", {}, "Maybe the same"), h("ul", { class: "items" },
        proposals.filter((p) => p.status === "pending").map((p) => proposal(p, reload)))) : "",
      h("h2", {}, `Known (${entities.length})`),
      entities.length ? h("ul", { class: "items" }, rows) : h("p", {}, "No one yet."),
      h("div", { class: "row" }, merge));
  };
  page(`People and things ${name}'s companion knows`, memberLinks(id), body);
  await reload();
}

function proposal(p, reload) {
  const yes = h("button", { type: "button", onclick: () => act(yes, async () => {
    await post(`/v1/entities/merge-proposals/${p.id}/accept`);
    await reload();
  }, "Merged.") }, "Yes, same");
  const no = h("button", { type: "button", class: "secondary", onclick: () => act(no, async () => {
    await post(`/v1/entities/merge-proposals/${p.id}/dismiss`);
    await reload();
  }, "Kept apart.") }, "No, different");
  return h("li", { class: "item" }, h("p", { class: "text" }, `"${p.keep_name}" and "${p.merge_name}" may be the same.`),
           h("div", { class: "row" }, yes, no));
}

// The entity's memories come with it (the member's, so `owner_id` says whose: without it a parent asks
// for their own entity and is told there is none).
async function splitForm(li, entity, owner, reload) {
  li.querySelector("form")?.remove();
  const detail = await get(`/v1/entities/${entity.id}`, { owner_id: owner });
  const name = h("input", { type: "text", id: `split-${entity.id}`, required: true, maxlength: 200 });
  const boxes = detail.memories.map((m) => h("label", { class: "check" },
    h("input", { type: "checkbox", value: m.id }), m.text));
  const go = h("button", { type: "submit" }, "Split");
  const form = h("form", { onsubmit: (ev) => {
    ev.preventDefault();
    const ids = boxes.map((b) => b.querySelector("input")).filter((i) => i.checked).map((i) => i.value);
    if (!ids.length) { notify("Choose what belongs to the other one.", true); return; }
    act(go, async () => {
      await post(`/v1/entities/${entity.id}/split`, { name: name.value.trim(), memory_ids: ids, owner_id: owner });
      await reload();
    }, "Split in two.");
  } }, h("label", { for: `split-${entity.id}` }, "Name of the other one"), name,
     h("fieldset", {}, h("legend", {}, "What is about the other one"), boxes),
     h("div", { class: "row" }, go, h("button", { type: "button", class: "secondary", onclick: reload }, "Cancel")));
  li.append(form);
  name.focus();
}
