// A profile longer than two pages: nine jobs of seven long highlights, the oldest last. For the page budget.
import type { ResumeWork } from "../../core/resume.js";

const SERVICES = ["billing", "search", "ledger", "import", "report", "admin", "audit"];

export function nineJobs(): ResumeWork[] {
  return Array.from({ length: 9 }, (_, i) => ({
    name: `Company ${i + 1}`,
    position: "Software Engineer",
    startDate: `${2024 - 2 * i}-01`,
    endDate: `${2025 - 2 * i}-12`,
    highlights: SERVICES.map(
      (service, j) =>
        `Shipped the ${service} service ${i}-${j} with Go and PostgreSQL for a team of twelve engineers across three time zones, and ran it on call for two years without a missed page.`,
    ),
  }));
}
