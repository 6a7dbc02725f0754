// Names that are also common words, people's names or seasons (`ambiguous` in the catalog): found in prose
// only where the text uses them as technologies.
import { describe, expect, it } from "vitest";
import { catalogEntrySchema } from "../../extractors/catalog-schema.js";
import { Catalog, defaultCatalog } from "../../extractors/catalog.js";
import { firstPerTechnology } from "../../guards/backing/text.js";

const catalog = await defaultCatalog();
const ids = (text: string): string[] => catalog.findMentions(text).map((m) => m.id);

/**
 * Per family: sentences that do not use the name as a technology (a pair names what else the sentence
 * names), then sentences that do.
 */
const families: { family: string; not: (string | [string, string[]])[]; uses: [string, string[]][] }[] = [
  {
    family: "A labelled list of technologies",
    not: ["Skills: go to market planning", "Keywords: swift delivery"],
    uses: [
      ["Keywords: Swift, VoiceOver, MapKit.", ["swift"]],
      ["Skills: Go, Rust", ["go", "rust"]],
      ["Languages: Swift / Go.", ["swift", "go"]],
    ],
  },
  {
    family: "Contentful (a web-vitals metric)",
    not: [
      "Cut largest contentful paint on product pages from 4.2s to 2.1s",
      ["Improved Largest Contentful Paint with Next.js image resizing", ["nextjs"]],
    ],
    uses: [
      ["Migrated the blog to Contentful", ["contentful"]],
      ["Content modelled in Contentful with Next.js", ["contentful", "nextjs"]],
    ],
  },
  {
    family: "Go (a word)",
    not: ["Go-to-market plan for the Q3 launch", "Go live was moved to March", "Helped the team Go Green"],
    uses: [
      ["Wrote services in Go", ["go"]],
      ["Upgraded to Go 1.22", ["go"]],
      ["Go services handle checkout", ["go"]],
      ["Go-based ingestion workers", ["go"]],
      ["Go", ["go"]],
      ["Go.", ["go"]],
      ["Go, Rust and Kafka", ["go", "rust", "kafka"]],
      ["Go and Rust", ["go", "rust"]],
      ["Bumped Go in go.mod", ["go"]],
      ["Ported the Python jobs to Go", ["python", "go"]],
      ["Kafka (Go)", ["kafka", "go"]],
      ["Languages: Go, Python", ["go", "python"]],
      ["## Go", ["go"]],
      ["Written in Golang", ["go"]],
    ],
  },
  {
    family: "Black (a word)",
    not: [
      "Prepared checkout for Black Friday traffic",
      ["Scaled the Black Friday sale on Kubernetes", ["kubernetes"]],
    ],
    uses: [
      ["Formatted code with Black", ["black"]],
      ["Black and Ruff in pre-commit", ["black", "ruff", "pre-commit"]],
      ["Adopted the Black formatter", ["black"]],
      ["Pinned Black 24.3", ["black"]],
      ["Ran the formatter Black in CI", ["black"]],
    ],
  },
  {
    family: "Spring (a season)",
    not: [
      "Shipped the Spring 2023 release",
      "Shipped it in the spring of 2022",
      "Shipped it in the Spring of 2022",
      "Launched in Spring",
      "Interned over the Spring semester",
      ["Moved the Kafka consumers last Spring", ["kafka"]],
      "Spring '23 cohort",
    ],
    uses: [
      ["Built the API with Spring Boot", ["spring-boot"]],
      ["Built the API on Spring", ["spring-framework"]],
      ["Upgraded to Spring 6", ["spring-framework"]],
      ["Spring and Hibernate services", ["spring-framework", "hibernate"]],
      ["Moved the Kafka consumers to Spring", ["kafka", "spring-framework"]],
      ["Spring", ["spring-framework"]],
    ],
  },
  {
    family: "Julia, Hugo (people's names)",
    not: [
      "Mentored Julia and Hugo",
      "Mentored Julia, Hugo and Ruby",
      ["Paired with Julia on the Kafka migration", ["kafka"]],
      "Took over Julia's backlog",
      "Reviewed designs with Hugo Boss",
      "Julia Evans wrote the post",
    ],
    uses: [
      ["Simulations in Julia", ["julia"]],
      ["Julia 1.10 notebooks", ["julia"]],
      ["Julia and Python", ["julia", "python"]],
      ["Built a Hugo site", ["hugo"]],
      ["Generated the docs using Hugo", ["hugo"]],
      ["Julia", ["julia"]],
    ],
  },
  {
    family: "Ruby (a person's name)",
    not: ["Worked with the Ruby team", "Worked with Ruby on the roadmap", "Thanked Ruby Tuesday staff"],
    uses: [
      ["Ruby 3.3 upgrade", ["ruby"]],
      ["Published a Ruby gem", ["ruby"]],
      ["Pinned Ruby in the Gemfile", ["ruby"]],
      ["Go and Ruby", ["go", "ruby"]],
      ["Maintained Ruby on Rails apps", ["rails"]],
      ["Rewrote (.rb) Ruby helpers", ["ruby"]],
    ],
  },
  {
    family: "Chef, Puppet, Salt (words)",
    not: ["Worked as a Chef before engineering", "Opened the Salt Lake City office", "A Puppet show"],
    uses: [
      ["Chef cookbooks for the fleet", ["chef"]],
      ["Chef and Puppet", ["chef", "puppet"]],
      ["Salt states for every host", ["saltstack"]],
      ["Configured hosts with Puppet", ["puppet"]],
    ],
  },
  {
    family: "Swift, Rust, Dart, Crystal, Elm (words and names)",
    not: ["Booked Taylor Swift tickets", "Grew up in the Rust Belt", "Moved to Elm Street", "Met Crystal"],
    uses: [
      ["iOS apps in Swift", ["ios", "swift"]],
      ["Swift 5.9 concurrency", ["swift"]],
      ["Rewrote the parser in Rust", ["rust"]],
      ["Dana has 15 years of Rust experience at Google.", ["rust"]],
      ["Strong Swift experience required", ["swift"]],
      ["Dart and Flutter", ["dart", "flutter"]],
      ["Crystal 1.12", ["crystal"]],
      ["Frontend in Elm", ["elm"]],
    ],
  },
  {
    family: "Vault, Consul, Nomad, Helm (HashiCorp and friends)",
    not: ["Opened the Vault at the bank", "Took the Helm of the team", "A digital Nomad for two years"],
    uses: [
      ["Stored secrets in Vault", ["vault"]],
      ["Vault, Consul and Nomad", ["vault", "consul", "nomad"]],
      ["Deployed with Helm and Terraform", ["helm", "terraform"]],
      ["Helm charts for every service", ["helm"]],
    ],
  },
  {
    family: "Jenkins (a surname)",
    not: ["Reported to Sarah Jenkins", "Worked with Jenkins on hiring"],
    uses: [
      ["Jenkins pipelines", ["jenkins"]],
      ["Moved builds from Jenkins to GitHub Actions", ["github-actions"]],
      ["Jenkins and Docker", ["jenkins", "docker"]],
    ],
  },
  {
    family: "Express, Flask, Gin, Echo, Fiber (web frameworks)",
    not: [
      "Paid with American Express",
      "Express delivery for orders",
      "A Flask of coffee",
      "Laid Fiber cable",
    ],
    uses: [
      ["REST API on Express", ["express"]],
      ["Flask app", ["flask"]],
      ["Gin and Echo services", ["gin", "echo"]],
      ["Rewrote the API from Fiber to Gin", ["fiber", "gin"]],
    ],
  },
  {
    family: "Exposed, Bootstrap, Amplify (verbs)",
    not: [
      ["Exposed metrics to Prometheus", ["prometheus"]],
      "Bootstrap new services in minutes",
      "Amplify the team's impact",
    ],
    uses: [
      ["Exposed and Ktor", ["exposed", "ktor"]],
      ["Kotlin Exposed DAOs", ["exposed"]],
      ["Styled the admin UI with Bootstrap", ["bootstrap"]],
      ["Hosted the site on AWS Amplify", ["aws-amplify"]],
    ],
  },
  {
    family: "Jest, Mocha, Jasmine, Karma, Chai (test tools)",
    not: ["Mentored Jasmine", "Good Karma", "Ordered Chai for the offsite"],
    uses: [
      ["Tests use Jest and Playwright", ["jest", "playwright"]],
      ["Mocha, Chai and Sinon", ["mocha", "chai", "sinon"]],
      ["Karma runner", ["karma"]],
      ["Migrated from Jasmine to Vitest", ["vitest"]],
    ],
  },
  {
    family: "Claude (a person's name), Aurora, Athena (words)",
    not: [
      "Thanked Claude for the review",
      "Photographed the Aurora Borealis",
      "Paired with Claude",
      "Mentored Athena",
    ],
    uses: [
      ["Built Claude-powered summaries", ["anthropic"]],
      ["Moved reads to Aurora", ["amazon-aurora"]],
      ["Queried logs using Athena", ["amazon-athena"]],
    ],
  },
  {
    family: "Kong, Salt, Harbor (parts of place names)",
    not: ["Opened the Hong Kong office", "Senior Platform Engineer, Harbor Freight Logistics"],
    uses: [
      ["Routed traffic through Kong and Envoy", ["kong", "envoy"]],
      ["Pushed images to Harbor", ["harbor"]],
    ],
  },
  {
    family: "a name set to work by a verb before it (a lie must still be judged)",
    not: [
      "Introduced Julia to the on-call rota",
      "Added Hugo to the reviewers",
      "Maintained Spring cleaning",
    ],
    uses: [
      ["Introduced Helm across teams", ["helm"]],
      ["Adopted Spring for the API layer", ["spring-framework"]],
      ["Added Sentry to every service", ["sentry"]],
      ["Deployed Vault for secrets", ["vault"]],
      ["Configured Jenkins for the monorepo", ["jenkins"]],
      ["Sentry alerts cut MTTR", ["sentry"]],
    ],
  },
  {
    family: "a skill known or learned (a recruiter's question)",
    not: [
      "Does Dana know Julia from the Berlin office?",
      "Learned from Hugo how to mentor",
      "knew rust would form",
    ],
    uses: [
      ["Does Dana know Rust?", ["rust"]],
      ["Has Dana learned Go?", ["go"]],
      ["Learning Spring this quarter", ["spring-framework"]],
    ],
  },
];

