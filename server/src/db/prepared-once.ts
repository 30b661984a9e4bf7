/**
 * A statement drizzle builds once per database (or transaction) and then only binds: for queries
 * on hot paths in functions that take the database as an argument, where building the SQL text
 * each time cost more than running it. Values go in as `sql.placeholder(name)`. A transaction gets
 * its own statement (one runs on the transaction's connection), built on its first use.
 *
 * @example
 * const byId = preparedOnce((db: Db | Tx) =>
 *   db.select().from(user).where(eq(user.id, sql.placeholder('id'))).prepare(),
 * );
 * const row = await byId(db).get({ id });
 */
export function preparedOnce<E extends object, P>(build: (executor: E) => P): (executor: E) => P {
  const built = new WeakMap<E, P>();
  return (executor) => {
    let statement = built.get(executor);
    if (statement === undefined) {
      statement = build(executor);
      built.set(executor, statement);
    }
    return statement;
  };
}
