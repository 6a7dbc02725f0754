import type { Project } from "@/lib/projects";

export function ProjectCard({ project }: { project: Project }) {
  return (
    <article className="rounded-lg border border-gray-200 p-5 transition hover:border-accent">
      <header className="flex items-baseline justify-between gap-4">
        <h3 className="font-semibold">{project.name}</h3>
        <span className="text-sm text-gray-500">{project.year}</span>
      </header>
      <p className="mt-2 text-gray-700">{project.summary}</p>
      <p className="mt-3 flex flex-wrap gap-2">
        {project.stack.map((tech) => (
          <span key={tech} className="rounded bg-gray-100 px-2 py-0.5 text-xs text-gray-700">
            {tech}
          </span>
        ))}
      </p>
    </article>
  );
}
