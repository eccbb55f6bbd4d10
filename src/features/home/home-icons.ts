import {
  Briefcase,
  FileText,
  HeartHandshake,
  Lightbulb,
  Magnet,
  Megaphone,
  MonitorSmartphone,
  PhoneCall,
  Rocket,
  Workflow,
  type LucideIcon,
} from "lucide-react";
import type { HomeIconName } from "../../content/home";

/** The content names icons; this is where a name becomes an icon component. */
export const homeIcons: Record<HomeIconName, LucideIcon> = {
  briefcase: Briefcase,
  "file-text": FileText,
  "heart-handshake": HeartHandshake,
  lightbulb: Lightbulb,
  magnet: Magnet,
  megaphone: Megaphone,
  "monitor-smartphone": MonitorSmartphone,
  "phone-call": PhoneCall,
  rocket: Rocket,
  workflow: Workflow,
};