describe.each(families)("$family", ({ not, uses }) => {
  const others = not.map((c): [string, string[]] => (typeof c === "string" ? [c, []] : c));
  it.each(others)("%j names only %j", (text, expected) => {
    expect(ids(text)).toEqual(expected);
  });

  it.each(uses)("%j names %j", (text, expected) => {
    expect(ids(text)).toEqual(expected);
  });
});

describe("ambiguous names in a longer text", () => {
  const text = [
    "Prepared checkout for Black Friday traffic. Formatted code with Black.",
    "Mentored Julia and Hugo; built the docs with Hugo 0.120.",
    "Shipped the Spring 2023 release of the Go services.",
  ].join("\n");

  it("judges each mention by its own sentence", () => {
    expect(catalog.findMentions(text).map((m) => `${m.id}:${m.matched}@${m.start}`)).toEqual([
      `black:Black@${text.indexOf("Black.")}`,
      `hugo:Hugo@${text.indexOf("Hugo 0.120")}`,
      `go:Go@${text.indexOf("Go services")}`,
    ]);
  });

  it("firstMentions is the first of findMentions per technology", () => {
    const texts = [text, "Black Friday. Black and Ruff. Black again.", "Go live; Go 1.22; Golang"];
    for (const t of texts)
      expect(catalog.firstMentions(t)).toEqual(firstPerTechnology(catalog.findMentions(t)));
  });

  it("keeps the case rules: text: exact never reads `go` or `black` as a name", () => {
    expect(ids("go to the store in black shoes, with go 1.22")).toEqual([]);
  });
});

