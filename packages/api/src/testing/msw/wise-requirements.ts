/**
 * The answer of Wise's account requirements for a USD quote (GET /v1/quotes/{quoteId}/account-requirements, v1.1),
 * shaped as docs.wise.com/api-reference/recipient "Retrieve recipient account requirements dynamically" describes
 * (type, title, fields[].name, fields[].group[] with key, type, required, refreshRequirementsOnChange, min/maxLength,
 * validationRegexp, valuesAllowed), for the types a USD payout uses: `aba` (ACH: routing number `abartn`, account
 * number, account type and the recipient's address, as the recipient reference's USD example names them) and
 * `swift_code`, plus `email` where Wise turned email recipients on for the account.
 */

interface Field {
  key: string;
  name: string;
  type?: "text" | "select" | "radio" | "date";
  required?: boolean;
  refresh?: boolean;
  regexp?: string | null;
  values?: { key: string; name: string }[];
  min?: number | null;
  max?: number | null;
}

const group = (field: Field) => ({
  name: field.name,
  group: [
    {
      key: field.key,
      name: field.name,
      type: field.type ?? "text",
      refreshRequirementsOnChange: field.refresh ?? false,
      required: field.required ?? true,
      displayFormat: null,
      example: "",
      minLength: field.min ?? null,
      maxLength: field.max ?? null,
      validationRegexp: field.regexp ?? null,
      validationAsync: null,
      valuesAllowed: field.values ?? null,
    },
  ],
});

const holder = group({ key: "accountHolderName", name: "Full name of the account holder", min: 2, max: 140 });
const legalType = group({
  key: "legalType",
  name: "Recipient type",
  type: "select",
  values: [
    { key: "PRIVATE", name: "Person" },
    { key: "BUSINESS", name: "Business" },
  ],
});
const address = [
  group({ key: "address.country", name: "Country", type: "select", refresh: true }),
  group({ key: "address.city", name: "City" }),
  group({ key: "address.firstLine", name: "Address" }),
  group({ key: "address.postCode", name: "Post code" }),
];

export function usdAccountRequirements(options: { email: boolean }) {
  const requirements: unknown[] = [
    {
      type: "aba",
      title: "ACH",
      usageInfo: null,
      fields: [
        holder,
        legalType,
        group({ key: "abartn", name: "ACH routing number", min: 9, max: 9, regexp: "^\\d{9}$" }),
        group({ key: "accountNumber", name: "Account number", min: 4, max: 17, regexp: "^\\d{4,17}$" }),
        group({
          key: "accountType",
          name: "Account type",
          type: "radio",
          values: [
            { key: "CHECKING", name: "Checking" },
            { key: "SAVINGS", name: "Savings" },
          ],
        }),
        ...address,
      ],
    },
    {
      type: "swift_code",
      title: "Swift",
      usageInfo: null,
      fields: [holder, legalType, group({ key: "swiftCode", name: "Swift / BIC code" }), ...address],
    },
  ];
  if (options.email) {
    requirements.push({
      type: "email",
      title: "Email",
      usageInfo: null,
      fields: [group({ key: "email", name: "Email (Optional)", regexp: "^[^\\s]+@[^\\s]+\\.[^\\s]{2,}$" }), holder],
    });
  }
  return requirements;
}
