import { Hono } from "hono";
import { LogoutForm } from "../components/Nav.tsx";
import { OrderForm } from "../islands/mod.ts";
import type { AppEnv } from "./request_context.ts";
import { buyerOf } from "./middleware/session.ts";
import { renderPage } from "./render.tsx";

/**
 * /order (customer-side §2): the order form. The page knows who is signed in (a demo user skips
 * payment, a customer's address fills the email field), so it is rendered per request, never from
 * the anonymous page cache.
 */
export const orderPage = new Hono<AppEnv>();

orderPage.get("/order", (c) => {
  const current = c.var.user;
  const buyer = buyerOf(c);
  const user = buyer && { username: buyer.username, isDemo: buyer.isDemo, role: buyer.role };
  return renderPage(
    c,
    <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:py-14">
      <header className="grid gap-3 text-center">
        <h1 className="font-display text-3xl font-extrabold text-slate-900 sm:text-4xl">Create Your Song</h1>
        <p className="mx-auto max-w-2xl text-lg text-slate-600">
          Tell us about your child and we'll write a song that's all about them, ready within 24 hours.
        </p>
        {user && <SignedInAs username={user.username} />}
        {current?.byOrderLink && <OpenedFromSongLink username={current.username} />}
      </header>
      <OrderForm user={user} />
    </section>,
    { title: "Create Your Song" },
  );
});

/**
 * Whose account the order joins, said before anything is paid: a browser signed in as someone else
 * (a shared computer, a sign-in link someone sent) is noticed here, not after the child's details are
 * in their account.
 */
function SignedInAs({ username }: { username: string }) {
  return (
    <div
      className="flex flex-wrap items-center justify-center gap-x-2 text-sm text-slate-700"
      data-signed-in-as=""
    >
      <span>
        Signed in as <strong className="break-all text-slate-900">{username}</strong>.
      </span>
      <LogoutForm>
        <button type="submit" className="font-medium text-violet-700 underline underline-offset-2">
          Not you? Log out
        </button>
      </LogoutForm>
    </div>
  );
}

/**
 * A browser signed in by a song link (someone's delivery email) orders as a guest: it may be the
 * family's own, or a link someone else sent. Said plainly, so nobody expects the form to know them.
 */
function OpenedFromSongLink({ username }: { username: string }) {
  return (
    <div
      className="flex flex-wrap items-center justify-center gap-x-2 text-sm text-slate-700"
      data-opened-from-song-link=""
    >
      <span>
        This browser opened a song link for{" "}
        <strong className="break-all text-slate-900">{username}</strong>. Your order goes to the email you
        enter below.
      </span>
      <LogoutForm>
        <button type="submit" className="font-medium text-violet-700 underline underline-offset-2">
          Log out
        </button>
      </LogoutForm>
    </div>
  );
}
