import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { renderToString } from "react-dom/server";
import { Nav } from "../../../components/Nav.tsx";

const render = (user: Parameters<typeof Nav>[0]["user"]) =>
  renderToString(<Nav user={user} onLanding={false} />);

Deno.test("logged out: a Login button and no account actions", () => {
  const html = render(null);
  assertStringIncludes(html, `href="/login"`);
  assert(!html.includes("My Songs"));
  assert(!html.includes("Log out"));
});

Deno.test("logged in: My Songs, the green Create Song button and logout; no admin settings", () => {
  const html = render({ username: "ann@example.com", isDemo: false, role: "user" });
  assertStringIncludes(html, `href="/my-songs"`);
  assertStringIncludes(html, "bg-green-700");
  assertStringIncludes(html, "Create Song");
  assertStringIncludes(html, `aria-label="Log out"`);
  assertStringIncludes(html, "ann@example.com");
  assert(!html.includes("Admin settings") && !html.includes("Admin Settings"));
  assert(!html.includes(">Demo<"));
  assert(!html.includes(`href="/login"`));
  assert(!html.includes("/admin/orders"), "the dashboard is for admins");
});

Deno.test("admins get a Dashboard link, in the bar and in the mobile menu", () => {
  const html = render({ username: "staff@example.com", isDemo: false, role: "admin" });
  assertEquals(html.match(/href="\/admin\/orders"[^>]*>Dashboard</g)?.length, 2);
});

Deno.test("demo users also get the admin settings icon and the Demo tag in the mobile menu", () => {
  const html = render({ username: "demo@example.com", isDemo: true, role: "user" });
  assertStringIncludes(html, `aria-label="Admin settings"`);
  assertStringIncludes(html, "Admin Settings");
  assertEquals(html.match(/>Demo</g)?.length, 1);
});
