import { beforeAll, describe, expect, it } from "vitest";
import { type Catalog, defaultCatalog } from "../../../extractors/catalog.js";
import { findNumbers } from "../../../guards/numbers/index.js";
import { splitClaims } from "../../../pipeline/verify/claims.js";
import { contradiction, readMeaning } from "../../../pipeline/verify/meaning/index.js";

let catalog: Catalog;
beforeAll(async () => {
  catalog = await defaultCatalog();
});

const read = (text: string) =>
  readMeaning(text, { technologies: catalog.findMentions(text), numbers: findNumbers(text, catalog) });

/** What the claim says against a source of one or more sentences. */
const against = (claim: string, source: string) =>
  contradiction(
    read(claim),
    splitClaims(source).map((s) => read(s.text)),
  );

const VMS_TO_EKS = "In 2024 the platform moved from self-managed VMs to Amazon EKS.";
const LEDGER = "The ledger keeps balances in PostgreSQL instead of Redis.";

describe("polarity: the claim negates what the source states, or states what it negates", () => {
  it.each([
    ["Dana never used PostgreSQL.", "Dana uses PostgreSQL for reporting."],
    ["Dana does not use Kafka.", "Dana uses Kafka for order events."],
    ["The team didn't adopt Terraform.", "The team adopted Terraform in 2023."],
    ["The team didn’t adopt Terraform.", "The team adopted Terraform in 2023."],
    ["The service cannot scale horizontally.", "The service scales horizontally."],
    ["Dana failed to migrate the platform to Amazon EKS.", "Dana migrated the platform to Amazon EKS."],
    ["The platform no longer runs on Kubernetes.", "The platform runs on Kubernetes."],
    ["Deploys run without a person watching.", "Each deploy needed a person watching it."],
    ["The migration had downtime.", "The migration finished without downtime."],
    [
      "The orders service uses Redis instead of PostgreSQL.",
      "The orders service keeps its data in PostgreSQL.",
    ],
    ["The search service pages on-call for failed deploys.", "The search service no longer pages on-call."],
    ["Dana used MongoDB there.", "Dana never used MongoDB there."],
    ["The ledger keeps balances in Redis.", LEDGER],
    // The sentence that shares most with the claim decides, not any sentence naming the term.
    ["Dana used PostgreSQL.", "The team uses PostgreSQL. Dana never used PostgreSQL."],
  ])("%s (source: %s)", (claim, source) => {
    expect(against(claim, source)).toMatch(/^the source says the opposite/);
  });

  it("quotes what each side says", () => {
    expect(against("Dana never used PostgreSQL.", "Dana uses PostgreSQL for reporting.")).toBe(
      'the source says the opposite ("Dana uses PostgreSQL for reporting" vs "never used PostgreSQL")',
    );
    expect(against("The migration had downtime.", "The migration finished without downtime.")).toBe(
      'the source says the opposite ("without downtime" vs "The migration had downtime")',
    );
  });
});

describe("direction: a change the other way round", () => {
  it.each([
    ["Moved the platform from Amazon EKS to self-managed VMs.", VMS_TO_EKS],
    ["Moved the platform to self-managed VMs from Amazon EKS.", VMS_TO_EKS],
    ["Migrated the platform Amazon EKS → self-managed VMs.", VMS_TO_EKS],
    ["Migrated the platform Amazon EKS -> self-managed VMs.", VMS_TO_EKS],
    ["Moved the platform off Amazon EKS onto self-managed VMs.", VMS_TO_EKS],
    ["Migrated off Amazon EKS.", "Migrated the platform to Amazon EKS."],
    ["Increased p95 latency from 140 ms to 820 ms.", "Reduced p95 latency from 820 ms to 140 ms."],
    ["Latency went from 140 ms to 820 ms.", "Latency went from 820 ms to 140 ms."],
    ["Latency rose to 820 ms.", "Latency fell from 820 ms to 140 ms."],
    ["Increased the monthly bill by 23%.", "Reduced the monthly bill by 23%."],
    ["Raised latency from 820 ms to 140 ms.", "Cut latency from 820 ms to 140 ms."],
    ["Doubled the error rate.", "Halved the error rate."],
    ["Latency went up by 40%.", "Latency went down by 40%."],
    ["Made checkout latency 5.9x higher.", "Checkout latency went from 820 ms to 140 ms."],
    // Each part of a clause has its own verb; a part without one shares the verb before it.
    ["Reduced error rates by 40%.", "Cut latency and increased error rates by 40%."],
    ["Increased error rates by 40%.", "Reduced latency and error rates by 40%."],
  ])("%s (source: %s)", (claim, source) => {
    expect(against(claim, source)).toMatch(/^the source says the opposite/);
  });

  it("names the verbs when both have one, else quotes the changes", () => {
    expect(against("Increased the monthly bill by 23%.", "Reduced the monthly bill by 23%.")).toBe(
      'the source says the opposite ("reduced" vs "increased")',
    );
    expect(against("Latency went from 140 ms to 820 ms.", "Latency went from 820 ms to 140 ms.")).toBe(
      'the source says the opposite ("from 820 ms to 140 ms" vs "from 140 ms to 820 ms")',
    );
    expect(against("Moved the platform to self-managed VMs from Amazon EKS.", VMS_TO_EKS)).toBe(
      'the source says the opposite ("from self-managed VMs to Amazon EKS" vs "to self-managed VMs from Amazon EKS")',
    );
  });
});

