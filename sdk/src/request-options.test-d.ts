// Compile-time check (npm run typecheck): every method of every namespace of the client takes
// `RequestOptions` as its optional last argument. A method without it makes this file fail to compile.
import type { FmClient } from './client.ts';
import type { RequestOptions } from './http.ts';

type Last<T extends readonly unknown[]> = T extends readonly [...unknown[], infer L] ? L : never;
type TakesOptions<F> = F extends (...args: infer A) => unknown
  ? RequestOptions extends NonNullable<Last<Required<A>>>
    ? true
    : false
  : true;
type Missing<T> = {
  [K in keyof T]: T[K] extends (...args: never[]) => unknown
    ? TakesOptions<T[K]> extends true
      ? never
      : K
    : never;
}[keyof T];
// `http` is the transport the call functions take, not a namespace of calls.
type Namespaces = {
  [K in keyof FmClient]: FmClient[K] extends (...args: never[]) => unknown ? never : K;
}[Exclude<keyof FmClient, 'http'>];
type MissingEverywhere =
  | { [N in Namespaces]: Missing<FmClient[N]> }[Namespaces]
  // Top-level calls too; `credentials()` only reads the store.
  | Missing<Omit<FmClient, 'credentials'>>;

/** `never` when every method takes options; otherwise the offending method names. */
export const everyMethodTakesOptions: [MissingEverywhere] extends [never]
  ? true
  : MissingEverywhere = true;
