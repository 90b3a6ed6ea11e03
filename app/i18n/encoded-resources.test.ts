import { describe, expect, it } from "vitest";
import { decodeResources, encodeResources, type EncodedResources } from "./encoded-resources";
import { pageResourcesFor, shellResourcesFor } from "./resources.server";

describe("translations sent as one text", () => {
  it("read back to the very object they were made from, and to one object per text after a parse", () => {
    const resources = { nav: { shop: "Boutique" }, common: { quote: 'a "quoted" \\ word' } };
    const text = encodeResources(resources);
    expect(typeof text).toBe("string");
    expect(decodeResources(text)).toBe(resources);
    // What the browser holds: a copy of the text, never seen before by this module.
    const received = JSON.stringify({ common: { quote: 'a "quoted" \\ word' }, nav: { shop: "Loja" } }) as EncodedResources;
    const first = decodeResources(received);
    expect(first).toEqual({ common: { quote: 'a "quoted" \\ word' }, nav: { shop: "Loja" } });
    expect(decodeResources(`${received}` as EncodedResources)).toBe(first);
    expect(decodeResources(undefined)).toEqual({});
  });

  it("keep the texts this process made however many others were read since", () => {
    const resources = { nav: { blog: "Blog" } };
    const text = encodeResources(resources);
    for (let index = 0; index < 300; index++) decodeResources(JSON.stringify({ nav: { n: index } }) as EncodedResources);
    expect(decodeResources(text)).toBe(resources);
  });

  it("are built once per language, namespaces and audience", () => {
    expect(shellResourcesFor("fr", { adminEnabled: true })).toBe(shellResourcesFor("fr", { adminEnabled: true }));
    expect(decodeResources(shellResourcesFor("fr", { adminEnabled: true })).nav).toMatchObject({ shop: "Boutique" });
    expect(decodeResources(shellResourcesFor("fr", { adminEnabled: false })).admin).toBeUndefined();
    const reader = pageResourcesFor("es", ["shop"]);
    expect(pageResourcesFor("es", ["shop"])).toBe(reader);
    expect(decodeResources(reader).shop).not.toHaveProperty("manage");
    expect(decodeResources(pageResourcesFor("es", ["shop"], { admin: true })).shop).toHaveProperty("manage");
  });
});
