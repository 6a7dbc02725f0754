import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Analytics } from "@vercel/analytics/react";
import { Nav } from "@/components/Nav";
import "./globals.css";

export const metadata: Metadata = {
  title: "Dana Reyes: backend and platform engineer",
  description: "APIs, data pipelines and the infrastructure under them.",
  metadataBase: new URL("https://danareyes.example.com"),
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">
        <Nav />
        <main className="mx-auto max-w-3xl px-6 pb-24">{children}</main>
        <Analytics />
      </body>
    </html>
  );
}
