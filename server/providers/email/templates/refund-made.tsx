import { formatMoney } from "../../../../contracts/money";
import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/** What a refund took back (features/refunds/reversal.ts), worded by the e-mail in the buyer's language. */
export type TakenBackLine =
  | { kind: "licence-revoked"; /** null: a gift's licence, whose key its payer never sees (decision 079). */ buyKey: string | null }
  /** A reseller's bulk order (decision 080): one line for all its licences revoked, never one per key. */
  | { kind: "licences-revoked"; count: number; /** Assigned licences, which stay valid. */ keptAssigned: number }
  | { kind: "days-removed"; days: number; /** The licence's new expiry, when the e-mail may say it (not to a gift's payer). */ expireDate: string | null }
  | { kind: "balance-debited"; debitMills: number; balanceAfterMills: number }
  | { kind: "licence-kept" };

/**
 * To the buyer when money of an order is given back (an admin's refund, an approved money-back
 * request, or one made at PayWay): how much, how much of the order is now refunded, and what
 * was taken back for it (decision 024).
 */
export interface RefundMadeProps {
  /** The plan's length in months; null for a top-up. */
  planMonths: number | null;
  amountMills: number;
  orderAmountMills: number;
  refundedMills: number;
  takenBack: TakenBackLine[];
  /** The refund answers the customer's money-back request. */
  approvedRequest: boolean;
  /** The admin's words, when there are any for the customer. */
  note: string;
  historyUrl: string;
}

