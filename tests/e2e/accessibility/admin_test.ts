import { ADMIN_VIEWS } from "./admin_views.ts";
import { checkViews } from "./check.ts";

checkViews("staff side", ADMIN_VIEWS);
