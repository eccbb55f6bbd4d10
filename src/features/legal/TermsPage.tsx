import { terms } from "../../content/terms";
import { LegalPage } from "./LegalPage";

export default function TermsPage() {
  return <LegalPage document={terms} />;
}
