"use client";
// Game id → dashboard component. A game without an entry gets the generic view.
// Each dashboard is its own chunk: a room page loads only its own game's.
import dynamic from "next/dynamic";
import type { ComponentType } from "react";
import { GenericDashboard } from "./GenericDashboard";
import type { DashboardProps } from "./types";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDashboard = ComponentType<DashboardProps<any>>;

const loading = () => (
  <p className="text-sm text-stone-500" role="status">
    Loading the dashboard…
  </p>
);

// each import() names its module literally so the bundler can split it out
const dashboards: Record<string, AnyDashboard> = {
  "five-fold-possession": dynamic(() => import("./five-fold-possession/Dashboard").then((m) => m.Dashboard), { loading }),
  "opponent-choice": dynamic(() => import("./opponent-choice/Dashboard").then((m) => m.Dashboard), { loading }),
  "secret-sinner": dynamic(() => import("./secret-sinner/Dashboard").then((m) => m.Dashboard), { loading }),
  "thoths-bluff": dynamic(() => import("./thoths-bluff/Dashboard").then((m) => m.Dashboard), { loading }),
  "truth-deflector": dynamic(() => import("./truth-deflector/Dashboard").then((m) => m.Dashboard), { loading }),
  "truth-wars": dynamic(() => import("./truth-wars/Dashboard").then((m) => m.Dashboard), { loading }),
};

export function dashboardFor(gameId: string): ComponentType<DashboardProps> {
  return dashboards[gameId] ?? GenericDashboard;
}
