/**
 * Which statements the PostgreSQL driver sends as named prepared statements.
 *
 * node-postgres sends a statement with parameters unnamed, and PostgreSQL plans an unnamed
 * statement on every execution. On the event-day benchmark (issue 28) planning was 43 % of
 * PostgreSQL's statement time: the hot reads are small key lookups whose plan costs more than their
 * run. A named statement is parsed once per connection, and after five runs PostgreSQL keeps a
 * generic plan for it when that plan is estimated no worse than the custom ones. The same as JDBC's
 * prepareThreshold and pgx's statement cache do by default.
 *
 * Names are given per statement text, for the whole process, to at most `max` texts: texts that
 * vary without end (an IN list of each length) then stop taking names instead of growing every
 * connection's prepared statements. Statements without parameters are left alone: they use the
 * simple protocol, which also carries the migrations' multi-statement scripts.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  /** `max` 0 names nothing (DB_PREPARED_STATEMENTS=0, e.g. behind a pooler that cannot keep them). */
  constructor(readonly max: number) {}

  nameOf(text: string, parameters: number): string | undefined {
    if (parameters === 0 || parameters > MAX_PARAMETERS) return undefined;
    const known = this.names.get(text);
    if (known !== undefined || this.names.size >= this.max) return known;
    const name = `foyer_${this.names.size}`;
    this.names.set(text, name);
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}

/**
 * Statements with more parameters are bulk writes whose text changes with their row count; a name
 * for each would only fill the table.
 */
const MAX_PARAMETERS = 100;
