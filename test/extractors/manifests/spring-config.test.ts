import { beforeAll, describe, expect, it } from "vitest";
import { defaultCatalog } from "../../../extractors/catalog.js";
import { springConfigDetector } from "../../../extractors/manifests/spring-config.js";
import { initDetectors, lines } from "./helpers.js";

beforeAll(() => initDetectors(springConfigDetector));

const detect = (path: string, text: string) =>
  springConfigDetector.detect({ path, text }).map((d) => [d.key.name, d.line, d.scope]);

describe("Spring Boot's configuration files", () => {
  it("reports every property of application.yml by its dotted name, with its line", () => {
    const text = lines(
      "spring:",
      "  datasource:",
      "    url: jdbc:postgresql://db/alerts",
      "    hikari:",
      "      maximum-pool-size: 10",
      "server:",
      "  tomcat:",
      "    remoteip:",
      "      protocol-header: x-forwarded-proto",
    );
    expect(detect("src/main/resources/application.yml", text)).toEqual([
      ["spring.datasource.url", 3, "runtime"],
      ["spring.datasource.hikari.maximum-pool-size", 5, "runtime"],
      ["server.tomcat.remoteip.protocol-header", 9, "runtime"],
    ]);
  });

  it("reads .properties files, continuation lines and all", () => {
    const text = lines(
      "# the OAuth client",
      "spring.security.oauth2.client.registration.hmpps.client-id=${CLIENT_ID}",
      "server.port = 8080 \\",
      "  1",
      "server.jetty.threads.max: 200",
    );
    expect(detect("application-prod.properties", text)).toEqual([
      ["spring.security.oauth2.client.registration.hmpps.client-id", 2, "runtime"],
      ["server.port", 3, "runtime"],
      ["server.jetty.threads.max", 5, "runtime"],
    ]);
  });

  it("reads a test or local profile's file as the tests' and laptops' configuration", () => {
    expect(detect("src/main/resources/application-local.yml", "spring:\n  kafka:\n    x: 1\n")).toEqual([
      ["spring.kafka.x", 3, "dev"],
    ]);
    expect(detect("application-dev-postgres.properties", "a.b=1")).toEqual([["a.b", 1, "dev"]]);
    expect(detect("application-production.yml", "a: 1")).toEqual([["a", 1, "runtime"]]);
  });

  it("reads a config server's shared files, and nothing of malformed YAML", () => {
    expect(springConfigDetector.matches("config/src/main/resources/shared/account-service.yml")).toBe(true);
    expect(springConfigDetector.matches("src/main/resources/application.yaml")).toBe(true);
    expect(springConfigDetector.matches("config/settings.yml")).toBe(false);
    expect(detect("application.yml", "spring: [unclosed")).toEqual([]);
  });

  it("names the technologies the catalog keys by property prefix", async () => {
    const catalog = await defaultCatalog();
    const lookup = (name: string) => catalog.lookup({ space: "spring-property", name }).sort();
    expect(lookup("spring.datasource.hikari.maximum-pool-size")).toEqual(["hikaricp"]);
    expect(lookup("server.tomcat.remoteip.protocol-header")).toEqual(["tomcat"]);
    expect(lookup("spring.security.oauth2.client.provider.hmpps-auth.token-uri")).toEqual([
      "oauth-libraries",
    ]);
    expect(lookup("spring.datasource.url")).toEqual([]);
  });
});
