import { useId, useState, type FormEvent } from "react";
import { CreditCardIcon, WalletIcon } from "lucide-react";
import { toast } from "sonner";

import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

export const MIN_TOP_UP_DOLLARS = 1;

/** A valid amount: a number of at least $1 with at most 2 decimals; null otherwise. */
export function parseTopUp(text: string): string | null {
  const trimmed = text.trim();
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(trimmed)) return null;
  const [whole, frac = ""] = trimmed.split(".");
  const cents = Number(whole) * 100 + Number(frac.padEnd(2, "0"));
  if (cents < MIN_TOP_UP_DOLLARS * 100) return null;
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

export function TopUpCard() {
  const id = useId();
  const [amount, setAmount] = useState("");
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const numeric = Number(amount);
  const enabled = amount.trim() !== "" && Number.isFinite(numeric) && numeric >= MIN_TOP_UP_DOLLARS;

  function submit(event: FormEvent) {
    event.preventDefault();
    const dollars = parseTopUp(amount);
    if (!dollars) {
      toast.error("Invalid amount", { description: "Please enter an amount of $1 or more" });
      return;
    }
    setConfirmed(dollars);
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Top Up Balance</h2>
        </CardTitle>
        <CardDescription>Add money to your API key balance. Minimum $1.00.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="grid flex-1 gap-2 sm:max-w-xs">
            <Label htmlFor={id}>Amount (USD)</Label>
            <Input
              id={id}
              type="number"
              inputMode="decimal"
              min={MIN_TOP_UP_DOLLARS}
              step={0.01}
              placeholder="10.00"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </div>
          <Button type="submit" disabled={!enabled}>
            <WalletIcon aria-hidden="true" />
            Top Up Now
          </Button>
        </form>
      </CardContent>
      <Dialog open={confirmed !== null} onOpenChange={(open) => !open && setConfirmed(null)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Balance Top Up</DialogTitle>
            <DialogDescription>Amount: {confirmed}</DialogDescription>
          </DialogHeader>
          <div className="flex gap-3 rounded-md border bg-muted/40 p-4 text-sm">
            <CreditCardIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <p>
              Online payment through ABA PayWay arrives with the payments release. Until then no
              payment is taken here; contact support to top up your balance.
            </p>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button">Close</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
