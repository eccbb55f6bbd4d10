// Placeholder until this page is built.
export default function PortfolioPage() {
  return <h1>PortfolioPage</h1>;
}
