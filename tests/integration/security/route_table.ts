/**
 * Every API and webhook route the app registers, with the status each role must get (issue 9,
 * authorisation matrix). The test (authz_matrix_test.ts) compares this table with `createApp(...).routes`
 * both ways, so a new route fails until someone decides here who may call it.
 *
 * Roles: a visitor (no credentials), the customer who owns every fixture, another signed-in customer,
 * a demo user (DEMO_EMAILS) and an admin (ADMIN_EMAILS). Requests are valid apart from who sends
 * them, so a difference between roles is about authorisation, not the body.
 */
import { toLocalInput } from "../../../domain/delivery/requested.ts";
import { updateOrder } from "../../../kv/orders.ts";
import { saveSystemPrompt } from "../../../kv/prompts.ts";
import type { Order } from "../../../domain/order/orders.ts";
import { orderForm } from "../orders/helpers.ts";
import {
  customerCheckout,
  customerOrder,
  deliveryLink,
  EMAILS,
  referralCode,
  type Role,
  signInToken,
  songForm,
  uploadedSong,
  type World,
} from "./helpers.ts";

export type Expected = Record<Role, number>;

/** One concrete request for a route, built from the fixtures of a fresh world. */
export interface Send {
  /** Values for the pattern's `:name` parameters, and `*` for a wildcard. */
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** A JSON body (sent with content-type application/json), or a multipart form. */
  body?: unknown;
  /** The method to use for a route registered for ALL methods. */
  method?: string;
}

export interface RouteCase {
  /** As registered: GET, POST, PATCH, DELETE, or ALL for a catch-all. */
  method: string;
  /** The Hono pattern, as `app.routes` lists it. */
  path: string;
  /** Only when one route has several cases (e.g. the two bodies of POST /api/orders). */
  variant?: string;
  expected: Expected;
  /** Why these statuses, in a few words (spec sections in brackets). */
  why: string;
  /**
   * Set where a holder of a capability (a payment session id, a delivery link) legitimately gets the
   * owner's personal data: otherwise the owner's address must never reach the visitor, the other
   * customer or the demo user.
   */
  sharesOwnerData?: string;
  /** The content type of a 200 that is not JSON: a file the route hands out (a song, a spreadsheet). */
  fileType?: string;
  send: (w: World, role: Role) => Promise<Send> | Send;
}

const everyone = (status: number): Expected => ({
  visitor: status,
  customer: status,
  otherCustomer: status,
  demo: status,
  admin: status,
});
/** requireUser: 401 for visitors, the answer for anyone signed in. */
const signedIn = (status = 200): Expected => ({ ...everyone(status), visitor: 401 });
/** requireUser, then the order's owner (or staff): 403 for anyone else. */
const ownerOrAdmin: Expected = { visitor: 401, customer: 200, otherCustomer: 403, demo: 403, admin: 200 };
/** requireAdmin: 401 for visitors, 403 for anyone signed in without the admin role. */
const adminOnly = (status = 200): Expected => ({
  visitor: 401,
  customer: 403,
  otherCustomer: 403,
  demo: 403,
  admin: status,
});
/** requireAdminOrDemo: the system prompts (staff-side §2: demo users see Admin Settings). */
const adminOrDemo = (status = 200): Expected => ({ ...adminOnly(status), demo: status });

const STAFF = "staff-side §6-7; every admin endpoint checks the role on the server (ARCHITECTURE §7)";
const PROMPTS =
  "staff-side §2 and §7: admins edit the live system prompts; demo users a demo scope only demo orders use";

/** A new order form in the caller's own name (a visitor orders as a guest). */
const ownForm = (role: Role) => orderForm({ parentEmail: EMAILS[role] });

