import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { pomXmlDetector } from "../../../extractors/manifests/maven.js";
import { extract } from "../../../extractors/extract.js";
import { type Row, detectRows, expectParseError, lines, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(pomXmlDetector));

const pom = (...body: string[]): string =>
  lines(
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<project xmlns="http://maven.apache.org/POM/4.0.0">',
    ...body,
    "</project>",
  );

const cases: { name: string; text: string; expected: Row[] }[] = [
  {
    name: "dependencies by scope; dependencyManagement and pluginManagement skipped",
    text: pom(
      "  <groupId>com.example</groupId>",
      "  <artifactId>app</artifactId>",
      "  <dependencyManagement>",
      "    <dependencies>",
      "      <dependency>",
      "        <groupId>org.springframework.boot</groupId>",
      "        <artifactId>spring-boot-dependencies</artifactId>",
      "        <type>pom</type>",
      "        <scope>import</scope>",
      "      </dependency>",
      "    </dependencies>",
      "  </dependencyManagement>",
      "  <dependencies>",
      "    <dependency>",
      "      <groupId>org.postgresql</groupId>",
      "      <artifactId>postgresql</artifactId>",
      "      <version>42.7.1</version>",
      "    </dependency>",
      "    <dependency><groupId>org.junit.jupiter</groupId><artifactId>junit-jupiter</artifactId><scope>test</scope></dependency>",
      "    <dependency>",
      "      <groupId>jakarta.servlet</groupId>",
      "      <artifactId>jakarta.servlet-api</artifactId>",
      "      <scope>provided</scope>",
      "    </dependency>",
      "  </dependencies>",
      "  <build>",
      "    <pluginManagement><plugins><plugin><artifactId>maven-surefire-plugin</artifactId></plugin></plugins></pluginManagement>",
      "    <plugins>",
      "      <plugin>",
      "        <artifactId>maven-compiler-plugin</artifactId>",
      "      </plugin>",
      "      <plugin>",
      "        <groupId>org.flywaydb</groupId>",
      "        <artifactId>flyway-maven-plugin</artifactId>",
      "        <dependencies>",
      "          <dependency>",
      "            <groupId>com.mysql</groupId>",
      "            <artifactId>mysql-connector-j</artifactId>",
      "          </dependency>",
      "        </dependencies>",
      "      </plugin>",
      "    </plugins>",
      "  </build>",
    ),
    expected: [
      ["maven", "org.postgresql:postgresql", 16, "runtime"],
      ["maven", "org.junit.jupiter:junit-jupiter", 21, "test"],
      ["maven", "jakarta.servlet:jakarta.servlet-api", 22, "runtime"],
      ["maven", "org.apache.maven.plugins:maven-compiler-plugin", 31, "build"],
      ["maven", "org.flywaydb:flyway-maven-plugin", 34, "build"],
      ["maven", "com.mysql:mysql-connector-j", 38, "build"],
    ],
  },
  {
    name: "property placeholders from <properties>, the project and its parent",
    text: pom(
      "  <parent>",
      "    <groupId>com.example.platform</groupId>",
      "    <artifactId>parent</artifactId>",
      "    <version>2.0.0</version>",
      "  </parent>",
      "  <artifactId>svc</artifactId>",
      "  <properties>",
      "    <aws.group>software.amazon.awssdk</aws.group>",
      "    <aws.artifact>${aws.prefix}3</aws.artifact>",
      "    <aws.prefix>s</aws.prefix>",
      "  </properties>",
      "  <dependencies>",
      "    <dependency>",
      "      <groupId>${project.groupId}</groupId>",
      "      <artifactId>common</artifactId>",
      "    </dependency>",
      "    <dependency>",
      "      <groupId>${aws.group}</groupId>",
      "      <artifactId>${aws.artifact}</artifactId>",
      "    </dependency>",
      "    <dependency>",
      "      <groupId>${undefined.group}</groupId>",
      "      <artifactId>x</artifactId>",
      "    </dependency>",
      "  </dependencies>",
    ),
    expected: [
      ["maven", "com.example.platform:common", 15, "runtime"],
      ["maven", "software.amazon.awssdk:s3", 19, "runtime"],
      ["maven", "${undefined.group}:x", 23, "runtime"],
    ],
  },
  {
    name: "profiles' dependencies and plugins",
    text: pom(
      "  <groupId>g</groupId>",
      "  <profiles>",
      "    <profile>",
      "      <id>it</id>",
      "      <dependencies>",
      "        <dependency>",
      "          <groupId>org.testcontainers</groupId>",
      "          <artifactId>postgresql</artifactId>",
      "          <scope>test</scope>",
      "        </dependency>",
      "      </dependencies>",
      "      <build><plugins><plugin>",
      "        <groupId>org.jacoco</groupId><artifactId>jacoco-maven-plugin</artifactId>",
      "      </plugin></plugins></build>",
      "    </profile>",
      "  </profiles>",
    ),
    expected: [
      ["maven", "org.testcontainers:postgresql", 8, "test"],
      ["maven", "org.jacoco:jacoco-maven-plugin", 14, "build"],
    ],
  },
  {
    name: "CRLF, a byte-order mark and comments",
    text: "\uFEFF<project>\r\n<!-- <dependencies><dependency><groupId>x</groupId><artifactId>y</artifactId></dependency></dependencies> -->\r\n<dependencies>\r\n<dependency>\r\n<groupId>io.micrometer</groupId><artifactId>micrometer-core</artifactId>\r\n</dependency>\r\n</dependencies>\r\n</project>\r\n",
    expected: [["maven", "io.micrometer:micrometer-core", 4, "runtime"]],
  },
  {
    name: "WebJars are also their npm packages; the WebJars locator is not",
    text: pom(
      "  <dependencies>",
      "    <dependency><groupId>org.webjars</groupId><artifactId>bootstrap</artifactId><version>5.3.3</version></dependency>",
      "    <dependency><groupId>org.webjars.npm</groupId><artifactId>jquery</artifactId></dependency>",
      "    <dependency><groupId>org.webjars.npm</groupId><artifactId>popperjs__core</artifactId></dependency>",
      "    <dependency><groupId>org.webjars</groupId><artifactId>webjars-locator-core</artifactId></dependency>",
      "    <dependency><groupId>org.webjars.bower</groupId><artifactId>htmx.org</artifactId><scope>test</scope></dependency>",
      "    <dependency><groupId>org.webjarsx</groupId><artifactId>bootstrap</artifactId></dependency>",
      "  </dependencies>",
    ),
    expected: [
      ["maven", "org.webjars:bootstrap", 4, "runtime"],
      ["npm", "bootstrap", 4, "runtime"],
      ["maven", "org.webjars.npm:jquery", 5, "runtime"],
      ["npm", "jquery", 5, "runtime"],
      ["maven", "org.webjars.npm:popperjs__core", 6, "runtime"],
      ["npm", "@popperjs/core", 6, "runtime"],
      ["maven", "org.webjars:webjars-locator-core", 7, "runtime"],
      ["maven", "org.webjars.bower:htmx.org", 8, "test"],
      ["npm", "htmx.org", 8, "test"],
      ["maven", "org.webjarsx:bootstrap", 9, "runtime"],
    ],
  },
  { name: "empty file", text: "", expected: [] },
  { name: "an empty project", text: "<project/>", expected: [] },
];

