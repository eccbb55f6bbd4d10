/** What other features may use from auth. */
export { AuthProvider, AuthStateProvider, useAuth, type AuthContextValue } from "./AuthProvider";
export { CodeForm } from "./CodeForm";
export { hasVerifiedFactor, needsSecondFactor, submitSecondFactorCode, verifyFactorCode } from "./second-factor";
