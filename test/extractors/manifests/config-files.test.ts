import { describe, expect, it } from "vitest";
import { analyzeRepo } from "../../../extractors/analyze.js";
import { defaultCatalog } from "../../../extractors/catalog.js";
import { allDetectors } from "../../../extractors/detectors.js";
import { configFileDetector, shadcnConfigDetector } from "../../../extractors/manifests/config-files.js";
import { memoryRepo } from "../../helpers/memory-repo.js";

describe("technologies an application configures by a file of their own", () => {
  it.each([
    ["src/main/resources/logback-spring.xml", "logback"],
    ["logback.xml", "logback"],
    ["src/main/resources/log4j2.xml", "log4j"],
    ["config/cable.yml", "action-cable"],
    ["deployment/elasticbeanstalk/Dockerrun.aws.json", "elastic-beanstalk"],
    [".ebextensions/01-env.config", "elastic-beanstalk"],
    ["paas-failwhale/nginx.conf", "nginx"],
    ["migrations/20200101_init.up.sql", "sql"],
    ["src/main/resources/db/migration/V21__bulk_alerts.sql", "sql"],
    ["src/main/resources/migration/common/V1_2__baseline.sql", "sql"],
    ["db/schema/tables.sql", "sql"],
    ["internal/queries/users.sql", "sql"],
  ])("%s is %s, by name alone", (path, tool) => {
    expect(configFileDetector.matches(path)).toBe(true);
    expect(configFileDetector.detect({ path, text: "" }).map((d) => [d.key.space, d.key.name])).toEqual([
      ["tool", tool],
    ]);
  });

  it.each([
    "cable.yml",
    "logback.md",
    "config/cable.yaml.example",
    "nginx.config.ts",
    "backup/dump.sql",
    "seed.sql",
  ])("%s is no configuration file of one", (path) => expect(configFileDetector.matches(path)).toBe(false));

  it("takes its folder's kind: a test's logback configures the tests", async () => {
    const catalog = await defaultCatalog();
    const { found } = await analyzeRepo(
      memoryRepo({
        "src/main/resources/logback-spring.xml": "<configuration/>",
        "src/test/resources/logback-test.xml": "<configuration/>",
        "config/cable.yml": "production:\n  adapter: redis\n",
      }),
      { catalog, detectors: allDetectors },
    );
    expect(
      found
        .filter((f) => ["logback", "websocket"].includes(f.technology))
        .map((f) => `${f.technology} ${f.evidence.path} ${f.evidence.kind}`)
        .sort(),
    ).toEqual([
      "logback src/main/resources/logback-spring.xml production",
      "websocket config/cable.yml production",
    ]);
  });
});

describe("shadcn/ui's components.json", () => {
  const detect = (text: string) =>
    shadcnConfigDetector.detect({ path: "components.json", text }).map((d) => d.key.name);

  it("is shadcn/ui by its schema or by the fields shadcn writes", () => {
    expect(detect('{ "$schema": "https://ui.shadcn.com/schema.json", "style": "new-york" }')).toEqual([
      "shadcn-ui",
    ]);
    expect(detect('{ "style": "default", "tailwind": { "css": "app/globals.css" }, "aliases": {} }')).toEqual(
      ["shadcn-ui"],
    );
  });

  it("is nothing for another tool's components.json or a malformed one", () => {
    expect(detect('{ "components": ["button"] }')).toEqual([]);
    expect(detect("{ not json")).toEqual([]);
    expect(detect("[]")).toEqual([]);
  });
});
