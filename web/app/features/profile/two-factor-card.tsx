import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { CopyIcon, DownloadIcon, ShieldCheckIcon, ShieldOffIcon } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";

import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { providerErrorMessage } from "~/features/auth/auth-errors";
import { FormMessage } from "~/features/auth/form-message";
import { secondFactorCodeSchema } from "~/features/auth/schemas";
import { sessionKeys, useMe } from "~/features/session/queries";
import { usePasskeyCopy } from "~/features/passkeys/copy";
import { authClient } from "~/lib/auth-client";

export const TWO_FACTOR_ON = "Two-factor authentication is on";
export const TWO_FACTOR_OFF = "Two-factor authentication is off";

const passwordSchema = z.object({ password: z.string().min(1, "Enter your password") });

type Step =
  | { kind: "idle" }
  | { kind: "password"; action: "enable" | "disable" | "codes" }
  | { kind: "scan"; totpURI: string; backupCodes: string[] }
  | { kind: "codes"; backupCodes: string[] };

/**
 * Two-factor authentication on Profile (anchor #two-factor): enrol an authenticator app (scan,
 * then one code to prove it), keep the backup codes, make new ones, or turn it off. Required for
 * the admin console, a choice for customers (decision 018).
 */
export function TwoFactorCard() {
  const me = useMe();
  const { t } = usePasskeyCopy();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const { hash } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  const user = me.data;
  // Sent here from the admin console's prompt (/profile#two-factor): the card appears once the
  // account has loaded, after the router's own scrolling.
  useEffect(() => {
    if (hash === "#two-factor" && user) card.current?.scrollIntoView({ block: "start" });
  }, [hash, user]);
  if (!user) return null;
  const enabled = user.twoFactorEnabled;
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionKeys.me });

  return (
    <Card id="two-factor" ref={card} className="scroll-mt-20">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2>Two-factor authentication</h2>
          {enabled ? <Badge className="bg-emerald-600 text-white dark:bg-emerald-500">On</Badge> : <Badge variant="secondary">Off</Badge>}
        </CardTitle>
        <CardDescription>
          {user.role === "admin"
            ? t("twoFactor.adminDescription")
            : "Sign in with your password and a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …)."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {step.kind === "idle" ? (
          enabled ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setStep({ kind: "password", action: "codes" })}>
                New backup codes
              </Button>
              <Button variant="outline" onClick={() => setStep({ kind: "password", action: "disable" })}>
                <ShieldOffIcon aria-hidden="true" />
                Turn off
              </Button>
            </div>
          ) : (
            <Button className="w-fit" onClick={() => setStep({ kind: "password", action: "enable" })}>
              <ShieldCheckIcon aria-hidden="true" />
              Set up two-factor authentication
            </Button>
          )
        ) : null}

        {step.kind === "password" ? (
          <PasswordStep
            action={step.action}
            warnAdmin={step.action === "disable" && user.role === "admin" && !user.passkeyEnabled}
            onCancel={() => setStep({ kind: "idle" })}
            onDone={async (next) => {
              if (next) setStep(next);
              else {
                setStep({ kind: "idle" });
                toast.success(TWO_FACTOR_OFF);
                await refresh();
              }
            }}
          />
        ) : null}

        {step.kind === "scan" ? (
          <ScanStep
            totpURI={step.totpURI}
            onCancel={() => setStep({ kind: "idle" })}
            onVerified={async () => {
              setStep({ kind: "codes", backupCodes: step.backupCodes });
              toast.success(TWO_FACTOR_ON);
              await refresh();
            }}
          />
        ) : null}

        {step.kind === "codes" ? <BackupCodes codes={step.backupCodes} onDone={() => setStep({ kind: "idle" })} /> : null}
      </CardContent>
    </Card>
  );
}

const PASSWORD_LABELS = {
  enable: { intro: "Confirm it is you: enter your password.", submit: "Continue", busy: "Checking ..." },
  disable: { intro: "Turning it off needs your password.", submit: "Turn off", busy: "Turning off ..." },
  codes: { intro: "New backup codes replace the old ones. Enter your password.", submit: "Make new codes", busy: "Making codes ..." },
} as const;

