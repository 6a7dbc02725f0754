import { describe, expect, it } from "vitest";
import { defaultCatalog } from "../../extractors/catalog.js";
import { extract } from "../../extractors/extract.js";
import type { DocClaim, Evidence, ExtractResult } from "../../core/truth.js";
import { codeTruth } from "../../guards/code-truth.js";
import type { JsonResume } from "../../core/resume.js";
import type { Match } from "../../core/match.js";
import { testMatchGuard, testTextGuard, textFindings } from "./rule-tester.js";

const catalog = await defaultCatalog();
// The README and docs say self-hosted Kubernetes (kubeadm) and MySQL; Terraform says aws_eks_cluster and
// engine = "postgres", the Go service imports pgx.
const infra = await extract(["samples/repos/platform-infra"], { catalog, history: false });

const technology = (id: string) => infra.technologies.find((t) => t.id === id)!;
const claimAt = (path: string, line: number, id: string): DocClaim =>
  infra.docClaims.find((c) => c.path === path && c.line === line && c.technology === id)!;
const sameLine = (a: Evidence, b: Evidence) => a.path === b.path && a.line === b.line;
/** The contradicting evidence of these claims that belongs to `id`, as code-truth cites it. */
const codeFor = (claims: DocClaim[], id: string): Evidence[] => {
  const out: Evidence[] = [];
  for (const e of claims.flatMap((c) => c.contradictedBy ?? [])) {
    if (technology(id).evidence.some((t) => sameLine(t, e)) && !out.some((x) => sameLine(x, e))) out.push(e);
  }
  return out.slice(0, 3);
};
const ref = (e: { path: string; line?: number }) => `platform-infra/${e.path}:${e.line}`;

const k8sReadme = claimAt("README.md", 7, "self-hosted-kubernetes");
const mysqlReadme = claimAt("README.md", 11, "mysql");
const mysqlClaims = infra.docClaims.filter((c) => c.technology === "mysql" && c.stale);
const eksCode = codeFor([k8sReadme], "amazon-eks");
const pgCode = codeFor([mysqlReadme], "postgresql");
const pgCodeAll = codeFor(mysqlClaims, "postgresql");
const eksTerraform = technology("amazon-eks").evidence;
const pgxModule = technology("postgresql").evidence.find((e) => e.path.endsWith("go.mod"))!;

// The same truth, but nothing in the code points anywhere: a stale claim with nothing to cite instead.
const nowhere: ExtractResult = {
  ...infra,
  docClaims: infra.docClaims.map((c) => (c.stale ? { ...c, contradictedBy: [] } : c)),
};

const kubeadmMatch: Match = {
  requirement: "Kubernetes operations",
  technology: "self-hosted-kubernetes",
  status: "production-backed",
  evidence: [{ source: "truth", ref: "platform-infra/README.md:7", text: k8sReadme.text }],
};
const mysqlEvidence: Evidence = {
  repo: "platform-infra",
  path: "README.md",
  line: 11,
  kind: "docs",
  via: "config",
  detail: mysqlReadme.text,
};
const mysqlMatch: Match = {
  requirement: "Relational databases",
  technology: "mysql",
  status: "production-backed",
  evidence: [mysqlEvidence],
};

describe("the platform-infra sample", () => {
  it("has the stale claims these cases rely on", () => {
    expect(k8sReadme.stale).toBe(true);
    expect(mysqlReadme.stale).toBe(true);
    expect(eksCode.map(ref)).toEqual([
      "platform-infra/terraform/eks.tf:21",
      "platform-infra/terraform/eks.tf:64",
      // The service account's IAM role for EKS (IRSA) says the workload runs on EKS.
      "platform-infra/deploy/kustomize/base/serviceaccount.yaml:7",
    ]);
    expect(pgCode.map((e) => e.detail)).toContain('resource "aws_db_instance" "orders": engine = "postgres"');
  });
});

const repointNote = (claimed: string, claimRef: string, truth: string, code: Evidence[]) =>
  `${claimed} rests only on a stale doc claim (${claimRef}); the code says ${truth} (${code.map(ref).join(", ")}), so the match now cites the code.`;

