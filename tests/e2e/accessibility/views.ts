/**
 * What the accessibility check opens: one entry per view a person can reach, a dialog or toast open
 * being a view of its own. `customer_test.ts` and `admin_test.ts` here check each with axe at both widths,
 * and fails for a page route of the app that has no view here for a visitor and for someone signed in.
 */
import type { BrowserContext, Page } from "playwright-core";
import type { EnvMap } from "../../../domain/config.ts";
import type { TestApp } from "../../helpers.ts";

/** Who looks at the view: nobody signed in, a customer, or staff (ADMIN_EMAILS / DEMO_EMAILS). */
export type Viewer = "visitor" | "customer" | "admin" | "demo";

/** The addresses each viewer signs in with; the app under test lists them as admin and demo. */
export const VIEWER_EMAILS: Record<Exclude<Viewer, "visitor">, string> = {
  customer: "parent@example.com",
  admin: "boss@example.com",
  demo: "demo@example.com",
};

export interface AccessibilityView {
  /** The page's route as the app registers it (`/unboxing/:id`), or `404` for the not-found page. */
  route: string;
  /** What is on screen, in a few words: it names the test. */
  state: string;
  viewer: Viewer;
  /** What the browser prefers, where the view differs from the tests' default of reduced motion. */
  reducedMotion?: "reduce" | "no-preference";
  /** Settings this view needs beyond the defaults (an app URL for emailed links, a provider key). */
  env?: EnvMap;
  /** Readies the browser before the page opens (e.g. holds a navigation the page makes by itself). */
  before?(context: BrowserContext): Promise<unknown>;
  /** Puts what the view shows in the store, and answers the path to open. */
  path(t: TestApp, userId: string | null): Promise<string> | string;
  /** Brings the opened page to the state checked: a dialog opened, a toast shown, a song revealed. */
  reach?(page: Page, t: TestApp): Promise<void>;
}

/**
 * Page routes that send a viewer elsewhere instead of showing itself, with where to: that viewer's view
 * is the page they land on, which has views of its own. The check asks the route and holds it to this.
 */
export const SENT_AWAY: Record<string, { visitor?: string; signedIn?: string }> = {
  // Staff's dashboard is for staff only (staff-side §2): everyone else lands on the home page.
  "/admin/orders": { visitor: "/" },
};
