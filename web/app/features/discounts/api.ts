// The discount codes' calls (decision 077): the public quote a checkout asks for, and the
// super-admin's Discount codes page, through the typed client (the payment dialog loads it already).
import type { CreateDiscountBody, UpdateDiscountBody } from "../../../../contracts/discounts";
import { client, unwrap } from "~/lib/api";

export type { DiscountDto, DiscountQuote, DiscountReport } from "../../../../contracts/discounts";

const byId = (id: string) => ({ path: { id } });

export const discountsApi = {
  /** What `code` takes off `planId` now (a quote holds nothing: the checkout checks again). */
  quote: (body: { code: string; planId: string }, signal?: AbortSignal) => unwrap(client.POST("/api/discounts/quote", { body, signal })),
  list: (signal?: AbortSignal) => unwrap(client.GET("/api/admin/discounts", { signal })),
  create: (body: CreateDiscountBody) => unwrap(client.POST("/api/admin/discounts", { body })),
  update: (id: string, body: UpdateDiscountBody) => unwrap(client.PATCH("/api/admin/discounts/{id}", { params: byId(id), body })),
  report: (id: string, signal?: AbortSignal) => unwrap(client.GET("/api/admin/discounts/{id}", { params: byId(id), signal })),
};