testMatchGuard(codeTruth, {
  valid: [
    {
      name: "Amazon EKS cited by its Terraform",
      matches: [
        {
          requirement: "Kubernetes on AWS",
          technology: "amazon-eks",
          status: "production-backed",
          evidence: eksTerraform,
        },
      ],
      context: { truth: infra },
    },
    {
      name: "a doc line that is not stale",
      matches: [
        {
          requirement: "Caching",
          technology: "redis",
          status: "production-backed",
          evidence: [{ source: "truth", ref: "platform-infra/docs/architecture.md:6" }],
        },
      ],
      context: { truth: infra },
    },
    {
      name: "the candidate states it",
      matches: [
        {
          ...mysqlMatch,
          evidence: [...mysqlMatch.evidence, { source: "profile", ref: "skills[0].keywords[3]" }],
        },
      ],
      context: { truth: infra },
    },
    { name: "no truth, nothing to contradict", matches: [mysqlMatch], context: {} },
    {
      name: "a re-pointed match is left alone",
      matches: [
        {
          ...kubeadmMatch,
          technology: "amazon-eks",
          status: "production-backed",
          evidence: eksCode,
          note: "re-pointed",
        },
      ],
      context: { truth: infra },
    },
  ],
  invalid: [
    {
      name: "self-hosted Kubernetes from the README re-pointed to Amazon EKS",
      matches: [kubeadmMatch],
      context: { truth: infra },
      findings: [{ rule: "stale-claim-repointed", actual: "Self-hosted Kubernetes", action: "mark-stale" }],
      output: [
        {
          requirement: "Kubernetes operations",
          technology: "amazon-eks",
          status: "production-backed",
          evidence: eksCode,
          note: repointNote("Self-hosted Kubernetes", "platform-infra/README.md:7", "Amazon EKS", eksCode),
        },
      ],
    },
    {
      name: "MySQL from the README re-pointed to PostgreSQL",
      matches: [mysqlMatch],
      context: { truth: infra },
      findings: [{ rule: "stale-claim-repointed", actual: "MySQL", action: "mark-stale" }],
      output: [
        {
          ...mysqlMatch,
          technology: "postgresql",
          status: "production-backed",
          evidence: pgCode,
          note: repointNote("MySQL", "platform-infra/README.md:11", "PostgreSQL", pgCode),
        },
      ],
    },
    {
      name: "a technology whose only support is stale claims, cited by nothing",
      matches: [{ requirement: "MySQL", technology: "mysql", status: "production-backed", evidence: [] }],
      context: { truth: infra },
      findings: [{ rule: "stale-claim-repointed", actual: "MySQL", action: "mark-stale" }],
      output: [
        {
          requirement: "MySQL",
          technology: "postgresql",
          status: "production-backed",
          evidence: pgCodeAll,
          note: repointNote("MySQL", mysqlClaims.map(ref).join(", "), "PostgreSQL", pgCodeAll),
        },
      ],
    },
    {
      name: "a KB chunk that repeats the stale README line",
      matches: [
        {
          requirement: "Databases",
          technology: "mysql",
          status: "production-backed",
          evidence: [{ source: "chunk", ref: "readme#2" }],
        },
      ],
      context: {
        truth: infra,
        facts: [{ id: "readme#2", text: `## Data\n${mysqlReadme.text}\n`, kind: "docs" }],
      },
      findings: [{ rule: "stale-claim-repointed", actual: "MySQL", action: "mark-stale" }],
      output: [
        {
          requirement: "Databases",
          technology: "postgresql",
          status: "production-backed",
          evidence: pgCode,
          note: repointNote("MySQL", "platform-infra/README.md:11", "PostgreSQL", pgCode),
        },
      ],
    },
    {
      name: "a match without a technology citing a stale line",
      matches: [
        {
          requirement: "Cluster upgrades",
          status: "production-backed",
          evidence: [{ source: "truth", ref: "platform-infra/README.md:9" }],
        },
      ],
      context: { truth: infra },
      findings: [{ rule: "stale-claim-repointed", actual: "Cluster upgrades", action: "mark-stale" }],
      output: [
        {
          requirement: "Cluster upgrades",
          technology: "amazon-eks",
          status: "production-backed",
          evidence: eksCode,
          note: repointNote("Self-hosted Kubernetes", "platform-infra/README.md:9", "Amazon EKS", eksCode),
        },
      ],
    },
    {
      name: "nothing in the code to point to: dropped",
      matches: [
        kubeadmMatch,
        {
          requirement: "Kubernetes on AWS",
          technology: "amazon-eks",
          status: "production-backed",
          evidence: eksTerraform,
        },
      ],
      context: { truth: nowhere },
      findings: [{ rule: "stale-claim-dropped", actual: "Self-hosted Kubernetes", action: "mark-stale" }],
      output: [
        {
          requirement: "Kubernetes on AWS",
          technology: "amazon-eks",
          status: "production-backed",
          evidence: eksTerraform,
        },
      ],
    },
    {
      name: "a stale citation beside real evidence is removed",
      matches: [
        {
          requirement: "PostgreSQL",
          technology: "postgresql",
          status: "production-backed",
          evidence: [pgxModule, mysqlEvidence],
        },
      ],
      context: { truth: infra },
      findings: [{ rule: "stale-evidence-removed", actual: "PostgreSQL", action: "mark-stale" }],
      output: [
        {
          requirement: "PostgreSQL",
          technology: "postgresql",
          status: "production-backed",
          evidence: [pgxModule],
          note: "The match also cited a stale doc claim (platform-infra/README.md:11) that the code contradicts; that citation is removed.",
        },
      ],
    },
  ],
});

const statesKubeadm: JsonResume = {
  work: [{ name: "Acme", highlights: ["Bootstrapped bare-metal clusters with kubeadm"] }],
};

