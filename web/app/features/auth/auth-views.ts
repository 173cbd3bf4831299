export const AUTH_VIEWS = [
  "sign_in",
  "sign_up",
  "forgotten_password",
  "magic_link",
  "update_password",
  "verify_otp",
] as const;

export type AuthView = (typeof AUTH_VIEWS)[number];

export function parseAuthView(value: string | null): AuthView {
  return AUTH_VIEWS.find((view) => view === value) ?? "sign_in";
}

export const VIEW_DESCRIPTIONS: Record<AuthView, string> = {
  sign_in: "Sign in to manage your license keys.",
  sign_up: "Create an account to buy and manage license keys.",
  forgotten_password: "We will e-mail you a link to reset your password.",
  magic_link: "We will e-mail you a link that signs you in.",
  update_password: "Choose a new password for your account.",
  verify_otp: "We will e-mail you a 6-digit code that signs you in.",
};

/** The text of the link that leads to each view from sign_in (and back). */
export const VIEW_LINKS = {
  sign_up: "Don't have an account? Sign up",
  forgotten_password: "Forgot your password?",
  magic_link: "Send a magic link email",
  verify_otp: "Sign in with a one-time code",
  sign_in: "Already have an account? Sign in",
} as const;
