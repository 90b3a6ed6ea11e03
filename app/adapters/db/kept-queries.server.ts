import type { CompiledQuery, Compilable } from "kysely";
import type { Db } from "./database.server";

type Values = Record<string, string>;

interface Template {
  query: CompiledQuery;
  /** Each parameter of the compiled query: the name of a value passed to each run, or a constant of the query. */
  parameters: Array<{ value: string } | { constant: unknown }>;
}

/**
 * A reader's query built and compiled once per database, then run with each call's values: Kysely builds a
 * query as a tree of frozen nodes and compiles it to SQL on every run, some 50 µs for an article's query
 * with its joins, more than SQLite takes to run it. `build` is called once, with a marker in place of each
 * value; each marker must reach the query whole, as one parameter. What shapes the SQL itself, such as how
 * many tags a list has, is passed as `shape`: one compiled query is kept per shape.
 */
export function keptQuery<V extends Values, Row>(name: string, build: (db: Db, values: V) => Compilable<Row>) {
  const templates = new WeakMap<Db, Map<string, Template>>();
  return async (db: Db, values: V, shape = ""): Promise<Row[]> => {
    let byShape = templates.get(db);
    if (!byShape) templates.set(db, (byShape = new Map()));
    let template = byShape.get(shape);
    if (!template) byShape.set(shape, (template = compileTemplate(`${name}${shape}`, db, values, build)));
    const parameters = template.parameters.map((parameter) => ("value" in parameter ? values[parameter.value] : parameter.constant));
    const result = await db.executeQuery<Row>({ ...template.query, parameters });
    return result.rows;
  };
}

const MARKER = "\u0000kept value\u0000";

function compileTemplate<V extends Values, Row>(name: string, db: Db, values: V, build: (db: Db, values: V) => Compilable<Row>): Template {
  const markers = Object.fromEntries(Object.keys(values).map((key) => [key, `${MARKER}${key}`])) as V;
  const query = build(db, markers).compile();
  const parameters = query.parameters.map((parameter) => {
    if (typeof parameter !== "string" || !parameter.includes(MARKER)) return { constant: parameter };
    const key = parameter.slice(MARKER.length);
    if (!parameter.startsWith(MARKER) || !(key in values)) throw new Error(`kept query ${name}: the value ${JSON.stringify(key)} must be passed whole`);
    return { value: key };
  });
  const used = new Set(parameters.flatMap((parameter) => ("value" in parameter ? [parameter.value] : [])));
  const unused = Object.keys(values).filter((key) => !used.has(key));
  if (unused.length) throw new Error(`kept query ${name}: ${unused.join(", ")} never reach the query`);
  return { query, parameters };
}
