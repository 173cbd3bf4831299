import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { CopyIcon, DownloadIcon, ShieldCheckIcon, ShieldOffIcon } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useForm } from "react-hook-form";
import { toast } from "~/lib/toast";
import { z } from "zod";

import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { providerErrorMessage } from "~/features/auth/auth-errors";
import { FormMessage } from "~/components/form-message";
import { secondFactorCodeSchema } from "~/features/auth/schemas";
import { sessionKeys, useMe } from "~/features/session/queries";
import { fieldMessage } from "~/components/data-table/field-message";
import { usePasskeyCopy } from "~/features/passkeys/copy";
import { authClient } from "~/lib/auth-client";

import { registerNamespace, useTranslation } from "~/lib/i18n";
import enProfileTwoFactor from "~/locales/en/profileTwoFactor.json";

import { PROFILE_FIELD_MESSAGES } from "./copy";

// The card's words (namespace "profileTwoFactor", keys "twoFactor.*") come with the card.
registerNamespace("profileTwoFactor", { en: enProfileTwoFactor });
const useProfileCopy = () => useTranslation("profileTwoFactor");

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
  const { t: passkeysT } = usePasskeyCopy();
  const { t } = useProfileCopy();
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
          <h2>{t("twoFactor.title")}</h2>
          {enabled ? <Badge className="bg-emerald-600 text-white dark:bg-emerald-500">{t("twoFactor.on")}</Badge> : <Badge variant="secondary">{t("twoFactor.off")}</Badge>}
        </CardTitle>
        <CardDescription>
          {user.role === "admin"
            ? passkeysT("twoFactor.adminDescription")
            : t("twoFactor.description")}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {step.kind === "idle" ? (
          enabled ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" onClick={() => setStep({ kind: "password", action: "codes" })}>
                {t("twoFactor.newCodes")}
              </Button>
              <Button variant="outline" onClick={() => setStep({ kind: "password", action: "disable" })}>
                <ShieldOffIcon aria-hidden="true" />
                {t("twoFactor.turnOff")}
              </Button>
            </div>
          ) : (
            <Button className="w-fit" onClick={() => setStep({ kind: "password", action: "enable" })}>
              <ShieldCheckIcon aria-hidden="true" />
              {t("twoFactor.setUp")}
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
                toast.success(t("twoFactor.turnedOff"));
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
              toast.success(t("twoFactor.turnedOn"));
              await refresh();
            }}
          />
        ) : null}

        {step.kind === "codes" ? <BackupCodes codes={step.backupCodes} onDone={() => setStep({ kind: "idle" })} /> : null}
      </CardContent>
    </Card>
  );
}

/** The password step's words for each action (keys of the "profile" namespace). */
const PASSWORD_LABELS = {
  enable: { intro: "twoFactor.enableIntro", submit: "twoFactor.continue", busy: "twoFactor.checking" },
  disable: { intro: "twoFactor.disableIntro", submit: "twoFactor.turnOff", busy: "twoFactor.turningOff" },
  codes: { intro: "twoFactor.codesIntro", submit: "twoFactor.makeCodes", busy: "twoFactor.makingCodes" },
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
  const { t } = useProfileCopy();
  const [error, setError] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(passwordSchema), defaultValues: { password: "" } });
  const { errors, isSubmitting } = form.formState;
  const labels = PASSWORD_LABELS[action];

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setError(null);
    if (action === "enable") {
      const { data, error: authError } = await authClient.twoFactor.enable({ password });
      if (authError || !data || !("totpURI" in data) || !data.totpURI) return setError(authError ? providerErrorMessage(authError) : t("twoFactor.startFailed"));
      return onDone({ kind: "scan", totpURI: data.totpURI, backupCodes: data.backupCodes ?? [] });
    }
    if (action === "codes") {
      const { data, error: authError } = await authClient.twoFactor.generateBackupCodes({ password });
      if (authError || !data) return setError(authError ? providerErrorMessage(authError) : t("twoFactor.codesFailed"));
      return onDone({ kind: "codes", backupCodes: data.backupCodes });
    }
    const { error: authError } = await authClient.twoFactor.disable({ password });
    if (authError) return setError(providerErrorMessage(authError));
    return onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-sm gap-4">
      {warnAdmin ? <FormMessage tone="error">{t("twoFactor.warnAdmin")}</FormMessage> : null}
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <FormField
        label={t("twoFactor.password")}
        type="password"
        autoComplete="current-password"
        hint={t(labels.intro)}
        error={fieldMessage(t, errors.password?.message, PROFILE_FIELD_MESSAGES)}
        autoFocus
        {...form.register("password")}
      />
      <FormActions loading={isSubmitting} loadingLabel={t(labels.busy)} submit={t(labels.submit)} onCancel={onCancel} />
    </form>
  );
}

function ScanStep({ totpURI, onCancel, onVerified }: { totpURI: string; onCancel: () => void; onVerified: () => Promise<void> }) {
  const { t } = useProfileCopy();
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
        <QRCodeSVG value={totpURI} size={168} role="img" aria-label={t("twoFactor.qrLabel")} />
      </div>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <ol className="grid list-decimal gap-1.5 pl-5 text-sm text-muted-foreground">
          <li>{t("twoFactor.scan")}</li>
          <li>
            {t("twoFactor.cantScan")} <code className="font-mono break-all text-foreground" data-testid="totp-secret">{secret.replace(/(.{4})/g, "$1 ").trim()}</code>
          </li>
          <li>{t("twoFactor.typeCode")}</li>
        </ol>
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <FormField
          label={t("twoFactor.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          className="max-w-40 [&_input]:font-mono [&_input]:tracking-[0.3em]"
          error={fieldMessage(t, errors.code?.message, PROFILE_FIELD_MESSAGES)}
          autoFocus
          {...form.register("code")}
        />
        <FormActions loading={isSubmitting} loadingLabel={t("twoFactor.verifying")} submit={t("twoFactor.turnOn")} onCancel={onCancel} />
      </form>
    </div>
  );
}

function FormActions({ loading, loadingLabel, submit, onCancel }: { loading: boolean; loadingLabel: string; submit: string; onCancel: () => void }) {
  const { t } = useProfileCopy();
  return (
    <div className="flex flex-wrap gap-2">
      <SubmitButton loading={loading} loadingLabel={loadingLabel}>
        {submit}
      </SubmitButton>
      <Button type="button" variant="ghost" onClick={onCancel}>
        {t("twoFactor.cancel")}
      </Button>
    </div>
  );
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useProfileCopy();
  const text = codes.join("\n");
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t("table:copy.copied"), { description: t("twoFactor.codesCopied") });
    } catch {
      toast.error(t("table:copy.failed"), { description: t("table:copy.failedText") });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${t("twoFactor.fileHeading")}\n\n${text}\n`], { type: "text/plain" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: "keyshop-backup-codes.txt" });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="grid gap-4" data-testid="backup-codes">
      <FormMessage tone="success">{t("twoFactor.codesKeep")}</FormMessage>
      <ul className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-md border bg-muted/40 p-4 font-mono text-sm sm:w-fit" aria-label={t("twoFactor.codesLabel")}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" onClick={() => void copy()}>
          <CopyIcon aria-hidden="true" />
          {t("twoFactor.copy")}
        </Button>
        <Button variant="outline" onClick={download}>
          <DownloadIcon aria-hidden="true" />
          {t("twoFactor.download")}
        </Button>
        <Button onClick={onDone}>{t("twoFactor.done")}</Button>
      </div>
    </div>
  );
}
