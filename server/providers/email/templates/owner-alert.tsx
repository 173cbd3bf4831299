import { defineEmailTemplate } from "./define-template";
import { ActionLink, EmailLayout, Note, Paragraph } from "./layout";

/** The problems the shop tells its owner about (features/health/alerts.ts, decision 064). */
export type IncidentProblem = "payments_unverified" | "worker_stalled" | "outbox_backlog" | "backup_failed" | "server_errors";

/** What was seen when the incident opened: values only, the words are the template's. */
export interface IncidentFacts {
  problem: IncidentProblem;
  /** worker_stalled: the job's name and minutes since its last good pass. */
  worker?: string;
  minutes?: number;
  /** payments_unverified: refused notifications in the minute. */
  failures?: number;
  /** outbox_backlog: due e-mails and deliveries. */
  emails?: number;
  deliveries?: number;
  /** backup_failed: the backup's one-line error. */
  error?: string;
  /** server_errors: 5xx answers, requests and their share (%) in the minute. */
  errors?: number;
  requests?: number;
  percent?: number;
}

/** To the owner (OWNER_EMAIL, else every admin): one when an incident opens, one when it clears. */
export interface OwnerAlertProps {
  state: "opened" | "resolved";
  facts: IncidentFacts;
  openedAt: string;
  resolvedAt?: string;
  overviewUrl: string;
}

export interface OwnerAlertTexts {
  subjectOpened: (summary: string) => string;
  subjectResolved: (summary: string) => string;
  headingOpened: string;
  headingResolved: string;
  since: (when: string) => string;
  lasted: (from: string, to: string) => string;
  noteOpened: string;
  openOverview: string;
  opened: {
    payments_unverified: (failures: number) => string;
    worker_stalled: (worker: string, minutes: number) => string;
    outbox_backlog: (emails: number, deliveries: number, minutes: number) => string;
    backup_failed: (error: string) => string;
    server_errors: (percent: number, errors: number, requests: number) => string;
  };
  resolved: {
    payments_unverified: string;
    worker_stalled: (worker: string) => string;
    outbox_backlog: string;
    backup_failed: string;
    server_errors: string;
  };
}

const n = (value: number | undefined) => value ?? 0;

/** The incident in one line, in `t`'s language (Telegram uses the English). */
export function incidentSummary(t: OwnerAlertTexts, state: "opened" | "resolved", f: IncidentFacts): string {
  if (state === "resolved") {
    const r = t.resolved;
    return f.problem === "worker_stalled" ? r.worker_stalled(f.worker ?? "") : r[f.problem];
  }
  const o = t.opened;
  switch (f.problem) {
    case "payments_unverified":
      return o.payments_unverified(n(f.failures));
    case "worker_stalled":
      return o.worker_stalled(f.worker ?? "", n(f.minutes));
    case "outbox_backlog":
      return o.outbox_backlog(n(f.emails), n(f.deliveries), n(f.minutes));
    case "backup_failed":
      return o.backup_failed(f.error ?? "");
    case "server_errors":
      return o.server_errors(n(f.percent), n(f.errors), n(f.requests));
  }
}

export const OWNER_ALERT_EN: OwnerAlertTexts = {
  subjectOpened: (summary) => `Shop problem: ${summary}`,
  subjectResolved: (summary) => `Resolved: ${summary}`,
  headingOpened: "Something needs your attention",
  headingResolved: "Resolved",
  since: (when) => `Since ${when}.`,
  lasted: (from, to) => `From ${from} to ${to}.`,
  noteOpened: "You get one message when a problem starts and one when it clears, not one per error. The Overview's Shop health card shows the figures.",
  openOverview: "Open the Overview",
  opened: {
    payments_unverified: (failures) => `${failures} payment notifications failed their signature check in a minute`,
    worker_stalled: (worker, minutes) => `the "${worker}" job has not finished a pass for ${minutes} minutes`,
    outbox_backlog: (emails, deliveries, minutes) => `${emails} e-mails and ${deliveries} notifications are waiting to be sent, the oldest for ${minutes} minutes`,
    backup_failed: (error) => `the last scheduled backup failed: ${error}`,
    server_errors: (percent, errors, requests) => `${percent}% of the last minute's requests failed with a server error (${errors} of ${requests})`,
  },
  resolved: {
    payments_unverified: "payment notifications verify again",
    worker_stalled: (worker) => `the "${worker}" job runs again`,
    outbox_backlog: "the outbox is sending again",
    backup_failed: "backups succeed again",
    server_errors: "server errors are back to normal",
  },
};

