export * from "./account";
export * from "./applications";
export * from "./chat";
export * from "./deals";
export * from "./money";
export * from "./registry";
export * from "./shared";
