"use client";
import { Card } from "@/components/ui/primitives";
import type { DashboardProps } from "./types";

/** Fallback for a game without its own dashboard: the viewer's view, readable. */
export function GenericDashboard({ view }: DashboardProps) {
  return (
    <Card title="Your view">
      <pre className="max-h-[60vh] overflow-auto whitespace-pre-wrap break-words text-xs">{JSON.stringify(view, null, 2)}</pre>
    </Card>
  );
}
