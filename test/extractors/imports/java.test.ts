import { beforeAll, describe, expect, it } from "vitest";
import { javaImportDetector } from "../../../extractors/imports/java.js";
import { keysAndLines, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(javaImportDetector));

type Case = [name: string, code: string, expected: [string, number][]];

const cases: Case[] = [
  [
    "single-type imports, JDK skipped, jakarta kept",
    `package com.acme;\n\nimport java.util.List;\nimport javax.inject.Inject;\nimport jakarta.persistence.Entity;\nimport software.amazon.awssdk.services.s3.S3Client;`,
    [
      ["jakarta.persistence.Entity", 5],
      ["software.amazon.awssdk.services.s3.S3Client", 6],
    ],
  ],
  [
    "static and wildcard imports",
    `package x;\nimport org.springframework.web.bind.annotation.*;\nimport static org.junit.jupiter.api.Assertions.assertEquals;\nimport static org.mockito.Mockito.*;\nimport static java.util.Objects.requireNonNull;`,
    [
      ["org.springframework.web.bind.annotation", 2],
      ["org.junit.jupiter.api.Assertions", 3],
      ["org.mockito.Mockito", 4],
    ],
  ],
  [
    "static imports of the same class keep the first line",
    `import static org.junit.Assert.assertTrue;\nimport static org.junit.Assert.assertFalse;\nimport org.junit.Assert;`,
    [["org.junit.Assert", 1]],
  ],
  [
    "comments and strings are not imports",
    `package x;\n// import com.fake.InComment;\n/* import com.fake.InBlock; */\n/** import com.fake.InJavadoc; */\nimport com.real.Thing;\nclass A { String s = "import com.fake.InString;"; String t = """\n  import com.fake.InTextBlock;\n  """; }`,
    [["com.real.Thing", 5]],
  ],
  [
    "a template header or missing semicolon does not hide imports",
    `<%= header %>\npackage com.x\nimport com.fasterxml.jackson.databind.ObjectMapper;\nimport org.slf4j.Logger;`,
    [
      ["com.fasterxml.jackson.databind.ObjectMapper", 3],
      ["org.slf4j.Logger", 4],
    ],
  ],
  [
    "an import split over lines",
    `import com.google\n  .common.collect\n  .ImmutableList;`,
    [["com.google.common.collect.ImmutableList", 1]],
  ],
];

describe("Java imports", () => {
  it.each(cases)("%s", (_name, code, expected) => {
    expect(keysAndLines(javaImportDetector, "src/main/java/A.java", code)).toEqual(expected);
  });

  it("reports space import:java, via import and the declaration as detail", () => {
    expect(javaImportDetector.detect({ path: "A.java", text: "import static a.b.C.m;" })).toEqual([
      {
        key: { space: "import:java", name: "a.b.C" },
        line: 1,
        via: "import",
        detail: "import static a.b.C.m;",
      },
    ]);
  });

  it.each([
    ["src/A.java", true],
    ["src/A.kt", false],
    ["src/A.scala", false],
  ])("matches(%s) is %s", (path, expected) => {
    expect(javaImportDetector.matches(path)).toBe(expected);
  });
});
