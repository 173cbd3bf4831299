import { generateKeyPairSync, verify, type KeyObject } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { ed25519Signer, sodiumSecretKey } from "./ed25519";
import { SigningThread } from "./signing-thread";

const pair = () => generateKeyPairSync("ed25519");
const add = (thread: SigningThread, privateKey: KeyObject) => thread.addKey(sodiumSecretKey(privateKey), ed25519Signer(privateKey));
const onLoop = (privateKey: KeyObject, text: string) => ed25519Signer(privateKey, "node:crypto")(Buffer.from(text)).toString("base64");

describe("signatures on the signing thread", () => {
  let thread: SigningThread | undefined;
  afterEach(async () => {
    await thread?.close();
    thread = undefined;
  });

  it("gives the very signature the event loop would, for each of many texts signed at once", async () => {
    thread = SigningThread.start();
    expect(thread.threaded).toBe(true);
    const { privateKey, publicKey } = pair();
    const handle = add(thread, privateKey);
    const texts = Array.from({ length: 300 }, (_, i) => JSON.stringify({ code: i % 2 ? "VALID" : "EXPIRED", nonce: `n-${i}`, note: "ខ្មែរ ✓" }));
    const signatures = await Promise.all(texts.map((text) => thread!.sign(handle, text)));
    signatures.forEach((signature, i) => {
      expect(signature).toBe(onLoop(privateKey, texts[i]!));
      expect(verify(null, Buffer.from(texts[i]!), publicKey, Buffer.from(signature, "base64"))).toBe(true);
    });
    expect(new Set(signatures).size).toBe(texts.length);
  });

  it("signs each text with the key it names", async () => {
    thread = SigningThread.start();
    const first = pair();
    const second = pair();
    const [a, b] = [add(thread, first.privateKey), add(thread, second.privateKey)];
    const [byA, byB] = await Promise.all([thread.sign(a, "same text"), thread.sign(b, "same text")]);
    expect(verify(null, Buffer.from("same text"), first.publicKey, Buffer.from(byA, "base64"))).toBe(true);
    expect(verify(null, Buffer.from("same text"), second.publicKey, Buffer.from(byB, "base64"))).toBe(true);
    expect(verify(null, Buffer.from("same text"), first.publicKey, Buffer.from(byB, "base64"))).toBe(false);
  });

  it("when the thread stops with texts in hand, they are signed on the event loop, and so is every later one", async () => {
    thread = SigningThread.start();
    const { privateKey } = pair();
    const handle = add(thread, privateKey);
    const sent = Array.from({ length: 20 }, (_, i) => thread!.sign(handle, `text ${i}`));
    await new Promise((resolve) => setImmediate(resolve)); // these went to the thread
    const pending = [...sent, ...Array.from({ length: 20 }, (_, i) => thread!.sign(handle, `text ${20 + i}`))];
    await thread.close();
    expect(thread.threaded).toBe(false);
    expect(await Promise.all(pending)).toEqual(Array.from({ length: 40 }, (_, i) => onLoop(privateKey, `text ${i}`)));
    expect(await thread.sign(handle, "after")).toBe(onLoop(privateKey, "after"));
  });

  it("without the thread (threaded: false) signs on the event loop", async () => {
    thread = SigningThread.start({ threaded: false });
    expect(thread.threaded).toBe(false);
    const { privateKey } = pair();
    expect(await thread.sign(add(thread, privateKey), "hello")).toBe(onLoop(privateKey, "hello"));
  });
});
