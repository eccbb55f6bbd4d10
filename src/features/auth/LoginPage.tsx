// Placeholder until this page is built.
export default function LoginPage() {
  return <h1>LoginPage</h1>;
}
