// The optional inline script: toggle buttons for the filters. The page reads fully without it; every
// string it writes goes through textContent.
export const SCRIPT = `(() => {
  const records = Array.from(document.querySelectorAll("article.record"));
  const box = document.getElementById("filter-toggles");
  const status = document.getElementById("filter-status");
  if (!box || !status || records.length === 0) return;
  const facets = [["guard", "By guard"], ["action", "By action"], ["section", "By section"]];
  const active = { guard: new Set(), action: new Set(), section: new Set() };
  const apply = () => {
    let shown = 0;
    for (const r of records) {
      const keep = facets.every(([f]) => active[f].size === 0 || active[f].has(r.dataset[f]));
      r.hidden = !keep;
      if (keep) shown++;
    }
    status.textContent = shown + " of " + records.length + " records shown";
  };
  for (const [facet, title] of facets) {
    const values = Array.from(new Set(records.map((r) => r.dataset[facet]))).sort();
    const set = document.createElement("fieldset");
    const legend = document.createElement("legend");
    legend.textContent = title + " (any selected; none selected shows all)";
    set.append(legend);
    for (const value of values) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.facet = facet;
      button.dataset.value = value;
      button.setAttribute("aria-pressed", "false");
      button.textContent = value + " (" + records.filter((r) => r.dataset[facet] === value).length + ")";
      button.addEventListener("click", () => {
        const on = button.getAttribute("aria-pressed") !== "true";
        button.setAttribute("aria-pressed", String(on));
        if (on) active[facet].add(value); else active[facet].delete(value);
        apply();
      });
      set.append(button);
    }
    box.append(set);
  }
  box.hidden = false;
  // The links to the anchored lists stay for readers without the script; with it, the buttons do.
  const links = document.getElementById("filter-links");
  if (links) links.hidden = true;
  apply();
})();`;
