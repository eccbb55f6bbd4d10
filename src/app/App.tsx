import { AppFrame } from "./AppFrame";
import { pageRoutes } from "./routes";

/** Everything inside the router: shared by the browser entry and the prerender entry. */
export function App() {
  return <AppFrame routes={pageRoutes} />;
}
