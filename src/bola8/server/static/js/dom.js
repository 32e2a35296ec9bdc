// A tiny element builder: el("div", {class: "x", onclick: fn}, child, "text", ...).
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else if (k === "class") node.className = v;
    else node.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

export function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }

// A modal dialog; resolves with the value of the button pressed (null when closed).
export function dialog(title, body, buttons, testid = "dialog") {
  return new Promise((resolve) => {
    const d = el("dialog", { class: "modal", "data-testid": testid });
    const done = (v) => { d.close(); d.remove(); resolve(v); };
    d.append(el("h2", {}, title), body,
      el("div", { class: "buttons" }, buttons.map(([label, value, cls, tid]) =>
        el("button", { type: "button", class: cls || "", "data-testid": tid || `dialog-${value}`, onclick: () => done(value) }, label))));
    d.addEventListener("cancel", (ev) => { ev.preventDefault(); });
    document.body.append(d);
    d.showModal();
  });
}

export function toast(text, kind = "info") {
  const box = document.getElementById("toasts");
  const n = el("div", { class: `toast ${kind}`, role: "alert", "data-testid": `toast-${kind}` }, text);
  box.append(n);
  setTimeout(() => n.remove(), kind === "error" ? 7000 : 3500);
}
