import type { ColumnType, Generated } from 'kysely';

/** An identity or defaulted column: optional on insert, never updated by the app for ids. */
export type Id = Generated<number>;
/** A `timestamptz` both drivers read as Date; writes accept a Date or an SQL-literal string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
