// Google Cloud services from the Rust client libraries (github:googleapis/google-cloud-rust, one crate per
// API version under src/generated/, described as `Google Cloud Client Libraries for Rust - <product> API`):
// the crates themselves, and for an API under google/cloud/ the Python module every GAPIC library
// generates for it (`google.cloud.<api>_<version>`).
import { kebabId } from "./merge.mjs";

// First match wins; read against the product name.
const CATEGORY_RULES = [
  [/GKE|Kubernetes/, "kubernetes-hosting"],
  [/Container|Artifact Registry|Binary Authorization/, "container"],
  [/Functions|Run|Workflow|Eventarc Publishing|Serverless/, "serverless"],
  [
    /Vertex|Gemini|Dialogflow|Document AI|Natural Language|Speech|Translation|Vision|Video Intelligence|Talent|Discovery Engine|Contact Center AI|Model Armor|Agent/,
    "ai-llm",
  ],
  [/Notebooks|TPU|Optimization|Recommender|Vector Search|Timeseries/, "ml"],
  [/Memorystore|Redis|Memcached/, "cache"],
  [/AlloyDB|SQL|Spanner|Bigtable|Firestore|Datastore|Oracle Database|Database Migration/, "database"],
  [/Kafka|Pub\/Sub|Eventarc|Tasks|Scheduler/, "message-broker"],
  [/Logging|Audit/, "logging"],
  [/Monitoring|Trace|Profiler|Service Health|Error Reporting|Insights/, "observability"],
  [/KMS|Key Management|Secret|Parameter Manager|Certificate|Confidential/, "secrets"],
  [/IAM|Identity|Access|BeyondCorp|OS Login|Privileged|Active Directory|reCAPTCHA/, "identity"],
  [/Storage|Filestore|Lustre|Parallelstore|NetApp|Backup/, "storage"],
  [/Build|Deploy|Developer Connect|Secure Source Manager/, "ci"],
  [/Config|Infrastructure Manager|Resource Manager|Organization Policy|Policy/, "infrastructure-as-code"],
  [
    /BigQuery|Dataproc|Dataplex|Dataform|Datastream|Data Fusion|Composer|Data Catalog|Lineage|Analytics|Lakehouse/,
    "data-processing",
  ],
  [/API Gateway|API hub|Apigee|API Registry|Service Directory/, "api"],
  [/Network|DNS|Domains|VPC|Connect Gateway|IDS|Security Scanner|Web Risk|Edge/, "networking"],
  [/Compute|VMware|Bare Metal|Workstations|Shell|Cluster Director|Migration|Batch/, "compute"],
];

/** `Cloud Run Admin API` → `Cloud Run`: the product an API administers. */
const productOf = (description) => description.replace(/\s+API$/, "").replace(/\s+Admin$/, "");

// Crates of shared types, logging payloads and test servers, and Workspace APIs: no Cloud service.
const NOT_SERVICES = /\bTypes$|API Logging$|Showcase|^Google Workspace/;

// Services of a Google Cloud account, not of a system built on it: never read in prose.
const ACCOUNT_SERVICES =
  /^(?:Cloud Billing|Google Cloud Support|Cloud Commerce Consumer Procurement|Essential Contacts|Advisory Notifications)$/;

/** Vendor first, so no generated name is an ordinary phrase (`Workflows`, `Batch`, `Cloud Shell`). */
function gcpName(product) {
  if (/\bGoogle\b/.test(product)) return product;
  return /^Cloud\s/.test(product) ? `Google ${product}` : `Google Cloud ${product}`;
}

/** `cloud/tasks/v2` → `google.cloud.tasks_v2`; APIs elsewhere under google/ name their modules otherwise. */
function pythonModule(path) {
  const m = /^cloud\/([a-z0-9]+)\/(v\d+\w*)$/.exec(path);
  return m ? `google.cloud.${m[1]}_${m[2]}` : undefined;
}

export function gcpCandidates(snapshot) {
  const byName = new Map();
  for (const library of snapshot.libraries) {
    const product = productOf(library.description);
    if (NOT_SERVICES.test(product)) continue;
    const name = gcpName(product);
    const entry = byName.get(name) ?? {
      id: kebabId(name),
      name,
      category: CATEGORY_RULES.find(([p]) => p.test(name))?.[1] ?? "cloud-provider",
      vendor: "Google Cloud",
      text: ACCOUNT_SERVICES.test(product) ? "none" : "exact",
      // The names the hand-written catalog may give it without the vendor (`Vertex AI`, `Google Kubernetes Engine`).
      knownAs: [product, `Google ${product}`],
      keys: {},
    };
    const module = pythonModule(library.path);
    if (module) entry.keys["import:python"] = [...(entry.keys["import:python"] ?? []), module];
    entry.keys.cargo = [...(entry.keys.cargo ?? []), library.crate];
    byName.set(name, entry);
  }
  return [...byName.values()];
}

const DESCRIBED = /^Google Cloud Client Libraries for Rust - (.+)$/;

/**
 * Every versioned Google Cloud API crate of the Rust repository (`git ls-tree` and `git show` of its
 * src/generated/**\/Cargo.toml, given as `[path, text]` pairs): crate, API path and product description.
 */
export function snapshotGcpRust(cargoFiles, origin) {
  const libraries = [];
  for (const [file, text] of cargoFiles) {
    const crate = /^name\s*=\s*"([^"]+)"/m.exec(text)?.[1];
    const description = DESCRIBED.exec(/^description\s*=\s*"([^"]+)"/m.exec(text)?.[1] ?? "")?.[1];
    if (!crate || !description || !/^google-cloud-.+-v\d+\w*$/.test(crate)) continue;
    const path = file.replace(/^src\/generated\//, "").replace(/\/Cargo\.toml$/, "");
    libraries.push({ crate, path, description });
  }
  libraries.sort((a, b) => a.path.localeCompare(b.path));
  return { origin, libraries };
}
