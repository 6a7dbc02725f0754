// Everything on the page that comes from a run (a bullet, a reason, a path) is data, never markup.

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text for an element's content or a quoted attribute value. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** A value for an `id` or a `#fragment`: letters, digits and `-` only, so it needs no escaping anywhere. */
export function slug(value: string): string {
  return (
    value
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "x"
  );
}

/** An `href` only for http(s) links built by the page itself; anything else is not a link. */
export function safeHref(url: string): string | undefined {
  return /^https:\/\/github\.com\/[^\s"'<>]+$/.test(url) ? escapeHtml(url) : undefined;
}
