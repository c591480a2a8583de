import { checkViews } from "./check.ts";
import { CUSTOMER_VIEWS } from "./customer_views.ts";

checkViews("customer side", CUSTOMER_VIEWS);
