// The hand-written catalog as the generator sees it: which ids and names are taken, and which entries a key
// already reveals (the same matching rules as extractors/catalog.ts, which a plain script cannot import).
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";

export const GENERATED_PREFIX = "generated-";

const SEGMENT_SPACES = { go: "/", "import:python": ".", "import:java": "." };

function normalize(space, name) {
  if (space === "pypi") return name.toLowerCase().replace(/[-_.]+/g, "-");
  if (space === "import:java") return name;
  return name.toLowerCase();
}

function candidates(space, name) {
  const key = normalize(space, name);
  const separator = SEGMENT_SPACES[space];
  if (separator) {
    const parts = key.split(separator);
    return parts.map((_, i) => parts.slice(0, parts.length - i).join(separator));
  }
  if (space === "npm") {
    const parts = key.split("/");
    return [key, key.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]];
  }
  return [key];
}

export class CatalogIndex {
  ids = new Set();
  /** lowercased name or alias → id */
  names = new Map();
  exact = new Map();
  prefixes = new Map();

  add(entry) {
    this.ids.add(entry.id);
    for (const n of [entry.name, ...(entry.aliases ?? [])]) this.names.set(n.toLowerCase(), entry.id);
    for (const [space, keys] of Object.entries(entry.keys ?? {})) {
      for (const raw of keys) {
        const key = normalize(space, raw);
        if (key.endsWith("*")) {
          const list = this.prefixes.get(space) ?? [];
          list.push({ prefix: key.slice(0, -1), id: entry.id });
          this.prefixes.set(space, list);
        } else {
          const at = `${space}\0${key}`;
          this.exact.set(at, [...new Set([...(this.exact.get(at) ?? []), entry.id])]);
        }
      }
    }
  }

  /**
   * Ids a detection key reveals, as Catalog.lookup answers. A key written with `*` also meets every key
   * under it: `ghcr.io/argoproj/*` collides with an entry's `ghcr.io/argoproj/argo-rollouts`.
   */
  lookup(space, name) {
    const wildcard = name.endsWith("*");
    const bare = wildcard ? name.slice(0, -1) : name;
    const found = new Set();
    for (const c of candidates(space, bare))
      for (const id of this.exact.get(`${space}\0${c}`) ?? []) found.add(id);
    const key = normalize(space, bare);
    for (const p of this.prefixes.get(space) ?? []) {
      if (key.startsWith(p.prefix) || (wildcard && p.prefix.startsWith(key))) found.add(p.id);
    }
    if (wildcard) {
      for (const [at, ids] of this.exact)
        if (at.startsWith(`${space}\0${key}`)) ids.forEach((id) => found.add(id));
    }
    return [...found];
  }

  /** The entry already holding one of these names, if any. */
  owner(names) {
    for (const n of names) {
      const id = this.names.get(n.toLowerCase());
      if (id) return id;
    }
    return undefined;
  }
}

/** Every hand-written entry of a catalog folder (generated files excluded: they are the output). */
export function readHandCatalog(dir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yaml") && !f.startsWith(GENERATED_PREFIX))
    .sort()
    .flatMap((f) => parse(readFileSync(join(dir, f), "utf8")) ?? []);
}
