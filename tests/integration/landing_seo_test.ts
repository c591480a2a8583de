import { assert, assertEquals, assertStringIncludes } from "@std/assert";
import { createTestApp } from "../helpers.ts";

function metaContent(html: string, attribute: "name" | "property", key: string): string | undefined {
  return html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`))?.[1];
}

Deno.test("the landing page tells search engines and link previews what it is", async () => {
  await using t = await createTestApp({ env: { APP_URL: "https://littlehits.example" } });
  const html = await (await t.request("/?ref=FRIEND50")).text();

  assertStringIncludes(html, `<link rel="canonical" href="https://littlehits.example/">`);
  assert((metaContent(html, "name", "description") ?? "").length > 50);
  assertEquals(metaContent(html, "property", "og:url"), "https://littlehits.example/");
  assertEquals(metaContent(html, "property", "og:image"), "https://littlehits.example/images/og-image.jpg");
  assertEquals(metaContent(html, "property", "og:image:width"), "1200");
  assertEquals(metaContent(html, "name", "twitter:card"), "summary_large_image");
  assertEquals(metaContent(html, "name", "twitter:image"), "https://littlehits.example/images/og-image.jpg");
  assertStringIncludes(metaContent(html, "property", "og:title") ?? "", "Little Hits");

  const json = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1];
  interface Node {
    "@type": string;
    offers?: { price: string; priceCurrency: string; url: string };
    mainEntity?: unknown[];
  }
  const graph = JSON.parse(json ?? "{}")["@graph"] as Node[];
  const product = graph.find((node) => node["@type"] === "Product")!;
  assertEquals(
    product.offers,
    {
      "@type": "Offer",
      price: "24.99",
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: "https://littlehits.example/order",
    } as Node["offers"],
  );
  assertEquals(graph.find((node) => node["@type"] === "FAQPage")?.mainEntity?.length, 5);
});

Deno.test("pages behind a link or a sign-in carry no social card and ask not to be indexed", async () => {
  await using t = await createTestApp();
  const html = await (await t.request("/my-songs")).text();
  assertStringIncludes(html, `<meta name="robots" content="noindex">`);
  assert(!html.includes("og:image"));
  assert(!html.includes(`rel="canonical"`));
});

Deno.test("the social card image the pages point at is served", async () => {
  await using t = await createTestApp();
  const response = await t.request("/images/og-image.jpg");
  assertEquals(response.status, 200);
  assertEquals(response.headers.get("content-type"), "image/jpeg");
  await response.body?.cancel();
});
