export * from "./account";
export * from "./admin";
export * from "./constants";
export * from "./countries";
export * from "./enums";
export * from "./influencers";
export * from "./money";
export * from "./reasons";
