// Building the page: elements from plain data (text is always set as text, never parsed as HTML).
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.className = v;
    else if (v === true) el.setAttribute(k, "");
    else el.setAttribute(k, v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// How many pages have been drawn: the router tells from it whether a page it left drew over a later one.
let draws = 0;
export const drawCount = () => draws;

export function page(title, ...content) {
  draws += 1;
  const main = document.getElementById("main");
  main.replaceChildren(h("h1", {}, title), ...content);
  document.title = `${title} · Memory portal`;
  main.focus();
  return main;
}

export function notify(message, isError = false) {
  const box = document.getElementById("notice");
  box.className = isError ? "error" : "";
  box.textContent = message;
}

// Runs an action from a button, shows what happened, and keeps the button from being pressed twice.
// What an earlier action said is cleared first: it is not about this one.
export async function act(button, action, done) {
  button.disabled = true;
  notify("");
  try {
    const result = await action();
    if (done) notify(typeof done === "function" ? done(result) : done);
    return result;
  } catch (e) {
    notify(e.message || String(e), true);
    return undefined;
  } finally {
    button.disabled = false;
  }
}

// An inline "are you sure?" under an element: a question and two buttons, focus on the safe one.
export function confirmBelow(anchor, question, yesLabel, onYes) {
  notify("");
  anchor.parentElement.querySelector(".confirm")?.remove();
  const no = h("button", { class: "secondary", type: "button", onclick: () => box.remove() }, "No, keep it");
  const yes = h("button", { class: "danger", type: "button",
                            onclick: async () => { await act(yes, onYes); box.remove(); } }, yesLabel);
  const box = h("div", { class: "confirm", role: "alertdialog", "aria-label": question },
                h("p", {}, question), h("div", { class: "row" }, yes, no));
  anchor.after(box);
  no.focus();
}

export const day = (iso) => iso ? new Date(iso).toLocaleDateString(undefined,
  { year: "numeric", month: "short", day: "numeric" }) : "";
export const time = (iso) => iso ? new Date(iso).toLocaleString(undefined,
  { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" }) : "";

export function download(filename, data) {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const a = h("a", { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
