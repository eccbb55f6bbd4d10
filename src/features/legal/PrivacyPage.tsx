import { privacy } from "../../content/privacy";
import { LegalPage } from "./LegalPage";

export default function PrivacyPage() {
  return <LegalPage document={privacy} />;
}