describe("pom.xml", () => {
  it.each(cases)("$name", ({ text, expected }) => {
    expect(detectRows(pomXmlDetector, "services/api/pom.xml", text)).toEqual(expected);
  });

  it("details section and coordinates", () => {
    const text = pom(
      "<dependencies><dependency><groupId>a</groupId><artifactId>b</artifactId><version>1</version></dependency></dependencies>",
      "<build><plugins><plugin><artifactId>maven-jar-plugin</artifactId></plugin></plugins></build>",
    );
    expect(pomXmlDetector.detect({ path: "pom.xml", text }).map((d) => d.detail)).toEqual([
      "dependencies: a:b:1",
      "build plugins: org.apache.maven.plugins:maven-jar-plugin",
    ]);
  });

  it("details a WebJar as the npm package it holds", () => {
    const text = pom(
      "<dependencies><dependency><groupId>org.webjars</groupId><artifactId>jquery</artifactId><version>3.7.1</version></dependency></dependencies>",
    );
    expect(pomXmlDetector.detect({ path: "pom.xml", text }).map((d) => d.detail)).toEqual([
      "dependencies: org.webjars:jquery:3.7.1",
      "webjar of jquery: dependencies: org.webjars:jquery:3.7.1",
    ]);
  });

  it.each([
    ["pom.xml", true],
    ["module/pom.xml", true],
    ["pom.xml.bak", false],
    ["parent.pom", false],
  ])("matches %s: %s", (path, expected) => {
    expect(pomXmlDetector.matches(path)).toBe(expected);
  });

  it.each([
    {
      name: "mismatched tags",
      text: lines("<project>", "  <dependencies>", "  </dependency>", "</project>"),
      message:
        "Invalid XML on line 3: Expected closing tag 'dependencies' (opened in line 2, col 3) instead of closing tag 'dependency'.",
      line: 3,
    },
    {
      name: "an unclosed root",
      text: lines("<project>", "  <dependencies/>"),
      message: "Invalid XML on line 1: Unclosed tag 'project'.",
      line: 1,
    },
    {
      name: "a dependency without artifactId",
      text: pom(
        "  <dependencies>",
        "    <dependency>",
        "      <groupId>a</groupId>",
        "    </dependency>",
        "  </dependencies>",
      ),
      message: "The <dependency> on line 4 has no <artifactId>.",
      line: 4,
    },
    {
      name: "a different root element",
      text: "<settings><servers/></settings>",
      message: "pom.xml has no <project> root element.",
      line: 1,
    },
  ])("rejects $name", ({ text, message, line }) => {
    expectParseError(pomXmlDetector, "pom.xml", text, message, line);
  });
});

const FIXTURES = join(import.meta.dirname, "../../fixtures/repos");

/** `vouch extract` on a fixture repository: each technology found, with its status. */
async function extracted(name: string): Promise<Record<string, string>> {
  const truth = await extract([join(FIXTURES, name)], { history: false });
  expect(truth.warnings).toEqual([]);
  return Object.fromEntries(truth.technologies.map((t) => [t.id, t.status]));
}

describe("a Spring app serving WebJars (detect-webjars)", () => {
  it("finds Bootstrap and jQuery in their WebJars, Thymeleaf, and H2 for tests", async () => {
    const found = await extracted("detect-webjars");
    expect(found).toMatchObject({
      bootstrap: "production",
      jquery: "production",
      thymeleaf: "production",
      "spring-boot": "production",
      h2: "test-only",
    });
  });
});
