/**
 * Island markers for server rendering. Each name matches its file `islands/{Name}.tsx`, whose
 * default export the browser bundle hydrates (routes/island_build.ts finds them by that convention).
 */
import { island } from "./marker.tsx";
import { ORDER_FORM_RESTORES } from "./order/restores.ts";
import AdminDashboardComponent from "./AdminDashboard.tsx";
import AdminSettingsComponent from "./AdminSettings.tsx";
import AnimalPeekComponent from "./AnimalPeek.tsx";
import FaqComponent from "./Faq.tsx";
import HeroVideoComponent from "./HeroVideo.tsx";
import LoginFormComponent from "./LoginForm.tsx";
import MySongsComponent from "./MySongs.tsx";
import OpenOrderLinkComponent from "./OpenOrderLink.tsx";
import OrderFormComponent from "./OrderForm.tsx";
import OrderProcessingComponent from "./OrderProcessing.tsx";
import PaymentProcessingComponent from "./PaymentProcessing.tsx";
import ReactionsCarouselComponent from "./ReactionsCarousel.tsx";
import UnboxingComponent from "./Unboxing.tsx";
import VerifySignInComponent from "./VerifySignIn.tsx";

// The landing page's islands wait until they are needed, so nothing on its first view loads
// React. The FAQ works as plain HTML and only counts views: `visible` has it live before the visitor
// reaches it, where on `interaction` the first answer would wait for React to download before opening.
// The carousel is far below the fold. The hero video must start by itself (customer-side §2), which on
// `interaction` it would only do after a touch; it and the animal are plain islands (their `.client.ts`
// needs no React), so hydrating them when idle costs about 1.5 KB, not React's chunk.
export const Faq = island("Faq", FaqComponent, { hydrate: "visible" });
export const HeroVideo = island("HeroVideo", HeroVideoComponent, { hydrate: "idle" });
export const AnimalPeek = island("AnimalPeek", AnimalPeekComponent, { hydrate: "idle" });
export const ReactionsCarousel = island("ReactionsCarousel", ReactionsCarouselComponent, {
  hydrate: "visible",
});

// The order form is plain HTML a parent can fill before any script: it hydrates on their first touch,
// adopts what was typed, ticked or chosen (islands/lib/changed_before_hydration.ts), hears the focus it
// missed and sends a form sent early (boot.ts); "Order Started" is counted by the page itself
// (page_features.ts). When the browser holds something the form restores, it hydrates at once.
export const OrderForm = island("OrderForm", OrderFormComponent, {
  hydrate: "interaction",
  atOnceIf: ORDER_FORM_RESTORES,
});

// The reveal is a box to tap: its first view is plain HTML and it hydrates on that tap (`?skip` shows
// the song already revealed, so it hydrates at once). Safari plays sound only inside the tap itself, so
// the box's button names its song (`data-plays`) and the boot starts it there while the island wakes
// and then opens the box (boot.ts). Waking when idle would open the box sooner on a slow phone, but
// runs React while the page still counts as blocked, which costs the reveal its first-view score.
// "Unboxing Viewed" is counted by the page itself, and the song buffers once the first view is on
// screen (page_features.ts).
export const Unboxing = island("Unboxing", UnboxingComponent, {
  hydrate: "interaction",
  atOnceIf: ["query:skip"],
});

// Every other island is what its page is for, so it hydrates at once (`load`). The sign-in form keeps
// an address typed before. My Songs, the dashboard and the waiting pages fetch their data as soon as
// they can. The demo users' admin settings listen for clicks on the navigation, outside their marker,
// so they cannot wait for a touch of their own.
export const LoginForm = island("LoginForm", LoginFormComponent, { hydrate: "load" });
export const VerifySignIn = island("VerifySignIn", VerifySignInComponent, { hydrate: "load" });
export const PaymentProcessing = island("PaymentProcessing", PaymentProcessingComponent, { hydrate: "load" });
export const OrderProcessing = island("OrderProcessing", OrderProcessingComponent, { hydrate: "load" });
export const MySongs = island("MySongs", MySongsComponent, { hydrate: "load" });
export const OpenOrderLink = island("OpenOrderLink", OpenOrderLinkComponent, { hydrate: "load" });
export const AdminSettings = island("AdminSettings", AdminSettingsComponent, { hydrate: "load" });
export const AdminDashboard = island("AdminDashboard", AdminDashboardComponent, { hydrate: "load" });
