// The edit dialog's volume tiers (decision 080): one row per tier, "From [N] licences → [P] % off",
// added and removed; a wrong field says why under its row. Saved with the plan's other terms.
import { useId } from "react";
import { PlusIcon, Trash2Icon } from "lucide-react";

import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";

import { useCatalogueCopy } from "./copy";
import { MAX_VOLUME_TIERS, nextTierRow, type TierErrors, type TierField, type TierRow } from "./volume-tiers";

export function VolumeTiersEditor({ rows, errors, onChange }: { rows: TierRow[]; errors: TierErrors; onChange: (rows: TierRow[]) => void }) {
  const { t } = useCatalogueCopy();
  const id = useId();
  const set = (index: number, field: TierField, value: string) => onChange(rows.map((row, i) => (i === index ? { ...row, [field]: value } : row)));

  return (
    <fieldset className="grid gap-3 rounded-md border p-3" aria-describedby={`${id}-hint`}>
      <legend className="px-1 text-sm font-medium">{t("form.tiers.legend")}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("form.tiers.hint")}
      </p>
      {rows.length === 0 ? <p className="text-sm text-muted-foreground">{t("form.tiers.none")}</p> : null}
      <ol className="grid gap-3">
        {rows.map((row, index) => {
          const n = index + 1;
          const rowErrors = errors[index] ?? {};
          const messages = [rowErrors.minQuantity, rowErrors.percentOff].filter((m): m is string => Boolean(m));
          const errorId = `${id}-${index}-error`;
          return (
            <li key={index} className="grid gap-1" data-testid="tier-row">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span aria-hidden="true">{t("form.tiers.from")}</span>
                <TierInput row={row} field="minQuantity" label={t("form.tiers.quantityLabel", { n })} errorId={rowErrors.minQuantity ? errorId : null} onChange={(v) => set(index, "minQuantity", v)} />
                <span aria-hidden="true">{t("form.tiers.licences")}</span>
                <TierInput row={row} field="percentOff" label={t("form.tiers.percentLabel", { n })} errorId={rowErrors.percentOff ? errorId : null} onChange={(v) => set(index, "percentOff", v)} />
                <span aria-hidden="true">{t("form.tiers.off")}</span>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="ml-auto size-8"
                  aria-label={t("form.tiers.remove", { n })}
                  title={t("form.tiers.remove", { n })}
                  onClick={() => onChange(rows.filter((_, i) => i !== index))}
                >
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </div>
              {messages.length > 0 ? (
                <p id={errorId} className="text-sm text-destructive">
                  {[...new Set(messages)].join(" ")}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div>
        <Button type="button" size="sm" variant="outline" disabled={rows.length >= MAX_VOLUME_TIERS} onClick={() => onChange([...rows, nextTierRow(rows)])}>
          <PlusIcon aria-hidden="true" />
          {t("form.tiers.add")}
        </Button>
      </div>
    </fieldset>
  );
}

/** One number of a tier, named for its row; when wrong, marked so and pointing at the row's message. */
function TierInput({ row, field, label, errorId, onChange }: { row: TierRow; field: TierField; label: string; errorId: string | null; onChange: (value: string) => void }) {
  return (
    <Input
      className={field === "minQuantity" ? "w-20" : "w-16"}
      inputMode="numeric"
      autoComplete="off"
      aria-label={label}
      aria-invalid={errorId ? true : undefined}
      aria-describedby={errorId ?? undefined}
      value={row[field]}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
