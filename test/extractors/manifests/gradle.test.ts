import { beforeAll, describe, expect, it } from "vitest";
import {
  configurationScope,
  gradleScriptDetector,
  versionCatalogDetector,
} from "../../../extractors/manifests/gradle.js";
import { type Row, detectRows, expectParseError, lines, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(gradleScriptDetector, versionCatalogDetector));

const groovyScript = lines(
  "plugins {",
  "    id 'java'",
  "    id 'org.springframework.boot' version '3.2.0'",
  '    id "io.spring.dependency-management" version "1.1.4" apply false',
  "}",
  "",
  "apply plugin: 'jacoco'",
  "",
  "dependencies {",
  "    implementation 'org.springframework.boot:spring-boot-starter-web'",
  '    implementation "org.jetbrains.kotlin:kotlin-stdlib:$kotlinVersion"',
  "    api group: 'com.google.guava', name: 'guava', version: '33.0-jre'",
  "    compileOnly 'org.projectlombok:lombok'",
  "    annotationProcessor 'org.projectlombok:lombok'",
  "    runtimeOnly 'org.postgresql:postgresql'",
  "    testImplementation 'org.springframework.boot:spring-boot-starter-test'",
  "    testRuntimeOnly 'org.junit.platform:junit-platform-launcher'",
  "    implementation platform('software.amazon.awssdk:bom:2.25.0')",
  "    implementation project(':core')",
  "    implementation libs.jackson.databind",
  "    implementation files('libs/a.jar')",
  '    implementation("$group:dynamic:1.0")',
  "    implementation('com.squareup.okhttp3:okhttp:4.12.0') {",
  "        exclude group: 'org.jetbrains.kotlin', module: 'kotlin-stdlib'",
  "    }",
  "    // implementation 'commented:out:1'",
  "    /* implementation 'block:comment:1' */",
  "    implementation 'a.b:one:1',",
  "        'a.b:two:2'",
  "    debugImplementation 'com.squareup.leakcanary:leakcanary-android:2.12'",
  "    kapt 'com.google.dagger:dagger-compiler:2.50'",
  "    androidTestImplementation 'androidx.test.espresso:espresso-core:3.5.1'",
  "    implementation 'io.grpc:grpc-netty:1.60.0@jar'",
  "}",
);

const kotlinScript = lines(
  "plugins {",
  "    `java-library`",
  '    kotlin("jvm") version "1.9.22"',
  '    id("org.springframework.boot") version "3.2.0"',
  "    alias(libs.plugins.ktor)",
  "    application",
  "}",
  "",
  "dependencies {",
  '    implementation(kotlin("stdlib"))',
  '    implementation("io.ktor:ktor-server-core:2.3.7")',
  '    implementation(platform("software.amazon.awssdk:bom:2.25.0"))',
  '    implementation(group = "com.zaxxer", name = "HikariCP", version = "5.1.0")',
  '    testImplementation("io.kotest:kotest-runner-junit5:5.8.0")',
  "    implementation(libs.exposed.core)",
  "    constraints {",
  '        implementation("org.apache.commons:commons-text:1.11.0")',
  "    }",
  "    implementation(",
  '        "org.slf4j:slf4j-api:2.0.9"',
  "    )",
  '    ksp("io.insert-koin:koin-ksp-compiler:1.3.0")',
  '    "implementation"("quoted:config:1")',
  "}",
  "",
  "kotlin {",
  "    sourceSets {",
  "        val commonTest by getting {",
  "            dependencies {",
  '                implementation(kotlin("test"))',
  "            }",
  "        }",
  "        jvmMain.dependencies {",
  '            implementation("io.ktor:ktor-client-cio:2.3.7")',
  "        }",
  "    }",
  "}",
  'apply(plugin = "maven-publish")',
);

