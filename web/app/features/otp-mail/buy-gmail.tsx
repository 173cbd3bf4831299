// The Buy Gmail action: which site the address is for (every site of the catalogue, each with its
// price, so the customer knows what is debited before buying) and the button that buys it.
import { useId, useState } from "react";
import { Loader2Icon, MailPlusIcon } from "lucide-react";

import { formatMoney } from "../../../../contracts/money";
import { DEFAULT_OTP_SERVICE, type OtpServiceId } from "../../../../contracts/otp-services";
import { MIN_BALANCE_TO_BUY_MILLS } from "../../../../contracts/otp-rules";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { showErrorToast } from "~/lib/errors";
import { toast } from "~/lib/toast";

import { useOtpCopy } from "./copy";
import { useBuyOtpMail } from "./mutations";
import { useOtpServices } from "./queries";

export function BuyGmail({ balanceMills, balancePending, onBought }: { balanceMills: number | undefined; balancePending: boolean; onBought: () => void }) {
  const { t } = useOtpCopy();
  const buy = useBuyOtpMail();
  const services = useOtpServices();
  const [serviceId, setServiceId] = useState<OtpServiceId>(DEFAULT_OTP_SERVICE);
  const selectId = useId();
  // Until the catalogue arrives the default site is offered alone (its price then comes with the list).
  const list = services.data?.services.filter((s) => s.available) ?? [];
  const chosen = list.find((s) => s.id === serviceId);
  const enough = balanceMills !== undefined && balanceMills >= Math.max(MIN_BALANCE_TO_BUY_MILLS, chosen?.priceMills ?? 0);

  async function buyGmail() {
    const toastId = toast.loading(t("buying.title"), { description: t("buying.text") });
    try {
      const { order } = await buy.mutateAsync(serviceId);
      toast.success(t("buying.done"), {
        id: toastId,
        description: order.address ? t("buying.address", { address: order.address }) : t("buying.ready"),
      });
      onBought();
    } catch (error) {
      showErrorToast(error, "buy-gmail", { id: toastId });
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor={selectId} className="text-xs text-muted-foreground">
          {t("site.label")}
        </Label>
        <NativeSelect id={selectId} className="w-48" value={serviceId} onChange={(event) => setServiceId(event.target.value as OtpServiceId)}>
          {(list.length ? list : [{ id: DEFAULT_OTP_SERVICE, name: "Facebook", priceMills: null }]).map((s) => (
            <option key={s.id} value={s.id}>
              {s.priceMills === null ? s.name : t("site.option", { site: s.name, price: formatMoney(s.priceMills) })}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button onClick={() => void buyGmail()} disabled={!enough || !chosen || buy.isPending} aria-busy={buy.isPending || undefined}>
        {buy.isPending ? <Loader2Icon className="animate-spin" aria-hidden="true" /> : <MailPlusIcon aria-hidden="true" />}
        {enough || balancePending ? t("buy") : t("insufficient")}
      </Button>
    </div>
  );
}
