// Placeholder until this page is built.
export default function ThankYouPage() {
  return <h1>ThankYouPage</h1>;
}
