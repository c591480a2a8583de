import { type Context, Hono } from "hono";
import { FaqSection } from "../components/landing/FaqSection.tsx";
import { Hero } from "../components/landing/Hero.tsx";
import { HowItWorks } from "../components/landing/HowItWorks.tsx";
import { KidReactions } from "../components/landing/KidReactions.tsx";
import { OurStory } from "../components/landing/OurStory.tsx";
import { PrivacyPolicy } from "../components/legal/PrivacyPolicy.tsx";
import { TermsAndConditions } from "../components/legal/TermsAndConditions.tsx";
import { PageShell } from "../components/PageShell.tsx";
import { OrderNotFoundPage } from "../components/pages/OrderNotFoundPage.tsx";
import { FAQ_ITEMS } from "../domain/site/faq.ts";
import { timingsOfOrder } from "../kv/lyrics_timing.ts";
import { orderStanding, publicOrderView } from "../domain/order/views.ts";
import { LANDING_DESCRIPTION, landingStructuredData } from "../domain/site/seo.ts";
import { isOrderId } from "../domain/order/orders.ts";
import { REACTION_VIDEOS } from "../domain/site/reactions.ts";
import { parseListQuery } from "../domain/admin/list_query.ts";
import {
  AdminDashboard,
  AnimalPeek,
  Faq,
  HeroVideo,
  LoginForm,
  MySongs,
  OpenOrderLink,
  OrderProcessing,
  PaymentProcessing,
  ReactionsCarousel,
  Unboxing,
  VerifySignIn,
} from "../islands/mod.ts";
import { listAdminOrders } from "../kv/admin_orders.ts";
import { getOrder } from "../kv/orders.ts";
import type { AppEnv } from "./request_context.ts";
import { renderPage } from "./render.tsx";
import { signOut } from "./sign_out.ts";

/** Every page of the site (customer-side §2, staff-side §2): each renders its components and islands. */
export const pages = new Hono<AppEnv>();

pages.get("/", (c) =>
  renderPage(
    c,
    <>
      <Hero video={<HeroVideo />} peek={<AnimalPeek />} />
      <HowItWorks />
      <KidReactions>
        <ReactionsCarousel items={REACTION_VIDEOS} />
      </KidReactions>
      <OurStory />
      <FaqSection>
        <Faq items={FAQ_ITEMS} />
      </FaqSection>
    </>,
    {
      title: "Personalized Songs for Kids",
      description: LANDING_DESCRIPTION,
      structuredData: landingStructuredData(c.var.deps.config.appUrl),
      onLanding: true,
      anonymousCacheKey: "landing",
    },
  ));

pages.get(
  "/privacy-policy",
  (c) => renderPage(c, <PrivacyPolicy />, { title: "Privacy Policy", anonymousCacheKey: "privacy" }),
);

pages.get(
  "/terms-and-conditions",
  (c) => renderPage(c, <TermsAndConditions />, { title: "Terms and Conditions", anonymousCacheKey: "terms" }),
);

pages.get("/login", (c) =>
  renderPage(
    c,
    <PageShell title="Sign In" lead="No password needed: we'll email you a magic link.">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 text-left shadow-sm">
        <LoginForm />
      </div>
    </PageShell>,
    { title: "Sign In", anonymousCacheKey: "login" },
  ));

pages.get("/auth/verify", (c) =>
  renderPage(
    c,
    <section className="mx-auto max-w-md px-4 py-16">
      <VerifySignIn />
    </section>,
    { title: "Signing In", noindex: true },
  ));

/**
 * The navigation's logout button posts here, so signing out works on every page, with or without
 * scripts; where scripts run, the client boot also clears the stored token first.
 */
pages.post("/logout", async (c) => {
  await signOut(c);
  return c.redirect("/login", 303);
});

pages.get("/payment-processing", (c) =>
  renderPage(
    c,
    <section className="mx-auto max-w-md px-4 py-16">
      <PaymentProcessing />
    </section>,
    { title: "Processing Your Order", noindex: true },
  ));

pages.get("/order-processing/:id", async (c) => {
  const id = c.req.param("id");
  // An address that names no order gets the truth, not a song "in progress" that does not exist.
  const order = isOrderId(id) ? await getOrder(c.var.deps.kv, id) : null;
  if (!order) return orderNotFound(c);
  // Opened from an email, signed in or not: the first render tells only what the public view does.
  const { songUrl, customerReferralCode } = publicOrderView(order);
  return renderPage(
    c,
    <section className="mx-auto max-w-2xl px-4 py-16">
      <OrderProcessing
        orderId={id}
        childName={c.req.query("name")?.slice(0, 100) || null}
        order={{ ...orderStanding(order), songUrl, customerReferralCode }}
      />
    </section>,
    { title: "Your Order", noindex: true },
  );
});

/** Both of an order's pages answer an id that names no order the same way. */
function orderNotFound(c: Context<AppEnv>) {
  return renderPage(c, <OrderNotFoundPage />, { title: "Order Not Found", status: 404, noindex: true });
}

pages.get("/my-songs", (c) =>
  renderPage(
    c,
    <section className="mx-auto max-w-5xl px-4 py-12">
      <MySongs signedIn={!!c.var.user} />
    </section>,
    { title: "My Songs", noindex: true },
  ));

pages.get("/unboxing/:id", async (c) => {
  const id = c.req.param("id");
  // The reveal is public by design (a shared link works for friends): it reads the public view only.
  const order = isOrderId(id) ? await getOrder(c.var.deps.kv, id) : null;
  // An address that names no order is not a song "still being created": say it cannot be found.
  if (!order) return orderNotFound(c);
  return renderPage(
    c,
    <Unboxing
      orderId={id}
      order={publicOrderView(order, await timingsOfOrder(c.var.deps.kv, order))}
      skip={c.req.query("skip") === "true"}
    />,
    { title: "Your Special Song", noindex: true },
  );
});

pages.get("/u/:orderId", (c) =>
  renderPage(
    c,
    <section className="mx-auto max-w-md px-4 py-16">
      <OpenOrderLink orderId={c.req.param("orderId")} />
    </section>,
    { title: "Opening Your Surprise", noindex: true },
  ));

pages.get("/admin/orders", async (c) => {
  // Staff-side §5: anyone who is not a signed-in admin goes to the landing page.
  if (c.var.user?.role !== "admin") return c.redirect("/", 302);
  const { kv, config } = c.var.deps;
  // The view in the address (a reload keeps page, tab and search), read through the API's own
  // function so the page is useful before the island has hydrated.
  const query = parseListQuery(new URL(c.req.url).searchParams);
  const list = await listAdminOrders(kv, query);
  return renderPage(
    c,
    // Wider on a wide screen: the studio's panels go beside the list's 1,280 px.
    <section className="mx-auto max-w-7xl px-4 py-4 sm:py-6 2xl:max-w-[112rem]">
      <AdminDashboard
        appUrl={config.appUrl}
        initialQuery={{ ...query, page: list.page }}
        initialList={list}
      />
    </section>,
    { title: "Admin Dashboard", noindex: true },
  );
});