const cases: { name: string; path: string; text: string; expected: Row[] }[] = [
  {
    name: "Groovy DSL: configurations, map notation, platform, plugins",
    path: "build.gradle",
    text: groovyScript,
    expected: [
      ["gradle-plugin", "java", 2, "build"],
      ["gradle-plugin", "org.springframework.boot", 3, "build"],
      ["gradle-plugin", "io.spring.dependency-management", 4, "build"],
      ["gradle-plugin", "jacoco", 7, "build"],
      ["maven", "org.springframework.boot:spring-boot-starter-web", 10, "runtime"],
      ["maven", "org.jetbrains.kotlin:kotlin-stdlib", 11, "runtime"],
      ["maven", "com.google.guava:guava", 12, "runtime"],
      ["maven", "org.projectlombok:lombok", 13, "build"],
      ["maven", "org.projectlombok:lombok", 14, "build"],
      ["maven", "org.postgresql:postgresql", 15, "runtime"],
      ["maven", "org.springframework.boot:spring-boot-starter-test", 16, "test"],
      ["maven", "org.junit.platform:junit-platform-launcher", 17, "test"],
      ["maven", "software.amazon.awssdk:bom", 18, "runtime"],
      ["maven", "com.squareup.okhttp3:okhttp", 23, "runtime"],
      ["maven", "a.b:one", 28, "runtime"],
      ["maven", "a.b:two", 29, "runtime"],
      ["maven", "com.squareup.leakcanary:leakcanary-android", 30, "dev"],
      ["maven", "com.google.dagger:dagger-compiler", 31, "build"],
      ["maven", "androidx.test.espresso:espresso-core", 32, "test"],
      ["maven", "io.grpc:grpc-netty", 33, "runtime"],
    ],
  },
  {
    name: "Kotlin DSL: kotlin(), named arguments, constraints, source-set blocks",
    path: "app/build.gradle.kts",
    text: kotlinScript,
    expected: [
      ["gradle-plugin", "java-library", 2, "build"],
      ["gradle-plugin", "org.jetbrains.kotlin.jvm", 3, "build"],
      ["gradle-plugin", "org.springframework.boot", 4, "build"],
      ["gradle-plugin", "application", 6, "build"],
      ["maven", "org.jetbrains.kotlin:kotlin-stdlib", 10, "runtime"],
      ["maven", "io.ktor:ktor-server-core", 11, "runtime"],
      ["maven", "software.amazon.awssdk:bom", 12, "runtime"],
      ["maven", "com.zaxxer:HikariCP", 13, "runtime"],
      ["maven", "io.kotest:kotest-runner-junit5", 14, "test"],
      ["maven", "org.slf4j:slf4j-api", 20, "runtime"],
      ["maven", "io.insert-koin:koin-ksp-compiler", 22, "build"],
      ["maven", "org.jetbrains.kotlin:kotlin-test", 30, "test"],
      ["maven", "io.ktor:ktor-client-cio", 34, "runtime"],
      ["gradle-plugin", "maven-publish", 38, "build"],
    ],
  },
  {
    name: "buildscript classpath and subprojects blocks",
    path: "build.gradle",
    text: lines(
      "buildscript {",
      "    repositories { google() }",
      "    dependencies {",
      "        classpath 'com.android.tools.build:gradle:8.2.0'",
      "    }",
      "}",
      "subprojects {",
      "    apply plugin: 'kotlin'",
      "    dependencies { implementation 'org.slf4j:slf4j-api:2.0.9' }",
      "}",
    ),
    expected: [
      ["maven", "com.android.tools.build:gradle", 4, "build"],
      ["gradle-plugin", "kotlin", 8, "build"],
      ["maven", "org.slf4j:slf4j-api", 9, "runtime"],
    ],
  },
  {
    name: "strings holding braces, quotes and comment markers do not confuse the reader",
    path: "build.gradle",
    text: lines(
      "def banner = '} // not a comment {'",
      'def tpl = "${project.name.replace("a", "}")}"',
      "def pattern = ~/[\"'}]+/",
      "def doc = '''",
      "dependencies { implementation 'in:string:1' }",
      "'''",
      "dependencies {",
      "    implementation 'real:dep:1' // trailing ' quote",
      "}",
    ),
    expected: [["maven", "real:dep", 8, "runtime"]],
  },
  {
    name: "Kotlin nested block comments and raw strings",
    path: "build.gradle.kts",
    text: lines(
      '/* outer /* inner */ still a comment: dependencies { implementation("no:no:1") } */',
      'val raw = """ "} { \\ """',
      "dependencies {",
      '    implementation("yes:yes:1")',
      "}",
    ),
    expected: [["maven", "yes:yes", 4, "runtime"]],
  },
  {
    name: "CRLF and a byte-order mark",
    path: "build.gradle",
    text: "\uFEFFdependencies {\r\n    implementation 'a:b:1'\r\n}\r\n",
    expected: [["maven", "a:b", 2, "runtime"]],
  },
  { name: "empty file", path: "build.gradle.kts", text: "", expected: [] },
];

