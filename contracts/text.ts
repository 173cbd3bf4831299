import { z } from "zod";

/** PostgreSQL text cannot hold the NUL character: input that is stored or searched refuses it at the edge. */
export const NO_NUL_MESSAGE = "Must not contain the NUL character";
export const hasNoNul = (value: string) => !value.includes("\u0000");

/** `z.string()` for text that reaches the database. */
export const dbText = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(hasNoNul, NO_NUL_MESSAGE);
