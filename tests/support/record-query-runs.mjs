// Loaded with `node --import` into a server under test (tests/integration/speed-canaries.test.ts): appends a
// line per query Kysely runs to $QUERY_RUNS_FILE, "compiled" when the query was compiled for this run (a query
// builder's `execute()`), "kept" when it runs a query compiled before (app/adapters/db/kept-queries.server.ts),
// then its SQL. Kysely compiles through its executor, so the compiled queries it hands out are marked there.
import { appendFileSync } from "node:fs";
import process from "node:process";
import { DefaultQueryExecutor } from "kysely";

const file = process.env.QUERY_RUNS_FILE;
if (file) {
  const executor = DefaultQueryExecutor.prototype;
  const { compileQuery, executeQuery } = executor;
  const compiledForARun = new WeakSet();
  executor.compileQuery = function (...args) {
    const compiled = compileQuery.apply(this, args);
    compiledForARun.add(compiled);
    return compiled;
  };
  executor.executeQuery = function (compiled, ...rest) {
    appendFileSync(file, `${compiledForARun.has(compiled) ? "compiled" : "kept"}\t${compiled.sql.replace(/\s+/g, " ")}\n`);
    return executeQuery.call(this, compiled, ...rest);
  };
}