export const refundMadeTemplate = defineEmailTemplate("refund-made", {
  texts: {
    en: {
      subjectApproved: (amount: string) => `Refund request approved: ${amount} refunded`,
      subject: (amount: string) => `${amount} of your Keyshop payment was refunded`,
      preview: (amount: string, purchase: string) => `${amount} of your ${purchase} payment was refunded`,
      headingApproved: "Your refund request was approved",
      heading: "Your payment was refunded",
      body: (amount: string, total: string, purchase: string) => `${amount} of your ${total} payment for ${purchase} was refunded to the card or account you paid with. Banks usually show it within a few working days.`,
      whole: "The whole payment is now refunded.",
      soFar: (refunded: string) => `${refunded} of it is refunded so far.`,
      licenceRevoked: (buyKey: string | null) => (buyKey ? `The licence ${buyKey} was revoked: it no longer works in the tool.` : "The licence you gave as a gift was revoked: it no longer works in the tool."),
      licencesRevoked: (count: number, kept: number) =>
        `${count === 1 ? "1 licence was" : `${count} licences were`} revoked: ${count === 1 ? "it no longer works" : "they no longer work"} in the tool.${kept ? ` The ${kept === 1 ? "licence you assigned keeps" : `${kept} licences you assigned keep`} working.` : ""}`,
      daysRemoved: (days: number, until: string | null) => `The ${days} days this payment added to the licence were taken off again.${until ? ` It now runs until ${until}.` : ""}`,
      balanceDebited: (debit: string, after: string) => `${debit} was taken off your balance (now ${after}).`,
      licenceKept: "Your licence keeps working.",
      note: (note: string) => `Note from the shop: ${note}`,
      questions: "Questions about this refund: reply to this e-mail or contact support.",
    },
    km: {
      subjectApproved: (amount: string) => `សំណើសងប្រាក់វិញត្រូវបានអនុម័ត៖ បានសងប្រាក់វិញ ${amount}`,
      subject: (amount: string) => `បានសងប្រាក់វិញ ${amount} ពីការបង់ប្រាក់ Keyshop របស់អ្នក`,
      preview: (amount: string, purchase: string) => `បានសងប្រាក់វិញ ${amount} ពីការបង់ប្រាក់សម្រាប់${purchase} របស់អ្នក`,
      headingApproved: "សំណើសងប្រាក់វិញរបស់អ្នកត្រូវបានអនុម័ត",
      heading: "ការបង់ប្រាក់របស់អ្នកត្រូវបានសងវិញ",
      body: (amount: string, total: string, purchase: string) => `យើងបានសងប្រាក់វិញ ${amount} ពីការបង់ប្រាក់ ${total} របស់អ្នកសម្រាប់${purchase} ទៅកាត ឬគណនីដែលអ្នកបានប្រើបង់ប្រាក់។ ជាធម្មតា ធនាគារបង្ហាញវាក្នុងរយៈពេលពីរបីថ្ងៃធ្វើការ។`,
      whole: "ការបង់ប្រាក់ទាំងមូលត្រូវបានសងវិញហើយ។",
      soFar: (refunded: string) => `រហូតមកដល់ពេលនេះ បានសងប្រាក់វិញ ${refunded}។`,
      licenceRevoked: (buyKey: string | null) => (buyKey ? `អាជ្ញាប័ណ្ណ ${buyKey} ត្រូវបានដកហូត៖ វាលែងដំណើរការនៅក្នុងកម្មវិធីទៀតហើយ។` : "អាជ្ញាប័ណ្ណដែលអ្នកបានផ្ដល់ជាអំណោយ ត្រូវបានដកហូត៖ វាលែងដំណើរការនៅក្នុងកម្មវិធីទៀតហើយ។"),
      licencesRevoked: (count: number, kept: number) =>
        `អាជ្ញាប័ណ្ណ ${count} ត្រូវបានដកហូត៖ វាលែងដំណើរការនៅក្នុងកម្មវិធីទៀតហើយ។${kept ? ` អាជ្ញាប័ណ្ណ ${kept} ដែលអ្នកបានផ្ដល់ទៅអតិថិជន នៅតែដំណើរការ។` : ""}`,
      daysRemoved: (days: number, until: string | null) => `${days} ថ្ងៃ ដែលការបង់ប្រាក់នេះបានបន្ថែមទៅអាជ្ញាប័ណ្ណ ត្រូវបានដកចេញវិញ។${until ? ` ឥឡូវនេះ វាប្រើបានរហូតដល់ថ្ងៃទី ${until}។` : ""}`,
      balanceDebited: (debit: string, after: string) => `${debit} ត្រូវបានដកចេញពីសមតុល្យរបស់អ្នក (ឥឡូវនេះនៅសល់ ${after})។`,
      licenceKept: "អាជ្ញាប័ណ្ណរបស់អ្នកនៅតែដំណើរការ។",
      note: (note: string) => `កំណត់សម្គាល់ពីហាង៖ ${note}`,
      questions: "មានសំណួរអំពីការសងប្រាក់វិញនេះ? សូមឆ្លើយតបអ៊ីមែលនេះ ឬទាក់ទងផ្នែកជំនួយ។",
    },
  },
  subject: (p: RefundMadeProps, c) => (p.approvedRequest ? c.t.subjectApproved(formatMoney(p.amountMills)) : c.t.subject(formatMoney(p.amountMills))),
  Component: ({ p, c }) => {
    const amount = formatMoney(p.amountMills);
    const purchase = c.common.purchase(p.planMonths ? c.plan(p.planMonths) : null);
    const line = (l: TakenBackLine) => {
      switch (l.kind) {
        case "licence-revoked":
          return c.t.licenceRevoked(l.buyKey);
        case "licences-revoked":
          return c.t.licencesRevoked(l.count, l.keptAssigned);
        case "days-removed":
          return c.t.daysRemoved(l.days, l.expireDate ? c.date(l.expireDate) : null);
        case "balance-debited":
          return c.t.balanceDebited(formatMoney(l.debitMills), formatMoney(l.balanceAfterMills));
        case "licence-kept":
          return c.t.licenceKept;
      }
    };
    return (
      <EmailLayout c={c} preview={c.t.preview(amount, purchase)} heading={p.approvedRequest ? c.t.headingApproved : c.t.heading}>
        <Paragraph>{c.t.body(amount, formatMoney(p.orderAmountMills), purchase)}</Paragraph>
        <Paragraph>{p.refundedMills >= p.orderAmountMills ? c.t.whole : c.t.soFar(formatMoney(p.refundedMills))}</Paragraph>
        {p.takenBack.map((l, i) => (
          <Paragraph key={i}>{line(l)}</Paragraph>
        ))}
        {p.note ? <Paragraph>{c.t.note(p.note)}</Paragraph> : null}
        <ActionLink c={c} url={p.historyUrl} label={c.common.openHistory} />
        <Note>{c.t.questions}</Note>
      </EmailLayout>
    );
  },
  samples: [
    { planMonths: 3, amountMills: 29_990, orderAmountMills: 29_990, refundedMills: 29_990, takenBack: [{ kind: "licence-revoked", buyKey: "KS-7QX4M-9HTRW-K2P8D-ZN5VA" }], approvedRequest: true, note: "", historyUrl: "http://localhost:3000/transactions-history" },
    { planMonths: 3, amountMills: 10_000, orderAmountMills: 29_990, refundedMills: 10_000, takenBack: [{ kind: "licence-kept" }], approvedRequest: false, note: "Goodwill", historyUrl: "http://localhost:3000/transactions-history" },
    { planMonths: 3, amountMills: 89_900, orderAmountMills: 89_900, refundedMills: 89_900, takenBack: [{ kind: "licences-revoked", count: 7, keptAssigned: 3 }], approvedRequest: false, note: "", historyUrl: "http://localhost:3000/transactions-history" },
    { planMonths: 1, amountMills: 9_990, orderAmountMills: 9_990, refundedMills: 9_990, takenBack: [{ kind: "days-removed", days: 30, expireDate: "2027-03-01T00:00:00.000Z" }], approvedRequest: false, note: "", historyUrl: "http://localhost:3000/transactions-history" },
    { planMonths: null, amountMills: 5_000, orderAmountMills: 5_000, refundedMills: 5_000, takenBack: [{ kind: "balance-debited", debitMills: 4_955, balanceAfterMills: 0 }], approvedRequest: true, note: "", historyUrl: "http://localhost:3000/transactions-history" },
  ],
});
