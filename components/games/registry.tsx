"use client";
// Game id → dashboard component. A game without an entry gets the generic view.
import type { ComponentType } from "react";
import { Dashboard as FiveFoldPossession } from "./five-fold-possession/Dashboard";
import { GenericDashboard } from "./GenericDashboard";
import type { DashboardProps } from "./types";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const dashboards: Record<string, ComponentType<DashboardProps<any>>> = { "five-fold-possession": FiveFoldPossession };

export function dashboardFor(gameId: string): ComponentType<DashboardProps> {
  return dashboards[gameId] ?? GenericDashboard;
}
