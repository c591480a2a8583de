import { assert, assertEquals } from "@std/assert";
import { jsonLdText, landingStructuredData } from "../../../../domain/site/seo.ts";

Deno.test("JSON-LD text cannot close its script element, whatever the data holds", () => {
  const text = jsonLdText({ answer: "</script><script>alert(1)</script>" });
  assert(!text.includes("<"));
  assertEquals(JSON.parse(text).answer, "</script><script>alert(1)</script>");
});

Deno.test("the product's structured data uses the shop's address for every link", () => {
  const text = JSON.stringify(landingStructuredData("https://shop.example"));
  for (const url of text.match(/https?:\/\/[^"]+/g) ?? []) {
    assert(
      url.startsWith("https://shop.example") || url.includes("schema.org") || url.includes("instagram"),
      url,
    );
  }
});
