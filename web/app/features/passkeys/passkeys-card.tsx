import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KeyRoundIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { toast } from "~/lib/toast";

import { FormField } from "~/components/form-field";
import { SubmitButton } from "~/components/submit-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Skeleton } from "~/components/ui/skeleton";
import { FormMessage } from "~/components/form-message";
import { sessionKeys, useMe } from "~/features/session/queries";
import { formatDate } from "~/lib/dates";
import type { TFunction } from "~/lib/i18n";

import { addPasskey, deviceName, listPasskeys, passkeyKeys, passkeysSupported, removePasskey, renamePasskey, type Passkey } from "./api";
import { passkeyErrorText, usePasskeyCopy } from "./copy";

const NAME_MAX = 64;

function checkName(t: TFunction, name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return t("errors.nameRequired");
  if (trimmed.length > NAME_MAX) return t("errors.nameTooLong");
  return null;
}

/**
 * Profile's passkeys (anchor #passkeys, decision 038): the account's passkeys with their names and
 * when they were added; add one on this device (named, by default after it), rename, remove. A
 * second factor for everyone, recommended for admins. The server refuses all but the list to a
 * session that has not passed the account's second factor (none reaches Profile: the dashboard
 * asks for it first).
 */
export function PasskeysCard() {
  const me = useMe();
  const { t } = usePasskeyCopy();
  const { hash } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  const user = me.data;
  const passkeys = useQuery({ queryKey: passkeyKeys.list, queryFn: listPasskeys, enabled: Boolean(user) });
  useEffect(() => {
    if (hash === "#passkeys" && user) card.current?.scrollIntoView({ block: "start" });
  }, [hash, user]);
  if (!user) return null;
  const admin = user.role === "admin";
  const list = passkeys.data ?? [];
  const count = list.length;

  return (
    <Card id="passkeys" ref={card} className="scroll-mt-20" data-testid="passkeys-card">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2>{t("card.title")}</h2>
          {passkeys.data ? count ? <Badge className="bg-emerald-600 text-white dark:bg-emerald-500">{t("card.count", { count })}</Badge> : <Badge variant="secondary">{t("card.none")}</Badge> : null}
          {admin ? (
            <Badge variant="outline" className="border-brand/40 text-brand-text">
              {t("card.recommended")}
            </Badge>
          ) : null}
        </CardTitle>
        <CardDescription>{admin ? t("card.adminDescription") : t("card.description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        {passkeys.isPending ? (
          <Skeleton className="h-14 w-full" />
        ) : passkeys.isError ? (
          <FormMessage tone="error">{passkeyErrorText(t, passkeys.error)}</FormMessage>
        ) : count ? (
          <ul className="divide-y rounded-md border" aria-label={t("card.title")}>
            {list.map((passkey) => (
              <PasskeyRow key={passkey.id} passkey={passkey} last={count === 1 && !user.twoFactorEnabled} admin={admin} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">{t("card.empty")}</p>
        )}
        <AddPasskey />
      </CardContent>
    </Card>
  );
}

function usePasskeyChanged() {
  const queryClient = useQueryClient();
  // The list, and the account's flags (a first or last passkey changes what /api/me says).
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: passkeyKeys.list }), queryClient.invalidateQueries({ queryKey: sessionKeys.me })]);
}

function AddPasskey() {
  const { t } = usePasskeyCopy();
  const changed = usePasskeyChanged();
  const [supported, setSupported] = useState(true);
  const [name, setName] = useState("");
  const [invalid, setInvalid] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The device's name by default (after hydration: only the browser knows it).
  useEffect(() => {
    setSupported(passkeysSupported());
    setName(deviceName(navigator.userAgent, (key, values) => t(key, values)));
  }, [t]);
  const add = useMutation({ mutationFn: (value: string) => addPasskey(value) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const problem = checkName(t, name);
    setInvalid(problem);
    if (problem) return;
    try {
      await add.mutateAsync(name.trim());
    } catch (failure) {
      setError(passkeyErrorText(t, failure));
      return;
    }
    toast.success(t("card.addedToast"));
    // Ready for the next device's name.
    setName(deviceName(navigator.userAgent, (key, values) => t(key, values)));
    await changed();
  };

  if (!supported) return <FormMessage tone="error">{t("card.unsupported")}</FormMessage>;
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-3 sm:max-w-md">
      {error ? <FormMessage tone="error">{error}</FormMessage> : null}
      <FormField label={t("card.nameLabel")} hint={t("card.nameHint")} value={name} maxLength={NAME_MAX + 16} error={invalid ?? undefined} onChange={(e) => setName(e.target.value)} autoComplete="off" data-testid="passkey-name" />
      <SubmitButton loading={add.isPending} loadingLabel={t("card.adding")} className="w-fit">
        <PlusIcon aria-hidden="true" />
        {t("card.add")}
      </SubmitButton>
    </form>
  );
}

