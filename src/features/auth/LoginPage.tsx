import { useLocation, useNavigate } from "react-router-dom";
import { Seo } from "../../components/ui/Seo";
import { toast } from "../../components/ui/toast-store";
import { authCopy } from "../../content/blog";
import { site } from "../../content/site";
import { AuthProvider, useAuth } from "./AuthProvider";
import { LoginForm } from "./LoginForm";

const DEFAULT_DESTINATION = "/admin/create-post";

/** Where to go after signing in: the admin page that sent the visitor here, else Create Post. */
export function destinationAfterLogin(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  const pathname = typeof from?.pathname === "string" ? from.pathname : "";
  if (pathname !== "/admin" && !pathname.startsWith("/admin/")) return DEFAULT_DESTINATION;
  return pathname + (typeof from?.search === "string" ? from.search : "");
}

function LoginScreen() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();

  async function handleLogin(email: string, password: string) {
    const { error } = await signIn(email, password);
    if (error) {
      toast({ title: authCopy.loginFailed, description: error, variant: "error" });
      return;
    }
    toast({ ...authCopy.loginSuccess, variant: "success" });
    navigate(destinationAfterLogin(location.state), { replace: true });
  }

  return (
    <section className="flex min-h-[70vh] items-center justify-center bg-gradient-to-b from-brand-50/70 to-white px-4 py-16 sm:px-6">
      <Seo title={`${authCopy.seoTitle} | ${site.name}`} description={authCopy.seoDescription} path="/login" noIndex />
      <div className="w-full max-w-md rounded-card border border-slate-100 bg-white p-8 shadow-lift sm:p-10">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink">{authCopy.heading}</h1>
        <p className="mt-2 text-ink-muted">{authCopy.intro}</p>
        <div className="mt-8">
          <LoginForm onSubmit={handleLogin} />
        </div>
      </div>
    </section>
  );
}

/** /login. The auth provider lives here (and around /admin), never at the app root. */
export default function LoginPage() {
  return (
    <AuthProvider>
      <LoginScreen />
    </AuthProvider>
  );
}
