// Classes of read-back loss found by rendering 43 published resume.json files (Chinese, Japanese, Korean,
// French, German, Spanish, Portuguese, Russian; README "ATS read-back"). Each case is made here in the
// shape its real resume had; every one must read back whole from both files in every layout.
import { describe, expect, it } from "vitest";
import type { JsonResume } from "../../../../core/resume.js";
import { atsLossMessage, atsReadBack } from "../../../../pipeline/render/ats/check.js";
import { renderDocx } from "../../../../pipeline/render/docx.js";
import { layoutNames, loadLayout } from "../../../../pipeline/render/layout.js";
import { renderPdf } from "../../../../pipeline/render/pdf/pdf.js";

const work = (entry: Record<string, unknown>) => ({
  name: "Acme",
  position: "Engineer",
  startDate: "2020-01",
  ...entry,
});

const CASES: [string, JsonResume][] = [
  [
    "a degree and school that fill the line, with the dates at the right margin",
    {
      education: [
        {
          institution: "Northeastern University",
          studyType: "Bachelor of Science",
          area: "Computer Science & Cognitive Psychology and Human Factors",
          startDate: "1999-09",
          endDate: "2004-05",
        },
      ],
    },
  ],
  [
    "a zero-width space at the end of a summary",
    { work: [work({ summary: "Mantutenção de servlets para os tribunais.\u200B" })] },
  ],
  [
    "bullets written into a summary with tabs and line breaks",
    {
      work: [
        work({
          summary: "THALES e-Transactions.\n•\tDéveloppement électronique\n•\tGestion de la production",
        }),
      ],
    },
  ],
  [
    "a project URL with a long query string, and a path longer than a line",
    {
      projects: [
        {
          name: "Viewer",
          url: "https://www.linkedin.com/in/someone/details/projects/844258084/multiple-media-viewer/?profileId=ACoAADhqQhMBpBL5kCKpCv&treasuryMediaId=1635532550162",
        },
        {
          name: "Extension",
          url: "https://chrome.google.com/webstore/detail/kieaniodbboioemmcghcbkfmnhnkfmicbkpjopdnkmmdhknnefmcoiajldplh/reviews-and-more",
        },
      ],
    },
  ],
  [
    "a Simplified Chinese profile whose lines wrap between characters, with digits beside them",
    {
      basics: {
        name: "庞尹春",
        label: "后端开发工程师",
        summary:
          "拥有7年以上React和小程序生态系统经验的高级前端工程师。应用AI驱动的工作流程加速开发周期并改善工程架构。擅长性能优化与组件库建设，带领团队完成多个大型项目的重构与上线。",
      },
      awards: [{ title: "美国时代周刊2006年度人物", date: "2006-12" }],
      work: [
        work({
          highlights: [
            "维护跨三个区域网站的多环境部署管道（开发/预发布/用户验收测试/生产），通过基于分支的合并策略触发每个区域的CI/CD。",
          ],
        }),
      ],
    },
  ],
  [
    "Traditional Chinese",
    { basics: { name: "謝坤霖", location: { city: "林口區" } }, work: [work({ name: "工業技術研究院" })] },
  ],
  [
    "Japanese mixed with Latin product names",
    {
      basics: {
        summary:
          "東京を拠点にSaaS製品やインテグレーションを開発するソフトウェアエンジニア。モナッシュ大学卒業。React、TypeScript、Node.jsを使ったフルスタック開発が得意です。",
      },
    },
  ],
  [
    "emoji in a summary, and a name with no label above the contact line",
    {
      basics: {
        name: "Andrés Beltrán",
        email: "andres@example.com",
        location: { city: "Guadalajara", region: "Jalisco" },
        summary:
          "🚀Software Engineer / ⚙ Full-Stack Developer / ❤ Passionate About Building Software / 🧭 Focusing on Frontend (⚛️ React js)",
      },
    },
  ],
  [
    "Cyrillic",
    { basics: { name: "Тимур Ринатович", label: "Фронтенд-разработчик" }, work: [work({ name: "Яндекс" })] },
  ],
];

describe("real input through the read-back", () => {
  for (const [name, resume] of CASES) {
    it.each(layoutNames())(`${name} (%s)`, async (layoutName) => {
      const layout = loadLayout(layoutName);
      const [pdf, docx] = await Promise.all([renderPdf(resume, layout), renderDocx(resume, layout)]);
      const report = await atsReadBack(resume, layout, { pdf: pdf.bytes, docx });
      expect(atsLossMessage(report, pdf.uncovered)).toBeUndefined();
      expect(report["resume.pdf"].checked).toBeGreaterThan(0);
    });
  }

  it("says which font to install when no installed font draws a script (Korean, whose font vouch does not install)", async () => {
    const resume: JsonResume = { basics: { name: "복영균", location: { city: "성남시" } } };
    const layout = loadLayout("classic");
    const [pdf, docx] = await Promise.all([renderPdf(resume, layout), renderDocx(resume, layout)]);
    expect(pdf.uncovered).toEqual([{ name: "Korean Hangul", packages: ["@expo-google-fonts/noto-sans-kr"] }]);
    const report = await atsReadBack(resume, layout, { pdf: pdf.bytes, docx });
    expect(atsLossMessage(report, pdf.uncovered)).toBe(
      'ATS read-back failed: resume.pdf reads back with basics.name "복영균" missing, basics.location.city "성남시" missing. No installed font draws Korean Hangul (npm i @expo-google-fonts/noto-sans-kr): install it beside vouch and run again; nothing was written.',
    );
  });
});
