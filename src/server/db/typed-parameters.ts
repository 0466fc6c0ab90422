import { sql, type RawBuilder } from 'kysely';

/**
 * A value as a parameter whose type PostgreSQL is told: in a select list (`INSERT … SELECT`) or
 * an argument of `json_build_object` it cannot tell a bare parameter's type, and refuses the
 * statement. SQLite takes the same casts as they come (a text stays text, an integer an integer).
 */
export function textParameter<T extends string | null>(value: T): RawBuilder<T> {
  return sql<T>`cast(${value} as text)`;
}

export function integerParameter(value: number): RawBuilder<number> {
  return sql<number>`cast(${value} as integer)`;
}
