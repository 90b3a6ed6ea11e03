import { describe, expect, it } from "vitest";
import { textToHtml } from "./text-html";

describe("textToHtml", () => {
  it("makes paragraphs and line breaks, links web addresses, and escapes the rest", () => {
    const html = textToHtml("Bonjour <Léa> & co,\n\nConfirmez : https://diaspora.example/fr/newsletter/confirm?token=a&b=1.\nMerci", "fr");
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain("<p>Bonjour &lt;Léa&gt; &amp; co,</p>");
    expect(html).toContain('Confirmez : <a href="https://diaspora.example/fr/newsletter/confirm?token=a&amp;b=1">https://diaspora.example/fr/newsletter/confirm?token=a&amp;b=1</a>.<br>\nMerci</p>');
  });

  it("never lets the text open a tag or an attribute", () => {
    const html = textToHtml('See https://x.example/"onmouseover=alert(1) <script>');
    expect(html).not.toContain("<script>");
    expect(html).toContain('<a href="https://x.example/">https://x.example/</a>&quot;onmouseover=alert(1) &lt;script&gt;');
  });
});