export const ownerAlertTemplate = defineEmailTemplate<OwnerAlertProps, OwnerAlertTexts>("owner-alert", {
  texts: {
    en: OWNER_ALERT_EN,
    km: {
      subjectOpened: (summary) => `បញ្ហារបស់ហាង៖ ${summary}`,
      subjectResolved: (summary) => `បានដោះស្រាយ៖ ${summary}`,
      headingOpened: "មានបញ្ហាដែលអ្នកត្រូវពិនិត្យ",
      headingResolved: "បានដោះស្រាយហើយ",
      since: (when) => `ចាប់ពី ${when}។`,
      lasted: (from, to) => `ពី ${from} ដល់ ${to}។`,
      noteOpened: "អ្នកទទួលបានសារមួយនៅពេលបញ្ហាចាប់ផ្ដើម និងមួយទៀតនៅពេលបញ្ហាបាត់ទៅវិញ មិនមែនមួយសម្រាប់កំហុសនីមួយៗទេ។ កាតសុខភាពហាងនៅលើទំព័រទិដ្ឋភាពទូទៅបង្ហាញតួលេខ។",
      openOverview: "បើកទំព័រទិដ្ឋភាពទូទៅ",
      opened: {
        payments_unverified: (failures) => `ការជូនដំណឹងការបង់ប្រាក់ ${failures} មិនឆ្លងកាត់ការផ្ទៀងផ្ទាត់ហត្ថលេខាក្នុងរយៈពេលមួយនាទី`,
        worker_stalled: (worker, minutes) => `ការងារ "${worker}" មិនបានបញ្ចប់ការដំណើរការអស់រយៈពេល ${minutes} នាទីហើយ`,
        outbox_backlog: (emails, deliveries, minutes) => `អ៊ីមែល ${emails} និងការជូនដំណឹង ${deliveries} កំពុងរង់ចាំផ្ញើ ដែលចាស់ជាងគេបានរង់ចាំ ${minutes} នាទី`,
        backup_failed: (error) => `ការបម្រុងទុកតាមកាលវិភាគចុងក្រោយបានបរាជ័យ៖ ${error}`,
        server_errors: (percent, errors, requests) => `${percent}% នៃសំណើក្នុងមួយនាទីចុងក្រោយ បានបរាជ័យដោយកំហុសម៉ាស៊ីនមេ (${errors} ក្នុងចំណោម ${requests})`,
      },
      resolved: {
        payments_unverified: "ការជូនដំណឹងការបង់ប្រាក់ផ្ទៀងផ្ទាត់បានវិញហើយ",
        worker_stalled: (worker) => `ការងារ "${worker}" ដំណើរការវិញហើយ`,
        outbox_backlog: "ជួរផ្ញើកំពុងផ្ញើវិញហើយ",
        backup_failed: "ការបម្រុងទុកជោគជ័យវិញហើយ",
        server_errors: "កំហុសម៉ាស៊ីនមេត្រឡប់មកធម្មតាវិញហើយ",
      },
    },
  },
  subject: (p, c) => (p.state === "opened" ? c.t.subjectOpened : c.t.subjectResolved)(incidentSummary(c.t, p.state, p.facts)),
  Component: ({ p, c }) => {
    const summary = incidentSummary(c.t, p.state, p.facts);
    const opened = p.state === "opened";
    return (
      <EmailLayout c={c} preview={summary} heading={opened ? c.t.headingOpened : c.t.headingResolved}>
        <Paragraph>{summary.charAt(0).toUpperCase() + summary.slice(1)}</Paragraph>
        <Paragraph>{opened || !p.resolvedAt ? c.t.since(c.dateTime(p.openedAt)) : c.t.lasted(c.dateTime(p.openedAt), c.dateTime(p.resolvedAt))}</Paragraph>
        <ActionLink c={c} url={p.overviewUrl} label={c.t.openOverview} />
        {opened ? <Note>{c.t.noteOpened}</Note> : null}
      </EmailLayout>
    );
  },
  samples: [
    { state: "opened", facts: { problem: "payments_unverified", failures: 5 }, openedAt: "2026-11-27T03:00:00Z", overviewUrl: "http://localhost:3000/overview" },
    { state: "opened", facts: { problem: "worker_stalled", worker: "order-reconciler", minutes: 4 }, openedAt: "2026-11-27T03:00:00Z", overviewUrl: "http://localhost:3000/overview" },
    { state: "opened", facts: { problem: "outbox_backlog", emails: 120, deliveries: 3, minutes: 16 }, openedAt: "2026-11-27T03:00:00Z", overviewUrl: "http://localhost:3000/overview" },
    { state: "opened", facts: { problem: "backup_failed", error: "pg_dump: connection refused" }, openedAt: "2026-11-27T03:00:00Z", overviewUrl: "http://localhost:3000/overview" },
    { state: "opened", facts: { problem: "server_errors", percent: 12, errors: 6, requests: 50 }, openedAt: "2026-11-27T03:00:00Z", overviewUrl: "http://localhost:3000/overview" },
    { state: "resolved", facts: { problem: "worker_stalled", worker: "order-reconciler", minutes: 4 }, openedAt: "2026-11-27T03:00:00Z", resolvedAt: "2026-11-27T03:20:00Z", overviewUrl: "http://localhost:3000/overview" },
  ],
});
