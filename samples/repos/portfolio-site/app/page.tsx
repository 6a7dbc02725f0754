import Link from "next/link";
import { CopyEmailButton } from "@/components/CopyEmailButton";
import { List } from "@/components/List";
import { ProjectCard } from "@/components/ProjectCard";
import { projects } from "@/lib/projects";

export default function HomePage() {
  const recent = [...projects].sort((a, b) => b.year - a.year).slice(0, 2);

  return (
    <>
      <section className="py-12">
        <h1 className="text-4xl font-bold tracking-tight">Dana Reyes</h1>
        <p className="mt-4 max-w-xl text-lg text-gray-700">
          Backend and platform engineer. I build payment and ledger services, event pipelines, and the
          Kubernetes and AWS plumbing they run on.
        </p>
        <div className="mt-6">
          <CopyEmailButton email="dana@example.com" />
        </div>
      </section>

      <section>
        <h2 className="mb-4 text-xl font-semibold">Recent work</h2>
        <List
          items={recent}
          getKey={(p) => p.slug}
          renderItem={(p) => <ProjectCard project={p} />}
          className="grid gap-4"
        />
        <p className="mt-6">
          <Link href="/projects">All projects</Link>
        </p>
      </section>
    </>
  );
}
