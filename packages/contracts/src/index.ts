export * from "./account";
export * from "./constants";
export * from "./enums";
export * from "./influencers";
export * from "./money";
export * from "./reasons";
