import { describe, expect, it } from "vitest";
import { ownPackageDetector } from "../../../extractors/manifests/own-package.js";
import { loadToml } from "../../../extractors/manifests/toml-document.js";
import { loadXml } from "../../../extractors/manifests/xml-document.js";
import { NeedsLoading } from "../../../extractors/types.js";

/** `[space, name, line, detail]` of what the detector says the repository builds. */
async function own(path: string, text: string) {
  await loadXml();
  await loadToml();
  let detections;
  try {
    detections = ownPackageDetector.detect({ path, text });
  } catch (error) {
    if (!(error instanceof NeedsLoading)) throw error;
    await error.loading;
    detections = ownPackageDetector.detect({ path, text });
  }
  return detections.map((d) => [d.key.space, d.key.name, d.line, d.detail]);
}

describe("the package a manifest builds", () => {
  it.each([
    [
      "composer.json",
      '{\n  "name": "symfony/console",\n  "require": {}\n}',
      [["composer", "symfony/console", 2, "this repository is the package (name: symfony/console)"]],
    ],
    ["composer.json", '{ "require": { "php": "^8" } }', []],
    ["composer.json", '{ "name": "project" }', []],
    [
      "pom.xml",
      "<project>\n  <groupId>org.acme</groupId>\n  <artifactId>\n    orders\n  </artifactId>\n</project>",
      [
        [
          "maven",
          "org.acme:orders",
          undefined,
          "this repository is the package (artifactId: org.acme:orders)",
        ],
      ],
    ],
    [
      "pom.xml",
      "<project>\n<parent><groupId>org.acme</groupId><artifactId>orders</artifactId></parent>\n<artifactId>orders</artifactId>\n</project>",
      [["maven", "org.acme:orders", 3, "this repository is the package (artifactId: org.acme:orders)"]],
    ],
    ["pom.xml", "<project><groupId>${g}</groupId><artifactId>x</artifactId></project>", []],
    ["pom.xml", "<project><artifactId>x</artifactId></project>", []],
    ["pom.xml", "<project><artifactId>", []],
    [
      "acme.gemspec",
      'Gem::Specification.new do |gem|\n  gem.name = "acme-client"\nend',
      [["gem", "acme-client", 2, 'this repository is the package (name = "acme-client")']],
    ],
    [
      "sinatra.gemspec",
      "version = '4.1'\nGem::Specification.new 'sinatra', version do |s|\n  s.license = 'MIT'\nend",
      [["gem", "sinatra", 2, 'this repository is the package (Gem::Specification.new "sinatra")']],
    ],
    [
      "acme.gemspec",
      'Gem::Specification.new("acme", "1.0") do |s|\nend',
      [["gem", "acme", 1, 'this repository is the package (Gem::Specification.new "acme")']],
    ],
    ["acme.gemspec", "Gem::Specification.new do |s|\n  s.name = NAME\nend", []],
    ["acme.gemspec", "Gem::Specification.new do |s|\n  s.metadata = { name: 'x' }\nend", []],
    ["Lib.fsproj", "<Project><PropertyGroup><PackageId>$(Name)</PackageId></PropertyGroup></Project>", []],
    ["Lib.csproj", "<Project><PropertyGroup><AssemblyName>Lib</AssemblyName></PropertyGroup></Project>", []],
  ])("%s: %j", async (path, text, expected) => {
    expect(await own(path, text)).toEqual(expected);
  });

  it("does not read a file that names no package", () => {
    expect(ownPackageDetector.matches("Gemfile")).toBe(false);
    expect(ownPackageDetector.matches("src/App.csproj")).toBe(true);
    expect(ownPackageDetector.matches("rails.gemspec")).toBe(true);
  });
});
