export * from "./auth";
export * from "./commerce";
export * from "./balance";
export * from "./ops";
export * from "./notifications";
export * from "./discounts";
