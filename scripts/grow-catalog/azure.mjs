// Every Azure service the Azure SDK release lists name (github:Azure/azure-sdk, _data/releases/latest/
// <language>-packages.csv), with each language's package for it: npm, PyPI (and its import path), Go
// modules under github.com/Azure/azure-sdk-for-go/sdk/, Maven and NuGet.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { kebabId } from "./merge.mjs";

const LANGUAGES = ["js", "python", "go", "java", "dotnet"];

// Release-list groups that are SDK plumbing or tooling, not a service someone runs on Azure.
const NOT_SERVICES =
  /^(?:|other|unknown|core|client core|autorest|identity|tracing|test|template|typespec|terraform|visual studio|extensions|features|links|locks.*|solutions|resources?(?:[- ].*)?|resource manager|saas|stack|web)$/i;

// Services of an Azure account, not of a system built on it (`your Azure subscription`, `Azure Support`):
// their packages still count, their names are never read in prose.
const ACCOUNT_SERVICES =
  /^(?:billing.*|commerce|consumption|cost management|marketplace.*|management partner|portal.*|program enrollment|quota|reservations|self help|subscriptions?|support|education|carbon optimization)$/i;

// First match wins; read against the service's name.
const CATEGORY_RULES = [
  [/Kubernetes|Container Service|OpenShift|Fleet/, "kubernetes-hosting"],
  [/Service Fabric/, "container-orchestration"],
  [/Container/, "container"],
  [/Functions|Durable Task|Logic Apps/, "serverless"],
  [/OpenAI|Cognitive|\bAI\b|Bot|Content Understanding|Speech|Translat|Transcription|Search$/, "ai-llm"],
  [/Machine Learning/, "ml"],
  [/Redis|Cache/, "cache"],
  [/Cosmos|SQL|Postgre|MySQL|MariaDB|Mongo|Database|Tables|Oracle|HorizonDB|Kusto|Data Explorer/, "database"],
  [/Service Bus|Event|Relay|Notification|PubSub|SignalR|Queue|Web PubSub/, "message-broker"],
  [/Log Analytics|Logs?\b/, "logging"],
  [/Monitor|Insights|Alert|Grafana|Prometheus|Health|Watcher|Datadog|Dynatrace|New Relic/, "observability"],
  [/Key Vault|HSM|Hardware Security|Attestation|Signing|Secret|Confidential/, "secrets"],
  [/Identity|Active Directory|Authorization|Domain Services|Entra/, "identity"],
  [/Storage|Disk|File|NetApp|Data Box|Backup|Recovery|Data Protection|SAN|Archive|Blob|Qumulo/, "storage"],
  [/CDN|Content Delivery|Front Door/, "cdn"],
  [
    /Policy|Automation|Blueprint|Bicep|Deployment|Automanage|Guest Configuration|Template/,
    "infrastructure-as-code",
  ],
  [/DevOps|Pipelines|Dev Center|DevTest|Load Testing|Playwright|Chaos/, "ci"],
  [/App Service|Web Apps|Spring|App Configuration|Static Web/, "deployment"],
  [
    /Data Factory|Synapse|Databricks|HDInsight|Stream Analytics|Data Lake|Purview|Data Share|Batch|^Fabric$/,
    "data-processing",
  ],
  [/Analytics|Power BI|Experimentation/, "analytics"],
  [/Communication/, "email"],
  [/API/, "api"],
  [
    /Network|DNS|Firewall|Load Balancer|Gateway|Traffic Manager|ExpressRoute|Peering|Private Link|Bastion|Connectivity|Edge/,
    "networking",
  ],
  [
    /Compute|Virtual Machine|VMware|Dedicated Host|Baremetal|BareMetal|Large Instance|HANA|Quantum|Scvmm|Standby/,
    "compute",
  ],
];

/** `azure-storage-blob` → `azure.storage.blob`: the Azure SDK's Python packages import as they are named. */
const pythonImport = (pypi) => pypi.replace(/-/g, ".");

