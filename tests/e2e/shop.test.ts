import { describe, expect, it } from "vitest";
import { waitForHydration, watchErrors } from "../support/browser";
import { useBrowser } from "../support/e2e";

const { baseUrl, open } = useBrowser();

describe("shop", () => {
  it("shows the price, the struck old price, the cover placeholder and four coming-soon items", async () => {
    const page = await open("/shop");
    const purchase = page.locator("#purchase-section");
    expect(await purchase.textContent()).toContain("$19.99");
    expect(await purchase.locator("s").textContent()).toContain("$29.99");
    expect(await purchase.textContent()).toContain("Limited Time Offer");
    expect(await page.getByText("Upload your cover image to see it here").isVisible()).toBe(true);
    const merch = page.locator("section[aria-labelledby=merch-title] li");
    expect(await merch.count()).toBe(4);
    expect(await merch.filter({ hasText: "Coming Soon" }).count()).toBe(4);
    expect(await merch.getByRole("button").count()).toBe(0);
    const buy = page.getByRole("link", { name: /Buy the e-book and course/ });
    expect(await buy.getAttribute("target")).toBe("_blank");
    expect(await page.getByRole("link", { name: "Buy a Coffee ($5)" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "Monthly Support" }).count()).toBe(1);
    await page.context().close();
  });

  it.each(["", "/fr", "/es", "/pt"])("does not scroll sideways on a 390 px phone (%s/shop), the struck old price inside its card", async (prefix) => {
    const page = await open(`${prefix}/shop`, { width: 390 });
    const widths = await page.evaluate(() => ({ page: document.scrollingElement!.scrollWidth, viewport: window.innerWidth }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    const card = await page.locator("#purchase-section").boundingBox();
    const old = await page.locator("#purchase-section s").boundingBox();
    expect(old!.x + old!.width).toBeLessThanOrEqual(card!.x + card!.width);
    await page.context().close();
  });

  it("scrolls to the purchase section with 'Get the guide'", async () => {
    const page = await open("/shop", { width: 390 });
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole("link", { name: "Get the guide" }).click();
    await page.waitForFunction(() => {
      const top = document.getElementById("purchase-section")!.getBoundingClientRect().top;
      return top >= 0 && top < 200;
    });
    await page.context().close();
  });
});

describe("cart", () => {
  it("starts empty, takes the e-book, updates quantity and total, survives a reload, and empties again", async () => {
    const page = await open("/cart");
    const errors = watchErrors(page);
    await page.getByText("Your cart is empty.").waitFor();
    await page.goto(`${baseUrl}/shop`);
    await waitForHydration(page);
    await page.getByRole("button", { name: "Add to cart" }).click();
    await page.getByText("Added to your cart").waitFor();
    await page.getByRole("link", { name: "Cart, 1 item" }).waitFor();
    await page.goto(`${baseUrl}/cart`);
    await waitForHydration(page);
    const quantity = page.getByRole("spinbutton", { name: /Quantity of/ });
    await quantity.waitFor();
    expect(await page.locator("output").textContent()).toBe("$19.99");
    await quantity.fill("3");
    await page.locator("output", { hasText: "$59.97" }).waitFor();
    await page.reload();
    await waitForHydration(page);
    await page.locator("output", { hasText: "$59.97" }).waitFor();
    const checkout = page.getByRole("link", { name: "Checkout" });
    expect(await checkout.getAttribute("target")).toBe("_blank");
    await page.getByRole("button", { name: /Remove/ }).click();
    await page.getByText("Your cart is empty.").waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("ignores coming-soon items put in the cart by hand", async () => {
    const page = await open("/cart");
    await page.evaluate(() => localStorage.setItem("cart", JSON.stringify([{ slug: "field-notebook", quantity: 2 }])));
    await page.reload();
    await waitForHydration(page);
    await page.getByText("Your cart is empty.").waitFor();
    await page.locator("header").getByRole("link", { name: "Cart", exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem("cart"))).toBe("[]");
    await page.context().close();
  });
});
