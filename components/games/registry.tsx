"use client";
// Game id → dashboard component. A game without an entry gets the generic view.
import type { ComponentType } from "react";
import { Dashboard as FiveFoldPossessionDashboard } from "./five-fold-possession/Dashboard";
import { GenericDashboard } from "./GenericDashboard";
import { Dashboard as OpponentChoiceDashboard } from "./opponent-choice/Dashboard";
import { Dashboard as SecretSinnerDashboard } from "./secret-sinner/Dashboard";
import { Dashboard as ThothsBluffDashboard } from "./thoths-bluff/Dashboard";
import { Dashboard as TruthDeflectorDashboard } from "./truth-deflector/Dashboard";
import { Dashboard as TruthWarsDashboard } from "./truth-wars/Dashboard";
import type { DashboardProps } from "./types";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dashboards: Record<string, ComponentType<DashboardProps<any>>> = {
  "five-fold-possession": FiveFoldPossessionDashboard,
  "opponent-choice": OpponentChoiceDashboard,
  "secret-sinner": SecretSinnerDashboard,
  "thoths-bluff": ThothsBluffDashboard,
  "truth-deflector": TruthDeflectorDashboard,
  "truth-wars": TruthWarsDashboard,
};

export function dashboardFor(gameId: string): ComponentType<DashboardProps> {
  return dashboards[gameId] ?? GenericDashboard;
}
