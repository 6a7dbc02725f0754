import type { Metadata } from "next";
import { List } from "@/components/List";
import { ProjectCard } from "@/components/ProjectCard";
import { projects } from "@/lib/projects";

export const metadata: Metadata = { title: "Projects | Dana Reyes" };

export default function ProjectsPage() {
  return (
    <section className="py-12">
      <h1 className="mb-6 text-3xl font-bold">Projects</h1>
      <List
        items={projects}
        getKey={(p) => p.slug}
        renderItem={(p) => <ProjectCard project={p} />}
        empty={<p>Nothing here yet.</p>}
        className="grid gap-4 sm:grid-cols-2"
      />
    </section>
  );
}
