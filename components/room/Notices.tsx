import type { Notice } from "@/lib/protocol";
import { Card } from "@/components/ui/primitives";

export function Notices({ notices }: { notices: Notice[] }) {
  if (!notices.length) return null;
  return (
    <Card title="Room log">
      <ul className="max-h-64 space-y-1 overflow-auto text-sm" data-testid="notices">
        {[...notices].reverse().map((n) => (
          <li key={`${n.version}-${n.text}`} className="text-stone-600 dark:text-stone-400">
            <time className="mr-2 font-mono text-xs text-stone-500">{new Date(n.at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" })}</time>
            {n.text}
          </li>
        ))}
      </ul>
    </Card>
  );
}