describe("the ambiguous flag", () => {
  const entry = {
    id: "spring-framework",
    name: "Spring Framework",
    aliases: ["Spring"],
    category: "web-framework",
  };

  it("names the entry's own names, under one kind each", () => {
    expect(catalogEntrySchema.safeParse({ ...entry, ambiguous: { season: ["Spring"] } }).success).toBe(true);
    const unknown = catalogEntrySchema.safeParse({ ...entry, ambiguous: { word: ["Summer"] } });
    expect(unknown.error?.issues[0]).toMatchObject({ path: ["ambiguous", "word", 0] });
    const twice = catalogEntrySchema.safeParse({
      ...entry,
      ambiguous: { word: ["Spring"], season: ["Spring"] },
    });
    expect(twice.error?.issues[0]?.message).toMatch(/two kinds/);
    expect(catalogEntrySchema.safeParse({ ...entry, ambiguous: { colour: ["Spring"] } }).success).toBe(false);
  });

  it("leaves the entry's other names alone", () => {
    const own = new Catalog([
      { ...entry, category: "web-framework", ambiguous: { season: ["Spring"] } },
      { id: "kafka", name: "Kafka", category: "message-broker" },
    ]);
    expect(own.findMentions("Spring 2023").map((m) => m.id)).toEqual([]);
    expect(own.findMentions("Spring Framework 2023").map((m) => m.id)).toEqual(["spring-framework"]);
    expect(own.findMentions("Spring and Kafka").map((m) => m.id)).toEqual(["spring-framework", "kafka"]);
  });

  it("is set on the families the design names", () => {
    const flagged = (id: string) => catalog.get(id)?.ambiguous;
    for (const id of ["black", "julia", "hugo", "ruby", "go", "swift", "chef"])
      expect(flagged(id)).toBeDefined();
    expect(flagged("spring-framework")).toEqual({ season: ["Spring"] });
    // Brands that are rarely anything else are always found, and anchor their neighbours.
    for (const id of ["kafka", "prometheus", "redis", "docker", "terraform", "ruff"])
      expect(flagged(id)).toBeUndefined();
  });
});
