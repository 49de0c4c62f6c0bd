import { SANDBOX_TEST_CARDS } from "@market/contracts";
import type { PaymentGateway } from "../services/payments/gateway";
import type { TestCaller } from "./caller";

/** A gateway that counts the calls it passes on (the checkout's tests check how often a card was charged). */
export function countingGateway(inner: PaymentGateway) {
  const calls = { charge: 0, retrieve: 0, refund: 0 };
  const gateway: PaymentGateway = {
    ...inner,
    provider: inner.provider,
    publicConfig: inner.publicConfig,
    charge: (request) => {
      calls.charge += 1;
      return inner.charge(request);
    },
    retrieve: (intentId) => {
      calls.retrieve += 1;
      return inner.retrieve(intentId);
    },
    refund: (request) => {
      calls.refund += 1;
      return inner.refund(request);
    },
    parseWebhook: (rawBody, signature, now) => inner.parseWebhook(rawBody, signature, now),
  };
  return { gateway, calls };
}

/** A sandbox card token, as the sandbox card form gets it for the brand (4242… unless told). */
export async function sandboxTokenOf(brand: TestCaller, number: string = SANDBOX_TEST_CARDS.succeeds) {
  const { token } = await brand.payments.sandboxToken({ number, expMonth: 4, expYear: 2030, cvc: "123" });
  return token;
}
