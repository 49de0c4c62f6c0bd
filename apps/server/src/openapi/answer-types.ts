import type { AppRouter } from "@market/api";
import type {
  apiKeyAnswer,
  apiKeyListAnswer,
  applicationListAnswer,
  applicationPageAnswer,
  balanceAnswer,
  chatMessageAnswer,
  chatPageAnswer,
  createdApiKeyAnswer,
  dealAnswer,
  dealListAnswer,
  dealSearchAnswer,
  earningsPageAnswer,
  hiresPageAnswer,
  idAnswer,
  meAnswer,
  paymentsConfigAnswer,
  payoutAnswer,
  payoutPageAnswer,
  payoutRequestedAnswer,
  proposalAnswer,
  savedCardAnswer,
  signedInAnswer,
  Wire,
  webhookDeliveryAnswer,
  webhookDeliveryPageAnswer,
  webhookEndpointAnswer,
  webhookEndpointListAnswer,
  webhookWithSecretAnswer,
} from "@market/contracts";
import type { inferRouterOutputs } from "@trpc/server";
import type { z } from "zod";

/**
 * Compile-time half of keeping the document true (answer-check.ts is the run-time half, in every REST test): each
 * procedure's answer, as JSON carries it, is one its documented schema accepts. Typecheck fails here when a
 * service's answer changes and its schema in contracts answers/ does not.
 */
type Out = inferRouterOutputs<AppRouter>;
type Accepts<Schema extends z.ZodType, Answer> = [Wire<Answer>] extends [z.output<Schema>] ? true : false;
type Holds<T extends true> = T;

export type AnswersFitTheirSchemas = [
  Holds<Accepts<typeof apiKeyListAnswer, Out["keys"]["list"]>>,
  Holds<Accepts<typeof createdApiKeyAnswer, Out["keys"]["create"]>>,
  Holds<Accepts<typeof apiKeyAnswer, Out["keys"]["revoke"]>>,
  Holds<Accepts<typeof createdApiKeyAnswer, Out["keys"]["roll"]>>,
  Holds<Accepts<typeof webhookEndpointListAnswer, Out["webhooks"]["list"]>>,
  Holds<Accepts<typeof webhookWithSecretAnswer, Out["webhooks"]["create"]>>,
  Holds<Accepts<typeof idAnswer, Out["webhooks"]["remove"]>>,
  Holds<Accepts<typeof webhookWithSecretAnswer, Out["webhooks"]["rollSecret"]>>,
  Holds<Accepts<typeof webhookDeliveryAnswer, Out["webhooks"]["test"]>>,
  Holds<Accepts<typeof webhookDeliveryPageAnswer, Out["webhooks"]["deliveries"]>>,
  Holds<Accepts<typeof webhookDeliveryAnswer, Out["webhooks"]["resend"]>>,
  Holds<Accepts<typeof webhookEndpointAnswer, Out["webhooks"]["pause"]>>,
  Holds<Accepts<typeof webhookEndpointAnswer, Out["webhooks"]["resume"]>>,
  Holds<Accepts<typeof applicationListAnswer, Out["applications"]["list"]>>,
  Holds<Accepts<typeof applicationListAnswer, Out["applications"]["ofCampaign"]>>,
  Holds<Accepts<typeof applicationPageAnswer, Out["applications"]["get"]>>,
  Holds<Accepts<typeof proposalAnswer, Out["applications"]["create"]>>,
  Holds<Accepts<typeof proposalAnswer, Out["applications"]["update"]>>,
  Holds<Accepts<typeof chatPageAnswer, Out["chat"]["page"]>>,
  Holds<Accepts<typeof chatMessageAnswer, Out["chat"]["send"]>>,
  Holds<Accepts<typeof idAnswer, Out["chat"]["requestArbitration"]>>,
  Holds<Accepts<typeof earningsPageAnswer, Out["earnings"]["list"]>>,
  Holds<Accepts<typeof hiresPageAnswer, Out["hires"]["list"]>>,
  Holds<Accepts<typeof balanceAnswer, Out["account"]["balance"]>>,
  Holds<Accepts<typeof meAnswer, Out["account"]["me"]>>,
  Holds<Accepts<typeof dealSearchAnswer, Out["deals"]["search"]>>,
  Holds<Accepts<typeof dealListAnswer, Out["deals"]["mine"]>>,
  Holds<Accepts<typeof dealAnswer, Out["deals"]["get"]>>,
  Holds<Accepts<typeof dealAnswer, Out["deals"]["pause"]>>,
  Holds<Accepts<typeof dealAnswer, Out["deals"]["resume"]>>,
  Holds<Accepts<typeof idAnswer, Out["deals"]["create"]>>,
  Holds<Accepts<typeof idAnswer, Out["deals"]["update"]>>,
  Holds<Accepts<typeof idAnswer, Out["deals"]["remove"]>>,
  Holds<Accepts<typeof idAnswer, Out["networks"]["remove"]>>,
  Holds<Accepts<typeof signedInAnswer, Out["auth"]["login"]>>,
  Holds<Accepts<typeof signedInAnswer, Out["auth"]["signUp"]>>,
  Holds<Accepts<typeof dealAnswer, Out["admin"]["reviewDeal"]>>,
  Holds<Accepts<typeof savedCardAnswer, Out["account"]["card"]>>,
  Holds<Accepts<typeof paymentsConfigAnswer, Out["payments"]["config"]>>,
  Holds<Accepts<typeof payoutRequestedAnswer, Out["earnings"]["requestPayout"]>>,
  Holds<Accepts<typeof payoutRequestedAnswer, Out["earnings"]["retryPayout"]>>,
  Holds<Accepts<typeof payoutPageAnswer, Out["earnings"]["payouts"]>>,
  Holds<Accepts<typeof payoutAnswer, Out["earnings"]["payout"]>>,
];
