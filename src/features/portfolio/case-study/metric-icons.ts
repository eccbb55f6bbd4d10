import {
  BellRing,
  CalendarCheck,
  Clock,
  Target,
  TrendingDown,
  TrendingUp,
  Users,
  Zap,
  type LucideIcon,
} from "lucide-react";
import type { MetricIconKey } from "../../../content/case-studies";

/** The content names metric icons by key; this is where a key becomes an icon component. */
export const metricIcons: Record<MetricIconKey, LucideIcon> = {
  "trending-up": TrendingUp,
  "trending-down": TrendingDown,
  users: Users,
  clock: Clock,
  target: Target,
  zap: Zap,
  calendar: CalendarCheck,
  bell: BellRing,
};
