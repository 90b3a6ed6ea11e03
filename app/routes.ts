import { type RouteConfig, type RouteConfigEntry, index, route } from "@react-router/dev/routes";
import { ROUTE_TABLE, type TableRoute } from "./route-table";

/**
 * React Router's routes, read from the route table (app/route-table.ts), where each route's address,
 * module and policy are declared on one line: add or change a route there, not here.
 */
function routeConfig({ index: isIndex, path, file, id, children }: TableRoute): RouteConfigEntry {
  const named = id === file.replace(/\.tsx?$/, "") ? {} : { id };
  return isIndex ? index(file, named) : route(path, file, named, children?.map(routeConfig));
}

export default ROUTE_TABLE.map(routeConfig) satisfies RouteConfig;
