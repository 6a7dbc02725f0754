import Link from "next/link";

const links = [
  { href: "/", label: "Home" },
  { href: "/projects", label: "Projects" },
] as const;

export function Nav() {
  return (
    <nav className="mx-auto flex max-w-3xl items-center justify-between px-6 py-6">
      <Link href="/" className="font-semibold text-ink no-underline">
        Dana Reyes
      </Link>
      <ul className="flex gap-6 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
