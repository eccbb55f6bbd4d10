/** What other features may use from auth. */
export { AuthProvider, AuthStateProvider, useAuth, type AuthContextValue } from "./AuthProvider";
