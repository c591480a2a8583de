/**
 * The soak's customers and staff, over the real HTTP API of one server process: sign in by the
 * emailed link (read at the SMTP server), place demo orders, list the review tab and approve.
 * A request to a process that is down, or dies while answering, throws `ServerDown`.
 */
import type { AdminOrderList } from "../../domain/admin/order_list.ts";
import type { MySongsItem } from "../../domain/order/views.ts";
import type { OrderFormInput } from "../../domain/order/orders.ts";
import type { SmtpSink } from "../../fakes/smtp_sink.ts";

export class ServerDown extends Error {
  /** Whether the request left at all: one that did may have been carried out before the process died. */
  constructor(message: string, readonly sent: boolean) {
    super(message);
  }
}

export interface Session {
  token: string;
}

/** Fetch that tells "the process is not there" apart from an HTTP answer. */
async function call(origin: string | null, path: string, init: RequestInit = {}): Promise<Response> {
  if (!origin) throw new ServerDown("the server is down", false);
  try {
    return await fetch(`${origin}${path}`, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    // Even "connection refused" may follow a first try that got through: fetch silently sends a
    // request again when a reused connection closes without an answer, as a killed server's do.
    throw new ServerDown(error instanceof Error ? error.message : String(error), true);
  }
}

async function json<T>(response: Response, what: string): Promise<T> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The answer was cut off: the process died while sending it.
    throw new ServerDown(`${what}: ${error instanceof Error ? error.message : error}`, true);
  }
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

const bearer = (session: Session, extra: HeadersInit = {}) => ({
  authorization: `Bearer ${session.token}`,
  ...extra,
});

/** Asks for a sign-in link, takes it from the SMTP server, and opens it: a session token. */
export async function signIn(origin: string | null, email: string, smtp: SmtpSink): Promise<Session> {
  const before = smtp.messages.length;
  await json(
    await call(origin, "/api/auth/request-magic-link", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    }),
    `sign-in link for ${email}`,
  );
  const mail = smtp.messages.slice(before).find((message) => message.envelope.to.includes(email));
  const token = mail && /\/auth\/verify\?t=([\w-]+)/.exec(mail.text)?.[1];
  if (!token) {
    throw new Error(
      `no sign-in link reached ${email}: ${smtp.messages.length - before} new messages ${
        JSON.stringify(mail?.text)
      }`,
    );
  }
  // A script is not the browser that asked (it holds no mark), so it confirms as that page would.
  const verified = await json<{ token: string }>(
    await call(origin, "/api/auth/verify-magic-link", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ t: token }),
    }),
    `opening the sign-in link of ${email}`,
  );
  return { token: verified.token };
}

/** A demo user's order (no payment): the id the server answered with. */
export async function placeOrder(
  origin: string | null,
  demo: Session,
  form: OrderFormInput,
): Promise<string> {
  const response = await call(origin, "/api/orders", {
    method: "POST",
    headers: bearer(demo, { "content-type": "application/json" }),
    body: JSON.stringify(form),
  });
  const order = await json<{ id: string }>(response, "placing an order");
  return order.id;
}

/** Every order of the signed-in customer (My Songs), with its status. */
export async function mySongs(origin: string | null, customer: Session): Promise<MySongsItem[]> {
  return await json<MySongsItem[]>(
    await call(origin, "/api/orders/user", { headers: bearer(customer) }),
    "my songs",
  );
}

/** The first page of the review tab (finished songs waiting for staff) and every tab's count. */
export async function reviewTab(origin: string | null, admin: Session): Promise<AdminOrderList> {
  return await json<AdminOrderList>(
    await call(origin, "/api/admin/orders?filter=review&page=1", { headers: bearer(admin) }),
    "the review tab",
  );
}

/**
 * Approves a song; "already" when another approval (an earlier answer lost to a crash, or the other
 * process) got there first, which the API answers 409.
 */
export async function approve(
  origin: string | null,
  admin: Session,
  id: string,
): Promise<"approved" | "already"> {
  const response = await call(origin, `/api/admin/orders/${id}/approve`, {
    method: "POST",
    headers: bearer(admin),
  });
  if (response.status === 409) {
    await response.body?.cancel();
    return "already";
  }
  await json(response, `approving ${id}`);
  return "approved";
}
