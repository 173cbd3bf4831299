// One discount code: a table row on a wide screen, a card on a phone, with the same facts (its
// discount, plans and price lists, window, uses) and actions (open, edit, switch off or on).
import { PencilIcon } from "lucide-react";
import { Link } from "react-router";

import type { DiscountDto } from "../../../../../contracts/discounts";
import { formatMoney } from "../../../../../contracts/money";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TableCell, TableRow } from "~/components/ui/table";
import { useDates } from "~/lib/dates";
import type { TFunction } from "~/lib/i18n";

import { useDiscountsCopy } from "./copy";

export type RowActions = {
  onEdit: (discount: DiscountDto) => void;
  onSwitch: (discount: DiscountDto) => void;
  /** The plans' names by id (the catalogue), for the plans a code is for. */
  planName: (id: string) => string;
  /** A switch is under way: the buttons wait. */
  switching: boolean;
};
type RowProps = RowActions & { discount: DiscountDto };

export const discountPath = (d: Pick<DiscountDto, "id">) => `/discounts/${encodeURIComponent(d.id)}`;

/** '20% off', '$5.00 off'. */
export function valueText(t: TFunction, d: Pick<DiscountDto, "kind" | "value">): string {
  return d.kind === "percent" ? t("table.percent", { value: d.value }) : t("table.fixed", { amount: formatMoney(d.value) });
}

/** The facts of a code in the reader's words (the list and the code's page). */
export function useDiscountText(discount: DiscountDto, planName: (id: string) => string) {
  const { t } = useDiscountsCopy();
  const { formatDate } = useDates();
  const d = discount;
  const window = [
    d.startsAt ? t("table.from", { date: formatDate(d.startsAt) }) : null,
    // The last day it works: the day before the moment it ends.
    d.endsAt ? t("table.until", { date: formatDate(new Date(Date.parse(d.endsAt) - 1).toISOString()) }) : null,
  ].filter(Boolean);
  return {
    t,
    value: valueText(t, d),
    plans: d.planIds.length === 0 ? t("table.allPlans") : d.planIds.map(planName).join(", "),
    markets: d.markets.length === 0 ? t("table.allMarkets") : d.markets.map((m) => t(`markets.${m}`)).join(", "),
    window: window.length > 0 ? window.join(" · ") : t("table.always"),
    uses: t("table.uses", { paid: d.usesPaid, held: d.usesHeld }),
    limit: d.maxUses === null ? t("table.noLimit") : t("table.usesOf", { max: d.maxUses }),
    rules: [
      d.maxUsesPerCustomer === null ? null : t("table.perCustomer", { count: d.maxUsesPerCustomer }),
      d.firstPurchaseOnly ? t("table.firstPurchase") : null,
    ].filter((x): x is string => x !== null),
  };
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useDiscountsCopy();
  return <Badge variant={active ? "secondary" : "outline"}>{t(active ? "table.active" : "table.off")}</Badge>;
}

function CodeLink({ discount }: { discount: DiscountDto }) {
  const { t } = useDiscountsCopy();
  return (
    <Link to={discountPath(discount)} className="font-mono font-medium whitespace-nowrap underline-offset-4 hover:underline" aria-label={t("actions.viewLabel", { code: discount.code })} data-testid="discount-code">
      {discount.code}
    </Link>
  );
}

function Actions({ discount, onEdit, onSwitch, switching }: RowProps) {
  const { t } = useDiscountsCopy();
  const code = discount.code;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" variant="outline" aria-label={t("actions.editLabel", { code })} onClick={() => onEdit(discount)}>
        <PencilIcon aria-hidden="true" />
        {t("actions.edit")}
      </Button>
      <Button
        size="sm"
        variant="outline"
        disabled={switching}
        aria-label={t(discount.active ? "actions.switchOffLabel" : "actions.switchOnLabel", { code })}
        onClick={() => onSwitch(discount)}
      >
        {t(discount.active ? "actions.switchOff" : "actions.switchOn")}
      </Button>
    </div>
  );
}

function Uses({ text }: { text: ReturnType<typeof useDiscountText> }) {
  return (
    <span className="grid">
      <span className="tabular-nums">{text.uses}</span>
      <span className="text-xs text-muted-foreground">{text.limit}</span>
    </span>
  );
}

export function DiscountRow(props: RowProps) {
  const { discount } = props;
  const text = useDiscountText(discount, props.planName);
  return (
    <TableRow data-testid="discount-row" data-discount={discount.id} className={discount.active ? undefined : "text-muted-foreground"}>
      <TableCell className="pl-4 sm:pl-6">
        <CodeLink discount={discount} />
      </TableCell>
      <TableCell>
        <span className="grid">
          <span className="font-medium">{text.value}</span>
          {text.rules.map((rule) => (
            <span key={rule} className="text-xs text-muted-foreground">
              {rule}
            </span>
          ))}
        </span>
      </TableCell>
      <TableCell className="max-w-56 whitespace-normal">
        <span className="grid">
          <span>{text.plans}</span>
          <span className="text-xs text-muted-foreground">{text.markets}</span>
        </span>
      </TableCell>
      <TableCell className="whitespace-normal">{text.window}</TableCell>
      <TableCell>
        <Uses text={text} />
      </TableCell>
      <TableCell>
        <ActiveBadge active={discount.active} />
      </TableCell>
      <TableCell className="pr-4 sm:pr-6">
        <Actions {...props} />
      </TableCell>
    </TableRow>
  );
}

export function DiscountCard(props: RowProps) {
  const { discount } = props;
  const text = useDiscountText(discount, props.planName);
  const { t } = text;
  return (
    <li className="grid gap-3 px-4 py-4" data-testid="discount-row" data-discount={discount.id}>
      <div className="flex items-start justify-between gap-3">
        <CodeLink discount={discount} />
        <ActiveBadge active={discount.active} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("columns.discount")}</dt>
        <dd>{[text.value, ...text.rules].join(" · ")}</dd>
        <dt className="text-muted-foreground">{t("columns.appliesTo")}</dt>
        <dd>{`${text.plans} · ${text.markets}`}</dd>
        <dt className="text-muted-foreground">{t("columns.window")}</dt>
        <dd>{text.window}</dd>
        <dt className="text-muted-foreground">{t("columns.uses")}</dt>
        <dd className="tabular-nums">{`${text.uses} · ${text.limit}`}</dd>
      </dl>
      <Actions {...props} />
    </li>
  );
}
