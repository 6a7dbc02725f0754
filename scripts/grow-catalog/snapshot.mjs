// Refreshes the source snapshots under extractors/catalog/sources/ from upstream data, keeping only the
// fields the generator reads (the upstream files are megabytes; the snapshots a few dozen kilobytes).
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { format, resolveConfig } from "prettier";
import { parse } from "yaml";

const MATURITIES = ["graduated", "incubating", "sandbox"];

/** CNCF projects (not archived, not member products) of the landscape's landscape.yml, by maturity then name. */
export function snapshotLandscape(landscapeYml, origin) {
  const doc = parse(readFileSync(landscapeYml, "utf8"));
  const projects = [];
  for (const category of doc.landscape ?? []) {
    for (const sub of category.subcategories ?? []) {
      for (const item of sub.items ?? []) {
        if (!item?.name || !MATURITIES.includes(item.project)) continue;
        projects.push({
          name: item.name,
          repo: item.repo_url ?? null,
          maturity: item.project,
          category: category.name,
          subcategory: sub.name,
        });
      }
    }
  }
  projects.sort(
    (a, b) => MATURITIES.indexOf(a.maturity) - MATURITIES.indexOf(b.maturity) || a.name.localeCompare(b.name),
  );
  return { origin, projects };
}

/**
 * Every AWS service botocore describes: its folder (boto3's client name), `serviceId` (from which every SDK
 * names its package), display names, and the endpoint and signing prefixes (which ARNs and IAM actions
 * use) where they differ from the folder, from the newest API version's service-2.json.
 */
export function snapshotBotocore(dataDir, origin) {
  const services = [];
  for (const folder of readdirSync(dataDir, { withFileTypes: true })) {
    if (!folder.isDirectory()) continue;
    const versions = readdirSync(join(dataDir, folder.name)).filter((v) => /^\d{4}-\d\d-\d\d$/.test(v));
    const newest = versions.sort().at(-1);
    if (!newest) continue;
    const { metadata } = JSON.parse(
      readFileSync(join(dataDir, folder.name, newest, "service-2.json"), "utf8"),
    );
    services.push({
      folder: folder.name,
      serviceId: metadata.serviceId,
      fullName: metadata.serviceFullName,
      ...(metadata.serviceAbbreviation ? { abbreviation: metadata.serviceAbbreviation } : {}),
      ...(metadata.endpointPrefix !== folder.name ? { endpointPrefix: metadata.endpointPrefix } : {}),
      ...(metadata.signingName && metadata.signingName !== folder.name
        ? { signingName: metadata.signingName }
        : {}),
    });
  }
  services.sort((a, b) => a.folder.localeCompare(b.folder));
  return { origin, services };
}

// SCOWL's licence asks that its notice travel with every copy.
const SCOWL_NOTICE =
  'Copyright 2000-2016 by Kevin Atkinson. Permission to use, copy, modify, distribute and sell these word lists, the associated scripts, the output created from the scripts, and its documentation for any purpose is hereby granted without fee, provided that the above copyright notice appears in all copies and that both that copyright notice and this permission notice appear in supporting documentation. Kevin Atkinson makes no representations about the suitability of this array for any purpose. It is provided "as is" without express or implied warranty.';

/** Lowercased words of the names a source gives (`Cloud Custodian` → cloud, custodian). */
export function nameWords(name) {
  return name
    .toLowerCase()
    .split(/[\s\-()]+/)
    .filter((w) => /^[a-z]+$/.test(w));
}

/**
 * The English words (SCOWL word lists, Latin-1, one word a line) that are also a word of a project's name:
 * the only words the generator asks about, so the snapshot holds a few hundred, not 80,000.
 */
export function snapshotWords(wordFiles, landscape, origin) {
  const asked = new Set(landscape.projects.flatMap((p) => nameWords(p.name)));
  const words = new Set();
  for (const file of wordFiles) {
    for (const word of readFileSync(file, "latin1").split(/\r?\n/)) if (asked.has(word)) words.add(word);
  }
  return { origin, notice: SCOWL_NOTICE, words: [...words].sort() };
}

/** One record a line, as prettier keeps it: the snapshots diff by record. */
export async function writeSnapshot(path, snapshot) {
  const [list, records] = Object.entries(snapshot).find(([, v]) => Array.isArray(v));
  const head = Object.entries(snapshot)
    .filter(([k]) => k !== list)
    .map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)},`);
  const body = records.map((r) => JSON.stringify(r)).join(",\n");
  const options = { ...(await resolveConfig(path)), filepath: path };
  writeFileSync(path, await format(`{${head.join("\n")}\n"${list}": [\n${body}\n]}`, options));
}
