"use client";

import { useEffect, useState } from "react";
import { createPortal } from "react-dom";

export function CopyEmailButton({ email }: { email: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    await navigator.clipboard.writeText(email);
    setCopied(true);
  }

  return (
    <>
      <button type="button" onClick={copy} className="rounded-md bg-accent px-4 py-2 text-white">
        Copy email
      </button>
      {copied &&
        createPortal(
          <div role="status" className="fixed bottom-6 right-6 rounded-md bg-ink px-4 py-2 text-white shadow">
            Copied {email}
          </div>,
          document.body,
        )}
    </>
  );
}
