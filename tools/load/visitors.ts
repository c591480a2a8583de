/**
 * The simulated people of `deno task load`, each doing what the browser does for them, through the
 * same HTTP API: a parent browses, signs in by the emailed link, orders and pays on the local
 * checkout, then keeps polling for the song; an admin keeps the dashboard open.
 */
import type { SmtpSink } from "../../fakes/smtp_sink.ts";
import type { RequestStats } from "./stats.ts";

const REQUEST_TIMEOUT_MS = 15_000;
/** Customer-side §9: My Songs and the processing page poll every 5 s; staff-side: the list every 10 s. */
const CUSTOMER_POLL_MS = 5_000;
const ADMIN_POLL_MS = 10_000;

export interface LoadContext {
  origin: string;
  stats: RequestStats;
  mail: SmtpSink;
  /** When every simulated person stops starting new requests (ms, performance.now()). */
  deadline: number;
}

/** One simulated browser: its own address (behind the trusted proxy), its token once signed in. */
class Client {
  token?: string;
  constructor(readonly context: LoadContext, readonly address: string) {}

  async call(kind: string, path: string, init: RequestInit = {}, expected = [200]) {
    const headers = new Headers(init.headers);
    // The local checkout stands for Stripe's page, which is not behind our proxy (and answers only
    // this machine, routes/middleware/this_machine_only.ts).
    if (!path.startsWith("/checkout/local/")) headers.set("x-forwarded-for", this.address);
    if (this.token) headers.set("authorization", `Bearer ${this.token}`);
    if (init.body) headers.set("content-type", "application/json");
    const started = performance.now();
    try {
      const response = await fetch(this.context.origin + path, {
        ...init,
        headers,
        redirect: "manual",
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const text = await response.text();
      const ok = expected.includes(response.status);
      this.context.stats.record(
        kind,
        performance.now() - started,
        ok,
        `${response.status} ${text.slice(0, 120)}`,
      );
      return { status: response.status, text, location: response.headers.get("location"), ok };
    } catch (error) {
      this.context.stats.record(kind, performance.now() - started, false, String(error));
      return { status: 0, text: "", location: null, ok: false };
    }
  }

  async json<T>(kind: string, path: string, init: RequestInit = {}, expected = [200]): Promise<T | null> {
    const answer = await this.call(kind, path, init, expected);
    return answer.ok ? JSON.parse(answer.text) as T : null;
  }

  /** The emailed link's token arrives at the SMTP sink; the page would read it from the address. */
  async signIn(email: string): Promise<boolean> {
    const asked = await this.call("sign-in: request link", "/api/auth/request-magic-link", {
      method: "POST",
      body: JSON.stringify({ email }),
    });
    if (!asked.ok) return false;
    const link = await linkFor(this.context.mail, email);
    if (!link) {
      this.context.stats.record("sign-in: email arrives", 0, false, `no sign-in email for ${email}`);
      return false;
    }
    // Confirmed as the sign-in page does when the link opens away from the browser that asked.
    const verified = await this.json<{ token: string }>(
      "sign-in: verify link",
      "/api/auth/verify-magic-link",
      { method: "POST", body: JSON.stringify({ t: link }) },
    );
    this.token = verified?.token;
    return Boolean(this.token);
  }
}

async function linkFor(mail: SmtpSink, email: string): Promise<string | null> {
  for (let waited = 0; waited < REQUEST_TIMEOUT_MS; waited += 100) {
    const message = mail.messages.find((each) => each.envelope.to.includes(email));
    const token = message?.text.match(/[?&]t=([A-Za-z0-9_\-]+)/)?.[1];
    if (token) return token;
    await sleep(100);
  }
  return null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface VisitResult {
  orderId?: string;
}

/** A parent's visit, start to end, polling until the deadline. */
export async function parentVisit(context: LoadContext, index: number): Promise<VisitResult> {
  const client = new Client(context, `198.18.${index >> 8}.${index & 255}`);
  const landing = await client.call("page: /", "/");
  const bundle = landing.text.match(/<script type="module" src="([^"]+)"/)?.[1];
  if (bundle) await client.call("static: bundle", bundle);
  await client.call("page: /order", "/order");
  await client.call("page: /privacy-policy", "/privacy-policy");

  const email = `parent${index}@load.test`;
  if (!(await client.signIn(email))) return {};
  await client.json("api: user", "/api/auth/user");
  const order = {
    childName: `Kid ${index}`,
    childAge: String(1 + (index % 12)),
    favoriteColor: "green",
    parentName: `Parent ${index}`,
    parentEmail: email,
    songGenre: "pop",
    singerGender: "female",
    songStyle: "happy",
  };
  const checkout = await client.json<{ checkoutUrl: string; sessionId: string }>(
    "order: create checkout",
    "/api/create-checkout-session",
    { method: "POST", body: JSON.stringify({ order }) },
  );
  if (!checkout) return {};
  await client.call("order: checkout page", new URL(checkout.checkoutUrl, context.origin).pathname);
  await client.call(
    "order: pay",
    `/checkout/local/${encodeURIComponent(checkout.sessionId)}/pay`,
    { method: "POST" },
    [303],
  );
  const session = encodeURIComponent(checkout.sessionId);
  await client.call("page: /payment-processing", `/payment-processing?session_id=${session}`);
  await client.json("order: verify payment", `/api/verify-payment/${session}`);
  const placed = await client.json<{ id: string }>("order: create order", "/api/orders", {
    method: "POST",
    body: JSON.stringify({ sessionId: checkout.sessionId }),
  }, [200, 201]);
  if (!placed) return {};
  await client.call("order: start generation", `/api/orders/${placed.id}/start-generation`, {
    method: "POST",
  }, [200, 202]);
  await client.call("page: /order-processing", `/order-processing/${placed.id}?name=Kid`);

  while (performance.now() < context.deadline) {
    await client.json("poll: order", `/api/orders/${placed.id}`);
    await client.json("poll: my songs", "/api/orders/user");
    await sleep(CUSTOMER_POLL_MS);
  }
  return { orderId: placed.id };
}

/** An admin with the dashboard open: the list refreshes every 10 s, with a search now and then. */
export async function adminVisit(context: LoadContext, email: string) {
  const client = new Client(context, "198.19.0.1");
  if (!(await client.signIn(email))) return;
  await client.call("page: /admin/orders", "/admin/orders");
  for (let tick = 0; performance.now() < context.deadline; tick++) {
    await client.json("admin: order list", "/api/admin/orders?page=1&filter=all");
    if (tick % 2 === 1) await client.json("admin: search", "/api/admin/orders?page=1&q=kid");
    await sleep(ADMIN_POLL_MS);
  }
}
