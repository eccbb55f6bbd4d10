// Placeholder until this page is built.
export default function CaseStudyPage() {
  return <h1>CaseStudyPage</h1>;
}
