// One plan of a price list: a table row on a wide screen, a card on a phone, with the same facts
// (its volume tiers too, decision 080) and the same actions (edit, retire or restore, move up or down).
import { ArrowDownIcon, ArrowUpIcon, PencilIcon } from "lucide-react";

import type { CataloguePlanDto } from "../../../../../contracts/catalogue-admin";
import { formatMoney } from "../../../../../contracts/money";
import { planTitle } from "../../../../../contracts/plan-catalogue";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TableCell, TableRow } from "~/components/ui/table";

import { useCatalogueCopy } from "./copy";
import { tiersSummary } from "./volume-tiers";

export type RowActions = {
  onEdit: (plan: CataloguePlanDto) => void;
  onStatus: (plan: CataloguePlanDto) => void;
  onMove: (plan: CataloguePlanDto, by: -1 | 1) => void;
  /** A reorder is under way: the move buttons wait. */
  moving: boolean;
};
type RowProps = RowActions & { plan: CataloguePlanDto; first: boolean; last: boolean };

function usePlanText(plan: CataloguePlanDto) {
  const { t, i18n } = useCatalogueCopy();
  return {
    t,
    title: planTitle(plan.months, i18n.language),
    period: t("table.days", { count: plan.periodDays }),
    bonus: plan.bonusDays > 0 ? t("table.bonus", { count: plan.bonusDays }) : null,
    tiers: tiersSummary(t, plan.volumeTiers),
  };
}

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useCatalogueCopy();
  return <Badge variant={active ? "secondary" : "outline"}>{t(active ? "table.onSale" : "table.retired")}</Badge>;
}

function TitleCell({ plan, title }: { plan: CataloguePlanDto; title: string }) {
  const { t } = useCatalogueCopy();
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-medium" data-testid="plan-title">
        {title}
      </span>
      {plan.isPopular ? <Badge>{t("table.popular")}</Badge> : null}
    </span>
  );
}

function Actions({ plan, first, last, onEdit, onStatus, onMove, moving, title }: RowProps & { title: string }) {
  const { t } = useCatalogueCopy();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" variant="outline" aria-label={t("actions.editLabel", { plan: title })} onClick={() => onEdit(plan)}>
        <PencilIcon aria-hidden="true" />
        {t("actions.edit")}
      </Button>
      <Button size="sm" variant="outline" onClick={() => onStatus(plan)}>
        {t(plan.active ? "actions.retire" : "actions.restore")}
      </Button>
      <Button size="icon" variant="ghost" className="size-8" aria-label={t("actions.moveUpLabel", { plan: title })} title={t("actions.moveUp")} disabled={first || moving} onClick={() => onMove(plan, -1)}>
        <ArrowUpIcon aria-hidden="true" />
      </Button>
      <Button size="icon" variant="ghost" className="size-8" aria-label={t("actions.moveDownLabel", { plan: title })} title={t("actions.moveDown")} disabled={last || moving} onClick={() => onMove(plan, 1)}>
        <ArrowDownIcon aria-hidden="true" />
      </Button>
    </div>
  );
}

export function PlanRow(props: RowProps) {
  const { plan } = props;
  const { t, title, period, bonus, tiers } = usePlanText(plan);
  return (
    <TableRow data-testid="plan-row" data-plan={plan.id} className={plan.active ? undefined : "text-muted-foreground"}>
      <TableCell className="pl-4 sm:pl-6">
        <TitleCell plan={plan} title={title} />
      </TableCell>
      <TableCell className="tabular-nums">
        <span className="grid">
          <span data-testid="plan-price">{formatMoney(plan.priceMills)}</span>
          {tiers ? (
            <span className="text-xs text-muted-foreground" data-testid="plan-tiers">
              {t("table.tiersLine", { tiers })}
            </span>
          ) : null}
        </span>
      </TableCell>
      <TableCell>
        <span className="grid">
          <span>{period}</span>
          {bonus ? <span className="text-xs text-muted-foreground">{bonus}</span> : null}
        </span>
      </TableCell>
      <TableCell className="tabular-nums">{plan.keyChanges}</TableCell>
      <TableCell>
        <StatusBadge active={plan.active} />
      </TableCell>
      <TableCell className="pr-4 sm:pr-6">
        <Actions {...props} title={title} />
      </TableCell>
    </TableRow>
  );
}

export function PlanCard(props: RowProps) {
  const { plan } = props;
  const { t, title, period, bonus, tiers } = usePlanText(plan);
  return (
    <li className="grid gap-3 px-4 py-4" data-testid="plan-row" data-plan={plan.id}>
      <div className="flex items-start justify-between gap-3">
        <TitleCell plan={plan} title={title} />
        <StatusBadge active={plan.active} />
      </div>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("columns.price")}</dt>
        <dd className="tabular-nums" data-testid="plan-price">
          {formatMoney(plan.priceMills)}
        </dd>
        <dt className="text-muted-foreground">{t("columns.period")}</dt>
        <dd>{bonus ? `${period} · ${bonus}` : period}</dd>
        <dt className="text-muted-foreground">{t("columns.keyChanges")}</dt>
        <dd className="tabular-nums">{plan.keyChanges}</dd>
        {tiers ? (
          <>
            <dt className="text-muted-foreground">{t("table.tiers")}</dt>
            <dd data-testid="plan-tiers">{tiers}</dd>
          </>
        ) : null}
      </dl>
      <Actions {...props} title={title} />
    </li>
  );
}