export const ROUTE_TABLE: RouteCase[] = [
  // Sign-in (customer-side §6-7, ARCHITECTURE §7): open to all, the same answer whoever asks.
  {
    method: "POST",
    path: "/api/auth/request-magic-link",
    expected: everyone(200),
    why: "anyone may ask for a sign-in link; the answer never depends on who asks",
    send: () => ({ body: { email: "new-parent@example.com" } }),
  },
  {
    method: "GET",
    path: "/api/auth/verify-magic-link",
    expected: everyone(200),
    why: "the emailed token is the credential, whoever holds it",
    send: async (w) => ({ query: { t: await signInToken(w) } }),
  },
  {
    method: "POST",
    path: "/api/auth/verify-magic-link",
    expected: everyone(200),
    why: "signing in after confirming the address, from our own page only (issue 16 §6)",
    send: async (w) => ({ body: { t: await signInToken(w) } }),
  },
  {
    method: "GET",
    path: "/api/auth/magic-link/:orderId",
    expected: everyone(200),
    why: "a delivery link signs its holder in as the address it was sent to (customer-side §7)",
    sharesOwnerData: "the link is the owner's credential: opening it signs in as the owner",
    send: async (w) => {
      const { orderId, token } = await deliveryLink(w);
      return { params: { orderId }, query: { t: token } };
    },
  },
  {
    method: "GET",
    path: "/api/auth/user",
    expected: signedIn(),
    why: "who is signed in; a visitor is nobody (the client then drops its token)",
    send: () => ({}),
  },
  {
    method: "POST",
    path: "/api/auth/logout",
    expected: everyone(200),
    why: "signing out when signed out is not an error: the end state is the same",
    send: () => ({}),
  },

  // Checkout and payment (customer-side §7, ARCHITECTURE §6 and §10).
  {
    method: "POST",
    path: "/api/create-checkout-session",
    expected: signedIn(),
    why: "the signed-in checkout; visitors use the guest route",
    send: (_w, role) => ({ body: { order: ownForm(role) } }),
  },
  {
    method: "POST",
    path: "/api/guest/create-checkout-session",
    expected: everyone(200),
    why: "the guest checkout is open to all (customer-side §6)",
    send: (_w, role) => ({ body: { order: ownForm(role) } }),
  },
  {
    method: "GET",
    path: "/api/referral-offer/:code",
    expected: everyone(200),
    why: "the order page shows a friend's discount before checkout; the code is what the visitor holds",
    send: async (w) => {
      await referralCode(w, "OFFER25");
      return { params: { code: "OFFER25" } };
    },
  },
  {
    method: "GET",
    path: "/api/verify-payment/:sessionId",
    expected: signedIn(),
    why: "signed-in variant; the unguessable session id (in the return URL) is the credential",
    sharesOwnerData: "the payment session id is the buyer's credential; the guest route answers the same",
    send: async (w) => ({ params: { sessionId: await customerCheckout(w, false) } }),
  },
  {
    method: "GET",
    path: "/api/guest/verify-payment/:sessionId",
    expected: everyone(200),
    why: "the guest return page; the unguessable session id is the credential",
    sharesOwnerData: "the payment session id is the buyer's credential (customer-side §7)",
    send: async (w) => ({ params: { sessionId: await customerCheckout(w, false) } }),
  },
  {
    method: "POST",
    path: "/api/orders",
    variant: "a paid session",
    expected: signedIn(),
    why: "fulfilment is idempotent per paid session; the order stays the buyer's (ARCHITECTURE §6)",
    sharesOwnerData: "the paid session id is the buyer's credential; the guest route answers the same",
    send: async (w) => ({ body: { sessionId: await customerCheckout(w, true) } }),
  },
  {
    method: "POST",
    path: "/api/orders",
    variant: "an order form without payment",
    expected: { visitor: 401, customer: 400, otherCustomer: 400, demo: 201, admin: 400 },
    why: "only demo users skip payment (customer-side §6); others are told a paid session is required",
    send: (_w, role) => ({ body: { ...ownForm(role), totalPrice: 0 } }),
  },
  {
    method: "POST",
    path: "/api/guest/orders",
    expected: everyone(200),
    why: "the guest return path; the paid session id is the credential",
    sharesOwnerData: "the paid session id is the buyer's credential (customer-side §7)",
    send: async (w) => ({ body: { sessionId: await customerCheckout(w, true) } }),
  },

  // The customer's orders (customer-side §6-7, ARCHITECTURE §7: an order id grants the public view).
  {
    method: "POST",
    path: "/api/orders/:id/start-generation",
    expected: everyone(200),
    why: "only confirms: paid orders start by themselves and a repeat changes nothing",
    send: async (w) => ({ params: { id: (await customerOrder(w, "generating")).id } }),
  },
  {
    method: "POST",
    path: "/api/guest/orders/:id/start-generation",
    expected: everyone(200),
    why: "only confirms: paid orders start by themselves and a repeat changes nothing",
    send: async (w) => ({ params: { id: (await customerOrder(w, "generating")).id } }),
  },
  {
    method: "POST",
    path: "/api/orders/:id/retry-generation",
    expected: ownerOrAdmin,
    why: "the owner retries a failed song (customer-side §6); staff may too",
    send: async (w) => ({ params: { id: (await customerOrder(w, "failed")).id } }),
  },
  {
    method: "PUT",
    path: "/api/orders/:id/delivery-time",
    expected: ownerOrAdmin,
    why: "the family moves their song's delivery day (issue 20); staff may too",
    send: async (w) => ({
      params: { id: (await customerOrder(w, "completed")).id },
      body: {
        deliveryAt: toLocalInput(w.t.clock.now() + 3 * 24 * 60 * 60 * 1000, "Europe/London"),
        deliveryTimeZone: "Europe/London",
      },
    }),
  },
  {
    method: "GET",
    path: "/api/orders/user",
    expected: signedIn(),
    why: "My Songs: each user's own list",
    send: () => ({}),
  },
  {
    method: "GET",
    path: "/api/orders/:id",
    expected: everyone(200),
    why: "the reveal gates nothing by role (customer-side §6); non-owners get the public view only",
    send: async (w) => ({ params: { id: (await customerOrder(w, "delivered")).id } }),
  },
  {
    method: "DELETE",
    path: "/api/orders/:id",
    expected: { ...ownerOrAdmin, admin: 403 },
    why: "only the owner deletes a song (customer-side §6); staff have no delete (staff-side §6)",
    send: async (w) => ({ params: { id: (await customerOrder(w, "delivered")).id } }),
  },
  {
    method: "GET",
    path: "/api/download/:orderId",
    expected: everyone(200),
    fileType: "audio/mpeg",
    why: "like the reveal: the order id grants the delivered song (customer-side §6, ARCHITECTURE §10)",
    send: async (w) => ({ params: { orderId: (await customerOrder(w, "delivered")).id } }),
  },
  {
    method: "GET",
    path: "/api/download/:orderId/another-version",
    expected: everyone(200),
    fileType: "audio/mpeg",
    why: "like the delivered song: the order id grants the other take staff offer (issue 21)",
    send: async (w) => ({ params: { orderId: (await bonusOffered(w)).id } }),
  },

  // Staff (staff-side §7).
  {
    method: "GET",
    path: "/api/admin/backlog",
    expected: adminOnly(),
    why: STAFF,
    send: () => ({}),
  },
  {
    method: "GET",
    path: "/api/admin/attention",
    expected: adminOnly(),
    why: STAFF,
    send: () => ({}),
  },
  {
    method: "GET",
    path: "/api/admin/activity",
    expected: adminOnly(),
    why: STAFF,
    send: () => ({}),
  },
  {
    method: "GET",
    path: "/api/admin/orders",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => {
      await customerOrder(w, "completed");
      return { query: { page: "1", filter: "all" } };
    },
  },
  {
    method: "GET",
    path: "/api/admin/orders.csv",
    expected: adminOnly(),
    fileType: "text/csv; charset=utf-8",
    why: STAFF,
    send: async (w) => {
      await customerOrder(w, "completed");
      return { query: { filter: "all" } };
    },
  },
  {
    method: "GET",
    path: "/api/admin/orders/:id",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => ({ params: { id: (await customerOrder(w, "completed")).id } }),
  },
  {
    method: "PATCH",
    path: "/api/admin/orders/:id/streaming-status",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => ({
      params: {
        id: (await customerOrder(w, "completed", {
          addStreamingServices: true,
          streamingArtistName: "Mia Sings",
        })).id,
      },
      body: { streamingStatus: "processing" },
    }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/:id/regenerate-lyrics",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => ({
      params: { id: (await customerOrder(w, "completed")).id },
      body: { customInput: "More about the garden." },
    }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/:id/take",
    expected: adminOnly(),
    why: `${STAFF}; issue 21: staff choose the delivered take`,
    send: async (w) => ({ params: { id: (await customerOrder(w, "completed")).id }, body: { take: 2 } }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/:id/bonus-take",
    expected: adminOnly(),
    why: `${STAFF}; issue 21: staff offer the other take`,
    send: async (w) => ({
      params: { id: (await customerOrder(w, "completed")).id },
      body: { offered: true },
    }),
  },
  {
    method: "GET",
    path: "/api/admin/orders/:id/timed-lyrics",
    expected: adminOnly(),
    why: `${STAFF}; issue 21: the preview's sing-along`,
    send: async (w) => ({ params: { id: (await customerOrder(w, "completed")).id } }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/:id/regenerate",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => ({ params: { id: (await customerOrder(w, "failed")).id } }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/:id/refund",
    // A demo order paid nothing and broke no rule: staff get a 409 saying a refund is not offered.
    expected: adminOnly(409),
    why: `${STAFF}; issue 16: refunds of flagged orders`,
    send: async (w) => ({ params: { id: (await customerOrder(w, "completed")).id } }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/:id/approve",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => ({ params: { id: (await customerOrder(w, "completed")).id } }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/:id/listen",
    expected: adminOnly(),
    why: `${STAFF}; issue 23: how much of the song staff heard before approving`,
    send: async (w) => ({
      params: { id: (await customerOrder(w, "completed")).id },
      body: { playedMs: 42_000, durationMs: 130_000 },
    }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/bulk",
    expected: adminOnly(),
    why: `${STAFF}; issue 23: the ticked rows, each by its own row's rules`,
    send: async (w) => ({
      body: { action: "approve", ids: [(await customerOrder(w, "completed")).id], override: true },
    }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/:id/hold",
    expected: adminOnly(),
    why: `${STAFF}; issue 23: an approved song taken back before its email goes`,
    send: async (w) => ({ params: { id: (await customerOrder(w, "approved")).id } }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/:id/reject",
    expected: adminOnly(),
    why: `${STAFF}; issue 23: a song sent back to be made again, with the reason`,
    send: async (w) => ({
      params: { id: (await customerOrder(w, "completed")).id },
      body: { reason: "The name is sung wrong." },
    }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/:id/send-now",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => ({ params: { id: (await customerOrder(w, "approved")).id } }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/:id/resend-email",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => ({ params: { id: (await customerOrder(w, "delivered")).id } }),
  },
  {
    method: "PATCH",
    path: "/api/admin/orders/:id/update-email",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => ({
      params: { id: (await customerOrder(w, "completed")).id },
      body: { emailType: "parent", newEmail: "typo-fixed@example.com" },
    }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/:id/revoke-links",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => ({ params: { id: (await deliveryLink(w)).orderId } }),
  },
  {
    method: "POST",
    path: "/api/admin/songs/upload-multipart",
    expected: adminOnly(201),
    why: `${STAFF}; refused before the body is read, so only staff make the server take in 30 MB`,
    send: () => ({ body: songForm() }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/:id/upload",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => ({
      params: { id: (await customerOrder(w, "generating")).id },
      body: { songUrl: await uploadedSong(w) },
    }),
  },
  {
    method: "POST",
    path: "/api/admin/orders/create",
    expected: adminOnly(201),
    why: STAFF,
    send: async (w) => ({
      body: {
        childName: "Ada",
        childAge: 4,
        parentEmail: "manual-parent@example.com",
        songTitle: "Ada's Song",
        songLyrics: "La la la\nAda's song",
        songUrl: await uploadedSong(w),
      },
    }),
  },
  {
    method: "GET",
    path: "/api/admin/referral-codes",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => {
      await referralCode(w);
      return {};
    },
  },
  {
    method: "POST",
    path: "/api/admin/referral-codes",
    expected: adminOnly(201),
    why: STAFF,
    send: () => ({ body: { code: "SUMMER10", discountType: "fixed_amount", discountValue: 10 } }),
  },
  {
    method: "PATCH",
    path: "/api/admin/referral-codes/:id",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => ({ params: { id: await referralCode(w) }, body: { description: "Newsletter" } }),
  },
  {
    method: "DELETE",
    path: "/api/admin/referral-codes/:id",
    expected: adminOnly(),
    why: STAFF,
    send: async (w) => ({ params: { id: await referralCode(w) } }),
  },
  ...(["lyrics", "tags"] as const).flatMap((kind): RouteCase[] => [
    {
      method: "GET",
      path: `/api/admin/system-prompt/${kind}`,
      expected: adminOrDemo(),
      why: PROMPTS,
      send: () => ({}),
    },
    {
      method: "POST",
      path: `/api/admin/system-prompt/${kind}`,
      expected: adminOrDemo(),
      why: PROMPTS,
      send: () => ({ body: { prompt: `Write ${kind} for a child's song, kindly.` } }),
    },
    {
      method: "GET",
      path: `/api/admin/system-prompt/${kind}/versions/:version`,
      expected: adminOrDemo(),
      why: PROMPTS,
      send: () => ({ params: { version: "0" } }),
    },
    {
      method: "GET",
      path: `/api/admin/system-prompt/${kind}/versions`,
      expected: adminOrDemo(),
      why: PROMPTS,
      send: () => ({}),
    },
    {
      method: "POST",
      path: `/api/admin/system-prompt/${kind}/versions/:version/restore`,
      expected: adminOrDemo(),
      why: PROMPTS,
      // The default can be restored once something else is in use (issue 23); a demo user without
      // prompts of their own sees the live one.
      send: async (w) => {
        await saveSystemPrompt(w.t.kv, kind, `Write ${kind} kindly.`, EMAILS.admin, Date.now(), "live");
        return { params: { version: "0" } };
      },
    },
  ]),
  {
    method: "ALL",
    path: "/api/admin/system-prompt/*",
    expected: adminOrDemo(404),
    why: `${PROMPTS}; an unknown kind is 404 only for those allowed to ask`,
    send: () => ({ method: "GET", params: { "*": "music" } }),
  },

  // Pages' analytics (customer-side §3): anonymous by design, so open to every page alike.
  {
    method: "POST",
    path: "/api/events",
    expected: everyone(204),
    why: "a page's analytics carry no identity and grant nothing; answered 204 whoever sends them",
    send: () => ({
      body: { events: [{ event: "FAQ Viewed", properties: { question: "Who sings the song?" } }] },
    }),
  },

  // Webhooks authenticate by signature or carry no authority at all, whoever sends them.
  {
    method: "POST",
    path: "/api/webhooks/stripe",
    expected: everyone(400),
    why: "an unsigned Stripe event is refused whoever sends it (ARCHITECTURE §6 and §10)",
    send: async (w) => ({
      body: {
        id: "evt_forged",
        type: "checkout.session.completed",
        data: { object: { id: await customerCheckout(w, false) } },
      },
    }),
  },
  {
    method: "POST",
    path: "/api/webhooks/suno",
    expected: everyone(200),
    why: "unsigned by the music API; only a nudge to re-check the task, never believed (ARCHITECTURE §10)",
    send: async (w) => ({
      query: { order: (await customerOrder(w, "generating")).id, attempt: "forged" },
      body: { code: 200, data: { task_id: "forged-task", callbackType: "complete" } },
    }),
  },
];

/** A delivered song whose other take staff offer to the family. */
async function bonusOffered(w: World): Promise<Order> {
  const order = await customerOrder(w, "delivered");
  const at = new Date(w.t.clock.now()).toISOString();
  const offered = await updateOrder(
    w.t.kv,
    order.id,
    (current) => ({ ...current, bonusTake: { by: EMAILS.admin, at } }),
  );
  if (!offered?.songTakes || offered.songTakes.length < 2) throw new Error("the song was made with one take");
  return offered;
}