describe("Gradle build scripts", () => {
  it.each(cases)("$name", ({ path, text, expected }) => {
    expect(detectRows(gradleScriptDetector, path, text)).toEqual(expected);
  });

  it("details the configuration and coordinates", () => {
    const text = lines(
      "dependencies {",
      "  testImplementation 'org.junit.jupiter:junit-jupiter:5.10.1'",
      "}",
    );
    expect(gradleScriptDetector.detect({ path: "build.gradle", text })[0]?.detail).toBe(
      "testImplementation org.junit.jupiter:junit-jupiter:5.10.1",
    );
  });

  it.each([
    ["implementation", "runtime"],
    ["api", "runtime"],
    ["runtimeOnly", "runtime"],
    ["compileOnly", "build"],
    ["annotationProcessor", "build"],
    ["kapt", "build"],
    ["testImplementation", "test"],
    ["testRuntimeOnly", "test"],
    ["androidTestImplementation", "test"],
    ["integrationTestImplementation", "test"],
    ["testAnnotationProcessor", "test"],
    ["kaptTest", "test"],
    ["debugImplementation", "dev"],
    ["releaseImplementation", "runtime"],
    ["developmentOnly", "dev"],
    ["exclude", undefined],
    ["maven", undefined],
  ])("configuration %s is %s", (name, scope) => {
    expect(configurationScope(name)).toBe(scope);
  });

  it.each([
    ["build.gradle", true],
    ["app/build.gradle.kts", true],
    ["buildSrc/src/main/kotlin/conventions.gradle.kts", true],
    ["gradle/dependencies.gradle", true],
    ["settings.gradle", false],
    ["settings.gradle.kts", false],
    ["gradle.properties", false],
    ["gradle/libs.versions.toml", false],
  ])("matches %s: %s", (path, expected) => {
    expect(gradleScriptDetector.matches(path)).toBe(expected);
  });

  it.each([
    {
      name: "an unbalanced brace",
      text: lines("dependencies {", "  implementation 'a:b:1'", "", "plugins {", "}"),
      message: "The `{` on line 1 is never closed.",
      line: 1,
    },
    {
      name: "a closing brace without an opening one",
      text: lines("dependencies {", "}", "}"),
      message: "The `}` on line 3 has no matching `{`.",
      line: 3,
    },
    {
      name: "an unterminated string",
      text: lines("dependencies {", "  implementation 'a:b:1", "}"),
      message: "The string starting on line 2 is never closed.",
      line: 2,
    },
    {
      name: "an unterminated comment",
      text: lines("dependencies {", "  /* implementation 'a:b:1'", "}"),
      message: "The comment starting on line 2 is never closed.",
      line: 2,
    },
    {
      name: "mismatched brackets",
      text: lines("dependencies {", "  implementation('a:b:1'}", ")"),
      message: "The `}` on line 2 has no matching `{`.",
      line: 2,
    },
  ])("rejects $name", ({ text, message, line }) => {
    expectParseError(gradleScriptDetector, "build.gradle", text, message, line);
  });
});

