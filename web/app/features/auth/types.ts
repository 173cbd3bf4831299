/** What every auth view form receives from the panel that hosts it. */
export type AuthFormProps = {
  /** The e-mail typed in the previous view, carried over when switching views. */
  defaultEmail: string;
  rememberEmail: (email: string) => void;
  /** Called once a session exists (toast + go to the dashboard). */
  onSignedIn: () => Promise<void> | void;
};
