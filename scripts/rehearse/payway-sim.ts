// The rehearsal's PayWay (npm run rehearse): the project's PayWay simulator as its own process at
// its own https address, for one merchant, so the shop's production PayWay client talks to it
// over the network exactly as it would to checkout.payway.com.kh. Settings come from the
// environment the rehearsal sets; the callbacks it sends go to the merchant's return_url (the
// shop's public https address, through the reverse proxy), trusting NODE_EXTRA_CA_CERTS.
import { readFileSync } from "node:fs";
import { createServer } from "node:https";
import { serve } from "@hono/node-server";
import { createPaywaySimulator } from "../../server/providers/payway/simulator/app";

const need = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const { app } = createPaywaySimulator({
  merchants: {
    [need("SIM_MERCHANT_ID")]: {
      apiKey: need("SIM_API_KEY"),
      currencies: ["USD", "KHR"],
      whitelist: [need("SIM_RETURN_HOST")],
      rsaPrivateKey: readFileSync(need("SIM_RSA_PRIVATE_KEY_FILE"), "utf8"),
    },
  },
  basePath: "",
});

const port = Number(need("SIM_PORT"));
serve(
  {
    fetch: app.fetch,
    port,
    hostname: "127.0.0.1",
    createServer,
    serverOptions: { key: readFileSync(need("SIM_TLS_KEY_FILE")), cert: readFileSync(need("SIM_TLS_CERT_FILE")) },
  },
  () => console.log(`payway simulator listening on https://127.0.0.1:${port}`),
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(0));
