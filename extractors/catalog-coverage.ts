import { readFileSync, readdirSync } from "node:fs";
import { basename, join } from "node:path";
import { z } from "zod";
import { checkDocument } from "../core/document.js";
import { Catalog } from "./catalog.js";
import { type CatalogEntry, KEY_SPACES, type KeySpace } from "./catalog-schema.js";

/**
 * How much of each ecosystem's most-depended-on packages the catalog accounts for. Every package of a
 * snapshot (`catalog/sources/top-packages/<space>.json`) is either a technology (an entry answers to it)
 * or listed, with why, in `catalog/not-technologies/<space>.yaml`; anything else is a gap to close.
 */

/** Why a package is not a technology a resume names. */
export const NOT_TECHNOLOGY_REASONS = {
  utility: "a general-purpose helper (colours, files, strings, dates, arguments, retries, ids)",
  types: "type definitions or stubs of another package",
  compatibility: "a polyfill, shim or backport of what the language or runtime already has",
  internal: "a building block of other tools, chosen by them rather than by a project",
  spam: "a package whose dependents are registry spam, not use",
} as const;

export type NotTechnologyReason = keyof typeof NOT_TECHNOLOGY_REASONS;

const REASONS = Object.keys(NOT_TECHNOLOGY_REASONS) as [NotTechnologyReason, ...NotTechnologyReason[]];
const name = z.string().min(1).regex(/^\S+$/, "a package name has no spaces");

const notTechnologiesSchema = z
  .partialRecord(z.enum(REASONS), z.array(name).min(1))
  .refine((lists) => Object.keys(lists).length > 0, "lists no package");

const snapshotSchema = z.strictObject({
  ecosystem: z.enum(KEY_SPACES),
  origin: z.string().min(1),
  ranking: z.string().min(1),
  packages: z.array(name).min(1),
});

export type TopPackages = z.infer<typeof snapshotSchema>;

/** The most-depended-on packages of each ecosystem, one snapshot per file of `dir`. */
export function readTopPackages(dir: string): TopPackages[] {
  return filesEndingIn(dir, ".json").map((path) =>
    checkDocument(readFileSync(path, "utf8"), path, snapshotSchema, { syntax: "json" }),
  );
}

/**
 * The not-technology lists of `dir`, as a catalog whose entries are the reasons (`utility`, ...), so that a
 * listed name matches a package exactly as a catalog key would (PEP 503 names, Go path prefixes, `x*`).
 */
export function readNotTechnologies(dir: string): Catalog {
  const byReason = new Map<NotTechnologyReason, NonNullable<CatalogEntry["keys"]>>();
  for (const path of filesEndingIn(dir, ".yaml")) {
    const space = basename(path, ".yaml");
    if (!(KEY_SPACES as readonly string[]).includes(space))
      throw new Error(`${path}: the file's name is not a key space (${KEY_SPACES.join(", ")}).`);
    const lists = checkDocument(readFileSync(path, "utf8"), path, notTechnologiesSchema, { syntax: "yaml" });
    for (const [reason, names] of Object.entries(lists) as [NotTechnologyReason, string[]][]) {
      const keys = byReason.get(reason) ?? {};
      keys[space as KeySpace] = names;
      byReason.set(reason, keys);
    }
  }
  return new Catalog(
    [...byReason].map(([reason, keys]) => ({
      id: reason,
      name: reason,
      category: "build-tool",
      text: "none",
      keys,
    })),
  );
}

export interface Coverage {
  ecosystem: KeySpace;
  /** Per package, in rank order: the catalog entries it reveals, or the reasons it is not a technology. */
  packages: { name: string; technologies: string[]; notTechnology: string[] }[];
}

/** What `catalog` and the not-technology lists say of each package of `top`. */
export function coverage(top: TopPackages, catalog: Catalog, notTechnologies: Catalog): Coverage {
  return {
    ecosystem: top.ecosystem,
    packages: top.packages.map((name) => {
      const key = { space: top.ecosystem, name };
      return { name, technologies: catalog.lookup(key), notTechnology: notTechnologies.lookup(key) };
    }),
  };
}

function filesEndingIn(dir: string, extension: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(extension))
    .sort()
    .map((f) => join(dir, f));
}