describe("Gradle version catalogs", () => {
  const catalog = lines(
    "[versions]",
    'spring = "3.2.0"',
    "",
    "[libraries]",
    'postgres = "org.postgresql:postgresql:42.7.1"',
    'spring-web = { module = "org.springframework.boot:spring-boot-starter-web", version.ref = "spring" }',
    'guava = { group = "com.google.guava", name = "guava", version = "33.0-jre" }',
    'bare = "io.micrometer:micrometer-core"',
    "",
    "[bundles]",
    'db = ["postgres"]',
    "",
    "[plugins]",
    'spring-boot = { id = "org.springframework.boot", version.ref = "spring" }',
    'kotlin-jvm = "org.jetbrains.kotlin.jvm:1.9.22"',
  );

  it("reads libraries as maven keys and plugins as gradle-plugin keys", () => {
    expect(detectRows(versionCatalogDetector, "gradle/libs.versions.toml", catalog)).toEqual([
      ["maven", "org.postgresql:postgresql", 5, "runtime"],
      ["maven", "org.springframework.boot:spring-boot-starter-web", 6, "runtime"],
      ["maven", "com.google.guava:guava", 7, "runtime"],
      ["maven", "io.micrometer:micrometer-core", 8, "runtime"],
      ["gradle-plugin", "org.springframework.boot", 14, "build"],
      ["gradle-plugin", "org.jetbrains.kotlin.jvm", 15, "build"],
    ]);
  });

  it("returns nothing for an empty file", () => {
    expect(versionCatalogDetector.detect({ path: "gradle/libs.versions.toml", text: "" })).toEqual([]);
  });

  it.each([
    ["gradle/libs.versions.toml", true],
    ["gradle/deps.versions.toml", true],
    ["libs.toml", false],
    ["build.gradle", false],
  ])("matches %s: %s", (path, expected) => {
    expect(versionCatalogDetector.matches(path)).toBe(expected);
  });

  it.each([
    {
      name: "a library without coordinates",
      text: lines("[libraries]", 'broken = { version = "1" }'),
      message:
        '[libraries] broken on line 2 must be "group:artifact[:version]" or a table with module or group and name.',
      line: 2,
    },
    {
      name: "a libraries section that is not a table",
      text: 'libraries = ["x:y"]',
      message: "[libraries] on line 1 must be a table.",
      line: 1,
    },
    {
      name: "a plugin without an id",
      text: lines("[plugins]", "p = 3"),
      message: '[plugins] p on line 2 must be "plugin.id[:version]" or a table with an id.',
      line: 2,
    },
    {
      name: "invalid TOML",
      text: lines("[libraries]", "x = { module = }"),
      message: "Invalid TOML on line 2: invalid value.",
      line: 2,
    },
  ])("rejects $name", ({ text, message, line }) => {
    expectParseError(versionCatalogDetector, "gradle/libs.versions.toml", text, message, line);
  });
});

describe("WebJars declared in Gradle are the npm packages they repackage", () => {
  it("in a build script and in a version catalog", () => {
    const script = lines(
      "dependencies {",
      "    implementation 'org.webjars:bootstrap:5.3.3'",
      '    runtimeOnly("org.webjars.npm:popperjs__core:2.11.8")',
      "    implementation 'org.webjars:webjars-locator-core'",
      "}",
    );
    expect(detectRows(gradleScriptDetector, "build.gradle", script)).toEqual([
      ["maven", "org.webjars:bootstrap", 2, "runtime"],
      ["npm", "bootstrap", 2, "runtime"],
      ["maven", "org.webjars.npm:popperjs__core", 3, "runtime"],
      ["npm", "@popperjs/core", 3, "runtime"],
      ["maven", "org.webjars:webjars-locator-core", 4, "runtime"],
    ]);
    const catalog = lines("[libraries]", 'htmx = "org.webjars.npm:htmx.org:1.9.12"');
    expect(detectRows(versionCatalogDetector, "gradle/libs.versions.toml", catalog)).toEqual([
      ["maven", "org.webjars.npm:htmx.org", 2, "runtime"],
      ["npm", "htmx.org", 2, "runtime"],
    ]);
  });
});
