import { describe, expect, it } from "vitest";
import { kotlinHits, kotlinImportDetector } from "../../../extractors/imports/kotlin.js";

const names = (text: string) =>
  kotlinHits({ path: "src/main/kotlin/App.kt", text }).map((h) => [h.name, h.line]);

describe("Kotlin imports", () => {
  it("reads the header's imports after file annotations, package and comments; a star import names its package", () => {
    const text = [
      "#!/usr/bin/env kotlin",
      '@file:Suppress("UnusedImport", "x)")',
      '@file:JvmName("Alerts")',
      "/* header /* nested */ still a comment */",
      "package uk.gov.justice.alerts",
      "",
      "import org.springframework.boot.autoconfigure.SpringBootApplication",
      "import org.springframework.web.bind.annotation.*",
      "import com.fasterxml.jackson.databind.ObjectMapper as Mapper // the JSON mapper",
      "import io.sentry.Sentry; import `in`.ktor.Thing",
      "import java.time.Instant",
      "import kotlin.collections.List",
      "import kotlinx.coroutines.launch",
      "",
      "@SpringBootApplication",
      "class App",
      "import not.a.header.Import",
    ].join("\n");
    expect(names(text)).toEqual([
      ["org.springframework.boot.autoconfigure.SpringBootApplication", 7],
      ["org.springframework.web.bind.annotation", 8],
      ["com.fasterxml.jackson.databind.ObjectMapper", 9],
      ["io.sentry.Sentry", 10],
      ["in.ktor.Thing", 10],
      ["kotlinx.coroutines.launch", 13],
    ]);
  });

  it("stops at the first declaration and on an unclosed comment", () => {
    expect(names("fun main() {}\nimport a.b.C")).toEqual([]);
    expect(names("/* never closed\nimport a.b.C")).toEqual([]);
    expect(names("import a.b.C\n/* never closed")).toEqual([["a.b.C", 1]]);
  });

  it("reports under the Java import space and reads only .kt files", () => {
    const found = kotlinImportDetector.detect({ path: "A.kt", text: "import org.postgresql.Driver\n" });
    expect(found.map((d) => [d.key.space, d.key.name, d.via, d.detail])).toEqual([
      ["import:java", "org.postgresql.Driver", "import", "import org.postgresql.Driver"],
    ]);
    expect(kotlinImportDetector.matches("src/App.kt")).toBe(true);
    expect(kotlinImportDetector.matches("build.gradle.kts")).toBe(false);
  });
});
