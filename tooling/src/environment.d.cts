import type { z } from 'zod';

/** What the documentation and the production rules say of a variable (tooling/src/environment.cjs). */
export interface VariableDoc {
  /** which processes read it */
  usedBy: string;
  /** the default, in words */
  default: string;
  meaning: string;
  /** a secret: never repeated in an error, kept in the deployment's secret store */
  secret?: boolean;
  /** what production requires of it, in words (the rule itself is `production`) */
  inProduction?: string;
  /** Under NODE_ENV=production: why this value must not reach production (one phrase naming the variable each), or nothing. */
  production?: (value: string | undefined, name: string, env: Record<string, string | undefined>) => string | null | undefined | (string | null | undefined)[];
}

export type EnvironmentSchema = z.ZodObject<Record<string, z.ZodType<unknown, string | undefined>>>;

export function reader<T>(read: (value: string | undefined, fail: (message: string) => never) => T): z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<T, string | undefined>>;
/** `value` as a URL, or `fail(message)` when it is none (for a reader). */
export function urlOr(value: string, fail: (message: string) => never, message: string): URL;
type Reader<T> = z.ZodPipe<z.ZodOptional<z.ZodString>, z.ZodTransform<T, string | undefined>>;
/** Text, `fallback` when unset (undefined: no default). */
export function text<T extends string | undefined>(fallback: T): Reader<string | T>;
/** A port number, `fallback` when unset. */
export function port<T extends number | undefined>(fallback: T): Reader<number | T>;
/** A whole number above 0, `fallback` when unset. */
export function positiveInt(fallback: number): Reader<number>;
/** A whole number of `unit` (default milliseconds, 0 or more), `fallback` when unset. */
export function wholeNumber(fallback: number, unit?: string): Reader<number>;
/** `true` or `false` (any case), `fallback` when unset. */
export function flag(fallback: boolean): Reader<boolean>;
/** An http(s) address without a query, fragment or trailing slash; `fallback` when unset. */
export function httpUrl<T extends string | undefined>(fallback: T): Reader<string | T>;
/** This machine's host names, as URL normalises them (production refuses them in a public address). */
export const LOOPBACK_HOST: RegExp;
/** Production rule: `name` holds a public https address (`whenUnset` says what its default is), or why not. */
export function publicHttps(whenUnset: string): (value: string | undefined, name: string) => string | undefined;
export function variable<T extends z.ZodType>(schema: T, doc: VariableDoc): T;
/** A setting a process must not start with (settingsOrExit says it in one line and exits 1). */
export class EnvironmentError extends Error {}
/** The settings for a process's start; an EnvironmentError is said on stderr in one line, and the process exits 1. */
export function settingsOrExit<T>(read: () => T): T;
export function readEnvironment<S extends EnvironmentSchema>(schema: S, env: Record<string, string | undefined>): z.output<S>;
export function productionProblems(schema: EnvironmentSchema, env: Record<string, string | undefined>): string[];
export function environmentTable(schema: EnvironmentSchema): string;
export function withGeneratedTable(document: string, name: string, table: string): string;
