// Grows the technology catalog from data: writes extractors/catalog/generated-*.yaml from the source
// snapshots in extractors/catalog/sources/ (CNCF landscape projects, every AWS service botocore knows, the
// Azure services of the Azure SDK release lists, the Google Cloud APIs of the Rust client libraries),
// never overriding a hand-written entry. Same sources, same output: test/extractors/catalog-generated.test.ts
// fails when a committed file is stale.
//   node scripts/grow-catalog.mjs                      regenerate from the committed snapshots
//   node scripts/grow-catalog.mjs --check              exit 1 if a generated file is out of date
//   node scripts/grow-catalog.mjs --landscape <landscape.yml> --botocore <botocore/data> --words <a,b,...>
//                                 --azure-sdk <azure-sdk/_data/releases/latest> --gcp-rust <google-cloud-rust.git>
//                                                      refresh the snapshots first (say where each came from
//                                                      with --landscape-origin, ...), then regenerate
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { awsCandidates } from "./grow-catalog/aws.mjs";
import { azureCandidates, snapshotAzure } from "./grow-catalog/azure.mjs";
import { cncfCandidates } from "./grow-catalog/cncf.mjs";
import { CatalogIndex, readHandCatalog } from "./grow-catalog/existing.mjs";
import { gcpCandidates, snapshotGcpRust } from "./grow-catalog/gcp.mjs";
import { mergeCandidates } from "./grow-catalog/merge.mjs";
import { renderGenerated } from "./grow-catalog/render.mjs";
import {
  snapshotBotocore,
  snapshotLandscape,
  snapshotWords,
  writeSnapshot,
} from "./grow-catalog/snapshot.mjs";

export const CATALOG_DIR = fileURLToPath(new URL("../extractors/catalog/", import.meta.url));
const SOURCES = join(CATALOG_DIR, "sources");
const UMBRELLAS = new Set(["aws", "azure", "google-cloud"]);

const readJson = (file) => JSON.parse(readFileSync(join(SOURCES, file), "utf8"));

/** Every generated file's name and text, from the snapshots and the hand-written catalog in `dir`. */
export async function growCatalog(dir = CATALOG_DIR) {
  const index = new CatalogIndex();
  for (const entry of readHandCatalog(dir)) index.add(entry);
  const cncf = readJson("cncf-landscape.json");
  const aws = readJson("aws-services.json");
  const azure = readJson("azure-sdk-packages.json");
  const gcp = readJson("gcp-rust-libraries.json");
  const plans = [
    {
      file: "generated-cncf.yaml",
      origin: `sources/cncf-landscape.json (${cncf.origin})`,
      about:
        "CNCF projects; keys derived from each repository, plus the hand-checked sources/cncf-keys.json.",
      candidates: cncfCandidates(
        cncf,
        readJson("cncf-keys.json"),
        new Set(readJson("english-words.json").words),
      ),
    },
    {
      file: "generated-aws-services.yaml",
      origin: `sources/aws-services.json (${aws.origin})`,
      about:
        "AWS services; each SDK's package for the service (the umbrella `aws` entry answers to all of them).",
      candidates: awsCandidates(aws),
    },
    {
      file: "generated-azure-services.yaml",
      origin: `sources/azure-sdk-packages.json (${azure.origin})`,
      about:
        "Azure services of the Azure SDK release lists; each language's client and management packages (the umbrella `azure` entry answers to all of them).",
      candidates: azureCandidates(azure),
    },
    {
      file: "generated-gcp-services.yaml",
      origin: `sources/gcp-rust-libraries.json (${gcp.origin})`,
      about:
        "Google Cloud APIs with a Rust client library; its crates and, for a google/cloud/ API, its Python module (the umbrella `google-cloud` entry answers to all of them).",
      candidates: gcpCandidates(gcp),
    },
  ];
  const files = {};
  for (const { file, origin, about, candidates } of plans) {
    // A candidate the hand-written catalog names without its vendor is that entry.
    for (const candidate of candidates) {
      const owner = candidate.knownAs && index.owner(candidate.knownAs);
      if (owner) candidate.sameAs = owner;
      delete candidate.knownAs;
    }
    const { entries, skipped } = mergeCandidates(candidates, index, UMBRELLAS);
    files[file] = await renderGenerated({ file: join(dir, file), origin, about, entries, skipped });
  }
  return files;
}

async function main(args) {
  const option = (name) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  // Where a snapshot came from (`github:cncf/landscape@<commit>`); the path given, unless `--<name>-origin`.
  const origin = (name) => option(`--${name}-origin`) ?? option(`--${name}`);
  const landscape = option("--landscape");
  if (landscape) {
    const snapshot = snapshotLandscape(landscape, origin("landscape"));
    await writeSnapshot(join(SOURCES, "cncf-landscape.json"), snapshot);
  }
  const words = option("--words");
  if (words) {
    const snapshot = snapshotWords(words.split(","), readJson("cncf-landscape.json"), origin("words"));
    await writeSnapshot(join(SOURCES, "english-words.json"), snapshot);
  }
  const botocore = option("--botocore");
  if (botocore) {
    await writeSnapshot(join(SOURCES, "aws-services.json"), snapshotBotocore(botocore, origin("botocore")));
  }
  const azureSdk = option("--azure-sdk");
  if (azureSdk) {
    const snapshot = snapshotAzure(azureSdk, origin("azure-sdk"));
    await writeSnapshot(join(SOURCES, "azure-sdk-packages.json"), snapshot);
  }
  const gcpRust = option("--gcp-rust");
  if (gcpRust) {
    const git = (...a) =>
      execFileSync("git", [`--git-dir=${gcpRust}`, ...a], { encoding: "utf8", maxBuffer: 1e8 });
    const files = git("ls-tree", "-r", "--name-only", "HEAD", "src/generated")
      .split("\n")
      .filter((f) => f.endsWith("/Cargo.toml"));
    const cargoFiles = files.map((f) => [f, git("show", `HEAD:${f}`)]);
    await writeSnapshot(
      join(SOURCES, "gcp-rust-libraries.json"),
      snapshotGcpRust(cargoFiles, origin("gcp-rust")),
    );
  }
  const files = await growCatalog();
  const stale = [];
  for (const [file, text] of Object.entries(files)) {
    const path = join(CATALOG_DIR, file);
    let current = "";
    try {
      current = readFileSync(path, "utf8");
    } catch {
      // a new file
    }
    if (current === text) continue;
    stale.push(file);
    if (!args.includes("--check")) writeFileSync(path, text);
  }
  if (args.includes("--check") && stale.length > 0) {
    console.error(`grow-catalog: out of date: ${stale.join(", ")}; run node scripts/grow-catalog.mjs`);
    process.exit(1);
  }
  console.log(`grow-catalog: ${stale.length > 0 ? `wrote ${stale.join(", ")}` : "up to date"}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
