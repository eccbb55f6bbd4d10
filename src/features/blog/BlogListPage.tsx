// Placeholder until this page is built.
export default function BlogListPage() {
  return <h1>BlogListPage</h1>;
}
