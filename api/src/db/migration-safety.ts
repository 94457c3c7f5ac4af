/**
 * Expand/contract (docs/operations.md, "Changing the schema without downtime"): a deploy runs the new release's
 * migrations while the previous release's API instances still serve, so a migration must leave the schema usable
 * by the release before it. It may add (tables, nullable columns or columns with a default, indexes, relaxed
 * checks); it may not, in the same step, take away or change what the running release reads and writes:
 * - drop a table, view, type, function or sequence, or a column;
 * - rename a table or a column;
 * - change a column's type;
 * - make a column NOT NULL, or add a NOT NULL column without a default (the old release's inserts leave it out).
 * Such a change is the *contract* step, a release later, once no running release uses the old shape: the
 * statement then says so in a comment on the line before it, `-- contract: <what no release uses any more>`.
 * The migrations before EXPAND_CONTRACT_FROM were written before the rule (each was deployed with its release
 * alone) and are not read.
 */

/** The first migration number the rule applies to. */
export const EXPAND_CONTRACT_FROM = 27;

export interface UnsafeStatement {
  /** the statement, comments left out, on one line */
  statement: string;
  /** why the running release would break */
  why: string;
}

const ADDS_COLUMN = /^ALTER\s+TABLE\b.*\bADD\s+(COLUMN\s+)?(IF\s+NOT\s+EXISTS\s+)?(?!CONSTRAINT\b|PRIMARY\b|UNIQUE\b|CHECK\b|FOREIGN\b)[a-z_"]/i;

/** Each judged on one action: a statement, or one action of an ALTER TABLE. */
const RULES: Array<{ breaks: (action: string) => boolean; why: string }> = [
  { breaks: (a) => /^DROP\s+(TABLE|VIEW|MATERIALIZED\s+VIEW|TYPE|FUNCTION|SEQUENCE|SCHEMA)\b/i.test(a), why: 'drops what the running release may still use' },
  {
    breaks: (a) => /^ALTER\s+TABLE\b.*\bDROP\s+(COLUMN\b|(?!CONSTRAINT\b|DEFAULT\b|NOT\s+NULL\b|IDENTITY\b|EXPRESSION\b)[a-z_"])/i.test(a),
    why: 'drops a column the running release may still read or write',
  },
  { breaks: (a) => /\bRENAME\b/i.test(a), why: 'renames what the running release names' },
  { breaks: (a) => /\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i.test(a), why: "changes a column's type under the running release" },
  { breaks: (a) => /\bALTER\s+COLUMN\s+\S+\s+SET\s+NOT\s+NULL\b/i.test(a), why: 'makes a column NOT NULL that the running release may leave empty' },
  {
    breaks: (a) => ADDS_COLUMN.test(a) && /\bNOT\s+NULL\b/i.test(a) && !/\b(DEFAULT|GENERATED)\b/i.test(a),
    why: "adds a NOT NULL column without a default: the running release's inserts leave it out",
  },
];

/** The statements of a migration, each with the comment lines before it; quoted text and function bodies blanked. */
function statementsOf(sql: string): Array<{ text: string; comments: string[] }> {
  const blanked = sql.replace(/\$([a-z_]*)\$[\s\S]*?\$\1\$/gi, "''").replace(/'(?:[^']|'')*'/g, "''");
  return blanked
    .split(';')
    .map((chunk) => {
      const lines = chunk.split('\n');
      const comments = lines.filter((line) => line.trim().startsWith('--')).map((line) => line.trim());
      const text = lines
        .map((line) => line.replace(/--.*$/, ''))
        .join(' ')
        .replace(/\/\*[\s\S]*?\*\//g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
      return { text, comments };
    })
    .filter((statement) => statement.text !== '');
}

/** What in `sql` would break the release still running while it is applied; [] when it only expands. */
export function unsafeStatements(sql: string): UnsafeStatement[] {
  const unsafe: UnsafeStatement[] = [];
  for (const { text, comments } of statementsOf(sql)) {
    if (comments.some((comment) => /^--\s*contract:\s*\S/i.test(comment))) continue;
    // an ALTER TABLE may hold several actions: each is judged on its own
    const actions = /^ALTER\s+TABLE\b/i.test(text) ? splitActions(text) : [text];
    for (const action of actions) {
      const rule = RULES.find(({ breaks }) => breaks(action));
      if (rule) {
        unsafe.push({ statement: text, why: rule.why });
        break;
      }
    }
  }
  return unsafe;
}

/** `ALTER TABLE t ADD a int, DROP b` → ['ALTER TABLE t ADD a int', 'ALTER TABLE t DROP b'] (commas inside parentheses kept). */
function splitActions(statement: string): string[] {
  const head = /^ALTER\s+TABLE\s+(ONLY\s+)?(IF\s+EXISTS\s+)?\S+\s+/i.exec(statement)?.[0];
  if (!head) return [statement];
  const actions: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of statement.slice(head.length)) {
    if (char === '(') depth += 1;
    if (char === ')') depth -= 1;
    if (char === ',' && depth === 0) {
      actions.push(current.trim());
      current = '';
    } else current += char;
  }
  actions.push(current.trim());
  return actions.map((action) => `${head}${action}`);
}
