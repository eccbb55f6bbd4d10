/**
 * Copy of the admin account: the sign-in (spec section 5) with its code step and errors, password
 * recovery, and the Security page. Its own module, loaded only by /login, /reset-password and the admin.
 */

import { plural } from "../lib/plural";

export const signInCopy = {
  /** Never says whether the address has an account. */
  wrongCredentials: "That e-mail and password don't match. Check both and try again.",
  rateLimited: (minutes: number | null) =>
    minutes === null
      ? "Too many attempts. Wait a few minutes, then try again."
      : `Too many attempts. Try again in ${minutes} ${plural(minutes, { one: "minute", other: "minutes" })}.`,
  unreachable: "We couldn't reach the sign-in service. Check your connection and try again.",
  forgotLink: "Forgot password?",
  code: {
    heading: "Enter your code",
    intro: "Open your authenticator app and enter the 6-digit code it shows for Ascend Digital.",
    label: "6-digit code",
    hint: "The code changes every 30 seconds.",
    submit: "Verify",
    submitting: "Verifying...",
    wrong: "That code didn't work. Enter the code your app shows now.",
    invalidFormat: "Enter the 6 digits your app shows.",
    cancel: "Use another account",
  },
  forgot: {
    heading: "Reset your password",
    intro: "Enter the address you sign in with. We'll e-mail you a link to choose a new password.",
    emailLabel: "Email",
    submit: "Send the link",
    submitting: "Sending...",
    /** The same answer whether or not the address has an account. */
    sent: "If an account exists for that address, we've sent a link to reset the password. It may take a minute to arrive; check the spam folder too.",
    back: "Back to sign in",
  },
} as const;

export const resetPasswordCopy = {
  seoTitle: "Choose a new password",
  seoDescription: "Choose a new password for the Ascend Digital admin.",
  heading: "Choose a new password",
  waiting: "Checking your link...",
  invalid:
    "This link has expired or was already used. Ask for a new one from the sign-in page; each link works once, for an hour.",
  requestNew: "Ask for a new link",
  codeIntro: "Your account uses an authenticator app. Enter its code before choosing a new password.",
  passwordLabel: "New password",
  passwordHint: "At least 8 characters. A few unrelated words are easy to remember and hard to guess.",
  confirmLabel: "New password again",
  tooShort: "Use at least 8 characters.",
  mismatch: "The two passwords are not the same.",
  submit: "Save the new password",
  submitting: "Saving...",
  saved: { title: "Password changed", description: "You're signed in with your new password." },
  failed: "The password could not be changed.",
} as const;

export const MIN_PASSWORD_LENGTH = 8;

export const securityCopy = {
  nav: "Security",
  seoTitle: "Security",
  heading: "Security",
  intro: "Protect the admin with an authenticator app, and see where the account was used.",
  required:
    "This site asks every admin to use an authenticator app. Add one below to continue to the rest of the admin.",
  /** The Owner's switch: the agency's requirement, held by the database (public.security_settings). */
  requirement: {
    heading: "Require an authenticator app",
    intro:
      "When on, the Owner, Administrators and Sales see no leads, calls or team addresses until they sign in with an authenticator app; whoever has none is sent here to add one. Editors, Authors and Contributors are not asked.",
    label: "Require an authenticator app for everyone who sees personal data",
    needsOwnFactor: "Add an authenticator app and sign in with it before you change this.",
    loading: "Loading the setting...",
    error: "The setting could not be loaded.",
    saving: "Saving...",
    on: "An authenticator app is now required",
    off: "An authenticator app is no longer required",
    refused: "Only the Owner, signed in with their authenticator app, can change this.",
    failed: "The setting could not be saved",
  },
  factors: {
    heading: "Authenticator apps",
    intro:
      "With an app such as Google Authenticator, 1Password or Authy, signing in asks for a code from your phone after the password.",
    loading: "Loading your authenticator apps...",
    error: "Your authenticator apps could not be loaded.",
    empty: "No authenticator app yet: the password alone protects this account.",
    added: (when: string) => `Added ${when}`,
    remove: "Remove",
    removeHeading: (name: string) => `Remove ${name}`,
    removeIntro: "Enter a current code from any of your authenticator apps to confirm.",
    removeLast: "This is your only app: afterwards the password alone protects the account.",
    removeConfirm: "Remove app",
    removing: "Removing...",
    removed: (name: string) => `${name} removed`,
    cancel: "Cancel",
  },
  enrol: {
    addFirst: "Add an authenticator app",
    addBackup: "Add a backup app",
    backupHint: "A second app (on another phone, or a password manager) lets you in if you lose the first.",
    nameLabel: "Name",
    nameHint: "So you can tell your apps apart, e.g. 'Ada's phone'.",
    defaultName: (count: number) => (count === 0 ? "Authenticator app" : `Backup app ${count}`),
    start: "Continue",
    starting: "Preparing...",
    scanHeading: "Scan the QR code",
    scanIntro: "In your authenticator app, add an account and scan this code.",
    qrAlt: (name: string) => `QR code for adding ${name} to your authenticator app`,
    secretLabel: "Can't scan it? Enter this key instead",
    copy: "Copy key",
    copied: "Key copied",
    copyFailed: "Copy failed: select the key and copy it yourself",
    codeLabel: "6-digit code from the app",
    verify: "Turn on",
    verifying: "Checking...",
    cancel: "Cancel",
    done: (name: string) => ({ title: "Authenticator app added", description: `${name} now protects your sign-in.` }),
    failed: "The authenticator app could not be added.",
  },
  activity: {
    heading: "Last signed in",
    loading: "Loading your sign-in activity...",
    error: "Your sign-in activity could not be loaded.",
    never: "No sign-in recorded yet.",
    at: (when: string) => when,
    device: (deviceClass: string) => `on a ${deviceClass}`,
    deviceUnknown: "device not recorded",
  },
  signOutEverywhere: {
    heading: "Sign out of all devices",
    intro: "Ends every session of this account, on every browser and phone, including this one.",
    button: "Sign out of all devices",
    confirmTitle: "Sign out of all devices?",
    confirmBody: "Every browser signed in to this account, this one included, will have to sign in again.",
    confirm: "Sign out everywhere",
    busy: "Signing out...",
    cancel: "Cancel",
    failed: "Could not sign out of all devices",
  },
} as const;

/** The device classes the sign-in record names (user agent reduced to one word). */
export const deviceClassNames: Record<string, string> = {
  phone: "phone",
  mobile: "phone",
  tablet: "tablet",
  desktop: "computer",
  computer: "computer",
};

export const authCopy = {
  seoTitle: "Admin Login",
  seoDescription: "Sign in to the Ascend Digital admin area.",
  heading: "Admin Login",
  intro: "Sign in to publish and manage blog posts.",
  emailLabel: "Email",
  passwordLabel: "Password",
  submit: "Sign In",
  submitting: "Signing in...",
  loginSuccess: { title: "Login Successful", description: "You're now logged in." },
  loginFailed: "Login Failed",
  signUpFailed: "Sign up Failed",
  signOutFailed: "Sign out Failed",
  genericError: "Something went wrong",
} as const;
