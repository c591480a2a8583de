import { Hono } from "hono";
import type { AppEnv } from "../../request_context.ts";
import { activityAdminApi } from "./activity.ts";
import { attentionAdminApi } from "./attention.ts";
import { bulkAdminApi } from "./bulk.ts";
import { deliveryAdminApi } from "./delivery.ts";
import { exportAdminApi } from "./export.ts";
import { ordersAdminApi } from "./orders.ts";
import { promptsAdminApi } from "./prompts.ts";
import { referralCodesAdminApi } from "./referral_codes.ts";
import { refundsAdminApi } from "./refunds.ts";
import { songsAdminApi } from "./songs.ts";
import { takesAdminApi } from "./takes.ts";

/**
 * Every staff call (staff-side §7), mounted at /api/admin. Each part guards its own routes
 * (requireAdmin; the prompts also let demo users in), so no path is reachable unguarded by accident
 * of mounting order: tests/integration/admin/authz_test.ts walks every route as visitor and customer.
 */
export const adminApi = new Hono<AppEnv>();

adminApi.route("/", bulkAdminApi);
adminApi.route("/", ordersAdminApi);
adminApi.route("/", exportAdminApi);
adminApi.route("/", deliveryAdminApi);
adminApi.route("/", referralCodesAdminApi);
adminApi.route("/", refundsAdminApi);
adminApi.route("/", promptsAdminApi);
adminApi.route("/", songsAdminApi);
adminApi.route("/", takesAdminApi);
adminApi.route("/", attentionAdminApi);
adminApi.route("/", activityAdminApi);