describe("roles: which of two was chosen, swapped", () => {
  it.each([
    ["Keeps balances in Redis instead of PostgreSQL.", LEDGER],
    ["Keeps balances in Redis rather than PostgreSQL.", LEDGER],
    ["Chose Redis over PostgreSQL.", LEDGER],
    ["Replaced PostgreSQL with Redis.", LEDGER],
    ["Redis replaced PostgreSQL for balances.", "PostgreSQL replaced Redis for balances."],
    ["PostgreSQL was replaced by Redis.", "Replaced Redis with PostgreSQL."],
    ["Dropped PostgreSQL in favour of Redis.", "Dropped Redis in favour of PostgreSQL."],
    ["Instead of PostgreSQL, the ledger uses Redis.", LEDGER],
    // A move and a choice read alike: what a platform moved to was chosen over what it left.
    ["Chose self-managed VMs over Amazon EKS.", VMS_TO_EKS],
  ])("%s (source: %s)", (claim, source) => {
    expect(against(claim, source)).toMatch(/^the source says the opposite/);
  });

  it("quotes both choices", () => {
    expect(against("Keeps balances in Redis instead of PostgreSQL.", LEDGER)).toBe(
      'the source says the opposite ("PostgreSQL instead of Redis" vs "Redis instead of PostgreSQL")',
    );
    expect(against("Replaced PostgreSQL with Redis.", LEDGER)).toBe(
      'the source says the opposite ("PostgreSQL instead of Redis" vs "Replaced PostgreSQL with Redis")',
    );
  });
});

describe("the truthful rewordings are not flagged", () => {
  it.each([
    // double negation avoided: both sides negate the same thing
    ["Moved the platform without downtime.", "Moved the platform without downtime."],
    [
      "Moved the platform to Amazon EKS with no downtime.",
      "Moved the platform to Amazon EKS without downtime.",
    ],
    ["The service no longer pages on-call.", "Since the move the service no longer pages on-call."],
    ["The service doesn't page on-call anymore.", "The service no longer pages on-call."],
    [
      "Dana did not use MongoDB for the warehouse.",
      "Dana uses PostgreSQL for the warehouse and never used MongoDB there.",
    ],
    [
      "Dana uses PostgreSQL for the warehouse, not MongoDB.",
      "Dana uses PostgreSQL for the warehouse and never used MongoDB there.",
    ],
    [
      "Dana used PostgreSQL at Acme.",
      "Dana used PostgreSQL at Acme. The team never used PostgreSQL at Beta.",
    ],
    // not a negation
    ["Not only cut latency from 820 ms to 140 ms.", "Cut latency from 820 ms to 140 ms."],
    ["Deploys take no more than 6 minutes.", "Deploys take 6 minutes."],
    ["Built a no-downtime migration path.", "Built a migration path."],
    // direction kept
    ["Cut p95 latency from 820 ms to 140 ms.", "p95 latency went from 820 ms to 140 ms."],
    ["Reduced latency to 140 ms from 820 ms.", "Reduced p95 latency from 820 ms to 140 ms."],
    ["Latency dropped from 820ms to 140ms.", "Reduced latency from 820 ms to 140 ms."],
    ["Made checkout latency 5.9x lower.", "Checkout latency went from 820 ms to 140 ms."],
    ["Moved to Amazon EKS from self-managed VMs.", VMS_TO_EKS],
    ["Moved the platform self-managed VMs → Amazon EKS.", VMS_TO_EKS],
    ["Migrated the platform to Amazon EKS.", VMS_TO_EKS],
    [
      "Increased throughput by 2x and reduced latency by 80%.",
      "Reduced latency by 80% and doubled throughput.",
    ],
    ["Worked there from June 2018 to March 2021.", "Worked there from June 2018 to March 2021."],
    // one sentence agrees though another says the opposite of a like change
    [
      "Caching cut latency from 820 ms to 140 ms.",
      "Latency rose to 820 ms during the incident, then caching cut it from 820 ms to 140 ms.",
    ],
    // roles kept
    ["Chose PostgreSQL over Redis.", LEDGER],
    ["Keeps balances in PostgreSQL rather than Redis.", LEDGER],
    ["Replaced Redis with PostgreSQL.", LEDGER],
    ["Redis was replaced by PostgreSQL.", LEDGER],
    ["Uses PostgreSQL, not Redis.", LEDGER],
    ["Dropped Redis in favour of PostgreSQL.", LEDGER],
    ["Chose Amazon EKS over self-managed VMs.", VMS_TO_EKS],
    // "over" without a choice is no choice
    ["Serves gRPC over HTTP/2 to Amazon EKS.", "Serves gRPC over HTTP/2 to Amazon EKS."],
    ["Cut over to Amazon EKS in 2024.", VMS_TO_EKS],
  ])("%s (source: %s)", (claim, source) => {
    expect(against(claim, source)).toBeUndefined();
  });
});

describe("readMeaning", () => {
  it("reads technologies and figures as one term each", () => {
    const m = read("Reduced p95 latency on Amazon EKS from 820 ms to 140 ms.");
    expect([...m.keys]).toEqual(expect.arrayContaining(["t:amazon-eks", "n:0.82:s", "n:0.14:s"]));
  });

  it("keeps a negation inside its clause", () => {
    const m = read("Dana never used MongoDB, and the team uses PostgreSQL.");
    expect(m.terms.get("t:mongodb")?.negated).toBe("never used MongoDB");
    expect(m.terms.get("t:postgresql")?.negated).toBeUndefined();
  });
});
