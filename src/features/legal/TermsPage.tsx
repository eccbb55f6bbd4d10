// Placeholder until this page is built.
export default function TermsPage() {
  return <h1>TermsPage</h1>;
}
