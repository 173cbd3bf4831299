// The expand-then-contract rule (decision 070, docs/deploy.md): during a rolling upgrade the
// previous release runs on the new schema, so a migration may only add (tables, nullable or
// defaulted columns, indexes, functions); what the old code reads or writes is dropped, renamed,
// retyped or made NOT NULL only in a later release, once no running code uses it.

/** The statements of a drizzle migration file, comments removed. */
export function statementsOf(sqlText: string): string[] {
  return sqlText
    .split("--> statement-breakpoint")
    .map((s) => s.replace(/--[^\n]*/g, "").replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

const ident = String.raw`"?([A-Za-z_][A-Za-z0-9_]*)"?`;
const qualified = String.raw`(?:"?public"?\.)?${ident}`;

/**
 * What in `sqlText` the previous release's code could trip over: `usedByOld(name)` says whether the
 * old code names that table or column (its schema files do).
 */
export function contractViolations(sqlText: string, usedByOld: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const stmt of statementsOf(sqlText)) {
    const say = (why: string) => found.push(`${why}: ${stmt.slice(0, 160)}`);
    const dropTable = new RegExp(String.raw`^DROP TABLE (?:IF EXISTS )?${qualified}`, "i").exec(stmt);
    if (dropTable && usedByOld(dropTable[1]!)) say(`drops table ${dropTable[1]} the previous release uses`);
    const alter = new RegExp(String.raw`^ALTER TABLE (?:ONLY )?(?:IF EXISTS )?${qualified} (.*)$`, "i").exec(stmt);
    if (alter) {
      const table = alter[1]!;
      // One ALTER TABLE may carry several actions, comma-separated.
      for (const action of alter[2]!.split(/,(?![^()]*\))/)) {
        const a = action.trim();
        const dropColumn = new RegExp(String.raw`^DROP COLUMN (?:IF EXISTS )?${ident}`, "i").exec(a);
        if (dropColumn && usedByOld(dropColumn[1]!)) say(`drops column ${table}.${dropColumn[1]} the previous release uses`);
        const rename = new RegExp(String.raw`^RENAME (?:COLUMN )?${ident} TO`, "i").exec(a);
        if (rename && usedByOld(rename[1]!)) say(`renames ${table}.${rename[1]}, which the previous release uses`);
        if (/^RENAME TO/i.test(a) && usedByOld(table)) say(`renames table ${table}, which the previous release uses`);
        const retype = new RegExp(String.raw`^ALTER COLUMN ${ident} (?:SET DATA )?TYPE`, "i").exec(a);
        if (retype && usedByOld(retype[1]!)) say(`changes the type of ${table}.${retype[1]}, which the previous release uses`);
        const notNull = new RegExp(String.raw`^ALTER COLUMN ${ident} SET NOT NULL`, "i").exec(a);
        if (notNull && usedByOld(notNull[1]!)) say(`makes ${table}.${notNull[1]} NOT NULL under the previous release's writes`);
        const add = new RegExp(String.raw`^ADD COLUMN (?:IF NOT EXISTS )?${ident} (.*)$`, "i").exec(a);
        if (add && /\bNOT NULL\b/i.test(add[2]!) && !/\bDEFAULT\b|\bGENERATED\b/i.test(add[2]!)) {
          say(`adds ${table}.${add[1]} NOT NULL without a default: the previous release's inserts fail`);
        }
      }
    }
  }
  return found;
}
