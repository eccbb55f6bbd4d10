// Placeholder until this page is built.
export default function AdminRoutes() {
  return <h1>AdminRoutes</h1>;
}