/** One service's keys from its packages, as each language's registry and import path name them. */
function serviceKeys(packages) {
  const keys = {
    npm: (packages.js ?? []).filter((p) => /^@azure(?:-rest)?\//.test(p)),
    pypi: (packages.python ?? []).filter((p) => p.startsWith("azure-")),
    "import:python": (packages.python ?? []).filter((p) => p.startsWith("azure-")).map(pythonImport),
    go: (packages.go ?? [])
      .filter((p) => p.startsWith("sdk/"))
      .map((p) => `github.com/Azure/azure-sdk-for-go/${p}`),
    maven: packages.java ?? [],
    nuget: packages.dotnet ?? [],
  };
  return Object.fromEntries(
    Object.entries(keys)
      .map(([space, list]) => [space, [...new Set(list)]])
      .filter(([, list]) => list.length > 0),
  );
}

/** `Azure Service Bus`; a name the release list already gives with its vendor keeps it (`HANA on Azure`). */
function azureName(service) {
  return /\b(?:Azure|Microsoft)\b/.test(service) ? service : `Azure ${service}`;
}

/** `Red Hat OpenShift (ARO)` → the name and its short form. */
function splitShortForm(service) {
  const m = /^(.+?)\s*\(([^)]+)\)$/.exec(service);
  return m ? { service: m[1], aliases: [m[2]] } : { service, aliases: [] };
}

/** The same service spelled several ways across languages (`Dell Storage`, `Dell-Storage`) is one entry. */
const spellingKey = (service) =>
  splitShortForm(service)
    .service.toLowerCase()
    .replace(/[^a-z0-9]+/g, "");

export function azureCandidates(snapshot) {
  const groups = new Map();
  for (const service of snapshot.services) {
    if (NOT_SERVICES.test(service.name.trim())) continue;
    const at = spellingKey(service.name);
    const group = groups.get(at) ?? { spellings: [], packages: {} };
    group.spellings.push(service.name.trim());
    for (const language of LANGUAGES)
      group.packages[language] = [...(group.packages[language] ?? []), ...(service[language] ?? [])];
    groups.set(at, group);
  }
  return [...groups.values()].map(({ spellings, packages }) => {
    // The spelling with most capitals names it (`HorizonDB` over `Horizondb`), then the first.
    const spelled = [...spellings].sort(
      (a, b) => b.replace(/[^A-Z]/g, "").length - a.replace(/[^A-Z]/g, "").length,
    )[0];
    const { service, aliases } = splitShortForm(spelled);
    const name = azureName(service);
    return {
      id: kebabId(name),
      name,
      ...(aliases.length > 0 ? { aliases } : {}),
      category: CATEGORY_RULES.find(([pattern]) => pattern.test(service))?.[1] ?? "cloud-provider",
      vendor: "Microsoft Azure",
      text: ACCOUNT_SERVICES.test(service) ? "none" : "exact",
      keys: serviceKeys(packages),
    };
  });
}

/** Minimal RFC 4180 reader for the release lists: every field quoted, no line breaks inside a field. */
function csvRecords(text) {
  const rows = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "")
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1].replace(/""/g, '"')));
  const [header, ...body] = rows;
  return body.map((row) => Object.fromEntries(header.map((h, i) => [h, row[i] ?? ""])));
}

/**
 * The services of the Azure SDK release lists (`<dir>/<language>-packages.csv`) and their current client
 * and management packages (not deprecated, not hidden, released at least as a preview).
 */
export function snapshotAzure(dir, origin) {
  const byService = new Map();
  for (const language of LANGUAGES) {
    const rows = csvRecords(readFileSync(join(dir, `${language}-packages.csv`), "utf8"));
    for (const row of rows) {
      if (!["client", "mgmt"].includes(row.Type) || row.Hide === "true") continue;
      if (/^dep/i.test(row.Support) || !(row.VersionGA || row.VersionPreview)) continue;
      const name = language === "java" ? `${row.GroupId}:${row.Package}` : row.Package;
      const service = byService.get(row.ServiceName) ?? { name: row.ServiceName };
      service[language] = [...new Set([...(service[language] ?? []), name])].sort();
      byService.set(row.ServiceName, service);
    }
  }
  const services = [...byService.values()].sort((a, b) => a.name.localeCompare(b.name));
  return { origin, services };
}
