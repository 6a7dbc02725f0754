// One line's evidence as HTML: shown on hover and focus beside the line, and again as a numbered note that
// prints (and that a reader without a pointer reaches by its link).
import { escapeHtml, safeHref } from "./escape.js";
import type { EvidenceItem, EvidencePlace } from "./types.js";

const KIND_LABEL: Record<EvidenceItem["kind"], string> = {
  profile: "Profile",
  technology: "Technology",
  figure: "Figure",
  derived: "Derived figure",
  chunk: "Knowledge base",
};

// The hover box sits inside a paragraph or a heading, where only phrasing content may go (a <ul> there would
// end the paragraph): it is built of spans styled as lists. The notes use real lists.
const LIST = {
  block: { list: "ul", item: "li", para: "p" },
  inline: { list: "span", item: "span", para: "span" },
} as const;

function placeHtml(place: EvidencePlace, tags: (typeof LIST)[keyof typeof LIST]): string {
  const href = place.href ? safeHref(place.href) : undefined;
  const label = escapeHtml(place.label);
  const where = href ? `<a href="${href}">${label}</a>` : `<code>${label}</code>`;
  const quote = place.quote ? ` <q>${escapeHtml(place.quote)}</q>` : "";
  return `<${tags.item} class="li">${where}${quote}</${tags.item}>`;
}

/** The items as a list: `inline` (spans) for the hover box, `block` (ul/li) for the notes. */
export function evidenceList(items: readonly EvidenceItem[], form: keyof typeof LIST = "block"): string {
  const tags = LIST[form];
  if (items.length === 0) {
    return `<${tags.para} class="nothing">Nothing to cite: the line names no technology or figure and is not the profile's wording.</${tags.para}>`;
  }
  const rows = items.map((item) => {
    const places = item.places.length
      ? `<${tags.list} class="places">${item.places.map((p) => placeHtml(p, tags)).join("")}</${tags.list}>`
      : "";
    return (
      `<${tags.item} class="li"><span class="kind">${KIND_LABEL[item.kind]}:</span> <strong>${escapeHtml(item.subject)}</strong> — ` +
      `${escapeHtml(item.summary)}${places}</${tags.item}>`
    );
  });
  return `<${tags.list} class="evidence-items">${rows.join("")}</${tags.list}>`;
}

/** Numbers the lines that have evidence, in page order, and remembers their notes. */
export class EvidenceNotes {
  private readonly notes: { n: number; field: string; text: string; html: string }[] = [];

  /** A claim's text, focusable, with its evidence box and the link to its note. */
  unit(
    field: string,
    textHtml: string,
    plainText: string,
    items: readonly EvidenceItem[] | undefined,
  ): string {
    if (items === undefined) return textHtml;
    const n = this.notes.length + 1;
    this.notes.push({ n, field, text: plainText, html: evidenceList(items) });
    const list = evidenceList(items, "inline");
    return (
      `<span class="unit"><span class="claim" tabindex="0" aria-describedby="ev-${n}" data-field="${escapeHtml(field)}">${textHtml}</span>` +
      `<a class="fnref" href="#fn-${n}" aria-label="evidence note ${n}"><sup>[${n}]</sup></a>` +
      `<span class="evidence" id="ev-${n}" role="note"><span class="evidence-title">Evidence for <code>${escapeHtml(field)}</code></span>${list}</span></span>`
    );
  }

  get size(): number {
    return this.notes.length;
  }

  /** The numbered notes, for print and for readers without hover. */
  html(): string {
    const items = this.notes.map(
      (note) =>
        `<li id="fn-${note.n}"><p><code>${escapeHtml(note.field)}</code>: “${escapeHtml(note.text)}”</p>${note.html}</li>`,
    );
    return `<ol class="notes">${items.join("")}</ol>`;
  }
}
