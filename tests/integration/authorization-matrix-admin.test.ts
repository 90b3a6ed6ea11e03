import { walkEveryRouteAs } from "../support/authorization-matrix";

walkEveryRouteAs("admin");
