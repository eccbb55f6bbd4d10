/** What other features may use from auth. */
export { AuthProvider, AuthStateProvider, useAuth, type AuthContextValue, type AuthResult } from "./AuthProvider";
