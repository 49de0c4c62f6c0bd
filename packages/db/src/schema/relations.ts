import { relations } from "drizzle-orm";
import { applicationPrices, applications } from "./applications";
import { chatMessages } from "./chat";
import { contacts } from "./contacts";
import { dealImages, deals } from "./deals";
import { feedback } from "./feedback";
import { files } from "./files";
import { ledgerEntries, ledgerTransactions } from "./ledger";
import { networks } from "./networks";
import { brandProfiles, influencerProfiles } from "./profiles";
import { users } from "./users";

/** Relations for db.query (relational queries); the foreign keys themselves live with the tables. */
export const usersRelations = relations(users, ({ one, many }) => ({
  contact: one(contacts),
  brandProfile: one(brandProfiles),
  influencerProfile: one(influencerProfiles),
  networks: many(networks),
  deals: many(deals),
}));

export const contactsRelations = relations(contacts, ({ one }) => ({
  user: one(users, { fields: [contacts.userId], references: [users.id] }),
}));

export const brandProfilesRelations = relations(brandProfiles, ({ one }) => ({
  user: one(users, { fields: [brandProfiles.userId], references: [users.id] }),
}));

export const influencerProfilesRelations = relations(influencerProfiles, ({ one }) => ({
  user: one(users, { fields: [influencerProfiles.userId], references: [users.id] }),
}));

export const networksRelations = relations(networks, ({ one }) => ({
  user: one(users, { fields: [networks.userId], references: [users.id] }),
}));

export const dealsRelations = relations(deals, ({ one, many }) => ({
  brand: one(users, { fields: [deals.userId], references: [users.id] }),
  images: many(dealImages),
  applications: many(applications),
}));

export const dealImagesRelations = relations(dealImages, ({ one }) => ({
  deal: one(deals, { fields: [dealImages.dealId], references: [deals.id] }),
  file: one(files, { fields: [dealImages.fileId], references: [files.id] }),
}));

export const applicationsRelations = relations(applications, ({ one, many }) => ({
  deal: one(deals, { fields: [applications.dealId], references: [deals.id] }),
  influencer: one(users, { fields: [applications.influencerId], references: [users.id] }),
  brand: one(users, { fields: [applications.brandId], references: [users.id] }),
  prices: many(applicationPrices),
  messages: many(chatMessages),
  feedback: one(feedback),
}));

export const applicationPricesRelations = relations(applicationPrices, ({ one }) => ({
  application: one(applications, { fields: [applicationPrices.applicationId], references: [applications.id] }),
  network: one(networks, { fields: [applicationPrices.networkId], references: [networks.id] }),
}));

export const chatMessagesRelations = relations(chatMessages, ({ one }) => ({
  application: one(applications, { fields: [chatMessages.applicationId], references: [applications.id] }),
  sender: one(users, { fields: [chatMessages.senderId], references: [users.id] }),
  file: one(files, { fields: [chatMessages.fileId], references: [files.id] }),
}));

export const feedbackRelations = relations(feedback, ({ one }) => ({
  application: one(applications, { fields: [feedback.applicationId], references: [applications.id] }),
}));

export const ledgerTransactionsRelations = relations(ledgerTransactions, ({ many }) => ({
  entries: many(ledgerEntries),
}));

export const ledgerEntriesRelations = relations(ledgerEntries, ({ one }) => ({
  transaction: one(ledgerTransactions, {
    fields: [ledgerEntries.transactionId],
    references: [ledgerTransactions.id],
  }),
}));
