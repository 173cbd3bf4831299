// The provider's name the pages use before any order exists: the server's (GET /api/plans), asked
// once; the web's own runner's name until it answered, and again after a failure.
import { beforeEach, describe, expect, it, vi } from "vitest";

const GET = vi.hoisted(() => vi.fn());
vi.mock("~/lib/api", async (importOriginal) => ({ ...(await importOriginal<typeof import("~/lib/api")>()), client: { GET } }));

const answer = (name: string) => ({ data: { plans: [], paymentProvider: { id: "x", name } }, response: new Response("{}", { status: 200 }) });

async function fresh() {
  vi.resetModules();
  return import("./provider-name");
}

beforeEach(() => GET.mockReset());

describe("the checkout provider's name", () => {
  it("is the server's once it answered, asked only once", async () => {
    GET.mockResolvedValue(answer("Test Pay"));
    const names = await fresh();
    expect(names.checkoutProviderName()).toBe("PayWay");
    expect(await names.loadCheckoutProviderName()).toBe("Test Pay");
    expect(await names.loadCheckoutProviderName()).toBe("Test Pay");
    expect(names.checkoutProviderName()).toBe("Test Pay");
    expect(GET).toHaveBeenCalledTimes(1);
    expect(GET).toHaveBeenCalledWith("/api/plans", { params: { query: { market: "local" } } });
  });

  it("keeps the web's own name when the server cannot be reached, and asks again next time", async () => {
    GET.mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValueOnce(answer("Stripe"));
    const names = await fresh();
    expect(await names.loadCheckoutProviderName()).toBe("PayWay");
    expect(await names.loadCheckoutProviderName()).toBe("Stripe");
    expect(GET).toHaveBeenCalledTimes(2);
  });

  it("names the providers of a list of orders, each once", async () => {
    const { providerNamesOf } = await fresh();
    expect(providerNamesOf([{ providerName: "PayWay" }, { providerName: "Test Pay" }, { providerName: "PayWay" }], "X")).toBe("PayWay / Test Pay");
    expect(providerNamesOf([], "PayWay")).toBe("PayWay");
  });
});