function PasswordStep({
  action,
  warnAdmin,
  onCancel,
  onDone,
}: {
  action: "enable" | "disable" | "codes";
  warnAdmin: boolean;
  onCancel: () => void;
  onDone: (next?: Step) => Promise<void>;
}) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(passwordSchema), defaultValues: { password: "" } });
  const { errors, isSubmitting } = form.formState;
  const labels = PASSWORD_LABELS[action];

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    if (action === "enable") {
      const { data, error: authError } = await authClient.twoFactor.enable({ password });
      if (authError || !data || !("totpURI" in data) || !data.totpURI) return setError(authError ? providerErrorMessage(authError) : "Could not start the set-up. Try again.");
      return onDone({ kind: "scan", totpURI: data.totpURI, backupCodes: data.backupCodes ?? [] });
    }
    if (action === "codes") {
      const { data, error: authError } = await authClient.twoFactor.generateBackupCodes({ password });
      if (authError || !data) return setError(authError ? providerErrorMessage(authError) : "Could not make new codes. Try again.");
      return onDone({ kind: "codes", backupCodes: data.backupCodes });
    }
    const { error: authError } = await authClient.twoFactor.disable({ password });
    if (authError) return setError(providerErrorMessage(authError));
    return onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-sm gap-4">
      {warnAdmin ? <FormMessage tone="error">Without it, the admin console stays closed to you until you set it up again.</FormMessage> : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <FormField label="Password" type="password" autoComplete="current-password" hint={labels.intro} error={errors.password?.message} autoFocus {...form.register("password")} />
      <FormActions loading={isSubmitting} loadingLabel={labels.busy} submit={labels.submit} onCancel={onCancel} />
    </form>
  );
}

function ScanStep({ totpURI, onCancel, onVerified }: { totpURI: string; onCancel: () => void; onVerified: () => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(secondFactorCodeSchema), defaultValues: { code: "" } });
  const { errors, isSubmitting } = form.formState;
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setError(null);
    const { error: authError } = await authClient.twoFactor.verifyTotp({ code: code.replace(/\s/g, "") });
    if (authError) {
      setError(providerErrorMessage(authError));
      form.setFocus("code");
      return;
    }
    await onVerified();
  });

  return (
    <div className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
      <div className="w-fit rounded-lg border bg-white p-3">
        <QRCodeSVG value={totpURI} size={168} role="img" aria-label="QR code for your authenticator app" />
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <ol className="grid list-decimal gap-1.5 pl-5 text-sm text-muted-foreground">
          <li>Scan the QR code with your authenticator app.</li>
          <li>
            Can't scan? Enter this key in the app: <code className="font-mono break-all text-foreground" data-testid="totp-secret">{secret.replace(/(.{4})/g, "$1 ").trim()}</code>
          </li>
          <li>Type the 6-digit code the app shows.</li>
        </ol>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <FormField
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          className="max-w-40 [&_input]:font-mono [&_input]:tracking-[0.3em]"
          error={errors.code?.message}
          autoFocus
          {...form.register("code")}
        />
        <FormActions loading={isSubmitting} loadingLabel="Verifying ..." submit="Turn on" onCancel={onCancel} />
      </form>
    </div>
  );
}

function FormActions({ loading, loadingLabel, submit, onCancel }: { loading: boolean; loadingLabel: string; submit: string; onCancel: () => void }) {
  return (
    <div className="flex flex-wrap gap-2">
      <SubmitButton loading={loading} loadingLabel={loadingLabel}>
        {submit}
      </SubmitButton>
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join("\n");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success("Copied!", { description: "Backup codes copied to clipboard" });
    } catch {
      toast.error("Copy Failed", { description: "Failed to copy to clipboard" });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`Keyshop backup codes (each works once)\n\n${text}\n`], { type: "text/plain" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: "keyshop-backup-codes.txt" });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-4" data-testid="backup-codes">
      <FormMessage tone="success">Keep these backup codes somewhere safe. Each one signs you in once if your phone is lost; they are not shown again.</FormMessage>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-md border bg-muted/40 p-4 font-mono text-sm sm:w-fit" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" />
          Copy
        </Button>
        <Button variant="outline" onClick={download}>
          <DownloadIcon aria-hidden="true" />
          Download
        </Button>
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}