testTextGuard(codeTruth, {
  valid: [
    {
      name: "the code truth itself",
      text: "Migrated the orders cluster to Amazon EKS with Terraform",
      context: { truth: infra },
    },
    {
      name: "K8s is Kubernetes, which the code shows",
      text: "Ran K8s workloads with Helm and Kustomize",
      context: { truth: infra },
    },
    { name: "PostgreSQL", text: "Orders live in PostgreSQL", context: { truth: infra } },
    {
      name: "the profile states kubeadm",
      text: "kubeadm",
      role: "list-item",
      field: "skills[0].keywords[4]",
      context: { truth: infra, profile: statesKubeadm },
    },
    {
      name: "the candidate's original wording says MySQL",
      text: "Tuned MySQL read replicas for reporting queries",
      original: "Kept the MySQL replica healthy",
      context: { truth: infra },
    },
    { name: "without truth there is no stale claim", text: "kubeadm", role: "list-item", context: {} },
    // A sentence that names it only as not used repeats no claim (claim-net still asks for its backing).
    {
      name: "a stale technology named as not used",
      text: "Orders live in PostgreSQL instead of MySQL",
      context: { truth: infra },
    },
    {
      name: "a stale technology named as no longer used",
      text: "The platform no longer runs self-hosted Kubernetes",
      context: { truth: infra },
    },
  ],
  invalid: [
    {
      name: "a highlight repeating self-hosted Kubernetes falls back to the original",
      field: "work[0].highlights[0]",
      text: "Operated a self-hosted Kubernetes cluster bootstrapped with kubeadm",
      original: "Ran the orders platform on Kubernetes",
      context: { truth: infra },
      findings: [{ rule: "stale-claim-repeated", actual: "self-hosted Kubernetes", action: "fallback" }],
      output: "Ran the orders platform on Kubernetes",
    },
    {
      name: "kubeadm as a skill is removed",
      field: "skills[0].keywords[2]",
      role: "list-item",
      text: "kubeadm",
      context: { truth: infra },
      findings: [{ rule: "stale-claim-repeated", actual: "kubeadm", action: "remove" }],
      output: null,
    },
    {
      name: "MySQL in a summary without an original is dropped",
      field: "basics.summary",
      text: "Platform engineer running MySQL at scale",
      context: { truth: infra },
      findings: [{ rule: "stale-claim-repeated", actual: "MySQL", action: "remove" }],
      output: "",
    },
    {
      name: "migrating from a stale technology is still claimed work with it",
      field: "projects[0].highlights[0]",
      text: "Migrated the reports from MySQL to PostgreSQL",
      context: { truth: infra },
      findings: [{ rule: "stale-claim-repeated", actual: "MySQL", action: "remove" }],
      output: null,
    },
    {
      name: "a sentence naming it once as not used and once as used repeats it",
      field: "basics.summary",
      text: "Chose PostgreSQL instead of MySQL for payments, and ran MySQL for orders",
      context: { truth: infra },
      findings: [{ rule: "stale-claim-repeated", actual: "MySQL", action: "remove" }],
      output: "",
    },
    {
      name: "MySQL in a highlight without an original is removed",
      field: "projects[0].highlights[1]",
      text: "Designed the MySQL primary/replica topology",
      context: { truth: infra },
      findings: [{ rule: "stale-claim-repeated", actual: "MySQL", action: "remove" }],
      output: null,
    },
  ],
});

describe("code-truth findings", () => {
  it("cite the stale claim and the code that contradicts it", () => {
    const [finding] = textFindings(
      codeTruth,
      { field: "skills[0].keywords[0]", text: "MySQL", role: "list-item" },
      { catalog, facts: [], truth: infra },
    );
    const code = codeFor(mysqlClaims, "postgresql");
    expect(finding).toEqual({
      guard: "code-truth",
      rule: "stale-claim-repeated",
      action: "remove",
      removeItem: true,
      field: "skills[0].keywords[0]",
      reason:
        `MySQL repeats a stale doc claim (${mysqlClaims.map(ref).join(", ")}): the code says PostgreSQL ` +
        `(${code.map(ref).join(", ")}), and the profile does not state it.`,
      actual: "MySQL",
      evidence: [
        ...mysqlClaims.map((c) => ({ source: "truth", ref: ref(c), text: c.text })),
        ...mysqlClaims
          .flatMap((c) => c.contradictedBy ?? [])
          .filter((e, i, all) => all.findIndex((x) => sameLine(x, e)) === i)
          .slice(0, 3)
          .map((e) => ({ source: "truth", ref: ref(e), text: e.detail })),
      ],
    });
  });

  it("has a message for every rule", () => {
    expect(Object.keys(codeTruth.meta.messages).sort()).toEqual([
      "stale-claim-dropped",
      "stale-claim-repeated",
      "stale-claim-repointed",
      "stale-evidence-removed",
    ]);
  });
});