function PasskeyRow({ passkey, last, admin }: { passkey: Passkey; last: boolean; admin: boolean }) {
  const { t } = usePasskeyCopy();
  const [renaming, setRenaming] = useState(false);
  const name = passkey.name || t("card.unnamed");
  return (
    <li className="grid gap-3 p-3 sm:p-4" data-testid="passkey-row">
      {/* On a phone the buttons go under the name, which keeps the whole width. */}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <KeyRoundIcon className="size-5 shrink-0 text-brand-text" aria-hidden="true" />
          <div className="grid min-w-0 gap-0.5">
            <span className="font-medium [overflow-wrap:anywhere]" data-testid="passkey-name-text">
              {name}
            </span>
            <time className="text-xs text-muted-foreground" dateTime={passkey.createdAt ?? undefined}>
              {t("card.added", { date: formatDate(passkey.createdAt) })}
            </time>
          </div>
        </div>
        {renaming ? null : (
          <div className="flex shrink-0 gap-2 pl-8 sm:pl-0">
            <Button variant="outline" size="sm" onClick={() => setRenaming(true)} aria-label={t("card.renameLabel", { name })}>
              <PencilIcon aria-hidden="true" />
              {t("card.rename")}
            </Button>
            <RemovePasskey passkey={passkey} name={name} last={last} admin={admin} />
          </div>
        )}
      </div>
      {renaming ? <RenameForm passkey={passkey} name={name} onDone={() => setRenaming(false)} /> : null}
    </li>
  );
}

function RenameForm({ passkey, name, onDone }: { passkey: Passkey; name: string; onDone: () => void }) {
  const { t } = usePasskeyCopy();
  const changed = usePasskeyChanged();
  const inputId = useId();
  const [value, setValue] = useState(passkey.name ?? "");
  const [error, setError] = useState<string | null>(null);
  const rename = useMutation({ mutationFn: (next: string) => renamePasskey(passkey.id, next) });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkName(t, value);
    if (problem) return setError(problem);
    try {
      await rename.mutateAsync(value.trim());
    } catch (failure) {
      setError(passkeyErrorText(t, failure));
      return;
    }
    toast.success(t("card.renamedToast"));
    await changed();
    onDone();
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate className="grid gap-2 sm:pl-9">
      <label htmlFor={inputId} className="sr-only">
        {t("card.renameLabel", { name })}
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={inputId}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          maxLength={NAME_MAX + 16}
          autoFocus
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          className="min-w-0 flex-1 basis-48"
          data-testid="passkey-rename"
        />
        <div className="flex gap-2">
          <SubmitButton loading={rename.isPending} loadingLabel={t("card.saving")} size="sm" className="h-9">
            {t("card.save")}
          </SubmitButton>
          <Button type="button" variant="ghost" size="sm" className="h-9" onClick={onDone}>
            {t("card.cancel")}
          </Button>
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function RemovePasskey({ passkey, name, last, admin }: { passkey: Passkey; name: string; last: boolean; admin: boolean }) {
  const { t } = usePasskeyCopy();
  const changed = usePasskeyChanged();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({ mutationFn: () => removePasskey(passkey.id) });

  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync();
    } catch (failure) {
      setError(passkeyErrorText(t, failure));
      return;
    }
    setOpen(false);
    toast.success(t("card.removedToast"));
    await changed();
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
    >
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={t("card.removeLabel", { name })}>
        <Trash2Icon aria-hidden="true" />
        {t("card.remove")}
      </Button>
      <DialogContent className="sm:max-w-md" showCloseButton={false}>
        <DialogHeader>
          <DialogTitle>{t("card.removeTitle", { name })}</DialogTitle>
          <DialogDescription>{t("card.removeDescription")}</DialogDescription>
        </DialogHeader>
        {last ? <FormMessage tone="error">{admin ? t("card.removeLastAdmin") : t("card.removeLast")}</FormMessage> : null}
        {error ? <FormMessage tone="error">{error}</FormMessage> : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t("card.cancel")}
            </Button>
          </DialogClose>
          <SubmitButton type="button" variant="destructive" loading={remove.isPending} loadingLabel={t("card.removing")} onClick={() => void confirm()}>
            {t("card.remove")}
          </SubmitButton>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
