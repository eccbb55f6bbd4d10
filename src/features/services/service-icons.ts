import { Code2, Megaphone, Workflow, type LucideIcon } from "lucide-react";
import type { ServiceIconKey } from "../../content/services";

/** The content names icons by key; this is where a key becomes an icon component. */
export const serviceIcons: Record<ServiceIconKey, LucideIcon> = {
  code: Code2,
  workflow: Workflow,
  megaphone: Megaphone,
};
