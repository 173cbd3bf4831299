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

/** The views a link leads to from sign_in (and back); their texts are the auth namespace's `links.<view>`. */
export const LINK_VIEWS = ["sign_up", "forgotten_password", "magic_link", "verify_otp", "sign_in"] as const satisfies readonly AuthView[];
export type LinkView = (typeof LINK_VIEWS)[number];
