import { useParams } from "react-router-dom";
import { findCaseStudy, type CaseStudy, type CaseStudyLayout } from "../../content/case-studies";
import { NotFoundPage } from "../not-found";
import { AdsCaseStudy, CrmCaseStudy, WebCaseStudy } from "./case-study/layouts";

const layouts: Record<CaseStudyLayout, (props: { study: CaseStudy }) => React.ReactNode> = {
  web: WebCaseStudy,
  ads: AdsCaseStudy,
  crm: CrmCaseStudy,
};

/** /portfolio/{slug}: the case study's data picks one of three layouts; an unknown slug is a 404. */
export default function CaseStudyPage() {
  const { slug } = useParams();
  const study = findCaseStudy(slug);
  if (!study) return <NotFoundPage />;
  const Layout = layouts[study.layout];
  return <Layout study={study} />;
}
